package bot

import (
	"math/rand/v2"

	"ttr/engine"
	"ttr/maps"
)

// Greedy plays toward its tickets: it keeps the tickets it can reach
// cheaply, claims the routes on the shortest paths that complete them
// (longest first), draws the colours those routes need, builds a station
// where an opponent has cut a path it needs, pays for tunnels when it can,
// and once its tickets are done draws more or claims the longest routes it
// can pay for.
type Greedy struct {
	rng *rand.Rand
	buf []engine.Action
}

// NewGreedy returns a greedy bot seeded with seed (used to break ties).
func NewGreedy(seed uint64) *Greedy {
	return &Greedy{rng: rand.New(rand.NewPCG(seed, 0x96eed))}
}

const inf = 1 << 30

// plan is what the bot wants this turn.
type plan struct {
	want    []bool // routes on the paths to incomplete tickets
	need    [engine.NumCardColors]int
	blocked []int // tickets no path of own and free routes completes
	any     bool  // some route is wanted
}

// Choose implements Bot.
func (g *Greedy) Choose(s *engine.State) engine.Action {
	g.buf = s.AppendLegalActions(g.buf[:0])
	la := g.buf
	w := s.Waiting()
	switch w.Need {
	case engine.NeedFirstPlayer:
		return la[g.rng.IntN(len(la))]
	case engine.NeedKeep:
		return g.keep(s, la)
	case engine.NeedTunnel:
		return la[0] // the payment with the fewest locomotives, or withdraw
	}
	p := w.Player
	pl := g.plan(s, p)
	if w.Need == engine.NeedTurn {
		if a, ok := g.turn(s, p, pl, la); ok {
			return a
		}
	}
	return g.draw(s, pl, la)
}

func (g *Greedy) turn(s *engine.State, p int, pl plan, la []engine.Action) (engine.Action, bool) {
	m := s.Map()
	hand := s.Hand(p)
	claimScore := func(a engine.Action) int {
		rt := &m.Routes[a.Route]
		sc := rt.Length*10 - a.Cards.Count(engine.Locomotive)
		if rt.Kind == maps.Tunnel {
			// Keep a spare card of the colour (or a locomotive) for the
			// extra cost, or the tunnel is likely given up.
			col := engine.Locomotive
			if c := a.Cards.Minus(engine.NewCardSet(engine.CardsOf(engine.Locomotive)...)); !c.Empty() {
				col = c.IDs()[0].Color()
			}
			spare := hand.Minus(a.Cards)
			if spare.Count(engine.Locomotive)+spare.Count(col)*b2i(col != engine.Locomotive) == 0 {
				sc -= 1000
			}
		}
		return sc
	}
	// bestClaim returns the claim of la that claimScore rates highest among
	// the routes ok admits, and its score.
	bestClaim := func(ok func(route int) bool) (engine.Action, int, bool) {
		best, bestScore := -1, -inf
		for i, a := range la {
			if a.Kind == engine.ClaimRoute && ok(a.Route) {
				if sc := claimScore(a); sc > bestScore {
					best, bestScore = i, sc
				}
			}
		}
		if best < 0 {
			return engine.Action{}, 0, false
		}
		return la[best], bestScore, true
	}
	anyRoute := func(int) bool { return true }
	if a, sc, ok := bestClaim(func(r int) bool { return pl.want[r] }); ok && sc > 0 {
		return a, true
	}
	// A station where an opponent cut a needed path.
	if len(pl.blocked) > 0 {
		if a, ok := g.station(s, p, pl, la); ok {
			return a, true
		}
	}
	trains := s.TrainsLeft(p)
	drawn := false
	for _, a := range la {
		drawn = drawn || a.Kind == engine.DrawBlind || a.Kind == engine.DrawFaceUp
	}
	if !pl.any {
		if trains >= 15 && s.TicketsInDeck() > 0 && s.KeptTickets(p).Len() < 8 {
			return engine.NewDrawTickets(), true
		}
		// Nothing to aim for: the longest route it can pay for, once the
		// hand is big enough to pay for long ones or draws run out.
		if hand.Len() >= 6 || trains < 10 || !drawn {
			if a, _, ok := bestClaim(anyRoute); ok {
				return a, true
			}
		}
	}
	if !drawn || hand.Len() >= 14 {
		// Cannot draw, or hoarding: claim anything.
		if a, _, ok := bestClaim(anyRoute); ok {
			return a, true
		}
	}
	return engine.Action{}, false
}

