package score

import "ttr/maps"

// A stationChoice is the best use of one player's stations.
type stationChoice struct {
	borrowed  []int  // per station: the borrowed route index, or -1
	completed []bool // per ticket
}

// unionFind is a disjoint-set forest over small integers.
type unionFind []int

func newUnionFind(n int) unionFind {
	u := make(unionFind, n)
	u.reset()
	return u
}

func (u unionFind) reset() {
	for i := range u {
		u[i] = i
	}
}

func (u unionFind) find(x int) int {
	for u[x] != x {
		u[x] = u[u[x]]
		x = u[x]
	}
	return x
}

func (u unionFind) union(a, b int) { u[u.find(a)] = u.find(b) }

// A candidate is an opponent's route a station may borrow, between two parts
// (a, b: compact node numbers) of the owner's network.
type candidate struct {
	route int
	a, b  int
}

// A pendingTicket is a ticket the owner's own routes do not complete.
type pendingTicket struct {
	index  int // in Player.Tickets
	a, b   int // compact node numbers
	points int
}

// chooseStations completes pl's tickets with its own routes and picks, for
// each of its stations, the opponent route (or none) that serves the player
// best: most ticket points, then most completed tickets, then fewest borrowed
// routes, then the lowest route indexes in station order. owner gives each
// route's holder (-1 for none), touch each city's routes in index order;
// self is pl's index.
func chooseStations(m *maps.Map, pl Player, self int, owner []int, touch [][]int) stationChoice {
	return chooseStationsWith(m, pl, self, owner, touch, new(stationBuffers))
}

// An arena hands out zeroed slices from one backing array, for work space
// that lives as long as one call.
type arena[T any] struct {
	buf  []T
	used int
}

// get returns n zeroed elements, with no room to append in place.
func (a *arena[T]) get(n int) []T {
	if a.used+n > len(a.buf) {
		// The slices handed out so far keep the old array. The first
		// array is meant to serve a whole Final.
		a.buf = make([]T, max(2*len(a.buf), n, 8))
		a.used = 0
	}
	s := a.buf[a.used : a.used+n : a.used+n]
	a.used += n
	clear(s)
	return s
}

// stationBuffers are chooseStationsWith's work space; its result too lives
// in them, until the next call.
type stationBuffers struct {
	ints    arena[int]
	bools   arena[bool]
	pending arena[pendingTicket]
	cands   arena[candidate]
	lists   arena[[]candidate]
}

// chooseStationsWith is chooseStations with its slices from buf, emptied
// first; touch need only hold the lists of pl's station cities.
func chooseStationsWith(m *maps.Map, pl Player, self int, owner []int, touch [][]int, buf *stationBuffers) stationChoice {
	buf.ints.used, buf.bools.used, buf.pending.used, buf.cands.used, buf.lists.used = 0, 0, 0, 0, 0
	ch := stationChoice{borrowed: buf.ints.get(len(pl.Stations)), completed: buf.bools.get(len(pl.Tickets))}
	for i := range ch.borrowed {
		ch.borrowed[i] = -1
	}
	scratch := buf.ints.get(2 * len(m.Cities))
	own := unionFind(scratch[:len(m.Cities)])
	own.reset()
	for _, r := range pl.Routes {
		own.union(m.Routes[r].A, m.Routes[r].B)
	}
	// node numbers the parts of the owner's network (by their root city)
	// that a ticket or a candidate touches, compactly from 0.
	node := scratch[len(m.Cities):]
	for i := range node {
		node[i] = -1
	}
	nodes := 0
	nodeOf := func(city int) int {
		root := own.find(city)
		if node[root] < 0 {
			node[root] = nodes
			nodes++
		}
		return node[root]
	}
	pending := buf.pending.get(len(pl.Tickets))[:0]
	for i, t := range pl.Tickets {
		tk := &m.Tickets[t]
		if own.find(tk.A) == own.find(tk.B) {
			ch.completed[i] = true
			continue
		}
		pending = append(pending, pendingTicket{index: i, a: nodeOf(tk.A), b: nodeOf(tk.B), points: tk.Points})
	}
	if len(pending) == 0 || len(pl.Stations) == 0 {
		return ch
	}
	room := 0
	for _, city := range pl.Stations {
		room += len(touch[city])
	}
	backing := buf.cands.get(room)
	cands := buf.lists.get(len(pl.Stations))
	for s, city := range pl.Stations {
		cands[s] = backing[:0:len(touch[city])]
		backing = backing[len(touch[city]):]
	routes:
		for _, r := range touch[city] {
			rt := &m.Routes[r]
			if owner[r] < 0 || owner[r] == self {
				continue
			}
			if own.find(rt.A) == own.find(rt.B) {
				continue // joins what the owner's routes already join
			}
			c := candidate{route: r, a: nodeOf(rt.A), b: nodeOf(rt.B)}
			for _, d := range cands[s] {
				if (d.a == c.a && d.b == c.b) || (d.a == c.b && d.b == c.a) {
					continue routes // same effect as a lower-numbered route
				}
			}
			cands[s] = append(cands[s], c)
		}
	}
	// A ticket that even every candidate at once cannot complete stays
	// incomplete whatever the stations borrow: leave it out of the search.
	uf := unionFind(buf.ints.get(nodes))
	uf.reset()
	for _, cs := range cands {
		for _, c := range cs {
			uf.union(c.a, c.b)
		}
	}
	n := 0
	for _, t := range pending {
		if uf.find(t.a) == uf.find(t.b) {
			pending[n] = t
			n++
		}
	}
	pending = pending[:n]
	if len(pending) == 0 {
		return ch
	}
	pruneDeadEnds(cands, pending, buf.bools.get(nodes), buf.ints.get(nodes))

	// Try every combination, fewest borrowed routes first; within a count,
	// in lexicographic order of route index. Only a strictly better one
	// replaces the best, so ties go to fewer routes, then lower indexes.
	pick := buf.ints.get(len(pl.Stations))
	for i := range pick {
		pick[i] = -1
	}
	bestPts, bestDone := 0, -1
	best := buf.ints.get(len(pick))
	evaluate := func() {
		uf.reset()
		for s, j := range pick {
			if j >= 0 {
				uf.union(cands[s][j].a, cands[s][j].b)
			}
		}
		pts, done := 0, 0
		for _, t := range pending {
			if uf.find(t.a) == uf.find(t.b) {
				pts += t.points
				done++
			} else {
				pts -= t.points
			}
		}
		if bestDone < 0 || pts > bestPts || (pts == bestPts && done > bestDone) {
			bestPts, bestDone = pts, done
			copy(best, pick)
		}
	}
	var walk func(s, budget int)
	walk = func(s, budget int) {
		if s == len(pick) {
			if budget == 0 {
				evaluate()
			}
			return
		}
		if len(pick)-s > budget {
			walk(s+1, budget)
		}
		if budget > 0 {
			for j := range cands[s] {
				pick[s] = j
				walk(s+1, budget-1)
			}
			pick[s] = -1
		}
	}
	usable := 0
	for _, c := range cands {
		if len(c) > 0 {
			usable++
		}
	}
	for k := 0; k <= usable; k++ {
		walk(0, k)
		if bestDone == len(pending) {
			break // every ticket done: more routes cannot do better
		}
	}
	for s, j := range best {
		if j >= 0 {
			ch.borrowed[s] = cands[s][j].route
		}
	}
	uf.reset()
	for s, j := range best {
		if j >= 0 {
			uf.union(cands[s][j].a, cands[s][j].b)
		}
	}
	for _, t := range pending {
		ch.completed[t.index] = uf.find(t.a) == uf.find(t.b)
	}
	return ch
}

