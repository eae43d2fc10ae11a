package app

import (
	"testing"
	"time"

	"ttr/input"
)

// TestNotesTakeTurnsOnTheStartScreen: Opts.Notes (the config's mistakes)
// are the start screen's banner and every seat's notice, one after another
// for NoteEvery each, with a new Rev when the note changes; a damaged log
// is told first; once a game starts they are no longer shown.
func TestNotesTakeTurnsOnTheStartScreen(t *testing.T) {
	notes := []input.Text{{Key: "config_problem.at", Args: map[string]any{"Line": 8}}, {Key: "config_problem.seat_unwired", Args: map[string]any{"Seat": 2}}}
	r := newRig(t, 3, "europe", 1)
	r.opts.Notes = notes
	r.reopen()
	for _, tc := range []struct {
		after time.Duration
		want  input.Text
	}{
		{0, notes[0]},
		{NoteEvery - time.Second, notes[0]},
		{NoteEvery, notes[1]},
		{2 * NoteEvery, notes[0]},
	} {
		r.now = t0.Add(tc.after)
		v := r.a.View()
		if v.Banner.Key != tc.want.Key {
			t.Errorf("after %v: banner %q, want %q", tc.after, v.Banner.Key, tc.want.Key)
		}
		for _, s := range v.Seats {
			if s.Notice.Text.Key != tc.want.Key || s.Notice.At.After(r.now) || r.now.Sub(s.Notice.At) >= NoteEvery {
				t.Errorf("after %v: seat %d notice %q at %v, want %q shown since the note's turn", tc.after, s.Seat+1, s.Notice.Text.Key, s.Notice.At, tc.want.Key)
			}
		}
	}
	r.now = t0
	v1 := r.a.View()
	r.now = t0.Add(NoteEvery)
	if v2 := r.a.View(); v2.Rev == v1.Rev {
		t.Error("the note changed but the Rev did not: the screen would not redraw")
	}
	// A damaged log is told before the notes.
	r.a.tell(input.Text{Key: KeyLogDamaged})
	if v := r.a.View(); v.Banner.Key != KeyLogDamaged {
		t.Errorf("with a damaged log: banner %q", v.Banner.Key)
	}
	// In a game, the notes are not shown.
	r.a.damaged = time.Time{}
	for n := 0; r.a.Table().Mode() == input.ModeStart; n++ {
		if n > 100 || !r.step(nil) {
			t.Fatal("the game did not start")
		}
	}
	for _, after := range []time.Duration{0, NoteEvery} {
		r.now = r.now.Add(after)
		if v := r.a.View(); v.Banner.Key == notes[0].Key || v.Banner.Key == notes[1].Key || v.Seats[0].Notice.Text.Key == notes[0].Key || v.Seats[0].Notice.Text.Key == notes[1].Key {
			t.Errorf("in a game: banner %q, notice %q, want no config note", v.Banner.Key, v.Seats[0].Notice.Text.Key)
		}
	}
}
