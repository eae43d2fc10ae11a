package display

import (
	"image/color"
	"math"
	"runtime"
	"runtime/debug"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/scene"
	"ttr/maps"
)

// A Board draws one map's board into a rectangle of the screen: the land
// and sea, the routes with their colours and shapes, the cities and their
// names, and over them what a View asks for (claimed routes, stations,
// highlights). All geometry is computed when the board is made or resized,
// so drawing a frame allocates nothing.
//
// A Board holds GPU resources: make it after the window is open, use it on
// the main OS thread, and Unload it before closing the window.
type Board struct {
	cv      *canvas // nil: raylib
	layout  *board.Layout
	layouts *layouts // the layouts made (nil: none kept)
	opts    board.Opts
	bg      rl.Texture2D
	label   Font
	names   [][]rune // city names, by city index
	// lineX are where the two lines of a name set on two lines start,
	// from the plate's text's left, by city index (centred on each other).
	lineX [][2]float32
	shape []board.Tri // scratch for owner marks, reused every frame
	// routeBox holds the bounds of each route: its spaces, a claim's trains
	// with their rims and shadows, a halo at its widest.
	routeBox []board.Rect
	// The widths of the score track's numbers at trackSize.
	trackSize float32
	trackW    [len(trackNumbers)]float32
}

// A View is what a frame shows on top of the bare board. The zero View
// shows the bare board. Its slices are read, never kept or changed.
type View struct {
	Routes   []RouteMark // by route index; nil or short: the rest unmarked
	Cities   []CityMark  // by city index; nil or short: the rest unmarked
	Selected board.Hit   // a route or city drawn pulsing (HitNone: none)
	Time     float32     // seconds, for the pulse; any steady clock
	// NameAngle turns the city names to face a side of the table: 0 reads
	// from the bottom edge, 90 from the left, 180 from the top, 270 from
	// the right (degrees clockwise, as a seat's panel is turned).
	NameAngle float32
	// Scores are the players' markers on the score track (nil: none).
	Scores []ScoreMark
	// Tickets are tickets revealed, drawn as lines from city to city
	// (the end screen).
	Tickets []TicketMark
}

// A TicketMark is a ticket drawn across the board (the end screen).
type TicketMark struct {
	A, B   int        // city indexes
	Color  color.RGBA // the player's colour
	Failed bool       // not completed: dashed, crossed out in red
}

// A RouteMark is how one route looks in a View.
type RouteMark struct {
	Owner color.RGBA // the claiming player's colour; alpha 0: not claimed
	// Mark is a shape drawn on each claimed car, so that players who cannot
	// tell the owners' colours apart can tell their trains (board.Plain:
	// none). Give each seat its own.
	Mark  board.Shape
	Faded bool       // no longer claimable (the closed half of a double)
	Glow  color.RGBA // a halo around the cars (a longest path, a cost shown); alpha 0: none
}

// A CityMark is how one city looks in a View.
type CityMark struct {
	Station color.RGBA // the colour of the player with a station here; alpha 0: none
	Glow    color.RGBA // a halo around the city; alpha 0: none
}

// nameSize is the smallest font size, in pixels, of the city names on a
// table screen of scale u: a cap height (0.73 of the size in DejaVu Sans
// Condensed Bold) of 16, and no less than 14 pixels measured (anti-aliased) at 1920x1080 (u = 2.25), and never
// below the board's own floor.
func nameSize(u float32) float32 {
	return max(board.DefaultOpts().MinLabelSize, float32(math.Ceil(float64(10*u))))
}

// newBoard lays out m in area (screen pixels), with city names never
// smaller than minName pixels, on a panel of pixel size phys (the zero
// Physical: unknown; known, names, marks and touch areas meet their
// physical minimums where the board has room: namesFor), and loads the
// background and the font of the city names; ls keeps the layouts it
// makes (nil: none).
func newBoard(m *maps.Map, area board.Rect, minName float32, phys board.Physical, ls *layouts) *Board {
	b := &Board{opts: boardBase(minName, phys), layouts: ls}
	for _, c := range m.Cities {
		b.names = append(b.names, []rune(c.Name))
	}
	b.layoutFor(m, area)
	b.paint()
	return b
}

