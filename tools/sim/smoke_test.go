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

	"ttr/display/board"
	"ttr/maps"
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
// (Xvfb), clicks a route with xdotool as a person would, and reads the
// table's selection from the simulator's -trace output.
func TestWindowSmoke(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("no DISPLAY: run the tests under xvfb-run (make test does)")
	}
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Fatal("xdotool is missing: make deps installs it (apt-get install xdotool)")
	}
	const width, height = 1000, 600
	m := maps.Europe()
	route := "frankfurt--munchen--1"
	r, ok := m.Route(route)
	if !ok {
		t.Fatalf("no route %s", route)
	}
	// Where the window draws the route: the same layout as display's
	// Board in the simulator's screen area.
	l := board.New(m, screenBoard(screenArea(width, height)), board.DefaultOpts())
	mid := l.Routes[r].Mid
	if h := l.HitTest(mid); h.Kind != board.HitRoute || h.Index != r {
		t.Fatalf("the middle of %s hits %+v", route, h)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$", "--", "-seed", "1", "-first", "0", "-deal", "-trace",
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
	waitFor := func(what string) string {
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
				t.Fatalf("no %q from the simulator in time", what)
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
	// A click needs a short hold for GLFW to see the press.
	click := fmt.Sprintf("xdotool mousemove --window %s %d %d mousedown 1; sleep 0.05; xdotool mouseup 1", win, int(mid.X), int(mid.Y))
	if b, err := exec.CommandContext(ctx, "sh", "-c", click).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v: %s", click, err, b)
	}
	got := waitFor("selected=")
	if !strings.Contains(got, "selected=route "+route) {
		t.Errorf("after clicking %s at %.0f,%.0f: %s", route, mid.X, mid.Y, got)
	}
}
