package display

import (
	"image/color"
	"time"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/display/scene"
	"ttr/hal"
	"ttr/input"
)

// A seat's pages, drawn over the board in front of its strip and facing
// it: the help page (SeatView.Help: the rules summary, the current step's
// section first, turned page by page with Next; Stop game at its head),
// the last moves (SeatView.Moves, moves.go), and the words that must not
// cover the prompt of the seat the table waits for: its notice, and
// first-game mode's explanation (SeatView.Explain), in bubbles between
// the strip and the board.

// pageSlots are the fitted texts of a seat's pages.
type pageSlots struct {
	title, footer, next, stop textSlot
	lines                     []textSlot // the help page's titles and lines, in order
	explain                   []textSlot // the explanation's title and lines
	notice                    textSlot
	moves                     []textSlot // the last moves, newest first
	movesTitle, movesNone     textSlot
	// pages are where each help line goes, for the page shown: its slot,
	// column and top, worked out when the page's words change.
	place    []linePlace
	pages    int
	placeKey pageKey
}

// linePlace is where one line of the help page goes.
type linePlace struct {
	page, col int
	y         float32
	title     bool
}

// pageKey is what the help page's placing depends on.
type pageKey struct {
	lang    msg.Lang
	first   input.Topic
	n       int
	w, h, u float32
}

// pageColor is a page's plate: opaque, so that nothing moving on the board
// shows through.
var pageColor = color.RGBA{24, 28, 34, 255}

// Sizes of the pages, in u.
const (
	pageMargin  = 4   // between a page and the board's edge or the strip
	pagePad     = 5   // inside a page
	pageColMin  = 300 // the narrowest column of the help page
	pageMaxLong = 520
	pageMaxDeep = 260
	bubbleGap   = 10 // between a strip and its bubbles
)

// Text sizes of the pages.
var (
	pageTitleFit = fitOpts{bold: true, min: minText, max: 18, maxLines: 1}
	pageLineFit  = fitOpts{min: minText, max: minText, maxLines: 2}
	pageBoldFit  = fitOpts{bold: true, min: minText, max: minText, maxLines: 2}
)

// pageFrame returns the frame of seat pg's page: a rectangle over the
// board in front of the strip, as long as the board allows along its edge
// and centred on the strip, read upright from the seat's edge.
func (s *Screen) pageFrame(pg *panelGeom, lay *screenLayout) panelGeom {
	u := lay.u
	b := lay.board
	m := pageMargin * u
	c := pg.rect.Center()
	var r board.Rect
	switch pg.edge {
	case Left, Right:
		long, deep := min(b.H-2*m, pageMaxLong*u), min(b.W-2*m, pageMaxDeep*u)
		y := min(max(c.Y-long/2, b.Y+m), b.Y+b.H-m-long)
		r = board.Rect{X: b.X + m, Y: y, W: deep, H: long}
		if pg.edge == Right {
			r.X = b.X + b.W - m - deep
		}
	default:
		long, deep := min(b.W-2*m, pageMaxLong*u), min(b.H-2*m, pageMaxDeep*u)
		x := min(max(c.X-long/2, b.X+m), b.X+b.W-m-long)
		r = board.Rect{X: x, Y: b.Y + m, W: long, H: deep}
		if pg.edge == Bottom {
			r.Y = b.Y + b.H - m - deep
		}
	}
	f := facing(r, pg.edge)
	f.seat = pg.seat
	return f
}

// pageKeys returns where the help page's keys go in its frame f: Next and
// Stop game at its head, on the right, at least keyMinU deep.
func pageKeys(f *panelGeom, u float32) (next, stop board.Rect) {
	pad := pagePad * u
	h := float32(keyMinU+4) * u
	w := float32(76) * u
	stop = board.Rect{X: f.w - pad - w, Y: pad, W: w, H: h}
	next = board.Rect{X: stop.X - gap*u - w, Y: pad, W: w, H: h}
	return next, stop
}

// drawSeatPages draws, for every seat, what lies in front of its strip:
// the notice and the explanation of a seat whose prompt must stay in
// sight, and the help page or the last moves it has open.
func (s *Screen) drawSeatPages(v *input.View, lang msg.Lang, lay *screenLayout, now time.Time) {
	if v.Mode != input.ModePlay && v.Mode != input.ModeSetup {
		return
	}
	s.drawOpenPages(v, lang, lay, false)
	for i := range lay.panels {
		pg := &lay.panels[i]
		if pg.seat >= len(v.Seats) {
			continue
		}
		sv := &v.Seats[pg.seat]
		if sv.Player < 0 || !sv.Playing {
			continue
		}
		s.drawBubbles(v, lang, pg, sv, &s.slots.seats[pg.seat].pages, now, lay.u)
	}
}

