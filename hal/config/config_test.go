package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
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
			{Bottom, "red", Reader{0, 0, 25, 24}, []Button{{5, hal.Confirm}, {6, hal.Cancel}}, ""},
			{Right, "blue", Reader{0, 1, 25, 23}, []Button{{12, hal.Confirm}, {13, hal.Cancel}}, ""},
			{Top, "green", Reader{1, 0, 25, 22}, []Button{{26, hal.Confirm}, {27, hal.Cancel}}, ""},
			{Left, "yellow", Reader{1, 1, 25, 4}, []Button{{2, hal.Confirm}, {3, hal.Cancel}}, ""},
		},
		Sound: Sound{Volume: 80},
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

// edit replaces old with new in the example config.
type edit struct{ old, new string }

// mistake is a config file with mistakes: the example with edits, and the
// problems Parse finds in it.
type mistake struct {
	name  string
	edits []edit
	want  []problem
}

// apply returns the example with m's edits.
func (m mistake) apply(t testing.TB) []byte {
	t.Helper()
	base, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	s := string(base)
	for _, e := range m.edits {
		if !strings.Contains(s, e.old) {
			t.Fatalf("the example has no %q", e.old)
		}
		s = strings.Replace(s, e.old, e.new, 1)
	}
	return []byte(s)
}

