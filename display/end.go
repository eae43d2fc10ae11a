package display

import (
	"image/color"
	"sort"
	"strings"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/display/scene"
	"ttr/input"
)

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

// isWinner reports whether player p won.
func isWinner(e *input.EndView, p int) bool {
	for _, w := range e.Winners {
		if w == p {
			return true
		}
	}
	return false
}

// drawEndPanel draws a player's final score, item by item: who won and
// what decided it, then the player's routes, each ticket (done in green
// with +, not done in red with –), stations, longest route and total.
func (s *Screen) drawEndPanel(v *input.View, lang msg.Lang, pg *panelGeom, sv *input.SeatView, sl *seatSlots) {
	u := s.fonts.u
	ep := endPlayerOf(v.End, sv.Player)
	if ep == nil {
		return
	}
	sr := pg.score
	s.cv.round(rect(sr), 0.35, 6, color.RGBA{238, 232, 214, 255})
	bpx := s.endScoreSize(sr)
	s.drawNumber(s.fonts.face(true, bpx), ep.Total, sr, bpx, alignCenter, color.RGBA{30, 30, 34, 255})
	if isWinner(v.End, sv.Player) {
		cr := board.Rect{X: sr.X - sr.H - 4*u, Y: sr.Y, W: sr.H, H: sr.H}
		iconCrown(&s.cv, cr, winnerColor)
	}
	s.drawRanking(v, pg.seat, pg.rank, openOf(v.End, pg.seat), u)
	s.cv.part(scene.Key{Part: scene.Message, Seat: pg.seat})
	r := pg.lines
	sl.lines.get(s.fonts, s.cat, lang, sl.endTexts, sl.endInks, r.W, r.H, promptFit).draw(r, lineInk)
	s.cv.part(scene.Key{Part: scene.Legend, Seat: pg.seat})
	s.drawLegend(v, lang, pg, sl, u)
}

// endScoreSize is the size of an end panel's total in its plate r.
func (s *Screen) endScoreSize(r board.Rect) float32 {
	return min(s.fonts.sizes[min(len(s.fonts.sizes)-1, 6)], r.H*0.85)
}

// openOf returns the player whose breakdown seat has open, or -1.
func openOf(e *input.EndView, seat int) int {
	if e == nil || seat < 0 || seat >= len(e.Open) {
		return -1
	}
	return e.Open[seat]
}

// legendFit sizes the words of the end screen's legend.
var legendFit = fitOpts{min: minText, max: 14, maxLines: 1}

// longestHolders returns the names of every player who took the longest
// route bonus ("A and B" when it is shared) and the first of them, or nil
// when nobody took it.
func longestHolders(e *input.EndView) (msg.Text, *input.EndPlayer) {
	var h *input.EndPlayer
	var names []msg.Text
	for i := range e.Players {
		ep := &e.Players[i]
		if ep.LongestBonus > 0 {
			if h == nil {
				h = ep
			}
			names = append(names, ep.Name)
		}
	}
	return input.List(names...), h
}

// legendBoxes returns the two entries of a panel's legend (local
// coordinates), side by side: the longest route's mark, then the ticket
// lines'.
func legendBoxes(pg *panelGeom, u float32) (long, tick board.Rect) {
	r := pg.legend
	half := (r.W - gap*u) / 2
	return board.Rect{X: r.X, Y: r.Y, W: half, H: r.H}, board.Rect{X: r.X + half + gap*u, Y: r.Y, W: half, H: r.H}
}

// legendEntry splits an entry of the legend (legendBoxes) into its
// swatch and its words.
func legendEntry(r board.Rect, u float32) (sw, words board.Rect) {
	sw = board.Rect{X: r.X, Y: r.Y + r.H*0.1, W: r.H * 1.6, H: r.H * 0.8}
	return sw, board.Rect{X: sw.X + sw.W + 4*u, Y: r.Y, W: r.W - sw.W - 4*u, H: r.H}
}

// longestLine returns the line saying who took the longest route bonus
// ("A and B" when shared), how long the route is and what it earned; zero
// when nobody took it.
func longestLine(e *input.EndView) msg.Text {
	names, h := longestHolders(e)
	if h == nil {
		return msg.Text{}
	}
	return msg.Text{Key: "board_end.longest_holder", Args: map[string]any{"Player": names, "Count": h.LongestPath, "Points": h.LongestBonus}}
}

