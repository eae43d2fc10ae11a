//go:build linux

package main

import (
	"encoding/binary"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// records encodes evs as struct input_event records, as the kernel writes
// them on 64-bit Linux.
func records(evs []ev) []byte {
	var buf []byte
	for _, e := range evs {
		rec := make([]byte, eventSize)
		binary.LittleEndian.PutUint64(rec[0:], 1764000000) // tv_sec
		binary.LittleEndian.PutUint64(rec[8:], 250000)     // tv_usec
		binary.LittleEndian.PutUint16(rec[16:], e.typ)
		binary.LittleEndian.PutUint16(rec[18:], e.code)
		binary.LittleEndian.PutUint32(rec[20:], uint32(e.value))
		buf = append(buf, rec...)
	}
	return buf
}

// logLines is a log writer that hands each line to a channel, so that a
// test waits for what the reading goroutines log instead of for time.
type logLines struct{ ch chan string }

func (l logLines) Write(p []byte) (int, error) {
	l.ch <- string(p)
	return len(p), nil
}

// waitLog waits for a log line containing want and returns it.
func waitLog(t *testing.T, lines chan string, want string) string {
	t.Helper()
	for l := range lines {
		if strings.Contains(l, want) {
			return l
		}
	}
	t.Fatalf("log ended before %q", want)
	return ""
}

// fakeInput is a folder standing in for /dev/input: touch screens are
// FIFOs, other devices plain files, and identify stands in for the
// kernel's ioctls (a plain file is no touch screen).
type fakeInput struct {
	dir        string
	mu         sync.Mutex
	identified map[string]int // identify calls, by name
}

func (fi *fakeInput) identify(f *os.File, width, height int) (*mtDecoder, string, error) {
	fi.mu.Lock()
	fi.identified[filepath.Base(f.Name())]++
	fi.mu.Unlock()
	// The ioctl probeTouch makes first: a FIFO answers ENOTTY, and the
	// file must stay non-blocking (TestTouchscreenRead).
	prop := make([]byte, 4)
	_ = ioctl(f, eviocgprop(uintptr(len(prop))), unsafe.Pointer(&prop[0]))
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		return nil, "", errors.New("not a direct-touch device")
	}
	return newMTDecoder(absRange{0, 1920}, absRange{0, 1080}, true, width, height), "fake panel", nil
}

func (fi *fakeInput) calls(name string) int {
	fi.mu.Lock()
	defer fi.mu.Unlock()
	return fi.identified[name]
}

// plug makes a touch screen node and returns its writing end.
func (fi *fakeInput) plug(t *testing.T, name string) *os.File {
	t.Helper()
	p := filepath.Join(fi.dir, name)
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Fatal(err)
	}
	// Read-write, so that opening does not wait for the reading end.
	w, err := os.OpenFile(p, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestTouchscreenRead feeds struct input_event records through a node of
// a fake /dev/input, split mid-record as a read may end anywhere, and reads
// the taps they make.
func TestTouchscreenRead(t *testing.T) {
	fi := &fakeInput{dir: t.TempDir(), identified: map[string]int{}}
	lines := make(chan string, 16)
	ts := newTouchscreens(fi.dir, 1920, 1080, slog.New(slog.NewTextHandler(logLines{lines}, nil)), fi.identify)
	defer ts.Close()
	w := fi.plug(t, "event0")
	defer w.Close()
	ts.scan()
	// Close must end the read goroutine, which waits in Go's poller only
	// while the descriptor is non-blocking (an f.Fd() would undo that).
	ts.mu.Lock()
	f := ts.open[filepath.Join(fi.dir, "event0")]
	ts.mu.Unlock()
	if f == nil {
		t.Fatal("event0 not read")
	}
	rc, err := f.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var flags uintptr
	var errno syscall.Errno
	if err := rc.Control(func(fd uintptr) { flags, _, errno = syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_GETFL, 0) }); err != nil || errno != 0 || flags&syscall.O_NONBLOCK == 0 {
		t.Errorf("the screen's descriptor: flags %#x, %v, %v; want it non-blocking", flags, err, errno)
	}
	buf := records(cat(down(0, 5, 100, 200), down(1, 6, 1800, 1000), []ev{syn}))
	if _, err := w.Write(buf[:eventSize*3+7]); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(buf[eventSize*3+7:]); err != nil {
		t.Fatal(err)
	}
	<-ts.Ready()
	want := []touchPoint{{ID: 5, X: 100, Y: 200, Fingers: 2}, {ID: 6, X: 1800, Y: 1000, Fingers: 2}}
	if got := ts.Taps(); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if got := ts.Taps(); got != nil {
		t.Errorf("taps given twice: %v", got)
	}
}

