package display

import (
	"image"
	"image/color"
	"strings"
	"testing"
	"time"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/scene"
	"ttr/input"
)

// TestDamageHoldsEveryChangedPixel draws one part's items as a layer
// held and as the layer to be, and finds every pixel that differs
// between the two inside the damage itemsDamage gives (changes draws the
// layer again there only): an item added, removed, moved or coloured
// again, among items that stay; and the items that stay, alone, are not
// damaged.
func TestDamageHoldsEveryChangedPixel(t *testing.T) {
	const w, h = 320, 200
	key := scene.Key{Part: scene.Strip, Seat: 1}
	plate := scene.Item{Key: key, Kind: scene.Round, Box: board.Rect{X: 20, Y: 30, W: 260, H: 120}, Roundness: panelRound, Segments: 6, Color: panelColor}
	edge := scene.Item{Key: key, Kind: scene.RoundFrame, Box: plate.Box, Roundness: panelRound, Segments: 6, Width: 3, Color: panelEdge}
	lit := edge
	lit.Color = currentColor
	round, roundLit := edge, lit
	round.Roundness, roundLit.Roundness = 1, 1
	marker := scene.Item{Key: key, Kind: scene.Round, Box: board.Rect{X: 40, Y: 40, W: 90, H: 24}, Roundness: 0.3, Segments: 6, Color: currentColor}
	dot := scene.Item{Key: key, Kind: scene.Circle, At: board.Vec{X: 200, Y: 90}, Radius: 9, Color: confirmColor}
	moved := dot
	moved.At.X += 30
	box := scene.Item{Key: key, Kind: scene.Frame, Box: board.Rect{X: 150, Y: 60, W: 100, H: 70}, Width: 4, Color: panelEdge}
	boxLit := box
	boxLit.Color = currentColor
	turned := func(it scene.Item) scene.Item {
		it.Turn = scene.Turn{X: 300, Y: 10, Angle: 90}
		it.Box = board.Rect{X: 5, Y: 20, W: 170, H: 150}
		return it
	}
	cases := []struct {
		name       string
		prev, next []scene.Item
		// spared: an item of next that stays, whose bounds the damage must
		// leave out (-1: none).
		spared int
	}{
		{"an outline coloured again", []scene.Item{plate, edge, dot}, []scene.Item{plate, lit, dot}, -1},
		{"a turned outline coloured again", []scene.Item{turned(plate), turned(edge)}, []scene.Item{turned(plate), turned(lit)}, -1},
		{"a round outline coloured again", []scene.Item{plate, round}, []scene.Item{plate, roundLit}, -1},
		{"a frame coloured again", []scene.Item{plate, box, dot}, []scene.Item{plate, boxLit, dot}, -1},
		{"an item added among others", []scene.Item{plate, edge, dot}, []scene.Item{plate, edge, marker, dot}, 3},
		{"an item removed among others", []scene.Item{plate, edge, marker, dot}, []scene.Item{plate, edge, dot}, 2},
		{"an item added and the outline coloured", []scene.Item{plate, edge, dot}, []scene.Item{plate, lit, marker, dot}, -1},
		{"an item moved", []scene.Item{plate, edge, marker, dot}, []scene.Item{plate, edge, marker, moved}, 2},
		{"the part drawn anew", []scene.Item{plate, dot}, []scene.Item{marker, moved, edge}, -1},
	}
	ss := screens{}
	defer ss.unload()
	s := ss.get(t, w, h, DefaultEdges(2))
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			prev, next := sceneOfItems(w, h, tc.prev), sceneOfItems(w, h, tc.next)
			d := itemsDamage(nil, prev, indexes(prev), next, indexes(next))
			var before, after *image.RGBA
			onMain(func() {
				before = replayed(s, prev, w, h)
				after = replayed(s, next, w, h)
			})
			outside := 0
			for y := range h {
				for x := range w {
					if before.RGBAAt(x, y) == after.RGBAAt(x, y) {
						continue
					}
					if !inAny(d, float32(x)+0.5, float32(y)+0.5) {
						if outside == 0 {
							t.Errorf("pixel %d,%d changed (%v to %v) outside the damage %v", x, y, before.RGBAAt(x, y), after.RGBAAt(x, y), d)
						}
						outside++
					}
				}
			}
			if outside > 0 {
				t.Errorf("%d changed pixels outside the damage", outside)
			}
			if tc.spared >= 0 {
				b := next.Items[tc.spared].Bounds
				if c := (board.Vec{X: b.X + b.W/2, Y: b.Y + b.H/2}); inAny(d, c.X, c.Y) {
					t.Errorf("the damage %v holds item %d, which stays: the part drawn again whole", d, tc.spared)
				}
			}
		})
	}
}

// sceneOfItems returns a w x h scene of items, in their order.
func sceneOfItems(w, h int, items []scene.Item) *scene.Scene {
	sc := &scene.Scene{}
	sc.Reset(w, h)
	for _, it := range items {
		sc.Add(it)
	}
	return sc
}

// indexes returns the indexes of every item of sc.
func indexes(sc *scene.Scene) []int {
	is := make([]int, len(sc.Items))
	for i := range is {
		is[i] = i
	}
	return is
}

// replayed returns the picture of sc replayed whole on s's renderer, over
// the table's colour.
func replayed(s *Screen, sc *scene.Scene, w, h int) *image.RGBA {
	target := rl.LoadRenderTexture(int32(w), int32(h))
	defer rl.UnloadRenderTexture(target)
	rl.BeginTextureMode(target)
	rl.ClearBackground(color.RGBA{A: 255})
	s.replay(sc, board.Rect{W: float32(w), H: float32(h)}, replayLayer)
	rl.EndTextureMode()
	return readTexture(target.Texture, w, h)
}

