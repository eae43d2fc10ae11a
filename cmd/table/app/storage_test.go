package app

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"ttr/display/msg"
	"ttr/engine"
	"ttr/hal"
	"ttr/hal/journal"
	"ttr/hal/storage"
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

// TestFullDiskToldApartFromAFailingCard fills the disk in the middle of a
// game: the banner and the log say the card is full (not failing), Recover
// keeps failing while it is full (it writes before it reports success, so
// the watchdog stays unfed), and once space is freed the game goes on and
// ends as without the fault. A failing card is told as failing.
func TestFullDiskToldApartFromAFailingCard(t *testing.T) {
	want := reference(t, 2, "europe", 31)
	r, d := newDiskRig(t, 2, "europe", 31, nil)
	r.playActions(20)
	d.Capacity = d.Used() + 10 // not even one more action
	r.stepUntilFailure()
	v := r.a.View()
	if v.Banner.Key != KeyStorageFull || v.Seats[0].Notice.Text.Key != KeyStorageFull {
		t.Errorf("banner %q, notice %q; want %s", v.Banner.Key, v.Seats[0].Notice.Text.Key, KeyStorageFull)
	}
	if logs := r.logs.String(); !strings.Contains(logs, "problem=disk-full") {
		t.Errorf("the log does not say the disk is full:\n%s", logs)
	}
	for i := range 3 {
		if err := r.a.Recover(); err == nil || r.a.Err() == nil {
			t.Fatalf("Recover %d on a full disk: %v; want a failure", i, err)
		}
		if v := r.a.View(); v.Banner.Key != KeyStorageFull {
			t.Errorf("banner %q after Recover on a full disk, want %s", v.Banner.Key, KeyStorageFull)
		}
	}
	d.Capacity = 0
	if err := r.a.Recover(); err != nil {
		t.Fatalf("Recover with space: %v", err)
	}
	r.play()
	if got, _ := r.finished(); got != want {
		t.Errorf("the game differs from the same game without the fault: %s", firstDiff(got, want))
	}

	// A failing card, for comparison.
	r, d = newDiskRig(t, 2, "europe", 31, nil)
	r.playActions(20)
	d.Fault = func(c storagetest.Call) error {
		if c.Op == storagetest.OpWrite {
			return syscall.EIO
		}
		return nil
	}
	r.stepUntilFailure()
	if v := r.a.View(); v.Banner.Key != KeyStorageFailed {
		t.Errorf("failing card: banner %q, want %s", v.Banner.Key, KeyStorageFailed)
	}
	if logs := r.logs.String(); !strings.Contains(logs, "problem=failing-storage") {
		t.Errorf("the log does not say the card fails:\n%s", logs)
	}
}

// playGameTo plays, on a simulated disk, until the game has n actions and
// returns the rig (its App closed), the disk, the game file and its
// contents.
func playGameTo(t *testing.T, seats int, mapID string, seed uint64, n int) (*rig, *storagetest.Disk, string, []byte) {
	t.Helper()
	r, d := newDiskRig(t, seats, mapID, seed, nil)
	r.playActions(n)
	r.a.Close()
	path := diskGame(t, d)
	data, err := storage.ReadFile(d, path, journal.MaxGameBytes)
	if err != nil {
		t.Fatal(err)
	}
	return r, d, path, data
}

// diskGame returns the one game file in diskDir on d.
func diskGame(t *testing.T, d *storagetest.Disk) string {
	t.Helper()
	var names []string
	entries, _ := d.ReadDir(diskDir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".game") {
			names = append(names, e.Name())
		}
	}
	if len(names) != 1 {
		t.Fatalf("game files %v, want 1", names)
	}
	return filepath.Join(diskDir, names[0])
}

// writeDisk replaces the file at path on d with data, synced.
func writeDisk(t *testing.T, d *storagetest.Disk, path string, data []byte) {
	t.Helper()
	f, err := d.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o640)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// globDisk returns the names in diskDir on d that start with prefix.
