package display

import (
	"fmt"
	"math"

	"ttr/display/board"
	"ttr/display/scene"
	"ttr/engine"
	"ttr/input"
)

// Edge is the edge of the screen a seat faces: a player sitting there reads
// their panel with that edge nearest to them.
type Edge uint8

// The edges of the screen.
const (
	Bottom Edge = iota
	Top
	Left
	Right
)

var edgeNames = [...]string{"bottom", "top", "left", "right"}

// String returns the edge's config name ("bottom").
func (e Edge) String() string {
	if int(e) < len(edgeNames) {
		return edgeNames[e]
	}
	return fmt.Sprintf("Edge(%d)", e)
}

// ParseEdge returns the edge named s ("bottom", "top", "left", "right").
func ParseEdge(s string) (Edge, error) {
	for i, n := range edgeNames {
		if n == s {
			return Edge(i), nil
		}
	}
	return 0, fmt.Errorf("display: unknown edge %q (want bottom, top, left or right)", s)
}

// DefaultEdges returns where n seats sit around a table, clockwise from the
// bottom: two seats face each other across the long edges; a third and
// fourth take the short edges; a fifth shares the bottom edge.
func DefaultEdges(n int) []Edge {
	switch {
	case n <= 2:
		return []Edge{Bottom, Top}[:max(n, 0)]
	case n == 3:
		return []Edge{Bottom, Left, Top}
	case n == 4:
		return []Edge{Bottom, Left, Top, Right}
	}
	e := []Edge{Bottom, Bottom, Left, Top, Right}
	for len(e) < n {
		e = append(e, Top)
	}
	return e
}

// Proportions of the screen, in units of u: one u is a pixel on an 800x480
// screen and scales with min(w/800, h/480).
const (
	marketMinW = 54 // the market column
	marketMaxW = 190
	gap        = 6
	boardGap   = 1.5 // around the board while playing: the glass goes to the map

	// The compact strips of the seats while playing (layCompact).
	stripInset = 1.5 // between a strip and the screen's edge or its neighbour
	stripPad   = 1.5 // inside a strip, around what it holds
	stripGap   = 2   // between the parts of a strip
	headerH    = 18  // the header row of a two-row strip
	nameColW   = 136 // the name over the counts, in a one-row strip
	scoreW     = 34  // the score plate
	progressW  = 110 // the running count, beside the prompt in a one-row strip
	keyW       = 56  // Confirm and Cancel in a one-row strip (side by side)
	keyColW    = 56  // Confirm over Cancel in a two-row strip
	// promptMinW is the narrowest prompt every message of the catalogue
	// fits in two lines at the smallest text size (about 276 u, Spanish
	// tunnel payment; TestEveryMessageFitsThePanel checks).
	promptMinW = 290
)

// textLines is the height of n lines at the smallest text size, in u.
func textLines(n int) float32 { return float32(n) * minText * lineSpacing }

// oneRowMinLen is the shortest strip that holds everything on one row:
// the colour, the name over the counts, the score, a two-line prompt, the
// running count and the keys.
func oneRowMinLen() float32 {
	rowH := textLines(2)
	return 2*stripInset + 2*stripPad + rowH + nameColW + scoreW + promptMinW + progressW + 2*keyW + 6*stripGap
}

// stripDepth is the depth, in u, of a seat's strip of the given length
// (in u): one row when it is long enough, else a header row over a
// two-line prompt and the running count, the keys in a column beside them.
func stripDepth(length float32) float32 {
	if length >= oneRowMinLen() {
		// Two lines, and room for a notice's margins over them.
		return float32(math.Ceil(float64(2*stripInset + 2*stripPad + textLines(2) + 2)))
	}
	return float32(math.Ceil(float64(2*stripInset + 2*stripPad + headerH + stripPad + textLines(3))))
}

// A keyGeom is a start screen's key: where it is and what it is.
type keyGeom struct {
	key scene.Key
	r   board.Rect
}

