package display

import (
	"image/color"
	"time"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/display/scene"
	"ttr/hal"
	"ttr/input"
)

// The name keyboard: while a seat's SeatView.Typing is set on the start
// screen, a plate over its panel, facing the seat, shows the name as typed
// so far and three rows of keys: the letters of the table's language
// (input.KeyboardRows), Delete, OK and Space. HitTest resolves its keys
// before the panels' own (a keyboard reaches over the board) and sends them
// as input.KeyType keys; input (names.go) does the typing. Outside the
// keyboard, a playing seat's start strip has a Name key (input.KeyName)
// at the end of its words, before the colours (nameKey).

// kbKey is a key of the name keyboard: its ID after input.KeyType, its
// width in units and its rectangle in the panel's coordinates.
type kbKey struct {
	id    string
	units float32
	r     board.Rect
}

// Widths of the keyboard's wide keys, in letter keys.
const (
	kbBackUnits  = 2
	kbDoneUnits  = 2
	kbSpaceUnits = 3
)

// keyboardGeom is a panel's name keyboard: its plate, the line showing
// the name and the keys.
type keyboardGeom struct {
	lang  string
	plate board.Rect
	line  board.Rect
	keys  []kbKey
}

// Sizes of the keyboard, in u: a key row's height (a fingertip's width on
// the table's glass), the name's line, the gap between keys.
const (
	kbRowH  = 26
	kbLineH = 20
	kbGap   = 4
)

// layKeyboard places the keyboard of lang on panel pg (local coordinates).
// Its plate lies over the panel, from the seat's edge inwards, as deep as
// the name's line and the rows of keys need: deeper than the panel, it
// reaches over the board, and is then narrower than the panel, to keep
// clear of the panels of the seats beside (others, on the screen) and of
// their keyboards. The keys keep the rows of input.KeyboardRows where they
// fit at a fingertip's width; on a shorter plate they flow into more rows.
func layKeyboard(pg *panelGeom, u float32, lang string, others []board.Rect) keyboardGeom {
	kg := keyboardGeom{lang: lang}
	var rows [][]kbKey
	for _, row := range input.KeyboardRows(lang) {
		var keys []kbKey
		for _, l := range row {
			keys = append(keys, kbKey{id: string(l), units: 1})
		}
		rows = append(rows, keys)
	}
	rows[0] = append(rows[0], kbKey{id: input.TypeBack, units: kbBackUnits})
	rows[1] = append(rows[1], kbKey{id: input.TypeDone, units: kbDoneUnits})
	rows[2] = append(rows[2], kbKey{id: input.TypeSpace, units: kbSpaceUnits})
	g := kbGap * u
	pad := pg.pad
	rowH := kbRowH * u
	depthOf := func(n int) float32 { return max(pg.d, 2*pad+kbLineH*u+float32(n)*(rowH+g)) }
	end := keyboardEnd(pg, depthOf(len(rows)), others, u)
	width := pg.w - 2*end - 2*pad
	units := func(rows [][]kbKey) float32 {
		most := float32(0)
		for _, row := range rows {
			n := float32(0)
			for _, k := range row {
				n += k.units
			}
			most = max(most, n)
		}
		return most
	}
	most := units(rows)
	minW := rowH * 0.8
	if (width-(most-1)*g)/most < minW {
		// Too short for the rows: as many keys a row as fit.
		per := max(float32(int((width+g)/(minW+g))), kbSpaceUnits)
		var flow [][]kbKey
		var cur []kbKey
		n := float32(0)
		for _, row := range rows {
			for _, k := range row {
				if n+k.units > per {
					flow, cur, n = append(flow, cur), nil, 0
				}
				cur, n = append(cur, k), n+k.units
			}
		}
		rows = append(flow, cur)
		most = units(rows)
	}
	depth := depthOf(len(rows))
	kg.plate = board.Rect{X: end, Y: pg.d - depth, W: pg.w - 2*end, H: depth}
	area := kg.plate.Inset(pad)
	kg.line = board.Rect{X: area.X, Y: area.Y, W: area.W, H: kbLineH * u}
	rh := (area.H - kg.line.H - float32(len(rows))*g) / float32(len(rows))
	unit := (area.W - (most-1)*g) / most
	for i, row := range rows {
		x := area.X
		y := area.Y + kg.line.H + g + float32(i)*(rh+g)
		for _, k := range row {
			w := k.units*unit + (k.units-1)*g
			k.r = board.Rect{X: x, Y: y, W: w, H: rh}
			x += w + g
			kg.keys = append(kg.keys, k)
		}
	}
	return kg
}

