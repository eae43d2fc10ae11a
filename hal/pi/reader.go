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
	Lifted     int              // polls in a row without the tag before it counts as lifted
	Fails      int              // failed health checks in a row before the reader is offline
	Backoff    time.Duration    // first wait before re-initialising an offline reader
	MaxBackoff time.Duration    // longest wait between re-initialisations
	SPIClock   physic.Frequency // SCK; Open sets it from the config's bus
}

// DefaultReaderOpts are the options used for zero fields.
var DefaultReaderOpts = ReaderOpts{
	Poll:       50 * time.Millisecond,
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

	// resetLock is shared by the readers on one reset line (see Open).
	resetLock *resetLock

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
		irq:       irq,
		clock:     clock,
		opts:      o.withDefaults(),
		scans:     make(chan hal.Scan, 16),
		status:    make(chan hal.Status, 8),
		resetLock: newResetLock(),
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

// open resets the chip through NRSTPD, waits for it to start and
// configures it.
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
	if err := r.waitReady(); err != nil {
		return err
	}
	if _, err := r.health(); err != nil {
		return err
	}
	if r.dev == nil {
		// NewSPI initialises the chip; configure does it again, as after
		// any reset.
		dev, err := mfrc522.NewSPI(r.port, r.reset, r.irq)
		if err != nil {
			return fmt.Errorf("pi: reader %d: %w", r.seat, err)
		}
		r.dev = dev
	}
	return r.configure()
}

// configure initialises the chip (a soft reset, the driver's timer and
// antenna settings, the field on) and shortens the timer to answerTicks:
// the driver's runs 15.5 ms (TReload 30 at 0.5 ms a tick), while a tag
// answers the frames of an activation within 0.1 ms (ISO/IEC 14443-3,
// 6.2.1.1: 1172/fc or 1236/fc). The field then stays on, so that a tag on
// the reader keeps its power between polls.
func (r *Reader) configure() error {
	if err := r.dev.LowLevel.Init(); err != nil {
		return fmt.Errorf("pi: reader %d: %w", r.seat, err)
	}
	if err := r.dev.LowLevel.DevWrite(commands.TReloadRegL, answerTicks-1); err != nil {
		return fmt.Errorf("pi: reader %d: %w", r.seat, err)
	}
	return nil
}

// answerTicks is how many 0.5 ms ticks of the chip's timer a poll waits
// for a tag's answer to each frame.
const answerTicks = 2

// readyPolls bounds the wait for the oscillator after a reset: a read of
// CommandReg is 16 bits on the bus, 1.6 µs at 10 MHz and 160 µs at
// 100 kHz, so 2000 reads cover the crystal's start-up of a few
// milliseconds at any clock. A reader that is not there and reads 0xFF
// (PowerDown set) uses them all, holding its reset line (and the polls of
// the readers sharing it) for 3.2 ms at 10 MHz, 32 ms at 1 MHz and 320 ms
// at 100 kHz of bus time, measured on mfrc522emu, plus spidev's cost per
// transfer on a Pi; a chip that answers is ready in 1.4 ms at 1 MHz.
const readyPolls = 2000

// waitReady polls CommandReg until its PowerDown bit clears: the datasheet
// (section 8.8.2) has the chip set it until its oscillator runs after a
// reset. A chip that is not there reads 0xFF (PowerDown set) or 0x00.
func (r *Reader) waitReady() error {
	c := r.port.conn
	w := []byte{commands.CommandReg<<1 | 0x80, 0}
	rd := make([]byte, 2)
	for range readyPolls {
		if err := c.Tx(w, rd); err != nil {
			return fmt.Errorf("%w: seat %d: %w", ErrNoAnswer, int(r.seat)+1, err)
		}
		if rd[1]&0x10 == 0 {
			return nil
		}
	}
	return fmt.Errorf("%w: seat %d: CommandReg reads %#02x after %d reads: the chip did not start", ErrNoAnswer, int(r.seat)+1, rd[1], readyPolls)
}

// health reads VersionReg, where a chip that answers 0x00 or 0xFF is not
// there, and TReloadReg, which holds answerTicks-1 unless the chip was
// reset since it was configured (by a reset of a line it shares with other
// readers, or a brown-out): configured is false then.
func (r *Reader) health() (configured bool, err error) {
	c := r.port.conn
	w := []byte{commands.VersionReg<<1 | 0x80, commands.TReloadRegL<<1 | 0x80, 0}
	rd := make([]byte, 3)
	if err := c.Tx(w, rd); err != nil {
		return false, fmt.Errorf("%w: seat %d: %w", ErrNoAnswer, int(r.seat)+1, err)
	}
	if v := rd[1]; v == 0x00 || v == 0xFF {
		return false, fmt.Errorf("%w: seat %d: VersionReg reads %#02x", ErrNoAnswer, int(r.seat)+1, v)
	}
	return rd[2] == answerTicks-1, nil
}

