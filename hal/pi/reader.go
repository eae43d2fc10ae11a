package pi

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/devices/v3/mfrc522"
	"periph.io/x/devices/v3/mfrc522/commands"

	"ttr/hal"
	"ttr/hal/config"
)

// ReaderOpts tunes a Reader. The zero value of a field means its default.
type ReaderOpts struct {
	Poll       time.Duration    // time between two polls
	Wait       time.Duration    // how long a poll lets a tag answer (real time)
	Lifted     int              // polls in a row without the tag before it counts as lifted
	Fails      int              // failed health checks in a row before the reader is offline
	Backoff    time.Duration    // first wait before re-initialising an offline reader
	MaxBackoff time.Duration    // longest wait between re-initialisations
	SPIClock   physic.Frequency // SCK; Open sets it from the config's bus
}

// DefaultReaderOpts are the options used for zero fields.
var DefaultReaderOpts = ReaderOpts{
	Poll:       50 * time.Millisecond,
	Wait:       25 * time.Millisecond,
	Lifted:     3,
	Fails:      2,
	Backoff:    100 * time.Millisecond,
	MaxBackoff: 5 * time.Second,
	SPIClock:   config.DefaultSPIClockKHz * physic.KiloHertz,
}

func (o ReaderOpts) withDefaults() ReaderOpts {
	d := DefaultReaderOpts
	if o.Poll > 0 {
		d.Poll = o.Poll
	}
	if o.Wait > 0 {
		d.Wait = o.Wait
	}
	if o.Lifted > 0 {
		d.Lifted = o.Lifted
	}
	if o.Fails > 0 {
		d.Fails = o.Fails
	}
	if o.Backoff > 0 {
		d.Backoff = o.Backoff
	}
	if o.MaxBackoff > 0 {
		d.MaxBackoff = o.MaxBackoff
	}
	if o.SPIClock > 0 {
		d.SPIClock = o.SPIClock
	}
	if d.MaxBackoff < d.Backoff {
		d.MaxBackoff = d.Backoff
	}
	return d
}

// ErrNoAnswer says that a reader's chip does not answer on the SPI bus: it
// is unplugged, unpowered or hung.
var ErrNoAnswer = errors.New("pi: reader does not answer")

// Reader is one seat's MFRC522 reader. Run polls it; ReadTag and ReadStatus
// report what Run saw.
type Reader struct {
	seat  hal.Seat
	port  *oncePort
	reset gpio.PinOut
	irq   gpio.PinIn
	clock hal.Clock
	opts  ReaderOpts

	scans  chan hal.Scan
	status chan hal.Status

	started atomic.Bool // Run was called

	// resetLock is shared by the readers on one reset line (see Open): a
	// reset takes it for writing, a poll for reading, so that one reader's
	// reset never lands in another's initialisation or read.
	resetLock *sync.RWMutex

	// Owned by Run's goroutine.
	dev   *mfrc522.Dev
	state hal.State
	held  hal.UID // the tag on the reader, reported already; kept across outages
}

var (
	_ hal.TagReader    = (*Reader)(nil)
	_ hal.StatusReader = (*Reader)(nil)
)

// NewReader returns the reader of seat on SPI port, with its chip's NRSTPD
// on reset and IRQ on irq. opts may be nil for DefaultReaderOpts. It does
// not touch the hardware: Run does.
func NewReader(seat hal.Seat, port spi.Port, reset gpio.PinOut, irq gpio.PinIn, clock hal.Clock, opts *ReaderOpts) (*Reader, error) {
	switch {
	case port == nil:
		return nil, errors.New("pi: reader needs an SPI port")
	case reset == nil:
		return nil, errors.New("pi: reader needs a reset pin")
	case irq == nil:
		return nil, errors.New("pi: reader needs an IRQ pin") // the driver crashes without one
	case clock == nil:
		return nil, errors.New("pi: reader needs a clock")
	}
	var o ReaderOpts
	if opts != nil {
		o = *opts
	}
	return &Reader{
		seat:      seat,
		port:      &oncePort{Port: port},
		reset:     reset,
		irq:       positiveWait{irq},
		clock:     clock,
		opts:      o.withDefaults(),
		scans:     make(chan hal.Scan, 16),
		status:    make(chan hal.Status, 8),
		resetLock: new(sync.RWMutex),
	}, nil
}

