package display

import (
	"image/color"
	"math"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/msg"
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
		rl.DrawRectangleRounded(rect(full), 0.3, 8, bannerColor)
		rl.DrawRectangleRoundedLinesEx(rect(full), 0.3, 8, max(1, 2*u), winnerColor)
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
	rl.DrawRectangleRec(rect(lay.board), color.RGBA{20, 24, 28, 110})
	rl.DrawRectangleRounded(rect(g.card.Inset(-3*u)), 0.08, 8, winnerColor)
	rl.DrawRectangleRounded(rect(g.card), 0.08, 8, overlayColor)
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
	rl.DrawRectangleRounded(rect(r), 0.3, 6, bg)
	rl.DrawRectangleRoundedLinesEx(rect(r), 0.3, 6, max(1, 2*u), panelInk)
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
	rl.DrawRectangleRounded(rect(r), 0.3, 6, keyColor)
	rl.DrawRectangleRoundedLinesEx(rect(r), 0.3, 6, max(1, 2*u), panelInk)
	in := r.Inset(3 * u)
	s.slots.newGame.get(s.fonts, s.cat, lang, msg.Text{Key: "end.new_game"}, in.W, in.H, fitOpts{bold: true, min: minText, max: 16, maxLines: 2}).draw(in, alignCenter, panelInk)
}

// breakdownBox returns where the breakdown a seat has open goes: over the
// board by the seat's edge, facing it, before the seat's panel.
func (s *Screen) breakdownBox(pg *panelGeom, lay *screenLayout) board.Rect {
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
	f := facing(s.breakdownBox(pg, lay), pg.edge)
	// Text is queued and drawn after the frame's shapes: what is queued
	// so far goes under this breakdown, and its own words go before the
	// next breakdown, which may lie over it.
	s.fonts.q.flush()
	defer s.fonts.q.flush()
	s.begin(&f)
	defer s.done()
	full := board.Rect{W: f.w, H: f.d}
	rl.DrawRectangleRounded(rect(full.Inset(-3*u)), 0.08, 8, PlayerColor(ep.Color))
	rl.DrawRectangleRounded(rect(full), 0.08, 8, overlayColor)
	pad := 8 * u
	th := float32(math.Round(float64(24 * u)))
	s.drawSwatch(board.Rect{X: pad, Y: pad, W: th, H: th}, ep.Color, u)
	title := board.Rect{X: pad + th + gap*u, Y: pad, W: f.w - 2*pad - th - gap*u, H: th}
	sl.breakTitle.get(s.fonts, s.cat, lang, ep.Name, title.W, title.H, nameFit).draw(title, alignLeft, panelInk)
	in := board.Rect{X: pad, Y: pad + th + gap*u, W: f.w - 2*pad, H: f.d - 2*pad - th - gap*u}
	sl.breakdown.get(s.fonts, s.cat, lang, sl.breakTexts, sl.breakInks, in.W, in.H, promptFit).draw(in, lineInk)
}
