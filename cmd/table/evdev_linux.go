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
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"
)

// touchscreens reads every touch screen among /dev/input/event* (see
// evdev.go) and hands out the fingers that came down since the last call.
// A screen plugged in after start is read from the next scan of the folder
// (every scanEvery), and one unplugged is forgotten, so that plugging it in
// again works too.
type touchscreens struct {
	dir           string
	width, height int
	log           *slog.Logger
	// identify says whether f is a touch screen and returns its decoder
	// (probeTouch; tests stand in for the kernel's ioctls).
	identify func(f *os.File, width, height int) (*mtDecoder, string, error)

	mu      sync.Mutex
	taps    []touchPoint
	open    map[string]*os.File // the touch screens being read, by path
	other   map[nodeID]bool     // nodes examined that are not touch screens
	closed  bool
	ready   chan struct{} // holds a token while taps wait
	stop    chan struct{}
	readers sync.WaitGroup
	scanner sync.WaitGroup
}

// nodeID tells a device node apart from one made later under its name
// (an inode number may be used again at once: the change time differs).
type nodeID struct {
	path  string
	ino   uint64
	ctime syscall.Timespec
}

// scanEvery is how often the folder is scanned for touch screens plugged in
// after start. A scan reads the folder and examines only new nodes.
const scanEvery = time.Second

// ioctl numbers of linux/input.h, for the 'E' type.
func eviocgbit(ev, size uintptr) uintptr { return 2<<30 | size<<16 | 'E'<<8 | (0x20 + ev) }
func eviocgabs(abs uintptr) uintptr      { return 2<<30 | 24<<16 | 'E'<<8 | (0x40 + abs) }
func eviocgprop(size uintptr) uintptr    { return 2<<30 | size<<16 | 'E'<<8 | 0x09 }
func eviocgmtslots(size uintptr) uintptr { return 2<<30 | size<<16 | 'E'<<8 | 0x0a }
func eviocgkey(size uintptr) uintptr     { return 2<<30 | size<<16 | 'E'<<8 | 0x18 }

const inputPropDirect = 0x01 // the device is a screen: its coordinates are the screen's

// ioctl runs an ioctl on f through its raw descriptor: f.Fd() would put a
// descriptor Go made non-blocking back in blocking mode, and a blocked read
// would then outlive Close until the screen's next event.
func ioctl(f *os.File, req uintptr, arg unsafe.Pointer) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var errno syscall.Errno
	if err := rc.Control(func(fd uintptr) {
		_, _, errno = syscall.Syscall(syscall.SYS_IOCTL, fd, req, uintptr(arg))
	}); err != nil {
		return err
	}
	if errno != 0 {
		return errno
	}
	return nil
}

func hasBit(bits []byte, n int) bool { return n/8 < len(bits) && bits[n/8]&(1<<(n%8)) != 0 }

// openTouchscreens reads every direct-touch device (INPUT_PROP_DIRECT, with
// absolute axes) in /dev/input, now and as they are plugged in, until
// Close. width and height are the screen's size in pixels, the range the
// axes are scaled to, as raylib scales them.
func openTouchscreens(width, height int, log *slog.Logger) *touchscreens {
	ts := newTouchscreens("/dev/input", width, height, log, probeTouch)
	ts.scan()
	if ts.Count() == 0 {
		log.Warn("no touch screen in /dev/input yet; one plugged in is read when it appears (is the user in the input group?)")
	}
	t := time.NewTicker(scanEvery)
	ts.watch(t.C, t.Stop)
	return ts
}

// watch scans the folder at each tick until Close, then calls done.
func (ts *touchscreens) watch(tick <-chan time.Time, done func()) {
	ts.scanner.Add(1)
	go func() {
		defer ts.scanner.Done()
		defer done()
		for {
			select {
			case <-tick:
				ts.scan()
			case <-ts.stop:
				return
			}
		}
	}()
}

func newTouchscreens(dir string, width, height int, log *slog.Logger, identify func(*os.File, int, int) (*mtDecoder, string, error)) *touchscreens {
	return &touchscreens{
		dir: dir, width: width, height: height, log: log, identify: identify,
		open: map[string]*os.File{}, other: map[nodeID]bool{},
		ready: make(chan struct{}, 1), stop: make(chan struct{}),
	}
}

