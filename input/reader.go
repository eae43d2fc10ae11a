package input

import (
	"time"

	"ttr/engine"
	"ttr/hal"
)

// A seat whose reader stops answering would stop the game: every turn needs
// scans at the player's own reader. So the table offers that player, on
// their own panel, to scan at a neighbour's reader instead; the player
// accepts with their own Confirm (a separate device from the reader, and the
// on-screen Confirm of their panel does the same). From then on, while the
// table waits for that player, scans at the neighbour's reader are theirs,
// and the engine validates each card as ever. When the reader answers again,
// scans go back to it.

// lender returns the seat whose reader the player at seat may scan at while
// their own is offline: the nearest seat around the table whose reader
// answers (the next seat first, then the one before, then further), or -1
// when no reader answers.
func (t *Table) lender(seat hal.Seat) hal.Seat {
	n := t.opts.Seats
	for d := 1; d <= n/2; d++ {
		for _, s := range []int{int(seat) + d, int(seat) - d} {
			s = ((s % n) + n) % n
			if hal.Seat(s) != seat && !t.readerOff[s] {
				return hal.Seat(s)
			}
		}
	}
	return -1
}

// waitingSeat returns the seat of the player the table waits for, or -1.
func (t *Table) waitingSeat() hal.Seat {
	if t.st == nil || t.mode == ModeEnd {
		return -1
	}
	return t.SeatOf(t.st.Waiting().Player)
}

// scanSeat returns the seat a scan at reader counts for: the seat the table
// waits for when its player has accepted to scan at this reader, reader
// itself otherwise.
func (t *Table) scanSeat(reader hal.Seat) hal.Seat {
	ws := t.waitingSeat()
	if ws >= 0 && ws != reader && t.borrowing(ws) && t.lender(ws) == reader {
		return ws
	}
	return reader
}

// borrowing reports whether the player at seat scans at a neighbour's
// reader now: they accepted, and a neighbour's reader answers.
func (t *Table) borrowing(seat hal.Seat) bool {
	return t.borrow[seat] && t.readerOff[seat] && t.lender(seat) >= 0
}

// mayBorrow reports whether the table offers the player at seat to scan at
// a neighbour's reader: their reader is offline, they have not accepted yet,
// another reader answers, and their turn may need a scan (a player who can
// only pass needs none).
func (t *Table) mayBorrow(seat hal.Seat) bool {
	return seat >= 0 && t.readerOff[seat] && !t.borrow[seat] && t.lender(seat) >= 0 &&
		!(t.st.Waiting().Need == engine.NeedTurn && t.g == gNone && t.mustPass())
}

// acceptBorrow takes the Confirm of the player at seat accepting to scan at
// the neighbour's reader, and tells the whole table.
func (t *Table) acceptBorrow(r *Result, seat hal.Seat, at time.Time) Result {
	t.borrow[seat] = true
	t.notify(r, Notice{Seat: -1, Text: Text{Key: "reader.borrowing", Args: map[string]any{
		"Seat": int(seat) + 1, "Player": t.name(t.PlayerAt(seat)), "Reader": t.readerOf(t.lender(seat)),
	}}, At: at})
	return *r
}

// readerOf names the reader of seat for the players: by the player sitting
// there ("Blue's reader"), or by the seat's number when nobody plays there.
func (t *Table) readerOf(seat hal.Seat) Text {
	if p := t.PlayerAt(seat); p >= 0 {
		return Text{Key: "reader.of_player", Args: map[string]any{"Player": t.name(p)}}
	}
	return Text{Key: "reader.of_seat", Args: map[string]any{"Seat": int(seat) + 1}}
}

// offer is the offer to the player at seat to scan at the lender's reader.
func (t *Table) offer(seat hal.Seat) Text {
	return Text{Key: "reader.offer", Args: map[string]any{"Reader": t.readerOf(t.lender(seat))}}
}

// borrowWait refuses a scan at reader, the reader the player the table
// waits for may use instead of their dead one, made before that player
// accepted it with their own Confirm; it reports whether it refused.
func (t *Table) borrowWait(r *Result, reader hal.Seat, at time.Time) bool {
	ws := t.waitingSeat()
	if ws < 0 || ws == reader || !t.readerOff[ws] || t.borrow[ws] || t.lender(ws) != reader {
		return false
	}
	t.refuse(r, reader, at, "reader.confirm_first", map[string]any{"Seat": int(ws) + 1, "Player": t.name(t.PlayerAt(ws))})
	return true
}

// readerPrompts rewrites the panels' lines while the seat the table waits
// for has no reader: that player is offered (or reminded of) the
// neighbour's reader, and the neighbour's panel says who scans there.
func (t *Table) readerPrompts(seats []SeatView) {
	ws := t.waitingSeat()
	if ws < 0 || !t.readerOff[ws] {
		return
	}
	sv := &seats[ws]
	lender := t.lender(ws)
	switch {
	case lender < 0:
		sv.Prompt = Text{Key: "reader.none"}
	case t.mayBorrow(ws):
		sv.Prompt = t.offer(ws)
	case t.borrowing(ws):
		if sv.Progress.IsZero() {
			sv.Progress = Text{Key: "reader.scan_at", Args: map[string]any{"Reader": t.readerOf(lender)}}
		}
		seats[lender].Prompt = Text{Key: "reader.lent", Args: map[string]any{"Player": t.name(t.PlayerAt(ws))}}
	}
}