// A panelGeom is a seat's panel: a rectangle along the seat's edge, with
// its own coordinates in which the seat's player reads it upright (x to
// their right, y towards them, origin at their far left corner).
type panelGeom struct {
	seat  int
	edge  Edge
	rect  board.Rect // on the screen
	w, d  float32    // along the edge and across it
	o     board.Vec  // the screen point of local (0, 0)
	ux    board.Vec  // the screen direction of local x
	uy    board.Vec  // the screen direction of local y
	angle float32    // degrees: local drawing is rotated by it

	// In local coordinates.
	pad                 float32
	header              board.Rect // swatch, name, stats, score
	swatch, name, stats board.Rect
	score               board.Rect
	message             board.Rect // prompt and progress (and the notice over them)
	prompt, progress    board.Rect
	keys                board.Rect // the column of Confirm and Cancel
	confirm, cancel     board.Rect
	// The start screen.
	join, first board.Rect
	colors      [input.NumColors]board.Rect
	startMsg    board.Rect // the start screen's words, beside the colours
	// The end screen.
	lines   board.Rect
	rank    board.Rect // every player's rank and total, side by side (rankChip)
	newGame board.Rect // New game, on one panel only (newGameSeat)
	// A strip at play (tools.go): Rules, every player's score (the key
	// to the last moves), Undo.
	help, scores, undo board.Rect
	startName          board.Rect // the name on the start screen (the tools narrow it at play)
	toolsInKeys        bool       // no room for the tools: they take the keys' place while none is shown
}

// toLocal turns a screen point into the panel's coordinates.
func (p *panelGeom) toLocal(q board.Vec) board.Vec {
	d := q.Sub(p.o)
	return board.Vec{X: d.Dot(p.ux), Y: d.Dot(p.uy)}
}

// screenRect returns the screen rectangle that holds local rectangle r.
func (p *panelGeom) screenRect(r board.Rect) board.Rect {
	var b bounds
	for _, q := range [4]board.Vec{{X: r.X, Y: r.Y}, {X: r.X + r.W, Y: r.Y}, {X: r.X, Y: r.Y + r.H}, {X: r.X + r.W, Y: r.Y + r.H}} {
		c := p.toScreen(q)
		b.add(board.Rect{X: c.X, Y: c.Y})
	}
	return b.r
}

// toScreen turns a point of the panel's coordinates into a screen point.
func (p *panelGeom) toScreen(q board.Vec) board.Vec {
	return p.o.Add(p.ux.Scale(q.X)).Add(p.uy.Scale(q.Y))
}

// marketGeom is where the face-up cards and the decks go.
type marketGeom struct {
	area                    board.Rect
	deck, discards, tickets board.Rect
	slots                   [engine.MarketSize]board.Rect
}

// screenLayout is the whole screen laid out for one mode: panels along the
// edges, the market and the board in the middle. It is pure geometry, so
// that hit-testing is tested without a window.
type screenLayout struct {
	area   board.Rect // the screen (its origin may be offset in the window)
	u      float32
	centre board.Rect // between the panels
	board  board.Rect // the area the board is fitted into
	market marketGeom
	panels []panelGeom // by seat
}

// scaleOf returns u for a screen of w x h pixels.
func scaleOf(w, h float32) float32 { return min(w/800, h/480) }

// newScreenLayout lays out a screen of area for seats facing edges, for a
// board of the given aspect ratio (width / height); end selects the end
// screen (no market: the board takes its place).
func newScreenLayout(area board.Rect, edges []Edge, aspect float32, end bool) *screenLayout {
	return newLayoutU(area, edges, aspect, end, scaleOf(area.W, area.H))
}

