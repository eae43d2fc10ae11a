package engine

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"ttr/maps"
)

// TestRandomGamesUnchanged pins seeded random games end to end: the
// Dealer's outcomes, a random player's choices (randomLegal) for the same
// random numbers, and the final scores. Speed-ups of any of them must
// leave every game as it was. The hashes were taken before the speed-ups and taken
// again when the deck came to be reshuffled the moment it runs out, as the
// rule books say (before, only when a card was next needed), and the USA
// hash once more when a market reset came to count that the new market is
// laid from the deck first (TestMarketResetNeverLoops). Actions are hashed
// by their fields of then (hashed): the set-up's naming of whose work an
// action is came later, and random games name nobody.
func TestRandomGamesUnchanged(t *testing.T) {
	for _, tc := range []struct {
		m    *maps.Map
		want uint64
	}{
		{maps.Europe(), 0xa559bce3aa8bc459},
		{maps.USA(), 0x18fdea1df14a2542},
	} {
		h := fnv.New64a()
		actions := 0
		for g := range 40 {
			players := MinPlayers + g%(MaxPlayers-MinPlayers+1)
			s, err := NewGame(tc.m, Opts{Players: players})
			if err != nil {
				t.Fatal(err)
			}
			d := NewDealer(uint64(g))
			r := rand.New(rand.NewPCG(uint64(g), 7))
			var buf []Action
			for !s.IsTerminal() {
				var a Action
				if s.IsChance() {
					a = d.Outcome(s)
				} else {
					a, buf = randomLegal(s, r, buf)
				}
				fmt.Fprintf(h, "%+v;", hashed(a))
				if err := s.Do(a); err != nil {
					t.Fatalf("%s game %d: %v", tc.m.ID, g, err)
				}
				actions++
			}
			res := s.Result()
			for _, p := range res.Players {
				fmt.Fprintf(h, "%d/%d/%d/%d/%v/%v|", p.Total, p.TicketPoints, p.LongestPath, p.StationPoints, p.Tickets, p.StationRoutes)
			}
			fmt.Fprintf(h, "%v %v\n", res.Winners, res.DecidedBy)
		}
		if got := h.Sum64(); got != tc.want {
			t.Errorf("%s: 40 random games (%d actions) hash to %#x, want %#x", tc.m.ID, actions, got, tc.want)
		}
	}
}

// hashedAction is an Action's fields as they were when the hashes were
// taken, printed the same by %+v.
type hashedAction struct {
	Kind    ActionKind
	Player  int
	Slot    int
	Route   int
	City    int
	Cards   CardSet
	Tickets TicketSet
	Card    CardID
	Ticket  TicketID
}

func hashed(a Action) hashedAction {
	return hashedAction{a.Kind, a.Player, a.Slot, a.Route, a.City, a.Cards, a.Tickets, a.Card, a.Ticket}
}
