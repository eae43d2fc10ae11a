package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"ttr/hal"
)

const example = "../../docs/table.example.json"

func TestLoadExample(t *testing.T) {
	c, err := Load(example)
	if err != nil {
		t.Fatalf("Load(%s): %v", example, err)
	}
	want := &Config{
		Screen:   Screen{Width: 1920, Height: 1080},
		Language: "es",
		Registry: "/var/lib/ttr/cards.txt",
		Logs:     "/var/lib/ttr/games",
		Seats: []Seat{
			{Bottom, "red", Reader{0, 0, 25, 24}, []Button{{5, hal.Confirm}, {6, hal.Cancel}}},
			{Right, "blue", Reader{0, 1, 25, 23}, []Button{{12, hal.Confirm}, {13, hal.Cancel}}},
			{Top, "green", Reader{1, 0, 25, 22}, []Button{{26, hal.Confirm}, {27, hal.Cancel}}},
			{Left, "yellow", Reader{1, 1, 25, 4}, []Button{{2, hal.Confirm}, {3, hal.Cancel}}},
		},
	}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("got  %+v\nwant %+v", c, want)
	}
}

func TestLoadRelativePaths(t *testing.T) {
	data, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Replace(string(data), `"/var/lib/ttr/cards.txt"`, `"cards.txt"`, 1)
	s = strings.Replace(s, `"/var/lib/ttr/games"`, `"games"`, 1)
	dir := t.TempDir()
	path := filepath.Join(dir, "table.json")
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "cards.txt"); c.Registry != want {
		t.Errorf("Registry: got %q, want %q", c.Registry, want)
	}
	if want := filepath.Join(dir, "games"); c.Logs != want {
		t.Errorf("Logs: got %q, want %q", c.Logs, want)
	}
}

