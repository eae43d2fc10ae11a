package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"ttr/hal/journal"
)

// lineWriter counts the lines written to it and calls at with each count.
type lineWriter struct {
	lines int
	at    func(n int)
}

func (w *lineWriter) Write(p []byte) (int, error) {
	for range strings.Count(string(p), "\n") {
		w.lines++
		w.at(w.lines)
	}
	return len(p), nil
}

// TestHistoryStreamsTenThousandGames: table history lists 10,000 finished
// games in bounded memory, writing each line as it reads the game: the
// live heap stays far below what the files hold (it held every file: 287
// MB for 10,000 played games).
func TestHistoryStreamsTenThousandGames(t *testing.T) {
	// One real game's header and summary, in a small file: a few actions.
	r := newLoopRig(t, 2)
	if err := r.l.run(context.Background()); err != nil {
		t.Fatal(err)
	}
	h, err := journal.History(r.dir, journal.Opts{})
	if err != nil || len(h) != 1 {
		t.Fatalf("history %v, %v", h, err)
	}
	scratch := t.TempDir()
	j, err := journal.Open(scratch, journal.Opts{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := j.Start(h[0].Header)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 40 {
		if err := g.Append(fmt.Appendf(nil, "p%d draw deck", i%2)); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Finish(h[0].Summary); err != nil {
		t.Fatal(err)
	}
	game, err := os.ReadFile(filepath.Join(scratch, "history", g.Name()))
	if err != nil {
		t.Fatal(err)
	}
	j.Close()

	const games = 10_000
	state := t.TempDir()
	hist := filepath.Join(state, "history")
	if err := os.Mkdir(hist, 0o750); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= games; i++ {
		if err := os.WriteFile(filepath.Join(hist, fmt.Sprintf("%06d-20260501T200000Z.game", i)), game, 0o640); err != nil {
			t.Fatal(err)
		}
	}
	var base, ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&base)
	var peak uint64
	w := &lineWriter{at: func(n int) {
		if n == 1 || n%2500 == 0 {
			runtime.GC()
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > base.HeapAlloc {
				peak = max(peak, ms.HeapAlloc-base.HeapAlloc)
			}
		}
	}}
	if err := history([]string{"-state", state}, w); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&ms)
	total := int64(games * len(game))
	t.Logf("%d games of %d bytes (%d MiB): live heap at most %d KiB above the start, %d MiB allocated in all", games, len(game), total>>20, peak>>10, (ms.TotalAlloc-base.TotalAlloc)>>20)
	if w.lines != games {
		t.Errorf("%d lines, want %d", w.lines, games)
	}
	// The list of names (some 100 bytes a game) and one file.
	if limit := uint64(total / 8); peak > limit {
		t.Errorf("live heap grew by %d bytes while listing, want at most %d (an eighth of the files)", peak, limit)
	}
}
