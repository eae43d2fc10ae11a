package display

import (
	"image/color"
	"math"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/display/scene"
	"ttr/hal"
)

// A Menu is a page of the owner's menu as the screen draws it: plain data,
// every word a message of the catalogue, drawn in the table's language over
// the whole screen, facing the seat that opened it. The table fills it in
// from its menu's model (cmd/table/owner), which display does not know.
type Menu struct {
	Seat  int // the seat it faces
	Title msg.Text
	// Lines are the page's words: what to do, the settings, the records,
	// the checks that failed and what to do about them.
	Lines []msg.Text
	// Keys are the page's keys, in the order drawn; the last is the one
	// kept when not all of them fit (Back).
	Keys []MenuKey
	// Done of Of is the page's progress, drawn as a bar, and Progress
	// says it in words ("Scan the 12 red cards, in any order: 7 of 12");
	// Of 0 and Progress zero for none.
	Done, Of int
	Progress msg.Text
	// Tickets are the tickets offered after a ticket's tag was scanned,
	// each a key, in the order listed.
	Tickets []MenuTicket
	// Result is what the last input did; Refused draws it in red,
	// Accepted in green.
	Result            msg.Text
	Refused, Accepted bool
	// Checks are the hardware check's steps, in order.
	Checks []CheckState
	// Corner is the corner of the picture the check waits a touch in,
	// drawn as a target: 1 top-left, 2 top-right, 3 bottom-right,
	// 4 bottom-left; 0 for none. Fingers draws the area for two fingers.
	Corner  int
	Fingers bool
}

// A MenuKey is a key of the owner's menu. A touch on it is a hal.Touch of
// kind hal.ScreenKey with its ID and Index, at the menu's seat.
type MenuKey struct {
	ID    string
	Index int
	Label msg.Text
	// State is a second, smaller line (how far a deck is enrolled); zero
	// for none.
	State msg.Text
	// Enabled keys answer a touch; Focused is the one the seat's Confirm
	// chooses, marked.
	Enabled, Focused bool
}

// A MenuTicket is a ticket offered for choosing: its two cities as
// printed on it, its points, and its key.
type MenuTicket struct {
	Key    MenuKey
	A, B   string
	Points int
}

// CheckState is how far one step of the hardware check is.
type CheckState uint8

// The states of a check.
const (
	CheckPending CheckState = iota
	CheckCurrent
	CheckPassed
	CheckFailed
	CheckSkipped
)

// Message keys of the screen's own words on the owner's pages.
const (
	menuMore    = "owner_screen.more"    // Count
	menuFingers = "owner_screen.fingers" //
	menuPoints  = "owner_screen.points"  // Points
	menuConfirm = "owner_screen.confirm" //
)

// ShowMenu shows page m of the owner's menu over the screen from the next
// frame drawn (and in HitTest at once); nil hides it. The screen keeps
// its own copy of m's fields, not of the slices: m's slices are not to be
// changed until the next ShowMenu.
func (s *Screen) ShowMenu(m *Menu) {
	if m == nil {
		s.menu.on = false
		return
	}
	if !s.menu.on || !sameMenu(&s.menu.m, m) {
		// Laid out again only when the page changed: the table hands
		// it over every frame.
		s.menu.geom.valid = false
	}
	s.menu.on, s.menu.m = true, *m
}

// sameMenu reports whether two pages draw the same.
func sameMenu(a, b *Menu) bool {
	if a.Seat != b.Seat || a.Done != b.Done || a.Of != b.Of || a.Refused != b.Refused || a.Accepted != b.Accepted ||
		a.Corner != b.Corner || a.Fingers != b.Fingers || len(a.Lines) != len(b.Lines) || len(a.Keys) != len(b.Keys) ||
		len(a.Tickets) != len(b.Tickets) || len(a.Checks) != len(b.Checks) ||
		!textEqual(a.Title, b.Title) || !textEqual(a.Progress, b.Progress) || !textEqual(a.Result, b.Result) {
		return false
	}
	for i := range a.Lines {
		if !textEqual(a.Lines[i], b.Lines[i]) {
			return false
		}
	}
	sameKey := func(x, y *MenuKey) bool {
		return x.ID == y.ID && x.Index == y.Index && x.Enabled == y.Enabled && x.Focused == y.Focused &&
			textEqual(x.Label, y.Label) && textEqual(x.State, y.State)
	}
	for i := range a.Keys {
		if !sameKey(&a.Keys[i], &b.Keys[i]) {
			return false
		}
	}
	for i := range a.Tickets {
		x, y := &a.Tickets[i], &b.Tickets[i]
		if x.A != y.A || x.B != y.B || x.Points != y.Points || !sameKey(&x.Key, &y.Key) {
			return false
		}
	}
	for i := range a.Checks {
		if a.Checks[i] != b.Checks[i] {
			return false
		}
	}
	return true
}

