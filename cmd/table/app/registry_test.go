package app

import (
	"errors"
	"strings"
	"testing"
	"time"

	"ttr/display/msg"
	"ttr/hal"
	"ttr/hal/registry"
	"ttr/input"
)

// TestRegistryTextSaysWhatToDo: each way the card registry can be found
// at start-up that the owner must hear of has its words, in every
// language, with its numbers and what to do (the files are named in the
// journal, not on a family's screen); a registry read whole says nothing.
func TestRegistryTextSaysWhatToDo(t *testing.T) {
	cat, err := msg.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		rep  registry.Report
		key  string
		has  []string // in the English words
	}{
		{"whole", registry.Report{Path: "/r", Cards: 186}, "", nil},
		{"missing", registry.Report{Path: "/r", Missing: true}, KeyCardsNone, []string{"enrol the decks"}},
		{"empty", registry.Report{Path: "/r"}, KeyCardsNone, nil},
		{"damaged", registry.Report{Path: "/r", Cards: 185, Damaged: true, Bad: 1, Err: registry.ErrCorrupt}, KeyCardsDamaged, []string{"1 card could not be read", "Enrol that card again"}},
		{"damaged, completed", registry.Report{Path: "/r", Cards: 186, Damaged: true, Bad: 1, Copy: "/boot/cards-backup.txt"}, KeyCardsRestored, []string{"186 cards", "enrol again"}},
		{"missing, restored", registry.Report{Path: "/r", Cards: 186, Missing: true, Copy: "/r.prev"}, KeyCardsRestored, []string{"186 cards taken from its copy"}},
		{"unreadable", registry.Report{Path: "/r", Err: errors.New("permission denied")}, KeyCardsUnreadable, []string{"cannot be read", "put a copy back"}},
	} {
		got := RegistryText(tc.rep)
		if got.Key != tc.key {
			t.Errorf("%s: key %q, want %q", tc.name, got.Key, tc.key)
			continue
		}
		if tc.key == "" {
			continue
		}
		for _, l := range []msg.Lang{msg.EN, msg.ES, msg.RO} {
			s := cat.Text(l, got)
			if s == "" || strings.Contains(s, "{{") || strings.Contains(s, "no value") || strings.Contains(s, tc.key) {
				t.Errorf("%s in %s: %q", tc.name, l, s)
			}
			short := RegistryShort(got)
			if w := cat.Text(l, short); w == "" || strings.Contains(w, "{{") || strings.Contains(w, "no value") || strings.Contains(w, short.Key) || len(w) >= len(s) {
				t.Errorf("%s in %s, short: %q", tc.name, l, w)
			}
			if l == msg.EN {
				for _, w := range tc.has {
					if !strings.Contains(s, w) {
						t.Errorf("%s: %q lacks %q", tc.name, s, w)
					}
				}
			}
		}
	}
}

// TestStartScreenSaysWhatTheRegistryLacks: what the registry's load found
// is the start screen's banner and every seat's notice, and goes once a
// game starts.
func TestStartScreenSaysWhatTheRegistryLacks(t *testing.T) {
	r := newRig(t, 2, "usa", 1)
	text := RegistryText(registry.Report{Path: "/r", Missing: true})
	r.opts.Cards = text
	r.reopen()
	v := r.a.View()
	if v.Mode != input.ModeStart || v.Banner.Key != KeyCardsNone {
		t.Fatalf("mode %s banner %q, want the start screen with %s", v.Mode, v.Banner.Key, KeyCardsNone)
	}
	// The table's own problem first (no first player chosen yet); the
	// registry's once there is none, and it stays.
	if v.Start.Problem.Key != "start.choose_first" {
		t.Errorf("start problem %q, want the table's own first", v.Start.Problem.Key)
	}
	r.a.Handle(hal.Touch{Kind: hal.ScreenKey, ID: input.KeyFirst, Seat: 0, At: r.at()})
	r.now = r.now.Add(time.Hour)
	if v := r.a.View(); v.Start.Problem.Key != KeyCardsNone+"_short" || !v.Start.Ready {
		t.Errorf("first player chosen, an hour later: problem %q, ready %t, want %s_short and ready", v.Start.Problem.Key, v.Start.Ready, KeyCardsNone)
	}
	for i, s := range v.Seats {
		if s.Notice.Text.Key != KeyCardsNone {
			t.Errorf("seat %d notice %q, want %s", i, s.Notice.Text.Key, KeyCardsNone)
		}
	}
	r.step(nil) // the bots start a game
	for r.a.Table().Mode() == input.ModeStart {
		if !r.step(nil) {
			t.Fatal("no game started")
		}
	}
	if v := r.a.View(); v.Banner.Key == KeyCardsNone {
		t.Errorf("mode %s: the registry's banner stays during the game", v.Mode)
	}
}