// inAny reports whether point x, y lies in one of rs.
func inAny(rs []board.Rect, x, y float32) bool {
	for _, r := range rs {
		if r.X <= x && x < r.X+r.W && r.Y <= y && y < r.Y+r.H {
			return true
		}
	}
	return false
}

// TestTrimmedRectsCoverTheSame trims overlapping rectangles of a patch
// and finds them covering the same pixels as before, with less area drawn
// twice.
func TestTrimmedRectsCoverTheSame(t *testing.T) {
	cases := []struct {
		name string
		rs   []board.Rect
		// area: the trimmed rectangles' area, the union's.
		area float32
	}{
		{"one inside another", []board.Rect{{X: 0, Y: 0, W: 100, H: 50}, {X: 10, Y: 10, W: 20, H: 20}}, 5000},
		{"a band over a strip's top", []board.Rect{{X: 0, Y: 10, W: 100, H: 50}, {X: 0, Y: 0, W: 100, H: 15}}, 6000},
		{"a band under a strip's bottom", []board.Rect{{X: 0, Y: 0, W: 100, H: 50}, {X: 20, Y: 40, W: 60, H: 20}}, 5600},
		{"a band past a strip's left", []board.Rect{{X: 10, Y: 0, W: 100, H: 50}, {X: 0, Y: 5, W: 20, H: 40}}, 5400},
		{"a band past a strip's right", []board.Rect{{X: 0, Y: 0, W: 100, H: 50}, {X: 90, Y: 0, W: 30, H: 50}}, 6000},
		{"crossing: left as they are", []board.Rect{{X: 0, Y: 20, W: 100, H: 10}, {X: 40, Y: 0, W: 10, H: 50}}, 1500},
		{"apart", []board.Rect{{X: 0, Y: 0, W: 10, H: 10}, {X: 20, Y: 20, W: 10, H: 10}}, 200},
		{"a chain", []board.Rect{{X: 0, Y: 0, W: 60, H: 60}, {X: 0, Y: 50, W: 60, H: 30}, {X: 0, Y: 70, W: 60, H: 30}, {X: 5, Y: 5, W: 10, H: 90}}, 6000},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := coverage(tc.rs)
			got := trimRects(append([]board.Rect(nil), tc.rs...))
			if after := coverage(got); after != before {
				t.Errorf("trimmed %v to %v: they cover %d pixels, not %d", tc.rs, got, strings.Count(after, "1"), strings.Count(before, "1"))
			}
			var area float32
			for _, r := range got {
				area += r.Area()
			}
			if area != tc.area {
				t.Errorf("trimmed %v to %v: area %v, want %v", tc.rs, got, area, tc.area)
			}
		})
	}
}

// coverage returns the pixels (of a 200 x 200 grid) that rs cover, as a
// string of bits.
func coverage(rs []board.Rect) string {
	b := make([]byte, 200*200)
	for i := range b {
		b[i] = '0'
		if inAny(rs, float32(i%200)+0.5, float32(i/200)+0.5) {
			b[i] = '1'
		}
	}
	return string(b)
}

// TestRepairedFrameAfterTheNamesTurn shows, frame after frame in the
// window (ScreenOpts.FillsWindow, as the table draws), the View before a
// claim that passes the turn to a seat at another edge and the View after
// it, each a new revision: every frame patches the still layer, turning
// every city name, and repairs the window where the patch drew and where
// the names were and went. The window must show exactly what a frame
// copying the whole still layer shows.
func TestRepairedFrameAfterTheNamesTurn(t *testing.T) {
	const w, h = 1920, 1080
	sc := newScene(t, 5, "europe", "es", 4)
	sc.start(0)
	sc.turns(220)
	edges := DefaultEdges(5)
	var views [2]input.View
	for i := 0; ; i++ {
		if i == 40 {
			t.Fatal("40 claims without one passing the turn to another edge")
		}
		before, after := sc.claimViews()
		if edges[currentSeat(&before)] != edges[currentSeat(&after)] {
			views = [2]input.View{before, after}
			break
		}
	}
	defer showWindow()()
	var s *Screen
	onMain(func() {
		var err error
		s, err = NewScreen(catalog(t), ScreenOpts{Width: w, Height: h, Seats: edges, FillsWindow: true})
		if err != nil {
			t.Fatal(err)
		}
	})
	defer onMain(s.Unload)
	base := time.Date(2026, 3, 14, 21, 0, 0, 0, time.UTC)
	// The probe's frames copy the whole layer; the last one shows the
	// other View than the last frame checked, so that names the repair
	// left out would show turned the other way.
	got, v, at := windowFrames(s, &views, 11, true, base, w, h)
	if !s.rep.kept || s.rep.repaired < 7 {
		t.Fatalf("%d of 11 frames repaired (the window keeps its last frame: %v), want all but the probe's", s.rep.repaired, s.rep.kept)
	}
	if s.still.turned < 7 {
		t.Fatalf("%d of 11 layers patched turning the names, want all but the first", s.still.turned)
	}
	want := picture(t, s, w, h, v, at, true)
	if diff := differing(got, want); diff > 0 {
		t.Errorf("%d pixels differ between the repaired frame and the one copying the whole layer, within %v", diff, diffBox(got, want))
	}
}
