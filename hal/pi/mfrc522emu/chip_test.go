package mfrc522emu

import (
	"bytes"
	"errors"
	"testing"
	"testing/synctest"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/devices/v3/mfrc522"
)

func TestCRCA(t *testing.T) {
	// ISO/IEC 14443-3, Annex B.
	for _, tc := range []struct {
		data []byte
		want uint16
	}{
		{[]byte{0x00, 0x00}, 0x1EA0},
		{[]byte{0x12, 0x34}, 0xCF26},
	} {
		if got := crcA(0x6363, tc.data); got != tc.want {
			t.Errorf("crcA(% X): got %04X, want %04X", tc.data, got, tc.want)
		}
	}
}

// newDev connects the real periph driver to a fresh chip, in the calling
// test's synctest bubble. Its tags answer at once: the driver switches the
// field off and on (a soft reset) just before each request, which a tag
// needing time to power up never answers (TestDriverMissesSlowTags).
func newDev(t *testing.T) (*Chip, *mfrc522.Dev) {
	t.Helper()
	c := New("test")
	c.SetPowerUp(0)
	dev, err := mfrc522.NewSPI(c, c.Reset(), c.IRQ())
	if err != nil {
		t.Fatalf("mfrc522.NewSPI: %v", err)
	}
	return c, dev
}

var (
	uid4 = []byte{0xDE, 0xAD, 0xBE, 0xEF}
	uid7 = []byte{0x04, 0x5A, 0x6B, 0x7C, 0x8D, 0x9E, 0x80}
)

func TestDriverReadsUID(t *testing.T) {
	for _, tc := range []struct {
		name string
		uid  []byte
	}{
		{"4-byte MIFARE Classic", uid4},
		{"7-byte NTAG", uid7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				c, dev := newDev(t)
				if err := c.Place(tc.uid); err != nil {
					t.Fatal(err)
				}
				for i := range 3 { // a held tag reads the same every time
					got, err := dev.ReadUID(10 * time.Second)
					if err != nil || !bytes.Equal(got, tc.uid) {
						t.Fatalf("read %d: got % X, %v, want % X", i, got, err, tc.uid)
					}
				}
			})
		})
	}
}

func TestDriverNoTag(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c, dev := newDev(t)
		// The wait ends when the chip's REQA goes unanswered, not after 10s.
		if got, err := dev.ReadUID(10 * time.Second); err == nil {
			t.Fatalf("got UID % X with no tag, want an error", got)
		}
		if c.Requests() == 0 {
			t.Error("the driver sent no REQA")
		}
		if err := c.Place(uid4); err != nil {
			t.Fatal(err)
		}
		if got, err := dev.ReadUID(10 * time.Second); err != nil || !bytes.Equal(got, uid4) {
			t.Fatalf("after placing: got % X, %v, want % X", got, err, uid4)
		}
		c.Lift()
		if got, err := dev.ReadUID(10 * time.Second); err == nil {
			t.Fatalf("after lifting: got UID % X, want an error", got)
		}
	})
}

