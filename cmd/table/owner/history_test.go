package owner

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"ttr/cmd/table/app"
	"ttr/display/msg"
	"ttr/hal/storage"
	"ttr/input"
)

// playGames plays n bots games of the given seats' names into the logs
// folder dir, alternating the maps, and returns the folder.
func playGames(t testing.TB, dir string, n int, names []string) {
	t.Helper()
	if err := app.PlayGames(dir, n, names, time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
}

var stateFolder struct {
	dir string
}

// manyGames is a logs folder of 6 finished games by Ana, Bruno and an
// unnamed player, one game set aside, one damaged and one unreadable
// finished game; made once for the package's tests.
func manyGames(t testing.TB) string {
	t.Helper()
	if stateFolder.dir != "" {
		return stateFolder.dir
	}
	dir, err := os.MkdirTemp("", "owner-history-")
	if err != nil {
		t.Fatal(err)
	}
	playGames(t, dir, 6, []string{"Ana", "Bruno", ""})
	for _, f := range []struct{ name, data string }{
		{"000007-20260301T200000Z.game.aside-20260301T210000Z", "TTRJ kept aside"},
		{"000008-20260301T200000Z.game.corrupt-20260301T210000Z", "garbage"},
		{"history/000009-20260301T200000Z.game", "not a game file"},
	} {
		if err := os.WriteFile(filepath.Join(dir, f.name), []byte(f.data), 0o640); err != nil {
			t.Fatal(err)
		}
	}
	stateFolder.dir = dir
	return dir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if stateFolder.dir != "" {
		os.RemoveAll(stateFolder.dir)
	}
	os.Exit(code)
}

// TestHistoryOfManyGames: every game of the folder is listed, newest
// first, by number: the finished ones with map, players, scores, longest
// routes and winner; the set-aside, damaged and unreadable ones with their
// files; every line and time in words of each language; nothing in the
// folder changes.
func TestHistoryOfManyGames(t *testing.T) {
	dir := manyGames(t)
	before := listing(t, dir)
	h, err := LoadHistory(storage.OS, dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := listing(t, dir); got != before {
		t.Errorf("the folder changed:\n%s\nwant\n%s", got, before)
	}
	var numbers []int
	kinds := map[Kept]int{}
	for _, g := range h.Games {
		numbers = append(numbers, g.Number)
		kinds[g.Kept]++
	}
	if fmt.Sprint(numbers) != "[9 8 7 6 5 4 3 2 1]" {
		t.Errorf("games %v, want 9 to 1", numbers)
	}
	if kinds[Finished] != 6 || kinds[SetAside] != 1 || kinds[Unreadable] != 2 {
		t.Errorf("kinds %v, want 6 finished, 1 set aside, 2 unreadable", kinds)
	}
	cat, err := msg.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range h.Games {
		texts := []input.Text{g.Line, g.Time}
		for _, p := range g.Players {
			texts = append(texts, p.Line)
		}
		for _, tx := range texts {
			if err := cat.Check(tx); err != nil {
				t.Errorf("game %d: %v", g.Number, err)
			}
		}
		if g.Kept != Finished {
			continue
		}
		if len(g.Players) != 3 || g.Map == "" {
			t.Errorf("game %d: %d players, map %q", g.Number, len(g.Players), g.Map)
		}
		won := 0
		for _, p := range g.Players {
			if p.Won {
				won++
			}
			if p.Longest <= 0 {
				t.Errorf("game %d: %s's longest route %d", g.Number, p.Color, p.Longest)
			}
		}
		if won == 0 {
			t.Errorf("game %d: no winner", g.Number)
		}
		s, err := h.Final(storage.OS, dir, g)
		if err != nil || !s.IsTerminal() {
			t.Errorf("game %d: its end screen cannot be shown again: %v", g.Number, err)
			continue
		}
		// The longest routes read from the summary are the replayed game's.
		for p, r := range s.Result().Players {
			if p < len(g.Players) && g.Players[p].Longest != r.LongestPath {
				t.Errorf("game %d: player %d's longest route %d, the replay says %d", g.Number, p, g.Players[p].Longest, r.LongestPath)
			}
		}
	}
	en := cat.Text(msg.EN, h.Games[len(h.Games)-1].Line)
	if !strings.HasPrefix(en, "Game 1: Europe, won by ") {
		t.Errorf("game 1 reads %q", en)
	}
	if got := cat.Text(msg.ES, h.Games[0].Line); !strings.Contains(got, "history/000009") {
		t.Errorf("the unreadable game reads %q, want its file", got)
	}
	if got := cat.Text(msg.RO, h.Games[0].Time); !strings.Contains(got, "necunoscută") {
		t.Errorf("time reads %q", got)
	}
}

// TestRecordsByName: records count each named player's games, wins, best
// score and longest route over the finished games, and leave out the
// unnamed player.
func TestRecordsByName(t *testing.T) {
	dir := manyGames(t)
	h, err := LoadHistory(storage.OS, dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Record{}
	for _, g := range h.Games {
		for _, p := range g.Players {
			if p.Name == "" {
				continue
			}
			r := want[p.Name]
			r.Name = p.Name
			r.Games++
			if p.Won {
				r.Wins++
			}
			r.Best = max(r.Best, p.Score)
			r.Longest = max(r.Longest, p.Longest)
			want[p.Name] = r
		}
	}
	if len(h.Records) != 2 {
		t.Fatalf("records %+v, want Ana's and Bruno's", h.Records)
	}
	cat, _ := msg.Load()
	for _, r := range h.Records {
		w := want[r.Name]
		if r.Games != 6 || r.Games != w.Games || r.Wins != w.Wins || r.Best != w.Best || r.Longest != w.Longest {
			t.Errorf("%s: %+v, want %+v", r.Name, r, w)
		}
		if err := cat.Check(r.Line); err != nil {
			t.Error(err)
		}
		if got := cat.Text(msg.EN, r.Line); !strings.HasPrefix(got, r.Name+": 6 games, ") {
			t.Errorf("record reads %q", got)
		}
	}
}

// TestEmptyHistory: a folder with no games says so.
func TestEmptyHistory(t *testing.T) {
	h, err := LoadHistory(storage.OS, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Games) != 0 || h.Empty.Key != KeyNoGames {
		t.Errorf("got %+v", h)
	}
}

// listing lists the files under dir with their sizes.
func listing(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			fmt.Fprintf(&b, "%s %d\n", p, info.Size())
		}
		return nil
	})
	return b.String()
}

// BenchmarkLoadHistory reads the history of manyGames' folder (six
// finished games, each replayed for its longest routes).
func BenchmarkLoadHistory(b *testing.B) {
	dir := manyGames(b)
	for b.Loop() {
		if _, err := LoadHistory(storage.OS, dir); err != nil {
			b.Fatal(err)
		}
	}
}

// TestReloadReplaysOnlyNewGames: Reload gives the history LoadHistory
// gives, keeping the games it already read (their replay is not done
// again).
func TestReloadReplaysOnlyNewGames(t *testing.T) {
	dir := manyGames(t)
	h, err := LoadHistory(storage.OS, dir)
	if err != nil {
		t.Fatal(err)
	}
	// A mark only the kept games carry: Reload must keep, not re-read, them.
	for i := range h.Games {
		if h.Games[i].Kept == Finished {
			h.Games[i].Players[0].Longest = -1
		}
	}
	h2, err := h.Reload(storage.OS, dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range h2.Games {
		if g.Kept == Finished && g.Players[0].Longest != -1 {
			t.Errorf("game %d was read again", g.Number)
		}
	}
	if len(h2.Games) != len(h.Games) {
		t.Errorf("%d games, want %d", len(h2.Games), len(h.Games))
	}
}
