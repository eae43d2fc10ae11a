package config

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// usable fails t unless c is a config the table can run: what Parse would
// accept of its values.
func usable(t *testing.T, c *Config) {
	t.Helper()
	if c == nil {
		t.Fatal("no config")
	}
	if c.Screen.Width < 1 || c.Screen.Height < 1 || c.Screen.Rotation%90 != 0 || c.Screen.Rotation < 0 || c.Screen.Rotation > 270 {
		t.Errorf("screen %+v", c.Screen)
	}
	if !slices.Contains(Languages, c.Language) {
		t.Errorf("language %q", c.Language)
	}
	if c.Registry == "" || c.Logs == "" {
		t.Errorf("registry %q, logs %q", c.Registry, c.Logs)
	}
	if len(c.Seats) < MinSeats || len(c.Seats) > MaxSeats {
		t.Fatalf("%d seats", len(c.Seats))
	}
	colors := map[string]bool{}
	for i, s := range c.Seats {
		if !slices.Contains(Edges, s.Edge) {
			t.Errorf("seat %d: edge %q", i+1, s.Edge)
		}
		if !slices.Contains(Colors, s.Color) || colors[s.Color] {
			t.Errorf("seat %d: colour %q (a known one, each once)", i+1, s.Color)
		}
		colors[s.Color] = true
	}
	if c.Sound.Volume < 0 || c.Sound.Volume > 100 {
		t.Errorf("volume %d", c.Sound.Volume)
	}
}

// keys returns the message keys of ps.
func keys(ps []Problem) []string {
	var k []string
	for _, p := range ps {
		k = append(k, p.Key)
	}
	return k
}

