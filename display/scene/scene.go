package scene

import (
	"image/color"
	"math"
	"slices"

	"ttr/display/board"
)

// A Kind is the shape of a draw item.
type Kind uint8

// The kinds of draw item, each with the fields of Item it reads.
const (
	Fill       Kind = iota // a filled rectangle: Box
	Frame                  // a rectangle's outline: Box, Width
	Round                  // a filled rounded rectangle: Box, Roundness, Segments
	RoundFrame             // a rounded rectangle's outline: Box, Roundness, Segments, Width
	Circle                 // a filled circle: At, Radius
	Ring                   // a ring: At, Radius (inner), Outer, Start, End, Segments
	Line                   // a thick line: At, To, Width
	Tris                   // filled triangles: Tris
	Text                   // a run of text: Text, Face, Size, At (its top left corner), Spacing, Font, Atlas
	Texture                // a texture's part Src stretched over Box: Texture
)

var kindNames = [...]string{
	Fill: "fill", Frame: "frame", Round: "round", RoundFrame: "round-frame", Circle: "circle",
	Ring: "ring", Line: "line", Tris: "tris", Text: "text", Texture: "texture",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(?)"
}

// A Turn places an item's own coordinates on the screen: a point p of the
// item lies at (X, Y) plus p turned Angle degrees clockwise (y down), as a
// seat's strip is turned to face its edge. The zero Turn is the screen's
// own coordinates.
type Turn struct {
	X, Y  float32
	Angle float32 // degrees clockwise
}

// sincos returns the sine and cosine of a, exact for quarter turns so that
// turned items keep whole coordinates.
func sincos(deg float32) (sin, cos float32) {
	d := math.Mod(float64(deg), 360)
	if d < 0 {
		d += 360
	}
	switch d {
	case 0:
		return 0, 1
	case 90:
		return 1, 0
	case 180:
		return 0, -1
	case 270:
		return -1, 0
	}
	s, c := math.Sincos(d * math.Pi / 180)
	return float32(s), float32(c)
}

// Apply returns where the item's point p lies on the screen.
func (t Turn) Apply(p board.Vec) board.Vec {
	s, c := sincos(t.Angle)
	return board.Vec{X: t.X + p.X*c - p.Y*s, Y: t.Y + p.X*s + p.Y*c}
}

// Move returns t followed by a move of dx, dy in t's own coordinates (as
// rlTranslatef after a rotation).
func (t Turn) Move(dx, dy float32) Turn {
	o := t.Apply(board.Vec{X: dx, Y: dy})
	t.X, t.Y = o.X, o.Y
	return t
}

// Rotate returns t followed by a turn of deg degrees clockwise.
func (t Turn) Rotate(deg float32) Turn {
	t.Angle = float32(math.Mod(float64(t.Angle+deg), 360))
	if t.Angle < 0 {
		t.Angle += 360
	}
	return t
}

// An Item is one thing drawn: a shape or a run of text in one colour, with
// the Key of the part of the screen it belongs to. Its geometry is in its
// own coordinates, placed on the screen by Turn; Bounds holds every pixel
// it touches, on the screen.
type Item struct {
	Key  Key
	Kind Kind
	Turn Turn

	Box       board.Rect // Fill, Frame, Round, RoundFrame, Texture
	At, To    board.Vec  // Circle, Ring: the centre; Line: the ends; Text: the top left corner
	Radius    float32    // Circle; Ring: the inner radius
	Outer     float32    // Ring: the outer radius
	Start     float32    // Ring: raylib's start angle, degrees
	End       float32    // Ring: raylib's end angle, degrees
	Roundness float32    // Round, RoundFrame: raylib's roundness, 0 to 1
	Segments  int        // Round, RoundFrame: segments of each corner; Ring: of the whole
	Width     float32    // Frame, RoundFrame, Line: the line's width
	Tris      []board.Tri
	Text      string
	Face      string  // Text: the typeface ("sans", "bold")
	Size      float32 // Text: pixels
	Spacing   float32 // Text: pixels between letters
	// Text: Font names the font of text drawn at once, where it is
	// recorded (the board's names: "board.label"); empty, the text is
	// queued and drawn at the scene's next flush point (Scene.Flushes),
	// in the screen's face Face rasterised at Atlas pixels.
	Font    string
	Atlas   float32
	Texture string     // Texture: its name ("board.background")
	Src     board.Rect // Texture: the part of it drawn, in texels
	Color   color.RGBA

	Bounds board.Rect

	// local is the extent of the item's geometry in its own coordinates,
	// the rectangle Bounds turns (Extend grows it).
	local board.Rect
}