func globDisk(d *storagetest.Disk, prefix string) []string {
	var out []string
	entries, _ := d.ReadDir(diskDir)
	for _, e := range entries {
		if p := filepath.Join(diskDir, e.Name()); strings.HasPrefix(p, prefix) {
			out = append(out, p)
		}
	}
	return out
}

// frameStarts returns the offsets at which the frames of a game log start.
func frameStarts(data []byte) []int {
	var out []int
	for off := 8; off+9 <= len(data); {
		out = append(out, off)
		n := int(data[off]) | int(data[off+1])<<8 | int(data[off+2])<<16 | int(data[off+3])<<24
		off += 9 + n + 4
	}
	return out
}

// TestDamagedLogOffersItsValidPrefix damages a game log of 120 actions
// before its last record, in the ways a card damages one: a flipped byte
// in action 60, a zeroed 512-byte block, a record whose checksum is right
// but whose action cannot be played (an unknown route). The table resumes
// at the last good action, says on every seat how many actions were kept
// and where the damaged file is, keeps that file byte for byte, plays the
// game to its end, and never deletes the damaged file, however many games
// the history prunes.
func TestDamagedLogOffersItsValidPrefix(t *testing.T) {
	const total, bad = 120, 60
	tests := []struct {
		name   string
		damage func(data []byte) []byte
		infix  string // of the damaged file's new name
	}{
		{"flipped byte", func(data []byte) []byte {
			f := frameStarts(data)
			data[f[bad]+12] ^= 0x20 // in the payload of action 60 (frame 0 is the header)
			return data
		}, ".corrupt-"},
		{"zeroed block", func(data []byte) []byte {
			at := frameStarts(data)[bad]
			clear(data[at : at+512])
			return data
		}, ".corrupt-"},
		{"unknown route", func(data []byte) []byte {
			l, err := journal.Decode(data)
			if err != nil {
				panic(err)
			}
			l.Records[bad-1] = []byte("p0 claim 999 red red")
			return encodeLog(l)
		}, ".aside-"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, d, path, data := playGameTo(t, 3, "europe", 41, total)
			keep := bad - 1
			want := r.history()[:keep]
			damaged := tc.damage(bytes.Clone(data))
			writeDisk(t, d, path, damaged)
			r.now = r.now.Add(time.Minute)
			r.opts.Journal.MaxHistoryGames = 1
			r.open()
			if got := r.history(); !reflect.DeepEqual(got, want) {
				t.Fatalf("resumed at %d actions, want the %d before the damage", len(got), len(want))
			}
			moved := globDisk(d, path+tc.infix)
			if len(moved) != 1 {
				t.Fatalf("damaged files kept: %v, want one %s*", moved, tc.infix)
			}
			if kept, _ := storage.ReadFile(d, moved[0], journal.MaxGameBytes); !bytes.Equal(kept, damaged) {
				t.Errorf("the damaged file was changed")
			}
			v := r.a.View()
			n := v.Seats[0].Notice.Text
			if n.Key != KeyLogSalvaged || n.Args["Keep"] != keep || n.Args["File"] != filepath.Base(moved[0]) {
				t.Errorf("notice %v, want %s with Keep %d and File %s", n, KeyLogSalvaged, keep, filepath.Base(moved[0]))
			}
			// The game plays on to its end; one more game prunes it from
			// the history (one game kept); the damaged file stays.
			for range 2 {
				r.play()
				r.reopen()
			}
			if again := globDisk(d, path+tc.infix); !reflect.DeepEqual(again, moved) {
				t.Errorf("damaged files after pruning: %v, want %v", again, moved)
			}
		})
	}
}

// encodeLog writes l in the journal's file format, through a journal on a
// simulated disk.
func encodeLog(l *journal.Log) []byte {
	d := storagetest.New()
	j, err := journal.Open("/j", journal.Opts{FS: d})
	if err != nil {
		panic(err)
	}
	g, err := j.Start(l.Header)
	if err != nil {
		panic(err)
	}
	for _, rec := range l.Records {
		if err := g.Append(rec); err != nil {
			panic(err)
		}
	}
	name := g.Name()
	j.Close()
	data, err := storage.ReadFile(d, "/j/"+name, journal.MaxGameBytes)
	if err != nil {
		panic(err)
	}
	return data
}

