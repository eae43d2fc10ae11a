package journal

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var evening = time.Date(2026, 11, 21, 19, 30, 0, 0, time.UTC)

func fixedClock() time.Time { return evening }

func open(t testing.TB, dir string, opts Opts) *Journal {
	t.Helper()
	if opts.Now == nil {
		opts.Now = fixedClock
	}
	j, err := Open(dir, opts)
	if err != nil {
		t.Fatalf("Open(%s): %v", dir, err)
	}
	t.Cleanup(func() { j.Close() })
	return j
}

func start(t testing.TB, j *Journal, header string) *Game {
	t.Helper()
	g, err := j.Start([]byte(header))
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	return g
}

func appendAll(t testing.TB, g *Game, records [][]byte) {
	t.Helper()
	for _, r := range records {
		if err := g.Append(r); err != nil {
			t.Fatalf("Append(%q): %v", r, err)
		}
	}
}

// dirNames lists a directory's file names, sorted.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() {
			names = append(names, e.Name())
		}
	}
	return names
}

// games lists the game files in dir (not the lock), sorted.
func games(t *testing.T, dir string) []string {
	t.Helper()
	return slices.DeleteFunc(dirNames(t, dir), func(n string) bool { return n == lockName })
}

func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	records := lines("p0 draw deck", "chance red", "p0 draw market 3", "p1 claim 12 red red")

	j := open(t, dir, Opts{})
	if g := j.Current(); g != nil {
		t.Fatalf("Current of an empty journal = %s, want nil", g.Name())
	}
	g := start(t, j, "ttr map=europe seed=42 seats=2")
	appendAll(t, g, records[:2])
	if err := j.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}

	j = open(t, dir, Opts{})
	if p := j.Problems(); len(p) != 0 {
		t.Errorf("Problems = %v, want none", p)
	}
	g = j.Current()
	if g == nil {
		t.Fatal("Current after reopening = nil, want the unfinished game")
	}
	if got, want := string(g.Header()), "ttr map=europe seed=42 seats=2"; got != want {
		t.Errorf("Header = %q, want %q", got, want)
	}
	if got := g.Records(); !sameRecords(got, records[:2]) {
		t.Errorf("Records = %q, want %q", got, records[:2])
	}
	appendAll(t, g, records[2:])
	if got := g.Records(); !sameRecords(got, records) {
		t.Errorf("Records after Append = %q, want %q", got, records)
	}
	if err := g.Finish([]byte("p1 wins 97-85")); err != nil {
		t.Fatalf("Finish: %v", err)
	}
	if got := games(t, dir); len(got) != 0 {
		t.Errorf("files left in dir after Finish: %q", got)
	}
	j.Close()

	j = open(t, dir, Opts{})
	if g := j.Current(); g != nil {
		t.Errorf("Current after Finish = %s, want nil", g.Name())
	}
	h, err := History(dir, Opts{})
	if err != nil {
		t.Fatalf("History: %v", err)
	}
	if len(h) != 1 {
		t.Fatalf("History has %d games, want 1", len(h))
	}
	e := h[0]
	if e.Err != nil || e.Name != "000001-20261121T193000Z.game" || e.Records != len(records) ||
		string(e.Summary) != "p1 wins 97-85" || string(e.Header) != "ttr map=europe seed=42 seats=2" {
		t.Errorf("History()[0] = %+v", e)
	}
}

// A crash can cut the file anywhere in its last record. Whatever the cut,
// Open resumes exactly the complete records, reports a torn tail when bytes
// were dropped, and the game goes on appending to a clean file.
// TestHistoryBesideTheLock: History reads the finished games while another
// journal holds the folder's lock, and a folder the table never wrote has
// none.
func TestHistoryBesideTheLock(t *testing.T) {
	dir := t.TempDir()
	if h, err := History(filepath.Join(dir, "never"), Opts{}); err != nil || len(h) != 0 {
		t.Errorf("History of a missing folder = %v, %v; want none", h, err)
	}
	j := open(t, dir, Opts{})
	defer j.Close()
	g := start(t, j, "ttr map=usa seed=1 seats=2")
	if err := g.Finish([]byte("over")); err != nil {
		t.Fatal(err)
	}
	h, err := History(dir, Opts{})
	if err != nil || len(h) != 1 || string(h[0].Summary) != "over" || h[0].Err != nil {
		t.Errorf("History while the journal is open = %+v, %v; want the one finished game", h, err)
	}
}

