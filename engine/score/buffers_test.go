package score

import (
	"math/rand/v2"
	"testing"

	"ttr/maps"
)

// TestFinalWorkSpaceSharedSafely checks that Final, which reuses one work
// space for all its players, scores each player as a fresh computation
// does: players of growing and shrinking route counts, so that the
// buffers are both reused and outgrown.
func TestFinalWorkSpaceSharedSafely(t *testing.T) {
	for _, m := range []*maps.Map{maps.Europe(), maps.USA()} {
		rng := rand.New(rand.NewPCG(11, 12))
		for game := range 200 {
			players := randomGame(m, rng, 2+game%4, 3, 1+game%5)
			if game%2 == 1 {
				// Fewest routes first.
				for i := range players {
					for j := i + 1; j < len(players); j++ {
						if len(players[j].Routes) < len(players[i].Routes) {
							players[i], players[j] = players[j], players[i]
						}
					}
				}
			}
			owner := make([]int, len(m.Routes))
			for i := range owner {
				owner[i] = -1
			}
			for p, pl := range players {
				for _, r := range pl.Routes {
					owner[r] = p
				}
			}
			res := Final(m, players)
			for p, pl := range players {
				pr := res.Players[p]
				if want := LongestPath(m, pl.Routes); pr.LongestPath != want {
					t.Fatalf("%s game %d player %d: longest path %d, alone %d", m.ID, game, p, pr.LongestPath, want)
				}
				ch := chooseStations(m, pl, p, owner, touching(m))
				for i, c := range pl.Stations {
					if pr.StationRoutes[c] != ch.borrowed[i] {
						t.Fatalf("%s game %d player %d: station %d borrows %d, alone %d", m.ID, game, p, c, pr.StationRoutes[c], ch.borrowed[i])
					}
				}
				for i := range pl.Tickets {
					if pr.Tickets[i].Completed != ch.completed[i] {
						t.Fatalf("%s game %d player %d: ticket %d completed %v, alone %v", m.ID, game, p, i, pr.Tickets[i].Completed, ch.completed[i])
					}
				}
			}
		}
	}
}
