package mfrc522emu

import (
	"bytes"
	"errors"
	"testing"
	"time"

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

// newDev connects the real periph driver to a fresh chip.
func newDev(t *testing.T) (*Chip, *mfrc522.Dev) {
	t.Helper()
	c := New("test")
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
	}
}

func TestDriverNoTag(t *testing.T) {
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
}

func TestDriverFaults(t *testing.T) {
	for _, tc := range []struct {
		uid   []byte
		fault Fault
		want  []byte // nil: the driver must fail
	}{
		// A REQA fault is injected twice: the first REQA is the driver's
		// wait for a tag, the second its request.
		{uid4, Fault{REQA, Silent}, nil},
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
	}
}

func kindName(k Kind) string {
	return map[Kind]string{CRC: "crc", Silent: "silent", BadBCC: "bad-bcc", Parity: "parity", Collision: "collision", Truncated: "truncated", OtherUID: "other-uid"}[k]
}

func TestHangAndReset(t *testing.T) {
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
	if v, _ := dev.LowLevel.DevRead(regVersion); v != Version {
		t.Errorf("after reset VersionReg: got %#x, want %#x", v, Version)
	}
	if got, err := dev.ReadUID(10 * time.Second); err != nil || !bytes.Equal(got, uid4) {
		t.Fatalf("after reset: got % X, %v, want % X", got, err, uid4)
	}
}

func TestUnplugAndTxErrors(t *testing.T) {
	c, dev := newDev(t)
	c.Unplug()
	if v, _ := dev.LowLevel.DevRead(regVersion); v != 0xFF {
		t.Errorf("unplugged VersionReg: got %#x, want 0xFF", v)
	}
	c.Plug()
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
}

func TestPlaceRejectsBadUIDs(t *testing.T) {
	c := New("x")
	for _, uid := range [][]byte{{1, 2, 3}, {0x88, 1, 2, 3}, make([]byte, 10)} {
		if err := c.Place(uid); err == nil {
			t.Errorf("Place(% X) succeeded, want an error", uid)
		}
	}
}