// MenuShown reports whether a page of the owner's menu is shown.
func (s *Screen) MenuShown() bool { return s.menu.on }

// menuScreen is the owner's menu on the screen: the page, where its parts
// go, and their fitted words.
type menuScreen struct {
	on   bool
	m    Menu
	lang msg.Lang // the language it was last drawn in
	geom menuGeom
	// Fitted words.
	title, progress, result, more, fingers, confirm textSlot
	count                                           textSlot // the progress in big figures
	lines                                           listSlot
	inks                                            []string
	keys                                            [][2]textSlot // label, state
	tickets                                         [][2]textSlot // cities, points
}

// menuGeom is a page laid out: a card over the picture, facing the seat,
// and its parts in the card's own coordinates (upright for the seat).
type menuGeom struct {
	valid  bool
	area   board.Rect
	lang   msg.Lang // the language the words were measured in
	u      float32
	edge   Edge
	card   panelGeom
	minU   float32 // the least text size, in u: the strips' least, in millimetres
	target float32 // the least key, in pixels: a fingertip
	// In the card's coordinates.
	title, progress, bar, result, chips, lines, body, fingers, more, confirm board.Rect
	chip                                                                     []board.Rect
	keys                                                                     []board.Rect // Keys[i] for i < shown
	shown                                                                    int          // keys shown (the last one always)
	tickets                                                                  []board.Rect
	points                                                                   float32   // a ticket's points' chip, wide
	split                                                                    []float32 // each key's label share of its height
}

// menuSizes are the least text (in u) and the least key (in pixels) of the
// owner's pages at scale u: the strips' least text and a fingertip in
// millimetres on the panel, where its size is known.
func (s *Screen) menuSizes(u float32) (minU, target float32) {
	minU = minText
	if px := s.opts.Physical.StripTextPx(); px > minU*u {
		// The least text step (the sizes the fonts are made at) that
		// is as large.
		minU = textSteps[len(textSteps)-1]
		for _, st := range textSteps {
			if float32(math.Round(float64(st*u))) >= px {
				minU = st
				break
			}
		}
	}
	return minU, max(s.opts.Physical.TargetPx(), 30*u)
}

// menuFit is how a page's words are fitted: at least minU, at most big.
func menuFit(minU, big float32, bold bool, lines int) fitOpts {
	return fitOpts{bold: bold, min: minU, max: max(big, minU), maxLines: lines}
}

