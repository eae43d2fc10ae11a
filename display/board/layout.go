package board

import (
	"math"

	"ttr/maps"
)

// Proportions of the board, in pixels of the board image (maps.BoardSize).
// Everything scales with the layout, so a board looks the same at any size.
const (
	cityRadius = 13  // city circle
	carWidth   = 17  // car space, across the route
	carMaxLen  = 50  // car space, along the route, where there is room
	carGap     = 6   // least space between two cars of a route
	endGap     = 5   // between a city circle and the first car
	laneGap    = 5   // between the two lanes of a double route
	clearance  = 7   // between a route and a city it passes by
	framePadX  = 70  // around the outermost cities, for their names and the score track
	framePadY  = 52  // ditto, above and below
	maxBow     = 160 // farthest a route bends off the straight line
)

// Opts tunes a Layout.
type Opts struct {
	// Measure returns the size of text drawn at a font size, in pixels.
	// Nil uses an estimate good enough for tests.
	Measure func(text string, size float32) Vec
	// LabelScale is the font size of city names in board-image pixels; the
	// names never get smaller than MinLabelSize screen pixels.
	LabelScale   float32
	MinLabelSize float32
	// LabelSize, when not 0, is the font size of city names in screen
	// pixels, overriding LabelScale and MinLabelSize (display sets it to the
	// size its font was rasterised at, so names are drawn crisp).
	LabelSize float32
	// Tolerance is how far, in screen pixels, a touch may land from a car
	// space or a city circle and still count; 0 derives it from the size of
	// the cars (a finger is wider than a car on a small screen).
	Tolerance float32
	// Physical, when known, is the panel's pixel size: city names are then
	// at least MinNameMM (LabelSizeFor includes it; a LabelSize given
	// overrides it, and Physical.Check then reports names too small),
	// owner marks MinMarkMM, and a touch half a fingertip (MinTargetMM)
	// off a car space's middle still takes it.
	Physical Physical
}

// DefaultOpts returns the options the table uses.
func DefaultOpts() Opts {
	return Opts{LabelScale: 20, MinLabelSize: 11}
}

// EstimateText is the text measure used when Opts.Measure is nil: a
// proportional font averages a little over half its size per letter.
func EstimateText(text string, size float32) Vec {
	n := 0
	for range text {
		n++
	}
	return Vec{0.58 * size * float32(n), size}
}

// A Layout is a map's board fitted into a rectangle of the screen.
type Layout struct {
	Map   *maps.Map
	Area  Rect    // the rectangle the board was fitted into
	Board Rect    // the part of Area the board covers (Frame scaled)
	Frame Rect    // the part of the board image shown, in board-image pixels
	Scale float32 // screen pixels per board-image pixel

	CityRadius float32 // screen pixels
	CarWidth   float32 // screen pixels
	LabelSize  float32 // font size of city names, screen pixels
	Tolerance  float32 // touch tolerance, screen pixels
	// MarkSize is the side of an owner's mark on a claimed route (at
	// RouteShape.Mid), screen pixels: at least MinMarkMM when the pixel
	// size is known.
	MarkSize float32

	targetPx float32 // a fingertip, screen pixels (Physical.TargetPx); 0 unknown

	Cities []CityShape  // by city index
	Routes []RouteShape // by route index

	// The score track round the board's edge (layTrack).
	Track      [TrackSpaces]TrackSpace
	TrackDepth float32 // screen pixels
}

// A CityShape is where a city and its name are drawn.
type CityShape struct {
	Center Vec
	Label  Rect // the name's box; the text's top left corner is Label.X, Label.Y
	// LabelTurned is the name's box when the names are turned a quarter,
	// to face a seat at the left or right of the table: as high as Label
	// is wide.
	LabelTurned Rect
	// Break and BreakTurned, when not 0, are the index of the rune of the
	// name that starts its second line on Label and LabelTurned (a name
	// of two words set on two lines, where one line finds no gap between
	// the routes); the space before it is not drawn.
	Break, BreakTurned int
	// TurnedFlat is set when no place turned is off the routes: the name
	// keeps its place along the board (LabelTurned is Label) and reads
	// along the board even while the names are turned.
	TurnedFlat bool
}

