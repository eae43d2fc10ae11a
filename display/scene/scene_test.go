package scene

import (
	"image/color"
	"slices"
	"strings"
	"testing"

	"ttr/display/board"
	"ttr/input"
)

func near(a, b board.Rect) bool {
	d := func(x, y float32) bool { return abs(x-y) < 1e-3 }
	return d(a.X, b.X) && d(a.Y, b.Y) && d(a.W, b.W) && d(a.H, b.H)
}

// TestBoundsFollowTheTurn checks that an item's Bounds are where its
// pixels land on the screen, for items turned to face each edge.
func TestBoundsFollowTheTurn(t *testing.T) {
	box := board.Rect{X: 10, Y: 20, W: 30, H: 4}
	for _, tc := range []struct {
		name string
		it   Item
		want board.Rect
	}{
		{"upright", Item{Kind: Fill, Box: box}, box},
		{"moved", Item{Kind: Fill, Box: box, Turn: Turn{X: 100, Y: 200}}, board.Rect{X: 110, Y: 220, W: 30, H: 4}},
		// A point (x, y) turned 90 clockwise lands at (-y, x).
		{"quarter", Item{Kind: Fill, Box: box, Turn: Turn{X: 100, Y: 200, Angle: 90}}, board.Rect{X: 100 - 24, Y: 210, W: 4, H: 30}},
		{"half", Item{Kind: Fill, Box: box, Turn: Turn{X: 100, Y: 200, Angle: 180}}, board.Rect{X: 60, Y: 176, W: 30, H: 4}},
		{"three quarters", Item{Kind: Fill, Box: box, Turn: Turn{Angle: 270}}, board.Rect{X: 20, Y: -40, W: 4, H: 30}},
		{"a frame inside its box", Item{Kind: Frame, Box: box, Width: 2}, box},
		{"a rounded frame outside its box", Item{Kind: RoundFrame, Box: box, Width: 2}, box.Inset(-2)},
		{"circle", Item{Kind: Circle, At: board.Vec{X: 5, Y: 5}, Radius: 3}, board.Rect{X: 2, Y: 2, W: 6, H: 6}},
		{"ring at its outer radius", Item{Kind: Ring, At: board.Vec{X: 5, Y: 5}, Radius: 1, Outer: 4}, board.Rect{X: 1, Y: 1, W: 8, H: 8}},
		{"line with its width", Item{Kind: Line, At: board.Vec{X: 0, Y: 0}, To: board.Vec{X: 10, Y: 0}, Width: 2}, board.Rect{X: -1, Y: -1, W: 12, H: 2}},
		{"triangles", Item{Kind: Tris, Tris: []board.Tri{{{X: 0, Y: 0}, {X: 4, Y: 1}, {X: 2, Y: 6}}, {{X: -3, Y: 2}, {X: 0, Y: 0}, {X: 1, Y: 1}}}}, board.Rect{X: -3, Y: 0, W: 7, H: 6}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var sc Scene
			sc.Add(tc.it)
			if got := sc.Items[0].Bounds; !near(got, tc.want) {
				t.Errorf("bounds %v, want %v", got, tc.want)
			}
		})
	}
}

// TestTurnComposes checks Move and Rotate compose as raylib's matrix
// calls do: a move after a turn goes along the turned axes.
func TestTurnComposes(t *testing.T) {
	tr := Turn{}.Move(100, 50).Rotate(90).Move(10, 0)
	if want := (Turn{X: 100, Y: 60, Angle: 90}); tr != want {
		t.Errorf("got %+v, want %+v", tr, want)
	}
	if got := (Turn{Angle: 270}).Rotate(180); got.Angle != 90 {
		t.Errorf("270+180: angle %v, want 90", got.Angle)
	}
	if got := (Turn{}).Rotate(-90); got.Angle != 270 {
		t.Errorf("-90: angle %v, want 270", got.Angle)
	}
}

func scene(items ...Item) *Scene {
	sc := &Scene{W: 100, H: 100}
	for _, it := range items {
		sc.Add(it)
	}
	return sc
}

var (
	red   = color.RGBA{200, 0, 0, 255}
	blue  = color.RGBA{0, 0, 200, 255}
	route = func(i int) Key { return Key{Part: Route, Index: i} }
	msg   = Key{Part: Message, Seat: 1}
)

