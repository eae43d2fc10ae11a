package journal

import (
	"bytes"
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
	op      string // "open", "start", "append", "finish", "aside", "close"
	game    int    // the game of start, append, finish and aside
	payload string // the record of append
	keep    int    // the records aside keeps
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
	// The last game is set aside keeping its first two records, and goes on.
	s = append(s, step{op: "aside", game: 3, keep: 2}, step{op: "append", game: 3, payload: "g3 r2 again"})
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
	// A game Start never returned (its .tmp is removed at Open) and a file
	// whose number is out of range (set aside at Open).
	for _, name := range []string{"000007-20261120T210000Z.game.tmp", "9223372036854775807-20261120T210000Z.game"} {
		f, err := d.OpenFile(filepath.Join(simDir, name), os.O_RDWR|os.O_CREATE, 0o640)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte(magic))
		f.Sync()
		f.Close()
	}
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
	failedAt := -1
	for i := 0; i < len(steps); i++ {
		s := steps[i]
		var err error
		done := false // the step is done, even if it fails
		retried := i == failedAt
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
			payload := s.payload
			if retried {
				// Another, shorter action than the one that failed, as
				// after a roll-back the players may make.
				payload = payload[:2]
			}
			g.tried = append(g.acked[:len(g.acked):len(g.acked)], payload)
			if err = cur[s.game].Append([]byte(payload)); err == nil {
				g.acked = append(g.acked, payload)
			}
		case "aside":
			g := gs[s.game]
			// However a power cut leaves it, the game keeps at least its
			// first keep records.
			g.acked = g.acked[:s.keep]
			var ng *Game
			if ng, err = j.SetAside(cur[s.game], s.keep, errors.New("test")); ng != nil {
				cur[s.game], g.tried, done = ng, g.tried[:s.keep], true
			}
		case "finish":
			err = cur[s.game].Finish([]byte("done"))
			if err == nil || errors.Is(err, ErrNotMoved) {
				gs[s.game].finished, done = true, true
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
			if !done {
				failedAt = i
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
// history; nothing but a torn tail was found wrong. It returns what Open
// found wrong.
func simCheck(t *testing.T, d *storagetest.Disk, gs map[int]*simGame, what string) []Problem {
	t.Helper()
	j, err := Open(simDir, Opts{Now: fixedClock, FS: d, MaxHistoryGames: 1})
	if err != nil {
		t.Fatalf("%s: Open after the power cut: %v", what, err)
	}
	defer j.Close()
	for _, p := range j.Problems() {
		switch {
		case p.Kind == TornTail:
		case p.Kind == Salvaged && p.File == game0,
			p.Kind == MovedAside && strings.HasPrefix(p.File, "9223372036854775807-"):
			// The power cut came before the first Open had repaired them.
		case p.Kind == MovedAside && strings.Contains(p.Err.Error(), "newer unfinished"):
			// A cut between salvaging a game (or setting it aside) and
			// renaming its old file.
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
		for h := range found {
			if h > g && fin[h] {
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
	return j.Problems()
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
		// Once dropping everything unsynced; then three times keeping a
		// random part of it, the third with a second cut while the next
		// Open recovers.
		for variant := range 4 {
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
			if variant > 0 {
				rng = rand.New(rand.NewPCG(uint64(k), uint64(variant)))
			}
			d.Crash(rng)
			cuts++
			if variant == 3 {
				m := d.Ops() + 1 + rng.IntN(40)
				d.Fault = func(c storagetest.Call) error {
					if c.All >= m {
						return errPowerCut
					}
					return nil
				}
				if j, err := Open(simDir, Opts{Now: fixedClock, FS: d, MaxHistoryGames: 1}); err == nil {
					j.Close()
				}
				d.Fault = nil
				d.Crash(rng)
				cuts++
			}
			simCheck(t, d, gs, fmt.Sprintf("power cut at operation %d of %d (variant %d)", k, total, variant))
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
					// What Repair reports done is durable: the tail cut
					// back, the move to history completed.
					if d.Unsynced() {
						t.Fatalf("%s at %d: after Repair the disk holds unsynced changes:\n%s", sf.name, k, d)
					}
				}
				return true
			}, nil)
			d.Crash(nil)
			what := fmt.Sprintf("%s at %d of %d", sf.name, k, total)
			// Everything was reported durable: the journal is clean, no
			// torn tail left by the failed write.
			if p := simCheck(t, d, gs, what); len(p) > 0 {
				t.Fatalf("%s: Open found %v\n%s", what, p, d)
			}
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

// TestRepairFailsWhileSyncsFail: with no game open, Repair still writes and
// syncs (its write test), so a card whose fsyncs fail is not reported
// writable.
func TestRepairFailsWhileSyncsFail(t *testing.T) {
	d := storagetest.New()
	j, err := Open(simDir, Opts{Now: fixedClock, FS: d})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	d.Fault = func(c storagetest.Call) error {
		if c.Op == storagetest.OpSync {
			return syscall.EIO
		}
		return nil
	}
	if err := j.Repair(); !errors.Is(err, syscall.EIO) {
		t.Fatalf("Repair while every fsync fails: %v, want EIO", err)
	}
	d.Fault = nil
	if err := j.Repair(); err != nil {
		t.Fatalf("Repair: %v", err)
	}
}

// TestOpenLeavesNothingUnsynced opens the journal on disks holding one
// thing to repair each (or nothing): when Open returns, each repair is
// durable, and so is the folder (and its lock) Open created.
func TestOpenLeavesNothingUnsynced(t *testing.T) {
	data, _ := encode([]byte("h"), lines("a", "b"), false, nil)
	finishedGame, _ := encode([]byte("h"), lines("a"), true, []byte("s"))
	tests := []struct {
		name  string
		files map[string][]byte
	}{
		{"a new folder", nil},
		{"an empty folder", map[string][]byte{}},
		{"a game Start never returned", map[string][]byte{"000002-20261120T200000Z.game.tmp": data}},
		{"a torn tail", map[string][]byte{"000002-20261120T200000Z.game": append(bytes.Clone(data), 1, 2, 3)}},
		{"an unreadable file", map[string][]byte{"000002-20261120T200000Z.game": []byte("not a log")}},
		{"a number out of range", map[string][]byte{"9223372036854775807-20261120T200000Z.game": data}},
		{"a finished game not moved", map[string][]byte{"000002-20261120T200000Z.game": finishedGame}},
		{"a damaged game", map[string][]byte{"000002-20261120T200000Z.game": damagedGame0()}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := storagetest.New()
			if tc.files != nil {
				if err := d.Mkdir("/table", 0o750); err != nil {
					t.Fatal(err)
				}
				if err := d.Mkdir(simDir, 0o750); err != nil {
					t.Fatal(err)
				}
				for name, data := range tc.files {
					f, err := d.OpenFile(filepath.Join(simDir, name), os.O_RDWR|os.O_CREATE, 0o640)
					if err != nil {
						t.Fatal(err)
					}
					f.Write(data)
					f.Sync()
					f.Close()
				}
				for _, dir := range []string{"/", "/table", simDir} {
					if err := storage.SyncDir(d, dir); err != nil {
						t.Fatal(err)
					}
				}
			}
			j, err := Open(simDir, Opts{Now: fixedClock, FS: d})
			if err != nil {
				t.Fatal(err)
			}
			defer j.Close()
			if d.Unsynced() {
				t.Fatalf("after Open the disk holds unsynced changes:\n%s", d)
			}
		})
	}
}

// TestTornTailsAreNotCorruption cuts the last record inside its 9-byte
// frame header, at every point, and fills the rest with zeros or 0xFF (as
// a block written in part leaves it); and zeroes the first bytes of a last
// record otherwise complete. Each is a torn tail: the records before it are
// kept and nothing is set aside.
func TestTornTailsAreNotCorruption(t *testing.T) {
	records := lines("p0 draw deck", "chance blue", "p0 claim 3 blue blue", "p1 draw deck")
	data, ends := encode([]byte("ttr map=usa seed=3 seats=2"), records, false, nil)
	last := ends[len(ends)-2]
	var cases []struct {
		name string
		data []byte
	}
	add := func(name string, b []byte) {
		cases = append(cases, struct {
			name string
			data []byte
		}{name, b})
	}
	for cut := 1; cut < frameHeader; cut++ {
		for _, fill := range []byte{0, 0xFF} {
			b := append(bytes.Clone(data[:last+cut]), bytes.Repeat([]byte{fill}, 200)...)
			add(fmt.Sprintf("cut at %d then %#x", cut, fill), b)
		}
	}
	for n := 1; n < len(data)-last; n++ {
		b := bytes.Clone(data)
		clear(b[last : last+n])
		add(fmt.Sprintf("first %d bytes zero", n), b)
	}
	for _, tc := range cases {
		l, err := Decode(tc.data)
		if err != nil {
			t.Errorf("%s: %v, want a torn tail", tc.name, err)
			continue
		}
		if l.Torn == 0 || !sameRecords(l.Records, records[:len(records)-1]) {
			t.Errorf("%s: %d records, torn %d; want the first %d and a torn tail", tc.name, len(l.Records), l.Torn, len(records)-1)
		}
	}
	// The same through Open: truncated, not set aside.
	d := storagetest.New()
	storage.MkdirAll(d, simDir, 0o750)
	f, _ := d.OpenFile(filepath.Join(simDir, "000001-20261120T200000Z.game"), os.O_RDWR|os.O_CREATE, 0o640)
	f.Write(cases[0].data)
	f.Close()
	j, err := Open(simDir, Opts{Now: fixedClock, FS: d})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if p := j.Problems(); len(p) != 1 || p[0].Kind != TornTail || j.Current() == nil || len(j.Current().Records()) != len(records)-1 {
		t.Errorf("Open: problems %v; want one torn tail and the game resumed", p)
	}
}

// TestOversizeFileWithoutAGameSetAside: a file larger than any game whose
// first part holds no game (zeros) is set aside, byte for byte, and a new
// game can start.
func TestOversizeFileWithoutAGameSetAside(t *testing.T) {
	d := storagetest.New()
	storage.MkdirAll(d, simDir, 0o750)
	const name = "000001-20261120T200000Z.game"
	f, _ := d.OpenFile(filepath.Join(simDir, name), os.O_RDWR|os.O_CREATE, 0o640)
	const limit = 4 << 10 // the test's bound; the table's is MaxGameBytes
	if err := f.Truncate(limit + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	j, err := Open(simDir, Opts{Now: fixedClock, FS: d, MaxGameBytes: limit})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	p := j.Problems()
	if len(p) != 1 || p[0].Kind != MovedAside || p[0].File != name {
		t.Fatalf("problems %v, want %s set aside", p, name)
	}
	if fi, err := d.Lstat(filepath.Join(simDir, p[0].MovedTo)); err != nil || fi.Size() != limit+1 {
		t.Errorf("the set-aside file: %v", err)
	}
	if _, err := j.Start([]byte("next")); err != nil {
		t.Errorf("Start after the set-aside: %v", err)
	}
}

// TestSequenceOverflow: a game file named with the largest int64 sequence
// is set aside (said, not ignored), and the next game's number stays small
// and positive, also after a restart.
func TestSequenceOverflow(t *testing.T) {
	d := storagetest.New()
	storage.MkdirAll(d, simDir, 0o750)
	const huge = "9223372036854775807-20261120T200000Z.game"
	data, _ := encode([]byte("h"), lines("a"), false, nil)
	f, _ := d.OpenFile(filepath.Join(simDir, huge), os.O_RDWR|os.O_CREATE, 0o640)
	f.Write(data)
	f.Close()
	for restart := range 2 {
		j, err := Open(simDir, Opts{Now: fixedClock, FS: d})
		if err != nil {
			t.Fatal(err)
		}
		if restart == 0 {
			if p := j.Problems(); len(p) != 1 || p[0].Kind != MovedAside || p[0].File != huge {
				t.Errorf("problems %v, want %s set aside", p, huge)
			}
		}
		if j.Current() == nil {
			g, err := j.Start([]byte("next"))
			if err != nil {
				t.Fatal(err)
			}
			if seq, ok := parseSeq(g.Name()); !ok || seq != 1 {
				t.Errorf("new game %s, want number 1", g.Name())
			}
		} else if seq, _ := parseSeq(j.Current().Name()); seq != 1 {
			t.Errorf("after a restart the game is %s, want number 1", j.Current().Name())
		}
		j.Close()
		d.Crash(nil)
	}
}