// TestConfigChangeNeverAbandonsTheGame restarts the table in the middle of
// a game with another seat count in its config: the game is not resumed,
// not finished and not moved; the start screen says which change blocks it;
// with the old config back it resumes exactly where it stopped. When the
// owner starts a new game on purpose instead, the old one is kept aside,
// byte for byte.
func TestConfigChangeNeverAbandonsTheGame(t *testing.T) {
	r := newRig(t, 3, "usa", 51)
	r.playActions(25)
	played := r.history()
	r.a.Close()
	path := gameFile(t, r.dir)
	data, _ := os.ReadFile(path)

	r.opts.Table.Seats = 4
	r.open()
	v := r.a.View()
	if v.Mode != input.ModeStart || v.Banner.Key != KeyGameWaitsSeats || v.Banner.Args["Need"] != 3 || v.Banner.Args["Have"] != 4 {
		t.Fatalf("mode %s, banner %v; want the start screen with %s (need 3, have 4)", v.Mode, v.Banner, KeyGameWaitsSeats)
	}
	if h, _ := r.finishedGames(); len(h) != 0 {
		t.Errorf("the waiting game went to the history: %d games", len(h))
	}
	if now, _ := os.ReadFile(path); !bytes.Equal(now, data) {
		t.Errorf("the waiting game's file changed")
	}
	if !strings.Contains(r.logs.String(), "game_seats=3 table_seats=4") {
		t.Errorf("the log does not say which change blocks the game:\n%s", r.logs.String())
	}
	r.reopen() // still the wrong config: still waiting
	r.a.Close()

	// The right seat count but the game's language no longer offered.
	r.opts.Table.Seats, r.opts.Table.Langs, r.opts.Table.Lang = 3, []string{"es", "ro"}, "es"
	r.open()
	if v := r.a.View(); v.Mode != input.ModeStart || v.Banner.Key != KeyGameWaitsConfig {
		t.Fatalf("language no longer offered: mode %s, banner %v; want the start screen with %s", v.Mode, v.Banner, KeyGameWaitsConfig)
	}
	r.a.Close()
	r.opts.Table.Langs, r.opts.Table.Lang = nil, "en"

	r.opts.Table.Seats = 3
	r.open()
	if got := r.history(); !reflect.DeepEqual(got, played) {
		t.Fatalf("with the old config back: %d actions, want %d", len(got), len(played))
	}
	r.playActions(len(played) + 3)
	played = r.history()
	r.a.Close()
	data, _ = os.ReadFile(path)

	// Four seats again, and a new game started on purpose.
	r.opts.Table.Seats = 4
	r.open()
	var bots []hal.Seat
	for s := range 4 {
		bots = append(bots, hal.Seat(s))
	}
	r.d.Bots = bots
	r.playActions(5)
	aside, _ := filepath.Glob(path + ".aside-*")
	if len(aside) != 1 {
		t.Fatalf("files set aside: %v, want the old game", aside)
	}
	if kept, _ := os.ReadFile(aside[0]); !bytes.Equal(kept, data) {
		t.Errorf("the old game's file changed when set aside")
	}
	if l, err := journal.Decode(data); err != nil || len(l.Records) != len(played) {
		t.Errorf("the old game's file holds %v records (%v), want %d", l, err, len(played))
	}
	r.play()
}

