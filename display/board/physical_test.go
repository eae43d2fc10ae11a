package board

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// panels are the panels the table is measured on: the official 7" display
// of the Raspberry Pi and the usual monitor sizes, by pixels and the
// picture's size on the glass (as the config's screen.width_mm and
// height_mm, or the panel's EDID, give it).
var panels = []struct {
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

// tooSmall is what each panel falls short of, by map and seat count (2 to
// 5): s the strips leave the map no room, n names too small or covering
// one another, r a route without a fingertip's touch area; "" the panel
// meets every minimum. The README's table of panels quotes it.
var tooSmall = map[string]map[string][4]string{
	"europe": {
		`7" 800x480`:      {"n", "s", "s", "s"},
		`15.6" 1920x1080`: {"r", "r", "r", "r"},
		`21.5" 1920x1080`: {"r", "r", "r", "r"},
		`27" 2560x1440`:   {"r", "r", "r", "r"},
		`32" 3840x2160`:   {"", "", "", ""},
	},
	"usa": {
		`7" 800x480`:      {"n", "s", "s", "s"},
		`15.6" 1920x1080`: {"r", "r", "r", "r"},
		`21.5" 1920x1080`: {"r", "r", "r", "r"},
		`27" 2560x1440`:   {"", "", "", ""},
		`32" 3840x2160`:   {"", "", "", ""},
	},
}

var shortfallLetter = map[string]string{KeyTooSmallStrips: "s", KeyTooSmallNames: "n", KeyTooSmallRoutes: "r"}

func letters(sf []Shortfall) string {
	var b strings.Builder
	for _, s := range sf {
		b.WriteString(shortfallLetter[s.Key])
	}
	return b.String()
}

// TestPanelsInMillimetres lays out both maps on each panel for 2 to 5
// seats and checks the physical minimums where the panel meets them:
// every city name at least MinNameMM high and clear of the other names
// and cities, every route with a fingertip's touch area, twin lanes a
// fingertip apart or one touch area, owner marks at least MinMarkMM. Where
// a panel falls short, Check must say so, as tooSmall records.
func TestPanelsInMillimetres(t *testing.T) {
	type checked struct {
		l  *Layout
		sf []Shortfall
	}
	// Seat counts that leave the board the same rectangle are laid out
	// once: a layout takes a second or more, many under the race detector.
	memo := map[string]checked{}
	for _, m := range loadMaps(t) {
		for _, pn := range panels {
			p := PhysicalOf(pn.w, pn.h, pn.wMM, pn.hMM)
			for seats := 2; seats <= 5; seats++ {
				area, ok := p.BoardArea(float32(pn.w), float32(pn.h), seats)
				key := fmt.Sprint(m.ID, p, area, ok)
				c, seen := memo[key]
				if !seen {
					c.l, c.sf = p.check(m, pn.w, pn.h, seats, DefaultOpts())
					memo[key] = c
				}
				l, sf := c.l, c.sf
				if got, want := letters(sf), tooSmall[m.ID][pn.name][seats-2]; got != want {
					t.Errorf("%s on %s with %d seats: falls short of %q, want %q (%v)", m.ID, pn.name, seats, got, want, sf)
				}
				if l == nil {
					t.Logf("%s on %s, %d seats: %v", m.ID, pn.name, seats, sf)
					continue
				}
				t.Logf("%s on %s, %d seats: board %.0fx%.0f px, names %.1f mm, cars %.1f mm wide, marks %.1f mm; %v",
					m.ID, pn.name, seats, l.Board.W, l.Board.H, p.MM(l.LabelSize), p.MM(l.CarWidth), p.MM(l.MarkSize), sf)
				if got := p.MM(l.LabelSize); got < MinNameMM {
					t.Errorf("%s on %s with %d seats: names %.2f mm high, want at least %.1f", m.ID, pn.name, seats, got, MinNameMM)
				}
				if got := p.MM(l.MarkSize); got < MinMarkMM {
					t.Errorf("%s on %s with %d seats: owner marks %.2f mm, want at least %.1f", m.ID, pn.name, seats, got, MinMarkMM)
				}
				for i := range l.Routes {
					tw := m.Routes[i].Twin
					if tw < 0 {
						continue
					}
					apart := p.MM(l.Routes[i].Cars[0].Center.Sub(l.Routes[tw].Cars[0].Center).Len())
					if l.TwinMerged(i) != tw && apart < MinTargetMM {
						t.Errorf("%s on %s: twin lanes of %s %.1f mm apart and not one touch area", m.ID, pn.name, m.Routes[i].ID, apart)
					}
				}
				if !strings.Contains(letters(sf), "r") {
					for i := range l.Routes {
						if !l.RouteTarget(i, p.TargetPx()) {
							t.Errorf("%s on %s: %s has no fingertip's touch area, and Check did not say", m.ID, pn.name, m.Routes[i].ID)
						}
					}
				}
				if !strings.Contains(letters(sf), "n") && l.NamesHidden() > 0 {
					t.Errorf("%s on %s: %d names hidden, and Check did not say", m.ID, pn.name, l.NamesHidden())
				}
			}
		}
	}
}

// TestPhysicalPixels: the pixel size of a panel from its diagonal or its
// millimetres, and the least pixels of each minimum.
func TestPhysicalPixels(t *testing.T) {
	for _, tc := range []struct {
		name      string
		p         Physical
		mmPerPx   float64
		name4, t9 float32 // NamePx, TargetPx
	}{
		{`21.5" 1920x1080`, PhysicalDiagonal(1920, 1080, 21.5), 0.2479, 17, 37},
		{`32" 3840x2160`, PhysicalDiagonal(3840, 2160, 32), 0.1845, 22, 49},
		{`7" 800x480`, PhysicalDiagonal(800, 480, 7), 0.1906, 21, 48},
		{"the official 7\" display's 154 x 86 mm: the finer axis", PhysicalOf(800, 480, 154, 86), 0.1792, 23, 51},
		{"EDID of 477 x 268 mm", PhysicalOf(1920, 1080, 477, 268), 0.2481, 17, 37},
		{"unknown: no size", PhysicalOf(1920, 1080, 0, 0), 0, 0, 0},
		{"unknown: no pixels", PhysicalDiagonal(0, 1080, 21.5), 0, 0, 0},
		{"unknown: not a number", PhysicalOf(1920, 1080, math.NaN(), 268), 0, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if math.Abs(tc.p.MMPerPx-tc.mmPerPx) > 0.0001 {
				t.Errorf("%.4f mm per pixel, want %.4f", tc.p.MMPerPx, tc.mmPerPx)
			}
			if got := tc.p.NamePx(); got != tc.name4 {
				t.Errorf("names at least %v px, want %v", got, tc.name4)
			}
			if got := tc.p.TargetPx(); got != tc.t9 {
				t.Errorf("touch targets at least %v px, want %v", got, tc.t9)
			}
			if tc.p.Known() && (tc.p.MM(tc.p.NamePx()) < MinNameMM || tc.p.MM(tc.p.NamePx()-1) >= MinNameMM) {
				t.Errorf("NamePx %v is not the least pixels of %v mm", tc.p.NamePx(), MinNameMM)
			}
		})
	}
}

