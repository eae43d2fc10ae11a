package display

import (
	"image"
	"math"
	"testing"

	"ttr/display/board"
	"ttr/input"
	"ttr/maps"
)

// Colour-blindness simulations (Machado, Oliveira and Fernandes 2009,
// severity 1), applied to the screenshot's sRGB values.
var (
	deuteranopia = [3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}
	protanopia   = [3][3]float64{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}
	noTransform  = [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
)

// simulate returns the pixel at (x, y) of img as seen through matrix m,
// each channel 0-1.
func simulate(img *image.RGBA, x, y int, m *[3][3]float64) [3]float64 {
	c := img.RGBAAt(x, y)
	in := [3]float64{float64(c.R) / 255, float64(c.G) / 255, float64(c.B) / 255}
	var out [3]float64
	for i := range out {
		v := m[i][0]*in[0] + m[i][1]*in[1] + m[i][2]*in[2]
		out[i] = min(1, max(0, v))
	}
	return out
}

// routeContrast is how different a route looks claimed and open: the mean
// distance between the two pictures' colours (0: the same, 1: black and
// white) over the route's car spaces, as seen through m.
func routeContrast(open, claimed *image.RGBA, l *board.Layout, route int, m *[3][3]float64) float64 {
	var sum float64
	n := 0
	for _, c := range l.Routes[route].Cars {
		b := c.Halo.Bounds()
		for y := int(b.Y); y < int(b.Y+b.H); y++ {
			for x := int(b.X); x < int(b.X+b.W); x++ {
				if !c.Halo.Contains(board.Vec{X: float32(x) + 0.5, Y: float32(y) + 0.5}) {
					continue
				}
				p, q := simulate(open, x, y, m), simulate(claimed, x, y, m)
				d := math.Sqrt((p[0]-q[0])*(p[0]-q[0])+(p[1]-q[1])*(p[1]-q[1])+(p[2]-q[2])*(p[2]-q[2])) / math.Sqrt(3)
				sum += d
				n++
			}
		}
	}
	return sum / float64(n)
}

// TestClaimStandsOut measures, on a rendered 1920x1080 board, the
// contrast between each route colour's route open and claimed by the
// player of the same colour (red on red, ...), as seen normally and
// through deuteranopia and protanopia simulations: a claim must change
// the route's look by a large part of the scale, whoever sees it.
func TestClaimStandsOut(t *testing.T) {
	const least = 0.25
	m := mustMap(t, "europe")
	same := map[maps.Color]input.Color{maps.Red: input.Red, maps.Blue: input.Blue, maps.Green: input.Green, maps.Yellow: input.Yellow, maps.Black: input.Black}
	onMain(func() {
		b := testBoard(m, tableArea(1920, 1080))
		defer b.Unload()
		l := b.Layout()
		open := render(b, 1920, 1080, &View{})
		for rc, pc := range same {
			route := -1
			for i, r := range m.Routes {
				if r.Color == rc && r.Twin < 0 && r.Kind == maps.Normal && r.Length >= 3 {
					route = i
					break
				}
			}
			if route < 0 {
				t.Fatalf("no plain %v route", rc)
			}
			v := View{Routes: make([]RouteMark, len(m.Routes))}
			v.Routes[route] = RouteMark{Owner: PlayerColor(pc), Mark: PlayerMark(pc)}
			claimed := render(b, 1920, 1080, &v)
			for _, tc := range []struct {
				name string
				m    *[3][3]float64
			}{{"normal", &noTransform}, {"deuteranopia", &deuteranopia}, {"protanopia", &protanopia}} {
				got := routeContrast(open, claimed, l, route, tc.m)
				t.Logf("%s claimed by %s, %s: contrast %.3f", m.Routes[route].ID, pc, tc.name, got)
				if got < least {
					t.Errorf("%s claimed by %s, %s: contrast %.3f, want at least %.2f", m.Routes[route].ID, pc, tc.name, got, least)
				}
			}
		}
	})
}