// mistakes are the config mistakes TestProblems and TestReadMistakes try.
var mistakes = []mistake{
	{"syntax error", []edit{{`"es",`, `"es"`}}, []problem{{4, "", "not valid JSON"}}},
	{"truncated file", []edit{{`"left"`, `"left`}}, []problem{{0, "", "not valid JSON"}}},
	{"trailing data", []edit{{"false}\n}\n", "false}\n}\n{}"}}, []problem{{0, "", "after the top-level object"}}},
	{"unknown field", []edit{{`"rotation": 0`, `"rotation": 0, "dpi": 96`}}, []problem{{2, "screen.dpi", "unknown field"}}},
	{"misspelt field", []edit{{`"registry"`, `"registy"`}}, []problem{{1, "registry", "missing"}, {4, "registy", "unknown field"}}},
	{"repeated field", []edit{{`"language": "es",`, `"language": "es", "language": "en",`}}, []problem{{3, "language", "given twice"}}},
	{"missing field", []edit{{`"logs": "/var/lib/ttr/games",`, ``}}, []problem{{1, "logs", "missing"}}},
	{"wrong type", []edit{{`"width": 1920`, `"width": "1920"`}}, []problem{{2, "screen.width", "want a whole number"}}},
	{"fraction", []edit{{`"height": 1080`, `"height": 1080.5`}}, []problem{{2, "screen.height", "want a whole number"}}},
	{"out of range", []edit{{`"irq_pin": 24`, `"irq_pin": 40`}}, []problem{{10, "seats[0].reader.irq_pin", "out of range"}}},
	{"bad rotation", []edit{{`"rotation": 0`, `"rotation": 45`}}, []problem{{2, "screen.rotation", "45 degrees"}}},
	{"physical width without height", []edit{{`"rotation": 0`, `"rotation": 0, "width_mm": 477`}}, []problem{{2, "screen.height_mm", "missing"}}},
	{"physical size out of range", []edit{{`"rotation": 0`, `"rotation": 0, "width_mm": 4, "height_mm": 268`}}, []problem{{2, "screen.width_mm", "out of range"}}},
	{"physical size as text", []edit{{`"rotation": 0`, `"rotation": 0, "width_mm": 477, "height_mm": "268 mm"`}}, []problem{{2, "screen.height_mm", "want a whole number"}}},
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
	{"chip select 2 on SPI0", []edit{{`"spi_bus": 0, "chip_select": 1`, `"spi_bus": 0, "chip_select": 2`}}, []problem{{16, "seats[1].reader.chip_select", "SPI0 has chip selects 0 and 1 only"}}},
	{"no such bus", []edit{{`"spi_bus": 1, "chip_select": 1`, `"spi_bus": 2, "chip_select": 1`}}, []problem{{28, "seats[3].reader.spi_bus", "SPI2 does not exist"}}},
	{"two confirm buttons", []edit{{`{"pin": 13, "meaning": "cancel"}`, `{"pin": 13, "meaning": "confirm"}`}}, []problem{{17, "seats[1].buttons[1].meaning", "a second confirm"}, {17, "seats[1].buttons", "no cancel button"}}},
	{"one seat", []edit{{`"seats": [`, `"seats": [], "x": [`}}, []problem{{6, "x", "unknown field"}, {6, "seats", "got 0 seats"}}},
	{"seat not an object", []edit{{`"seats": [`, `"seats": [7, `}}, []problem{{6, "seats[0]", "want an object"}}},
	{"empty path", []edit{{`"/var/lib/ttr/games"`, `""`}}, []problem{{5, "logs", "empty"}}},
	{"volume out of range", []edit{{`"volume": 80`, `"volume": 150`}}, []problem{{32, "sound.volume", "out of range"}}},
	{"volume not a number", []edit{{`"volume": 80`, `"volume": "loud"`}}, []problem{{32, "sound.volume", "want a whole number"}}},
	{"mute not a boolean", []edit{{`"mute": false`, `"mute": "yes"`}}, []problem{{32, "sound.mute", "want true or false"}}},
	{"unknown sound field", []edit{{`"mute": false`, `"mute": false, "bass": 3`}}, []problem{{32, "sound.bass", "unknown field"}}},
	{"sound not an object", []edit{{`{"volume": 80, "mute": false}`, `80`}}, []problem{{32, "sound", "want an object"}}},
	{"name too long", []edit{{`"color": "blue",`, `"color": "blue", "name": "Maximiliano José",`}}, []problem{{15, "seats[1].name", "16 letters, too long"}}},
	{"name with a control character", []edit{{`"color": "blue",`, `"color": "blue", "name": "Ana\u0007",`}}, []problem{{15, "seats[1].name", "cannot show"}}},
	{"name with digits", []edit{{`"color": "blue",`, `"color": "blue", "name": "R2D2",`}}, []problem{{15, "seats[1].name", `'2'`}}},
	{"name without a letter", []edit{{`"color": "blue",`, `"color": "blue", "name": " - ",`}}, []problem{{15, "seats[1].name", "no letter"}}},
	{"empty name", []edit{{`"color": "blue",`, `"color": "blue", "name": "",`}}, []problem{{15, "seats[1].name", "empty"}}},
	{"name a number", []edit{{`"color": "blue",`, `"color": "blue", "name": 7,`}}, []problem{{15, "seats[1].name", "want a string"}}},
	{"repeated name", []edit{{`"color": "blue",`, `"color": "blue", "name": "Ana",`}, {`"color": "green",`, `"color": "green", "name": "ana",`}}, []problem{{21, "seats[2].name", `"ana" is also seats[1]'s name`}}},
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
}

func TestProblems(t *testing.T) {
	for _, tc := range mistakes {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.apply(t))
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

// TestSoundSettings: the optional sound settings and their defaults.
func TestSoundSettings(t *testing.T) {
	base, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	const given = `"sound": {"volume": 80, "mute": false}`
	for _, tc := range []struct {
		name, sound string
		want        Sound
	}{
		{"as in the example", given, Sound{Volume: 80}},
		{"muted", `"sound": {"mute": true}`, Sound{Volume: DefaultVolume, Mute: true}},
		{"quiet", `"sound": {"volume": 15}`, Sound{Volume: 15}},
		{"silent", `"sound": {"volume": 0, "mute": false}`, Sound{Volume: 0}},
		{"loudest", `"sound": {"volume": 100}`, Sound{Volume: 100}},
		{"empty", `"sound": {}`, Sound{Volume: DefaultVolume}},
		{"absent", "", Sound{Volume: DefaultVolume}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := strings.Replace(string(base), given, tc.sound, 1)
			if tc.sound == "" {
				s = strings.Replace(string(base), ",\n  "+given, "", 1)
			}
			if s == string(base) && tc.sound != given {
				t.Fatalf("the example has no %q", given)
			}
			c, err := Parse([]byte(s))
			if err != nil {
				t.Fatal(err)
			}
			if c.Sound != tc.want {
				t.Errorf("sound %+v, want %+v", c.Sound, tc.want)
			}
		})
	}
}

