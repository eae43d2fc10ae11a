package msg

import (
	"fmt"
	"testing"

	"ttr/engine"
	"ttr/engine/score"
	"ttr/input"
	"ttr/maps"
)

func TestColorTexts(t *testing.T) {
	c := mustLoad(t)
	for col := engine.CardColor(0); col < engine.NumCardColors; col++ {
		for _, n := range []int{1, 2} {
			if err := c.Check(input.CardColorText(col, n)); err != nil {
				t.Errorf("CardColor(%v, %d): %v", col, n, err)
			}
		}
	}
	for col := maps.Gray; col <= maps.Red; col++ {
		if err := c.Check(input.RouteColorText(col, 2)); err != nil {
			t.Errorf("RouteColor(%v): %v", col, err)
		}
	}
	if got := c.Text(ES, input.RouteColorText(maps.Gray, 2)); got != "grises" {
		t.Errorf("RouteColor(Gray, 2) in es: got %q, want %q", got, "grises")
	}
	if got := c.Text(RO, input.CardColorText(engine.Yellow, 1)); got != "galbenă" {
		t.Errorf("CardColor(Yellow, 1) in ro: got %q, want %q", got, "galbenă")
	}
}

// TestDecidedEveryTieBreak: every tie-break the scoring can report has its
// line on the end screen ("end.decided_<tie-break>", as input words it),
// in every language.
func TestDecidedEveryTieBreak(t *testing.T) {
	c := mustLoad(t)
	n := 0
	for tb := score.TieBreak(0); tb.String() != fmt.Sprintf("TieBreak(%d)", tb); tb++ {
		n++
		txt := Text{Key: "end.decided_" + tb.String()}
		if err := c.Check(txt); err != nil {
			t.Errorf("%v: %v", tb, err)
		}
	}
	if n != 5 {
		t.Errorf("found %d tie-breaks, want 5 (points, tickets, stations, longest, shared)", n)
	}
	tests := map[Lang]string{
		EN: "Tied on points: most tickets completed.",
		ES: "Empate a puntos: más billetes cumplidos.",
		RO: "Egalitate la puncte: cele mai multe bilete realizate.",
	}
	for l, want := range tests {
		if got := c.Text(l, Text{Key: "end.decided_" + score.Tickets.String()}); got != want {
			t.Errorf("Decided(Tickets) in %s: got %q, want %q", l, got, want)
		}
	}
}