// TestReadMistakes: ten kinds of config mistakes each give a config the
// table runs, the mistake's message key (line and field), and what the
// table did about it; where the mistake is confined, the rest of the file
// is kept.
func TestReadMistakes(t *testing.T) {
	for _, tc := range []struct {
		name    string
		m       mistake
		keys    []string // in order, among the problems
		unwired []int    // seats from 1
		check   func(t *testing.T, c *Config)
	}{
		{"bad edge", mistake{edits: []edit{{`"edge": "top"`, `"edge": "bottm"`}}},
			[]string{KeyPrefix + "not_one_of", KeyUsesDefault}, nil,
			func(t *testing.T, c *Config) {
				if c.Seats[2].Edge != Top || c.Seats[2].Reader != (Reader{1, 0, 25, 22}) {
					t.Errorf("seat 3: %+v, want the example's top edge and its own reader", c.Seats[2])
				}
			}},
		{"unknown language", mistake{edits: []edit{{`"es"`, `"fr"`}}},
			[]string{KeyPrefix + "not_one_of", KeyUsesDefault}, nil,
			func(t *testing.T, c *Config) {
				if c.Language != "en" || len(c.Seats) != 4 {
					t.Errorf("language %q, %d seats; want en and the file's 4 seats", c.Language, len(c.Seats))
				}
			}},
		{"stray comma", mistake{edits: []edit{{`"cancel"}]
    }
  ],`, `"cancel"}],
    }
  ],`}, {`"es"`, `"ro"`}}},
			[]string{KeyPrefix + "syntax", KeyCommaSkipped}, nil,
			func(t *testing.T, c *Config) {
				if c.Language != "ro" || len(c.Seats) != 4 {
					t.Errorf("language %q, %d seats; want the file's ro and 4 seats", c.Language, len(c.Seats))
				}
			}},
		{"duplicate pin", mistake{edits: []edit{{`{"pin": 27, "meaning": "cancel"}`, `{"pin": 23, "meaning": "cancel"}`}}},
			[]string{KeyPrefix + "same_pin", KeySeatUnwired}, []int{3}, nil},
		{"unknown field", mistake{edits: []edit{{`"rotation": 0`, `"rotation": 0, "dpi": 96`}}},
			[]string{KeyPrefix + "unknown_field", KeyIgnored}, nil,
			func(t *testing.T, c *Config) {
				if c.Screen != (Screen{Width: 1920, Height: 1080}) {
					t.Errorf("screen %+v", c.Screen)
				}
			}},
		{"bad type", mistake{edits: []edit{{`"volume": 80`, `"volume": "loud"`}, {`"mute": false`, `"mute": true`}}},
			[]string{KeyPrefix + "want_number", KeyUsesDefault}, nil,
			func(t *testing.T, c *Config) {
				if c.Sound != (Sound{Volume: DefaultVolume, Mute: true}) {
					t.Errorf("sound %+v, want the default volume and the file's mute", c.Sound)
				}
			}},
		{"missing seats", mistake{edits: []edit{{`"seats": [`, `"chairs": [`}}},
			[]string{KeyPrefix + "missing", KeyPrefix + "unknown_field", KeyIgnored, KeyUsesDefault}, nil,
			func(t *testing.T, c *Config) {
				if !reflect.DeepEqual(c.Seats, Default().Seats) {
					t.Errorf("seats %+v, want the example's", c.Seats)
				}
			}},
		{"too many seats", mistake{edits: []edit{{`"seats": [`, `"seats": [
    {"edge": "top", "color": "black", "reader": {"spi_bus": 1, "chip_select": 2, "reset_pin": 25, "irq_pin": 0}, "buttons": [{"pin": 14, "meaning": "confirm"}, {"pin": 15, "meaning": "cancel"}]},
    {"edge": "top", "color": "black", "reader": {"spi_bus": 1, "chip_select": 2, "reset_pin": 25, "irq_pin": 1}, "buttons": [{"pin": 14, "meaning": "confirm"}, {"pin": 15, "meaning": "cancel"}]},`}}},
			[]string{KeyPrefix + "seat_count", KeySeatsCut}, []int{2},
			func(t *testing.T, c *Config) {
				if len(c.Seats) != 5 || c.Seats[0].Color != "black" || c.Seats[1].Color == "black" || c.Seats[4].Color != "green" {
					t.Errorf("seats %+v, want the first 5", c.Seats)
				}
			}},
		{"physical size of one axis", mistake{edits: []edit{{`"rotation": 0`, `"rotation": 0, "width_mm": 477, "height_mm": 0`}}},
			[]string{KeyPrefix + "out_of_range", KeyIgnored}, nil,
			func(t *testing.T, c *Config) {
				if c.Screen != (Screen{Width: 1920, Height: 1080}) {
					t.Errorf("screen %+v, want the file's pixels and no physical size", c.Screen)
				}
			}},
		{"bad rotation", mistake{edits: []edit{{`"rotation": 0`, `"rotation": 45`}}},
			[]string{KeyPrefix + "rotation", KeyUsesDefault}, nil,
			func(t *testing.T, c *Config) {
				if c.Screen.Rotation != 0 {
					t.Errorf("rotation %d", c.Screen.Rotation)
				}
			}},
		{"a bad reader of one seat", mistake{edits: []edit{{`"spi_bus": 0, "chip_select": 1`, `"spi_bus": 0, "chip_select": 2`}}},
			[]string{KeyPrefix + "chip_select", KeySeatUnwired}, []int{2},
			func(t *testing.T, c *Config) {
				if c.Seats[1].Color != "blue" || c.Seats[1].Edge != Right {
					t.Errorf("seat 2 %+v: keeps its colour and edge", c.Seats[1])
				}
			}},
		{"not JSON at all", mistake{edits: []edit{{`"language": "es",`, `"language": "ro", "screen" =`}}},
			[]string{KeyPrefix + "syntax", KeyDefaults}, nil,
			func(t *testing.T, c *Config) {
				if c.Language != "ro" {
					t.Errorf("language %q, want the file's ro, found though the file is not JSON", c.Language)
				}
			}},
		{"one seat", mistake{edits: []edit{{`"seats": [`, `"seats": [
    {"edge": "top", "color": "red", "reader": {"spi_bus": 0, "chip_select": 0, "reset_pin": 25, "irq_pin": 24}, "buttons": [{"pin": 5, "meaning": "confirm"}, {"pin": 6, "meaning": "cancel"}]}], "old": [`}}},
			[]string{KeyPrefix + "seat_count", KeyPrefix + "unknown_field", KeyIgnored, KeySeatAdded}, []int{2},
			func(t *testing.T, c *Config) {
				if len(c.Seats) != 2 || c.Seats[0].Edge != Top || c.Seats[1].Color == "red" {
					t.Errorf("seats %+v, want the file's seat and one added in another colour", c.Seats)
				}
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := ReadData(tc.m.apply(t))
			usable(t, r.Config)
			got := keys(r.Problems)
			i := 0
			for _, k := range got {
				if i < len(tc.keys) && k == tc.keys[i] {
					i++
				}
			}
			if i < len(tc.keys) {
				t.Errorf("problems %v, want in order %v", got, tc.keys)
			}
			if r.Problems[0].Line == 0 {
				t.Errorf("first problem %q has no line", r.Problems[0])
			}
			var unwired []int
			for s, u := range r.Unwired {
				if u {
					unwired = append(unwired, s+1)
				}
			}
			if len(r.Unwired) != len(r.Config.Seats) || !slices.Equal(unwired, tc.unwired) {
				t.Errorf("unwired seats %v of %d, want %v", unwired, len(r.Unwired), tc.unwired)
			}
			if tc.check != nil {
				tc.check(t, r.Config)
			}
		})
	}
}

