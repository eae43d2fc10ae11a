package board

import "math"

// Vec is a point or a direction in screen pixels (y down).
type Vec struct{ X, Y float32 }

// Add returns v+w.
func (v Vec) Add(w Vec) Vec { return Vec{v.X + w.X, v.Y + w.Y} }

// Sub returns v-w.
func (v Vec) Sub(w Vec) Vec { return Vec{v.X - w.X, v.Y - w.Y} }

// Scale returns v*k.
func (v Vec) Scale(k float32) Vec { return Vec{v.X * k, v.Y * k} }

// Dot returns the dot product of v and w.
func (v Vec) Dot(w Vec) float32 { return v.X*w.X + v.Y*w.Y }

// Cross returns the z component of the cross product of v and w.
func (v Vec) Cross(w Vec) float32 { return v.X*w.Y - v.Y*w.X }

// Len returns the length of v.
func (v Vec) Len() float32 { return float32(math.Sqrt(float64(v.X*v.X + v.Y*v.Y))) }

// Unit returns v scaled to length 1 (or v itself when it is zero).
func (v Vec) Unit() Vec {
	l := v.Len()
	if l == 0 {
		return v
	}
	return v.Scale(1 / l)
}

// Perp returns v turned by a quarter turn.
func (v Vec) Perp() Vec { return Vec{-v.Y, v.X} }

// Lerp returns the point at t between v (t=0) and w (t=1).
func (v Vec) Lerp(w Vec, t float32) Vec { return v.Add(w.Sub(v).Scale(t)) }

// Rect is an axis-aligned rectangle in screen pixels.
type Rect struct{ X, Y, W, H float32 }

// Contains reports whether p lies inside r (edges included).
func (r Rect) Contains(p Vec) bool {
	return p.X >= r.X && p.X <= r.X+r.W && p.Y >= r.Y && p.Y <= r.Y+r.H
}

// Center returns the centre of r.
func (r Rect) Center() Vec { return Vec{r.X + r.W/2, r.Y + r.H/2} }

// Inset returns r shrunk by d on every side (grown when d is negative).
func (r Rect) Inset(d float32) Rect { return Rect{r.X + d, r.Y + d, r.W - 2*d, r.H - 2*d} }

// Intersect returns the overlap of r and s (zero size when they are apart).
func (r Rect) Intersect(s Rect) Rect {
	x0, y0 := max(r.X, s.X), max(r.Y, s.Y)
	x1, y1 := min(r.X+r.W, s.X+s.W), min(r.Y+r.H, s.Y+s.H)
	if x1 <= x0 || y1 <= y0 {
		return Rect{}
	}
	return Rect{x0, y0, x1 - x0, y1 - y0}
}

// Area returns the area of r.
func (r Rect) Area() float32 { return r.W * r.H }

// Dist returns the distance from p to r (0 inside).
func (r Rect) Dist(p Vec) float32 {
	dx := max(r.X-p.X, 0, p.X-(r.X+r.W))
	dy := max(r.Y-p.Y, 0, p.Y-(r.Y+r.H))
	return Vec{dx, dy}.Len()
}

// Tri is a filled triangle, wound counter-clockwise on the screen.
type Tri [3]Vec

// Quad is a filled convex quadrilateral, wound counter-clockwise on the
// screen; it is drawn as the triangles 0-1-2 and 0-2-3.
type Quad [4]Vec

// tri returns the triangle a, b, c wound counter-clockwise on the screen.
func tri(a, b, c Vec) Tri {
	if b.Sub(a).Cross(c.Sub(a)) > 0 {
		b, c = c, b
	}
	return Tri{a, b, c}
}

// quad returns the convex quadrilateral a, b, c, d (in order around it)
// wound counter-clockwise on the screen.
func quad(a, b, c, d Vec) Quad {
	if b.Sub(a).Cross(c.Sub(a)) > 0 {
		return Quad{a, d, c, b}
	}
	return Quad{a, b, c, d}
}

// box returns the quad centred on c, of length l along the unit direction
// dir and width w across it.
func box(c, dir Vec, l, w float32) Quad {
	u := dir.Scale(l / 2)
	v := dir.Perp().Scale(w / 2)
	return quad(c.Sub(u).Sub(v), c.Add(u).Sub(v), c.Add(u).Add(v), c.Sub(u).Add(v))
}

// Contains reports whether p lies inside q (edges included).
func (q Quad) Contains(p Vec) bool {
	for i := range 4 {
		a, b := q[i], q[(i+1)%4]
		if b.Sub(a).Cross(p.Sub(a)) > 0 {
			return false
		}
	}
	return true
}

// Dist returns the distance from p to q (0 inside).
func (q Quad) Dist(p Vec) float32 {
	if q.Contains(p) {
		return 0
	}
	d := float32(math.MaxFloat32)
	for i := range 4 {
		d = min(d, segDist(p, q[i], q[(i+1)%4]))
	}
	return d
}

