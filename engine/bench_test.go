package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"ttr/maps"
)

// playRandom plays one complete game of uniformly random legal decisions,
// in place, and scores it.
func playRandom(m *maps.Map, players int, seed uint64, r *rand.Rand, buf []Action) ([]Action, int, error) {
	s, err := NewGame(m, Opts{Players: players})
	if err != nil {
		return buf, 0, err
	}
	d := NewDealer(seed)
	n := 0
	for !s.IsTerminal() {
		var a Action
		if s.IsChance() {
			a = d.Outcome(s)
		} else {
			a, buf = randomLegal(s, r, buf)
		}
		if err := s.Do(a); err != nil {
			return buf, n, err
		}
		n++
	}
	s.Result()
	return buf, n, nil
}

// BenchmarkRandomGame plays complete random games (set-up, play and final
// scoring) and reports games per second and actions per game.
func BenchmarkRandomGame(b *testing.B) {
	for _, m := range []*maps.Map{maps.USA(), maps.Europe()} {
		for players := MinPlayers; players <= MaxPlayers; players++ {
			b.Run(fmt.Sprintf("%s/%dp", m.ID, players), func(b *testing.B) {
				r := rand.New(rand.NewPCG(1, 2))
				var buf []Action
				actions := 0
				seed := uint64(0)
				for b.Loop() {
					var n int
					var err error
					buf, n, err = playRandom(m, players, seed, r, buf)
					if err != nil {
						b.Fatal(err)
					}
					actions += n
					seed++
				}
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
				b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
			})
		}
	}
}

// recorded returns the states and actions of one random 4-player Europe
// game.
func recorded(b *testing.B) ([]*State, []Action) {
	m := maps.Europe()
	s, _ := NewGame(m, Opts{Players: 4})
	d := NewDealer(3)
	r := rand.New(rand.NewPCG(3, 4))
	var states []*State
	var acts []Action
	for !s.IsTerminal() {
		var a Action
		if s.IsChance() {
			a = d.Outcome(s)
		} else {
			la := s.LegalActions()
			a = la[r.IntN(len(la))]
		}
		states = append(states, s)
		acts = append(acts, a)
		n, _, err := s.Apply(a)
		if err != nil {
			b.Fatal(err)
		}
		s = n
	}
	return states, acts
}

// BenchmarkApply is the cost of one Apply (copying the state, with
// events), averaged over a random 4-player Europe game.
func BenchmarkApply(b *testing.B) {
	states, acts := recorded(b)
	i := 0
	for b.Loop() {
		if _, _, err := states[i].Apply(acts[i]); err != nil {
			b.Fatal(err)
		}
		i = (i + 1) % len(states)
	}
}

// BenchmarkDo is the cost of applying one action in place (without
// events), replaying a random 4-player Europe game.
func BenchmarkDo(b *testing.B) {
	_, acts := recorded(b)
	m := maps.Europe()
	for b.Loop() {
		s, _ := NewGame(m, Opts{Players: 4})
		for _, a := range acts {
			if err := s.Do(a); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(acts)), "ns/action")
}

// BenchmarkLegalActions is the cost of listing the legal actions at a
// decision, averaged over a random 4-player Europe game.
func BenchmarkLegalActions(b *testing.B) {
	states, _ := recorded(b)
	var dec []*State
	for _, s := range states {
		if !s.IsChance() {
			dec = append(dec, s)
		}
	}
	var buf []Action
	i := 0
	for b.Loop() {
		buf = dec[i].AppendLegalActions(buf[:0])
		i = (i + 1) % len(dec)
	}
}

// BenchmarkFinalScore is the cost of the final scoring of a finished
// random 4-player Europe game.
func BenchmarkFinalScore(b *testing.B) {
	states, acts := recorded(b)
	last, _, _ := states[len(states)-1].Apply(acts[len(acts)-1])
	for b.Loop() {
		last.Result()
	}
}
