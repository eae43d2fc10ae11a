package score

import (
	"slices"

	"ttr/maps"
)

// LongestRoutes returns the routes of one longest continuous path of the
// given routes (route indexes in m.Routes), in the order the path runs: the
// path may pass through a city more than once but uses each route at most
// once, as in LongestPath, whose length it has. The end screen draws
// it on the board. Among paths of equal length the first found from the
// lowest-numbered city wins, so the answer is deterministic.
//
// A longest path is either a closed tour of a whole component whose cities
// all have an even number of routes, or it starts and ends at cities with an
// odd number of routes (otherwise it could be extended at an end), so only
// those cities start the search, which stops at the first path as long as
// LongestPath.
func LongestRoutes(m *maps.Map, routes []int) []int {
	routes = slices.Clone(routes)
	slices.Sort(routes)
	routes = slices.Compact(routes)
	adj := map[int][]int{} // city -> indexes into routes
	for i, r := range routes {
		rt := &m.Routes[r]
		adj[rt.A] = append(adj[rt.A], i)
		adj[rt.B] = append(adj[rt.B], i)
	}
	cities := make([]int, 0, len(adj))
	for c := range adj {
		cities = append(cities, c)
	}
	slices.Sort(cities)

	// Components, to know the trains still unused in each (pruning) and
	// whether a component has a city with an odd number of routes.
	comp := map[int]int{}
	var compTrains []int
	var compOdd []bool
	for _, c := range cities {
		if _, ok := comp[c]; ok {
			continue
		}
		id := len(compTrains)
		compTrains = append(compTrains, 0)
		compOdd = append(compOdd, false)
		stack := []int{c}
		comp[c] = id
		seen := map[int]bool{}
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if len(adj[x])%2 == 1 {
				compOdd[id] = true
			}
			for _, i := range adj[x] {
				if !seen[i] {
					seen[i] = true
					compTrains[id] += m.Routes[routes[i]].Length
				}
				y := m.Routes[routes[i]].Other(x)
				if _, ok := comp[y]; !ok {
					comp[y] = id
					stack = append(stack, y)
				}
			}
		}
	}

	// The length is known (LongestPath's search is fast): stop at the first path
	// that long.
	target := LongestPath(m, routes)
	used := make([]bool, len(routes))
	var path, best []int
	bestLen := 0
	var dfs func(city, length, left int)
	dfs = func(city, length, left int) {
		if length > bestLen {
			bestLen = length
			best = slices.Clone(path)
		}
		if length+left <= bestLen || bestLen == target {
			return
		}
		for _, i := range adj[city] {
			if used[i] {
				continue
			}
			rt := &m.Routes[routes[i]]
			used[i] = true
			path = append(path, routes[i])
			dfs(rt.Other(city), length+rt.Length, left-rt.Length)
			path = path[:len(path)-1]
			used[i] = false
		}
	}
	started := map[int]bool{}
	for _, c := range cities {
		id := comp[c]
		if compOdd[id] && len(adj[c])%2 == 0 {
			continue
		}
		if !compOdd[id] {
			if started[id] {
				continue
			}
			started[id] = true
		}
		dfs(c, 0, compTrains[id])
		if bestLen == target {
			break
		}
	}
	return best
}
