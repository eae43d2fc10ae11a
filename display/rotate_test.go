package display

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/imgtest"
	"ttr/hal"
	"ttr/input"
)

// A panel mounted turned shows the picture turned by ScreenOpts.Rotation:
// the players see the same table, and their touches land on what they
// see.

var rotations = []int{0, 90, 180, 270}

// windowSize is the size of the window rectangle that shows a w x h
// picture turned by rot degrees.
func windowSize(w, h, rot int) (int, int) {
	if rot == 90 || rot == 270 {
		return h, w
	}
	return w, h
}

// turnImage returns img turned clockwise by rot degrees, as a panel
// mounted turned the other way shows it.
func turnImage(img *image.RGBA, rot int) *image.RGBA {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	tw, th := windowSize(w, h, rot)
	out := image.NewRGBA(image.Rect(0, 0, tw, th))
	for y := range h {
		for x := range w {
			var tx, ty int
			switch rot {
			case 0:
				tx, ty = x, y
			case 90:
				tx, ty = h-1-y, x
			case 180:
				tx, ty = w-1-x, h-1-y
			case 270:
				tx, ty = y, w-1-x
			}
			copy(out.Pix[out.PixOffset(tx, ty):][:4], img.Pix[img.PixOffset(x, y):][:4])
		}
	}
	return out
}

// differingTurned counts the pixels of a and b (the same size) with no
// pixel of their colour at or next to their place in the other. A frame
// drawn turned is the upright one turned but for edges through pixel
// centres: the rasteriser gives such a pixel to the shape on one side, by
// a rule a turn does not keep (Screen.turn), so that the edge lands one
// pixel over. Most such pixels find their colour next to them; those of a
// glow blended over a line one pixel wide do not, and turnedLimit allows
// for them.
func differingTurned(a, b *image.RGBA) int {
	return strayPixels(a, b) + strayPixels(b, a)
}

// turnedLimit is how many pixels of a w x h frame drawn turned may differ
// (differingTurned) from the upright frame turned: as many as lie along
// the screen's width and height, a few edges' worth. (The table's scenes
// give up to 480 at 800x480, 520 at 1280x720.) A panel, a glow, the board,
// a line of words drawn elsewhere, or turned the wrong way, differ by
// thousands.
func turnedLimit(w, h int) int { return (w + h) / 2 }

// strayPixels counts the pixels of a with no pixel of their colour (each
// channel within imgtest.Tolerance) at or next to their place in b.
func strayPixels(a, b *image.RGBA) int {
	w, h := a.Rect.Dx(), a.Rect.Dy()
	n := 0
	for y := range h {
		for x := range w {
			p := a.RGBAAt(x, y)
			near := false
			for dy := -1; dy <= 1 && !near; dy++ {
				for dx := -1; dx <= 1 && !near; dx++ {
					if qx, qy := x+dx, y+dy; qx >= 0 && qy >= 0 && qx < w && qy < h {
						near = imgtest.Near(p, b.RGBAAt(qx, qy))
					}
				}
			}
			if !near {
				n++
			}
		}
	}
	return n
}

// toWindow returns the window point where logical point p of a picture
// turned by rot lands, for a screen at x0, y0 taking ww x wh of the window.
func toWindow(x0, y0, ww, wh float32, rot int, p board.Vec) board.Vec {
	u, v := p.X-x0, p.Y-y0
	switch rot {
	case 90:
		return board.Vec{X: x0 + ww - v, Y: y0 + u}
	case 180:
		return board.Vec{X: x0 + ww - u, Y: y0 + wh - v}
	case 270:
		return board.Vec{X: x0 + v, Y: y0 + wh - u}
	}
	return p
}

// turnedScreen makes a screen showing a w x h picture turned by rot, in a
// window rectangle of the turned size at the window's corner.
func turnedScreen(t *testing.T, w, h, rot int, edges []Edge) *Screen {
	t.Helper()
	ww, wh := windowSize(w, h, rot)
	var s *Screen
	onMain(func() {
		var err error
		s, err = NewScreen(catalog(t), ScreenOpts{Width: ww, Height: wh, Rotation: rot, Seats: edges})
		if err != nil {
			t.Fatalf("NewScreen: %v", err)
		}
	})
	return s
}

