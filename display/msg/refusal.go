package msg

import (
	"ttr/engine"
	"ttr/engine/score"
	"ttr/input"
	"ttr/maps"
)

// Names tells Refusal what to call the things a rule error points at.
type Names struct {
	Map     *maps.Map // cities, named as printed on the board
	Players []Text    // each seat's player as the table calls them, by seat
}

// player returns what the table calls the player at seat: Players[seat],
// or "Player <seat+1>" when Players does not say.
func (n Names) player(seat int) Text {
	if seat >= 0 && seat < len(n.Players) {
		return n.Players[seat]
	}
	return Text{Key: "panel.player", Args: map[string]any{"Number": seat + 1}}
}

// CardColor returns the word for train cards of colour c ("red",
// "locomotive") agreeing with count cards, for a message's Color argument.
func CardColor(c engine.CardColor, count int) Text { return input.CardColorText(c, count) }

// RouteColor returns the word for cards of route colour c ("grey" for
// maps.Gray) agreeing with count cards, for a message's Color argument.
func RouteColor(c maps.Color, count int) Text { return input.RouteColorText(c, count) }

// Refusal returns what the table tells a player whose action the rules
// refused: the message of e's code (key "rule.<code>"), with the details of
// its parameters named by n. Every engine code has its own message in every
// language (the tests check it); a code this package does not know yet reads
// as rule.wrong_action, "That cannot be done now."
func Refusal(e *engine.RuleError, n Names) Text {
	return input.Refusal(e, n.Map, n.player)
}

// Decided returns the end screen's line saying what decided the winner
// (key "end.decided_<tie-break>"): most points, then most completed tickets,
// fewest stations, the longest-route bonus, or a shared victory.
func Decided(t score.TieBreak) Text {
	return Text{Key: "end.decided_" + t.String()}
}
