package scene

// A Differ finds the parts two scenes draw differently, as Diff does,
// keeping its memory from one call to the next: a screen compares the
// scene of its still layer with the one before at every change, and
// Diff's maps were most of what a frame after an event allocated. It
// also gives each change's items (Items), for finding where inside the
// part they changed. The zero Differ is ready to use.
type Differ struct {
	old, now keyGroups // the items of each key, in prev and in next
	changes  []Change  // the last Diff's, reused
	at       []int     // for each change, its group in now, or -1
	from     []int     // for each change, its group in old, or -1
}

// keyGroups are the indexes of a scene's items by key, in the order the
// keys first draw, keeping their memory.
type keyGroups struct {
	of    map[Key]int // key to its place in keys and items
	keys  []Key
	items [][]int
}

// reset groups the items of sc.
func (g *keyGroups) reset(sc *Scene) {
	if g.of == nil {
		g.of = make(map[Key]int)
	}
	clear(g.of)
	g.keys = g.keys[:0]
	for i := range sc.Items {
		k := sc.Items[i].Key
		j, ok := g.of[k]
		if !ok {
			j = len(g.keys)
			g.of[k] = j
			g.keys = append(g.keys, k)
			if j < len(g.items) {
				g.items[j] = g.items[j][:0]
			} else {
				g.items = append(g.items, nil)
			}
		}
		g.items[j] = append(g.items[j], i)
	}
}

// Diff returns the parts that next draws differently from prev, as the
// package's Diff does, in the same order; the slice is the Differ's, good
// until its next Diff.
func (d *Differ) Diff(prev, next *Scene) []Change {
	d.old.reset(prev)
	d.now.reset(next)
	d.changes, d.at, d.from = d.changes[:0], d.at[:0], d.from[:0]
	for j, k := range d.now.keys {
		b := d.now.items[j]
		i, ok := d.old.of[k]
		var a []int
		if ok {
			a = d.old.items[i]
		} else {
			i = -1
		}
		if sameItems(prev, a, next, b) {
			continue
		}
		r := boundsOf(next, b)
		if len(a) > 0 {
			r = union(r, boundsOf(prev, a))
		}
		d.changes = append(d.changes, Change{Key: k, Damage: r})
		d.at, d.from = append(d.at, j), append(d.from, i)
	}
	for i, k := range d.old.keys {
		if _, ok := d.now.of[k]; !ok {
			d.changes = append(d.changes, Change{Key: k, Damage: boundsOf(prev, d.old.items[i])})
			d.at, d.from = append(d.at, -1), append(d.from, i)
		}
	}
	return d.changes
}

// Items returns the indexes of the items of the last Diff's change i in
// prev and in next, in their order (none where the part was added or
// removed); the slices are the Differ's, good until its next Diff.
func (d *Differ) Items(i int) (prev, next []int) {
	if j := d.from[i]; j >= 0 {
		prev = d.old.items[j]
	}
	if j := d.at[i]; j >= 0 {
		next = d.now.items[j]
	}
	return prev, next
}

// Equal reports whether a and b draw the same pixels: the same part, kind,
// place, turn, size, colour and text (Diff's test of a part's items).
func (a *Item) Equal(b *Item) bool { return a.equal(b) }