// TestTouchscreenHotPlug: a touch screen plugged in after start is read
// from the next scan, whatever was there before; one unplugged is
// forgotten and read again when it comes back; a node that is no touch
// screen is examined once, until another device takes its name.
func TestTouchscreenHotPlug(t *testing.T) {
	fi := &fakeInput{dir: t.TempDir(), identified: map[string]int{}}
	for _, name := range []string{"event1", "mouse0"} { // a keyboard, and a node the table never opens
		if err := os.WriteFile(filepath.Join(fi.dir, name), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	lines := make(chan string, 16)
	ts := newTouchscreens(fi.dir, 1920, 1080, slog.New(slog.NewTextHandler(logLines{lines}, nil)), fi.identify)
	tick := make(chan time.Time)
	stopped := make(chan struct{})
	ts.scan() // as openTouchscreens does at start
	ts.watch(tick, func() { close(stopped) })
	if n := ts.Count(); n != 0 {
		t.Fatalf("at start: %d touch screens, want 0", n)
	}

	touch := func(w *os.File, id int32, x, y int32) {
		t.Helper()
		if _, err := w.Write(records(cat(down(0, id, x, y), []ev{syn}, up(0), []ev{syn}))); err != nil {
			t.Fatal(err)
		}
		<-ts.Ready()
		want := []touchPoint{{ID: id, X: float32(x), Y: float32(y), Fingers: 1}}
		if got := ts.Taps(); !reflect.DeepEqual(got, want) {
			t.Errorf("got %v, want %v", got, want)
		}
	}

	// scanned ticks the watcher twice: the second tick is taken once the
	// first scan has ended. It then checks how many screens are read.
	scanned := func(want int) {
		t.Helper()
		tick <- time.Time{}
		tick <- time.Time{}
		if n := ts.Count(); n != want {
			t.Fatalf("%d touch screens, want %d", n, want)
		}
	}

	// Plugged in after start: read from the next scan.
	w := fi.plug(t, "event2")
	scanned(1)
	if l := waitLog(t, lines, "touch screen"); !strings.Contains(l, "event2") {
		t.Errorf("log %q, want it to name event2", l)
	}
	touch(w, 7, 300, 400)
	scanned(1)
	if got := fi.calls("event1"); got != 1 {
		t.Errorf("the keyboard was examined %d times, want once", got)
	}
	if got := fi.calls("event2"); got != 1 {
		t.Errorf("the screen was examined %d times, want once", got)
	}
	if got := fi.calls("mouse0"); got != 0 {
		t.Errorf("mouse0 was examined %d times, want never", got)
	}

	// Unplugged: forgotten; plugged in again (a new node): read again.
	w.Close()
	waitLog(t, lines, "touch screen gone")
	if n := ts.Count(); n != 0 {
		t.Errorf("after the unplug: %d touch screens, want 0", n)
	}
	if err := os.Remove(filepath.Join(fi.dir, "event2")); err != nil {
		t.Fatal(err)
	}
	w = fi.plug(t, "event2")
	defer w.Close()
	scanned(1)
	waitLog(t, lines, "touch screen")
	touch(w, 8, 1000, 500)

	// The keyboard's name taken by a touch screen.
	if err := os.Remove(filepath.Join(fi.dir, "event1")); err != nil {
		t.Fatal(err)
	}
	w1 := fi.plug(t, "event1")
	defer w1.Close()
	scanned(2)
	if l := waitLog(t, lines, "touch screen"); !strings.Contains(l, "event1") {
		t.Errorf("log %q, want it to name event1", l)
	}
	touch(w1, 9, 10, 20)

	ts.Close()
	<-stopped
	if n := ts.Count(); n != 0 {
		t.Errorf("after Close: %d touch screens, want 0", n)
	}
}