// drawLivePages draws the open pages (drawSeatPages) again over what
// pulses over the board (the last move, a route being claimed), every
// frame while it does.
func (s *Screen) drawLivePages(v *input.View, lang msg.Lang, lay *screenLayout, now time.Time) {
	if v.Mode != input.ModePlay && v.Mode != input.ModeSetup {
		return
	}
	if announcePulsing(v, now) || liveSelection(v) {
		s.drawOpenPages(v, lang, lay, true)
	}
}

// drawOpenPages draws the help page or the last moves of every seat that
// has one open; live: over what moves (drawLivePages).
func (s *Screen) drawOpenPages(v *input.View, lang msg.Lang, lay *screenLayout, live bool) {
	for i := range lay.panels {
		pg := &lay.panels[i]
		if pg.seat >= len(v.Seats) {
			continue
		}
		sv := &v.Seats[pg.seat]
		if sv.Player < 0 || !sv.Playing || (sv.Help == nil && !sv.Moves) {
			continue
		}
		f := s.pageFrame(pg, lay)
		sl := &s.slots.seats[pg.seat].pages
		// Text is drawn after every shape of the frame: what is queued
		// (the board's names, a rising score) goes first, under the page.
		s.fonts.q.flush()
		if sv.Help != nil {
			s.drawHelp(v, lang, &f, sv, sl, lay.u)
		} else {
			s.drawMoves(v, lang, &f, sv, sl, lay.u)
		}
	}
}

// bubbleBoxes returns where, in seat pg's strip's frame, its notice and
// its explanation go when its prompt must stay in sight: in front of the
// strip over the board, the notice nearest, each as long as the strip's
// words and as deep as its words need (notice: the message box's depth).
func bubbleBoxes(pg *panelGeom, explainLines int, u float32) (notice, explain board.Rect) {
	// Clear of the glow round the strip of the player to move (drawGlow:
	// 6 u past its edge), which is drawn every frame over the still layer.
	m := bubbleGap * u
	r := pg.message
	notice = board.Rect{X: r.X, Y: -m - r.H, W: r.W, H: r.H}
	w := max(r.W, min(pg.w-2*pg.pad, 420*u))
	x := min(r.X, pg.w-pg.pad-w)
	h := float32(explainLines)*textLines(1)*u + 2*pagePad*u
	explain = board.Rect{X: x, Y: notice.Y - m - h, W: w, H: h}
	return notice, explain
}

// drawBubbles draws the notice and the explanation of seat sv in front of
// its strip, where they leave its prompt in sight.
func (s *Screen) drawBubbles(v *input.View, lang msg.Lang, pg *panelGeom, sv *input.SeatView, sl *pageSlots, now time.Time, u float32) {
	shown := promptKept(v, sv) && noticeActive(&sv.Notice, now)
	ex := !sv.Explain.IsZero()
	if !shown && !ex {
		return
	}
	lines := 0
	if ex {
		// As deep as its words, fitted to the bubble's width.
		_, eb := bubbleBoxes(pg, 0, u)
		w := eb.W - 2*pagePad*u
		h := float32(0)
		for i := 0; i <= len(sv.Explain.Lines); i++ {
			h += s.explainLine(lang, &sv.Explain, sl, i, w, u).h
		}
		lines = int(h/(textLines(1)*u) + 0.99)
	}
	nb, eb := bubbleBoxes(pg, lines, u)
	if !shown {
		eb.Y = nb.Y + nb.H - eb.H
	}
	s.fonts.q.flush() // the board's names under the bubbles (drawOpenPages)
	s.begin(pg)
	defer s.done()
	if shown {
		s.cv.part(scene.Key{Part: scene.Message, Seat: pg.seat})
		s.drawNoticeIn(lang, nb, &sv.Notice, &sl.notice, u)
	}
	if ex {
		s.cv.part(scene.Key{Part: scene.Explain, Seat: pg.seat})
		s.drawExplain(lang, eb, &sv.Explain, sl, u)
	}
}

