package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ttr/hal/registry"
	"ttr/hal/storage"
)

func TestDeckCards(t *testing.T) {
	for _, tc := range []struct {
		deck string
		want int
	}{
		{"trains", 110},
		{"usa", 30},
		{"europe", 46},
	} {
		cards, err := deckCards(tc.deck)
		if err != nil || len(cards) != tc.want {
			t.Errorf("%s: got %d cards, %v, want %d", tc.deck, len(cards), err, tc.want)
		}
		for _, c := range cards {
			if err := c.Validate(); err != nil {
				t.Errorf("%s: %v", tc.deck, err)
			}
		}
	}
	if _, err := deckCards("mars"); err == nil {
		t.Error("deck mars: got no error")
	}
}

func TestDispatchUnknownCommand(t *testing.T) {
	var ee *exitError
	if err := dispatch(context.Background(), []string{"fly"}); !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), "usage:") {
		t.Errorf("unknown command: got %v, want exit 2 with the usage", err)
	}
}

// tableDir writes the example config, with relative registry and logs
// paths, into a temporary folder, and returns the config's path.
func tableDir(t testing.TB) string {
	t.Helper()
	data, err := os.ReadFile("../../docs/table.example.json")
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
	return path
}

func TestProbeFake(t *testing.T) {
	cfg := tableDir(t)
	reg := registry.New()
	if err := reg.Add("DEADBEEF", registry.Card{Kind: registry.Train, Color: "red", Number: 3}); err != nil {
		t.Fatal(err)
	}
	if err := reg.SaveFS(storage.OS, filepath.Join(filepath.Dir(cfg), "cards.txt")); err != nil {
		t.Fatal(err)
	}
	// Seats are numbered from 1 as on the screen, in the script and the
	// output alike.
	script := `place 1 deadbeef
place 1 DEADBEEF
wait 1.5s
lift 1
place 4 045A6B7C8D9E80
press 2 confirm
long 3 cancel
offline 2
place 2 DEADBEEF
online 2
`
	var out strings.Builder
	if err := probe(context.Background(), []string{"-config", cfg, "-fake"}, strings.NewReader(script), &out); err != nil {
		t.Fatal(err)
	}
	want := `seat 1 (bottom, red): virtual reader and buttons
seat 2 (right, blue): virtual reader and buttons
seat 3 (top, green): virtual reader and buttons
seat 4 (left, yellow): virtual reader and buttons
00:00:00.000 seat 1 scan DEADBEEF (train red 3)
00:00:01.500 seat 4 scan 045A6B7C8D9E80 (unknown tag)
00:00:01.500 seat 2 confirm press
00:00:01.500 seat 3 cancel long press
00:00:01.500 seat 2 reader offline: no answer
00:00:01.500 seat 2 reader online
00:00:01.500 seat 2 scan DEADBEEF (train red 3)
`
	if got := out.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestProbeFakeBadScript(t *testing.T) {
	cfg := tableDir(t)
	for _, line := range []string{"place 9 DEADBEEF", "place 0 DEADBEEF", "press 1 ok", "jump 1", "wait soon", "place 1"} {
		var out strings.Builder
		err := probe(context.Background(), []string{"-config", cfg, "-fake"}, strings.NewReader(line+"\n"), &out)
		var ee *exitError
		if !errors.As(err, &ee) || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("%q: got %v, want an error naming line 1", line, err)
		}
	}
}

func TestProbeBadConfig(t *testing.T) {
	path := filepath.Join(t.TempDir(), "table.json")
	if err := os.WriteFile(path, []byte(`{"screen": 3}`), 0o644); err != nil {
		t.Fatal(err)
	}
	err := probe(context.Background(), []string{"-config", path, "-fake"}, strings.NewReader(""), &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), "screen: got a number, want an object") {
		t.Errorf("got %v, want the config's problems", err)
	}
}

func TestEnrolFake(t *testing.T) {
	reg := filepath.Join(t.TempDir(), "cards.txt")
	var uids []string
	for i := range 30 {
		uids = append(uids, fmt.Sprintf("04%012X", i+1))
	}
	first := strings.Join(uids[:10], "\n") + "\n"
	var out strings.Builder
	if err := enrol(context.Background(), []string{"-fake", "-registry", reg, "-deck", "usa"}, strings.NewReader(first), &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Stopped.") {
		t.Errorf("after 10 of 30 tickets: got\n%s\nwant it to say it stopped", out.String())
	}
	// Resume, with one tag scanned twice by mistake.
	rest := uids[0] + "\n" + strings.Join(uids[10:], "\n") + "\n"
	out.Reset()
	if err := enrol(context.Background(), []string{"-fake", "-registry", reg, "-deck", "usa"}, strings.NewReader(rest), &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"Resuming: 10 of 30", "Card 11 of 30: scan ticket usa ", "is already ticket usa", "All 30 cards are enrolled"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	r, err := registry.Load(reg)
	if err != nil {
		t.Fatal(err)
	}
	if r.Len() != 30 {
		t.Errorf("registry: got %d cards, want 30", r.Len())
	}
}

func TestEnrolFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-fake"}, // no registry
		{"-fake", "-registry", "x", "-deck", "mars"}, // no such deck
		{"-bogus"},
		{"-fake", "-registry", "x", "-forget", "train pink 1"},
		{"-fake", "-registry", "x", "-seat", "0"}, // seats count from 1
	} {
		var ee *exitError
		if err := enrol(context.Background(), args, strings.NewReader(""), &strings.Builder{}); !errors.As(err, &ee) || ee.code != 2 {
			t.Errorf("%q: got %v, want a usage error", args, err)
		}
	}
}
