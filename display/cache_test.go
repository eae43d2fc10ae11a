package display

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"
	"time"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/input"
)

// onePass returns v without its revision: Draw then draws it all in one
// pass, as without a still layer.
func onePass(v input.View) *input.View {
	v.Rev = input.Rev{}
	return &v
}

// TestStillLayerShowsTheSameScreen draws real scenes both ways, as the
// table does (the still layer prepared, what moves drawn over it) and all
// in one pass, and checks that players see the same screen: a route being
// claimed (its pulse over the layer), a tunnel (the selection under the
// tunnel's cards, kept in the layer), a refusal notice, the start and the
// end screens (the winners' panels breathe).
func TestStillLayerShowsTheSameScreen(t *testing.T) {
	base := time.Date(2026, 3, 14, 21, 0, 0, 0, time.UTC)
	_, claim := europeInProgress(t, "es")
	refusal, refusedAt := refusalScene(t, "ro")
	start, startAt := startScene(t)
	cases := []struct {
		name  string
		w, h  int
		edges []Edge
		v     input.View
		now   time.Time
	}{
		{"claim", 1280, 720, fourEdges, claim, base},
		{"tunnel", 1280, 720, []Edge{Bottom, Left, Top}, tunnelScene(t), base},
		{"refusal", 800, 480, DefaultEdges(5), refusal, refusedAt},
		{"start", 1280, 720, fourEdges, start, startAt},
		{"end", 1280, 720, fourEdges, endScene(t, "en"), base},
	}
	ss := screens{}
	defer ss.unload()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.v.Rev.IsZero() {
				t.Fatal("the scene's View has no revision: nothing would be cached")
			}
			s := ss.get(t, c.w, c.h, c.edges)
			// Two moments of the pulse, so that what moves is compared
			// away from where it was drawn into the layer.
			for _, at := range []time.Time{c.now, c.now.Add(450 * time.Millisecond)} {
				layered := picture(t, s, c.w, c.h, &c.v, at, true)
				if !s.stillFor(&c.v, at) {
					t.Fatalf("at %v the frame was not drawn over the still layer", at.Sub(c.now))
				}
				whole := picture(t, s, c.w, c.h, onePass(c.v), at, false)
				if diff, limit := differing(layered, whole), pixelLimit(c.w, c.h); diff > limit {
					t.Errorf("at %v: %d pixels differ between the layered frame and the one-pass frame (at most %d may)", at.Sub(c.now), diff, limit)
				}
			}
		})
	}
}

// TestStillLayerFollowsTheView checks that the layer is drawn again when
// what it shows changes: a new revision, a notice running out, another
// language, and that what moves still moves over it.
func TestStillLayerFollowsTheView(t *testing.T) {
	v, at := refusalScene(t, "en")
	ss := screens{}
	defer ss.unload()
	s := ss.get(t, 800, 480, DefaultEdges(5))
	first := picture(t, s, 800, 480, &v, at, true)
	key := s.still.key

	// The same View later, the notice still showing: the same layer, and
	// the current player's panel breathes.
	later := at.Add(700 * time.Millisecond)
	if moved := picture(t, s, 800, 480, &v, later, true); s.still.key != key {
		t.Errorf("the layer was drawn again with nothing changed: key %+v, was %+v", s.still.key, key)
	} else if differing(first, moved) == 0 {
		t.Error("the current player's panel did not move between two moments of its pulse")
	}

	// The notice runs out: the layer is drawn again, without it.
	gone := at.Add(NoticeFor + time.Second)
	got := picture(t, s, 800, 480, &v, gone, true)
	if s.still.key == key {
		t.Fatal("the layer was kept after the notice ran out")
	}
	want := picture(t, s, 800, 480, onePass(v), gone, false)
	if diff := differing(got, want); diff > pixelLimit(800, 480) {
		t.Errorf("after the notice ran out, %d pixels differ from the one-pass frame", diff)
	}

	// Another revision, and another language, each give a new layer.
	for i, change := range []func(*input.View){
		func(v *input.View) { var r input.Revs; v.Rev = r.Next() },
		func(v *input.View) { v.Lang = "es" },
	} {
		key := s.still.key
		w := v
		change(&w)
		picture(t, s, 800, 480, &w, gone, true)
		if s.still.key == key {
			t.Errorf("change %d: the layer was kept", i)
		}
	}
}

// TestStillLayerInPlace draws a screen that takes part of a larger target
// (as in the simulator's window) both ways: the layer must land where the
// screen is.
func TestStillLayerInPlace(t *testing.T) {
	v, at := refusalScene(t, "en")
	const tw, th = 1000, 600
	var s *Screen
	onMain(func() {
		var err error
		s, err = NewScreen(catalog(t), ScreenOpts{X: 40, Y: 90, Width: 800, Height: 480, Seats: DefaultEdges(5)})
		if err != nil {
			t.Fatal(err)
		}
	})
	defer onMain(s.Unload)
	layered := picture(t, s, tw, th, &v, at, true)
	if !s.stillFor(&v, at) {
		t.Fatal("the frame was not drawn over the still layer")
	}
	whole := picture(t, s, tw, th, onePass(v), at, false)
	if diff, limit := differing(layered, whole), pixelLimit(tw, th); diff > limit {
		writePNG(t, filepath.Join(os.TempDir(), "still-in-place.png"), layered)
		t.Errorf("%d pixels differ between the layered frame and the one-pass frame (at most %d may)", diff, limit)
	}
}

