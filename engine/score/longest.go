package score

import (
	"math/bits"
	"slices"

	"ttr/maps"
)

// LongestPath returns the number of trains in the longest continuous path of
// the given routes (route indexes in m.Routes): the path may pass through a
// city more than once but uses each route at most once. A route listed twice
// counts once; it is 0 for no routes. It is meant for one player's routes
// (45 trains at most): far more routes than that may take very long.
func LongestPath(m *maps.Map, routes []int) int {
	best, _ := longestPath(m, routes, new(trailBuffers))
	return best
}

// trailBuffers hold the work space of longestPath, so that Final reuses
// one set for all its players instead of allocating it for each. Each
// buffer serves one purpose; take hands out its first n elements, zeroed.
type trailBuffers struct {
	cityRoute, degree, length, backing, work, vertex, searchLength []int
	ends, searchEnds                                               [][2]int
	alive                                                          []bool
	incident                                                       [][]int
	bitsets                                                        []uint64
}

// reserve gives the buffers room for players of up to r routes on m, in a
// few allocations: the capacities are the bounds of what build, peel and
// longest take for r routes (at most 2r cities, 3r+2 edges once peel has
// added its pendant edges).
func (b *trailBuffers) reserve(m *maps.Map, r int) {
	cr := len(m.Cities) + len(m.Routes)
	ints := make([]int, cr+34*r+4)
	carve := func(k int) []int {
		s := ints[:k:k]
		ints = ints[k:]
		return s
	}
	b.cityRoute, b.degree, b.length = carve(cr), carve(2*r), carve(3*r+2)
	b.backing, b.work, b.vertex, b.searchLength = carve(10*r), carve(12*r), carve(4*r), carve(3*r+2)
	pairs := make([][2]int, 6*r+4)
	b.ends, b.searchEnds = pairs[:3*r+2:3*r+2], pairs[3*r+2:]
	b.alive = make([]bool, 3*r+2)
	b.incident = make([][]int, 4*r)
}

// take returns the first n elements of *buf, zeroed, with room for c
// (>= n): more elements than that reallocate, as append would. A buffer
// too small is replaced.
func take[T any](buf *[]T, n, c int) []T {
	if cap(*buf) < c {
		*buf = make([]T, c)
	}
	s := (*buf)[:c:c]
	clear(s)
	return s[:n]
}

// longestPath is LongestPath that also returns the search's steps; its
// work space comes from buf.
func longestPath(m *maps.Map, routes []int, buf *trailBuffers) (best, steps int) {
	g := trailGraph{buf: buf}
	g.build(m, routes)
	g.peel()
	g.contract()
	best, steps = g.longest()
	return max(best, g.lower), steps
}

// A trailGraph is a multigraph over the cities of some routes, numbered
// compactly; edges may become loops when chains are contracted.
type trailGraph struct {
	ends     [][2]int // per edge: its two vertices
	length   []int    // per edge: trains
	alive    []bool   // per edge: false once merged into another
	incident [][]int  // per vertex: its edges (a loop twice)
	lower    int      // a trail peel found wholly inside trees
	buf      *trailBuffers
}

func (g *trailGraph) build(m *maps.Map, routes []int) {
	// One allocation for the per-city and per-route scratch, one for the
	// edges, one for all incidence lists (each with room for the two edges
	// peel may add).
	scratch := take(&g.buf.cityRoute, len(m.Cities)+len(m.Routes), len(m.Cities)+len(m.Routes))
	vertex, seen := scratch[:len(m.Cities)], scratch[len(m.Cities):]
	degree := take(&g.buf.degree, 0, 2*len(routes))
	var picked []int
	if len(routes) <= 64 {
		var buf [64]int
		picked = buf[:0]
	}
	for _, r := range routes {
		if seen[r] != 0 {
			continue
		}
		seen[r] = 1
		picked = append(picked, r)
		for _, c := range [2]int{m.Routes[r].A, m.Routes[r].B} {
			if vertex[c] == 0 {
				degree = append(degree, 0)
				vertex[c] = len(degree) // 1-based until the lists are made
			}
			degree[vertex[c]-1]++
		}
	}
	n := len(picked)
	g.ends = take(&g.buf.ends, n, n+len(degree)+2)
	g.length = take(&g.buf.length, n, n+len(degree)+2)
	g.alive = take(&g.buf.alive, n, n+len(degree)+2)
	g.incident = take(&g.buf.incident, len(degree), 2*len(degree))
	backing := take(&g.buf.backing, 0, 2*n+4*len(degree))
	for v, d := range degree {
		g.incident[v] = backing[len(backing) : len(backing) : len(backing)+d+2]
		backing = backing[:len(backing)+d+2]
	}
	for e, r := range picked {
		rt := &m.Routes[r]
		a, b := vertex[rt.A]-1, vertex[rt.B]-1
		g.ends[e] = [2]int{a, b}
		g.length[e] = rt.Length
		g.alive[e] = true
		g.incident[a] = append(g.incident[a], e)
		g.incident[b] = append(g.incident[b], e)
	}
}

