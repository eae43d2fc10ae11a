package input

import "ttr/hal"

// A seat's pages besides the rules: the last moves, a touch away on each
// strip (KeyMoves), and the rules summary turned page by page where it
// does not fit at once (KeyHelpPage). Like the help page, the moves list
// faces its seat, and Cancel at that seat, or its key again, closes it;
// one page is open at a time.

// The keys of a seat's pages (hal.Touch of Kind hal.ScreenKey, on a seat's
// panel).
const (
	// KeyMoves: open the last moves (View.Moves) and every player's score
	// facing the seat, or close them.
	KeyMoves = "moves"
	// KeyHelpPage: the help page's next page. The display shows page
	// SeatView.HelpPage modulo the pages it needs, so that input need not
	// know how many lines fit the glass.
	KeyHelpPage = "help_page"
)

// pagesKey takes the keys of the pages (KeyMoves, KeyHelpPage) on a
// seat's panel; it reports whether ev was one. KeyHelp is rulesKey's; its
// page is reset here when it opens.
func (t *Table) pagesKey(ev hal.Touch) (Result, bool) {
	var r Result
	switch ev.ID {
	case KeyMoves, KeyHelpPage:
	default:
		return r, false
	}
	seat := ev.Seat
	if seat < 0 || int(seat) >= t.opts.Seats {
		return r, true // not on a seat's panel: nobody to face
	}
	t.pagesInit()
	rs := &t.rules
	switch ev.ID {
	case KeyMoves:
		if t.st == nil {
			return r, true // no game, no moves
		}
		rs.moves[seat] = !rs.moves[seat]
		if rs.moves[seat] && t.HelpOpen(seat) {
			rs.help[seat] = false
		}
	case KeyHelpPage:
		if t.HelpOpen(seat) {
			rs.page[seat]++
		}
	}
	return r, true
}

// pagesInit makes the pages' state for every seat.
func (t *Table) pagesInit() {
	if t.rules.moves == nil {
		t.rules.moves = make([]bool, t.opts.Seats)
		t.rules.page = make([]int, t.opts.Seats)
	}
	if t.rules.help == nil {
		t.rules.help = make([]bool, t.opts.Seats)
	}
}

// MovesOpen reports whether seat has the last moves open.
func (t *Table) MovesOpen(seat hal.Seat) bool {
	return seat >= 0 && int(seat) < len(t.rules.moves) && t.rules.moves[seat] && t.st != nil
}

// helpOpened resets seat's help page to its first page and closes its
// moves, as the help page opens.
func (t *Table) helpOpened(seat hal.Seat) {
	t.pagesInit()
	t.rules.page[seat] = 0
	t.rules.moves[seat] = false
}

// closeMoves closes seat's moves, reporting whether they were open.
func (t *Table) closeMoves(seat hal.Seat) bool {
	if !t.MovesOpen(seat) {
		return false
	}
	t.rules.moves[seat] = false
	return true
}

// pagesView fills in seat i's view what its pages show.
func (t *Table) pagesView(v *View, i int) {
	seat := hal.Seat(i)
	v.Seats[i].Moves = t.MovesOpen(seat)
	if t.HelpOpen(seat) && i < len(t.rules.page) {
		v.Seats[i].HelpPage = t.rules.page[i]
	}
}
