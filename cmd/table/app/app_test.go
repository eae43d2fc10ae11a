package app

import (
	"bytes"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"ttr/engine"
	"ttr/hal"
	"ttr/hal/journal"
	"ttr/hal/storage"
	"ttr/input"
)

var virtual = sync.OnceValue(VirtualRegistry)

var t0 = time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)

// rig is an App in a temporary journal directory, with a log buffer and a
// clock that moves one second per event.
type rig struct {
	t    *testing.T
	dir  string
	opts Opts
	a    *App
	logs *bytes.Buffer
	now  time.Time
	d    Digital
}

func newRig(t *testing.T, seats int, mapID string, seed uint64) *rig {
	t.Helper()
	r := &rig{t: t, dir: t.TempDir(), logs: &bytes.Buffer{}, now: t0}
	reg := virtual()
	r.opts = Opts{
		Table:  input.Opts{Seats: seats, Map: mapID, Lang: "en", Resolve: Resolver(reg)},
		Seed:   seed,
		Logger: slog.New(slog.NewTextHandler(r.logs, nil)),
		Now:    func() time.Time { return r.now },
	}
	r.opts.Dir = r.dir
	var bots []hal.Seat
	for s := range seats {
		bots = append(bots, hal.Seat(s))
	}
	r.d = Digital{Bots: bots, Deal: true, Start: true, UID: UIDs(reg)}
	r.open()
	return r
}

func (r *rig) open() {
	r.t.Helper()
	a, err := Open(r.opts)
	if err != nil {
		r.t.Fatalf("Open: %v", err)
	}
	r.a = a
	r.t.Cleanup(func() { a.Close() })
}

func (r *rig) reopen() {
	r.t.Helper()
	if err := r.a.Close(); err != nil {
		r.t.Fatalf("Close: %v", err)
	}
	r.open()
}

// fs returns the file system the rig's journal is on.
func (r *rig) fs() storage.FS {
	if r.opts.Journal.FS != nil {
		return r.opts.Journal.FS
	}
	return storage.OS
}

func (r *rig) at() time.Time {
	r.now = r.now.Add(time.Second)
	return r.now
}

// step plays the next digital step; it returns false when there is none.
// stop, if not nil, is asked after each event whether to drop the rest of
// the step (a kill mid-gesture).
func (r *rig) step(stop func() bool) bool {
	r.t.Helper()
	evs, err := r.d.Next(r.a, r.at())
	if err != nil {
		r.t.Fatalf("Next: %v", err)
	}
	for _, ev := range evs {
		res, err := r.a.Handle(ev)
		if err != nil {
			r.t.Fatalf("Handle(%+v): %v", ev, err)
		}
		for _, n := range res.Notices {
			if n.Refused {
				r.t.Fatalf("Handle(%+v) refused: %s %v", ev, n.Text.Key, n.Rule)
			}
		}
		if stop != nil && stop() {
			return true
		}
	}
	return len(evs) > 0
}

// play plays until the game ends.
func (r *rig) play() {
	r.t.Helper()
	for n := 0; r.a.Ended() == 0; n++ {
		if n > 20000 || !r.step(nil) {
			r.t.Fatalf("the game did not end: mode %s after %d steps", r.a.Table().Mode(), n)
		}
	}
}

// finishedGames returns the finished games in the rig's journal, read as table
// history reads them.
func (r *rig) finishedGames() ([]journal.Entry, error) { return journal.History(r.dir, r.opts.Journal) }

// finished returns the log text and the summary of the one finished game.
func (r *rig) finished() (string, Summary) {
	r.t.Helper()
	h, err := r.finishedGames()
	if err != nil || len(h) != 1 {
		r.t.Fatalf("history: %d games, %v; want 1", len(h), err)
	}
	e := h[0]
	hdr, err := ParseHeader(e.Header)
	if err != nil {
		r.t.Fatal(err)
	}
	recs := make([]string, 0, e.Records)
	data, err := storage.ReadFile(r.fs(), filepath.Join(r.dir, "history", e.Name), journal.MaxGameBytes)
	if err != nil {
		r.t.Fatal(err)
	}
	l, err := journal.Decode(data)
	if err != nil {
		r.t.Fatal(err)
	}
	for _, rec := range l.Records {
		recs = append(recs, string(rec))
	}
	sum, err := ParseSummary(e.Summary)
	if err != nil {
		r.t.Fatal(err)
	}
	return hdr.Log + "\n" + strings.Join(recs, "\n") + "\n", sum
}

