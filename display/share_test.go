package display

import (
	"image"

	"fmt"
	"testing"
	"time"
	"ttr/display/board"
)

// TestMapShare measures how much of the glass the map takes while playing
// (the board's picture, land, sea and names, as laid out with the table's
// fonts): at least 60% with four seats and 50% with five at 1920x1080.
// 800x480 is narrower (5:3), so the side strips and the market take a
// larger part of its width; its shares are logged, not held to the same
// floor.
func TestMapShare(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	for _, size := range [][2]int{{1920, 1080}, {800, 480}} {
		for _, tc := range []struct {
			seats int
			mapID string
			want  float32
		}{{2, "usa", 0.60}, {3, "europe", 0.60}, {4, "europe", 0.60}, {4, "usa", 0.60}, {5, "europe", 0.50}} {
			t.Run(fmt.Sprintf("%dx%d/%d/%s", size[0], size[1], tc.seats, tc.mapID), func(t *testing.T) {
				v := playView(t, tc.seats, tc.mapID)
				edges := DefaultEdges(tc.seats)
				s := ss.get(t, size[0], size[1], edges)
				onMain(func() { s.prepare(&v) }) // laid out with the table's fonts
				b := s.boardLayout().Board
				share := b.W * b.H / float32(size[0]*size[1])
				t.Logf("map %.0fx%.0f: %.1f%% of the screen", b.W, b.H, 100*share)
				if size[0] == 1920 && share < tc.want {
					t.Errorf("the map takes %.1f%% of the screen, want at least %.0f%%", 100*share, 100*tc.want)
				}
			})
		}
	}
}

// TestCityNameCapHeight measures the city names on a rendered 1920x1080
// table: the height of the ink of each name's first capital letter (B, P,
// L, W, M: no accent, no descender), at least 14 pixels, on every seat
// count.
func TestCityNameCapHeight(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	for _, n := range []int{2, 4, 5} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			v := playView(t, n, "europe")
			edges := DefaultEdges(n)
			img := ss.shot(t, 1920, 1080, edges, &v, time.Unix(1e9, 0))
			s := ss.get(t, 1920, 1080, edges)
			l := s.boardLayout()
			angle := s.bview.NameAngle
			if cur := currentSeat(&v); angle != edgeAngle(edges[cur]) {
				t.Errorf("names turned %v degrees, want %v (to face seat %d on the %v edge)", angle, edgeAngle(edges[cur]), cur, edges[cur])
			}
			least := 1000
			for i, c := range v.Map.Cities {
				switch c.Name {
				case "Berlin", "Paris", "London", "Wien", "Madrid":
				default:
					continue
				}
				plate := l.Cities[i].Label
				if angle == 90 || angle == 270 {
					plate = l.Cities[i].LabelTurned
				}
				h := firstLetterHeight(upright(img, plate, angle))
				t.Logf("%s: cap height %d px", c.Name, h)
				least = min(least, h)
			}
			if least < 14 {
				t.Errorf("city names' cap height %d px, want at least 14", least)
			}
		})
	}
}

// firstLetterHeight returns the height in pixels of the dark ink of the
// first letter on a name's plate: the columns of ink from the left up to
// the first column without any.
func firstLetterHeight(img *image.RGBA) int {
	x0, y0 := 0, 0
	x1, y1 := img.Rect.Dx(), img.Rect.Dy()
	plate := board.Rect{W: float32(x1), H: float32(y1)}
	dark := func(x, y int) bool {
		c := img.RGBAAt(x, y)
		return int(c.R)+int(c.G)+int(c.B) < 3*135 // halfway between the plate and the ink
	}
	top, bottom, inLetter := y1, y0-1, false
	for x := x0 + int(plate.H*0.15); x < x1-1; x++ {
		any := false
		for y := y0 + 1; y < y1-1; y++ {
			if dark(x, y) {
				any = true
				top, bottom = min(top, y), max(bottom, y)
			}
		}
		if inLetter && !any {
			break
		}
		inLetter = inLetter || any
	}
	return bottom - top + 1
}

// upright returns the pixels of plate in img turned back by angle (0, 90,
// 180 or 270 degrees clockwise), so that its name reads left to right.
func upright(img *image.RGBA, plate board.Rect, angle float32) *image.RGBA {
	x0, y0 := int(plate.X), int(plate.Y)
	w, h := int(plate.W), int(plate.H)
	ow, oh := w, h
	if angle == 90 || angle == 270 {
		ow, oh = h, w
	}
	out := image.NewRGBA(image.Rect(0, 0, ow, oh))
	for y := range oh {
		for x := range ow {
			var sx, sy int
			switch angle {
			case 90:
				sx, sy = w-1-y, x
			case 180:
				sx, sy = w-1-x, h-1-y
			case 270:
				sx, sy = y, h-1-x
			default:
				sx, sy = x, y
			}
			out.SetRGBA(x, y, img.RGBAAt(x0+sx, y0+sy))
		}
	}
	return out
}

