package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestWindowClick clicks in the table's window with xdotool, as a mouse on
// the desktop does (a single-touch screen arrives the same way): each
// click is one touch at its place, and a button held down over several
// frames is still one.
func TestWindowClick(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("no DISPLAY: run the tests under xvfb-run, as make test does")
	}
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Fatal("xdotool is missing: make deps installs it (apt-get install xdotool)")
	}
	bin := tableBinary(t)
	// A 1024x600 window (smallScreen), clicked at two places inside it.
	cmd, sc, stderr := startTable(t, bin, "run", "-config", smallTableDir(t), "-state", t.TempDir(), "-fake", "-trace")
	lines := make(chan string, 64)
	go func() {
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	next := func(prefix string) string {
		t.Helper()
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("the table stopped before %q\n%s", prefix, stderr.String())
				}
				if strings.HasPrefix(l, prefix) {
					return l
				}
			case <-ctx.Done():
				t.Fatalf("no %q line\n%s", prefix, stderr.String())
			}
		}
	}
	next("ready")
	id, err := exec.CommandContext(ctx, "xdotool", "search", "--sync", "--name", "Ticket to Ride table").Output()
	if err != nil {
		t.Fatalf("xdotool search: %v", err)
	}
	win := strings.Fields(string(id))[0]
	for _, p := range [][2]int{{300, 150}, {900, 500}} {
		// raylib sees a press if the button is down at the end of a frame:
		// move first, then hold the button until the table reports the
		// touch (on a loaded machine a frame can take longer than any
		// fixed hold), then let go.
		press := fmt.Sprintf("xdotool mousemove --window %s %d %d; sleep 0.1; xdotool mousedown 1", win, p[0], p[1])
		if b, err := exec.CommandContext(ctx, "sh", "-c", press).CombinedOutput(); err != nil {
			t.Fatalf("%s: %v: %s", press, err, b)
		}
		got := next("touch")
		// Let go, and wait for a frame to see the button up: a release
		// and the next press within one frame (a slow frame on a loaded
		// machine) would be no press at all.
		if b, err := exec.CommandContext(ctx, "xdotool", "mouseup", "1").CombinedOutput(); err != nil {
			t.Fatalf("xdotool mouseup: %v: %s", err, b)
		}
		next("lift")
		if want := fmt.Sprintf("touch %d %d", p[0], p[1]); got != want {
			t.Fatalf("clicked at %d,%d: got %q, want %q", p[0], p[1], got, want)
		}
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for l := range lines {
		if strings.HasPrefix(l, "touch") {
			t.Errorf("after two clicks, another touch: %q", l)
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("after SIGTERM: %v\n%s", err, stderr.String())
	}
}

// TestWindowHasNoDepthBuffer checks that the desktop build's window is made
// without a depth or a stencil buffer (nodepth_glfw.go), which the table
// never uses and which a software renderer keeps in the table's own
// memory (8 MB at 1920x1080): the "screen open" line says what the
// window's framebuffer has.
func TestWindowHasNoDepthBuffer(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("no DISPLAY: run the tests under xvfb-run, as make test does")
	}
	if _, _, ok := windowBuffers(); !ok {
		t.Skip("this build does not make its window through GLFW")
	}
	// The buffers a window is made with do not depend on its size.
	cmd, sc, stderr := startTable(t, tableBinary(t), "run", "-config", smallTableDir(t), "-state", t.TempDir(), "-fake", "-trace")
	ready := false
	for !ready && sc.Scan() {
		ready = sc.Text() == "ready"
	}
	if !ready {
		cmd.Wait()
		t.Fatalf("the table stopped before its first frame\n%s", stderr.String())
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for sc.Scan() {
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("after SIGTERM: %v\n%s", err, stderr.String())
	}
	var open string
	for _, l := range strings.Split(stderr.String(), "\n") {
		if strings.Contains(l, `msg="screen open"`) {
			open = l
		}
	}
	if open == "" {
		t.Fatalf("no \"screen open\" line\n%s", stderr.String())
	}
	for _, want := range []string{" depth_bits=0", " stencil_bits=0"} {
		if !strings.Contains(open, want) {
			t.Errorf("the window's framebuffer: %s\nwant%s", open, want)
		}
	}
}

// smallScreen is the example config's text with its screen made 1024x600,
// the size of many 7" panels. The software renderer under Xvfb pays for
// every pixel of every frame a window draws (a 1920x1080 frame costs three
// times this one), so the tests that open a window use a small one
// wherever what they check does not depend on its size: what the screen
// says and where it says it (found on the frame's own layout), a touch at
// its place, the window's turn and buffers. Not smaller: laying the
// board's names out, which every new screen does (and display.KeyCentres
// at every call), costs 0.5 s of CPU from this size up but 0.8 s at
// 800x480, where the names search farther for room.
func smallScreen(config string) string { return screenOf(config, 1024, 600) }

// smallestScreen is the example config's text with its screen made
// 800x480, the Pi's official 7" display, the smallest panel the table is
// drawn on: for the owner's menu test, which draws hundreds of frames and
// lays the board out a few times only.
func smallestScreen(config string) string { return screenOf(config, 800, 480) }

// screenOf is the example config's text with its screen made w x h.
func screenOf(config string, w, h int) string {
	return strings.Replace(config, `"width": 1920, "height": 1080`, fmt.Sprintf(`"width": %d, "height": %d`, w, h), 1)
}

// smallTableDir is tableDir with smallScreen's screen.
func smallTableDir(t *testing.T) string {
	t.Helper()
	path := tableDir(t)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := smallScreen(string(data))
	if s == string(data) {
		t.Fatalf("the example config %s has no 1920x1080 screen to make small", path)
	}
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
