package mfrc522emu

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"periph.io/x/conn/v3"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
)

// Registers (MFRC522 datasheet, section 9.2).
const (
	regCommand    = 0x01
	regComIEn     = 0x02
	regDivIEn     = 0x03
	regComIrq     = 0x04
	regDivIrq     = 0x05
	regError      = 0x06
	regStatus1    = 0x07
	regStatus2    = 0x08
	regFIFOData   = 0x09
	regFIFOLevel  = 0x0A
	regWaterLevel = 0x0B
	regControl    = 0x0C
	regBitFraming = 0x0D
	regMode       = 0x11
	regRxMode     = 0x13
	regTxControl  = 0x14
	regCRCResultM = 0x21
	regCRCResultL = 0x22
	regTMode      = 0x2A
	regTPrescaler = 0x2B
	regTReloadH   = 0x2C
	regTReloadL   = 0x2D
	regVersion    = 0x37
)

// Commands (section 10.3).
const (
	cmdIdle       = 0x00
	cmdCalcCRC    = 0x03
	cmdTransmit   = 0x04
	cmdTransceive = 0x0C
	cmdSoftReset  = 0x0F
)

// Interrupt bits of ComIrqReg and DivIrqReg.
const (
	irqTx      = 0x40
	irqRx      = 0x20
	irqLoAlert = 0x04
	irqErr     = 0x02
	irqTimer   = 0x01
	irqCRC     = 0x04 // in DivIrqReg
)

// Version is what the emulated chip reports in VersionReg (MFRC522 v2.0).
const Version = 0x92

const fifoSize = 64

// Bits of CommandReg and ErrorReg.
const (
	powerDown = 0x10 // CommandReg: soft power-down, or not ready yet
	errColl   = 0x08 // ErrorReg: a bit collision
	errCRC    = 0x04 // ErrorReg: RxCRCEn set and a frame's CRC_A is wrong
)

// Times of the chip and its tags.
const (
	// DefaultStartUp is how long the chip takes to become ready after its
	// oscillator was stopped (a hard reset through NRSTPD or a wake-up from
	// soft power-down): the crystal's start-up and the 37.74 µs of the
	// datasheet's section 8.8.2. CommandReg's PowerDown bit reads 1 until
	// then.
	DefaultStartUp = time.Millisecond
	// DefaultPowerUp is how long a tag needs the field on before it
	// answers. ISO/IEC 14443-3 lets the reader wait 5 ms (the guard time
	// after the field is switched on); 3 ms is a slow tag within it.
	DefaultPowerUp = 3 * time.Millisecond
)

// bitTime is one bit at 106 kbit/s: 128 periods of the 13.56 MHz carrier.
const bitTime = 128 * time.Second / 13_560_000

// fdt is the frame delay time of ISO/IEC 14443-3 (1172/fc, the tag's
// answer to REQA; later frames take about as long).
const fdt = 1172 * time.Second / 13_560_000

// resetValues are the registers' values after a reset (section 9.3).
var resetValues = [64]byte{
	regCommand: 0x20, regComIEn: 0x80, regComIrq: 0x14, regWaterLevel: 0x08,
	regControl: 0x10, 0x0E: 0x80, regMode: 0x3F, regTxControl: 0x80,
	0x16: 0x10, 0x17: 0x84, 0x18: 0x84, 0x19: 0x4D, 0x1C: 0x62, 0x1D: 0x00,
	0x24: 0x26, 0x26: 0x48, 0x27: 0x88, 0x28: 0x20, 0x29: 0x20,
	regCRCResultM: 0xFF, regCRCResultL: 0xFF, regVersion: Version,
}

