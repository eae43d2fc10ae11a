package board

import "math"

// Label placement: each city's name goes in one of twenty-four places around its
// circle, chosen to cover as little as possible of the cars, the other
// cities and the other names, and to stay on the board. A few rounds of
// "each city takes its best place given the others" settle the crowded
// corners (the Low Countries, the north-east of the USA).

// LabelPadX and LabelPadY are the margins between a name and the edge of
// its plate, as fractions of the font size.
const (
	LabelPadX = 0.22
	LabelPadY = 0.06
)

type labelCandidate struct {
	plate Rect
	cost  float32 // everything but the other names
}

// placeLabels places every name's plate for names read along the board's
// width (Label) and, when turned, for names turned a quarter to face a side
// of the table (LabelTurned).
func (l *Layout) placeLabels(measure func(string, float32) Vec, turned bool) {
	size := l.LabelSize
	unit := size * size // costs are in letter-squares
	cands := make([][]labelCandidate, len(l.Cities))
	for i := range l.Cities {
		text := measure(l.Map.Cities[i].Name, size)
		w, h := text.X+2*LabelPadX*size, text.Y+2*LabelPadY*size
		if turned {
			w, h = h, w
		}
		c := l.Cities[i].Center
		for ring, k := range [...]float32{0, 0.6, 1.2, 1.8, 2.6, 3.4} {
			r := l.CityRadius + 1.5 + k*l.CarWidth
			d := r * 0.72
			far := float32(ring) * 0.7
			for _, p := range [...]struct {
				x, y, pref float32
			}{
				{c.X + r, c.Y - h/2, 0},             // right
				{c.X - r - w, c.Y - h/2, 0.3},       // left
				{c.X - w/2, c.Y - r - h, 0.5},       // above
				{c.X - w/2, c.Y + r, 0.5},           // below
				{c.X + d, c.Y - d - h, 0.8},         // above right
				{c.X - d - w, c.Y - d - h, 0.9},     // above left
				{c.X + d, c.Y + d, 0.8},             // below right
				{c.X - d - w, c.Y + d, 0.9},         // below left
				{c.X - r*0.6, c.Y - r - h, 0.7},     // above, starting at the city
				{c.X + r*0.6 - w, c.Y - r - h, 0.8}, // above, ending at the city
				{c.X - r*0.6, c.Y + r, 0.7},         // below, starting at the city
				{c.X + r*0.6 - w, c.Y + r, 0.8},     // below, ending at the city
			} {
				plate := Rect{p.x, p.y, w, h}
				cands[i] = append(cands[i], labelCandidate{plate, p.pref + far + l.staticCost(i, plate)/unit})
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
	for range 3 {
		for i := range cands {
			for j := i + 1; j < len(cands); j++ {
				if cands[i][choice[i]].plate.Intersect(cands[j][choice[j]].plate).Area() == 0 {
					continue
				}
				bi, bj, best := choice[i], choice[j], float32(math.MaxFloat32)
				for ki, a := range cands[i] {
					ca := a.cost + overlapOthers(i, a.plate, j)
					if ca >= best {
						continue
					}
					for kj, b := range cands[j] {
						c := ca + b.cost + overlapOthers(j, b.plate, i) + clash(a.plate, b.plate, unit)
						if c < best {
							bi, bj, best = ki, kj, c
						}
					}
				}
				choice[i], choice[j] = bi, bj
			}
		}
	}
	for i := range l.Cities {
		if turned {
			l.Cities[i].LabelTurned = cands[i][choice[i]].plate
		} else {
			l.Cities[i].Label = cands[i][choice[i]].plate
		}
	}
}

// staticCost is how much a name's plate would hide of the cars and the
// other cities, and how far it would stick out of the board, in pixels².
func (l *Layout) staticCost(city int, plate Rect) float32 {
	var cost float32
	for i := range l.Routes {
		for _, car := range l.Routes[i].Cars {
			if car.Halo.Bounds().Intersect(plate).Area() > 0 {
				cost += 40 * clipArea(car.Halo, plate)
				// A name over a car space hides the route: far worse than
				// a name a little further from its city.
				cost += 400 * clipArea(car.Body, plate)
			}
		}
	}
	own := plate.Dist(l.Cities[city].Center)
	for j, c := range l.Cities {
		if j == city {
			continue
		}
		r := l.CityRadius + 2
		cost += 400 * plate.Intersect(Rect{c.Center.X - r, c.Center.Y - r, 2 * r, 2 * r}).Area()
		// A name nearer another city than its own reads as that city's.
		if plate.Dist(c.Center) < 1.6*own+l.CityRadius {
			cost += 8 * l.LabelSize * l.LabelSize
		}
	}
	// Names stay on the board and off the score track round its edge.
	in := l.Board.Inset(l.TrackDepth)
	cost += 200 * (plate.Area() - plate.Intersect(l.Board).Area())
	cost += 150 * (plate.Area() - plate.Intersect(in).Area())
	return cost
}

// clash is the cost of two names overlapping, in letter-squares: any
// overlap at all costs more than hiding a car, so names never overlap while
// another place is free.
func clash(a, b Rect, unit float32) float32 {
	o := a.Intersect(b).Area()
	if o == 0 {
		return 0
	}
	return 60 + 300*o/unit
}

// CarsUnder returns how much of the car spaces, in pixels², plate covers.
func (l *Layout) CarsUnder(plate Rect) float32 {
	var a float32
	for i := range l.Routes {
		for _, car := range l.Routes[i].Cars {
			if car.Body.Bounds().Intersect(plate).Area() > 0 {
				a += clipArea(car.Body, plate)
			}
		}
	}
	return a
}
