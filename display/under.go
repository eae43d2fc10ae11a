package display

import (
	"time"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/input"
)

// When the names turn to the next player, every name moves: drawing the
// board again under all of them costs as much as drawing the whole layer.
// So the screen keeps a second picture, of the board as it is under the
// names (Board.DrawUnder: the background, the track, the routes, the
// cities), drawn and patched with the still layer; the layer copies the
// board from it, pixel for pixel, and draws the names and what lies over
// them on top. Turning the names is then a copy of that picture under
// each name's old and new place, and the names drawn again.

// underLayer is the picture of the board under the names, in the still
// layer's pixels (turned as the layer is).
type underLayer struct {
	rt         rl.RenderTexture2D
	x, y, w, h int32 // its place in the still layer; w 0: none loaded
	valid      bool  // it shows the board the still layer was last drawn from
	ready      bool  // the layer being drawn copies the board from it
	off        bool  // none: the layer draws the board itself (for the tests)
	// dirty are the rectangles (logical) where the board under the names
	// changed, for a patch (Screen.changes).
	dirty []board.Rect
}

// prepareUnder draws the picture of the board under the names for v at
// now, whole, or (a patch) again where it changed (dirty) only, as the
// still layer is about to be. It reports whether the picture shows v's
// board.
func (s *Screen) prepareUnder(v *input.View, now time.Time, lay *screenLayout, whole bool) bool {
	u := &s.under
	ax, ay, bx, by, ok := s.layerBox(s.bd.UnderBounds())
	if !ok || u.off {
		u.valid = false
		return false
	}
	whole = whole || !u.valid || u.x != ax || u.y != ay
	if w, h := bx-ax, by-ay; u.w != w || u.h != h {
		s.unloadUnder()
		u.rt = loadColorTarget(w, h)
		u.w, u.h = w, h
		whole = true
	}
	u.x, u.y = ax, ay
	bv := s.stillBoard(v, now)
	rl.BeginTextureMode(u.rt)
	rl.Translatef(-float32(s.opts.X+int(ax)), -float32(s.opts.Y+int(ay)), 0)
	if s.opts.Rotation != 0 {
		s.turn()
	}
	if whole {
		rl.ClearBackground(tableColor)
		s.bd.DrawUnder(bv)
	}
	for _, r := range u.dirty {
		x0, y0, x1, y1, ok := s.layerBox(r)
		x0, y0, x1, y1 = max(x0, ax), max(y0, ay), min(x1, bx), min(y1, by)
		if whole || !ok || x1 <= x0 || y1 <= y0 {
			continue
		}
		rl.BeginScissorMode(x0-ax, y0-ay, x1-x0, y1-y0)
		rl.ClearBackground(tableColor) // within the scissor
		s.replay(&s.still.next, r.Inset(-2), replayUnder)
		rl.EndScissorMode()
	}
	if s.opts.Rotation != 0 {
		rl.PopMatrix()
	}
	rl.EndTextureMode()
	u.valid = true
	return true
}

// copyUnder copies the picture of the board under the names onto the
// still layer being drawn, over each of the logical rectangles rs, pixel
// for pixel.
func (s *Screen) copyUnder(rs []board.Rect) {
	u := &s.under
	copying := false
	for _, r := range rs {
		x0, y0, x1, y1, ok := s.layerBox(r)
		x0, y0, x1, y1 = max(x0, u.x), max(y0, u.y), min(x1, u.x+u.w), min(y1, u.y+u.h)
		if !ok || x1 <= x0 || y1 <= y0 {
			continue
		}
		if !copying {
			copying = true
			rl.DrawRenderBatchActive()
			rl.DisableColorBlend()
			// The layer's own pixels, not turned. (Prepare's first
			// translation, to the layer's origin, is raylib's modelview
			// matrix, which a pushed matrix does not replace: it is
			// undone here.)
			rl.PushMatrix()
			rl.LoadIdentity()
			rl.Translatef(float32(s.opts.X), float32(s.opts.Y), 0)
		}
		w, h := float32(x1-x0), float32(y1-y0)
		// A render texture's rows are stored bottom up.
		src := rl.Rectangle{X: float32(x0 - u.x), Y: float32(u.y + u.h - y1), Width: w, Height: -h}
		rl.DrawTexturePro(u.rt.Texture, src, rl.Rectangle{X: float32(x0), Y: float32(y0), Width: w, Height: h}, rl.Vector2{}, 0, rl.White)
	}
	if copying {
		rl.PopMatrix()
		rl.DrawRenderBatchActive()
		rl.EnableColorBlend()
	}
}

// unloadUnder releases the picture of the board under the names.
func (s *Screen) unloadUnder() {
	if s.under.w != 0 {
		rl.UnloadRenderTexture(s.under.rt)
	}
	s.under = underLayer{off: s.under.off, dirty: s.under.dirty[:0]}
}
