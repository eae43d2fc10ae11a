package journal

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"ttr/hal/storage"
	"ttr/hal/storage/storagetest"
)

// The bounds of what the journal keeps and reads: the history is pruned by
// count only, a file no game can be is set aside rather than counted, and
// an oversized game file keeps its valid first part.

// TestOneOversizedHistoryFileWipesNoGame: twenty finished games and one
// 1 GB file in history/: the next Open keeps the twenty games, sets the
// big file aside unread (renamed, its size intact) and logs it. Pruning by
// bytes removed all 21.
func TestOneOversizedHistoryFileWipesNoGame(t *testing.T) {
	dir := t.TempDir()
	j := open(t, dir, Opts{})
	var want []string
	for n := 1; n <= 20; n++ {
		want = append(want, playGame(t, j, n))
	}
	j.Close()
	const big = "000100-20261121T193000Z.game"
	bigPath := filepath.Join(dir, historyDir, big)
	f, err := os.Create(bigPath)
	if err != nil {
		t.Fatal(err)
	}
	// Sparse: 1 GB long, no space used.
	if err := f.Truncate(1 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	var logs bytes.Buffer
	j = open(t, dir, Opts{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	hist := dirNames(t, filepath.Join(dir, historyDir))
	aside := big + corruptInfix + evening.Format(stampLayout)
	if got, want := hist, append(slices.Clone(want), aside); !slices.Equal(got, want) {
		t.Fatalf("history = %q,\\nwant the 20 games and %s", got, aside)
	}
	if fi, err := os.Stat(filepath.Join(dir, historyDir, aside)); err != nil || fi.Size() != 1<<30 {
		t.Errorf("the set-aside file: %v, want it kept whole", err)
	}
	p := j.Problems()
	if len(p) != 1 || p[0].Kind != HistoryAside || !errors.Is(p[0].Err, storage.ErrTooLarge) || p[0].MovedTo != filepath.Join(historyDir, aside) {
		t.Errorf("problems %v, want the big file set aside as too large", p)
	}
	if !strings.Contains(logs.String(), "history file set aside unread") || !strings.Contains(logs.String(), big) {
		t.Errorf("the set-aside is not logged:\\n%s", logs.String())
	}
	// The set-aside file is never counted, read or pruned afterwards.
	j.Close()
	open(t, dir, Opts{MaxHistoryGames: 20})
	if got := dirNames(t, filepath.Join(dir, historyDir)); !slices.Equal(got, hist) {
		t.Errorf("history after a second Open = %q, want %q", got, hist)
	}
}

// TestTenThousandGamesPrunedByCountEachLogged: 10,000 finished games are
// pruned to the newest DefaultMaxHistoryGames, one log line naming each
// game removed (there was none).
func TestTenThousandGamesPrunedByCountEachLogged(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, historyDir), 0o750); err != nil {
		t.Fatal(err)
	}
	const n = 10_000
	var names []string
	for i := 1; i <= n; i++ {
		name := fmt.Sprintf("%06d-20261121T193000Z.game", i)
		data, _ := encode([]byte(fmt.Sprintf("game %d", i)), lines("p0 draw deck"), true, []byte("over"))
		write(t, filepath.Join(dir, historyDir, name), data)
		names = append(names, name)
	}
	var logs bytes.Buffer
	open(t, dir, Opts{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if got, want := dirNames(t, filepath.Join(dir, historyDir)), names[n-DefaultMaxHistoryGames:]; !slices.Equal(got, want) {
		t.Fatalf("kept %d games from %s, want the newest %d", len(got), got[0], len(want))
	}
	removed := 0
	for line := range strings.Lines(logs.String()) {
		if strings.Contains(line, "finished game pruned") {
			if !strings.Contains(line, "file="+names[removed]+" ") {
				t.Fatalf("log line %d: %s, want it to name %s", removed+1, line, names[removed])
			}
			removed++
		}
	}
	if removed != n-DefaultMaxHistoryGames {
		t.Errorf("%d removals logged, want %d", removed, n-DefaultMaxHistoryGames)
	}
	t.Logf("%d games, %d kept, %d removals logged", n, len(dirNames(t, filepath.Join(dir, historyDir))), removed)
}

// TestGameFileOverSizeLimitKeepsValidPrefix: a game file larger than
// MaxGameBytes resumes from its valid first part, read up to the limit
// only, as any other damage does; the whole file is kept aside. It was set
// aside whole and not resumed.
func TestGameFileOverSizeLimitKeepsValidPrefix(t *testing.T) {
	var records []string
	for i := range 200 {
		records = append(records, fmt.Sprintf("p%d draw deck", i%4))
	}
	header := []byte("ttr map=europe seed=5 seats=4")
	game, ends := encode(header, lines(records...), false, nil)
	const limit = 4 << 10 // the simulated disk's bound; the OS case uses MaxGameBytes
	kept := 0             // the records whole within the limit
	for kept < len(records) && ends[kept+1] <= limit {
		kept++
	}
	junk := make([]byte, 64<<10)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range junk {
		junk[i] = byte(rng.Uint32())
	}
	tests := []struct {
		name string
		data []byte
		keep int
	}{
		{"random bytes appended", append(slices.Clone(game[:ends[40]]), junk...), 40},
		{"zeros appended", append(slices.Clone(game[:ends[40]]), make([]byte, 64<<10)...), 40},
		{"a long game cut by the limit", game, kept},
	}
	const name = "000003-20261120T200000Z.game"
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := storagetest.New()
			storage.MkdirAll(d, simDir, 0o750)
			f, _ := d.OpenFile(filepath.Join(simDir, name), os.O_RDWR|os.O_CREATE, 0o640)
			f.Write(tc.data)
			f.Sync()
			f.Close()
			j, err := Open(simDir, Opts{Now: fixedClock, FS: d, MaxGameBytes: limit})
			if err != nil {
				t.Fatal(err)
			}
			defer j.Close()
			checkSalvaged(t, j, name, header, lines(records[:tc.keep]...))
			if got, err := storage.ReadFile(d, filepath.Join(simDir, j.Problems()[0].MovedTo), 1<<20); err != nil || !bytes.Equal(got, tc.data) {
				t.Errorf("the file kept aside: %v; want it byte for byte", err)
			}
		})
	}
	t.Run("1 GB appended, on the OS", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, name)
		write(t, path, game)
		if err := os.Truncate(path, 1<<30); err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		j := open(t, dir, Opts{})
		runtime.ReadMemStats(&after)
		checkSalvaged(t, j, name, header, lines(records...))
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("Open of a 1 GB game file allocated %d MiB", alloc>>20)
		if alloc > allocSlack*4*MaxGameBytes {
			t.Errorf("Open allocated %d bytes, want at most %d (a few times MaxGameBytes)", alloc, allocSlack*4*MaxGameBytes)
		}
		if fi, err := os.Stat(filepath.Join(dir, j.Problems()[0].MovedTo)); err != nil || fi.Size() != 1<<30 {
			t.Errorf("the file kept aside: %v, want its 1 GB", err)
		}
	})
}

// checkSalvaged checks that Open resumed name's header and records in a new
// game file and set name aside as too large.
func checkSalvaged(t *testing.T, j *Journal, name string, header []byte, records [][]byte) {
	t.Helper()
	g := j.Current()
	if g == nil {
		t.Fatalf("no game resumed; problems %v", j.Problems())
	}
	if !bytes.Equal(g.Header(), header) || !sameRecords(g.Records(), records) {
		t.Errorf("resumed %d records, want %d", len(g.Records()), len(records))
	}
	p := j.Problems()
	if len(p) != 1 || p[0].Kind != Salvaged || p[0].File != name || p[0].NewFile != g.Name() || p[0].Kept != len(records) || !errors.Is(p[0].Err, storage.ErrTooLarge) {
		t.Errorf("problems %v, want %s salvaged as too large, %d actions kept", p, name, len(records))
	}
}
