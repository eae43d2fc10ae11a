package pi

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"

	"ttr/hal"
	"ttr/hal/config"
)

// A Host finds SPI ports and GPIO pins: periph's registries on a Pi
// (PeriphHost), emulated chips and gpiotest pins in tests.
type Host interface {
	// SPI opens /dev/spidevBUS.CS.
	SPI(bus, cs int) (spi.PortCloser, error)
	// GPIO returns BCM GPIO n.
	GPIO(n int) (gpio.PinIO, error)
}

// Table is the hardware of a whole table.
type Table struct {
	Seats []Seat

	ports []io.Closer
}

// Seat is one seat's reader and buttons, and where they are wired.
type Seat struct {
	Reader  *Reader
	Buttons *Buttons
	Wiring  string // e.g. "reader SPI0.0 reset GPIO25 IRQ GPIO24; confirm GPIO5, cancel GPIO6"
}

// Open opens every seat's reader and buttons of cfg on h. ro and bo may be
// nil for the defaults. Nothing runs until Run.
func Open(cfg *config.Config, h Host, clock hal.Clock, ro *ReaderOpts, bo *ButtonOpts) (*Table, error) {
	t := &Table{}
	resetLocks := map[int]*resetLock{} // by reset GPIO: readers may share a reset line
	fail := func(err error) (*Table, error) {
		t.Close()
		return nil, err
	}
	for i, s := range cfg.Seats {
		seat := hal.Seat(i)
		port, err := h.SPI(s.Reader.Bus, s.Reader.ChipSelect)
		if err != nil {
			return fail(fmt.Errorf("pi: seat %d reader: %w", i+1, err))
		}
		t.ports = append(t.ports, port)
		reset, err := h.GPIO(s.Reader.Reset)
		if err != nil {
			return fail(fmt.Errorf("pi: seat %d reader reset: %w", i+1, err))
		}
		irq, err := h.GPIO(s.Reader.IRQ)
		if err != nil {
			return fail(fmt.Errorf("pi: seat %d reader IRQ: %w", i+1, err))
		}
		var o ReaderOpts
		if ro != nil {
			o = *ro
		}
		o.SPIClock = physic.Frequency(cfg.SPIClockKHz(s.Reader.Bus)) * physic.KiloHertz
		r, err := NewReader(seat, port, reset, irq, clock, &o)
		if err != nil {
			return fail(err)
		}
		if l, ok := resetLocks[s.Reader.Reset]; ok {
			r.resetLock = l
		} else {
			resetLocks[s.Reader.Reset] = r.resetLock
		}
		wiring := fmt.Sprintf("reader SPI%d.%d at %s reset GPIO%d IRQ GPIO%d;", s.Reader.Bus, s.Reader.ChipSelect, o.SPIClock, s.Reader.Reset, s.Reader.IRQ)
		var pins []ButtonPin
		for j, b := range s.Buttons {
			p, err := h.GPIO(b.Pin)
			if err != nil {
				return fail(fmt.Errorf("pi: seat %d %s button: %w", i+1, b.Meaning, err))
			}
			pins = append(pins, ButtonPin{Pin: p, Button: b.Meaning})
			if j > 0 {
				wiring += ","
			}
			wiring += fmt.Sprintf(" %s GPIO%d", b.Meaning, b.Pin)
		}
		bs, err := NewButtons(seat, pins, clock, bo)
		if err != nil {
			return fail(err)
		}
		t.Seats = append(t.Seats, Seat{Reader: r, Buttons: bs, Wiring: wiring})
	}
	return t, nil
}

// Run runs every reader and every seat's buttons until ctx is done. A
// reader that fails is reported through its ReadStatus and retried; Run
// returns early only if buttons cannot be set up, with that error.
func (t *Table) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	run := func(f func(context.Context) error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := f(ctx); err != nil {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
				cancel()
			}
		}()
	}
	for _, s := range t.Seats {
		run(s.Reader.Run)
		run(s.Buttons.Run)
	}
	wg.Wait()
	return errors.Join(errs...)
}

// Close closes the SPI ports.
func (t *Table) Close() error {
	var errs []error
	for _, p := range t.ports {
		errs = append(errs, p.Close())
	}
	t.ports = nil
	return errors.Join(errs...)
}