// TestTurnedScreen draws real scenes on screens turned each way, as the
// table does (the still layer prepared) and all in one pass, and checks
// that both give the same picture, the picture of the unturned screen
// turned: a route being claimed (its pulse drawn live, over the layer) and
// a refusal on a 5-seat table (the current player's panel breathing).
func TestTurnedScreen(t *testing.T) {
	base := time.Date(2026, 3, 14, 21, 0, 0, 0, time.UTC)
	_, claim := europeInProgress(t, "en")
	refusal, refusedAt := refusalScene(t, "en")
	scenes := []struct {
		name  string
		edges []Edge
		v     input.View
		now   time.Time
	}{
		{"claim", fourEdges, claim, base},
		{"refusal", DefaultEdges(5), refusal, refusedAt},
	}
	for _, size := range [][2]int{{800, 480}, {1280, 720}} {
		w, h := size[0], size[1]
		for _, sn := range scenes {
			t.Run(fmt.Sprintf("%dx%d/%s", w, h, sn.name), func(t *testing.T) {
				// Two moments of the pulse: what moves lies elsewhere than
				// in the still layer.
				moments := []time.Time{sn.now, sn.now.Add(450 * time.Millisecond)}
				upright := turnedScreen(t, w, h, 0, sn.edges)
				want := make([]*image.RGBA, len(moments))
				for i, at := range moments {
					want[i] = picture(t, upright, w, h, &sn.v, at, true)
				}
				onMain(upright.Unload)
				for _, rot := range rotations[1:] {
					s := turnedScreen(t, w, h, rot, sn.edges)
					ww, wh := windowSize(w, h, rot)
					for i, at := range moments {
						layered := picture(t, s, ww, wh, &sn.v, at, true)
						if !s.stillFor(&sn.v, at) {
							t.Fatalf("rotation %d: the frame was not drawn over the still layer", rot)
						}
						whole := picture(t, s, ww, wh, onePass(sn.v), at, false)
						if diff, limit := differing(layered, whole), pixelLimit(ww, wh); diff > limit {
							t.Errorf("rotation %d at %v: %d pixels differ between the layered frame and the one-pass frame (at most %d may)", rot, at.Sub(sn.now), diff, limit)
						}
						turned := turnImage(want[i], rot)
						if diff, limit := differingTurned(layered, turned), turnedLimit(ww, wh); diff > limit {
							name := filepath.Join(os.TempDir(), fmt.Sprintf("turned-%s-%dx%d-%d", sn.name, w, h, rot))
							writePNG(t, name+".got.png", layered)
							writePNG(t, name+".want.png", turned)
							t.Errorf("rotation %d at %v: %d pixels differ from the upright picture turned %d degrees (at most %d may); see %s.*.png", rot, at.Sub(sn.now), diff, rot, limit, name)
						}
					}
					onMain(s.Unload)
				}
			})
		}
	}
}

// TestTurnedHitTest touches, on screens turned each way, the window points
// where a route's middle car, each market slot and the current player's
// Confirm key are drawn, and checks that each resolves to what is drawn
// there; the touch keeps its window point.
func TestTurnedHitTest(t *testing.T) {
	v := playView(t, 4, "europe")
	cur := currentSeat(&v)
	if cur < 0 {
		t.Fatal("no seat to move")
	}
	const x0, y0 = 10, 20
	for _, size := range sizes {
		w, h := size[0], size[1]
		for _, rot := range rotations {
			t.Run(fmt.Sprintf("%dx%d/%d", w, h, rot), func(t *testing.T) {
				ww, wh := windowSize(w, h, rot)
				s, err := newScreen(catalog(t), ScreenOpts{X: x0, Y: y0, Width: ww, Height: wh, Rotation: rot, Seats: fourEdges})
				if err != nil {
					t.Fatal(err)
				}
				s.prepare(&v)
				if a := s.play.area; a.W != float32(w) || a.H != float32(h) {
					t.Fatalf("laid out for %vx%v, want the picture's %dx%d", a.W, a.H, w, h)
				}
				touch := func(what string, p board.Vec, want hal.Touch) {
					t.Helper()
					q := toWindow(x0, y0, float32(ww), float32(wh), rot, p)
					want.X, want.Y = q.X, q.Y
					if got := s.HitTest(q.X, q.Y, time.Time{}); got != want {
						t.Errorf("%s (window %v): got %+v, want %+v", what, q, got, want)
					}
				}
				bl := s.boardLayout()
				for i, rs := range bl.Routes {
					if i%7 != 0 { // a sample of the routes, all over the board
						continue
					}
					id := v.Map.Routes[i].ID
					touch("middle car of "+id, rs.Cars[len(rs.Cars)/2].Center, hal.Touch{Kind: hal.RouteArea, ID: id, Index: i, Seat: -1})
				}
				for i, r := range s.play.market.slots {
					touch(fmt.Sprint("market slot ", i), r.Center(), hal.Touch{Kind: hal.MarketSlot, Index: i, Seat: -1})
				}
				touch("the deck", s.play.market.deck.Center(), hal.Touch{Kind: hal.DeckArea, Seat: -1})
				for _, pg := range s.play.panels {
					if pg.seat == cur {
						touch("Confirm", pg.toScreen(pg.confirm.Center()), hal.Touch{Kind: hal.ScreenKey, ID: input.KeyConfirm, Seat: hal.Seat(cur)})
						touch("Cancel", pg.toScreen(pg.cancel.Center()), hal.Touch{Kind: hal.ScreenKey, ID: input.KeyCancel, Seat: hal.Seat(cur)})
					}
				}
				// The table around everything, and outside the screen.
				corner := s.play.centre.Inset(gap * s.play.u)
				touch("the middle's corner", board.Vec{X: corner.X, Y: corner.Y}, hal.Touch{Kind: hal.Nothing, Seat: -1})
				if got := s.HitTest(x0-5, y0-5, time.Time{}); got.Kind != hal.Nothing || got.Seat != -1 {
					t.Errorf("outside the screen: got %+v, want nothing", got)
				}
			})
		}
	}
}

