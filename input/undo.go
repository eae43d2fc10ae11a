package input

import (
	"time"

	"ttr/engine"
	"ttr/hal"
)

// Taking back a slip, and stopping a game: two-step gestures, so that a
// stray press never costs a move or a game.
//
//   - Undo: the player who made the last decision (a route claimed, a
//     station built, a face-up card taken, tickets kept) presses Cancel
//     when nothing of theirs is in progress (or touches KeyUndo on their
//     panel): their panel asks, naming what to pick up; Confirm takes it
//     back, Cancel keeps it. Every seat is told what to pick up ("Red:
//     take back 3 red cards from the discard pile and 3 trains from Paris –
//     Wien"). It can be taken back until a card or ticket is turned over
//     or the next player acts; when it cannot, the seat is told why.
//   - Abandon: KeyAbandon on a seat's panel, at any moment of a game, asks
//     on that panel; Confirm stops the game (engine.Abandon, recorded in
//     the log; the caller keeps the game's file aside, never deletes it)
//     and the table goes back to the start screen. Cancel keeps playing.
//
// Any other action applied drops a question not yet answered.

// The on-screen keys of undo and abandon, on a seat's panel.
const (
	KeyUndo    = "undo"    // ask to take back the seat's last decision (as Cancel with nothing in progress)
	KeyAbandon = "abandon" // ask to stop the game
)

// UndoView says what the last decision's player may take back now, for
// the screen to offer it: nil in View when nothing can be.
type UndoView struct {
	// Player made the decision; Seat is where they sit.
	Player int
	Seat   hal.Seat
	// What says what to pick up physically ("undo.take_back_claim" and
	// its arguments).
	What Text
	// Asked reports that the player asked and the table waits for their
	// Confirm (or Cancel).
	Asked bool
}

// AbandonView is a question to stop the game, asked at Seat.
type AbandonView struct {
	Seat hal.Seat
}

// undoInfo returns what the last decision is and whether it can be taken
// back, worked out once per action applied.
func (t *Table) undoInfo() engine.UndoInfo {
	if t.undoDirty {
		t.undo = t.st.UndoInfo()
		t.undoDirty = false
	}
	return t.undo
}

// undoWhat says what to pick up to take back decision u.
func (t *Table) undoWhat(u engine.UndoInfo) Text {
	a := u.Decision
	who := t.name(u.Player)
	switch a.Kind {
	case engine.ClaimRoute:
		return t.routeText("undo.take_back_claim", u.Player, a.Route, map[string]any{
			"Cards":  cardsText(a.Cards),
			"Trains": Text{Key: "count.trains", Args: count(t.m.Routes[a.Route].Length)},
		})
	case engine.BuildStation:
		return Text{Key: "undo.take_back_station", Args: map[string]any{
			"Player": who, "Cards": cardsText(a.Cards), "City": t.m.Cities[a.City].Name,
		}}
	case engine.DrawFaceUp:
		c := u.Before.Market()[a.Slot]
		return Text{Key: "undo.take_back_face_up", Args: map[string]any{
			"Player": who, "Color": CardColorText(c.Color(), 1), "Slot": a.Slot + 1,
		}}
	case engine.KeepTickets:
		if n := a.Tickets.Len(); n > 0 {
			return Text{Key: "undo.take_back_keep", Args: map[string]any{
				"Player": who, "Tickets": Text{Key: "count.tickets", Args: count(n)},
			}}
		}
		return Text{Key: "undo.choose_again", Args: map[string]any{"Player": who}}
	}
	return Text{}
}

// cardsText names cards by colour: "3 red cards", "2 red cards and 1
// locomotive".
func cardsText(cards engine.CardSet) Text {
	var parts []Text
	locos := 0
	for col := range engine.CardColor(engine.NumCardColors) {
		n := cards.Count(col)
		switch {
		case n == 0:
		case col == engine.Locomotive:
			locos = n
		default:
			parts = append(parts, Text{Key: "count.colored_cards", Args: count(n, "Color", CardColorText(col, n))})
		}
	}
	if locos > 0 {
		parts = append(parts, Text{Key: "count.locomotives", Args: count(locos)})
	}
	switch len(parts) {
	case 0:
		return Text{Key: "count.cards", Args: count(0)}
	case 1:
		return parts[0]
	}
	return Text{Key: "list.and", Args: map[string]any{"A": parts[0], "B": parts[1]}}
}

