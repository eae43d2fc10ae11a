package display

import (
	"image/color"
	"math"
	"strconv"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/engine"
	"ttr/input"
	"ttr/maps"
)

// A costTag is the cost of the route (or station) being claimed, shown
// beside it: where its tag goes, facing which seat, and what it says.
type costTag struct {
	box   board.Rect
	seat  int
	r     float32 // half the tag's height
	need  int
	col   maps.Color
	locos int
}

// costTag returns the tag of v's claim under way, and false when there is
// none.
func (s *Screen) costTag(v *input.View, lay *screenLayout) (costTag, bool) {
	bl := s.boardLayout()
	if bl == nil || v.Map == nil {
		return costTag{}, false
	}
	c := costTag{seat: currentSeat(v)}
	if c.seat < 0 || c.seat >= len(s.opts.Seats) {
		return costTag{}, false
	}
	u := lay.u
	var at board.Vec
	switch {
	case v.Claim != nil && v.Claim.Route < len(bl.Routes):
		rt := &v.Map.Routes[v.Claim.Route]
		sh := &bl.Routes[v.Claim.Route]
		c.need, c.col, c.locos = rt.Length, rt.Color, rt.Locomotives
		// Beside the route, not over it, on the side away from the
		// board's middle.
		side := sh.Dir.Perp()
		if side.Dot(sh.Mid.Sub(bl.Board.Center())) < 0 {
			side = side.Scale(-1)
		}
		at = sh.Mid.Add(side.Scale(bl.CarWidth*0.9 + 17*u))
	case v.Station != nil && v.Station.City < len(bl.Cities):
		c.need, c.col = v.Station.Need, maps.Gray
	default:
		return costTag{}, false
	}
	c.r = 15 * u
	w := c.r * 2
	if c.locos > 0 {
		w = c.r * 3.4
	}
	if v.Station != nil && v.Claim == nil {
		at = s.stationTagAt(bl, v.Station.City, c.seat, w, c.r)
	}
	box := board.Rect{X: at.X - w/2, Y: at.Y - c.r, W: w, H: 2 * c.r}
	// Keep the tag on the board.
	box.X = min(max(box.X, bl.Board.X), bl.Board.X+bl.Board.W-box.W)
	box.Y = min(max(box.Y, bl.Board.Y), bl.Board.Y+bl.Board.H-box.H)
	c.box = box
	return c, true
}

// stationTagAt returns where the cost tag of a station in city goes, w x
// 2r: beside the city, above it, under it, right or left of it, the first
// place that leaves the city's name in sight as the names face the seat
// building it (its plate turned for a seat at the side).
func (s *Screen) stationTagAt(bl *board.Layout, city, seat int, w, r float32) board.Vec {
	cs := &bl.Cities[city]
	name := cs.Label
	if seat >= 0 && seat < len(s.opts.Seats) {
		if e := s.opts.Seats[seat]; (e == Left || e == Right) && !cs.TurnedFlat {
			name = cs.LabelTurned
		}
	}
	dy := bl.CityRadius*1.6 + r
	dx := bl.CityRadius*1.6 + w/2
	first := board.Vec{}
	for i, d := range [...]board.Vec{{Y: -dy}, {Y: dy}, {X: dx}, {X: -dx}, {Y: -dy - name.H}, {Y: dy + name.H}} {
		at := cs.Center.Add(d)
		if i == 0 {
			first = at
		}
		box := board.Rect{X: at.X - w/2, Y: at.Y - r, W: w, H: 2 * r}
		// As costTag keeps it on the board.
		box.X = min(max(box.X, bl.Board.X), bl.Board.X+bl.Board.W-box.W)
		box.Y = min(max(box.Y, bl.Board.Y), bl.Board.Y+bl.Board.H-box.H)
		if !meets(box, name) {
			return box.Center()
		}
	}
	return first
}