func TestLoadMissingFile(t *testing.T) {
	if _, err := Load(filepath.Join(t.TempDir(), "none.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("got %v, want os.ErrNotExist", err)
	}
}

// problem is what a test expects: a field path and words of What.
type problem struct {
	line int
	path string
	what string
}

func TestProblems(t *testing.T) {
	base, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	type edit struct{ old, new string }
	for _, tc := range []struct {
		name  string
		edits []edit
		want  []problem
	}{
		{"syntax error", []edit{{`"es",`, `"es"`}}, []problem{{4, "", "not valid JSON"}}},
		{"truncated file", []edit{{`"left"`, `"left`}}, []problem{{0, "", "not valid JSON"}}},
		{"trailing data", []edit{{"    }\n  ]\n}\n", "    }\n  ]\n}\n{}"}}, []problem{{0, "", "after the top-level object"}}},
		{"unknown field", []edit{{`"rotation": 0`, `"rotation": 0, "dpi": 96`}}, []problem{{2, "screen.dpi", "unknown field"}}},
		{"misspelt field", []edit{{`"registry"`, `"registy"`}}, []problem{{1, "registry", "missing"}, {4, "registy", "unknown field"}}},
		{"repeated field", []edit{{`"language": "es",`, `"language": "es", "language": "en",`}}, []problem{{3, "language", "given twice"}}},
		{"missing field", []edit{{`"logs": "/var/lib/ttr/games",`, ``}}, []problem{{1, "logs", "missing"}}},
		{"wrong type", []edit{{`"width": 1920`, `"width": "1920"`}}, []problem{{2, "screen.width", "want a whole number"}}},
		{"fraction", []edit{{`"height": 1080`, `"height": 1080.5`}}, []problem{{2, "screen.height", "want a whole number"}}},
		{"out of range", []edit{{`"irq_pin": 24`, `"irq_pin": 40`}}, []problem{{10, "seats[0].reader.irq_pin", "out of range"}}},
		{"bad rotation", []edit{{`"rotation": 0`, `"rotation": 45`}}, []problem{{2, "screen.rotation", "45 degrees"}}},
		{"unknown language", []edit{{`"es"`, `"fr"`}}, []problem{{3, "language", `"fr"`}}},
		{"unknown edge", []edit{{`"edge": "top"`, `"edge": "middle"`}}, []problem{{20, "seats[2].edge", `"middle"`}}},
		{"unknown colour", []edit{{`"color": "blue"`, `"color": "pink"`}}, []problem{{15, "seats[1].color", `"pink"`}}},
		{"unknown meaning", []edit{{`"meaning": "cancel"}]
    },
    {
      "edge": "right"`, `"meaning": "ok"}]
    },
    {
      "edge": "right"`}}, []problem{{11, "seats[0].buttons[1].meaning", `"ok"`}, {11, "seats[0].buttons", "no cancel button"}}},
		{"repeated colour", []edit{{`"color": "green"`, `"color": "red"`}}, []problem{{21, "seats[2].color", "also seats[0]'s colour"}}},
		{"repeated reader", []edit{{`"spi_bus": 1, "chip_select": 1`, `"spi_bus": 1, "chip_select": 0`}}, []problem{{28, "seats[3].reader", "SPI1.0 is also seats[2]'s reader"}}},
		{"pin used twice", []edit{{`{"pin": 27, "meaning": "cancel"}`, `{"pin": 23, "meaning": "cancel"}`}}, []problem{{23, "seats[2].buttons[1].pin", "GPIO23 is also seats[1].reader.irq_pin"}}},
		{"reset shared with a button", []edit{{`{"pin": 6, "meaning": "cancel"}`, `{"pin": 25, "meaning": "cancel"}`}}, []problem{{11, "seats[0].buttons[1].pin", "GPIO25 is also seats[0].reader.reset_pin"}}},
		{"pin of an SPI bus", []edit{{`"irq_pin": 22`, `"irq_pin": 19`}}, []problem{{22, "seats[2].reader.irq_pin", "one of SPI1's pins"}}},
		{"no such bus", []edit{{`"spi_bus": 1, "chip_select": 1`, `"spi_bus": 2, "chip_select": 1`}}, []problem{{28, "seats[3].reader.spi_bus", "SPI2 does not exist"}}},
		{"two confirm buttons", []edit{{`{"pin": 13, "meaning": "cancel"}`, `{"pin": 13, "meaning": "confirm"}`}}, []problem{{17, "seats[1].buttons[1].meaning", "a second confirm"}, {17, "seats[1].buttons", "no cancel button"}}},
		{"one seat", []edit{{`"seats": [`, `"seats": [], "x": [`}}, []problem{{6, "x", "unknown field"}, {6, "seats", "got 0 seats"}}},
		{"seat not an object", []edit{{`"seats": [`, `"seats": [7, `}}, []problem{{6, "seats[0]", "want an object"}}},
		{"empty path", []edit{{`"/var/lib/ttr/games"`, `""`}}, []problem{{5, "logs", "empty"}}},
		{"bus not a list", []edit{{`"logs": "/var/lib/ttr/games",`, `"logs": "/var/lib/ttr/games", "spi_buses": {"bus": 1},`}}, []problem{{5, "spi_buses", "want a list"}}},
		{"clock too fast", []edit{{`"logs": "/var/lib/ttr/games",`, `"logs": "/var/lib/ttr/games", "spi_buses": [{"bus": 1, "clock_khz": 20000}],`}}, []problem{{5, "spi_buses[0].clock_khz", "out of range"}}},
		{"clock missing", []edit{{`"logs": "/var/lib/ttr/games",`, `"logs": "/var/lib/ttr/games", "spi_buses": [{"bus": 1}],`}}, []problem{{5, "spi_buses[0].clock_khz", "missing"}}},
		{"bus listed twice", []edit{{`"logs": "/var/lib/ttr/games",`, `"logs": "/var/lib/ttr/games", "spi_buses": [{"bus": 1, "clock_khz": 500}, {"bus": 1, "clock_khz": 800}],`}}, []problem{{5, "spi_buses[1].bus", "SPI1 is listed twice"}}},
		{"clock of no such bus", []edit{{`"logs": "/var/lib/ttr/games",`, `"logs": "/var/lib/ttr/games", "spi_buses": [{"bus": 2, "clock_khz": 500}],`}}, []problem{{5, "spi_buses[0].bus", "SPI2 does not exist"}}},
		{"every problem at once", []edit{
			{`"width": 1920`, `"width": 0`},
			{`"es"`, `"de"`},
			{`"color": "yellow"`, `"colour": "yellow"`},
		}, []problem{{2, "screen.width", "out of range"}, {3, "language", `"de"`}, {25, "seats[3].color", "missing"}, {27, "seats[3].colour", "unknown field"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := string(base)
			for _, e := range tc.edits {
				if !strings.Contains(s, e.old) {
					t.Fatalf("the example has no %q", e.old)
				}
				s = strings.Replace(s, e.old, e.new, 1)
			}
			_, err := Parse([]byte(s))
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("got %v, want an *Error", err)
			}
			var got []problem
			for _, p := range ce.Problems {
				if p.Fix == "" && p.Path != "" && !strings.Contains(p.What, "want") {
					t.Errorf("problem %q says nothing about how to fix it", p)
				}
				got = append(got, problem{p.Line, p.Path, p.What})
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %d problems:\n%v\nwant %d: %v", len(got), ce, len(tc.want), tc.want)
			}
			for i, w := range tc.want {
				g := got[i]
				if g.path != w.path || !strings.Contains(g.what, w.what) || (w.line != 0 && g.line != w.line) {
					t.Errorf("problem %d: got line %d %s: %s\nwant line %d %s: ...%s...", i, g.line, g.path, g.what, w.line, w.path, w.what)
				}
			}
		})
	}
}

func TestErrorMessage(t *testing.T) {
	e := &Error{File: "/etc/ttr-table/table.json", Problems: []Problem{
		{Line: 11, Path: "seats[0].reader.irq_pin", What: "got 40, out of range", Fix: "the BCM GPIO number must be from 0 to 27"},
		{Line: 3, Path: "language", What: `got "fr", not a known value`, Fix: `use one of "es", "ro", "en"`},
	}}
	want := `config: /etc/ttr-table/table.json: 2 problem(s):
	line 11: seats[0].reader.irq_pin: got 40, out of range; the BCM GPIO number must be from 0 to 27
	line 3: language: got "fr", not a known value; use one of "es", "ro", "en"`
	if got := e.Error(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func FuzzParse(f *testing.F) {
	data, err := os.ReadFile(example)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`{"seats": [{"reader": {"irq_pin": 1e400}}]}`))
	f.Add([]byte(`[`))
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := Parse(b)
		if (c == nil) == (err == nil) {
			t.Fatalf("got %v and %v, want exactly one", c, err)
		}
	})
}

