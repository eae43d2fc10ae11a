package main

import (
	"encoding/binary"
	"sync"
	"syscall"
)

// spidev's ioctls (include/uapi/linux/spi/spidev.h), _IOC(dir, 'k', nr,
// size): SPI_IOC_MESSAGE(n) is nr 0, written, n spi_ioc_transfer of 32
// bytes; nr 1 to 5 read or write the mode, LSB-first, bits per word, the
// clock and the 32-bit mode. periph's sysfs.SPI writes the mode once
// (Connect) and then sends every transfer with SPI_IOC_MESSAGE.
const (
	spiMagic     = 'k'
	iocWrite     = 1
	iocRead      = 2
	transferSize = 32
	maxIovs      = 256 // FUSE_IOCTL_MAX_IOV
)

// A bus is what a transfer reaches: the MFRC522 emulator's spi.Conn.
type bus interface {
	Tx(w, r []byte) error
}

// device is one /dev/spidevB.C: the settings written to it and the chip
// behind it.
type device struct {
	mu        sync.Mutex
	chip      bus
	settings  [6]uint32 // by ioctl nr (1 to 5), as last written
	transfers int
}

// iovec is a fuse_ioctl_iovec: memory of the caller the kernel is asked to
// copy in (the ioctl's input) or out (its output) on the retry.
type iovec struct{ base, len uint64 }

// ioctlReply is a fuse_ioctl_out: the ioctl's result and its output; or,
// with iovecs, FUSE_IOCTL_RETRY asking the kernel to send the request again
// with the memory they name.
func ioctlReply(result int32, in, out []iovec, data []byte) []byte {
	b := make([]byte, 16, 16+16*(len(in)+len(out))+len(data))
	le := binary.LittleEndian
	le.PutUint32(b[0:], uint32(result))
	if in != nil || out != nil {
		le.PutUint32(b[4:], ioctlRetry)
		le.PutUint32(b[8:], uint32(len(in)))
		le.PutUint32(b[12:], uint32(len(out)))
		for _, v := range append(append([]iovec{}, in...), out...) {
			b = le.AppendUint64(b, v.base)
			b = le.AppendUint64(b, v.len)
		}
	}
	return append(b, data...)
}

// ioctl answers one FUSE_IOCTL request (its fuse_ioctl_in and input).
// Unrestricted ioctls come with no input at first: the server asks for
// the memory it needs (the transfers, then the bytes each sends and
// receives), and the kernel sends the request again with it.
func (d *device) ioctl(args []byte) ([]byte, syscall.Errno) {
	if len(args) < 32 {
		return nil, syscall.EINVAL
	}
	le := binary.LittleEndian
	cmd := le.Uint32(args[12:])
	arg := le.Uint64(args[16:])
	inSize := le.Uint32(args[24:])
	outSize := le.Uint32(args[28:])
	data := args[32:]
	if uint32(len(data)) < inSize {
		return nil, syscall.EINVAL
	}
	data = data[:inSize]
	dir, typ, nr, size := cmd>>30, cmd>>8&0xff, cmd&0xff, cmd>>16&0x3fff
	if typ != spiMagic || nr > 5 {
		return nil, syscall.ENOTTY
	}
	switch {
	case nr == 0 && dir == iocWrite && size > 0 && size%transferSize == 0:
		return d.message(arg, size, data, outSize)
	case nr > 0 && dir == iocWrite && (size == 1 || size == 4):
		if inSize < size {
			return ioctlReply(0, []iovec{{arg, uint64(size)}}, nil, nil), 0
		}
		v := uint32(data[0])
		if size == 4 {
			v = le.Uint32(data)
		}
		d.mu.Lock()
		d.settings[nr] = v
		d.mu.Unlock()
		return ioctlReply(0, nil, nil, nil), 0
	case nr > 0 && dir == iocRead && (size == 1 || size == 4):
		if outSize < size {
			return ioctlReply(0, nil, []iovec{{arg, uint64(size)}}, nil), 0
		}
		d.mu.Lock()
		v := d.settings[nr]
		d.mu.Unlock()
		out := le.AppendUint32(nil, v)
		return ioctlReply(0, nil, nil, out[:size]), 0
	}
	return nil, syscall.ENOTTY
}

// transfer is a spi_ioc_transfer.
type transfer struct {
	tx, rx uint64
	n      uint32
}

// message runs SPI_IOC_MESSAGE(size/32): each transfer is one Tx on the
// chip (chip select framing each one, as periph sends them: one transfer
// a message). Its result is the bytes transferred, as spidev's.
func (d *device) message(arg uint64, size uint32, data []byte, outSize uint32) ([]byte, syscall.Errno) {
	in := []iovec{{arg, uint64(size)}}
	if uint32(len(data)) < size {
		return ioctlReply(0, in, nil, nil), 0
	}
	le := binary.LittleEndian
	var ts []transfer
	var out []iovec
	needIn, needOut := size, uint32(0)
	for i := uint32(0); i < size; i += transferSize {
		t := transfer{tx: le.Uint64(data[i:]), rx: le.Uint64(data[i+8:]), n: le.Uint32(data[i+16:])}
		if t.n > 1<<16 {
			return nil, syscall.EMSGSIZE
		}
		if t.tx != 0 {
			in = append(in, iovec{t.tx, uint64(t.n)})
			needIn += t.n
		}
		if t.rx != 0 {
			out = append(out, iovec{t.rx, uint64(t.n)})
			needOut += t.n
		}
		ts = append(ts, t)
	}
	if len(in)+len(out) > maxIovs {
		return nil, syscall.EMSGSIZE
	}
	if uint32(len(data)) != needIn || outSize != needOut {
		return ioctlReply(0, in, out, nil), 0
	}
	tx := data[size:]
	var rx []byte
	total := 0
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, t := range ts {
		w := make([]byte, t.n)
		if t.tx != 0 {
			copy(w, tx[:t.n])
			tx = tx[t.n:]
		}
		r := make([]byte, t.n)
		if err := d.chip.Tx(w, r); err != nil {
			return nil, syscall.EIO
		}
		d.transfers++
		if t.rx != 0 {
			rx = append(rx, r...)
		}
		total += int(t.n)
	}
	return ioctlReply(int32(total), nil, nil, rx), 0
}
