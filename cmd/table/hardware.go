package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"

	"github.com/coreos/go-systemd/v22/daemon"

	"ttr/cmd/table/app"
	"ttr/hal"
	"ttr/hal/config"
	"ttr/hal/haltest"
	"ttr/hal/pi"
)

// hardware is the table's readers and buttons, real or virtual, and the
// goroutines that run them.
type hardware struct {
	devices app.Devices
	runs    []func(context.Context) // each runs until ctx is done
	closer  func() error
	wg      sync.WaitGroup
}

// start runs every device on its own goroutine until ctx is done.
func (h *hardware) start(ctx context.Context) {
	for _, run := range h.runs {
		h.wg.Add(1)
		go func() { defer h.wg.Done(); run(ctx) }()
	}
}

// wait waits for the device goroutines to stop and closes the hardware.
func (h *hardware) wait() {
	h.wg.Wait()
	if h.closer != nil {
		_ = h.closer()
	}
}

// openHardware opens the readers and buttons of cfg: virtual ones with
// fake, the Pi's otherwise. Missing or broken hardware never stops the
// table: each device that cannot be opened is reported offline (a hal.Status
// the screen shows at its seat) and logged; a reader whose SPI device is
// missing keeps being retried by its driver.
func openHardware(cfg *config.Config, fake bool, log *slog.Logger) *hardware {
	h := &hardware{}
	if fake {
		for i := range cfg.Seats {
			r := haltest.NewReader(hal.Seat(i), hal.SystemClock{})
			b := haltest.NewButtons(hal.Seat(i), hal.SystemClock{})
			h.devices.Tags = append(h.devices.Tags, r)
			h.devices.Status = append(h.devices.Status, r)
			h.devices.Buttons = append(h.devices.Buttons, b)
		}
		return h
	}
	// Statuses the table reports itself: hardware that could not be set up.
	own := &statusFeed{ch: make(chan hal.Status, 2*config.MaxSeats)}
	tally := newTally(len(cfg.Seats), daemon.SdNotify, log)
	h.devices.Status = append(h.devices.Status, tally.wrap(own))
	offline := func(err error) {
		log.Warn("hardware unavailable: the table runs without readers and buttons", "err", err)
		for i := range cfg.Seats {
			own.report(hal.Status{Seat: hal.Seat(i), Device: hal.DeviceReader, State: hal.Offline, Err: err, At: hal.SystemClock{}.Now()})
			own.report(hal.Status{Seat: hal.Seat(i), Device: hal.DeviceButtons, State: hal.Offline, Err: err, At: hal.SystemClock{}.Now()})
		}
	}
	host, err := pi.PeriphHost(log)
	if err != nil {
		offline(err)
		return h
	}
	tbl, err := pi.Open(cfg, pi.Retrying(host, log), hal.SystemClock{}, nil, nil)
	if err != nil {
		offline(err)
		return h
	}
	h.closer = tbl.Close
	for i, s := range tbl.Seats {
		log.Info("seat hardware", "seat", i+1, "wiring", s.Wiring)
		h.devices.Tags = append(h.devices.Tags, s.Reader)
		h.devices.Status = append(h.devices.Status, tally.wrap(s.Reader))
		h.devices.Buttons = append(h.devices.Buttons, s.Buttons)
		h.runs = append(h.runs, func(ctx context.Context) { _ = s.Reader.Run(ctx) }, func(ctx context.Context) {
			// Buttons that cannot be set up stay offline; the other seats
			// play on (pi.Table.Run would stop every device instead).
			if err := s.Buttons.Run(ctx); err != nil {
				log.Warn("buttons unavailable", "seat", i+1, "err", err)
				own.report(hal.Status{Seat: hal.Seat(i), Device: hal.DeviceButtons, State: hal.Offline, Err: err, At: hal.SystemClock{}.Now()})
			}
		})
	}
	return h
}

// statusFeed is a hal.StatusReader of the statuses the table reports about
// hardware it could not set up.
type statusFeed struct{ ch chan hal.Status }

func (f *statusFeed) report(s hal.Status) {
	select {
	case f.ch <- s:
	default: // full: the seats are already reported offline
	}
}

// ReadStatus implements hal.StatusReader.
func (f *statusFeed) ReadStatus(ctx context.Context) (hal.Status, error) {
	select {
	case s := <-f.ch:
		return s, nil
	case <-ctx.Done():
		return hal.Status{}, ctx.Err()
	}
}

var _ hal.StatusReader = (*statusFeed)(nil)

// tally counts the readers and buttons online from the statuses the loop
// reads, and tells systemd in a STATUS= line ("4 of 4 readers online"), so
// that systemctl status table says how the hardware is.
type tally struct {
	mu      sync.Mutex
	readers []bool // online, by seat
	buttons []bool
	notify  func(unsetEnv bool, state string) (bool, error)
	log     *slog.Logger
	last    string
}

// newTally starts with every device online: a reader says so at once
// anyway, and buttons report only when they fail.
func newTally(seats int, notify func(bool, string) (bool, error), log *slog.Logger) *tally {
	t := &tally{readers: make([]bool, seats), buttons: make([]bool, seats), notify: notify, log: log}
	for i := range seats {
		t.readers[i], t.buttons[i] = true, true
	}
	return t
}

// wrap returns r, counting what its ReadStatus returns.
func (t *tally) wrap(r hal.StatusReader) hal.StatusReader { return tallied{r, t} }

type tallied struct {
	hal.StatusReader
	t *tally
}

// ReadStatus implements hal.StatusReader.
func (s tallied) ReadStatus(ctx context.Context) (hal.Status, error) {
	st, err := s.StatusReader.ReadStatus(ctx)
	if err == nil {
		s.t.see(st)
	}
	return st, err
}

func (t *tally) see(st hal.Status) {
	if errors.Is(st.Err, hal.ErrCollision) || st.Seat < 0 || int(st.Seat) >= len(t.readers) {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	switch st.Device {
	case hal.DeviceReader:
		t.readers[st.Seat] = st.State == hal.Online
	case hal.DeviceButtons:
		t.buttons[st.Seat] = st.State == hal.Online
	default:
		return
	}
	msg := t.status()
	if msg == t.last {
		return
	}
	t.last = msg
	if _, err := t.notify(false, "STATUS="+msg); err != nil {
		t.log.Warn("systemd status not sent", "err", err)
	}
}

// status words the tally: "4 of 4 readers online", and the seats whose
// reader or buttons are not (seats numbered from 1, as on the table).
func (t *tally) status() string {
	n := 0
	var off []string
	for i, on := range t.readers {
		if on {
			n++
		} else {
			off = append(off, fmt.Sprintf("reader %d", i+1))
		}
	}
	for i, on := range t.buttons {
		if !on {
			off = append(off, fmt.Sprintf("buttons %d", i+1))
		}
	}
	msg := fmt.Sprintf("%d of %d readers online", n, len(t.readers))
	if len(off) > 0 {
		msg += "; offline: " + strings.Join(off, ", ")
	}
	return msg
}

// openPi opens cfg's readers and buttons on the Pi, for the commands that
// use them directly (enrol, probe): unlike the table's run, they stop when
// the hardware cannot be opened.
func openPi(cfg *config.Config) (*pi.Table, error) {
	h, err := pi.PeriphHost(slog.Default())
	if err != nil {
		return nil, err
	}
	return pi.Open(cfg, h, hal.SystemClock{}, nil, nil)
}
