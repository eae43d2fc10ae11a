package input

import (
	"ttr/engine"
	"ttr/maps"
)

// Refusal returns what the table tells a player whose action the rules
// refused: the catalogue's message for e's code (key "rule.<code>") with the
// arguments its parameters give (display/msg.Refusal is this function),
// so that a Notice needs nothing but its Text to be worded. m names cities;
// name says what the table calls engine player p (nil: "Player <p+1>").
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
		return with("wrong_color", map[string]any{"Color": CardColorText(p.Color, 2)})
	case engine.ErrNotEnoughCards:
		// The engine reports Locomotive when any one colour would do (grey
		// routes, stations) and no coloured card says which yet.
		cards := Text{Key: "count.cards_one_color", Args: map[string]any{"Count": p.Need}}
		if p.Color != engine.Locomotive {
			cards = Text{Key: "count.colored_cards", Args: map[string]any{"Count": p.Need, "Color": CardColorText(p.Color, p.Need)}}
		}
		return with("not_enough_cards", map[string]any{"Cards": cards, "Got": max(p.Got, 0)})
	case engine.ErrTooManyCards:
		return with("too_many_cards", map[string]any{"Count": p.Need, "Got": p.Got})
	case engine.ErrNeedLocomotives:
		return with("need_locomotives", map[string]any{"Count": p.Need})
	case engine.ErrLocomotivesOnly:
		return key("locomotives_only")
	case engine.ErrNotEnoughTrains:
		return with("not_enough_trains", map[string]any{"Count": p.Got, "Need": p.Need})
	case engine.ErrRouteClaimed:
		return with("route_claimed", map[string]any{"Player": player(p.Player)})
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
		return with("station_taken", map[string]any{"Player": player(p.Player), "City": city(p.City)})
	case engine.ErrKeepTooFew:
		return with("keep_too_few", map[string]any{"Count": p.Need})
	case engine.ErrTicketNotDrawn:
		return key("ticket_not_drawn")
	case engine.ErrCannotPass:
		return key("cannot_pass")
	case engine.ErrCardInHand:
		return with("card_in_hand", map[string]any{"Player": player(p.Player)})
	case engine.ErrCardInMarket:
		return key("card_in_market")
	case engine.ErrCardDiscarded:
		return key("card_discarded")
	case engine.ErrCardInTunnel:
		return key("card_in_tunnel")
	case engine.ErrCardPlayed:
		return key("card_played")
	case engine.ErrTicketHeld:
		return with("ticket_held", map[string]any{"Player": player(p.Player)})
	case engine.ErrTicketInBox:
		return key("ticket_in_box")
	case engine.ErrTicketNotNext:
		return key("ticket_not_next")
	case engine.ErrTicketWrongPile:
		return key("ticket_wrong_pile")
	}
	return key("wrong_action")
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
