package display

import (
	"image/color"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/display/scene"
	"ttr/input"
)

// A strip's tools at play: every player's score, in turn order, the
// current player marked (touched, the last moves open facing the seat);
// Rules (the help page, with Stop game on it); and Undo on the strip of
// the player who may take back their last decision. They are carved out
// of the prompt's room, so that the strips keep their depth and the board
// its size: Rules before Confirm and the scores in the score plate's place
// in a one-row strip, Rules over the scores in a column before the keys in
// a two-row one. Each key is at least keyMinU on each side.

// Sizes of a strip's tools, in u.
const (
	// keyMinU is the least side of a strip's key: 9 mm
	// (board.MinTargetMM) wherever the strip's smallest text (minText u)
	// is 3.5 mm (board.MinStripTextMM), as the table sizes u on a panel
	// whose size it knows: 9 / 3.5 x 12 = 30.9.
	keyMinU = 31
	// toolKeyW is Rules in a one-row strip (as deep as the row): its
	// icon, the word where the strip is long (drawKey).
	toolKeyW = keyMinU
	// toolColW is the column of Rules over the scores in a two-row strip.
	toolColW = 56
	// chipW is one player's score, their mark and number, in a one-row
	// strip's grid of scores.
	chipW = 28
	// chipMinW is the narrowest chip a score is drawn in.
	chipMinW = 22
	// toolPromptMin is the narrowest prompt the tools leave: every
	// message of the catalogue fits two lines of it at the smallest text
	// size, and its notice's box beside the icon (about 305 u;
	// TestEveryMessageFitsThePanel checks).
	toolPromptMin = 312
)

// layTools carves the tools out of a playing strip laid by layCompact, for
// a table of seats seats. The start screen keeps its own rectangles
// (startName: the name before the tools narrowed it).
func (p *panelGeom) layTools(u float32, seats int) {
	pad, g := stripPad*u, stripGap*u
	rowH := p.d - 2*pad
	cols := float32(max(1, (seats+1)/2))
	p.startName = p.name
	p.undo = p.keys
	if p.progress.Y <= p.prompt.Y+1 {
		// One row: Rules before Confirm, the running count and the
		// prompt giving way; every score where the score plate was, as
		// wide as the prompt can spare.
		hw := toolKeyW * u
		cut := hw + g
		if p.prompt.W-cut < toolPromptMin*u {
			// No room for Rules: the tools in the keys' place, while
			// there are none.
			p.toolsInKeys = true
			p.help, p.scores = p.confirm, p.cancel
			return
		}
		p.help = board.Rect{X: p.confirm.X - g - hw, Y: pad, W: hw, H: rowH}
		p.progress.X -= cut
		grow := max(0, min(cols*chipW*u-p.score.W, p.prompt.W-cut-toolPromptMin*u))
		p.scores = board.Rect{X: p.score.X, Y: pad, W: p.score.W + grow, H: rowH}
		p.score = board.Rect{}
		p.prompt.X += grow
		p.prompt.W -= cut + grow
		p.message.X += grow
		p.message.W -= cut + grow
		p.header.W += grow
		return
	}
	// Two rows: Rules over the scores in a column before the keys; the
	// header and the words give way, the prompt never narrower than
	// toolPromptMin (the column then narrows, the scores giving way to
	// their key's icon: drawScores). A strip with no room for the column
	// has them in the keys' place, while it shows no key (toolsInKeys).
	h := rowH / 2
	tw := min(toolColW*u, p.prompt.W-g-toolPromptMin*u)
	if short := keyMinU*u - tw; short > 0 && p.keys.W-short >= keyMinU*u {
		// Confirm and Cancel narrow to make room, never below keyMinU.
		p.keys.X += short
		p.keys.W -= short
		p.confirm.X, p.confirm.W = p.keys.X, p.keys.W
		p.cancel.X, p.cancel.W = p.keys.X, p.keys.W
		p.undo = p.keys
		tw = keyMinU * u
	}
	if tw < keyMinU*u {
		p.toolsInKeys = true
		p.help = board.Rect{X: p.keys.X, Y: pad, W: p.keys.W, H: h}
		p.scores = board.Rect{X: p.keys.X, Y: pad + rowH - h, W: p.keys.W, H: h}
		return
	}
	x := p.keys.X - g - tw
	p.help = board.Rect{X: x, Y: pad, W: tw, H: h}
	p.scores = board.Rect{X: x, Y: pad + rowH - h, W: tw, H: h}
	cut := p.prompt.X + p.prompt.W - (x - g)
	p.header.W -= cut
	p.prompt.W -= cut
	p.message.W -= cut
	p.progress.W -= cut
	p.score.X -= cut
	p.stats.X -= cut
	p.name.W -= cut
}