// askUndo takes a request to take back the last decision from seat: the
// seat's panel asks for Confirm, or says why it cannot be.
func (t *Table) askUndo(r *Result, seat hal.Seat, at time.Time) Result {
	u := t.undoInfo()
	switch u.Block {
	case engine.UndoAllowed:
	case engine.UndoSeen:
		return t.refuse(r, seat, at, "undo.seen", nil)
	case engine.UndoTunnel:
		return t.refuse(r, seat, at, "undo.tunnel", nil)
	default:
		return t.refuse(r, seat, at, "undo.nothing", nil)
	}
	if t.SeatOf(u.Player) != seat {
		return t.refuse(r, seat, at, "undo.not_yours", map[string]any{"Player": t.name(u.Player)})
	}
	if w := t.st.Waiting(); w.Player >= 0 && w.Player != u.Player && t.g != gNone {
		// The next player has begun their turn.
		return t.refuse(r, seat, at, "undo.nothing", nil)
	}
	t.asked = askUndo
	t.askSeat = seat
	return *r
}

// askAbandon takes a request to stop the game from seat.
func (t *Table) askAbandon(r *Result, seat hal.Seat, at time.Time) Result {
	if t.st == nil || (t.mode != ModePlay && t.mode != ModeSetup) {
		return *r
	}
	if seat < 0 || int(seat) >= t.opts.Seats {
		return *r
	}
	t.asked = askAbandon
	t.askSeat = seat
	return *r
}

// answer takes Confirm (yes) or Cancel at seat while seat has a question
// open; it reports whether there was one.
func (t *Table) answer(r *Result, seat hal.Seat, at time.Time, yes bool) bool {
	if t.asked == askNone || t.askSeat != seat {
		return false
	}
	asked := t.asked
	t.asked = askNone
	if !yes {
		return true
	}
	switch asked {
	case askUndo:
		u := t.undoInfo()
		what := t.undoWhat(u)
		if t.try(r, seat, at, engine.NewUndo()); refused(*r) {
			return true
		}
		if t.tunnel != nil && !t.tunnel.Done {
			t.tunnel = nil // a tunnel claim taken back before its cards
		}
		if u.Decision.Kind == engine.DrawFaceUp && len(t.drawn) > 0 {
			t.drawn = t.drawn[:len(t.drawn)-1]
		}
		if u.Decision.Kind == engine.KeepTickets && t.mode == ModeSetup {
			t.setupGive[u.Player] = u.Decision.Tickets
		} else if u.Decision.Kind == engine.KeepTickets {
			t.give = u.Decision.Tickets
		}
		t.tell(what, u.Player, -1, -1, 0, at)
		t.notify(r, Notice{Seat: -1, Text: what, At: at})
	case askAbandon:
		if t.try(r, seat, at, engine.NewAbandon()); refused(*r) {
			return true
		}
		t.toStart()
		t.notify(r, Notice{Seat: -1, Text: Text{Key: "abandon.done"}, At: at})
	}
	return true
}

// askPrompt rewrites the panel of the seat with a question open.
func (t *Table) askPrompt(seats []SeatView) {
	if t.asked == askNone || int(t.askSeat) >= len(seats) {
		return
	}
	sv := &seats[t.askSeat]
	switch t.asked {
	case askUndo:
		sv.Prompt = Text{Key: "undo.ask", Args: map[string]any{"What": t.undoWhat(t.undoInfo())}}
	case askAbandon:
		sv.Prompt = Text{Key: "abandon.ask"}
	}
	sv.Progress = Text{}
}

// undoView is View.Undo: what the last decision's player may take back.
func (t *Table) undoView() *UndoView {
	u := t.undoInfo()
	if u.Block != engine.UndoAllowed {
		return nil
	}
	return &UndoView{Player: u.Player, Seat: t.SeatOf(u.Player), What: t.undoWhat(u), Asked: t.asked == askUndo}
}
