package app

import (
	"reflect"
	"testing"
	"time"

	"ttr/hal"
	"ttr/input"
)

// frames draws the App's Views the way the screen does, one frame at a
// time, and checks the promise of their Revs the screen's cache relies on.
type frames struct {
	t    *testing.T
	last *input.View
	seen map[input.Rev]bool
}

func newFrames(t *testing.T) *frames { return &frames{t: t, seen: map[input.Rev]bool{}} }

// frame returns the App's View, checking that it has a nonzero Rev, that a
// second View at once is the same with the same Rev, that a View that
// differs (Rev aside) from the last frame's has a new Rev, and that a Rev
// once replaced never comes back.
func (f *frames) frame(r *rig) input.View {
	f.t.Helper()
	v := r.a.View()
	if v.Rev.IsZero() {
		f.t.Fatalf("the App's View has the zero Rev")
	}
	if again := r.a.View(); again.Rev != v.Rev || !reflect.DeepEqual(again, v) {
		f.t.Fatalf("two Views in a row: same Rev %v, same View %v", again.Rev == v.Rev, sameView(again, v))
	}
	if p := f.last; p != nil {
		switch {
		case p.Rev == v.Rev && !sameView(*p, v):
			f.t.Fatalf("the View changed but kept its Rev: the screen would show the old one")
		case p.Rev != v.Rev && f.seen[v.Rev]:
			f.t.Fatalf("a Rev replaced earlier came back")
		}
	}
	f.seen[v.Rev] = true
	f.last = &v
	return v
}

// changed returns the next frame, which must have a new Rev because of
// what (the caller checks what it shows).
func (f *frames) changed(r *rig, what string) input.View {
	f.t.Helper()
	prev := f.last
	v := f.frame(r)
	if prev != nil && v.Rev == prev.Rev {
		f.t.Errorf("%s: the View kept its Rev", what)
	}
	return v
}

// steady draws n frames with nothing happening: all have the last frame's
// Rev.
func (f *frames) steady(r *rig, n int) {
	f.t.Helper()
	want := f.frame(r).Rev
	for i := range n {
		if got := f.frame(r).Rev; got != want {
			f.t.Fatalf("frame %d of a steady App has a new Rev", i+1)
		}
	}
}

// sameView reports whether a and b are deeply equal, Rev aside.
func sameView(a, b input.View) bool {
	a.Rev, b.Rev = input.Rev{}, input.Rev{}
	return reflect.DeepEqual(a, b)
}

// handle passes ev to the App and draws a frame.
func (f *frames) handle(r *rig, ev hal.Event) (input.Result, error) {
	f.t.Helper()
	res, err := r.a.Handle(ev)
	f.frame(r)
	return res, err
}

// TestViewRevWholeGame plays a digital game and the start of the next,
// drawing a frame after every event.
func TestViewRevWholeGame(t *testing.T) {
	r := newRig(t, 3, "europe", 3)
	f := newFrames(t)
	f.steady(r, 3)
	events := 0
	for n := 0; r.a.Ended() == 0; n++ {
		evs, err := r.d.Next(r.a, r.at())
		if n > 20000 || err != nil || len(evs) == 0 {
			t.Fatalf("the game did not end: step %d, %d events, %v", n, len(evs), err)
		}
		for _, ev := range evs {
			before := f.last.Rev
			if _, err := f.handle(r, ev); err != nil {
				t.Fatalf("Handle: %v", err)
			}
			if f.last.Rev == before {
				t.Fatalf("event %+v: Rev kept", ev)
			}
			events++
		}
		if n%100 == 0 {
			f.steady(r, 2)
		}
	}
	f.steady(r, 3)
	if v := f.last; v.Mode != input.ModeEnd {
		t.Fatalf("mode %s after the game, want the end screen", v.Mode)
	}
	// A new game at the same table.
	f.handle(r, hal.Touch{Kind: hal.ScreenKey, ID: input.KeyNewGame, Seat: 0, At: r.at()})
	if v := f.last; v.Mode != input.ModeStart {
		t.Fatalf("mode %s after New game, want the start screen", v.Mode)
	}
	evs, err := r.d.Next(r.a, r.at())
	if err != nil || len(evs) == 0 {
		t.Fatalf("start: %d events, %v", len(evs), err)
	}
	for _, ev := range evs {
		f.handle(r, ev)
	}
	if v := f.last; v.Mode != input.ModeSetup {
		t.Fatalf("mode %s after the start, want set-up", v.Mode)
	}
	if len(f.seen) < events {
		t.Errorf("%d Revs for %d events, want one at least per event", len(f.seen), events)
	}
}