// legendTexts returns the legend's words: for the longest route's glow and
// for the ticket lines (zero: no such mark on the board).
// Short picks the short forms (for a short panel).
func legendTexts(e *input.EndView, short bool) (long, tick msg.Text) {
	suffix := ""
	if short {
		suffix = "_short"
	}
	for i := range e.Players {
		if e.Players[i].LongestBonus > 0 {
			long = msg.Text{Key: "board_end.legend_longest" + suffix}
		}
		if e.Players[i].CompletedTickets > 0 {
			tick = msg.Text{Key: "board_end.legend_tickets" + suffix}
		}
	}
	return long, tick
}

// drawLegend draws the legend of the board's marks on an end panel: a
// swatch of each mark (a car in the longest route's glow, two ticket
// lines) and its words.
func (s *Screen) drawLegend(v *input.View, lang msg.Lang, pg *panelGeom, sl *seatSlots, u float32) {
	long, tick := legendTexts(v.End, sl.legendShort)
	lr, tr := legendBoxes(pg, u)
	for k, r := range [2]board.Rect{lr, tr} {
		t, slot := long, &sl.legendLong
		if k == 1 {
			t, slot = tick, &sl.legendTick
		}
		if t.IsZero() {
			continue
		}
		sw, in := legendEntry(r, u)
		if k == 0 {
			drawLongestSwatch(&s.cv, sw, u)
		} else {
			drawTicketSwatch(&s.cv, sw, s.colors, u)
		}
		ink := ticketInk
		if k == 0 {
			ink = longestInk
		}
		slot.get(s.fonts, s.cat, lang, t, in.W, in.H, legendFit).draw(in, alignLeft, ink)
	}
}

// drawLongestSwatch draws the longest route's mark in r: a car space
// inside the glow the board draws round the route.
func drawLongestSwatch(cv *canvas, r board.Rect, u float32) {
	cv.round(rect(r), 0.5, 6, longestGlow)
	car := r.Inset(min(r.H*0.28, 4*u))
	cv.round(rect(car.Inset(-max(1, 0.8*u))), 0.3, 4, trainRim)
	cv.round(rect(car), 0.3, 4, color.RGBA{150, 150, 150, 255})
}

// drawTicketSwatch draws the ticket lines' mark in r: two short lines
// from dot to dot in two players' colours.
func drawTicketSwatch(cv *canvas, r board.Rect, colors []color.RGBA, u float32) {
	cols := [2]color.RGBA{playerColors[input.Red], playerColors[input.Blue]}
	n := 0
	for _, c := range colors {
		if c.A != 0 && n < 2 {
			cols[n] = c
			n++
		}
	}
	w := max(2, r.H*0.16)
	for k, c := range cols {
		y0, y1 := r.Y+r.H*0.2, r.Y+r.H*0.8
		x0 := r.X + float32(k)*r.W*0.45
		a, b := rl.Vector2{X: x0 + r.W*0.05, Y: y1}, rl.Vector2{X: x0 + r.W*0.5, Y: y0}
		if k == 1 {
			a.Y, b.Y = y0, y1
		}
		cv.line(a, b, w+max(2, w*0.6), withAlpha(trainOutline, 0.85))
		cv.line(a, b, w, c)
	}
}

// rankChip is the box of the i-th of n players in a ranking laid in r.
func rankChip(r board.Rect, n, i int, u float32) board.Rect {
	cw := r.W / float32(n)
	return board.Rect{X: r.X + float32(i)*cw, Y: r.Y, W: cw - gap*u/2, H: r.H}
}

// rankSize is the size of the ranking's numbers in r.
func rankSize(r board.Rect, u float32) float32 { return min(r.H*0.8, 16*u) }