func TestDriverFaults(t *testing.T) {
	for _, tc := range []struct {
		uid   []byte
		fault Fault
		want  []byte // nil: the driver must fail
	}{
		// A REQA fault is injected twice: the first REQA is the driver's
		// wait for a tag, the second its request.
		// A silent answer to the wait's REQA is sent again 100 ms later.
		{uid4, Fault{REQA, Silent}, uid4},
		{uid4, Fault{REQA, Truncated}, nil},
		{uid4, Fault{REQA, Parity}, nil},
		{uid4, Fault{REQA, Collision}, nil},
		{uid4, Fault{Anticoll1, BadBCC}, nil},
		{uid4, Fault{Anticoll1, Collision}, nil},
		{uid4, Fault{Anticoll1, Truncated}, nil},
		{uid7, Fault{Anticoll2, BadBCC}, nil},
		{uid7, Fault{Anticoll2, Parity}, nil},
		// A corruption the BCC cannot see: at level 1 the tag ignores the
		// SELECT of a wrong UID; at level 2 the driver sends no SELECT and
		// returns the wrong UID, which is why hal/pi reads a new tag twice.
		{uid4, Fault{Anticoll1, OtherUID}, nil},
		{uid7, Fault{Anticoll2, OtherUID}, []byte{0x04, 0x5A, 0x6B, 0x7C, 0x8C, 0x9F, 0x80}},
		// The driver ignores CRCErr (it checks ErrorReg against 0x1B) and
		// the SAK: a CRC error on SELECT's answer costs nothing.
		{uid4, Fault{Select1, CRC}, uid4},
		{uid7, Fault{Select1, CRC}, uid7},
	} {
		t.Run(tc.fault.Step.String()+"/"+kindName(tc.fault.Kind), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				c, dev := newDev(t)
				if err := c.Place(tc.uid); err != nil {
					t.Fatal(err)
				}
				c.Inject(tc.fault)
				if tc.fault.Step == REQA && tc.fault.Kind != Silent {
					c.Inject(tc.fault)
				}
				got, err := dev.ReadUID(10 * time.Second)
				switch {
				case tc.want == nil && err == nil:
					t.Fatalf("got UID % X, want an error", got)
				case tc.want != nil && !bytes.Equal(got, tc.want):
					t.Fatalf("got % X, %v, want % X", got, err, tc.want)
				}
				// The fault was one frame: the next read is right.
				if got, err := dev.ReadUID(10 * time.Second); err != nil || !bytes.Equal(got, tc.uid) {
					t.Fatalf("next read: got % X, %v, want % X", got, err, tc.uid)
				}
			})
		})
	}
}

func kindName(k Kind) string {
	return map[Kind]string{CRC: "crc", Silent: "silent", BadBCC: "bad-bcc", Parity: "parity", Collision: "collision", Truncated: "truncated", OtherUID: "other-uid"}[k]
}

func TestHangAndReset(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c, dev := newDev(t)
		if err := c.Place(uid4); err != nil {
			t.Fatal(err)
		}
		c.Hang()
		if v, _ := dev.LowLevel.DevRead(regVersion); v != 0 {
			t.Errorf("hung chip VersionReg: got %#x, want 0", v)
		}
		if got, err := dev.ReadUID(20 * time.Millisecond); err == nil {
			t.Fatalf("hung chip: got UID % X, want an error", got)
		}
		// Only a reset through NRSTPD brings it back.
		if err := c.Reset().Out(false); err != nil {
			t.Fatal(err)
		}
		if err := c.Reset().Out(true); err != nil {
			t.Fatal(err)
		}
		if v, _ := dev.LowLevel.DevRead(regVersion); v != 0 {
			t.Errorf("starting chip VersionReg: got %#x, want 0", v)
		}
		waitReady(t, dev)
		if v, _ := dev.LowLevel.DevRead(regVersion); v != Version {
			t.Errorf("after reset VersionReg: got %#x, want %#x", v, Version)
		}
		if got, err := dev.ReadUID(10 * time.Second); err != nil || !bytes.Equal(got, uid4) {
			t.Fatalf("after reset: got % X, %v, want % X", got, err, uid4)
		}
	})
}

func TestUnplugAndTxErrors(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c, dev := newDev(t)
		c.Unplug()
		if v, _ := dev.LowLevel.DevRead(regVersion); v != 0xFF {
			t.Errorf("unplugged VersionReg: got %#x, want 0xFF", v)
		}
		c.Plug()
		waitReady(t, dev)
		if v, _ := dev.LowLevel.DevRead(regVersion); v != Version {
			t.Errorf("plugged again VersionReg: got %#x, want %#x", v, Version)
		}
		boom := errors.New("spidev: input/output error")
		c.FailTx(boom)
		if _, err := dev.LowLevel.DevRead(regVersion); !errors.Is(err, boom) {
			t.Errorf("FailTx: got %v, want %v", err, boom)
		}
		c.FailTx(nil)
		if _, err := c.Connect(0, 0, 8); err == nil {
			t.Error("second Connect succeeded, want an error as from spidev")
		}
	})
}