func TestDigitalGameIsLoggedAndReplays(t *testing.T) {
	for _, tc := range []struct {
		mapID string
		seats int
		seed  uint64
	}{
		{"europe", 4, 1},
		{"usa", 2, 7},
	} {
		t.Run(tc.mapID, func(t *testing.T) {
			r := newRig(t, tc.seats, tc.mapID, tc.seed)
			r.play()
			if m := r.a.Table().Mode(); m != input.ModeEnd {
				t.Fatalf("mode %s, want end", m)
			}
			text, sum := r.finished()
			l, err := engine.ParseLog([]byte(text))
			if err != nil {
				t.Fatal(err)
			}
			s, err := engine.Replay(l)
			if err != nil {
				t.Fatalf("replay of the finished log: %v", err)
			}
			if !s.IsTerminal() || !reflect.DeepEqual(s.Scores(), sum.Scores) {
				t.Errorf("replay terminal %v scores %v, summary %v", s.IsTerminal(), s.Scores(), sum.Scores)
			}
			if got := r.a.Table().Game().Scores(); !reflect.DeepEqual(got, sum.Scores) {
				t.Errorf("table scores %v, summary %v", got, sum.Scores)
			}
			if sum.Actions != len(l.Actions) || len(sum.Seats) != tc.seats || len(sum.Winners) == 0 {
				t.Errorf("summary %+v for %d actions", sum, len(l.Actions))
			}
			// The same seed plays the same game.
			r2 := newRig(t, tc.seats, tc.mapID, tc.seed)
			r2.play()
			if text2, _ := r2.finished(); text2 != text {
				t.Errorf("same seed, different games")
			}
		})
	}
}

// TestResumeExactly closes and reopens the App every few events, also in
// the middle of a bot's gesture (whose remaining events are lost, as in a
// crash), and checks that each reopened table shows what the closed one
// showed and that the game ends as an uninterrupted one does.
func TestResumeExactly(t *testing.T) {
	ref := newRig(t, 4, "europe", 3)
	ref.play()
	want, wantSum := ref.finished()

	r := newRig(t, 4, "europe", 3)
	events, reopens := 0, 0
	for n := 0; r.a.Ended() == 0; n++ {
		if n > 40000 {
			t.Fatal("the game did not end")
		}
		r.step(func() bool {
			events++
			return events%17 == 0
		})
		if events%17 != 0 || r.a.Table().Game() == nil || r.a.Ended() > 0 {
			continue
		}
		before := r.a.Table().Game()
		bv := r.a.View()
		r.reopen()
		reopens++
		after := r.a.Table().Game()
		if after == nil {
			t.Fatalf("reopen %d: no game resumed", reopens)
		}
		b1, _ := before.MarshalText()
		b2, _ := after.MarshalText()
		if !bytes.Equal(b1, b2) {
			t.Fatalf("reopen %d: state differs after resume", reopens)
		}
		av := r.a.View()
		if av.Mode != bv.Mode || !reflect.DeepEqual(av.Public, bv.Public) || av.Lang != bv.Lang {
			t.Fatalf("reopen %d: view mode %s/%s or public view differs", reopens, bv.Mode, av.Mode)
		}
		for i, s := range av.Seats {
			if s.Notice.Text.Key != "status.resumed" {
				t.Errorf("reopen %d: seat %d notice %q, want status.resumed", reopens, i, s.Notice.Text.Key)
			}
		}
	}
	if reopens < 20 {
		t.Errorf("only %d reopens", reopens)
	}
	got, gotSum := r.finished()
	if got != want || !reflect.DeepEqual(gotSum, wantSum) {
		t.Errorf("interrupted game differs from the uninterrupted one (summary %+v, want %+v)", gotSum, wantSum)
	}
	if !strings.Contains(r.logs.String(), "game resumed") {
		t.Errorf("no resume logged")
	}
}

// gameFile returns the path of the unfinished game file.
func gameFile(t *testing.T, dir string) string {
	t.Helper()
	m, _ := filepath.Glob(filepath.Join(dir, "*.game"))
	if len(m) != 1 {
		t.Fatalf("game files %v, want 1", m)
	}
	return m[0]
}

// damageLog spoils the magic of the unfinished game file in dir, as a
// damaged card would (the App must move it aside and say so), and returns
// the file's path and its damaged contents.
func damageLog(t *testing.T, dir string) (string, []byte) {
	t.Helper()
	path := gameFile(t, dir)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data[0] = 'X' // the magic
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path, data
}

// playActions plays until at least n actions are durable.
func (r *rig) playActions(n int) {
	r.t.Helper()
	for r.a.Table().Game() == nil || len(r.a.Table().Game().History()) < n {
		if !r.step(nil) {
			r.t.Fatal("no step")
		}
	}
}

