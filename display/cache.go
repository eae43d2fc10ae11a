package display

import (
	"image/color"
	"math"
	"time"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/display/scene"
	"ttr/input"
	"ttr/maps"
)

// Between two events the table's screen barely moves: only the current
// player's panel breathes, and the route or city being claimed pulses.
// Drawing every car, city, card and word again for each frame would cost
// a Pi's CPU (and a software renderer, far more) most of the frame, so the
// Screen draws what does not move once per change into a texture, its
// still layer, and a steady frame copies that texture and draws only what
// moves on top.

// renderer is what the screen keeps to draw a frame cheaply: the textures
// it draws into and copies from, and what they show. Prepare, Draw and the
// replay (render.go) use it; the drawing code never does (where what
// moves was drawn, for the window's repair, the canvas notes itself).
type renderer struct {
	still stillLayer // what does not move, drawn once per change (Prepare)
	// Scratch for a patch of the still layer: its parts (changes), the
	// letters of a run of text drawn again (replay).
	dirty []board.Rect
	runes []rune
	// differ compares the scene of the layer held with the one to be
	// (changes), keeping its memory.
	differ scene.Differ
	// under is the picture of the board under the city names, for the
	// still layer (under.go).
	under underLayer
	// A patch turns the names (turning), and what it changed, for the
	// window; scratch for the names' boxes.
	turning bool
	copied  []board.Rect
	boxes   []board.Rect
	boxes1  [1]board.Rect
	rep     repair // what the window shows of the last frame
}

// stillLayer is the texture of what does not move, and the key of what it
// shows.
type stillLayer struct {
	// blit: OpenGL copies between framebuffers (desktop 3.3 and 4.3, ES
	// 3), set when the screen is made.
	blit  bool
	rt    rl.RenderTexture2D
	w, h  int32 // of rt; 0: none loaded
	key   stillKey
	valid bool
	gen   uint64 // counts the layers drawn: the window shows which (repair)

	// What the layer shows, to patch it (Screen.changes): the mode, the
	// map, the angle of the names, and its scene; next is the scene of
	// the layer being prepared.
	mode        input.Mode
	m           *maps.Map
	angle       float32
	scene, next scene.Scene
	// The last patch: the rectangles it drew again (nil: the layer was
	// drawn whole) and the layer it started from (gen).
	patch []board.Rect
	from  uint64
	// Layers patched, and of them those that turned the names, for the
	// tests.
	patched, turned int
}

// stillKey is everything the still layer depends on: the View's revision
// (all it shows), the language, where the screen is, and which seats show
// a notice (they go away with time, not with an event).
type stillKey struct {
	rev        input.Rev
	lang       msg.Lang
	x, y, w, h int
	notices    uint32 // bit i: seat i's notice shows
	reveal     int    // the end's reveal step (reveal.go)
}

// stillKeyOf returns the key of the still layer v shows at now.
func (s *Screen) stillKeyOf(v *input.View, now time.Time) stillKey {
	k := stillKey{rev: v.Rev, lang: s.langOf(v), x: s.opts.X, y: s.opts.Y, w: s.opts.Width, h: s.opts.Height, reveal: s.revealStepAt(v, now)}
	for i := range v.Seats {
		if i < 32 && noticeActive(&v.Seats[i].Notice, now) {
			k.notices |= 1 << i
		}
	}
	return k
}