// drawCost draws the cost of the route (or station) being claimed beside it,
// facing the player claiming it: a tag with the number of cards and their
// colour.
func (s *Screen) drawCost(v *input.View, lay *screenLayout) {
	c, ok := s.costTag(v, lay)
	if !ok {
		return
	}
	u := lay.u
	f := facing(c.box, s.opts.Seats[c.seat])
	s.begin(&f)
	defer s.done()
	lr := board.Rect{W: f.w, H: f.d}
	s.cv.round(rect(lr.Inset(-2*u)), 1, 12, selectEdge)
	s.cv.round(rect(lr), 1, 12, ColorOf(c.col))
	ink := InkOn(c.col)
	px := min(c.r*1.3, s.fonts.sizes[len(s.fonts.sizes)-1])
	face := s.fonts.face(true, px)
	num := board.Rect{W: 2 * c.r, H: 2 * c.r}
	s.drawNumber(face, c.need, num, face.Size, alignCenter, ink)
	if c.locos > 0 {
		lr := board.Rect{X: 2 * c.r, Y: c.r * 0.35, W: c.r * 1.2, H: c.r * 1.3}
		s.tris = board.AppendLocomotive(s.tris[:0], lr.Center(), board.Vec{X: 1}, lr.W)
		s.fillTris(ink)
	}
}

// tunnelBox is where the overlay of v's tunnel (not nil) goes on the laid
// out board, and the edge it faces.
func (s *Screen) tunnelBox(v *input.View, lay *screenLayout) (board.Rect, Edge) {
	tv := v.Tunnel
	bl := s.boardLayout()
	// Facing the player paying; once resolved (the cards stay in sight
	// until the next move), the player who tried it.
	seat := currentSeat(v)
	if tv.Done {
		seat = seatOf(v, v.Announce.Player)
	}
	edge := Bottom
	if seat >= 0 && seat < len(s.opts.Seats) {
		edge = s.opts.Seats[seat]
	}
	u := lay.u
	b := bl.Board
	long, deep := float32(330)*u, float32(128)*u
	if edge == Left || edge == Right {
		long, deep = min(long, b.H*0.92), min(deep, b.W*0.5)
	} else {
		long, deep = min(long, b.W*0.92), min(deep, b.H*0.6)
	}
	// In the half of the board away from the tunnel, so that the route
	// stays in sight.
	mid := b.Center()
	if tv.Route >= 0 && tv.Route < len(bl.Routes) {
		mid = bl.Routes[tv.Route].Mid
	}
	m := 8 * u
	var box board.Rect
	switch edge {
	case Bottom, Top:
		box = board.Rect{X: b.X + (b.W-long)/2, Y: b.Y + b.H - deep - m, W: long, H: deep}
		if mid.Y > b.Y+b.H/2 {
			box.Y = b.Y + m
		}
	default:
		box = board.Rect{X: b.X + b.W - deep - m, Y: b.Y + (b.H-long)/2, W: deep, H: long}
		if mid.X > b.X+b.W/2 {
			box.X = b.X + m
		}
	}
	return box, edge
}

