package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"ttr/hal"
	"ttr/hal/config"
	"ttr/hal/registry"
	"ttr/hal/storage"
)

// probeDir is tableDir with a registry that knows DEADBEEF as train red 3.
func probeDir(t *testing.T) string {
	t.Helper()
	cfg := tableDir(t)
	reg := registry.New()
	if err := reg.Add("DEADBEEF", registry.TrainCard(1, 86)); err != nil {
		t.Fatal(err)
	}
	if err := reg.SaveFS(storage.OS, filepath.Join(filepath.Dir(cfg), "cards.txt")); err != nil {
		t.Fatal(err)
	}
	return cfg
}

// passScript passes every check of the example config's table (4 seats,
// 1920x1080, not turned), one line each.
const passScript = `place 1 DEADBEEF
press 1 confirm
press 1 cancel
place 2 DEADBEEF
press 2 confirm
press 2 cancel
place 3 DEADBEEF
press 3 confirm
press 3 cancel
place 4 DEADBEEF
press 4 confirm
press 4 cancel
touch 10,10
touch 1900,10
touch 1910,1075
touch 5,1070
touch 300,300 900,900
`

// runProbe runs probe -fake on cfg with script and returns its output and
// exit status.
func runProbe(t *testing.T, cfg, script string, args ...string) (string, int) {
	t.Helper()
	var out strings.Builder
	err := probeWith(context.Background(), append([]string{"-config", cfg, "-fake"}, args...), strings.NewReader(script), &out, scriptedProbe)
	var ee *exitError
	switch {
	case err == nil:
		return out.String(), 0
	case errors.As(err, &ee):
		return out.String(), ee.code
	}
	t.Fatalf("probe: %v", err)
	return "", 0
}

// verdicts returns the summary's lines: "passed   seat 1 reader ...".
func verdicts(out string) []string {
	_, sum, _ := strings.Cut(out, "\nSummary:\n")
	var lines []string
	for _, l := range strings.Split(sum, "\n") {
		if strings.HasPrefix(l, "  ") {
			lines = append(lines, strings.TrimSpace(l))
		}
	}
	return lines
}