// Prepare draws the still layer for v at now if the one held is not v's:
// call it once a frame before rl.BeginDrawing (it draws into its own
// texture, which cannot be done inside another texture mode), so that
// Draw only copies the layer and draws what moves. Without Prepare, or for
// a View without a revision (input.View.Rev zero: a View built by hand),
// Draw draws everything, every frame.
func (s *Screen) Prepare(v *input.View, now time.Time) {
	if v == nil || v.Rev.IsZero() {
		return
	}
	s.prepare(v)
	if s.play == nil || s.fonts == nil {
		return
	}
	k := s.stillKeyOf(v, now)
	if s.still.valid && s.still.key == k {
		return
	}
	// The layer is the screen's rectangle of the window, the picture in it
	// turned as the frame shows it, so that Draw copies it as it is.
	w, h := int32(s.opts.Width), int32(s.opts.Height)
	if s.still.w != w || s.still.h != h {
		s.unloadStill()
		s.still.rt = loadColorTarget(w, h)
		s.still.w, s.still.h = w, h
	}
	lay := s.layoutFor(v.Mode)
	s.record(v, now, &s.still.next, false)
	angle := s.stillBoard(v, now).NameAngle
	patch := s.changes(v, k, angle)
	// Only a layer that is patched copies the board from its picture: the
	// start and end screens, drawn whole at every change, let its memory
	// go.
	s.under.ready = false
	if s.bd != nil && (v.Mode == input.ModeSetup || v.Mode == input.ModePlay) {
		s.under.ready = s.prepareUnder(v, now, lay, patch == nil)
	} else {
		s.unloadUnder()
	}
	if patch != nil && s.turning && !s.under.ready {
		patch = nil // no picture to turn the names over: drawn whole
	}
	rl.BeginTextureMode(s.still.rt)
	if patch == nil {
		rl.ClearBackground(color.RGBA{A: 255})
	}
	// The layer's origin is the screen's corner in the window.
	rl.Translatef(-float32(s.opts.X), -float32(s.opts.Y), 0)
	if s.opts.Rotation != 0 {
		s.turn()
	}
	if patch == nil {
		s.drawStill(v, now)
	}
	turning := patch != nil && s.turning && s.under.ready
	if turning {
		// The names first: what else changed, and the markers over
		// names, are drawn again whole over them.
		s.copyUnder(s.boxes)
		s.replay(&s.still.next, board.Rect{}, replayNames)
	}
	for _, r := range patch {
		s.drawPart(r)
	}
	if s.opts.Rotation != 0 {
		rl.PopMatrix()
	}
	rl.EndTextureMode()
	s.under.ready = false
	st := &s.still
	st.key, st.valid = k, true
	st.from, st.patch = st.gen, patch
	if turning {
		// The window copies where the names were and went too.
		c := append(append(s.copied[:0], patch...), s.boxes...)
		c = trimRects(mergeRectsUpTo(c, maxCopies))
		s.copied, st.patch = c, c
	}
	st.gen++
	if patch != nil {
		st.patched++
	}
	if turning {
		st.turned++
	}
	// Kept for the next patch: the scene the layer shows.
	st.mode, st.m = v.Mode, v.Map
	st.angle = angle
	st.scene, st.next = st.next, st.scene
}

// After an event the still layer mostly shows what it showed: a route
// claimed, a marker moved on the score track, the names turned to the
// next player, the seats' strips and the market worded again. Drawing the
// whole layer again costs a software renderer most of a frame at
// 1920x1080 (and a Pi's GPU, its fill rate); so Prepare patches the layer
// it holds where it changed. What changed is found by the screen itself,
// never declared by the drawing code: Prepare records the layer as a
// scene (package scene: every shape and text, each under the key of its
// part) and compares it with the scene of the layer it holds, part by
// part (scene.Differ), then item by item in each part that changed;
// changes lists the rectangles where an item was added, removed or drawn
// differently (its old and its new bounds); drawPart
// draws the layer's new scene again inside each of them (replay,
// render.go), with a scissor, so that every pixel inside is exactly the
// pixel a whole layer gets (what crosses the rectangle's edge is drawn
// whole and cut by the scissor), and what lies wholly outside is skipped.
// The drawing code runs once per change, to record. The names turn over
// a picture of the board under them (under.go).
// TestPatchedLayerIsTheWholeLayer plays whole games and compares, every
// few events, the patched layer with one drawn whole;
// TestReplayDrawsTheStillLayer replays every golden screen's layer whole;
// TestDamageHoldsEveryChangedPixel checks the damage of items changed.

// patchShare is the largest share of the screen a patch covers; more
// than that is drawn whole, in one pass instead of many.
const patchShare = 0.7

// damageMargin is how far past a part's bounds a patch draws again: a
// rounded outline and a glyph's quad reach a pixel or two past the shape
// they draw.
const damageMargin = 3

