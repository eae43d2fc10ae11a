package display

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"ttr/display/board"
	"ttr/engine"
	"ttr/input"
)

// TestPatchedLayerIsTheWholeLayer plays games event by event, as the
// table's screen sees them, and after every event compares the still
// layer the screen patched (Prepare drawing again only where the View
// changed) with the layer a second screen draws whole for the same View:
// every pixel must be the same. A third screen, at every fourth
// comparison, draws the layer whole with the board drawn itself, where the other two copy it from their picture
// of the board under the names (under.go): the two whole layers may
// differ by underSlack pixels at most. The games cover claims of every kind,
// stations, tickets, the names turning to each seat, tunnels and their
// cards, refusals and their notices, the banner, the last round, the end
// screen, and turned screens.
//
// Every event is patched; the layers are compared every few events: a
// patch that misses a change leaves the layer wrong until that place is
// drawn again, and a comparison costs two whole layers drawn and read
// back.
//
// Two games are watched from the start (the setup, the first claims,
// tunnels and notices) for their first few hundred events, two from the
// middle (a player down to 20 trains) to the end (the last round and the
// end screen): the middle of a game is more of the same claims and
// turns, and every event a screen patches costs a whole recording of the
// screen.
func TestPatchedLayerIsTheWholeLayer(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	cases := []struct {
		seats    int
		mapID    string
		w, h     int
		rotation int
		seed     uint64
		every    int // compare after every n-th event
		x, y     int // where the screen is in the window (the simulator's)
		from     int // watch from when a player has this many trains left or fewer (0: from the start)
		upTo     int // stop after this many events watched (0: the whole game)
	}{
		{4, "europe", 1280, 720, 0, 21, 5, 0, 0, 0, 200},
		{5, "europe", 800, 480, 90, 5, 6, 0, 0, 0, 250},
		{3, "usa", 1024, 600, 180, 9, 6, 0, 0, 20, 0},
		{2, "europe", 800, 480, 0, 4, 5, 40, 90, 20, 0},
	}
	kinds := map[string]bool{}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s-%dp-%dx%d-%d", c.mapID, c.seats, c.w, c.h, c.rotation), func(t *testing.T) {
			edges := DefaultEdges(c.seats)
			var patched, whole, direct *Screen
			onMain(func() {
				var err error
				opts := ScreenOpts{X: c.x, Y: c.y, Width: c.w, Height: c.h, Rotation: c.rotation, Seats: edges}
				if patched, err = NewScreen(catalog(t), opts); err != nil {
					t.Fatal(err)
				}
				if whole, err = NewScreen(catalog(t), opts); err != nil {
					t.Fatal(err)
				}
				// And drawn whole without the picture of the board
				// under the names: the board drawn itself.
				if direct, err = NewScreen(catalog(t), opts); err != nil {
					t.Fatal(err)
				}
				direct.under.off = true
			})
			defer onMain(patched.Unload)
			defer onMain(whole.Unload)
			defer onMain(direct.Unload)
			worst := 0 // pixels differing between the whole layer and the one drawn directly

			sc := newScene(t, c.seats, c.mapID, "en", c.seed)
			events, compared, failed := 0, 0, 0
			sc.after = func() {
				if c.from > 0 && events == 0 && !fewTrains(sc.tb.Game(), c.from) {
					return // not watched yet: the screens see nothing
				}
				events++
				v := sc.tb.View()
				if v.Rev.IsZero() || v.Mode == input.ModeStart || failed >= 3 {
					return
				}
				// The screen is shown a moment after the event, while
				// the notices still show: prepared at every event, as
				// the table does, compared at every n-th.
				now := sc.now.Add(300 * time.Millisecond)
				var got, want, drawn *image.RGBA
				before := patched.still.patched
				onMain(func() { patched.Prepare(&v, now) })
				if patched.still.patched > before {
					kinds[seen(&v)] = true
				}
				if events%c.every != 0 {
					return
				}
				// The board drawn directly, at every fourth comparison:
				// the picture under the names changes with the board,
				// which most events leave as it was.
				direct := direct
				if compared%4 != 0 {
					direct = nil
				}
				onMain(func() {
					got = readTexture(patched.still.rt.Texture, c.w, c.h)
					whole.still.valid = false
					whole.Prepare(&v, now)
					want = readTexture(whole.still.rt.Texture, c.w, c.h)
					if direct != nil {
						direct.still.valid = false
						direct.Prepare(&v, now)
						drawn = readTexture(direct.still.rt.Texture, c.w, c.h)
					}
				})
				compared++
				// The board copied from its picture is the board drawn,
				// but for the odd pixel on a slanting edge (the picture's
				// projection rounds apart from the layer's).
				if drawn != nil {
					if diff := differing(want, drawn); diff > underSlack {
						failed++
						t.Errorf("event %d (%s, %s): %d pixels differ between the layer copying the board from its picture and the layer drawing it, within %v (at most %d may)",
							events, v.Mode, seen(&v), diff, patched.logicalBox(diffBox(want, drawn)), underSlack)
					} else {
						worst = max(worst, diff)
					}
				}
				if diff := differing(got, want); diff > 0 {
					failed++
					name := fmt.Sprintf("patch-%s-%d", strings.ReplaceAll(t.Name(), "/", "-"), events)
					writePNG(t, filepath.Join(os.TempDir(), name+"-got.png"), got)
					writePNG(t, filepath.Join(os.TempDir(), name+"-want.png"), want)
					t.Errorf("event %d (%s, %s): %d pixels differ between the patched layer and the whole one, within %v on the screen (its own coordinates); patched %v (pictures in %s)",
						events, v.Mode, seen(&v), diff, patched.logicalBox(diffBox(got, want)), patched.still.patch, os.TempDir())
				}
			}
			sc.start(0)
			sc.playUntil(func(*engine.State) bool { return c.upTo > 0 && events >= c.upTo })
			sc.after = nil
			if compared < 40 {
				t.Fatalf("%d layers compared in a game, want 40 or more", compared)
			}
			// The patch must be what the table mostly does.
			if p := patched.still.patched; p < events*3/4 {
				t.Errorf("%d of %d layers patched, want three quarters or more", p, events)
			}
			st := &patched.still
			if st.turned == 0 {
				t.Errorf("no layer turned the names over the picture of the board under them")
			}
			t.Logf("%d events watched, %d layers compared, %d patched, %d of them turning the names; at most %d pixels differ from the board drawn", events, compared, st.patched, st.turned, worst)
		})
	}
	// The games must have met each kind of change a patch follows.
	for _, k := range []string{"turn", "claim", "notice", "tunnel", "banner"} {
		if !kinds[k] {
			t.Errorf("no layer patched for a %s (patched: %v)", k, kinds)
		}
	}
}