// TestProbeFake walks a whole table through the probe: every reader, every
// button and every corner, two fingers at once, with a wrong button, a
// card at the wrong seat, a touch in the middle and a reader that drops
// out on the way, each told and none passing a check.
func TestProbeFake(t *testing.T) {
	cfg := probeDir(t)
	// Seats are numbered from 1 as on the screen, in the script and the
	// output alike.
	script := `place 1 deadbeef
press 1 cancel
press 1 confirm
long 1 cancel
lift 1
place 2 045a6b7c8d9e80
press 2 confirm
press 2 cancel
offline 3
place 3 DEADBEEF
wait 1.5s
online 3
press 3 confirm
press 3 cancel
place 1 DEADBEEF
place 4 DEADBEEF
press 4 confirm
press 4 cancel
touch 960,540
touch 10,10
touch 1900,10
touch 1910,1075
touch 5,1070
touch 300,300
touch 300,300 900,900
`
	got, code := runProbe(t, cfg, script)
	want := `Probe of 4 seats and the touch screen: 17 checks, each waiting up to 30s.
Press Enter to skip a check, q and Enter to stop.
seat 1 (bottom, red): virtual reader and buttons
seat 2 (right, blue): virtual reader and buttons
seat 3 (top, green): virtual reader and buttons
seat 4 (left, yellow): virtual reader and buttons

[1/17] Seat 1 (bottom, red): lay any card on the reader.
00:00:00.000 seat 1 scan DEADBEEF (train red 3)
  passed: DEADBEEF (train red 3)

[2/17] Seat 1: press Confirm.
00:00:00.000 seat 1 cancel press
  That was Cancel: press Confirm. If you did, the two buttons' wires are swapped.
00:00:00.000 seat 1 confirm press
  passed

[3/17] Seat 1: press Cancel.
00:00:00.000 seat 1 cancel long press
  passed

[4/17] Seat 2 (right, blue): lay any card on the reader.
00:00:00.000 seat 2 scan 045A6B7C8D9E80 (unknown tag)
  passed: 045A6B7C8D9E80 (unknown tag)

[5/17] Seat 2: press Confirm.
00:00:00.000 seat 2 confirm press
  passed

[6/17] Seat 2: press Cancel.
00:00:00.000 seat 2 cancel press
  passed

[7/17] Seat 3 (top, green): lay any card on the reader.
00:00:00.000 seat 3 reader offline: no answer
00:00:01.500 seat 3 reader online
00:00:01.500 seat 3 scan DEADBEEF (train red 3)
  passed: DEADBEEF (train red 3)

[8/17] Seat 3: press Confirm.
00:00:01.500 seat 3 confirm press
  passed

[9/17] Seat 3: press Cancel.
00:00:01.500 seat 3 cancel press
  passed

[10/17] Seat 4 (left, yellow): lay any card on the reader.
00:00:01.500 seat 1 scan DEADBEEF (train red 3)
  That was seat 1's reader: lay the card on seat 4's. If you did, the two readers' chip selects are swapped.
00:00:01.500 seat 4 scan DEADBEEF (train red 3)
  passed: DEADBEEF (train red 3)

[11/17] Seat 4: press Confirm.
00:00:01.500 seat 4 confirm press
  passed

[12/17] Seat 4: press Cancel.
00:00:01.500 seat 4 cancel press
  passed

[13/17] Touch the top-left corner of the screen (top: seat 3; left: seat 4).
00:00:01.500 touch 960,540 (finger 1)
  Not in a corner: touch within a fifth of the screen's width and height of the top-left corner.
00:00:01.500 touch 10,10 (finger 2, top-left corner)
  passed: 10,10

[14/17] Touch the top-right corner of the screen (top: seat 3; right: seat 2).
00:00:01.500 touch 1900,10 (finger 3, top-right corner)
  passed: 1900,10

[15/17] Touch the bottom-right corner of the screen (bottom: seat 1; right: seat 2).
00:00:01.500 touch 1910,1075 (finger 4, bottom-right corner)
  passed: 1910,1075

[16/17] Touch the bottom-left corner of the screen (bottom: seat 1; left: seat 4).
00:00:01.500 touch 5,1070 (finger 5, bottom-left corner)
  passed: 5,1070

[17/17] Keep one finger (or a hand) on the screen and tap elsewhere with another finger.
00:00:01.500 touch 300,300 (finger 6)
00:00:01.500 touch 300,300 (finger 7, 2 fingers down)
  passed: 2 fingers at once
00:00:01.500 touch 900,900 (finger 8, 2 fingers down)

Summary:
  passed   seat 1 reader       DEADBEEF (train red 3)
  passed   seat 1 confirm
  passed   seat 1 cancel
  passed   seat 2 reader       045A6B7C8D9E80 (unknown tag)
  passed   seat 2 confirm
  passed   seat 2 cancel
  passed   seat 3 reader       DEADBEEF (train red 3)
  passed   seat 3 confirm
  passed   seat 3 cancel
  passed   seat 4 reader       DEADBEEF (train red 3)
  passed   seat 4 confirm
  passed   seat 4 cancel
  passed   touch top-left      10,10
  passed   touch top-right     1900,10
  passed   touch bottom-right  1910,1075
  passed   touch bottom-left   5,1070
  passed   touch two fingers   2 fingers at once
Hardware: 4 of 4 readers online.
17 passed, 0 failed, 0 skipped.
`
	if got != want || code != 0 {
		t.Errorf("exit %d, output\n%s\nwant exit 0 and\n%s", code, got, want)
	}
}

