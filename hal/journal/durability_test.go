package journal

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"ttr/hal/storage"
	"ttr/hal/storage/storagetest"
)

// The tests of this file run the journal on a storagetest.Disk, which keeps
// what was synced apart from what was only written, and check what survives
// a power cut: every record, start and finish the journal reported done,
// nothing it never wrote.

const simDir = "/table/logs"

var errPowerCut = errors.New("power cut")

// step is one call of a scenario, made against a journal.
type step struct {
	op      string // "open", "start", "append", "finish", "close"
	game    int    // the game of start, append and finish
	payload string // the record of append
}

// simScenario opens a journal holding a damaged game (salvaged at Open),
// plays three games on it with a history bound of one game (so Finish
// prunes), and closes it.
func simScenario() []step {
	s := []step{{op: "open"}, {op: "append", game: 0, payload: "g0 r3"}, {op: "finish", game: 0}}
	for g := 1; g <= 3; g++ {
		s = append(s, step{op: "start", game: g})
		for r := range 2 + g {
			s = append(s, step{op: "append", game: g, payload: fmt.Sprintf("g%d r%d", g, r)})
		}
		if g < 3 {
			s = append(s, step{op: "finish", game: g})
		}
	}
	return append(s, step{op: "close"})
}

// game0 is the file of the damaged game the disk holds before the scenario.
const game0 = "000001-20261120T200000Z.game"

func simHeader(g int) string { return fmt.Sprintf("game %d", g) }

// damagedGame0 is game 0's file as the disk holds it before the scenario:
// records g0 r0 to r3, with a flipped bit in r2, so that Open keeps r0 and
// r1 in a new file and sets the damaged one aside.
func damagedGame0() []byte {
	data, ends := encode([]byte(simHeader(0)), lines("g0 r0", "g0 r1", "g0 r2", "g0 r3"), false, nil)
	data[ends[2]+frameHeader] ^= 4
	return data
}

// newSimDisk returns a disk holding the journal folder and game 0.
func newSimDisk(t *testing.T) *storagetest.Disk {
	t.Helper()
	d := storagetest.New()
	if err := storage.MkdirAll(d, simDir, 0o750); err != nil {
		t.Fatal(err)
	}
	f, err := d.OpenFile(filepath.Join(simDir, game0), os.O_RDWR|os.O_CREATE, 0o640)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(damagedGame0()); err != nil {
		t.Fatal(err)
	}
	if err := f.Sync(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if err := storage.SyncDir(d, simDir); err != nil {
		t.Fatal(err)
	}
	return d
}

// simGame is what the scenario has made of one game.
type simGame struct {
	started, finished bool     // reported done
	acked             []string // records reported durable
	tried             []string // records asked for, acked or not
}

// simRun plays steps on d until one fails. retry, if set, is called after
// a failed step, with the journal; when it returns true the step is tried
// again (after a Repair), else the run stops. It returns what was reported
// done. check, if set, runs after every step that succeeded.
func simRun(t *testing.T, d *storagetest.Disk, steps []step, retry func(j *Journal, err error) bool, check func(i int)) map[int]*simGame {
	t.Helper()
	gs := map[int]*simGame{0: {started: true, acked: []string{"g0 r0", "g0 r1"}, tried: []string{"g0 r0", "g0 r1"}}}
	var j *Journal
	cur := map[int]*Game{}
	for i := 0; i < len(steps); i++ {
		s := steps[i]
		var err error
		switch s.op {
		case "open":
			j, err = Open(simDir, Opts{Now: fixedClock, FS: d, MaxHistoryGames: 1})
			if err == nil {
				cur[0] = j.Current()
				if cur[0] == nil || !slices.Equal(strs(cur[0].Records()), gs[0].acked) {
					t.Fatalf("Open: the damaged game 0 was not salvaged with its 2 good records: %v", j.Problems())
				}
			}
		case "start":
			gs[s.game] = &simGame{}
			cur[s.game], err = j.Start([]byte(simHeader(s.game)))
			if err == nil {
				gs[s.game].started = true
			}
		case "append":
			g := gs[s.game]
			if len(g.tried) == len(g.acked) {
				g.tried = append(g.tried, s.payload)
			}
			if err = cur[s.game].Append([]byte(s.payload)); err == nil {
				g.acked = append(g.acked, s.payload)
			}
		case "finish":
			err = cur[s.game].Finish([]byte("done"))
			if err == nil || errors.Is(err, ErrNotMoved) {
				gs[s.game].finished = true
			}
		case "close":
			err = j.Close()
		}
		if err != nil {
			if s.op == "open" {
				j = nil
			}
			if retry == nil || !retry(j, err) {
				if j != nil {
					j.Close()
				}
				return gs
			}
			if !errors.Is(err, ErrNotMoved) {
				i-- // try the step again
			}
			continue
		}
		if check != nil {
			check(i)
		}
	}
	return gs
}

func strs(bs [][]byte) []string {
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = string(b)
	}
	return out
}

