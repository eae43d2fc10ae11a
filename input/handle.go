package input

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"ttr/engine"
	"ttr/hal"
	"ttr/maps"
)

// try applies actions all or none; a refusal goes to seat.
func (t *Table) try(r *Result, seat hal.Seat, at time.Time, actions ...engine.Action) Result {
	if err := t.apply(r, at, actions...); err != nil {
		return t.refuseErr(r, seat, at, err)
	}
	return *r
}

// Scan takes a tag placed on a seat's reader: a card or ticket drawn, dealt,
// laid in the market or revealed for a tunnel (chance outcomes), a card
// paid for a route, a station or a tunnel, a ticket given back. A scan the
// table accepts clears the refusal the seat's panel was showing: the
// player has put it right.
func (t *Table) Scan(ev hal.Scan) Result {
	t.rev = t.revs.Next()
	reader := ev.Seat
	ev.Seat = t.scanSeat(reader)
	r := t.scan(ev)
	r.Sound = soundOf(&r, true)
	if !refused(r) {
		t.clearRefusal(ev.Seat)
		t.clearRefusal(reader)
		return r
	}
	if ev.Seat != reader {
		// The player scans at a neighbour's reader: the refusal is shown
		// there too, where they stand.
		for _, n := range r.Notices {
			if n.Refused && n.Seat == ev.Seat {
				n.Seat = reader
				t.notify(&r, n)
			}
		}
	}
	return r
}

// refused reports whether r refuses its event.
func refused(r Result) bool {
	for _, n := range r.Notices {
		if n.Refused {
			return true
		}
	}
	return false
}

// clearRefusal takes the refusal off seat's panel, if it shows one.
func (t *Table) clearRefusal(seat hal.Seat) {
	if seat >= 0 && int(seat) < len(t.notices) && t.notices[seat].Refused {
		t.notices[seat] = Notice{}
	}
}

func (t *Table) scan(ev hal.Scan) Result {
	var r Result
	seat, at := ev.Seat, ev.At
	if t.st == nil || t.mode == ModeEnd {
		return t.refuse(&r, seat, at, "rule.wrong_action", nil)
	}
	if t.borrowWait(&r, seat, at) {
		return r
	}
	if t.PlayerAt(seat) < 0 {
		return t.refuse(&r, seat, at, "rule.no_such_player", nil)
	}
	tag, ok := t.opts.Resolve(ev.UID)
	if !ok {
		return t.refuse(&r, seat, at, "refuse.unknown_tag", nil)
	}
	// A game is played with one box of train cards, the box of its first
	// card scanned (set-up included).
	if tag.Kind == TagCard && tag.Box != 0 {
		if t.box == 0 {
			t.box = tag.Box
		} else if tag.Box != t.box {
			return t.refuse(&r, seat, at, "registry.other_box", map[string]any{"Box": tag.Box, "Game": t.box})
		}
	}
	if t.mode == ModeSetup {
		return t.scanSetup(&r, seat, at, tag)
	}
	w := t.st.Waiting()
	if w.Player < 0 {
		return t.refuse(&r, seat, at, "rule.wrong_action", nil)
	}
	if seat != t.SeatOf(w.Player) {
		return t.refuse(&r, seat, at, "refuse.wrong_reader", map[string]any{"Player": t.name(w.Player)})
	}
	wantCard := func() bool {
		if tag.Kind != TagCard {
			t.refuse(&r, seat, at, "refuse.expected_card", nil)
			return false
		}
		return true
	}
	wantTicket := func() (engine.TicketID, bool) { return t.ticketOf(&r, seat, at, tag) }
	switch w.Need {
	case engine.NeedCardToHand, engine.NeedCardToMarket, engine.NeedCardToTunnel:
		if !wantCard() {
			return r
		}
		return t.try(&r, seat, at, engine.NewRevealCard(tag.Card))
	case engine.NeedTicket:
		tk, ok := wantTicket()
		if !ok {
			return r
		}
		return t.try(&r, seat, at, engine.NewRevealTicket(tk))
	case engine.NeedKeep:
		tk, ok := wantTicket()
		if !ok {
			return r
		}
		return t.giveBack(&r, seat, at, w, tk, &t.give)
	case engine.NeedTurn:
		switch t.g {
		case gClaim, gStation:
			if !wantCard() {
				return r
			}
			return t.scanPay(&r, seat, at, tag.Card)
		case gBlind:
			if !wantCard() {
				return r
			}
			return t.try(&r, seat, at, engine.NewDrawBlind(), engine.NewRevealCard(tag.Card))
		case gTickets:
			tk, ok := wantTicket()
			if !ok {
				return r
			}
			return t.try(&r, seat, at, engine.NewDrawTickets(), engine.NewRevealTicket(tk))
		}
		if tag.Kind == TagCard {
			if loc, who := t.st.Where(tag.Card); loc == engine.InHand && who == w.Player {
				return t.refuse(&r, seat, at, "refuse.touch_first", nil)
			}
			return t.try(&r, seat, at, engine.NewDrawBlind(), engine.NewRevealCard(tag.Card))
		}
		tk, ok := wantTicket()
		if !ok {
			return r
		}
		return t.try(&r, seat, at, engine.NewDrawTickets(), engine.NewRevealTicket(tk))
	case engine.NeedSecondCard:
		if !wantCard() {
			return r
		}
		return t.try(&r, seat, at, engine.NewDrawBlind(), engine.NewRevealCard(tag.Card))
	case engine.NeedTunnel:
		if !wantCard() {
			return r
		}
		return t.scanPay(&r, seat, at, tag.Card)
	}
	return t.refuse(&r, seat, at, "rule.wrong_action", nil)
}