// A RouteShape is a route's car spaces on the screen.
type RouteShape struct {
	Cars []Car
	Mid  Vec // the middle of the route's lane, where a cost tag can go
	Dir  Vec // the lane's direction at Mid
}

// A Car is one car space of a route.
type Car struct {
	Center, Dir   Vec // Dir is the unit direction along the route
	Length, Width float32
	Body          Quad // the space itself
	Edge          Quad // Body grown by its outline
	Halo          Quad // Body grown further, for highlights
	Train         Quad // a claimed car: a little longer and wider than Body
	Roof          Quad // a stripe along the middle: the roof of a claimed car
	Locomotive    bool // a ferry's locomotive space
	Glyph         []Tri
	Marks         []Quad // tunnel spaces: the dashes along both long sides
}

// Frame returns the part of the board image a Layout shows: the cities'
// bounding box with room around it for their names, in board-image pixels.
func Frame(m *maps.Map) Rect {
	x0, y0 := float32(math.MaxFloat32), float32(math.MaxFloat32)
	x1, y1 := -x0, -y0
	for _, c := range m.Cities {
		x, y := float32(c.Board.X), float32(c.Board.Y)
		x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
	}
	return Rect{x0 - framePadX, y0 - framePadY, x1 - x0 + 2*framePadX, y1 - y0 + 2*framePadY}
}

// LabelSizeFor returns the font size, in screen pixels, New gives city
// names in area (o.LabelSize unset), so that a caller can rasterise its
// font at that size and pass it back in o.LabelSize.
func LabelSizeFor(m *maps.Map, area Rect, o Opts) float32 {
	if o.LabelScale == 0 {
		o.LabelScale = DefaultOpts().LabelScale
	}
	o.LabelSize = 0
	_, s := fit(m, area, o)
	return labelSize(o, s)
}

// labelSize is the font size of names at scale s when Opts gives none: in
// proportion to the board, never below MinLabelSize nor the panel's
// physical minimum.
func labelSize(o Opts, s float32) float32 {
	return max(o.LabelScale*s, o.MinLabelSize, o.Physical.NamePx())
}

// BackgroundFrame is the part of the board image Background paints: Frame
// with room to spare for the wider margins of small screens.
func BackgroundFrame(m *maps.Map) Rect {
	return Frame(m).Inset(-maxExtraPad)
}

// maxExtraPad bounds how much wider than Frame's the margins get on small
// screens, in board-image pixels.
const maxExtraPad = 80

// fit returns the frame and scale for area: on small screens the names are
// bigger than in proportion (they never shrink below MinLabelSize), so the
// margins grow with them.
func fit(m *maps.Map, area Rect, o Opts) (Rect, float32) {
	f := Frame(m)
	s := min(area.W/f.W, area.H/f.H)
	for range 3 {
		size := o.LabelSize
		if size == 0 {
			size = labelSize(o, s)
		}
		excess := max(0, size/s-o.LabelScale)
		g := Frame(m)
		dx, dy := min(maxExtraPad, 5*excess), min(maxExtraPad, excess)
		g = Rect{g.X - dx, g.Y - dy, g.W + 2*dx, g.H + 2*dy}
		f, s = g, min(area.W/g.W, area.H/g.H)
	}
	return f, s
}

// New lays out m's board in area, keeping its aspect ratio and centring it.
func New(m *maps.Map, area Rect, o Opts) *Layout {
	if o.Measure == nil {
		o.Measure = EstimateText
	}
	if o.LabelScale == 0 {
		o.LabelScale = DefaultOpts().LabelScale
	}
	f, s := fit(m, area, o)
	l := &Layout{
		Map:        m,
		Area:       area,
		Frame:      f,
		Scale:      s,
		Board:      Rect{area.X + (area.W-f.W*s)/2, area.Y + (area.H-f.H*s)/2, f.W * s, f.H * s},
		CityRadius: cityRadius * s,
		CarWidth:   carWidth * s,
		LabelSize:  o.LabelSize,
		Tolerance:  o.Tolerance,
		targetPx:   o.Physical.TargetPx(),
	}
	if l.LabelSize == 0 {
		l.LabelSize = labelSize(o, s)
	}
	if l.Tolerance == 0 {
		// A fingertip is wider than a car on the smallest screens; on large
		// ones a car's width beside it still counts. With the panel's size
		// known, a touch a fingertip's half-width off a car space's middle
		// still takes it.
		l.Tolerance = max(12, l.CarWidth, (l.targetPx-l.CarWidth)/2)
	}
	// A mark as wide as a claimed train (Car.Train), or the physical
	// minimum.
	l.MarkSize = max(l.CarWidth*1.2, o.Physical.MarkPx())
	p := planRoutes(m)
	l.Cities = make([]CityShape, len(m.Cities))
	for i, c := range m.Cities {
		l.Cities[i].Center = l.ToScreen(c.Board)
	}
	l.Routes = make([]RouteShape, len(m.Routes))
	for i := range m.Routes {
		l.Routes[i] = l.routeShape(&m.Routes[i], p[i])
	}
	l.layTrack()
	l.placeLabels(o.Measure, false)
	l.placeLabels(o.Measure, true)
	return l
}

