package pi

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"
	"time"

	"ttr/hal"
	"ttr/hal/haltest"
	"ttr/hal/pi/mfrc522emu"
)

// guard bounds every wait of a test, in the time of its synctest bubble:
// reaching it is a failure.
const guard = 20 * time.Second

var (
	uid4 = []byte{0xDE, 0xAD, 0xBE, 0xEF}
	uid7 = []byte{0x04, 0x5A, 0x6B, 0x7C, 0x8D, 0x9E, 0x80}
)

// rig is readers on emulated chips, run by Run goroutines, on one clock.
// It runs inside a synctest bubble: the chips' time and the readers' are
// the bubble's, so no test waits in real time.
type rig struct {
	t     testing.TB
	clk   *bubbleClock
	chips []*mfrc522emu.Chip
	rs    []*Reader
	done  chan error
}

func newRig(t testing.TB, n int, opts *ReaderOpts) *rig {
	t.Helper()
	g := &rig{t: t, clk: newBubbleClock(), done: make(chan error, n)}
	ctx, cancel := context.WithCancel(context.Background())
	for i := range n {
		c := mfrc522emu.New("seat" + string(rune('0'+i)))
		r, err := NewReader(hal.Seat(i), c, c.Reset(), c.IRQ(), g.clk, opts)
		if err != nil {
			t.Fatal(err)
		}
		g.chips, g.rs = append(g.chips, c), append(g.rs, r)
		go func() { g.done <- r.Run(ctx) }()
	}
	t.Cleanup(func() {
		cancel()
		timer := time.NewTimer(guard)
		defer timer.Stop()
		for range n {
			select {
			case err := <-g.done:
				if err != nil {
					t.Errorf("Run: %v", err)
				}
			case <-timer.C:
				t.Errorf("Run did not return within %v of cancellation", guard)
				return
			}
		}
	})
	g.wait()
	return g
}

// wait returns once every reader waits on the clock.
func (g *rig) wait() {
	g.t.Helper()
	if err := g.clk.BlockUntil(len(g.rs)); err != nil {
		g.t.Fatal(err)
	}
}

// poll lets n clock deadlines pass, one at a time, each followed by the
// work it starts; it returns how far the clock moved.
func (g *rig) poll(n int) time.Duration {
	g.t.Helper()
	var total time.Duration
	for range n {
		total += g.clk.Step()
		g.wait()
	}
	return total
}

// scans returns the scans waiting on reader i.
func (g *rig) scans(i int) []hal.Scan {
	var got []hal.Scan
	for {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		s, err := g.rs[i].ReadTag(ctx)
		if err != nil {
			return got
		}
		got = append(got, s)
	}
}

func (g *rig) statuses(i int) []hal.Status {
	var got []hal.Status
	for {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		s, err := g.rs[i].ReadStatus(ctx)
		if err != nil {
			return got
		}
		got = append(got, s)
	}
}

func (g *rig) place(i int, uid []byte) {
	g.t.Helper()
	if err := g.chips[i].Place(uid); err != nil {
		g.t.Fatal(err)
	}
}

func wantScans(t testing.TB, got []hal.Scan, seat hal.Seat, uids ...hal.UID) {
	t.Helper()
	if len(got) != len(uids) {
		t.Fatalf("got %d scans %+v, want %d (%v)", len(got), got, len(uids), uids)
	}
	for i, s := range got {
		if s.Seat != seat || s.UID != uids[i] || s.At.IsZero() {
			t.Errorf("scan %d: got %+v, want seat %d UID %s with a time", i, s, seat, uids[i])
		}
	}
}

func TestReaderOneScanPerPlacement(t *testing.T) {
	for _, tc := range []struct {
		name string
		uid  []byte
		want hal.UID
	}{
		{"4-byte", uid4, "DEADBEEF"},
		{"7-byte", uid7, "045A6B7C8D9E80"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				g := newRig(t, 1, nil)
				g.poll(5)
				wantScans(t, g.scans(0), 0, []hal.UID{}...)
				g.place(0, tc.uid)
				g.poll(1)
				wantScans(t, g.scans(0), 0, tc.want)
				g.poll(20) // held for a second: nothing more
				wantScans(t, g.scans(0), 0)
				g.chips[0].Lift()
				g.poll(DefaultReaderOpts.Lifted)
				wantScans(t, g.scans(0), 0)
				g.place(0, tc.uid)
				g.poll(1)
				wantScans(t, g.scans(0), 0, tc.want)
				if got := g.statuses(0); len(got) != 1 || got[0].State != hal.Online {
					t.Errorf("statuses: got %+v, want one online", got)
				}
			})
		})
	}
}

