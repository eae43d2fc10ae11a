package scene

import "ttr/display/board"

// A Change is a part of the screen that two scenes draw differently: its
// items were added, removed or changed. Damage is where the screen must be
// drawn again: the union of the part's old and new bounds.
type Change struct {
	Key    Key
	Damage board.Rect
}

// Diff returns the parts that next draws differently from prev, in the
// order next draws them, then the parts only prev drew. A part is the same
// when its items, in their order, are equal in every field that shows
// (kind, place, turn, size, colour, text); a part whose items only moved
// in the order of the whole scene is the same.
func Diff(prev, next *Scene) []Change {
	old := groups(prev)
	now := groups(next)
	var cs []Change
	for _, k := range next.Keys() {
		a, b := old[k], now[k]
		if sameItems(prev, a, next, b) {
			continue
		}
		d := boundsOf(next, b)
		if len(a) > 0 {
			d = union(d, boundsOf(prev, a))
		}
		cs = append(cs, Change{Key: k, Damage: d})
	}
	for _, k := range prev.Keys() {
		if _, ok := now[k]; !ok {
			cs = append(cs, Change{Key: k, Damage: boundsOf(prev, old[k])})
		}
	}
	return cs
}

// groups returns the indexes of sc's items by key.
func groups(sc *Scene) map[Key][]int {
	g := make(map[Key][]int)
	for i := range sc.Items {
		k := sc.Items[i].Key
		g[k] = append(g[k], i)
	}
	return g
}

func sameItems(a *Scene, ai []int, b *Scene, bi []int) bool {
	if len(ai) != len(bi) {
		return false
	}
	for j := range ai {
		if !a.Items[ai[j]].equal(&b.Items[bi[j]]) {
			return false
		}
	}
	return true
}

func boundsOf(sc *Scene, is []int) board.Rect {
	r := sc.Items[is[0]].Bounds
	for _, i := range is[1:] {
		r = union(r, sc.Items[i].Bounds)
	}
	return r
}