// undoRect is where Undo goes on strip pg: in Confirm's place beside
// Cancel (withCancel), else in the whole place of the keys.
func undoRect(pg *panelGeom, withCancel bool) board.Rect {
	if withCancel {
		return pg.confirm
	}
	return pg.undo
}

// undoOffered reports whether seat sv's strip offers Undo: the View says
// its player may take back their last decision, not asked yet.
func undoOffered(v *input.View, sv *input.SeatView) bool {
	return v.Undo != nil && !v.Undo.Asked && int(v.Undo.Seat) == int(sv.Seat) && sv.Player >= 0 && !asking(v, sv)
}

// asking reports whether seat sv has a question open (take back, stop the
// game): its strip shows Confirm and Cancel to answer it, whoever's turn
// it is.
func asking(v *input.View, sv *input.SeatView) bool {
	if v.Undo != nil && v.Undo.Asked && int(v.Undo.Seat) == int(sv.Seat) {
		return true
	}
	return v.Abandon != nil && int(v.Abandon.Seat) == int(sv.Seat)
}

// promptKept reports whether seat sv's prompt is one news must never
// cover: the seat the table waits for, or one answering a question.
func promptKept(v *input.View, sv *input.SeatView) bool {
	return sv.Current || asking(v, sv)
}

// toolsShown reports whether strip pg shows its tools now: always, but
// where they have the keys' place (toolsInKeys) and the keys are shown.
func toolsShown(pg *panelGeom, confirm, cancel, undo bool) bool {
	return !pg.toolsInKeys || !(confirm || cancel || undo)
}

// stripKeys returns which of Confirm, Cancel and Undo seat sv's strip
// shows at play. Undo takes Confirm's place: it is offered to the player
// who made the last decision, who then has nothing to confirm (their turn
// has passed, or the second card of a draw is awaited).
func stripKeys(v *input.View, sv *input.SeatView) (confirm, cancel, undo bool) {
	if v.Mode != input.ModePlay && v.Mode != input.ModeSetup {
		return false, false, false
	}
	ask := asking(v, sv)
	undo = undoOffered(v, sv)
	return (sv.Current && !undo) || ask, sv.Current || ask, undo
}

// Colours of the tools.
var (
	ownChip = color.RGBA{238, 232, 214, 255} // the seat's own score, as the score plate
	chipInk = color.RGBA{30, 30, 34, 255}
	undoKey = color.RGBA{196, 120, 28, 255}
)

// drawTools draws seat sv's scores and Rules (and the page open, marked
// on its key).
func (s *Screen) drawTools(v *input.View, lang msg.Lang, pg *panelGeom, sv *input.SeatView, sl *seatSlots, u float32) {
	confirm, cancel, undo := stripKeys(v, sv)
	keys := confirm || cancel || undo
	if pg.toolsInKeys && keys {
		return // the keys take their place
	}
	if !keys && !pg.toolsInKeys && pg.progress.Y > pg.prompt.Y+1 && len(v.Scores) > 0 {
		// Two rows, the keys' place free: every score there too, as
		// large as it allows (the tools' column may be too narrow).
		s.cv.part(scene.Key{Part: scene.Scores, Seat: pg.seat})
		s.drawScores(v, pg.keys, pg.seat, false, u)
	}
	if pg.scores.W > 0 && len(v.Scores) > 0 {
		s.cv.part(scene.Key{Part: scene.MovesKey, Seat: pg.seat})
		s.drawScores(v, pg.scores, pg.seat, sv.Moves, u)
	}
	if pg.help.W > 0 {
		s.cv.part(scene.Key{Part: scene.HelpKey, Seat: pg.seat})
		bg := keyColor
		if sv.Help != nil {
			bg = keyOnColor
		}
		s.drawKey(lang, pg.help, &sl.help, msg.Text{Key: "help.key"}, bg, iconHelp, u)
	}
}