// TestDiffFindsEveryChange checks that Diff names the parts added,
// removed and changed in any field that shows, with the union of their
// old and new bounds, and nothing else.
func TestDiffFindsEveryChange(t *testing.T) {
	base := []Item{
		{Key: route(1), Kind: Fill, Box: board.Rect{X: 0, Y: 0, W: 10, H: 10}, Color: red},
		{Key: route(2), Kind: Fill, Box: board.Rect{X: 20, Y: 0, W: 10, H: 10}, Color: red},
		{Key: msg, Kind: Text, Text: "Red is playing.", Face: "sans", Size: 12, Box: board.Rect{X: 0, Y: 50, W: 60, H: 14}, Color: red},
	}
	with := func(i int, f func(*Item)) []Item {
		its := append([]Item(nil), base...)
		f(&its[i])
		return its
	}
	for _, tc := range []struct {
		name string
		next []Item
		want []Change
	}{
		{"the same", base, nil},
		{"a colour", with(0, func(it *Item) { it.Color = blue }), []Change{{route(1), board.Rect{W: 10, H: 10}}}},
		{"a place: old and new bounds", with(1, func(it *Item) { it.Box.X = 40 }), []Change{{route(2), board.Rect{X: 20, W: 30, H: 10}}}},
		{"a word", with(2, func(it *Item) { it.Text = "Blue is playing." }), []Change{{msg, board.Rect{Y: 50, W: 60, H: 14}}}},
		{"a turn", with(2, func(it *Item) { it.Turn.Angle = 180 }), []Change{{msg, board.Rect{X: -60, Y: -64, W: 120, H: 128}}}},
		{"a size", with(2, func(it *Item) { it.Size = 13 }), []Change{{msg, board.Rect{Y: 50, W: 60, H: 14}}}},
		{"added", append(append([]Item(nil), base...), Item{Key: route(3), Kind: Circle, At: board.Vec{X: 80, Y: 80}, Radius: 5, Color: red}),
			[]Change{{route(3), board.Rect{X: 75, Y: 75, W: 10, H: 10}}}},
		{"removed", base[1:], []Change{{route(1), board.Rect{W: 10, H: 10}}}},
		{"an item more in a part", append(append([]Item(nil), base...), Item{Key: route(1), Kind: Fill, Box: board.Rect{X: 0, Y: 10, W: 5, H: 5}, Color: blue}),
			[]Change{{route(1), board.Rect{W: 10, H: 15}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Diff(scene(base...), scene(tc.next...))
			if len(got) != len(tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i].Key != tc.want[i].Key || !near(got[i].Damage, tc.want[i].Damage) {
					t.Errorf("change %d: got %v, want %v", i, got[i], tc.want[i])
				}
			}
		})
	}
}

// TestDiffSeesEveryField changes each field of an item that shows, one at
// a time, and finds Diff reports the part each time.
func TestDiffSeesEveryField(t *testing.T) {
	it := Item{Key: route(1), Kind: Round, Box: board.Rect{X: 1, Y: 2, W: 3, H: 4}, At: board.Vec{X: 1, Y: 1},
		To: board.Vec{X: 2, Y: 2}, Radius: 1, Outer: 2, Start: 0, End: 360, Roundness: 0.3, Segments: 6, Width: 1,
		Tris: []board.Tri{{{X: 1}, {X: 2}, {Y: 3}}}, Text: "a", Face: "sans", Size: 12, Atlas: 12, Texture: "t",
		Src: board.Rect{W: 8, H: 8}, Color: red}
	for _, f := range []struct {
		name   string
		change func(*Item)
	}{
		{"kind", func(i *Item) { i.Kind = Fill }},
		{"turn", func(i *Item) { i.Turn.X = 1 }},
		{"box", func(i *Item) { i.Box.W = 5 }},
		{"at", func(i *Item) { i.At.X = 9 }},
		{"to", func(i *Item) { i.To.Y = 9 }},
		{"radius", func(i *Item) { i.Radius = 9 }},
		{"outer", func(i *Item) { i.Outer = 9 }},
		{"start", func(i *Item) { i.Start = 90 }},
		{"end", func(i *Item) { i.End = 180 }},
		{"roundness", func(i *Item) { i.Roundness = 0.5 }},
		{"segments", func(i *Item) { i.Segments = 4 }},
		{"width", func(i *Item) { i.Width = 3 }},
		{"triangles", func(i *Item) { i.Tris = []board.Tri{{{X: 1}, {X: 2}, {Y: 4}}} }},
		{"text", func(i *Item) { i.Text = "b" }},
		{"face", func(i *Item) { i.Face = "bold" }},
		{"size", func(i *Item) { i.Size = 13 }},
		{"spacing", func(i *Item) { i.Spacing = 1 }},
		{"font", func(i *Item) { i.Font = "board.label" }},
		{"atlas", func(i *Item) { i.Atlas = 14 }},
		{"texture", func(i *Item) { i.Texture = "u" }},
		{"source", func(i *Item) { i.Src.X = 1 }},
		{"colour", func(i *Item) { i.Color = blue }},
	} {
		next := it
		next.Tris = append([]board.Tri(nil), it.Tris...)
		f.change(&next)
		if got := Diff(scene(it), scene(next)); len(got) != 1 {
			t.Errorf("a change of %s: %d changes, want 1", f.name, len(got))
		}
	}
}