// drawNoticeIn draws notice n in box r: a refusal in red with a cross,
// news in blue: over a strip's words (drawNotice) or in a bubble.
func (s *Screen) drawNoticeIn(lang msg.Lang, r board.Rect, n *input.Notice, slot *textSlot, u float32) {
	bg := newsColor
	if n.Refused {
		bg = refuseColor
	}
	s.cv.round(rect(r), 0.18, 6, bg)
	s.cv.roundFrame(rect(r), 0.18, 6, max(1, 1.5*u), panelInk)
	icon := noticeIcon(r, u)
	in := noticeBox(r, u)
	c := board.Vec{X: r.X + 4*u + icon/2, Y: r.Y + r.H/2}
	s.cv.circle(rl.Vector2{X: c.X, Y: c.Y}, icon/2, panelInk)
	ir := board.Rect{X: c.X - icon/2, Y: c.Y - icon/2, W: icon, H: icon}
	if n.Refused {
		iconCross(&s.cv, ir.Inset(icon*0.22), bg)
	} else {
		iconInfo(&s.cv, ir, bg)
	}
	slot.get(s.fonts, s.cat, lang, n.Text, in.W, in.H, promptFit).draw(in, alignLeft, panelInk)
}

// drawExplain draws first-game mode's explanation in box r: its heading,
// the rule's title and its lines.
func (s *Screen) drawExplain(lang msg.Lang, r board.Rect, ex *input.HelpSection, sl *pageSlots, u float32) {
	s.cv.round(rect(r), 0.08, 6, pageColor)
	s.cv.roundFrame(rect(r), 0.08, 6, max(1, 1.5*u), winnerColor)
	in := r.Inset(pagePad * u)
	y := in.Y
	for i := 0; i <= len(ex.Lines); i++ {
		ink := panelInk
		if i == 0 {
			ink = winnerColor
		}
		ft := s.explainLine(lang, ex, sl, i, in.W, u)
		ft.drawTop(board.Rect{X: in.X, Y: y, W: in.W, H: ft.h}, alignLeft, ink)
		y += ft.h
	}
}

// explainLine returns line i of explanation ex (0: its title) fitted to
// width w.
func (s *Screen) explainLine(lang msg.Lang, ex *input.HelpSection, sl *pageSlots, i int, w, u float32) *fitted {
	for len(sl.explain) <= i {
		sl.explain = append(sl.explain, textSlot{})
	}
	t, o := ex.Title, pageBoldFit
	if i > 0 {
		t, o = ex.Lines[i-1], pageLineFit
	}
	return sl.explain[i].get(s.fonts, s.cat, lang, t, w, textLines(2)*u, o)
}

// drawPageCard draws the card of seat f's page (its help, its last
// moves) under part, filling frame f.
func (s *Screen) drawPageCard(f *panelGeom, part scene.Part, u float32) {
	s.cv.part(scene.Key{Part: part, Seat: f.seat})
	full := board.Rect{W: f.w, H: f.d}
	s.cv.round(rect(full), 0.06, 6, pageColor)
	s.cv.roundFrame(rect(full), 0.06, 6, max(1.5, 2*u), keyOnColor)
}

// drawHelp draws seat sv's help page in frame f: its title and page, Next
// and Stop game, then the page's sections in columns, and how to close it.
func (s *Screen) drawHelp(v *input.View, lang msg.Lang, f *panelGeom, sv *input.SeatView, sl *pageSlots, u float32) {
	s.begin(f)
	defer s.done()
	s.drawPageCard(f, scene.Help, u)
	pad := pagePad * u
	next, stop := pageKeys(f, u)
	body := board.Rect{X: pad, Y: next.Y + next.H + gap*u, W: f.w - 2*pad}
	lineH := textLines(1) * u
	body.H = f.d - pad - lineH - gap*u/2 - body.Y
	s.placeHelp(lang, sv, sl, body, u)
	page := 0
	if sl.pages > 0 {
		page = sv.HelpPage % sl.pages
	}
	// The head: the title and the page, then the keys.
	head := board.Rect{X: pad, Y: pad, W: next.X - gap*u - pad, H: next.H}
	title := msg.Text{Key: "help.title"}
	if sl.pages > 1 {
		title = msg.Text{Key: "seat_pages.help_page", Args: map[string]any{"Title": title, "Page": page + 1, "Pages": sl.pages}}
	}
	sl.title.get(s.fonts, s.cat, lang, title, head.W, head.H, pageTitleFit).draw(head, alignLeft, keyOnColor)
	s.cv.part(scene.Key{Part: scene.HelpPageKey, Seat: f.seat})
	s.drawWideKey(lang, next, &sl.next, msg.Text{Key: "seat_pages.next"}, keyColor, iconNext, u)
	s.cv.part(scene.Key{Part: scene.StopKey, Seat: f.seat})
	s.drawWideKey(lang, stop, &sl.stop, msg.Text{Key: "seat_pages.stop"}, cancelColor, iconStop, u)
	// The sections of the page.
	s.cv.part(scene.Key{Part: scene.Help, Seat: f.seat})
	cols := helpCols(body.W, u)
	cw := (body.W - float32(cols-1)*gap*u) / float32(cols)
	k := 0
	for _, sec := range sv.Help {
		for j := -1; j < len(sec.Lines); j++ {
			if k >= len(sl.place) {
				break
			}
			pl := sl.place[k]
			slot := &sl.lines[k]
			k++
			if pl.page != page {
				continue
			}
			t, o, ink := sec.Title, pageBoldFit, keyOnColor
			if j >= 0 {
				t, o, ink = sec.Lines[j], pageLineFit, panelInk
			}
			x := body.X + float32(pl.col)*(cw+gap*u)
			ft := slot.get(s.fonts, s.cat, lang, t, cw, body.H, o)
			ft.drawTop(board.Rect{X: x, Y: body.Y + pl.y, W: cw, H: ft.h}, alignLeft, ink)
		}
	}
	foot := board.Rect{X: pad, Y: f.d - pad - lineH, W: f.w - 2*pad, H: lineH}
	sl.footer.get(s.fonts, s.cat, lang, msg.Text{Key: "help.close"}, foot.W, foot.H, pageLineFit).draw(foot, alignLeft, panelDim)
}

