package display

import (
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"ttr/display/board"
	"ttr/hal"
	"ttr/maps"
)

// glassPanels are the panels the table is measured on, by pixels and the
// picture's size on the glass (the config's screen.width_mm and
// height_mm), as package board's tests measure them.
var glassPanels = []struct {
	name     string
	w, h     int
	wMM, hMM float64
}{
	{`7" 800x480`, 800, 480, 154, 86},
	{`15.6" 1920x1080`, 1920, 1080, 344, 194},
	{`21.5" 1920x1080`, 1920, 1080, 476, 268},
	{`27" 2560x1440`, 2560, 1440, 598, 336},
	{`32" 3840x2160`, 3840, 2160, 698, 393},
}

// glassScreen returns a Screen without GPU resources for a panel of pixel
// size p with seats at the default edges, laid out for map id. The glass
// tests run in parallel and share these screens (HitTest and the checks
// only read them): each board is laid out once, however the tests are
// scheduled, where two tests laying out the same board at once would each
// pay for it.
func glassScreen(t *testing.T, w, h int, p board.Physical, seats int, id string) *Screen {
	t.Helper()
	once, _ := glassScreens.LoadOrStore(glassKey{w, h, p, seats, id}, sync.OnceValues(func() (*Screen, error) {
		cat, err := loadCatalog()
		if err != nil {
			return nil, err
		}
		m, err := maps.Load(id)
		if err != nil {
			return nil, err
		}
		s, err := newScreen(cat, ScreenOpts{Width: w, Height: h, Seats: DefaultEdges(seats), Physical: p})
		if err != nil {
			return nil, err
		}
		s.layOut(m)
		return s, nil
	}))
	s, err := once.(func() (*Screen, error))()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// glassScreens holds glassScreen's screens by glassKey, each made once.
var glassScreens sync.Map

type glassKey struct {
	w, h  int
	p     board.Physical
	seats int
	id    string
}

// glassShort is what each panel falls short of with the Europe map, by
// seat count (2 to 5), as CheckPanel says it: s the strips leave the map
// no room, n names too small or covering one another, r a route without a
// fingertip's touch area; "" every minimum met. The README's table of
// panels quotes it.
var glassShort = map[string][4]string{
	`7" 800x480`:      {"n", "s", "s", "s"},
	`15.6" 1920x1080`: {"r", "r", "r", "r"},
	`21.5" 1920x1080`: {"r", "r", "r", "r"},
	`27" 2560x1440`:   {"r", "r", "r", "r"},
	`32" 3840x2160`:   {"", "", "", ""},
}

var shortLetter = map[string]string{board.KeyTooSmallStrips: "s", board.KeyTooSmallNames: "n", board.KeyTooSmallRoutes: "r"}

// TestSizedForTheGlass lays the play screen out on each panel for 2 to 5
// seats, the panel's size given, and holds it to what CheckPanel (the
// start screen's warnings) says of it: where the strips have room, their
// smallest text is at least board.MinStripTextMM and their keys a
// fingertip (board.MinTargetMM) each way, else the screen keeps its
// pixel sizes; owner marks are at least board.MinMarkMM; where the names
// are not said too small, they are at least board.MinNameMM and clear of
// one another, and where the routes are not, each has a fingertip's touch
// area on the screen's own board.
func TestSizedForTheGlass(t *testing.T) {
	t.Parallel()
	m := mustMap(t, "europe")
	for _, pn := range glassPanels {
		p := board.PhysicalOf(pn.w, pn.h, pn.wMM, pn.hMM)
		for seats := 2; seats <= 5; seats++ {
			t.Run(fmt.Sprintf("%s/%d seats", pn.name, seats), func(t *testing.T) {
				t.Parallel()
				s := glassScreen(t, pn.w, pn.h, p, seats, "europe")
				sf := CheckPanel(m, s.opts)
				short := ""
				for _, f := range sf {
					short += shortLetter[f.Key]
				}
				if want := glassShort[pn.name][seats-2]; short != want {
					t.Errorf("falls short of %q (%v), want %q", short, sf, want)
				}
				text := p.MM(minText * s.play.u)
				bl := s.boardLayout()
				t.Logf("u %.2f: text %.1f mm, names %.1f mm, marks %.1f mm, cars %.1f mm wide, board %.0fx%.0f; %v",
					s.play.u, text, p.MM(bl.LabelSize), p.MM(bl.MarkSize), p.MM(bl.CarWidth), bl.Board.W, bl.Board.H, sf)
				if strings.Contains(short, "s") {
					if s.play.u != scaleOf(float32(pn.w), float32(pn.h)) {
						t.Errorf("u %.2f on a panel too small for the strips' millimetres, want the picture's %.2f", s.play.u, scaleOf(float32(pn.w), float32(pn.h)))
					}
				} else {
					if text < board.MinStripTextMM-1e-6 {
						t.Errorf("strips' text %.2f mm, want at least %.1f", text, board.MinStripTextMM)
					}
					for _, pg := range s.play.panels {
						for _, k := range []board.Rect{pg.confirm, pg.cancel} {
							if w, h := p.MM(k.W), p.MM(k.H); min(w, h) < board.MinTargetMM-1e-6 {
								t.Errorf("seat %d: a key %.1f x %.1f mm, want at least %.0f each way", pg.seat, w, h, board.MinTargetMM)
							}
						}
					}
				}
				if got := p.MM(bl.MarkSize); got < board.MinMarkMM-1e-6 {
					t.Errorf("owner marks %.2f mm, want at least %.1f", got, board.MinMarkMM)
				}
				if !strings.Contains(short, "n") && !strings.Contains(short, "s") {
					if got := p.MM(bl.LabelSize); got < board.MinNameMM-1e-6 {
						t.Errorf("names %.2f mm, want at least %.1f", got, board.MinNameMM)
					}
					if n := bl.NamesHidden(); n > 0 {
						t.Errorf("%d names hidden by others, and the start screen would not say", n)
					}
				}
				if short == "" {
					for i := range bl.Routes {
						if !bl.RouteTarget(i, p.TargetPx()) {
							t.Errorf("%s has no fingertip's touch area, and the start screen would not say", m.Routes[i].ID)
						}
					}
				}
			})
		}
	}
}

// TestTwinLanesFitAFinger touches the screen between and beside the two
// lanes of every double route on each panel (4 seats): lanes closer than
// a fingertip are one touch area (TwinMerged), every touch between them
// taking one of the two (the colour scanned then chooses: input); lanes
// farther apart each keep a fingertip's half-width on the side facing the
// other, every touch there taking that lane.
func TestTwinLanesFitAFinger(t *testing.T) {
	t.Parallel()
	for _, id := range []string{"europe", "usa"} {
		for _, pn := range glassPanels[1:] { // the 7" has no room for 4 seats' strips
			p := board.PhysicalOf(pn.w, pn.h, pn.wMM, pn.hMM)
			t.Run(id+"/"+pn.name, func(t *testing.T) {
				t.Parallel()
				s := glassScreen(t, pn.w, pn.h, p, 4, id)
				bl := s.boardLayout()
				merged, apart := 0, 0
				for i, r := range s.m.Routes {
					tw := r.Twin
					if tw < i {
						continue
					}
					a, b := bl.Routes[i], bl.Routes[tw]
					gapMM := p.MM(a.Cars[0].Center.Sub(b.Cars[0].Center).Len())
					if (bl.TwinMerged(i) == tw) != (gapMM < board.MinTargetMM) {
						t.Errorf("%s: lanes %.1f mm apart, merged %v", r.ID, gapMM, bl.TwinMerged(i) == tw)
					}
					if bl.TwinMerged(i) == tw {
						merged++
					} else {
						apart++
					}
					for k := range a.Cars {
						ca, cb := a.Cars[k].Center, b.Cars[k].Center
						for _, f := range []float32{0, 0.25, 0.5, 0.75, 1} {
							q := ca.Lerp(cb, f)
							want := []int{i, tw}
							if bl.TwinMerged(i) != tw {
								// Apart: half a fingertip from each lane's
								// middle towards the other is that lane's.
								d := q.Sub(ca).Len()
								switch {
								case p.MM(d) <= board.MinTargetMM/2:
									want = []int{i}
								case p.MM(cb.Sub(q).Len()) <= board.MinTargetMM/2:
									want = []int{tw}
								}
							}
							got := s.HitTest(q.X, q.Y, time.Time{})
							if got.Kind != hal.RouteArea || (got.Index != want[0] && (len(want) == 1 || got.Index != want[1])) {
								t.Errorf("%s car %d, %.0f%% of the way to its twin: got %v %d, want one of %v", r.ID, k, 100*f, got.Kind, got.Index, want)
							}
						}
					}
				}
				t.Logf("%d double routes one touch area, %d a fingertip apart", merged, apart)
			})
		}
	}
}

// TestTwinTouchAreasHoldAFinger: on the panels where every route holds a
// fingertip (CheckPanel, the start screen's warning, says nothing of routes), so does every lane of
// a double route touched through the screen: a disc of board.MinTargetMM
// round one of its car spaces in which every touch takes the lane, or its
// twin where the two are one touch area.
func TestTwinTouchAreasHoldAFinger(t *testing.T) {
	t.Parallel()
	for _, id := range []string{"europe", "usa"} {
		for _, pn := range glassPanels[1:] {
			p := board.PhysicalOf(pn.w, pn.h, pn.wMM, pn.hMM)
			t.Run(id+"/"+pn.name, func(t *testing.T) {
				t.Parallel()
				s := glassScreen(t, pn.w, pn.h, p, 4, id)
				bl := s.boardLayout()
				short := false
				for _, f := range CheckPanel(s.m, s.opts) {
					short = short || strings.HasSuffix(f.Key, ".routes")
				}
				narrow := 0
				for i, r := range s.m.Routes {
					if r.Twin < 0 {
						continue
					}
					if !screenTarget(s, i, bl.TwinMerged(i), p.TargetPx()) {
						narrow++
						if !short {
							t.Errorf("%s: no fingertip's touch area through the screen, and the panel is said large enough", r.ID)
						}
					}
				}
				t.Logf("%d lanes of double routes without a fingertip's touch area (the panel said too small: %v)", narrow, short)
			})
		}
	}
}

// screenTarget is board.Layout.RouteTarget through Screen.HitTest: a disc
// diameter pixels wide round one of route i's car spaces in which every
// touch takes i (or twin, -1 none).
func screenTarget(s *Screen, i, twin int, diameter float32) bool {
	bl := s.boardLayout()
	hits := func(q board.Vec) bool {
		h := s.HitTest(q.X, q.Y, time.Time{})
		return h.Kind == hal.RouteArea && (h.Index == i || h.Index == twin)
	}
	for _, c := range bl.Routes[i].Cars {
		for _, along := range [5]float32{0, -0.25, 0.25, -0.45, 0.45} {
			for _, across := range [3]float32{0, -0.4, 0.4} {
				o := c.Center.Add(c.Dir.Scale(along * c.Length)).Add(c.Dir.Perp().Scale(across * c.Width))
				ok := hits(o)
				for k := 0; ok && k < 16; k++ {
					a := 2 * math.Pi * float64(k) / 16
					v := board.Vec{X: float32(math.Cos(a)), Y: float32(math.Sin(a))}
					ok = hits(o.Add(v.Scale(diameter/4))) && hits(o.Add(v.Scale(diameter/2)))
				}
				if ok {
					return true
				}
			}
		}
	}
	return false
}