func (g *Greedy) draw(s *engine.State, pl plan, la []engine.Action) engine.Action {
	market := s.Market()
	best, bestNeed := -1, 0
	blind := -1
	for i, a := range la {
		switch a.Kind {
		case engine.DrawBlind:
			blind = i
		case engine.DrawFaceUp:
			c := market[a.Slot].Color()
			if c == engine.Locomotive {
				continue
			}
			if n := pl.need[c]; n > bestNeed {
				best, bestNeed = i, n
			}
		}
	}
	switch {
	case best >= 0:
		return la[best]
	case blind >= 0:
		return la[blind]
	}
	for _, a := range la {
		if a.Kind == engine.DrawFaceUp {
			return a
		}
	}
	return la[0]
}

func (g *Greedy) station(s *engine.State, p int, pl plan, la []engine.Action) (engine.Action, bool) {
	m := s.Map()
	for _, t := range pl.blocked {
		tk := &m.Tickets[t]
		path := shortest(s, p, tk.A, tk.B, true)
		for _, r := range path {
			if o := s.RouteOwner(r); o < 0 || o == p {
				continue
			}
			rt := &m.Routes[r]
			for _, city := range []int{rt.A, rt.B} {
				if s.StationOwner(city) >= 0 {
					continue
				}
				for _, a := range la {
					if a.Kind == engine.BuildStation && a.City == city {
						return a, true
					}
				}
			}
		}
	}
	return engine.Action{}, false
}