func TestTornTailEveryOffset(t *testing.T) {
	header := []byte("ttr map=usa seed=9 seats=3")
	records := lines("p0 draw deck", "chance yellow", "p1 draw tickets", "chance tickets 4 17 22")
	data, ends := encode(header, records, false, nil)
	const name = "000001-20261121T193000Z.game"
	for n := ends[0]; n <= len(data); n++ {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, name), data[:n], 0o600); err != nil {
			t.Fatal(err)
		}
		j := open(t, dir, Opts{})
		complete := 0
		for complete < len(ends) && ends[complete] <= n {
			complete++
		}
		kept := records[:complete-1]
		g := j.Current()
		if g == nil {
			t.Fatalf("%d bytes: Current = nil, want the game", n)
		}
		if got := g.Records(); !sameRecords(got, kept) {
			t.Fatalf("%d bytes: Records = %q, want %q", n, got, kept)
		}
		var want []Problem
		if dropped := n - ends[complete-1]; dropped > 0 {
			want = []Problem{{Kind: TornTail, File: name, Kept: complete, Dropped: int64(dropped)}}
		}
		if got := j.Problems(); !slices.Equal(got, want) {
			t.Fatalf("%d bytes: Problems = %v, want %v", n, got, want)
		}
		appendAll(t, g, lines("after restart"))
		j.Close()

		after, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		l, err := Decode(after)
		if err != nil || l.Torn != 0 {
			t.Fatalf("%d bytes: file after restart: Decode = %+v, %v; want a clean file", n, l, err)
		}
		if want := append(slices.Clone(kept), []byte("after restart")); !sameRecords(l.Records, want) {
			t.Fatalf("%d bytes: file after restart has %q, want %q", n, l.Records, want)
		}
	}
}

// A file that cannot be read is renamed, byte for byte intact, and reported;
// a new game can start.
func TestCorruptMovedAside(t *testing.T) {
	data, ends := encode([]byte("ttr map=europe seed=5 seats=4"), lines("p0 draw deck", "chance white", "p1 draw deck"), false, nil)
	const name = "000003-20261120T200000Z.game"
	const aside = name + ".corrupt-20261121T193000Z"
	flip := func(i int) []byte {
		b := bytes.Clone(data)
		b[i] ^= 0x10
		return b
	}
	tests := []struct {
		name string
		data []byte
	}{
		{"magic", flip(2)},
		{"header frame length", flip(len(magic))},
		{"header frame checksum", flip(len(magic) + 6)},
		{"cut inside the header record", data[:ends[0]-1]},
		{"magic only", data[:len(magic)]},
		{"empty file", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, name), tc.data, 0o600); err != nil {
				t.Fatal(err)
			}
			j := open(t, dir, Opts{})
			if g := j.Current(); g != nil {
				t.Errorf("Current = %s, want nil", g.Name())
			}
			p := j.Problems()
			if len(p) != 1 || p[0].Kind != MovedAside || p[0].File != name || p[0].MovedTo != aside {
				t.Fatalf("Problems = %v, want %s moved aside to %s", p, name, aside)
			}
			var ce *CorruptError
			if !errors.As(p[0].Err, &ce) {
				t.Errorf("Problem.Err = %v, want a *CorruptError", p[0].Err)
			}
			got, err := os.ReadFile(filepath.Join(dir, aside))
			if err != nil || !bytes.Equal(got, tc.data) {
				t.Errorf("moved-aside file: %v; content equal = %v, want the original bytes", err, bytes.Equal(got, tc.data))
			}
			g := start(t, j, "ttr map=usa seed=6 seats=2")
			if want := "000004-20261121T193000Z.game"; g.Name() != want {
				t.Errorf("new game = %s, want %s (after the corrupt file's number)", g.Name(), want)
			}
			if got, want := games(t, dir), []string{aside, g.Name()}; !slices.Equal(got, want) {
				t.Errorf("files = %q, want %q", got, want)
			}
		})
	}
}