// newLayoutU is newScreenLayout at scale u (Screen.scale: the panel's
// physical size taken in).
func newLayoutU(area board.Rect, edges []Edge, aspect float32, end bool, u float32) *screenLayout {
	l := &screenLayout{area: area, u: u}
	var count [4]int
	for _, e := range edges {
		count[e&3]++
	}
	// depthFor is the depth of panels of length n along their edge: the
	// end screen's strips are the play strips, so that the board keeps
	// its size at the end (endLay).
	depthFor := func(length float32) float32 {
		return stripDepth(length/u) * u
	}
	// Two ways to share the corners: the top and bottom strips run the
	// full width, or the side strips the full height. Take the one whose
	// shortest panel is longest.
	var best [4]board.Rect
	bestMin := float32(-1)
	for _, sidesFull := range []bool{false, true} {
		var strip [4]board.Rect
		var depth [4]float32
		// Depths depend on lengths, which depend on the other strips'
		// depths: two rounds settle it.
		for round := 0; round < 2; round++ {
			dB, dT, dL, dR := depth[Bottom], depth[Top], depth[Left], depth[Right]
			W, H := area.W, area.H
			lenTB, lenLR := W, H-dB-dT
			if sidesFull {
				lenTB, lenLR = W-dL-dR, H
			}
			for e := range 4 {
				if count[e] == 0 {
					depth[e] = 0
					continue
				}
				n := float32(count[e])
				if e == int(Bottom) || e == int(Top) {
					depth[e] = depthFor(lenTB / n)
				} else {
					depth[e] = depthFor(lenLR / n)
				}
			}
		}
		dB, dT, dL, dR := depth[Bottom], depth[Top], depth[Left], depth[Right]
		x, y, W, H := area.X, area.Y, area.W, area.H
		if sidesFull {
			strip[Left] = board.Rect{X: x, Y: y, W: dL, H: H}
			strip[Right] = board.Rect{X: x + W - dR, Y: y, W: dR, H: H}
			strip[Bottom] = board.Rect{X: x + dL, Y: y + H - dB, W: W - dL - dR, H: dB}
			strip[Top] = board.Rect{X: x + dL, Y: y, W: W - dL - dR, H: dT}
		} else {
			strip[Bottom] = board.Rect{X: x, Y: y + H - dB, W: W, H: dB}
			strip[Top] = board.Rect{X: x, Y: y, W: W, H: dT}
			strip[Left] = board.Rect{X: x, Y: y + dT, W: dL, H: H - dT - dB}
			strip[Right] = board.Rect{X: x + W - dR, Y: y + dT, W: dR, H: H - dT - dB}
		}
		// Score the arrangement by the map it leaves (the glass goes to
		// the board; at the end each breakdown is a touch away, over it).
		market := float32(marketMinW + boardGap)
		if end {
			market = 0
		}
		cw := W - strip[Left].W - strip[Right].W - (market+2*boardGap)*u
		ch := H - strip[Top].H - strip[Bottom].H - 2*boardGap*u
		bw := max(0, min(cw, ch*aspect))
		score := bw * bw / aspect
		if score > bestMin {
			bestMin, best = score, strip
		}
	}
	l.centre = board.Rect{X: area.X + best[Left].W, Y: area.Y + best[Top].H}
	l.centre.W = area.W - best[Left].W - best[Right].W
	l.centre.H = area.H - best[Top].H - best[Bottom].H

	// Panels: seats sharing an edge split its strip in seat order,
	// clockwise around the table (from their right to their left).
	placed := [4]int{}
	keySeat := newGameSeat(edges)
	for seat, e := range edges {
		e &= 3
		s := best[e]
		n := float32(count[e])
		k := float32(placed[e])
		placed[e]++
		p := panelGeom{seat: seat, edge: e}
		switch e {
		case Bottom: // clockwise runs right to left
			w := s.W / n
			p.rect = board.Rect{X: s.X + s.W - (k+1)*w, Y: s.Y, W: w, H: s.H}
		case Top: // left to right on the screen
			w := s.W / n
			p.rect = board.Rect{X: s.X + k*w, Y: s.Y, W: w, H: s.H}
		case Left: // bottom to top
			h := s.H / n
			p.rect = board.Rect{X: s.X, Y: s.Y + s.H - (k+1)*h, W: s.W, H: h}
		case Right: // top to bottom
			h := s.H / n
			p.rect = board.Rect{X: s.X, Y: s.Y + k*h, W: s.W, H: h}
		}
		p.orient()
		p.inset(u * stripInset)
		p.layCompact(u)
		if end {
			p.endLay(u, len(edges), seat == keySeat)
		} else {
			p.layTools(u, len(edges))
		}
		l.panels = append(l.panels, p)
	}

	// The market: a column on the right of the middle, the board in the
	// rest.
	if end {
		l.board = l.centre.Inset(boardGap * u)
		return l
	}
	c := l.centre.Inset(boardGap * u)
	g := boardGap * u
	boardW := min(c.H*aspect, c.W-marketMinW*u-g)
	mw := min(max(c.W-boardW-g, marketMinW*u), marketMaxW*u)
	l.board = board.Rect{X: c.X, Y: c.Y, W: c.W - mw - g, H: c.H}
	l.market = layMarket(board.Rect{X: c.X + c.W - mw, Y: c.Y, W: mw, H: c.H}, u)
	return l
}

