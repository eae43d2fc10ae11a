package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coreos/go-systemd/v22/daemon"

	"ttr/cmd/table/app"
	"ttr/hal"
	"ttr/hal/journal"
	"ttr/input"
)

func TestParseRunFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		err  string // "" for none
		want func(runOpts) bool
	}{
		{nil, "", func(o runOpts) bool {
			return o.config == defaultConfig && !o.headless && o.step == 400*time.Millisecond && o.mapID == "europe" && o.games == 0
		}},
		// Seats are numbered from 1 as on the screen: -bots 1,3 are
		// hal.Seat 0 and 2.
		{[]string{"-headless", "-fake", "-bots", "1,3", "-seed", "0x10", "-map", "usa"}, "", func(o runOpts) bool {
			return o.step == 0 && len(o.bots) == 2 && o.bots[0] == 0 && o.bots[1] == 2 && o.seed == 16 && o.mapID == "usa"
		}},
		{[]string{"-headless", "-step", "250ms"}, "", func(o runOpts) bool { return o.step == 250*time.Millisecond }},
		{[]string{"-step", "0"}, "", func(o runOpts) bool { return o.step == 0 }},
		{[]string{"-step", "-1s"}, "want a duration", nil},
		{[]string{"-fake", "-bots", "0"}, "seat numbers from 1 to 5", nil},
		{[]string{"-fake", "-bots", "all"}, "", func(o runOpts) bool { return o.allBots }},
		{[]string{"-bots", "all"}, "-bots needs -fake", nil},
		{[]string{"-fake", "-bots", "1,9"}, "seat numbers from 1 to 5", nil},
		{[]string{"-seed", "ten"}, "want a whole number", nil},
		{[]string{"-map", "mars"}, "choose europe or usa", nil},
		{[]string{"-games", "-1"}, "want 0 or more", nil},
		{[]string{"extra"}, "unexpected argument", nil},
	} {
		o, err := parseRunFlags(tc.args, io.Discard)
		var ee *exitError
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%q: %v", tc.args, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err) || !errors.As(err, &ee) || ee.code != 2):
			t.Errorf("%q: got %v, want exit 2 with %q", tc.args, err, tc.err)
		case tc.want != nil && !tc.want(o):
			t.Errorf("%q: got %+v", tc.args, o)
		}
	}
}

func TestLoggerUnderSystemd(t *testing.T) {
	for _, tc := range []struct {
		env      map[string]string
		wantTime bool
	}{
		{map[string]string{}, true},
		{map[string]string{"JOURNAL_STREAM": "8:1234"}, false},
		{map[string]string{"INVOCATION_ID": "abc"}, false},
	} {
		var b bytes.Buffer
		newLogger(&b, func(k string) string { return tc.env[k] }).Warn("reader gone", "seat", 2)
		line := b.String()
		if got := strings.Contains(line, "time="); got != tc.wantTime {
			t.Errorf("env %v: %q has time %v, want %v", tc.env, line, got, tc.wantTime)
		}
		if !strings.Contains(line, "level=WARN") || !strings.Contains(line, "seat=2") {
			t.Errorf("env %v: %q lacks its level or attributes", tc.env, line)
		}
	}
}

// TestRunStartsWithABadConfig: a config with a mistake no longer stops
// "table run" (systemd restarted it in a loop, the screen dark): a whole
// game is played on it, and the log names the field.
func TestRunStartsWithABadConfig(t *testing.T) {
	cfg := tableDir(t)
	data, err := os.ReadFile(cfg)
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), `"language": "es"`, `"language": "fr"`, 1)
	if bad == string(data) {
		t.Fatal("the example config has no language to spoil")
	}
	if err := os.WriteFile(cfg, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	err = dispatch(context.Background(), []string{"run", "-config", cfg, "-headless", "-fake", "-bots", "all", "-games", "1", "-seed", "5", "-step", "0"})
	if err != nil {
		t.Errorf("run with a bad language: %v, want a game played", err)
	}
}

// notified is one sd_notify message and the loop's time when it was sent.
type notified struct {
	state string
	at    time.Time
}