func TestTornTailDropped(t *testing.T) {
	r := newRig(t, 3, "europe", 5)
	r.playActions(40)
	want := r.a.Table().Game().History()
	r.a.Close()
	f, err := os.OpenFile(gameFile(t, r.dir), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	// The start of a frame header, cut by a power cut.
	if _, err := f.Write([]byte{12, 0, 0}); err != nil {
		t.Fatal(err)
	}
	f.Close()
	r.open()
	got := r.a.Table().Game()
	if got == nil || !reflect.DeepEqual(got.History(), want) {
		t.Fatalf("resumed game has %d actions, want %d", len(got.History()), len(want))
	}
	if logs := r.logs.String(); !strings.Contains(logs, "game log repaired") || !strings.Contains(logs, "torn") {
		t.Errorf("log lacks the torn tail:\n%s", logs)
	}
	if v := r.a.View(); v.Banner.Key == KeyLogDamaged {
		t.Errorf("a torn tail is reported as a damaged log")
	}
	r.play()
}

func TestDamagedLogMovedAsideAndReported(t *testing.T) {
	r := newRig(t, 2, "usa", 9)
	r.playActions(10)
	r.a.Close()
	path, data := damageLog(t, r.dir)
	r.now = r.now.Add(time.Minute)
	r.open()
	v := r.a.View()
	if v.Mode != input.ModeStart || v.Banner.Key != KeyLogDamaged {
		t.Errorf("mode %s banner %q, want start screen with %s", v.Mode, v.Banner.Key, KeyLogDamaged)
	}
	for i, s := range v.Seats {
		if s.Notice.Text.Key != KeyLogDamaged || !s.Notice.At.Equal(r.now) {
			t.Errorf("seat %d notice %q at %v, want %s at %v", i, s.Notice.Text.Key, s.Notice.At, KeyLogDamaged, r.now)
		}
	}
	moved, _ := filepath.Glob(path + ".corrupt-*")
	if len(moved) != 1 {
		t.Fatalf("moved-aside files %v, want 1", moved)
	}
	if kept, _ := os.ReadFile(moved[0]); !bytes.Equal(kept, data) {
		t.Errorf("the moved-aside file was changed")
	}
	if !strings.Contains(r.logs.String(), "moved") {
		t.Errorf("log lacks the moved-aside file:\n%s", r.logs.String())
	}
	// A new game starts and ends normally; the notice goes; the damaged
	// file stays.
	r.play()
	if v := r.a.View(); v.Banner.Key == KeyLogDamaged || v.Seats[0].Notice.Text.Key == KeyLogDamaged {
		t.Errorf("the damaged log is still reported after a new game")
	}
	if again, _ := filepath.Glob(path + ".corrupt-*"); !reflect.DeepEqual(again, moved) {
		t.Errorf("moved-aside files now %v", again)
	}
}

// failing fails appends once armed, while *fail is set.
type failing struct {
	gameLog
	fail *bool
}

var errDisk = errors.New("disk on fire")

func (f failing) Append(rec []byte) error {
	if *f.fail {
		return errDisk
	}
	return f.gameLog.Append(rec)
}

// failingRig returns a rig whose game log fails every write while *fail
// is true.
func failingRig(t *testing.T, seats int, mapID string, seed uint64) (*rig, *bool) {
	t.Helper()
	r := newRig(t, seats, mapID, seed)
	fail := new(bool)
	r.a.wrap = func(g gameLog) gameLog { return failing{g, fail} }
	r.a.Close()
	r.open() // a fresh journal with the wrapper in place
	r.a.wrap = func(g gameLog) gameLog { return failing{g, fail} }
	return r, fail
}

func TestStorageFailureWaitsAndRecovers(t *testing.T) {
	ref := newRig(t, 3, "europe", 11)
	ref.play()
	want, _ := ref.finished()

	r, fail := failingRig(t, 3, "europe", 11)
	r.playActions(30)
	// Find an event that applies an action, with the disk failing.
	*fail = true
	durable := r.a.Table().Game().History()
	var failed error
	for failed == nil {
		evs, err := r.d.Next(r.a, r.at())
		if err != nil || len(evs) == 0 {
			t.Fatalf("Next: %d events, %v", len(evs), err)
		}
		for _, ev := range evs {
			if _, failed = r.a.Handle(ev); failed != nil {
				break
			}
		}
	}
	if !errors.Is(failed, ErrStorage) || !errors.Is(r.a.Err(), ErrStorage) {
		t.Fatalf("Handle error %v, Err %v; want ErrStorage", failed, r.a.Err())
	}
	if got := r.a.Table().Game().History(); !reflect.DeepEqual(got, durable) {
		t.Errorf("table shows %d actions, want the %d durable ones", len(got), len(durable))
	}
	v := r.a.View()
	if v.Banner.Key != KeyStorageFailed {
		t.Errorf("banner %q, want %s", v.Banner.Key, KeyStorageFailed)
	}
	// Every event but a device status is refused; Digital waits.
	if _, err := r.a.Handle(hal.Press{Seat: 0, Button: hal.Confirm, At: r.at()}); !errors.Is(err, ErrStorage) {
		t.Errorf("press while failed: %v, want ErrStorage", err)
	}
	if _, err := r.a.Handle(hal.Status{Seat: 1, Device: hal.DeviceReader, State: hal.Offline, At: r.at()}); err != nil {
		t.Errorf("status while failed: %v", err)
	}
	if evs, err := r.d.Next(r.a, r.at()); len(evs) != 0 || err != nil {
		t.Errorf("digital play while failed: %d events, %v", len(evs), err)
	}
	if !strings.Contains(r.logs.String(), "disk on fire") {
		t.Errorf("the failure is not logged:\n%s", r.logs.String())
	}
	// Still failing: Recover reopens, resumes, and fails again at the
	// next write.
	*fail = false
	if err := r.a.Recover(); err != nil {
		t.Fatalf("Recover: %v", err)
	}
	if r.a.Err() != nil || r.a.View().Banner.Key == KeyStorageFailed {
		t.Errorf("after Recover: Err %v banner %q", r.a.Err(), r.a.View().Banner.Key)
	}
	if got := r.a.Table().Game().History(); !reflect.DeepEqual(got, durable) {
		t.Errorf("recovered game has %d actions, want %d", len(got), len(durable))
	}
	r.play()
	if got, _ := r.finished(); got != want {
		t.Errorf("game after a storage failure differs from the reference")
	}
}

func TestEndedGameFinishedAtOpen(t *testing.T) {
	r := newRig(t, 2, "usa", 13)
	fail := false
	r.a.wrap = func(g gameLog) gameLog { return failFinish{g, &fail} }
	r.a.Close()
	r.open()
	r.a.wrap = func(g gameLog) gameLog { return failFinish{g, &fail} }
	fail = true
	for n := 0; r.a.Err() == nil; n++ {
		evs, err := r.d.Next(r.a, r.at())
		if n > 20000 || err != nil || len(evs) == 0 {
			t.Fatalf("the game ended without finishing: %v", err)
		}
		for _, ev := range evs {
			if _, err := r.a.Handle(ev); err != nil && !errors.Is(err, ErrStorage) {
				t.Fatal(err)
			}
		}
	}
	if m := r.a.Table().Mode(); m != input.ModeEnd {
		t.Fatalf("mode %s after the finish failed, want end", m)
	}
	r.a.wrap = nil
	r.reopen()
	if r.a.Ended() != 1 || r.a.Table().Mode() != input.ModeEnd {
		t.Errorf("reopened: ended %d, mode %s; want the game finished at Open", r.a.Ended(), r.a.Table().Mode())
	}
	if h, _ := r.finishedGames(); len(h) != 1 {
		t.Errorf("history has %d games, want 1", len(h))
	}
}

type failFinish struct {
	gameLog
	fail *bool
}

func (f failFinish) Finish(sum []byte) error {
	if *f.fail {
		return errDisk
	}
	return f.gameLog.Finish(sum)
}

// TestCutAfterTheHeader loses power between the new game's header and its
// first action (the start screen's first player): the game resumes with
// that action applied and plays on as if nothing happened.
func TestCutAfterTheHeader(t *testing.T) {
	ref := newRig(t, 3, "usa", 17)
	ref.play()
	want, _ := ref.finished()

	r := newRig(t, 3, "usa", 17)
	fail := true
	r.a.wrap = func(g gameLog) gameLog { return failing{g, &fail} }
	evs, err := r.d.Next(r.a, r.at())
	if err != nil || len(evs) != 2 {
		t.Fatalf("start: %d events, %v", len(evs), err)
	}
	for _, ev := range evs {
		r.a.Handle(ev)
	}
	if !errors.Is(r.a.Err(), ErrStorage) {
		t.Fatalf("Err %v, want the first append to fail", r.a.Err())
	}
	if data, err := os.ReadFile(gameFile(t, r.dir)); err != nil || len(data) == 0 {
		t.Fatalf("no game file with its header: %v", err)
	}
	r.a.wrap = nil
	r.reopen()
	s := r.a.Table().Game()
	if s == nil || len(s.History()) != 1 || s.History()[0].Kind != engine.ChooseFirst {
		t.Fatalf("resumed game: %v, want the first player chosen", s)
	}
	r.play()
	if got, _ := r.finished(); got != want {
		t.Errorf("game cut after its header differs from the reference")
	}
}
