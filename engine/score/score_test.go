package score

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"ttr/maps"
)

// randomGame deals a legal finished board: routes handed out in random
// order to players with trains left (never both halves of a double to one
// player, nor at all with 2 or 3 players), stations random cities (none on
// the USA map), tickets random.
func randomGame(m *maps.Map, rng *rand.Rand, n, stations, tickets int) []Player {
	players := make([]Player, n)
	trains := make([]int, n)
	holder := make([]int, len(m.Routes))
	for i := range holder {
		holder[i] = -1
	}
	for i := range players {
		players[i].Name = string(rune('a' + i))
	}
	for _, r := range rng.Perm(len(m.Routes)) {
		p := rng.IntN(n)
		rt := &m.Routes[r]
		if trains[p]+rt.Length > Trains {
			continue
		}
		if rt.Twin >= 0 && holder[rt.Twin] >= 0 && (holder[rt.Twin] == p || n <= 3) {
			continue
		}
		holder[r] = p
		trains[p] += rt.Length
		players[p].Routes = append(players[p].Routes, r)
	}
	if m.Rules.Stations > 0 {
		cities := rng.Perm(len(m.Cities))
		for i := range players {
			for range min(stations, m.Rules.Stations) {
				players[i].Stations = append(players[i].Stations, cities[0])
				cities = cities[1:]
			}
		}
	}
	deck := rng.Perm(len(m.Tickets))
	for i := range players {
		k := min(tickets, len(deck))
		players[i].Tickets = append(players[i].Tickets, deck[:k]...)
		deck = deck[k:]
	}
	return players
}

// bestStationPoints tries every combination of borrowed routes, without
// any pruning, and returns the best ticket points and completed tickets.
func bestStationPoints(m *maps.Map, players []Player, p int) (points, done int) {
	owner := make([]int, len(m.Routes))
	for i := range owner {
		owner[i] = -1
	}
	for i, pl := range players {
		for _, r := range pl.Routes {
			owner[r] = i
		}
	}
	pl := players[p]
	options := make([][]int, len(pl.Stations))
	for s, c := range pl.Stations {
		options[s] = []int{-1}
		for r := range m.Routes {
			if owner[r] >= 0 && owner[r] != p && (m.Routes[r].A == c || m.Routes[r].B == c) {
				options[s] = append(options[s], r)
			}
		}
	}
	points, done = -1<<30, -1
	pick := make([]int, len(options))
	var try func(s int)
	try = func(s int) {
		if s < len(options) {
			for _, r := range options[s] {
				pick[s] = r
				try(s + 1)
			}
			return
		}
		uf := newUnionFind(len(m.Cities))
		for _, r := range pl.Routes {
			uf.union(m.Routes[r].A, m.Routes[r].B)
		}
		for _, r := range pick {
			if r >= 0 {
				uf.union(m.Routes[r].A, m.Routes[r].B)
			}
		}
		pts, n := 0, 0
		for _, t := range pl.Tickets {
			if uf.find(m.Tickets[t].A) == uf.find(m.Tickets[t].B) {
				pts += m.Tickets[t].Points
				n++
			} else {
				pts -= m.Tickets[t].Points
			}
		}
		if pts > points || (pts == points && n > done) {
			points, done = pts, n
		}
	}
	try(0)
	return points, done
}

func TestFinalStationsMatchExhaustiveChoice(t *testing.T) {
	m := maps.Europe()
	rng := rand.New(rand.NewPCG(3, 4))
	for game := range 300 {
		players := randomGame(m, rng, 2+game%4, 3, 2+game%6)
		if err := Validate(m, players); err != nil {
			t.Fatalf("game %d: random board not legal: %v", game, err)
		}
		res := Final(m, players)
		for p, pr := range res.Players {
			points, done := bestStationPoints(m, players, p)
			if pr.TicketPoints != points || pr.CompletedTickets != done {
				t.Fatalf("game %d player %d: ticket points %d with %d done, want %d with %d done (stations %v)",
					game, p, pr.TicketPoints, pr.CompletedTickets, points, done, pr.StationRoutes)
			}
			// The routes reported are the ones that give that score.
			var borrowed []int
			for _, c := range players[p].Stations {
				if r := pr.StationRoutes[c]; r >= 0 {
					rt := &m.Routes[r]
					if rt.A != c && rt.B != c {
						t.Fatalf("game %d player %d: station %s borrows %s, which does not touch it", game, p, m.Cities[c].ID, rt.ID)
					}
					borrowed = append(borrowed, r)
				}
			}
			with := Player{Routes: append(append([]int(nil), players[p].Routes...), borrowed...), Tickets: players[p].Tickets}
			got := chooseStations(m, with, p, make([]int, len(m.Routes)), touching(m))
			for i, tr := range pr.Tickets {
				if tr.Completed != got.completed[i] {
					t.Fatalf("game %d player %d: ticket %d completed = %v, but the reported routes make it %v", game, p, i, tr.Completed, got.completed[i])
				}
			}
		}
	}
}

