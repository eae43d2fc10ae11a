package score

import (
	"math/rand/v2"
	"slices"
	"testing"

	"ttr/maps"
)

// bruteLongest is the definition of the longest path, searched without any
// reduction or pruning: every trail from every city.
func bruteLongest(m *maps.Map, routes []int) int {
	routes = slices.Compact(slices.Sorted(slices.Values(routes)))
	best := 0
	used := make([]bool, len(routes))
	var walk func(city, cur int)
	walk = func(city, cur int) {
		best = max(best, cur)
		for i, r := range routes {
			rt := &m.Routes[r]
			if used[i] || (rt.A != city && rt.B != city) {
				continue
			}
			used[i] = true
			walk(rt.Other(city), cur+rt.Length)
			used[i] = false
		}
	}
	for c := range m.Cities {
		walk(c, 0)
	}
	return best
}

// randomBoard returns a legal set of routes for one player: up to limit
// routes and 45 trains, never both halves of a double, grown from a random
// city so that it forms cycles, preferring short routes when short is set.
func randomBoard(m *maps.Map, rng *rand.Rand, limit int, short bool) []int {
	held := map[int]bool{}
	cities := map[int]bool{rng.IntN(len(m.Cities)): true}
	var routes []int
	trains := 0
	for tries := 0; tries < 4000 && len(routes) < limit; tries++ {
		r := rng.IntN(len(m.Routes))
		rt := &m.Routes[r]
		switch {
		case held[r], rt.Twin >= 0 && held[rt.Twin], trains+rt.Length > Trains:
			continue
		case !cities[rt.A] && !cities[rt.B] && rng.IntN(8) > 0:
			continue
		case short && rt.Length > 1+rng.IntN(3):
			continue
		}
		held[r] = true
		cities[rt.A], cities[rt.B] = true, true
		routes = append(routes, r)
		trains += rt.Length
	}
	return routes
}

func routeIndexes(t testing.TB, m *maps.Map, ids ...string) []int {
	t.Helper()
	rs := make([]int, len(ids))
	for i, id := range ids {
		r, ok := m.Route(id)
		if !ok {
			t.Fatalf("route %q not on the %s map", id, m.ID)
		}
		rs[i] = r
	}
	return rs
}

