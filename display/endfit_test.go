package display

import (
	"fmt"
	"testing"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/input"
)

// TestEveryEndWordFits measures, with the table's fonts and the fitting
// the drawing does, every text of every end panel — the name, the lines,
// every line of the reveal, New game, the ranking's places and totals and
// the score — with two to five seats, in every language, at 1920x1080,
// 1280x720 and 800x480: each fits its box at the smallest text size or
// larger, and the winner is never told in the banner over the board;
// with five seats, also for every tie-break and a victory shared by three.
func TestEveryEndWordFits(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	for n := 2; n <= 5; n++ {
		closed, _ := endSceneOf(t, n)
		for _, size := range [][2]int{{1920, 1080}, {1280, 720}, {800, 480}} {
			edges := DefaultEdges(n)
			for _, lang := range []msg.Lang{msg.ES, msg.RO, msg.EN} {
				t.Run(fmt.Sprintf("%d seats/%dx%d/%s", n, size[0], size[1], lang), func(t *testing.T) {
					v := closed
					v.Lang = string(lang)
					s := ss.get(t, size[0], size[1], edges)
					onMain(func() { s.prepare(&v) })
					if s.endCompact {
						t.Errorf("the winner is told in the banner over the board")
					}
					for _, m := range endMisfits(s, &v, lang) {
						t.Error(m)
					}
				})
			}
		}
	}
	// Five seats have the narrowest panels: every tie-break, and a victory
	// shared, must fit there too, in every language and size.
	closed, _ := endSceneOf(t, 5)
	for _, by := range []string{"points", "tickets", "stations", "longest", "shared"} {
		for _, size := range [][2]int{{1920, 1080}, {1280, 720}, {800, 480}} {
			for _, lang := range []msg.Lang{msg.ES, msg.RO, msg.EN} {
				t.Run(fmt.Sprintf("5 seats decided by %s/%dx%d/%s", by, size[0], size[1], lang), func(t *testing.T) {
					v := closed
					v.Lang = string(lang)
					e := *closed.End
					e.Decided = msg.Text{Key: "end.decided_" + by}
					if by == "shared" {
						list := msg.Text{Key: "list.and", Args: map[string]any{"A": v.Seats[3].Name, "B": v.Seats[4].Name}}
						list = msg.Text{Key: "list.and", Args: map[string]any{"A": v.Seats[2].Name, "B": list}}
						e.Winner = msg.Text{Key: "end.winners_shared", Args: map[string]any{"Players": list}}
					}
					v.End = &e
					s := ss.get(t, size[0], size[1], DefaultEdges(5))
					onMain(func() { s.prepare(&v) })
					if s.endCompact {
						t.Errorf("the winner is told in the banner over the board")
					}
					for _, m := range endMisfits(s, &v, lang) {
						t.Error(m)
					}
				})
			}
		}
	}
}

// endMisfits returns what does not fit on s's end panels, showing v in
// lang, with the shortfall of each.
func endMisfits(s *Screen, v *input.View, lang msg.Lang) []string {
	var out []string
	fs, u := s.fonts, s.fonts.u
	lo := minText*u - 0.5
	text := func(pg *panelGeom, what string, t msg.Text, r board.Rect, o fitOpts) {
		if t.IsZero() || r.W <= 0 {
			return
		}
		words := s.cat.Text(lang, t)
		if ft := fs.fit(words, r.W, r.H, o); !ft.ok {
			out = append(out, fmt.Sprintf("seat %d (%v) %s %q: %d lines %.0fx%.0f at %.0f px in %.0fx%.0f (min %.0f px)",
				pg.seat+1, pg.edge, what, words, len(ft.lines), ft.w, ft.h, ft.size, r.W, r.H, minText*u))
		}
	}
	number := func(pg *panelGeom, what string, n int, r board.Rect, px float32) {
		_, got, w := s.numberFit(fs.face(true, px), n, r.W, px)
		if got < lo || w > r.W+0.5 {
			out = append(out, fmt.Sprintf("seat %d (%v) %s %d: %.0f px wide at %.0f px in %.0f (min %.0f px)", pg.seat+1, pg.edge, what, n, w, got, r.W, minText*u))
		}
	}
	for i := range s.end.panels {
		pg := &s.end.panels[i]
		sv := &v.Seats[pg.seat]
		sl := &s.slots.seats[pg.seat]
		text(pg, "New game", msg.Text{Key: "end.new_game"}, pg.newGame.Inset(3*u), fitOpts{bold: true, min: minText, max: 16, maxLines: 2})
		ep := endPlayerOf(v.End, sv.Player)
		if ep == nil || !sv.Playing {
			continue
		}
		in := board.Rect{X: pg.name.X + 3*u, Y: pg.name.Y, W: pg.name.W - 6*u, H: pg.name.H}
		text(pg, "name", sv.Name, in, nameFit)
		strs := make([]string, len(sl.endTexts))
		for k, t := range sl.endTexts {
			strs[k] = s.cat.Text(lang, t)
		}
		if l := fs.fitList(strs, pg.lines.W, pg.lines.H, promptFit); !l.ok {
			out = append(out, fmt.Sprintf("seat %d (%v) lines %q do not fit %.0fx%.0f at %.0f px", pg.seat+1, pg.edge, strs, pg.lines.W, pg.lines.H, minText*u))
		}
		// Every line of the reveal, ticket by ticket, then the bonuses.
		for k := 0; k <= endTickets(v.End)+1; k++ {
			ts, _ := revealState{steps: k, total: endTickets(v.End)}.lines(s.m, v.End, nil, nil)
			for _, t := range ts {
				text(pg, "reveal", t, pg.lines, promptFit)
			}
		}
		number(pg, "score", ep.Total, pg.score, s.endScoreSize(pg.score))
		px := rankSize(rankChip(pg.rank, len(s.endOrder), 0, u), u)
		for k, p := range s.endOrder {
			c := rankChip(pg.rank, len(s.endOrder), k, u)
			place, _, total := rankChipParts(c, u)
			number(pg, "place", s.endRank[k], place, px)
			if q := endPlayerOf(v.End, p); q != nil {
				number(pg, "total", q.Total, total, px)
			}
		}
	}
	return out
}