func TestFinalTotals(t *testing.T) {
	for _, m := range []*maps.Map{maps.USA(), maps.Europe()} {
		rng := rand.New(rand.NewPCG(5, 6))
		for game := range 100 {
			players := randomGame(m, rng, 2+game%4, game%4, 3)
			res := Final(m, players)
			longest := 0
			for _, pr := range res.Players {
				longest = max(longest, pr.LongestPath)
			}
			for p, pr := range res.Players {
				routes := 0
				for _, r := range players[p].Routes {
					routes += m.Routes[r].Points
				}
				wantStations := 0
				if m.Rules.Stations > 0 {
					wantStations = 4 * (3 - len(players[p].Stations))
				}
				wantBonus := 0
				if longest > 0 && pr.LongestPath == longest {
					wantBonus = 10
				}
				switch {
				case pr.RoutePoints != routes:
					t.Fatalf("%s game %d player %d: route points %d, want %d", m.ID, game, p, pr.RoutePoints, routes)
				case pr.StationPoints != wantStations:
					t.Fatalf("%s game %d player %d: station points %d, want %d", m.ID, game, p, pr.StationPoints, wantStations)
				case pr.LongestBonus != wantBonus:
					t.Fatalf("%s game %d player %d: longest bonus %d, want %d", m.ID, game, p, pr.LongestBonus, wantBonus)
				case pr.LongestPath != bruteLongest(m, players[p].Routes) && len(players[p].Routes) <= 12:
					t.Fatalf("%s game %d player %d: longest path %d, want %d", m.ID, game, p, pr.LongestPath, bruteLongest(m, players[p].Routes))
				case pr.Total != pr.RoutePoints+pr.TicketPoints+pr.StationPoints+pr.LongestBonus:
					t.Fatalf("%s game %d player %d: total %d is not the sum of its parts", m.ID, game, p, pr.Total)
				}
			}
		}
	}
}

func TestWinners(t *testing.T) {
	eu, us := maps.Europe(), maps.USA()
	pr := func(total, done, built, bonus int) PlayerResult {
		return PlayerResult{Total: total, CompletedTickets: done, StationsBuilt: built, LongestBonus: bonus}
	}
	tests := []struct {
		name    string
		m       *maps.Map
		players []PlayerResult
		want    []int
		by      TieBreak
	}{
		{"most points", eu, []PlayerResult{pr(50, 0, 3, 0), pr(60, 0, 3, 0), pr(55, 9, 0, 10)}, []int{1}, Points},
		{"tickets among the tied only", eu, []PlayerResult{pr(60, 2, 0, 0), pr(60, 3, 3, 0), pr(59, 9, 0, 10)}, []int{1}, Tickets},
		{"stations: fewest built", eu, []PlayerResult{pr(60, 3, 2, 10), pr(60, 3, 1, 0), pr(60, 2, 0, 0)}, []int{1}, Stations},
		{"longest after stations", eu, []PlayerResult{pr(60, 3, 1, 0), pr(60, 3, 1, 10), pr(60, 3, 2, 10)}, []int{1}, Longest},
		{"shared by the last two", eu, []PlayerResult{pr(60, 3, 1, 10), pr(60, 3, 1, 10), pr(60, 3, 1, 0)}, []int{0, 1}, Shared},
		{"shared, nobody with the bonus", eu, []PlayerResult{pr(60, 3, 1, 0), pr(60, 3, 1, 0)}, []int{0, 1}, Shared},
		{"usa skips stations", us, []PlayerResult{pr(60, 3, 0, 0), pr(60, 3, 0, 10)}, []int{1}, Longest},
		{"usa shared", us, []PlayerResult{pr(60, 3, 0, 10), pr(60, 3, 0, 10), pr(10, 0, 0, 0)}, []int{0, 1}, Shared},
		{"negative totals", us, []PlayerResult{pr(-5, 0, 0, 0), pr(-3, 0, 0, 0)}, []int{1}, Points},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, by := winners(tc.m, tc.players)
			if !reflect.DeepEqual(got, tc.want) || by != tc.by {
				t.Errorf("winners = %v by %v, want %v by %v", got, by, tc.want, tc.by)
			}
		})
	}
}

