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
