package pi

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"

	"ttr/hal"
	"ttr/hal/config"
	"ttr/hal/haltest"
	"ttr/hal/pi/mfrc522emu"
)

// fakeHost wires emulated chips and gpiotest pins as the config says.
type fakeHost struct {
	chips  map[[2]int]*mfrc522emu.Chip
	pins   map[int]gpio.PinIO
	failAt [2]int // an SPI port that cannot be opened; {-1, -1} for none
}

// sharedReset is one GPIO wired to the NRSTPD of several chips.
type sharedReset struct {
	*gpiotest.Pin
	chips []*mfrc522emu.Chip
}

func (p *sharedReset) Out(l gpio.Level) error {
	for _, c := range p.chips {
		if err := c.Reset().Out(l); err != nil {
			return err
		}
	}
	return p.Pin.Out(l)
}

func newFakeHost(cfg *config.Config) *fakeHost {
	h := &fakeHost{chips: map[[2]int]*mfrc522emu.Chip{}, pins: map[int]gpio.PinIO{}, failAt: [2]int{-1, -1}}
	resets := map[int]*sharedReset{}
	for i, s := range cfg.Seats {
		c := mfrc522emu.New(fmt.Sprintf("seat%d", i))
		h.chips[[2]int{s.Reader.Bus, s.Reader.ChipSelect}] = c
		h.pins[s.Reader.IRQ] = c.IRQ()
		r := resets[s.Reader.Reset]
		if r == nil {
			r = &sharedReset{Pin: &gpiotest.Pin{N: fmt.Sprintf("GPIO%d", s.Reader.Reset), L: gpio.High}}
			resets[s.Reader.Reset] = r
			h.pins[s.Reader.Reset] = r
		}
		r.chips = append(r.chips, c)
		for _, b := range s.Buttons {
			h.pins[b.Pin] = &gpiotest.Pin{N: fmt.Sprintf("GPIO%d", b.Pin), EdgesChan: make(chan gpio.Level, 8)}
		}
	}
	return h
}

func (h *fakeHost) SPI(bus, cs int) (spi.PortCloser, error) {
	if [2]int{bus, cs} == h.failAt {
		return nil, errors.New("no such device")
	}
	return h.chips[[2]int{bus, cs}], nil
}

func (h *fakeHost) GPIO(n int) (gpio.PinIO, error) {
	if p, ok := h.pins[n]; ok {
		return p, nil
	}
	return nil, fmt.Errorf("GPIO%d not wired", n)
}

func TestOpenExampleTable(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg, err := config.Load("../../docs/table.example.json")
		if err != nil {
			t.Fatal(err)
		}
		h := newFakeHost(cfg)
		clk := newBubbleClock()
		tbl, err := Open(cfg, h, clk, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := tbl.Seats[0].Wiring, "reader SPI0.0 at 1MHz reset GPIO25 IRQ GPIO24; confirm GPIO5, cancel GPIO6"; got != want {
			t.Errorf("Wiring: got %q, want %q", got, want)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- tbl.Run(ctx) }()
		n := len(cfg.Seats)
		wait := func() {
			t.Helper()
			if err := clk.BlockUntil(n); err != nil {
				t.Fatal(err)
			}
		}
		wait()
		for i, s := range tbl.Seats {
			rctx, rcancel := context.WithTimeout(ctx, guard)
			st, err := s.Reader.ReadStatus(rctx)
			rcancel()
			if err != nil || st.State != hal.Online || st.Seat != hal.Seat(i) {
				t.Errorf("seat %d: got %+v, %v, want online", i, st, err)
			}
		}
		if err := h.chips[[2]int{1, 0}].Place([]byte{1, 2, 3, 4}); err != nil {
			t.Fatal(err)
		}
		// The tag needs a few milliseconds of field: read at the next poll,
		// or the one after if the next comes sooner.
		placed := time.Now()
		clk.Step()
		wait()
		clk.Step()
		wait()
		rctx, rcancel := context.WithCancel(ctx)
		rcancel()
		s, err := tbl.Seats[2].Reader.ReadTag(rctx)
		if err != nil || s.Seat != 2 || s.UID != "01020304" || s.At.Sub(placed) > 2*DefaultReaderOpts.Poll+10*time.Millisecond {
			t.Errorf("scan on seat 2: got %+v, %v, want seat 2 UID 01020304 within two polls", s, err)
		}
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run: %v", err)
			}
		case <-time.After(guard):
			t.Fatal("Run did not stop")
		}
		if err := tbl.Close(); err != nil {
			t.Error(err)
		}
		for k, c := range h.chips {
			if got, want := c.Speed(), physic.Frequency(config.DefaultSPIClockKHz)*physic.KiloHertz; got != want {
				t.Errorf("SPI%d.%d connected at %v, want the default %v", k[0], k[1], got, want)
			}
			if c.Closed() != 1 {
				t.Errorf("SPI%d.%d closed %d times, want once", k[0], k[1], c.Closed())
			}
		}
	})
}

