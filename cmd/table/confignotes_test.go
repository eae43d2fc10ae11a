package main

import (
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ttr/display/msg"
	"ttr/input"
)

// configMistake is a kind of config mistake: an edit of the example
// config, and what the start screen says of it.
type configMistake struct {
	name      string
	old, new  string // an edit of the example config; old "" removes the file
	lang      string // the start screen's language
	seats     int
	words     []string // in the first note, in lang
	unwired   int      // a seat (from 1) whose hardware is left out, 0 for none
	moreNotes []string // keys among the other notes
}

// configMistakes are the ten kinds of config mistakes, and a config
// missing.
func configMistakes() []configMistake {
	return []configMistake{
		{"bad edge", `"edge": "top"`, `"edge": "bottm"`, "es", 4, []string{"línea 20", "seats[2].edge", `"bottm" no se conoce`}, 0, []string{"config_problem.uses_default", "config_problem.fields_hint"}},
		{"unknown language", `"language": "es"`, `"language": "fr"`, "en", 4, []string{"line 3", "language", `"fr" is not known`}, 0, []string{"config_problem.uses_default"}},
		{"stray comma", `"cancel"}]
    }
  ],`, `"cancel"}],
    }
  ],`, "es", 4, []string{"línea 30", "comas"}, 0, []string{"config_problem.comma_skipped"}},
		{"duplicate pin", `{"pin": 27, "meaning": "cancel"}`, `{"pin": 23, "meaning": "cancel"}`, "es", 4, []string{"línea 23", "GPIO23", "seats[1].reader.irq_pin"}, 3, []string{"config_problem.seat_unwired"}},
		{"unknown field", `"rotation": 0`, `"rotation": 0, "dpi": 96`, "es", 4, []string{"línea 2", "screen.dpi", "no existe"}, 0, []string{"config_problem.ignored"}},
		{"bad type", `"volume": 80`, `"volume": "80"`, "es", 4, []string{"línea 32", "sound.volume", "sin comillas"}, 0, []string{"config_problem.uses_default"}},
		{"missing seats", `"seats": [`, `"sillas": [`, "es", 4, []string{"seats", "falta"}, 0, []string{"config_problem.ignored", "config_problem.uses_default"}},
		{"too many seats", `"seats": [`, `"seats": [
    {"edge": "top", "color": "black", "reader": {"spi_bus": 1, "chip_select": 2, "reset_pin": 25, "irq_pin": 0}, "buttons": [{"pin": 14, "meaning": "confirm"}, {"pin": 15, "meaning": "cancel"}]},
    {"edge": "top", "color": "black", "reader": {"spi_bus": 1, "chip_select": 2, "reset_pin": 25, "irq_pin": 1}, "buttons": [{"pin": 14, "meaning": "confirm"}, {"pin": 15, "meaning": "cancel"}]},`, "es", 5, []string{"6 asientos", "de 2 a 5"}, 2, []string{"config_problem.seats_cut"}},
		{"bad rotation", `"rotation": 0`, `"rotation": 45`, "es", 4, []string{"screen.rotation", "45 grados"}, 0, []string{"config_problem.uses_default"}},
		{"a bad reader of one seat", `"spi_bus": 0, "chip_select": 1`, `"spi_bus": 0, "chip_select": 2`, "es", 4, []string{"seats[1].reader.chip_select", "SPI0"}, 2, []string{"config_problem.seat_unwired"}},
		{"no config", "", "", "es", 4, []string{"table.json", "ejemplo"}, 0, nil},
	}
}

// TestConfigMistakesOpenTheStartScreen goes through "table run"'s own start
// (openApp): for ten kinds of config mistakes the table opens its start
// screen (never an error, never a restart), the mistake is the banner and
// every seat's notice, with its line and field, in words of the table's
// language (English when the language was the mistake), never a bare key;
// and a seat whose wiring is wrong is left out of the hardware, not of the
// game.
func TestConfigMistakesOpenTheStartScreen(t *testing.T) {
	cat, err := msg.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range configMistakes() {
		t.Run(tc.name, func(t *testing.T) {
			cfg := tableDir(t)
			if tc.old == "" {
				os.Remove(cfg)
			} else {
				data, err := os.ReadFile(cfg)
				if err != nil {
					t.Fatal(err)
				}
				s := strings.Replace(string(data), tc.old, tc.new, 1)
				if s == string(data) {
					t.Fatalf("the example has no %q", tc.old)
				}
				if err := os.WriteFile(cfg, []byte(s), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			o := runOpts{config: cfg, fake: true, headless: true, mapID: "europe", state: filepath.Join(t.TempDir(), "games")}
			cr, a, err := openApp(&o, slog.New(slog.NewTextHandler(io.Discard, nil)))
			if err != nil {
				t.Fatalf("openApp: %v, want the start screen", err)
			}
			defer a.Close()
			v := a.View()
			if v.Mode != input.ModeStart || v.Lang != tc.lang || len(v.Seats) != tc.seats {
				t.Fatalf("mode %v, language %q, %d seats; want the start screen in %q with %d seats", v.Mode, v.Lang, len(v.Seats), tc.lang, tc.seats)
			}
			if err := cat.Check(v.Banner); err != nil {
				t.Errorf("banner %+v: %v", v.Banner, err)
			}
			got := cat.Text(msg.Lang(v.Lang), v.Banner)
			for _, w := range tc.words {
				if !strings.Contains(got, w) {
					t.Errorf("banner %q lacks %q", got, w)
				}
			}
			for _, s := range v.Seats {
				if s.Notice.Text.Key != v.Banner.Key {
					t.Errorf("seat %d's notice %q, want the banner's %q", s.Seat+1, s.Notice.Text.Key, v.Banner.Key)
				}
			}
			notes := configNotes(cr.Problems)
			var keys []string
			for _, n := range notes {
				if err := cat.Check(n); err != nil {
					t.Errorf("note %+v: %v", n, err)
				}
				keys = append(keys, n.Key)
			}
			for _, k := range tc.moreNotes {
				if !strings.Contains(strings.Join(keys, " "), k) {
					t.Errorf("notes %v lack %s", keys, k)
				}
			}
			for i, u := range cr.Unwired {
				if u != (i+1 == tc.unwired) {
					t.Errorf("seat %d unwired %v, want seat %d only", i+1, u, tc.unwired)
				}
			}
		})
	}
}

// TestUnwiredSeatReportedOffline: the hardware of a seat whose wiring is
// wrong is not opened and is reported offline with the reason, the other
// seats' devices are opened (on a machine without a Pi: offline for that
// reason, not for the config).
func TestUnwiredSeatReportedOffline(t *testing.T) {
	cfg := tableDir(t)
	o := runOpts{config: cfg, fake: true, headless: true, mapID: "europe", state: filepath.Join(t.TempDir(), "games")}
	cr, a, err := openApp(&o, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	a.Close()
	unwired := []bool{false, true, false, false}
	h := openHardware(cr.Config, hardwareOpts{unwired: unwired, notify: func(bool, string) (bool, error) { return false, nil }}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	defer h.stop()
	if !strings.Contains(h.wiring[1], "wiring in the config is wrong") {
		t.Errorf("seat 2's wiring %q, want it said left out", h.wiring[1])
	}
	for _, i := range []int{0, 2, 3} {
		if strings.Contains(h.wiring[i], "wiring in the config") {
			t.Errorf("seat %d's wiring %q: left out, want it opened", i+1, h.wiring[i])
		}
	}
}
