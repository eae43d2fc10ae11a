package display

import (
	"math"

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
