package display

import (
	"image/color"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/scene"
)

// A canvas is what the screen's drawing code draws on: raylib, or, while
// a scene is being recorded (Screen.Scene), that scene, each call becoming
// a draw item under the key of the part being drawn. So the scene is
// exactly what a frame draws, and the drawing code says once what it
// draws. A nil canvas draws with raylib (a Board made on its own).
//
// The canvas tracks the transform the drawing code sets (push, move,
// rotate, pop, as rlPushMatrix and the like) so that each item knows where
// it lies on the screen; raylib's own transform is left alone. While what
// moves is drawn over the still layer (moved set), the canvas notes where
// each call drew, for the window's repair (cache.go): the drawing code
// never says it.
type canvas struct {
	rec   *scene.Scene // nil: draw with raylib
	key   scene.Key    // the part being drawn, for the items recorded
	turn  scene.Turn
	stack []scene.Turn
	// moved, while set, collects the logical rectangles raylib drew in;
	// one is scratch for a triangle's item.
	moved *[]board.Rect
	one   [1]board.Tri
	// The textures and fonts the items recorded name, by their names, as
	// the drawing code last drew with them: what the renderer draws a
	// scene with (render.go).
	textures map[string]rl.Texture2D
	fonts    map[string]Font
}

// recording reports whether c records rather than draws.
func (c *canvas) recording() bool { return c != nil && c.rec != nil }

// part sets the key of what is drawn next, while recording, and returns
// the key it replaces, for the caller to put back.
func (c *canvas) part(k scene.Key) scene.Key {
	if c == nil {
		return scene.Key{}
	}
	old := c.key
	c.key = k
	return old
}

func (c *canvas) add(it scene.Item) {
	it.Key, it.Turn = c.key, c.turn
	c.rec.Add(it)
}

// note notes where raylib drew it, in the current transform, while the
// canvas collects that (moved).
func (c *canvas) note(it *scene.Item) {
	if c == nil || c.moved == nil {
		return
	}
	it.Turn = c.turn
	c.noteRect(it.Bound())
}

// noteRect notes logical rectangle r as drawn: merged with the last one
// noted where one rectangle costs no more than two, so that a panel's
// words and shapes make one.
func (c *canvas) noteRect(r board.Rect) {
	r = r.Inset(-damageMargin)
	rs := *c.moved
	if n := len(rs); n > 0 {
		if u := union(rs[n-1], r); u.Area() <= rs[n-1].Area()+r.Area()+mergeSlack {
			rs[n-1] = u
			return
		}
	}
	*c.moved = append(rs, r)
}

func box(r rl.Rectangle) board.Rect { return board.Rect{X: r.X, Y: r.Y, W: r.Width, H: r.Height} }

func (c *canvas) fill(r rl.Rectangle, col color.RGBA) {
	it := scene.Item{Kind: scene.Fill, Box: box(r), Color: col}
	if !c.recording() {
		rl.DrawRectangleRec(r, col)
		c.note(&it)
		return
	}
	c.add(it)
}

func (c *canvas) frame(r rl.Rectangle, w float32, col color.RGBA) {
	it := scene.Item{Kind: scene.Frame, Box: box(r), Width: w, Color: col}
	if !c.recording() {
		rl.DrawRectangleLinesEx(r, w, col)
		c.note(&it)
		return
	}
	c.add(it)
}

func (c *canvas) round(r rl.Rectangle, roundness float32, segs int32, col color.RGBA) {
	it := scene.Item{Kind: scene.Round, Box: box(r), Roundness: roundness, Segments: int(segs), Color: col}
	if !c.recording() {
		rl.DrawRectangleRounded(r, roundness, segs, col)
		c.note(&it)
		return
	}
	c.add(it)
}

func (c *canvas) roundFrame(r rl.Rectangle, roundness float32, segs int32, w float32, col color.RGBA) {
	it := scene.Item{Kind: scene.RoundFrame, Box: box(r), Roundness: roundness, Segments: int(segs), Width: w, Color: col}
	if !c.recording() {
		rl.DrawRectangleRoundedLinesEx(r, roundness, segs, w, col)
		c.note(&it)
		return
	}
	c.add(it)
}

func (c *canvas) circle(at rl.Vector2, r float32, col color.RGBA) {
	it := scene.Item{Kind: scene.Circle, At: board.Vec(at), Radius: r, Color: col}
	if !c.recording() {
		rl.DrawCircleV(at, r, col)
		c.note(&it)
		return
	}
	c.add(it)
}

// ring draws a whole ring (the market's refusal mark); start, end and
// segs are raylib's.
func (c *canvas) ring(at rl.Vector2, in, out, start, end float32, segs int32, col color.RGBA) {
	it := scene.Item{Kind: scene.Ring, At: board.Vec(at), Radius: in, Outer: out, Start: start, End: end, Segments: int(segs), Color: col}
	if !c.recording() {
		rl.DrawRing(at, in, out, start, end, segs, col)
		c.note(&it)
		return
	}
	c.add(it)
}