// noParams returns rule error parameters with every int unused (-1).
func noParams() engine.Params {
	return engine.Params{Need: -1, Got: -1, Player: -1, Route: -1, Other: -1, City: -1, Slot: -1}
}

// giveBack marks ticket tk to be given back (in marks), or takes the mark
// off when it was already marked, refusing a mark that would keep too few.
func (t *Table) giveBack(r *Result, seat hal.Seat, at time.Time, w engine.Wait, tk engine.TicketID, marks *engine.TicketSet) Result {
	drawn := t.st.DrawnTickets(w.Player)
	one := engine.NewTicketSet(tk)
	if !drawn.Has(tk) {
		p := noParams()
		p.Ticket = tk
		return t.refuseErr(r, seat, at, &engine.RuleError{Code: engine.ErrTicketNotDrawn, Params: p})
	}
	if marks.Has(tk) {
		// A second scan takes the mark off, and says so.
		*marks &^= one
		t.notify(r, Notice{Seat: seat, Text: keepText("keep.unmarked", *marks, drawn), At: at})
		return *r
	}
	if kept := drawn.Len() - marks.Len() - 1; kept < w.Count {
		p := noParams()
		p.Need, p.Got = w.Count, kept
		return t.refuseErr(r, seat, at, &engine.RuleError{Code: engine.ErrKeepTooFew, Params: p})
	}
	*marks |= one
	t.notify(r, Notice{Seat: seat, Text: keepText("keep.marked", *marks, drawn), At: at})
	return *r
}

// keepText says what a scan of a drawn ticket did, with how many of the
// drawn tickets are now marked to give back. It never names the ticket: a
// ticket's cities are on no screen before the end (the player holds the
// ticket they just scanned).
func keepText(key string, marks, drawn engine.TicketSet) Text {
	return Text{Key: key, Args: map[string]any{"Give": marks.Len(), "Drawn": drawn.Len()}}
}

// payment returns the payment in progress with cards: the tunnel's extra
// cost, the claim or the station; the zero Action when none is.
func (t *Table) payment(cards engine.CardSet) engine.Action {
	switch {
	case t.st.Waiting().Need == engine.NeedTunnel:
		return engine.NewPayTunnel(cards.IDs()...)
	case t.g == gClaim:
		return engine.NewClaimRoute(t.route, cards.IDs()...)
	case t.g == gStation:
		return engine.NewBuildStation(t.city, cards.IDs()...)
	}
	return engine.Action{}
}

