package app

import (
	"encoding/json"
	"slices"
	"testing"

	"ttr/engine"
	"ttr/hal"
	"ttr/hal/journal"
)

// TestHeaderNamesTheTurnOrder: a game started at a table whose seats face
// bottom, right, top, left plays bottom, left, top, right; its header names
// each seat's edge in that order, and the game resumes in it.
func TestHeaderNamesTheTurnOrder(t *testing.T) {
	r := newRig(t, 4, "europe", 2)
	r.opts.Table.Edges = []string{"bottom", "right", "top", "left"}
	r.reopen()
	r.playActions(30)
	h, err := ParseHeader(r.a.game.Header())
	if err != nil {
		t.Fatal(err)
	}
	want := []HeaderTurn{{0, "bottom"}, {3, "left"}, {2, "top"}, {1, "right"}}
	if !slices.Equal(h.Order, want) {
		t.Errorf("header order %+v, want %+v", h.Order, want)
	}
	r.reopen()
	for p, seat := range []hal.Seat{0, 3, 2, 1} {
		if got := r.a.Table().SeatOf(p); got != seat {
			t.Errorf("resumed: player %d at seat %d, want %d", p, got, seat)
		}
	}
}

// TestOldGameResumesInSeatOrder: a game file whose header has no turn
// order (written before the table played clockwise) resumes with the
// players in seat order, as it was played, at a table that knows its
// edges.
func TestOldGameResumesInSeatOrder(t *testing.T) {
	r := newRig(t, 4, "europe", 2)
	r.playActions(30)
	actions := r.a.Table().Game().History()
	hdr := r.a.game.Header()
	var h map[string]any
	if err := json.Unmarshal(hdr, &h); err != nil {
		t.Fatal(err)
	}
	delete(h, "order")
	old, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.a.Close(); err != nil {
		t.Fatal(err)
	}
	// The same game, its header as an old table wrote it, in a new folder.
	r.dir = t.TempDir()
	r.opts.Dir = r.dir
	j, err := journal.Open(r.dir, r.opts.Journal)
	if err != nil {
		t.Fatal(err)
	}
	g, err := j.Start(old)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range actions {
		if err := g.Append([]byte(engine.FormatAction(r.a.Table().Game().Map(), a))); err != nil {
			t.Fatal(err)
		}
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	r.opts.Table.Edges = []string{"bottom", "right", "top", "left"}
	r.open()
	s := r.a.Table().Game()
	if s == nil || len(s.History()) != len(actions) {
		t.Fatalf("the old game did not resume")
	}
	for p := range 4 {
		if got := r.a.Table().SeatOf(p); got != hal.Seat(p) {
			t.Errorf("player %d at seat %d, want %d (seat order)", p, got, p)
		}
	}
}