// rankChipParts splits a player's chip c of the ranking in r into the
// boxes of their place, their colour and their total.
func rankChipParts(c, r board.Rect, u float32) (place, swatch, total board.Rect) {
	nw := min(c.W*0.25, r.H)
	place = board.Rect{X: c.X + 2*u, Y: c.Y, W: nw, H: c.H}
	sw := min(c.H-4*u, c.W*0.28)
	swatch = board.Rect{X: c.X + 2*u + nw, Y: c.Y + 2*u, W: sw, H: sw}
	tx := c.X + 4*u + nw + sw
	return place, swatch, board.Rect{X: tx, Y: c.Y, W: c.X + c.W - tx - 2*u, H: c.H}
}

// drawRanking draws every player's place, colour and total side by side,
// the winners first, in r: the same ranking on every seat's panel, each
// player a key that opens their breakdown facing the seat (open: the
// player whose breakdown is open, drawn lit).
func (s *Screen) drawRanking(v *input.View, seat int, r board.Rect, open int, u float32) {
	n := len(s.endOrder)
	if n == 0 || r.W <= 0 {
		return
	}
	px := rankSize(r, u)
	f := s.fonts.face(true, px)
	for i, p := range s.endOrder {
		ep := endPlayerOf(v.End, p)
		if ep == nil {
			continue
		}
		c := rankChip(r, n, i, u)
		s.cv.part(scene.Key{Part: scene.RankKey, Seat: seat, Index: p})
		placeR, swR, totalR := rankChipParts(c, r, u)
		edge := panelEdge
		if isWinner(v.End, p) {
			edge = winnerColor
		}
		fill := color.RGBA{44, 50, 58, 255}
		if p == open {
			fill, edge = color.RGBA{70, 88, 120, 255}, panelInk
		}
		s.cv.round(rect(c), 0.35, 6, fill)
		s.cv.roundFrame(rect(c), 0.35, 6, max(1, 1.5*u), edge)
		// The place, the colour with its mark, the total.
		place := panelInk
		if isWinner(v.End, p) {
			place = winnerColor
		}
		s.drawNumber(f, s.endRank[i], placeR, px, alignCenter, place)
		s.drawSwatch(swR, ep.Color, u)
		s.drawNumber(f, ep.Total, totalR, px, alignCenter, panelInk)
	}
}

// rankEnd orders the players for the ranking: the winners first, then by
// total, and gives each their place (the winners all first).
func (s *Screen) rankEnd(e *input.EndView) {
	s.endOrder, s.endRank = s.endOrder[:0], s.endRank[:0]
	s.endOrder = append(s.endOrder, e.Winners...)
	rest := len(s.endOrder)
	for i := range e.Players {
		if !isWinner(e, e.Players[i].Player) {
			s.endOrder = append(s.endOrder, e.Players[i].Player)
		}
	}
	total := func(p int) int {
		if ep := endPlayerOf(e, p); ep != nil {
			return ep.Total
		}
		return 0
	}
	sort.SliceStable(s.endOrder[rest:], func(i, j int) bool {
		return total(s.endOrder[rest+i]) > total(s.endOrder[rest+j])
	})
	for i := range s.endOrder {
		place := i + 1
		switch {
		case i < rest:
			place = 1
		case i > rest && total(s.endOrder[i]) == total(s.endOrder[i-1]):
			place = s.endRank[i-1]
		}
		s.endRank = append(s.endRank, place)
	}
}

// endPlayerOf returns player p's final score, or nil.
func endPlayerOf(e *input.EndView, p int) *input.EndPlayer {
	for i := range e.Players {
		if e.Players[i].Player == p {
			return &e.Players[i]
		}
	}
	return nil
}

// updateEnd builds each seat's end panel lines afresh if the end view
// changed (or force), compact or not, and the lines of the breakdown it
// has open, and reports whether the panel lines changed.
func (s *Screen) updateEnd(v *input.View, compact, force bool) bool {
	changed := false
	s.rankEnd(v.End)
	for i := range v.Seats {
		if i >= len(s.slots.seats) {
			break
		}
		sl := &s.slots.seats[i]
		s.updateBreakdown(v.End, i, sl)
		ep := endPlayerOf(v.End, v.Seats[i].Player)
		if ep == nil || !v.Seats[i].Playing {
			if len(sl.endTexts) > 0 {
				sl.endTexts, sl.endSrc = sl.endTexts[:0], sl.endSrc[:0]
				changed = true
			}
			continue
		}
		if !force && len(sl.endTexts) > 0 && sameTexts(sl.endSrc, ep.Lines) && textEqual(sl.endWinner, v.End.Winner) && textEqual(sl.endDecided, v.End.Decided) {
			continue
		}
		sl.endSrc = append(sl.endSrc[:0], ep.Lines...)
		sl.endWinner, sl.endDecided = v.End.Winner, v.End.Decided
		sl.endTexts, sl.endInks = endLines(sl.endTexts[:0], sl.endInks[:0], v.End, compact, s.endShort, sl.endLean)
		changed = true
	}
	return changed
}