// orient sets the panel's local frame from its edge.
func (p *panelGeom) orient() {
	r := p.rect
	switch p.edge {
	case Bottom:
		p.o, p.ux, p.uy, p.angle = board.Vec{X: r.X, Y: r.Y}, board.Vec{X: 1}, board.Vec{Y: 1}, 0
		p.w, p.d = r.W, r.H
	case Top:
		p.o, p.ux, p.uy, p.angle = board.Vec{X: r.X + r.W, Y: r.Y + r.H}, board.Vec{X: -1}, board.Vec{Y: -1}, 180
		p.w, p.d = r.W, r.H
	case Left:
		p.o, p.ux, p.uy, p.angle = board.Vec{X: r.X + r.W, Y: r.Y}, board.Vec{Y: 1}, board.Vec{X: -1}, 90
		p.w, p.d = r.H, r.W
	case Right:
		p.o, p.ux, p.uy, p.angle = board.Vec{X: r.X, Y: r.Y + r.H}, board.Vec{Y: -1}, board.Vec{X: 1}, 270
		p.w, p.d = r.H, r.W
	}
}

// inset leaves a margin of m around the panel (its rect and local frame).
func (p *panelGeom) inset(m float32) {
	p.rect = p.rect.Inset(m)
	p.o = p.o.Add(p.ux.Scale(m)).Add(p.uy.Scale(m))
	p.w -= 2 * m
	p.d -= 2 * m
}

// newGameSeat is the seat whose end panel holds New game: the first
// seat along the bottom edge (the right end of the bottom strip when two
// share it), else the first seat. The key stays off the board, where the
// players' hands already go to touch their ranking.
func newGameSeat(edges []Edge) int {
	for seat, e := range edges {
		if e&3 == Bottom {
			return seat
		}
	}
	return 0
}