// Chip is an emulated MFRC522 on an SPI bus. It implements spi.Port (its
// Connect returns the Chip itself) and spi.Conn. It is safe for concurrent
// use, as the periph driver touches the IRQ pin from its own goroutine.
type Chip struct {
	irq   *IRQPin
	reset *ResetPin

	mu         sync.Mutex
	regs       [64]byte
	fifo       []byte
	rxLastBits byte
	field      bool
	fieldOn    time.Time // when the field last came on
	tags       []*tag
	powerUp    time.Duration
	startUp    time.Duration
	readyAt    time.Time // the oscillator runs and the chip takes commands from then
	softDown   bool      // CommandReg's PowerDown bit was set
	gen        int       // counts commands started, so a late answer or timeout of an older one is dropped
	faults     []Fault
	level      gpio.Level // the IRQ line
	connected  bool
	speed      physic.Frequency // of the last Connect
	hung       bool
	unplugged  bool
	poweredOff bool // NRSTPD held low
	txErr      error
	transfers  int
	bytes      int
	requests   int
	closed     int
}

var (
	_ spi.PortCloser = (*Chip)(nil)
	_ spi.Conn       = (*Chip)(nil)
)

// New returns a powered, reset chip with no tag in its field.
func New(name string) *Chip {
	c := &Chip{level: gpio.High, powerUp: DefaultPowerUp, startUp: DefaultStartUp}
	c.irq = &IRQPin{Pin: &gpiotest.Pin{N: name + "-IRQ", L: gpio.High, EdgesChan: make(chan gpio.Level, 16)}, chip: c}
	c.reset = &ResetPin{Pin: &gpiotest.Pin{N: name + "-RST", L: gpio.High}, chip: c}
	c.softReset()
	return c
}

// String implements spi.Port and conn.Resource.
func (c *Chip) String() string { return "mfrc522emu(" + c.irq.N[:len(c.irq.N)-4] + ")" }

// Connect implements spi.Port. Like Linux spidev, a port connects once.
func (c *Chip) Connect(f physic.Frequency, mode spi.Mode, bits int) (spi.Conn, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.connected {
		return nil, errors.New("mfrc522emu: Connect can only be called once")
	}
	if mode&spi.Mode3 != spi.Mode0 || bits != 8 {
		return nil, fmt.Errorf("mfrc522emu: got %v with %d bits, want Mode0 with 8 bits", mode, bits)
	}
	if f > 10*physic.MegaHertz {
		return nil, fmt.Errorf("mfrc522emu: %v is above the chip's 10MHz", f)
	}
	c.connected = true
	c.speed = f
	return c, nil
}

// Close implements spi.PortCloser; the chip stays usable, as after a reopen.
func (c *Chip) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.connected = false
	c.closed++
	return nil
}

// Speed returns the clock the chip was last connected at.
func (c *Chip) Speed() physic.Frequency {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.speed
}

// Closed returns how many times Close was called.
func (c *Chip) Closed() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closed
}

// LimitSpeed implements spi.PortCloser.
func (c *Chip) LimitSpeed(f physic.Frequency) error { return nil }

// Duplex implements spi.Conn.
func (c *Chip) Duplex() conn.Duplex { return conn.Full }

// TxPackets implements spi.Conn.
func (c *Chip) TxPackets(p []spi.Packet) error {
	for _, pk := range p {
		if err := c.Tx(pk.W, pk.R); err != nil {
			return err
		}
	}
	return nil
}

// Tx implements spi.Conn with the MFRC522 SPI framing (section 8.1.2): the
// first byte holds the address, shifted left by one, with bit 7 set for a
// read; a write sends data bytes after it, a read sends further addresses
// (0 to end) and receives each register's value one byte later.
func (c *Chip) Tx(w, r []byte) error {
	c.mu.Lock()
	if c.txErr != nil {
		defer c.mu.Unlock()
		return c.txErr
	}
	if len(r) != 0 && len(r) != len(w) {
		defer c.mu.Unlock()
		return fmt.Errorf("mfrc522emu: got %d bytes to read for %d written, want equal", len(r), len(w))
	}
	// The bytes take their time on the bus; the chip answers each as it
	// comes, so the transfer is done when the time has passed.
	bus := time.Duration(len(w)) * 8 * time.Second / time.Duration(max(c.speed, physic.Hertz)/physic.Hertz)
	c.transfers++
	c.bytes += len(w)
	c.mu.Unlock()
	time.Sleep(bus)
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(w) == 0 {
		return nil
	}
	addr := w[0] >> 1 & 0x3F
	if w[0]&0x80 == 0 {
		for _, b := range w[1:] {
			c.write(addr, b)
		}
		return nil
	}
	for i := 1; i < len(w); i++ {
		v := c.read(addr)
		if len(r) > 0 {
			r[i] = v
		}
		addr = w[i] >> 1 & 0x3F
	}
	return nil
}