// TestViewRevNewTable replaces the App's table by a new one that shows the
// same start screen, as Open, Recover and a rollback do: the View must get
// a Rev never seen, so that nothing drawn for the old table is kept.
func TestViewRevNewTable(t *testing.T) {
	r := newRig(t, 2, "usa", 1)
	f := newFrames(t)
	old := f.frame(r)
	oldTable := r.a.Table()
	r.a.load() // no game in the journal: a new table on the start screen
	if r.a.Table() == oldTable {
		t.Fatalf("load kept the table")
	}
	v := f.changed(r, "new table")
	if !sameView(old, v) {
		t.Errorf("the new table shows another start screen")
	}
	f.steady(r, 3)
}

// TestViewRevStorageFailure checks the Rev as the storage failure banner
// appears and goes away, with the table rolled back and resumed, and with
// the table untouched.
func TestViewRevStorageFailure(t *testing.T) {
	r, fail := failingRig(t, 3, "europe", 11)
	r.playActions(30)
	f := newFrames(t)
	f.steady(r, 2)

	*fail = true
	for failed := false; !failed; {
		evs, err := r.d.Next(r.a, r.at())
		if err != nil || len(evs) == 0 {
			t.Fatalf("Next: %d events, %v", len(evs), err)
		}
		for _, ev := range evs {
			if _, err := f.handle(r, ev); err != nil {
				failed = true
				break
			}
		}
	}
	if v := f.last; v.Banner.Key != KeyStorageFailed {
		t.Fatalf("banner %q, want %s", v.Banner.Key, KeyStorageFailed)
	}
	f.steady(r, 3)
	if _, err := f.handle(r, hal.Status{Seat: 1, Device: hal.DeviceReader, State: hal.Offline, At: r.at()}); err != nil {
		t.Fatalf("status while failed: %v", err)
	}
	if v := f.last; !v.Seats[1].ReaderOffline || v.Banner.Key != KeyStorageFailed {
		t.Errorf("status while failed: reader offline %v, banner %q", v.Seats[1].ReaderOffline, v.Banner.Key)
	}
	f.steady(r, 2)

	*fail = false
	if err := r.a.Recover(); err != nil {
		t.Fatalf("Recover: %v", err)
	}
	if v := f.changed(r, "recovered"); v.Banner.Key == KeyStorageFailed {
		t.Errorf("banner %q after Recover", v.Banner.Key)
	}
	f.steady(r, 2)

	// The banner alone: a failure recorded while the table stays as it
	// is (as when a finished game's summary cannot be written).
	tableRev := r.a.Table().View().Rev
	r.at()
	r.a.fail(errDisk)
	if r.a.Table().View().Rev != tableRev {
		t.Fatalf("recording the failure changed the table")
	}
	v := f.changed(r, "failure over an unchanged table")
	if v.Banner.Key != KeyStorageFailed || v.Seats[0].Notice.Text.Key != KeyStorageFailed || !v.Seats[0].Notice.At.Equal(r.now) {
		t.Errorf("banner %q, notice %q at %v; want %s at %v", v.Banner.Key, v.Seats[0].Notice.Text.Key, v.Seats[0].Notice.At, KeyStorageFailed, r.now)
	}
	f.steady(r, 2)
	// And away again, the table still unchanged and the time of the
	// failure kept: only the failure itself tells the Views apart.
	r.a.err = nil
	if r.a.Table().View().Rev != tableRev {
		t.Fatalf("clearing the failure changed the table")
	}
	if v := f.changed(r, "failure cleared over an unchanged table"); v.Banner.Key == KeyStorageFailed || v.Seats[0].Notice.Text.Key == KeyStorageFailed {
		t.Errorf("banner %q notice %q after the failure cleared", v.Banner.Key, v.Seats[0].Notice.Text.Key)
	}
	r.a.fail(errDisk)
	if v := f.changed(r, "failure again"); v.Banner.Key != KeyStorageFailed {
		t.Errorf("banner %q, want %s", v.Banner.Key, KeyStorageFailed)
	}
	// A later failure while failing: the notices show its time.
	r.at()
	r.a.fail(errDisk)
	if v := f.changed(r, "later failure"); !v.Seats[0].Notice.At.Equal(r.now) {
		t.Errorf("notice at %v, want the later failure's time %v", v.Seats[0].Notice.At, r.now)
	}
	if err := r.a.Recover(); err != nil {
		t.Fatalf("Recover: %v", err)
	}
	if v := f.changed(r, "recovered again"); v.Banner.Key == KeyStorageFailed {
		t.Errorf("banner %q after Recover", v.Banner.Key)
	}
}