// TestReadEveryMistake: every mistake of TestProblems gives a usable
// config, and each of its problems a message key.
func TestReadEveryMistake(t *testing.T) {
	for _, m := range mistakes {
		t.Run(m.name, func(t *testing.T) {
			r := ReadData(m.apply(t))
			usable(t, r.Config)
			if len(r.Problems) == 0 {
				t.Fatal("no problem reported")
			}
			for _, p := range r.Problems {
				if !strings.HasPrefix(p.Key, KeyPrefix) || len(p.Key) == len(KeyPrefix) {
					t.Errorf("problem %q has key %q", p, p.Key)
				}
			}
		})
	}
}

// TestReadGoodFile: a good file gives no problem and what Load gives.
func TestReadGoodFile(t *testing.T) {
	r := Read(example)
	want, err := Load(example)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Problems) != 0 || r.Defaults || !reflect.DeepEqual(r.Config, want) {
		t.Errorf("got %+v %v, want %+v and no problem", r.Config, r.Problems, want)
	}
}

// TestDefaultIsTheExample: Default, what a table without a usable config
// runs, is docs/table.example.json.
func TestDefaultIsTheExample(t *testing.T) {
	want, err := Load(example)
	if err != nil {
		t.Fatal(err)
	}
	if got := Default(); !reflect.DeepEqual(got, want) {
		t.Errorf("Default() = %+v\nwant the example's %+v", got, want)
	}
}

// TestReadMissingFile: no file runs the example's settings and says so,
// naming the file.
func TestReadMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "table.json")
	r := Read(path)
	usable(t, r.Config)
	if !r.Defaults || len(r.Problems) != 1 || r.Problems[0].Key != KeyFileMissing || r.Problems[0].Args["File"] != path {
		t.Errorf("got defaults %v, problems %+v; want the example's settings and file_missing naming %s", r.Defaults, r.Problems, path)
	}
	if err := os.WriteFile(path, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := Read(path); !r.Defaults || r.Problems[0].Key != KeyPrefix+"syntax" || r.Problems[0].Line != 1 {
		t.Errorf("a cut file: got %+v", r.Problems)
	}
}

// FuzzReadData: whatever the bytes, Read gives a config the table runs,
// with a message key on each problem, and a good file no problem; saving
// its settings back into the bytes never breaks a file that parsed.
func FuzzReadData(f *testing.F) {
	data, err := os.ReadFile(example)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	for _, m := range mistakes {
		f.Add(m.apply(f))
	}
	f.Add([]byte(`{"seats": [{"reader": {"irq_pin": 1e400}}],}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		r := ReadData(b)
		usable(t, r.Config)
		for _, p := range r.Problems {
			if !strings.HasPrefix(p.Key, KeyPrefix) {
				t.Fatalf("problem %q without a key", p)
			}
		}
		if _, err := Parse(b); err == nil {
			if len(r.Problems) != 0 {
				t.Fatalf("a good file has problems %v", r.Problems)
			}
			out, err := spliceSettings(b, SettingsOf(r.Config))
			if err != nil {
				t.Fatalf("saving a good file's own settings: %v", err)
			}
			if _, err := Parse(out); err != nil {
				t.Fatalf("saved file: %v", err)
			}
		}
	})
}