// scanPay adds a card to the payment in progress, or refuses it at once:
// the engine says how many cards the payment takes and whether those
// scanned so far can still make it.
func (t *Table) scanPay(r *Result, seat hal.Seat, at time.Time, c engine.CardID) Result {
	if t.cards.Has(c) {
		return t.refuse(r, seat, at, "refuse.scanned_twice", nil)
	}
	cards := t.cards
	cards.Add(c)
	need, err := t.st.PaymentSoFar(t.payment(cards))
	if err != nil && t.cards.Len() < need {
		if twin, ok := t.otherLane(cards); ok {
			// The card fits only the other lane of the double route:
			// the claim moves there rather than refuse it.
			t.route = twin
			need, err = t.st.PaymentSoFar(t.payment(cards))
			rt := &t.m.Routes[twin]
			t.notify(r, Notice{Seat: seat, Text: Text{Key: "lanes.switched", Args: map[string]any{
				"Color": CardColorText(c.Color(), cards.Len()), "From": t.m.Cities[rt.A].Name, "To": t.m.Cities[rt.B].Name,
			}}, At: at})
		}
	}
	if t.cards.Len() >= need {
		return t.refuse(r, seat, at, "refuse.enough_cards", nil)
	}
	if err != nil {
		return t.refuseErr(r, seat, at, err)
	}
	t.cards = cards
	return *r
}

// otherLane returns the other lane of the double route being claimed when
// it is open to the player and cards can pay for it: the two lanes lie a
// finger's width apart, and the cards say which one the player meant.
func (t *Table) otherLane(cards engine.CardSet) (int, bool) {
	if t.g != gClaim {
		return 0, false
	}
	twin := t.m.Routes[t.route].Twin
	if twin < 0 {
		return 0, false
	}
	if err := t.st.CheckClaim(twin, engine.CardSet{}); !isNoCards(err) {
		return 0, false
	}
	if _, err := t.st.PaymentSoFar(engine.NewClaimRoute(twin, cards.IDs()...)); err != nil {
		return 0, false
	}
	return twin, true
}

// Press takes a press of a seat's button (already debounced by hal).
func (t *Table) Press(ev hal.Press) Result {
	t.rev = t.revs.Next()
	var r Result
	switch ev.Button {
	case hal.Confirm:
		if ev.Long && t.asked == askAbandon {
			// Only a deliberate press stops a game: both buttons held
			// together (the owner's menu's gesture, tried during a game)
			// give a long Cancel, which asks, then a long Confirm, which
			// must not answer.
			break
		}
		r = t.confirm(ev.Seat, ev.At)
	case hal.Cancel:
		if ev.Long && t.asked == askNone && (t.mode == ModePlay || t.mode == ModeSetup) {
			// Cancel held: a seat's buttons alone can stop the game (the
			// same question as KeyAbandon, answered with Confirm).
			r = t.askAbandon(&r, ev.Seat, ev.At)
			break
		}
		r = t.cancel(ev.Seat, ev.At)
	}
	r.Sound = soundOf(&r, false)
	return r
}

// actor checks that seat is the one the table waits for, refusing
// otherwise.
func (t *Table) actor(r *Result, seat hal.Seat, at time.Time) (engine.Wait, bool) {
	w := t.st.Waiting()
	switch {
	case t.PlayerAt(seat) < 0:
		t.refuse(r, seat, at, "rule.no_such_player", nil)
		return w, false
	case w.Player < 0:
		t.refuse(r, seat, at, "rule.wrong_action", nil)
		return w, false
	case seat != t.SeatOf(w.Player):
		t.refuse(r, seat, at, "refuse.not_your_turn", nil)
		return w, false
	}
	return w, true
}

