package display

import (
	"testing"

	"ttr/display/scene"
	"ttr/input"
)

// TestStartNoticeStaysInItsBox: on the start screen a notice too long for
// the room beside a seat's Name key (a config's mistake, with its line,
// field and fix) is drawn in a bubble in front of the strip, every word
// inside the bubble; beside the Name key its words ran out of their box
// at 1280x720.
func TestStartNoticeStaysInItsBox(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	mistake := input.Text{Key: "config_problem.at", Args: map[string]any{"Line": 20, "Field": "seats[2].edge",
		"Problem": input.Text{Key: "config_problem.not_one_of", Args: map[string]any{"Got": "bottm", "Values": "bottom, top, left, right"}}}}
	for _, size := range [][2]int{{1280, 720}, {1920, 1080}, {800, 480}} {
		for _, lang := range []string{"es", "ro", "en"} {
			s := ss.get(t, size[0], size[1], fourEdges)
			v, now := startScene(t)
			v.Lang = lang
			for i := range v.Seats {
				v.Seats[i].Notice = input.Notice{Seat: v.Seats[i].Seat, Text: mistake, At: now}
			}
			var sc *scene.Scene
			onMain(func() { sc = s.Scene(&v, now, nil) })
			for seat := range v.Seats {
				var box, words []scene.Item
				for _, it := range sc.Items {
					if it.Key.Part != scene.Message || it.Key.Seat != seat {
						continue
					}
					switch it.Kind {
					case scene.Round:
						box = append(box, it)
					case scene.Text:
						words = append(words, it)
					}
				}
				if len(box) == 0 || len(words) == 0 {
					t.Fatalf("%dx%d %s: seat %d's notice not drawn", size[0], size[1], lang, seat+1)
				}
				b := box[0].Bounds
				for _, w := range words {
					// The line's core: its bounds less a quarter of its
					// height each side (a line's box is taller than its
					// letters, and turned on a side strip).
					r := w.Bounds.Inset(min(w.Bounds.W, w.Bounds.H) / 4)
					if in := r.Intersect(b); in.Area() < r.Area()*0.99 {
						t.Errorf("%dx%d %s: seat %d's notice: %q runs out of its box %v (at %v)", size[0], size[1], lang, seat+1, w.Text, b, w.Bounds)
					}
				}
			}
		}
	}
}