// Moving aside never overwrites an earlier moved-aside file of the same name.
func TestCorruptNeverOverwritten(t *testing.T) {
	dir := t.TempDir()
	const name = "000001-20261121T193000Z.game"
	const aside = name + ".corrupt-20261121T193000Z"
	for _, f := range []struct{ name, data string }{{name, "bad one"}, {aside, "earlier bad one"}} {
		if err := os.WriteFile(filepath.Join(dir, f.name), []byte(f.data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	j := open(t, dir, Opts{})
	if p := j.Problems(); len(p) != 1 || p[0].MovedTo != aside+"-2" {
		t.Fatalf("Problems = %v, want one moved aside to %s-2", p, aside)
	}
	for f, want := range map[string]string{aside: "earlier bad one", aside + "-2": "bad one"} {
		if got, err := os.ReadFile(filepath.Join(dir, f)); err != nil || string(got) != want {
			t.Errorf("%s = %q, %v; want %q", f, got, err, want)
		}
	}
}

// The states a crash during Start or Finish leaves behind.
func TestCrashDuringStartOrFinish(t *testing.T) {
	finished, _ := encode([]byte("h"), lines("a", "b"), true, []byte("p0 wins"))
	const name = "000002-20261121T193000Z.game"
	tests := []struct {
		name        string
		setup       func(t *testing.T, dir string)
		wantDir     []string
		wantHistory []string
	}{
		{
			name: "half-created game",
			setup: func(t *testing.T, dir string) {
				write(t, filepath.Join(dir, name+tmpExt), finished[:20])
			},
		},
		{
			name: "finish record written, not moved",
			setup: func(t *testing.T, dir string) {
				write(t, filepath.Join(dir, name), finished)
			},
			wantHistory: []string{name},
		},
		{
			name: "linked into history, old name not removed",
			setup: func(t *testing.T, dir string) {
				write(t, filepath.Join(dir, name), finished)
				if err := os.Link(filepath.Join(dir, name), filepath.Join(dir, historyDir, name)); err != nil {
					t.Fatal(err)
				}
			},
			wantHistory: []string{name},
		},
		{
			name: "another game of that name in history",
			setup: func(t *testing.T, dir string) {
				write(t, filepath.Join(dir, name), finished)
				write(t, filepath.Join(dir, historyDir, name), finished)
			},
			wantHistory: []string{"000002-20261121T193000Z-2.game", name},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.Mkdir(filepath.Join(dir, historyDir), 0o700); err != nil {
				t.Fatal(err)
			}
			tc.setup(t, dir)
			j := open(t, dir, Opts{})
			if g := j.Current(); g != nil {
				t.Errorf("Current = %s, want nil", g.Name())
			}
			if p := j.Problems(); len(p) != 0 {
				t.Errorf("Problems = %v, want none", p)
			}
			if got := games(t, dir); !slices.Equal(got, tc.wantDir) {
				t.Errorf("dir = %q, want %q", got, tc.wantDir)
			}
			if got := dirNames(t, filepath.Join(dir, historyDir)); !slices.Equal(got, tc.wantHistory) {
				t.Errorf("history = %q, want %q", got, tc.wantHistory)
			}
			if g := start(t, j, "next"); g.Name() != "000003-20261121T193000Z.game" {
				t.Errorf("next game = %s, want number 3", g.Name())
			}
		})
	}
}

// Start never leaves two unfinished games, but files copied in by hand can:
// the newest is resumed and the others are set aside, not lost.
func TestSeveralUnfinished(t *testing.T) {
	dir := t.TempDir()
	older, _ := encode([]byte("older"), lines("a"), false, nil)
	newer, _ := encode([]byte("newer"), lines("b", "c"), false, nil)
	write(t, filepath.Join(dir, "000007-20261120T100000Z.game"), older)
	write(t, filepath.Join(dir, "000012-20261119T100000Z.game"), newer)
	j := open(t, dir, Opts{})
	g := j.Current()
	if g == nil || string(g.Header()) != "newer" || !sameRecords(g.Records(), lines("b", "c")) {
		t.Fatalf("Current = %v, want the game numbered 12 with records b, c", g)
	}
	p := j.Problems()
	if len(p) != 1 || p[0].Kind != MovedAside || p[0].File != "000007-20261120T100000Z.game" {
		t.Fatalf("Problems = %v, want game 7 moved aside", p)
	}
	if got, err := os.ReadFile(filepath.Join(dir, p[0].MovedTo)); err != nil || !bytes.Equal(got, older) {
		t.Errorf("moved-aside game 7: %v, want its original bytes", err)
	}
}

func write(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

func playGame(t *testing.T, j *Journal, n int) string {
	t.Helper()
	g := start(t, j, fmt.Sprintf("game %d", n))
	appendAll(t, g, lines("p0 draw deck", "chance red", "p1 claim 3 red red"))
	if err := g.Finish([]byte(fmt.Sprintf("game %d over", n))); err != nil {
		t.Fatalf("Finish: %v", err)
	}
	return g.Name()
}

func TestHistoryBound(t *testing.T) {
	tests := []struct {
		name string
		opts Opts
		want []int // the games kept, by number
	}{
		{"by count", Opts{MaxHistoryGames: 3}, []int{3, 4, 5}},
		{"one", Opts{MaxHistoryGames: 1}, []int{5}},
		{"defaults keep all", Opts{}, []int{1, 2, 3, 4, 5}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			aside := "000099-20200101T000000Z.game.corrupt-20200101T000000Z"
			write(t, filepath.Join(dir, aside), []byte("kept forever"))
			j := open(t, dir, tc.opts)
			var names []string
			for n := 1; n <= 5; n++ {
				names = append(names, playGame(t, j, n))
			}
			var want []string
			for _, n := range tc.want {
				want = append(want, names[n-1])
			}
			if got := dirNames(t, filepath.Join(dir, historyDir)); !slices.Equal(got, want) {
				t.Errorf("history = %q, want %q", got, want)
			}
			h, err := History(dir, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(h) == 0 || string(h[0].Summary) != "game 5 over" {
				t.Errorf("History()[0] = %+v, want game 5 first", h)
			}
			if got := games(t, dir); !slices.Equal(got, []string{aside}) {
				t.Errorf("dir = %q, want only the corrupt file %s, never pruned", got, aside)
			}
			// Pruning at Open applies tighter bounds to what is already there.
			j.Close()
			open(t, dir, Opts{MaxHistoryGames: 1})
			if got := dirNames(t, filepath.Join(dir, historyDir)); !slices.Equal(got, names[4:]) {
				t.Errorf("history after Open with MaxHistoryGames 1 = %q, want %q", got, names[4:])
			}
			if got := games(t, dir); !slices.Equal(got, []string{aside}) {
				t.Errorf("dir after Open = %q, want only the corrupt file %s, never pruned", got, aside)
			}
		})
	}
}

func TestMisuse(t *testing.T) {
	dir := t.TempDir()
	j := open(t, dir, Opts{})
	if _, err := Open(dir, Opts{}); err == nil {
		t.Error("second Open of a directory in use succeeded, want an error")
	}
	g := start(t, j, "h")
	if _, err := j.Start([]byte("h2")); !errors.Is(err, ErrUnfinished) {
		t.Errorf("Start while a game is unfinished: %v, want ErrUnfinished", err)
	}
	if err := g.Append(make([]byte, MaxRecord+1)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Append of %d bytes: %v, want ErrTooLarge", MaxRecord+1, err)
	}
	if err := g.Append(make([]byte, MaxRecord)); err != nil {
		t.Errorf("Append of MaxRecord bytes: %v", err)
	}
	if err := g.Finish(nil); err != nil {
		t.Fatalf("Finish: %v", err)
	}
	if err := g.Append([]byte("late")); !errors.Is(err, ErrFinished) {
		t.Errorf("Append after Finish: %v, want ErrFinished", err)
	}
	if err := g.Finish(nil); !errors.Is(err, ErrFinished) {
		t.Errorf("Finish twice: %v, want ErrFinished", err)
	}
	g2 := start(t, j, "h2")
	if err := j.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := g2.Append([]byte("late")); !errors.Is(err, ErrClosed) {
		t.Errorf("Append after Close: %v, want ErrClosed", err)
	}
	if _, err := j.Start([]byte("h3")); !errors.Is(err, ErrClosed) {
		t.Errorf("Start after Close: %v, want ErrClosed", err)
	}
	if err := j.Close(); err != nil {
		t.Errorf("second Close: %v, want nil", err)
	}
	j = open(t, dir, Opts{}) // Close released the lock
	if g := j.Current(); g == nil || string(g.Header()) != "h2" {
		t.Errorf("Current after reopening = %v, want the game with header h2", g)
	}
}

// Appends racing a Finish either land in the log or fail with ErrFinished;
// none is lost or half-written.
func TestConcurrentAppendFinish(t *testing.T) {
	dir := t.TempDir()
	j := open(t, dir, Opts{})
	g := start(t, j, "h")
	const writers, each = 4, 15
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		done = map[string]bool{}
	)
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				r := fmt.Sprintf("w%d r%02d", w, i)
				switch err := g.Append([]byte(r)); {
				case err == nil:
					mu.Lock()
					done[r] = true
					mu.Unlock()
				case !errors.Is(err, ErrFinished):
					t.Errorf("Append(%s): %v, want nil or ErrFinished", r, err)
				}
			}
		})
	}
	wg.Go(func() {
		if err := g.Finish([]byte("end")); err != nil {
			t.Errorf("Finish: %v", err)
		}
	})
	wg.Wait()

	data, err := os.ReadFile(filepath.Join(dir, historyDir, g.Name()))
	if err != nil {
		t.Fatal(err)
	}
	l, err := Decode(data)
	if err != nil || !l.Finished || l.Torn != 0 {
		t.Fatalf("Decode = %+v, %v; want a clean finished log", l, err)
	}
	got := map[string]bool{}
	last := map[byte]string{}
	for _, r := range l.Records {
		s := string(r)
		got[s] = true
		if w := s[1]; last[w] >= s {
			t.Errorf("writer %c's records out of order: %q after %q", w, s, last[w])
		} else {
			last[w] = s
		}
	}
	if len(got) != len(done) || len(l.Records) != len(done) {
		t.Errorf("log has %d records, %d acknowledged", len(l.Records), len(done))
	}
	for r := range done {
		if !got[r] {
			t.Errorf("acknowledged record %q missing from the log", r)
		}
	}
}