// menuLayout lays the page out on the picture, if it changed.
func (s *Screen) menuLayout() *menuGeom {
	ms := &s.menu
	g := &ms.geom
	area := s.area()
	if ms.lang == "" {
		ms.lang = s.lang
	}
	if g.valid && g.area == area && g.lang == ms.lang {
		return g
	}
	m := &ms.m
	u := scaleOf(area.W, area.H)
	*g = menuGeom{valid: true, area: area, lang: ms.lang, u: u, chip: g.chip[:0], keys: g.keys[:0], tickets: g.tickets[:0], split: g.split[:0]}
	g.minU, g.target = s.menuSizes(u)
	g.edge = Bottom
	if m.Seat >= 0 && m.Seat < len(s.opts.Seats) {
		g.edge = s.opts.Seats[m.Seat]
	}
	g.card = facing(area.Inset(gap*u), g.edge)
	fs := s.fonts
	pad := 8 * u
	sp := gap * u
	w := g.card.w - 2*pad
	line := g.minU * u * lineSpacing // a line at the least size
	y := pad
	row := func(h float32) board.Rect {
		r := board.Rect{X: pad, Y: y, W: w, H: h}
		y += h + sp
		return r
	}
	g.title = row(max(28*u, g.minU*u) * lineSpacing)
	if m.Of > 0 || !m.Progress.IsZero() {
		g.progress = row(2 * line)
		if m.Of > 0 {
			g.bar = row(max(10*u, g.target/3))
		}
	}
	if n := len(m.Checks); n > 0 {
		cs := min(26*u, (w-float32(n-1)*sp/2)/float32(n))
		g.chips = row(cs)
		for i := range n {
			g.chip = append(g.chip, board.Rect{X: pad + float32(i)*(cs+sp/2), Y: g.chips.Y, W: cs, H: cs})
		}
	}
	if m.Of > 0 || len(m.Checks) > 0 || !m.Result.IsZero() {
		// Three lines: a check's hint says what to do, on a page as
		// narrow as a landscape screen's height.
		g.result = row(3 * line)
	}
	bottom := g.card.d - pad
	// The keys' hint at the foot: Confirm chooses the marked key.
	g.confirm = board.Rect{X: pad, Y: bottom - line, W: w, H: line}
	bottom -= line + sp
	// The keys, above the hint, as many to a row as are at least
	// keyMinW wide, each as deep as its words at the least size.
	if n := len(m.Keys); n > 0 {
		kpad := 4 * u
		// While the check waits for a corner, the keys keep out of the
		// corners: a touch there is the check's.
		kx, kw := pad, w
		if m.Corner > 0 {
			along := g.card.w + 2*gap*u
			kx = along/5 - gap*u + sp
			kw = g.card.w - 2*kx
		}
		cols := int(min(4, max(1, math.Floor(float64((kw+sp)/(150*u+sp))))))
		cols = min(cols, n)
		cw := (kw - float32(cols-1)*sp) / float32(cols)
		kh := g.target
		for i := range m.Keys {
			k := &m.Keys[i]
			lh := fs.measure(s.cat, ms.lang, k.Label, cw-2*kpad, menuFit(g.minU, g.minU, true, 0))
			sh := float32(0)
			if !k.State.IsZero() {
				sh = fs.measure(s.cat, ms.lang, k.State, cw-2*kpad, menuFit(g.minU, g.minU, false, 0))
			}
			kh = max(kh, lh+sh+2*kpad)
			g.split = append(g.split, lh/max(1, lh+sh))
		}
		rows := (n + cols - 1) / cols
		// The page's words keep at least a third of the card.
		room := bottom - y - max(g.card.d/3, 2*line)
		if len(m.Lines) == 0 && len(m.Tickets) == 0 && !m.Fingers {
			room = bottom - y
		}
		g.shown = n
		if need := float32(rows)*(kh+sp) - sp; need > room {
			// As many as fit, the last key (Back) among them, and a
			// line that says how many are left out.
			rows = max(1, int((room-line+sp)/(kh+sp)))
			g.shown = min(n, rows*cols)
		}
		top := bottom - float32(rows)*(kh+sp) + sp
		place := func(slot int) board.Rect {
			r, c := slot/cols, slot%cols
			return board.Rect{X: kx + float32(c)*(cw+sp), Y: top + float32(r)*(kh+sp), W: cw, H: kh}
		}
		for i := range n {
			switch {
			case i < g.shown-1:
				g.keys = append(g.keys, place(i))
			case i == n-1:
				g.keys = append(g.keys, place(g.shown-1))
			default:
				g.keys = append(g.keys, board.Rect{}) // left out
			}
		}
		bottom = top - sp
		if g.shown < n {
			g.more = board.Rect{X: pad, Y: bottom - line, W: w, H: line}
			bottom = g.more.Y - sp
		}
	}
	g.body = board.Rect{X: pad, Y: y, W: w, H: max(0, bottom-y)}
	g.lines = g.body
	if len(m.Tickets) > 0 || m.Fingers {
		// The words above, as deep as they are at the least size.
		var h float32
		for _, t := range m.Lines {
			h += fs.measure(s.cat, ms.lang, t, w, menuFit(g.minU, g.minU, false, 0)) + line*0.25
		}
		g.lines.H = min(h, g.body.H)
		rest := board.Rect{X: pad, Y: g.body.Y + g.lines.H + sp, W: w, H: max(0, g.body.H-g.lines.H-sp)}
		if m.Fingers {
			fw := min(rest.W, max(rest.H*1.6, 0))
			g.fingers = board.Rect{X: pad + (w-fw)/2, Y: rest.Y, W: fw, H: rest.H}
		}
		if len(m.Tickets) > 0 {
			s.layTickets(g, rest)
		}
	}
	return g
}