// paint makes the background's texture at the size the board is drawn, a
// texel a screen pixel, so that it needs no mipmaps (making them costs a
// software renderer a tenth of a second at start-up).
func (b *Board) paint() {
	l := b.layout
	w := bgWidth(l)
	if b.bg.ID != 0 {
		rl.UnloadTexture(b.bg)
	}
	img, fresh := background(l.Map, w)
	// The pixels go to the GPU as they are (rl.NewImageFromImage would
	// copy them one cgo call per pixel); the image is opaque, so its
	// premultiplied RGBA is plain RGBA.
	rimg := rl.NewImage(img.Pix, int32(img.Rect.Dx()), int32(img.Rect.Dy()), 1, rl.UncompressedR8g8b8a8)
	b.bg = rl.LoadTextureFromImage(rimg)
	rl.SetTextureFilter(b.bg, rl.FilterBilinear)
	// The background's working memory (some 15 MB for a board 1024 pixels
	// wide) is garbage now: give it back to the system at once rather than
	// when the runtime gets round to it, so that the table's peak memory
	// does not carry it into the frames that follow.
	runtime.KeepAlive(img)
	if fresh {
		debug.FreeOSMemory()
	}
}

// bgWidth is the width of a background drawn a texel a pixel in layout l.
func bgWidth(l *board.Layout) int {
	bf := board.BackgroundFrame(l.Map)
	return max(64, int(math.Ceil(float64(bf.W*l.Board.W/l.Frame.W))))
}

// Layout returns the board's current geometry: the place of every city,
// car space and name, and HitTest for touches.
func (b *Board) Layout() *board.Layout { return b.layout }

// Resize lays the board out again in a new rectangle (after the window
// changed size). It reloads the font only when the names' size changed.
func (b *Board) Resize(area board.Rect) {
	if area == b.layout.Area {
		return
	}
	b.layoutFor(b.layout.Map, area)
	// A smaller board (the end screen's) shrinks the background well
	// enough; one drawn much larger than it was painted for, or far
	// smaller, is painted again.
	if w := float32(bgWidth(b.layout)); w > float32(b.bg.Width)*1.25 || w < float32(b.bg.Width)*0.5 {
		b.paint()
	}
}

func (b *Board) layoutFor(m *maps.Map, area board.Rect) {
	size := int(math.Round(float64(board.LabelSizeFor(m, area, namesFor(m, area, b.opts)))))
	if b.label.Size != float32(size) {
		if b.label.Size != 0 {
			b.label.Unload()
		}
		names := make([]string, len(m.Cities))
		for i, c := range m.Cities {
			names[i] = c.Name
		}
		b.label = LoadFont(Bold, size, names...)
	}
	o := b.opts
	o.LabelSize = float32(size)
	o.Measure = func(text string, s float32) board.Vec { return board.Vec(b.label.Measure(text, s)) }
	b.layout = b.layouts.layout(m, area, o)
	b.boxRoutes()
	b.lineX = b.lineX[:0]
	for i, c := range b.layout.Cities {
		var x [2]float32
		if k := max(c.Break, c.BreakTurned); k > 0 {
			n := []rune(m.Cities[i].Name)
			w1 := b.label.Measure(string(n[:k-1]), o.LabelSize).X
			w2 := b.label.Measure(string(n[k:]), o.LabelSize).X
			w := max(w1, w2)
			x = [2]float32{(w - w1) / 2, (w - w2) / 2}
		}
		b.lineX = append(b.lineX, x)
	}
}

// Unload releases the board's textures.
func (b *Board) Unload() {
	rl.UnloadTexture(b.bg)
	b.label.Unload()
}

// Draw draws the board with v on top. Call it between rl.BeginDrawing (or
// rl.BeginTextureMode) and the matching End.
func (b *Board) Draw(v *View) {
	b.DrawUnder(v)
	b.DrawOver(v)
}

// DrawUnder draws what Draw draws under the city names: the background
// and its frame, the score track, the routes and the cities, all within
// UnderBounds.
func (b *Board) DrawUnder(v *View) {
	l := b.layout
	r := l.Board
	b.cv.part(scene.Key{Part: scene.Board})
	b.cv.texture("board.background", b.bg, b.bgSource(), rect(r), rl.White)
	b.cv.frame(rect(r.Inset(-2)), max(2, l.CarWidth*0.2), frameColor)

	b.drawTrack()
	pulse := boardPulse(v)

	// Halos go under every car, so that a highlighted route never hides
	// its neighbours.
	for i := range l.Routes {
		b.cv.part(scene.Key{Part: scene.Route, Index: i})
		b.drawHalo(i, routeMark(v, i).Glow, v.Selected.Kind == board.HitRoute && v.Selected.Index == i, pulse)
	}
	for i := range l.Routes {
		b.cv.part(scene.Key{Part: scene.Route, Index: i})
		b.drawRoute(i, routeMark(v, i), v.Selected.Kind == board.HitRoute && v.Selected.Index == i, pulse)
	}
	b.drawTickets(v)
	for i := range l.Cities {
		b.cv.part(scene.Key{Part: scene.City, Index: i})
		b.drawCity(i, cityMark(v, i), v.Selected.Kind == board.HitCity && v.Selected.Index == i, pulse)
	}
}

