package display

import (
	"math"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/input"
)

// breakdownBox returns where the breakdown seat pg has open goes, facing
// it: over the board by the seat's edge when it is the only one open.
// When several are, the middle is shared like a pinwheel, each part by
// its own edge: the top seat's breakdown in the top half's left, the
// right seat's in its right, the bottom's in the bottom half's right, the
// left's in its left, each half split in proportion to the breakdowns
// (no right seat: the top seat's runs the whole width; only the sides: a
// column each); seats sharing an edge share its part side by side. None
// lies over another; where the whole breakdown does not fit its part,
// its tickets are summed up.
func (s *Screen) breakdownBox(v *input.View, pg *panelGeom, lay *screenLayout) board.Rect {
	u := lay.u
	m := 6 * u
	// Which edges have a breakdown open, how many along pg's edge, and
	// where pg's comes along it.
	var onEdge [4]int
	total, k, idx := 0, 0, 0
	along := func(q *panelGeom) float32 {
		if q.edge == Left || q.edge == Right {
			return q.rect.Y
		}
		return q.rect.X
	}
	for i := range lay.panels {
		q := &lay.panels[i]
		if v.End == nil || endPlayerOf(v.End, openOf(v.End, q.seat)) == nil {
			continue
		}
		onEdge[q.edge]++
		total++
		if q.edge == pg.edge {
			k++
			if along(q) < along(pg) {
				idx++
			}
		}
	}
	if total <= 1 {
		return s.breakdownAlone(pg, lay)
	}
	c := lay.board.Inset(m / 2)
	// The halves meet at my, the top half is split at tx between the top
	// and right seats, the bottom half at bx between the left and bottom
	// seats, each in proportion to the breakdowns.
	x0, y0, x1, y1 := c.X, c.Y, c.X+c.W, c.Y+c.H
	split := func(a, b int) float32 {
		if a+b == 0 {
			return x0 + c.W/2
		}
		return x0 + c.W*float32(a)/float32(a+b)
	}
	my := c.Y + c.H*float32(onEdge[Top]+onEdge[Right])/float32(total)
	tx, bx := split(onEdge[Top], onEdge[Right]), split(onEdge[Left], onEdge[Bottom])
	var box board.Rect
	switch {
	case onEdge[Top] == 0 && onEdge[Bottom] == 0:
		// Only the sides: a column each, the whole height.
		sx := split(onEdge[Left], onEdge[Right])
		box = board.Rect{X: x0, Y: y0, W: sx - x0, H: y1 - y0}
		if pg.edge == Right {
			box = board.Rect{X: sx, Y: y0, W: x1 - sx, H: y1 - y0}
		}
	case pg.edge == Top: // top left
		box = board.Rect{X: x0, Y: y0, W: tx - x0, H: my - y0}
	case pg.edge == Right: // top right
		box = board.Rect{X: tx, Y: y0, W: x1 - tx, H: my - y0}
	case pg.edge == Bottom: // bottom right
		box = board.Rect{X: bx, Y: my, W: x1 - bx, H: y1 - my}
	default: // left: bottom left
		box = board.Rect{X: x0, Y: my, W: bx - x0, H: y1 - my}
	}
	if k > 1 {
		// Seats sharing the edge share its part, in their order along it.
		if pg.edge == Left || pg.edge == Right {
			h := box.H / float32(k)
			box.Y += float32(idx) * h
			box.H = h
		} else {
			w := box.W / float32(k)
			box.X += float32(idx) * w
			box.W = w
		}
	}
	// Half the margin each side, and a hair: neighbours never touch.
	return box.Inset(m/2 + 0.25)
}

// breakdownAlone returns where a breakdown goes when it is the only one
// open: over the board by the seat's edge, before the seat's panel.
func (s *Screen) breakdownAlone(pg *panelGeom, lay *screenLayout) board.Rect {
	u := lay.u
	b := lay.board
	if bl := s.boardLayout(); bl != nil {
		b = bl.Board
	}
	m := 6 * u
	c := pg.rect.Center()
	switch pg.edge {
	case Left, Right:
		long, deep := min(b.H-2*m, 420*u), min((b.W-3*m)/2, 240*u)
		y := min(max(c.Y-long/2, b.Y+m), b.Y+b.H-m-long)
		if pg.edge == Left {
			return board.Rect{X: b.X + m, Y: y, W: deep, H: long}
		}
		return board.Rect{X: b.X + b.W - m - deep, Y: y, W: deep, H: long}
	}
	long, deep := min(b.W-2*m, 460*u), min((b.H-3*m)/2, 220*u)
	x := min(max(c.X-long/2, b.X+m), b.X+b.W-m-long)
	if pg.edge == Top {
		return board.Rect{X: x, Y: b.Y + m, W: long, H: deep}
	}
	return board.Rect{X: x, Y: b.Y + b.H - m - deep, W: long, H: deep}
}

// breakdownFit sizes a breakdown's lines, which give way to their short
// form where they do not fit.
var breakdownFit = fitOpts{min: minText, max: 21, optional: true}

