package display

import (
	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/scene"
)

// The still layer is patched by drawing its recorded scene again (Prepare
// records it to find what changed): each item that reaches into the
// rectangle being drawn again, in the scene's order, with the raylib call
// the canvas makes for it (canvas.go), in its turn, and the queued text at
// the scene's flush points, grouped by face, as the frame draws it. So the
// drawing code says once what it draws, and the patch needs nothing from
// it: no clip threaded through it, no bounds kept by hand.

// A replay says which items of a scene replay draws.
type replay uint8

const (
	// replayLayer draws every item; the board under the names is copied
	// from its picture (under.go) instead, when the screen has it ready.
	replayLayer replay = iota
	replayUnder        // only the board under the names (underPart)
	replayNames        // only the city names, wherever they are
)

// underPart reports whether the board draws p under the city names
// (Board.DrawUnder): what the picture under the names shows.
func underPart(p scene.Part) bool {
	switch p {
	case scene.Board, scene.Track, scene.Route, scene.Ticket, scene.City:
		return true
	}
	return false
}

// reachMargin is how far past an item's bounds its pixels may reach: a
// glyph's quad past its advance, an outline's rounding.
const reachMargin = 3

// reachesInto reports whether it may touch a pixel of logical rectangle
// r: a text item's glyphs reach past the run's measured box by up to half
// their size.
func reachesInto(it *scene.Item, r board.Rect) bool {
	m := float32(reachMargin)
	if it.Kind == scene.Text {
		m += it.Size / 2
	}
	b := it.Bounds
	return b.X-m < r.X+r.W && r.X < b.X+b.W+m && b.Y-m < r.Y+r.H && r.Y < b.Y+b.H+m
}

// replay draws the items of sc that which selects and that reach into
// logical rectangle r, exactly as the frame sc was recorded from drew
// them, in the current transform (the still layer's): the caller sets a
// scissor round r, so that what crosses its edge is cut there.
func (s *Screen) replay(sc *scene.Scene, r board.Rect, which replay) {
	q := &s.fonts.q
	copied := false
	flush := 0 // the next flush point
	for i := range sc.Items {
		for ; flush < len(sc.Flushes) && sc.Flushes[flush] <= i; flush++ {
			q.flush()
		}
		it := &sc.Items[i]
		under := underPart(it.Key.Part)
		switch which {
		case replayLayer:
			if under && s.under.ready {
				if !copied {
					copied = true
					s.boxes1[0] = r
					s.copyUnder(s.boxes1[:])
				}
				continue
			}
		case replayUnder:
			if !under {
				continue
			}
		case replayNames:
			if it.Key.Part != scene.Name {
				continue
			}
		}
		if which != replayNames && !reachesInto(it, r) {
			continue
		}
		s.replayItem(it)
	}
	q.flush()
}

// replayItem draws it as the canvas drew it when it was recorded; queued
// text goes to the text queue, drawn at the next flush.
func (s *Screen) replayItem(it *scene.Item) {
	if it.Kind == scene.Text && it.Font == "" {
		s.replayQueued(it)
		return
	}
	t := it.Turn
	turned := t != scene.Turn{}
	if turned {
		rl.PushMatrix()
		rl.Translatef(t.X, t.Y, 0)
		if t.Angle != 0 {
			rl.Rotatef(t.Angle, 0, 0, 1)
		}
	}
	col := it.Color
	switch it.Kind {
	case scene.Fill:
		rl.DrawRectangleRec(rect(it.Box), col)
	case scene.Frame:
		rl.DrawRectangleLinesEx(rect(it.Box), it.Width, col)
	case scene.Round:
		rl.DrawRectangleRounded(rect(it.Box), it.Roundness, int32(it.Segments), col)
	case scene.RoundFrame:
		rl.DrawRectangleRoundedLinesEx(rect(it.Box), it.Roundness, int32(it.Segments), it.Width, col)
	case scene.Circle:
		rl.DrawCircleV(rl.Vector2(it.At), it.Radius, col)
	case scene.Ring:
		rl.DrawRing(rl.Vector2(it.At), it.Radius, it.Outer, it.Start, it.End, int32(it.Segments), col)
	case scene.Line:
		rl.DrawLineEx(rl.Vector2(it.At), rl.Vector2(it.To), it.Width, col)
	case scene.Tris:
		for _, tr := range it.Tris {
			rl.DrawTriangle(rl.Vector2(tr[0]), rl.Vector2(tr[1]), rl.Vector2(tr[2]), col)
		}
	case scene.Texture:
		if tex, ok := s.cv.textures[it.Texture]; ok {
			rl.DrawTexturePro(tex, rect(it.Src), rect(it.Box), rl.Vector2{}, 0, col)
		}
	case scene.Text:
		if f, ok := s.cv.fonts[it.Font]; ok {
			s.runes = appendRunes(s.runes[:0], it.Text)
			rl.DrawTextCodepoints(f.Font, s.runes, rl.Vector2(it.At), it.Size, it.Spacing, col)
		}
	}
	if turned {
		rl.PopMatrix()
	}
}

// replayQueued queues the text of it in the face it was queued in, in its
// turn, as face.text does.
func (s *Screen) replayQueued(it *scene.Item) {
	fs := s.fonts.sans
	if it.Face == "bold" {
		fs = s.fonts.bold
	}
	for _, f := range fs {
		if f.Size != it.Atlas {
			continue
		}
		f.load()
		q := f.q
		from := len(q.runes)
		q.runes = appendRunes(q.runes, it.Text)
		xf := xform{o: board.Vec{X: it.Turn.X, Y: it.Turn.Y}, angle: it.Turn.Angle}
		q.items = append(q.items, queued{f: f, from: from, to: len(q.runes), pos: rl.Vector2(it.At), px: it.Size, col: it.Color, xf: xf})
		return
	}
}

// appendRunes appends the letters of text to rs.
func appendRunes(rs []rune, text string) []rune {
	for _, r := range text {
		rs = append(rs, r)
	}
	return rs
}