// peel replaces the trees hanging off the graph. A trail that enters such a
// tree never comes back (its edges are bridges), so it ends there, as deep
// as the tree goes; and a trail has only two ends. So each tree is cut off
// leaf by leaf, remembering at each vertex the longest way down (height),
// and where peeling stops, at a vertex r still on a cycle, the two longest
// ways down from r become two plain edges to new leaves. A trail wholly in
// the trees, through some vertex by its two longest ways down, is kept in
// g.lower; a graph that is all tree is peeled away entirely.
func (g *trailGraph) peel() {
	n := len(g.incident)
	work := take(&g.buf.work, 4*n+2*n, 4*n+2*n)
	height := work[:n]
	top := work[n : 3*n] // the two longest ways down from each vertex: 2v, 2v+1
	leaves := work[3*n : 3*n : 4*n]
	pendant := work[4*n:] // the incidence lists of the new leaves
	for v, inc := range g.incident {
		if len(inc) == 1 {
			leaves = append(leaves, v)
		}
	}
	for len(leaves) > 0 {
		v := leaves[len(leaves)-1]
		leaves = leaves[:len(leaves)-1]
		if len(g.incident[v]) != 1 {
			continue // the last vertex of a tree: its edge went with its partner
		}
		e := g.incident[v][0]
		p := g.other(e, v)
		down := height[v] + g.length[e]
		g.alive[e] = false
		g.incident[v] = nil
		g.incident[p] = slices.DeleteFunc(g.incident[p], func(x int) bool { return x == e })
		t := top[2*p : 2*p+2]
		switch {
		case down > t[0]:
			t[0], t[1] = down, t[0]
		case down > t[1]:
			t[1] = down
		}
		height[p] = t[0]
		g.lower = max(g.lower, t[0]+t[1])
		if len(g.incident[p]) == 1 {
			leaves = append(leaves, p)
		}
	}
	for r := range n {
		if len(g.incident[r]) == 0 {
			continue
		}
		for _, down := range top[2*r : 2*r+2] {
			if down > 0 {
				leaf := len(g.incident)
				e := len(g.ends)
				pendant[0] = e
				g.incident = append(g.incident, pendant[:1:1])
				pendant = pendant[1:]
				g.ends = append(g.ends, [2]int{r, leaf})
				g.length = append(g.length, down)
				g.alive = append(g.alive, true)
				g.incident[r] = append(g.incident[r], e)
			}
		}
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

// A trailSearch finds the longest trail of one graph, renumbered compactly:
// vertices and edges from 0.
type trailSearch struct {
	adj    [][]halfEdge // per vertex (walkLarge only); a loop once
	inc    []uint64     // per vertex: its edges that are not loops
	loops  []uint64     // per vertex: its loops
	ends   [][2]int     // per edge
	length []int        // per edge
	best   int          // drop: the longest trail found so far
	steps  int          // calls of drop or walkLarge, for tests of the pruning
	memo   map[subproblem]int

	dist, label, near [64]int  // leftOut's work space
	order, low        [64]int  // bridge's work space
	buckets           []uint64 // leftOut's work space: one per distance
}

// Fixed ends of the trails a search looks for: none, one vertex x (the
// other end anywhere, x again included), two vertices x and y (a trail from
// x to y) or x twice (a closed trail through x). Unused slots are -1, and
// a used slot is always first.
type fixed [2]int

var noEnds = fixed{-1, -1}

func (f fixed) count() int {
	switch {
	case f[0] < 0:
		return 0
	case f[1] < 0:
		return 1
	}
	return 2
}

func (f fixed) add(v int) fixed {
	if f[0] < 0 {
		return fixed{v, -1}
	}
	return fixed{f[0], v}
}

func (f fixed) mask() uint64 {
	var m uint64
	for _, v := range f {
		if v >= 0 {
			m |= 1 << uint(v)
		}
	}
	return m
}

// A subproblem is a call of solve, for its memo.
type subproblem struct {
	edges uint64
	ends  fixed
}

// infeasible is solve's answer when no trail has the fixed ends.
const infeasible = -1 << 30

func (g *trailGraph) longest() (best, steps int) {
	var s trailSearch
	vertex := take(&g.buf.vertex, len(g.incident), len(g.incident))
	s.ends = take(&g.buf.searchEnds, 0, len(g.ends))
	s.length = take(&g.buf.searchLength, 0, len(g.ends))
	nv := 0
	for v, inc := range g.incident {
		vertex[v] = -1
		if len(inc) > 0 {
			vertex[v] = nv
			nv++
		}
	}
	for e, ok := range g.alive {
		if ok {
			s.ends = append(s.ends, [2]int{vertex[g.ends[e][0]], vertex[g.ends[e][1]]})
			s.length = append(s.length, g.length[e])
		}
	}
	ne := len(s.ends)
	if ne == 0 {
		return 0, 0
	}
	if ne > 64 || nv > 64 {
		s.adj = make([][]halfEdge, nv)
		left := 0
		for e, ab := range s.ends {
			a, b := ab[0], ab[1]
			s.adj[a] = append(s.adj[a], halfEdge{e, b, s.length[e]})
			if a != b {
				s.adj[b] = append(s.adj[b], halfEdge{e, a, s.length[e]})
			}
			left += s.length[e]
		}
		for v := range s.adj {
			s.walkLarge(v, make([]bool, ne), 0, left)
		}
		return s.best, s.steps
	}
	total := 0
	for _, l := range s.length {
		total += l
	}
	bitsets := take(&g.buf.bitsets, 2*nv+total+1, 2*nv+total+1)
	s.inc, s.loops, s.buckets = bitsets[:nv], bitsets[nv:2*nv], bitsets[2*nv:]
	for e, ab := range s.ends {
		if ab[0] == ab[1] {
			s.loops[ab[0]] |= 1 << uint(e)
		} else {
			s.inc[ab[0]] |= 1 << uint(e)
			s.inc[ab[1]] |= 1 << uint(e)
		}
	}
	for edges := ^uint64(0) >> uint(64-ne); edges != 0; {
		part, _ := s.reach(s.ends[bits.TrailingZeros64(edges)][0], edges)
		edges &^= part
		best = max(best, s.solve(part, noEnds))
	}
	return best, s.steps
}

// solve returns the trains of the longest trail with the fixed ends that
// uses only edges, which are connected, or infeasible.
//
// A bridge (an edge whose removal cuts edges in two parts, A on its end x
// and B on its end y) is crossed at most once: the trail lies in A, or in
// B, or is a trail in A ending at x, the bridge, and a trail in B starting
// at y. Each part is solved alone (and remembered), so the choices made in
// one part never multiply those made in the other.
//
// Without a bridge, drop searches for a trail of at least target trains,
// from an upper bound down: drop proves quickly that no trail is longer than
// one it knows, but finds the longest late.
func (s *trailSearch) solve(edges uint64, f fixed) int {
	if edges == 0 {
		if f.count() == 2 && f[0] != f[1] {
			return infeasible
		}
		return 0
	}
	key := subproblem{edges, f}
	if v, ok := s.memo[key]; ok {
		return v
	}
	best := infeasible
	if b := s.bridge(edges); b >= 0 {
		if s.memo == nil {
			s.memo = make(map[subproblem]int)
		}
		x, y := s.ends[b][0], s.ends[b][1]
		a, va := s.reach(x, edges&^(1<<uint(b)))
		bb := edges &^ a &^ (1 << uint(b))
		vb := (^va) // vertices not on A's side
		fm := f.mask()
		if fm&^va == 0 {
			best = max(best, s.solve(a, f))
		}
		if fm&vb == fm {
			best = max(best, s.solve(bb, f))
		}
		fa, fb := fixed{x, -1}, fixed{y, -1}
		ok := true
		for _, v := range f {
			switch {
			case v < 0:
			case va&(1<<uint(v)) != 0 && fa.count() < 2:
				fa = fa.add(v)
			case va&(1<<uint(v)) == 0 && fb.count() < 2:
				fb = fb.add(v)
			default:
				ok = false // three ends on one side
			}
		}
		if ok {
			if la := s.solve(a, fa); la > infeasible {
				if lb := s.solve(bb, fb); lb > infeasible {
					best = max(best, la+s.length[b]+lb)
				}
			}
		}
	} else {
		total := 0
		for e := edges; e != 0; e &= e - 1 {
			total += s.length[bits.TrailingZeros64(e)]
		}
		// The empty trail (0) has any ends but two different ones.
		floor := 0
		if f.count() == 2 && f[0] != f[1] {
			floor = infeasible
		}
		saved := s.best
		// A quick sample of trails gives drop a floor to beat; if it meets
		// the bound, there is nothing to search.
		if ub := s.bound(edges, f, total); ub > max(floor, 0) {
			floor = max(floor, s.sample(edges, f, ub))
			if floor < ub {
				s.best = floor
				s.drop(edges, rule{f: f})
				floor = s.best
			}
		}
		s.best = saved
		best = floor
	}
	if s.memo != nil {
		s.memo[key] = best
	}
	return best
}

// sampleBudget bounds the steps of sample: a step costs a few
// nanoseconds, a step of drop some hundreds, and a better floor saves
// many of those.
const sampleBudget = 1536

// sample returns the length of a long trail with the fixed ends within
// edges, found by depth-first walks from each possible start, each cut
// short after its share of sampleBudget steps or as soon as a trail meets
// ub, an upper bound; or infeasible if it finds none.
func (s *trailSearch) sample(edges uint64, f fixed, ub int) int {
	best, budget := infeasible, 0
	var walk func(v int, left uint64, cur int)
	walk = func(v int, left uint64, cur int) {
		budget--
		for e := s.loops[v] & left; e != 0; e &= e - 1 {
			i := bits.TrailingZeros64(e)
			left &^= 1 << uint(i)
			cur += s.length[i] // a loop always fits in
		}
		if f.count() < 2 || f[1] == v {
			best = max(best, cur)
			if best >= ub {
				budget = 0 // no trail is longer
			}
		}
		// Longest edges first.
		for e := s.inc[v] & left; e != 0 && budget > 0; {
			i, li := -1, 0
			for r := e; r != 0; r &= r - 1 {
				if j := bits.TrailingZeros64(r); s.length[j] > li {
					i, li = j, s.length[j]
				}
			}
			e &^= 1 << uint(i)
			walk(s.ends[i][0]^s.ends[i][1]^v, left&^(1<<uint(i)), cur+s.length[i])
		}
	}
	if f[0] >= 0 {
		// A part with a fixed end is one of many a bridge splits off, each
		// sampled, and a walk from one start finds its trails quickly.
		budget = sampleBudget / 3
		walk(f[0], edges, 0)
		return best
	}
	_, verts := s.reach(s.ends[bits.TrailingZeros64(edges)][0], edges)
	var starts uint64
	for vs := verts; vs != 0; vs &= vs - 1 {
		if v := bits.TrailingZeros64(vs); bits.OnesCount64(s.inc[v]&edges)%2 == 1 {
			starts |= 1 << uint(v)
		}
	}
	if starts == 0 {
		starts = verts & -verts
	}
	share := sampleBudget / bits.OnesCount64(starts)
	for vs := starts; vs != 0 && best < ub; vs &= vs - 1 {
		budget = share
		walk(bits.TrailingZeros64(vs), edges, 0)
	}
	return best
}

// wrong returns the vertices of verts whose number of edges has the wrong
// parity for a trail with the fixed ends: odd where the vertex must be
// even (neither end, or the two ends of a closed trail) or even where it
// must be odd (the two ends of an open trail). A single fixed end may have
// either; free is how many wrong vertices may still become ends.
func (s *trailSearch) wrong(edges, verts uint64, f fixed) (w uint64, free int) {
	for vs := verts; vs != 0; vs &= vs - 1 {
		v := bits.TrailingZeros64(vs)
		w |= uint64(bits.OnesCount64(s.inc[v]&edges)&1) << uint(v)
	}
	switch {
	case f[0] < 0:
		return w, 2
	case f[1] < 0:
		return w &^ (1 << uint(f[0])), 1
	case f[0] != f[1]:
		return w ^ (1<<uint(f[0]) | 1<<uint(f[1])), 0
	}
	return w, 0
}

// bound returns an upper bound on the trail solve looks for.
func (s *trailSearch) bound(edges uint64, f fixed, total int) int {
	_, verts := s.reach(s.ends[bits.TrailingZeros64(edges)][0], edges)
	w, free := s.wrong(edges, verts, f)
	return total - s.leftOut(edges, verts, w, w|f.mask(), 0, free)
}

// drop searches the trails with the fixed ends whose edges are a subset
// of edges, by choosing which edges the trail leaves out, and raises
// s.best to the longest it finds. A set of edges is a trail if it is
// connected and its vertices have the right parity (see wrong). So while
// there are wrong vertices, the wrong vertex u with the fewest edges either
// becomes an end of the trail, if one is still free, or loses one of its
// edges: drop tries each. Where edges fall apart, the trail lies in one of
// the parts (the one with the fixed ends, if any), each searched alone.
func (s *trailSearch) drop(edges uint64, c rule) {
	if edges == 0 {
		return
	}
	start := c.f[0]
	if start < 0 {
		start = s.ends[bits.TrailingZeros64(edges)][0]
	}
	part, verts := s.reach(start, edges)
	if rest := edges &^ part; rest != 0 && c.f.count() == 0 && c.keep&^rest == 0 {
		s.drop(rest, c)
	}
	if part == 0 || c.f.mask()&^verts != 0 || c.keep&^part != 0 {
		return
	}
	total := 0
	for e := part; e != 0; e &= e - 1 {
		total += s.length[bits.TrailingZeros64(e)]
	}
	s.dropConnected(part, verts, total, c)
}

// A rule is what drop has decided so far besides the edges left out: the
// fixed ends, the vertices that are not ends (notEnd) and the edges the
// trail keeps (keep). Each branch of drop excludes the others', so no set
// of edges is searched twice.
type rule struct {
	f      fixed
	notEnd uint64
	keep   uint64
}

// dropConnected is drop for connected edges, with their vertices and
// trains.
func (s *trailSearch) dropConnected(edges, verts uint64, total int, c rule) {
	s.steps++
	if total <= s.best {
		return
	}
	w, free := s.wrong(edges, verts, c.f)
	if bits.OnesCount64(w) <= free && w&c.notEnd == 0 {
		s.best = total // an Euler trail uses every edge
		return
	}
	loose := edges &^ c.keep
	// The quick bound first; the full one only where it may prune: it is
	// rarely more than two trains above the quick one.
	slack := total - s.nearLeftOut(loose, w, c.notEnd, free) - s.best
	if slack <= 0 || slack <= 2 && total-s.leftOut(loose, verts, w, w|c.f.mask(), c.notEnd, free) <= s.best {
		return
	}
	// Decide next about the wrong vertex with the fewest loose edges (the
	// fewest branches), of those the one nearest a partner.
	u, uKey := -1, 0
	for vs := w; vs != 0; vs &= vs - 1 {
		v := bits.TrailingZeros64(vs)
		if k := -64*bits.OnesCount64(loose&s.inc[v]) - min(s.near[v], 63); u < 0 || k > uKey {
			u, uKey = v, k
		}
	}
	bit := uint64(1) << uint(u)
	if free > 0 && c.notEnd&bit == 0 {
		s.dropConnected(edges, verts, total, rule{c.f.add(u), c.notEnd, c.keep})
	}
	c.notEnd |= bit
	for e := s.inc[u] & loose; e != 0; e &= e - 1 {
		i := bits.TrailingZeros64(e)
		rest := edges &^ (1 << uint(i))
		x := s.ends[i][0] ^ s.ends[i][1] ^ u
		uGone := (s.inc[u]|s.loops[u])&rest == 0
		xGone := (s.inc[x]|s.loops[x])&rest == 0
		switch {
		case uGone && xGone:
			// the edge was all there was
		case uGone && c.f.mask()&bit == 0:
			s.dropConnected(rest, verts&^bit, total-s.length[i], c)
		case xGone && c.f.mask()&(1<<uint(x)) == 0:
			s.dropConnected(rest, verts&^(1<<uint(x)), total-s.length[i], c)
		case !uGone && !xGone && s.joined(u, x, rest):
			s.dropConnected(rest, verts, total-s.length[i], c)
		default:
			s.drop(rest, c)
		}
		c.keep |= 1 << uint(i) // the next branches keep this edge
	}
}

// neighbours returns the vertices that edges join to v.
func (s *trailSearch) neighbours(v int, edges uint64) uint64 {
	var n uint64
	for e := s.inc[v] & edges; e != 0; e &= e - 1 {
		i := bits.TrailingZeros64(e)
		n |= 1 << uint(s.ends[i][0]^s.ends[i][1]^v)
	}
	return n
}

// joined reports whether edges connect u to x.
func (s *trailSearch) joined(u, x int, edges uint64) bool {
	target := uint64(1) << uint(x)
	// Mostly they share a neighbour, or another edge: no search then.
	if nu := s.neighbours(u, edges); nu&(target|s.neighbours(x, edges)) != 0 {
		return true
	}
	seen, frontier := uint64(1)<<uint(u), uint64(1)<<uint(u)
	for frontier != 0 {
		v := bits.TrailingZeros64(frontier)
		frontier &= frontier - 1
		for e := s.inc[v] & edges; e != 0; e &= e - 1 {
			i := bits.TrailingZeros64(e)
			y := uint64(1) << uint(s.ends[i][0]^s.ends[i][1]^v)
			if y == target {
				return true
			}
			if seen&y == 0 {
				seen |= y
				frontier |= y
			}
		}
	}
	return false
}

// bridge returns an edge of edges (connected) whose removal disconnects
// them into two parts that both keep some edges, or -1. An edge to a leaf
// is left to drop, whose searches end there anyway. Loops are never
// bridges; of two parallel edges neither is.
func (s *trailSearch) bridge(edges uint64) int {
	for i := range s.order {
		s.order[i] = 0
	}
	n := 0
	var visit func(v, via int) int
	visit = func(v, via int) int {
		n++
		s.order[v], s.low[v] = n, n
		for e := s.inc[v] & edges; e != 0; e &= e - 1 {
			i := bits.TrailingZeros64(e)
			if i == via {
				continue
			}
			y := s.ends[i][0] ^ s.ends[i][1] ^ v
			if s.order[y] == 0 {
				if b := visit(y, i); b >= 0 {
					return b
				}
				s.low[v] = min(s.low[v], s.low[y])
				if s.low[y] > s.order[v] && (s.inc[v]|s.loops[v])&edges != 1<<uint(i) && (s.inc[y]|s.loops[y])&edges != 1<<uint(i) {
					return i
				}
			} else {
				s.low[v] = min(s.low[v], s.order[y])
			}
		}
		return -1
	}
	return visit(s.ends[bits.TrailingZeros64(edges)][0], -1)
}

// nearLeftOut is a quicker, weaker leftOut: a left-out path from u begins
// with one of u's edges, so near(u) is at least u's shortest loose edge.
func (s *trailSearch) nearLeftOut(loose, w, notEnd uint64, free int) int {
	for vs := w; vs != 0; vs &= vs - 1 {
		v := bits.TrailingZeros64(vs)
		d := noPath
		for e := s.inc[v] & loose; e != 0; e &= e - 1 {
			d = min(d, s.length[bits.TrailingZeros64(e)])
		}
		s.near[v] = d
	}
	return s.pairCost(w, notEnd, free)
}

// noPath is the distance between vertices no loose path joins.
const noPath = 1 << 30

// leftOut returns a lower bound on the trains a trail within edges leaves
// out, where loose are the edges that may be left out. The left-out edges
// have an odd number of ends at every wrong vertex (w) except the trail's
// free ends, so they hold paths that pair those vertices with each other,
// with the fixed ends, or with the free ends (partners: w and the fixed
// ends; a free end may be any vertex). Such a path from u is at least as
// long as the distance near(u) from u to the nearest other partner, and
// each path serves two vertices. Up to free of the wrong vertices not in
// notEnd may be ends or pair with a free end, so their largest terms are
// left out of the sum. It returns noPath if no trail is possible.
func (s *trailSearch) leftOut(loose, verts, w, partners, notEnd uint64, free int) int {
	dist, label, near := &s.dist, &s.label, &s.near
	for vs := verts; vs != 0; vs &= vs - 1 {
		v := bits.TrailingZeros64(vs)
		dist[v], label[v], near[v] = noPath, -1, noPath
	}
	for vs := partners; vs != 0; vs &= vs - 1 {
		v := bits.TrailingZeros64(vs)
		dist[v], label[v] = 0, v
	}
	// Dijkstra from all partners at once, with a bucket (a bitset of
	// vertices) per distance, as lengths are small whole numbers: label
	// says whose region a vertex is in.
	s.buckets[0] = partners
	done, last := uint64(0), 0
	for d := 0; d <= last && done != verts; d++ {
		at := s.buckets[d] &^ done
		s.buckets[d] = 0
		for ; at != 0; at &= at - 1 {
			x := bits.TrailingZeros64(at)
			if dist[x] != d {
				continue // reached again by a shorter way
			}
			done |= 1 << uint(x)
			for e := s.inc[x] & loose; e != 0; e &= e - 1 {
				i := bits.TrailingZeros64(e)
				y := s.ends[i][0] ^ s.ends[i][1] ^ x
				if nd := d + s.length[i]; nd < dist[y] {
					dist[y], label[y] = nd, label[x]
					s.buckets[nd] |= 1 << uint(y)
					last = max(last, nd)
				}
			}
		}
	}
	clear(s.buckets[:last+1])
	// An edge between two regions closes a path between their partners.
	for e := loose; e != 0; e &= e - 1 {
		i := bits.TrailingZeros64(e)
		x, y := s.ends[i][0], s.ends[i][1]
		if lx, ly := label[x], label[y]; lx != ly && lx >= 0 && ly >= 0 {
			d := dist[x] + s.length[i] + dist[y]
			near[lx] = min(near[lx], d)
			near[ly] = min(near[ly], d)
		}
	}
	return s.pairCost(w, notEnd, free)
}

// pairCost sums s.near over w, halved, leaving out the free largest terms
// of vertices that may be ends; noPath if a vertex has no partner and
// cannot be an end.
func (s *trailSearch) pairCost(w, notEnd uint64, free int) int {
	sum, top1, top2 := 0, 0, 0
	for vs := w; vs != 0; vs &= vs - 1 {
		v := bits.TrailingZeros64(vs)
		switch d := s.near[v]; {
		case notEnd&(1<<uint(v)) != 0:
			sum += d
		case d > top1:
			sum += top2
			top1, top2 = d, top1
		case d > top2:
			sum += top2
			top2 = d
		default:
			sum += d
		}
	}
	switch free {
	case 0:
		sum += top1 + top2
	case 1:
		sum += top2
	}
	if sum >= noPath {
		return noPath
	}
	return (sum + 1) / 2
}

// reach returns the edges (of edges) and the vertices connected to v.
func (s *trailSearch) reach(v int, edges uint64) (part, verts uint64) {
	verts = 1 << uint(v)
	for frontier := verts; frontier != 0; {
		x := bits.TrailingZeros64(frontier)
		frontier &= frontier - 1
		e := (s.inc[x] | s.loops[x]) & edges &^ part
		part |= e
		for ; e != 0; e &= e - 1 {
			for _, y := range s.ends[bits.TrailingZeros64(e)] {
				if bit := uint64(1) << uint(y); verts&bit == 0 {
					verts |= bit
					frontier |= bit
				}
			}
		}
	}
	return part, verts
}

// walkLarge is walk for graphs of more than 64 edges or vertices, which no
// legal board has (45 trains make at most 45 routes), with only the simple
// bound: the trains of the component's unused edges (left).
func (s *trailSearch) walkLarge(v int, used []bool, cur, left int) {
	s.steps++
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
