package msg

import (
	"ttr/engine"
	"ttr/engine/score"
	"ttr/maps"
)

// Names tells Refusal what to call the things a rule error points at.
type Names struct {
	Map     *maps.Map // cities, named as printed on the board
	Players []Text    // each seat's player as the table calls them, by seat
}

// city returns the name of city i as printed on the board.
func (n Names) city(i int) string {
	if n.Map == nil || i < 0 || i >= len(n.Map.Cities) {
		return "?"
	}
	return n.Map.Cities[i].Name
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
func CardColor(c engine.CardColor, count int) Text {
	return Text{Key: "color." + c.String(), Args: map[string]any{CountArg: count}}
}

// RouteColor returns the word for cards of route colour c ("grey" for
// maps.Gray) agreeing with count cards, for a message's Color argument.
func RouteColor(c maps.Color, count int) Text {
	return Text{Key: "color." + c.String(), Args: map[string]any{CountArg: count}}
}

// Refusal returns what the table tells a player whose action the rules
// refused: the message of e's code (key "rule.<code>"), with the details of
// its parameters named by n. Every engine code has its own message in every
// language (the tests check it); a code this package does not know yet reads
// as rule.wrong_action, "That cannot be done now."
func Refusal(e *engine.RuleError, n Names) Text {
	p := e.Params
	key := func(k string) Text { return Text{Key: "rule." + k} }
	with := func(k string, args map[string]any) Text { return Text{Key: "rule." + k, Args: args} }
	switch e.Code {
	case engine.ErrWrongAction:
		return key("wrong_action")
	case engine.ErrGameOver:
		return key("game_over")
	case engine.ErrNoSuchPlayer:
		return key("no_such_player")
	case engine.ErrNoSuchRoute:
		return key("no_such_route")
	case engine.ErrNoSuchCity:
		return key("no_such_city")
	case engine.ErrNoSuchSlot:
		return key("no_such_slot")
	case engine.ErrNoSuchCard:
		return key("no_such_card")
	case engine.ErrNoSuchTicket:
		return key("no_such_ticket")
	case engine.ErrNotInHand:
		return key("not_in_hand")
	case engine.ErrNoCards:
		return key("no_cards")
	case engine.ErrMixedColors:
		return key("mixed_colors")
	case engine.ErrWrongColor:
		return with("wrong_color", map[string]any{"Color": CardColor(p.Color, 2)})
	case engine.ErrNotEnoughCards:
		// The engine reports Locomotive when any one colour would do (grey
		// routes, stations) and no coloured card says which yet.
		cards := Text{Key: "count.cards_one_color", Args: map[string]any{CountArg: p.Need}}
		if p.Color != engine.Locomotive {
			cards = Text{Key: "count.colored_cards", Args: map[string]any{CountArg: p.Need, "Color": CardColor(p.Color, p.Need)}}
		}
		return with("not_enough_cards", map[string]any{"Cards": cards, "Got": max(p.Got, 0)})
	case engine.ErrTooManyCards:
		return with("too_many_cards", map[string]any{CountArg: p.Need, "Got": p.Got})
	case engine.ErrNeedLocomotives:
		return with("need_locomotives", map[string]any{CountArg: p.Need})
	case engine.ErrLocomotivesOnly:
		return key("locomotives_only")
	case engine.ErrNotEnoughTrains:
		return with("not_enough_trains", map[string]any{CountArg: p.Got, "Need": p.Need})
	case engine.ErrRouteClaimed:
		return with("route_claimed", map[string]any{"Player": n.player(p.Player)})
	case engine.ErrDoubleRouteOwned:
		return key("double_route_owned")
	case engine.ErrDoubleRouteClosed:
		return key("double_route_closed")
	case engine.ErrSlotEmpty:
		return key("slot_empty")
	case engine.ErrSecondLocomotive:
		return key("second_locomotive")
	case engine.ErrNoTrainCards:
		return key("no_train_cards")
	case engine.ErrNoTickets:
		return key("no_tickets")
	case engine.ErrNoStations:
		return key("no_stations")
	case engine.ErrNoStationsLeft:
		return key("no_stations_left")
	case engine.ErrStationTaken:
		return with("station_taken", map[string]any{"Player": n.player(p.Player), "City": n.city(p.City)})
	case engine.ErrKeepTooFew:
		return with("keep_too_few", map[string]any{CountArg: p.Need})
	case engine.ErrTicketNotDrawn:
		return key("ticket_not_drawn")
	case engine.ErrCannotPass:
		return key("cannot_pass")
	case engine.ErrCardInHand:
		return with("card_in_hand", map[string]any{"Player": n.player(p.Player)})
	case engine.ErrCardInMarket:
		return key("card_in_market")
	case engine.ErrCardDiscarded:
		return key("card_discarded")
	case engine.ErrCardInTunnel:
		return key("card_in_tunnel")
	case engine.ErrCardPlayed:
		return key("card_played")
	case engine.ErrTicketHeld:
		return with("ticket_held", map[string]any{"Player": n.player(p.Player)})
	case engine.ErrTicketInBox:
		return key("ticket_in_box")
	case engine.ErrTicketNotNext:
		return key("ticket_not_next")
	case engine.ErrTicketWrongPile:
		return key("ticket_wrong_pile")
	}
	return key("wrong_action")
}

// Decided returns the end screen's line saying what decided the winner
// (key "end.decided_<tie-break>"): most points, then most completed tickets,
// fewest stations, the longest-route bonus, or a shared victory.
func Decided(t score.TieBreak) Text {
	return Text{Key: "end.decided_" + t.String()}
}
