package display

import (
	"image/color"
	"testing"

	"ttr/display/board"
)

// TestScoreMarkers draws markers on the score track and reads their
// colours back: each on the space of its score (round again past 99), and
// two on the same space stacked inwards, both visible.
func TestScoreMarkers(t *testing.T) {
	m := mustMap(t, "europe")
	red, blue, green := color.RGBA{206, 32, 36, 255}, color.RGBA{36, 98, 214, 255}, color.RGBA{32, 150, 66, 255}
	onMain(func() {
		b := testBoard(m, tableArea(1920, 1080))
		defer b.Unload()
		l := b.Layout()
		v := View{Scores: []ScoreMark{
			{Score: 12, Color: red, Mark: board.Plain},
			{Score: 12, Color: blue, Mark: board.Plain},
			{Score: 137, Color: green, Mark: board.Plain},
		}}
		img := render(b, 1920, 1080, &v)
		d := l.TrackDepth
		at := func(score, below int) color.RGBA {
			sp := l.TrackSpace(score)
			// Beside the mark in the middle of the marker: its fill.
			c := sp.Rect.Center().Add(sp.Inward.Scale(float32(below) * d * markerStack)).Add(sp.Inward.Perp().Scale(d * markerRadius * 0.7))
			return img.RGBAAt(int(c.X), int(c.Y))
		}
		near := func(a, b color.RGBA) bool {
			dd := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
			return dd(a.R, b.R) < 40 && dd(a.G, b.G) < 40 && dd(a.B, b.B) < 40
		}
		for _, tc := range []struct {
			score, below int
			want         color.RGBA
		}{{12, 0, red}, {12, 1, blue}, {37, 0, green}} {
			if got := at(tc.score, tc.below); !near(got, tc.want) {
				t.Errorf("space %d, marker %d: got %v, want %v", tc.score, tc.below, got, tc.want)
			}
		}
		if got := at(13, 0); near(got, red) || near(got, blue) {
			t.Errorf("space 13 shows a marker (%v)", got)
		}
	})
}