// TestProbeFailsWhatItNeverSees: a check passes only on what it asks for
// at the seat it names; anything else, or nothing, fails it when its time
// is up, with what came instead, and the probe exits 1.
func TestProbeFailsWhatItNeverSees(t *testing.T) {
	for _, tc := range []struct {
		name     string
		old, new string // passScript's line old becomes new
		check    string // the one check that fails
		why      string
		hardware string // the summary's Hardware line, when it matters
	}{
		{"a reader never seen", "place 2 DEADBEEF", "place 3 CAFEF00D\nwait 30s",
			"seat 2 reader", "a card at seat 3's reader instead within 30s", ""},
		{"a reader offline", "place 2 DEADBEEF", "offline 2\nplace 2 DEADBEEF\nwait 30s",
			"seat 2 reader", "nothing in 30s; the reader is offline: no answer", "Hardware: 3 of 4 readers online; offline: reader 2."},
		{"a button never pressed", "press 3 cancel", "press 3 confirm\nwait 30s",
			"seat 3 cancel", "Confirm instead within 30s", ""},
		{"another seat's button", "press 4 confirm", "press 1 confirm\nwait 30s",
			"seat 4 confirm", "seat 1's Confirm instead within 30s", ""},
		{"a long wait", "press 1 confirm", "wait 29.999s\nwait 1ms",
			"seat 1 confirm", "nothing in 30s", ""},
		{"a corner never touched", "touch 1910,1075", "touch 5,1070\nwait 30s",
			"touch bottom-right", "the bottom-left corner instead within 30s", ""},
		{"the middle is no corner", "touch 10,10", "touch 400,10\nwait 30s",
			"touch top-left", "a touch at 400,10 instead within 30s", ""},
		{"one finger at a time", "touch 300,300 900,900", "touch 300,300\ntouch 900,900\nwait 30s",
			"touch two fingers", "one finger at a time within 30s; the table needs a multi-touch screen (see the README)", ""},
		{"the script ends first", "touch 300,300 900,900", "",
			"touch two fingers", "nothing in 30s", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(passScript, tc.old+"\n") {
				t.Fatalf("the script has no line %q", tc.old)
			}
			script := strings.Replace(passScript, tc.old+"\n", tc.new+"\n", 1)
			out, code := runProbe(t, probeDir(t), script)
			if code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			var failed []string
			for _, l := range verdicts(out) {
				if strings.HasPrefix(l, "FAILED") {
					failed = append(failed, l)
				}
			}
			want := regexp.MustCompile(`^FAILED +` + regexp.QuoteMeta(tc.check) + ` +` + regexp.QuoteMeta(tc.why) + `$`)
			if len(failed) != 1 || !want.MatchString(failed[0]) {
				t.Errorf("failed checks %q, want one: %s %s\n%s", failed, tc.check, tc.why, out)
			}
			if tc.hardware != "" && !strings.Contains(out, "\n"+tc.hardware+"\n") {
				t.Errorf("output lacks %q:\n%s", tc.hardware, out)
			}
		})
	}
}

// TestProbeSkipAndQuit: Enter skips a check, q stops; a probe with checks
// skipped and none failed exits 3.
func TestProbeSkipAndQuit(t *testing.T) {
	cfg := probeDir(t)
	out, code := runProbe(t, cfg, strings.Replace(passScript, "press 2 cancel\n", "skip\n", 1))
	if code != 3 || !strings.Contains(out, "\n  skipped  seat 2 cancel\n") || !strings.Contains(out, "16 passed, 0 failed, 1 skipped.") {
		t.Errorf("one check skipped: exit %d, output\n%s", code, out)
	}
	out, code = runProbe(t, cfg, "place 1 DEADBEEF\nquit\nplace 2 DEADBEEF\n")
	if code != 3 || !strings.Contains(out, "1 passed, 0 failed, 16 skipped.") || strings.Contains(out, "seat 2 scan") {
		t.Errorf("quit after one check: exit %d, output\n%s", code, out)
	}
}

// TestProbeTurnedScreen: the corners asked for are the picture's, as the
// seats see it; on a panel turned a quarter clockwise, the picture's
// top-left corner is the panel's top-right.
func TestProbeTurnedScreen(t *testing.T) {
	cfg := probeDir(t)
	data, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	turned := strings.Replace(string(data), `"rotation": 0`, `"rotation": 90`, 1)
	if err := os.WriteFile(cfg, []byte(turned), 0o644); err != nil {
		t.Fatal(err)
	}
	// The panel's corners, clockwise from its top-right.
	script := strings.NewReplacer(
		"touch 10,10\n", "touch 1900,10\n",
		"touch 1900,10\n", "touch 1910,1075\n",
		"touch 1910,1075\n", "touch 5,1070\n",
		"touch 5,1070\n", "touch 10,10\n",
	).Replace(passScript)
	if out, code := runProbe(t, cfg, script); code != 0 {
		t.Errorf("turned 90 degrees: exit %d\n%s", code, out)
	}
	if out, code := runProbe(t, cfg, passScript); code != 1 || !strings.Contains(out, "That was the bottom-left corner. If you touched the top-left one, the config's screen.rotation is wrong") {
		t.Errorf("the panel's own corners on a turned screen: exit %d\n%s", code, out)
	}
}