// confirm takes Confirm at seat: start the game, keep the tickets, claim the
// route, build the station, pay the tunnel, or pass when nothing else is
// possible.
func (t *Table) confirm(seat hal.Seat, at time.Time) Result {
	var r Result
	switch t.mode {
	case ModeStart:
		return t.start(seat, at)
	case ModeEnd:
		return r
	}
	if t.answer(&r, seat, at, true) {
		return r
	}
	if t.mode == ModeSetup && seat != t.waitingSeat() {
		return t.confirmSetup(&r, seat, at)
	}
	w, ok := t.actor(&r, seat, at)
	if !ok {
		return r
	}
	if t.mayBorrow(seat) {
		return t.acceptBorrow(&r, seat, at)
	}
	if t.mode == ModeSetup {
		return t.confirmSetup(&r, seat, at)
	}
	switch w.Need {
	case engine.NeedKeep:
		return t.try(&r, seat, at, engine.NewKeepTickets(t.give.IDs()...))
	case engine.NeedTunnel:
		return t.try(&r, seat, at, engine.NewPayTunnel(t.cards.IDs()...))
	case engine.NeedTurn:
		switch t.g {
		case gClaim:
			return t.try(&r, seat, at, engine.NewClaimRoute(t.route, t.cards.IDs()...))
		case gStation:
			return t.try(&r, seat, at, engine.NewBuildStation(t.city, t.cards.IDs()...))
		case gBlind:
			return t.refuse(&r, seat, at, "prompt.scan_blind", nil)
		case gTickets:
			return t.refuse(&r, seat, at, "refuse.scan_tickets", nil)
		}
		if t.mustPass() {
			return t.try(&r, seat, at, engine.NewPass())
		}
	}
	return t.refuse(&r, seat, at, "rule.wrong_action", nil)
}

// mustPass reports whether the current player can do nothing but pass.
func (t *Table) mustPass() bool {
	// Cheap first: anyone who can draw a card or a ticket can act (the
	// display asks for the View every frame).
	if t.st.Deck().Len()+t.st.Discards().Len() > 0 || t.st.TicketsInDeck() > 0 {
		return false
	}
	for _, c := range t.st.Market() {
		if c != engine.NoCard {
			return false
		}
	}
	legal := t.st.LegalActions()
	return len(legal) == 1 && legal[0].Kind == engine.Pass
}

// cancel takes Cancel at seat: drop the gesture in progress, the tickets
// marked to give back, or withdraw a tunnel.
func (t *Table) cancel(seat hal.Seat, at time.Time) Result {
	var r Result
	if t.closeHelp(seat) {
		return r
	}
	if t.mode == ModeStart || t.mode == ModeEnd {
		return r
	}
	if t.answer(&r, seat, at, false) {
		return r
	}
	if t.mode == ModeSetup {
		return t.cancelSetup(&r, seat, at)
	}
	if t.PlayerAt(seat) < 0 {
		return t.refuse(&r, seat, at, "rule.no_such_player", nil)
	}
	w := t.st.Waiting()
	if seat != t.SeatOf(w.Player) {
		// Nothing of theirs in progress: a player asks to take back
		// their last decision.
		return t.askUndo(&r, seat, at)
	}
	if t.g != gNone {
		t.clearGesture()
		return r
	}
	switch {
	case w.Need == engine.NeedKeep && t.give != 0:
		t.give = 0
		return r
	case w.Need == engine.NeedTunnel:
		return t.try(&r, seat, at, engine.NewWithdrawTunnel())
	}
	return t.askUndo(&r, seat, at)
}

// Touch takes a touch on the screen, already resolved to what it landed on.
// Touches on the board act for the player the table waits for; touches on
// a seat's panel (Touch.Seat >= 0) for that seat.
func (t *Table) Touch(ev hal.Touch) Result {
	t.rev = t.revs.Next()
	r := t.touch(ev)
	r.Sound = soundOf(&r, false)
	return r
}