// TestDrawNothingFillsTheScreen checks that with nothing to show (no View
// yet) the screen still covers its rectangle, in the table's colour: the
// table's window is never cleared, the screen fills it.
func TestDrawNothingFillsTheScreen(t *testing.T) {
	onMain(func() {
		s, err := NewScreen(catalog(t), ScreenOpts{X: 10, Y: 20, Width: 800, Height: 480, Seats: DefaultEdges(4)})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Unload()
		target := rl.LoadRenderTexture(900, 600)
		defer rl.UnloadRenderTexture(target)
		rl.BeginTextureMode(target)
		rl.ClearBackground(color.RGBA{255, 0, 0, 255})
		s.Draw(nil, time.Now())
		rl.EndTextureMode()
		img := readTexture(target.Texture, 900, 600)
		for _, c := range []struct {
			x, y int
			want color.RGBA
		}{{15, 25, tableColor}, {809, 499, tableColor}, {5, 5, color.RGBA{255, 0, 0, 255}}, {850, 550, color.RGBA{255, 0, 0, 255}}} {
			if got := img.RGBAAt(c.x, c.y); got != c.want {
				t.Errorf("pixel %d,%d is %v, want %v", c.x, c.y, got, c.want)
			}
		}
	})
}

// TestRepairedFrameShowsTheSameScreen draws steady frames into the window,
// as the table does (ScreenOpts.FillsWindow): after the probe finds that
// the window keeps its last frame (Xvfb's does), each frame only repairs
// where the last one drew what moves. After frames at several moments of
// the pulses (the route being claimed and its cost, the current player's
// glow, an announced route and its points rising, the winners' glow at the
// end, a turned screen), the window must show exactly what a frame copying
// the whole still layer shows.
func TestRepairedFrameShowsTheSameScreen(t *testing.T) {
	const w, h = 1920, 1080
	base := time.Date(2026, 3, 14, 21, 0, 0, 0, time.UTC)
	_, claim := europeInProgress(t, "en")
	// Without the last tunnel's cards over the board, the route being
	// claimed pulses over the still layer.
	pulsing := claim
	pulsing.Tunnel = nil
	announced := playView(t, 4, "europe")
	var revs input.Revs
	announced.Rev = revs.Next()
	announced.Announce = input.Announcement{
		Text:   input.Text{Key: "prompt.tunnel_claimed", Args: realisticArgs(catalog(t), "prompt.tunnel_claimed", 1)},
		Player: 1, Route: 10, City: -1, Points: 4, At: base,
	}
	// A card scanned for a claim: the View after it, shown in turn with
	// the one before, each frame an event (the layer patched, the window
	// given what the patch drew).
	sc := newScene(t, 4, "europe", "en", 12)
	sc.start(0)
	sc.turns(50)
	before, after := sc.scanViews()
	cases := []struct {
		name     string
		rotation int
		v        input.View
		next     *input.View // shown in turn with v, a new revision each frame
	}{
		{"claim", 0, claim, nil},
		{"claim pulsing", 0, pulsing, nil},
		{"announced", 0, announced, nil},
		{"end", 0, endScene(t, "en"), nil},
		{"claim turned", 90, pulsing, nil},
		{"events", 0, before, &after},
		{"events turned", 270, before, &after},
	}
	defer showWindow()()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.v.Rev.IsZero() {
				t.Fatal("the scene's View has no revision: nothing would be cached")
			}
			var s *Screen
			onMain(func() {
				var err error
				s, err = NewScreen(catalog(t), ScreenOpts{Width: w, Height: h, Rotation: c.rotation, Seats: fourEdges, FillsWindow: true})
				if err != nil {
					t.Fatal(err)
				}
			})
			defer onMain(s.Unload)
			views := [2]input.View{c.v, c.v}
			if c.next != nil {
				views[1] = *c.next
			}
			got, v, last := windowFrames(s, &views, 12, c.next != nil, base, w, h)
			if !s.rep.kept {
				t.Fatal("the probe found that the window does not keep its last frame: nothing was repaired")
			}
			if s.rep.repaired < 8 {
				t.Fatalf("%d of 12 frames repaired, want all but the probe's", s.rep.repaired)
			}
			if c.next != nil && s.still.patched < 8 {
				t.Fatalf("%d of 12 layers patched, want all but the first few", s.still.patched)
			}
			// The frame copying the whole layer, into a texture.
			want := picture(t, s, w, h, v, last, true)
			if diff := differing(got, want); diff > 0 {
				writePNG(t, filepath.Join(os.TempDir(), "repaired-"+c.name+".png"), got)
				writePNG(t, filepath.Join(os.TempDir(), "layered-"+c.name+".png"), want)
				t.Errorf("%d pixels differ between the repaired frame and the one copying the whole layer", diff)
			}
		})
	}
}

// windowFrames draws n frames of s into the window, 170 ms apart from
// base: with alternate, views[0] and views[1] in turn, each with a new
// revision (every frame an event); else views[0] as it is. It returns the
// last frame as the window holds it (opaque), and the View and time it
// showed.
func windowFrames(s *Screen, views *[2]input.View, n int, alternate bool, base time.Time, w, h int) (got *image.RGBA, v *input.View, at time.Time) {
	var revs input.Revs
	v = &views[0]
	onMain(func() {
		for i := range n {
			at = base.Add(time.Duration(i) * 170 * time.Millisecond)
			if alternate {
				v = &views[i%2]
				v.Rev = revs.Next()
			}
			s.Prepare(v, at)
			rl.BeginDrawing()
			s.Draw(v, at)
			if i == n-1 {
				rl.DrawRenderBatchActive()
				img := rl.LoadImageFromScreen()
				got = imageOf(img, w, h)
				rl.UnloadImage(img)
			}
			rl.EndDrawing()
		}
	})
	for i := 3; i < len(got.Pix); i += 4 {
		got.Pix[i] = 255
	}
	return got, v, at
}
