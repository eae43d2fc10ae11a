package board

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestClipAreaIsTheWholeClip checks clipArea's shortcuts (edges a quad
// lies wholly inside of skipped, a quad wholly outside one edge given no
// area) against clipping every quad at all four edges, bit for bit: the
// label placement compares these areas, so a different rounding would
// move names.
func TestClipAreaIsTheWholeClip(t *testing.T) {
	r := Rect{X: 100, Y: 50, W: 80, H: 30}
	rng := rand.New(rand.NewPCG(1, 2))
	kinds := map[string]int{}
	for range 20000 {
		// Car-like quads round the plate: turned rectangles of every size,
		// inside it, across one or more of its edges, or wholly outside.
		c := Vec{X: 40 + 200*rng.Float32(), Y: 140*rng.Float32() - 20}
		a := 2 * math.Pi * rng.Float64()
		q := box(c, Vec{X: float32(math.Cos(a)), Y: float32(math.Sin(a))}, 5+60*rng.Float32(), 3+20*rng.Float32())
		got, want := clipArea(q, r), clipEveryEdge(q, r)
		if math.Float32bits(got) != math.Float32bits(want) {
			t.Fatalf("clipArea(%v, %v) = %v, want %v (every edge clipped)", q, r, got, want)
		}
		switch b := q.Bounds(); {
		case want == 0:
			kinds["outside"]++
		case b.X >= r.X && b.Y >= r.Y && b.X+b.W <= r.X+r.W && b.Y+b.H <= r.Y+r.H:
			kinds["inside"]++
		default:
			kinds["across"]++
		}
	}
	for _, k := range []string{"outside", "inside", "across"} {
		if kinds[k] < 100 {
			t.Errorf("only %d quads %s the plate: the test does not reach that case", kinds[k], k)
		}
	}
}

// clipEveryEdge is clipArea without its shortcuts.
func clipEveryEdge(q Quad, r Rect) float32 {
	var bufA, bufB [12]Vec
	in := append(bufA[:0], q[:]...)
	out := bufB[:0]
	for e := range 4 {
		out = clipEdge(in, out[:0], e, r.X, r.Y, r.X+r.W, r.Y+r.H)
		if len(out) < 3 {
			return 0
		}
		in, out = out, in
	}
	return polyArea(in)
}