func TestPlaceRejectsBadUIDs(t *testing.T) {
	c := New("x")
	for _, uid := range [][]byte{{1, 2, 3}, {0x88, 1, 2, 3}, make([]byte, 10)} {
		if err := c.Place(uid); err == nil {
			t.Errorf("Place(% X) succeeded, want an error", uid)
		}
	}
}

// waitReady polls CommandReg until its PowerDown bit clears, as the
// datasheet says to wait for the oscillator (section 8.8.2), and returns
// how long that took.
func waitReady(t *testing.T, dev *mfrc522.Dev) time.Duration {
	t.Helper()
	start := time.Now()
	for range 100000 {
		v, err := dev.LowLevel.DevRead(regCommand)
		if err != nil {
			t.Fatal(err)
		}
		if v&powerDown == 0 {
			return time.Since(start)
		}
	}
	t.Fatal("PowerDown never cleared")
	return 0
}

func TestStartUpAndPowerDown(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c, dev := newDev(t)
		for _, l := range []bool{false, true} {
			if err := c.Reset().Out(gpio.Level(l)); err != nil {
				t.Fatal(err)
			}
		}
		if got := waitReady(t, dev); got < DefaultStartUp || got > DefaultStartUp+10*time.Microsecond {
			t.Errorf("after a hard reset: ready in %v, want %v", got, DefaultStartUp)
		}
		// Soft power-down (what Dev.Halt does): the field goes off, the
		// chip hears nothing but the wake-up, which takes the start-up.
		if err := dev.LowLevel.DevWrite(regCommand, powerDown); err != nil {
			t.Fatal(err)
		}
		if !c.PoweredDown() {
			t.Fatal("not powered down after PowerDown was set")
		}
		if err := dev.LowLevel.DevWrite(regTReloadL, 99); err != nil {
			t.Fatal(err)
		}
		if err := dev.LowLevel.DevWrite(regCommand, 0); err != nil {
			t.Fatal(err)
		}
		if got := waitReady(t, dev); got < DefaultStartUp-10*time.Microsecond {
			t.Errorf("wake-up: ready in %v, want about %v", got, DefaultStartUp)
		}
		if v, _ := dev.LowLevel.DevRead(regTReloadL); v == 99 {
			t.Error("a write during power-down was heard")
		}
	})
}

// transceive sends frame (lastBits valid bits in its last byte, 0 for 8)
// as the driver's CardWrite does and returns the answer, the ErrorReg and
// ComIrqReg values, and how long the chip took.
func transceive(t *testing.T, dev *mfrc522.Dev, frame []byte, lastBits byte) ([]byte, byte, byte, time.Duration) {
	t.Helper()
	ll := dev.LowLevel
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(ll.DevWrite(regComIrq, 0x7F))
	must(ll.DevWrite(regFIFOLevel, 0x80))
	must(ll.DevWrite(regCommand, cmdIdle))
	for _, b := range frame {
		must(ll.DevWrite(regFIFOData, b))
	}
	must(ll.DevWrite(regCommand, cmdTransceive))
	start := time.Now()
	must(ll.DevWrite(regBitFraming, 0x80|lastBits))
	for {
		irq, err := ll.DevRead(regComIrq)
		must(err)
		if irq&(irqRx|irqTimer) != 0 {
			took := time.Since(start)
			e, _ := ll.DevRead(regError)
			n, _ := ll.DevRead(regFIFOLevel)
			var got []byte
			for range n {
				b, _ := ll.DevRead(regFIFOData)
				got = append(got, b)
			}
			return got, e, irq, took
		}
	}
}

