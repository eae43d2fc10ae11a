package display

import (
	"fmt"
	"image/color"
	"testing"

	"ttr/display/board"
	"ttr/maps"
)

// testBoard lays m out in area with the board's own smallest city names.
func testBoard(m *maps.Map, area board.Rect) *Board {
	return newBoard(m, area, board.DefaultOpts().MinLabelSize, board.Physical{}, sharedLayouts)
}

func TestBoardGolden(t *testing.T) {
	for _, tc := range []struct {
		mapID string
		w, h  int
	}{
		{"europe", 1280, 720},
		{"usa", 1280, 720},
		{"europe", 800, 480},
	} {
		name := fmt.Sprintf("board-%s-%dx%d", tc.mapID, tc.w, tc.h)
		t.Run(name, func(t *testing.T) {
			m := mustMap(t, tc.mapID)
			onMain(func() {
				b := testBoard(m, tableArea(tc.w, tc.h))
				defer b.Unload()
				compareGolden(t, name, render(b, tc.w, tc.h, &View{}))
			})
		})
	}
}

// TestBoardMarksGolden draws what a game in progress puts on the board:
// claimed routes in four players' colours, a faded double, stations, a
// glowing path, owner marks on the trains and a selected route.
func TestBoardMarksGolden(t *testing.T) {
	m := mustMap(t, "europe")
	players := []color.RGBA{{200, 30, 30, 255}, {30, 90, 200, 255}, {40, 150, 60, 255}, {240, 200, 20, 255}}
	marks := []board.Shape{board.Plain, board.Dot, board.Triangle, board.Diamond}
	v := View{Routes: make([]RouteMark, len(m.Routes)), Cities: make([]CityMark, len(m.Cities)), Time: 0.2}
	claim := func(id string, p int) {
		i, ok := m.Route(id)
		if !ok {
			t.Fatalf("no route %s", id)
		}
		v.Routes[i].Owner = players[p]
		v.Routes[i].Mark = marks[p]
	}
	claim("paris--zurich--1", 0)
	claim("brest--paris--1", 0)
	claim("berlin--wien--1", 1)
	claim("berlin--essen--1", 1)
	claim("essen--kobenhavn--1", 2)
	claim("madrid--pamplona--1", 3)
	if i, ok := m.Route("madrid--pamplona--2"); ok {
		v.Routes[i].Faded = true
	}
	for _, id := range []string{"roma--venezia--1", "munchen--venezia--1"} {
		i, _ := m.Route(id)
		v.Routes[i].Glow = color.RGBA{236, 0, 140, 230}
	}
	for id, p := range map[string]int{"wien": 1, "paris": 0, "kyiv": 2} {
		i, _ := m.City(id)
		v.Cities[i].Station = players[p]
	}
	sel, _ := m.Route("budapest--kyiv--1")
	v.Selected = board.Hit{Kind: board.HitRoute, Index: sel}
	onMain(func() {
		b := testBoard(m, tableArea(1280, 720))
		defer b.Unload()
		compareGolden(t, "board-europe-game-1280x720", render(b, 1280, 720, &v))
	})
}

// BenchmarkDrawBoard measures one full board frame at 1920x1080 with a
// third of the routes claimed and one selected: "frame" draws into an
// offscreen target and flushes it (under Xvfb the flush includes Mesa's
// software rasteriser), "calls" times only Board.Draw, the CPU work the
// board adds to a frame.
func BenchmarkDrawBoard(b *testing.B) {
	for _, id := range maps.Maps() {
		for _, mode := range []string{"frame", "calls"} {
			b.Run(id+"/"+mode, func(b *testing.B) {
				m := mustMap(b, id)
				v := View{Routes: make([]RouteMark, len(m.Routes)), Cities: make([]CityMark, len(m.Cities))}
				for i := 0; i < len(m.Routes); i += 3 {
					v.Routes[i].Owner = color.RGBA{200, 30, 30, 255}
				}
				v.Selected = board.Hit{Kind: board.HitRoute, Index: 1}
				onMain(func() {
					bd := testBoard(m, tableArea(1920, 1080))
					defer bd.Unload()
					target := rlTarget(1920, 1080)
					defer target.unload()
					b.ReportAllocs()
					b.ResetTimer()
					for i := range b.N {
						v.Time = float32(i) / 60
						if mode == "calls" {
							b.StopTimer()
						}
						target.begin()
						b.StartTimer()
						bd.Draw(&v)
						if mode == "calls" {
							b.StopTimer()
						}
						target.end()
						b.StartTimer()
					}
				})
			})
		}
	}
}

// TestBoardLabelsReadable checks the names as the real font measures them,
// at every supported screen size: none hides another name or a city, none
// sticks out of the board.
func TestBoardLabelsReadable(t *testing.T) {
	for _, id := range maps.Maps() {
		for _, size := range [][2]int{{800, 480}, {1024, 600}, {1280, 720}, {1920, 1080}} {
			t.Run(fmt.Sprintf("%s/%dx%d", id, size[0], size[1]), func(t *testing.T) {
				m := mustMap(t, id)
				var l *board.Layout
				var measured, estimated board.Vec
				onMain(func() {
					// The layout Board makes, without its background.
					var b Board
					b.opts = board.DefaultOpts()
					b.layoutFor(m, tableArea(size[0], size[1]))
					defer b.label.Unload()
					l = b.Layout()
					measured = board.Vec(b.label.Measure("København", l.LabelSize))
				})
				estimated = board.EstimateText("København", l.LabelSize)
				if measured.X > estimated.X*1.15 || measured.X < estimated.X*0.85 {
					t.Errorf("København at %.0f px: the font measures %.1f px wide, the estimate the geometry tests use %.1f", l.LabelSize, measured.X, estimated.X)
				}
				for i, a := range l.Cities {
					if a.Label.Intersect(l.Board).Area() < a.Label.Area()*0.999 {
						t.Errorf("name of %s sticks out of the board", m.Cities[i].Name)
					}
					for j, c := range l.Cities {
						if j > i && a.Label.Intersect(c.Label).Area() > 0 {
							t.Errorf("names of %s and %s overlap", m.Cities[i].Name, m.Cities[j].Name)
						}
						if j != i && a.Label.Dist(c.Center) < l.CityRadius*0.9 {
							t.Errorf("name of %s covers %s", m.Cities[i].Name, m.Cities[j].Name)
						}
					}
				}
			})
		}
	}
}