func TestProbeFakeBadScript(t *testing.T) {
	cfg := tableDir(t)
	for _, line := range []string{"place 9 DEADBEEF", "place 0 DEADBEEF", "press 1 ok", "jump 1", "wait soon", "place 1", "touch 10", "touch -1,5", "touch"} {
		var out strings.Builder
		err := probeWith(context.Background(), []string{"-config", cfg, "-fake"}, strings.NewReader(line+"\n"), &out, scriptedProbe)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("%q: got %v, want an error naming line 1", line, err)
		}
	}
	if _, code := runProbe(t, cfg, "", "-timeout", "0s"); code != 2 {
		t.Errorf("-timeout 0s: exit %d, want 2", code)
	}
}

func TestProbeBadConfig(t *testing.T) {
	path := filepath.Join(t.TempDir(), "table.json")
	if err := os.WriteFile(path, []byte(`{"screen": 3}`), 0o644); err != nil {
		t.Fatal(err)
	}
	err := probeWith(context.Background(), []string{"-config", path, "-fake"}, strings.NewReader(""), &strings.Builder{}, scriptedProbe)
	if err == nil || !strings.Contains(err.Error(), "screen: got a number, want an object") {
		t.Errorf("got %v, want the config's problems", err)
	}
}

// chanTouch is a touch source whose taps a test hands in.
type chanTouch struct {
	mu    sync.Mutex
	taps  []touchPoint
	ready chan struct{}
}

func (c *chanTouch) put(t touchPoint) {
	c.mu.Lock()
	c.taps = append(c.taps, t)
	c.mu.Unlock()
	c.ready <- struct{}{}
}

func (c *chanTouch) Taps() []touchPoint {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.taps
	c.taps = nil
	return t
}

func (c *chanTouch) Ready() <-chan struct{} { return c.ready }
func (c *chanTouch) Count() int             { return 1 }

// lockedBuilder is a strings.Builder read while the probe writes: the
// probe's own syncWriter round it, read under the same lock.
type lockedBuilder struct {
	syncWriter
	b strings.Builder
}

func newLockedBuilder() *lockedBuilder {
	l := &lockedBuilder{}
	l.w = &l.b
	return l
}

func (l *lockedBuilder) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestProbeInteractive runs the probe as on the Pi, on the table's device
// runner with live events, the person's typing and the real clock's
// timeouts, in a synctest bubble, so that its 30 s waits take no time.
func TestProbeInteractive(t *testing.T) {
	cfg, err := config.Load(probeDir(t))
	if err != nil {
		t.Fatal(err)
	}
	synctest.Test(t, func(t *testing.T) {
		var status []string
		notify := func(_ bool, s string) (bool, error) { status = append(status, s); return true, nil }
		discard := slog.New(slog.NewTextHandler(io.Discard, nil))
		hw := openHardware(cfg, hardwareOpts{fake: true, notify: notify}, discard)
		pump := hw.start(discard)
		out := newLockedBuilder()
		p := newProber(cfg, registry.New(), out, 30*time.Second)
		p.tally, p.wiring = hw.tally, hw.wiring
		stdin, typing := io.Pipe()
		touch := &chanTouch{ready: make(chan struct{}, 1)}
		done := make(chan struct{})
		start := time.Now()
		go func() {
			p.interactive(context.Background(), pump, touch, stdin, time.Now)
			close(done)
		}()
		step := func(what string, do func(), want string) {
			t.Helper()
			do()
			synctest.Wait()
			if !strings.Contains(out.String(), want) {
				t.Fatalf("after %s: output lacks %q:\n%s", what, want, out.String())
			}
		}
		typ := func(s string) func() {
			return func() {
				if _, err := io.WriteString(typing, s); err != nil {
					t.Fatal(err)
				}
			}
		}
		step("a card", func() { hw.virtual[0].reader.Place("DEADBEEF") }, "  passed: DEADBEEF (unknown tag)\n\n[2/17]")
		step("Enter", typ("\n"), "  skipped\n\n[3/17]")
		// 31 s of the bubble's clock: the check's 30 s run out.
		step("31 s", func() { <-time.After(31 * time.Second) }, "[3/17] Seat 1: press Cancel.\n  FAILED: nothing in 30s\n\n[4/17]")
		step("the reader going offline", func() { hw.virtual[1].reader.SetOffline(nil) }, "seat 2 reader offline: haltest: reader offline\n")
		step("nine Enters", typ(strings.Repeat("\n", 9)), "[13/17] Touch the top-left corner")
		step("a touch", func() { touch.put(touchPoint{ID: 3, X: 20, Y: 30, Fingers: 1}) }, "touch 20,30 (finger 3, top-left corner)\n  passed: 20,30\n")
		step("q", typ("q\n"), "  stopped\n")
		<-done
		if err := typing.Close(); err != nil {
			t.Fatal(err)
		}
		if got := time.Since(start); got != 31*time.Second {
			t.Errorf("the probe took %v, want 31s", got)
		}
		var ee *exitError
		if err := p.summary(); !errors.As(err, &ee) || ee.code != 1 {
			t.Errorf("summary: %v, want exit 1", err)
		}
		if want := "Hardware: 3 of 4 readers online; offline: reader 2."; !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
		hw.stop()
		if want := []string{"STATUS=3 of 4 readers online; offline: reader 2"}; fmt.Sprint(status) != fmt.Sprint(want) {
			t.Errorf("systemd told %q, want %q", status, want)
		}
	})
}

