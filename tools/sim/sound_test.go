package main

import (
	"context"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"ttr/hal"
	"ttr/hal/haltest"
	"ttr/input"
)

// TestWorldPlaysTheTablesSounds plays a whole 3-seat USA game with bots
// through a world whose speaker is a recording fake: every sound an event
// calls for (input.Result.Sound) is played once, in order, as the table's
// loop plays them, and a game has scans, claims, one last round and one
// end.
func TestWorldPlaysTheTablesSounds(t *testing.T) {
	var sp haltest.Speaker
	w := newTestWorld(t, "usa", 3, 5, []bool{true, true, true})
	w.speaker = &sp
	var want []hal.Sound
	w.trace = func(ev hal.Event, res input.Result) {
		if res.Sound != 0 {
			want = append(want, res.Sound)
		}
	}
	if err := w.start(0); err != nil {
		t.Fatal(err)
	}
	p := &player{w: w, maxActions: 5000}
	if err := p.run([]step{{verb: "auto"}}); err != nil {
		t.Fatal(err)
	}
	if w.tb().Mode() != input.ModeEnd {
		t.Fatalf("mode %s: want the game over", w.tb().Mode())
	}
	got := sp.Played()
	if !slices.Equal(got, want) {
		t.Fatalf("the speaker played %d sounds, the events called for %d", len(got), len(want))
	}
	count := map[hal.Sound]int{}
	for _, s := range got {
		count[s]++
	}
	if count[hal.SoundScan] == 0 || count[hal.SoundClaim] == 0 || count[hal.SoundLastRound] != 1 || count[hal.SoundEnd] != 1 {
		t.Errorf("sounds played %v: want scans, claims, one last round and one end", count)
	}
	t.Logf("sounds played: %v", count)
}

// TestWindowPlaysTheTablesSounds runs the simulator's window with bots at
// every seat through a whole game: under -trace it prints every sound it
// hands its speaker (display/sound's Player, as the table's), and its log
// says at most once that there is no audio device (Xvfb has none; a
// machine with one plays them). With -mute the log says once that the
// table is muted, and the window still runs.
func TestWindowPlaysTheTablesSounds(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("no DISPLAY: run the tests under xvfb-run (make test does)")
	}
	// A bound on a test that hangs, not a speed goal.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	sim := func(args ...string) (stdout, stderr string) {
		t.Helper()
		cmd := exec.CommandContext(ctx, os.Args[0], append([]string{"-test.run=^$", "--", "-width", "800", "-height", "480"}, args...)...)
		cmd.Env = append(os.Environ(), smokeEnv+"=1")
		var out, errs strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errs
		if err := cmd.Run(); err != nil {
			t.Fatalf("sim %s: %v\n%s", strings.Join(args, " "), err, errs.String())
		}
		return out.String(), errs.String()
	}
	soundLines := func(log string) []string {
		var lines []string
		for l := range strings.Lines(log) {
			if strings.Contains(l, "sound:") {
				lines = append(lines, l)
			}
		}
		return lines
	}

	out, errs := sim("-map", "usa", "-seats", "2", "-bots", "all", "-seed", "3", "-delay", "0", "-games", "1", "-trace")
	count := map[string]int{}
	for l := range strings.Lines(out) {
		if name, ok := strings.CutPrefix(strings.TrimSpace(l), "sound "); ok {
			count[name]++
		}
	}
	if count["scan"] == 0 || count["claim"] == 0 || count["last_round"] != 1 || count["end"] != 1 {
		t.Errorf("sounds played %v: want scans, claims, one last round and one end", count)
	}
	switch lines := soundLines(errs); {
	case len(lines) > 1:
		t.Errorf("the log speaks of sound %d times, want at most once:\n%s", len(lines), strings.Join(lines, ""))
	case len(lines) == 1 && !strings.Contains(lines[0], "no audio device"):
		t.Errorf("the log says %q, want nothing or that there is no audio device", lines[0])
	case len(lines) == 1:
		t.Log("no audio device: the window played silently")
	}
	t.Logf("sounds played: %v", count)

	_, errs = sim("-mute", "-frames", "3")
	if lines := soundLines(errs); len(lines) != 1 || !strings.Contains(lines[0], "muted") {
		t.Errorf("with -mute the log says %q, want one line that the table is muted", lines)
	}
}