func TestReaderSwapWithoutLift(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := newRig(t, 1, nil)
		g.place(0, uid4)
		g.poll(1)
		g.place(0, uid7) // one card pushed off by the next
		g.poll(1)
		wantScans(t, g.scans(0), 0, "DEADBEEF", "045A6B7C8D9E80")
	})
}

func TestReaderMisreadsRetried(t *testing.T) {
	for _, tc := range []struct {
		name   string
		uid    []byte
		want   hal.UID
		faults []mfrc522emu.Fault
	}{
		{"silent", uid4, "DEADBEEF", []mfrc522emu.Fault{{Step: mfrc522emu.REQA, Kind: mfrc522emu.Silent}}},
		{"truncated ATQA", uid4, "DEADBEEF", []mfrc522emu.Fault{{Step: mfrc522emu.REQA, Kind: mfrc522emu.Truncated}, {Step: mfrc522emu.REQA, Kind: mfrc522emu.Truncated}}},
		{"bad BCC", uid4, "DEADBEEF", []mfrc522emu.Fault{{Step: mfrc522emu.Anticoll1, Kind: mfrc522emu.BadBCC}}},
		{"parity", uid7, "045A6B7C8D9E80", []mfrc522emu.Fault{{Step: mfrc522emu.Anticoll2, Kind: mfrc522emu.Parity}}},
		{"collision", uid4, "DEADBEEF", []mfrc522emu.Fault{{Step: mfrc522emu.Anticoll1, Kind: mfrc522emu.Collision}}},
		{"wrong UID with a valid BCC, first read", uid7, "045A6B7C8D9E80", []mfrc522emu.Fault{{Step: mfrc522emu.Anticoll2, Kind: mfrc522emu.OtherUID}}},
		{"wrong UID with a valid BCC, confirming read", uid7, "045A6B7C8D9E80", []mfrc522emu.Fault{{Step: mfrc522emu.Anticoll2, Kind: mfrc522emu.Truncated}, {Step: mfrc522emu.Anticoll2, Kind: mfrc522emu.Truncated}, {Step: mfrc522emu.Anticoll2, Kind: mfrc522emu.Truncated}}},
		{"garbage three times", uid4, "DEADBEEF", []mfrc522emu.Fault{{Step: mfrc522emu.Anticoll1, Kind: mfrc522emu.BadBCC}, {Step: mfrc522emu.Anticoll1, Kind: mfrc522emu.Collision}, {Step: mfrc522emu.Anticoll1, Kind: mfrc522emu.Truncated}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				g := newRig(t, 1, nil)
				g.chips[0].Inject(tc.faults...)
				g.place(0, tc.uid)
				var got []hal.Scan
				for i := 0; i < 10 && len(got) == 0; i++ {
					g.poll(1)
					got = g.scans(0)
				}
				wantScans(t, got, 0, tc.want)
				g.poll(10)
				wantScans(t, g.scans(0), 0)
			})
		})
	}
}

func TestReaderHeldThroughMisreads(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := newRig(t, 1, nil)
		g.place(0, uid4)
		g.poll(1)
		wantScans(t, g.scans(0), 0, "DEADBEEF")
		// Fewer failed polls in a row than Lifted: still the same placement.
		for range DefaultReaderOpts.Lifted - 1 {
			g.chips[0].Inject(mfrc522emu.Fault{Step: mfrc522emu.Anticoll1, Kind: mfrc522emu.BadBCC})
		}
		g.poll(10)
		wantScans(t, g.scans(0), 0)
	})
}

