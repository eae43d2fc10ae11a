package board

import (
	"fmt"
	"math"
	"testing"

	"ttr/maps"
)

// screens are the sizes the table supports, with the board given the
// rectangle a full table screen leaves it (panels around it).
var screens = []struct {
	name string
	area Rect
}{
	{"800x480", Rect{16, 48, 640, 384}},
	{"1280x720", Rect{25, 72, 1024, 576}},
	{"1920x1080", Rect{38, 108, 1536, 864}},
}

func loadMaps(t testing.TB) []*maps.Map {
	t.Helper()
	var out []*maps.Map
	for _, id := range maps.Maps() {
		m, err := maps.Load(id)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

// eachLayout runs f on every map at every screen size.
func eachLayout(t *testing.T, f func(t *testing.T, l *Layout)) {
	for _, m := range loadMaps(t) {
		for _, s := range screens {
			t.Run(m.ID+"/"+s.name, func(t *testing.T) {
				f(t, New(m, s.area, DefaultOpts()))
			})
		}
	}
}

func TestLayoutFitsArea(t *testing.T) {
	eachLayout(t, func(t *testing.T, l *Layout) {
		b, a := l.Board, l.Area
		if b.X < a.X-0.01 || b.Y < a.Y-0.01 || b.X+b.W > a.X+a.W+0.01 || b.Y+b.H > a.Y+a.H+0.01 {
			t.Errorf("board %v sticks out of area %v", b, a)
		}
		if math.Abs(float64(b.W/b.H-l.Frame.W/l.Frame.H)) > 0.001 {
			t.Errorf("board aspect %.3f, want the frame's %.3f", b.W/b.H, l.Frame.W/l.Frame.H)
		}
		if b.W < a.W-0.5 && b.H < a.H-0.5 {
			t.Errorf("board %v fills neither the width nor the height of %v", b, a)
		}
	})
}

func TestLayoutCarSpaces(t *testing.T) {
	eachLayout(t, func(t *testing.T, l *Layout) {
		for i := range l.Routes {
			r, shape := &l.Map.Routes[i], &l.Routes[i]
			if got := len(shape.Cars); got != r.Length {
				t.Errorf("%s: got %d car spaces, want %d", r.ID, got, r.Length)
			}
			locos := 0
			for _, c := range shape.Cars {
				if c.Locomotive {
					locos++
				}
				if !insideRect(c.Edge, l.Board) {
					t.Errorf("%s: a car space sticks out of the board", r.ID)
				}
				if c.Length < c.Width*1.2 {
					t.Errorf("%s: car space %.1f long, %.1f wide: too stubby to read as a car", r.ID, c.Length, c.Width)
				}
				if got, want := len(c.Marks) > 0, r.Kind == maps.Tunnel; got != want {
					t.Errorf("%s: tunnel marks %v, want %v", r.ID, got, want)
				}
				if got, want := len(c.Glyph) > 0, r.Color != maps.Gray || c.Locomotive; got != want {
					t.Errorf("%s: shape drawn %v, want %v", r.ID, got, want)
				}
			}
			if locos != r.Locomotives {
				t.Errorf("%s: got %d locomotive spaces, want %d", r.ID, locos, r.Locomotives)
			}
		}
	})
}

func insideRect(q Quad, r Rect) bool {
	for _, v := range q {
		if !r.Contains(v) {
			return false
		}
	}
	return true
}

// TestLayoutNothingOverlaps is what makes the board readable: no car space
// touches another route's, none runs over a city, no name hides another
// name or a city.
func TestLayoutNothingOverlaps(t *testing.T) {
	eachLayout(t, func(t *testing.T, l *Layout) {
		m := l.Map
		for i := range l.Routes {
			for j := i + 1; j < len(l.Routes); j++ {
				for _, a := range l.Routes[i].Cars {
					for _, b := range l.Routes[j].Cars {
						if a.Body.Overlaps(b.Body) {
							t.Errorf("cars of %s and %s overlap", m.Routes[i].ID, m.Routes[j].ID)
						}
					}
				}
			}
			for ci, c := range l.Cities {
				for _, car := range l.Routes[i].Cars {
					if car.Body.Dist(c.Center) < l.CityRadius {
						t.Errorf("a car of %s runs over %s", m.Routes[i].ID, m.Cities[ci].Name)
					}
				}
			}
		}
		for i, a := range l.Cities {
			if got := a.Label.Intersect(l.Board).Area(); got < a.Label.Area()*0.999 {
				t.Errorf("name of %s sticks out of the board", m.Cities[i].Name)
			}
			for j, b := range l.Cities {
				if i == j {
					continue
				}
				if j > i && a.Label.Intersect(b.Label).Area() > 0 {
					t.Errorf("names of %s and %s overlap", m.Cities[i].Name, m.Cities[j].Name)
				}
				if a.Label.Dist(b.Center) < l.CityRadius*0.9 {
					t.Errorf("name of %s covers %s", m.Cities[i].Name, m.Cities[j].Name)
				}
			}
		}
	})
}

// TestLayoutScales checks that a board looks the same at every size: each
// car is at the same place relative to the board.
func TestLayoutScales(t *testing.T) {
	for _, m := range loadMaps(t) {
		small := New(m, screens[0].area, DefaultOpts())
		large := New(m, screens[2].area, DefaultOpts())
		toBoard := func(l *Layout, p Vec) Vec {
			return p.Sub(Vec{l.Board.X, l.Board.Y}).Scale(1 / l.Scale).Add(Vec{l.Frame.X, l.Frame.Y})
		}
		for i := range small.Routes {
			for c := range small.Routes[i].Cars {
				a := toBoard(small, small.Routes[i].Cars[c].Center)
				b := toBoard(large, large.Routes[i].Cars[c].Center)
				if d := a.Sub(b).Len(); d > 0.5 {
					t.Errorf("%s car %d: at %v of the board image on the small screen, %v on the large one", m.Routes[i].ID, c, a, b)
				}
			}
		}
	}
}

func TestWinding(t *testing.T) {
	eachLayout(t, func(t *testing.T, l *Layout) {
		for i := range l.Routes {
			for _, c := range l.Routes[i].Cars {
				for _, q := range append([]Quad{c.Body, c.Edge, c.Halo, c.Train, c.Roof}, c.Marks...) {
					if q[1].Sub(q[0]).Cross(q[2].Sub(q[0])) >= 0 || q[2].Sub(q[0]).Cross(q[3].Sub(q[0])) >= 0 {
						t.Fatalf("%s: quad %v is not wound counter-clockwise on screen", l.Map.Routes[i].ID, q)
					}
				}
				for _, tr := range c.Glyph {
					if tr[1].Sub(tr[0]).Cross(tr[2].Sub(tr[0])) > 0 {
						t.Fatalf("%s: glyph triangle %v is not wound counter-clockwise on screen", l.Map.Routes[i].ID, tr)
					}
				}
			}
		}
	})
}

// TestShapesDistinct checks that the eight colours get eight different
// shapes, drawn with different silhouettes, and gray gets none.
func TestShapesDistinct(t *testing.T) {
	seen := map[Shape]maps.Color{}
	prints := map[string]maps.Color{}
	for c := maps.Gray; c <= maps.Red; c++ {
		s := ShapeOf(c)
		if prev, ok := seen[s]; ok {
			t.Errorf("%v and %v share the shape %v", prev, c, s)
		}
		seen[s] = c
		tris := AppendGlyph(nil, c, Vec{}, Vec{1, 0}, 20)
		if c == maps.Gray {
			if len(tris) != 0 {
				t.Errorf("gray: got %d triangles, want none", len(tris))
			}
			continue
		}
		if len(tris) == 0 {
			t.Errorf("%v: no shape drawn", c)
			continue
		}
		// The silhouette sampled on an 8x8 grid tells the shapes apart.
		var fp [64]byte
		for y := range 8 {
			for x := range 8 {
				p := Vec{-10 + 2.5*float32(x) + 1.25, -10 + 2.5*float32(y) + 1.25}
				for _, tr := range tris {
					if inTri(p, tr) {
						fp[y*8+x] = 1
						break
					}
				}
			}
		}
		key := fmt.Sprint(fp)
		if prev, ok := prints[key]; ok {
			t.Errorf("%v and %v look the same", prev, c)
		}
		prints[key] = c
	}
}

func inTri(p Vec, t Tri) bool {
	for i := range 3 {
		a, b := t[i], t[(i+1)%3]
		if b.Sub(a).Cross(p.Sub(a)) > 0 {
			return false
		}
	}
	return true
}

// TestNamePlatesClearTheCars checks that no city's name, read along the
// board or turned, covers any part of a car space (with its outline), on
// every map from 1280x720 up; the names measured by EstimateText
// (display's TestNamePlatesLeaveTheRoutes checks the same with the
// table's font). At 800x480 the names keep their least readable size
// (MinLabelSize) on a board a third as large, and some gaps between the
// routes are narrower than a name: there at most a fifth of the plates
// may clip a car, none by more than two and a half car spaces.
func TestNamePlatesClearTheCars(t *testing.T) {
	eachLayout(t, func(t *testing.T, l *Layout) {
		small := l.Area.W < 1000
		car := carMaxLen * carWidth * l.Scale * l.Scale
		clipped := 0
		for i, c := range l.Cities {
			for _, p := range [2]Rect{c.Label, c.LabelTurned} {
				a := l.CarsUnder(p)
				if a > 0 {
					clipped++
				}
				if a > 0 && !small || a > 2.5*car {
					t.Errorf("the name of %s (%v) covers %.1f px² of car spaces", l.Map.Cities[i].Name, p, a)
				}
			}
		}
		t.Logf("%d of %d plates clip a car", clipped, 2*len(l.Cities))
		if clipped*5 > 2*len(l.Cities) {
			t.Errorf("%d plates clip a car, want at most a fifth of them", clipped)
		}
	})
}
