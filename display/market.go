package display

import (
	"image/color"
	"math"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/display/scene"
	"ttr/engine"
	"ttr/input"
	"ttr/maps"
)

// locoStripes are the colours across a locomotive card.
var locoStripes = [...]maps.Color{maps.Red, maps.Orange, maps.Yellow, maps.Green, maps.Blue, maps.Purple}

// drawCard draws train card colour cc face up in r: its colour with its
// shape at both ends; a locomotive in rainbow stripes with the engine.
func (s *Screen) drawCard(r board.Rect, cc engine.CardColor, u float32) {
	rr := rect(r)
	s.cv.round(rl.Rectangle{X: rr.X + 2*u, Y: rr.Y + 2*u, Width: rr.Width, Height: rr.Height}, 0.2, 6, shadowColor)
	s.cv.round(rr, 0.2, 6, trainRim)
	in := r.Inset(max(1.5, 2.5*u))
	if cc == engine.Locomotive {
		n := float32(len(locoStripes))
		sw := in.W / n
		for i, c := range locoStripes {
			x := in.X + float32(i)*sw
			s.cv.fill(rl.Rectangle{X: x, Y: in.Y, Width: sw + 0.5, Height: in.H}, ColorOf(c))
		}
		plate := board.Rect{X: in.X + in.W*0.22, Y: in.Y + in.H*0.12, W: in.W * 0.56, H: in.H * 0.76}
		s.cv.round(rect(plate), 0.4, 6, color.RGBA{250, 250, 246, 235})
		s.tris = board.AppendLocomotive(s.tris[:0], plate.Center(), board.Vec{X: 1}, min(plate.W*0.8, plate.H*1.5))
		s.fillTris(color.RGBA{28, 28, 32, 255})
		return
	}
	mc := cc.MapColor()
	s.cv.round(rect(in), 0.16, 6, ColorOf(mc))
	ink := InkOn(mc)
	// The shape at both ends of the card's long side, inside the card
	// whichever way it lies.
	g := min(in.H*0.62, in.W*0.3)
	c := in.Center()
	ends := [2]board.Vec{{X: in.X + in.H*0.5, Y: c.Y}, {X: in.X + in.W - in.H*0.5, Y: c.Y}}
	if in.H > in.W {
		g = min(in.W*0.62, in.H*0.3)
		ends = [2]board.Vec{{X: c.X, Y: in.Y + in.W*0.5}, {X: c.X, Y: in.Y + in.H - in.W*0.5}}
	}
	for _, at := range ends {
		s.tris = board.AppendGlyph(s.tris[:0], mc, at, board.Vec{X: 1}, g)
		s.fillTris(ink)
	}
}

func (s *Screen) fillTris(col color.RGBA) {
	for i := range s.tris {
		t := &s.tris[i]
		s.cv.tri(rl.Vector2(t[0]), rl.Vector2(t[1]), rl.Vector2(t[2]), col)
	}
}

// A deckKind is which pile a deck box shows.
type deckKind uint8

const (
	trainDeck deckKind = iota
	discardPile
	ticketDeck
)

// drawDeck draws a pile face down: its back with a picture of what it
// holds and how many cards are in it, and its name above them when the
// name fits.
func (s *Screen) drawDeck(r board.Rect, k deckKind, n int, slot *textSlot, lang msg.Lang, t msg.Text, u float32) {
	bg, ink := cardBack, panelInk
	switch k {
	case discardPile:
		bg = color.RGBA{92, 96, 100, 255}
	case ticketDeck:
		bg, ink = ticketBack, color.RGBA{40, 34, 28, 255}
	}
	s.cv.round(rl.Rectangle{X: r.X + 2*u, Y: r.Y + 2*u, Width: r.W, Height: r.H}, 0.2, 6, shadowColor)
	s.cv.round(rect(r), 0.2, 6, trainRim)
	in := r.Inset(max(1.5, 2.5*u))
	s.cv.round(rect(in), 0.16, 6, bg)
	body := in.Inset(2 * u)
	lh := float32(math.Ceil(float64(minText * u * lineSpacing)))
	if body.H >= 2*lh+2*u {
		ft := slot.get(s.fonts, s.cat, lang, t, body.W, lh, fitOpts{bold: true, min: minText, max: 14, maxLines: 1, optional: true})
		if ft.ok {
			ft.draw(board.Rect{X: body.X, Y: body.Y, W: body.W, H: lh}, alignCenter, ink)
			body.Y += lh
			body.H -= lh
		}
	}
	// The picture on the left, the count on the right.
	ic := min(body.H, body.W*0.42)
	ir := board.Rect{X: body.X + body.W*0.04, Y: body.Y + (body.H-ic)/2, W: ic, H: ic}
	switch k {
	case trainDeck:
		s.tris = board.AppendLocomotive(s.tris[:0], ir.Center(), board.Vec{X: 1}, ic)
		s.fillTris(ink)
	case discardPile:
		iconCard(&s.cv, ir.Inset(ic*0.08), withAlpha(ink, 0.8))
	case ticketDeck:
		iconTicket(&s.cv, ir, ink)
	}
	nr := board.Rect{X: ir.X + ir.W, Y: body.Y, W: body.X + body.W - ir.X - ir.W, H: body.H}
	px := s.fonts.face(true, min(body.H*0.9, 28*u)).Size
	px = min(px, body.H)
	s.drawNumber(s.fonts.face(true, px), n, nr, px, alignCenter, ink)
}

// drawMarket draws the train deck, the discard pile, the five face-up cards
// (unavailable ones marked) and the ticket deck.
func (s *Screen) drawMarket(v *input.View, lang msg.Lang, lay *screenLayout) {
	u := lay.u
	mk := &lay.market
	pub := &v.Public
	s.cv.part(scene.Key{Part: scene.Deck})
	s.drawDeck(mk.deck, trainDeck, pub.DeckCards, &s.slots.deck, lang, msg.Text{Key: "term.deck"}, u)
	s.cv.part(scene.Key{Part: scene.Market})
	s.drawDeck(mk.discards, discardPile, pub.Discards, &s.slots.discards, lang, msg.Text{Key: "term.discards"}, u)
	for i, r := range mk.slots {
		c := pub.Market[i]
		s.cv.part(scene.Key{Part: scene.Slot, Index: i})
		if c == engine.NoCard {
			s.cv.roundFrame(rect(r.Inset(2*u)), 0.2, 6, max(1, 2*u), withAlpha(panelInk, 0.4))
			continue
		}
		s.drawCard(r, c.Color(), u)
		if v.Unavailable[i] {
			s.cv.round(rect(r), 0.2, 6, color.RGBA{16, 16, 20, 165})
			d := min(r.H*0.8, r.W*0.5)
			c := r.Center()
			s.cv.ring(rl.Vector2(c), d*0.36, d*0.5, 0, 360, 32, refuseColor)
			k := d * 0.5 * 0.7071
			s.cv.line(rl.Vector2{X: c.X - k, Y: c.Y - k}, rl.Vector2{X: c.X + k, Y: c.Y + k}, d*0.14, refuseColor)
		}
	}
	s.cv.part(scene.Key{Part: scene.TicketDeck})
	s.drawDeck(mk.tickets, ticketDeck, pub.TicketDeck, &s.slots.tickets, lang, msg.Text{Key: "term.destination_ticket"}, u)
}

// seatOf returns the seat of engine player p, or -1.
func seatOf(v *input.View, p int) int {
	for i := range v.Seats {
		if p >= 0 && v.Seats[i].Player == p {
			return i
		}
	}
	return -1
}