// TestPermissionsAreNotCorruption: a game file or a logs folder the
// service user may not write is not damage: the App opens (the screen with
// it), says what is wrong and the chown that fixes it, leaves the game
// untouched, and resumes it once the permission is fixed.
func TestPermissionsAreNotCorruption(t *testing.T) {
	for _, tc := range []struct {
		name string
		deny func(c storagetest.Call) bool
	}{
		{"game file", func(c storagetest.Call) bool { return c.Op == storagetest.OpOpenW && isGame(c.Path) }},
		{"logs folder", func(c storagetest.Call) bool {
			return (c.Op == storagetest.OpOpenW || c.Op == storagetest.OpCreate || c.Op == storagetest.OpMkdir) && strings.HasPrefix(c.Path, diskDir)
		}},
		{"game file unreadable", func(c storagetest.Call) bool { return c.Op == storagetest.OpOpen && isGame(c.Path) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, d := newDiskRig(t, 2, "usa", 61, nil)
			r.playActions(15)
			played := r.history()
			r.a.Close()
			before := d.String()
			denied := true
			d.Fault = func(c storagetest.Call) error {
				if denied && tc.deny(c) {
					return fs.ErrPermission
				}
				return nil
			}
			r.open()
			v := r.a.View()
			if !errors.Is(r.a.Err(), ErrStorage) || v.Banner.Key != KeyStoragePermission || v.Banner.Args["Dir"] != diskDir || v.Banner.Args["User"] != "ttr-table" {
				t.Fatalf("Err %v, banner %v; want %s naming %s and the user", r.a.Err(), v.Banner, KeyStoragePermission, diskDir)
			}
			cat := mustCatalog(t)
			if text := cat.Text("en", v.Banner); !strings.Contains(text, "sudo chown -R ttr-table: "+diskDir) {
				t.Errorf("banner %q does not give the chown", text)
			}
			if after := d.String(); after != before {
				t.Errorf("the denied folder changed:\n%s\nwas\n%s", after, before)
			}
			if err := r.a.Recover(); err == nil {
				t.Fatal("Recover succeeded while denied")
			}
			denied = false
			if err := r.a.Recover(); err != nil {
				t.Fatalf("Recover: %v", err)
			}
			if got := r.history(); !reflect.DeepEqual(got, played) {
				t.Fatalf("resumed with %d actions, want %d", len(got), len(played))
			}
			r.play()
		})
	}
}

// TestStorageFolderProblemsOpenTheScreen: a read-only card, a folder the
// user may not enter, `history` a file, `lock` a folder: App.Open returns
// an App whose View says what is wrong (the loop then opens the window
// and retries), never an error that would exit before the window.
func TestStorageFolderProblemsOpenTheScreen(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setUp func(d *storagetest.Disk)
		key   string
		arg   string // the Path argument, for KeyStorageInTheWay
	}{
		{"read-only", func(d *storagetest.Disk) {
			d.Fault = func(c storagetest.Call) error {
				switch c.Op {
				case storagetest.OpOpenW, storagetest.OpMkdir, storagetest.OpCreate, storagetest.OpWrite:
					return syscall.EROFS
				}
				return nil
			}
		}, KeyStorageReadOnly, ""},
		{"permission denied", func(d *storagetest.Disk) {
			d.Fault = func(c storagetest.Call) error {
				if c.Op == storagetest.OpReadDir || c.Op == storagetest.OpMkdir {
					return syscall.EACCES
				}
				return nil
			}
		}, KeyStoragePermission, ""},
		{"history a file", func(d *storagetest.Disk) {
			storage.MkdirAll(d, diskDir, 0o750)
			f, _ := d.OpenFile(diskDir+"/history", os.O_RDWR|os.O_CREATE, 0o640)
			f.Close()
		}, KeyStorageInTheWay, diskDir + "/history"},
		{"lock a folder", func(d *storagetest.Disk) {
			storage.MkdirAll(d, diskDir+"/lock", 0o750)
		}, KeyStorageInTheWay, diskDir + "/lock"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := storagetest.New()
			tc.setUp(d)
			r, _ := newDiskRig(t, 2, "usa", 71, d)
			v := r.a.View()
			if r.a.Err() == nil || v.Banner.Key != tc.key || v.Mode != input.ModeStart {
				t.Fatalf("Err %v, mode %s, banner %v; want the start screen with %s", r.a.Err(), v.Mode, v.Banner, tc.key)
			}
			if tc.arg != "" && v.Banner.Args["Path"] != tc.arg {
				t.Errorf("banner %v, want Path %s", v.Banner, tc.arg)
			}
			if v.Seats[0].Notice.Text.Key != tc.key {
				t.Errorf("seat notice %v, want %s", v.Seats[0].Notice.Text, tc.key)
			}
			if text := mustCatalog(t).Text("es", v.Banner); text == "" || text == tc.key || strings.Contains(text, "no value") {
				t.Errorf("banner in Spanish: %q", text)
			}
			// The panels show a notice for 6 s; a minute later the problem
			// is still told.
			r.now = r.now.Add(time.Minute + 2*time.Second)
			if n := r.a.View().Seats[1].Notice; n.Text.Key != tc.key || r.now.Sub(n.At) > 5*time.Second {
				t.Errorf("a minute later the seat's notice is %s at %v (now %v), want %s renewed", n.Text.Key, n.At, r.now, tc.key)
			}
		})
	}
}