// ToScreen returns the screen position of a point of the board image.
func (l *Layout) ToScreen(p maps.Point) Vec {
	return Vec{
		l.Board.X + (float32(p.X)-l.Frame.X)*l.Scale,
		l.Board.Y + (float32(p.Y)-l.Frame.Y)*l.Scale,
	}
}

// routePlan is how a route runs, decided once in board-image pixels so that
// every size of screen shows the same board.
type routePlan struct {
	bow    float32 // sideways bend of the route's middle (0: straight)
	lane   float32 // sideways offset of this lane from the route's axis
	gapA   float32 // space between city A's circle and the first car
	gapB   float32 // ditto at city B
	normal Vec     // the side bow and lane measure towards
}

// planRoutes bends routes around the cities they would run over and widens
// the gap at a city wherever cars of two routes leaving it would touch.
func planRoutes(m *maps.Map) []routePlan {
	plans := make([]routePlan, len(m.Routes))
	pos := func(i int) Vec { return Vec{float32(m.Cities[i].Board.X), float32(m.Cities[i].Board.Y)} }
	for i := range m.Routes {
		r := &m.Routes[i]
		a, b := pos(r.A), pos(r.B)
		p := routePlan{gapA: endGap, gapB: endGap, normal: b.Sub(a).Unit().Perp()}
		half := float32(carWidth / 2)
		if r.Twin >= 0 {
			half = carWidth + laneGap/2
			p.lane = (carWidth + laneGap) / 2
			if r.Twin < i {
				p.lane = -p.lane
			}
		}
		if r.Twin >= 0 && r.Twin < i {
			p.bow = plans[r.Twin].bow
		} else {
			p.bow = chooseBow(m, r, a, b, p.normal, half)
		}
		plans[i] = p
	}
	// Widen the gaps until no two routes' cars touch near a shared city.
	for range 40 {
		cars := make([][]Car, len(m.Routes))
		for i := range m.Routes {
			cars[i] = planCars(m, &m.Routes[i], plans[i], 1, func(p maps.Point) Vec { return Vec{float32(p.X), float32(p.Y)} })
		}
		moved := false
		for i := range m.Routes {
			ri := &m.Routes[i]
			for j := i + 1; j < len(m.Routes); j++ {
				rj := &m.Routes[j]
				if j == ri.Twin {
					continue
				}
				for _, city := range [2]int{ri.A, ri.B} {
					if city != rj.A && city != rj.B {
						continue
					}
					ci, cj := endCar(cars[i], ri, city), endCar(cars[j], rj, city)
					if !ci.Body.Overlaps(cj.Body) {
						continue
					}
					widen(&plans[i], ri, city)
					widen(&plans[j], rj, city)
					if ri.Twin >= 0 {
						widen(&plans[ri.Twin], &m.Routes[ri.Twin], city)
					}
					if rj.Twin >= 0 {
						widen(&plans[rj.Twin], &m.Routes[rj.Twin], city)
					}
					moved = true
				}
			}
		}
		if !moved {
			break
		}
	}
	return plans
}

func endCar(cars []Car, r *maps.Route, city int) Car {
	if city == r.A {
		return cars[0]
	}
	return cars[len(cars)-1]
}

func widen(p *routePlan, r *maps.Route, city int) {
	if city == r.A {
		p.gapA += 2
	} else {
		p.gapB += 2
	}
}

