package bot

import "ttr/engine"

// A Bot makes a player's decisions.
type Bot interface {
	// Choose returns one of s.LegalActions(); s waits for a decision of
	// the bot's player (or of the table, for the first player).
	Choose(s *engine.State) engine.Action
}