// drawScores draws every player's score in box r, in turn order, in a grid
// of as many rows as fit: each a plate with the player's colour and mark and their
// number; the seat's own score on a light plate, the current player's
// framed in the current colour. The whole is a key: open marks it open.
func (s *Screen) drawScores(v *input.View, r board.Rect, seat int, open bool, u float32) {
	frame := withAlpha(panelInk, 0.5)
	if open {
		frame = keyOnColor
	}
	s.cv.round(rect(r), 0.2, 6, keyColor)
	s.cv.roundFrame(rect(r), 0.2, 6, max(1, 1.5*u), frame)
	n := len(v.Scores)
	in := r.Inset(1.5 * u)
	// As many rows as the box holds at the smallest text, at most one a
	// player.
	rows := max(1, min(n, int(in.H/((minText+1)*u))))
	cols := (n + rows - 1) / rows
	cw, ch := in.W/float32(cols), in.H/float32(rows)
	if cw < chipMinW*u || ch < minText*u {
		// Too small for every number: the key's icon; the scores are on
		// the page it opens.
		is := min(r.W, r.H) * 0.6
		iconScores(&s.cv, board.Rect{X: r.X + (r.W-is)/2, Y: r.Y + (r.H-is)/2, W: is, H: is}, panelInk)
		return
	}
	cur := currentSeat(v)
	for i, ps := range v.Scores {
		c := board.Rect{X: in.X + float32(i/rows)*cw, Y: in.Y + float32(i%rows)*ch, W: cw, H: ch}.Inset(0.5 * u)
		ink := panelInk
		if int(ps.Seat) == seat {
			s.cv.round(rect(c), 0.3, 6, ownChip)
			ink = chipInk
		}
		if int(ps.Seat) == cur {
			s.cv.roundFrame(rect(c.Inset(-0.5*u)), 0.3, 6, max(1.5, 1.5*u), currentColor)
		}
		mk := min(c.H-u, c.W*0.45)
		s.drawSwatch(board.Rect{X: c.X + 0.5*u, Y: c.Y + (c.H-mk)/2, W: mk, H: mk}, ps.Color, u)
		px := min(numberPx*u, c.H*0.95)
		nr := board.Rect{X: c.X + mk + 1.5*u, Y: c.Y, W: c.W - mk - 2*u, H: c.H}
		s.drawNumber(s.fonts.face(true, px), ps.Score, nr, px, alignCenter, ink)
	}
}

// drawUndo draws Undo in box r.
func (s *Screen) drawUndo(lang msg.Lang, r board.Rect, sl *seatSlots, u float32) {
	s.drawWideKey(lang, r, &sl.undo, msg.Text{Key: "seat_pages.undo"}, undoKey, iconUndo, u)
}

// wideKeyFit sizes a wide key's word, beside its icon.
var wideKeyFit = fitOpts{bold: true, min: minText, max: 16, maxLines: 2, optional: true}