func (t *Table) touch(ev hal.Touch) Result {
	var r Result
	at := ev.At
	if ev.Kind == hal.ScreenKey {
		return t.key(ev)
	}
	if t.mode == ModeStart || t.mode == ModeEnd {
		return r
	}
	w := t.st.Waiting()
	seat := t.SeatOf(w.Player)
	if ev.Seat >= 0 && ev.Seat != seat {
		return t.refuse(&r, ev.Seat, at, "refuse.not_your_turn", nil)
	}
	if ev.Kind == hal.Nothing {
		return t.refuse(&r, seat, at, "refuse.touch_nothing", nil)
	}
	if w.Need != engine.NeedTurn && w.Need != engine.NeedSecondCard {
		return t.refuse(&r, seat, at, "rule.wrong_action", nil)
	}
	busy := (t.g == gClaim || t.g == gStation) && !t.cards.Empty()
	switch ev.Kind {
	case hal.RouteArea:
		rt, ok := t.m.Route(ev.ID)
		if !ok {
			return t.refuse(&r, seat, at, "refuse.touch_nothing", nil)
		}
		if t.g == gClaim && t.route == rt {
			return r
		}
		if busy {
			return t.refuse(&r, seat, at, "refuse.finish_first", nil)
		}
		if err := t.st.CheckClaim(rt, engine.CardSet{}); !isNoCards(err) {
			// The two lanes of a double route are one touch area where
			// they lie closer than a fingertip: a touch on a lane
			// already taken means the other, when it is open.
			tw := t.m.Routes[rt].Twin
			if tw < 0 || !isNoCards(t.st.CheckClaim(tw, engine.CardSet{})) {
				return t.refuseErr(&r, seat, at, err)
			}
			rt = tw
		}
		t.clearGesture()
		t.g, t.route = gClaim, rt
	case hal.CityArea:
		city, ok := t.m.City(ev.ID)
		if !ok {
			return t.refuse(&r, seat, at, "refuse.touch_nothing", nil)
		}
		if t.g == gStation && t.city == city {
			return r
		}
		if busy {
			return t.refuse(&r, seat, at, "refuse.finish_first", nil)
		}
		if err := t.st.CheckStation(city, engine.CardSet{}); !isNoCards(err) {
			return t.refuseErr(&r, seat, at, err)
		}
		t.clearGesture()
		t.g, t.city = gStation, city
	case hal.MarketSlot:
		if busy {
			return t.refuse(&r, seat, at, "refuse.finish_first", nil)
		}
		return t.try(&r, seat, at, engine.NewDrawFaceUp(ev.Index))
	case hal.DeckArea:
		if busy {
			return t.refuse(&r, seat, at, "refuse.finish_first", nil)
		}
		if _, _, err := t.st.Apply(engine.NewDrawBlind()); err != nil {
			return t.refuseErr(&r, seat, at, err)
		}
		t.clearGesture()
		t.g = gBlind
	case hal.TicketDeck:
		if busy {
			return t.refuse(&r, seat, at, "refuse.finish_first", nil)
		}
		if _, _, err := t.st.Apply(engine.NewDrawTickets()); err != nil {
			return t.refuseErr(&r, seat, at, err)
		}
		t.clearGesture()
		t.g = gTickets
	default:
		return t.refuse(&r, seat, at, "refuse.touch_nothing", nil)
	}
	return r
}

// isNoCards reports whether err is the engine's "no cards given", which a
// claim or station check without cards returns when all else is fine.
func isNoCards(err error) bool {
	var re *engine.RuleError
	return errors.As(err, &re) && re.Code == engine.ErrNoCards
}

