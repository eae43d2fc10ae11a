//go:build linux

package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"unsafe"
)

// touchscreens reads every touch screen among /dev/input/event* (see
// evdev.go) and hands out the fingers that came down since the last call.
type touchscreens struct {
	mu    sync.Mutex
	taps  []touchPoint
	files []*os.File
}

// ioctl numbers of linux/input.h, for the 'E' type.
func eviocgbit(ev, size uintptr) uintptr { return 2<<30 | size<<16 | 'E'<<8 | (0x20 + ev) }
func eviocgabs(abs uintptr) uintptr      { return 2<<30 | 24<<16 | 'E'<<8 | (0x40 + abs) }
func eviocgprop(size uintptr) uintptr    { return 2<<30 | size<<16 | 'E'<<8 | 0x09 }

const inputPropDirect = 0x01 // the device is a screen: its coordinates are the screen's

func ioctl(f *os.File, req uintptr, arg unsafe.Pointer) error {
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), req, uintptr(arg)); e != 0 {
		return e
	}
	return nil
}

func hasBit(bits []byte, n int) bool { return n/8 < len(bits) && bits[n/8]&(1<<(n%8)) != 0 }

// openTouchscreens opens every direct-touch device (INPUT_PROP_DIRECT, with
// absolute axes) and reads it until Close. width and height are the
// screen's size in pixels, the range the axes are scaled to, as raylib
// scales them. It returns nil when there is none.
func openTouchscreens(width, height int, log *slog.Logger) *touchscreens {
	paths, _ := filepath.Glob("/dev/input/event*")
	ts := &touchscreens{}
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			continue // not readable: not in the input group, or gone
		}
		d, name, err := probeTouch(f, width, height)
		if err != nil {
			f.Close()
			continue
		}
		log.Info("touch screen", "device", p, "name", name, "multitouch", d.mt, "x", fmt.Sprint(d.x), "y", fmt.Sprint(d.y))
		ts.files = append(ts.files, f)
		go ts.read(f, d) // ends when Close closes f

	}
	if len(ts.files) == 0 {
		log.Warn("no touch screen found in /dev/input; touches come from raylib's pointer")
		return nil
	}
	return ts
}

// probeTouch says whether f is a touch screen and returns its decoder.
func probeTouch(f *os.File, width, height int) (*mtDecoder, string, error) {
	prop := make([]byte, 4)
	if err := ioctl(f, eviocgprop(uintptr(len(prop))), unsafe.Pointer(&prop[0])); err != nil || !hasBit(prop, inputPropDirect) {
		return nil, "", errors.New("not a direct-touch device")
	}
	abs := make([]byte, 8)
	if err := ioctl(f, eviocgbit(evAbs, uintptr(len(abs))), unsafe.Pointer(&abs[0])); err != nil {
		return nil, "", err
	}
	xc, yc, mt := uintptr(absMTPositionX), uintptr(absMTPositionY), true
	if !hasBit(abs, absMTPositionX) || !hasBit(abs, absMTSlot) {
		xc, yc, mt = absX, absY, false
		if !hasBit(abs, absX) || !hasBit(abs, absY) {
			return nil, "", errors.New("no absolute axes")
		}
	}
	var r [2]absRange
	for i, c := range []uintptr{xc, yc} {
		var info [6]int32 // value, minimum, maximum, fuzz, flat, resolution
		if err := ioctl(f, eviocgabs(c), unsafe.Pointer(&info[0])); err != nil {
			return nil, "", err
		}
		r[i] = absRange{Min: info[1], Max: info[2]}
	}
	name := make([]byte, 128)
	// EVIOCGNAME: _IOC(_IOC_READ, 'E', 0x06, len)
	if err := ioctl(f, 2<<30|uintptr(len(name))<<16|'E'<<8|0x06, unsafe.Pointer(&name[0])); err != nil {
		name = nil
	}
	for i, b := range name {
		if b == 0 {
			name = name[:i]
			break
		}
	}
	return newMTDecoder(r[0], r[1], mt, width, height), string(name), nil
}

// eventSize is struct input_event on 64-bit Linux: a struct timeval (16
// bytes), type and code (2 bytes each) and value (4 bytes).
const eventSize = 24

func (ts *touchscreens) read(f *os.File, d *mtDecoder) {
	br := bufio.NewReaderSize(f, 64*eventSize)
	e := make([]byte, eventSize)
	for {
		if _, err := io.ReadFull(br, e); err != nil {
			if !errors.Is(err, io.EOF) && !errors.Is(err, os.ErrClosed) {
				slog.Warn("touch screen stopped", "device", f.Name(), "err", err)
			}
			return
		}
		taps := d.event(binary.LittleEndian.Uint16(e[16:]), binary.LittleEndian.Uint16(e[18:]), int32(binary.LittleEndian.Uint32(e[20:])))
		if len(taps) > 0 {
			ts.mu.Lock()
			ts.taps = append(ts.taps, taps...)
			ts.mu.Unlock()
		}
	}
}

// Taps returns the fingers that came down since the last call.
func (ts *touchscreens) Taps() []touchPoint {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	t := ts.taps
	ts.taps = nil
	return t
}

// Close stops reading: each reading goroutine ends as its file closes.
func (ts *touchscreens) Close() {
	for _, f := range ts.files {
		f.Close()
	}
}
