package input_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"ttr/engine/score"
	"ttr/input"
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
			got := input.LongestRoutes(m, routes)
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