// fitEnd lays the end screen out with the shallowest panels in which
// every player's breakdown fits, in lang, so that the board keeps as much
// room as it can; if no depth holds them all, with the compact lines (v
// nil: the lines are already in the slots, for tests).
func (s *Screen) fitEnd(v *input.View, lang msg.Lang) {
	s.endLang = lang
	if s.fonts == nil || s.m == nil {
		return
	}
	fr := board.Frame(s.m)
	lay := s.endDepth(fr.W/fr.H, lang)
	if lay == nil && v != nil {
		// The tie-break in a word or two, before the winner leaves the
		// panels for a banner over the board.
		s.endShort = true
		s.updateEnd(v, false, true)
		lay = s.endDepth(fr.W/fr.H, lang)
	}
	if lay == nil && v != nil {
		lay = s.endLeanDepth(v, fr.W/fr.H, lang)
	}
	if lay == nil && v != nil {
		s.endCompact = true
		s.updateEnd(v, true, true)
		lay = s.endDepth(fr.W/fr.H, lang)
	}
	if lay == nil {
		lay = newLayoutU(s.area(), s.opts.Seats, fr.W/fr.H, true, endDepths[len(endDepths)-1], s.scale())
	}
	s.end = lay
	if v != nil && v.End != nil {
		s.fitLegends(v.End, lang)
	}
	if s.bd != nil && s.mode == input.ModeEnd {
		s.bd.Resize(lay.board)
	}
}

// fitLegends chooses, on each end panel, the legend's full words where
// both entries fit side by side at the smallest text size or larger, else
// their short forms.
func (s *Screen) fitLegends(e *input.EndView, lang msg.Lang) {
	o := legendFit
	o.optional = true
	for i := range s.end.panels {
		pg := &s.end.panels[i]
		sl := &s.slots.seats[pg.seat]
		sl.legendShort = false
		long, tick := legendTexts(e, false)
		lr, tr := legendBoxes(pg, s.end.u)
		for k, t := range [2]msg.Text{long, tick} {
			r := lr
			if k == 1 {
				r = tr
			}
			_, in := legendEntry(r, s.end.u)
			if !t.IsZero() && !s.fonts.fit(s.cat.Text(lang, t), in.W, in.H, o).ok {
				sl.legendShort = true
			}
		}
	}
}

// endDepth returns the end layout with the shallowest panels that hold
// every seat's lines, or nil.
func (s *Screen) endDepth(aspect float32, lang msg.Lang) *screenLayout {
	for _, d := range endDepths {
		lay := newLayoutU(s.area(), s.opts.Seats, aspect, true, d, s.scale())
		if s.endFits(lay, lang) {
			return lay
		}
	}
	return nil
}

// endLeanDepth returns the end layout with the shallowest panels in which
// every seat's lines fit with as few left out as its panel needs
// (leanLevels), its lines built so, or nil (every seat's lines whole
// again).
func (s *Screen) endLeanDepth(v *input.View, aspect float32, lang msg.Lang) *screenLayout {
	for _, d := range endDepths {
		lay := newLayoutU(s.area(), s.opts.Seats, aspect, true, d, s.scale())
		fits := true
		for _, pg := range lay.panels {
			sl := &s.slots.seats[pg.seat]
			if len(sl.endTexts) == 0 {
				continue
			}
			ok := false
			for sl.endLean = leanNone; sl.endLean < leanLevels && !ok; sl.endLean++ {
				sl.endTexts, sl.endInks = endLines(sl.endTexts[:0], sl.endInks[:0], v.End, false, s.endShort, sl.endLean)
				ok = s.linesFit(sl.endTexts, &pg, lang)
			}
			sl.endLean-- // the level that fitted, or the last tried
			fits = fits && ok
		}
		if fits {
			return lay
		}
	}
	s.leanReset()
	s.updateEnd(v, false, true)
	return nil
}