// TestFlushesAreWhereTextIsDrawn checks that a scene notes each point
// where the frame draws its queued text once, in order, and forgets them
// when reset.
func TestFlushesAreWhereTextIsDrawn(t *testing.T) {
	for _, tc := range []struct {
		name  string
		items []int // items added before each Flush
		want  []int
	}{
		{"none", nil, nil},
		{"one at the end", []int{3}, []int{3}},
		{"two apart", []int{2, 1}, []int{2, 3}},
		{"twice at one point: once", []int{2, 0, 0}, []int{2}},
		{"at the start", []int{0, 1}, []int{0, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var sc Scene
			sc.Reset(10, 10)
			sc.Add(Item{Kind: Fill})
			sc.Flush()
			sc.Reset(100, 100) // a scene recorded again starts with none
			for _, n := range tc.items {
				for range n {
					sc.Add(Item{Kind: Fill})
				}
				sc.Flush()
			}
			if !slices.Equal(sc.Flushes, tc.want) {
				t.Errorf("flushes %v, want %v", sc.Flushes, tc.want)
			}
		})
	}
}

// TestWriteText checks the text golden's form: the size, a key line where
// the part changes, an item a line, a turned item's frame.
func TestWriteText(t *testing.T) {
	sc := scene(
		Item{Key: route(4), Kind: Fill, Box: board.Rect{X: 1.25, Y: 2, W: 3, H: 4}, Color: red},
		Item{Key: route(4), Kind: Tris, Tris: []board.Tri{{{X: 1}, {X: 2}, {Y: 3}}}, Color: red},
		Item{Key: Key{Part: ConfirmKey, Seat: 2}, Kind: Text, Text: "Confirm", Face: "bold", Size: 27, At: board.Vec{X: 3, Y: 4}, Color: blue, Turn: Turn{X: 10, Y: 20, Angle: 90}},
		Item{Key: Key{Part: LangKey, Name: "es"}, Kind: RoundFrame, Box: board.Rect{W: 10, H: 5}, Roundness: 0.3, Segments: 6, Width: 2, Color: blue},
	)
	want := `scene 100x100
route 4
  fill 1.3,2 3x4 #c80000ff
  tris 1 (1,0 2,0 0,3) #c80000ff
confirm-key seat 2
  text bold 27 "Confirm" at 3,4 #0000c8ff in 10,20 turned 90
lang-key es
  round-frame 0,0 10x5 r0.3/6 w2 #0000c8ff
`
	if got := sc.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestKeyIDs checks each on-screen key's id is the one input reads, and
// that other parts have none.
func TestKeyIDs(t *testing.T) {
	for _, tc := range []struct {
		k    Key
		want string
	}{
		{Key{Part: ConfirmKey, Seat: 1}, input.KeyConfirm},
		{Key{Part: CancelKey}, input.KeyCancel},
		{Key{Part: JoinKey}, input.KeyJoin},
		{Key{Part: ColorKey, Index: int(input.Yellow)}, input.KeyColor + "yellow"},
		{Key{Part: FirstKey}, input.KeyFirst},
		{Key{Part: NameKey}, input.KeyName},
		{Key{Part: RankKey, Seat: 2, Index: 3}, input.KeyBreakdown + "3"},
		{Key{Part: NewGameKey}, input.KeyNewGame},
		{Key{Part: LangKey, Name: "ro"}, input.KeyLang + "ro"},
		{Key{Part: MapKey, Name: "usa"}, input.KeyMap + "usa"},
		{Key{Part: StartKey}, input.KeyStart},
		{Key{Part: TypeKey, Name: "Ñ"}, input.KeyType + "Ñ"},
		{Key{Part: MenuKey, Index: 4, Name: "owner.ticket"}, "owner.ticket"},
		{Key{Part: Menu}, ""},
		{Key{Part: MenuLine, Index: 2}, ""},
		{Key{Part: Route, Index: 3}, ""},
		{Key{Part: Message, Seat: 1}, ""},
		{Key{Part: UndoKey, Seat: 2}, input.KeyUndo},
		{Key{Part: StopKey, Seat: 1}, input.KeyAbandon},
		{Key{Part: HelpKey}, input.KeyHelp},
		{Key{Part: MovesKey}, input.KeyMoves},
		{Key{Part: HelpPageKey}, input.KeyHelpPage},
		{Key{Part: FirstGameKey}, input.KeyFirstGame},
		{Key{Part: Help, Seat: 1}, ""},
		{Key{Part: Moves, Seat: 1}, ""},
		{Key{Part: Scores, Seat: 1}, ""},
		{Key{Part: Explain, Seat: 1}, ""},
	} {
		if got := tc.k.ID(); got != tc.want {
			t.Errorf("%v: id %q, want %q", tc.k, got, tc.want)
		}
		if tc.k.IsKey() != (tc.want != "") {
			t.Errorf("%v: IsKey %v", tc.k, tc.k.IsKey())
		}
	}
	for p := Table; p <= Explain; p++ {
		if s := p.String(); strings.HasPrefix(s, "part(") {
			t.Errorf("part %d has no name", p)
		}
	}
}

// TestExtendBoundsAsAdd checks a Tris item grown triangle by triangle
// (Extend) has the Bounds of the item added whole, turned or not.
func TestExtendBoundsAsAdd(t *testing.T) {
	tris := []board.Tri{
		{{X: 10, Y: 10}, {X: 20, Y: 12}, {X: 15, Y: 30}},
		{{X: -5, Y: 40}, {X: 3, Y: 41}, {X: 0, Y: 55.5}},
		{{X: 100.25, Y: -7}, {X: 90, Y: 0}, {X: 95, Y: 3}},
	}
	for _, turn := range []Turn{{}, {X: 300, Y: 200, Angle: 90}, {X: 50, Y: 60, Angle: 33}} {
		var grown, whole Scene
		grown.Add(Item{Kind: Tris, Turn: turn, Tris: []board.Tri{tris[0]}})
		for _, tr := range tris[1:] {
			grown.Extend(tr)
		}
		whole.Add(Item{Kind: Tris, Turn: turn, Tris: tris})
		if g, w := grown.Items[0].Bounds, whole.Items[0].Bounds; g != w {
			t.Errorf("turned %v: grown %v, added whole %v", turn, g, w)
		}
		if !grown.Items[0].equal(&whole.Items[0]) {
			t.Errorf("turned %v: the grown item draws other triangles", turn)
		}
	}
}

// TestRecordedAgainReusesTheTriangles records Tris items grown triangle by
// triangle (Tri, Extend) over shapes of other kinds, twice over: every
// item keeps its own triangles while the scene's grow, a scene recorded
// again the same allocates nothing, and nothing is left past the last
// item of a shorter recording.
func TestRecordedAgainReusesTheTriangles(t *testing.T) {
	tri := func(i, k int) board.Tri {
		f := float32(100*i + k)
		return board.Tri{{X: f, Y: 0}, {X: f + 1, Y: 2}, {X: f, Y: 3}}
	}
	sizes := []int{1, 40, 3, 300, 2, 1, 90}
	record := func(sc *Scene, sizes []int) {
		sc.Reset(100, 100)
		for i, n := range sizes {
			sc.Add(Item{Kind: Fill, Box: board.Rect{W: 1, H: 1}})
			sc.Add(Item{Kind: Tris, Tris: sc.Tri(tri(i, 0))})
			for k := 1; k < n; k++ {
				sc.Extend(tri(i, k))
			}
		}
	}
	var sc Scene
	record(&sc, sizes)
	for i, n := range sizes {
		got := sc.Items[2*i+1].Tris
		if len(got) != n {
			t.Fatalf("item %d has %d triangles, want %d", i, len(got), n)
		}
		for k, tr := range got {
			if tr != tri(i, k) {
				t.Fatalf("item %d's triangle %d is %v, want %v: another item's overwrote it", i, k, tr, tri(i, k))
			}
		}
	}
	if a := testing.AllocsPerRun(10, func() { record(&sc, sizes) }); a != 0 {
		t.Errorf("recording the scene again allocates %v times, want 0", a)
	}
	record(&sc, sizes[:2])
	for i, it := range sc.Items[len(sc.Items):cap(sc.Items)] {
		if it.Kind != 0 || it.Tris != nil {
			t.Fatalf("item %d past the last of a shorter recording is still %v with %d triangles", len(sc.Items)+i, it.Kind, len(it.Tris))
		}
	}
}