// denseBoards are legal 45-train boards of many short routes forming many
// cycles, found by a hill-climbing search (random boards of short routes,
// one or two routes swapped at a time) for the boards that make each
// version of LongestPath work hardest. want is the longest path as
// bruteLongest finds it.
var denseBoards = []struct {
	name, mapID string
	want        int
	routes      []string
}{
	{"europe-paris-frankfurt-mesh", "europe", 38, []string{"berlin--wien--1", "wien--zagrab--1", "munchen--venezia--1", "venezia--zurich--1", "frankfurt--paris--2", "amsterdam--frankfurt--1", "bruxelles--paris--2", "venezia--zagrab--1", "berlin--frankfurt--2", "berlin--essen--1", "munchen--zurich--1", "paris--zurich--1", "frankfurt--munchen--1", "bruxelles--dieppe--1", "dieppe--london--1", "amsterdam--london--1", "amsterdam--bruxelles--1", "bruxelles--frankfurt--1", "budapest--zagrab--1", "essen--frankfurt--1", "dieppe--paris--1", "budapest--wien--2"}},
	{"europe-two-meshes", "europe", 32, []string{"bruxelles--dieppe--1", "bruxelles--paris--2", "amsterdam--frankfurt--1", "roma--venezia--1", "frankfurt--paris--1", "venezia--zagrab--1", "barcelona--pamplona--1", "barcelona--marseille--1", "frankfurt--munchen--1", "munchen--zurich--1", "amsterdam--london--1", "amsterdam--bruxelles--1", "marseille--zurich--1", "munchen--venezia--1", "marseille--pamplona--1", "barcelona--madrid--1", "madrid--pamplona--2", "dieppe--london--1", "brest--dieppe--1", "dieppe--paris--1", "budapest--wien--2"}},
	{"usa-east-mesh", "usa", 31, []string{"boston--new-york--2", "pittsburgh--washington--1", "charleston--raleigh--1", "little-rock--new-orleans--1", "dallas--houston--2", "atlanta--raleigh--1", "little-rock--oklahoma-city--1", "dallas--little-rock--1", "chicago--saint-louis--2", "new-york--pittsburgh--2", "kansas-city--omaha--1", "kansas-city--saint-louis--1", "boston--montreal--1", "new-york--washington--1", "raleigh--washington--1", "nashville--saint-louis--1", "atlanta--nashville--1", "pittsburgh--toronto--1", "kansas-city--oklahoma-city--2", "houston--new-orleans--1", "dallas--oklahoma-city--1", "pittsburgh--raleigh--1", "portland--seattle--2", "atlanta--charleston--1"}},
	{"usa-three-blocks", "usa", 32, []string{"nashville--saint-louis--1", "little-rock--nashville--1", "chicago--pittsburgh--2", "kansas-city--saint-louis--2", "pittsburgh--washington--1", "dallas--little-rock--1", "chicago--omaha--1", "boston--montreal--1", "dallas--oklahoma-city--1", "little-rock--oklahoma-city--1", "charleston--raleigh--1", "raleigh--washington--1", "duluth--omaha--1", "new-york--washington--2", "chicago--saint-louis--2", "atlanta--charleston--1", "kansas-city--omaha--1", "kansas-city--oklahoma-city--2", "atlanta--nashville--1", "boston--new-york--1", "dallas--houston--2", "atlanta--raleigh--2"}},
	{"europe-three-blocks", "europe", 28, []string{"amsterdam--essen--1", "bruxelles--dieppe--1", "paris--zurich--1", "munchen--venezia--1", "amsterdam--frankfurt--1", "munchen--zurich--1", "essen--kobenhavn--1", "frankfurt--munchen--1", "berlin--frankfurt--1", "berlin--warszawa--2", "bruxelles--paris--2", "brest--dieppe--1", "dieppe--london--1", "venezia--zurich--1", "venezia--zagrab--1", "wien--zagrab--1", "dieppe--paris--1", "berlin--essen--1", "budapest--wien--2", "budapest--zagrab--1", "amsterdam--bruxelles--1"}},
	{"usa-dense-east", "usa", 33, []string{"dallas--oklahoma-city--1", "nashville--saint-louis--1", "pittsburgh--washington--1", "chicago--omaha--1", "chicago--pittsburgh--2", "kansas-city--oklahoma-city--1", "little-rock--nashville--1", "kansas-city--saint-louis--2", "little-rock--oklahoma-city--1", "atlanta--charleston--1", "raleigh--washington--2", "dallas--little-rock--1", "new-york--washington--2", "atlanta--nashville--1", "pittsburgh--toronto--1", "new-york--pittsburgh--1", "atlanta--raleigh--1", "dallas--houston--1", "charleston--raleigh--1", "chicago--saint-louis--2", "boston--new-york--1", "kansas-city--omaha--1"}},
	{"europe-dense-west", "europe", 34, []string{"venezia--zagrab--1", "bruxelles--dieppe--1", "amsterdam--bruxelles--1", "berlin--wien--1", "budapest--zagrab--1", "paris--zurich--1", "frankfurt--paris--2", "amsterdam--frankfurt--1", "wien--zagrab--1", "berlin--frankfurt--1", "berlin--danzig--1", "dieppe--paris--1", "danzig--riga--1", "budapest--wien--1", "venezia--zurich--1", "marseille--zurich--1", "munchen--zurich--1", "bruxelles--paris--1", "dieppe--london--2", "amsterdam--london--1"}},
	{"usa-east-rings", "usa", 34, []string{"new-york--pittsburgh--2", "chicago--saint-louis--2", "little-rock--nashville--1", "chicago--pittsburgh--1", "new-york--washington--1", "kansas-city--oklahoma-city--1", "raleigh--washington--2", "chicago--duluth--1", "charleston--raleigh--1", "pittsburgh--toronto--1", "atlanta--charleston--1", "dallas--little-rock--1", "boston--new-york--1", "little-rock--saint-louis--1", "atlanta--raleigh--1", "atlanta--nashville--1", "nashville--saint-louis--1", "dallas--houston--2", "kansas-city--saint-louis--2", "little-rock--oklahoma-city--1", "pittsburgh--washington--1", "dallas--oklahoma-city--1"}},
	{"europe-west-rings", "europe", 32, []string{"brest--dieppe--1", "frankfurt--munchen--1", "marseille--zurich--1", "brest--pamplona--1", "munchen--zurich--1", "venezia--zurich--1", "dieppe--london--1", "amsterdam--frankfurt--1", "barcelona--madrid--1", "barcelona--marseille--1", "marseille--pamplona--1", "brest--paris--1", "bruxelles--dieppe--1", "bruxelles--paris--1", "munchen--venezia--1", "barcelona--pamplona--1", "amsterdam--bruxelles--1", "dieppe--paris--1", "bruxelles--frankfurt--1", "roma--venezia--1"}},
	{"europe-loops-and-tails", "europe", 31, []string{"munchen--zurich--1", "frankfurt--munchen--1", "bruxelles--dieppe--1", "marseille--zurich--1", "amsterdam--essen--1", "essen--frankfurt--1", "paris--zurich--1", "marseille--paris--1", "amsterdam--frankfurt--1", "marseille--roma--1", "brest--dieppe--1", "venezia--zagrab--1", "roma--venezia--1", "amsterdam--bruxelles--1", "munchen--venezia--1", "bruxelles--paris--2", "dieppe--paris--1", "dieppe--london--1", "palermo--roma--1"}},
	{"usa-rings-and-tails", "usa", 34, []string{"pittsburgh--washington--1", "chicago--pittsburgh--1", "atlanta--nashville--1", "nashville--saint-louis--1", "kansas-city--oklahoma-city--1", "raleigh--washington--1", "atlanta--raleigh--2", "little-rock--oklahoma-city--1", "dallas--oklahoma-city--2", "boston--new-york--1", "dallas--houston--2", "dallas--little-rock--1", "little-rock--saint-louis--1", "little-rock--nashville--1", "chicago--saint-louis--2", "charleston--raleigh--1", "new-york--pittsburgh--1", "atlanta--charleston--1", "pittsburgh--toronto--1", "kansas-city--saint-louis--2", "new-york--washington--2", "kansas-city--omaha--2", "portland--seattle--2", "seattle--vancouver--1"}},
	{"usa-mesh-with-spurs", "usa", 29, []string{"nashville--raleigh--1", "little-rock--oklahoma-city--1", "chicago--pittsburgh--2", "little-rock--saint-louis--1", "pittsburgh--toronto--1", "little-rock--nashville--1", "kansas-city--saint-louis--2", "dallas--oklahoma-city--1", "pittsburgh--raleigh--1", "atlanta--raleigh--2", "nashville--saint-louis--1", "chicago--saint-louis--2", "chicago--omaha--1", "raleigh--washington--1", "duluth--omaha--1", "portland--seattle--2", "charleston--raleigh--1", "kansas-city--oklahoma-city--2", "new-york--pittsburgh--2", "pittsburgh--washington--1", "kansas-city--omaha--1"}},
	{"usa-central-mesh", "usa", 32, []string{"chicago--pittsburgh--1", "chicago--omaha--1", "nashville--saint-louis--1", "nashville--raleigh--1", "chicago--duluth--1", "kansas-city--saint-louis--1", "little-rock--saint-louis--1", "little-rock--oklahoma-city--1", "dallas--oklahoma-city--1", "pittsburgh--washington--1", "kansas-city--oklahoma-city--2", "atlanta--raleigh--2", "charleston--raleigh--1", "pittsburgh--raleigh--1", "new-york--washington--2", "kansas-city--omaha--2", "raleigh--washington--1", "dallas--little-rock--1", "dallas--houston--1", "duluth--omaha--1", "atlanta--nashville--1", "portland--seattle--2"}},
	{"usa-east-web", "usa", 33, []string{"nashville--saint-louis--1", "chicago--pittsburgh--2", "new-york--washington--2", "little-rock--nashville--1", "little-rock--oklahoma-city--1", "atlanta--raleigh--2", "chicago--saint-louis--1", "dallas--little-rock--1", "atlanta--nashville--1", "chicago--omaha--1", "pittsburgh--washington--1", "charleston--raleigh--1", "kansas-city--saint-louis--2", "atlanta--charleston--1", "raleigh--washington--1", "dallas--houston--2", "kansas-city--oklahoma-city--1", "kansas-city--omaha--2", "pittsburgh--toronto--1", "boston--new-york--2", "dallas--oklahoma-city--1", "new-york--pittsburgh--2"}},
	{"europe-alps-web", "europe", 29, []string{"berlin--wien--1", "wien--zagrab--1", "venezia--zagrab--1", "budapest--sarajevo--1", "paris--zurich--1", "amsterdam--essen--1", "amsterdam--bruxelles--1", "berlin--frankfurt--2", "munchen--zurich--1", "berlin--essen--1", "bruxelles--paris--1", "budapest--zagrab--1", "dieppe--paris--1", "bruxelles--dieppe--1", "venezia--zurich--1", "marseille--zurich--1", "roma--venezia--1", "amsterdam--frankfurt--1", "madrid--pamplona--1", "brest--dieppe--1", "budapest--wien--2"}},
	{"usa-east-lattice", "usa", 33, []string{"pittsburgh--washington--1", "little-rock--nashville--1", "little-rock--oklahoma-city--1", "raleigh--washington--1", "kansas-city--oklahoma-city--2", "nashville--saint-louis--1", "new-york--pittsburgh--2", "kansas-city--saint-louis--1", "chicago--omaha--1", "atlanta--nashville--1", "pittsburgh--toronto--1", "chicago--pittsburgh--1", "dallas--little-rock--1", "new-york--washington--1", "charleston--raleigh--1", "atlanta--charleston--1", "chicago--saint-louis--2", "dallas--houston--1", "dallas--oklahoma-city--1", "boston--new-york--1", "kansas-city--omaha--1", "atlanta--raleigh--1"}},
	{"europe-central-lattice", "europe", 30, []string{"amsterdam--frankfurt--1", "berlin--wien--1", "munchen--venezia--1", "frankfurt--munchen--1", "amsterdam--essen--1", "bruxelles--dieppe--1", "budapest--zagrab--1", "bruxelles--paris--2", "sarajevo--zagrab--1", "roma--venezia--1", "brindisi--roma--1", "budapest--wien--1", "budapest--sarajevo--1", "bruxelles--frankfurt--1", "amsterdam--bruxelles--1", "berlin--essen--1", "munchen--wien--1", "venezia--zagrab--1", "essen--frankfurt--1", "angora--constantinople--1", "sarajevo--sofia--1"}},
	{"usa-southeast-mesh", "usa", 36, []string{"kansas-city--omaha--1", "little-rock--nashville--1", "kansas-city--oklahoma-city--2", "dallas--little-rock--1", "raleigh--washington--1", "nashville--saint-louis--1", "little-rock--new-orleans--1", "little-rock--saint-louis--1", "houston--new-orleans--1", "atlanta--charleston--1", "pittsburgh--raleigh--1", "chicago--saint-louis--2", "nashville--raleigh--1", "dallas--oklahoma-city--1", "atlanta--nashville--1", "charleston--raleigh--1", "atlanta--raleigh--2", "little-rock--oklahoma-city--1", "atlanta--new-orleans--2", "seattle--vancouver--1", "dallas--houston--2", "kansas-city--saint-louis--1"}},
}