// layTickets lays the tickets offered out in r: rows a fingertip deep at
// least, down each column then across, as many columns as the longest
// name lets.
func (s *Screen) layTickets(g *menuGeom, r board.Rect) {
	m := &s.menu.m
	fs := s.fonts
	u := g.u
	sp := gap * u / 2
	px := g.minU * u
	// A fingertip deep where the panel's size is known; the keys' least
	// depth (menuSizes) would leave a whole map's tickets off the page.
	rowH := max(px*lineSpacing+6*u, s.opts.Physical.TargetPx())
	o := menuFit(g.minU, g.minU, false, 1)
	widest := float32(0)
	for i := range m.Tickets {
		t := &m.Tickets[i]
		widest = max(widest, fs.fit(t.A+" – "+t.B, 1e6, 1e6, o).w)
	}
	pw := fs.fit("99", 1e6, 1e6, menuFit(g.minU, g.minU, true, 1)).w + 8*u
	g.points = pw
	cw := widest + pw + 14*u
	cols := max(1, int((r.W+sp)/(cw+sp)))
	n := len(m.Tickets)
	rows := (n + cols - 1) / cols
	cols = (n + rows - 1) / rows
	if float32(rows)*(rowH+sp)-sp > r.H+0.5 {
		fs.misfit("owner's menu: the tickets offered do not fit the page")
	}
	cw = (r.W - float32(cols-1)*sp) / float32(cols)
	for i := range n {
		c, k := i/rows, i%rows
		g.tickets = append(g.tickets, board.Rect{X: r.X + float32(c)*(cw+sp), Y: r.Y + float32(k)*(rowH+sp), W: cw, H: rowH})
	}
}

// measure returns the height of t worded in lang and fitted in a box w
// wide at o's least size.
func (fs *fonts) measure(cat *msg.Catalog, lang msg.Lang, t msg.Text, w float32, o fitOpts) float32 {
	if t.IsZero() {
		return 0
	}
	return fs.fit(cat.Text(lang, t), w, 1e6, o).h
}

// cornerZone is the part of the picture a touch counts for corner c (0
// top-left, clockwise) in, as the hardware check counts it: a fifth of
// the picture's width and height.
func cornerZone(a board.Rect, c int) board.Rect {
	w, h := a.W/5, a.H/5
	x, y := a.X, a.Y
	if c == 1 || c == 2 {
		x = a.X + a.W - w
	}
	if c == 2 || c == 3 {
		y = a.Y + a.H - h
	}
	return board.Rect{X: x, Y: y, W: w, H: h}
}

// Colours of the owner's pages.
var (
	menuCard    = color.RGBA{24, 28, 34, 246}
	menuKeyOff  = color.RGBA{40, 44, 52, 255}
	menuBarBack = color.RGBA{52, 60, 72, 255}
	menuTarget  = color.RGBA{255, 206, 40, 255}
)