// keep keeps the cheapest tickets to complete, at least the minimum, and
// more while their paths fit in the trains left.
func (g *Greedy) keep(s *engine.State, la []engine.Action) engine.Action {
	w := s.Waiting()
	p := w.Player
	m := s.Map()
	drawn := s.DrawnTickets(p).IDs()
	cost := make([]int, len(drawn))
	for i, t := range drawn {
		tk := &m.Tickets[t]
		c := 0
		for _, r := range shortest(s, p, tk.A, tk.B, false) {
			c += m.Routes[r].Length
		}
		if c == 0 && !connected(s, p, tk.A, tk.B) {
			c = inf
		}
		cost[i] = c - tk.Points/2
		if c == inf {
			cost[i] = inf
		}
	}
	order := make([]int, len(drawn))
	for i := range order {
		order[i] = i
	}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && cost[order[j]] < cost[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	budget := s.TrainsLeft(p) * 2 / 3
	var giveBack engine.TicketSet
	used := 0
	for k, i := range order {
		t := drawn[i]
		full := cost[i] + m.Tickets[t].Points/2
		if k < w.Count || (cost[i] < inf && used+full <= budget) {
			used += full
			continue
		}
		giveBack |= engine.NewTicketSet(t)
	}
	for _, a := range la {
		if a.Tickets == giveBack {
			return a
		}
	}
	return la[0]
}

// plan finds the routes on the shortest paths of p's incomplete tickets
// and the cards they need.
func (g *Greedy) plan(s *engine.State, p int) plan {
	m := s.Map()
	pl := plan{want: make([]bool, len(m.Routes))}
	hand := s.Hand(p)
	for _, t := range s.KeptTickets(p).IDs() {
		tk := &m.Tickets[t]
		if connected(s, p, tk.A, tk.B) {
			continue
		}
		path := shortest(s, p, tk.A, tk.B, false)
		if len(path) == 0 {
			pl.blocked = append(pl.blocked, int(t))
			continue
		}
		for _, r := range path {
			if s.RouteOwner(r) >= 0 || pl.want[r] {
				continue
			}
			pl.want[r] = true
			pl.any = true
			rt := &m.Routes[r]
			col := engine.CardColor(rt.Color)
			if col == engine.Locomotive { // a gray route: the colour held most
				col = bestColor(hand)
			}
			pl.need[col] += rt.Length
		}
	}
	for c := engine.Purple; c <= engine.Red; c++ {
		pl.need[c] -= hand.Count(c)
	}
	return pl
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func bestColor(hand engine.CardSet) engine.CardColor {
	best, n := engine.Purple, -1
	for c := engine.Purple; c <= engine.Red; c++ {
		if k := hand.Count(c); k > n {
			best, n = c, k
		}
	}
	return best
}

// usable reports whether p could own route r some day: theirs, or free and
// not closed to them.
func usable(s *engine.State, p, r int, trains int) (own, ok bool) {
	m := s.Map()
	rt := &m.Routes[r]
	switch o := s.RouteOwner(r); {
	case o == p:
		return true, true
	case o >= 0:
		return false, false
	}
	if rt.Length > trains {
		return false, false
	}
	if rt.Twin >= 0 {
		if o := s.RouteOwner(rt.Twin); o >= 0 && (o == p || s.Players() <= 3) {
			return false, false
		}
	}
	return false, true
}

// shortest returns the routes of a cheapest path from a to b for p (own
// routes free, free routes cost their length); with others, opponents'
// routes cost a penalty instead of being closed. Empty if none or a == b
// already connected at no cost.
func shortest(s *engine.State, p, a, b int, others bool) []int {
	m := s.Map()
	n := len(m.Cities)
	dist := make([]int, n)
	via := make([]int, n)
	done := make([]bool, n)
	for i := range dist {
		dist[i], via[i] = inf, -1
	}
	dist[a] = 0
	trains := s.TrainsLeft(p)
	adj := adjacency(s)
	for {
		u, du := -1, inf
		for i := range n {
			if !done[i] && dist[i] < du {
				u, du = i, dist[i]
			}
		}
		if u < 0 || u == b {
			break
		}
		done[u] = true
		for _, r := range adj[u] {
			own, ok := usable(s, p, r, trains)
			cost := m.Routes[r].Length
			switch {
			case own:
				cost = 0
			case !ok && others && s.RouteOwner(r) >= 0 && s.RouteOwner(r) != p:
				cost = 20
			case !ok:
				continue
			}
			v := m.Routes[r].Other(u)
			if d := du + cost; d < dist[v] {
				dist[v], via[v] = d, r
			}
		}
	}
	if dist[b] == inf {
		return nil
	}
	var path []int
	for v := b; v != a; {
		r := via[v]
		path = append(path, r)
		v = m.Routes[r].Other(v)
	}
	return path
}

func adjacency(s *engine.State) [][]int {
	m := s.Map()
	adj := make([][]int, len(m.Cities))
	for i := range m.Routes {
		r := &m.Routes[i]
		adj[r.A] = append(adj[r.A], i)
		adj[r.B] = append(adj[r.B], i)
	}
	return adj
}

// connected reports whether p's own routes join a and b.
func connected(s *engine.State, p, a, b int) bool {
	m := s.Map()
	seen := make([]bool, len(m.Cities))
	stack := []int{a}
	seen[a] = true
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if u == b {
			return true
		}
		for i := range m.Routes {
			r := &m.Routes[i]
			if s.RouteOwner(i) != p || (r.A != u && r.B != u) {
				continue
			}
			if v := r.Other(u); !seen[v] {
				seen[v] = true
				stack = append(stack, v)
			}
		}
	}
	return false
}
