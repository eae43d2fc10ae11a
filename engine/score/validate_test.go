package score

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ttr/maps"
)

var update = flag.Bool("update", false, "rewrite the .want files of testdata/invalid")

// TestInvalidScenarios reads each scenario of testdata/invalid and checks
// its one-line error against the .want file beside it.
func TestInvalidScenarios(t *testing.T) {
	files, err := filepath.Glob("testdata/invalid/*.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no invalid scenarios")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		t.Run(name, func(t *testing.T) {
			f, err := os.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			_, err = ReadScenario(f)
			if err == nil {
				t.Fatal("ReadScenario accepted it")
			}
			got := err.Error()
			if strings.Contains(got, "\n") || !strings.HasPrefix(got, "score: ") {
				t.Errorf("error %q: want one line starting with \"score: \"", got)
			}
			wantFile := strings.TrimSuffix(file, ".json") + ".want"
			if *update {
				if err := os.WriteFile(wantFile, []byte(got+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(wantFile)
			if err != nil {
				t.Fatal(err)
			}
			if got != strings.TrimSuffix(string(want), "\n") {
				t.Errorf("error:\ngot  %s\nwant %s", got, want)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	eu, us := maps.Europe(), maps.USA()
	r := func(m *maps.Map, id string) int {
		i, ok := m.Route(id)
		if !ok {
			t.Fatalf("route %q not on the %s map", id, m.ID)
		}
		return i
	}
	c := func(m *maps.Map, id string) int {
		i, ok := m.City(id)
		if !ok {
			t.Fatalf("city %q not on the %s map", id, m.ID)
		}
		return i
	}
	tk := func(m *maps.Map, a, b string) int {
		i, ok := m.Ticket(a, b)
		if !ok {
			t.Fatalf("ticket %s-%s not on the %s map", a, b, m.ID)
		}
		return i
	}
	two := func(p Player) []Player { return []Player{p, {Name: "blue"}} }
	tests := []struct {
		name    string
		m       *maps.Map
		players []Player
		want    string // "" for valid
	}{
		{"valid europe", eu, []Player{
			{Name: "red", Routes: []int{r(eu, "paris--zurich--1")}, Stations: []int{c(eu, "wien"), c(eu, "roma"), c(eu, "lisboa")}, Tickets: []int{tk(eu, "paris", "wien")}},
			{Name: "blue", Routes: []int{r(eu, "munchen--wien--1")}, Stations: []int{c(eu, "paris")}},
		}, ""},
		{"45 trains exactly", us, two(Player{Name: "red", Routes: []int{
			r(us, "el-paso--houston--1"), r(us, "el-paso--los-angeles--1"), r(us, "helena--seattle--1"), r(us, "duluth--toronto--1"),
			r(us, "miami--new-orleans--1"), r(us, "calgary--winnipeg--1"), r(us, "portland--salt-lake-city--1"),
			r(us, "seattle--vancouver--1"), r(us, "denver--santa-fe--1"),
		}}), ""},
		{"double halves with 4 players", eu, []Player{
			{Name: "red", Routes: []int{r(eu, "berlin--frankfurt--1")}}, {Name: "blue", Routes: []int{r(eu, "berlin--frankfurt--2")}},
			{Name: "green"}, {Name: "yellow"},
		}, ""},
		{"unknown route index", eu, two(Player{Name: "red", Routes: []int{len(eu.Routes)}}),
			`score: player "red": route 101: unknown route (the europe map has 101)`},
		{"negative city index", eu, two(Player{Name: "red", Stations: []int{-1}}),
			`score: player "red": station at city -1: unknown city (the europe map has 47)`},
		{"unknown ticket index", us, two(Player{Name: "red", Tickets: []int{30}}),
			`score: player "red": ticket 30: unknown ticket (the usa map has 30)`},
		{"46 trains", us, two(Player{Name: "red", Routes: []int{
			r(us, "el-paso--houston--1"), r(us, "el-paso--los-angeles--1"), r(us, "helena--seattle--1"), r(us, "duluth--toronto--1"),
			r(us, "miami--new-orleans--1"), r(us, "calgary--winnipeg--1"), r(us, "portland--salt-lake-city--1"),
			r(us, "seattle--vancouver--1"), r(us, "little-rock--nashville--1"),
		}}), `score: player "red": routes of 46 trains: a player has only 45`},
		{"station listed twice", eu, two(Player{Name: "red", Stations: []int{c(eu, "wien"), c(eu, "wien")}}),
			`score: player "red": station "wien": listed twice`},
		{"ticket listed twice", eu, two(Player{Name: "red", Tickets: []int{tk(eu, "paris", "wien"), tk(eu, "wien", "paris")}}),
			`score: player "red": ticket "paris-wien": listed twice`},
		{"no players", eu, nil, `score: 0 players: want 2 to 5`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Validate(tc.m, tc.players)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Errorf("Validate() = %q, want %q", got, tc.want)
			}
		})
	}
}