// TestProbeExitStatus runs the binary: the probe's verdict is its exit
// status, for scripts that check a table (0 all passed, 1 a check failed,
// 3 some skipped), and a failure is named on standard error.
func TestProbeExitStatus(t *testing.T) {
	bin := tableBinary(t)
	cfg := probeDir(t)
	for _, tc := range []struct {
		name, script string
		code         int
		stderr       string
	}{
		{"all passed", passScript, 0, ""},
		{"one failed", strings.Replace(passScript, "press 2 cancel\n", "wait 30s\n", 1), 1, "table: probe: 1 of 17 checks failed\n"},
		{"nothing done", "", 1, "table: probe: 17 of 17 checks failed\n"},
		{"one skipped", strings.Replace(passScript, "press 2 cancel\n", "skip\n", 1), 3, "table: probe: 1 of 17 checks skipped\n"},
		{"a bad script", "place 7 DEADBEEF\n", 2, "line 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := tableCommand(bin, "probe", "-fake", "-config", cfg)
			cmd.Stdin = strings.NewReader(tc.script)
			var stdout, stderr strings.Builder
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tc.code || !strings.Contains(stderr.String(), tc.stderr) || (tc.stderr == "" && stderr.Len() > 0) {
				t.Errorf("exit %d, stderr %q; want exit %d, stderr %q\n%s", code, stderr.String(), tc.code, tc.stderr, stdout.String())
			}
		})
	}
}

// TestProbeButtonsOffline: buttons the runner could not set up are
// reported offline (a hal.Status), and their checks fail saying so.
func TestProbeButtonsOffline(t *testing.T) {
	cfg, err := config.Load(tableDir(t))
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	p := newProber(cfg, registry.New(), &out, 30*time.Second)
	p.wiring = make([]string, len(cfg.Seats))
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	p.begin(t0, noTouch{})
	p.event(hal.Scan{Seat: 0, UID: "DEADBEEF", At: t0}, t0, noTouch{})
	p.event(hal.Status{Seat: 0, Device: hal.DeviceButtons, State: hal.Offline, Err: errors.New("pi: seat 1: confirm button on GPIO5: busy"), At: t0}, t0, noTouch{})
	p.expire(t0.Add(30*time.Second), noTouch{})
	if want := "FAILED: nothing in 30s; the buttons are offline: pi: seat 1: confirm button on GPIO5: busy\n"; !strings.Contains(out.String(), want) {
		t.Errorf("output lacks %q:\n%s", want, out.String())
	}
	if want := "[3/17] Seat 1: press Cancel.\n  (the buttons are offline: pi: seat 1: confirm button on GPIO5: busy; press Enter to skip)\n"; !strings.Contains(out.String(), want) {
		t.Errorf("output lacks %q:\n%s", want, out.String())
	}
}