// equal reports whether a and b draw the same pixels.
func (a *Item) equal(b *Item) bool {
	return a.Key == b.Key && a.Kind == b.Kind && a.Turn == b.Turn && a.Box == b.Box &&
		a.At == b.At && a.To == b.To && a.Radius == b.Radius && a.Outer == b.Outer &&
		a.Start == b.Start && a.End == b.End &&
		a.Roundness == b.Roundness && a.Segments == b.Segments && a.Width == b.Width &&
		slices.Equal(a.Tris, b.Tris) && a.Text == b.Text && a.Face == b.Face &&
		a.Size == b.Size && a.Spacing == b.Spacing && a.Font == b.Font && a.Atlas == b.Atlas &&
		a.Texture == b.Texture && a.Src == b.Src && a.Color == b.Color
}

// bound works out Bounds from the geometry and the turn; the text's width
// comes from the caller (Text items' Box holds their measured extent).
func (it *Item) bound() {
	var local board.Rect
	switch it.Kind {
	case Fill, Round, Texture, Text:
		local = it.Box
	case Frame:
		local = it.Box // raylib draws a rectangle's outline inside it
	case RoundFrame:
		local = it.Box.Inset(-it.Width) // and a rounded one's outside it
	case Circle:
		local = square(it.At, it.Radius)
	case Ring:
		local = square(it.At, max(it.Radius, it.Outer))
	case Line:
		local = span(it.At, it.To).Inset(-it.Width / 2)
	case Tris:
		if len(it.Tris) > 0 {
			local = board.Rect{X: it.Tris[0][0].X, Y: it.Tris[0][0].Y}
			for _, t := range it.Tris {
				for _, p := range t {
					local = union(local, board.Rect{X: p.X, Y: p.Y})
				}
			}
		}
	}
	it.local = local
	it.Bounds = it.Turn.box(local)
}

// box returns the screen's rectangle round r turned by t.
func (t Turn) box(r board.Rect) board.Rect {
	a := t.Apply(board.Vec{X: r.X, Y: r.Y})
	out := board.Rect{X: a.X, Y: a.Y}
	for _, p := range [3]board.Vec{{X: r.X + r.W, Y: r.Y}, {X: r.X, Y: r.Y + r.H}, {X: r.X + r.W, Y: r.Y + r.H}} {
		q := t.Apply(p)
		out = union(out, board.Rect{X: q.X, Y: q.Y})
	}
	return out
}

func square(c board.Vec, r float32) board.Rect {
	return board.Rect{X: c.X - r, Y: c.Y - r, W: 2 * r, H: 2 * r}
}

func span(a, b board.Vec) board.Rect {
	return board.Rect{X: min(a.X, b.X), Y: min(a.Y, b.Y), W: abs(a.X - b.X), H: abs(a.Y - b.Y)}
}

