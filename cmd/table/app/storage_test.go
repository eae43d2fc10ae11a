package app

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"ttr/engine"
	"ttr/hal"
	"ttr/hal/journal"
	"ttr/hal/storage/storagetest"
	"ttr/input"
)

// The tests of this file run the App on a storagetest.Disk: a storage
// layer that can fail any write or fsync, fill up, refuse permissions, and
// lose its power, dropping what was never synced.

const diskDir = "/var/lib/ttr-table/games"

// newDiskRig returns a rig whose journal is in diskDir on d (a new disk
// when d is nil).
func newDiskRig(t *testing.T, seats int, mapID string, seed uint64, d *storagetest.Disk) (*rig, *storagetest.Disk) {
	t.Helper()
	if d == nil {
		d = storagetest.New()
	}
	r := &rig{t: t, dir: diskDir, logs: &bytes.Buffer{}, now: t0}
	reg := virtual()
	r.opts = Opts{
		Dir:     diskDir,
		Journal: journal.Opts{FS: d},
		Table:   input.Opts{Seats: seats, Map: mapID, Lang: "en", Resolve: Resolver(reg)},
		Seed:    seed,
		Logger:  slog.New(slog.NewTextHandler(r.logs, nil)),
		Now:     func() time.Time { return r.now },
		User:    "ttr-table",
	}
	var bots []hal.Seat
	for s := range seats {
		bots = append(bots, hal.Seat(s))
	}
	r.d = Digital{Bots: bots, Deal: true, Start: true, UID: UIDs(reg)}
	r.open()
	return r, d
}

// reference returns the log of the game a rig of these settings plays
// without any fault.
func reference(t *testing.T, seats int, mapID string, seed uint64) string {
	t.Helper()
	r, _ := newDiskRig(t, seats, mapID, seed, nil)
	r.play()
	want, _ := r.finished()
	return want
}

// powerCut cuts the disk's power (keeping part of the unsynced writes when
// rng is set) and starts the App again, as the table does at boot.
func (r *rig) powerCut(d *storagetest.Disk, rng *rand.Rand) {
	r.t.Helper()
	d.Fault = nil
	d.Crash(rng)
	r.a.Close() // its files are gone with the power: errors expected
	r.open()
}

// history returns the actions the table shows.
func (r *rig) history() []engine.Action {
	if g := r.a.Table().Game(); g != nil {
		return g.History()
	}
	return nil
}

// stepUntilFailure plays digital steps until an event fails with
// ErrStorage, and returns that error.
func (r *rig) stepUntilFailure() error {
	r.t.Helper()
	for n := 0; n < 20000; n++ {
		evs, err := r.d.Next(r.a, r.at())
		if err != nil || len(evs) == 0 {
			r.t.Fatalf("Next: %d events, %v (mode %s)", len(evs), err, r.a.Table().Mode())
		}
		for _, ev := range evs {
			if _, err := r.a.Handle(ev); err != nil {
				if !errors.Is(err, ErrStorage) {
					r.t.Fatalf("Handle: %v, want ErrStorage", err)
				}
				return err
			}
		}
	}
	r.t.Fatal("no failure")
	return nil
}

// isGame reports whether path is a game file in diskDir.
func isGame(path string) bool {
	return filepath.Dir(path) == diskDir && (strings.HasSuffix(path, ".game") || strings.HasSuffix(path, ".game.tmp"))
}