// simCheck opens the journal on d after a power cut and checks that every
// game reported started is there once, with every record reported durable
// and nothing that was never asked for; a game reported finished is in the
// history; nothing but a torn tail was found wrong.
func simCheck(t *testing.T, d *storagetest.Disk, gs map[int]*simGame, what string) {
	t.Helper()
	j, err := Open(simDir, Opts{Now: fixedClock, FS: d, MaxHistoryGames: 1})
	if err != nil {
		t.Fatalf("%s: Open after the power cut: %v", what, err)
	}
	defer j.Close()
	for _, p := range j.Problems() {
		switch {
		case p.Kind == TornTail:
		case p.Kind == Salvaged && p.File == game0:
			// The power cut came before the first Open had salvaged it.
		case p.Kind == MovedAside && strings.Contains(p.Err.Error(), "newer unfinished"):
			// A cut between salvaging game 0 and setting it aside.
		default:
			t.Fatalf("%s: Open found %v\n%s", what, p, d)
		}
	}
	found := map[int][]string{}
	fin := map[int]bool{}
	count := map[int]int{}
	add := func(data []byte, where string) {
		l, err := Decode(data)
		if err != nil || l.Header == nil {
			t.Fatalf("%s: %s: %v", what, where, err)
		}
		var g int
		if _, err := fmt.Sscanf(string(l.Header), "game %d", &g); err != nil {
			t.Fatalf("%s: %s: header %q", what, where, l.Header)
		}
		found[g], fin[g] = strs(l.Records), l.Finished
		count[g]++
	}
	for _, dir := range []string{simDir, filepath.Join(simDir, historyDir)} {
		entries, err := d.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if !strings.HasSuffix(e.Name(), gameExt) {
				continue
			}
			data, err := storage.ReadFile(d, filepath.Join(dir, e.Name()), MaxGameBytes)
			if err != nil {
				t.Fatal(err)
			}
			add(data, e.Name())
		}
	}
	laterFinished := func(g int) bool {
		for h, s := range gs {
			if h > g && s.finished {
				return true
			}
		}
		return false
	}
	for g, want := range gs {
		got, ok := found[g]
		switch {
		case !want.started && ok && len(got) > 0:
			t.Fatalf("%s: game %d was never reported started but has records %q", what, g, got)
		case !want.started:
		case !ok && !(want.finished && laterFinished(g)):
			t.Fatalf("%s: game %d, reported started, is lost\n%s", what, g, d)
		case !ok:
			// Finished and pruned from the history (MaxHistoryGames 1).
		case count[g] > 1:
			t.Fatalf("%s: game %d is there %d times\n%s", what, g, count[g], d)
		case len(got) < len(want.acked) || !slices.Equal(got[:len(want.acked)], want.acked):
			t.Fatalf("%s: game %d has records %q, want at least the %q reported durable\n%s", what, g, got, want.acked, d)
		case len(got) > len(want.tried) || !slices.Equal(got, want.tried[:len(got)]):
			t.Fatalf("%s: game %d has records %q, more than the %q asked for", what, g, got, want.tried)
		case want.finished && !fin[g]:
			t.Fatalf("%s: game %d was reported finished but is not", what, g)
		}
	}
}

// TestPowerCutAtEveryStep cuts the power at every operation of the
// scenario in turn (its disk fails that operation and every later one, as
// a dead machine does), once dropping everything unsynced and once keeping
// a random part of the last unsynced writes, and checks with simCheck that
// nothing reported durable was lost. Without any of the journal's fsyncs,
// of a file or of a folder, some cut loses a record, a game or a finish.
func TestPowerCutAtEveryStep(t *testing.T) {
	steps := simScenario()
	// Count the operations of an uninterrupted run.
	d := newSimDisk(t)
	before := d.Ops()
	simRun(t, d, steps, nil, nil)
	total := d.Ops() - before
	cuts := 0
	for k := 1; k <= total+1; k++ {
		for _, torn := range []bool{false, true} {
			d := newSimDisk(t)
			n := d.Ops() + k
			d.Fault = func(c storagetest.Call) error {
				if c.All >= n {
					return errPowerCut
				}
				return nil
			}
			gs := simRun(t, d, steps, nil, nil)
			d.Fault = nil
			var rng *rand.Rand
			if torn {
				rng = rand.New(rand.NewPCG(uint64(k), 7))
			}
			d.Crash(rng)
			simCheck(t, d, gs, fmt.Sprintf("power cut at operation %d of %d (torn %v)", k, total, torn))
			cuts++
		}
	}
	t.Logf("%d power cuts at %d operations, nothing reported durable lost", cuts, total)
}

