package owner

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"ttr/display/msg"
	"ttr/hal"
	"ttr/hal/config"
	"ttr/hal/haltest"
	"ttr/input"
)

// checkRig is the owner's hardware check on fake devices: each seat's
// haltest reader and buttons, a fake clock.
type checkRig struct {
	t       *testing.T
	c       *Checks
	clk     *haltest.Clock
	readers []*haltest.Reader
	buttons []*haltest.Buttons
	cat     *msg.Catalog
}

func newCheckRig(t *testing.T) *checkRig {
	t.Helper()
	cfg := config.Default()
	cat, err := msg.Load()
	if err != nil {
		t.Fatal(err)
	}
	r := &checkRig{t: t, clk: haltest.NewClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)), cat: cat}
	for i := range cfg.Seats {
		r.readers = append(r.readers, haltest.NewReader(hal.Seat(i), r.clk))
		r.buttons = append(r.buttons, haltest.NewButtons(hal.Seat(i), r.clk))
	}
	r.c = NewChecks(cfg, CheckOpts{Timeout: 30 * time.Second, Sound: true})
	r.c.Start(r.clk.Now())
	return r
}

// scan lays a card on seat's fake reader and hands its scan to the checks.
func (r *checkRig) scan(seat int, uid hal.UID) Outcome {
	r.readers[seat].Place(uid)
	ev, err := r.readers[seat].ReadTag(context.Background())
	if err != nil {
		r.t.Fatal(err)
	}
	r.readers[seat].Lift()
	return r.c.Event(ev, r.clk.Now())
}

// press presses seat's fake button and hands the press to the checks.
func (r *checkRig) press(seat int, b hal.Button) Outcome {
	r.buttons[seat].Press(b)
	ev, err := r.buttons[seat].ReadPress(context.Background())
	if err != nil {
		r.t.Fatal(err)
	}
	return r.c.Event(ev, r.clk.Now())
}

// words checks t against the catalogue and words it in Spanish.
func (r *checkRig) words(t input.Text) string {
	r.t.Helper()
	if err := r.cat.Check(t); err != nil {
		r.t.Errorf("%+v: %v", t, err)
	}
	return r.cat.Text(msg.ES, t)
}

// TestChecksPassOnTheRightDevices: each reader, each button, the four
// corners, two fingers and the sound pass, in order, on what each check
// asks for; every prompt is words in each language.
func TestChecksPassOnTheRightDevices(t *testing.T) {
	r := newCheckRig(t)
	if n := len(r.c.List); n != 4*3+4+1+1 {
		t.Fatalf("%d checks, want 18", n)
	}
	for _, ch := range r.c.List {
		if err := r.cat.Check(ch.Prompt); err != nil {
			t.Errorf("%s: %v", ch.Name, err)
		}
	}
	if got := r.words(r.c.Current().Prompt); got != "Asiento 1 (abajo, rojo): pon cualquier carta en el lector." {
		t.Errorf("first prompt %q", got)
	}
	for s := range 4 {
		if o := r.scan(s, "DEADBEEF"); o.Ended == nil || o.Ended.Verdict != Passed {
			t.Fatalf("seat %d reader: %+v", s+1, o)
		}
		r.press(s, hal.Confirm)
		r.press(s, hal.Cancel)
	}
	for _, xy := range [][2]float32{{10, 10}, {1900, 10}, {1910, 1075}, {5, 1070}} {
		r.c.Touch(xy[0], xy[1], 1, r.clk.Now())
	}
	r.c.Touch(300, 300, 2, r.clk.Now())
	if ch := r.c.Current(); ch == nil || ch.Kind != CheckSound {
		t.Fatalf("current %+v, want the sound", ch)
	}
	r.c.Heard(r.clk.Now())
	if !r.c.Done() || r.c.Count(Passed) != 18 {
		for _, ch := range r.c.List {
			t.Logf("%s %s %s", ch.Name, ch.Verdict, r.words(ch.Saw))
		}
		t.Fatalf("passed %d of 18", r.c.Count(Passed))
	}
}

// TestChecksSayWhatToDo: what comes instead of what a check asks for is
// named with what to do, and a check that times out fails saying why: a
// swapped reader, swapped buttons, another seat's button, a reader
// offline, a wrong corner (rotation), one finger at a time, a silent
// speaker.
func TestChecksSayWhatToDo(t *testing.T) {
	// Seat 1's reader: seat 2's scans instead, then time runs out.
	r := newCheckRig(t)
	o := r.scan(1, "DEADBEEF")
	if got := r.words(o.Hint); !strings.Contains(got, "lector del asiento 2") || !strings.Contains(got, "cruzados") {
		t.Errorf("hint %q", got)
	}
	r.clk.Advance(30 * time.Second)
	o = r.c.Expire(r.clk.Now())
	if o.Ended == nil || o.Ended.Verdict != Failed || !strings.Contains(r.words(o.Ended.Saw), "en 30s") {
		t.Errorf("expired: %+v", o)
	}
	// Seat 1's Confirm: Cancel instead; seat 2's Confirm instead.
	if got := r.words(r.press(0, hal.Cancel).Hint); !strings.Contains(got, "Ese era Cancelar: pulsa Confirmar") {
		t.Errorf("hint %q", got)
	}
	if got := r.words(r.press(1, hal.Confirm).Hint); !strings.Contains(got, "del asiento 2") {
		t.Errorf("hint %q", got)
	}
	r.press(0, hal.Confirm)
	r.press(0, hal.Cancel)
	// Seat 2's reader offline: the failure says so.
	r.readers[1].SetOffline(errors.New("no answer"))
	st, _ := r.readers[1].ReadStatus(context.Background())
	r.c.Event(st, r.clk.Now())
	r.clk.Advance(30 * time.Second)
	if o := r.c.Expire(r.clk.Now()); !strings.Contains(r.words(o.Ended.Saw), "el lector está sin conexión: no answer") {
		t.Errorf("offline reader: %q", r.words(o.Ended.Saw))
	}
	for r.c.Current().Kind != CheckCorner {
		r.c.Skip(r.clk.Now())
	}
	// The top-left corner: the bottom-left one touched instead.
	if got := r.words(r.c.Touch(5, 1070, 1, r.clk.Now()).Hint); !strings.Contains(got, "screen.rotation") {
		t.Errorf("corner hint %q", got)
	}
	for r.c.Current().Kind != CheckFingers {
		r.c.Skip(r.clk.Now())
	}
	r.c.Touch(300, 300, 1, r.clk.Now())
	r.clk.Advance(30 * time.Second)
	if o := r.c.Expire(r.clk.Now()); !strings.Contains(r.words(o.Ended.Saw), "multitáctil") {
		t.Errorf("one finger: %q", r.words(o.Ended.Saw))
	}
	r.clk.Advance(30 * time.Second)
	if o := r.c.Expire(r.clk.Now()); o.Ended == nil || o.Ended.Kind != CheckSound || !strings.Contains(r.words(o.Ended.Saw), "altavoz") {
		t.Errorf("no sound: %+v", o)
	}
	if r.c.Count(Failed) != 4 {
		t.Errorf("%d failed, want 4", r.c.Count(Failed))
	}
}
