package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"
)

// TestWindowPlaysAsTableRunFake runs the simulator's window (make sim's
// loop) and the firmware (table run -fake, headless) with bots at every
// seat of the same config, with the same map and seed: both are the
// firmware's loop (app.App and app.Digital), so each leaves the same game
// log in its journal. One map shows it: the loop is the same on both
// (a game on each took most of the package's time).
func TestWindowPlaysAsTableRunFake(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("no DISPLAY: run the tests under xvfb-run (make test does)")
	}
	// A bound on a test that hangs, not a speed goal.
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "table.json")
	if err := os.WriteFile(cfg, defaultTable, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ mapID, seed string }{{"europe", "7"}} {
		t.Run(tc.mapID, func(t *testing.T) {
			simState, tableState := filepath.Join(dir, tc.mapID+"-sim"), filepath.Join(dir, tc.mapID+"-table")
			sim := exec.CommandContext(ctx, os.Args[0], "-test.run=^$", "--", "-config", cfg, "-map", tc.mapID, "-bots", "all", "-seed", tc.seed,
				"-delay", "0", "-games", "1", "-journal", simState, "-width", "800", "-height", "480")
			sim.Env = append(os.Environ(), smokeEnv+"=1")
			if b, err := sim.CombinedOutput(); err != nil {
				t.Fatalf("the simulator: %v\n%s", err, b)
			}
			// go run keeps the linked firmware in the build cache: a build
			// into the test's folder linked it again at every run.
			run := exec.CommandContext(ctx, "go", "run", "ttr/cmd/table", "run", "-config", cfg, "-fake", "-headless", "-map", tc.mapID, "-bots", "all", "-seed", tc.seed,
				"-games", "1", "-state", tableState)
			// The firmware is go run's child: a test that hangs kills both.
			run.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			run.Cancel = func() error { return syscall.Kill(-run.Process.Pid, syscall.SIGKILL) }
			if b, err := run.CombinedOutput(); err != nil {
				t.Fatalf("table run -fake: %v\n%s", err, b)
			}
			got, want := finishedGames(t, simState), finishedGames(t, tableState)
			if len(got) != 1 || len(want) != 1 {
				t.Fatalf("the simulator finished %d games, table run %d: want 1 each", len(got), len(want))
			}
			if !slices.Equal(got[0], want[0]) {
				for i := range min(len(got[0]), len(want[0])) {
					if got[0][i] != want[0][i] {
						t.Fatalf("the game logs differ at action %d: the simulator %q, table run %q", i, got[0][i], want[0][i])
					}
				}
				t.Fatalf("the simulator's game has %d actions, table run's %d", len(got[0]), len(want[0]))
			}
			t.Logf("%d actions, the same in both", len(got[0]))
		})
	}
}
