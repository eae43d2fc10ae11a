package input_test

import (
	"strings"
	"testing"
	"time"

	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/input/inputtest"
)

// boxRig is a rig whose tags name their box of train cards: inputtest's
// UIDs are box 1, the same UIDs after "B2-" box 2.
func boxRig(t *testing.T) *rig {
	t.Helper()
	resolve := func(u hal.UID) (input.Tag, bool) {
		box := 1
		if rest, ok := strings.CutPrefix(string(u), "B2-"); ok {
			u, box = hal.UID(rest), 2
		}
		tag, ok := inputtest.Resolve(u)
		if tag.Kind == input.TagCard {
			tag.Box = box
		}
		return tag, ok
	}
	tb, err := input.NewTable(input.Opts{Seats: 2, Map: "usa", Lang: "en", Resolve: resolve})
	if err != nil {
		t.Fatal(err)
	}
	r := &rig{t: t, tb: tb, cat: loadCatalog(t), now: time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC)}
	r.checkView()
	return r
}

// TestOtherBoxRefused: a game is played with the box of its first card
// scanned; a card of the other box is refused with words that say so, and
// changes nothing.
func TestOtherBoxRefused(t *testing.T) {
	for _, first := range []int{1, 2} {
		r := boxRig(t)
		r.start(0)
		uidOf := func(box int, c engine.CardID) hal.UID {
			if box == 2 {
				return "B2-" + inputtest.CardUID(c)
			}
			return inputtest.CardUID(c)
		}
		seat := func() int { return int(r.tb.SeatOf(r.game().Waiting().Player)) }
		r.ok(r.scanUID(seat(), uidOf(first, r.deckCards(1, notLoco)[0])), engine.RevealCard)
		other := 3 - first
		c := r.deckCards(1, notLoco)[0]
		res := r.scanUID(seat(), uidOf(other, c))
		r.refused(res, seat(), "registry.other_box")
		if a := res.Notices[0].Text.Args; a["Box"] != other || a["Game"] != first {
			t.Errorf("first box %d: refusal args %v, want Box %d, Game %d", first, a, other, first)
		}
		r.ok(r.scanUID(seat(), uidOf(first, c)), engine.RevealCard)
	}
}
