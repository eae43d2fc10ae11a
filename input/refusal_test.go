package input_test

import (
	"testing"

	"ttr/engine"
)

func TestRefuseTicketsElsewhere(t *testing.T) {
	// USA: a ticket given back lies under the deck; a kept one is held.
	r := newRig(t, 2, "usa")
	r.start(0)
	for r.game().Waiting().Need != engine.NeedTicket {
		w := r.game().Waiting()
		r.ok(r.scanCard(int(r.tb.SeatOf(w.Player)), r.deckCards(1, notLoco)[0]), engine.RevealCard)
	}
	var drawn []engine.TicketID
	for range 3 {
		tk := r.game().LegalActions()[0].Ticket
		drawn = append(drawn, tk)
		r.ok(r.scanTicket(0, tk), engine.RevealTicket)
	}
	r.ok(r.scanTicket(0, drawn[2]))
	r.ok(r.confirm(0), engine.KeepTickets)
	r.refused(r.scanTicket(1, drawn[2]), 1, "rule.ticket_not_next")
	res := r.scanTicket(1, drawn[0])
	r.refused(res, 1, "rule.ticket_held")
	if p := arg(res.Notices[0].Text, "Player"); p == nil {
		t.Errorf("ticket held: no player named")
	}

	// Europe: tickets given back at set-up leave the game.
	r = newRig(t, 2, "europe")
	r.start(0)
	for r.game().Waiting().Need != engine.NeedTicket {
		w := r.game().Waiting()
		r.ok(r.scanCard(int(r.tb.SeatOf(w.Player)), r.deckCards(1, notLoco)[0]), engine.RevealCard)
	}
	drawn = nil
	for range 4 {
		tk := r.game().LegalActions()[0].Ticket
		drawn = append(drawn, tk)
		r.ok(r.scanTicket(0, tk), engine.RevealTicket)
	}
	r.ok(r.scanTicket(0, drawn[3]))
	r.ok(r.confirm(0), engine.KeepTickets)
	r.refused(r.scanTicket(1, drawn[3]), 1, "rule.ticket_in_box")
}

func TestRefuseScanAtSeatWithoutPlayer(t *testing.T) {
	r := newRig(t, 3, "usa")
	r.ok(r.key(2, "join")) // seat 2 does not play
	r.start(0)
	r.refused(r.scanCard(2, 0), 2, "rule.no_such_player")
	r.refused(r.confirm(2), 2, "rule.no_such_player")
	if sv := r.tb.View().Seats[2]; sv.Playing || sv.Player != -1 || !sv.Prompt.IsZero() {
		t.Errorf("empty seat %+v", sv)
	}
}

func TestRefuseDoubleRouteOwned(t *testing.T) {
	hands := map[int][]engine.CardID{0: cards(t, "red1", "red2", "red3", "black1")}
	r := newGame(t, 4, "europe", hands)
	r.ok(r.touchRoute("berlin--frankfurt--2"))
	for _, c := range cards(t, "red1", "red2", "red3") {
		r.ok(r.scanCard(0, c))
	}
	r.ok(r.confirm(0), engine.ClaimRoute)
	for p := 1; p < 4; p++ {
		r.ok(r.scanCard(p, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
		r.ok(r.scanCard(p, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
	}
	r.refused(r.touchRoute("berlin--frankfurt--1"), 0, "rule.double_route_owned")
}

func TestRefuseNoStationsLeft(t *testing.T) {
	hands := map[int][]engine.CardID{0: cards(t, "loco1", "loco2", "loco3", "loco4")}
	r := newGame(t, 2, "europe", hands)
	other := func() {
		r.ok(r.scanCard(1, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
		r.ok(r.scanCard(1, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
	}
	station := func(city string, names ...string) {
		r.ok(r.touchCity(city))
		for _, c := range cards(t, names...) {
			r.ok(r.scanCard(0, c))
		}
		r.ok(r.confirm(0), engine.BuildStation)
		other()
	}
	station("berlin", "loco1")
	station("wien", "loco2", "loco3")
	r.ok(r.scanCard(0, cards(t, "red9")[0]), engine.DrawBlind, engine.RevealCard)
	r.ok(r.scanCard(0, cards(t, "red10")[0]), engine.DrawBlind, engine.RevealCard)
	other()
	station("paris", "loco4", "red9", "red10")
	r.prompt(0, "prompt.your_turn")
	r.refused(r.touchCity("roma"), 0, "rule.no_stations_left")
}

func TestRefuseLocomotivesOnlyTunnel(t *testing.T) {
	hands := map[int][]engine.CardID{0: cards(t, "loco1", "loco2", "loco3", "red1")}
	r := newGame(t, 2, "europe", hands)
	r.ok(r.touchRoute("munchen--venezia--1")) // 2 blue, tunnel
	r.ok(r.scanCard(0, cards(t, "loco1")[0]))
	r.ok(r.scanCard(0, cards(t, "loco2")[0]))
	r.ok(r.confirm(0), engine.ClaimRoute)
	for _, c := range cards(t, "loco9", "blue9", "white9") {
		r.ok(r.scanCard(0, c), engine.RevealCard)
	}
	// Paid with locomotives only: only the revealed locomotive costs, and
	// only a locomotive pays it.
	sv := r.prompt(0, "prompt.tunnel_extra_locomotives")
	if sv.Prompt.Args["Count"] != 1 {
		t.Errorf("extra %v, want 1 locomotive", sv.Prompt.Args)
	}
	r.refused(r.scanCard(0, cards(t, "red1")[0]), 0, "rule.locomotives_only")
	r.ok(r.scanCard(0, cards(t, "loco3")[0]))
	r.ok(r.confirm(0), engine.PayTunnel)
}

func TestRefuseNotEnoughTrains(t *testing.T) {
	// Find a turn where the player lacks the trains for a free route.
	var route int
	s := playEngine(t, "usa", 2, 8, false, func(s *engine.State) bool {
		if s.Waiting().Need != engine.NeedTurn {
			return false
		}
		p := s.Waiting().Player
		for i, rt := range s.Map().Routes {
			if rt.Length > s.TrainsLeft(p) && s.RouteOwner(i) < 0 && (rt.Twin < 0 || s.RouteOwner(rt.Twin) < 0) {
				route = i
				return true
			}
		}
		return false
	})
	r := resumeAt(t, s)
	seat := int(r.tb.SeatOf(s.Waiting().Player))
	res := r.touchRoute(s.Map().Routes[route].ID)
	r.refused(res, seat, "rule.not_enough_trains")
	if res.Notices[0].Text.Args["Need"] != s.Map().Routes[route].Length {
		t.Errorf("not enough trains: %v", res.Notices[0].Text.Args)
	}
}
