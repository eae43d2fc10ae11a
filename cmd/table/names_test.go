package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ttr/hal/config"
	"ttr/input"
)

// nameSeats gives seats of the config at path names, by seat index.
func nameSeats(t *testing.T, path string, names map[string]string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	for color, name := range names {
		old := `"color": "` + color + `",`
		if !strings.Contains(s, old) {
			t.Fatalf("config %s has no %s seat", path, color)
		}
		s = strings.Replace(s, old, old+` "name": "`+name+`",`, 1)
	}
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestNamesFromTheConfig plays a bots game as the real process with two
// seats named in the config, and checks that the names are in the game's
// log header and in table history.
func TestNamesFromTheConfig(t *testing.T) {
	bin := tableBinary(t)
	cfg := tableDir(t)
	nameSeats(t, cfg, map[string]string{"red": "Ana María", "green": "Ștefan"})
	state := filepath.Join(t.TempDir(), "games")
	if out, err := botRun(bin, cfg, state).CombinedOutput(); err != nil {
		t.Fatalf("table run: %v\n%s", err, out)
	}
	_, h := oneGame(t, filepath.Join(state, "history", "*.game"))
	var got []string
	for _, s := range h.Seats {
		got = append(got, s.Name)
	}
	if strings.Join(got, ",") != "Ana María,,Ștefan," {
		t.Errorf("header names %q, want Ana María and Ștefan at seats 1 and 3", got)
	}
	out, errOut, code := runHelp(t, bin, "history", "-state", state)
	if code != 0 {
		t.Fatalf("table history: exit %d: %s", code, errOut)
	}
	for _, want := range []string{"seat 1 Ana María (red) ", "seat 2 blue ", "seat 3 Ștefan (green) "} {
		if !strings.Contains(out, want) {
			t.Errorf("history lacks %q:\n%s", want, out)
		}
	}
	out, errOut, code = runHelp(t, bin, "history", "-state", state, "-records")
	if code != 0 {
		t.Fatalf("table history -records: exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Ana María: 1 game, ", "Ștefan: 1 game, "} {
		if !strings.Contains(out, want) {
			t.Errorf("records lack %q:\n%s", want, out)
		}
	}
}

// TestBadNameStartsTheTable: a name the table cannot show no longer stops
// start-up: a game is played, and the log names the field.
func TestBadNameStartsTheTable(t *testing.T) {
	bin := tableBinary(t)
	for _, tc := range []struct{ name, want string }{
		{"Maximiliano José", "has 16 letters"},
		{"R2D2", "has '2'"},
	} {
		cfg := tableDir(t)
		nameSeats(t, cfg, map[string]string{"blue": tc.name})
		_, errOut, code := runHelp(t, bin, "run", "-config", cfg, "-headless", "-fake", "-bots", "all", "-games", "1", "-step", "0", "-seed", "3")
		if code != 0 || !strings.Contains(errOut, "seats[1].name") || !strings.Contains(errOut, tc.want) {
			t.Errorf("name %q: exit %d, %q; want a game played and the log naming seats[1].name: %s", tc.name, code, errOut, tc.want)
		}
	}
}

// TestBotSeatsCountFromOne: the table names a bot seat beyond the config's
// seats as the screen numbers it.
func TestBotSeatsCountFromOne(t *testing.T) {
	bin := tableBinary(t)
	cfg := tableDir(t) // 4 seats
	_, errOut, code := runHelp(t, bin, "run", "-config", cfg, "-headless", "-fake", "-bots", "5")
	if code != 2 || !strings.Contains(errOut, "seat 5, but the config has 4 seats") {
		t.Errorf("-bots 5 on 4 seats: exit %d, %q", code, errOut)
	}
}

// TestNameRulesAgree: the config accepts the names the keyboard can type,
// and no others.
func TestNameRulesAgree(t *testing.T) {
	if config.NameLetters != input.NameLetters || config.MaxName != input.MaxName {
		t.Errorf("config allows %q up to %d, the keyboard %q up to %d", config.NameLetters, config.MaxName, input.NameLetters, input.MaxName)
	}
	for _, lang := range []string{"en", "es", "ro"} {
		for _, row := range input.KeyboardRows(lang) {
			for _, l := range row {
				if !strings.ContainsRune(config.NameLetters, l) {
					t.Errorf("%s keyboard: %q is not a name letter", lang, l)
				}
			}
		}
	}
}