// drawMenu draws the owner's menu's page over everything, when shown.
func (s *Screen) drawMenu(lang msg.Lang) {
	ms := &s.menu
	if !ms.on || s.fonts == nil {
		return
	}
	// What the screen queued so far lies under the page.
	s.fonts.q.flush()
	ms.lang = lang
	g := s.menuLayout()
	m := &ms.m
	u := g.u
	s.begin(&g.card)
	s.cv.part(scene.Key{Part: scene.Menu})
	full := board.Rect{W: g.card.w, H: g.card.d}
	s.cv.round(rect(full), 0.03, 8, menuCard)
	s.cv.roundFrame(rect(full), 0.03, 8, max(1, 2*u), winnerColor)
	fs, cat := s.fonts, s.cat
	ms.title.get(fs, cat, lang, m.Title, g.title.W, g.title.H, menuFit(g.minU, 28, true, 2)).draw(g.title, alignLeft, winnerColor)
	body := menuFit(g.minU, 16, false, 0)
	if g.progress.H > 0 {
		ms.progress.get(fs, cat, lang, m.Progress, g.progress.W, g.progress.H, body).draw(g.progress, alignLeft, progressInk)
	}
	if g.bar.H > 0 {
		s.cv.round(rect(g.bar), 0.5, 6, menuBarBack)
		if m.Done > 0 {
			f := g.bar
			f.W *= min(1, float32(m.Done)/float32(m.Of))
			s.cv.round(rect(f), 0.5, 6, confirmColor)
		}
	}
	if g.result.H > 0 && !m.Result.IsZero() {
		ink := panelInk
		switch {
		case m.Refused:
			ink = failInk
			s.cv.fill(rect(board.Rect{X: g.result.X - 5*u, Y: g.result.Y, W: 3 * u, H: g.result.H}), refuseColor)
		case m.Accepted:
			ink = doneInk
		}
		ms.result.get(fs, cat, lang, m.Result, g.result.W, g.result.H, body).draw(g.result, alignLeft, ink)
	}
	if m.Of > 0 && len(m.Lines) == 0 && len(m.Tickets) == 0 && len(m.Checks) == 0 && g.body.H > 0 {
		// Nothing else to read: the count, in figures read from afar.
		t := msg.Text{Key: "owner_pages.progress", Args: map[string]any{"Done": m.Done, "Of": m.Of}}
		ms.count.get(fs, cat, lang, t, g.body.W, g.body.H, menuFit(g.minU, 42, true, 1)).draw(g.body, alignCenter, panelInk)
	}
	for i, c := range g.chip {
		s.cv.part(scene.Key{Part: scene.MenuCheck, Index: i})
		s.drawCheckChip(c, m.Checks[i], u)
	}
	if len(m.Lines) > 0 && g.lines.H > 0 {
		ms.inks = ms.inks[:0]
		for _, t := range m.Lines {
			ms.inks = append(ms.inks, t.Key)
		}
		fl := ms.lines.get(fs, cat, lang, m.Lines, ms.inks, g.lines.W, g.lines.H, body)
		for i := range fl.items {
			s.cv.part(scene.Key{Part: scene.MenuLine, Index: i})
			it := &fl.items[i]
			it.drawAt(g.lines.X+fl.pos[i].X, g.lines.Y+fl.pos[i].Y, it.w, alignLeft, menuInk(fl.keys[i]))
		}
	}
	if g.fingers.W > 0 {
		s.cv.part(scene.Key{Part: scene.Menu})
		s.drawFingers(g.fingers, u)
		in := g.fingers.Inset(6 * u)
		in.H = g.minU * u * lineSpacing * 2
		ms.fingers.get(fs, cat, lang, msg.Text{Key: menuFingers}, in.W, in.H, body).draw(in, alignCenter, panelDim)
	}
	if len(ms.tickets) < len(m.Tickets) {
		ms.tickets = make([][2]textSlot, len(m.Tickets))
	}
	for i := range m.Tickets {
		if i < len(g.tickets) {
			s.drawTicketKey(lang, g, &m.Tickets[i], g.tickets[i], &ms.tickets[i])
		}
	}
	if len(ms.keys) < len(m.Keys) {
		ms.keys = make([][2]textSlot, len(m.Keys))
	}
	for i := range m.Keys {
		if i < len(g.keys) && g.keys[i].W > 0 {
			s.drawMenuKey(lang, g, &m.Keys[i], g.keys[i], g.split[i], &ms.keys[i])
		}
	}
	s.cv.part(scene.Key{Part: scene.Menu})
	if g.more.H > 0 {
		t := msg.Text{Key: menuMore, Args: map[string]any{"Count": len(m.Keys) - g.shown}}
		ms.more.get(fs, cat, lang, t, g.more.W, g.more.H, menuFit(g.minU, g.minU, false, 1)).draw(g.more, alignLeft, panelDim)
	}
	if len(m.Keys) > 0 {
		ms.confirm.get(fs, cat, lang, msg.Text{Key: menuConfirm}, g.confirm.W, g.confirm.H, menuFit(g.minU, g.minU, false, 1)).draw(g.confirm, alignCenter, panelDim)
	}
	s.done()
	if m.Corner >= 1 && m.Corner <= 4 {
		s.drawTarget(g, m.Corner-1)
	}
	s.fonts.q.flush()
}

