package input_test

import (
	"reflect"
	"testing"

	"ttr/engine"
	"ttr/hal"
	"ttr/input"
)

// readerStatus reports seat's reader going offline or coming back.
func (r *rig) readerStatus(seat int, st hal.State) input.Result {
	r.t.Helper()
	return r.do(hal.Status{Seat: hal.Seat(seat), Device: hal.DeviceReader, State: st, At: r.at()})
}

// told checks that res tells every seat key, with no refusal.
func (r *rig) told(res input.Result, key string) {
	r.t.Helper()
	if len(res.Notices) != 1 || res.Notices[0].Seat != -1 || res.Notices[0].Text.Key != key || res.Notices[0].Refused {
		r.t.Fatalf("notices %+v, want %s told to every seat", res.Notices, key)
	}
	for i, sv := range r.tb.View().Seats {
		if sv.Notice.Text.Key != key {
			r.t.Errorf("seat %d shows %q, want %q", i, sv.Notice.Text.Key, key)
		}
	}
}

// refusedAt checks that res refused with key at the player's seat and at
// the reader's seat where the card was scanned, and applied nothing.
func (r *rig) refusedAt(res input.Result, key string, seats ...int) {
	r.t.Helper()
	if len(res.Actions) != 0 {
		r.t.Errorf("refusal applied %v", res.Actions)
	}
	var got []int
	for _, n := range res.Notices {
		if !n.Refused || n.Text.Key != key {
			r.t.Fatalf("notice %+v, want refusal %s", n, key)
		}
		got = append(got, int(n.Seat))
	}
	if !reflect.DeepEqual(got, seats) {
		r.t.Fatalf("refusal %s at seats %v, want %v", key, got, seats)
	}
	for _, s := range seats {
		if n := r.tb.View().Seats[s].Notice; n.Text.Key != key || !n.Refused {
			r.t.Errorf("seat %d shows %q, want the refusal %s", s, n.Text.Key, key)
		}
	}
}