// DrawOver draws what Draw draws from the city names up: the names on
// their plates, then the players' markers on the score track.
func (b *Board) DrawOver(v *View) {
	l := b.layout
	// Plates first, then every name: names never overlap (the layout
	// sees to it), and one texture for all of them is one draw call
	// rather than two per city.
	for i := range l.Cities {
		b.cv.part(scene.Key{Part: scene.Name, Index: i})
		b.drawPlate(i, v.NameAngle)
	}
	for i := range l.Cities {
		b.cv.part(scene.Key{Part: scene.Name, Index: i})
		b.drawName(i, v.NameAngle)
	}
	b.drawScores(v)
}

// UnderBounds returns a rectangle that holds everything DrawUnder draws.
func (b *Board) UnderBounds() board.Rect {
	l := b.layout
	var bb bounds
	bb.add(l.Board.Inset(-3))
	for i := range l.Routes {
		bb.add(b.routeBox[i])
	}
	for i := range l.Cities {
		bb.add(b.CityBounds(i))
	}
	return bb.r
}

// meets reports whether r reaches into clip.
func meets(r, clip board.Rect) bool { return r.Intersect(clip).Area() > 0 }

// CityBounds returns a rectangle that holds everything the board draws
// for city i but its name: the city, a station on it, a glow or the
// selection's halo at its widest.
func (b *Board) CityBounds(i int) board.Rect {
	l := b.layout
	ct := l.Cities[i].Center
	r := l.CityRadius*2.6 + 2
	return board.Rect{X: ct.X - r, Y: ct.Y - r, W: 2 * r, H: 2 * r}
}

// NameBounds returns the plate of city i's name for names turned by
// angle (View.NameAngle), grown to hold its edge's pixels.
func (b *Board) NameBounds(i int, angle float32) board.Rect {
	return b.plate(i, angle).Inset(-2)
}

// bgSource returns the part of the background's texture drawn over the
// board's rectangle.
func (b *Board) bgSource() rl.Rectangle {
	l := b.layout
	bf := board.BackgroundFrame(l.Map)
	k := float32(b.bg.Width) / bf.W
	return rl.Rectangle{X: (l.Frame.X - bf.X) * k, Y: (l.Frame.Y - bf.Y) * k, Width: l.Frame.W * k, Height: l.Frame.H * k}
}

// boxRoutes works out routeBox, the bounds of each route.
func (b *Board) boxRoutes() {
	l := b.layout
	b.routeBox = b.routeBox[:0]
	for i := range l.Routes {
		var cars bounds
		for k := range l.Routes[i].Cars {
			c := &l.Routes[i].Cars[k]
			cars.add(c.Halo.Bounds())
			cars.add(c.Train.Bounds())
			cars.add(c.Edge.Bounds())
		}
		// The halo grows by 0.4 of a car's width, a train's rim and shadow
		// by less than 0.7; an owner's badge by up to half a mark.
		b.routeBox = append(b.routeBox, cars.r.Inset(-max(l.CarWidth, l.MarkSize/1.5)-2))
	}
}

// DrawSelection draws only v's selected route or city, pulsing, over a
// board already drawn without it (the screen keeps the board that does
// not move in a texture and draws what pulses over it every frame): the
// route's halo and cars, then the cities at its ends with their names, so
// that the halo stays under them as on the whole board. It draws nothing
// when nothing is selected.
func (b *Board) DrawSelection(v *View) {
	l := b.layout
	pulse := boardPulse(v)
	i := v.Selected.Index
	b.cv.part(scene.Key{Part: scene.Selection})
	switch {
	case v.Selected.Kind == board.HitRoute && i >= 0 && i < len(l.Routes):
		b.drawHalo(i, routeMark(v, i).Glow, true, pulse)
		b.drawRoute(i, routeMark(v, i), true, pulse)
		r := &l.Map.Routes[i]
		for _, c := range [2]int{r.A, r.B} {
			b.drawCity(c, cityMark(v, c), false, pulse)
			b.drawPlate(c, v.NameAngle)
			b.drawName(c, v.NameAngle)
		}
	case v.Selected.Kind == board.HitCity && i >= 0 && i < len(l.Cities):
		b.drawCity(i, cityMark(v, i), true, pulse)
		b.drawPlate(i, v.NameAngle)
		b.drawName(i, v.NameAngle)
	}
}

