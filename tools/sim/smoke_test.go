package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/msg"
	"ttr/hal"
	"ttr/hal/config"
)

// smokeEnv, when set in the environment, makes the test binary run the
// simulator's main with the arguments after "--" instead of the tests, so
// that the smoke test runs the real window from the very code under test
// without a second cgo build.
const smokeEnv = "TTR_SIM_SMOKE_MAIN"

// smokeMain runs the simulator's main when the test binary was started
// by TestWindowSmoke, on the main OS thread, and then exits.
func smokeMain() {
	if os.Getenv(smokeEnv) != "1" {
		return
	}
	for i, a := range os.Args {
		if a == "--" {
			os.Exit(run(os.Args[i+1:]))
		}
	}
	os.Exit(2)
}

// TestWindowSmoke starts the real simulator window on the test's display
// (Xvfb), clicks a route with xdotool as a person would, reads the table's
// selection from the simulator's -trace output, then plays the rest of the
// turn with the keyboard.
func TestWindowSmoke(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("no DISPLAY: run the tests under xvfb-run (make test does)")
	}
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Fatal("xdotool is missing: make deps installs it (apt-get install xdotool)")
	}
	const width, height = 800, 480
	route := "frankfurt--munchen--1"
	x, y := routeOnScreen(t, route, width, height)
	t.Logf("%s is at %d,%d", route, x, y)

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$", "--", "-seed", "1", "-first", "1", "-deal", "-trace",
		"-width", fmt.Sprint(width), "-height", fmt.Sprint(height))
	cmd.Env = append(os.Environ(), smokeEnv+"=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	waitFor := func(what string, after ...string) string {
		t.Helper()
		for {
			select {
			case line, ok := <-lines:
				if !ok {
					t.Fatalf("the simulator stopped before printing %q", what)
				}
				if strings.Contains(line, what) {
					return line
				}
			case <-ctx.Done():
				t.Fatalf("no %q from the simulator in time %v", what, after)
			}
		}
	}
	ready := waitFor("ready")
	if !strings.Contains(ready, "mode=play") || !strings.Contains(ready, "selected=none") {
		t.Fatalf("at start: %s, want a game in play with nothing selected", ready)
	}
	id, err := exec.CommandContext(ctx, "xdotool", "search", "--sync", "--name", "Ticket to Ride table").Output()
	if err != nil {
		t.Fatalf("xdotool search: %v", err)
	}
	win := strings.Fields(string(id))[0]
	// raylib sees a press only if the button is still down at the end of
	// a frame (software rendering under Xvfb takes tens of milliseconds
	// per frame), and the pointer must have arrived first: move, then
	// press and hold until the simulator reports the selection.
	click := fmt.Sprintf("xdotool mousemove --window %s %d %d; sleep 0.1; xdotool mousedown 1", win, x, y)
	if b, err := exec.CommandContext(ctx, "sh", "-c", click).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v: %s", click, err, b)
	}
	got := waitFor("selected=")
	if b, err := exec.CommandContext(ctx, "xdotool", "mouseup", "1").CombinedOutput(); err != nil {
		t.Fatalf("xdotool mouseup: %v: %s", err, b)
	}
	if !strings.Contains(got, "selected=route "+route) {
		t.Fatalf("after clicking %s at %d,%d: %s", route, x, y, got)
	}
	// The keys act for seat 0, whose turn it is: Esc cancels the claim,
	// D twice draws two cards from the top of the deck, ending the turn.
	// Play passes clockwise: from the bottom seat to the left one, seat 3
	// (the default table's seats face bottom, right, top, left).
	// Keys go to the window with the input focus (no window manager here
	// gives it).
	focus := fmt.Sprintf("xdotool windowfocus --sync %s; sleep 0.2", win)
	if b, err := exec.CommandContext(ctx, "sh", "-c", focus).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v: %s", focus, err, b)
	}
	for _, tc := range []struct{ key, want string }{
		{"Escape", `selected=none waiting="turn@0"`},
		{"d", `waiting="second card@0"`},
		{"d", `waiting="turn@3"`},
	} {
		// Held past a frame, and released a frame before the next press:
		// raylib sees a key pressed when it is down at the end of a frame
		// and was up at the end of the one before.
		press := fmt.Sprintf("xdotool keydown %s; sleep 0.3; xdotool keyup %s; sleep 0.3", tc.key, tc.key)
		if b, err := exec.CommandContext(ctx, "sh", "-c", press).CombinedOutput(); err != nil {
			t.Fatalf("%s: %v: %s", press, err, b)
		}
		if got := waitFor("mode=", tc.key); !strings.Contains(got, tc.want) {
			t.Errorf("after the %s key: %s, want %s", tc.key, got, tc.want)
		}
	}
}

// routeOnScreen finds where the simulator's window shows route at the
// start of the smoke test's game: it lays out the table's screen as the
// window does, draws the same View offscreen and asks the screen's own
// HitTest, keeping the hit nearest the middle of all the route's hits.
func routeOnScreen(t *testing.T, route string, width, height int) (int, int) {
	t.Helper()
	w := newTestWorld(t, "europe", 4, 1, nil)
	if err := w.start(0); err != nil {
		t.Fatal(err)
	}
	if err := w.deal(); err != nil {
		t.Fatal(err)
	}
	v := w.tb().View()
	cat, err := msg.Load()
	if err != nil {
		t.Fatal(err)
	}
	var xs, ys []int
	onMain(func() {
		rl.SetTraceLogLevel(rl.LogError)
		rl.SetConfigFlags(rl.FlagWindowHidden)
		rl.InitWindow(int32(width), int32(height), "smoke layout")
		defer rl.CloseWindow()
		scr, err := newScreen(cat, "en", screenArea(width, height), seatEdges(mustConfig(t), 4))
		if err != nil {
			t.Error(err)
			return
		}
		defer scr.Unload()
		target := rl.LoadRenderTexture(int32(width), int32(height))
		defer rl.UnloadRenderTexture(target)
		now := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
		rl.BeginTextureMode(target)
		scr.Draw(&v, now)
		rl.EndTextureMode()
		a := screenArea(width, height)
		for y := int(a.Y); y < int(a.Y+a.H); y += 2 {
			for x := int(a.X); x < int(a.X+a.W); x += 2 {
				if h := scr.HitTest(float32(x), float32(y), now); h.Kind == hal.RouteArea && h.ID == route {
					xs, ys = append(xs, x), append(ys, y)
				}
			}
		}
	})
	if len(xs) == 0 {
		t.Fatalf("no point of the screen hits %s", route)
	}
	cx, cy := 0, 0
	for i := range xs {
		cx, cy = cx+xs[i], cy+ys[i]
	}
	cx, cy = cx/len(xs), cy/len(xs)
	best := 0
	for i := range xs {
		if d := (xs[i]-cx)*(xs[i]-cx) + (ys[i]-cy)*(ys[i]-cy); d < (xs[best]-cx)*(xs[best]-cx)+(ys[best]-cy)*(ys[best]-cy) {
			best = i
		}
	}
	return xs[best], ys[best]
}

func mustConfig(t *testing.T) *config.Config {
	t.Helper()
	c, err := tableConfig("")
	if err != nil {
		t.Fatal(err)
	}
	return c
}