func (c *Chip) answering() bool { return !c.hung && !c.unplugged && !c.poweredOff }

// ready says whether the oscillator runs: not in soft power-down, and
// started since the last hard reset or wake-up.
func (c *Chip) ready() bool { return !c.softDown && !time.Now().Before(c.readyAt) }

func (c *Chip) read(addr byte) byte {
	switch {
	case c.unplugged:
		return 0xFF // MISO floats high
	case !c.answering():
		return 0x00
	}
	if !c.ready() {
		if addr == regCommand {
			return c.regs[regCommand] | powerDown
		}
		return 0x00
	}
	switch addr {
	case regCommand:
		return c.regs[regCommand]
	case regFIFOData:
		if len(c.fifo) == 0 {
			return 0
		}
		v := c.fifo[0]
		c.fifo = c.fifo[1:]
		c.fifoShrunk(len(c.fifo) + 1)
		return v
	case regFIFOLevel:
		return byte(len(c.fifo))
	case regControl:
		return 0x10 | c.rxLastBits
	case regComIrq, regDivIrq:
		return c.regs[addr] & 0x7F
	case regStatus1:
		var s byte = 0x01 // LoAlert when the FIFO is nearly empty
		if len(c.fifo) > int(c.regs[regWaterLevel]) {
			s = 0
		}
		if c.irqActive() {
			s |= 0x10
		}
		return s | 0x20 // CRCReady
	}
	return c.regs[addr]
}

func (c *Chip) write(addr, v byte) {
	if !c.answering() {
		return
	}
	if !c.ready() {
		// Not running: only clearing PowerDown (the wake-up) is heard.
		if addr == regCommand && c.softDown && v&powerDown == 0 {
			c.softDown = false
			c.readyAt = time.Now().Add(c.startUp)
			c.regs[regCommand] = v & 0x2F
		}
		return
	}
	switch addr {
	case regCommand:
		c.regs[regCommand] = v & 0x2F
		c.gen++ // a new command ends the one running
		if v&powerDown != 0 {
			// Soft power-down (section 8.6.2): the oscillator and the
			// antenna drivers stop; the registers are kept.
			c.softDown = true
			c.fieldOff()
			return
		}
		switch v & 0x0F {
		case cmdSoftReset:
			c.softReset()
			return
		case cmdCalcCRC:
			c.calcCRC()
		case cmdTransmit:
			c.transmit(false)
		}
	case regComIrq, regDivIrq:
		if v&0x80 != 0 {
			c.regs[addr] |= v & 0x7F
		} else {
			c.regs[addr] &^= v & 0x7F
		}
	case regFIFOData:
		if len(c.fifo) >= fifoSize {
			c.regs[regError] |= 0x10 // BufferOvfl
			return
		}
		c.fifo = append(c.fifo, v)
	case regFIFOLevel:
		if v&0x80 != 0 {
			c.fifo = c.fifo[:0]
			c.regs[regError] &^= 0x10
			c.regs[regComIrq] |= irqLoAlert
		}
	case regBitFraming:
		c.regs[regBitFraming] = v &^ 0x80
		if v&0x80 != 0 && c.regs[regCommand]&0x0F == cmdTransceive {
			c.transmit(true)
		}
	case regTxControl:
		c.regs[regTxControl] = v
		switch on := v&0x03 != 0; {
		case on && !c.field:
			c.field, c.fieldOn = true, time.Now()
		case !on:
			c.fieldOff()
		}
	case regError, regStatus1, regVersion, regCRCResultM, regCRCResultL:
		// read-only
	default:
		c.regs[addr] = v
	}
	c.updateIRQ()
}