// drawWideKey draws a key wider than deep with its icon and, beside it,
// its word when it fits; a key too narrow for that is drawn as drawKey
// draws it.
func (s *Screen) drawWideKey(lang msg.Lang, r board.Rect, slot *textSlot, t msg.Text, bg color.RGBA, icon func(*canvas, board.Rect, color.RGBA), u float32) {
	is := r.H * 0.5
	word := board.Rect{X: r.X + is + 6*u, Y: r.Y + u, W: r.W - is - 9*u, H: r.H - 2*u}
	if r.W < 1.6*r.H {
		s.drawKey(lang, r, slot, t, bg, icon, u)
		return
	}
	ft := slot.get(s.fonts, s.cat, lang, t, word.W, word.H, wideKeyFit)
	s.cv.round(rect(r), 0.25, 6, bg)
	s.cv.roundFrame(rect(r), 0.25, 6, max(1, 1.5*u), withAlpha(panelInk, 0.8))
	if !ft.ok {
		icon(&s.cv, board.Rect{X: r.X + (r.W-is)/2, Y: r.Y + (r.H-is)/2, W: is, H: is}, panelInk)
		return
	}
	// The icon and the word together, centred.
	w := is + 3*u + ft.w
	x := r.X + (r.W-w)/2
	icon(&s.cv, board.Rect{X: x, Y: r.Y + (r.H-is)/2, W: is, H: is}, panelInk)
	ft.draw(board.Rect{X: x + is + 3*u, Y: word.Y, W: ft.w + 1, H: word.H}, alignLeft, panelInk)
}

// iconHelp is a question mark: a hook and a dot.
func iconHelp(cv *canvas, r board.Rect, col color.RGBA) {
	t := max(2, r.W*0.14)
	c := rl.Vector2{X: r.X + r.W/2, Y: r.Y + r.H*0.3}
	rad := r.W * 0.24
	cv.ring(c, rad-t/2, rad+t/2, 180, 450, 16, col)
	stem := rl.Vector2{X: c.X, Y: c.Y + rad}
	cv.line(stem, rl.Vector2{X: c.X, Y: r.Y + r.H*0.7}, t, col)
	cv.circle(rl.Vector2{X: c.X, Y: r.Y + r.H*0.88}, t*0.65, col)
}

// iconUndo is an arrow turning back: an arc with a head at its end.
func iconUndo(cv *canvas, r board.Rect, col color.RGBA) {
	t := max(2, r.W*0.13)
	c := rl.Vector2{X: r.X + r.W*0.55, Y: r.Y + r.H*0.55}
	rad := r.W * 0.32
	cv.ring(c, rad-t/2, rad+t/2, 180, 450, 16, col)
	// The head, at the arc's left end, pointing down.
	tip := rl.Vector2{X: c.X - rad, Y: c.Y + r.H*0.3}
	a := rl.Vector2{X: c.X - rad - r.W*0.2, Y: c.Y}
	b := rl.Vector2{X: c.X - rad + r.W*0.2, Y: c.Y}
	cv.tri(a, tip, b, col)
}

// iconStop is a stop: a square.
func iconStop(cv *canvas, r board.Rect, col color.RGBA) {
	in := r.Inset(r.W * 0.18)
	cv.round(rect(in), 0.2, 4, col)
}

// iconNext is the next page: an arrow to the right.
func iconNext(cv *canvas, r board.Rect, col color.RGBA) {
	t := max(2, r.W*0.14)
	y := r.Y + r.H/2
	cv.line(rl.Vector2{X: r.X + r.W*0.1, Y: y}, rl.Vector2{X: r.X + r.W*0.6, Y: y}, t, col)
	cv.tri(rl.Vector2{X: r.X + r.W*0.55, Y: r.Y + r.H*0.2}, rl.Vector2{X: r.X + r.W*0.55, Y: r.Y + r.H*0.8}, rl.Vector2{X: r.X + r.W*0.92, Y: y}, col)
}

// iconScores is the scores: three bars, as a podium.
func iconScores(cv *canvas, r board.Rect, col color.RGBA) {
	w := r.W * 0.26
	for i, h := range [3]float32{0.6, 0.95, 0.4} {
		x := r.X + float32(i)*(w+r.W*0.11)
		cv.fill(rect(board.Rect{X: x, Y: r.Y + r.H*(1-h), W: w, H: r.H * h}), col)
	}
}