func mustCatalog(t *testing.T) *msg.Catalog {
	t.Helper()
	cat, err := msg.Load()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// TestFailurePathsInStartAndFinish: an EIO on the folder sync in Start
// leaves no game to resume (the table said the start failed); an EIO on
// the history folder's sync in Finish keeps the end screen and counts the
// game, which Recover then moves to the history.
func TestFailurePathsInStartAndFinish(t *testing.T) {
	r, d := newDiskRig(t, 2, "europe", 81, nil)
	armed := true
	d.Fault = func(c storagetest.Call) error {
		if armed && c.Op == storagetest.OpSyncDir && c.Path == diskDir {
			armed = false
			return syscall.EIO
		}
		return nil
	}
	r.stepUntilFailure()
	if m := r.a.Table().Mode(); m != input.ModeStart {
		t.Fatalf("mode %s after the failed start, want the start screen", m)
	}
	entries, _ := d.ReadDir(diskDir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".game") {
			t.Errorf("after the failed start the folder holds %s", e.Name())
		}
	}
	r.powerCut(d, nil)
	if m := r.a.Table().Mode(); m != input.ModeStart || r.a.Err() != nil {
		t.Fatalf("after a restart: mode %s, Err %v; want the start screen and no game", m, r.a.Err())
	}

	armed = true
	d.Fault = func(c storagetest.Call) error {
		if armed && c.Op == storagetest.OpSyncDir && c.Path == diskDir+"/history" {
			armed = false
			return syscall.EIO
		}
		return nil
	}
	r.stepUntilFailure()
	if r.a.Ended() != 1 || r.a.Table().Mode() != input.ModeEnd {
		t.Fatalf("after the failed move to history: ended %d, mode %s; want 1 and the end screen", r.a.Ended(), r.a.Table().Mode())
	}
	if err := r.a.Recover(); err != nil {
		t.Fatal(err)
	}
	if h, _ := r.finishedGames(); len(h) != 1 || r.a.Table().Mode() != input.ModeEnd || r.a.Ended() != 1 {
		t.Errorf("after Recover: %d games in the history, mode %s, ended %d; want 1, end, 1", len(h), r.a.Table().Mode(), r.a.Ended())
	}
}

// powerCuts is how many power cuts TestPowerCutsNeverLoseAGame makes:
// TTR_POWER_CUTS, or a few dozen so that make test stays quick. make soak
// makes 1,000.
func powerCuts(t *testing.T) int {
	s := os.Getenv("TTR_POWER_CUTS")
	if s == "" {
		if testing.Short() {
			return 10
		}
		return 40
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		t.Fatalf("TTR_POWER_CUTS=%q: want a whole number, 1 or more", s)
	}
	return n
}

var errPowerCut = errors.New("power cut")

