package display

import (
	"ttr/display/board"
	"ttr/display/msg"
	"ttr/display/scene"
	"ttr/input"
)

// movesChipW is one player's score on the moves page, in u.
const movesChipW = 64

// drawMoves draws seat sv's last moves in frame f, facing the seat: every
// player's score in turn order (the current player framed), then the last
// moves, newest first, each with a bar in its mover's colour, and how to
// close the page.
func (s *Screen) drawMoves(v *input.View, lang msg.Lang, f *panelGeom, sv *input.SeatView, sl *pageSlots, u float32) {
	s.begin(f)
	defer s.done()
	s.drawPageCard(f, scene.Moves, u)
	pad := pagePad * u
	lineH := textLines(1) * u
	// The head: the title, and every score on one row.
	hh := float32(keyMinU) * u
	n := len(v.Scores)
	cw := min(movesChipW*u, (f.w-2*pad)*0.6/float32(max(n, 1)))
	scores := board.Rect{X: f.w - pad - cw*float32(n), Y: pad, W: cw * float32(n), H: hh}
	head := board.Rect{X: pad, Y: pad, W: scores.X - gap*u - pad, H: hh}
	sl.movesTitle.get(s.fonts, s.cat, lang, msg.Text{Key: "seat_pages.moves_title"}, head.W, head.H, pageTitleFit).draw(head, alignLeft, keyOnColor)
	s.cv.part(scene.Key{Part: scene.Scores, Seat: f.seat})
	s.drawScoreRow(v, scores, f.seat, u)
	s.cv.part(scene.Key{Part: scene.Moves, Seat: f.seat})
	body := board.Rect{X: pad, Y: pad + hh + gap*u, W: f.w - 2*pad}
	body.H = f.d - pad - lineH - gap*u/2 - body.Y
	if len(v.Moves) == 0 {
		sl.movesNone.get(s.fonts, s.cat, lang, msg.Text{Key: "seat_pages.moves_none"}, body.W, body.H, pageLineFit).drawTop(body, alignLeft, panelDim)
	}
	for len(sl.moves) < len(v.Moves) {
		sl.moves = append(sl.moves, textSlot{})
	}
	y := body.Y
	bar := 3.5 * u
	tx := body.X + bar + 3*u
	for i := len(v.Moves) - 1; i >= 0; i-- {
		a := &v.Moves[i]
		slot := &sl.moves[len(v.Moves)-1-i]
		ft := slot.get(s.fonts, s.cat, lang, a.Text, body.W-(tx-body.X), body.H, fitOpts{min: minText, max: 14, maxLines: 2, optional: true})
		if y+ft.h > body.Y+body.H+0.5 {
			break // the oldest give way
		}
		col := newsColor
		if p := a.Player; p >= 0 && p < len(s.colors) && s.colors[p].A != 0 {
			col = s.colors[p]
		}
		b := board.Rect{X: body.X, Y: y + u, W: bar, H: ft.h - 2*u}
		s.cv.round(rect(b.Inset(-max(1, 0.7*u))), 0.6, 4, trainRim)
		s.cv.round(rect(b), 0.6, 4, col)
		ink := panelInk
		if i < len(v.Moves)-1 {
			ink = panelDim
		}
		ft.drawTop(board.Rect{X: tx, Y: y, W: body.W - (tx - body.X), H: ft.h}, alignLeft, ink)
		y += ft.h + u
	}
	foot := board.Rect{X: pad, Y: f.d - pad - lineH, W: f.w - 2*pad, H: lineH}
	sl.footer.get(s.fonts, s.cat, lang, msg.Text{Key: "seat_pages.moves_close"}, foot.W, foot.H, pageLineFit).draw(foot, alignLeft, panelDim)
}

// drawScoreRow draws every player's score side by side in box r, in turn
// order: their colour and mark, their number; the seat's own on a light
// plate, the current player's framed.
func (s *Screen) drawScoreRow(v *input.View, r board.Rect, seat int, u float32) {
	n := len(v.Scores)
	if n == 0 {
		return
	}
	cw := r.W / float32(n)
	cur := currentSeat(v)
	for i, ps := range v.Scores {
		c := board.Rect{X: r.X + float32(i)*cw, Y: r.Y, W: cw, H: r.H}.Inset(u)
		ink := panelInk
		if int(ps.Seat) == seat {
			s.cv.round(rect(c), 0.3, 6, ownChip)
			ink = chipInk
		}
		if int(ps.Seat) == cur {
			s.cv.roundFrame(rect(c), 0.3, 6, max(1.5, 2*u), currentColor)
		}
		mk := min(c.H-2*u, c.W*0.4)
		s.drawSwatch(board.Rect{X: c.X + u, Y: c.Y + (c.H-mk)/2, W: mk, H: mk}, ps.Color, u)
		px := min(numberPx*u*1.3, c.H*0.8)
		s.drawNumber(s.fonts.face(true, px), ps.Score, board.Rect{X: c.X + mk + 2*u, Y: c.Y, W: c.W - mk - 3*u, H: c.H}, px, alignCenter, ink)
	}
}