// changes returns the rectangles (logical coordinates) of the still layer
// that must be drawn again to show v, with key k and the names at angle,
// whose scene is s.still.next, over the layer held, whose scene is
// s.still.scene; nil: draw the layer whole.
func (s *Screen) changes(v *input.View, k stillKey, angle float32) []board.Rect {
	st := &s.still
	if !st.valid || s.bd == nil || st.mode != v.Mode || st.m != v.Map || st.key.lang != k.lang ||
		st.key.x != k.x || st.key.y != k.y || st.key.w != k.w || st.key.h != k.h {
		return nil
	}
	if v.Mode != input.ModeSetup && v.Mode != input.ModePlay {
		return nil
	}
	s.turning = angle != st.angle
	d := s.dirty[:0]
	under := s.under.dirty[:0]
	for i, c := range s.differ.Diff(&st.scene, &st.next) {
		if c.Key.Part == scene.Name && s.turning {
			continue // every name: turned over the picture under them (namesTurn)
		}
		from := len(d)
		olds, news := s.differ.Items(i)
		d = itemsDamage(d, &st.scene, olds, &st.next, news)
		if underPart(c.Key.Part) {
			// What the picture of the board under the names shows.
			under = append(under, d[from:]...)
		}
	}
	s.under.dirty = trimRects(mergeRects(under))
	if s.turning {
		d = s.namesTurn(d)
	}
	d = trimRects(mergeRects(d))
	s.dirty = d
	var area float32
	for _, r := range d {
		area += r.Area()
	}
	if area > patchShare*float32(k.w*k.h) {
		return nil
	}
	return d
}

// A part that changed mostly changed in a few of its items: a prompt
// worded again on a plate that stays, a count in a strip's header. So the
// layer is drawn again where its items changed, not over the whole part:
// the items of the part in the layer held and in the one to be are
// matched in their order, and the damage is where an item was added,
// removed or drawn differently. (An outline that changed its colour only
// could be drawn again along its edges alone; on Mesa's software
// renderer the thin rectangles cost more than the plate they spare: a
// rectangle's every partly covered tile is drawn pixel by pixel.)

// resync is how far ahead itemsDamage looks for an item that matches
// again after one that does not: items added or removed in a row.
const resync = 8

// itemsDamage appends to d where the items olds of prev and news of next,
// one part's, draw differently: matched in order, an item equal to its
// match draws the same pixels; one that differs only in its colour is
// drawn again over its bounds, and so is one added or removed.
func itemsDamage(d []board.Rect, prev *scene.Scene, olds []int, next *scene.Scene, news []int) []board.Rect {
	i, j := 0, 0
	for i < len(olds) && j < len(news) {
		a, b := &prev.Items[olds[i]], &next.Items[news[j]]
		switch {
		case a.Equal(b):
			i, j = i+1, j+1
			continue
		case sameShape(a, b):
			d = append(d, b.Bounds.Inset(-damageMargin))
			i, j = i+1, j+1
			continue
		}
		// Items removed before the next match, or added before it.
		if k := matchAhead(a, next, news[j+1:]); k >= 0 && (k < 1 || matchAhead(b, prev, olds[i+1:]) < 0) {
			for _, n := range news[j : j+1+k] {
				d = append(d, next.Items[n].Bounds.Inset(-damageMargin))
			}
			j += 1 + k
			continue
		}
		if k := matchAhead(b, prev, olds[i+1:]); k >= 0 {
			for _, o := range olds[i : i+1+k] {
				d = append(d, prev.Items[o].Bounds.Inset(-damageMargin))
			}
			i += 1 + k
			continue
		}
		d = append(d, a.Bounds.Inset(-damageMargin), b.Bounds.Inset(-damageMargin))
		i, j = i+1, j+1
	}
	for _, o := range olds[i:] {
		d = append(d, prev.Items[o].Bounds.Inset(-damageMargin))
	}
	for _, n := range news[j:] {
		d = append(d, next.Items[n].Bounds.Inset(-damageMargin))
	}
	return d
}

// matchAhead returns the place in is (of sc), within resync, of the first
// item it matches (the same, or the same shape), or -1.
func matchAhead(it *scene.Item, sc *scene.Scene, is []int) int {
	for k, n := range is[:min(len(is), resync)] {
		if o := &sc.Items[n]; it.Equal(o) || sameShape(it, o) {
			return k
		}
	}
	return -1
}

// sameShape reports whether a and b differ in their colour only.
func sameShape(a, b *scene.Item) bool {
	if a.Color == b.Color {
		return false // then they differ in more
	}
	x := *b
	x.Color = a.Color
	return a.Equal(&x)
}