// TestFsyncFailureNeverTrustsTheTail fails one fsync of the game's log: the
// action is refused and the table rolled back; while every fsync fails,
// Recover fails and nothing is accepted (the loop does not feed the
// watchdog meanwhile); once fsyncs work, Recover resumes from the actions
// known durable, not from the failed one that reads still return; a power
// cut then loses nothing the table shows; and the game ends exactly as
// without the fault.
func TestFsyncFailureNeverTrustsTheTail(t *testing.T) {
	want := reference(t, 3, "europe", 11)
	r, d := newDiskRig(t, 3, "europe", 11, nil)
	r.playActions(30)
	durable := r.history()
	armed := true
	d.Fault = func(c storagetest.Call) error {
		if armed && c.Op == storagetest.OpSync && isGame(c.Path) {
			armed = false
			return syscall.EIO
		}
		return nil
	}
	r.stepUntilFailure()
	if got := r.history(); !reflect.DeepEqual(got, durable) {
		t.Fatalf("after the failed fsync the table shows %d actions, want the %d durable", len(got), len(durable))
	}
	if v := r.a.View(); v.Banner.Key != KeyStorageFailed {
		t.Errorf("banner %q, want %s", v.Banner.Key, KeyStorageFailed)
	}
	// The card keeps failing: Recover must not report it writable.
	d.Fault = func(c storagetest.Call) error {
		if c.Op == storagetest.OpSync {
			return syscall.EIO
		}
		return nil
	}
	for i := range 3 {
		if err := r.a.Recover(); err == nil || r.a.Err() == nil {
			t.Fatalf("Recover %d while every fsync fails: %v, Err %v; want a failure", i, err, r.a.Err())
		}
		if _, err := r.a.Handle(hal.Press{Seat: 0, Button: hal.Confirm, At: r.at()}); !errors.Is(err, ErrStorage) {
			t.Fatalf("press while failed: %v, want ErrStorage", err)
		}
		if got := r.history(); !reflect.DeepEqual(got, durable) {
			t.Fatalf("Recover %d while failing: the table shows %d actions, want %d", i, len(got), len(durable))
		}
	}
	d.Fault = nil
	if err := r.a.Recover(); err != nil {
		t.Fatalf("Recover: %v", err)
	}
	if got := r.history(); !reflect.DeepEqual(got, durable) {
		t.Fatalf("after Recover the table shows %d actions, want the %d durable: the failed action came back", len(got), len(durable))
	}
	r.playActions(len(durable) + 5)
	shown := r.history()
	r.powerCut(d, nil)
	if got := r.history(); !reflect.DeepEqual(got, shown) {
		t.Fatalf("after a power cut the game has %d actions, want the %d the table showed", len(got), len(shown))
	}
	r.play()
	if got, _ := r.finished(); got != want {
		t.Errorf("the game differs from the same game without the fault: %s", firstDiff(got, want))
	}
}

func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return fmt.Sprintf("line %d: %q, want %q", i+1, la[i], lb[i])
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(la), len(lb))
}

// TestStorageFaultAtEveryPositionOfAGame plays a game in which every write
// (ENOSPC: a full card) or every fsync of a file or a folder (EIO: a
// failing card) fails once, each followed by Recover: the header, every
// action, the summary, the move to the history. The game ends exactly as
// without faults, every action once.
func TestStorageFaultAtEveryPositionOfAGame(t *testing.T) {
	want := reference(t, 2, "usa", 21)
	for _, tc := range []struct {
		name string
		ops  []storagetest.Op
		err  error
		key  string
	}{
		{"EIO on every fsync", []storagetest.Op{storagetest.OpSync, storagetest.OpSyncDir}, syscall.EIO, KeyStorageFailed},
		{"ENOSPC on every write", []storagetest.Op{storagetest.OpWrite}, syscall.ENOSPC, KeyStorageFull},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, d := newDiskRig(t, 2, "usa", 21, nil)
			// A position is an operation of the kind, by its rank among
			// those of one Handle, after so many actions and games: each
			// fails the first time only, and passes when Handle is tried
			// again after Recover (whose own operations never fail).
			recovering := false
			var base string
			rank := map[storagetest.Op]int{}
			failed := map[string]bool{}
			d.Fault = func(c storagetest.Call) error {
				if recovering || !strings.HasPrefix(c.Path, diskDir) || !slices.Contains(tc.ops, c.Op) {
					return nil
				}
				pos := fmt.Sprint(base, c.Op, rank[c.Op])
				rank[c.Op]++
				if !failed[pos] {
					failed[pos] = true
					return tc.err
				}
				return nil
			}
			for n := 0; r.a.Ended() == 0 || r.a.Err() != nil; n++ {
				if n > 40000 {
					t.Fatalf("the game did not end: mode %s\n%s", r.a.Table().Mode(), r.logs.String()[max(0, r.logs.Len()-3000):])
				}
				if r.a.Err() != nil {
					if v := r.a.View(); v.Banner.Key != tc.key {
						t.Fatalf("banner %q, want %s", v.Banner.Key, tc.key)
					}
					recovering = true
					err := r.a.Recover()
					recovering = false
					if err != nil {
						t.Fatalf("Recover: %v", err)
					}
					continue
				}
				evs, err := r.d.Next(r.a, r.at())
				if err != nil || len(evs) == 0 {
					t.Fatalf("Next: %d events, %v (mode %s)", len(evs), err, r.a.Table().Mode())
				}
				for _, ev := range evs {
					base = fmt.Sprint(r.a.Ended(), r.a.Logged(), r.a.Table().Mode())
					clear(rank)
					if _, err := r.a.Handle(ev); err != nil {
						break
					}
				}
			}
			if got, _ := r.finished(); got != want {
				t.Errorf("the game differs from the same game without faults: %s", firstDiff(got, want))
			}
			t.Logf("%s: %d positions failed once each, the game as without faults", tc.name, len(failed))
			if len(failed) < 100 {
				t.Errorf("only %d positions failed", len(failed))
			}
		})
	}
}
