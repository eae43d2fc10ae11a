package main

import (
	"slices"
	"strings"
	"testing"

	"ttr/display/msg"
	"ttr/engine"
	"ttr/hal"
	"ttr/input"
)

// TestFeedWordsFromTheCatalogue plays a start screen that switches from
// Europe to the USA and a few bot turns, and reads the simulator's event
// log in each language: every word comes from the catalogue (no message
// key, no on-screen key id, no engine log line shows), the seats are
// called as the table calls them, and the line of a touch made before the
// map switch still names the Europe route it touched.
func TestFeedWordsFromTheCatalogue(t *testing.T) {
	cat, err := msg.Load()
	if err != nil {
		t.Fatal(err)
	}
	w := newTestWorld(t, "europe", 2, 3, nil)
	w.touch(hal.Touch{Kind: hal.RouteArea, ID: "berlin--wien--1", Seat: -1})
	for _, id := range []string{input.KeyLang + "es", input.KeyMap + "usa", input.KeyColor + "black", input.KeyJoin, input.KeyJoin, input.KeyFirst, input.KeyStart} {
		w.touch(hal.Touch{Kind: hal.ScreenKey, ID: id, Seat: 0})
	}
	if w.game() == nil || w.m.ID != "usa" {
		t.Fatalf("the start screen's keys did not start a USA game")
	}
	start := slices.Clone(w.feed)
	p := &player{w: w, maxActions: 100}
	if err := p.bots(30, false); err != nil {
		t.Fatal(err)
	}
	// The feed keeps the last events: read the start screen's, kept
	// aside, and the last bot turns'.
	for _, lang := range []msg.Lang{"en", "es", "ro"} {
		u := &ui{w: w, cat: cat, lang: lang}
		var lines []string
		for _, f := range append(slices.Clone(start), w.feed...) {
			line, _ := u.feedLine(f)
			lines = append(lines, line)
		}
		if !strings.Contains(lines[0], "Berlin") || !strings.Contains(lines[0], "Wien") {
			t.Errorf("%s: the touch on a Europe route before the switch to the USA reads %q", lang, lines[0])
		}
		seat := cat.Text(lang, input.Text{Key: "start.seat", Args: map[string]any{"Number": 1}})
		seatWord := strings.Fields(seat)[0]
		for _, line := range lines {
			for _, raw := range []string{"sim.", "start.", "button.", "term.", "color.", "map:", "lang:", "color:", "join", "claim ", "--"} {
				if strings.Contains(line, raw) {
					t.Errorf("%s: %q shows %q, not the catalogue's words", lang, line, raw)
				}
			}
			if lang == "es" && strings.Contains(line, "Puesto") {
				t.Errorf("es: %q says Puesto; the table says %s", line, seatWord)
			}
		}
		t.Logf("%s:\n%s", lang, strings.Join(lines, "\n"))
	}
	for k := engine.ChooseFirst; k <= engine.RevealTicket; k++ {
		if !cat.Has("sim.act_" + k.String()) {
			t.Errorf("no message sim.act_%s for the event log", k)
		}
	}
}
