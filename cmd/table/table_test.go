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

func TestDeckTasks(t *testing.T) {
	for _, tc := range []struct {
		deck string
		box  int
		want int
	}{
		{"trains", 1, 110},
		{"trains", 2, 110},
		{"usa", 1, 30},
		{"europe", 1, 46},
	} {
		tasks, err := deckTasks(tc.deck, tc.box)
		if err != nil {
			t.Fatalf("%s: %v", tc.deck, err)
		}
		n := 0
		for _, task := range tasks {
			for _, c := range task.Cards() {
				if err := c.Validate(); err != nil || (c.Kind == registry.Train && c.Box != tc.box) {
					t.Errorf("%s: %v: %v", tc.deck, c, err)
				}
				n++
			}
		}
		if n != tc.want {
			t.Errorf("%s: got %d cards, want %d", tc.deck, n, tc.want)
		}
	}
	for _, bad := range []struct {
		deck string
		box  int
	}{{"mars", 1}, {"trains", 0}, {"trains", 3}} {
		if _, err := deckTasks(bad.deck, bad.box); err == nil {
			t.Errorf("deck %s box %d: got no error", bad.deck, bad.box)
		}
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
	for _, want := range []string{"Resuming: 10 of 30", "Ticket 11 of 30: scan ticket usa ", "is already ticket usa", "All 30 cards are enrolled"} {
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

// TestEnrolSecondBox: "table enrol -box 2" enrols a second train deck
// colour by colour, in any order, beside the first; a card of box 1
// scanned by mistake is refused as the other box's.
func TestEnrolSecondBox(t *testing.T) {
	reg := filepath.Join(t.TempDir(), "cards.txt")
	var box1, box2 []string
	for i := range 110 {
		box1 = append(box1, fmt.Sprintf("04%012X", i+1))
		box2 = append(box2, fmt.Sprintf("05%012X", i+1))
	}
	var out strings.Builder
	if err := enrol(context.Background(), []string{"-fake", "-registry", reg}, strings.NewReader(strings.Join(box1, "\n")+"\n"), &out); err != nil {
		t.Fatal(err)
	}
	in := box2[0] + "\n" + box1[5] + "\n" + strings.Join(box2[1:], "\n") + "\n"
	out.Reset()
	if err := enrol(context.Background(), []string{"-fake", "-registry", reg, "-box", "2"}, strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"Scan the 12 purple cards of box 2, in any order: 0 of 12", "1 of 12: train purple 1 box 2 = 05000000000001",
		"Tag 04000000000006 is train purple 6, of the other box", "All 110 cards are enrolled"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	r, err := registry.Load(reg)
	if err != nil {
		t.Fatal(err)
	}
	if r.Len() != 220 {
		t.Errorf("registry: got %d cards, want 220", r.Len())
	}
}

func TestEnrolFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-fake"}, // no registry
		{"-fake", "-registry", "x", "-deck", "mars"}, // no such deck
		{"-bogus"},
		{"-fake", "-registry", "x", "-forget", "train pink 1"},
		{"-fake", "-registry", "x", "-seat", "0"}, // seats count from 1
		{"-fake", "-registry", "x", "-box", "3"},  // two boxes at most
	} {
		var ee *exitError
		if err := enrol(context.Background(), args, strings.NewReader(""), &strings.Builder{}); !errors.As(err, &ee) || ee.code != 2 {
			t.Errorf("%q: got %v, want a usage error", args, err)
		}
	}
}