// stationTouch is touching(m) for the cities with a station only (the
// only ones chooseStations reads): one look through the routes for all
// players, instead of every city's list.
func stationTouch(m *maps.Map, players []Player) [][]int {
	built := false
	for _, pl := range players {
		built = built || len(pl.Stations) > 0
	}
	if !built {
		return nil // chooseStations needs no list
	}
	touch := make([][]int, len(m.Cities))
	// count[city]: routes at city, for the cities with a station, else -1.
	count := make([]int, len(m.Cities))
	for c := range count {
		count[c] = -1
	}
	for _, pl := range players {
		for _, c := range pl.Stations {
			count[c] = 0
		}
	}
	total := 0
	for _, rt := range m.Routes {
		if count[rt.A] >= 0 {
			count[rt.A]++
			total++
		}
		if count[rt.B] >= 0 {
			count[rt.B]++
			total++
		}
	}
	backing := make([]int, total)
	for c, n := range count {
		if n > 0 {
			touch[c] = backing[:0:n]
			backing = backing[n:]
		}
	}
	for r, rt := range m.Routes {
		if count[rt.A] > 0 {
			touch[rt.A] = append(touch[rt.A], r)
		}
		if count[rt.B] > 0 {
			touch[rt.B] = append(touch[rt.B], r)
		}
	}
	return touch
}

// touching returns, for each city of m, the indexes of its routes in
// increasing order.
func touching(m *maps.Map) [][]int {
	touch := make([][]int, len(m.Cities))
	backing := make([]int, 2*len(m.Routes)+len(m.Cities))
	// First count each city's routes (in backing's tail), then fill each
	// list by index: no append, so no slice header written per route.
	count := backing[2*len(m.Routes):]
	for _, r := range m.Routes {
		count[r.A]++
		count[r.B]++
	}
	start := 0
	for c, n := range count {
		touch[c] = backing[start : start+n : start+n]
		start += n
		count[c] = 0
	}
	for r, rt := range m.Routes {
		touch[rt.A][count[rt.A]] = r
		count[rt.A]++
		touch[rt.B][count[rt.B]] = r
		count[rt.B]++
	}
	return touch
}

// pruneDeadEnds drops candidates that lead into a part of the network no
// ticket needs and no other candidate leaves: borrowing them cannot complete
// anything. It repeats until nothing more goes. needed and degree are work
// space, one element per node, zeroed.
func pruneDeadEnds(cands [][]candidate, pending []pendingTicket, needed []bool, degree []int) {
	for _, t := range pending {
		needed[t.a], needed[t.b] = true, true
	}
	for {
		clear(degree)
		for _, cs := range cands {
			for _, c := range cs {
				degree[c.a]++
				degree[c.b]++
			}
		}
		dropped := false
		for s, cs := range cands {
			n := 0
			for _, c := range cs {
				if (!needed[c.a] && degree[c.a] == 1) || (!needed[c.b] && degree[c.b] == 1) {
					dropped = true
					continue
				}
				cs[n] = c
				n++
			}
			cands[s] = cs[:n]
		}
		if !dropped {
			return
		}
	}
}
