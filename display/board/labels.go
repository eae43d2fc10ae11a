package board

import "math"

// Label placement: each city's name goes on a plate in one of some three
// hundred places around its circle (sixteen directions and slides along
// the top and bottom, on rings from touching the circle to four car widths
// out), chosen to stay off the car spaces, the other cities and the other
// names, near its own city and on the board. A place that covers any car
// space is out while another is free (TestNamePlatesLeaveTheRoutes holds
// the table's boards to none); among the rest a few rounds of "each city
// takes its best place given the others", then of pairs of cities moving
// together, settle the crowded corners (the Low Countries, the north-east
// of the USA).

// LabelPadX and LabelPadY are the margins between a name and the edge of
// its plate, as fractions of the font size.
const (
	LabelPadX = 0.22
	LabelPadY = 0.06
)

// coverCost is what a plate covering any part of a car space costs, in
// letter-squares: more than every other cost together, so that a place
// off the cars always wins where there is one.
const coverCost = 1e5

type labelCandidate struct {
	plate Rect
	cost  float32 // everything but the other names
	brk   int     // where the second line starts (CityShape.Break), 0: one line
	flat  bool    // a turned name's place along the board (CityShape.TurnedFlat)
}

// alongBoard is how much less a turned name kept along the board is liked,
// in letter-squares: more than any place turned off the cars.
const alongBoard = 40

// enoughFree is how many places off the cars a name's plate needs to
// choose from before more are looked for: farther out, and on two lines.
const enoughFree = 12

// twoLines is how much less a name on two lines is liked, in
// letter-squares.
const twoLines = 1.5

// carBox is a car space as the placement sees it: its bounds for a quick
// test, the space with its outline (which no plate may cover), the space
// as a claimed train covers it, and its halo.
type carBox struct {
	bounds             Rect // of halo, the largest
	space, train, halo Quad
}

// labelRings are the distances of the candidate places from a city's
// circle, in car widths.
var labelRings = [...]float32{0, 0.25, 0.5, 0.8, 1.1, 1.4, 1.8, 2.2, 2.6, 3.0, 3.5, 4.0}

// labelDirs are the sixteen directions around a city a plate may lie in
// (cos, sin), and labelSlides where along a plate above or below its city
// the city's middle lies (0: the plate starts there, 1: it ends there).
var (
	labelDirs   [16][2]float32
	labelSlides = [...]float32{0.1, 0.3, 0.7, 0.9}
)

func init() {
	for k := range labelDirs {
		a := 2 * math.Pi * float64(k) / float64(len(labelDirs))
		labelDirs[k] = [2]float32{float32(math.Cos(a)), float32(math.Sin(a))}
	}
}

