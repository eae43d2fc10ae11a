package score

import (
	"fmt"

	"ttr/maps"
)

// Validate checks that players describe a board a game of m can end with:
// 2 to 5 players with distinct, non-empty names; known route, city and ticket
// indexes; no route, station city or ticket held twice; never both halves of
// a double route by one player, nor at all with 2 or 3 players; at most 45
// trains of routes each; at most m.Rules.Stations stations each (none on the
// USA map). The error names the first fault and where it is, e.g.
// `score: player "red": route "paris--wien--1": already held by player "blue"`.
func Validate(m *maps.Map, players []Player) error {
	if n := len(players); n < 2 || n > 5 {
		return fmt.Errorf("score: %s: want 2 to 5", countPlayers(n))
	}
	names := map[string]bool{}
	for i, p := range players {
		if p.Name == "" {
			return fmt.Errorf("score: player %d: no name", i+1)
		}
		if names[p.Name] {
			return fmt.Errorf("score: player %q: name used twice", p.Name)
		}
		names[p.Name] = true
	}
	routeHolder := make([]int, len(m.Routes))
	stationHolder := make([]int, len(m.Cities))
	ticketHolder := make([]int, len(m.Tickets))
	for _, h := range [][]int{routeHolder, stationHolder, ticketHolder} {
		for i := range h {
			h[i] = -1
		}
	}
	for i, p := range players {
		fail := func(format string, args ...any) error {
			return fmt.Errorf("score: player %q: "+format, append([]any{p.Name}, args...)...)
		}
		trains := 0
		for _, r := range p.Routes {
			if r < 0 || r >= len(m.Routes) {
				return fail("route %d: unknown route (the %s map has %d)", r, m.ID, len(m.Routes))
			}
			rt := &m.Routes[r]
			switch h := routeHolder[r]; {
			case h == i:
				return fail("route %q: listed twice", rt.ID)
			case h >= 0:
				return fail("route %q: already held by player %q", rt.ID, players[h].Name)
			}
			if rt.Twin >= 0 {
				twin := m.Routes[rt.Twin].ID
				switch h := routeHolder[rt.Twin]; {
				case h == i:
					return fail("route %q: both halves of a double route (also holds %q)", rt.ID, twin)
				case h >= 0 && len(players) <= 3:
					return fail("route %q: the other half %q is held by player %q, and with 2 or 3 players a double route closes once one half is taken",
						rt.ID, twin, players[h].Name)
				}
			}
			routeHolder[r] = i
			trains += rt.Length
		}
		if trains > Trains {
			return fail("routes of %d trains: a player has only %d", trains, Trains)
		}
		if len(p.Stations) > 0 && m.Rules.Stations == 0 {
			return fail("stations: the %s map has no stations", m.ID)
		}
		if len(p.Stations) > m.Rules.Stations {
			return fail("%d stations: a player has only %d", len(p.Stations), m.Rules.Stations)
		}
		for _, c := range p.Stations {
			if c < 0 || c >= len(m.Cities) {
				return fail("station at city %d: unknown city (the %s map has %d)", c, m.ID, len(m.Cities))
			}
			switch h := stationHolder[c]; {
			case h == i:
				return fail("station %q: listed twice", m.Cities[c].ID)
			case h >= 0:
				return fail("station %q: player %q already has a station there", m.Cities[c].ID, players[h].Name)
			}
			stationHolder[c] = i
		}
		for _, t := range p.Tickets {
			if t < 0 || t >= len(m.Tickets) {
				return fail("ticket %d: unknown ticket (the %s map has %d)", t, m.ID, len(m.Tickets))
			}
			name := m.Cities[m.Tickets[t].A].ID + "-" + m.Cities[m.Tickets[t].B].ID
			switch h := ticketHolder[t]; {
			case h == i:
				return fail("ticket %q: listed twice", name)
			case h >= 0:
				return fail("ticket %q: already held by player %q", name, players[h].Name)
			}
			ticketHolder[t] = i
		}
	}
	return nil
}
