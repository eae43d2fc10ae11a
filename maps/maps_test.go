package maps

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The counts established in shared/maps/PROVENANCE.md, asserted as
// shared/maps/check.py asserts them.
type counts struct {
	cities, routes, pairs, doubles, spaces, tickets, long int
	tunnels, ferries, locoSpaces, ticketPoints            int
	lengths                                               map[int]int
	colours                                               map[Color]int
}

func count(m *Map) counts {
	c := counts{
		cities: len(m.Cities), routes: len(m.Routes), tickets: len(m.Tickets),
		lengths: map[int]int{}, colours: map[Color]int{},
	}
	pairs := map[[2]int]bool{}
	for _, r := range m.Routes {
		pairs[[2]int{r.A, r.B}] = true
		if r.Twin > r.Index {
			c.doubles++
		}
		c.spaces += r.Length
		c.lengths[r.Length]++
		c.colours[r.Color]++
		c.locoSpaces += r.Locomotives
		switch r.Kind {
		case Tunnel:
			c.tunnels++
		case Ferry:
			c.ferries++
		}
	}
	c.pairs = len(pairs)
	for _, t := range m.Tickets {
		c.ticketPoints += t.Points
		if t.Long {
			c.long++
		}
	}
	return c
}

func eachColour(n int) map[Color]int {
	m := map[Color]int{}
	for c := Purple; c <= Red; c++ {
		m[c] = n
	}
	return m
}

func TestCounts(t *testing.T) {
	usaColours := eachColour(7)
	usaColours[Gray] = 44
	euColours := eachColour(8)
	euColours[Gray] = 37
	for _, tc := range []struct {
		id   string
		want counts
	}{
		{"usa", counts{
			cities: 36, routes: 100, pairs: 78, doubles: 22, spaces: 309, tickets: 30, ticketPoints: 349,
			lengths: map[int]int{1: 9, 2: 36, 3: 20, 4: 16, 5: 10, 6: 9}, colours: usaColours,
		}},
		{"europe", counts{
			cities: 47, routes: 101, pairs: 90, doubles: 11, spaces: 300, tickets: 46, long: 6,
			tunnels: 18, ferries: 13, locoSpaces: 17, ticketPoints: 444,
			lengths: map[int]int{1: 4, 2: 35, 3: 30, 4: 29, 6: 2, 8: 1}, colours: euColours,
		}},
	} {
		t.Run(tc.id, func(t *testing.T) {
			m, err := Load(tc.id)
			if err != nil {
				t.Fatal(err)
			}
			got := count(m)
			// fmt prints maps sorted by key, so equal counts print equal.
			if g, w := fmt.Sprintf("%+v", got), fmt.Sprintf("%+v", tc.want); g != w {
				t.Errorf("counts:\ngot  %s\nwant %s", g, w)
			}
		})
	}
}

func TestReferencesResolve(t *testing.T) {
	for _, id := range Maps() {
		m, err := Load(id)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range m.Routes {
			if got, ok := m.Route(r.ID); !ok || got != r.Index {
				t.Errorf("%s: Route(%q) = %d, %v; want %d", id, r.ID, got, ok, r.Index)
			}
			want := fmt.Sprintf("%s--%s--", m.Cities[r.A].ID, m.Cities[r.B].ID)
			if !strings.HasPrefix(r.ID, want) {
				t.Errorf("%s: route %q joins %s", id, r.ID, want)
			}
			if r.Twin >= 0 && m.Routes[r.Twin].Twin != r.Index {
				t.Errorf("%s: route %q: twin %q does not point back", id, r.ID, m.Routes[r.Twin].ID)
			}
			if r.Points != m.Rules.Scoring[r.Length] || r.Points == 0 {
				t.Errorf("%s: route %q: %d points for length %d", id, r.ID, r.Points, r.Length)
			}
		}
		for _, tk := range m.Tickets {
			if got, ok := m.Ticket(m.Cities[tk.B].ID, m.Cities[tk.A].ID); !ok || got != tk.Index {
				t.Errorf("%s: ticket %d not found by its cities in reverse order", id, tk.Index)
			}
		}
		for _, c := range m.Cities {
			if got, ok := m.City(c.ID); !ok || got != c.Index {
				t.Errorf("%s: City(%q) = %d, %v", id, c.ID, got, ok)
			}
		}
	}
}

func TestRulesPerMap(t *testing.T) {
	usa, eu := USA(), Europe()
	if got := usa.Rules.Scoring; fmt.Sprint(got) != "map[1:1 2:2 3:4 4:7 5:10 6:15]" {
		t.Errorf("usa scoring %v", got)
	}
	if got := eu.Rules.Scoring; fmt.Sprint(got) != "map[1:1 2:2 3:4 4:7 6:15 8:21]" {
		t.Errorf("europe scoring %v", got)
	}
	if usa.Rules.Stations != 0 || eu.Rules.Stations != 3 {
		t.Errorf("stations: usa %d, europe %d; want 0 and 3", usa.Rules.Stations, eu.Rules.Stations)
	}
	if usa.Rules.SetupReturned != ToBottom || eu.Rules.SetupReturned != ToBox {
		t.Errorf("set-up returned tickets: usa %v, europe %v", usa.Rules.SetupReturned, eu.Rules.SetupReturned)
	}
	if eu.Rules.SetupLongTickets != 1 || eu.Rules.SetupTickets != 3 || eu.Rules.SetupKeep != 2 {
		t.Errorf("europe set-up tickets: %+v", eu.Rules)
	}
	if usa.Rules.SetupLongTickets != 0 || usa.Rules.SetupTickets != 3 || usa.Rules.SetupKeep != 2 {
		t.Errorf("usa set-up tickets: %+v", usa.Rules)
	}
}

