package main

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/synctest"
	"time"

	"ttr/cmd/table/app"
	"ttr/hal"
	"ttr/hal/journal"
	"ttr/hal/storage/storagetest"
	"ttr/input"
)

// TestLoopWatchdogStarvedWhileFsyncsFail runs the loop on a simulated disk
// whose fsyncs all fail for a minute of the game: the loop retries every
// few seconds, but no retry succeeds (each must write and sync), so no
// WATCHDOG=1 is sent for that minute (systemd restarts a table stuck so
// after its watchdog period); once fsyncs work again, the game goes on to
// its end and the pings resume.
//
// synctest's bubble runs the headless loop's idle waits in fake time.
func TestLoopWatchdogStarvedWhileFsyncsFail(t *testing.T) {
	synctest.Test(t, testLoopWatchdogStarved)
}

func testLoopWatchdogStarved(t *testing.T) {
	d := storagetest.New()
	now := time.Date(2026, 5, 1, 20, 0, 0, 0, time.UTC)
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	reg := app.VirtualRegistry()
	a, err := app.Open(app.Opts{Dir: "/var/lib/ttr/games", Journal: journal.Opts{FS: d}, Seed: 3, Logger: log,
		Table: input.Opts{Seats: 2, Lang: "en", Resolve: app.Resolver(reg)}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	var pings []time.Time
	var failFrom, failTo, failedAt time.Time
	frames := 0
	l := &loop{
		app:      a,
		events:   make(chan hal.Event),
		digital:  &app.Digital{Bots: []hal.Seat{0, 1}, Deal: true, Start: true, UID: app.UIDs(reg)},
		log:      log,
		games:    1,
		watchdog: 10 * time.Second,
		notify: func(_ bool, state string) (bool, error) {
			if state == "WATCHDOG=1" {
				pings = append(pings, now)
			}
			return true, nil
		},
		now: func() time.Time {
			now = now.Add(time.Second)
			if frames++; frames == 30 {
				failFrom, failTo = now, now.Add(time.Minute)
				d.Fault = func(c storagetest.Call) error {
					if c.Op == storagetest.OpSync && now.Before(failTo) {
						return syscall.EIO
					}
					return nil
				}
			}
			if failedAt.IsZero() && a.Err() != nil {
				failedAt = now
			}
			return now
		},
	}
	if err := l.run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if failedAt.IsZero() || a.Ended() != 1 {
		t.Fatalf("failed at %v, %d games ended; want a failure and the game played to its end", failedAt, a.Ended())
	}
	for _, p := range pings {
		if p.After(failedAt) && p.Before(failTo) {
			t.Errorf("WATCHDOG=1 at %v while fsyncs failed (%v to %v)", p, failFrom, failTo)
		}
	}
	if n := len(pings); n == 0 || !pings[n-1].After(failTo) {
		t.Errorf("no ping after the fsyncs healed at %v: %v", failTo, pings)
	}
}

// TestBrokenLogsFolderStillStarts runs the table's binary with a logs
// folder it cannot use (`history` a file, `lock` a folder): it does not
// exit; it reaches its first frame (the window would show the problem)
// and logs what is wrong, until SIGTERM stops it cleanly.
func TestBrokenLogsFolderStillStarts(t *testing.T) {
	bin := tableBinary(t)
	cfg := tableDir(t)
	for _, tc := range []struct {
		name, in, want string
	}{
		{"history a file", "history", "problem=not-a-folder"},
		{"lock a folder", "lock", "problem=not-a-folder"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			state := t.TempDir()
			var err error
			if tc.in == "history" {
				err = os.WriteFile(filepath.Join(state, "history"), nil, 0o640)
			} else {
				err = os.Mkdir(filepath.Join(state, "lock"), 0o750)
			}
			if err != nil {
				t.Fatal(err)
			}
			cmd, sc, stderr := startTable(t, bin, "run", "-headless", "-fake", "-trace", "-config", cfg, "-state", state)
			if !sc.Scan() || sc.Text() != "ready" {
				cmd.Wait()
				t.Fatalf("no ready line: the table exited before its first frame\n%s", stderr.String())
			}
			if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			for sc.Scan() {
			}
			if err := cmd.Wait(); err != nil {
				t.Fatalf("after SIGTERM: %v, want exit 0\n%s", err, stderr.String())
			}
			if !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("the log does not say %s:\n%s", tc.want, stderr.String())
			}
		})
	}
}