func TestTieBreakString(t *testing.T) {
	for tb, want := range map[TieBreak]string{Points: "points", Tickets: "tickets", Stations: "stations", Longest: "longest", Shared: "shared", 9: "TieBreak(9)"} {
		if got := tb.String(); got != want {
			t.Errorf("TieBreak(%d).String() = %q, want %q", tb, got, want)
		}
		if tb <= Shared {
			if back, ok := parseTieBreak(want); !ok || back != tb {
				t.Errorf("parseTieBreak(%q) = %v, %v", want, back, ok)
			}
		}
	}
}

func TestLongestPathShapes(t *testing.T) {
	eu, us := maps.Europe(), maps.USA()
	tests := []struct {
		name   string
		m      *maps.Map
		routes []string
		want   int
	}{
		{"no routes", eu, nil, 0},
		{"one route", eu, []string{"petrograd--stockholm--1"}, 8},
		{"route listed twice", eu, []string{"paris--zurich--1", "paris--zurich--1"}, 3},
		{"two separate paths: the longer", eu, []string{"paris--zurich--1", "munchen--zurich--1", "berlin--danzig--1", "danzig--riga--1"}, 7},
		{"star: the two longest arms", eu, []string{"munchen--wien--1", "munchen--venezia--1", "frankfurt--munchen--1", "munchen--zurich--1"}, 5},
		{"triangle: all the way round", eu, []string{"bruxelles--paris--1", "bruxelles--frankfurt--1", "frankfurt--paris--1"}, 7},
		{"figure eight through Paris", eu, []string{"bruxelles--paris--1", "bruxelles--frankfurt--1", "frankfurt--paris--1", "dieppe--paris--1", "brest--dieppe--1", "brest--paris--1"}, 13},
		// Lasso: Wien-Munchen-Frankfurt then round the triangle back to Frankfurt.
		{"cycle with a tail", eu, []string{"bruxelles--paris--1", "bruxelles--frankfurt--1", "frankfurt--paris--1", "frankfurt--munchen--1", "munchen--wien--1"}, 12},
		// Two triangles joined by a 3-train bridge: tail, loop, bridge, loop.
		{"two loops joined by a bridge", eu, []string{"bruxelles--paris--1", "bruxelles--frankfurt--1", "frankfurt--paris--1", "frankfurt--munchen--1",
			"munchen--zurich--1", "munchen--venezia--1", "venezia--zurich--1"}, 15},
		// Helena-Denver-Omaha triangle (4+4+5) with tails to El Paso (2+2) and a spur to Kansas City (1): 17 (example 002).
		{"usa triangle with a tail and a spur", us, []string{"denver--helena--1", "helena--omaha--1", "denver--omaha--1", "kansas-city--omaha--1", "denver--santa-fe--1", "el-paso--santa-fe--1"}, 17},
		// A square Kansas City-Saint Louis-Little Rock-Oklahoma City and a triangle Saint
		// Louis-Little Rock-Nashville share a side: only Saint Louis and Little Rock are odd,
		// so one path uses everything: 2+2+2+2+3+2.
		{"square and triangle sharing a side", us, []string{"kansas-city--saint-louis--1", "little-rock--saint-louis--1", "little-rock--oklahoma-city--1", "kansas-city--oklahoma-city--1", "little-rock--nashville--1", "nashville--saint-louis--1"}, 13},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rs := routeIndexes(t, tc.m, tc.routes...)
			if got := LongestPath(tc.m, rs); got != tc.want {
				t.Errorf("LongestPath = %d, want %d", got, tc.want)
			}
			if got := bruteLongest(tc.m, rs); got != tc.want {
				t.Errorf("exhaustive search = %d, want %d (the case is wrong)", got, tc.want)
			}
		})
	}
}