// Seat returns the reader's seat.
func (r *Reader) Seat() hal.Seat { return r.seat }

// ReadTag implements hal.TagReader. A scan already waiting is returned even
// when ctx is done.
func (r *Reader) ReadTag(ctx context.Context) (hal.Scan, error) {
	return receive(ctx, r.scans)
}

// ReadStatus implements hal.StatusReader. The first status tells whether
// the reader answered when Run started. Only the latest eight are kept.
func (r *Reader) ReadStatus(ctx context.Context) (hal.Status, error) {
	return receive(ctx, r.status)
}

// Run polls the reader until ctx is done, then powers the chip down and
// returns nil. It may be called once.
func (r *Reader) Run(ctx context.Context) error {
	if r.started.Swap(true) {
		return errors.New("pi: Reader.Run called twice")
	}
	defer func() {
		if r.dev != nil {
			_ = r.dev.Halt()
		}
	}()

	o := r.opts
	backoff := o.Backoff
	for {
		r.resetLock.Lock()
		err := r.open()
		r.resetLock.Unlock()
		if err != nil {
			r.report(hal.Offline, err)
			if !r.sleep(ctx, backoff) {
				return nil
			}
			backoff = min(2*backoff, o.MaxBackoff)
			continue
		}
		r.report(hal.Online, nil)
		backoff = o.Backoff
		err = r.serve(ctx)
		if err == nil {
			return nil
		}
		r.report(hal.Offline, err)
		if !r.sleep(ctx, backoff) {
			return nil
		}
		backoff = min(2*backoff, o.MaxBackoff)
	}
}

// open resets the chip through NRSTPD and initialises it.
func (r *Reader) open() error {
	if _, err := r.port.Connect(r.opts.SPIClock, spi.Mode0, 8); err != nil {
		return fmt.Errorf("pi: reader %d: %w", r.seat, err)
	}
	if err := r.reset.Out(gpio.Low); err != nil {
		return fmt.Errorf("pi: reader %d: reset: %w", r.seat, err)
	}
	if err := r.reset.Out(gpio.High); err != nil {
		return fmt.Errorf("pi: reader %d: reset: %w", r.seat, err)
	}
	// The oscillator starts within tens of microseconds of the reset; a few
	// hundred SPI reads give it far longer than that.
	var err error
	for range 200 {
		if err = r.health(); err == nil {
			break
		}
	}
	if err != nil {
		return err
	}
	if r.dev == nil {
		dev, err := mfrc522.NewSPI(r.port, r.reset, r.irq)
		if err != nil {
			return fmt.Errorf("pi: reader %d: %w", r.seat, err)
		}
		r.dev = dev
		return nil
	}
	if err := r.dev.LowLevel.Init(); err != nil {
		return fmt.Errorf("pi: reader %d: %w", r.seat, err)
	}
	return nil
}

// health reads VersionReg: a chip that answers 0x00 or 0xFF is not there.
func (r *Reader) health() error {
	c := r.port.conn
	w := []byte{commands.VersionReg<<1 | 0x80, 0}
	rd := make([]byte, 2)
	if err := c.Tx(w, rd); err != nil {
		return fmt.Errorf("%w: seat %d: %w", ErrNoAnswer, r.seat, err)
	}
	if v := rd[1]; v == 0x00 || v == 0xFF {
		return fmt.Errorf("%w: seat %d: VersionReg reads %#02x", ErrNoAnswer, r.seat, v)
	}
	return nil
}

// serve polls the initialised chip. It returns nil when ctx is done, or
// why the chip stopped answering.
func (r *Reader) serve(ctx context.Context) error {
	o := r.opts
	var (
		misses int // polls in a row without the held tag
		sick   int // failed health checks in a row
	)
	for {
		if !r.sleep(ctx, o.Poll) {
			return nil
		}
		r.resetLock.RLock()
		uid, ok, err := r.poll()
		r.resetLock.RUnlock()
		if err != nil {
			if sick++; sick >= o.Fails {
				return err
			}
			continue
		}
		sick = 0
		switch {
		case ok && uid == r.held:
			misses = 0
			continue
		case !ok:
			if r.held != "" {
				if misses++; misses >= o.Lifted {
					r.held = ""
				}
			}
			continue
		}
		r.held, misses = uid, 0
		select {
		case r.scans <- hal.Scan{Seat: r.seat, UID: uid, At: r.clock.Now()}:
		case <-ctx.Done():
			return nil
		}
	}
}