// namesTurn appends to d what must be drawn again, whole, when the names
// turn: whatever the layer draws after the names (the players' markers,
// the cost tag, the tunnel's cards) that lies over a name at either angle.
// Every name is turned over the picture of the board under the names
// (Prepare), in the boxes it keeps in s.boxes: each name's bounds in the
// layer held and in the one to be, as their scenes give them (its plate
// and its letters, which reach past the plate where the font's line is
// taller than the plate's words), and drawn again; what lies over them
// then goes back on top.
func (s *Screen) namesTurn(d []board.Rect) []board.Rect {
	boxes := s.boxes[:0]
	for _, sc := range [2]*scene.Scene{&s.still.scene, &s.still.next} {
		from := len(boxes)
		for i := range sc.Items {
			it := &sc.Items[i]
			if it.Key.Part != scene.Name {
				continue
			}
			j := from + it.Key.Index
			for len(boxes) <= j {
				boxes = append(boxes, board.Rect{})
			}
			r := it.Bounds.Inset(-damageMargin)
			if boxes[j].Area() > 0 {
				r = union(boxes[j], r)
			}
			boxes[j] = r
		}
	}
	s.boxes = boxes
	sc := &s.still.next
	names := false
	for i := range sc.Items {
		it := &sc.Items[i]
		if it.Key.Part == scene.Name {
			names = true
			continue
		}
		if !names {
			continue // under the names
		}
		for _, r := range boxes {
			if meets(it.Bounds, r) {
				d = append(d, it.Bounds.Inset(-damageMargin))
				break
			}
		}
	}
	return d
}

// stillBoard returns the board's View as the still layer shows v at now:
// without the selection that pulses over it (liveSelection).
func (s *Screen) stillBoard(v *input.View, now time.Time) *View {
	bv := s.boardView(v, now)
	if liveSelection(v) {
		bv.Selected = board.Hit{}
	}
	return bv
}

// drawPart draws the still layer again inside logical rectangle r, from
// the scene it is to show (s.still.next): a scissor round r, and only the
// items that reach into it.
func (s *Screen) drawPart(r board.Rect) {
	ax, ay, bx, by, ok := s.layerBox(r)
	if !ok {
		return
	}
	rl.BeginScissorMode(ax, ay, bx-ax, by-ay)
	// The scissor holds r's pixels, rounded out: a pixel more round it
	// to decide what reaches in.
	s.replay(&s.still.next, r.Inset(-2), replayLayer)
	rl.EndScissorMode()
}

// layerBox returns logical rectangle r in the still layer's pixels,
// rounded out to whole pixels and cut to the layer: from ax, ay to bx, by;
// ok is false when nothing of it is on the layer.
func (s *Screen) layerBox(r board.Rect) (ax, ay, bx, by int32, ok bool) {
	x0, y0 := s.toWindow(r.X, r.Y)
	x1, y1 := s.toWindow(r.X+r.W, r.Y+r.H)
	ox, oy := float32(s.opts.X), float32(s.opts.Y)
	ax = max(int32(math.Floor(float64(min(x0, x1)-ox))), 0)
	ay = max(int32(math.Floor(float64(min(y0, y1)-oy))), 0)
	bx = min(int32(math.Ceil(float64(max(x0, x1)-ox))), int32(s.opts.Width))
	by = min(int32(math.Ceil(float64(max(y0, y1)-oy))), int32(s.opts.Height))
	return ax, ay, bx, by, bx > ax && by > ay
}

// bigClip is a rectangle that holds all of the screen and more.
func (s *Screen) bigClip(lay *screenLayout) board.Rect {
	return lay.area.Inset(-lay.area.W - lay.area.H)
}

// mergeRects merges rectangles of rs that are cheaper drawn as one (their
// union barely larger than both), in place, and returns the rest.
func mergeRects(rs []board.Rect) []board.Rect { return mergeRectsUpTo(rs, maxPasses) }