// TestEverythingDurableWhenReported runs the scenario and checks after
// every step the journal reported done that nothing on the disk is
// unsynced: no written data, no new, renamed or removed name that a power
// cut would undo (the lock, the salvaged and the set-aside files
// included).
func TestEverythingDurableWhenReported(t *testing.T) {
	d := newSimDisk(t)
	steps := simScenario()
	simRun(t, d, steps, nil, func(i int) {
		if d.Unsynced() {
			t.Fatalf("after step %d (%+v) the disk holds unsynced changes:\n%s", i, steps[i], d)
		}
	})
}

// storageFault is a fault injected at one sync of the scenario: EIO on the
// sync itself (a failing card), or ENOSPC on the write before it (a full
// card).
type storageFault struct {
	name string
	op   storagetest.Op
	err  error
}

var storageFaults = []storageFault{
	{"EIO on fsync", storagetest.OpSync, syscall.EIO},
	{"EIO on folder fsync", storagetest.OpSyncDir, syscall.EIO},
	{"ENOSPC on write", storagetest.OpWrite, syscall.ENOSPC},
}

// TestFsyncFailureNeverTrustsTheTail fails, in turn, every fsync (and every
// write) of the scenario: the failed step reports an error; Repair, once
// the fault is gone, makes the journal writable; the step is done again;
// and after a power cut at the end the disk holds exactly the scenario's
// games, each record once: nothing the failed fsync lost (and that reads
// still returned) came back, and nothing was lost.
func TestFsyncFailureNeverTrustsTheTail(t *testing.T) {
	steps := simScenario()
	tried := 0
	for _, sf := range storageFaults {
		d := newSimDisk(t)
		before := d.Count(sf.op)
		simRun(t, d, steps, nil, nil)
		total := d.Count(sf.op) - before
		for k := 1; k <= total; k++ {
			d := newSimDisk(t)
			n := d.Count(sf.op) + k
			armed := true
			d.Fault = func(c storagetest.Call) error {
				if armed && c.Op == sf.op && c.N == n {
					return sf.err
				}
				return nil
			}
			failed := 0
			gs := simRun(t, d, steps, func(j *Journal, err error) bool {
				if !errors.Is(err, sf.err) || failed > 0 {
					t.Fatalf("%s at %d: step failed with %v", sf.name, k, err)
				}
				failed++
				armed = false
				if j != nil {
					if err := j.Repair(); err != nil {
						t.Fatalf("%s at %d: Repair: %v", sf.name, k, err)
					}
				}
				return true
			}, nil)
			d.Crash(nil)
			what := fmt.Sprintf("%s at %d of %d", sf.name, k, total)
			simCheck(t, d, gs, what)
			for g, s := range gs {
				if g > 0 && (!s.started || len(s.acked) != len(s.tried)) {
					t.Fatalf("%s: game %d stopped after %d records", what, g, len(s.acked))
				}
			}
			tried++
		}
	}
	t.Logf("%d fault positions tried, nothing lost, nothing doubled", tried)
}

// TestRepairTestsWritability: while the disk is full, Repair fails (it
// writes and syncs before it reports the journal writable), and succeeds
// once space is freed.
func TestRepairTestsWritability(t *testing.T) {
	d := newSimDisk(t)
	j, err := Open(simDir, Opts{Now: fixedClock, FS: d})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	g := j.Current()
	d.Capacity = 1 // full
	if err := g.Append([]byte("g0 r2")); !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Append on a full disk: %v, want ENOSPC", err)
	}
	if err := j.Repair(); !errors.Is(err, syscall.ENOSPC) || storage.Classify(err) != storage.Full {
		t.Fatalf("Repair on a full disk: %v, want ENOSPC", err)
	}
	if err := g.Append([]byte("g0 r2")); err == nil {
		t.Fatal("Append succeeded after a failed Repair")
	}
	d.Capacity = 0
	if err := j.Repair(); err != nil {
		t.Fatalf("Repair with space: %v", err)
	}
	if err := g.Append([]byte("g0 r2")); err != nil {
		t.Fatalf("Append after Repair: %v", err)
	}
	if want := []string{"g0 r0", "g0 r1", "g0 r2"}; !slices.Equal(strs(g.Records()), want) {
		t.Errorf("records %q, want %q", strs(g.Records()), want)
	}
}
