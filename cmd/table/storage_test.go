package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/synctest"
	"time"

	"github.com/coreos/go-systemd/v22/daemon"

	"ttr/cmd/table/app"
	"ttr/hal"
	"ttr/hal/journal"
	"ttr/hal/storage/storagetest"
	"ttr/input"
)

// watchdogPeriod is the unit's WatchdogSec in these tests: the loop pings at
// half of it.
const watchdogPeriod = 20 * time.Second

// supervised is a headless loop of bots on a simulated disk and a fake
// clock that moves one second a frame, under a supervisor that counts the
// restarts systemd would make: one for every watchdogPeriod without a
// WATCHDOG=1 after READY=1.
type supervised struct {
	l      *loop
	a      *app.App
	d      *storagetest.Disk
	now    time.Time
	frames int
	pings  []time.Time
	logs   bytes.Buffer
	// frame, if set, is called at each frame's time.
	frame func(s *supervised)
	// logged is the most actions of the game the App reported on disk;
	// lost is set if it ever went down while the game was unfinished.
	logged, lost int
}

func newSupervised(t *testing.T) *supervised {
	t.Helper()
	s := &supervised{d: storagetest.New(), now: time.Date(2026, 5, 1, 20, 0, 0, 0, time.UTC)}
	log := slog.New(slog.NewTextHandler(&s.logs, nil))
	reg := app.VirtualRegistry()
	a, err := app.Open(app.Opts{Dir: "/var/lib/ttr/games", Journal: journal.Opts{FS: s.d}, Seed: 3, Logger: log,
		Table: input.Opts{Seats: 2, Lang: "en", Resolve: app.Resolver(reg)}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	s.a = a
	s.l = &loop{
		app:      a,
		events:   make(chan hal.Event),
		digital:  &app.Digital{Bots: []hal.Seat{0, 1}, Deal: true, Start: true, UID: app.UIDs(reg)},
		log:      log,
		games:    1,
		watchdog: watchdogPeriod / 2,
		notify: func(_ bool, state string) (bool, error) {
			if state == daemon.SdNotifyReady || state == daemon.SdNotifyWatchdog {
				s.pings = append(s.pings, s.now)
			}
			return true, nil
		},
		now: func() time.Time {
			s.now = s.now.Add(time.Second)
			s.frames++
			if n := a.Logged(); n < s.logged && a.Ended() == 0 {
				s.lost = s.logged - n
			} else {
				s.logged = n
			}
			if s.frame != nil {
				s.frame(s)
			}
			return s.now
		},
	}
	return s
}

// restarts returns how many times systemd would have restarted the table:
// once for each watchdogPeriod that passed without a ping, up to the end.
func (s *supervised) restarts() int {
	n := 0
	last := s.pings[0]
	for _, p := range append(s.pings[1:], s.now) {
		n += int(p.Sub(last) / watchdogPeriod)
		last = p
	}
	return n
}

// TestStorageFaultIsNotARestartLoop runs the loop through each storage
// fault that systemd's watchdog turned into a restart loop (a full card, a
// read-only card, the wrong owner, a folder in the way, and a failing
// card whose writes and fsyncs fail with EIO), each for two minutes of a
// game, and counts the restarts a supervisor would make: none, since a
// restart fixes none of them. The fault is shown meanwhile, the game goes
// on once it is fixed, no action reported on disk is lost, and the
// journal says the fault once, not at every retry.
//
// synctest's bubble runs the headless loop's idle waits in fake time.
func TestStorageFaultIsNotARestartLoop(t *testing.T) {
	for _, tc := range []struct {
		name  string
		errno syscall.Errno // failing every write-like operation; 0: the card is full
		key   string        // the banner during the fault
	}{
		{"full card", 0, app.KeyStorageFull},
		{"read-only card", syscall.EROFS, app.KeyStorageReadOnly},
		{"wrong owner", syscall.EACCES, app.KeyStoragePermission},
		{"a folder in the way", syscall.ENOTDIR, app.KeyStorageInTheWay},
		{"a failing card", syscall.EIO, app.KeyStorageFailed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				s := newSupervised(t)
				var failFrom, failTo time.Time
				var failed bool
				banners := map[string]bool{}
				s.frame = func(s *supervised) {
					if s.frames == 30 {
						failFrom, failTo = s.now, s.now.Add(2*time.Minute)
						if tc.errno == 0 {
							s.d.Capacity = s.d.Used() + 10
						} else {
							s.d.Fault = func(c storagetest.Call) error {
								switch c.Op {
								case storagetest.OpOpen, storagetest.OpRead, storagetest.OpReadDir, storagetest.OpLock:
									return nil
								case storagetest.OpSync, storagetest.OpSyncDir:
									if tc.errno != syscall.EIO {
										return nil
									}
								}
								return tc.errno
							}
						}
					}
					if !failTo.IsZero() && !s.now.Before(failTo) {
						s.d.Capacity, s.d.Fault = 0, nil
					}
					if s.a.Err() != nil {
						failed = true
						banners[s.a.View().Banner.Key] = true
					}
				}
				if err := s.l.run(context.Background()); err != nil {
					t.Fatal(err)
				}
				t.Logf("fault from %v to %v: %d restarts, %d pings, %d frames", failFrom.Format("15:04:05"), failTo.Format("15:04:05"), s.restarts(), len(s.pings), s.frames)
				if !failed || !banners[tc.key] || len(banners) != 1 {
					t.Errorf("banners during the fault %v, want only %s", banners, tc.key)
				}
				if n := s.restarts(); n != 0 {
					t.Errorf("the supervisor would have restarted the table %d times", n)
				}
				if s.a.Ended() != 1 || s.lost != 0 {
					t.Errorf("%d games ended, %d actions reported on disk lost; want the game played to its end, none lost", s.a.Ended(), s.lost)
				}
				if !strings.Contains(s.logs.String(), "game log writable again") {
					t.Errorf("the fault's end is not logged:\n%s", s.logs.String())
				}
				// Once, not at every retry: a fault may last hours. (The
				// loop says which event was not handled.)
				if n := strings.Count(s.logs.String(), "level=ERROR"); n != 2 || strings.Count(s.logs.String(), "game log write failed") != 1 {
					t.Errorf("%d error lines for one fault, want the fault and the event it refused:\n%s", n, s.logs.String())
				}
			})
		})
	}
}