// serve polls the initialised chip. It returns nil when ctx is done, or
// why the chip stopped answering.
func (r *Reader) serve(ctx context.Context) error {
	o := r.opts
	var (
		misses int        // polls in a row without the held tag
		sick   int        // failed health checks in a row
		calm   = o.Lifted // polls in a row without a collision
	)
	for {
		if !r.sleep(ctx, o.Poll) {
			return nil
		}
		r.resetLock.RLock()
		uid, res, err := r.poll()
		r.resetLock.RUnlock()
		if err != nil {
			if sick++; sick >= o.Fails {
				return err
			}
			continue
		}
		sick = 0
		if res == collided {
			// Told once per time the cards lie together, as a tag is.
			if calm >= o.Lifted {
				r.tell(hal.Status{Seat: r.seat, Device: hal.DeviceReader, State: hal.Online, Err: hal.ErrCollision, At: r.clock.Now()})
			}
			calm = 0
		} else {
			calm++
		}
		switch {
		case res == found && uid == r.held:
			misses = 0
			continue
		case res != found:
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

// result is what one read of the field found.
type result uint8

const (
	nothing  result = iota // no tag answered, or its answer was garbled
	found                  // a tag, read whole
	collided               // several tags answered at once
)

// poll checks that the chip answers and reads the tag in the field. A tag
// not reported yet is believed only if a second read at once agrees.
func (r *Reader) poll() (hal.UID, result, error) {
	configured, err := r.health()
	if err != nil {
		return "", nothing, err
	}
	if !configured {
		// Reset under it: the field came back on just now, too soon for a
		// tag to answer; the next poll reads.
		return "", nothing, r.configure()
	}
	uid, res := r.read()
	if res != found || uid == r.held {
		return uid, res, nil
	}
	if again, res := r.read(); res != found || again != uid {
		return "", res, nil
	}
	return uid, found, nil
}

// Errors of one frame; a read that meets them reports nothing and the
// next poll tries again.
var (
	errSilent    = errors.New("pi: no answer")
	errGarbled   = errors.New("pi: garbled answer")
	errCollision = errors.New("pi: several tags answered")
)

// read activates the tag in the field (ISO/IEC 14443-3, 6.4: WUPA,
// anticollision and SELECT at each cascade level) and then sends HLTA
// whatever happened: an active tag halts, one left half-activated by a
// garbled frame falls back to IDLE (6.3), so that the next WUPA wakes it
// either way. (Why not the driver's ReadUID: see the package doc.)
func (r *Reader) read() (hal.UID, result) {
	uid, err := r.activate()
	_ = r.halt()
	switch {
	case errors.Is(err, errCollision):
		return "", collided
	case err != nil:
		return "", nothing
	}
	return hal.UID(fmt.Sprintf("%X", uid)), found
}

func (r *Reader) activate() ([]byte, error) {
	atqa, bits, err := r.transceive([]byte{0x52}, 7) // WUPA: wakes a halted tag too
	switch {
	case err != nil:
		return nil, err
	case bits != 16 || len(atqa) < 2:
		return nil, fmt.Errorf("%w: ATQA of %d bits", errGarbled, bits)
	}
	c1, sak, err := r.cascade(0x93)
	if err != nil {
		return nil, err
	}
	if c1[0] != 0x88 {
		if sak&0x04 != 0 {
			return nil, fmt.Errorf("%w: SAK %#02x says more UID follows a 4-byte UID", errGarbled, sak)
		}
		return c1, nil
	}
	if sak&0x04 == 0 {
		return nil, fmt.Errorf("%w: a cascade tag with a SAK that says the UID is complete", errGarbled)
	}
	c2, sak, err := r.cascade(0x95)
	if err != nil {
		return nil, err
	}
	if sak&0x04 != 0 {
		return nil, errors.New("pi: a 10-byte UID, which the reader does not read")
	}
	return append(c1[1:4:4], c2...), nil
}

// cascade runs the anticollision and SELECT of one cascade level (sel is
// 0x93 or 0x95) and returns the level's four UID bytes and the SAK. The tag
// answers SELECT only with its own UID bytes (ISO/IEC 14443-3, 6.5.3), so a
// corrupted anticollision frame whose BCC happens to match is caught.
func (r *Reader) cascade(sel byte) ([]byte, byte, error) {
	b, bits, err := r.transceive([]byte{sel, 0x20}, 0)
	switch {
	case err != nil:
		return nil, 0, err
	case bits != 40 || len(b) < 5:
		return nil, 0, fmt.Errorf("%w: anticollision answer of %d bits", errGarbled, bits)
	case b[0]^b[1]^b[2]^b[3] != b[4]:
		return nil, 0, fmt.Errorf("%w: BCC mismatch", errGarbled)
	}
	frame := []byte{sel, 0x70, b[0], b[1], b[2], b[3], b[4]}
	crc, err := r.dev.LowLevel.CRC(frame)
	if err != nil {
		return nil, 0, err
	}
	sak, bits, err := r.transceive(append(frame, crc...), 0)
	switch {
	case err != nil:
		return nil, 0, err
	case bits != 24 || len(sak) < 3:
		return nil, 0, fmt.Errorf("%w: SAK of %d bits", errGarbled, bits)
	}
	// The chip checks no CRC (RxCRCEn is off, as the driver leaves it):
	// check the SAK's here.
	if got, err := r.dev.LowLevel.CRC(sak[:1]); err != nil || got[0] != sak[1] || got[1] != sak[2] {
		return nil, 0, fmt.Errorf("%w: SAK CRC", errGarbled)
	}
	return b[:4], sak[0], nil
}

// transceive sends frame, whose last byte has lastBits valid bits (0 for
// all 8), and returns the answer and its length in bits; errSilent when
// nothing answered before the timer ran out.
func (r *Reader) transceive(frame []byte, lastBits byte) ([]byte, int, error) {
	ll := r.dev.LowLevel
	if err := ll.DevWrite(commands.BitFramingReg, lastBits); err != nil {
		return nil, 0, err
	}
	back, bits, err := ll.CardWrite(commands.PCD_TRANSCEIVE, frame)
	if err != nil {
		// The timer ran out ("IRQ error"), or the chip never finished.
		return nil, 0, fmt.Errorf("%w: %w", errSilent, err)
	}
	if bits < 0 {
		// CardWrite hides ErrorReg's flags: read them again.
		e, err := ll.DevRead(commands.ErrorReg)
		if err == nil && e&0x08 != 0 {
			return nil, 0, errCollision
		}
		return nil, 0, fmt.Errorf("%w: ErrorReg %#02x", errGarbled, e)
	}
	return back, bits, nil
}

// halt sends HLTA (ISO/IEC 14443-3, 6.4.3), which no tag answers, and waits
// until it is on the air: a command started sooner would cut it short, and
// the tag would miss it.
func (r *Reader) halt() error {
	ll := r.dev.LowLevel
	frame := []byte{0x50, 0x00}
	crc, err := ll.CRC(frame)
	if err != nil {
		return err
	}
	frame = append(frame, crc...)
	if err := ll.DevWrite(commands.BitFramingReg, 0); err != nil {
		return err
	}
	if err := ll.DevWrite(commands.CommandReg, commands.PCD_IDLE); err != nil {
		return err
	}
	if err := ll.SetBitmask(commands.FIFOLevelReg, 0x80); err != nil {
		return err
	}
	for _, b := range frame {
		if err := ll.DevWrite(commands.FIFODataReg, b); err != nil {
			return err
		}
	}
	if err := ll.DevWrite(commands.CommIrqReg, 0x7F); err != nil {
		return err
	}
	if err := ll.DevWrite(commands.CommandReg, commands.PCD_TRANSMIT); err != nil {
		return err
	}
	for range readyPolls {
		irq, err := ll.DevRead(commands.CommIrqReg)
		if err != nil {
			return err
		}
		if irq&0x40 != 0 { // TxIRq
			return nil
		}
	}
	return errors.New("pi: HLTA never went out")
}

// tell sends a status whatever the state, dropping the oldest status if
// nobody reads them.
func (r *Reader) tell(st hal.Status) {
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

// report sends a status when the state changes.
func (r *Reader) report(s hal.State, err error) {
	if r.state == s {
		return
	}
	r.state = s
	r.tell(hal.Status{Seat: r.seat, Device: hal.DeviceReader, State: s, Err: err, At: r.clock.Now()})
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
