package input_test

import (
	"testing"

	"ttr/engine"
	"ttr/hal"
)

// marketGame returns a 2-player game on mapID whose market is the given
// cards, slot by slot.
func marketGame(t *testing.T, mapID string, hands map[int][]engine.CardID, market ...string) *rig {
	t.Helper()
	r := newRig(t, 2, mapID)
	r.start(0)
	r.setup(hands, cards(t, market...))
	return r
}

func TestDrawFaceUpThenRefill(t *testing.T) {
	r := marketGame(t, "usa", nil, "loco1", "red5", "blue5", "green5", "white5")
	r.prompt(0, "prompt.your_turn")
	if u := r.tb.View().Unavailable; u != [5]bool{} {
		t.Errorf("unavailable %v before the first card, want none", u)
	}
	r.ok(r.touch(hal.MarketSlot, "", 1), engine.DrawFaceUp)
	if !r.game().Hand(0).Has(cards(t, "red5")[0]) {
		t.Fatalf("red5 not in player 0's hand")
	}
	r.prompt(0, "prompt.refill_slot")
	if v := r.tb.View(); !v.Unavailable[1] || v.Public.Market[1] != engine.NoCard {
		t.Errorf("slot 1 %v unavailable %v, want empty and unavailable", v.Public.Market[1], v.Unavailable[1])
	}
	// Nothing else while the slot waits for its card.
	r.refused(r.touch(hal.MarketSlot, "", 2), 0, "rule.wrong_action")
	r.refused(r.scanCard(1, cards(t, "red9")[0]), 1, "refuse.wrong_reader")
	r.refused(r.scanCard(0, cards(t, "blue5")[0]), 0, "rule.card_in_market")
	r.ok(r.scanCard(0, cards(t, "red9")[0]), engine.RevealCard)
	// The second card: the face-up locomotive is marked before it bites.
	r.prompt(0, "prompt.draw_second")
	if u := r.tb.View().Unavailable; u != [5]bool{true, false, false, false, false} {
		t.Errorf("unavailable %v for the second card, want the locomotive in slot 0", u)
	}
	r.refused(r.touch(hal.MarketSlot, "", 0), 0, "rule.second_locomotive")
	// Cancel with nothing in progress asks to take back the face-up card,
	// whose slot was refilled: it cannot be, and the seat is told why.
	r.refused(r.cancel(0), 0, "undo.seen")
	r.ok(r.touch(hal.MarketSlot, "", 2), engine.DrawFaceUp)
	r.ok(r.scanCard(0, cards(t, "red10")[0]), engine.RevealCard)
	r.prompt(1, "prompt.your_turn")
	r.prompt(0, "prompt.waiting")
	if got, want := r.game().Hand(0).Len(), 6; got != want {
		t.Errorf("player 0 holds %d cards, want %d", got, want)
	}
}

func TestFaceUpLocomotiveEndsTheDraw(t *testing.T) {
	r := marketGame(t, "usa", nil, "loco1", "red5", "blue5", "green5", "white5")
	r.ok(r.touch(hal.MarketSlot, "", 0), engine.DrawFaceUp)
	r.ok(r.scanCard(0, cards(t, "red9")[0]), engine.RevealCard)
	r.prompt(1, "prompt.your_turn")
}

func TestBlindDraw(t *testing.T) {
	r := marketGame(t, "usa", nil, "loco1", "red5", "blue5", "green5", "white5")
	hand := r.game().Hand(0)
	// Touch the deck, change your mind.
	r.ok(r.touch(hal.DeckArea, "", 0))
	r.prompt(0, "prompt.scan_blind")
	r.ok(r.cancel(0))
	r.prompt(0, "prompt.your_turn")
	r.ok(r.touch(hal.DeckArea, "", 0))
	r.refused(r.confirm(0), 0, "prompt.scan_blind")
	r.refused(r.scanCard(0, cards(t, "blue5")[0]), 0, "rule.card_in_market")
	r.refused(r.scanTicket(0, 0), 0, "refuse.expected_card")
	r.refused(r.scanCard(0, hand.IDs()[0]), 0, "rule.card_in_hand")
	r.ok(r.scanCard(0, cards(t, "yellow9")[0]), engine.DrawBlind, engine.RevealCard)
	r.prompt(0, "prompt.draw_second")
	r.ok(r.touch(hal.DeckArea, "", 0))
	r.prompt(0, "prompt.scan_blind")
	r.ok(r.cancel(0))
	r.prompt(0, "prompt.draw_second")
	// The second card scanned straight from the deck, without a touch.
	r.ok(r.scanCard(0, cards(t, "loco9")[0]), engine.DrawBlind, engine.RevealCard)
	if got := r.game().Hand(0).Len(); got != 6 {
		t.Errorf("player 0 holds %d cards, want 6 (a blind locomotive counts as one)", got)
	}
	// Player 1: a card of their own hand is not a draw.
	r.refused(r.scanCard(1, r.game().Hand(1).IDs()[0]), 1, "refuse.touch_first")
	r.ok(r.scanCard(1, cards(t, "yellow10")[0]), engine.DrawBlind, engine.RevealCard)
}

func TestTouchRefusals(t *testing.T) {
	r := marketGame(t, "europe", nil, "loco1", "red5", "blue5", "green5", "white5")
	r.refused(r.touch(hal.Nothing, "", 0), 0, "refuse.touch_nothing")
	r.refused(r.touchRoute("paris--mars--1"), 0, "refuse.touch_nothing")
	r.refused(r.touchCity("atlantis"), 0, "refuse.touch_nothing")
	r.refused(r.do(hal.Touch{Kind: hal.RouteArea, ID: "berlin--wien--1", Seat: 1, At: r.at()}), 1, "refuse.not_your_turn")
	r.refused(r.press(1, hal.Confirm), 1, "refuse.not_your_turn")
	r.refused(r.confirm(0), 0, "rule.wrong_action")
	r.refused(r.touch(hal.MarketSlot, "", 7), 0, "rule.no_such_slot")
}

// TestMarketReset: three face-up locomotives; the player refilling lays
// five new cards, told so on their panel and on the banner.
func TestMarketReset(t *testing.T) {
	r := marketGame(t, "usa", nil, "loco1", "loco2", "red5", "green5", "white5")
	r.ok(r.touch(hal.MarketSlot, "", 2), engine.DrawFaceUp)
	res := r.scanCard(0, cards(t, "loco3")[0])
	r.ok(res, engine.RevealCard)
	reset := false
	for _, e := range res.Events {
		reset = reset || e.Kind == engine.EvMarketReset
	}
	if !reset {
		t.Fatalf("no market reset in %v", res.Events)
	}
	for range engine.MarketSize {
		r.prompt(0, "prompt.market_reset", "prompt.lay_progress")
		if b := r.tb.View().Banner.Key; b != "prompt.market_reset" {
			t.Errorf("banner %q, want the market reset", b)
		}
		r.ok(r.scanCard(0, r.deckCards(1, notLoco)[0]), engine.RevealCard)
	}
	r.prompt(0, "prompt.draw_second")
	if b := r.tb.View().Banner.Key; b != "" {
		t.Errorf("banner %q after the market is laid, want none", b)
	}
}