func TestLongestPathDenseBoards(t *testing.T) {
	for _, b := range denseBoards {
		t.Run(b.name, func(t *testing.T) {
			m, err := maps.Load(b.mapID)
			if err != nil {
				t.Fatal(err)
			}
			rs := routeIndexes(t, m, b.routes...)
			if err := Validate(m, []Player{{Name: "a", Routes: rs}, {Name: "b"}}); err != nil {
				t.Fatalf("board not legal: %v", err)
			}
			if got := LongestPath(m, rs); got != b.want {
				t.Errorf("LongestPath = %d, want %d", got, b.want)
			}
			if got := bruteLongest(m, rs); got != b.want {
				t.Errorf("exhaustive search = %d, want %d", got, b.want)
			}
		})
	}
}

func TestLongestPathMatchesExhaustiveSearch(t *testing.T) {
	for _, m := range []*maps.Map{maps.USA(), maps.Europe()} {
		rng := rand.New(rand.NewPCG(7, uint64(len(m.Routes))))
		for i := range 400 {
			rs := randomBoard(m, rng, 4+i%11, i%2 == 0)
			got, want := LongestPath(m, rs), bruteLongest(m, rs)
			if got != want {
				var ids []string
				for _, r := range rs {
					ids = append(ids, m.Routes[r].ID)
				}
				t.Fatalf("%s board %q: LongestPath = %d, want %d", m.ID, ids, got, want)
			}
		}
	}
}