// fifoShrunk sets LoAlertIRq when the FIFO level falls to the water level.
func (c *Chip) fifoShrunk(before int) {
	if w := int(c.regs[regWaterLevel]); before > w && len(c.fifo) <= w {
		c.regs[regComIrq] |= irqLoAlert
		c.updateIRQ()
	}
}

func (c *Chip) softReset() {
	c.regs = resetValues
	c.fifo = c.fifo[:0]
	c.rxLastBits = 0
	c.gen++
	c.fieldOff()
	c.updateIRQ()
}

// hardReset is a power-on reset: the registers' reset values, and the
// oscillator starting (section 8.8.2).
func (c *Chip) hardReset() {
	c.softReset()
	c.softDown = false
	c.readyAt = time.Now().Add(c.startUp)
}

// fieldOff switches the antenna off: the tags lose their power, and with
// it their state (ISO/IEC 14443-3: a tag powers up IDLE, even from HALT).
func (c *Chip) fieldOff() {
	c.field = false
	for _, t := range c.tags {
		t.state = idle
	}
}

// powered returns the tags that have had the field long enough to answer.
func (c *Chip) powered() []*tag {
	if !c.field {
		return nil
	}
	now := time.Now()
	var ts []*tag
	for _, t := range c.tags {
		since := c.fieldOn
		if t.placed.After(since) {
			since = t.placed
		}
		if now.Sub(since) >= c.powerUp {
			ts = append(ts, t)
		}
	}
	return ts
}

// timeout is the timer's period (section 8.5): TPrescaler from TModeReg's
// low nibble and TPrescalerReg, TReload from TReloadReg, at 13.56 MHz.
func (c *Chip) timeout() time.Duration {
	pre := int64(c.regs[regTMode]&0x0F)<<8 | int64(c.regs[regTPrescaler])
	reload := int64(c.regs[regTReloadH])<<8 | int64(c.regs[regTReloadL])
	return time.Duration((2*pre + 1) * (reload + 1) * int64(time.Second) / 13_560_000)
}

func (c *Chip) calcCRC() {
	presets := [4]uint16{0x0000, 0x6363, 0xA671, 0xFFFF}
	crc := crcA(presets[c.regs[regMode]&0x03], c.fifo)
	c.fifo = c.fifo[:0]
	c.regs[regCRCResultL] = byte(crc)
	c.regs[regCRCResultM] = byte(crc >> 8)
	c.regs[regDivIrq] |= irqCRC
}

// transmit sends the FIFO to the field. The tags hear the frame when it has
// gone over the air; a new command before then aborts it unheard. For
// Transceive, the answer of the powered tags comes into the FIFO after the
// frame delay time and its own time on the air, or the timer runs out when
// none answers.
func (c *Chip) transmit(receive bool) {
	frame := append([]byte(nil), c.fifo...)
	lastBits := int(c.regs[regBitFraming] & 0x07)
	c.fifo = c.fifo[:0]
	c.regs[regError] = 0
	if len(frame) == 1 && lastBits == 7 {
		c.requests++
	}
	sent := len(frame) * 9
	if lastBits != 0 {
		sent = lastBits
	}
	gen := c.gen
	// later runs f at d from now, unless another command started since.
	later := func(d time.Duration, f func()) {
		time.AfterFunc(d, func() {
			c.mu.Lock()
			defer c.mu.Unlock()
			if c.gen != gen || !c.answering() {
				return
			}
			f()
			c.updateIRQ()
		})
	}
	later(time.Duration(sent+2)*bitTime, func() {
		c.regs[regComIrq] |= irqTx
		var answers [][]byte
		var errs byte
		for _, t := range c.powered() {
			a, step := t.answer(frame, lastBits)
			if a == nil {
				continue
			}
			var e byte
			a, e = c.corrupt(step, a)
			if a != nil {
				answers = append(answers, a)
				errs |= e
			}
		}
		if !receive {
			c.regs[regComIrq] |= 0x10 // IdleIRq: Transmit ends by itself
			return
		}
		answer, collided := combine(answers)
		if collided {
			errs |= errColl
		}
		if errs&errCRC != 0 && c.regs[regRxMode]&0x80 == 0 {
			errs &^= errCRC // no CRC check without RxCRCEn: the bad byte goes unflagged
		}
		if answer == nil {
			if c.regs[regTMode]&0x80 != 0 { // TAuto: the timer starts as the frame ends
				later(c.timeout(), func() { c.regs[regComIrq] |= irqTimer })
			}
			return
		}
		later(fdt+time.Duration(len(answer)*9+2)*bitTime, func() {
			c.fifo = append(c.fifo[:0], answer...)
			c.rxLastBits = 0
			c.regs[regError] = errs
			c.regs[regComIrq] |= irqRx
			if errs != 0 {
				c.regs[regComIrq] |= irqErr
			}
		})
	})
}

