package board

import (
	"fmt"
	"math"

	"ttr/maps"
)

// The physical minimums of what players read and touch, in millimetres on
// the glass. Players sit round the table and read the board upside down and
// sideways from up to about 70 cm away; a fingertip covers about 9 mm.
const (
	// MinNameMM is the least font size of a city's name: at arm's length
	// across a table, a 4 mm font (capitals about 2.9 mm) is read as easily
	// as the printed board's names.
	MinNameMM = 4.0
	// MinStripTextMM is the least font size of the text on a seat's strip,
	// read by the player sitting at it, nearer than the board's far side.
	MinStripTextMM = 3.5
	// MinTargetMM is the least touch target: a fingertip. Each route has a
	// place where a disc this wide, centred on one of its car spaces, lies
	// wholly in its touch area; twin lanes whose centres are closer than
	// this are one touch area (TwinMerged), the lane chosen by the colour
	// scanned.
	MinTargetMM = 9.0
	// MinMarkMM is the least size of an owner's mark (Layout.MarkSize),
	// which tells the owner by colour and shape; smaller, red and green
	// marks are blobs under deuteranopia.
	MinMarkMM = 5.0
)

// DefaultDiagonalIn is the panel's diagonal assumed when neither the config
// nor the panel (its EDID) gives its size: the 21.5" panel the table is
// designed around.
const DefaultDiagonalIn = 21.5

// Physical is the size of the panel's pixels. The zero Physical is
// unknown: a Layout then keeps its sizes in pixels only.
type Physical struct {
	MMPerPx float64 // millimetres per pixel on the glass
}

// PhysicalOf returns the Physical of a panel of w x h pixels that is
// wMM x hMM millimetres, or the zero Physical when a size is not positive.
// Of the two axes it takes the finer pitch, so that a size in pixels meets
// a minimum along both.
func PhysicalOf(w, h int, wMM, hMM float64) Physical {
	if w <= 0 || h <= 0 || !(wMM > 0) || !(hMM > 0) {
		return Physical{}
	}
	return Physical{min(wMM/float64(w), hMM/float64(h))}
}

// PhysicalDiagonal returns the Physical of a panel of w x h pixels whose
// diagonal is in inches, with square pixels.
func PhysicalDiagonal(w, h int, in float64) Physical {
	if w <= 0 || h <= 0 || !(in > 0) {
		return Physical{}
	}
	return Physical{in * 25.4 / math.Hypot(float64(w), float64(h))}
}

// Known reports whether the pixel size is known.
func (p Physical) Known() bool { return p.MMPerPx > 0 }

// MM returns the length of px pixels in millimetres.
func (p Physical) MM(px float32) float64 { return float64(px) * p.MMPerPx }

// Px returns the least number of pixels that is at least mm millimetres
// long, or 0 when the pixel size is unknown.
func (p Physical) Px(mm float64) float32 {
	if !p.Known() {
		return 0
	}
	return float32(math.Ceil(mm/p.MMPerPx - 1e-9))
}

// NamePx is the least font size of a city's name, in pixels.
func (p Physical) NamePx() float32 { return p.Px(MinNameMM) }

// StripTextPx is the least font size of a strip's text, in pixels.
func (p Physical) StripTextPx() float32 { return p.Px(MinStripTextMM) }

// TargetPx is the least touch target, in pixels.
func (p Physical) TargetPx() float32 { return p.Px(MinTargetMM) }

// MarkPx is the least size of an owner's mark, in pixels.
func (p Physical) MarkPx() float32 { return p.Px(MinMarkMM) }

