package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"syscall"
	"testing"

	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"

	"ttr/hal/pi/mfrc522emu"
)

// kernel plays the kernel's side of an unrestricted CUSE ioctl
// (fs/fuse/ioctl.c, fuse_do_ioctl) on a caller's memory: it sends the
// request with no input, and again each time the server asks for memory
// (FUSE_IOCTL_RETRY) with the bytes it names, then copies the server's
// output into the memory it named for output.
type kernel struct {
	mem     map[uint64][]byte // the caller's buffers, by address
	retries int
}

func (k *kernel) ioctl(t *testing.T, d *device, cmd uint32, arg uint64) (int32, syscall.Errno) {
	t.Helper()
	le := binary.LittleEndian
	var in, out []iovec
	for try := 0; try < 4; try++ {
		var data []byte
		for _, v := range in {
			data = append(data, k.mem[v.base][:v.len]...)
		}
		outSize := uint64(0)
		for _, v := range out {
			outSize += v.len
		}
		req := make([]byte, 32)
		le.PutUint32(req[12:], cmd)
		le.PutUint64(req[16:], arg)
		le.PutUint32(req[24:], uint32(len(data)))
		le.PutUint32(req[28:], uint32(outSize))
		rep, errno := d.ioctl(append(req, data...))
		if errno != 0 {
			return 0, errno
		}
		result, flags := int32(le.Uint32(rep[0:])), le.Uint32(rep[4:])
		if flags&ioctlRetry != 0 {
			k.retries++
			nIn, nOut := le.Uint32(rep[8:]), le.Uint32(rep[12:])
			in, out = nil, nil
			p := rep[16:]
			for i := uint32(0); i < nIn+nOut; i++ {
				v := iovec{le.Uint64(p), le.Uint64(p[8:])}
				p = p[16:]
				if i < nIn {
					in = append(in, v)
				} else {
					out = append(out, v)
				}
			}
			continue
		}
		payload := rep[16:]
		if uint64(len(payload)) > outSize {
			t.Fatalf("the server returned %d bytes for %d asked", len(payload), outSize)
		}
		for _, v := range out {
			copy(k.mem[v.base], payload[:v.len])
			payload = payload[v.len:]
		}
		return result, 0
	}
	t.Fatalf("ioctl %#x: still retrying after 4 requests", cmd)
	return 0, 0
}

// transfers encodes spi_ioc_transfer structs into the caller's memory at
// address 1, with buffers at the addresses given.
func (k *kernel) transfers(ts ...transfer) uint64 {
	var b []byte
	for _, t := range ts {
		s := make([]byte, transferSize)
		binary.LittleEndian.PutUint64(s[0:], t.tx)
		binary.LittleEndian.PutUint64(s[8:], t.rx)
		binary.LittleEndian.PutUint32(s[16:], t.n)
		b = append(b, s...)
	}
	k.mem[1] = b
	return 1
}

func ioc(dir, nr, size uint32) uint32 { return dir<<30 | size<<16 | spiMagic<<8 | nr }

// recorder is a bus that records what is written and answers each byte
// with its complement.
type recorder struct{ got [][]byte }

func (r *recorder) Tx(w, rd []byte) error {
	r.got = append(r.got, append([]byte{}, w...))
	for i := range rd {
		rd[i] = ^w[i]
	}
	return nil
}

// TestMessageCarriesEachTransfer: SPI_IOC_MESSAGE(n), through the
// unrestricted ioctl's retries, sends each transfer's bytes to the chip
// (zeros for a transfer without a tx buffer), puts the chip's answer in
// each rx buffer, and returns the bytes transferred, as spidev does.
func TestMessageCarriesEachTransfer(t *testing.T) {
	for _, tc := range []struct {
		name    string
		ts      []transfer
		mem     map[uint64][]byte
		wantTx  [][]byte
		wantRx  map[uint64][]byte
		wantRes int32
	}{
		{"one register read", []transfer{{tx: 100, rx: 200, n: 2}},
			map[uint64][]byte{100: {0xee, 0}, 200: make([]byte, 2)},
			[][]byte{{0xee, 0}}, map[uint64][]byte{200: {0x11, 0xff}}, 2},
		{"a write without rx", []transfer{{tx: 100, n: 3}},
			map[uint64][]byte{100: {0x02, 0x0f, 0x30}},
			[][]byte{{0x02, 0x0f, 0x30}}, nil, 3},
		{"a read without tx", []transfer{{rx: 200, n: 2}},
			map[uint64][]byte{200: make([]byte, 2)},
			[][]byte{{0, 0}}, map[uint64][]byte{200: {0xff, 0xff}}, 2},
		{"two transfers", []transfer{{tx: 100, rx: 200, n: 1}, {tx: 300, rx: 400, n: 2}},
			map[uint64][]byte{100: {0x80}, 200: {0}, 300: {0x82, 0x84}, 400: {0, 0}},
			[][]byte{{0x80}, {0x82, 0x84}}, map[uint64][]byte{200: {0x7f}, 400: {0x7d, 0x7b}}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := &kernel{mem: tc.mem}
			arg := k.transfers(tc.ts...)
			r := &recorder{}
			d := &device{chip: r}
			res, errno := k.ioctl(t, d, ioc(iocWrite, 0, uint32(len(tc.ts))*transferSize), arg)
			if errno != 0 || res != tc.wantRes {
				t.Fatalf("ioctl = %d, %v; want %d", res, errno, tc.wantRes)
			}
			if fmt.Sprint(r.got) != fmt.Sprint(tc.wantTx) {
				t.Errorf("the chip got %x, want %x", r.got, tc.wantTx)
			}
			for addr, want := range tc.wantRx {
				if !bytes.Equal(k.mem[addr], want) {
					t.Errorf("rx buffer %d = %x, want %x", addr, k.mem[addr], want)
				}
			}
		})
	}
}

