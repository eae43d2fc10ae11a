package inputtest

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"ttr/engine"
	"ttr/hal"
	"ttr/input"
)

// CardUID returns the UID of train card c in the fake registry: "C-red3".
func CardUID(c engine.CardID) hal.UID { return hal.UID("C-" + c.String()) }

// TicketUID returns the UID of ticket t of the map mapID in the fake
// registry: "T-europe-12".
func TicketUID(mapID string, t engine.TicketID) hal.UID {
	return hal.UID(fmt.Sprintf("T-%s-%d", mapID, t))
}

// UID returns the UID of tag in the fake registry. It has the type of
// the tag argument of input.Table.Gestures.
func UID(tag input.Tag) hal.UID {
	if tag.Kind == input.TagCard {
		return CardUID(tag.Card)
	}
	return TicketUID(tag.Map, tag.Ticket)
}

// Resolve returns the tag a UID of the fake registry names, and false for
// a UID it does not know (another prefix, a card that does not exist, a
// ticket number outside 0 to 63). It is an input.Opts.Resolve.
func Resolve(u hal.UID) (input.Tag, bool) {
	s := string(u)
	switch {
	case strings.HasPrefix(s, "C-"):
		c, ok := engine.ParseCardID(s[2:])
		if !ok || !c.Valid() {
			return input.Tag{}, false
		}
		return input.CardTag(c), true
	case strings.HasPrefix(s, "T-"):
		m, n, ok := strings.Cut(s[2:], "-")
		i, err := strconv.Atoi(n)
		if !ok || err != nil || i < 0 || i > 63 {
			return input.Tag{}, false
		}
		return input.TicketTag(m, engine.TicketID(i)), true
	}
	return input.Tag{}, false
}

// BotChoice picks a decision of the player s waits for among its legal
// actions, claiming routes often so that games end: with one draw x of
// rng in [0, 1) it pays for a tunnel if x < 0.8, claims a route if
// x < 0.6, builds a station if x < stations, draws tickets if x < 0.04
// (each only if legal); otherwise it draws blind or face up, each on a
// coin toss, and failing all that takes any legal action. Callers pass
// their own stations odds: each test suite's games, and the golden
// screenshots drawn from them, depend on the value they were made with.
//
// s must wait for a player's decision (not IsChance).
func BotChoice(rng *rand.Rand, s *engine.State, stations float64) engine.Action {
	legal := s.LegalActions()
	byKind := map[engine.ActionKind][]engine.Action{}
	for _, a := range legal {
		byKind[a.Kind] = append(byKind[a.Kind], a)
	}
	pick := func(k engine.ActionKind) (engine.Action, bool) {
		as := byKind[k]
		if len(as) == 0 {
			return engine.Action{}, false
		}
		return as[rng.IntN(len(as))], true
	}
	x := rng.Float64()
	for _, try := range []struct {
		k engine.ActionKind
		p float64
	}{
		{engine.PayTunnel, 0.8},
		{engine.ClaimRoute, 0.6},
		{engine.BuildStation, stations},
		{engine.DrawTickets, 0.04},
	} {
		if x < try.p {
			if a, ok := pick(try.k); ok {
				return a
			}
		}
	}
	for _, k := range []engine.ActionKind{engine.DrawBlind, engine.DrawFaceUp} {
		if rng.IntN(2) == 0 {
			if a, ok := pick(k); ok {
				return a
			}
		}
	}
	return legal[rng.IntN(len(legal))]
}

// Claimable returns the first legal claim, in LegalActions order, of the
// player whose turn it is that satisfies ok, and false when s does not
// wait for a turn or no claim satisfies ok.
func Claimable(s *engine.State, ok func(a engine.Action) bool) (engine.Action, bool) {
	if s.IsChance() || s.Waiting().Need != engine.NeedTurn {
		return engine.Action{}, false
	}
	for _, a := range s.LegalActions() {
		if a.Kind == engine.ClaimRoute && ok(a) {
			return a, true
		}
	}
	return engine.Action{}, false
}