// key takes a touch on an on-screen key.
func (t *Table) key(ev hal.Touch) Result {
	if r, ok := t.rulesKey(ev); ok {
		return r
	}
	var r Result
	seat, at := ev.Seat, ev.At
	switch ev.ID {
	case KeyConfirm:
		return t.confirm(seat, at)
	case KeyCancel:
		return t.cancel(seat, at)
	case KeyNewGame:
		if t.mode == ModeEnd {
			t.toStart()
		}
		return r
	case KeyUndo:
		if (t.mode == ModePlay || t.mode == ModeSetup) && t.PlayerAt(seat) >= 0 && !t.answer(&r, seat, at, false) {
			return t.askUndo(&r, seat, at)
		}
		return r
	case KeyAbandon:
		return t.askAbandon(&r, seat, at)
	}
	if strings.HasPrefix(ev.ID, KeyBreakdown) {
		p, err := strconv.Atoi(strings.TrimPrefix(ev.ID, KeyBreakdown))
		if t.mode == ModeEnd && err == nil && seat >= 0 && int(seat) < len(t.breakdown) && p >= 0 && p < len(t.st.Public().Players) {
			if t.breakdown[seat] == p {
				p = -1 // touched again: closed
			}
			t.breakdown[seat] = p
		}
		return r
	}
	if t.mode != ModeStart {
		return r
	}
	validSeat := seat >= 0 && int(seat) < t.opts.Seats
	switch {
	case strings.HasPrefix(ev.ID, KeyLang):
		lang := strings.TrimPrefix(ev.ID, KeyLang)
		for _, l := range t.opts.Langs {
			if l == lang {
				t.setup.Lang = lang
			}
		}
	case strings.HasPrefix(ev.ID, KeyMap):
		id := strings.TrimPrefix(ev.ID, KeyMap)
		if m, err := maps.Load(id); err == nil {
			t.m, t.setup.Map = m, id
		}
	case ev.ID == KeyJoin && validSeat:
		st := &t.setup.Seats[seat]
		if st.Playing {
			st.Playing = false
			if t.setup.First == seat {
				t.setup.First = -1
			}
			return r
		}
		if len(t.setup.Players()) >= engine.MaxPlayers {
			return t.refuse(&r, seat, at, "start.player_range", map[string]any{"Min": engine.MinPlayers, "Max": engine.MaxPlayers})
		}
		st.Playing = true
		if t.colorTaken(seat, st.Color) {
			for c := range Color(NumColors) {
				if !t.colorTaken(seat, c) {
					st.Color = c
					break
				}
			}
		}
	case strings.HasPrefix(ev.ID, KeyColor) && validSeat:
		c, ok := ParseColor(strings.TrimPrefix(ev.ID, KeyColor))
		if !ok {
			return r
		}
		if !t.setup.Seats[seat].Playing {
			return t.refuse(&r, seat, at, "rule.no_such_player", nil)
		}
		if t.colorTaken(seat, c) {
			return t.refuse(&r, seat, at, "start.color_taken", nil)
		}
		t.setup.Seats[seat].Color = c
	case (ev.ID == KeyName || strings.HasPrefix(ev.ID, KeyType)) && validSeat:
		return t.nameKey(&r, seat, ev.ID, at)
	case ev.ID == KeyFirst && validSeat:
		if !t.setup.Seats[seat].Playing {
			return t.refuse(&r, seat, at, "rule.no_such_player", nil)
		}
		t.setup.First = seat
	case ev.ID == KeyStart:
		return t.start(seat, at)
	}
	return r
}

// colorTaken reports whether another playing seat than seat has colour c.
func (t *Table) colorTaken(seat hal.Seat, c Color) bool {
	for i, st := range t.setup.Seats {
		if hal.Seat(i) != seat && st.Playing && st.Color == c {
			return true
		}
	}
	return false
}

// startProblem says why the game cannot start yet, or returns the zero
// Text.
func (t *Table) startProblem() Text {
	n := len(t.setup.Players())
	if n < engine.MinPlayers || n > engine.MaxPlayers {
		return Text{Key: "start.player_range", Args: map[string]any{"Min": engine.MinPlayers, "Max": engine.MaxPlayers}}
	}
	if checkColors(t.setup) != nil {
		return Text{Key: "start.color_taken"}
	}
	if t.setup.First < 0 || !t.setup.Seats[t.setup.First].Playing {
		return Text{Key: "start.choose_first"}
	}
	return Text{}
}

// start begins the game chosen on the start screen: a new engine game whose
// first action names the first player.
func (t *Table) start(seat hal.Seat, at time.Time) Result {
	var r Result
	if p := t.startProblem(); !p.IsZero() {
		t.notify(&r, Notice{Seat: seat, Text: p, Refused: true, At: at})
		return r
	}
	s, err := engine.NewGame(t.m, engine.Opts{Players: len(t.setup.Players())})
	if err != nil {
		return t.refuseErr(&r, seat, at, err)
	}
	t.setup.Order = Clockwise(t.setup.Players(), t.opts.Edges)
	t.closeKeyboards()
	t.begin(s)
	t.end = nil
	for i := range t.notices {
		t.notices[i] = Notice{}
	}
	r.Started = true
	return t.try(&r, seat, at, engine.NewChooseFirst(t.player[t.setup.First]))
}
