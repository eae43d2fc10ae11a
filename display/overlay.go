package display

import (
	"image/color"
	"math"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/display/scene"
	"ttr/input"
)

// bannerBoxes returns where a banner of first (and second, if not zero)
// goes facing each edge where players sit (has), the length its words
// were fitted to along each, and its depth. A banner that would cross the
// tunnel's overlay is not shown while the overlay is.
func (s *Screen) bannerBoxes(v *input.View, lang msg.Lang, lay *screenLayout, first, second msg.Text) (boxes [4]board.Rect, longs [4]float32, deep float32, has [4]bool) {
	bl := s.boardLayout()
	if bl == nil {
		return boxes, longs, deep, has
	}
	u := lay.u
	b := bl.Board
	lines := float32(1)
	if !second.IsZero() {
		lines = 2.2
	}
	edges := playerEdges(v, s.opts.Seats)
	// A line at the largest size, or two at the smallest where a side's
	// banner is too short for one.
	deep = float32(math.Ceil(float64(max(21*lines, 2*minText+9*(lines-1))*u*lineSpacing))) + 10*u
	// Inside the score track.
	m := bl.TrackDepth + 3*u
	for e := Bottom; e <= Right; e++ {
		if !edges[e] {
			continue
		}
		// Banners along two sides that meet stay clear of each other's
		// corner.
		long := b.W * 0.8
		if edges[Left] || edges[Right] {
			long = min(long, b.W-2*(deep+m))
		}
		if e == Left || e == Right {
			long = b.H * 0.8
			if edges[Bottom] || edges[Top] {
				long = min(long, b.H-2*(deep+m))
			}
		}
		var box board.Rect
		switch e {
		case Bottom:
			box = board.Rect{X: b.X + (b.W-long)/2, Y: b.Y + b.H - deep - m, W: long, H: deep}
		case Top:
			box = board.Rect{X: b.X + (b.W-long)/2, Y: b.Y + m, W: long, H: deep}
		case Left:
			box = board.Rect{X: b.X + m, Y: b.Y + (b.H-long)/2, W: deep, H: long}
		case Right:
			box = board.Rect{X: b.X + b.W - deep - m, Y: b.Y + (b.H-long)/2, W: deep, H: long}
		}
		// As long as the words, no longer: the banner stays on for the
		// whole last round and should hide as little of the board as it
		// can.
		o, o2 := bannerFit, bannerFit2
		tw := s.slots.banner[e][0].get(s.fonts, s.cat, lang, first, long-10*u, deep-10*u, o).w
		if !second.IsZero() {
			h1 := (deep - 10*u) * 0.55
			tw = max(s.slots.banner[e][0].get(s.fonts, s.cat, lang, first, long-10*u, h1, o).w,
				s.slots.banner[e][1].get(s.fonts, s.cat, lang, second, long-10*u, deep-10*u-h1, o2).w)
		}
		if short := long - (tw + 24*u); short > 0 {
			if e == Left || e == Right {
				box.Y += short / 2
				box.H -= short
			} else {
				box.X += short / 2
				box.W -= short
			}
		}
		if v.Tunnel != nil && v.Map != nil {
			// The tunnel's overlay lasts a turn; a banner in its way waits.
			if tb, _ := s.tunnelBox(v, lay); box.Intersect(tb.Inset(-4*u)).Area() > 0 {
				continue
			}
		}
		boxes[e], longs[e], has[e] = box, long, true
	}
	return boxes, longs, deep, has
}

// bannerFit and bannerFit2 size a banner's first and second line.
var (
	bannerFit  = fitOpts{bold: true, min: minText, max: 21, maxLines: 2}
	bannerFit2 = fitOpts{min: minText, max: 16, maxLines: 1}
)

// drawBanner draws a message for the whole table along the board's edges,
// once facing each edge where players sit; second, if not zero, is a
// second line. Only the end screen draws one (the winner, when the panels
// are too small for it): while playing, the table's banner is told on the
// strips (newsBoxes), off the map.
func (s *Screen) drawBanner(v *input.View, lang msg.Lang, lay *screenLayout, first, second msg.Text) {
	if v.Mode != input.ModeEnd {
		return
	}
	u := lay.u
	boxes, longs, deep, has := s.bannerBoxes(v, lang, lay, first, second)
	o := bannerFit
	o2 := bannerFit2
	for e := Bottom; e <= Right; e++ {
		if !has[e] {
			continue
		}
		box, long := boxes[e], longs[e]
		f := facing(box, e)
		s.begin(&f)
		full := board.Rect{W: f.w, H: f.d}
		s.cv.round(rect(full), 0.3, 8, bannerColor)
		s.cv.roundFrame(rect(full), 0.3, 8, max(1, 2*u), winnerColor)
		// The words were fitted to the full length above; drawn centred.
		in := board.Rect{X: 5 * u, Y: 5 * u, W: f.w - 10*u, H: f.d - 10*u}
		if second.IsZero() {
			s.slots.banner[e][0].get(s.fonts, s.cat, lang, first, long-10*u, deep-10*u, o).draw(in, alignCenter, panelInk)
		} else {
			h1 := in.H * 0.55
			s.slots.banner[e][0].get(s.fonts, s.cat, lang, first, long-10*u, h1, o).draw(board.Rect{X: in.X, Y: in.Y, W: in.W, H: h1}, alignCenter, winnerColor)
			s.slots.banner[e][1].get(s.fonts, s.cat, lang, second, long-10*u, in.H-h1, o2).draw(board.Rect{X: in.X, Y: in.Y + h1, W: in.W, H: in.H - h1}, alignCenter, panelInk)
		}
		s.done()
	}
}

