package input_test

import (
	"reflect"
	"testing"

	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/maps"
)

func TestClaimRoute(t *testing.T) {
	hands := map[int][]engine.CardID{
		0: cards(t, "red1", "red2", "loco1", "blue1"),
		1: cards(t, "red3", "red4", "blue2", "green1"),
	}
	r := newGame(t, 2, "europe", hands)
	route := r.route("berlin--frankfurt--2") // 3 red
	r.ok(r.touchRoute("berlin--frankfurt--2"))
	sv := r.prompt(0, "prompt.claim_route", "prompt.claim_progress")
	if sv.Prompt.Args["From"] != "Berlin" || sv.Prompt.Args["To"] != "Frankfurt" {
		t.Errorf("claim prompt %v, want Berlin – Frankfurt", sv.Prompt.Args)
	}
	want := &input.ClaimView{Route: route, Color: maps.Red, Need: 3}
	if v := r.tb.View(); !reflect.DeepEqual(v.Claim, want) || v.SelectedRoute != route {
		t.Errorf("claim %+v selected %d, want %+v", v.Claim, v.SelectedRoute, want)
	}
	res := r.scanCard(0, cards(t, "blue1")[0])
	r.refused(res, 0, "rule.wrong_color")
	if c := arg(res.Notices[0].Text, "Color"); !reflect.DeepEqual(c, input.Text{Key: "color.red", Args: map[string]any{"Count": 2}}) {
		t.Errorf("wrong colour names %v, want red", c)
	}
	r.refused(r.scanCard(0, cards(t, "red3")[0]), 0, "rule.not_in_hand")
	r.refused(r.scanCard(1, cards(t, "red3")[0]), 1, "refuse.wrong_reader")
	r.ok(r.scanCard(0, cards(t, "red1")[0]))
	sv = r.prompt(0, "prompt.claim_route", "prompt.claim_progress")
	if sv.Progress.Args["Have"] != 1 || sv.Progress.Args["Count"] != 3 {
		t.Errorf("progress %v, want 1 of 3", sv.Progress.Args)
	}
	r.refused(r.scanCard(0, cards(t, "red1")[0]), 0, "refuse.scanned_twice")
	r.refused(r.scanTicket(0, 0), 0, "refuse.expected_card")
	r.ok(r.scanCard(0, cards(t, "loco1")[0]))
	r.refused(r.confirm(0), 0, "rule.not_enough_cards")
	r.refused(r.touchRoute("kyiv--smolensk--1"), 0, "refuse.finish_first")
	r.refused(r.touch(hal.MarketSlot, "", 0), 0, "refuse.finish_first")
	r.refused(r.touch(hal.DeckArea, "", 0), 0, "refuse.finish_first")
	r.ok(r.scanCard(0, cards(t, "red2")[0]))
	r.prompt(0, "prompt.claim_confirm", "prompt.claim_progress")
	r.refused(r.scanCard(0, cards(t, "blue1")[0]), 0, "refuse.enough_cards")
	r.refused(r.confirm(1), 1, "refuse.not_your_turn")
	if c := r.tb.View().Claim; c.Have != 3 || c.Locomotives != 1 {
		t.Errorf("claim %+v, want 3 cards, 1 locomotive", c)
	}
	// Cancel: nothing changed, nothing in progress.
	r.ok(r.cancel(0))
	r.prompt(0, "prompt.your_turn_stations")
	if v := r.tb.View(); v.Claim != nil || v.SelectedRoute != -1 || r.game().Hand(0).Len() != 4 {
		t.Fatalf("after Cancel: claim %+v selected %d hand %d", v.Claim, v.SelectedRoute, r.game().Hand(0).Len())
	}
	// Again, to the end.
	r.ok(r.touchRoute("berlin--frankfurt--2"))
	for _, c := range cards(t, "red1", "loco1", "red2") {
		r.ok(r.scanCard(0, c))
	}
	res = r.confirm(0)
	r.ok(res, engine.ClaimRoute)
	if a := res.Actions[0]; a.Route != route || a.Cards != engine.NewCardSet(cards(t, "red1", "red2", "loco1")...) {
		t.Errorf("claimed %d with %s", a.Route, a.Cards)
	}
	if o := r.game().RouteOwner(route); o != 0 {
		t.Errorf("route owner %d, want 0", o)
	}
	// Player 1: the route is taken, and with 2 players its twin is closed.
	res = r.touchRoute("berlin--frankfurt--2")
	r.refused(res, 0+1, "rule.route_claimed")
	if p := arg(res.Notices[0].Text, "Player"); !reflect.DeepEqual(p, input.Text{Key: "player_color.red"}) {
		t.Errorf("route claimed by %v, want the red player", p)
	}
	r.refused(r.touchRoute("berlin--frankfurt--1"), 1, "rule.double_route_closed")
	// The cards spent are on the discard pile: not a card off the deck.
	r.refused(r.scanCard(1, cards(t, "red1")[0]), 1, "rule.card_discarded")
}