func TestTimerAndPowerUp(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c, dev := newDev(t) // Init: TPrescaler 0xD3E, TReload 30: 15.5 ms
		c.SetPowerUp(DefaultPowerUp)
		want := time.Duration((2*0xD3E + 1) * 31 * int64(time.Second) / 13_560_000)
		_, _, irq, took := transceive(t, dev, []byte{0x26}, 7)
		if irq&irqTimer == 0 || took < want || took > want+time.Millisecond {
			t.Errorf("REQA to an empty field: irq %#x after %v, want the timer after %v", irq, took, want)
		}
		if err := c.Place(uid4); err != nil {
			t.Fatal(err)
		}
		// Placed a moment ago: not powered yet.
		if got, _, irq, _ := transceive(t, dev, []byte{0x26}, 7); irq&irqRx != 0 {
			t.Errorf("a tag placed at this instant answered % X, want silence until it is powered", got)
		}
		time.Sleep(DefaultPowerUp) // the tag lies on the reader
		got, e, irq, took := transceive(t, dev, []byte{0x26}, 7)
		if irq&irqRx == 0 || e != 0 || !bytes.Equal(got, []byte{0x04, 0x00}) || took > 500*time.Microsecond {
			t.Errorf("powered tag: got % X, ErrorReg %#x, irq %#x after %v, want ATQA 04 00 within 0.5 ms", got, e, irq, took)
		}
	})
}

func TestDriverMissesSlowTags(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c, dev := newDev(t)
		c.SetPowerUp(DefaultPowerUp)
		if err := c.Place(uid4); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Second)
		// The wait's REQA is answered (the field was on), then the driver
		// soft-resets the chip, which switches the field off and on, and
		// sends its REQA before the tag has power again.
		if got, err := dev.ReadUID(time.Second); err == nil {
			t.Errorf("got % X, want the driver to miss a tag needing %v of field", got, DefaultPowerUp)
		}
	})
}

func TestTwoTagsCollide(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c, dev := newDev(t)
		for _, u := range [][]byte{uid4, {0xDE, 0xAD, 0x3E, 0xEF}} {
			if err := c.Add(u); err != nil {
				t.Fatal(err)
			}
		}
		// Both are MIFARE Classic: their ATQAs are alike.
		got, e, _, _ := transceive(t, dev, []byte{0x26}, 7)
		if e != 0 || !bytes.Equal(got, []byte{0x04, 0x00}) {
			t.Fatalf("REQA: got % X, ErrorReg %#x, want 04 00 and no error", got, e)
		}
		// Their UIDs differ in bit 7 of byte 2.
		got, e, _, _ = transceive(t, dev, []byte{0x93, 0x20}, 0)
		if e&errColl == 0 || !bytes.Equal(got, []byte{0xDE, 0xAD, 0x3E}) {
			t.Errorf("anticollision: got % X, ErrorReg %#x, want DE AD 3E and CollErr", got, e)
		}
		// A 7-byte tag's ATQA differs from a 4-byte one's.
		c.Lift()
		for _, u := range [][]byte{uid4, uid7} {
			if err := c.Add(u); err != nil {
				t.Fatal(err)
			}
		}
		if got, e, _, _ := transceive(t, dev, []byte{0x52}, 7); e&errColl == 0 {
			t.Errorf("WUPA to a 4- and a 7-byte tag: got % X, ErrorReg %#x, want CollErr", got, e)
		}
	})
}

func TestRxCRCEn(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		for _, on := range []bool{false, true} {
			c, dev := newDev(t)
			if err := c.Place(uid4); err != nil {
				t.Fatal(err)
			}
			if on {
				if err := dev.LowLevel.DevWrite(regRxMode, 0x80); err != nil {
					t.Fatal(err)
				}
			}
			transceive(t, dev, []byte{0x26}, 7)
			transceive(t, dev, []byte{0x93, 0x20}, 0)
			c.Inject(Fault{Select1, CRC})
			sel := []byte{0x93, 0x70, 0xDE, 0xAD, 0xBE, 0xEF, 0xDE ^ 0xAD ^ 0xBE ^ 0xEF}
			crc := crcA(0x6363, sel)
			got, e, _, _ := transceive(t, dev, append(sel, byte(crc), byte(crc>>8)), 0)
			if len(got) != 3 || (e&errCRC != 0) != on {
				t.Errorf("RxCRCEn %v: SAK % X with ErrorReg %#x, want CRCErr only with RxCRCEn", on, got, e)
			}
		}
	})
}