// placeLabels places every name's plate for names read along the board's
// width (Label) and, when turned, for names turned a quarter to face a side
// of the table (LabelTurned).
func (l *Layout) placeLabels(measure func(string, float32) Vec, turned bool) {
	size := l.LabelSize
	unit := size * size // costs are in letter-squares
	cars := l.carBoxes()
	cands := make([][]labelCandidate, len(l.Cities))
	var near []carBox
	for i := range l.Cities {
		name := l.Map.Cities[i].Name
		text := measure(name, size)
		cands[i] = l.labelCands(i, text, turned, cars, &near)
		if turned {
			// A turned name may keep its place along the board (placed
			// first), read sideways from the sides, where every place
			// turned covers a route or another name.
			c := l.Cities[i]
			near = near[:0]
			for _, cb := range cars {
				if cb.bounds.Intersect(c.Label).Area() > 0 {
					near = append(near, cb)
				}
			}
			cost := alongBoard + l.staticCost(i, c.Label, near)/unit
			cands[i] = append(cands[i], labelCandidate{plate: c.Label, cost: cost, brk: c.Break, flat: true})
		}
		if l.free(cands[i]) >= enoughFree {
			continue
		}
		// A name of two words with few places off the cars (a long name
		// among many routes) may also go on two lines.
		if k := lineBreak(name); k > 0 {
			r := []rune(name)
			a, b := measure(string(r[:k-1]), size), measure(string(r[k:]), size)
			two := Vec{max(a.X, b.X), a.Y + b.Y + LabelLineGap*size}
			for _, c := range l.labelCands(i, two, turned, cars, &near) {
				c.brk = k
				c.cost += twoLines
				cands[i] = append(cands[i], c)
			}
		}
	}
	choice := make([]int, len(l.Cities))
	for i, cs := range cands {
		for k, c := range cs {
			if c.cost < cs[choice[i]].cost {
				choice[i] = k
			}
		}
	}
	for range 20 {
		changed := false
		for i, cs := range cands {
			cost := func(k int) float32 {
				c := cs[k].cost
				for j := range cands {
					if j != i {
						c += clash(cs[k].plate, cands[j][choice[j]].plate, unit)
					}
				}
				return c
			}
			best, bestCost := choice[i], cost(choice[i])
			for k := range cs {
				if cs[k].cost >= bestCost {
					continue
				}
				if c := cost(k); c < bestCost-1e-4 {
					best, bestCost = k, c
				}
			}
			if best != choice[i] {
				choice[i], changed = best, true
			}
		}
		if !changed {
			break
		}
	}
	// Two names can block each other, each move alone making things worse:
	// try every pair of places for such pairs.
	overlapOthers := func(i int, p Rect, skip int) float32 {
		var c float32
		for j := range cands {
			if j != i && j != skip {
				c += clash(p, cands[j][choice[j]].plate, unit)
			}
		}
		return c
	}
	var ca, cb []float32
	pair := func(i, j int) {
		ca, cb = ca[:0], cb[:0]
		for _, a := range cands[i] {
			ca = append(ca, a.cost+overlapOthers(i, a.plate, j))
		}
		for _, b := range cands[j] {
			cb = append(cb, b.cost+overlapOthers(j, b.plate, i))
		}
		bi, bj := choice[i], choice[j]
		best := ca[bi] + cb[bj] + clash(cands[i][bi].plate, cands[j][bj].plate, unit)
		for ki, a := range cands[i] {
			if ca[ki] >= best {
				continue
			}
			for kj, b := range cands[j] {
				if c := ca[ki] + cb[kj]; c < best {
					if c += clash(a.plate, b.plate, unit); c < best {
						bi, bj, best = ki, kj, c
					}
				}
			}
		}
		choice[i], choice[j] = bi, bj
	}
	for range 3 {
		for i := range cands {
			for j := i + 1; j < len(cands); j++ {
				if cands[i][choice[i]].plate.Intersect(cands[j][choice[j]].plate).Area() > 0 {
					pair(i, j)
				}
			}
		}
	}
	// A name left over a car, whose free places other names hold: try
	// each free place, the names in its way each moving to their best
	// place given it, and keep the best arrangement found.
	energy := func() float32 {
		var e float32
		for i := range cands {
			e += cands[i][choice[i]].cost
			for j := i + 1; j < len(cands); j++ {
				e += clash(cands[i][choice[i]].plate, cands[j][choice[j]].plate, unit)
			}
		}
		return e
	}
	bestMove := func(j int) {
		best, bestCost := choice[j], float32(math.MaxFloat32)
		for k, c := range cands[j] {
			if c.cost >= bestCost {
				continue
			}
			if v := c.cost + overlapOthers(j, c.plate, -1); v < bestCost {
				best, bestCost = k, v
			}
		}
		choice[j] = best
	}
	var in []int
	saved := make([]int, len(choice))
	for range 3 {
		for i, cs := range cands {
			if cs[choice[i]].cost < coverCost {
				continue
			}
			e0 := energy()
			copy(saved, choice)
			best := append([]int(nil), choice...)
			for k, c := range cs {
				if c.cost >= coverCost {
					continue
				}
				in = in[:0]
				for j := range cands {
					if j != i && c.plate.Intersect(cands[j][choice[j]].plate).Area() > 0 {
						in = append(in, j)
					}
				}
				choice[i] = k
				// The names in the way move, then those in their way, three
				// steps deep, each once.
				moved := map[int]bool{i: true}
				for depth := 0; depth < 3 && len(in) > 0; depth++ {
					next := []int(nil)
					for _, j := range in {
						if moved[j] {
							continue
						}
						moved[j] = true
						bestMove(j)
						pj := cands[j][choice[j]].plate
						for m := range cands {
							if !moved[m] && pj.Intersect(cands[m][choice[m]].plate).Area() > 0 {
								next = append(next, m)
							}
						}
					}
					in = next
				}
				if e := energy(); e < e0-1e-3 {
					e0 = e
					copy(best, choice)
				}
				copy(choice, saved)
			}
			copy(choice, best)
		}
	}
	for i := range l.Cities {
		if turned {
			l.Cities[i].LabelTurned = cands[i][choice[i]].plate
			l.Cities[i].BreakTurned = cands[i][choice[i]].brk
			l.Cities[i].TurnedFlat = cands[i][choice[i]].flat
		} else {
			l.Cities[i].Label = cands[i][choice[i]].plate
			l.Cities[i].Break = cands[i][choice[i]].brk
		}
	}
}

