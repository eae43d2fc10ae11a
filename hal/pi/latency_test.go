package pi

import (
	"context"
	"fmt"
	"testing"
	"testing/synctest"
	"time"

	"periph.io/x/conn/v3/physic"

	"ttr/hal/pi/mfrc522emu"
)

// TestScanLatency measures, on the timed emulator, how long a player waits
// between laying a card on a reader and its scan: a tag laid every 5 ms of
// a poll period (the mean is theirs), and in each of the last 4 ms before a
// poll (where the worst case lies: too late to be powered for it), at the
// default 1 MHz bus clock and at 10 MHz, with tags that need DefaultPowerUp
// of field. The figures are the
// emulator's time (its bus, timer, air and power-up times), not a Pi's:
// spidev's per-transfer cost comes on top (see the package doc). Run with
// -v to print them:
//
//	go test -run ScanLatency -v ./hal/pi
func TestScanLatency(t *testing.T) {
	o := DefaultReaderOpts
	for _, clock := range []int{1, 10} { // MHz
		t.Run(fmt.Sprintf("%dMHz", clock), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				opts := &ReaderOpts{SPIClock: physic.Frequency(clock) * physic.MegaHertz}
				var worst, sum, work, idle time.Duration
				var offsets []int // ms after the reader began to wait for its next poll
				for ms := 0; ms < 50; ms += 5 {
					offsets = append(offsets, ms)
				}
				n := len(offsets)
				offsets = append(offsets, 46, 47, 48, 49)
				for i, ms := range offsets {
					g := newRig(t, 1, opts)
					// An idle poll: the work between two waits on the clock.
					start := g.clk.Next()
					g.poll(1)
					if i == 0 {
						idle = g.clk.Next().Sub(start) - o.Poll
					}
					// Lay the tag ms after the reader began to wait.
					next := g.clk.Next()
					time.Sleep(time.Until(next.Add(-o.Poll).Add(time.Duration(ms) * time.Millisecond)))
					placed := time.Now()
					uid := uid4
					if i%2 == 1 {
						uid = uid7
					}
					g.place(0, uid)
					ctx, cancel := context.WithTimeout(context.Background(), guard)
					s, err := g.rs[0].ReadTag(ctx)
					cancel()
					if err != nil {
						t.Fatalf("tag laid %d ms into a poll period: %v", ms, err)
					}
					l := s.At.Sub(placed)
					if i < n {
						sum += l
					}
					worst = max(worst, l)
					// The poll that read it started at the last deadline
					// before the scan: what follows is the reading.
					work = max(work, s.At.Sub(g.clk.LastFired(s.At)))
				}
				mean := sum / time.Duration(n)
				t.Logf("SPI %d MHz: latency mean %v, worst %v; a new tag's reading (two activations) up to %v; an idle poll's work %v",
					clock, mean.Round(100*time.Microsecond), worst.Round(100*time.Microsecond), work.Round(10*time.Microsecond), idle.Round(10*time.Microsecond))
				// The promise: the next poll that finds the tag powered
				// reads it, so no wait is longer than the power-up, one
				// period, and the reading.
				if limit := mfrc522emu.DefaultPowerUp + o.Poll + work + idle; worst > limit {
					t.Errorf("worst latency %v, want at most %v", worst, limit)
				}
				if work > o.Poll/2 {
					t.Errorf("reading a new tag takes %v, want well within a poll period (%v)", work, o.Poll)
				}
			})
		})
	}
}