// The seats' strips as package display lays them while playing
// (display/layout.go), in its units u (a pixel of an 800 x 480 screen,
// scaled with min(w/800, h/480)): a strip long enough holds one row
// (stripOneRowU deep), a shorter one a header over three lines
// (stripTwoRowU); the market column is marketU wide; the smallest text is
// stripMinTextU. They copy display's constants of the same meaning; a
// change of the strips there is mirrored here.
const (
	stripOneRowU    = 37
	stripTwoRowU    = 68
	stripOneRowMinU = 728 // the shortest strip that holds one row
	stripTwoRowMinU = 354 // the shortest that holds the two-row form: insets, pads, the prompt (290), a gap, the keys (56)
	stripMinTextU   = 12
	stripKeyU       = 30 // the shorter side of a two-row strip's keys: (68 - 2*1.5 - 2*1.5 - 2) / 2
	marketU         = 54 + 1.5
	boardGapU       = 1.5
)

// seatEdges are the edges seats sit at, as display.DefaultEdges places
// 2 to 5 seats: 0 bottom, 1 left, 2 top, 3 right.
var seatEdges = [...][]int{2: {0, 2}, 3: {0, 1, 2}, 4: {0, 1, 2, 3}, 5: {0, 0, 1, 2, 3}}

// StripU returns the size, in pixels, of display's unit u for the strips
// of a w x h panel: min(w/800, h/480), raised so that the strips' smallest
// text is at least MinStripTextMM high and their keys MinTargetMM each way
// when the pixel size is known.
func (p Physical) StripU(w, h float32) float32 {
	return max(min(w/800, h/480), p.StripTextPx()/stripMinTextU, p.TargetPx()/stripKeyU)
}

// BoardArea returns the rectangle of a w x h panel that the board gets
// while seats players play (2 to 5, at display's default edges): what the
// seats' strips, sized by StripU, and the market column leave. ok is false
// when a strip is too short for what it must hold at that size.
func (p Physical) BoardArea(w, h float32, seats int) (area Rect, ok bool) {
	if seats < 2 || seats >= len(seatEdges) {
		return Rect{}, false
	}
	u := p.StripU(w, h)
	var count [4]int
	for _, e := range seatEdges[seats] {
		count[e]++
	}
	ok = true
	depthFor := func(length float32) float32 {
		switch l := length / u; {
		case l >= stripOneRowMinU:
			return stripOneRowU * u
		case l < stripTwoRowMinU:
			ok = false
		}
		return stripTwoRowU * u
	}
	best, bestW := Rect{}, float32(-1)
	allOK := false
	for _, sidesFull := range [2]bool{false, true} {
		ok = true
		var d [4]float32
		for range 2 { // depths depend on lengths, which depend on depths
			lenTB, lenLR := w, h-d[0]-d[2]
			if sidesFull {
				lenTB, lenLR = w-d[1]-d[3], h
			}
			for e := range 4 {
				switch {
				case count[e] == 0:
					d[e] = 0
				case e%2 == 0:
					d[e] = depthFor(lenTB / float32(count[e]))
				default:
					d[e] = depthFor(lenLR / float32(count[e]))
				}
			}
		}
		a := Rect{d[1] + boardGapU*u, d[2] + boardGapU*u, w - d[1] - d[3] - (marketU+2*boardGapU)*u, h - d[0] - d[2] - 2*boardGapU*u}
		if (ok && !allOK) || (ok == allOK && min(a.W, a.H) > bestW) {
			best, bestW, allOK = a, min(a.W, a.H), ok
		}
	}
	if best.W <= 0 || best.H <= 0 {
		return Rect{}, false
	}
	return best, allOK
}

// A Shortfall is a physical minimum a panel does not meet with a number of
// seats, for the start screen to say: Key is the message key (the
// catalogue's screen_size table), Args its arguments (Seats, and Want in
// whole millimetres), What the same in English for the log.
type Shortfall struct {
	Key  string
	Args map[string]any
	What string
}

// Message keys of the shortfalls.
const (
	KeyTooSmallStrips = "screen_size.strips" // the strips leave the map no room
	KeyTooSmallNames  = "screen_size.names"  // names below MinNameMM, or covering one another
	KeyTooSmallRoutes = "screen_size.routes" // a route without a fingertip's touch area
)