// TestRealHangStillRestarted: a loop that stops (here a game file's fsync
// that blocks for a minute in the kernel) sends no ping meanwhile, so the
// supervisor restarts it: the pings come from the loop, never from a
// ticker of their own.
func TestRealHangStillRestarted(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newSupervised(t)
		hung := false
		s.d.Fault = func(c storagetest.Call) error {
			if !hung && s.frames > 30 && c.Op == storagetest.OpSync {
				hung = true
				s.now = s.now.Add(time.Minute) // the loop waits in this call
			}
			return nil
		}
		if err := s.l.run(context.Background()); err != nil {
			t.Fatal(err)
		}
		if !hung || s.restarts() < 1 {
			t.Errorf("hung %v: %d restarts, want at least one", hung, s.restarts())
		}
	})
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

// TestFirmwareProcessNotRestartedForAStorageFault runs the table's binary
// as systemd does, with an sd_notify socket and a 4-second watchdog, on a
// logs folder it cannot use, and counts the restarts systemd would make
// while it waits: none, while it shows the fault and retries. It sent no
// ping at all after READY=1, so systemd aborted it every 4 s here (every
// 20 s on the table).
//
// The waits are real time (three pings take 6 s): the cases' tables are
// all started first and watched side by side, each by its own socket, so
// that the test waits 6 s and not 18, beside the package's other parallel
// tests (it needs no window).
func TestFirmwareProcessNotRestartedForAStorageFault(t *testing.T) {
	t.Parallel()
	bin := tableBinary(t)
	cfg := tableDir(t)
	const watchdog = 4 * time.Second
	type msg struct {
		state string
		at    time.Time
	}
	type running struct {
		cmd    *exec.Cmd
		stderr *bytes.Buffer
		msgs   chan msg
	}
	cases := []struct {
		name  string
		state func(dir string) string // makes the fault, returns -state
		want  string
	}{
		{"history a file", func(dir string) string {
			os.WriteFile(filepath.Join(dir, "history"), nil, 0o640)
			return dir
		}, "problem=not-a-folder"},
		{"lock a folder", func(dir string) string {
			os.Mkdir(filepath.Join(dir, "lock"), 0o750)
			return dir
		}, "problem=not-a-folder"},
		{"logs path too long", func(dir string) string {
			return filepath.Join(dir, strings.Repeat("a", 5000))
		}, "problem=name-too-long"},
	}
	tables := make([]running, len(cases))
	for i, tc := range cases {
		sock := filepath.Join(t.TempDir(), "notify")
		conn, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: sock, Net: "unixgram"})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		msgs := make(chan msg, 64)
		go func() {
			buf := make([]byte, 256)
			for {
				n, err := conn.Read(buf)
				if err != nil {
					close(msgs)
					return
				}
				msgs <- msg{string(buf[:n]), time.Now()}
			}
		}()
		cmd := tableCommand(bin, "run", "-headless", "-fake", "-config", cfg, "-state", tc.state(t.TempDir()))
		cmd.Env = append(cmd.Env, "NOTIFY_SOCKET="+sock, fmt.Sprintf("WATCHDOG_USEC=%d", watchdog.Microseconds()))
		stderr := new(bytes.Buffer)
		cmd.Stderr = stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill() })
		tables[i] = running{cmd, stderr, msgs}
	}
	// One deadline for all: a table that never pings fails its case 40 s
	// after the start, not 40 s after the cases before it were checked.
	deadline := time.Now().Add(10 * watchdog)
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cmd, stderr, msgs := tables[i].cmd, tables[i].stderr, tables[i].msgs
			// READY=1, then three pings: systemd would restart the table
			// once for every watchdog period without one.
			timeout := time.After(time.Until(deadline))
			var pings []time.Time
			restarts := 0
			for len(pings) < 4 {
				// The messages already sent before the deadline, which has
				// passed for the cases checked last if the tables failed.
				var m msg
				select {
				case m = <-msgs:
				default:
					select {
					case m = <-msgs:
					case <-timeout:
						if n := len(pings); n > 0 {
							restarts += int(deadline.Sub(pings[n-1]) / watchdog)
						}
						t.Fatalf("%d messages in %v, %d restarts; want READY=1 and pings every %v\n%s", len(pings), 10*watchdog, restarts, watchdog/2, stderr.String())
					}
				}
				if m.state != daemon.SdNotifyReady && m.state != daemon.SdNotifyWatchdog {
					continue
				}
				if n := len(pings); n > 0 {
					restarts += int(m.at.Sub(pings[n-1]) / watchdog)
				}
				pings = append(pings, m.at)
			}
			if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			if err := cmd.Wait(); err != nil {
				t.Fatalf("after SIGTERM: %v, want exit 0\n%s", err, stderr.String())
			}
			t.Logf("%d pings in %v: %d restarts", len(pings)-1, pings[len(pings)-1].Sub(pings[0]).Round(time.Millisecond), restarts)
			if restarts != 0 {
				t.Errorf("systemd would have restarted the table %d times", restarts)
			}
			if !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("the log does not say %s:\n%s", tc.want, stderr.String())
			}
		})
	}
}