func TestReaderHangsAndRecovers(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := newRig(t, 2, nil)
		if got := g.statuses(0); len(got) != 1 || got[0].State != hal.Online {
			t.Fatalf("statuses at start: got %+v, want one online", got)
		}
		g.place(0, uid4)
		g.poll(2)
		wantScans(t, g.scans(0), 0, "DEADBEEF")
		g.chips[0].Hang()
		g.poll(DefaultReaderOpts.Fails)
		st := g.statuses(0)
		if len(st) != 1 || st[0].State != hal.Offline || st[0].Device != hal.DeviceReader || !errors.Is(st[0].Err, ErrNoAnswer) {
			t.Fatalf("after hanging: got %+v, want one offline with ErrNoAnswer", st)
		}
		// The other reader carries on.
		g.place(1, uid7)
		g.poll(2)
		wantScans(t, g.scans(1), 1, "045A6B7C8D9E80")
		// The reset of the next re-initialisation brings the hung chip back.
		g.poll(2)
		if st := g.statuses(0); len(st) != 1 || st[0].State != hal.Online || st[0].Err != nil {
			t.Fatalf("after the reset: got %+v, want one online", st)
		}
		// The tag held through the outage is not reported again; a new one is.
		g.poll(5)
		wantScans(t, g.scans(0), 0)
		g.chips[0].Lift()
		g.poll(DefaultReaderOpts.Lifted)
		g.place(0, uid7)
		g.poll(1)
		wantScans(t, g.scans(0), 0, "045A6B7C8D9E80")
	})
}

func TestReaderBacksOff(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		opts := &ReaderOpts{Backoff: 100 * time.Millisecond, MaxBackoff: 800 * time.Millisecond}
		g := newRig(t, 1, opts)
		g.chips[0].Unplug()
		g.poll(DefaultReaderOpts.Fails) // polls that find the chip gone
		var waits []time.Duration
		for range 6 {
			waits = append(waits, g.poll(1))
		}
		want := []time.Duration{100, 200, 400, 800, 800, 800}
		for i := range want {
			if waits[i] != want[i]*time.Millisecond {
				t.Fatalf("waits between re-initialisations: got %v, want %v (ms)", waits, want)
			}
		}
		st := g.statuses(0)
		if len(st) != 2 || st[1].State != hal.Offline {
			t.Fatalf("statuses: got %+v, want online then offline", st)
		}
		g.chips[0].Plug()
		g.place(0, uid4)
		g.poll(3)
		if st := g.statuses(0); len(st) != 1 || st[0].State != hal.Online {
			t.Fatalf("after plugging back: got %+v, want online", st)
		}
		wantScans(t, g.scans(0), 0, "DEADBEEF")
	})
}

func TestReaderBusErrors(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := newRig(t, 1, nil)
		boom := errors.New("spidev: input/output error")
		g.chips[0].FailTx(boom)
		g.poll(DefaultReaderOpts.Fails)
		st := g.statuses(0)
		if len(st) != 2 || st[1].State != hal.Offline || !errors.Is(st[1].Err, boom) {
			t.Fatalf("statuses: got %+v, want online then offline with %v", st, boom)
		}
		g.chips[0].FailTx(nil)
		g.poll(2)
		if st := g.statuses(0); len(st) != 1 || st[0].State != hal.Online {
			t.Fatalf("after the bus recovered: got %+v, want online", st)
		}
	})
}

func TestReaderOfflineAtStart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		clk := newBubbleClock()
		c := mfrc522emu.New("dead")
		c.Unplug()
		r, err := NewReader(0, c, c.Reset(), c.IRQ(), clk, nil)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- r.Run(ctx) }()
		wctx, wcancel := context.WithTimeout(ctx, guard)
		defer wcancel()
		st, err := r.ReadStatus(wctx)
		if err != nil || st.State != hal.Offline || !errors.Is(st.Err, ErrNoAnswer) {
			t.Errorf("first status: got %+v, %v, want offline with ErrNoAnswer", st, err)
		}
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
		if err := r.Run(context.Background()); err == nil {
			t.Error("second Run succeeded, want an error")
		}
	})
}

func TestNewReaderNeedsPins(t *testing.T) {
	c := mfrc522emu.New("x")
	clk := hal.SystemClock{}
	for _, tc := range []struct {
		name string
		f    func() (*Reader, error)
	}{
		{"no port", func() (*Reader, error) { return NewReader(0, nil, c.Reset(), c.IRQ(), clk, nil) }},
		{"no reset", func() (*Reader, error) { return NewReader(0, c, nil, c.IRQ(), clk, nil) }},
		{"no irq", func() (*Reader, error) { return NewReader(0, c, c.Reset(), nil, clk, nil) }},
		{"no clock", func() (*Reader, error) { return NewReader(0, c, c.Reset(), c.IRQ(), nil, nil) }},
	} {
		if _, err := tc.f(); err == nil {
			t.Errorf("%s: got no error", tc.name)
		}
	}
}

// harness drives a rig's reader 0 for haltest.TestTagReader.
type harness struct{ g *rig }