// TestPowerCutsNeverLoseAGame plays bots games on a simulated disk and
// cuts its power at random operations, again and again in every game,
// keeping a random part of what was not synced; between the cuts it fails
// a random write or fsync (EIO or ENOSPC) and recovers. After every cut
// the table, started again, shows every action that was durable (every
// action it had shown, and those of the event in flight whose fsync had
// returned), at most the one being written besides, each as in the same
// game without faults; and every game ends exactly as that game.
//
// TTR_POWER_CUTS=1000 go test -run '^TestPowerCutsNeverLoseAGame$' ./cmd/table/app (make soak)
func TestPowerCutsNeverLoseAGame(t *testing.T) {
	cuts := powerCuts(t)
	rng := rand.New(rand.NewPCG(20261125, 1))
	made, faults, games, actions := 0, 0, 0, 0
	for made < cuts {
		seats, mapID, seed := 2+games%3, []string{"usa", "europe"}[games%2], uint64(1000+games)
		want := reference(t, seats, mapID, seed)
		wantLines := strings.Split(strings.TrimSuffix(want, "\n"), "\n")[1:]
		r, d := newDiskRig(t, seats, mapID, seed, nil)
		for n := 0; r.a.Ended() == 0; n++ {
			if n > 1000 {
				t.Fatalf("game %d did not end", games)
			}
			at := d.Ops() + 1 + rng.IntN(80)
			cut := rng.IntN(4) > 0 || made+faults == 0
			var fault error
			if !cut {
				fault = []error{syscall.EIO, syscall.ENOSPC}[rng.IntN(2)]
			}
			d.Fault = func(c storagetest.Call) error {
				switch {
				case cut && c.All >= at:
					return errPowerCut
				case !cut && c.All >= at && (c.Op == storagetest.OpSync || c.Op == storagetest.OpWrite):
					cut, at = false, 1<<62 // once
					return fault
				}
				return nil
			}
			shown := r.history()
			for r.a.Err() == nil && r.a.Ended() == 0 {
				evs, err := r.d.Next(r.a, r.at())
				if err != nil || len(evs) == 0 {
					t.Fatalf("game %d: Next: %d events, %v (mode %s)", games, len(evs), err, r.a.Table().Mode())
				}
				for _, ev := range evs {
					if _, err := r.a.Handle(ev); err != nil {
						break
					}
					shown = r.history()
				}
			}
			if fault != nil && r.a.Err() != nil {
				d.Fault = nil
				if err := r.a.Recover(); err != nil {
					t.Fatalf("game %d: Recover after %v: %v", games, fault, err)
				}
				faults++
				continue
			}
			if r.a.Ended() > 0 && r.a.Err() == nil {
				break
			}
			// The actions known durable when the power went: those shown,
			// and those of the event in flight whose fsync had returned.
			durable := max(len(shown), r.a.Logged())
			r.powerCut(d, rng)
			made++
			if h, _ := r.finishedGames(); len(h) == 1 && r.a.Table().Game() == nil {
				break // its summary was durable: Open moved it to the history
			}
			got := r.history()
			if len(got) < durable || len(got) > durable+1 {
				t.Fatalf("game %d, power cut %d: %d actions after the restart; %d were durable (%d shown), at most the one being written may be added",
					games, made, len(got), durable, len(shown))
			}
			if r.a.Table().Game() != nil {
				m := r.a.Table().Game().Map()
				for i, act := range got {
					if line := engine.FormatAction(m, act); i >= len(wantLines) || line != wantLines[i] {
						t.Fatalf("game %d, power cut %d: action %d is %q, want %q", games, made, i+1, line, wantLines[min(i, len(wantLines)-1)])
					}
				}
			}
		}
		d.Fault = nil
		if r.a.Err() != nil {
			if err := r.a.Recover(); err != nil {
				t.Fatal(err)
			}
		}
		if got, _ := r.finished(); got != want {
			t.Fatalf("game %d differs from the same game without faults: %s", games, firstDiff(got, want))
		}
		actions += len(wantLines)
		games++
	}
	t.Logf("%d power cuts and %d write or fsync failures in %d games (%d actions): nothing shown was lost, every game as without faults", made, faults, games, actions)
}