// leanReset puts every line back on every end panel (leanLevels).
func (s *Screen) leanReset() {
	for i := range s.slots.seats {
		s.slots.seats[i].endLean = leanNone
	}
}

// endFits reports whether every seat's end lines fit its panel in lay.
func (s *Screen) endFits(lay *screenLayout, lang msg.Lang) bool {
	for _, pg := range lay.panels {
		sl := &s.slots.seats[pg.seat]
		if len(sl.endTexts) == 0 {
			continue
		}
		if !s.linesFit(sl.endTexts, &pg, lang) {
			return false
		}
	}
	return true
}

// linesFit reports whether end lines ts fit panel pg's lines in lang.
func (s *Screen) linesFit(ts []msg.Text, pg *panelGeom, lang msg.Lang) bool {
	o := promptFit
	o.optional = true
	strs := make([]string, len(ts))
	for i, t := range ts {
		strs[i] = s.cat.Text(lang, t)
	}
	return s.fonts.fitList(strs, pg.lines.W, pg.lines.H, o).ok
}

// endLines returns the lines of an end panel: the winner and what
// decided it, who took the longest route bonus, and how to see a player's
// points; and beside each line the
// key that sets its colour (lineInk). Each player's breakdown is a touch
// away (breakdownLines), not on every panel.
//
// Compact leaves the winner and the tie-break out (the middle of the
// screen shows them instead, and the winner's panel has a crown), for
// panels too small for them.
//
// Short tells the tie-break in a word or two (shortDecided); lean leaves
// lines out, for the narrowest panels (leanLevels).
func endLines(dst []msg.Text, inks []string, e *input.EndView, compact, short bool, lean int) ([]msg.Text, []string) {
	if !compact {
		decided := e.Decided
		if short {
			decided = shortDecided(decided)
		}
		dst = append(dst, e.Winner, decided)
		inks = append(inks, e.Winner.Key, e.Decided.Key)
	}
	if l := longestLine(e); !l.IsZero() && lean < leanNoLongest {
		if lean >= leanShortLongest {
			l.Key = "board_end.longest_holder_short"
		}
		dst = append(dst, l)
		inks = append(inks, "end.longest_route")
	}
	if lean < leanNoHint {
		dst = append(dst, msg.Text{Key: "board_end.touch_hint"})
		inks = append(inks, "board_end.touch_hint")
	}
	return dst, inks
}

// shortDecided returns the short form of a tie-break's line
// ("end.decided_tickets": "board_end.short_decided_tickets").
func shortDecided(t msg.Text) msg.Text {
	if k, ok := strings.CutPrefix(t.Key, "end."); ok && strings.HasPrefix(k, "decided_") {
		return msg.Text{Key: "board_end.short_" + k, Args: t.Args}
	}
	return t
}

func sameTexts(a, b []msg.Text) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !textEqual(a[i], b[i]) {
			return false
		}
	}
	return true
}

// lineInk is the colour of an end screen line: tickets done in green, not
// done in red, the total in gold.
func lineInk(key string) color.RGBA {
	switch key {
	case "end.ticket_completed":
		return doneInk
	case "end.ticket_failed":
		return failInk
	case "end.total":
		return progressInk
	case "end.winner", "end.winners_shared":
		return winnerColor
	case "end.longest_route", "board_end.longest_taken":
		return longestInk
	case "board_end.touch_hint":
		return panelDim
	}
	return panelInk
}

// Where even the short tie-break leaves an end panel too full (five seats,
// a tie broken by tickets or a victory shared: the narrowest panels),
// that panel's lines give way one by one before the winner leaves the
// panels for a banner over the board: first the hint (the ranking's chips
// are keys by themselves), then the longest route's line in its short
// form, then that line (the board shows the route glowing, and the
// breakdowns say who took the bonus). TestEveryEndWordFits covers every
// tie-break with five seats.
const (
	leanNone         = iota
	leanNoHint       // without the hint
	leanShortLongest // and the longest route's line short
	leanNoLongest    // and without it
	leanLevels
)