// boardPulse is the 0-1 breathing of the selection at v's time.
func boardPulse(v *View) float32 {
	return float32(0.5 + 0.5*math.Sin(2*math.Pi*1.2*float64(v.Time)))
}

// drawHalo draws route i's halo: the selection's breathing glow, or glow
// (alpha 0: none).
func (b *Board) drawHalo(i int, glow color.RGBA, selected bool, pulse float32) {
	l := b.layout
	if glow.A == 0 && !selected {
		return
	}
	for k := range l.Routes[i].Cars {
		c := &l.Routes[i].Cars[k]
		if selected {
			// A wide, breathing outer glow and a steady bright rim.
			outer := grow(c.Halo, l.CarWidth*(0.15+0.25*pulse))
			b.cv.quad(&outer, withAlpha(selectGlow, 0.35+0.4*pulse))
			b.cv.quad(&c.Halo, selectEdge)
			continue
		}
		b.cv.quad(&c.Halo, glow)
	}
}

// plate returns city i's name plate for names turned by angle.
func (b *Board) plate(i int, angle float32) board.Rect {
	c := &b.layout.Cities[i]
	if angle == 90 || angle == 270 {
		return c.LabelTurned
	}
	return c.Label
}

// drawPlate draws the plate under city i's name.
func (b *Board) drawPlate(i int, angle float32) {
	b.cv.round(rect(b.plate(i, angle)), 0.35, 4, labelPlate)
}

// drawName draws city i's name on its plate, turned by angle (0, 90, 180
// or 270 degrees clockwise) to face a side of the table; a name broken in
// two (board.CityShape.Break) on two lines centred on each other.
func (b *Board) drawName(i int, angle float32) {
	l := b.layout
	p := b.plate(i, angle)
	px, py := board.LabelPadX*l.LabelSize, board.LabelPadY*l.LabelSize
	k := l.Cities[i].Break
	if angle == 90 || angle == 270 {
		k = l.Cities[i].BreakTurned
		if l.Cities[i].TurnedFlat {
			angle = 0 // no place turned off the routes: along the board
		}
	}
	var o rl.Vector2 // where the text's top left corner goes
	switch angle {
	case 90:
		o = rl.Vector2{X: p.X + p.W - py, Y: p.Y + px}
	case 180:
		o = rl.Vector2{X: p.X + p.W - px, Y: p.Y + p.H - py}
	case 270:
		o = rl.Vector2{X: p.X + py, Y: p.Y + p.H - px}
	default:
		if k == 0 {
			b.cv.text(b.label, "board.label", "bold", b.names[i], rl.Vector2{X: p.X + px, Y: p.Y + py}, l.LabelSize, labelInk)
			return
		}
		o = rl.Vector2{X: p.X + px, Y: p.Y + py}
	}
	b.cv.push()
	b.cv.move(o.X, o.Y)
	if angle != 0 {
		b.cv.rotate(angle)
	}
	if k == 0 {
		b.cv.text(b.label, "board.label", "bold", b.names[i], rl.Vector2{}, l.LabelSize, labelInk)
	} else {
		n, x := b.names[i], b.lineX[i]
		second := l.LabelSize * (1 + board.LabelLineGap)
		b.cv.text(b.label, "board.label", "bold", n[:k-1], rl.Vector2{X: x[0]}, l.LabelSize, labelInk)
		b.cv.text(b.label, "board.label", "bold", n[k:], rl.Vector2{X: x[1], Y: second}, l.LabelSize, labelInk)
	}
	b.cv.pop()
}

func routeMark(v *View, i int) RouteMark {
	if i < len(v.Routes) {
		return v.Routes[i]
	}
	return RouteMark{}
}

func cityMark(v *View, i int) CityMark {
	if i < len(v.Cities) {
		return v.Cities[i]
	}
	return CityMark{}
}

