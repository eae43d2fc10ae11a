package score

import (
	"slices"

	"ttr/maps"
)

// LongestPath returns the number of trains in the longest continuous path of
// the given routes (route indexes in m.Routes): the path may pass through a
// city more than once but uses each route at most once. A route listed twice
// counts once; it is 0 for no routes.
func LongestPath(m *maps.Map, routes []int) int {
	var g trailGraph
	g.build(m, routes)
	g.contract()
	return g.longest()
}

// A trailGraph is a multigraph over the cities of some routes, numbered
// compactly; edges may become loops when chains are contracted.
type trailGraph struct {
	ends     [][2]int // per edge: its two vertices
	length   []int    // per edge: trains
	alive    []bool   // per edge: false once merged into another
	incident [][]int  // per vertex: its edges (a loop twice)
}

func (g *trailGraph) build(m *maps.Map, routes []int) {
	vertex := make([]int, len(m.Cities))
	for i := range vertex {
		vertex[i] = -1
	}
	vertexOf := func(city int) int {
		if vertex[city] < 0 {
			vertex[city] = len(g.incident)
			g.incident = append(g.incident, nil)
		}
		return vertex[city]
	}
	seen := make(map[int]bool, len(routes))
	for _, r := range routes {
		if seen[r] {
			continue
		}
		seen[r] = true
		rt := &m.Routes[r]
		a, b := vertexOf(rt.A), vertexOf(rt.B)
		e := len(g.ends)
		g.ends = append(g.ends, [2]int{a, b})
		g.length = append(g.length, rt.Length)
		g.alive = append(g.alive, true)
		g.incident[a] = append(g.incident[a], e)
		g.incident[b] = append(g.incident[b], e)
	}
}

// contract replaces each vertex met by exactly two distinct edges with one
// edge as long as both. Where some vertex has an odd degree a longest trail
// starts and ends at odd-degree vertices, so it crosses such a vertex or
// avoids it; where none has, the answer is the component's total, which
// contraction keeps. Degrees of the other vertices do not change.
func (g *trailGraph) contract() {
	for v, inc := range g.incident {
		if len(inc) != 2 || inc[0] == inc[1] {
			continue
		}
		e1, e2 := inc[0], inc[1]
		a, b := g.other(e1, v), g.other(e2, v)
		g.ends[e1] = [2]int{a, b}
		g.length[e1] += g.length[e2]
		g.alive[e2] = false
		for i, e := range g.incident[b] {
			if e == e2 {
				g.incident[b][i] = e1
				break
			}
		}
		g.incident[v] = nil
	}
}

func (g *trailGraph) other(e, v int) int {
	if g.ends[e][0] == v {
		return g.ends[e][1]
	}
	return g.ends[e][0]
}

// A halfEdge is an edge seen from one of its ends.
type halfEdge struct {
	edge, to, length int
}

// A trailSearch is the depth-first search of one graph's trails.
type trailSearch struct {
	adj  [][]halfEdge // per vertex, longest edges first
	best int
}

func (g *trailGraph) longest() int {
	// Renumber the live edges from 0 and find the components.
	id := make([]int, len(g.ends))
	n := 0
	for e, ok := range g.alive {
		if ok {
			id[e] = n
			n++
		}
	}
	if n == 0 {
		return 0
	}
	s := trailSearch{adj: make([][]halfEdge, len(g.incident))}
	comp := newUnionFind(len(g.incident))
	for e, ok := range g.alive {
		if !ok {
			continue
		}
		a, b := g.ends[e][0], g.ends[e][1]
		comp.union(a, b)
		s.adj[a] = append(s.adj[a], halfEdge{id[e], b, g.length[e]})
		if a != b {
			s.adj[b] = append(s.adj[b], halfEdge{id[e], a, g.length[e]})
		}
	}
	total := make([]int, len(g.incident))
	odd := make([]bool, len(g.incident))
	for e, ok := range g.alive {
		if ok {
			total[comp.find(g.ends[e][0])] += g.length[e]
		}
	}
	for v, inc := range g.incident {
		if len(inc)%2 == 1 {
			odd[comp.find(v)] = true
		}
		slices.SortStableFunc(s.adj[v], func(x, y halfEdge) int { return y.length - x.length })
	}
	// Components in decreasing total, so small ones are skipped once a
	// longer trail is known.
	var roots []int
	for v := range g.incident {
		if comp.find(v) == v && total[v] > 0 {
			roots = append(roots, v)
		}
	}
	slices.SortStableFunc(roots, func(x, y int) int { return total[y] - total[x] })
	for _, root := range roots {
		if total[root] <= s.best {
			break
		}
		if !odd[root] {
			s.best = total[root] // an Euler tour uses every edge
			continue
		}
		for v, inc := range g.incident {
			if len(inc)%2 == 1 && comp.find(v) == root {
				if n <= 64 {
					s.walk(v, 0, 0, total[root])
				} else {
					s.walkLarge(v, make([]bool, n), 0, total[root])
				}
				if s.best == total[root] {
					break
				}
			}
		}
	}
	return s.best
}

// walk extends a trail ending at v whose edges are the bits of used, cur
// trains long, with left trains of its component unused.
func (s *trailSearch) walk(v int, used uint64, cur, left int) {
	if cur > s.best {
		s.best = cur
	}
	for _, h := range s.adj[v] {
		if cur+left <= s.best {
			return
		}
		bit := uint64(1) << uint(h.edge)
		if used&bit == 0 {
			s.walk(h.to, used|bit, cur+h.length, left-h.length)
		}
	}
}

// walkLarge is walk for graphs of more than 64 edges, which no legal board
// has (45 trains make at most 45 routes).
func (s *trailSearch) walkLarge(v int, used []bool, cur, left int) {
	if cur > s.best {
		s.best = cur
	}
	for _, h := range s.adj[v] {
		if cur+left <= s.best {
			return
		}
		if !used[h.edge] {
			used[h.edge] = true
			s.walkLarge(h.to, used, cur+h.length, left-h.length)
			used[h.edge] = false
		}
	}
}