func TestOpenFailsCleanly(t *testing.T) {
	cfg, err := config.Load("../../docs/table.example.json")
	if err != nil {
		t.Fatal(err)
	}
	h := newFakeHost(cfg)
	h.failAt = [2]int{1, 0} // seats[2]'s reader: Seat 3 on the screen
	_, err = Open(cfg, h, haltest.NewClock(t0), nil, nil)
	if err == nil {
		t.Fatal("got no error")
	}
	if !strings.Contains(err.Error(), "seat 3 reader") {
		t.Errorf("got %v, want it to name seat 3, as the screen numbers it", err)
	}
	for _, k := range [][2]int{{0, 0}, {0, 1}} {
		if got := h.chips[k].Closed(); got != 1 {
			t.Errorf("SPI%d.%d opened before the failure: closed %d times, want 1", k[0], k[1], got)
		}
	}
	h = newFakeHost(cfg)
	delete(h.pins, 27) // seat 2's cancel button
	if _, err := Open(cfg, h, haltest.NewClock(t0), nil, nil); err == nil {
		t.Error("a missing button pin: got no error")
	}
}

// TestSharedResetKeepsOthersReading: a reader that stays dead is reset
// again and again through the reset line it shares with the others; they
// keep reading, and a tag held on one of them is still reported once.
func TestSharedResetKeepsOthersReading(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg, err := config.Load("../../docs/table.example.json")
		if err != nil {
			t.Fatal(err)
		}
		h := newFakeHost(cfg)
		clk := newBubbleClock()
		tbl, err := Open(cfg, h, clk, &ReaderOpts{MaxBackoff: 400 * time.Millisecond}, nil)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- tbl.Run(ctx) }()
		defer func() {
			cancel()
			<-done
		}()
		wait := func() {
			t.Helper()
			if err := clk.BlockUntil(len(cfg.Seats)); err != nil {
				t.Fatal(err)
			}
		}
		wait()
		h.chips[[2]int{0, 1}].Unplug() // seat 1 dies for good
		if err := h.chips[[2]int{0, 0}].Place(uid7); err != nil {
			t.Fatal(err)
		}
		start := clk.Now()
		for clk.Now().Sub(start) < 2*time.Second { // several resets of seat 1
			clk.Step()
			wait()
		}
		var scans []hal.Scan
		for {
			rctx, rcancel := context.WithCancel(ctx)
			rcancel()
			s, err := tbl.Seats[0].Reader.ReadTag(rctx)
			if err != nil {
				break
			}
			scans = append(scans, s)
		}
		if len(scans) != 1 || scans[0].UID != "045A6B7C8D9E80" {
			t.Errorf("seat 0 held one tag through seat 1's resets: got scans %+v, want one", scans)
		}
		statuses := func(seat int) []hal.State {
			var got []hal.State
			for {
				rctx, rcancel := context.WithCancel(ctx)
				rcancel()
				st, err := tbl.Seats[seat].Reader.ReadStatus(rctx)
				if err != nil {
					return got
				}
				got = append(got, st.State)
			}
		}
		if got := statuses(1); len(got) != 2 || got[0] != hal.Online || got[1] != hal.Offline {
			t.Errorf("seat 1 statuses: got %v, want online then offline", got)
		}
		for _, seat := range []int{0, 2, 3} {
			if got := statuses(seat); len(got) != 1 || got[0] != hal.Online {
				t.Errorf("seat %d statuses: got %v, want online only", seat, got)
			}
		}
	})
}

// TestOpenSPIClockPerBus: each reader connects at its bus's clock from the
// config, the default where the config lists none.
func TestOpenSPIClockPerBus(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cfg, err := config.Load("../../docs/table.example.json")
		if err != nil {
			t.Fatal(err)
		}
		cfg.Buses = []config.Bus{{Bus: 1, ClockKHz: 400}}
		h := newFakeHost(cfg)
		tbl, err := Open(cfg, h, hal.SystemClock{}, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer tbl.Close()
		for i, s := range tbl.Seats {
			if err := s.Reader.open(); err != nil {
				t.Fatalf("seat %d: %v", i, err)
			}
			want := physic.MegaHertz
			if cfg.Seats[i].Reader.Bus == 1 {
				want = 400 * physic.KiloHertz
			}
			c := h.chips[[2]int{cfg.Seats[i].Reader.Bus, cfg.Seats[i].Reader.ChipSelect}]
			if got := c.Speed(); got != want {
				t.Errorf("seat %d: connected at %v, want %v", i, got, want)
			}
		}
	})
}
