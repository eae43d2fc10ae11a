package display

import (
	"fmt"
	"testing"
	"time"
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
				ss.shot(t, size[0], size[1], edges, &v, time.Unix(1e9, 0))
				s := ss.get(t, size[0], size[1], edges)
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
