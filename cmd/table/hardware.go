package main

import (
	"context"
	"log/slog"
	"sync"

	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"

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
	h.devices.Status = append(h.devices.Status, own)
	offline := func(err error) {
		log.Warn("hardware unavailable: the table runs without readers and buttons", "err", err)
		for i := range cfg.Seats {
			own.report(hal.Status{Seat: hal.Seat(i), Device: hal.DeviceReader, State: hal.Offline, Err: err, At: hal.SystemClock{}.Now()})
			own.report(hal.Status{Seat: hal.Seat(i), Device: hal.DeviceButtons, State: hal.Offline, Err: err, At: hal.SystemClock{}.Now()})
		}
	}
	host, err := pi.PeriphHost()
	if err != nil {
		offline(err)
		return h
	}
	tbl, err := pi.Open(cfg, retryHost{host, log}, hal.SystemClock{}, nil, nil)
	if err != nil {
		offline(err)
		return h
	}
	h.closer = tbl.Close
	for i, s := range tbl.Seats {
		log.Info("seat hardware", "seat", i+1, "wiring", s.Wiring)
		h.devices.Tags = append(h.devices.Tags, s.Reader)
		h.devices.Status = append(h.devices.Status, s.Reader)
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

// retryHost opens an SPI device that is missing at start (a reader board
// not plugged in, SPI not enabled yet) as a port that tries again at each
// Connect: the reader's driver then reports the seat's reader offline and
// retries with back-off, instead of the table refusing to start.
type retryHost struct {
	pi.Host
	log *slog.Logger
}

func (h retryHost) SPI(bus, cs int) (spi.PortCloser, error) {
	p, err := h.Host.SPI(bus, cs)
	if err == nil {
		return p, nil
	}
	h.log.Warn("reader's SPI device missing; retrying in the background", "bus", bus, "chip_select", cs, "err", err)
	return &retryPort{host: h.Host, bus: bus, cs: cs, err: err}, nil
}

// retryPort is an SPI port opened at its first successful Connect.
type retryPort struct {
	host    pi.Host
	bus, cs int
	mu      sync.Mutex
	port    spi.PortCloser
	err     error
}

// Connect implements spi.Port.
func (p *retryPort) Connect(f physic.Frequency, mode spi.Mode, bits int) (spi.Conn, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.port == nil {
		port, err := p.host.SPI(p.bus, p.cs)
		if err != nil {
			p.err = err
			return nil, err
		}
		p.port = port
	}
	return p.port.Connect(f, mode, bits)
}

// LimitSpeed implements spi.Port.
func (p *retryPort) LimitSpeed(f physic.Frequency) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.port == nil {
		return nil
	}
	return p.port.LimitSpeed(f)
}

// String implements spi.Port.
func (p *retryPort) String() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.port != nil {
		return p.port.String()
	}
	return "missing SPI port"
}

// Close implements io.Closer.
func (p *retryPort) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.port == nil {
		return nil
	}
	return p.port.Close()
}

// openPi opens cfg's readers and buttons on the Pi, for the commands that
// use them directly (enrol, probe): unlike the table's run, they stop when
// the hardware cannot be opened.
func openPi(cfg *config.Config) (*pi.Table, error) {
	h, err := pi.PeriphHost()
	if err != nil {
		return nil, err
	}
	return pi.Open(cfg, h, hal.SystemClock{}, nil, nil)
}
