package engine_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"ttr/engine"
	"ttr/engine/bot"
	"ttr/maps"
)

var update = flag.Bool("update", false, "rewrite the golden game logs in testdata")

// botGame plays a seeded game of greedy bots and returns its log. (The
// final scores are not in the golden file: they belong to package score,
// whose own tests pin them.)
func botGame(t *testing.T, m *maps.Map, players int, seed uint64) ([]byte, *engine.State) {
	t.Helper()
	s, err := engine.NewGame(m, engine.Opts{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]bot.Bot, players)
	for i := range bots {
		bots[i] = bot.NewGreedy(seed + uint64(i))
	}
	d := engine.NewDealer(seed)
	for !s.IsTerminal() {
		a := d.Outcome(s)
		if !s.IsChance() {
			a = bots[max(s.CurrentPlayer(), 0)].Choose(s)
		}
		if err := s.Do(a); err != nil {
			t.Fatal(err)
		}
	}
	text, err := s.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	return text, s
}

func TestGoldenBotGameLog(t *testing.T) {
	for _, tc := range []struct {
		m       *maps.Map
		players int
		seed    uint64
	}{
		{maps.Europe(), 4, 1},
		{maps.USA(), 3, 2},
	} {
		name := fmt.Sprintf("%s-%dp-seed%d.log", tc.m.ID, tc.players, tc.seed)
		t.Run(name, func(t *testing.T) {
			got, s := botGame(t, tc.m, tc.players, tc.seed)
			path := filepath.Join("testdata", name)
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("the seeded bot game no longer gives %s: the dealer, the bots or the rules changed (go test -update if intended)", path)
			}
			// The committed log replays to the same end and scores.
			var back engine.State
			if err := back.UnmarshalText(want); err != nil {
				t.Fatal(err)
			}
			if !back.IsTerminal() || fmt.Sprint(back.Scores()) != fmt.Sprint(s.Scores()) {
				t.Errorf("replay ends with scores %v (over %v), want %v", back.Scores(), back.IsTerminal(), s.Scores())
			}
			again, _ := back.MarshalText()
			if !bytes.Equal(want, again) {
				t.Errorf("replay's log differs from the committed one")
			}
		})
	}
}
