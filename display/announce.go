package display

import (
	"math"
	"strconv"
	"time"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/input"
)

// AnnouncePulse is how long the route or city of an announced move pulses
// on the board, and its points rise over the player's marker.
const AnnouncePulse = 2500 * time.Millisecond

// announceFit sizes the announcement's line.
var announceFit = fitOpts{bold: true, min: minText, max: 16, maxLines: 2}

// announceDepth is the deepest the announcement's plate gets, in pixels:
// two lines at the largest size.
func announceDepth(u float32) float32 {
	return float32(math.Ceil(float64(2*16*u*lineSpacing))) + 8*u
}

// announceFitBox is the box the announcement's words are fitted to along
// a side of length long: one line if they fit, else two.
func announceFitBox(long, u float32) (w, h float32) {
	return long*0.9 - 16*u, announceDepth(u) - 8*u
}

// announceBoxes returns where the announcement's line goes facing each
// edge where someone plays: along the board's edge, just inside the score
// track, at most two thirds of the side long (the words fitted once to
// that length; the plate no longer than they are).
func (s *Screen) announceBoxes(v *input.View, lang msg.Lang, lay *screenLayout) (boxes [4]board.Rect, has [4]bool) {
	bl := s.boardLayout()
	if bl == nil {
		return boxes, has
	}
	u := lay.u
	b := bl.Board
	has = playerEdges(v, s.opts.Seats)
	m := bl.TrackDepth + 3*u
	for e := Bottom; e <= Right; e++ {
		if !has[e] {
			continue
		}
		side := b.W
		if e == Left || e == Right {
			side = b.H
		}
		fw, fh := announceFitBox(side, u)
		ft := s.slots.announce[e].get(s.fonts, s.cat, lang, v.Announce.Text, fw, fh, announceFit)
		long, deep := ft.w+16*u, ft.h+8*u
		switch e {
		case Bottom:
			boxes[e] = board.Rect{X: b.X + (b.W-long)/2, Y: b.Y + b.H - deep - m, W: long, H: deep}
		case Top:
			boxes[e] = board.Rect{X: b.X + (b.W-long)/2, Y: b.Y + m, W: long, H: deep}
		case Left:
			boxes[e] = board.Rect{X: b.X + m, Y: b.Y + (b.H-long)/2, W: deep, H: long}
		case Right:
			boxes[e] = board.Rect{X: b.X + b.W - deep - m, Y: b.Y + (b.H-long)/2, W: deep, H: long}
		}
	}
	return boxes, has
}

// drawAnnounce draws the last move's line facing every edge where someone
// plays (in the still layer: it stays until the next move replaces it).
func (s *Screen) drawAnnounce(v *input.View, lang msg.Lang, lay *screenLayout) {
	if v.Announce.Text.IsZero() {
		return
	}
	u := lay.u
	boxes, has := s.announceBoxes(v, lang, lay)
	col := newsColor
	if p := v.Announce.Player; p >= 0 && p < len(s.colors) && s.colors[p].A != 0 {
		col = s.colors[p]
	}
	for e := Bottom; e <= Right; e++ {
		if !has[e] {
			continue
		}
		f := facing(boxes[e], e)
		s.begin(&f)
		full := board.Rect{W: f.w, H: f.d}
		rl.DrawRectangleRounded(rect(full), 0.4, 8, overlayColor)
		// The mover's colour down the plate's ends.
		rl.DrawRectangleRounded(rect(board.Rect{W: 5 * u, H: f.d}), 0.5, 6, col)
		rl.DrawRectangleRounded(rect(board.Rect{X: f.w - 5*u, W: 5 * u, H: f.d}), 0.5, 6, col)
		rl.DrawRectangleRoundedLinesEx(rect(full), 0.4, 8, max(1, 1.5*u), withAlpha(panelInk, 0.6))
		side := s.boardLayout().Board.W
		if e == Left || e == Right {
			side = s.boardLayout().Board.H
		}
		fw, fh := announceFitBox(side, u)
		in := board.Rect{X: 8 * u, Y: 4 * u, W: f.w - 16*u, H: f.d - 8*u}
		s.slots.announce[e].get(s.fonts, s.cat, lang, v.Announce.Text, fw, fh, announceFit).draw(in, alignCenter, panelInk)
		s.done()
	}
}

// announcePulsing reports whether v's announcement pulses at now: its
// route or city on the board, its points over the marker.
func announcePulsing(v *input.View, now time.Time) bool {
	a := &v.Announce
	if a.Text.IsZero() || a.At.IsZero() || (v.Mode != input.ModePlay && v.Mode != input.ModeSetup) {
		return false
	}
	d := now.Sub(a.At)
	return d >= 0 && d < AnnouncePulse
}

// drawAnnouncePulse draws, over the still layer, the announced route or
// city pulsing and the points scored rising over the player's marker, for
// AnnouncePulse after the move.
func (s *Screen) drawAnnouncePulse(v *input.View, now time.Time, lay *screenLayout) {
	if !announcePulsing(v, now) || s.bd == nil || liveSelection(v) || v.Tunnel != nil || !v.Banner.IsZero() {
		return
	}
	a := &v.Announce
	bv := s.boardView(v, now)
	l := s.bd.Layout()
	switch {
	case a.Route >= 0 && a.Route < len(l.Routes):
		bv.Selected = board.Hit{Kind: board.HitRoute, Index: a.Route}
	case a.City >= 0 && a.City < len(l.Cities):
		bv.Selected = board.Hit{Kind: board.HitCity, Index: a.City}
	}
	s.bd.DrawSelection(bv)
	if a.Points == 0 || a.Player < 0 || a.Player >= len(bv.Scores) {
		return
	}
	// "+N" rises from the marker towards the board's middle and fades.
	t := float32(now.Sub(a.At)) / float32(AnnouncePulse)
	sp := l.TrackSpace(bv.Scores[a.Player].Score)
	d := l.TrackDepth
	c := sp.Rect.Center().Add(sp.Inward.Scale(d * (1.2 + 2.5*t)))
	u := lay.u
	px := min(s.fonts.sizes[min(len(s.fonts.sizes)-1, 3)], 20*u)
	f := s.fonts.face(true, px)
	s.num = append(s.num[:0], '+')
	s.numb = strconv.AppendInt(s.numb[:0], int64(a.Points), 10)
	for _, b := range s.numb {
		s.num = append(s.num, rune(b))
	}
	w := f.width(s.num, px)
	r := board.Rect{X: c.X - w/2 - 4*u, Y: c.Y - px*0.6 - 2*u, W: w + 8*u, H: px*1.2 + 4*u}
	alpha := 1 - max(0, t-0.6)/0.4
	rl.DrawRectangleRounded(rect(r), 0.4, 6, withAlpha(overlayColor, alpha))
	rl.DrawRectangleRoundedLinesEx(rect(r), 0.4, 6, max(1, 1.5*u), withAlpha(bv.Scores[a.Player].Color, alpha))
	f.text(s.num, rl.Vector2{X: float32(int(r.X + 4*u + 0.5)), Y: float32(int(r.Y + 2*u + 0.5))}, px, withAlpha(doneInk, alpha))
}