// menuInk is the colour of a page's line: a failed check's in red.
func menuInk(key string) color.RGBA {
	switch key {
	case "owner_pages.check_failed", "owner_pages.history_unreadable", "owner_pages.game_unreadable":
		return failInk
	}
	return panelInk
}

// drawMenuKey draws a key of the page: its label over its state, the
// focused key (Confirm's) ringed, a disabled key dim.
func (s *Screen) drawMenuKey(lang msg.Lang, g *menuGeom, k *MenuKey, r board.Rect, split float32, sl *[2]textSlot) {
	u := g.u
	s.cv.part(scene.Key{Part: scene.MenuKey, Index: k.Index, Name: k.ID})
	bg, ink, dim := keyColor, panelInk, panelDim
	if !k.Enabled {
		bg, ink, dim = menuKeyOff, panelDim, withAlpha(panelDim, 0.8)
	}
	if k.Focused {
		s.cv.round(rect(r.Inset(-3*u)), 0.2, 6, currentColor)
	}
	s.cv.round(rect(r), 0.2, 6, bg)
	s.cv.roundFrame(rect(r), 0.2, 6, max(1, 1.5*u), withAlpha(panelInk, 0.5))
	in := r.Inset(4 * u)
	if k.State.IsZero() {
		sl[0].get(s.fonts, s.cat, lang, k.Label, in.W, in.H, menuFit(g.minU, 16, true, 0)).draw(in, alignCenter, ink)
		return
	}
	top := board.Rect{X: in.X, Y: in.Y, W: in.W, H: in.H * split}
	low := board.Rect{X: in.X, Y: in.Y + top.H, W: in.W, H: in.H - top.H}
	sl[0].get(s.fonts, s.cat, lang, k.Label, top.W, top.H, menuFit(g.minU, 16, true, 0)).draw(top, alignCenter, ink)
	sl[1].get(s.fonts, s.cat, lang, k.State, low.W, low.H, menuFit(g.minU, 14, false, 0)).draw(low, alignCenter, dim)
}

// drawTicketKey draws a ticket offered: its cities as printed, its points
// in a chip.
func (s *Screen) drawTicketKey(lang msg.Lang, g *menuGeom, t *MenuTicket, r board.Rect, sl *[2]textSlot) {
	u := g.u
	s.cv.part(scene.Key{Part: scene.MenuKey, Index: t.Key.Index, Name: t.Key.ID})
	if t.Key.Focused {
		s.cv.round(rect(r.Inset(-2*u)), 0.2, 6, currentColor)
	}
	s.cv.round(rect(r), 0.2, 6, ticketBack)
	pr := board.Rect{X: r.X + r.W - g.points - 2*u, Y: r.Y + 2*u, W: g.points, H: r.H - 4*u}
	s.cv.round(rect(pr), 0.4, 6, cardBack)
	o := menuFit(g.minU, 16, false, 1)
	names := board.Rect{X: r.X + 5*u, Y: r.Y, W: pr.X - r.X - 8*u, H: r.H}
	sl[0].getRaw(s.fonts, t.A+" – "+t.B, names.W, names.H, o).draw(names, alignLeft, color.RGBA{30, 30, 34, 255})
	pt := msg.Text{Key: menuPoints, Args: map[string]any{"Points": t.Points}}
	sl[1].get(s.fonts, s.cat, lang, pt, pr.W, pr.H, menuFit(g.minU, 16, true, 1)).draw(pr, alignCenter, panelInk)
}