// TestCheckSaysWhatFallsShort: a layout whose names, touch areas or strips
// are below the minimums is reported, with the message's arguments; an
// unknown pixel size checks nothing.
func TestCheckSaysWhatFallsShort(t *testing.T) {
	m := loadMaps(t)[0]
	big := PhysicalDiagonal(3840, 2160, 32)
	for _, tc := range []struct {
		name  string
		p     Physical
		w, h  int
		seats int
		o     func(o *Opts)
		want  string
	}{
		{"32 inch, 4 seats: fits", big, 3840, 2160, 4, func(*Opts) {}, ""},
		{"names a pixel under the minimum", big, 3840, 2160, 4, func(o *Opts) { o.LabelSize = big.NamePx() - 1 }, "n"},
		{"touches counted only a pixel off the cars", big, 3840, 2160, 4, func(o *Opts) { o.Tolerance = 1 }, "r"},
		{"7 inch, 4 seats: the strips leave no room", PhysicalDiagonal(800, 480, 7), 800, 480, 4, func(*Opts) {}, "s"},
		{"unknown pixel size", Physical{}, 800, 480, 4, func(*Opts) {}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := DefaultOpts()
			tc.o(&o)
			sf := tc.p.Check(m, tc.w, tc.h, tc.seats, o)
			if got := letters(sf); got != tc.want {
				t.Fatalf("falls short of %q (%v), want %q", got, sf, tc.want)
			}
			for _, s := range sf {
				if s.Args["Seats"] != tc.seats || s.What == "" || !strings.HasPrefix(s.Key, "screen_size.") {
					t.Errorf("shortfall %+v: want the key, the seats (%d) and the words for the log", s, tc.seats)
				}
				if s.Key != KeyTooSmallStrips && s.Args["Want"] == nil {
					t.Errorf("shortfall %+v: want the minimum in Want", s)
				}
			}
		})
	}
}

// TestTwinLanesMerged: lanes closer than a fingertip are one touch area;
// lanes on a panel of huge pixels, or of an unknown size, are not.
func TestTwinLanesMerged(t *testing.T) {
	m := loadMaps(t)[1]
	tw := -1
	for i, r := range m.Routes {
		if r.Twin >= 0 {
			tw = i
			break
		}
	}
	area := Rect{0, 0, 1536, 864}
	for _, tc := range []struct {
		name string
		p    Physical
		want int
	}{
		{"21.5 inch", PhysicalDiagonal(1920, 1080, 21.5), m.Routes[tw].Twin},
		{"a wall of 2 mm pixels", Physical{2}, -1},
		{"unknown", Physical{}, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := DefaultOpts()
			o.Physical = tc.p
			if got := New(m, area, o).TwinMerged(tw); got != tc.want {
				t.Errorf("TwinMerged(%s) = %d, want %d", m.Routes[tw].ID, got, tc.want)
			}
		})
	}
}
