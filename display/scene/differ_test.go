package scene

import (
	"image/color"
	"slices"
	"testing"

	"ttr/display/board"
)

// TestDifferIsDiff compares one Differ, used again and again, with Diff
// over scenes that add, remove, change and reorder parts: the same
// changes, in the same order, with the same damage; and Items gives each
// change's items in both scenes.
func TestDifferIsDiff(t *testing.T) {
	fill := func(k Key, x float32, c int) Item {
		return Item{Key: k, Kind: Fill, Box: board.Rect{X: x, Y: 2 * x, W: 10, H: 10}, Color: [2]color.RGBA{red, blue}[c]}
	}
	a := []Item{fill(route(1), 0, 0), fill(route(2), 20, 0), fill(msg, 40, 0), fill(route(1), 60, 0)}
	scenes := [][]Item{
		a,
		{fill(route(1), 0, 1), fill(route(2), 20, 0), fill(msg, 40, 0), fill(route(1), 60, 0)},  // a colour
		{fill(route(2), 20, 0), fill(msg, 40, 0), fill(route(3), 80, 0)},                        // one gone, one new
		{fill(msg, 40, 0), fill(route(2), 20, 0), fill(route(3), 80, 0), fill(route(3), 90, 1)}, // reordered, an item more
		nil, // nothing
		a,   // all new
		{fill(route(1), 0, 0), fill(route(2), 25, 0), fill(msg, 40, 0), fill(route(1), 60, 0), fill(route(4), 5, 1)}, // moved, added
	}
	var d Differ
	for i := 1; i < len(scenes); i++ {
		prev, next := scene(scenes[i-1]...), scene(scenes[i]...)
		want := Diff(prev, next)
		got := d.Diff(prev, next)
		if !slices.Equal(got, want) {
			t.Errorf("scene %d: Differ found %v, Diff %v", i, got, want)
			continue
		}
		for j, c := range got {
			pi, ni := d.Items(j)
			for _, is := range [2]struct {
				sc *Scene
				is []int
			}{{prev, pi}, {next, ni}} {
				var want []int
				for k := range is.sc.Items {
					if is.sc.Items[k].Key == c.Key {
						want = append(want, k)
					}
				}
				if !slices.Equal(is.is, want) {
					t.Errorf("scene %d, change %v: items %v, want %v", i, c.Key, is.is, want)
				}
			}
		}
	}
}

// TestDifferAllocatesNothing checks that a Differ comparing scenes of the
// same shape again allocates nothing.
func TestDifferAllocatesNothing(t *testing.T) {
	var its []Item
	for i := range 200 {
		its = append(its, Item{Key: route(i % 50), Kind: Fill, Box: board.Rect{X: float32(i), W: 3, H: 3}, Color: red})
	}
	prev := scene(its...)
	its[7].Color = blue
	next := scene(its...)
	var d Differ
	d.Diff(prev, next)
	if n := testing.AllocsPerRun(20, func() { d.Diff(prev, next) }); n != 0 {
		t.Errorf("a Diff allocates %v times, want none", n)
	}
	if n := len(d.Diff(prev, next)); n != 1 {
		t.Errorf("%d changes, want 1", n)
	}
}