// combine superposes the tags' answers as the reader hears them: equal
// answers are one; different ones collide at their first different bit,
// after which the chip clears the bits it received (CollReg's
// ValuesAfterColl, set after reset).
func combine(answers [][]byte) ([]byte, bool) {
	if len(answers) == 0 {
		return nil, false
	}
	first := answers[0]
	pos := -1 // the first bit where some answer differs
	for _, a := range answers[1:] {
		for i := 0; i < max(len(a), len(first))*8; i++ {
			if bitOf(a, i) != bitOf(first, i) {
				if pos < 0 || i < pos {
					pos = i
				}
				break
			}
		}
	}
	if pos < 0 {
		return append([]byte(nil), first...), false
	}
	out := append([]byte(nil), first[:pos/8+1]...)
	out[pos/8] &= byte(1)<<(pos%8) - 1
	return out, true
}

// bitOf returns bit i of b, least significant bit of each byte first (the
// order on the air), or 2 past its end.
func bitOf(b []byte, i int) int {
	if i/8 >= len(b) {
		return 2
	}
	return int(b[i/8] >> (i % 8) & 1)
}

// corrupt applies the first injected fault for step to answer.
func (c *Chip) corrupt(step Step, answer []byte) ([]byte, byte) {
	for i, f := range c.faults {
		if f.Step != step {
			continue
		}
		c.faults = append(c.faults[:i], c.faults[i+1:]...)
		switch f.Kind {
		case Silent:
			return nil, 0
		case BadBCC:
			answer[len(answer)-2] ^= 0x10
		case Parity:
			return answer, 0x02
		case Collision:
			answer[0] ^= 0x01
			return answer, 0x08
		case Truncated:
			return answer[:1], 0
		case CRC:
			answer[len(answer)-1] ^= 0x80
			return answer, errCRC
		case OtherUID:
			if len(answer) == 5 {
				answer[1] ^= 0x01
				answer[2] ^= 0x01
			}
		}
		return answer, 0
	}
	return answer, 0
}

func (c *Chip) irqActive() bool {
	return c.regs[regComIEn]&c.regs[regComIrq]&0x7F != 0 || c.regs[regDivIEn]&c.regs[regDivIrq]&0x14 != 0
}

// updateIRQ drives the IRQ line: active low when IRqInv is set.
func (c *Chip) updateIRQ() {
	level := gpio.Level(c.irqActive())
	if c.regs[regComIEn]&0x80 != 0 {
		level = !level
	}
	if level == c.level {
		return
	}
	c.level = level
	_ = c.irq.Pin.Out(level)
	if level == gpio.Low {
		select {
		case c.irq.EdgesChan <- gpio.Low:
		default: // the edge buffer is full: the edge is lost, as in the kernel
		}
	}
}

