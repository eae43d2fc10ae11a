package board

import "testing"

// TestTrackLeavesTheMap checks the score track: 100 spaces inside the
// board, apart, clockwise from the top left corner, and none under a
// city, a car space or a city's name.
func TestTrackLeavesTheMap(t *testing.T) {
	eachLayout(t, func(t *testing.T, l *Layout) {
		if got := l.TrackSpace(0).Rect; got.X > l.Board.X+l.TrackDepth || got.Y > l.Board.Y+1 {
			t.Errorf("space 0 at %v, want the top left corner of %v", got, l.Board)
		}
		if a, b := l.TrackSpace(3).Rect, l.TrackSpace(103).Rect; a != b {
			t.Errorf("score 103 on %v, want space 3's %v", b, a)
		}
		for k, sp := range l.Track {
			r := sp.Rect
			if r.Intersect(l.Board).Area() < r.Area()*0.999 {
				t.Errorf("space %d %v sticks out of the board %v", k, r, l.Board)
			}
			if k > 0 && r.Intersect(l.Track[k-1].Rect).Area() > 0 {
				t.Errorf("spaces %d and %d overlap", k-1, k)
			}
			for i, c := range l.Cities {
				if r.Dist(c.Center) < l.CityRadius {
					t.Errorf("space %d covers %s", k, l.Map.Cities[i].Name)
				}
				if r.Intersect(c.Label).Area() > 0 {
					t.Errorf("space %d covers the name of %s", k, l.Map.Cities[i].Name)
				}
			}
			for i := range l.Routes {
				for _, car := range l.Routes[i].Cars {
					if clipArea(car.Body, r) > 0 {
						t.Errorf("space %d covers a car of %s", k, l.Map.Routes[i].ID)
					}
				}
			}
		}
	})
}