// loopRig is a headless loop of bots on a fake clock that moves one second
// per frame, recording what it tells systemd.
type loopRig struct {
	l     *loop
	a     *app.App
	dir   string
	now   time.Time
	sent  []notified
	logs  bytes.Buffer
	frame func(now time.Time) // called at each frame's time, before the frame
}

func newLoopRig(t *testing.T, seats int) *loopRig {
	t.Helper()
	r := &loopRig{dir: filepath.Join(t.TempDir(), "games"), now: time.Date(2026, 5, 1, 20, 0, 0, 0, time.UTC)}
	reg := app.VirtualRegistry()
	log := slog.New(slog.NewTextHandler(&r.logs, nil))
	a, err := app.Open(app.Opts{Dir: r.dir, Seed: 3, Logger: log, Table: input.Opts{Seats: seats, Lang: "en", Resolve: app.Resolver(reg)}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	r.a = a
	var bots []hal.Seat
	for i := range seats {
		bots = append(bots, hal.Seat(i))
	}
	r.l = &loop{
		app:      a,
		events:   make(chan hal.Event),
		digital:  &app.Digital{Bots: bots, Deal: true, Start: true, UID: app.UIDs(reg)},
		log:      log,
		games:    1,
		watchdog: 10 * time.Second,
		notify: func(_ bool, state string) (bool, error) {
			r.sent = append(r.sent, notified{state, r.now})
			return true, nil
		},
		now: func() time.Time {
			r.now = r.now.Add(time.Second)
			if r.frame != nil {
				r.frame(r.now)
			}
			return r.now
		},
	}
	return r
}

func (r *loopRig) pings() []time.Time {
	var out []time.Time
	for _, n := range r.sent {
		if n.state == daemon.SdNotifyWatchdog {
			out = append(out, n.at)
		}
	}
	return out
}

func TestLoopNotifiesSystemd(t *testing.T) {
	r := newLoopRig(t, 2)
	if err := r.l.run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if r.a.Ended() != 1 {
		t.Fatalf("ended %d games, want 1", r.a.Ended())
	}
	if len(r.sent) == 0 || r.sent[0].state != daemon.SdNotifyReady {
		t.Fatalf("first notification %v, want READY=1", r.sent)
	}
	ready := 0
	for _, n := range r.sent {
		if n.state == daemon.SdNotifyReady {
			ready++
		}
	}
	pings := r.pings()
	if ready != 1 || len(pings) < 10 {
		t.Errorf("READY=1 sent %d times, WATCHDOG=1 %d times; want once and at least 10", ready, len(pings))
	}
	for i := 1; i < len(pings); i++ {
		if d := pings[i].Sub(pings[i-1]); d < 10*time.Second || d > 11*time.Second {
			t.Errorf("pings %v apart, want every 10 s (half the watchdog period)", d)
			break
		}
	}
}

// TestLoopRetriesAndKeepsTheWatchdogFed removes the journal's folder
// before the first game starts, so that the game's log cannot be created:
// the loop retries, recovering at the first retry, and keeps pinging the
// watchdog meanwhile (it is running; a restart would not help).
func TestLoopRetriesAndKeepsTheWatchdogFed(t *testing.T) {
	r := newLoopRig(t, 2)
	if err := os.RemoveAll(r.dir); err != nil {
		t.Fatal(err)
	}
	var failedAt, healedAt time.Time
	r.l.now = func() time.Time {
		r.now = r.now.Add(time.Second)
		if err := r.a.Err(); err != nil && failedAt.IsZero() {
			failedAt = r.now
		}
		if failedAt.IsZero() || !healedAt.IsZero() {
			return r.now
		}
		if r.a.Err() == nil {
			healedAt = r.now
		}
		return r.now
	}
	if err := r.l.run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if failedAt.IsZero() || healedAt.IsZero() {
		t.Fatalf("failed at %v, healed at %v: the missing folder went unnoticed", failedAt, healedAt)
	}
	if d := healedAt.Sub(failedAt); d < recoverEvery-time.Second || d > recoverEvery+2*time.Second {
		t.Errorf("recovered %v after the failure, want about %v", d, recoverEvery)
	}
	pings := r.pings()
	for i := 1; i < len(pings); i++ {
		if d := pings[i].Sub(pings[i-1]); d > 11*time.Second {
			t.Errorf("no WATCHDOG=1 for %v from %v (the log failed from %v to %v)", d, pings[i-1], failedAt, healedAt)
		}
	}
	if len(r.pings()) < 5 || r.a.Ended() != 1 {
		t.Errorf("%d pings, %d games ended after recovery; want pings and the game played", len(r.pings()), r.a.Ended())
	}
	if !strings.Contains(r.logs.String(), "game log write failed") {
		t.Errorf("the failure is not logged:\n%s", r.logs.String())
	}
}

func TestHistoryListsFinishedGames(t *testing.T) {
	r := newLoopRig(t, 2)
	var out bytes.Buffer
	if err := history([]string{"-state", r.dir}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "no finished games") {
		t.Errorf("empty history: %q", out.String())
	}
	if err := r.l.run(context.Background()); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := history([]string{"-state", r.dir}, &out); err != nil {
		t.Fatal(err)
	}
	h, err := journal.History(r.dir, journal.Opts{})
	if err != nil || len(h) != 1 {
		t.Fatalf("history %v, %v", h, err)
	}
	sum, err := app.ParseSummary(h[0].Summary)
	if err != nil {
		t.Fatal(err)
	}
	line := strings.TrimSpace(out.String())
	want := h[0].Name + ": europe, " // the start screen's default map
	if !strings.HasPrefix(line, want) || !strings.Contains(line, "won by seat") || !strings.Contains(line, " red ") ||
		!strings.Contains(line, strconv.Itoa(sum.Scores[0])) || strings.Count(line, "\n") != 0 {
		t.Errorf("history line %q, want %q..., the scores %v and the winner", line, want, sum.Scores)
	}
}

func TestScoreCommand(t *testing.T) {
	var out bytes.Buffer
	if err := scoreCommand([]string{"../../engine/score/testdata/scenarios/002-usa-loop.json"}, nil, &out); err != nil {
		t.Fatal(err)
	}
	var rep map[string]any
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil || len(rep) == 0 {
		t.Errorf("output is not a JSON report: %v\n%s", err, out.String())
	}
	var ee *exitError
	for _, args := range [][]string{nil, {"a", "b"}, {"/no/such/file"}, {"-x"}} {
		if err := scoreCommand(args, strings.NewReader(""), io.Discard); !errors.As(err, &ee) || ee.code != 2 {
			t.Errorf("%q: got %v, want exit 2", args, err)
		}
	}
	if err := scoreCommand([]string{"-"}, strings.NewReader("{"), io.Discard); !errors.As(err, &ee) || ee.code != 2 {
		t.Errorf("bad scenario on stdin: got %v, want exit 2", err)
	}
}

// TestTraceNamesEachPressAndScan: -trace prints a line for every button
// press handed to the game, with its button, its seat (numbered from 1)
// and whether it was long, and one for every scan, with its seat and UID:
// make vmtest waits for these lines after pressing buttons and laying tags
// through the kernel.
func TestTraceNamesEachPressAndScan(t *testing.T) {
	for _, tc := range []struct {
		name  string
		press hal.Event
		want  string
	}{
		{"short confirm at seat 1", hal.Press{Seat: 0, Button: hal.Confirm}, "press confirm 1 short\n"},
		{"long cancel at seat 3", hal.Press{Seat: 2, Button: hal.Cancel, Long: true}, "press cancel 3 long\n"},
		{"a scan at seat 2", hal.Scan{Seat: 1, UID: "04A1B2C3"}, "scan 2 04A1B2C3\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newLoopRig(t, 3)
			var trace bytes.Buffer
			r.l.trace = &trace
			r.l.handle(tc.press)
			if got := trace.String(); got != tc.want {
				t.Errorf("trace %q, want %q", got, tc.want)
			}
		})
	}
}
