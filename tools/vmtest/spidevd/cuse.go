package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"syscall"
)

// The FUSE and CUSE wire format (include/uapi/linux/fuse.h): each request
// read from /dev/cuse is a fuse_in_header and its opcode's arguments; each
// reply written back is a fuse_out_header and its payload, in the
// machine's byte order (little-endian on arm64 and amd64).
const (
	opOpen      = 14
	opRead      = 15
	opWrite     = 16
	opRelease   = 18
	opFlush     = 25
	opInterrupt = 36
	opDestroy   = 38
	opIoctl     = 39
	opPoll      = 40
	opCuseInit  = 4096

	inHeaderSize  = 40
	outHeaderSize = 16

	cuseUnrestrictedIoctl = 1 << 0
	ioctlRetry            = 1 << 2 // FUSE_IOCTL_RETRY
	fuseKernelVersion     = 7
	fuseMinMinor          = 11 // the kernel's CUSE needs 7.11 or later
)

// request is one request from the kernel.
type request struct {
	opcode uint32
	unique uint64
	args   []byte
}

func parseRequest(b []byte) (request, error) {
	if len(b) < inHeaderSize {
		return request{}, fmt.Errorf("cuse: request of %d bytes, shorter than its header", len(b))
	}
	n := binary.LittleEndian.Uint32(b[0:])
	if int(n) != len(b) {
		return request{}, fmt.Errorf("cuse: request says %d bytes, read %d", n, len(b))
	}
	return request{
		opcode: binary.LittleEndian.Uint32(b[4:]),
		unique: binary.LittleEndian.Uint64(b[8:]),
		args:   b[inHeaderSize:],
	}, nil
}

// reply is a fuse_out_header (errno negated, or 0) followed by payload.
func reply(unique uint64, errno syscall.Errno, payload []byte) []byte {
	b := make([]byte, outHeaderSize+len(payload))
	binary.LittleEndian.PutUint32(b[0:], uint32(len(b)))
	binary.LittleEndian.PutUint32(b[4:], uint32(-int32(errno)))
	binary.LittleEndian.PutUint64(b[8:], unique)
	copy(b[outHeaderSize:], payload)
	return b
}

// initReply answers CUSE_INIT: the protocol version, unrestricted ioctls
// (spidev's SPI_IOC_MESSAGE carries pointers to the buffers, which only a
// server that asks for them by address can read and fill), a device number
// the kernel chooses, and the device's name: /dev/NAME.
func initReply(args []byte, name string) ([]byte, error) {
	if len(args) < 16 {
		return nil, errors.New("cuse: CUSE_INIT too short")
	}
	major := binary.LittleEndian.Uint32(args[0:])
	minor := binary.LittleEndian.Uint32(args[4:])
	if major != fuseKernelVersion || minor < fuseMinMinor {
		return nil, fmt.Errorf("cuse: the kernel speaks FUSE %d.%d, want %d.%d or later", major, minor, fuseKernelVersion, fuseMinMinor)
	}
	out := make([]byte, 18*4)
	le := binary.LittleEndian
	le.PutUint32(out[0:], fuseKernelVersion)
	le.PutUint32(out[4:], minor)
	le.PutUint32(out[12:], cuseUnrestrictedIoctl)
	le.PutUint32(out[16:], 1<<16) // max_read
	le.PutUint32(out[20:], 1<<16) // max_write
	// dev_major, dev_minor 0: the kernel allocates a number.
	return append(out, []byte("DEVNAME="+name+"\x00")...), nil
}

// serve answers the kernel's requests for one device on f (an open
// /dev/cuse) until it fails; dev handles the ioctls.
func serve(f *os.File, name string, dev *device) error {
	buf := make([]byte, 1<<17+4096)
	for {
		n, err := f.Read(buf)
		if err != nil {
			if errors.Is(err, syscall.EINTR) || errors.Is(err, syscall.EAGAIN) {
				continue
			}
			return fmt.Errorf("cuse: %s: %w", name, err)
		}
		req, err := parseRequest(buf[:n])
		if err != nil {
			return err
		}
		var out []byte
		switch req.opcode {
		case opCuseInit:
			p, err := initReply(req.args, name)
			if err != nil {
				return err
			}
			out = reply(req.unique, 0, p)
		case opOpen:
			out = reply(req.unique, 0, make([]byte, 16)) // fuse_open_out: fh 0, no flags
		case opRelease, opFlush:
			out = reply(req.unique, 0, nil)
		case opIoctl:
			p, errno := dev.ioctl(req.args)
			out = reply(req.unique, errno, p)
		case opInterrupt:
			continue // no reply: the ioctls never block
		case opDestroy:
			return nil
		default: // read, write, poll: spidev's are not used by periph
			out = reply(req.unique, syscall.ENOSYS, nil)
		}
		if _, err := f.Write(out); err != nil && !errors.Is(err, syscall.ENOENT) {
			// ENOENT: the request was interrupted and is gone.
			return fmt.Errorf("cuse: %s: reply: %w", name, err)
		}
	}
}