// Place puts a tag with uid (4 or 7 bytes) in the field, replacing any.
// It answers once it has had the field for the power-up time (SetPowerUp).
func (c *Chip) Place(uid []byte) error {
	t, err := newTag(uid)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.tags = []*tag{t}
	return nil
}

// Add puts one more tag in the field: two cards laid together.
func (c *Chip) Add(uid []byte) error {
	t, err := newTag(uid)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.tags = append(c.tags, t)
	return nil
}

func newTag(uid []byte) (*tag, error) {
	if len(uid) != 4 && len(uid) != 7 {
		return nil, fmt.Errorf("mfrc522emu: got a %d-byte UID, want 4 or 7", len(uid))
	}
	if uid[0] == 0x88 {
		return nil, errors.New("mfrc522emu: a UID may not start with the cascade tag 0x88")
	}
	return &tag{uid: append([]byte(nil), uid...), placed: time.Now()}, nil
}

// Lift takes every tag out of the field.
func (c *Chip) Lift() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.tags = nil
}

// SetPowerUp sets how long a tag needs the field before it answers
// (DefaultPowerUp at first).
func (c *Chip) SetPowerUp(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.powerUp = d
}

// SetStartUp sets how long the chip takes to start after a hard reset or
// a wake-up (DefaultStartUp at first).
func (c *Chip) SetStartUp(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.startUp = d
}

// PoweredDown says whether the chip is in soft power-down.
func (c *Chip) PoweredDown() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.softDown
}

// Bytes returns how many bytes the SPI transfers have moved.
func (c *Chip) Bytes() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}

// Inject queues faults; each corrupts the next answer to its Step.
func (c *Chip) Inject(f ...Fault) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.faults = append(c.faults, f...)
}

// Hang makes the chip stop answering: reads return 0, writes are lost,
// until a reset through NRSTPD.
func (c *Chip) Hang() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.hung = true
}

// Unplug disconnects the chip: reads return 0xFF until Plug.
func (c *Chip) Unplug() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.unplugged = true
}

// Plug reconnects the chip, which powers up reset.
func (c *Chip) Plug() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.unplugged, c.hung = false, false
	c.hardReset()
}

// FailTx makes every transfer fail with err; nil ends it.
func (c *Chip) FailTx(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.txErr = err
}

// Transfers returns how many SPI transfers the chip has answered.
func (c *Chip) Transfers() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.transfers
}

// Requests returns how many REQA or WUPA frames the chip has sent.
func (c *Chip) Requests() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.requests
}

// IRQ returns the chip's IRQ line, to give the driver as its IRQ pin.
func (c *Chip) IRQ() *IRQPin { return c.irq }

// Reset returns the chip's NRSTPD line, to give the driver as its reset pin.
func (c *Chip) Reset() *ResetPin { return c.reset }

// IRQPin is the chip's IRQ line: a gpiotest pin whose edges the chip drives.
type IRQPin struct {
	*gpiotest.Pin
	chip *Chip
}

// WaitForEdge implements gpio.PinIn. It returns true on a falling edge of
// the line, and false after timeout. A timeout of -1 waits without limit.
func (p *IRQPin) WaitForEdge(timeout time.Duration) bool {
	var expired <-chan time.Time
	if timeout >= 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		expired = t.C
	}
	select {
	case l := <-p.EdgesChan:
		_ = p.Pin.Out(l)
		return true
	case <-expired:
		return false
	}
}

// ResetPin is the chip's NRSTPD line: low powers the chip down, and the
// rising edge that follows resets it (datasheet section 8.8.1).
type ResetPin struct {
	*gpiotest.Pin
	chip *Chip
}

// Out implements gpio.PinOut.
func (p *ResetPin) Out(l gpio.Level) error {
	prev := p.Pin.Read()
	if err := p.Pin.Out(l); err != nil {
		return err
	}
	c := p.chip
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case l == gpio.Low:
		c.poweredOff = true
		c.fieldOff()
	case prev == gpio.Low:
		c.poweredOff, c.hung = false, false
		c.hardReset()
	}
	return nil
}
