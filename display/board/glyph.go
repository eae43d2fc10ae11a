package board

import (
	"math"

	"ttr/maps"
)

// Shape is the symbol drawn on every car space (and card) of a colour, so
// that players who cannot tell the colours apart can still read the board.
type Shape uint8

// The shapes, one per card colour; Gray routes carry none.
const (
	Plain    Shape = iota // gray: any colour pays
	Diamond               // purple
	Dot                   // blue
	Bars                  // orange: two bars across the car
	Ring                  // white
	Plus                  // green
	Triangle              // yellow
	Cross                 // black
	Star                  // red
)

var shapeNames = [...]string{"plain", "diamond", "dot", "bars", "ring", "plus", "triangle", "cross", "star"}

// String returns the shape's name.
func (s Shape) String() string {
	if int(s) < len(shapeNames) {
		return shapeNames[s]
	}
	return "Shape(?)"
}

// ShapeOf returns the shape drawn for colour c.
func ShapeOf(c maps.Color) Shape {
	if c > maps.Red {
		return Plain
	}
	// The shapes are declared in the order of maps' colours.
	return Shape(c)
}

// AppendGlyph appends to dst the triangles of colour c's shape, centred on
// center, size pixels across, its horizontal axis along the unit vector dir.
// It returns dst unchanged for Gray.
func AppendGlyph(dst []Tri, c maps.Color, center, dir Vec, size float32) []Tri {
	return appendShape(dst, ShapeOf(c), center, dir, size/2)
}

// AppendShape appends to dst the triangles of shape s, like AppendGlyph
// (for marks that are not card colours, such as a seat's mark).
func AppendShape(dst []Tri, s Shape, center, dir Vec, size float32) []Tri {
	return appendShape(dst, s, center, dir, size/2)
}

// appendShape draws s in a frame where (u, v) in [-1, 1]² maps to
// center + dir*u*k + perp*v*k.
func appendShape(dst []Tri, s Shape, center, dir Vec, k float32) []Tri {
	perp := dir.Perp()
	at := func(u, v float32) Vec { return center.Add(dir.Scale(u * k)).Add(perp.Scale(v * k)) }
	rect := func(u0, v0, u1, v1 float32) {
		a, b, c, d := at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)
		dst = append(dst, tri(a, b, c), tri(a, c, d))
	}
	// bar appends a bar of half-length l and half-thickness w turned by th.
	bar := func(th, l, w float32) {
		cs, sn := float32(math.Cos(float64(th))), float32(math.Sin(float64(th)))
		p := func(u, v float32) Vec { return at(u*cs-v*sn, u*sn+v*cs) }
		a, b, c, d := p(-l, -w), p(l, -w), p(l, w), p(-l, w)
		dst = append(dst, tri(a, b, c), tri(a, c, d))
	}
	const seg = 14
	ring := func(r0, r1 float32) {
		for i := range seg {
			t0 := 2 * math.Pi * float64(i) / seg
			t1 := 2 * math.Pi * float64(i+1) / seg
			c0, s0 := float32(math.Cos(t0)), float32(math.Sin(t0))
			c1, s1 := float32(math.Cos(t1)), float32(math.Sin(t1))
			if r0 == 0 {
				dst = append(dst, tri(at(0, 0), at(r1*c0, r1*s0), at(r1*c1, r1*s1)))
				continue
			}
			a, b := at(r0*c0, r0*s0), at(r1*c0, r1*s0)
			c, d := at(r1*c1, r1*s1), at(r0*c1, r0*s1)
			dst = append(dst, tri(a, b, c), tri(a, c, d))
		}
	}
	switch s {
	case Diamond:
		a, b, c, d := at(0, -1), at(1, 0), at(0, 1), at(-1, 0)
		dst = append(dst, tri(a, b, c), tri(a, c, d))
	case Dot:
		ring(0, 0.8)
	case Bars:
		rect(-0.75, -1, -0.25, 1)
		rect(0.25, -1, 0.75, 1)
	case Ring:
		ring(0.5, 0.95)
	case Plus:
		rect(-1, -0.3, 1, 0.3)
		rect(-0.3, -1, 0.3, -0.3)
		rect(-0.3, 0.3, 0.3, 1)
	case Triangle:
		dst = append(dst, tri(at(0, -1), at(1, 0.8), at(-1, 0.8)))
	case Cross:
		bar(math.Pi/4, 1.2, 0.28)
		bar(3*math.Pi/4, 1.2, 0.28)
	case Star:
		for i := range 5 {
			t := -math.Pi/2 + 2*math.Pi*float64(i)/5
			tl := t - math.Pi/5
			tr := t + math.Pi/5
			tip := at(float32(math.Cos(t)), float32(math.Sin(t)))
			l := at(0.42*float32(math.Cos(tl)), 0.42*float32(math.Sin(tl)))
			r := at(0.42*float32(math.Cos(tr)), 0.42*float32(math.Sin(tr)))
			dst = append(dst, tri(tip, l, r), tri(at(0, 0), l, r))
		}
	}
	return dst
}

// AppendLocomotive appends the pictogram of a locomotive that marks a
// ferry's locomotive spaces: boiler, cab, chimney and wheels, facing along
// dir, size pixels long.
func AppendLocomotive(dst []Tri, center, dir Vec, size float32) []Tri {
	k := size / 2
	perp := dir.Perp()
	at := func(u, v float32) Vec { return center.Add(dir.Scale(u * k)).Add(perp.Scale(v * k)) }
	rect := func(u0, v0, u1, v1 float32) {
		a, b, c, d := at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)
		dst = append(dst, tri(a, b, c), tri(a, c, d))
	}
	rect(-0.75, -0.22, 0.3, 0.3)  // boiler
	rect(0.3, -0.62, 0.95, 0.3)   // cab
	rect(0.22, -0.72, 1.0, -0.62) // cab roof
	rect(-0.6, -0.6, -0.38, -0.22)
	dst = append(dst, tri(at(-0.75, -0.05), at(-0.75, 0.42), at(-1.0, 0.42))) // cow-catcher
	for _, u := range [...]float32{-0.5, 0, 0.6} {
		const r = 0.2
		for i := range 8 {
			t0 := 2 * math.Pi * float64(i) / 8
			t1 := 2 * math.Pi * float64(i+1) / 8
			dst = append(dst, tri(at(u, 0.5),
				at(u+r*float32(math.Cos(t0)), 0.5+r*float32(math.Sin(t0))),
				at(u+r*float32(math.Cos(t1)), 0.5+r*float32(math.Sin(t1)))))
		}
	}
	return dst
}
