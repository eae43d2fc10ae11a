package engine

// A routeSet is a set of routes by their index in maps.Map.Routes (a
// bitset: maps have at most maxRoutes routes). The zero value is empty.
type routeSet [2]uint64

func (s *routeSet) add(r int) { s[r>>6] |= 1 << (r & 63) }

func (s *routeSet) remove(r int) { s[r>>6] &^= 1 << (r & 63) }

func (s routeSet) has(r int) bool { return s[r>>6]&(1<<(r&63)) != 0 }

func (s routeSet) union(t routeSet) routeSet { return routeSet{s[0] | t[0], s[1] | t[1]} }