// helpCols is the number of columns of a help page body w wide.
func helpCols(w, u float32) int {
	return max(1, int((w+gap*u)/((pageColMin+gap)*u)))
}

// placeHelp works out on which page and where each title and line of
// seat sv's help goes, in a body box, when the words or the box changed:
// whole sections flow down the columns, a section never split unless it
// is taller than a column.
func (s *Screen) placeHelp(lang msg.Lang, sv *input.SeatView, sl *pageSlots, body board.Rect, u float32) {
	n := 0
	for _, sec := range sv.Help {
		n += 1 + len(sec.Lines)
	}
	var first input.Topic
	if len(sv.Help) > 0 {
		first = sv.Help[0].Topic
	}
	key := pageKey{lang: lang, first: first, n: n, w: body.W, h: body.H, u: u}
	if sl.placeKey == key && len(sl.place) == n {
		return
	}
	sl.placeKey = key
	for len(sl.lines) < n {
		sl.lines = append(sl.lines, textSlot{})
	}
	sl.place = sl.place[:0]
	cols := helpCols(body.W, u)
	cw := (body.W - float32(cols-1)*gap*u) / float32(cols)
	page, col := 0, 0
	y := float32(0)
	k := 0
	sectionGap := textLines(1) * u * 0.5
	for _, sec := range sv.Help {
		// The section's height, to keep it whole.
		hs := make([]float32, 0, 1+len(sec.Lines))
		total := float32(0)
		for j := -1; j < len(sec.Lines); j++ {
			t, o := sec.Title, pageBoldFit
			if j >= 0 {
				t, o = sec.Lines[j], pageLineFit
			}
			ft := sl.lines[k+j+1].get(s.fonts, s.cat, lang, t, cw, body.H, o)
			hs = append(hs, ft.h)
			total += ft.h
		}
		if y > 0 && y+total > body.H {
			y = 0
			col++
			if col >= cols {
				col, page = 0, page+1
			}
		}
		for j, h := range hs {
			if y > 0 && y+h > body.H {
				y = 0
				col++
				if col >= cols {
					col, page = 0, page+1
				}
			}
			sl.place = append(sl.place, linePlace{page: page, col: col, y: y, title: j == 0})
			y += h
		}
		k += len(hs)
		y += sectionGap
	}
	sl.pages = page + 1
}

// hitPages resolves a touch at p (logical coordinates) on a seat's open
// page: its keys, or Nothing at the seat (a page covers the board under
// it). ok is false when p is on no page.
func (s *Screen) hitPages(lay *screenLayout, p board.Vec, t hal.Touch) (hal.Touch, bool) {
	if s.mode != input.ModePlay && s.mode != input.ModeSetup {
		return t, false
	}
	for i := range lay.panels {
		pg := &lay.panels[i]
		if pg.seat >= len(s.shown) {
			continue
		}
		k := s.shown[pg.seat]
		if !k.help && !k.moves {
			continue
		}
		f := s.pageFrame(pg, lay)
		if !f.rect.Contains(p) {
			continue
		}
		t.Seat = hal.Seat(pg.seat)
		if k.help {
			q := f.toLocal(p)
			next, stop := pageKeys(&f, lay.u)
			key := scene.Key{Seat: pg.seat}
			switch {
			case next.Inset(-gap * lay.u / 2).Contains(q):
				key.Part = scene.HelpPageKey
			case stop.Inset(-gap * lay.u / 2).Contains(q):
				key.Part = scene.StopKey
			}
			if key.Part != 0 {
				t.Kind, t.ID = hal.ScreenKey, key.ID()
			}
		}
		return t, true
	}
	return t, false
}