// labelCands returns the places for city i's plate around text (its size
// at the names' size; turned: the plate turned a quarter), with their
// costs. near is reused for the cars within reach.
func (l *Layout) labelCands(i int, text Vec, turned bool, cars []carBox, near *[]carBox) []labelCandidate {
	size := l.LabelSize
	unit := size * size
	w, h := text.X+2*LabelPadX*size, text.Y+2*LabelPadY*size
	if turned {
		w, h = h, w
	}
	c := l.Cities[i].Center
	// Only the cars within reach of the farthest place can be covered.
	far := l.CityRadius + 1.5 + labelRings[len(labelRings)-1]*l.CarWidth
	reach := far + 3*l.CarWidth + max(w, h)
	zone := Rect{c.X - reach, c.Y - reach, 2 * reach, 2 * reach}
	*near = (*near)[:0]
	for _, cb := range cars {
		if cb.bounds.Intersect(zone).Area() > 0 {
			*near = append(*near, cb)
		}
	}
	cands := make([]labelCandidate, 0, len(labelRings)*(len(labelDirs)+2*len(labelSlides)))
	add := func(x, y, pref float32) {
		plate := Rect{x, y, w, h}
		cands = append(cands, labelCandidate{plate: plate, cost: pref + l.staticCost(i, plate, *near)/unit})
	}
	for _, k := range labelRings {
		r := l.CityRadius + 1.5 + k*l.CarWidth
		// Farther from the city reads less as its name.
		far := 2.5 * k * l.CarWidth / size
		for d, u := range labelDirs {
			// The plate touches the ring at direction u: beside it on the
			// right, above it, and so on round.
			ax, ay := c.X+r*u[0], c.Y+r*u[1]
			add(ax-w*(1-u[0])/2, ay-h*(1-u[1])/2, dirPref[d]+far)
		}
		for _, f := range labelSlides {
			add(c.X-f*w, c.Y-r-h, 0.7+far) // above
			add(c.X-f*w, c.Y+r, 0.7+far)   // below
		}
	}
	if l.free(cands) >= enoughFree {
		return cands
	}
	// Where every such place covers a car (a long name among many
	// routes), look for a gap anywhere within reach: a grid of places a
	// third of the plate's height apart, those off the cars kept; then
	// farther out, on a finer grid.
	blocked := coverCost * unit
	for pass, out := range [2]float32{3, 6} {
		reach := far + out*l.CarWidth
		if pass > 0 {
			*near = (*near)[:0]
			zone := Rect{c.X - reach - w, c.Y - reach - h, 2*reach + 2*w, 2*reach + 2*h}
			for _, cb := range cars {
				if cb.bounds.Intersect(zone).Area() > 0 {
					*near = append(*near, cb)
				}
			}
		}
		step := min(w, h) / float32(3+3*pass)
		for y := c.Y - reach - h; y <= c.Y+reach; y += step {
			for x := c.X - reach - w; x <= c.X+reach; x += step {
				plate := Rect{x, y, w, h}
				d := plate.Dist(c)
				if d > reach || d < l.CityRadius+1 {
					continue
				}
				if cost := l.staticCost(i, plate, *near); cost < blocked {
					k := (d - l.CityRadius) / l.CarWidth
					cands = append(cands, labelCandidate{plate: plate, cost: 1 + 2.5*k*l.CarWidth/size + cost/unit})
				}
			}
		}
		if l.free(cands) >= enoughFree {
			break
		}
	}
	return cands
}

// free returns how many places of cands cover no car space.
func (l *Layout) free(cands []labelCandidate) int {
	n := 0
	for _, c := range cands {
		if c.cost < coverCost {
			n++
		}
	}
	return n
}

// LabelLineGap is the space between the two lines of a name set on two
// lines, as a fraction of the font size.
const LabelLineGap = 0.05

