package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"ttr/cmd/table/app"
	"ttr/display"
	"ttr/display/msg"
	"ttr/hal"
	"ttr/hal/config"
	"ttr/input"
)

// TestNameKeyboardInTheWindow types a player's name in the table's real
// window (under Xvfb) with pointer presses, as a person touches the glass:
// the Name key on seat 2's panel, A, N, A and OK on the keyboard that
// opens there, First and Start game. Each key is found where the screen
// lays it out (display.KeyCentres, for a model table given the same
// touches); the table's -trace says which key each press touched. The name
// must be in the new game's log header.
func TestNameKeyboardInTheWindow(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("no DISPLAY: run the tests under xvfb-run, as make test does")
	}
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Fatal("xdotool is missing: make deps installs it (apt-get install xdotool)")
	}
	bin := tableBinary(t)
	// A small window: the keys are found on the layout of the config's
	// size, whatever it is.
	cfgPath := smallTableDir(t)
	cfg, err := config.Load(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	state := t.TempDir()
	cmd, sc, stderr := startTable(t, bin, "run", "-config", cfgPath, "-state", state, "-fake", "-trace", "-seed", "3")
	// A line that never comes ends the table, and so the wait for it.
	stop := time.AfterFunc(3*time.Minute, func() { cmd.Process.Kill() })
	defer stop.Stop()
	waitLine(t, sc, stderr, "ready")

	// The model: the table's start screen, given the same touches.
	opts := input.Opts{Seats: len(cfg.Seats), Lang: cfg.Language, Map: "europe", Resolve: app.Resolver(app.VirtualRegistry())}
	var edges []display.Edge
	for _, s := range cfg.Seats {
		c, _ := input.ParseColor(s.Color)
		opts.Colors = append(opts.Colors, c)
		e, err := display.ParseEdge(string(s.Edge))
		if err != nil {
			t.Fatal(err)
		}
		edges = append(edges, e)
	}
	model, err := input.NewTable(opts)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := msg.Load()
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("xdotool", "search", "--sync", "--name", "Ticket to Ride table").Output()
	if err != nil {
		t.Fatalf("xdotool search: %v", err)
	}
	win := strings.Fields(string(out))[0]
	lifting := false
	// Each KeyCentres lays the whole screen out again, the board's names
	// included (most of the test's CPU): the keys of a keyboard already
	// open are taken from where it was laid out when it opened, since its
	// keys stay put while the name is typed (only the name's line above
	// them changes). Every other touch is found on the model's screen of
	// the moment.
	var keys map[display.KeyTouch][2]float32
	keyboard := false // keys are those of an open keyboard
	touch := func(seat hal.Seat, id string) {
		t.Helper()
		if lifting {
			waitLine(t, sc, stderr, "lift")
		}
		v := model.View()
		typing := seat >= 0 && v.Seats[seat].Typing
		if !keyboard || !typing || !strings.HasPrefix(id, input.KeyType) {
			keys, err = display.KeyCentres(cat, display.ScreenOpts{Width: cfg.Screen.Width, Height: cfg.Screen.Height, Seats: edges}, &v, 4)
			if err != nil {
				t.Fatal(err)
			}
			keyboard = typing
		}
		p, ok := keys[display.KeyTouch{ID: id, Seat: seat}]
		if !ok {
			t.Fatalf("no key %q on seat %d's panel", id, seat+1)
		}
		x, y := fmt.Sprint(int(p[0])), fmt.Sprint(int(p[1]))
		// Hold the button until the table reports the key (raylib sees
		// a press at the end of a frame, and a loaded machine's frames
		// can outlast any fixed hold), then let go.
		press := exec.Command("xdotool", "mousemove", "--window", win, x, y, "mousedown", "1")
		if out, err := press.CombinedOutput(); err != nil {
			t.Fatalf("xdotool: %v\n%s", err, out)
		}
		waitLine(t, sc, stderr, fmt.Sprintf("key %s %d", id, seat+1))
		// Let go; the next touch waits for a frame to see the button up
		// (a release and the next press within one slow frame are no
		// press).
		if out, err := exec.Command("xdotool", "mouseup", "1").CombinedOutput(); err != nil {
			t.Fatalf("xdotool: %v\n%s", err, out)
		}
		lifting = true
		model.Handle(hal.Touch{Kind: hal.ScreenKey, ID: id, Seat: seat})
	}
	touch(1, input.KeyName)
	for _, l := range []string{"A", "N", "A"} {
		touch(1, input.KeyType+l)
	}
	touch(1, input.KeyType+input.TypeDone)
	touch(1, input.KeyFirst)
	touch(-1, input.KeyStart)
	waitLine(t, sc, stderr, "log 1")
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for sc.Scan() {
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("after SIGTERM: %v\n%s", err, stderr.String())
	}
	_, h := oneGame(t, filepath.Join(state, "*.game"))
	if h.Seats[1].Name != "Ana" || h.First != 1 {
		t.Errorf("header seats %+v, first %d; want seat 2 named Ana and first", h.Seats, h.First)
	}
}

// waitLine reads the table's trace until a line equal to want.
func waitLine(t *testing.T, sc *bufio.Scanner, stderr fmt.Stringer, want string) {
	t.Helper()
	for sc.Scan() {
		if sc.Text() == want {
			return
		}
	}
	t.Fatalf("the table stopped before %q\n%s", want, stderr)
}