// TestViewRevDamagedLog checks the Rev as the damaged-log banner appears
// at Open, comes and goes over an unchanged table, and goes with a new
// game.
func TestViewRevDamagedLog(t *testing.T) {
	r := newRig(t, 2, "usa", 9)
	f := newFrames(t)
	for n := 0; r.a.Table().Game() == nil || len(r.a.Table().Game().History()) < 10; n++ {
		evs, err := r.d.Next(r.a, r.at())
		if n > 1000 || err != nil || len(evs) == 0 {
			t.Fatalf("Next: %d events, %v", len(evs), err)
		}
		for _, ev := range evs {
			f.handle(r, ev)
		}
	}
	r.a.Close()
	damageLog(t, r.dir)
	r.now = r.now.Add(time.Minute)
	r.open()
	if v := f.changed(r, "damaged log at Open"); v.Banner.Key != KeyLogDamaged {
		t.Fatalf("banner %q, want %s", v.Banner.Key, KeyLogDamaged)
	}
	f.steady(r, 2)

	// The banner alone, over the same table: away, then back.
	damaged := r.a.damaged
	tableRev := r.a.Table().View().Rev
	r.a.damaged = time.Time{}
	if v := f.changed(r, "damaged log no longer reported"); v.Banner.Key == KeyLogDamaged || v.Seats[0].Notice.Text.Key == KeyLogDamaged {
		t.Errorf("banner %q notice %q, want neither", v.Banner.Key, v.Seats[0].Notice.Text.Key)
	}
	r.a.damaged = damaged
	if v := f.changed(r, "damaged log reported again"); v.Banner.Key != KeyLogDamaged {
		t.Errorf("banner %q, want %s", v.Banner.Key, KeyLogDamaged)
	}
	if r.a.Table().View().Rev != tableRev {
		t.Fatalf("the table changed")
	}

	// A new game: the banner and notices go.
	evs, err := r.d.Next(r.a, r.at())
	if err != nil || len(evs) == 0 {
		t.Fatalf("start: %d events, %v", len(evs), err)
	}
	for _, ev := range evs {
		f.handle(r, ev)
	}
	if v := f.last; v.Mode == input.ModeStart || v.Banner.Key == KeyLogDamaged || v.Seats[0].Notice.Text.Key == KeyLogDamaged {
		t.Errorf("after a new game: mode %s banner %q notice %q", v.Mode, v.Banner.Key, v.Seats[0].Notice.Text.Key)
	}
	f.steady(r, 2)
}
