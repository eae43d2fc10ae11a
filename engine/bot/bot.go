package bot

import (
	"fmt"
	"math/rand/v2"

	"ttr/engine"
)

// A Bot makes a player's decisions.
type Bot interface {
	// Choose returns one of s.LegalActions(); s waits for a decision of
	// the bot's player (or of the table, for the first player).
	Choose(s *engine.State) engine.Action
}

// Random chooses uniformly among the legal actions.
type Random struct {
	rng *rand.Rand
}

// NewRandom returns a random bot seeded with seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: rand.New(rand.NewPCG(seed, 0x5eed))}
}

// Choose implements Bot.
func (b *Random) Choose(s *engine.State) engine.Action {
	return s.PickLegalAction(b.rng.IntN)
}

// Play plays s to the end: chance outcomes from d, each player's decisions
// from bots[player], the table's choice of first player from bots[0]. It
// stops with an error after maxActions actions (0: no limit) or if a bot
// chooses an action the rules refuse.
func Play(s *engine.State, d *engine.Dealer, bots []Bot, maxActions int) (*engine.State, error) {
	if len(bots) < s.Players() {
		return nil, fmt.Errorf("bot: %d bots for %d players", len(bots), s.Players())
	}
	for n := 0; !s.IsTerminal(); n++ {
		if maxActions > 0 && n >= maxActions {
			return s, fmt.Errorf("bot: game not over after %d actions", maxActions)
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
			return s, fmt.Errorf("bot: %s: %w", engine.FormatAction(s.Map(), a), err)
		}
	}
	return s, nil
}
