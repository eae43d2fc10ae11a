package display

import (
	"image/color"
	"sort"
	"strings"

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
	if s.endCompact && v.End != nil && s.revealAt(v, s.now).done() {
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

// drawEndPanel draws a player's end strip: their total on the score plate,
// counting up as their tickets are revealed; the ranking, every player's
// place, colour and total, each a key that opens their breakdown; the
// ticket being revealed, then who won and what decided it, the longest
// route's holder; the crown on the winner's strip once the ranking is
// shown.
func (s *Screen) drawEndPanel(v *input.View, lang msg.Lang, pg *panelGeom, sv *input.SeatView, sl *seatSlots) {
	u := s.fonts.u
	ep := endPlayerOf(v.End, sv.Player)
	if ep == nil {
		return
	}
	r := s.revealAt(v, s.now)
	sr := pg.score
	s.cv.round(rect(sr), 0.35, 6, color.RGBA{238, 232, 214, 255})
	bpx := s.endScoreSize(sr)
	s.drawNumber(s.fonts.face(true, bpx), r.score(v.End, ep), sr, bpx, alignCenter, color.RGBA{30, 30, 34, 255})
	if r.done() && isWinner(v.End, sv.Player) {
		c := pg.crown()
		iconCrown(&s.cv, c, winnerColor)
	}
	s.drawRanking(v, pg.seat, pg.rank, openOf(v.End, pg.seat), u)
	s.cv.part(scene.Key{Part: scene.Message, Seat: pg.seat})
	lr := pg.lines
	texts, inks := sl.endTexts, sl.endInks
	if !r.done() {
		texts, inks = r.lines(s.m, v.End, s.revealTexts[:0], s.revealInks[:0])
		s.revealTexts, s.revealInks = texts, inks
	}
	sl.lines.get(s.fonts, s.cat, lang, texts, inks, lr.W, lr.H, promptFit).draw(lr, lineInk)
}

// crown is where the winner's crown goes on an end strip (local
// coordinates): at the start of the counts' place, under or beside the
// name.
func (p *panelGeom) crown() board.Rect {
	h := p.stats.H
	return board.Rect{X: p.stats.X, Y: p.stats.Y, W: h, H: h}
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

// rankChip is the box of the i-th of n players in a ranking laid in r:
// side by side, or on two rows where r is deep enough for two and too
// short for every chip on one (rankChipW).
func rankChip(r board.Rect, n, i int, u float32) board.Rect {
	rows, per := 1, n
	if r.H >= 2*rankRowMin*u && r.W/float32(n) < (rankChipW-1)*u {
		rows, per = 2, (n+1)/2
	}
	cw, ch := r.W/float32(per), r.H/float32(rows)
	row, col := i/per, i%per
	c := board.Rect{X: r.X + float32(col)*cw, Y: r.Y + float32(row)*ch, W: cw - gap*u/2, H: ch}
	if rows > 1 {
		c.H -= gap * u / 4
	}
	return c
}

// rankRowMin is the least height of a row of the ranking, in u: its
// numbers at the smallest text size.
const rankRowMin = minText / 0.8

// rankSize is the size of the ranking's numbers in chip c.
func rankSize(c board.Rect, u float32) float32 { return min(c.H*0.8, 16*u) }

// rankChipParts splits a player's chip c of the ranking into the boxes of
// their place, their colour and their total.
func rankChipParts(c board.Rect, u float32) (place, swatch, total board.Rect) {
	nw := min(c.W*0.22, c.H)
	place = board.Rect{X: c.X + 2*u, Y: c.Y, W: nw, H: c.H}
	sw := min(c.H-4*u, c.W*0.24)
	swatch = board.Rect{X: c.X + 2*u + nw, Y: c.Y + (c.H-sw)/2, W: sw, H: sw}
	tx := c.X + 4*u + nw + sw
	return place, swatch, board.Rect{X: tx, Y: c.Y, W: c.X + c.W - tx - 2*u, H: c.H}
}

// drawRanking draws every player's place, colour and total side by side,
// the winners first, in r: the same ranking on every seat's panel, each
// player a key that opens their breakdown facing the seat (open: the
// player whose breakdown is open, drawn lit).
func (s *Screen) drawRanking(v *input.View, seat int, r board.Rect, open int, u float32) {
	order, places := s.rankingAt(s.now)
	n := len(order)
	if n == 0 || r.W <= 0 {
		return
	}
	rv := s.revealAt(v, s.now)
	px := rankSize(rankChip(r, n, 0, u), u)
	f := s.fonts.face(true, px)
	for i, p := range order {
		ep := endPlayerOf(v.End, p)
		if ep == nil {
			continue
		}
		c := rankChip(r, n, i, u)
		s.cv.part(scene.Key{Part: scene.RankKey, Seat: seat, Index: p})
		placeR, swR, totalR := rankChipParts(c, u)
		won := rv.done() && isWinner(v.End, p)
		edge := panelEdge
		if won {
			edge = winnerColor
		}
		fill := color.RGBA{44, 50, 58, 255}
		if p == open {
			fill, edge = color.RGBA{70, 88, 120, 255}, panelInk
		}
		s.cv.round(rect(c), 0.35, 6, fill)
		s.cv.roundFrame(rect(c), 0.35, 6, max(1, 1.5*u), edge)
		// The place (once the reveal is over), the colour with its mark,
		// the score.
		place := panelInk
		if won {
			place = winnerColor
		}
		if places[i] > 0 {
			s.drawNumber(f, places[i], placeR, px, alignCenter, place)
		}
		s.drawSwatch(swR, ep.Color, u)
		s.drawNumber(f, rv.score(v.End, ep), totalR, px, alignCenter, panelInk)
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
	s.orderReveal(v.End)
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

// fitEnd lays the end screen out, the seats' strips those of play (the
// board keeps its size), and chooses the lines each strip holds in lang:
// every line, else the tie-break in its short form, else as few left out
// as each strip needs (leanLevels), else the winner and tie-break in a
// banner over the board (v nil: the lines are already in the slots, for
// tests).
func (s *Screen) fitEnd(v *input.View, lang msg.Lang) {
	s.endLang = lang
	if s.fonts == nil || s.m == nil {
		return
	}
	fr := board.Frame(s.m)
	lay := newLayoutU(s.area(), s.opts.Seats, fr.W/fr.H, true, s.scale())
	s.end = lay
	if v != nil && !s.endFits(lay, lang) {
		// The tie-break in a word or two.
		s.endShort = true
		s.updateEnd(v, false, true)
		if !s.endFits(lay, lang) && !s.endLean(v, lay, lang) {
			s.endCompact = true
			s.updateEnd(v, true, true)
		}
	}
	if s.bd != nil && s.mode == input.ModeEnd {
		s.bd.Resize(lay.board)
	}
}

// endLean builds each strip's lines with as few left out as it needs
// (leanLevels) and reports whether they all fit; if not, every seat's
// lines are whole again.
func (s *Screen) endLean(v *input.View, lay *screenLayout, lang msg.Lang) bool {
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
	if !fits {
		s.leanReset()
		s.updateEnd(v, false, true)
	}
	return fits
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
