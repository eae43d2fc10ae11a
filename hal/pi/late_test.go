package pi

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"testing"
	"testing/synctest"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/spi"

	"ttr/hal"
	"ttr/hal/pi/mfrc522emu"
)

// lateHost is a Host whose /dev/spidev0.0 appears only once plugged is
// set, as PeriphHost behaves when a node is made after start: each SPI
// call opens the node afresh.
type lateHost struct {
	mu      sync.Mutex
	chip    *mfrc522emu.Chip
	plugged bool
	opened  int
}

func (h *lateHost) SPI(bus, cs int) (spi.PortCloser, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.plugged {
		return nil, errors.New("open /dev/spidev0.0: no such file or directory")
	}
	h.opened++
	return h.chip, nil
}

func (h *lateHost) GPIO(n int) (gpio.PinIO, error) {
	switch n {
	case 24:
		return h.chip.IRQ(), nil
	case 25:
		return h.chip.Reset(), nil
	}
	return nil, errors.New("not wired")
}

// TestLateNodeIsOpened: a reader whose SPI device is missing at start is
// reported offline and retried; once the node appears the reader comes
// online and reads, with the device opened once.
func TestLateNodeIsOpened(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := &lateHost{chip: mfrc522emu.New("late")}
		rh := Retrying(h, slog.New(slog.NewTextHandler(io.Discard, nil)))
		port, err := rh.SPI(0, 0)
		if err != nil {
			t.Fatalf("a missing SPI device stopped the table: %v", err)
		}
		reset, _ := rh.GPIO(25)
		irq, _ := rh.GPIO(24)
		clk := newBubbleClock()
		r, err := NewReader(0, port, reset, irq, clk, nil)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- r.Run(ctx) }()
		defer func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("Run: %v", err)
			}
			if err := port.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
		}()
		g := &rig{t: t, clk: clk, chips: []*mfrc522emu.Chip{h.chip}, rs: []*Reader{r}}
		g.wait()
		if st := g.statuses(0); len(st) != 1 || st[0].State != hal.Offline {
			t.Fatalf("before the node exists: got %+v, want offline", st)
		}
		g.poll(3)
		h.mu.Lock()
		h.plugged = true
		h.mu.Unlock()
		g.place(0, uid4)
		g.poll(6) // back-off: 0.1, 0.2, 0.4 s
		if st := g.statuses(0); len(st) != 1 || st[0].State != hal.Online {
			t.Fatalf("after the node appeared: got %+v, want online", st)
		}
		g.poll(2)
		wantScans(t, g.scans(0), 0, "DEADBEEF")
		if h.opened != 1 {
			t.Errorf("device opened %d times, want once", h.opened)
		}
	})
}