func (h harness) Place(i int) (hal.UID, error) {
	uid := [][]byte{uid7, uid4}[i]
	if err := h.g.chips[0].Place(uid); err != nil {
		return "", err
	}
	h.g.poll(1)
	return []hal.UID{"045A6B7C8D9E80", "DEADBEEF"}[i], nil
}

func (h harness) Lift() error {
	h.g.chips[0].Lift()
	h.g.poll(DefaultReaderOpts.Lifted)
	return nil
}

func (h harness) Settle() error {
	h.g.poll(3)
	return nil
}

func TestReaderConforms(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := newRig(t, 1, nil)
		if err := haltest.TestTagReader(haltest.TagCheck{Reader: g.rs[0], Seat: 0, Harness: harness{g}}); err != nil {
			t.Error(err)
		}
	})
}

// FuzzReaderNeverWrongUID injects any sequence of corrupted tag answers
// and checks that the reader reports the tag, and never a UID that is not
// the tag's.
func FuzzReaderNeverWrongUID(f *testing.F) {
	f.Add([]byte{0})
	f.Add([]byte{1, 3, 3})       // 7-byte UID, anticollision-2 answers corrupted twice alike
	f.Add([]byte{1, 28, 28, 28}) // 7-byte UID, OtherUID three times on anticollision-2
	f.Add([]byte{0, 0, 5, 10, 15, 20, 25, 30})
	f.Add([]byte{1, 1, 6, 11, 16, 21, 26, 31, 34})
	f.Fuzz(func(t *testing.T, b []byte) {
		synctest.Test(t, func(t *testing.T) {
			if len(b) == 0 || len(b) > 16 {
				return
			}
			uid, want := uid4, hal.UID("DEADBEEF")
			if b[0]&1 == 1 {
				uid, want = uid7, "045A6B7C8D9E80"
			}
			var faults []mfrc522emu.Fault
			for _, v := range b[1:] {
				faults = append(faults, mfrc522emu.Fault{Step: mfrc522emu.Step(v%5 + 1), Kind: mfrc522emu.Kind(v/5%7 + 1)})
			}
			g := newRig(t, 1, nil)
			g.chips[0].Inject(faults...)
			g.place(0, uid)
			g.poll(len(faults) + 2) // every poll without a scan uses up a fault
			scans := g.scans(0)
			if len(scans) == 0 {
				t.Fatalf("faults %v: no scan", faults)
			}
			for _, s := range scans {
				if s.UID != want {
					t.Fatalf("faults %v: got scan of %s, want only %s", faults, s.UID, want)
				}
			}
		})
	})
}

// TestReaderCollision: two cards laid together are told once as
// hal.ErrCollision, with no scan, until they are apart; the card left on
// the reader is then read.
func TestReaderCollision(t *testing.T) {
	for _, tc := range []struct {
		name       string
		one, other []byte
	}{
		{"two 4-byte UIDs", uid4, []byte{0xDE, 0xAD, 0x3E, 0xEF}},
		{"a 4-byte and a 7-byte UID", uid4, uid7},
		{"two 7-byte UIDs", uid7, []byte{0x04, 0x5A, 0x6B, 0x7C, 0x8D, 0x9E, 0x81}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				g := newRig(t, 1, nil)
				g.statuses(0) // online
				g.place(0, tc.one)
				if err := g.chips[0].Add(tc.other); err != nil {
					t.Fatal(err)
				}
				g.poll(10)
				wantScans(t, g.scans(0), 0)
				st := g.statuses(0)
				if len(st) != 1 || !errors.Is(st[0].Err, hal.ErrCollision) || st[0].State != hal.Online || st[0].At.IsZero() {
					t.Fatalf("statuses: got %+v, want one online with hal.ErrCollision", st)
				}
				g.place(0, tc.one) // the other card taken away
				g.poll(2)
				want := hal.UID("DEADBEEF")
				if len(tc.one) == 7 {
					want = "045A6B7C8D9E80"
				}
				wantScans(t, g.scans(0), 0, want)
				// Laid together again, after a while apart: told again.
				g.poll(DefaultReaderOpts.Lifted)
				if err := g.chips[0].Add(tc.other); err != nil {
					t.Fatal(err)
				}
				g.poll(2)
				if st := g.statuses(0); len(st) != 1 || !errors.Is(st[0].Err, hal.ErrCollision) {
					t.Fatalf("together again: got %+v, want hal.ErrCollision", st)
				}
			})
		})
	}
}