// TestSettingsWrittenAndRead: SPI_IOC_WR_MODE and SPI_IOC_WR_MAX_SPEED_HZ
// take their value from the caller's memory, and the RD ioctls give it
// back; other ioctls are refused with ENOTTY, as a driver does.
func TestSettingsWrittenAndRead(t *testing.T) {
	k := &kernel{mem: map[uint64][]byte{10: {3}, 20: {0x40, 0x42, 0x0f, 0}, 30: make([]byte, 1), 40: make([]byte, 4)}}
	d := &device{chip: &recorder{}}
	for _, c := range []struct {
		cmd uint32
		arg uint64
	}{{ioc(iocWrite, 1, 1), 10}, {ioc(iocWrite, 4, 4), 20}, {ioc(iocRead, 1, 1), 30}, {ioc(iocRead, 4, 4), 40}} {
		if _, errno := k.ioctl(t, d, c.cmd, c.arg); errno != 0 {
			t.Fatalf("ioctl %#x: %v", c.cmd, errno)
		}
	}
	if k.mem[30][0] != 3 || binary.LittleEndian.Uint32(k.mem[40]) != 1000000 {
		t.Errorf("read back mode %d, speed %d; want 3, 1000000", k.mem[30][0], binary.LittleEndian.Uint32(k.mem[40]))
	}
	if _, errno := k.ioctl(t, d, 0x5401 /* TCGETS */, 0); errno != syscall.ENOTTY {
		t.Errorf("TCGETS: %v, want ENOTTY", errno)
	}
}

// TestEmulatedChipAnswers: behind the ioctl, the MFRC522 emulator answers
// a read of VersionReg (0x37) with its version, as hal/pi's health check
// reads it.
func TestEmulatedChipAnswers(t *testing.T) {
	chip := mfrc522emu.New("spidev0.0")
	if _, err := chip.Connect(physic.MegaHertz, spi.Mode0, 8); err != nil {
		t.Fatal(err)
	}
	k := &kernel{mem: map[uint64][]byte{100: {0x80 | 0x37<<1, 0}, 200: make([]byte, 2)}}
	arg := k.transfers(transfer{tx: 100, rx: 200, n: 2})
	if _, errno := k.ioctl(t, &device{chip: chip}, ioc(iocWrite, 0, transferSize), arg); errno != 0 {
		t.Fatal(errno)
	}
	if got := k.mem[200][1]; got != mfrc522emu.Version {
		t.Errorf("VersionReg read %#x, want %#x", got, mfrc522emu.Version)
	}
}

// TestInitReply: CUSE_INIT's answer asks for unrestricted ioctls and names
// the device; a kernel older than FUSE 7.11 is refused.
func TestInitReply(t *testing.T) {
	in := make([]byte, 16)
	binary.LittleEndian.PutUint32(in[0:], 7)
	binary.LittleEndian.PutUint32(in[4:], 45)
	out, err := initReply(in, "spidev1.0")
	if err != nil {
		t.Fatal(err)
	}
	if binary.LittleEndian.Uint32(out[12:])&cuseUnrestrictedIoctl == 0 {
		t.Error("unrestricted ioctls not asked for")
	}
	if got := string(out[72:]); got != "DEVNAME=spidev1.0\x00" {
		t.Errorf("device info %q", got)
	}
	binary.LittleEndian.PutUint32(in[4:], 10)
	if _, err := initReply(in, "spidev1.0"); err == nil {
		t.Error("FUSE 7.10 accepted")
	}
}