// drawTunnel draws the tunnel being claimed, large, facing its player: the
// three cards turned over (backs for those still to turn) and the extra
// cost once they are all known.
func (s *Screen) drawTunnel(v *input.View, lang msg.Lang, lay *screenLayout) {
	tv := v.Tunnel
	bl := s.boardLayout()
	if tv == nil || bl == nil || v.Map == nil {
		return
	}
	u := lay.u
	box, edge := s.tunnelBox(v, lay)
	f := facing(box, edge)
	s.begin(&f)
	defer s.done()
	w, d := f.w, f.d
	full := board.Rect{W: w, H: d}
	s.cv.round(rect(full.Inset(-3*u)), 0.15, 6, selectEdge)
	s.cv.round(rect(full), 0.15, 6, overlayColor)
	pad := 8 * u
	th := float32(math.Ceil(float64(18 * u * lineSpacing)))
	title := board.Rect{X: pad, Y: pad * 0.6, W: w*0.62 - pad, H: th}
	s.slots.tunnel.get(s.fonts, s.cat, lang, msg.Text{Key: "term.tunnel"}, title.W, title.H, fitOpts{bold: true, min: minText, max: 18, maxLines: 1}).draw(title, alignLeft, selectEdge)
	if tv.Route >= 0 && tv.Route < len(v.Map.Routes) {
		rt := &v.Map.Routes[tv.Route]
		if s.tunnelRoute != tv.Route || s.tunnelMap != v.Map {
			// Built once per tunnel, so that a frame allocates nothing.
			s.tunnelRoute, s.tunnelMap = tv.Route, v.Map
			s.tunnelNames = v.Map.Cities[rt.A].Name + " – " + v.Map.Cities[rt.B].Name
		}
		names := s.tunnelNames
		rr := board.Rect{X: pad, Y: title.Y + th, W: w*0.62 - pad, H: th * 0.9}
		s.slots.route.getRaw(s.fonts, names, rr.W, rr.H, fitOpts{min: minText, max: 16, maxLines: 1}).draw(rr, alignLeft, panelInk)
	}
	// Three cards, portrait.
	top := title.Y + th*1.95
	ch := d - top - pad
	cw := min(ch*0.7, (w*0.62-pad-2*gap*u)/3)
	for i := 0; i < 3; i++ {
		r := board.Rect{X: pad + float32(i)*(cw+gap*u), Y: top, W: cw, H: ch}
		switch {
		case i < len(tv.Revealed):
			s.drawCardUpright(r, tv.Revealed[i].Color(), u)
		case i < len(tv.Revealed)+tv.ToReveal:
			s.cv.round(rect(r), 0.15, 6, trainRim)
			s.cv.round(rect(r.Inset(2*u)), 0.12, 6, cardBack)
			px := s.fonts.face(true, min(cw, 34*u)).Size
			q := [1]rune{'?'}
			fc := s.fonts.face(true, px)
			qw := fc.width(q[:], px)
			fc.text(q[:], rl.Vector2{X: r.X + (r.W-qw)/2, Y: r.Y + (r.H-px)/2}, px, panelInk)
		default:
			s.cv.roundFrame(rect(r), 0.15, 6, max(1, 1.5*u), withAlpha(panelInk, 0.35))
		}
	}
	// The extra cost: "+2" and the card that pays it.
	if tv.ToReveal > 0 {
		return
	}
	ex := board.Rect{X: w*0.62 + gap*u, Y: pad, W: w*0.38 - gap*u - pad, H: d - 2*pad}
	px := min(s.fonts.sizes[len(s.fonts.sizes)-1], ex.H*0.5)
	fc := s.fonts.face(true, px)
	s.num = append(s.num[:0], '+')
	s.numb = strconv.AppendInt(s.numb[:0], int64(tv.Extra), 10)
	for _, b := range s.numb {
		s.num = append(s.num, rune(b))
	}
	nw := fc.width(s.num, fc.Size)
	ink := selectEdge
	if tv.Extra == 0 {
		ink = doneInk
	}
	fc.text(s.num, rl.Vector2{X: ex.X + (ex.W-nw)/2, Y: ex.Y}, fc.Size, ink)
	if tv.Extra > 0 {
		cr := board.Rect{X: ex.X + ex.W*0.15, Y: ex.Y + fc.Size*1.05, W: ex.W * 0.7, H: min(ex.H-fc.Size*1.05, ex.W*0.36)}
		cc := engine.CardColor(tv.Color)
		if tv.Color == maps.Gray {
			cc = engine.Locomotive
		}
		s.drawCard(cr, cc, u)
	}
}

// drawCardUpright draws a face-up card standing (portrait).
func (s *Screen) drawCardUpright(r board.Rect, cc engine.CardColor, u float32) {
	s.cv.round(rect(r), 0.15, 6, trainRim)
	in := r.Inset(max(1.5, 2.5*u))
	if cc == engine.Locomotive {
		sh := in.H / float32(len(locoStripes))
		for i, c := range locoStripes {
			s.cv.fill(rl.Rectangle{X: in.X, Y: in.Y + float32(i)*sh, Width: in.W, Height: sh + 0.5}, ColorOf(c))
		}
		plate := board.Rect{X: in.X + in.W*0.1, Y: in.Y + in.H*0.32, W: in.W * 0.8, H: in.H * 0.36}
		s.cv.round(rect(plate), 0.4, 6, color.RGBA{250, 250, 246, 235})
		s.tris = board.AppendLocomotive(s.tris[:0], plate.Center(), board.Vec{X: 1}, plate.W*0.85)
		s.fillTris(color.RGBA{28, 28, 32, 255})
		return
	}
	mc := cc.MapColor()
	s.cv.round(rect(in), 0.12, 6, ColorOf(mc))
	g := in.W * 0.6
	for _, y := range [2]float32{in.Y + in.H*0.28, in.Y + in.H*0.72} {
		s.tris = board.AppendGlyph(s.tris[:0], mc, board.Vec{X: in.X + in.W/2, Y: y}, board.Vec{X: 1}, g)
		s.fillTris(InkOn(mc))
	}
}