// layCompact places the parts of a playing seat's strip in its local
// coordinates. A long strip holds one row: the colour, the name over the
// counts, the score, a two-line prompt, the running count and Confirm and
// Cancel side by side. A shorter one holds a header row (colour, name,
// counts, score) over the prompt and the running count, with Confirm over
// Cancel in a column at its end. On the start screen the five colours take
// the place of the counts (two rows) or of the running count (one row).
func (p *panelGeom) layCompact(u float32) {
	w, d := p.w, p.d
	pad, g := stripPad*u, stripGap*u
	p.pad = pad
	rowH := d - 2*pad
	lineH := float32(math.Ceil(float64(minText * u * lineSpacing)))
	if w >= (oneRowMinLen()-2*stripInset)*u {
		x := pad
		p.swatch = board.Rect{X: x, Y: pad, W: rowH, H: rowH}
		x += rowH + g
		half := float32(math.Floor(float64(rowH / 2)))
		p.name = board.Rect{X: x, Y: pad, W: nameColW * u, H: half}
		p.stats = board.Rect{X: x, Y: pad + half, W: nameColW * u, H: half}
		x += nameColW*u + g
		p.score = board.Rect{X: x, Y: pad, W: scoreW * u, H: rowH}
		x += scoreW*u + g
		p.cancel = board.Rect{X: w - pad - keyW*u, Y: pad, W: keyW * u, H: rowH}
		p.confirm = board.Rect{X: p.cancel.X - g - keyW*u, Y: pad, W: keyW * u, H: rowH}
		p.keys = board.Rect{X: p.confirm.X, Y: pad, W: p.cancel.X + p.cancel.W - p.confirm.X, H: rowH}
		end := p.confirm.X - g
		p.progress = board.Rect{X: end - progressW*u, Y: pad, W: progressW * u, H: rowH}
		p.prompt = board.Rect{X: x, Y: pad, W: p.progress.X - g - x, H: rowH}
		p.message = board.Rect{X: x, Y: pad, W: end - x, H: rowH}
		p.header = board.Rect{X: pad, Y: pad, W: x - pad, H: rowH}
		cw := min(rowH, (end-x-4*g)/(2*input.NumColors))
		cx := end - float32(input.NumColors)*(cw+g) + g
		for i := range p.colors {
			p.colors[i] = board.Rect{X: cx + float32(i)*(cw+g), Y: pad + (rowH-cw)/2, W: cw, H: cw}
		}
		p.startMsg = board.Rect{X: x, Y: pad, W: cx - g - x, H: rowH}
	} else {
		hh := headerH * u
		kw := keyColW * u
		p.keys = board.Rect{X: w - pad - kw, Y: pad, W: kw, H: rowH}
		kh := float32(math.Floor(float64((rowH - g) / 2)))
		p.confirm = board.Rect{X: p.keys.X, Y: pad, W: kw, H: kh}
		p.cancel = board.Rect{X: p.keys.X, Y: pad + kh + g, W: kw, H: kh}
		inner := p.keys.X - g - pad
		p.header = board.Rect{X: pad, Y: pad, W: inner, H: hh}
		p.swatch = board.Rect{X: pad, Y: pad, W: hh, H: hh}
		p.score = board.Rect{X: pad + inner - scoreW*u, Y: pad, W: scoreW * u, H: hh}
		p.stats = board.Rect{X: p.score.X - g - statsWidth*u, Y: pad, W: statsWidth * u, H: hh}
		nameX := pad + hh + g
		p.name = board.Rect{X: nameX, Y: pad, W: p.stats.X - g - nameX, H: hh}
		my := pad + hh + pad
		p.message = board.Rect{X: pad, Y: my, W: inner, H: d - pad - my}
		p.prompt = board.Rect{X: pad, Y: my, W: inner, H: p.message.H - lineH}
		p.progress = board.Rect{X: pad, Y: my + p.prompt.H, W: inner, H: lineH}
		cw := min(hh, (p.score.X+p.score.W-p.stats.X-4*g)/input.NumColors)
		for i := range p.colors {
			p.colors[i] = board.Rect{X: p.stats.X + float32(i)*(cw+g), Y: pad + (hh-cw)/2, W: cw, H: cw}
		}
		p.startMsg = p.message
	}
	p.join = p.confirm
	p.first = p.cancel
	p.lines = p.message
}

// statsWidth is the width of a panel's counts (trains, cards, tickets,
// stations), in u.
const statsWidth = 136

// layMarket places the decks and the five face-up cards in a column:
// the train deck and the discard pile side by side, the five cards, the
// ticket deck.
func layMarket(a board.Rect, u float32) marketGeom {
	m := marketGeom{area: a}
	g := gap * u
	rows := float32(engine.MarketSize + 2)
	rh := (a.H - (rows-1)*g) / rows
	cw := min(a.W, rh*2.8)
	x := a.X + (a.W-cw)/2
	y := a.Y
	half := (cw - g) / 2
	m.deck = board.Rect{X: x, Y: y, W: half, H: rh}
	m.discards = board.Rect{X: x + half + g, Y: y, W: half, H: rh}
	y += rh + g
	for i := range m.slots {
		m.slots[i] = board.Rect{X: x, Y: y, W: cw, H: rh}
		y += rh + g
	}
	m.tickets = board.Rect{X: x, Y: y, W: cw, H: rh}
	return m
}