func abs(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// union returns the smallest rectangle holding a and b (points count).
func union(a, b board.Rect) board.Rect {
	x0, y0 := min(a.X, b.X), min(a.Y, b.Y)
	x1, y1 := max(a.X+a.W, b.X+b.W), max(a.Y+a.H, b.Y+b.H)
	return board.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

// A Scene is a whole screen as plain data: its draw items in the order
// the drawing code draws them, and where the frame draws the text it
// queued (Flushes).
type Scene struct {
	W, H  int // the picture's size as the players see it
	Items []Item
	// Flushes are the points where a frame draws the text queued so far
	// (the Text items without a Font since the last point), grouped by
	// face, over the shapes drawn before: each the number of items
	// recorded by then, ascending. Queued text past the last point is
	// drawn at the frame's end.
	Flushes []int

	// tris holds the triangles of the Tris items made by Tri and grown by
	// Extend, one after another: a screen recorded again reuses it whole,
	// where a slice kept for each item's place kept the largest that
	// place ever held, several times the triangles a scene has.
	tris []board.Tri
}

// Reset empties sc for a w x h picture, keeping its memory for the next
// recording: its items' and its triangles'. The items recorded are
// cleared, so that nothing past the next recording's last item keeps
// memory alive.
func (sc *Scene) Reset(w, h int) {
	clear(sc.Items)
	sc.W, sc.H, sc.Items, sc.Flushes, sc.tris = w, h, sc.Items[:0], sc.Flushes[:0], sc.tris[:0]
}

// Flush notes that the frame draws the text queued so far here (Flushes).
func (sc *Scene) Flush() {
	if n := len(sc.Flushes); n == 0 || sc.Flushes[n-1] != len(sc.Items) {
		sc.Flushes = append(sc.Flushes, len(sc.Items))
	}
}

// Tri keeps t with the scene's triangles and returns it as the Tris of
// the next item Add takes, which Extend then grows: recording a screen
// again allocates little.
func (sc *Scene) Tri(t board.Tri) []board.Tri {
	sc.tris = append(sc.tris, t)
	n := len(sc.tris)
	return sc.tris[n-1 : n : n]
}

// Add appends it, working out its Bounds. A Text item's Box is its
// measured extent in its own coordinates, which the caller knows.
func (sc *Scene) Add(it Item) {
	it.bound()
	sc.Items = append(sc.Items, it)
}

// Bound works out the item's Bounds from its geometry and turn, as Add
// does, and returns them.
func (it *Item) Bound() board.Rect {
	it.bound()
	return it.Bounds
}

// Extend adds triangle t to sc's last item, a Tris item, and grows its
// Bounds: as Add of the item with t appended would, without going over
// every triangle again (a route's car spaces are hundreds of them).
func (sc *Scene) Extend(t board.Tri) {
	it := &sc.Items[len(sc.Items)-1]
	if n, m := len(it.Tris), len(sc.tris); n > 0 && n <= m && &it.Tris[0] == &sc.tris[m-n] {
		// The last of the scene's triangles (Tri): grown there.
		sc.tris = append(sc.tris, t)
		it.Tris = sc.tris[m-n : m+1 : m+1]
	} else {
		it.Tris = append(it.Tris, t)
	}
	for _, p := range t {
		it.local = union(it.local, board.Rect{X: p.X, Y: p.Y})
	}
	it.Bounds = it.Turn.box(it.local)
}

// Keys returns the keys of sc's items, each once, in the order they first
// draw.
func (sc *Scene) Keys() []Key {
	seen := make(map[Key]bool)
	var ks []Key
	for i := range sc.Items {
		if k := sc.Items[i].Key; !seen[k] {
			seen[k] = true
			ks = append(ks, k)
		}
	}
	return ks
}

// Bounds returns the rectangle holding every item of key k, and false
// when sc draws nothing for k.
func (sc *Scene) Bounds(k Key) (board.Rect, bool) {
	var r board.Rect
	ok := false
	for i := range sc.Items {
		if it := &sc.Items[i]; it.Key == k {
			if !ok {
				r, ok = it.Bounds, true
			} else {
				r = union(r, it.Bounds)
			}
		}
	}
	return r, ok
}