// TestScreenSizeMM: the panel's physical size is read when both of its
// fields are given, and is 0, 0 (unknown: the panel's EDID or the default
// panel) when neither is.
func TestScreenSizeMM(t *testing.T) {
	base, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	const given = `"rotation": 0`
	for _, tc := range []struct {
		name, screen string
		wantW, wantH int
	}{
		{"absent", given, 0, 0},
		{"a 21.5 inch panel", given + `, "width_mm": 477, "height_mm": 268`, 477, 268},
		{"the official 7 inch display, height first", given + `, "height_mm": 86, "width_mm": 154`, 154, 86},
		{"smallest and largest", given + `, "width_mm": 20, "height_mm": 5000`, MinPanelMM, MaxPanelMM},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := strings.Replace(string(base), given, tc.screen, 1)
			c, err := Parse([]byte(s))
			if err != nil {
				t.Fatal(err)
			}
			if c.Screen.WidthMM != tc.wantW || c.Screen.HeightMM != tc.wantH {
				t.Errorf("got %d x %d mm, want %d x %d", c.Screen.WidthMM, c.Screen.HeightMM, tc.wantW, tc.wantH)
			}
		})
	}
}

// header maps each BCM GPIO to its pin on the 40-pin header (the same on
// every Raspberry Pi with one).
var header = map[int]int{
	0: 27, 1: 28, 2: 3, 3: 5, 4: 7, 5: 29, 6: 31, 7: 26, 8: 24, 9: 21,
	10: 19, 11: 23, 12: 32, 13: 33, 14: 8, 15: 10, 16: 36, 17: 11, 18: 12, 19: 35,
	20: 38, 21: 40, 22: 15, 23: 16, 24: 18, 25: 22, 26: 37, 27: 13,
}

// chipSelects are the GPIOs of each bus's chip selects, CE0 first
// (dtparam=spi=on, dtoverlay=spi1-3cs).
var chipSelects = map[int][]int{0: {8, 7}, 1: {18, 17, 16}}