// Check lays out m's board on a w x h pixel panel with seats players and
// returns the physical minimums it does not meet, none when the panel is
// large enough. Names are at least MinNameMM by construction, so they fall
// short when their plates together would cover more than half the board
// (then nothing else is checked), or cover one another or a city; routes
// when one has no car space a fingertip covers (RouteTarget). With an
// unknown pixel size there is nothing to check.
func (p Physical) Check(m *maps.Map, w, h, seats int, o Opts) []Shortfall {
	_, out := p.check(m, w, h, seats, o)
	return out
}

// check is Check, also returning the layout checked (nil when there is
// none).
func (p Physical) check(m *maps.Map, w, h, seats int, o Opts) (*Layout, []Shortfall) {
	if !p.Known() {
		return nil, nil
	}
	area, ok := p.BoardArea(float32(w), float32(h), seats)
	if !ok {
		return nil, []Shortfall{p.StripsShort(w, h, seats)}
	}
	return p.checkIn(m, area, seats, o, New)
}

// StripsShort is the shortfall of a w x h pixel panel whose seats' strips,
// their text at MinStripTextMM, leave the map no room.
func (p Physical) StripsShort(w, h, seats int) Shortfall {
	return Shortfall{KeyTooSmallStrips, map[string]any{"Seats": seats},
		fmt.Sprintf("%d seats' strips leave the map no room on %dx%d at %.3f mm per pixel", seats, w, h, p.MMPerPx)}
}

// CheckIn is Check of m's board laid out in area with o, on a panel whose
// strips leave the board that area (package display works out the area
// as it lays its screen out, and the options as its board takes them).
func (p Physical) CheckIn(m *maps.Map, area Rect, seats int, o Opts) []Shortfall {
	return p.CheckInWith(m, area, seats, o, New)
}

// CheckInWith is CheckIn laying the board out with layout, New or a memo
// of its layouts (a screen's, which lays out the same board).
func (p Physical) CheckInWith(m *maps.Map, area Rect, seats int, o Opts, layout func(*maps.Map, Rect, Opts) *Layout) []Shortfall {
	if !p.Known() {
		return nil
	}
	_, out := p.checkIn(m, area, seats, o, layout)
	return out
}

// checkIn is CheckInWith, also returning the layout checked (nil when
// there is none).
func (p Physical) checkIn(m *maps.Map, area Rect, seats int, o Opts, layout func(*maps.Map, Rect, Opts) *Layout) (*Layout, []Shortfall) {
	o.Physical = p
	if n, share := namesShare(m, area, o); share > maxNamesShare {
		// The names alone would cover most of the board: no need to
		// place them (the slowest part of a layout) to know.
		return nil, []Shortfall{{KeyTooSmallNames, map[string]any{"Seats": seats, "Want": int(MinNameMM)},
			fmt.Sprintf("%d city names at %.1f mm would cover %.0f%% of the board", n, MinNameMM, 100*share)}}
	}
	l := layout(m, area, o)
	var out []Shortfall
	if n := l.NamesHidden(); n > 0 || p.MM(l.LabelSize) < MinNameMM-1e-6 {
		out = append(out, Shortfall{KeyTooSmallNames, map[string]any{"Seats": seats, "Want": int(MinNameMM)},
			fmt.Sprintf("%d city names hidden by others at %.1f mm", n, p.MM(l.LabelSize))})
	}
	narrow := 0
	for i := range l.Routes {
		if !l.RouteTarget(i, p.TargetPx()) {
			narrow++
		}
	}
	if narrow > 0 {
		out = append(out, Shortfall{KeyTooSmallRoutes, map[string]any{"Seats": seats, "Want": int(MinTargetMM)},
			fmt.Sprintf("%d routes narrower than %.0f mm", narrow, MinTargetMM)})
	}
	return l, out
}