// TestFiveSeatWiring checks the five-seat wiring table of README.md: the
// example's four seats plus seat 4 on SPI1.2.
func TestFiveSeatWiring(t *testing.T) {
	data, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	seat4 := `,
    {
      "edge": "bottom",
      "color": "black",
      "reader": {"spi_bus": 1, "chip_select": 2, "reset_pin": 25, "irq_pin": 0},
      "buttons": [{"pin": 14, "meaning": "confirm"}, {"pin": 15, "meaning": "cancel"}]
    }
  ]
}
`
	s := strings.TrimRight(string(data), "\n")
	s = strings.TrimSuffix(s, "\n  ]\n}") + seat4
	c, err := Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Seats) != 5 {
		t.Fatalf("got %d seats, want 5", len(c.Seats))
	}
	if got, want := c.Seats[4].Reader, (Reader{Bus: 1, ChipSelect: 2, Reset: 25, IRQ: 0}); got != want {
		t.Errorf("seat 4 reader: got %+v, want %+v", got, want)
	}
}

func ExampleParse() {
	_, err := Parse([]byte(`{
  "screen": {"width": 1920, "height": 1080, "rotation": 45},
  "language": "fr",
  "registry": "/var/lib/ttr/cards.txt",
  "seats": []
}`))
	fmt.Println(err)
	// Output:
	// config: 4 problem(s):
	//	line 1: logs: missing; add it, for example "logs": "/var/lib/ttr/games"
	//	line 2: screen.rotation: got 45 degrees; use 0, 90, 180 or 270
	//	line 3: language: got "fr", not a known value; use one of "es", "ro", "en"
	//	line 5: seats: got 0 seats; a table has 2 to 5 seats
}

func TestSPIClock(t *testing.T) {
	base, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.SPIClockKHz(0); got != DefaultSPIClockKHz {
		t.Errorf("example: SPI0 at %d kHz, want the default %d", got, DefaultSPIClockKHz)
	}
	s := strings.Replace(string(base), `"logs": "/var/lib/ttr/games",`, `"logs": "/var/lib/ttr/games", "spi_buses": [{"bus": 1, "clock_khz": 400}],`, 1)
	if c, err = Parse([]byte(s)); err != nil {
		t.Fatal(err)
	}
	for bus, want := range map[int]int{0: DefaultSPIClockKHz, 1: 400} {
		if got := c.SPIClockKHz(bus); got != want {
			t.Errorf("SPI%d at %d kHz, want %d", bus, got, want)
		}
	}
}