// TestReadmeWiring checks the Wiring section of README.md against the
// config: its five-seat table is the example's four seats and a fifth that
// the config accepts, each chip select is its bus's, every header pin in
// brackets is its GPIO's, the reset line is the example's, and the SPI clock
// it states is DefaultSPIClockKHz.
func TestReadmeWiring(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(readme), "\n## Wiring\n")
	if !ok {
		t.Fatal("README.md has no Wiring section")
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	for _, m := range regexp.MustCompile(`GPIO(\d+) \[(\d+)\]`).FindAllStringSubmatch(sec, -1) {
		gpio, _ := strconv.Atoi(m[1])
		pin, _ := strconv.Atoi(m[2])
		if header[gpio] != pin {
			t.Errorf("%s: GPIO%d is header pin %d", m[0], gpio, header[gpio])
		}
	}
	m := regexp.MustCompile(`\*\*RST\*\* of every reader goes to GPIO(\d+)`).FindStringSubmatch(sec)
	if m == nil {
		t.Fatal("the Wiring section names no reset line")
	}
	reset, _ := strconv.Atoi(m[1])
	m = regexp.MustCompile(`SPI runs at (\d+) MHz by default`).FindStringSubmatch(sec)
	if m == nil {
		t.Fatal("the Wiring section states no SPI clock")
	}
	if mhz, _ := strconv.Atoi(m[1]); mhz*1000 != DefaultSPIClockKHz {
		t.Errorf("README: SPI at %d MHz by default, config: %d kHz", mhz, DefaultSPIClockKHz)
	}

	row := regexp.MustCompile(`(?m)^\| (\d) \| SPI(\d)\.(\d) \| GPIO(\d+) \[\d+\] \| GPIO(\d+) \[\d+\] \| GPIO(\d+) \[\d+\] \| GPIO(\d+) \[\d+\] \|$`)
	rows := row.FindAllStringSubmatch(sec, -1)
	if len(rows) != MaxSeats {
		t.Fatalf("the seat table has %d rows, want %d", len(rows), MaxSeats)
	}
	data, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	// The fifth seat goes after the example's last one.
	end := "\n  ],\n  \"sound\""
	if !strings.Contains(string(data), end) {
		t.Fatalf("the example's seats do not end with %q", end)
	}
	var seats []Seat
	for i, r := range rows {
		n := make([]int, len(r))
		for j := 1; j < len(r); j++ {
			n[j], _ = strconv.Atoi(r[j])
		}
		if n[1] != i+1 {
			t.Fatalf("row %d is seat %d", i+1, n[1])
		}
		bus, cs := n[2], n[3]
		if cs >= len(chipSelects[bus]) || chipSelects[bus][cs] != n[4] {
			t.Errorf("seat %d: SPI%d.%d's chip select is not GPIO%d", i+1, bus, cs, n[4])
		}
		seats = append(seats, Seat{
			Reader:  Reader{Bus: bus, ChipSelect: cs, Reset: reset, IRQ: n[5]},
			Buttons: []Button{{Pin: n[6], Meaning: hal.Confirm}, {Pin: n[7], Meaning: hal.Cancel}},
		})
	}
	five := fmt.Sprintf(`,
    {
      "edge": "bottom",
      "color": "black",
      "reader": {"spi_bus": %d, "chip_select": %d, "reset_pin": %d, "irq_pin": %d},
      "buttons": [{"pin": %d, "meaning": "confirm"}, {"pin": %d, "meaning": "cancel"}]
    }`, seats[4].Reader.Bus, seats[4].Reader.ChipSelect, seats[4].Reader.Reset, seats[4].Reader.IRQ, seats[4].Buttons[0].Pin, seats[4].Buttons[1].Pin)
	c, err := Parse([]byte(strings.Replace(string(data), end, five+end, 1)))
	if err != nil {
		t.Fatalf("the example with the README's fifth seat: %v", err)
	}
	if len(c.Seats) != MaxSeats {
		t.Fatalf("got %d seats, want %d", len(c.Seats), MaxSeats)
	}
	for i, s := range c.Seats {
		if s.Reader != seats[i].Reader || !slices.Equal(s.Buttons, seats[i].Buttons) {
			t.Errorf("seat %d: config %+v %+v, README %+v %+v", i+1, s.Reader, s.Buttons, seats[i].Reader, seats[i].Buttons)
		}
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

func TestNames(t *testing.T) {
	base, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Replace(string(base), `"color": "blue",`, `"color": "blue", "name": " Ana María ",`, 1)
	s = strings.Replace(s, `"color": "yellow",`, `"color": "yellow", "name": "D'Ion-Ștefan",`, 1)
	c, err := Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, st := range c.Seats {
		got = append(got, st.Name)
	}
	if want := []string{"", "Ana María", "", "D'Ion-Ștefan"}; !slices.Equal(got, want) {
		t.Errorf("names %q, want %q", got, want)
	}
}

// TestByteOrderMark: a config saved with a UTF-8 byte order mark loads,
// and a problem in it is still reported at its own line.
func TestByteOrderMark(t *testing.T) {
	data, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	bom := append([]byte("\xEF\xBB\xBF"), data...)
	if _, err := Parse(bom); err != nil {
		t.Fatalf("Parse with a byte order mark: %v", err)
	}
	bad := strings.Replace(string(bom), `"language": "es"`, `"language": "fr"`, 1)
	_, err = Parse([]byte(bad))
	var e *Error
	if !errors.As(err, &e) || len(e.Problems) != 1 || e.Problems[0].Line != 3 || strings.Contains(e.Problems[0].Fix, "bracket") {
		t.Errorf("a bad language after a byte order mark: %v, want one problem at line 3", err)
	}
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