// The rule book's examples, checked one by one.
func TestSpotRoutes(t *testing.T) {
	m := Europe()
	for _, tc := range []struct {
		id     string
		length int
		color  Color
		kind   Kind
		locos  int
	}{
		{"palermo--smyrna--1", 6, Gray, Ferry, 2},
		{"madrid--pamplona--1", 3, Black, Tunnel, 0},
		{"madrid--pamplona--2", 3, White, Tunnel, 0},
		{"petrograd--stockholm--1", 8, Gray, Tunnel, 0},
	} {
		i, ok := m.Route(tc.id)
		if !ok {
			t.Errorf("%s: missing", tc.id)
			continue
		}
		r := m.Routes[i]
		if r.Length != tc.length || r.Color != tc.color || r.Kind != tc.kind || r.Locomotives != tc.locos {
			t.Errorf("%s = %d %v %v %d; want %d %v %v %d", tc.id, r.Length, r.Color, r.Kind, r.Locomotives,
				tc.length, tc.color, tc.kind, tc.locos)
		}
	}
	if c, _ := m.City("munchen"); m.Cities[c].Name != "München" {
		t.Errorf("munchen is named %q; want the board's spelling München", m.Cities[c].Name)
	}
}

// Each broken copy in testdata fails with an error naming what is wrong.
func TestBrokenData(t *testing.T) {
	rules, err := os.ReadFile("data/rules.json")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("testdata/*.json")
	if len(files) < 10 {
		t.Fatalf("found %d broken copies in testdata; want them all", len(files))
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".want")
			if err != nil {
				t.Fatal(err)
			}
			_, err = Parse(data, rules)
			if err == nil {
				t.Fatalf("Parse accepted a broken file; want an error containing %q", want)
			}
			if !strings.Contains(err.Error(), strings.TrimSpace(string(want))) {
				t.Errorf("error %q\nwant it to contain %q", err, strings.TrimSpace(string(want)))
			}
			if !strings.HasPrefix(err.Error(), "maps: ") {
				t.Errorf("error %q lacks the package prefix", err)
			}
		})
	}
}

func TestBrokenRules(t *testing.T) {
	data, err := os.ReadFile("data/usa.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ rules, want string }{
		{`{}`, "rules file has no entry for this map"},
		{`{"usa": {"scoring": {"1": 1}, "stations": 0, "setup_tickets": 3, "setup_long_tickets": 0, "setup_keep": 2, "returned_tickets": "bottom"}}`,
			"length 2 is not in the map's scoring table"},
		{`{"usa": {"scoring": {"x": 1}, "stations": 0, "setup_tickets": 3, "setup_long_tickets": 0, "setup_keep": 2, "returned_tickets": "bottom"}}`,
			`scoring: length "x"`},
		{`{"usa": {"scoring": {"1": 1}, "stations": 0, "setup_tickets": 3, "setup_long_tickets": 0, "setup_keep": 4, "returned_tickets": "bottom"}}`,
			"setup_keep 4"},
		{`{"usa": {"scoring": {"1": 1}, "stations": 0, "setup_tickets": 3, "setup_long_tickets": 0, "setup_keep": 2, "returned_tickets": "floor"}}`,
			`returned_tickets "floor"`},
		{`{"usa": {"stations": 0, "colour": 3}}`, `unknown field "colour"`},
	} {
		_, err := Parse(data, []byte(tc.rules))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("rules %s: error %v; want it to contain %q", tc.rules, err, tc.want)
		}
	}
}

func TestUnknownMap(t *testing.T) {
	if _, err := Load("mars"); err == nil || !strings.Contains(err.Error(), `unknown map "mars"`) {
		t.Errorf("Load(mars) = %v", err)
	}
}

// TestOneMapPerID checks a map is one thing: every Load of an id returns
// the same Map (the screen lays a map out once, for every game on it).
func TestOneMapPerID(t *testing.T) {
	for _, id := range Maps() {
		a, err := Load(id)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Load(id)
		if a != b {
			t.Errorf("Load(%q) twice: two maps", id)
		}
	}
	if Europe() == USA() {
		t.Error("Europe and USA are one map")
	}
}

func ExampleMap_Route() {
	m := Europe()
	i, _ := m.Route("palermo--smyrna--1")
	r := m.Routes[i]
	fmt.Println(m.Cities[r.A].Name, "-", m.Cities[r.B].Name, r.Length, r.Kind, r.Locomotives, r.Points)
	// Output: Palermo - Smyrna 6 ferry 2 15
}