// mergeRectsUpTo merges rectangles of rs as mergeRects does, into n at
// most.
func mergeRectsUpTo(rs []board.Rect, n int) []board.Rect {
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(rs); i++ {
			for j := i + 1; j < len(rs); j++ {
				u := union(rs[i], rs[j])
				if u.Area() <= rs[i].Area()+rs[j].Area()+mergeSlack {
					rs[i] = u
					rs[j] = rs[len(rs)-1]
					rs = rs[:len(rs)-1]
					merged = true
					j = i
				}
			}
		}
	}
	for len(rs) > n {
		bi, bj := 0, 1
		best := float32(math.MaxFloat32)
		for i := range rs {
			for j := i + 1; j < len(rs); j++ {
				if grow := union(rs[i], rs[j]).Area() - rs[i].Area() - rs[j].Area(); grow < best {
					bi, bj, best = i, j, grow
				}
			}
		}
		rs[bi] = union(rs[bi], rs[bj])
		rs[bj] = rs[len(rs)-1]
		rs = rs[:len(rs)-1]
	}
	return rs
}

// trimRects cuts from rectangles of rs what other rectangles of rs hold,
// where what is left is a rectangle, in place, and returns them: a part
// merged rectangles still overlap would be drawn again twice.
func trimRects(rs []board.Rect) []board.Rect {
	for i := 0; i < len(rs); i++ {
		for j := 0; j < len(rs); j++ {
			if i == j {
				continue
			}
			a, b := rs[i], &rs[j]
			inX := a.X <= b.X && b.X+b.W <= a.X+a.W
			inY := a.Y <= b.Y && b.Y+b.H <= a.Y+a.H
			switch {
			case inX && inY:
				// b is in a: gone.
				rs[j] = rs[len(rs)-1]
				rs = rs[:len(rs)-1]
				i, j = -1, len(rs) // again from the start
			case inX && a.Y <= b.Y && b.Y < a.Y+a.H:
				b.H -= a.Y + a.H - b.Y
				b.Y = a.Y + a.H
			case inX && a.Y < b.Y+b.H && b.Y+b.H <= a.Y+a.H:
				b.H = a.Y - b.Y
			case inY && a.X <= b.X && b.X < a.X+a.W:
				b.W -= a.X + a.W - b.X
				b.X = a.X + a.W
			case inY && a.X < b.X+b.W && b.X+b.W <= a.X+a.W:
				b.W = a.X - b.X
			}
		}
	}
	return rs
}

// maxPasses is the most parts a patch is drawn in. Each part is a few
// draw calls of its own, and Mesa's software renderer keeps a copy of
// raylib's vertex buffer for each until the frame is drawn: a hundred
// parts (every city name turned) raised the table's peak memory by 26 MB.
// Past this many, the nearest parts are merged; a patch that then covers
// most of the screen is drawn whole (patchShare).
const maxPasses = 16

// maxCopies is the most rectangles the window is repaired in after a
// patch that turned the names (beginFrame): a copy between framebuffers
// is no pass of raylib's, and every name's box merged into maxPasses
// rectangles copied most of the board (after a claim in the benchmark
// game, 63% of the screen; into maxCopies, 40%).
const maxCopies = 64

// mergeSlack is the area, in pixels, a merge may add beyond its share: a
// pass of its own costs about as much as drawing that much more.
const mergeSlack = 32 * 32