// lineBreak returns the index of the rune that starts the second line of
// a name of two words or more (the space nearest its middle is dropped),
// or 0 for a single word.
func lineBreak(name string) int {
	r := []rune(name)
	best := 0
	for k, c := range r {
		if c == ' ' && (best == 0 || abs(2*k-len(r)) < abs(2*(best-1)-len(r))) {
			best = k + 1
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// dirPref is how much less each of labelDirs is liked, in letter-squares:
// a name reads best beside its city on the right, then on the left, then
// above or below, then at a slant.
var dirPref = func() (p [len(labelDirs)]float32) {
	for k, u := range labelDirs {
		switch {
		case u[0] > 0.99:
			p[k] = 0 // right
		case u[0] < -0.99:
			p[k] = 0.3 // left
		case u[0] > -0.01 && u[0] < 0.01:
			p[k] = 0.5 // above, below
		case u[0] > 0:
			p[k] = 0.8
		default:
			p[k] = 0.9
		}
	}
	return p
}()

// carBoxes returns every car space of the board as the placement sees it.
func (l *Layout) carBoxes() []carBox {
	var out []carBox
	for i := range l.Routes {
		for _, car := range l.Routes[i].Cars {
			edge := max(1, 0.09*car.Width)
			out = append(out, carBox{
				bounds: car.Halo.Bounds(),
				space:  car.Edge,
				train:  box(car.Center, car.Dir, car.Length+2*edge+0.45*car.Width, car.Width*1.65),
				halo:   car.Halo,
			})
		}
	}
	return out
}

// staticCost is how much a name's plate would hide of the cars near it and
// the other cities, and how far it would stick out of the board, in
// pixels² (coverCost letter-squares for any car space covered).
func (l *Layout) staticCost(city int, plate Rect, near []carBox) float32 {
	var cost float32
	for _, cb := range near {
		if cb.bounds.Intersect(plate).Area() == 0 {
			continue
		}
		cost += 40 * clipArea(cb.halo, plate)
		// A plate over a claimed train's rim hides a little of it.
		cost += 200 * clipArea(cb.train, plate)
		// A plate over a car space hides the route: never, while another
		// place is free.
		if a := clipArea(cb.space, plate); a > 0 {
			cost += coverCost*l.LabelSize*l.LabelSize + 400*a
		}
	}
	own := plate.Dist(l.Cities[city].Center)
	r := l.CityRadius + 2
	// A city farther from the plate along x or y than this costs nothing.
	reach := max(r, 1.6*own+l.CityRadius)
	for j, c := range l.Cities {
		if j == city {
			continue
		}
		if max(plate.X-c.Center.X, c.Center.X-(plate.X+plate.W)) >= reach ||
			max(plate.Y-c.Center.Y, c.Center.Y-(plate.Y+plate.H)) >= reach {
			continue
		}
		if a := plate.Intersect(Rect{c.Center.X - r, c.Center.Y - r, 2 * r, 2 * r}).Area(); a > 0 {
			cost += coverCost*l.LabelSize*l.LabelSize + 400*a
		}
		// A name nearer another city than its own reads as that city's.
		if plate.Dist(c.Center) < 1.6*own+l.CityRadius {
			cost += 8 * l.LabelSize * l.LabelSize
		}
	}
	// Names stay on the board and off the score track round its edge.
	in := l.Board.Inset(l.TrackDepth)
	if out := plate.Area() - plate.Intersect(l.Board).Area(); out > 0.01 {
		// Off the board the name lies on the seats' strips: never.
		cost += coverCost*l.LabelSize*l.LabelSize + 200*out
	}
	if a := plate.Area() - plate.Intersect(in).Area(); a > 0.01 {
		cost += coverCost*l.LabelSize*l.LabelSize + 150*a
	}
	return cost
}

// clash is the cost of two names overlapping, in letter-squares: thrice
// that of covering a car (coverCost), so that names never overlap while
// another place is free, and where none is (the smallest screens) a name
// rather clips a car than hides another name.
func clash(a, b Rect, unit float32) float32 {
	o := a.Intersect(b).Area()
	if o == 0 {
		return 0
	}
	return 3*coverCost + 300*o/unit
}

// CarsUnder returns how much of the car spaces, in pixels², plate covers:
// the spaces with their outlines, as an open route is drawn.
func (l *Layout) CarsUnder(plate Rect) float32 {
	var a float32
	for i := range l.Routes {
		for _, car := range l.Routes[i].Cars {
			if car.Edge.Bounds().Intersect(plate).Area() > 0 {
				a += clipArea(car.Edge, plate)
			}
		}
	}
	return a
}