func TestProblemLog(t *testing.T) {
	tests := []struct {
		p    Problem
		want string
	}{
		{Problem{Kind: TornTail, File: "000001-x.game", Kept: 7, Dropped: 12},
			"level=WARN msg=journal problem.kind=torn-tail problem.file=000001-x.game problem.kept=7 problem.dropped_bytes=12\n"},
		{Problem{Kind: MovedAside, File: "000002-x.game", MovedTo: "000002-x.game.corrupt-y", Err: &CorruptError{8, "bad"}},
			`level=WARN msg=journal problem.kind=moved-aside problem.file=000002-x.game problem.moved_to=000002-x.game.corrupt-y problem.err="journal: corrupt game log at byte 8: bad"` + "\n"},
	}
	for _, tc := range tests {
		var buf bytes.Buffer
		log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{
			ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
				if a.Key == slog.TimeKey {
					return slog.Attr{}
				}
				return a
			},
		}))
		log.Warn("journal", "problem", tc.p)
		if got := buf.String(); got != tc.want {
			t.Errorf("slog output:\n got %s\nwant %s", got, tc.want)
		}
		if s := tc.p.String(); !strings.HasPrefix(s, "journal: "+tc.p.File) {
			t.Errorf("String() = %q, want it to start with journal: %s", s, tc.p.File)
		}
	}
}

// BenchmarkAppend measures one Append: a write and an fsync of a typical
// action record. Run on the storage the table uses (TMPDIR) to be meaningful.
func BenchmarkAppend(b *testing.B) {
	j := open(b, b.TempDir(), Opts{})
	g := start(b, j, "ttr map=europe seed=42 seats=4")
	record := []byte("p2 claim paris-frankfurt 3 orange orange locomotive")
	for b.Loop() {
		if err := g.Append(record); err != nil {
			b.Fatal(err)
		}
	}
}