// chooseBow returns the smallest sideways bend that keeps the route (half
// its width either side of the axis) clear of every other city and of every
// other route away from the cities they share. It bends away from the
// nearest obstacle first.
func chooseBow(m *maps.Map, r *maps.Route, a, b, n Vec, half float32) float32 {
	ok, side := clear(m, r, a, b, n, 0, half)
	if ok {
		return 0
	}
	for _, dir := range [2]float32{-side, side} {
		for d := float32(6); d <= maxBow; d += 6 {
			if ok, _ := clear(m, r, a, b, n, dir*d, half); ok {
				return dir * d
			}
		}
	}
	return 0
}

// clear reports whether the route bent by bow keeps clear of the other
// cities and routes; if not, side says on which side of the axis (+1 along
// n, -1 against it) the nearest obstacle lies.
func clear(m *maps.Map, r *maps.Route, a, b, n Vec, bow, half float32) (bool, float32) {
	c := a.Lerp(b, 0.5).Add(n.Scale(2 * bow))
	mid := a.Lerp(b, 0.5)
	const steps = 24
	var pts [steps + 1]Vec
	for k := range pts {
		pts[k] = bezier(a, c, b, float32(k)/steps)
	}
	ok, worst, side := true, float32(math.MaxFloat32), float32(0)
	hit := func(p Vec, excess float32) {
		if excess < worst {
			worst = excess
			side = 1
			if p.Sub(mid).Dot(n) < 0 {
				side = -1
			}
		}
		ok = false
	}
	pos := func(i int) Vec { return Vec{float32(m.Cities[i].Board.X), float32(m.Cities[i].Board.Y)} }
	for i := range m.Cities {
		if i == r.A || i == r.B {
			continue
		}
		p := pos(i)
		for k := 1; k < len(pts); k++ {
			if d := segDist(p, pts[k-1], pts[k]); d < cityRadius+half+clearance {
				hit(p, d-(cityRadius+half+clearance))
			}
		}
	}
	for j := range m.Routes {
		o := &m.Routes[j]
		if o.Index == r.Index || o.Index == r.Twin {
			continue
		}
		oa, ob := pos(o.A), pos(o.B)
		need := half + carWidth/2 + 3
		if o.Twin >= 0 {
			need += carWidth/2 + laneGap/2
		}
		for _, p := range pts[1 : len(pts)-1] {
			// Near a city both routes leave, the end gaps keep them apart.
			if shared(r, o, p, pos) {
				continue
			}
			if d := segDist(p, oa, ob); d < need {
				hit(oa.Lerp(ob, 0.5), d-need)
			}
		}
	}
	return ok, side
}

// shared reports whether p is near a city that routes r and o both end at.
func shared(r, o *maps.Route, p Vec, pos func(int) Vec) bool {
	for _, c := range [2]int{r.A, r.B} {
		if (c == o.A || c == o.B) && p.Sub(pos(c)).Len() < cityRadius+carMaxLen {
			return true
		}
	}
	return false
}

func bezier(a, c, b Vec, t float32) Vec {
	u := 1 - t
	return a.Scale(u * u).Add(c.Scale(2 * u * t)).Add(b.Scale(t * t))
}

// polyline is a lane's path with its cumulative arc length.
type polyline struct {
	pts [33]Vec
	cum [33]float32
}

func newPolyline(a, b, n Vec, bow, lane float32) *polyline {
	var p polyline
	ctrl := a.Lerp(b, 0.5).Add(n.Scale(2 * bow))
	const last = len(p.pts) - 1
	for k := range p.pts {
		t := float32(k) / float32(last)
		// Tangent of the quadratic Bézier; the lane runs beside the axis.
		tan := ctrl.Sub(a).Scale(2 * (1 - t)).Add(b.Sub(ctrl).Scale(2 * t)).Unit()
		p.pts[k] = bezier(a, ctrl, b, t).Add(tan.Perp().Scale(lane))
		if k > 0 {
			p.cum[k] = p.cum[k-1] + p.pts[k].Sub(p.pts[k-1]).Len()
		}
	}
	return &p
}

func (p *polyline) length() float32 { return p.cum[len(p.cum)-1] }