// drawStart draws the start screen's middle: the title, the language and
// map keys, the number of players, what is missing, and Start.
func (s *Screen) drawStart(v *input.View, lang msg.Lang, lay *screenLayout) {
	u := lay.u
	g := &s.start
	s.cv.fill(rect(lay.board), color.RGBA{20, 24, 28, 110})
	s.cv.round(rect(g.card.Inset(-3*u)), 0.08, 8, winnerColor)
	s.cv.round(rect(g.card), 0.08, 8, overlayColor)
	sl := &s.slots
	sl.title.get(s.fonts, s.cat, lang, msg.Text{Key: "start.title"}, g.title.W, g.title.H, fitOpts{bold: true, min: 14, max: 34, maxLines: 1}).draw(g.title, alignCenter, winnerColor)
	lab := fitOpts{bold: true, min: minText, max: 16, maxLines: 2}
	sl.langLabel.get(s.fonts, s.cat, lang, msg.Text{Key: "start.language"}, g.langLabel.W, g.langLabel.H, lab).draw(g.langLabel, alignLeft, panelDim)
	sl.mapLabel.get(s.fonts, s.cat, lang, msg.Text{Key: "start.map"}, g.mapLabel.W, g.mapLabel.H, lab).draw(g.mapLabel, alignLeft, panelDim)
	if len(sl.keys) < len(g.keys) {
		sl.keys = make([]textSlot, len(g.keys))
	}
	nl := len(v.Start.Langs)
	for i, k := range g.keys {
		var t msg.Text
		on := false
		kl := lang
		s.cv.part(k.key)
		switch {
		case i < nl:
			// Each language is named in itself.
			t = msg.Text{Key: "lang.name"}
			if l, err := msg.ParseLang(v.Start.Langs[i]); err == nil {
				kl = l
			}
			on = v.Start.Langs[i] == v.Start.Lang
		case i < nl+len(v.Start.Maps):
			id := v.Start.Maps[i-nl]
			t = msg.Text{Key: "map." + id}
			on = id == v.Start.Map
		default:
			s.drawStartKey(lang, k.r, &sl.keys[i], v.Start.Ready, u)
			continue
		}
		s.drawTextKey(kl, k.r, &sl.keys[i], t, on, u)
	}
	s.cv.part(scene.Key{Part: scene.Middle})
	pt := msg.Text{Key: "start.player_count", Args: map[string]any{"Count": v.Start.Players}}
	sl.players.get(s.fonts, s.cat, lang, pt, g.players.W, g.players.H, fitOpts{bold: true, min: minText, max: 16, maxLines: 1}).draw(g.players, alignCenter, panelInk)
	if !v.Start.Problem.IsZero() {
		sl.problem.get(s.fonts, s.cat, lang, v.Start.Problem, g.problem.W, g.problem.H, fitOpts{min: minText, max: 16, maxLines: 2}).draw(g.problem, alignCenter, progressInk)
	}
}

// drawStartKey draws Start: green when the game can start.
func (s *Screen) drawStartKey(lang msg.Lang, r board.Rect, slot *textSlot, ready bool, u float32) {
	bg := keyColor
	if ready {
		bg = confirmColor
	}
	s.cv.round(rect(r), 0.3, 6, bg)
	s.cv.roundFrame(rect(r), 0.3, 6, max(1, 2*u), panelInk)
	in := r.Inset(3 * u)
	ink := panelInk
	if !ready {
		ink = panelDim
	}
	slot.get(s.fonts, s.cat, lang, msg.Text{Key: "start.start_game"}, in.W, in.H, fitOpts{bold: true, min: minText, max: 21, maxLines: 1}).draw(in, alignCenter, ink)
}

// drawEndMiddle draws the end screen's middle: the board with the longest
// paths (drawn by Draw) and the breakdowns open over it. The winner and
// what decided it are on every player's panel, facing them; New game is
// on one panel (newGameSeat), off the board.
func (s *Screen) drawEndMiddle(v *input.View, lang msg.Lang, lay *screenLayout) {
	if s.endCompact && v.End != nil {
		s.drawBanner(v, lang, lay, v.End.Winner, v.End.Decided)
	}
	for i := range lay.panels {
		k := scene.Key{Part: scene.Breakdown, Seat: lay.panels[i].seat}
		if v.End != nil {
			k.Index = openOf(v.End, k.Seat)
		}
		s.cv.part(k)
		s.drawBreakdown(v, lang, &lay.panels[i])
	}
}

// drawNewGame draws New game where panel pg holds it (local coordinates,
// between the panel's begin and done), if it does.
func (s *Screen) drawNewGame(lang msg.Lang, pg *panelGeom, u float32) {
	r := pg.newGame
	if r.W <= 0 {
		return
	}
	s.cv.round(rect(r), 0.3, 6, keyColor)
	s.cv.roundFrame(rect(r), 0.3, 6, max(1, 2*u), panelInk)
	in := r.Inset(3 * u)
	s.slots.newGame.get(s.fonts, s.cat, lang, msg.Text{Key: "end.new_game"}, in.W, in.H, fitOpts{bold: true, min: minText, max: 16, maxLines: 2}).draw(in, alignCenter, panelInk)
}

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
	return box.Inset(m / 2)
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