// drawCheckChip draws one step of the hardware check: grey to come, ringed
// under way, green passed, red failed, dim skipped.
func (s *Screen) drawCheckChip(r board.Rect, st CheckState, u float32) {
	switch st {
	case CheckCurrent:
		s.cv.round(rect(r), 0.3, 6, keyColor)
		s.cv.roundFrame(rect(r), 0.3, 6, max(1.5, 2.5*u), currentColor)
	case CheckPassed:
		s.cv.round(rect(r), 0.3, 6, confirmColor)
		iconCheck(&s.cv, r.Inset(r.W*0.2), panelInk)
	case CheckFailed:
		s.cv.round(rect(r), 0.3, 6, cancelColor)
		iconCross(&s.cv, r.Inset(r.W*0.28), panelInk)
	case CheckSkipped:
		s.cv.round(rect(r), 0.3, 6, menuKeyOff)
		s.cv.line(rl.Vector2{X: r.X + r.W*0.25, Y: r.Y + r.H/2}, rl.Vector2{X: r.X + r.W*0.75, Y: r.Y + r.H/2}, max(1.5, r.W*0.12), panelDim)
	default:
		s.cv.round(rect(r), 0.3, 6, menuKeyOff)
	}
}

// drawFingers draws the area for the two-finger check: a frame with two
// fingertips in it.
func (s *Screen) drawFingers(r board.Rect, u float32) {
	s.cv.round(rect(r), 0.1, 8, withAlpha(menuBarBack, 0.7))
	s.cv.roundFrame(rect(r), 0.1, 8, max(1, 2*u), withAlpha(menuTarget, 0.8))
	c := r.Center()
	d := min(r.W, r.H) * 0.12
	for _, dx := range []float32{-1.4, 1.4} {
		s.cv.circle(rl.Vector2{X: c.X + dx*d, Y: c.Y + d*0.5}, d, withAlpha(panelInk, 0.35))
	}
}

// drawTarget draws corner c's target in the picture (not turned with the
// page: a corner is the picture's), where the check waits for a touch.
func (s *Screen) drawTarget(g *menuGeom, c int) {
	z := cornerZone(g.area, c)
	s.cv.part(scene.Key{Part: scene.MenuTarget, Index: c})
	at := rl.Vector2(z.Center())
	r := min(z.W, z.H) * 0.42
	s.cv.circle(at, r, withAlpha(menuCard, 0.85))
	s.cv.ring(at, r*0.82, r, 0, 360, 48, menuTarget)
	s.cv.ring(at, r*0.45, r*0.6, 0, 360, 36, menuTarget)
	s.cv.circle(at, r*0.18, refuseColor)
}

// hitMenu resolves a touch at logical point p while the menu is shown: a
// key of the page, or nothing (t, with its window pixel: a finger for the
// corners and two-finger checks). The corner waited for comes first.
func (s *Screen) hitMenu(p board.Vec, t hal.Touch) hal.Touch {
	if s.fonts == nil {
		return t
	}
	g := s.menuLayout()
	m := &s.menu.m
	if m.Corner >= 1 && m.Corner <= 4 && cornerZone(g.area, m.Corner-1).Contains(p) {
		return t
	}
	q := g.card.toLocal(p)
	key := func(k *MenuKey) hal.Touch {
		t.Kind, t.ID, t.Index, t.Seat = hal.ScreenKey, k.ID, k.Index, hal.Seat(m.Seat)
		return t
	}
	for i := range m.Keys {
		if i < len(g.keys) && g.keys[i].W > 0 && g.keys[i].Inset(-gap*g.u/3).Contains(q) && m.Keys[i].Enabled {
			return key(&m.Keys[i])
		}
	}
	for i := range m.Tickets {
		if i < len(g.tickets) && g.tickets[i].Contains(q) && m.Tickets[i].Key.Enabled {
			return key(&m.Tickets[i].Key)
		}
	}
	return t
}
