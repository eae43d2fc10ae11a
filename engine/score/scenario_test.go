package score

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// readExpected decodes a scenario file's expected result, strictly.
func readExpected(t *testing.T, s *Scenario) Report {
	t.Helper()
	if s.Expected == nil {
		t.Fatal("the scenario has no expected result")
	}
	var want Report
	dec := json.NewDecoder(bytes.NewReader(s.Expected))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&want); err != nil {
		t.Fatalf("expected result: %v", err)
	}
	return want
}

// ticketsWith returns which of player p's tickets its own routes complete
// with the given borrowed routes (route ids; nil for none).
func ticketsWith(t *testing.T, s *Scenario, p int, borrowed map[string]*string) []bool {
	t.Helper()
	m := s.Map
	uf := newUnionFind(len(m.Cities))
	for _, r := range s.Players[p].Routes {
		uf.union(m.Routes[r].A, m.Routes[r].B)
	}
	for _, id := range borrowed {
		if id == nil {
			continue
		}
		r, ok := m.Route(*id)
		if !ok {
			t.Fatalf("borrowed route %q not on the map", *id)
		}
		uf.union(m.Routes[r].A, m.Routes[r].B)
	}
	done := make([]bool, len(s.Players[p].Tickets))
	for i, tk := range s.Players[p].Tickets {
		done[i] = uf.find(m.Tickets[tk].A) == uf.find(m.Tickets[tk].B)
	}
	return done
}

// checkStationRoutes checks a station choice that differs from the
// expected one: each station borrows, if anything, another player's route
// touching its city, and the choice completes exactly the tickets the
// expected choice completes (where several choices are equally good, any
// may be printed).
func checkStationRoutes(t *testing.T, s *Scenario, p int, got, want map[string]*string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("player %d station_routes = %v, want %v", p, show(got), show(want))
	}
	m := s.Map
	for city, id := range got {
		if _, ok := want[city]; !ok {
			t.Fatalf("player %d station_routes has city %q, want %v", p, city, show(want))
		}
		if id == nil {
			continue
		}
		r, ok := m.Route(*id)
		c, _ := m.City(city)
		if !ok || (m.Routes[r].A != c && m.Routes[r].B != c) {
			t.Fatalf("player %d station %q borrows %q, which does not touch it", p, city, *id)
		}
		for _, own := range s.Players[p].Routes {
			if own == r {
				t.Fatalf("player %d station %q borrows its own route %q", p, city, *id)
			}
		}
	}
	if g, w := ticketsWith(t, s, p, got), ticketsWith(t, s, p, want); !reflect.DeepEqual(g, w) {
		t.Errorf("player %d station_routes = %v completes %v; want %v, which completes %v", p, show(got), g, show(want), w)
	}
}

func show(routes map[string]*string) map[string]string {
	out := map[string]string{}
	for k, v := range routes {
		out[k] = "null"
		if v != nil {
			out[k] = *v
		}
	}
	return out
}

func TestScenarios(t *testing.T) {
	files, err := filepath.Glob("testdata/scenarios/*.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 24 {
		t.Fatalf("%d scenario files, want the 3 worked examples and at least 21 more", len(files))
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".json"), func(t *testing.T) {
			f, err := os.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			s, err := ReadScenario(f)
			if err != nil {
				t.Fatal(err)
			}
			want := readExpected(t, s)
			got := s.Report(s.Score())
			for i := range got.Players {
				if i < len(want.Players) && !reflect.DeepEqual(got.Players[i].StationRoutes, want.Players[i].StationRoutes) {
					checkStationRoutes(t, s, i, got.Players[i].StationRoutes, want.Players[i].StationRoutes)
					got.Players[i].StationRoutes = want.Players[i].StationRoutes
				}
			}
			if !reflect.DeepEqual(got, want) {
				g, _ := json.MarshalIndent(got, "", "  ")
				w, _ := json.MarshalIndent(want, "", "  ")
				t.Errorf("got\n%s\nwant\n%s", g, w)
			}
		})
	}
}
