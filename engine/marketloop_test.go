package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"ttr/maps"
)

// TestMarketResetNeverLoops: three face-up locomotives are discarded and
// five new cards laid only while that can give a market with at most two,
// counting that the new market comes from the deck first and reaches the
// discards only when the deck runs out. Counting deck and discards as one
// pool let a deck of five cards, three of them locomotives, and a market
// of the other five, three of them locomotives too, swap places forever
// (a 3-player USA game of random play, seed 5450 of this sequence).
func TestMarketResetNeverLoops(t *testing.T) {
	const maxActions = 3000 // random games take a few hundred
	for _, tc := range []struct {
		m       *maps.Map
		players int
		games   uint64
	}{
		{maps.USA(), 3, 6000},
		{maps.USA(), 2, 1000},
		{maps.Europe(), 4, 1000},
		{maps.Europe(), 5, 1000},
	} {
		t.Run(fmt.Sprintf("%s/%dp", tc.m.ID, tc.players), func(t *testing.T) {
			r := rand.New(rand.NewPCG(1, 2))
			for seed := range tc.games {
				s, err := NewGame(tc.m, Opts{Players: tc.players})
				if err != nil {
					t.Fatal(err)
				}
				d := NewDealer(seed)
				var buf []Action
				for n := 0; !s.IsTerminal(); n++ {
					if n == maxActions {
						p := s.Public()
						t.Fatalf("seed %d: no end after %d actions: deck %d, discards %d, waiting for %v", seed, n, p.DeckCards, p.Discards, p.Wait)
					}
					var a Action
					if s.IsChance() {
						a = d.Outcome(s)
					} else {
						a, buf = randomLegal(s, r, buf)
					}
					if err := s.Do(a); err != nil {
						t.Fatalf("seed %d: %v", seed, err)
					}
				}
			}
		})
	}
}
