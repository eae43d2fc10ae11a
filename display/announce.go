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

// announceMinLen is the shortest stretch of an edge, in u, an
// announcement's plate takes: where less is free, it gives way.
const announceMinLen = 160

// announceBoxes returns where the announcement's plate goes facing each
// edge where someone plays (has), and the box its words were fitted to
// (fit: W, H): along the board's edge, just inside the score track, clear
// of the corners where the plates of the edges beside lie, as long as the
// words and no longer. A plate keeps clear of the tunnel's overlay: the
// one facing the tunnel's player gives way to it (the overlay tells that
// player), the others take the longest stretch of their edge beside it
// (their words fitted to it), or give way where too little is left.
func (s *Screen) announceBoxes(v *input.View, lang msg.Lang, lay *screenLayout) (boxes, fit [4]board.Rect, has [4]bool) {
	bl := s.boardLayout()
	if bl == nil {
		return boxes, fit, has
	}
	u := lay.u
	b := bl.Board
	edges := playerEdges(v, s.opts.Seats)
	m := bl.TrackDepth + 3*u
	dep := announceDepth(u)
	corner := m + dep + gap*u
	var room [5]board.Rect // the tunnel and the plates placed
	busy := room[:0]
	var hidden [4]bool
	if v.Tunnel != nil && v.Map != nil {
		box, e := s.tunnelBox(v, lay)
		busy = append(busy, box.Inset(-4*u)) // and its rim
		hidden[e] = true
	}
	for e := Bottom; e <= Right; e++ {
		if !edges[e] || hidden[e] {
			continue
		}
		across := e == Left || e == Right
		lo, hi := b.X, b.X+b.W
		if across {
			lo, hi = b.Y, b.Y+b.H
		}
		if (!across && (edges[Left] || edges[Right])) || (across && (edges[Bottom] || edges[Top])) {
			lo, hi = lo+corner, hi-corner
		}
		// The stretch of the edge's band free of what is in the way (the
		// longest; the words are fitted to it).
		b0, b1 := b.Y+m, b.Y+m+dep
		switch e {
		case Bottom:
			b0, b1 = b.Y+b.H-m-dep, b.Y+b.H-m
		case Left:
			b0, b1 = b.X+m, b.X+m+dep
		case Right:
			b0, b1 = b.X+b.W-m-dep, b.X+b.W-m
		}
		// Each thing in the way splits a stretch in at most two: with the
		// tunnel and three plates, at most five stretches (no allocation:
		// the still layer is drawn every frame while unprepared).
		var free, next [8][2]float32
		free[0] = [2]float32{lo, hi}
		nf := 1
		for _, o := range busy {
			o0, o1, c0, c1 := o.X, o.X+o.W, o.Y, o.Y+o.H
			if across {
				o0, o1, c0, c1 = o.Y, o.Y+o.H, o.X, o.X+o.W
			}
			if c1 <= b0 || c0 >= b1 {
				continue
			}
			o0, o1 = o0-gap*u, o1+gap*u
			nn := 0
			for _, f := range free[:nf] {
				if f[0] < o0 && nn < len(next) {
					next[nn] = [2]float32{f[0], min(f[1], o0)}
					nn++
				}
				if f[1] > o1 && nn < len(next) {
					next[nn] = [2]float32{max(f[0], o1), f[1]}
					nn++
				}
			}
			free, nf = next, nn
		}
		var span [2]float32
		for _, f := range free[:nf] {
			if f[1]-f[0] > span[1]-span[0] {
				span = f
			}
		}
		fw, fh := span[1]-span[0]-16*u, dep-8*u
		if fw < announceMinLen*u {
			continue // no room: the plate gives way
		}
		ft := s.slots.announce[e].get(s.fonts, s.cat, lang, v.Announce.Text, fw, fh, announceFit)
		long, deep := ft.w+16*u, ft.h+8*u
		// As near the edge's middle as the stretch allows.
		x := min(max(lo+(hi-lo-long)/2, span[0]), span[1]-long)
		var best board.Rect
		switch e {
		case Bottom:
			best = board.Rect{X: x, Y: b.Y + b.H - deep - m, W: long, H: deep}
		case Top:
			best = board.Rect{X: x, Y: b.Y + m, W: long, H: deep}
		case Left:
			best = board.Rect{X: b.X + m, Y: x, W: deep, H: long}
		default:
			best = board.Rect{X: b.X + b.W - deep - m, Y: x, W: deep, H: long}
		}
		boxes[e], has[e] = best, true
		fit[e] = board.Rect{W: fw, H: fh}
		busy = append(busy, best)
	}
	return boxes, fit, has
}

// drawAnnounce draws the last move's line facing every edge where someone
// plays (in the still layer: it stays until the next move replaces it).
func (s *Screen) drawAnnounce(v *input.View, lang msg.Lang, lay *screenLayout) {
	if v.Announce.Text.IsZero() {
		return
	}
	u := lay.u
	boxes, fit, has := s.announceBoxes(v, lang, lay)
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
		in := board.Rect{X: 8 * u, Y: 4 * u, W: f.w - 16*u, H: f.d - 8*u}
		s.slots.announce[e].get(s.fonts, s.cat, lang, v.Announce.Text, fit[e].W, fit[e].H, announceFit).draw(in, alignCenter, panelInk)
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
	if r, ok := s.bd.SelectionBounds(bv); ok {
		s.moved(r)
	}
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
	s.moved(r.Inset(-2*u - 2))
	rl.DrawRectangleRounded(rect(r), 0.4, 6, withAlpha(overlayColor, alpha))
	rl.DrawRectangleRoundedLinesEx(rect(r), 0.4, 6, max(1, 1.5*u), withAlpha(bv.Scores[a.Player].Color, alpha))
	f.text(s.num, rl.Vector2{X: float32(int(r.X + 4*u + 0.5)), Y: float32(int(r.Y + 2*u + 0.5))}, px, withAlpha(doneInk, alpha))
}