func (b *Board) drawRoute(i int, m RouteMark, selected bool, pulse float32) {
	l := b.layout
	route := &l.Map.Routes[i]
	shape := &l.Routes[i]
	alpha := float32(1)
	closed := m.Faded && m.Owner.A == 0
	if closed {
		alpha = 0.3
	}
	fill, ink := ColorOf(route.Color), InkOn(route.Color)
	claimed := m.Owner.A != 0
	if claimed {
		fill = m.Owner
	}
	if selected {
		fill = lighten(fill, 0.25*pulse)
	}
	off := board.Vec{X: l.CarWidth * 0.12, Y: l.CarWidth * 0.18}
	for k := range shape.Cars {
		c := &shape.Cars[k]
		if claimed {
			// A plastic train sits on the space: wider and longer than it,
			// with a heavy shadow and a strong dark outline all round, in
			// the owner's colour, and on it a white badge with the owner's
			// mark, so that a claim shows even on a route of the owner's
			// own colour and to eyes that cannot tell the colours apart
			// (TestClaimStandsOut).
			t := grow(c.Train, l.CarWidth*0.06)
			shadow := t
			for j := range shadow {
				shadow[j] = shadow[j].Add(off.Scale(2))
			}
			b.cv.quad(&shadow, trainShadow)
			rim := grow(t, max(1.5, l.CarWidth*0.16))
			b.cv.quad(&rim, trainOutline)
			b.cv.quad(&t, fill)
			up := c.Dir
			if up.X < 0 {
				up = up.Scale(-1)
			}
			// The badge's mark is at least board.MinMarkMM on a panel
			// of known size (Layout.MarkSize).
			r := min(c.Width*1.2, c.Length) * 0.4
			side := r * 1.5
			if b.opts.Physical.Known() {
				side = max(side, l.MarkSize)
				r = side / 1.5
			}
			b.cv.circle(rl.Vector2(c.Center), r, trainRim)
			mark := m.Mark
			if mark == board.Plain {
				mark = board.Dot
			}
			b.shape = board.AppendShape(b.shape[:0], mark, c.Center, up, side)
			ink := badgeInk(m.Owner)
			for j := range b.shape {
				t := &b.shape[j]
				b.cv.tri(rl.Vector2(t[0]), rl.Vector2(t[1]), rl.Vector2(t[2]), ink)
			}
			continue
		}
		if alpha == 1 {
			q := c.Edge
			for j := range q {
				q[j] = q[j].Add(off)
			}
			b.cv.quad(&q, shadowColor)
		}
		b.cv.quad(&c.Edge, withAlpha(outlineColor, alpha))
		b.cv.quad(&c.Body, withAlpha(fill, alpha))
		for _, q := range c.Marks {
			b.cv.quad(&q, withAlpha(tunnelColor, alpha))
		}
		glyphInk := ink
		if c.Locomotive {
			glyphInk = color.RGBA{28, 28, 32, 230}
		}
		glyphInk = withAlpha(glyphInk, alpha)
		for j := range c.Glyph {
			t := &c.Glyph[j]
			b.cv.tri(rl.Vector2(t[0]), rl.Vector2(t[1]), rl.Vector2(t[2]), glyphInk)
		}
		if closed {
			// Out of play: a dark bar struck through each space.
			bar := c.Roof
			b.cv.quad(&bar, closedBar)
		}
	}
}

func (b *Board) drawCity(i int, m CityMark, selected bool, pulse float32) {
	l := b.layout
	c := rl.Vector2(l.Cities[i].Center)
	r := l.CityRadius
	if m.Glow.A != 0 {
		b.cv.circle(c, r*1.7, m.Glow)
	}
	if selected {
		b.cv.circle(c, r*(1.8+0.5*pulse), withAlpha(selectGlow, 0.35+0.4*pulse))
		b.cv.circle(c, r*1.45, selectEdge)
	}
	b.cv.circle(rl.Vector2{X: c.X + r*0.12, Y: c.Y + r*0.18}, r*1.05, shadowColor)
	b.cv.circle(c, r, cityRing)
	b.cv.circle(c, r*0.72, cityFill)
	b.cv.circle(c, r*0.28, cityRing)
	if m.Station.A != 0 {
		drawStation(b.cv, c, r, m.Station)
	}
}