// TestTurnedResize checks that a turned screen's picture follows the
// window: its sides swapped for a quarter turn.
func TestTurnedResize(t *testing.T) {
	t.Parallel()
	v := playView(t, 4, "europe")
	for _, rot := range rotations {
		s, err := newScreen(catalog(t), ScreenOpts{Width: 800, Height: 480, Rotation: rot, Seats: fourEdges})
		if err != nil {
			t.Fatal(err)
		}
		s.prepare(&v)
		s.Resize(1920, 1080)
		w, h := windowSize(1920, 1080, rot)
		if a := s.play.area; a.W != float32(w) || a.H != float32(h) {
			t.Errorf("rotation %d: window resized to 1920x1080: picture %vx%v, want %dx%d", rot, a.W, a.H, w, h)
		}
	}
}

func TestBadRotation(t *testing.T) {
	for _, tc := range []struct {
		rot  int
		w, h int
		want string
	}{
		{45, 800, 480, "rotation 45 degrees: want 0, 90, 180 or 270"},
		{-90, 800, 480, "rotation -90 degrees"},
		{360, 800, 480, "rotation 360 degrees"},
		// A quarter turn of a 400x240 window is 240 wide: too narrow.
		{90, 400, 240, "the picture must be at least 320x200"},
	} {
		_, err := newScreen(catalog(t), ScreenOpts{Width: tc.w, Height: tc.h, Rotation: tc.rot, Seats: fourEdges})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("rotation %d of %dx%d: got error %v, want %q", tc.rot, tc.w, tc.h, err, tc.want)
		}
	}
	if _, err := newScreen(catalog(t), ScreenOpts{Width: 400, Height: 240, Rotation: 180, Seats: fourEdges}); err != nil {
		t.Errorf("a half turn of 400x240: %v", err)
	}
}

// BenchmarkTurnedFrame measures a steady presented frame of a busy game
// in the test window at 1920x1080, upright and turned: the still layer
// holds the picture turned, so that a turned frame copies it as an upright
// one does and should cost the same. It reports cpu-ns/op as
// BenchmarkScreenFrame does.
func BenchmarkTurnedFrame(b *testing.B) {
	sc := newScene(b, 5, "europe", "es", 4)
	sc.start(0)
	sc.turns(120)
	v := sc.tb.View()
	defer showWindow()()
	for _, rot := range []int{0, 180, 90} {
		b.Run(fmt.Sprint(rot), func(b *testing.B) {
			onMain(func() {
				s, err := NewScreen(catalog(b), ScreenOpts{Width: 1920, Height: 1080, Rotation: rot, Seats: DefaultEdges(5), FillsWindow: true})
				if err != nil {
					b.Fatal(err)
				}
				defer s.Unload()
				now := time.Date(2026, 3, 14, 21, 0, 0, 0, time.UTC)
				frame := func() {
					s.Prepare(&v, now)
					rl.BeginDrawing()
					s.Draw(&v, now)
					rl.EndDrawing()
					now = now.Add(16 * time.Millisecond)
				}
				measureFrames(b, frame)
			})
		})
	}
}
