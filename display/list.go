package display

import (
	"image/color"

	"ttr/display/board"
	"ttr/display/msg"
)

// A fittedList is a list of texts (the end screen's lines) laid out in a
// box: each item wrapped to a column's width, the items flowing down one
// column after the other, all at one size.
type fittedList struct {
	items []fitted
	pos   []board.Vec // each item's top left, relative to the box
	keys  []string    // each item's message key, for its colour
	ok    bool
}

// fitList lays items out in a w x h box at the largest text step between
// o.min and o.max with at most 3 columns.
func (fs *fonts) fitList(items []string, w, h float32, o fitOpts) fittedList {
	var last fittedList
	for i := len(fs.sizes) - 1; i >= 0; i-- {
		px := fs.sizes[i]
		if px > o.max*fs.u+0.5 {
			continue
		}
		if px < o.min*fs.u-0.5 && last.items != nil {
			break
		}
		for cols := 1; cols <= 3; cols++ {
			l, ok := layList(fs.face(o.bold, px), items, px, w, h, cols)
			last = l
			if ok {
				return l
			}
		}
	}
	if !o.optional {
		for _, it := range items {
			fs.misfit(it)
		}
	}
	return last
}

func layList(f *face, items []string, px, w, h float32, cols int) (fittedList, bool) {
	g := px * 0.9 // between columns
	cw := (w - float32(cols-1)*g) / float32(cols)
	l := fittedList{ok: true}
	col, y := 0, float32(0)
	itemGap := px * 0.25
	for _, it := range items {
		ft := wrap(f, []rune(it), px, cw)
		if ft.w > cw+0.5 || ft.broken {
			l.ok = false
		}
		if y > 0 && y+ft.h > h+0.5 {
			col++
			y = 0
		}
		if col >= cols || ft.h > h+0.5 {
			l.ok = false
		}
		l.items = append(l.items, ft)
		l.pos = append(l.pos, board.Vec{X: float32(col) * (cw + g), Y: y})
		y += ft.h + itemGap
	}
	return l, l.ok
}

// draw draws the list in box r, each item in the colour ink gives its key.
func (l *fittedList) draw(r board.Rect, ink func(key string) color.RGBA) {
	for i := range l.items {
		col := ink("")
		if i < len(l.keys) {
			col = ink(l.keys[i])
		}
		l.items[i].drawAt(r.X+l.pos[i].X, r.Y+l.pos[i].Y, l.items[i].w, alignLeft, col)
	}
}

// A listSlot caches a fitted list, like textSlot.
type listSlot struct {
	lang  msg.Lang
	texts []msg.Text
	w, h  float32
	opts  fitOpts
	fit   fittedList
	valid bool
}

// get returns ts worded in lang and fitted into w x h.
// inks, if not nil, are the keys that colour each line (else its own key).
func (s *listSlot) get(fs *fonts, cat *msg.Catalog, lang msg.Lang, ts []msg.Text, inks []string, w, h float32, o fitOpts) *fittedList {
	if s.valid && s.lang == lang && s.w == w && s.h == h && s.opts == o && len(s.texts) == len(ts) {
		same := true
		for i := range ts {
			if !textEqual(s.texts[i], ts[i]) {
				same = false
				break
			}
		}
		if same {
			return &s.fit
		}
	}
	s.lang, s.w, s.h, s.opts, s.valid = lang, w, h, o, true
	s.texts = append(s.texts[:0], ts...)
	strs := make([]string, len(ts))
	keys := make([]string, len(ts))
	for i, t := range ts {
		strs[i] = cat.Text(lang, t)
		keys[i] = t.Key
		if i < len(inks) {
			keys[i] = inks[i]
		}
	}
	s.fit = fs.fitList(strs, w, h, o)
	s.fit.keys = keys
	return &s.fit
}