// drawBreakdown draws the breakdown seat pg has open (View.End.Open), if
// any: the player's colour and name, then their points item by item.
func (s *Screen) drawBreakdown(v *input.View, lang msg.Lang, pg *panelGeom) {
	if v.End == nil || pg.seat >= len(s.slots.seats) {
		return
	}
	sl := &s.slots.seats[pg.seat]
	ep := endPlayerOf(v.End, openOf(v.End, pg.seat))
	if ep == nil || len(sl.breakTexts) == 0 {
		return
	}
	lay := s.end
	u := lay.u
	f := facing(s.breakdownBox(v, pg, lay), pg.edge)
	// Text is queued and drawn after the frame's shapes: what is queued
	// so far goes under this breakdown, and its own words go before the
	// next breakdown, which may lie over it.
	s.fonts.q.flush()
	defer s.fonts.q.flush()
	s.begin(&f)
	defer s.done()
	full := board.Rect{W: f.w, H: f.d}
	s.cv.round(rect(full.Inset(-3*u)), 0.08, 8, PlayerColor(ep.Color))
	s.cv.round(rect(full), 0.08, 8, overlayColor)
	pad := 8 * u
	th := float32(math.Round(float64(24 * u)))
	s.drawSwatch(board.Rect{X: pad, Y: pad, W: th, H: th}, ep.Color, u)
	title := board.Rect{X: pad + th + gap*u, Y: pad, W: f.w - 2*pad - th - gap*u, H: th}
	sl.breakTitle.get(s.fonts, s.cat, lang, ep.Name, title.W, title.H, nameFit).draw(title, alignLeft, panelInk)
	in := board.Rect{X: pad, Y: pad + th + gap*u, W: f.w - 2*pad, H: f.d - 2*pad - th - gap*u}
	if l := sl.breakdown.get(s.fonts, s.cat, lang, sl.breakTexts, sl.breakInks, in.W, in.H, breakdownFit); l.ok {
		l.draw(in, lineInk)
		return
	}
	// Too long for its part of the screen: the tickets summed up, else
	// the routes, the tickets and the total alone.
	if l := sl.breakdownShort.get(s.fonts, s.cat, lang, sl.breakShort, sl.breakShortInks, in.W, in.H, breakdownFit); l.ok {
		l.draw(in, lineInk)
		return
	}
	sl.breakdownLeast.get(s.fonts, s.cat, lang, sl.breakLeast, sl.breakLeastInks, in.W, in.H, promptFit).draw(in, lineInk)
}

// updateBreakdown builds the lines of the breakdown seat has open, if it
// changed.
func (s *Screen) updateBreakdown(e *input.EndView, seat int, sl *seatSlots) {
	p := openOf(e, seat)
	ep := endPlayerOf(e, p)
	if ep == nil {
		sl.breakP = -1
		sl.breakTexts, sl.breakSrc = sl.breakTexts[:0], sl.breakSrc[:0]
		return
	}
	if sl.breakP == p && len(sl.breakTexts) > 0 && sameTexts(sl.breakSrc, ep.Lines) {
		return
	}
	sl.breakP = p
	sl.breakSrc = append(sl.breakSrc[:0], ep.Lines...)
	sl.breakTexts, sl.breakInks = breakdownLines(sl.breakTexts[:0], sl.breakInks[:0], e, ep)
	sl.breakShort, sl.breakShortInks = sl.breakShort[:0], sl.breakShortInks[:0]
	sl.breakLeast, sl.breakLeastInks = sl.breakLeast[:0], sl.breakLeastInks[:0]
	defer func() {
		for i, t := range sl.breakShort {
			switch t.Key {
			case "end.route_points", "board_end.ticket_points", "end.total":
				sl.breakLeast = append(sl.breakLeast, t)
				sl.breakLeastInks = append(sl.breakLeastInks, sl.breakShortInks[i])
			}
		}
	}()
	for i, t := range sl.breakTexts {
		switch t.Key {
		case "end.ticket_short", "end.station_route":
			continue
		}
		sl.breakShort = append(sl.breakShort, t)
		sl.breakShortInks = append(sl.breakShortInks, sl.breakInks[i])
		if t.Key == "end.route_points" && len(ep.Tickets) > 0 {
			sl.breakShort = append(sl.breakShort, msg.Text{Key: "board_end.ticket_points", Args: map[string]any{"Points": ep.TicketPoints}})
			sl.breakShortInks = append(sl.breakShortInks, "board_end.ticket_points")
		}
	}
}

// breakdownLines returns a player's breakdown, each ticket shortened, and
// the key that colours each line: routes, tickets, stations, the longest
// route (saying who took the bonus when the player did not), the total.
func breakdownLines(dst []msg.Text, inks []string, e *input.EndView, ep *input.EndPlayer) ([]msg.Text, []string) {
	for _, l := range ep.Lines {
		switch l.Key {
		case "end.ticket_completed", "end.ticket_failed":
			sign := "+"
			if l.Key == "end.ticket_failed" {
				sign = "–"
			}
			dst = append(dst, msg.Text{Key: "end.ticket_short", Args: map[string]any{
				"From": l.Args["From"], "To": l.Args["To"], "Count": l.Args["Count"], "Sign": sign,
			}})
		case "end.longest_route":
			if names, h := longestHolders(e); ep.LongestBonus == 0 && h != nil {
				// "+0" says nothing: say who took the bonus (every
				// player, when it is shared).
				l = msg.Text{Key: "board_end.longest_taken", Args: map[string]any{"Player": names}}
			}
			dst = append(dst, l)
		default:
			dst = append(dst, l)
		}
		inks = append(inks, l.Key)
	}
	return dst, inks
}