// poll checks that the chip answers and reads the tag in the field. A tag
// not reported yet is believed only if a second read at once agrees.
func (r *Reader) poll() (hal.UID, bool, error) {
	if err := r.health(); err != nil {
		return "", false, err
	}
	uid, ok := r.read()
	if !ok || uid == r.held {
		return uid, ok, nil
	}
	if again, ok := r.read(); !ok || again != uid {
		return "", false, nil
	}
	return uid, true, nil
}

// read asks the driver for the UID of the tag in the field.
func (r *Reader) read() (hal.UID, bool) {
	b, err := r.dev.ReadUID(r.opts.Wait)
	if err != nil || (len(b) != 4 && len(b) != 7) {
		return "", false
	}
	if len(b) == 7 && r.selectCL2(b) != nil {
		return "", false
	}
	return hal.UID(fmt.Sprintf("%X", b)), true
}

// selectCL2 selects a 7-byte UID's tag at cascade level 2 and checks that it
// answers. The driver SELECTs at level 1, so the tag itself confirms those
// bytes, but stops after the level-2 anticollision, whose answer a corrupted
// frame with a matching BCC can fake; a tag answers SELECT only with its own
// UID (ISO/IEC 14443-3, 6.5.3).
func (r *Reader) selectCL2(uid []byte) error {
	ll := r.dev.LowLevel
	c := uid[3:7]
	frame := []byte{0x95, 0x70, c[0], c[1], c[2], c[3], c[0] ^ c[1] ^ c[2] ^ c[3]}
	crc, err := ll.CRC(frame)
	if err != nil {
		return err
	}
	if err := ll.DevWrite(commands.BitFramingReg, 0x00); err != nil {
		return err
	}
	sak, bits, err := ll.CardWrite(commands.PCD_TRANSCEIVE, append(frame, crc...))
	switch {
	case err != nil:
		return err
	case bits != 24 || len(sak) < 1:
		return fmt.Errorf("pi: no SAK at cascade level 2 (%d bits)", bits)
	case sak[0]&0x04 != 0:
		return errors.New("pi: a 10-byte UID, which the driver cannot read")
	}
	return nil
}

// report sends a status when the state changes, dropping the oldest status
// if nobody reads them.
func (r *Reader) report(s hal.State, err error) {
	if r.state == s {
		return
	}
	r.state = s
	st := hal.Status{Seat: r.seat, Device: hal.DeviceReader, State: s, Err: err, At: r.clock.Now()}
	for {
		select {
		case r.status <- st:
			return
		default:
			select {
			case <-r.status:
			default:
			}
		}
	}
}

// sleep waits d on the clock; false if ctx is done first.
func (r *Reader) sleep(ctx context.Context, d time.Duration) bool {
	select {
	case <-r.clock.After(d):
		return ctx.Err() == nil
	case <-ctx.Done():
		return false
	}
}

// positiveWait passes only positive timeouts to its pin: host v3.8.5 waits
// forever on WaitForEdge(0), which the mfrc522 driver calls to clear a
// pending interrupt.
type positiveWait struct{ gpio.PinIn }

// minWait is what a non-positive timeout becomes: long enough to read an
// edge already queued by the kernel.
const minWait = time.Millisecond

// WaitForEdge implements gpio.PinIn.
func (p positiveWait) WaitForEdge(timeout time.Duration) bool {
	if timeout <= 0 {
		timeout = minWait
	}
	return p.PinIn.WaitForEdge(timeout)
}

// oncePort connects its port once and hands the same connection to every
// later Connect, so that the driver can be created again after a failure
// (spidev refuses a second Connect).
type oncePort struct {
	spi.Port
	mu   sync.Mutex
	conn spi.Conn
}

// Connect implements spi.Port.
func (p *oncePort) Connect(f physic.Frequency, mode spi.Mode, bits int) (spi.Conn, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.conn != nil {
		return p.conn, nil
	}
	c, err := p.Port.Connect(f, mode, bits)
	if err != nil {
		return nil, err
	}
	p.conn = c
	return c, nil
}