// Bounds returns the smallest Rect holding q.
func (q Quad) Bounds() Rect {
	x0, y0, x1, y1 := q[0].X, q[0].Y, q[0].X, q[0].Y
	for _, v := range q[1:] {
		x0, y0, x1, y1 = min(x0, v.X), min(y0, v.Y), max(x1, v.X), max(y1, v.Y)
	}
	return Rect{x0, y0, x1 - x0, y1 - y0}
}

// Area returns the area of q.
func (q Quad) Area() float32 {
	return polyArea(q[:])
}

// Overlaps reports whether q and o share more than a touching edge (the
// separating axis test for convex polygons).
func (q Quad) Overlaps(o Quad) bool {
	for _, p := range [2]*Quad{&q, &o} {
		for i := range 4 {
			axis := p[(i+1)%4].Sub(p[i]).Perp()
			a0, a1 := project(q, axis)
			b0, b1 := project(o, axis)
			if a1 <= b0+1e-3 || b1 <= a0+1e-3 {
				return false
			}
		}
	}
	return true
}

func project(q Quad, axis Vec) (lo, hi float32) {
	lo, hi = q[0].Dot(axis), q[0].Dot(axis)
	for _, v := range q[1:] {
		d := v.Dot(axis)
		lo, hi = min(lo, d), max(hi, d)
	}
	return lo, hi
}

// segDist returns the distance from p to the segment a-b.
func segDist(p, a, b Vec) float32 {
	ab := b.Sub(a)
	l2 := ab.Dot(ab)
	if l2 == 0 {
		return p.Sub(a).Len()
	}
	t := min(max(p.Sub(a).Dot(ab)/l2, 0), 1)
	return p.Sub(a.Add(ab.Scale(t))).Len()
}

// polyArea returns the unsigned area of a simple polygon.
func polyArea(pts []Vec) float32 {
	var s float32
	for i := range pts {
		j := i + 1
		if j == len(pts) {
			j = 0
		}
		s += pts[i].Cross(pts[j])
	}
	return float32(math.Abs(float64(s))) / 2
}

// clipArea returns the area of the part of the convex quad q inside r
// (Sutherland-Hodgman clipping against r's four edges). The label
// placement calls it millions of times per layout: it allocates nothing
// and calls no function values.
//
// An edge that q lies wholly inside of is skipped (clipping there keeps
// every corner as it is, and a clipped quad lies within q), and a q wholly
// outside an edge has no area inside: most quads the placement weighs
// reach past one edge of a plate, or none.
func clipArea(q Quad, r Rect) float32 {
	x0, y0, x1, y1 := r.X, r.Y, r.X+r.W, r.Y+r.H
	lo, hi := q[0], q[0]
	for _, p := range q[1:] {
		lo.X, lo.Y = min(lo.X, p.X), min(lo.Y, p.Y)
		hi.X, hi.Y = max(hi.X, p.X), max(hi.Y, p.Y)
	}
	if hi.X < x0 || lo.X > x1 || hi.Y < y0 || lo.Y > y1 {
		return 0
	}
	cut := [4]bool{lo.X < x0, hi.X > x1, lo.Y < y0, hi.Y > y1}
	var bufA, bufB [12]Vec
	in := append(bufA[:0], q[:]...)
	out := bufB[:0]
	for e := range 4 {
		if !cut[e] {
			continue
		}
		out = clipEdge(in, out[:0], e, x0, y0, x1, y1)
		if len(out) < 3 {
			return 0
		}
		in, out = out, in
	}
	return polyArea(in)
}

// clipEdge appends to out the polygon in clipped against edge e of the
// rectangle from x0, y0 to x1, y1 (0: x >= x0, 1: x <= x1, 2: y >= y0,
// 3: y <= y1).
func clipEdge(in, out []Vec, e int, x0, y0, x1, y1 float32) []Vec {
	for i := range in {
		j := i + 1
		if j == len(in) {
			j = 0
		}
		a, b := in[i], in[j]
		var ia, ib bool
		switch e {
		case 0:
			ia, ib = a.X >= x0, b.X >= x0
		case 1:
			ia, ib = a.X <= x1, b.X <= x1
		case 2:
			ia, ib = a.Y >= y0, b.Y >= y0
		default:
			ia, ib = a.Y <= y1, b.Y <= y1
		}
		if ia {
			out = append(out, a)
		}
		if ia == ib {
			continue
		}
		switch e {
		case 0, 1:
			x := x0
			if e == 1 {
				x = x1
			}
			t := (x - a.X) / (b.X - a.X)
			out = append(out, Vec{x, a.Y + t*(b.Y-a.Y)})
		default:
			y := y0
			if e == 3 {
				y = y1
			}
			t := (y - a.Y) / (b.Y - a.Y)
			out = append(out, Vec{a.X + t*(b.X-a.X), y})
		}
	}
	return out
}
