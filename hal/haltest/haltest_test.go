package haltest_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"ttr/hal"
	"ttr/hal/haltest"
)

var t0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

type readerHarness struct{ r *haltest.Reader }

func (h readerHarness) Place(i int) (hal.UID, error) {
	uid := []hal.UID{"04A1B2C3D4E5F6", "DEADBEEF"}[i]
	h.r.Place(uid)
	return uid, nil
}
func (h readerHarness) Lift() error   { h.r.Lift(); return nil }
func (h readerHarness) Settle() error { return nil }

type buttonHarness struct{ b *haltest.Buttons }

func (h buttonHarness) Press(b hal.Button, long bool) error {
	if long {
		h.b.LongPress(b)
	} else {
		h.b.Press(b)
	}
	return nil
}
func (h buttonHarness) Settle() error { return nil }

func TestFakesConform(t *testing.T) {
	clk := haltest.NewClock(t0)
	r := haltest.NewReader(2, clk)
	if err := haltest.TestTagReader(haltest.TagCheck{Reader: r, Seat: 2, Harness: readerHarness{r}}); err != nil {
		t.Errorf("Reader: %v", err)
	}
	b := haltest.NewButtons(3, clk)
	if err := haltest.TestButtonReader(haltest.ButtonCheck{Buttons: b, Seat: 3, Harness: buttonHarness{b}, Test: []hal.Button{hal.Confirm, hal.Cancel}}); err != nil {
		t.Errorf("Buttons: %v", err)
	}
	if err := haltest.TestClock(clk, clk.Advance); err != nil {
		t.Errorf("Clock: %v", err)
	}
	if err := haltest.TestClock(hal.SystemClock{}, nil); err != nil {
		t.Errorf("SystemClock: %v", err)
	}
}

// brokenReader reports every tag twice: the checker must notice.
type brokenReader struct{ *haltest.Reader }

type doubleHarness struct{ r *haltest.Reader }

func (h doubleHarness) Place(i int) (hal.UID, error) {
	uid := []hal.UID{"04A1B2C3D4E5F6", "DEADBEEF"}[i]
	h.r.Place(uid)
	h.r.Lift()
	h.r.Place(uid) // a bouncing reader: lost and found again
	return uid, nil
}
func (h doubleHarness) Lift() error   { h.r.Lift(); return nil }
func (h doubleHarness) Settle() error { return nil }

func TestTagReaderCatchesDoubleScan(t *testing.T) {
	r := haltest.NewReader(0, haltest.NewClock(t0))
	err := haltest.TestTagReader(haltest.TagCheck{Reader: brokenReader{r}, Seat: 0, Harness: doubleHarness{r}})
	if err == nil {
		t.Fatal("TestTagReader passed a reader that reports each tag twice")
	}
}

func TestTagReaderCatchesWrongSeat(t *testing.T) {
	r := haltest.NewReader(1, haltest.NewClock(t0))
	if err := haltest.TestTagReader(haltest.TagCheck{Reader: r, Seat: 0, Harness: readerHarness{r}}); err == nil {
		t.Fatal("TestTagReader passed a reader that reports the wrong seat")
	}
}

func TestClockAfter(t *testing.T) {
	clk := haltest.NewClock(t0)
	a := clk.After(3 * time.Second)
	b := clk.After(time.Second)
	if got, want := clk.Waiters(), 2; got != want {
		t.Fatalf("Waiters: got %d, want %d", got, want)
	}
	clk.Advance(2 * time.Second)
	select {
	case v := <-b:
		if want := t0.Add(time.Second); !v.Equal(want) {
			t.Errorf("b fired with %v, want %v", v, want)
		}
	default:
		t.Error("b did not fire after 2s")
	}
	select {
	case <-a:
		t.Error("a fired after 2s, want 3s")
	default:
	}
	if got, want := clk.Now(), t0.Add(2*time.Second); !got.Equal(want) {
		t.Errorf("Now: got %v, want %v", got, want)
	}
}

func TestClockBlockUntil(t *testing.T) {
	clk := haltest.NewClock(t0)
	done := make(chan time.Time)
	go func() { done <- <-clk.After(time.Minute) }()
	if err := clk.BlockUntil(context.Background(), 1); err != nil {
		t.Fatal(err)
	}
	clk.Advance(time.Minute)
	if got, want := <-done, t0.Add(time.Minute); !got.Equal(want) {
		t.Errorf("got %v, want %v", got, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := clk.BlockUntil(ctx, 1); err != context.Canceled {
		t.Errorf("BlockUntil on a cancelled context: got %v, want context.Canceled", err)
	}
}

func TestReaderOffline(t *testing.T) {
	clk := haltest.NewClock(t0)
	r := haltest.NewReader(1, clk)
	ctx := context.Background()
	r.SetOffline(nil)
	r.Place("DEADBEEF")
	if got := r.Pending(); got != 0 {
		t.Fatalf("scans while offline: got %d, want 0", got)
	}
	clk.Advance(time.Second)
	r.SetOnline()
	for _, want := range []hal.Status{
		{Seat: 1, Device: hal.DeviceReader, State: hal.Offline, Err: haltest.ErrOffline, At: t0},
		{Seat: 1, Device: hal.DeviceReader, State: hal.Online, At: t0.Add(time.Second)},
	} {
		got, err := r.ReadStatus(ctx)
		if err != nil || got != want {
			t.Errorf("ReadStatus: got %+v, %v, want %+v", got, err, want)
		}
	}
	got, err := r.ReadTag(ctx)
	if want := (hal.Scan{Seat: 1, UID: "DEADBEEF", At: t0.Add(time.Second)}); err != nil || got != want {
		t.Errorf("ReadTag after coming back: got %+v, %v, want %+v", got, err, want)
	}
	// Two statuses and one scan, all read: still counted.
	if got := r.Reported(); got != 3 {
		t.Errorf("Reported: got %d, want 3", got)
	}
	b := haltest.NewButtons(1, clk)
	b.Press(hal.Confirm)
	b.LongPress(hal.Cancel)
	if _, err := b.ReadPress(ctx); err != nil {
		t.Fatal(err)
	}
	if got := b.Reported(); got != 2 {
		t.Errorf("buttons Reported: got %d, want 2", got)
	}
}

func ExampleReader() {
	clk := haltest.NewClock(t0)
	r := haltest.NewReader(0, clk)
	r.Place("DEADBEEF")
	r.Place("DEADBEEF") // still held: not reported again
	r.Lift()
	r.Place("DEADBEEF")
	for r.Pending() > 0 {
		s, _ := r.ReadTag(context.Background())
		fmt.Println(s.Seat, s.UID)
	}
	// Output:
	// 0 DEADBEEF
	// 0 DEADBEEF
}

func TestClockAdvanceNext(t *testing.T) {
	clk := haltest.NewClock(t0)
	if got := clk.AdvanceNext(); got != 0 {
		t.Errorf("AdvanceNext with nothing pending: got %v, want 0", got)
	}
	late, early := clk.After(5*time.Second), clk.After(2*time.Second)
	if got, want := clk.AdvanceNext(), 2*time.Second; got != want {
		t.Errorf("AdvanceNext: got %v, want %v", got, want)
	}
	select {
	case <-early:
	default:
		t.Error("the earliest deadline did not fire")
	}
	select {
	case <-late:
		t.Error("the later deadline fired too")
	default:
	}
}