// fewTrains reports whether a player of game s (nil before the start)
// has n trains left or fewer.
func fewTrains(s *engine.State, n int) bool {
	if s == nil {
		return false
	}
	for p := range s.Players() {
		if s.TrainsLeft(p) <= n {
			return true
		}
	}
	return false
}

// underSlack is how many pixels of a layer may differ between the board
// copied from its picture under the names and the board drawn directly.
const underSlack = 8

// seen names what a View shows that a patch must follow.
func seen(v *input.View) string {
	switch {
	case v.Tunnel != nil:
		return "tunnel"
	case !v.Banner.IsZero():
		return "banner"
	case v.Claim != nil || v.Station != nil:
		return "claim"
	}
	for i := range v.Seats {
		if !v.Seats[i].Notice.Text.IsZero() {
			return "notice"
		}
	}
	return "turn"
}

// TestMergeRects checks that rectangles cheaper drawn as one are merged,
// and that the merge covers every rectangle it was given.
func TestMergeRects(t *testing.T) {
	r := func(x, y, w, h float32) board.Rect { return board.Rect{X: x, Y: y, W: w, H: h} }
	in := []board.Rect{
		r(0, 0, 100, 20), r(0, 20, 100, 20), // side by side: one
		r(500, 500, 10, 10), r(520, 500, 10, 10), // near and small: one
		r(0, 1000, 1900, 60), r(1800, 0, 100, 1000), // a bottom strip and a right one: apart
	}
	out := mergeRects(append([]board.Rect(nil), in...))
	if len(out) != 4 {
		t.Errorf("%d rectangles after the merge, want 4: %v", len(out), out)
	}
	for _, a := range in {
		held := false
		for _, b := range out {
			if a.Intersect(b) == a {
				held = true
			}
		}
		if !held {
			t.Errorf("%v is in no merged rectangle %v", a, out)
		}
	}
}

// diffBox returns the smallest rectangle holding the pixels where a and b
// differ.
func diffBox(a, b *image.RGBA) image.Rectangle {
	var box image.Rectangle
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}

// logicalBox turns a rectangle of the screen's pixels into the screen's
// own (logical, turned) coordinates.
func (s *Screen) logicalBox(r image.Rectangle) board.Rect {
	ox, oy := float32(s.opts.X), float32(s.opts.Y)
	x0, y0 := s.toLogical(ox+float32(r.Min.X), oy+float32(r.Min.Y))
	x1, y1 := s.toLogical(ox+float32(r.Max.X), oy+float32(r.Max.Y))
	return board.Rect{X: min(x0, x1), Y: min(y0, y1), W: max(x0, x1) - min(x0, x1), H: max(y0, y1) - min(y0, y1)}
}