// drawStation draws a station: a small house in its owner's colour sitting
// on the city, with a dark outline so that every owner colour shows on the
// board.
func drawStation(cv *canvas, c rl.Vector2, r float32, col color.RGBA) {
	house := func(k float32, col color.RGBA) {
		w, h := r*1.35*k, r*1.0*k // half width, wall height
		base := c.Y + r*0.75
		cv.fill(rl.Rectangle{X: c.X - w*0.8, Y: base - h, Width: 1.6 * w, Height: h}, col)
		cv.tri(rl.Vector2{X: c.X, Y: base - h - r*0.85*k}, rl.Vector2{X: c.X - w, Y: base - h}, rl.Vector2{X: c.X + w, Y: base - h}, col)
	}
	house(1.22, trainRim)
	house(1.12, outlineColor)
	house(1, col)
}

// drawTickets draws each ticket as a line from city to city in its
// player's colour, outlined dark so that it shows over the routes: whole
// when completed; dashed, with a red cross at its middle, when not.
func (b *Board) drawTickets(v *View) {
	l := b.layout
	w := max(2, l.CarWidth*0.32)
	for k, t := range v.Tickets {
		if t.A < 0 || t.B < 0 || t.A >= len(l.Cities) || t.B >= len(l.Cities) {
			continue
		}
		b.cv.part(scene.Key{Part: scene.Ticket, Index: k})
		a, c := l.Cities[t.A].Center, l.Cities[t.B].Center
		if !t.Failed {
			b.cv.line(rl.Vector2(a), rl.Vector2(c), w+max(2, w*0.6), withAlpha(trainOutline, 0.85))
			b.cv.line(rl.Vector2(a), rl.Vector2(c), w, t.Color)
			continue
		}
		// Dashes of three widths, gaps of two, from circle to circle.
		d := c.Sub(a)
		n := d.Len()
		if n < 1 {
			continue
		}
		dir := d.Scale(1 / n)
		dash, span := 3*w, 5*w
		for x := l.CityRadius; x < n-l.CityRadius; x += span {
			p, q := a.Add(dir.Scale(x)), a.Add(dir.Scale(min(x+dash, n-l.CityRadius)))
			b.cv.line(rl.Vector2(p), rl.Vector2(q), w+max(2, w*0.6), withAlpha(trainOutline, 0.85))
			b.cv.line(rl.Vector2(p), rl.Vector2(q), w, t.Color)
		}
		m := a.Lerp(c, 0.5)
		r := max(3*w, l.CityRadius)
		for _, s := range [2]board.Vec{{X: 1, Y: 1}, {X: 1, Y: -1}} {
			p, q := m.Add(s.Scale(r*0.7)), m.Sub(s.Scale(r*0.7))
			b.cv.line(rl.Vector2(p), rl.Vector2(q), w*1.4+max(2, w*0.6), trainOutline)
			b.cv.line(rl.Vector2(p), rl.Vector2(q), w*1.4, failCross)
		}
	}
}

// failCross is the red of the cross on a ticket not completed.
var failCross = color.RGBA{230, 40, 40, 255}

// badgeInk is the colour of an owner's mark on the white badge of their
// trains: their own colour, darkened when it is too light to show on white
// (yellow).
func badgeInk(owner color.RGBA) color.RGBA {
	if int(owner.R)*299+int(owner.G)*587+int(owner.B)*114 > 150*1000 {
		return darken(owner, 0.45)
	}
	return owner
}

func rect(r board.Rect) rl.Rectangle {
	return rl.Rectangle{X: r.X, Y: r.Y, Width: r.W, Height: r.H}
}

// grow returns the convex quad q moved out by d on every side (about: it
// pushes each corner away from the centre along the diagonal).
func grow(q board.Quad, d float32) board.Quad {
	c := q[0].Lerp(q[2], 0.5)
	for i := range q {
		v := q[i].Sub(c)
		q[i] = q[i].Add(v.Unit().Scale(d * 1.4142135))
	}
	return q
}

// bounds grows a rectangle round the rectangles added to it.
type bounds struct {
	r  board.Rect
	ok bool
}

func (b *bounds) add(r board.Rect) {
	if !b.ok {
		b.r, b.ok = r, true
		return
	}
	x0, y0 := min(b.r.X, r.X), min(b.r.Y, r.Y)
	x1, y1 := max(b.r.X+b.r.W, r.X+r.W), max(b.r.Y+b.r.H, r.Y+r.H)
	b.r = board.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}
