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
// goroutines that run them. It is the one device runner: "table run" and
// "table probe" both open the devices with openHardware and run them with
// start and stop, so that they meet faults the same way:
//
//   - a device that cannot be opened (no periph host, a missing GPIO, buttons
//     that cannot be set up) is reported offline as a hal.Status, logged, and
//     the other seats carry on;
//   - a reader whose SPI device is missing, or that stops answering, is
//     reported offline and retried with back-off by its driver (pi.Retrying,
//     pi.Reader), and reported online when it answers again;
//   - a device read that fails otherwise is retried by app.Merge;
//   - every status read is counted, and the count sent to systemd as a
//     STATUS= line ("4 of 4 readers online"; see tally).
type hardware struct {
	devices app.Devices
	runs    []func(context.Context) // each runs until ctx is done
	closer  func() error
	tally   *tally
	// wiring says, by seat, what each seat's devices are, for people.
	wiring []string
	// virtual are the virtual devices of a fake table, by seat, for what
	// drives them (probe -fake's script); nil on the Pi.
	virtual []virtualSeat

	cancel context.CancelFunc
	pump   *app.Pump
	wg     sync.WaitGroup
}

// virtualSeat is one seat's virtual reader and buttons.
type virtualSeat struct {
	reader  *haltest.Reader
	buttons *haltest.Buttons
}

// hardwareOpts says which devices openHardware opens.
type hardwareOpts struct {
	// fake opens virtual readers and buttons (haltest) instead of the Pi's.
	fake bool
	// clock is the virtual devices' clock; hal.SystemClock when nil.
	clock hal.Clock
	// notify sends the STATUS= lines; daemon.SdNotify when nil (which does
	// nothing outside systemd).
	notify func(unsetEnv bool, state string) (bool, error)
	// unwired says, by seat, whose reader and buttons are not opened
	// because the config wires them wrong (config.Result.Unwired): they are
	// reported offline, and the other seats' devices are opened.
	unwired []bool
}

// start runs every device on its own goroutine and merges what they
// report into the returned Pump's Events, until stop.
func (h *hardware) start(log *slog.Logger) *app.Pump {
	ctx, cancel := context.WithCancel(context.Background())
	h.cancel = cancel
	for _, run := range h.runs {
		h.wg.Add(1)
		go func() { defer h.wg.Done(); run(ctx) }()
	}
	h.pump = app.Merge(ctx, h.devices, log)
	return h.pump
}

// stop stops the devices, waits for their goroutines and closes the
// hardware.
func (h *hardware) stop() {
	if h.cancel != nil {
		h.cancel()
		h.pump.Wait()
	}
	h.wg.Wait()
	if h.closer != nil {
		_ = h.closer()
	}
}

// openHardware opens the readers and buttons of cfg: virtual ones with
// o.fake, the Pi's otherwise. Missing or broken hardware never stops the
// table: each device that cannot be opened is reported offline (a hal.Status
// the screen shows at its seat) and logged; a reader whose SPI device is
// missing keeps being retried by its driver.
func openHardware(cfg *config.Config, o hardwareOpts, log *slog.Logger) *hardware {
	if o.notify == nil {
		o.notify = daemon.SdNotify
	}
	h := &hardware{tally: newTally(len(cfg.Seats), o.notify, log)}
	if o.fake {
		clk := o.clock
		if clk == nil {
			clk = hal.SystemClock{}
		}
		for i := range cfg.Seats {
			v := virtualSeat{haltest.NewReader(hal.Seat(i), clk), haltest.NewButtons(hal.Seat(i), clk)}
			h.virtual = append(h.virtual, v)
			h.wiring = append(h.wiring, "virtual reader and buttons")
			h.devices.Tags = append(h.devices.Tags, v.reader)
			h.devices.Status = append(h.devices.Status, h.tally.wrap(v.reader))
			h.devices.Buttons = append(h.devices.Buttons, v.buttons)
		}
		return h
	}
	// Statuses the table reports itself: hardware that could not be set up.
	own := &statusFeed{ch: make(chan hal.Status, 2*config.MaxSeats)}
	h.devices.Status = append(h.devices.Status, h.tally.wrap(own))
	// Only the seats whose wiring the config gives right are opened; seat
	// numbers are kept by renumbering their devices' events.
	wired := *cfg
	wired.Seats = nil
	var index []int // the table's seat of each of wired.Seats
	wiring := make([]string, len(cfg.Seats))
	for i, s := range cfg.Seats {
		if i < len(o.unwired) && o.unwired[i] {
			wiring[i] = "reader and buttons " + errUnwired.Error()
			log.Warn("seat hardware not opened: its wiring in the config is wrong", "seat", i+1)
			own.report(hal.Status{Seat: hal.Seat(i), Device: hal.DeviceReader, State: hal.Offline, Err: errUnwired, At: hal.SystemClock{}.Now()})
			own.report(hal.Status{Seat: hal.Seat(i), Device: hal.DeviceButtons, State: hal.Offline, Err: errUnwired, At: hal.SystemClock{}.Now()})
			continue
		}
		wired.Seats = append(wired.Seats, s)
		index = append(index, i)
	}
	h.wiring = wiring
	if len(index) == 0 {
		return h
	}
	offline := func(err error) {
		log.Warn("hardware unavailable: the table runs without readers and buttons", "err", err)
		for _, i := range index {
			s := cfg.Seats[i]
			h.wiring[i] = fmt.Sprintf("reader SPI%d.%d, not opened: %v", s.Reader.Bus, s.Reader.ChipSelect, err)
			own.report(hal.Status{Seat: hal.Seat(i), Device: hal.DeviceReader, State: hal.Offline, Err: err, At: hal.SystemClock{}.Now()})
			own.report(hal.Status{Seat: hal.Seat(i), Device: hal.DeviceButtons, State: hal.Offline, Err: err, At: hal.SystemClock{}.Now()})
		}
	}
	host, err := pi.PeriphHost(log)
	if err != nil {
		offline(err)
		return h
	}
	tbl, err := pi.Open(&wired, pi.Retrying(host, log), hal.SystemClock{}, nil, nil)
	if err != nil {
		offline(err)
		return h
	}
	h.closer = tbl.Close
	for j, s := range tbl.Seats {
		i := index[j]
		log.Info("seat hardware", "seat", i+1, "wiring", s.Wiring)
		h.wiring[i] = s.Wiring
		var tags interface {
			hal.TagReader
			hal.StatusReader
		} = s.Reader
		var buttons hal.ButtonReader = s.Buttons
		if i != j {
			m := seatMap{seat: hal.Seat(i), tags: s.Reader, buttons: s.Buttons}
			tags, buttons = m, m
		}
		h.devices.Tags = append(h.devices.Tags, tags)
		h.devices.Status = append(h.devices.Status, h.tally.wrap(tags))
		h.devices.Buttons = append(h.devices.Buttons, buttons)
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

// String returns the tally's words, as the last STATUS= line says them.
func (t *tally) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.status()
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

// openPi opens cfg's readers and buttons on the Pi, for enrol, which reads
// one seat's reader directly and stops when the hardware cannot be opened.
func openPi(cfg *config.Config) (*pi.Table, error) {
	h, err := pi.PeriphHost(slog.Default())
	if err != nil {
		return nil, err
	}
	return pi.Open(cfg, h, hal.SystemClock{}, nil, nil)
}
