package board

import (
	"strings"
	"testing"
)

// panels are the panels the table is measured on: the official 7" display
// of the Raspberry Pi and the usual monitor sizes, by pixels and diagonal.
var panels = []struct {
	name string
	w, h int
	diag float64 // inches
}{
	{`7" 800x480`, 800, 480, 7},
	{`15.6" 1920x1080`, 1920, 1080, 15.6},
	{`21.5" 1920x1080`, 1920, 1080, 21.5},
	{`27" 2560x1440`, 2560, 1440, 27},
	{`32" 3840x2160`, 3840, 2160, 32},
}

// tooSmall is what each panel falls short of, by map and seat count (2 to
// 5): s the strips leave the map no room, n names too small or covering
// one another, r a route without a fingertip's touch area; "" the panel
// meets every minimum. The README's table of panels quotes it.
var tooSmall = map[string]map[string][4]string{
	"europe": {
		`7" 800x480`:      {"nr", "s", "s", "s"},
		`15.6" 1920x1080`: {"r", "r", "r", "r"},
		`21.5" 1920x1080`: {"r", "r", "r", "r"},
		`27" 2560x1440`:   {"r", "r", "r", "r"},
		`32" 3840x2160`:   {"", "", "", ""},
	},
	"usa": {
		`7" 800x480`:      {"nr", "s", "s", "s"},
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
	for _, m := range loadMaps(t) {
		for _, pn := range panels {
			p := PhysicalDiagonal(pn.w, pn.h, pn.diag)
			for seats := 2; seats <= 5; seats++ {
				l, sf := p.check(m, pn.w, pn.h, seats, DefaultOpts())
				if got, want := letters(sf), tooSmall[m.ID][pn.name][seats-2]; got != want {
					t.Errorf("%s on %s with %d seats: falls short of %q, want %q (%v)", m.ID, pn.name, seats, got, want, sf)
				}
				if l == nil {
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