// at returns the point at arc length s and the unit direction there.
func (p *polyline) at(s float32) (Vec, Vec) {
	k := 1
	for k < len(p.pts)-1 && p.cum[k] < s {
		k++
	}
	seg := p.cum[k] - p.cum[k-1]
	t := float32(0)
	if seg > 0 {
		t = (s - p.cum[k-1]) / seg
	}
	return p.pts[k-1].Lerp(p.pts[k], t), p.pts[k].Sub(p.pts[k-1]).Unit()
}

// leave returns the arc length at which the path, walked from its start
// (or its end when fromEnd), gets r away from the point c.
func (p *polyline) leave(c Vec, r float32, fromEnd bool) float32 {
	lo, hi := float32(0), p.length()/2
	far := func(s float32) bool {
		if fromEnd {
			s = p.length() - s
		}
		q, _ := p.at(s)
		return q.Sub(c).Len() >= r
	}
	for range 30 {
		mid := (lo + hi) / 2
		if far(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	if fromEnd {
		return p.length() - hi
	}
	return hi
}

// planCars places r's car spaces at scale s, with pos mapping board-image
// points to the plane the cars live in.
func planCars(m *maps.Map, r *maps.Route, p routePlan, s float32, pos func(maps.Point) Vec) []Car {
	a, b := pos(m.Cities[r.A].Board), pos(m.Cities[r.B].Board)
	pl := newPolyline(a, b, p.normal, p.bow*s, p.lane*s)
	s0 := pl.leave(a, (cityRadius+p.gapA)*s, false)
	s1 := pl.leave(b, (cityRadius+p.gapB)*s, true)
	n := r.Length
	slot := (s1 - s0) / float32(n)
	length := min(carMaxLen*s, slot-carGap*s)
	w := carWidth * s
	cars := make([]Car, n)
	locos := locomotiveSpaces(n, r.Locomotives)
	for i := range cars {
		c, dir := pl.at(s0 + (float32(i)+0.5)*slot)
		car := Car{Center: c, Dir: dir, Length: length, Width: w, Locomotive: locos[i]}
		car.Body = box(c, dir, length, w)
		edge := max(1, 0.09*w)
		car.Edge = box(c, dir, length+2*edge, w+2*edge)
		halo := max(3, 0.4*w)
		car.Halo = box(c, dir, length+2*halo, w+2*halo)
		car.Train = box(c, dir, length+2*edge, w*1.2)
		car.Roof = box(c, dir, length*0.8, w*0.3)
		cars[i] = car
	}
	return cars
}

// locomotiveSpaces spreads k locomotive spaces evenly over n spaces.
func locomotiveSpaces(n, k int) []bool {
	out := make([]bool, n)
	for j := range k {
		out[min(n-1, (2*j+1)*n/(2*k))] = true
	}
	return out
}

func (l *Layout) routeShape(r *maps.Route, p routePlan) RouteShape {
	cars := planCars(l.Map, r, p, l.Scale, l.ToScreen)
	for i := range cars {
		c := &cars[i]
		// Shapes stay upright: their "up" is the same for every route.
		up := c.Dir
		if up.X < 0 || (up.X == 0 && up.Y > 0) {
			up = up.Scale(-1)
		}
		switch {
		case c.Locomotive:
			c.Glyph = AppendLocomotive(nil, c.Center, up, min(c.Length*0.8, c.Width*1.15))
		case r.Color != maps.Gray:
			c.Glyph = AppendGlyph(nil, r.Color, c.Center, up, min(c.Width*0.8, c.Length*0.7))
		}
		if r.Kind == maps.Tunnel {
			t := max(1.5, c.Width*0.2)
			dash := c.Length / 5
			for _, u := range [3]float32{-2, 0, 2} {
				for _, v := range [2]float32{-1, 1} {
					at := c.Center.Add(c.Dir.Scale(u * dash)).Add(c.Dir.Perp().Scale(v * (c.Width/2 - t/2)))
					c.Marks = append(c.Marks, box(at, c.Dir, dash, t))
				}
			}
		}
	}
	mid := cars[len(cars)/2]
	rs := RouteShape{Cars: cars, Mid: mid.Center, Dir: mid.Dir}
	if len(cars)%2 == 0 {
		a, b := cars[len(cars)/2-1], cars[len(cars)/2]
		rs.Mid = a.Center.Lerp(b.Center, 0.5)
	}
	return rs
}
