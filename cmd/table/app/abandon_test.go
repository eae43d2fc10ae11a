package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ttr/engine"
	"ttr/hal"
	"ttr/hal/journal"
	"ttr/input"
)

// TestAbandonKeepsTheGameFile stops a game at the table after its
// confirmation: the game file, ending with the abandon, is kept aside
// (never deleted, never resumed), the start screen says where, and a
// restart starts afresh.
func TestAbandonKeepsTheGameFile(t *testing.T) {
	r := newRig(t, 3, "europe", 9)
	r.playActions(40)
	n := len(r.a.Table().Game().History())
	for _, ev := range []hal.Event{
		hal.Touch{Kind: hal.ScreenKey, ID: input.KeyAbandon, Seat: 1, At: r.at()},
		hal.Press{Seat: 1, Button: hal.Confirm, At: r.at()},
	} {
		if _, err := r.a.Handle(ev); err != nil {
			t.Fatal(err)
		}
	}
	if m := r.a.Table().Mode(); m != input.ModeStart {
		t.Fatalf("mode %s after the abandon, want start", m)
	}
	if g, _ := filepath.Glob(filepath.Join(r.dir, "*.game")); len(g) != 0 {
		t.Fatalf("game files %v after the abandon, want none unfinished", g)
	}
	kept, _ := filepath.Glob(filepath.Join(r.dir, "*.aside-*"))
	if len(kept) != 1 {
		t.Fatalf("files kept aside %v, want 1", kept)
	}
	data, err := os.ReadFile(kept[0])
	if err != nil {
		t.Fatal(err)
	}
	l, err := journal.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Records) != n+1 || string(l.Records[n]) != "abandon" {
		t.Fatalf("kept file has %d records ending %q, want %d ending with the abandon", len(l.Records), l.Records[len(l.Records)-1], n+1)
	}
	if note := r.a.View().Seats[0].Notice.Text; note.Key != KeyGameKept || !strings.Contains(note.Args["File"].(string), ".aside-") {
		t.Errorf("seat 0 told %+v, want where the game was kept", note)
	}
	r.reopen()
	if r.a.Table().Game() != nil {
		t.Fatal("the stopped game was resumed after a restart")
	}
	if k, _ := filepath.Glob(filepath.Join(r.dir, "*.aside-*")); len(k) != 1 {
		t.Fatalf("after a restart, files kept aside %v", k)
	}
}

// TestUndoIsLoggedAndResumed takes back a bot's decision through the
// table's buttons: the log records the undo, and after a restart the game
// resumes exactly where the undo left it.
func TestUndoIsLoggedAndResumed(t *testing.T) {
	r := newRig(t, 3, "europe", 4)
	for n := 0; ; n++ {
		if n > 3000 {
			t.Fatal("no decision that can be taken back")
		}
		r.step(nil)
		if s := r.a.Table().Game(); s != nil && r.a.Table().Mode() == input.ModePlay && s.UndoInfo().Block == engine.UndoAllowed {
			break
		}
	}
	tb := r.a.Table()
	u := tb.Game().UndoInfo()
	seat := tb.SeatOf(u.Player)
	for _, ev := range []hal.Event{
		hal.Press{Seat: seat, Button: hal.Cancel, At: r.at()},
		hal.Press{Seat: seat, Button: hal.Confirm, At: r.at()},
	} {
		res, err := r.a.Handle(ev)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range res.Notices {
			if n.Refused {
				t.Fatalf("%+v refused: %s", ev, n.Text.Key)
			}
		}
	}
	s := r.a.Table().Game()
	h := s.History()
	if h[len(h)-1].Kind != engine.Undo {
		t.Fatalf("the last action is %s, want the undo", h[len(h)-1].Kind)
	}
	want, _ := s.MarshalText()
	r.reopen()
	got, _ := r.a.Table().Game().MarshalText()
	if string(got) != string(want) {
		t.Fatalf("resumed game differs from the one with the undo")
	}
	if w := r.a.Table().Game().Waiting(); w != u.Before.Waiting() {
		t.Errorf("resumed waiting for %+v, want %+v as before the decision", w, u.Before.Waiting())
	}
	r.play() // and the game goes on to its end
}