func TestClaimGreyRoute(t *testing.T) {
	hands := map[int][]engine.CardID{0: cards(t, "loco1", "red1", "blue1", "red2")}
	r := newGame(t, 2, "europe", hands)
	r.ok(r.touchRoute("danzig--warszawa--1")) // 2 grey
	r.prompt(0, "prompt.claim_route", "prompt.claim_progress_any")
	r.ok(r.scanCard(0, cards(t, "loco1")[0]))
	r.prompt(0, "prompt.claim_route", "prompt.claim_progress_any")
	r.ok(r.cancel(0))
	r.ok(r.touchRoute("danzig--warszawa--1"))
	r.ok(r.scanCard(0, cards(t, "red1")[0]))
	sv := r.prompt(0, "prompt.claim_route", "prompt.claim_progress")
	if c := arg(sv.Progress, "Color"); !reflect.DeepEqual(c, input.Text{Key: "color.red", Args: map[string]any{"Count": 2}}) {
		t.Errorf("grey route paid in %v, want red", c)
	}
	if c := r.tb.View().Claim.Color; c != maps.Red {
		t.Errorf("claim colour %s, want red", c)
	}
	r.refused(r.scanCard(0, cards(t, "blue1")[0]), 0, "rule.mixed_colors")
	r.ok(r.scanCard(0, cards(t, "red2")[0]))
	r.ok(r.confirm(0), engine.ClaimRoute)
}

func TestClaimFerry(t *testing.T) {
	hands := map[int][]engine.CardID{0: cards(t, "loco1", "loco2", "red1", "red2")}
	r := newGame(t, 2, "europe", hands)
	r.ok(r.touchRoute("dieppe--london--1")) // 2 grey, 1 locomotive
	sv := r.prompt(0, "prompt.claim_ferry")
	if sv.Prompt.Args["Count"] != 1 {
		t.Errorf("ferry prompt %v, want 1 locomotive", sv.Prompt.Args)
	}
	if c := r.tb.View().Claim; c.NeedLocomotives != 1 {
		t.Errorf("claim %+v, want 1 locomotive needed", c)
	}
	r.ok(r.scanCard(0, cards(t, "red1")[0]))
	res := r.scanCard(0, cards(t, "red2")[0])
	r.refused(res, 0, "rule.need_locomotives")
	if n := res.Notices[0].Text.Args["Count"]; n != 1 {
		t.Errorf("need %v locomotives, want 1", n)
	}
	r.ok(r.scanCard(0, cards(t, "loco2")[0]))
	r.prompt(0, "prompt.claim_confirm")
	r.ok(r.confirm(0), engine.ClaimRoute)

	// amsterdam--london needs 2 locomotives in 2 cards: a coloured card
	// can never fit.
	r.ok(r.scanCard(1, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
	r.ok(r.scanCard(1, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
	r.ok(r.touchRoute("amsterdam--london--1"))
	r.refused(r.scanCard(0, cards(t, "red2")[0]), 0, "rule.need_locomotives")
}

func TestClaimOnTheUSAMap(t *testing.T) {
	hands := map[int][]engine.CardID{0: cards(t, "orange1", "orange2", "orange3", "orange4")}
	r := newGame(t, 2, "usa", hands)
	r.refused(r.touchCity("denver"), 0, "rule.no_stations")
	r.prompt(0, "prompt.your_turn")
}