// NamesFit reports whether m's city names at MinNameMM find room on the
// board laid out in area with o: their plates together cover at most half
// of it (maxNamesShare). Where they do not, the panel is too small for its
// names (Check says so), and a caller keeps them at the size o gives
// without the panel's size. With an unknown pixel size they fit.
func (p Physical) NamesFit(m *maps.Map, area Rect, o Opts) bool {
	if !p.Known() {
		return true
	}
	o.Physical = p
	o.LabelSize = 0
	_, share := namesShare(m, area, o)
	return share <= maxNamesShare
}

// maxNamesShare is the most of the board the names' plates may cover
// together for Check to place them: beyond it they cannot all find a
// place clear of one another and of the routes.
const maxNamesShare = 0.5

// namesShare returns the number of names and how much of the board laid
// out in area their plates would cover together.
func namesShare(m *maps.Map, area Rect, o Opts) (int, float32) {
	measure := o.Measure
	if measure == nil {
		measure = EstimateText
	}
	if o.LabelScale == 0 {
		o.LabelScale = DefaultOpts().LabelScale
	}
	f, s := fit(m, area, o)
	size := o.LabelSize
	if size == 0 {
		size = labelSize(o, s)
	}
	var sum float32
	for _, c := range m.Cities {
		t := measure(c.Name, size)
		sum += (t.X + 2*LabelPadX*size) * (t.Y + 2*LabelPadY*size)
	}
	return len(m.Cities), sum / (f.W * s * f.H * s)
}

// NamesHidden returns how many city names (read along the board) have a
// plate that covers another name's plate or another city's circle.
func (l *Layout) NamesHidden() int {
	n := 0
	for i, a := range l.Cities {
		hidden := false
		for j, b := range l.Cities {
			if i == j {
				continue
			}
			if a.Label.Intersect(b.Label).Area() > 0 || a.Label.Dist(b.Center) < l.CityRadius {
				hidden = true
				break
			}
		}
		if hidden {
			n++
		}
	}
	return n
}

// RouteTarget reports whether route i's touch area holds a fingertip: a
// disc diameter pixels wide, centred on one of its car spaces, in which
// every touch takes the route (HitTest gives the route, or its twin where
// the pair is one area: TwinMerged). The centres tried are each car
// space's middle and points along it and across it; the disc is checked
// at its centre, on a ring at half its radius and on its rim, sixteen
// points each.
func (l *Layout) RouteTarget(i int, diameter float32) bool {
	twin := l.TwinMerged(i)
	hits := func(q Vec) bool {
		h := l.HitTest(q)
		return h.Kind == HitRoute && (h.Index == i || h.Index == twin)
	}
	var ring [16]Vec
	for k := range ring {
		a := 2 * math.Pi * float64(k) / float64(len(ring))
		ring[k] = Vec{float32(math.Cos(a)), float32(math.Sin(a))}
	}
	disc := func(c Vec) bool {
		if !hits(c) {
			return false
		}
		for _, f := range [2]float32{0.5, 1} {
			for _, v := range ring {
				if !hits(c.Add(v.Scale(f * diameter / 2))) {
					return false
				}
			}
		}
		return true
	}
	for _, c := range l.Routes[i].Cars {
		for _, along := range [5]float32{0, -0.25, 0.25, -0.45, 0.45} {
			for _, across := range [3]float32{0, -0.4, 0.4} {
				if disc(c.Center.Add(c.Dir.Scale(along * c.Length)).Add(c.Dir.Perp().Scale(across * c.Width))) {
					return true
				}
			}
		}
	}
	return false
}

// TwinMerged returns the index of route i's twin lane when the two lanes
// are one touch area on this layout (their centres closer than a
// fingertip, MinTargetMM): a touch on either means the pair, and the
// colour scanned chooses the lane. It returns -1 for a single route, for
// lanes far enough apart, and when the pixel size is unknown.
func (l *Layout) TwinMerged(i int) int {
	tw := l.Map.Routes[i].Twin
	if tw < 0 || l.targetPx == 0 {
		return -1
	}
	if (carWidth+laneGap)*l.Scale < l.targetPx {
		return tw
	}
	return -1
}
