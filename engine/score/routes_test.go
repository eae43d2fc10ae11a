package score_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"ttr/engine/score"
	"ttr/maps"
)

// grownNetwork returns a connected set of routes of at most 45 trains grown
// from a random city, preferring short routes: the hardest networks for a
// longest path search.
func grownNetwork(rng *rand.Rand, m *maps.Map) []int {
	inNet := map[int]bool{rng.IntN(len(m.Cities)): true}
	used := map[int]bool{}
	var routes []int
	trains := 0
	for range 200 {
		var cand []int
		for i, r := range m.Routes {
			if !used[i] && (inNet[r.A] || inNet[r.B]) && r.Length <= 3 && trains+r.Length <= 45 {
				cand = append(cand, i)
			}
		}
		if len(cand) == 0 {
			break
		}
		i := cand[rng.IntN(len(cand))]
		used[i] = true
		routes = append(routes, i)
		trains += m.Routes[i].Length
		inNet[m.Routes[i].A], inNet[m.Routes[i].B] = true, true
	}
	return routes
}

// TestLongestRoutesDenseNetworks checks LongestRoutes against
// score.LongestPath on dense networks of short routes.
func TestLongestRoutesDenseNetworks(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var worst, worstScore time.Duration
	for _, m := range []*maps.Map{maps.USA(), maps.Europe()} {
		for i := range 100 {
			routes := grownNetwork(rng, m)
			start := time.Now()
			got := score.LongestRoutes(m, routes)
			worst = max(worst, time.Since(start))
			start = time.Now()
			want := score.LongestPath(m, routes)
			worstScore = max(worstScore, time.Since(start))
			trains := 0
			for _, r := range got {
				trains += m.Routes[r].Length
			}
			if trains != want || !isPath(m, got) {
				t.Fatalf("%s #%d: routes %v (%d trains), LongestPath %d", m.ID, i, got, trains, want)
			}
		}
	}
	t.Logf("slowest search: LongestRoutes %v, score.LongestPath %v", worst, worstScore)
}

// TestLongestRoutes checks that the routes found form a path as long as
// LongestPath says, on random sets of routes of both maps.
func TestLongestRoutes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, m := range []*maps.Map{maps.USA(), maps.Europe()} {
		for i := range 300 {
			n := rng.IntN(25)
			var routes []int
			for range n {
				routes = append(routes, rng.IntN(len(m.Routes)))
			}
			got := score.LongestRoutes(m, routes)
			trains := 0
			used := map[int]bool{}
			for _, rt := range got {
				if used[rt] {
					t.Fatalf("%s #%d: route %d used twice", m.ID, i, rt)
				}
				used[rt] = true
				trains += m.Routes[rt].Length
			}
			if want := score.LongestPath(m, routes); trains != want {
				t.Fatalf("%s #%d: routes %v: path of %d trains, LongestPath %d", m.ID, i, got, trains, want)
			}
			// Consecutive routes share a city: it is one path.
			if len(got) > 0 && !isPath(m, got) {
				t.Fatalf("%s #%d: %v is not a path", m.ID, i, got)
			}
		}
	}
}

// isPath reports whether routes, in order, run one after the other.
func isPath(m *maps.Map, routes []int) bool {
	if len(routes) == 0 {
		return true
	}
	first := m.Routes[routes[0]]
	for _, start := range []int{first.A, first.B} {
		city, ok := start, true
		for _, rt := range routes {
			r := m.Routes[rt]
			if r.A != city && r.B != city {
				ok = false
				break
			}
			city = r.Other(city)
		}
		if ok {
			return true
		}
	}
	return false
}