// keyboardEnd is how far from each end of panel pg a keyboard plate depth
// deep must stop to keep clear of the other panels, and of the keyboards
// they may open (as deep over the board as this one).
func keyboardEnd(pg *panelGeom, depth float32, others []board.Rect, u float32) float32 {
	end := float32(0)
	ext := depth - pg.d
	if ext <= 0 {
		return end
	}
	end = gap * u
	for _, r := range others {
		lr := localRect(pg, r.Inset(-ext))
		if lr.Y+lr.H <= -ext || lr.Y >= 0 {
			continue // not where the plate reaches over the board
		}
		if lr.X+lr.W <= pg.w/2 {
			end = max(end, lr.X+lr.W+gap*u)
		} else if lr.X >= pg.w/2 {
			end = max(end, pg.w-lr.X+gap*u)
		}
	}
	return end
}

// localRect is the rectangle r of the screen in pg's coordinates (the
// bounds of its corners: panels are turned by quarter turns).
func localRect(pg *panelGeom, r board.Rect) board.Rect {
	a := pg.toLocal(board.Vec{X: r.X, Y: r.Y})
	b := pg.toLocal(board.Vec{X: r.X + r.W, Y: r.Y + r.H})
	return board.Rect{X: min(a.X, b.X), Y: min(a.Y, b.Y), W: abs32(b.X - a.X), H: abs32(b.Y - a.Y)}
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// nameKey is where a playing seat's Name key is on the start screen: at
// the end of the start strip's words (pg.startMsg), before the colours or
// the keys' column, as high as the words' row; nameLine leaves it room.
func nameKey(pg *panelGeom, u float32) board.Rect {
	r := pg.startMsg
	w := min(max(r.W*0.4, minNameKey*u), 110*u, r.W)
	h := min(r.H, 40*u)
	return board.Rect{X: r.X + r.W - w, Y: r.Y + (r.H-h)/2, W: w, H: h}
}

// minNameKey is the narrowest Name key, in u: room for the word.
const minNameKey = 64

// nameLine is what is left of r, the start strip's words where the
// player's name is written, beside the Name key.
func nameLine(pg *panelGeom, u float32, r board.Rect) board.Rect {
	k := nameKey(pg, u)
	r.W = max(k.X-gap*u-r.X, 0)
	return r
}

// keyboardFor returns seat's keyboard geometry in lang, laid out again
// when the panel or the language changed.
func (s *Screen) keyboardFor(pg *panelGeom, u float32, lang string) *keyboardGeom {
	c := s.keyboardCache(pg.seat)
	if c.geom.lang != lang || c.w != pg.w || c.d != pg.d || c.u != u || c.geom.keys == nil {
		var others []board.Rect
		if lay := s.layoutFor(input.ModeStart); lay != nil {
			for i := range lay.panels {
				if lay.panels[i].seat != pg.seat {
					others = append(others, lay.panels[i].rect)
				}
			}
		}
		c.geom = layKeyboard(pg, u, lang, others)
		c.w, c.d, c.u = pg.w, pg.d, u
		c.labels = make([]textSlot, len(c.geom.keys))
		c.texts = make([]msg.Text, len(c.geom.keys))
		for i, k := range c.geom.keys {
			switch k.id {
			case input.TypeBack, input.TypeDone, input.TypeSpace:
				c.texts[i] = msg.Text{Key: "name." + k.id}
			}
		}
	}
	return &c.geom
}

// keyboardCache returns seat's keyboard cache, made on first use.
func (s *Screen) keyboardCache(seat int) *keyboardCache {
	if s.keyboards == nil {
		s.keyboards = map[int]*keyboardCache{}
	}
	c := s.keyboards[seat]
	if c == nil {
		c = &keyboardCache{}
		s.keyboards[seat] = c
	}
	return c
}

// keyboardCache is one seat's keyboard: its geometry and fitted labels.
type keyboardCache struct {
	geom      keyboardGeom
	w, d, u   float32
	labels    []textSlot
	texts     []msg.Text
	prompt    textSlot
	name      textSlot
	nameLabel textSlot
}

// hitKeyboards resolves a touch at p (screen coordinates of the layout)
// on an open name keyboard: its key, or Nothing at its seat on the plate
// between the keys. false when p is on no keyboard. Where two open
// keyboards overlap, the one drawn last (the later seat's) is on top.
func (s *Screen) hitKeyboards(lay *screenLayout, p board.Vec, t hal.Touch) (hal.Touch, bool) {
	for i := len(lay.panels) - 1; i >= 0; i-- {
		pg := &lay.panels[i]
		k := s.shown[pg.seat]
		if !k.typing {
			continue
		}
		kg := s.keyboardFor(pg, lay.u, k.lang)
		q := pg.toLocal(p)
		if !kg.plate.Contains(q) {
			continue
		}
		t.Seat = hal.Seat(pg.seat)
		g := kbGap * lay.u
		for _, key := range kg.keys {
			if key.r.Inset(-g / 2).Contains(q) {
				t.Kind, t.ID = hal.ScreenKey, scene.Key{Part: scene.TypeKey, Name: key.id}.ID()
				return t, true
			}
		}
		return t, true
	}
	return t, false
}

// kbPlateColor is the keyboard's plate: the panels' colour, opaque, since
// it lies over the board.
var kbPlateColor = color.RGBA{panelColor.R, panelColor.G, panelColor.B, 255}

// Text sizes of the keyboard.
var (
	kbLetterFit = fitOpts{bold: true, min: minText, max: 20, maxLines: 1}
	kbWordFit   = fitOpts{bold: true, min: minText, max: 15, maxLines: 1}
	kbLineFit   = fitOpts{bold: true, min: minText, max: 18, maxLines: 1}
)

// drawKeyboard draws seat sv's name keyboard on its panel, instead of the
// panel's start screen keys (local coordinates, already turned to face the
// seat by begin).
func (s *Screen) drawKeyboard(lang msg.Lang, pg *panelGeom, sv *input.SeatView) {
	u := s.fonts.u
	kg := s.keyboardFor(pg, u, string(lang))
	c := s.keyboards[pg.seat]
	// The keyboard lies over what was drawn before it, words included
	// (queued until the end of the frame otherwise).
	s.done()
	s.fonts.q.flush()
	s.begin(pg)
	s.cv.round(rect(board.Rect{W: pg.w, H: pg.d}), panelRound, 6, panelColor)
	s.cv.round(rect(kg.plate), 0.08, 6, kbPlateColor)
	s.cv.roundFrame(rect(kg.plate), 0.08, 6, panelEdgeWidth(u), currentColor)
	// The line: "Your name:" (or a refusal) and the name so far, with a
	// caret.
	line := kg.line
	pw := line.W * 0.45
	pr := board.Rect{X: line.X, Y: line.Y, W: pw, H: line.H}
	prompt, ink := msg.Text{Key: "name.prompt"}, panelDim
	if s.noticeShown(sv) {
		prompt, ink = sv.Notice.Text, noticeInk(sv)
	}
	c.prompt.get(s.fonts, s.cat, lang, prompt, pr.W, pr.H, kbLineFit).draw(pr, alignLeft, ink)
	nr := board.Rect{X: line.X + pw + gap*u, Y: line.Y, W: line.W - pw - gap*u, H: line.H}
	s.cv.round(rect(nr), 0.3, 6, color.RGBA{28, 30, 36, 255})
	typed := typedName(sv)
	in := nr.Inset(3 * u)
	ft := c.name.getRaw(s.fonts, typed+"|", in.W, in.H, kbLineFit)
	ft.draw(in, alignLeft, keyOnColor)
	for i, k := range kg.keys {
		s.cv.part(scene.Key{Part: scene.TypeKey, Seat: pg.seat, Name: k.id})
		bg := keyColor
		switch k.id {
		case input.TypeDone:
			bg = confirmColor
		case input.TypeBack:
			bg = cancelColor
		}
		s.cv.round(rect(k.r), 0.25, 6, bg)
		s.cv.roundFrame(rect(k.r), 0.25, 6, max(1, 1.2*u), withAlpha(panelInk, 0.6))
		ki := k.r.Inset(2 * u)
		if c.texts[i].Key != "" {
			c.labels[i].get(s.fonts, s.cat, lang, c.texts[i], ki.W, ki.H, kbWordFit).draw(ki, alignCenter, panelInk)
			continue
		}
		c.labels[i].getRaw(s.fonts, k.id, ki.W, ki.H, kbLetterFit).draw(ki, alignCenter, panelInk)
	}
}

// typedName is the name typed so far on seat sv's keyboard: its Name's
// argument when named, "" while it still has the colour's name.
func typedName(sv *input.SeatView) string {
	if sv.Name.Key != "player.name" {
		return ""
	}
	n, _ := sv.Name.Args["Name"].(string)
	return n
}

// drawNameKey draws a playing seat's Name key on the start screen.
func (s *Screen) drawNameKey(lang msg.Lang, pg *panelGeom) {
	u := s.fonts.u
	r := nameKey(pg, u)
	if r.H < 8*u {
		return
	}
	c := s.keyboardCache(pg.seat)
	s.cv.round(rect(r), 0.3, 6, keyColor)
	s.cv.roundFrame(rect(r), 0.3, 6, max(1, 1.5*u), withAlpha(panelInk, 0.7))
	in := r.Inset(2 * u)
	c.nameLabel.get(s.fonts, s.cat, lang, msg.Text{Key: "name.edit"}, in.W, in.H, kbWordFit).draw(in, alignCenter, panelInk)
}

// KeyTouch is an on-screen key as a touch names it: its ID (input.Key...)
// and the seat whose panel shows it, -1 for the keys in the middle of the
// screen.
type KeyTouch struct {
	ID   string
	Seat hal.Seat
}

// KeyCentres returns where each on-screen key of v is on a screen laid out
// as opts says: the window pixel at its middle, found by hit-testing the
// screen every step pixels, as the table resolves a touch. It needs no
// window: tests and tools use it to touch a key as a person would.
func KeyCentres(cat *msg.Catalog, opts ScreenOpts, v *input.View, step int) (map[KeyTouch][2]float32, error) {
	s, err := newScreen(cat, opts)
	if err != nil {
		return nil, err
	}
	s.prepare(v)
	step = max(step, 1)
	type sum struct{ x, y, n float64 }
	sums := map[KeyTouch]*sum{}
	for y := opts.Y; y < opts.Y+opts.Height; y += step {
		for x := opts.X; x < opts.X+opts.Width; x += step {
			t := s.HitTest(float32(x), float32(y), time.Time{})
			if t.Kind != hal.ScreenKey {
				continue
			}
			k := KeyTouch{ID: t.ID, Seat: t.Seat}
			if sums[k] == nil {
				sums[k] = &sum{}
			}
			sm := sums[k]
			sm.x, sm.y, sm.n = sm.x+float64(x), sm.y+float64(y), sm.n+1
		}
	}
	out := make(map[KeyTouch][2]float32, len(sums))
	for k, sm := range sums {
		out[k] = [2]float32{float32(sm.x / sm.n), float32(sm.y / sm.n)}
	}
	return out, nil
}

// noticeInk is the colour of a notice's words on the keyboard's line: a
// refusal in red, news in blue, light enough to read on the plate.
func noticeInk(sv *input.SeatView) color.RGBA {
	if sv.Notice.Refused {
		return color.RGBA{255, 150, 140, 255}
	}
	return color.RGBA{150, 200, 255, 255}
}