// TestDeadReaderStopsTheGame: the reader of the player whose turn it is
// stops answering; after their own Confirm, their scans are made at the
// next seat's reader, every card still checked by the rules, until their
// reader answers again.
func TestDeadReaderStopsTheGame(t *testing.T) {
	hands := map[int][]engine.CardID{
		0: cards(t, "red1", "red2", "loco1", "blue1"),
		1: cards(t, "red3", "red4", "blue2", "green1"),
	}
	r := newGame(t, 3, "europe", hands)
	res := r.readerStatus(0, hal.Offline)

	// The table offers the next seat's reader, on the player's panel, and
	// tells the player at once.
	sv := r.prompt(0, "reader.offer")
	blues := input.Text{Key: "reader.of_player", Args: map[string]any{"Player": input.Blue.Name()}}
	if !reflect.DeepEqual(sv.Prompt.Args["Reader"], blues) {
		t.Errorf("offer of %v, want Blue's reader (the next seat)", sv.Prompt.Args["Reader"])
	}
	if len(res.Notices) != 2 || res.Notices[1].Seat != 0 || !reflect.DeepEqual(res.Notices[1].Text, sv.Prompt) {
		t.Errorf("notices %+v, want the news for all, then the offer for seat 1", res.Notices)
	}
	for i, want := range []string{"reader.offer", "status.reader_offline", "status.reader_offline"} {
		if got := r.tb.View().Seats[i].Notice.Text.Key; got != want {
			t.Errorf("seat %d reads %q, want %q", i+1, got, want)
		}
	}
	deck := r.deckCards(6, notLoco)
	// Not before the player said so.
	r.refused(r.scanCard(1, deck[0]), 1, "reader.confirm_first")
	r.refused(r.confirm(1), 1, "refuse.not_your_turn")
	if !r.tb.View().Seats[0].ReaderOffline {
		t.Errorf("seat 1 not marked offline before the player took the neighbour's reader")
	}
	r.told(r.confirm(0), "reader.borrowing")
	// The panel now says where to scan rather than that nothing can be.
	if r.tb.View().Seats[0].ReaderOffline {
		t.Errorf("seat 1 still marked without a reader while it scans at seat 2's")
	}
	if n := r.tb.View().Seats[2].Notice.Text; n.Args["Seat"] != 1 || !reflect.DeepEqual(n.Args["Reader"], blues) || !reflect.DeepEqual(n.Args["Player"], input.Red.Name()) {
		t.Errorf("news %v, want Red at seat 1 scanning at Blue's reader", n.Args)
	}
	r.prompt(0, "prompt.your_turn_stations", "reader.scan_at")
	sv = r.prompt(1, "reader.lent")
	if !reflect.DeepEqual(sv.Prompt.Args["Player"], input.Red.Name()) {
		t.Errorf("seat 2's panel says %v, want Red scanning there", sv.Prompt.Args)
	}

	// Player 0 draws at seat 1's reader; the rules still check each card.
	r.refusedAt(r.scanCard(1, hands[1][0]), "rule.card_in_hand", 0, 1)
	r.ok(r.scanCard(1, deck[0]), engine.DrawBlind, engine.RevealCard)
	for _, seat := range []int{0, 1} {
		if n := r.tb.View().Seats[seat].Notice; n.Refused {
			t.Errorf("seat %d still shows the refusal %q after the accepted scan", seat+1, n.Text.Key)
		}
	}
	r.ok(r.scanCard(1, deck[1]), engine.DrawBlind, engine.RevealCard)
	if h := r.game().Hand(0); !h.Has(deck[0]) || !h.Has(deck[1]) || h.Len() != 6 {
		t.Fatalf("player 0's hand %v, want the two cards scanned at seat 2's reader", h.IDs())
	}
	// Seat 1 plays at its own reader as usual, then seat 2.
	r.prompt(1, "prompt.your_turn_stations")
	r.ok(r.scanCard(1, deck[2]), engine.DrawBlind, engine.RevealCard)
	r.ok(r.scanCard(1, deck[3]), engine.DrawBlind, engine.RevealCard)
	if r.game().Hand(1).Len() != 6 {
		t.Fatalf("player 1 holds %d cards, want 6", r.game().Hand(1).Len())
	}
	r.refused(r.scanCard(1, deck[4]), 1, "refuse.wrong_reader")
	r.ok(r.scanCard(2, deck[4]), engine.DrawBlind, engine.RevealCard)
	r.ok(r.scanCard(2, deck[5]), engine.DrawBlind, engine.RevealCard)

	// Player 0 again: a claim, paid at seat 1's reader, confirmed on
	// their own buttons, with no new confirmation needed.
	r.ok(r.touchRoute("berlin--frankfurt--2"))
	r.refusedAt(r.scanCard(1, cards(t, "blue1")[0]), "rule.wrong_color", 0, 1)
	for _, c := range cards(t, "red1", "red2", "loco1") {
		r.ok(r.scanCard(1, c))
	}
	r.ok(r.confirm(0), engine.ClaimRoute)
	if o := r.game().RouteOwner(r.route("berlin--frankfurt--2")); o != 0 {
		t.Fatalf("route owner %d, want player 0", o)
	}

	// The reader answers again: scans go back to it.
	r.told(r.readerStatus(0, hal.Online), "reader.back")
	for range 2 {
		c := r.deckCards(1, notLoco)[0]
		r.ok(r.scanCard(1, c), engine.DrawBlind, engine.RevealCard)
	}
	for range 2 {
		r.ok(r.scanCard(2, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
	}
	r.prompt(0, "prompt.your_turn_stations")
	if p := r.tb.View().Seats[1].Prompt; p.Key == "reader.lent" {
		t.Errorf("seat 2's panel still says its reader is lent")
	}
	r.refused(r.scanCard(1, r.deckCards(1, notLoco)[0]), 1, "refuse.wrong_reader")
	r.ok(r.scanCard(0, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
}

// TestDeadReaderAndDeadButtons: with the buttons dead too, the on-screen
// Confirm of the player's own panel accepts the neighbour's reader.
func TestDeadReaderAndDeadButtons(t *testing.T) {
	r := newGame(t, 2, "usa", nil)
	r.readerStatus(0, hal.Offline)
	r.do(hal.Status{Seat: 0, Device: hal.DeviceButtons, State: hal.Offline, At: r.at()})
	r.refused(r.key(1, input.KeyConfirm), 1, "refuse.not_your_turn")
	r.told(r.key(0, input.KeyConfirm), "reader.borrowing")
	r.ok(r.scanCard(1, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
}

// TestDeadReaderNearestWorking: the reader lent is the nearest one that
// answers; with none answering, the player is told to check the cables.
func TestDeadReaderNearestWorking(t *testing.T) {
	r := newGame(t, 4, "europe", nil)
	r.readerStatus(0, hal.Offline)
	r.readerStatus(1, hal.Offline)
	if sv := r.prompt(0, "reader.offer"); !reflect.DeepEqual(arg(sv.Prompt, "Reader.Player"), input.Yellow.Name()) {
		t.Errorf("offer of %v, want Yellow's reader (seat 4, next to seat 1, whose reader works)", sv.Prompt.Args["Reader"])
	}
	r.readerStatus(3, hal.Offline)
	if sv := r.prompt(0, "reader.offer"); !reflect.DeepEqual(arg(sv.Prompt, "Reader.Player"), input.Green.Name()) {
		t.Errorf("offer of %v, want Green's reader (seat 3)", sv.Prompt.Args["Reader"])
	}
	r.readerStatus(2, hal.Offline)
	r.prompt(0, "reader.none")
	// Confirm does nothing new then: nothing is in progress.
	r.refused(r.confirm(0), 0, "rule.wrong_action")
	// A reader comes back: the offer returns.
	r.readerStatus(2, hal.Online)
	r.prompt(0, "reader.offer")
	r.told(r.confirm(0), "reader.borrowing")
	r.ok(r.scanCard(2, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
}

// TestDeadReaderDuringSetUp: the dealing scans of the set-up can be made at
// the neighbour's reader too.
func TestDeadReaderDuringSetUp(t *testing.T) {
	r := newRig(t, 2, "usa")
	r.start(0)
	r.readerStatus(0, hal.Offline)
	r.prompt(0, "reader.offer")
	r.told(r.confirm(0), "reader.borrowing")
	r.ok(r.scanCard(1, r.deckCards(1, notLoco)[0]), engine.RevealCard)
	if n := r.game().Public().Players[0].Cards; n != 1 {
		t.Errorf("player 0 was dealt %d cards, want 1", n)
	}
	r.readerStatus(0, hal.Online)
	r.setup(nil, nil)
	if r.tb.Mode() != input.ModePlay {
		t.Errorf("mode %s after set-up, want play", r.tb.Mode())
	}
}

// TestDeadReaderEmptySeatLends: the nearest reader may be at a seat where
// nobody plays; it is named by its seat, and scans there count for the
// player.
func TestDeadReaderEmptySeatLends(t *testing.T) {
	r := newRig(t, 3, "usa")
	r.ok(r.key(1, input.KeyJoin)) // seat 2 leaves
	r.start(0)
	r.setup(nil, nil)
	r.readerStatus(0, hal.Offline)
	sv := r.prompt(0, "reader.offer")
	if want := (input.Text{Key: "reader.of_seat", Args: map[string]any{"Seat": 2}}); !reflect.DeepEqual(sv.Prompt.Args["Reader"], want) {
		t.Errorf("offer of %v, want the reader at seat 2", sv.Prompt.Args["Reader"])
	}
	r.refused(r.scanCard(1, r.deckCards(1, notLoco)[0]), 1, "reader.confirm_first")
	r.told(r.confirm(0), "reader.borrowing")
	r.ok(r.scanCard(1, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
	if got := r.tb.View().Seats[1].Prompt.Key; got != "reader.lent" {
		t.Errorf("seat 2's panel says %q, want reader.lent", got)
	}
}
