package input_test

import (
	"testing"

	"ttr/hal"
	"ttr/input"
)

// TestMovesKeyOpensFacingTheSeatAndCancelCloses checks the moves key
// through the table: it opens the last moves at that seat only; Cancel
// there closes them and keeps a claim in progress; opening the help page
// closes them, and opening them closes the help page (one page at a time).
func TestMovesKeyOpensFacingTheSeatAndCancelCloses(t *testing.T) {
	r := tunnelGame(t)
	r.ok(r.key(1, input.KeyMoves))
	v := r.tb.View()
	if !v.Seats[1].Moves || v.Seats[0].Moves {
		t.Fatalf("moves open at seats 0, 1: %v %v, want seat 1 only", v.Seats[0].Moves, v.Seats[1].Moves)
	}
	r.ok(r.key(0, input.KeyMoves))
	r.ok(r.touchRoute("erzurum--sochi--1"))
	r.ok(r.cancel(0))
	if v := r.tb.View(); v.Seats[0].Moves || v.Claim == nil {
		t.Fatalf("after Cancel: moves %v, claim %+v; want closed, claim kept", v.Seats[0].Moves, v.Claim)
	}
	r.ok(r.key(1, input.KeyHelp))
	if v := r.tb.View(); v.Seats[1].Moves || v.Seats[1].Help == nil {
		t.Errorf("help opened: moves %v, help open %v; want the help page alone", v.Seats[1].Moves, v.Seats[1].Help != nil)
	}
	r.ok(r.key(1, input.KeyMoves))
	if v := r.tb.View(); !v.Seats[1].Moves || v.Seats[1].Help != nil {
		t.Errorf("moves opened: moves %v, help open %v; want the moves alone", v.Seats[1].Moves, v.Seats[1].Help != nil)
	}
	r.ok(r.key(1, input.KeyMoves))
	if v := r.tb.View(); v.Seats[1].Moves {
		t.Errorf("moves key twice left seat 1's moves open")
	}
	r.ok(r.do(hal.Touch{Kind: hal.ScreenKey, ID: input.KeyMoves, Seat: -1, At: r.at()}))
	r.ok(r.do(hal.Touch{Kind: hal.ScreenKey, ID: input.KeyMoves, Seat: 9, At: r.at()}))
}

// TestHelpPageTurnsAndStartsAtTheFirst checks KeyHelpPage: it counts the
// page turns of an open help page, at that seat only, nothing while the
// page is closed, and the count starts again when the page opens again.
func TestHelpPageTurnsAndStartsAtTheFirst(t *testing.T) {
	r := tunnelGame(t)
	r.ok(r.key(1, input.KeyHelpPage))
	if v := r.tb.View(); v.Seats[1].HelpPage != 0 || v.Seats[1].Help != nil {
		t.Fatalf("page turned on a closed help page: page %d", v.Seats[1].HelpPage)
	}
	r.ok(r.key(1, input.KeyHelp))
	r.ok(r.key(1, input.KeyHelpPage))
	r.ok(r.key(1, input.KeyHelpPage))
	if v := r.tb.View(); v.Seats[1].HelpPage != 2 || v.Seats[0].HelpPage != 0 {
		t.Fatalf("pages at seats 0, 1: %d %d, want 0 2", v.Seats[0].HelpPage, v.Seats[1].HelpPage)
	}
	r.ok(r.key(1, input.KeyHelp))
	r.ok(r.key(1, input.KeyHelp))
	if v := r.tb.View(); v.Seats[1].HelpPage != 0 {
		t.Errorf("help opened again at page %d, want 0", v.Seats[1].HelpPage)
	}
}
