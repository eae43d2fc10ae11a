package engine

import (
	"errors"
	"fmt"
)

// CheckInvariants checks what must hold in every reachable state: the 110
// train cards are exactly partitioned between deck, market, hands, discard
// pile and tunnel; every ticket is in exactly one place; placed plus
// remaining trains is 45 per player; running scores are the points of the
// claimed routes; stations and the market are consistent; the deck is
// never empty while discards wait (reshuffled the moment it runs out). It returns nil
// or an error naming what is broken (a bug in the engine).
func (s *State) CheckInvariants() error {
	c := &s.c
	var errs []error
	fail := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("engine: invariant: "+format, args...))
	}
	n := int(c.players)
	// Cards.
	var seen CardSet
	total := 0
	add := func(name string, set CardSet) {
		if both := seen.Intersect(set); !both.Empty() {
			fail("cards %v in %s are also elsewhere", both, name)
		}
		seen = seen.Union(set)
		total += set.Len()
	}
	add("deck", c.deck)
	add("discards", c.discard)
	add("tunnel payment", c.played)
	add("tunnel reveal", c.revealed)
	add("market", s.marketSet())
	for i, m := range c.market {
		if m != NoCard && !m.Valid() {
			fail("market slot %d holds card %d", i, m)
		}
	}
	for p := range n {
		add(fmt.Sprintf("hand %d", p), c.hand[p])
	}
	for p := n; p < MaxPlayers; p++ {
		if !c.hand[p].Empty() {
			fail("seat %d is not playing but holds cards", p)
		}
	}
	if total != NumCards || seen != allCards {
		fail("%d cards accounted for, want %d", total, NumCards)
	}
	if c.deck.Empty() && !c.discard.Empty() {
		fail("the deck ran out and %d discards were not shuffled into a new one", c.discard.Len())
	}
	if c.revealed.Len() > TunnelReveal {
		fail("%d cards revealed for a tunnel", c.revealed.Len())
	}
	if c.tunRoute < 0 && !(c.played.Empty() && c.revealed.Empty()) {
		fail("tunnel cards with no tunnel pending")
	}
	// Tickets.
	var tseen TicketSet
	ttotal := 0
	tadd := func(name string, set TicketSet) {
		if both := tseen & set; both != 0 {
			fail("tickets %v in %s are also elsewhere", both.IDs(), name)
		}
		tseen |= set
		ttotal += set.Len()
	}
	tadd("deck", c.tTop)
	tadd("long pile", c.tLong)
	tadd("box", c.tBox)
	var bottom TicketSet
	for i := range int(c.bottomLen) {
		if bottom.Has(c.bottom[i]) {
			fail("ticket %d twice at the bottom", c.bottom[i])
		}
		bottom |= 1 << c.bottom[i]
		if i > 0 && c.bottomGrp[i] < c.bottomGrp[i-1] {
			fail("bottom tickets out of order")
		}
	}
	tadd("bottom", bottom)
	for p := range n {
		tadd(fmt.Sprintf("drawn %d", p), c.tDrawn[p])
		tadd(fmt.Sprintf("kept %d", p), c.tKept[p])
	}
	if want := len(s.m.Tickets); ttotal != want || tseen != TicketSet(1<<want-1) {
		fail("%d tickets accounted for, want %d", ttotal, want)
	}
	for t := range s.m.Tickets {
		long := s.m.Tickets[t].Long
		if long && (c.tTop.Has(TicketID(t)) || bottom.Has(TicketID(t))) {
			fail("long ticket %d in the regular deck", t)
		}
		if !long && c.tLong.Has(TicketID(t)) {
			fail("regular ticket %d in the long pile", t)
		}
	}
	// Trains, routes, scores, stations.
	var placed [MaxPlayers]int
	var points [MaxPlayers]int
	for r := range s.m.Routes {
		o := int(c.owner[r])
		if o < 0 || o > n {
			fail("route %d owned by seat %d", r, o-1)
			continue
		}
		if o == 0 {
			continue
		}
		rt := &s.m.Routes[r]
		placed[o-1] += rt.Length
		points[o-1] += rt.Points
		if rt.Twin >= 0 && c.owner[rt.Twin] != 0 && (c.owner[rt.Twin] == int8(o) || n <= 3) {
			fail("both routes %d and %d of a double pair claimed (players %d, %d)", r, rt.Twin, o-1, c.owner[rt.Twin]-1)
		}
	}
	var built [MaxPlayers]int
	for city := range s.m.Cities {
		if o := int(c.stationOwner[city]); o > 0 {
			built[o-1]++
		}
	}
	for p := range n {
		if placed[p]+int(c.trains[p]) != Trains {
			fail("player %d: %d trains placed + %d left != %d", p, placed[p], c.trains[p], Trains)
		}
		if int(c.score[p]) != points[p] {
			fail("player %d: score %d, claimed routes are worth %d", p, c.score[p], points[p])
		}
		if built[p]+int(c.stationsLeft[p]) != s.m.Rules.Stations {
			fail("player %d: %d stations built + %d left != %d", p, built[p], c.stationsLeft[p], s.m.Rules.Stations)
		}
	}
	if w := c.wait.Need; w != NeedCardToMarket && w != NeedCardToHand {
		if s.marketLocos() >= 3 && s.resetHelps() {
			fail("three face-up locomotives left although a reset could help")
		}
	}
	if s.c.wait.Need != NeedNothing && len(s.LegalActions()) == 0 {
		fail("waiting for %v with no legal action", s.c.wait.Need)
	}
	return errors.Join(errs...)
}
