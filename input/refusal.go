package input

import (
	"strings"

	"ttr/engine"
	"ttr/maps"
)

// Refusal returns what the table tells a player whose action the rules
// refused: the catalogue's message for e's code, key "rule." and the
// code's name with "_" for spaces ("rule.not_enough_cards"), with the
// arguments its parameters give, so that a Notice needs nothing but its
// Text to be worded. A code the engine does not name reads as
// rule.wrong_action. m names cities; name says what the table calls engine
// player p (nil: "Player <p+1>").
func Refusal(e *engine.RuleError, m *maps.Map, name func(p int) Text) Text {
	p := e.Params
	player := func(i int) Text {
		if name == nil {
			return Text{Key: "panel.player", Args: map[string]any{"Number": i + 1}}
		}
		return name(i)
	}
	city := func(i int) string {
		if m == nil || i < 0 || i >= len(m.Cities) {
			return "?"
		}
		return m.Cities[i].Name
	}
	t := Text{Key: refusalKey(e.Code)}
	switch e.Code {
	case engine.ErrWrongColor:
		t.Args = map[string]any{"Color": CardColorText(p.Color, 2)}
	case engine.ErrNotEnoughCards:
		// The engine reports Locomotive when any one colour would do (grey
		// routes, stations) and no coloured card says which yet.
		cards := Text{Key: "count.cards_one_color", Args: map[string]any{"Count": p.Need}}
		if p.Color != engine.Locomotive {
			cards = Text{Key: "count.colored_cards", Args: map[string]any{"Count": p.Need, "Color": CardColorText(p.Color, p.Need)}}
		}
		t.Args = map[string]any{"Cards": cards, "Got": max(p.Got, 0)}
	case engine.ErrTooManyCards:
		t.Args = map[string]any{"Count": p.Need, "Got": p.Got}
	case engine.ErrNeedLocomotives, engine.ErrKeepTooFew:
		t.Args = map[string]any{"Count": p.Need}
	case engine.ErrNotEnoughTrains:
		t.Args = map[string]any{"Count": p.Got, "Need": p.Need}
	case engine.ErrRouteClaimed, engine.ErrCardInHand, engine.ErrTicketHeld:
		t.Args = map[string]any{"Player": player(p.Player)}
	case engine.ErrStationTaken:
		t.Args = map[string]any{"Player": player(p.Player), "City": city(p.City)}
	}
	return t
}

// refusalKey is the catalogue key of code c's message.
func refusalKey(c engine.Code) string {
	name := c.String()
	if c == 0 || strings.HasPrefix(name, "Code(") {
		return "rule.wrong_action"
	}
	return "rule." + strings.ReplaceAll(name, " ", "_")
}

// CardColorText returns the word for train cards of colour c ("red",
// "locomotive") agreeing with count cards, for a message's Color argument.
func CardColorText(c engine.CardColor, count int) Text {
	return Text{Key: "color." + c.String(), Args: map[string]any{"Count": count}}
}

// RouteColorText returns the word for cards of route colour c ("grey" for
// maps.Gray) agreeing with count cards.
func RouteColorText(c maps.Color, count int) Text {
	return Text{Key: "color." + c.String(), Args: map[string]any{"Count": count}}
}