// TestNamePlatesLeaveTheRoutes measures, on the table's boards laid out
// with the table's font, how much of the car spaces (with their outlines)
// the city names' plates cover, read along the board or turned to face a
// side: none at 1920x1080 and 1280x720. At 800x480 the names keep their
// least readable size (11 px) on a board a third as large; there one name
// only may clip a car, Oklahoma City on the USA, whose every place within
// ten car widths of its circle (54 px) covers a car space, on one line
// (67 x 12 px) or two (48 x 24 px; 0 of 576 places free with four
// seats): by less than two car spaces.
// Every other name at 800x480 covers none.
func TestNamePlatesLeaveTheRoutes(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	for _, size := range [][2]int{{1920, 1080}, {1280, 720}, {800, 480}} {
		for _, tc := range []struct {
			seats int
			mapID string
		}{{2, "usa"}, {3, "europe"}, {4, "europe"}, {4, "usa"}, {5, "europe"}} {
			t.Run(fmt.Sprintf("%dx%d/%d/%s", size[0], size[1], tc.seats, tc.mapID), func(t *testing.T) {
				v := playView(t, tc.seats, tc.mapID)
				edges := DefaultEdges(tc.seats)
				s := ss.get(t, size[0], size[1], edges)
				onMain(func() { s.prepare(&v) }) // laid out with the table's fonts
				l := s.boardLayout()
				car := 50 * l.Scale * l.CarWidth // a full car space: 50 board pixels long
				// narrow are the names allowed to clip a car, and by how much.
				narrow := map[string]float32{}
				if size[0] < 1000 && tc.mapID == "usa" {
					narrow["Oklahoma City"] = 2 * car
				}
				var total float32
				clipped, broken, flat := 0, 0, 0
				for i, c := range l.Cities {
					for k, p := range []board.Rect{c.Label, c.LabelTurned} {
						a := l.CarsUnder(p)
						total += a
						if a > 0 {
							clipped++
							t.Logf("the name of %s (turned: %v) covers %.2f car spaces", v.Map.Cities[i].Name, k == 1, a/car)
						}
						if allow := narrow[v.Map.Cities[i].Name]; a > allow {
							t.Errorf("the name of %s (turned: %v) covers %.1f px² of car spaces (at most %.0f may)", v.Map.Cities[i].Name, k == 1, a, allow)
						}
					}
					if c.Break > 0 {
						broken++
					}
					if c.BreakTurned > 0 {
						broken++
					}
					if c.TurnedFlat {
						flat++
					}
					for j := i + 1; j < len(l.Cities); j++ {
						d := l.Cities[j]
						if c.Label.Intersect(d.Label).Area() > 0 || c.LabelTurned.Intersect(d.LabelTurned).Area() > 0 {
							t.Errorf("the names of %s and %s overlap", v.Map.Cities[i].Name, v.Map.Cities[j].Name)
						}
					}
				}
				t.Logf("%d of %d plates clip a car (%.2f car spaces in all); %d names on two lines, %d kept along the board when turned", clipped, 2*len(l.Cities), total/car, broken, flat)
			})
		}
	}
}

// TestEndMapShare measures how much of the glass the board takes on the
// end screen of a 4-seat game, where the strips hold the ranking, the
// winner, the tie-break and the longest route's holder, and each
// breakdown is a touch away: at least half at every size (the panels it
// replaced left it 32%, the thumbnail before them a tenth).
func TestEndMapShare(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	for _, lang := range []string{"en", "es", "ro"} {
		v := endScene(t, lang)
		for _, size := range [][2]int{{1920, 1080}, {1280, 720}, {800, 480}} {
			edges := DefaultEdges(len(v.Seats))
			s := ss.get(t, size[0], size[1], edges)
			onMain(func() { s.prepare(&v) }) // the end panels fitted with the table's fonts
			b := s.boardLayout().Board
			share := b.W * b.H / float32(size[0]*size[1])
			t.Logf("%s %dx%d: map %.0fx%.0f, %.1f%% of the screen", lang, size[0], size[1], b.W, b.H, 100*share)
			if share < 0.5 {
				t.Errorf("%s: the end screen's map takes %.1f%% of the screen, want at least half", lang, 100*share)
			}
		}
	}
}