func (c *canvas) line(a, b rl.Vector2, w float32, col color.RGBA) {
	it := scene.Item{Kind: scene.Line, At: board.Vec(a), To: board.Vec(b), Width: w, Color: col}
	if !c.recording() {
		rl.DrawLineEx(a, b, w, col)
		c.note(&it)
		return
	}
	c.add(it)
}

// tri draws a filled triangle; while recording, triangles drawn one after
// another in one part and colour make one item.
func (c *canvas) tri(a, b, d rl.Vector2, col color.RGBA) {
	t := board.Tri{board.Vec(a), board.Vec(b), board.Vec(d)}
	if !c.recording() {
		rl.DrawTriangle(a, b, d, col)
		if c != nil && c.moved != nil {
			c.one[0] = t
			c.note(&scene.Item{Kind: scene.Tris, Tris: c.one[:]})
		}
		return
	}
	if n := len(c.rec.Items); n > 0 {
		if last := &c.rec.Items[n-1]; last.Kind == scene.Tris && last.Key == c.key && last.Turn == c.turn && last.Color == col {
			c.rec.Extend(t)
			return
		}
	}
	c.add(scene.Item{Kind: scene.Tris, Tris: c.rec.Tri(t), Color: col})
}

// quad draws the convex quad q as two triangles.
func (c *canvas) quad(q *board.Quad, col color.RGBA) {
	c.tri(rl.Vector2(q[0]), rl.Vector2(q[1]), rl.Vector2(q[2]), col)
	c.tri(rl.Vector2(q[0]), rl.Vector2(q[2]), rl.Vector2(q[3]), col)
}

// texture draws the part src of tex, named name in a scene, over dst.
func (c *canvas) texture(name string, tex rl.Texture2D, src, dst rl.Rectangle, col color.RGBA) {
	if !c.recording() {
		rl.DrawTexturePro(tex, src, dst, rl.Vector2{}, 0, col)
		c.note(&scene.Item{Kind: scene.Texture, Box: box(dst)})
		return
	}
	if c.textures == nil {
		c.textures = make(map[string]rl.Texture2D)
	}
	c.textures[name] = tex
	c.add(scene.Item{Kind: scene.Texture, Texture: name, Src: box(src), Box: box(dst), Color: col})
}

// text draws rs in f, named name in a scene, of typeface face, at px
// pixels, its top left corner at pos, at once (not queued: the board's
// names and numbers, in their own fonts).
func (c *canvas) text(f Font, name, face string, rs []rune, pos rl.Vector2, px float32, col color.RGBA) {
	if !c.recording() {
		rl.DrawTextCodepoints(f.Font, rs, pos, px, spacing(px), col)
		// Its width without measuring (a string per frame): a letter is
		// never wider than its size.
		c.note(&scene.Item{Kind: scene.Text, Box: board.Rect{X: pos.X, Y: pos.Y, W: float32(len(rs)) * px, H: px * lineSpacing}})
		return
	}
	if c.fonts == nil {
		c.fonts = make(map[string]Font)
	}
	c.fonts[name] = f
	w := f.Measure(string(rs), px).X
	c.add(scene.Item{Kind: scene.Text, Text: string(rs), Face: face, Size: px, Spacing: spacing(px), Font: name,
		At: board.Vec(pos), Box: board.Rect{X: pos.X, Y: pos.Y, W: w, H: px * lineSpacing}, Color: col})
}

// push saves the transform, as rlPushMatrix.
func (c *canvas) push() {
	if c == nil {
		rl.PushMatrix()
		return
	}
	if c.rec == nil {
		rl.PushMatrix()
	}
	c.stack = append(c.stack, c.turn)
}

// pop restores the transform push saved, as rlPopMatrix.
func (c *canvas) pop() {
	if c == nil {
		rl.PopMatrix()
		return
	}
	if c.rec == nil {
		rl.PopMatrix()
	}
	if n := len(c.stack); n > 0 {
		c.turn, c.stack = c.stack[n-1], c.stack[:n-1]
	}
}

// move moves what is drawn next by dx, dy, as rlTranslatef.
func (c *canvas) move(dx, dy float32) {
	if c == nil {
		rl.Translatef(dx, dy, 0)
		return
	}
	if c.rec == nil {
		rl.Translatef(dx, dy, 0)
	}
	c.turn = c.turn.Move(dx, dy)
}

// rotate turns what is drawn next deg degrees clockwise, as rlRotatef
// about the z axis.
func (c *canvas) rotate(deg float32) {
	if c == nil {
		rl.Rotatef(deg, 0, 0, 1)
		return
	}
	if c.rec == nil {
		rl.Rotatef(deg, 0, 0, 1)
	}
	c.turn = c.turn.Rotate(deg)
}