// scan opens the event nodes of the folder not read yet and reads those
// that are touch screens. A node that cannot be opened (udev has not given
// it to the input group yet) is tried again at the next scan; one that is
// not a touch screen is not examined again.
func (ts *touchscreens) scan() {
	entries, err := os.ReadDir(ts.dir)
	if err != nil {
		return
	}
	present := map[nodeID]bool{}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), "event") {
			continue
		}
		p := filepath.Join(ts.dir, e.Name())
		var st syscall.Stat_t
		if syscall.Stat(p, &st) != nil {
			continue
		}
		id := nodeID{p, st.Ino, st.Ctim}
		present[id] = true
		ts.mu.Lock()
		skip := ts.closed || ts.open[p] != nil || ts.other[id]
		ts.mu.Unlock()
		if skip {
			continue
		}
		// Non-blocking, so that the read goroutine waits in Go's poller
		// and Close ends it.
		f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			continue // not readable yet, or gone
		}
		d, name, err := ts.identify(f, ts.width, ts.height)
		if err != nil {
			f.Close()
			ts.mu.Lock()
			ts.other[id] = true
			ts.mu.Unlock()
			continue
		}
		ts.mu.Lock()
		if ts.closed {
			ts.mu.Unlock()
			f.Close()
			return
		}
		ts.open[p] = f
		ts.readers.Add(1)
		ts.mu.Unlock()
		ts.log.Info("touch screen", "device", p, "name", name, "multitouch", d.mt, "x", fmt.Sprint(d.x), "y", fmt.Sprint(d.y))
		go func() {
			defer ts.readers.Done()
			ts.read(f, d)
		}()
	}
	ts.mu.Lock()
	for id := range ts.other {
		if !present[id] {
			delete(ts.other, id)
		}
	}
	ts.mu.Unlock()
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
	var now [2]int32
	for i, c := range []uintptr{xc, yc} {
		info, err := absInfo(f, c)
		if err != nil {
			return nil, "", err
		}
		r[i], now[i] = absRange{Min: info[1], Max: info[2]}, info[0]
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
	d := newMTDecoder(r[0], r[1], mt, width, height)
	// A screen whose state cannot be read is still read, from nothing:
	// only a finger where the last one lifted comes out misplaced.
	if st, err := kernelTouchState(f, mt, now); err == nil {
		d.resume(st)
	}
	return d, string(name), nil
}

// absInfo returns an axis's struct input_absinfo: value, minimum, maximum,
// fuzz, flat, resolution.
func absInfo(f *os.File, code uintptr) ([6]int32, error) {
	var info [6]int32
	err := ioctl(f, eviocgabs(code), unsafe.Pointer(&info[0]))
	return info, err
}

// kernelTouchState reads what the kernel holds of f's contacts (see
// touchState); at are the position axes' current values, read with their
// ranges.
func kernelTouchState(f *os.File, mt bool, at [2]int32) (touchState, error) {
	if !mt {
		keys := make([]byte, 96) // KEY_MAX+1 bits
		if err := ioctl(f, eviocgkey(uintptr(len(keys))), unsafe.Pointer(&keys[0])); err != nil {
			return touchState{}, err
		}
		return touchState{x: at[0], y: at[1], down: hasBit(keys, btnTouch)}, nil
	}
	slot, err := absInfo(f, absMTSlot)
	if err != nil {
		return touchState{}, err
	}
	n := int(slot[2]) + 1 // slots 0..maximum
	if n < 1 || n > 256 {
		return touchState{}, fmt.Errorf("touch screen with %d slots", n)
	}
	st := touchState{slot: slot[0], slots: make([]mtSlot, n)}
	// EVIOCGMTSLOTS fills one code's value for every slot, after the code.
	buf := make([]int32, 1+n)
	for _, c := range []int32{absMTTrackingID, absMTPositionX, absMTPositionY} {
		buf[0] = c
		if err := ioctl(f, eviocgmtslots(uintptr(4*len(buf))), unsafe.Pointer(&buf[0])); err != nil {
			return touchState{}, err
		}
		for i, v := range buf[1:] {
			switch c {
			case absMTTrackingID:
				st.slots[i].id = v
			case absMTPositionX:
				st.slots[i].x = v
			case absMTPositionY:
				st.slots[i].y = v
			}
		}
	}
	return st, nil
}

// eventSize is struct input_event on 64-bit Linux: a struct timeval (16
// bytes), type and code (2 bytes each) and value (4 bytes).
const eventSize = 24

// read decodes f's events until it ends: Close, or the screen unplugged.
func (ts *touchscreens) read(f *os.File, d *mtDecoder) {
	br := bufio.NewReaderSize(f, 64*eventSize)
	e := make([]byte, eventSize)
	for {
		if _, err := io.ReadFull(br, e); err != nil {
			ts.mu.Lock()
			closed := ts.closed
			if ts.open[f.Name()] == f {
				delete(ts.open, f.Name())
			}
			ts.mu.Unlock()
			if !closed {
				f.Close()
				ts.log.Warn("touch screen gone", "device", f.Name(), "err", err)
			}
			return
		}
		taps := d.event(binary.LittleEndian.Uint16(e[16:]), binary.LittleEndian.Uint16(e[18:]), int32(binary.LittleEndian.Uint32(e[20:])))
		if len(taps) > 0 {
			ts.mu.Lock()
			ts.taps = append(ts.taps, taps...)
			ts.mu.Unlock()
			select {
			case ts.ready <- struct{}{}:
			default: // a token already waits
			}
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

// Ready receives a value after fingers came down, for a reader that waits
// for them instead of asking each frame; Taps then returns them.
func (ts *touchscreens) Ready() <-chan struct{} { return ts.ready }

// Count returns how many touch screens are being read.
func (ts *touchscreens) Count() int {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return len(ts.open)
}

// Close stops scanning and reading, and waits for the goroutines.
func (ts *touchscreens) Close() {
	ts.mu.Lock()
	if ts.closed {
		ts.mu.Unlock()
		return
	}
	ts.closed = true
	close(ts.stop)
	files := ts.open
	ts.open = map[string]*os.File{}
	ts.mu.Unlock()
	ts.scanner.Wait()
	for _, f := range files {
		f.Close()
	}
	ts.readers.Wait()
}
