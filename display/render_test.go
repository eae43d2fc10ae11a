package display

import (
	"image"
	"image/color"
	"testing"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/scene"
)

// TestReplayDrawsTheStillLayer draws the still layer of every screen the
// text goldens hold twice, once with the drawing code and once by
// replaying the scene recorded from it (render.go, as a patch does, over
// the whole screen), and finds the two pictures the same, pixel for
// pixel: every kind of item is drawn with the call, the arguments, the
// turn, the texture or font, and in the order the frame draws it (queued
// text at the flush points). Across the screens every kind of item must
// be met, so that a kind the renderer drops fails here.
func TestReplayDrawsTheStillLayer(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	kinds := map[scene.Kind]bool{}
	flushes := 0
	for _, tc := range sceneCases() {
		t.Run(tc.name, func(t *testing.T) {
			v, now := tc.view(t)
			s := ss.get(t, tc.w, tc.h, tc.edges)
			var drawn, replayed *image.RGBA
			sc := &scene.Scene{}
			onMain(func() {
				s.prepare(&v)
				s.record(&v, now, sc, false)
				target := rl.LoadRenderTexture(int32(tc.w), int32(tc.h))
				defer rl.UnloadRenderTexture(target)
				rl.BeginTextureMode(target)
				rl.ClearBackground(color.RGBA{A: 255})
				s.drawStill(&v, now)
				rl.EndTextureMode()
				drawn = readTexture(target.Texture, tc.w, tc.h)
				rl.BeginTextureMode(target)
				rl.ClearBackground(color.RGBA{A: 255})
				s.replay(sc, board.Rect{W: float32(tc.w), H: float32(tc.h)}, replayLayer)
				rl.EndTextureMode()
				replayed = readTexture(target.Texture, tc.w, tc.h)
			})
			if d := differing(drawn, replayed); d > 0 {
				t.Errorf("%d pixels differ between the layer drawn and its scene replayed, within %v", d, diffBox(drawn, replayed))
			}
			for i := range sc.Items {
				kinds[sc.Items[i].Kind] = true
			}
			flushes += len(sc.Flushes)
		})
	}
	for k := scene.Fill; k <= scene.Texture; k++ {
		if !kinds[k] {
			t.Errorf("no screen's still layer draws a %v item: the replay of one is not checked", k)
		}
	}
	if flushes == 0 {
		t.Errorf("no scene has a flush point")
	}
}