// union returns the smallest rectangle holding a and b.
func union(a, b board.Rect) board.Rect {
	x0, y0 := min(a.X, b.X), min(a.Y, b.Y)
	x1, y1 := max(a.X+a.W, b.X+b.W), max(a.Y+a.H, b.Y+b.H)
	return board.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

// stillFor reports whether the still layer held shows v at now.
func (s *Screen) stillFor(v *input.View, now time.Time) bool {
	return s.still.valid && !v.Rev.IsZero() && s.still.key == s.stillKeyOf(v, now)
}

// showStill copies the still layer onto the screen's rectangle, as it is.
// Where OpenGL can copy between framebuffers (desktop OpenGL 3.3 and 4.3,
// ES 3), it does: for Mesa's software renderer that costs half of drawing
// the layer as a texture. OpenGL ES 2 (the Pi's DRM build) has no such
// copy: there the layer is drawn as a texture, without blending (it is
// opaque), which the Pi's GPU does at no cost to its CPU. The target must
// not be multisampled (OpenGL copies into none).
func (s *Screen) showStill() {
	rl.DrawRenderBatchActive()
	w, h := s.still.w, s.still.h
	x, y := int32(s.opts.X), int32(s.opts.Y)
	if s.still.blit {
		to := rl.GetActiveFramebuffer()
		toH := rl.GetFramebufferHeight() // the texture mode's target
		if to == 0 {
			toH = int32(rl.GetRenderHeight())
		}
		// OpenGL counts rows from the bottom, in both framebuffers; raylib
		// passes the corners on as glBlitFramebuffer takes them (x0, y0,
		// x1, y1), whatever its arguments' names say.
		rl.BindFramebuffer(rl.ReadFramebuffer, s.still.rt.ID)
		rl.BlitFramebuffer(0, 0, w, h, x, toH-y-h, x+w, toH-y, glColorBufferBit)
		rl.BindFramebuffer(rl.ReadFramebuffer, to)
		return
	}
	rl.DisableColorBlend()
	// A render texture's rows are stored bottom up.
	src := rl.Rectangle{Width: float32(w), Height: -float32(h)}
	rl.DrawTextureRec(s.still.rt.Texture, src, rl.Vector2{X: float32(x), Y: float32(y)}, rl.White)
	rl.DrawRenderBatchActive()
	rl.EnableColorBlend()
}

// glColorBufferBit is OpenGL's GL_COLOR_BUFFER_BIT: what BlitFramebuffer
// copies.
const glColorBufferBit = 0x4000

// loadColorTarget makes a w x h render target with a colour texture only:
// raylib's LoadRenderTexture adds a depth buffer, which flat 2D drawing
// never reads, at the cost of as much memory again (8 MB at 1920x1080, in
// the process itself under a software renderer).
func loadColorTarget(w, h int32) rl.RenderTexture2D {
	// An image without pixels makes the texture's storage only.
	tex := rl.LoadTextureFromImage(&rl.Image{Width: w, Height: h, Mipmaps: 1, Format: rl.UncompressedR8g8b8a8})
	rt := rl.RenderTexture2D{ID: rl.LoadFramebuffer(), Texture: tex}
	rl.FramebufferAttach(rt.ID, tex.ID, rl.AttachmentColorChannel0, rl.AttachmentTexture2d, 0)
	if !rl.FramebufferComplete(rt.ID) {
		// Some driver refuses a framebuffer without depth: take raylib's.
		rl.UnloadRenderTexture(rt)
		return rl.LoadRenderTexture(w, h)
	}
	return rt
}

// unloadStill releases the still layer's texture.
func (s *Screen) unloadStill() {
	if s.still.w != 0 {
		rl.UnloadRenderTexture(s.still.rt)
	}
	s.still = stillLayer{blit: s.still.blit, gen: s.still.gen + 1}
	s.unloadUnder()
}

// liveSelection reports whether v's selected route or city pulses over
// the still layer: only while nothing the screen draws over the board (the
// tunnel's cards) would then lie under it; else the still layer holds the
// selection as it is when drawn.
func liveSelection(v *input.View) bool {
	if v.Mode != input.ModeSetup && v.Mode != input.ModePlay {
		return false
	}
	if v.SelectedRoute < 0 && v.SelectedCity < 0 {
		return false
	}
	return v.Tunnel == nil
}

// panelMoves reports whether seat sv's panel glows, breathing (the current
// player's, a winner's): the glow is drawn over the still layer every
// frame, round the panel the layer holds.
func panelMoves(v *input.View, sv *input.SeatView) bool {
	playing := sv.Playing && (v.Mode == input.ModeStart || sv.Player >= 0)
	if !playing && v.Mode != input.ModeStart {
		return false
	}
	return sv.Current || (v.Mode == input.ModeEnd && v.End != nil && isWinner(v.End, sv.Player))
}

// drawStill draws what of v does not move (the still layer): the table,
// the board without the selection that pulses over it, the middle (the
// start or end screen's, or the market, the cost and the tunnel), each
// seat's panel without its glow, and the pages and bubbles in front of the
// strips. A frame without the still layer draws it, then drawLive over
// it.
func (s *Screen) drawStill(v *input.View, now time.Time) {
	lang := s.langOf(v)
	lay := s.layoutFor(v.Mode)
	s.now = now
	s.cv.part(scene.Key{Part: scene.Table})
	s.cv.fill(rect(lay.area), tableColor)
	if s.bd != nil {
		bv := s.stillBoard(v, now)
		if s.under.ready {
			s.boxes1[0] = s.bigClip(lay)
			s.copyUnder(s.boxes1[:])
		} else {
			s.bd.DrawUnder(bv)
		}
		s.bd.DrawOver(bv)
	}
	switch v.Mode {
	case input.ModeStart:
		s.cv.part(scene.Key{Part: scene.Middle})
		s.drawStart(v, lang, lay)
	case input.ModeEnd:
		s.cv.part(scene.Key{Part: scene.Middle})
		s.drawEndMiddle(v, lang, lay)
	default:
		s.drawMarket(v, lang, lay)
		if !liveSelection(v) {
			s.cv.part(scene.Key{Part: scene.Cost})
			s.drawCost(v, lay)
		}
		s.cv.part(scene.Key{Part: scene.Tunnel})
		s.drawTunnel(v, lang, lay)
	}
	for i := range lay.panels {
		if pg := &lay.panels[i]; pg.seat < len(v.Seats) {
			s.drawPanel(v, lang, pg, &v.Seats[pg.seat], now)
		}
	}
	s.drawSeatPages(v, lang, lay, now) // help.go: pages and bubbles over the board
	s.fonts.q.flush()
}

// drawLive draws what of v moves, over the still layer, every frame and
// without allocating: the selection and its cost (or the announcement's
// pulse), the glow of each panel that breathes, the open pages again
// over what pulses under them, and the owner's menu.
func (s *Screen) drawLive(v *input.View, now time.Time) {
	lang := s.langOf(v)
	lay := s.layoutFor(v.Mode)
	s.now = now
	if liveSelection(v) && s.bd != nil {
		s.bd.DrawSelection(s.boardView(v, now))
		s.cv.part(scene.Key{Part: scene.Cost})
		s.drawCost(v, lay)
	} else {
		s.cv.part(scene.Key{Part: scene.Pulse})
		s.drawAnnouncePulse(v, now, lay)
	}
	pulse := pulseAt(now)
	for i := range lay.panels {
		if pg := &lay.panels[i]; pg.seat < len(v.Seats) {
			s.drawPanelGlow(v, pg, &v.Seats[pg.seat], now, pulse)
		}
	}
	s.drawLivePages(v, lang, lay, now) // help.go
	s.drawMenu(lang)
	s.fonts.q.flush()
}

// A window that keeps its last frame after presenting it (the back buffer
// copied to the screen, not swapped with another: Mesa's software
// renderer under X does so) lets a steady frame repair only what moved:
// the still layer is copied back where the last frame drew what moves,
// and what moves is drawn again, instead of copying the whole layer. On
// a software renderer a whole copy costs several times clearing the
// window; the repair costs what moved. A window that flips between
// buffers (a GPU's, the Pi's DRM) gets the whole copy, as before. Which
// kind a window is, the screen finds out over its first frames (probe):
// it leaves a mark in a corner pixel at the end of two frames, and reads
// the pixel back at the start of the next.

// repair is what the screen knows of the window it fills
// (ScreenOpts.FillsWindow) for repairing a steady frame.
type repair struct {
	probed int  // frames probed (probeFrames: the probe is over)
	seen   int  // marks read back as left
	kept   bool // the window keeps its last frame (the probe's verdict)
	pix    rl.RenderTexture2D
	// The last frame: the still layer it showed (gen; valid: it showed
	// one), at which window size, and where it drew what moves (last, in
	// logical coordinates); next collects the frame being drawn's.
	valid      bool
	gen        uint64
	w, h       int
	last, next []board.Rect
	repaired   int // frames repaired, for the tests
}

// probeFrames is how many frames the probe takes: two marks left, each
// read back at the start of the next frame.
const probeFrames = 3

// probeMarks are the colours of the marks, one per probed frame: a window
// that flips between two buffers shows the first mark when the second is
// expected.
var probeMarks = [probeFrames - 1]color.RGBA{{3, 141, 59, 255}, {201, 7, 113, 255}}

// toWindow maps logical point x, y to window pixels: the inverse of
// toLogical.
func (s *Screen) toWindow(x, y float32) (float32, float32) {
	ox, oy := float32(s.opts.X), float32(s.opts.Y)
	dx, dy := s.turnOrigin()
	u, v := x-ox, y-oy
	switch s.opts.Rotation {
	case 90:
		u, v = -v, u
	case 180:
		u, v = -u, -v
	case 270:
		u, v = v, -u
	}
	return ox + dx + u, oy + dy + v
}

// inWindow reports whether the frame is drawn into the window itself, as
// the table draws it, with the screen filling it.
func (s *Screen) inWindow() bool {
	return s.opts.FillsWindow && s.still.blit && rl.GetActiveFramebuffer() == 0
}

// beginFrame starts a frame: it reads back the probe's last mark, and
// copies the still layer onto the window, the whole layer or (repair)
// where the last frame drew what moves, when still is set.
func (s *Screen) beginFrame(still bool) {
	r := &s.rep
	r.next = r.next[:0]
	win := s.inWindow()
	w, h := rl.GetRenderWidth(), rl.GetRenderHeight()
	if win && r.probed > 0 && r.probed < probeFrames {
		switch {
		case r.w != w || r.h != h:
			// The window changed size, and its buffers with it: again.
			r.probed, r.seen = 0, 0
		case s.readMark() == probeMarks[r.probed-1]:
			r.seen++
		}
	}
	if !still {
		return
	}
	// The window shows the layer held, or the one the layer was patched
	// from: then what the patch drew again is copied too.
	patched := s.still.patch != nil && r.gen == s.still.from
	if !win || !r.kept || !r.valid || (r.gen != s.still.gen && !patched) || r.w != w || r.h != h {
		s.showStill()
		return
	}
	rl.DrawRenderBatchActive()
	rl.BindFramebuffer(rl.ReadFramebuffer, s.still.rt.ID)
	for _, m := range r.last {
		s.copyStill(m, int32(h))
	}
	if patched {
		for _, m := range s.still.patch {
			s.copyStill(m, int32(h))
		}
	}
	rl.BindFramebuffer(rl.ReadFramebuffer, 0)
	r.repaired++
}

// endFrame ends a frame drawn over the still layer (still) or whole: it
// leaves the probe's mark, and remembers what the window shows.
func (s *Screen) endFrame(still bool) {
	r := &s.rep
	if !s.inWindow() {
		r.valid = false
		return
	}
	switch {
	case r.probed < probeFrames-1:
		mark := probeMarks[r.probed]
		rl.DrawRectangle(int32(s.opts.X), int32(s.opts.Y+s.opts.Height-1), 1, 1, mark)
		r.probed++
	case r.probed == probeFrames-1:
		r.kept = r.seen == probeFrames-1
		r.probed++
	}
	r.valid, r.gen = still, s.still.gen
	r.w, r.h = rl.GetRenderWidth(), rl.GetRenderHeight()
	r.last, r.next = r.next, r.last
}

// copyStill copies the still layer onto the window over logical rectangle
// m, grown to whole pixels and cut to the screen; winH is the window's
// height. The still layer is bound for reading.
func (s *Screen) copyStill(m board.Rect, winH int32) {
	x0, y0 := s.toWindow(m.X, m.Y)
	x1, y1 := s.toWindow(m.X+m.W, m.Y+m.H)
	ox, oy := int32(s.opts.X), int32(s.opts.Y)
	ax := max(int32(min(x0, x1))-1, ox)
	ay := max(int32(min(y0, y1))-1, oy)
	bx := min(int32(max(x0, x1))+2, ox+s.still.w)
	by := min(int32(max(y0, y1))+2, oy+s.still.h)
	if bx <= ax || by <= ay {
		return
	}
	// Rows count from the bottom in both framebuffers (showStill).
	lx, ly := ax-ox, ay-oy
	rl.BlitFramebuffer(lx, s.still.h-(by-oy), bx-ox, s.still.h-ly, ax, winH-by, bx, winH-ay, glColorBufferBit)
}

// readMark reads back the pixel the probe marks: the screen's bottom left
// one in the window, as the window holds it now.
func (s *Screen) readMark() color.RGBA {
	r := &s.rep
	if r.pix.ID == 0 {
		r.pix = loadColorTarget(1, 1)
	}
	rl.DrawRenderBatchActive()
	h := int32(rl.GetRenderHeight())
	x, y := int32(s.opts.X), int32(s.opts.Y+s.opts.Height-1)
	rl.BindFramebuffer(rl.DrawFramebuffer, r.pix.ID)
	rl.BlitFramebuffer(x, h-y-1, x+1, h-y, 0, 0, 1, 1, glColorBufferBit)
	rl.BindFramebuffer(rl.DrawFramebuffer, 0)
	img := rl.LoadImageFromTexture(r.pix.Texture)
	defer rl.UnloadImage(img)
	return rl.GetImageColor(*img, 0, 0)
}
