package bot

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"ttr/engine"
	"ttr/maps"
)

// random chooses uniformly among the legal actions: the player the greedy
// bot must beat.
type random struct {
	rng *rand.Rand
}

func newRandom(seed uint64) Bot { return &random{rng: rand.New(rand.NewPCG(seed, 0x5eed))} }

func (b *random) Choose(s *engine.State) engine.Action {
	la := s.LegalActions()
	return la[b.rng.IntN(len(la))]
}

// playBots plays s to the end: chance outcomes from d, each player's
// decisions from bots[player], the table's choice of first player from
// bots[0]. It stops with an error after maxActions actions or if a bot
// chooses an action the rules refuse.
func playBots(s *engine.State, d *engine.Dealer, bots []Bot, maxActions int) (*engine.State, error) {
	for n := 0; !s.IsTerminal(); n++ {
		if n >= maxActions {
			return s, fmt.Errorf("game not over after %d actions", maxActions)
		}
		var a engine.Action
		switch p := s.CurrentPlayer(); p {
		case engine.Chance:
			a = d.Outcome(s)
		case engine.Table:
			a = bots[0].Choose(s)
		default:
			a = bots[p].Choose(s)
		}
		if err := s.Do(a); err != nil {
			return s, fmt.Errorf("%s: %w", engine.FormatAction(s.Map(), a), err)
		}
	}
	return s, nil
}

func play(t *testing.T, m *maps.Map, players int, seed uint64, mk func(uint64) Bot) *engine.State {
	t.Helper()
	s, err := engine.NewGame(m, engine.Opts{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]Bot, players)
	for i := range bots {
		bots[i] = mk(seed*10 + uint64(i))
	}
	s, err = playBots(s, engine.NewDealer(seed), bots, 20000)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestBotsFinishGames(t *testing.T) {
	for _, m := range []*maps.Map{maps.USA(), maps.Europe()} {
		for n := 2; n <= 5; n++ {
			for _, kind := range []struct {
				name string
				mk   func(uint64) Bot
			}{
				{"random", func(s uint64) Bot { return newRandom(s) }},
				{"greedy", func(s uint64) Bot { return NewGreedy(s) }},
			} {
				s := play(t, m, n, uint64(n), kind.mk)
				if !s.IsTerminal() {
					t.Errorf("%s %s %dp: game not over", m.ID, kind.name, n)
				}
				if err := s.CheckInvariants(); err != nil {
					t.Errorf("%s %s %dp: %v", m.ID, kind.name, n, err)
				}
				t.Logf("%s %s %dp: %d turns, scores %v", m.ID, kind.name, n, s.Turns(), s.Scores())
			}
		}
	}
}

func TestGreedyBeatsRandom(t *testing.T) {
	wins := 0
	const games = 10
	for seed := range uint64(games) {
		s, _ := engine.NewGame(maps.Europe(), engine.Opts{Players: 2})
		s, err := playBots(s, engine.NewDealer(seed), []Bot{NewGreedy(seed), newRandom(seed)}, 20000)
		if err != nil {
			t.Fatal(err)
		}
		sc := s.Scores()
		if sc[0] > sc[1] {
			wins++
		}
	}
	if wins < games*8/10 {
		t.Errorf("greedy won %d of %d games against random, want at least 80%%", wins, games)
	}
}

func TestBotsDeterministic(t *testing.T) {
	for _, mk := range []func(uint64) Bot{
		func(s uint64) Bot { return newRandom(s) },
		func(s uint64) Bot { return NewGreedy(s) },
	} {
		a, _ := play(t, maps.Europe(), 4, 42, mk).MarshalText()
		b, _ := play(t, maps.Europe(), 4, 42, mk).MarshalText()
		if string(a) != string(b) {
			t.Errorf("same seed, different games")
		}
	}
}

func TestGreedyCompletesTickets(t *testing.T) {
	done, total := 0, 0
	for seed := range uint64(5) {
		s := play(t, maps.USA(), 3, seed, func(s uint64) Bot { return NewGreedy(s) })
		for _, p := range s.Result().Players {
			for _, tr := range p.Tickets {
				total++
				if tr.Completed {
					done++
				}
			}
		}
	}
	if done*2 < total {
		t.Errorf("greedy completed %d of %d tickets, want at least half", done, total)
	}
}
