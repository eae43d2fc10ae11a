package input_test

import (
	"reflect"
	"testing"

	"ttr/engine"
	"ttr/hal"
)

// TestEverySeatToldTheLastMovesAndScores: the View carries the last moves
// for every strip, oldest first, a turn's two cards in one line, and every
// player's score in turn order.
func TestEverySeatToldTheLastMovesAndScores(t *testing.T) {
	hands := map[int][]engine.CardID{1: cards(t, "red1", "red2", "red5", "blue1")}
	r := newGame(t, 3, "europe", hands)
	start := len(r.tb.View().Moves)
	// Player 0 draws two cards from the deck: one line.
	r.ok(r.touch(hal.DeckArea, "", 0))
	r.ok(r.scanCard(0, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
	r.ok(r.touch(hal.DeckArea, "", 0))
	r.ok(r.scanCard(0, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
	// Player 1 claims a route.
	r.ok(r.touchRoute("berlin--frankfurt--2"))
	for _, c := range cards(t, "red1", "red2", "red5") {
		r.ok(r.scanCard(1, c))
	}
	r.ok(r.confirm(1), engine.ClaimRoute)
	v := r.tb.View()
	moves := v.Moves[start:]
	if len(moves) != 2 || moves[0].Text.Key != "news.drew_deck" || moves[0].Text.Args["Count"] != 2 || moves[1].Text.Key != "news.claimed" {
		var keys []string
		for _, m := range moves {
			keys = append(keys, m.Text.Key)
		}
		t.Fatalf("moves %v, want the two cards drawn in one line, then the claim", keys)
	}
	if !reflect.DeepEqual(moves[1], v.Announce) {
		t.Errorf("the last move %+v is not the announcement %+v", moves[1], v.Announce)
	}
	if len(v.Scores) != 3 {
		t.Fatalf("%d scores, want 3", len(v.Scores))
	}
	for p, sc := range v.Scores {
		if sc.Player != p || sc.Seat != r.tb.SeatOf(p) || sc.Score != v.Public.Players[p].Score || sc.Name.IsZero() {
			t.Errorf("score %d: %+v, want player %d's", p, sc, p)
		}
	}
	if v.Scores[1].Score != 4 {
		t.Errorf("player 1 scores %d after a route of 3, want 4", v.Scores[1].Score)
	}
	// The log keeps the last few only.
	for range 6 {
		w := r.game().Waiting()
		seat := int(r.tb.SeatOf(w.Player))
		r.ok(r.touch(hal.DeckArea, "", 0))
		r.ok(r.scanCard(seat, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
		r.ok(r.touch(hal.DeckArea, "", 0))
		r.ok(r.scanCard(seat, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
	}
	if n := len(r.tb.View().Moves); n != 8 {
		t.Errorf("%d moves kept, want the last 8", n)
	}
}

// TestTicketGivenBackIsTold: a ticket scanned to give back is told on the
// keeper's panel with the count given back, never by its cities (on no
// screen before the end), and a second scan says it is kept after all.
func TestTicketGivenBackIsTold(t *testing.T) {
	r := newGame(t, 2, "usa", nil)
	r.ok(r.touch(hal.TicketDeck, "", 0))
	r.ok(r.scanTicket(0, topTicket(r.game())), engine.DrawTickets, engine.RevealTicket)
	for range 2 {
		r.ok(r.scanTicket(0, topTicket(r.game())), engine.RevealTicket)
	}
	tk := r.game().DrawnTickets(0).IDs()[1]
	res := r.scanTicket(0, tk)
	r.ok(res)
	if n := res.Notices; len(n) != 1 || n[0].Text.Key != "keep.marked" || n[0].Text.Args["Give"] != 1 || n[0].Text.Args["Drawn"] != 3 || n[0].Seat != 0 {
		t.Fatalf("notices %+v, want seat 0 told 1 of 3 is given back", n)
	}
	for _, n := range res.Notices {
		if _, ok := n.Text.Args["From"]; ok {
			t.Errorf("notice %+v names the ticket's cities", n)
		}
	}
	if k := r.tb.View().Keep; k == nil || k.GiveBack != 1 {
		t.Fatalf("keep view %+v, want 1 given back", k)
	}
	res = r.scanTicket(0, tk)
	r.ok(res)
	if n := res.Notices; len(n) != 1 || n[0].Text.Key != "keep.unmarked" || n[0].Text.Args["Give"] != 0 {
		t.Fatalf("second scan: notices %+v, want keep.unmarked", n)
	}
	if k := r.tb.View().Keep; k.GiveBack != 0 {
		t.Fatalf("keep view %+v after the second scan, want nothing marked", k)
	}
}
