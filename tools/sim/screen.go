package main

import (
	"fmt"
	"image/color"
	"strings"
	"time"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display"
	"ttr/display/board"
	"ttr/display/msg"
	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/maps"
)

// A tableScreen draws the table's shared screen from the View and resolves
// touches on it, as the firmware's screen does.
type tableScreen interface {
	// Draw draws the screen for v at time now in its rectangle.
	Draw(v *input.View, now time.Time)
	// HitTest resolves a touch at x, y (window pixels).
	HitTest(x, y float32, now time.Time) hal.Touch
	// Resize moves the screen to a new rectangle of the window.
	Resize(area board.Rect)
	// Unload releases the screen's textures.
	Unload()
}

// noticeFor is how long a notice stays on a seat's panel.
const noticeFor = 5 * time.Second

// playerRGBA is the colour of a player's trains.
func playerRGBA(c input.Color) color.RGBA {
	switch c {
	case input.Red:
		return display.ColorOf(maps.Red)
	case input.Blue:
		return display.ColorOf(maps.Blue)
	case input.Green:
		return display.ColorOf(maps.Green)
	case input.Yellow:
		return display.ColorOf(maps.Yellow)
	}
	return display.ColorOf(maps.Black)
}

// cardMapColor is the maps.Color a card is drawn in (Gray for a
// locomotive, drawn with the locomotive glyph).
func cardMapColor(c engine.CardID) maps.Color { return c.Color().MapColor() }

var (
	screenBg  = color.RGBA{30, 40, 36, 255}
	panelBg   = color.RGBA{22, 28, 26, 235}
	ink       = color.RGBA{240, 236, 224, 255}
	dimInk    = color.RGBA{160, 168, 160, 255}
	refuseInk = color.RGBA{255, 120, 100, 255}
	newsInk   = color.RGBA{140, 210, 255, 255}
	keyBg     = color.RGBA{64, 84, 76, 255}
	keyHot    = color.RGBA{255, 214, 10, 255}
)

// simScreen is the simulator's rendering of the table's shared screen:
// the board with what the View marks on it, the market and the decks, a
// panel per seat with its prompt, and the start and end screens. It shows
// exactly what the View holds (no hand, no ticket), as the table does.
type simScreen struct {
	m      *maps.Map
	cat    *msg.Catalog
	area   board.Rect
	board  *display.Board
	marks  []display.RouteMark
	cities []display.CityMark
	small  display.Font
	text   display.Font
	bold   display.Font
	size   float32

	// Rectangles of the things a touch can land on, set by layout.
	boardRect board.Rect
	slots     [engine.MarketSize]rl.Rectangle
	deck      rl.Rectangle
	tickets   rl.Rectangle
	panels    []rl.Rectangle
	keys      []screenKey // on-screen keys drawn in the last frame
	start     time.Time
}

// screenKey is one on-screen key: its rectangle, ID and seat.
type screenKey struct {
	r    rl.Rectangle
	id   string
	seat hal.Seat
}

func newSimScreen(m *maps.Map, cat *msg.Catalog, area board.Rect, seats int) *simScreen {
	s := &simScreen{m: m, cat: cat, panels: make([]rl.Rectangle, seats)}
	s.Resize(area)
	return s
}

// Resize implements tableScreen.
func (s *simScreen) Resize(area board.Rect) {
	s.area = area
	size := screenFontSize(area)
	if float32(size) != s.size {
		s.unloadFonts()
		s.size = float32(size)
		s.small = display.LoadFont(display.Sans, size*9/10)
		s.text = display.LoadFont(display.Sans, size)
		s.bold = display.LoadFont(display.Bold, size*6/5)
	}
	panelH := area.H * 0.2
	s.boardRect = screenBoard(area)
	if s.board == nil {
		s.board = display.NewBoard(s.m, s.boardRect)
	} else {
		s.board.Resize(s.boardRect)
	}
	// The market down the right.
	x := s.boardRect.X + s.boardRect.W + area.W*0.01
	w := area.X + area.W - x - area.W*0.01
	slotH := min(s.boardRect.H/10.5, w*0.6)
	y := s.boardRect.Y
	for i := range s.slots {
		s.slots[i] = rl.Rectangle{X: x, Y: y, Width: w, Height: slotH}
		y += slotH * 1.1
	}
	y += slotH * 0.2
	half := (w - 6) / 2
	s.deck = rl.Rectangle{X: x, Y: y, Width: half, Height: slotH * 1.2}
	s.tickets = rl.Rectangle{X: x + half + 6, Y: y, Width: half, Height: slotH * 1.2}
	// The seats' panels along the bottom.
	n := float32(len(s.panels))
	pw := (area.W - (n+1)*4) / n
	for i := range s.panels {
		s.panels[i] = rl.Rectangle{X: area.X + 4 + float32(i)*(pw+4), Y: area.Y + area.H - panelH + 4, Width: pw, Height: panelH - 8}
	}
}

// screenFontSize is the text size of a screen in area, in pixels.
func screenFontSize(area board.Rect) int { return max(11, int(area.H/44)) }

// screenBoard is where a screen in area draws the board: under the banner
// line, left of the market, above the seats' panels.
func screenBoard(area board.Rect) board.Rect {
	bannerH := float32(screenFontSize(area)) * 2
	panelH := area.H * 0.2
	return board.Rect{X: area.X, Y: area.Y + bannerH, W: area.W * 0.84, H: area.H - bannerH - panelH}
}

func (s *simScreen) unloadFonts() {
	if s.size != 0 {
		s.small.Unload()
		s.text.Unload()
		s.bold.Unload()
	}
}

// Unload implements tableScreen.
func (s *simScreen) Unload() {
	s.unloadFonts()
	if s.board != nil {
		s.board.Unload()
	}
}

// words renders a Text in the table's language.
func (s *simScreen) words(v *input.View, t input.Text) string {
	if t.IsZero() {
		return ""
	}
	return s.cat.Text(msg.Lang(v.Lang), t)
}

// HitTest implements tableScreen.
func (s *simScreen) HitTest(x, y float32, now time.Time) hal.Touch {
	t := hal.Touch{X: x, Y: y, Seat: -1, At: now}
	p := rl.Vector2{X: x, Y: y}
	for _, k := range s.keys {
		if rl.CheckCollisionPointRec(p, k.r) {
			t.Kind, t.ID, t.Seat = hal.ScreenKey, k.id, k.seat
			return t
		}
	}
	for i, r := range s.slots {
		if rl.CheckCollisionPointRec(p, r) {
			t.Kind, t.Index = hal.MarketSlot, i
			return t
		}
	}
	switch {
	case rl.CheckCollisionPointRec(p, s.deck):
		t.Kind = hal.DeckArea
		return t
	case rl.CheckCollisionPointRec(p, s.tickets):
		t.Kind = hal.TicketDeck
		return t
	}
	for i, r := range s.panels {
		if rl.CheckCollisionPointRec(p, r) {
			t.Seat = hal.Seat(i)
			return t
		}
	}
	if s.boardRect.Contains(board.Vec{X: x, Y: y}) {
		h := s.board.Layout().HitTest(board.Vec{X: x, Y: y})
		switch h.Kind {
		case board.HitRoute:
			t.Kind, t.ID = hal.RouteArea, s.m.Routes[h.Index].ID
		case board.HitCity:
			t.Kind, t.ID = hal.CityArea, s.m.Cities[h.Index].ID
		}
	}
	return t
}

// Draw implements tableScreen.
func (s *simScreen) Draw(v *input.View, now time.Time) {
	a := s.area
	if s.start.IsZero() {
		s.start = now
	}
	rl.DrawRectangleRec(rl.Rectangle{X: a.X, Y: a.Y, Width: a.W, Height: a.H}, screenBg)
	s.keys = s.keys[:0]
	s.drawBoard(v, now)
	if b := s.words(v, v.Banner); b != "" {
		s.centered(s.bold, b, a.X+a.W/2, a.Y+s.size*0.3, keyHot)
	} else if v.Mode == input.ModeStart {
		s.centered(s.bold, v.Map.Name, a.X+a.W/2, a.Y+s.size*0.3, ink)
	}
	if v.Mode != input.ModeStart {
		s.drawMarket(v)
	}
	for i := range v.Seats {
		s.drawPanel(v, i, now)
	}
	switch v.Mode {
	case input.ModeStart:
		s.drawStart(v)
	case input.ModeEnd:
		s.drawEnd(v)
	}
}

func (s *simScreen) drawBoard(v *input.View, now time.Time) {
	m := v.Map
	if cap(s.marks) < len(m.Routes) {
		s.marks = make([]display.RouteMark, len(m.Routes))
		s.cities = make([]display.CityMark, len(m.Cities))
	}
	s.marks, s.cities = s.marks[:len(m.Routes)], s.cities[:len(m.Cities)]
	clear(s.marks)
	clear(s.cities)
	pub := v.Public
	shapes := []board.Shape{board.Plain, board.Plain, board.Plain, board.Plain, board.Plain}
	colorOf := func(p int) color.RGBA {
		for _, sv := range v.Seats {
			if sv.Player == p {
				return playerRGBA(sv.Color)
			}
		}
		return ink
	}
	for r, owner := range pub.RouteOwner {
		if owner >= 0 {
			s.marks[r].Owner = colorOf(owner)
			s.marks[r].Mark = shapes[owner%len(shapes)]
			if tw := m.Routes[r].Twin; tw >= 0 && pub.RouteOwner[tw] < 0 && len(pub.Players) <= 3 {
				s.marks[tw].Faded = true
			}
		}
	}
	for c, owner := range pub.StationOwner {
		if owner >= 0 {
			s.cities[c].Station = colorOf(owner)
		}
	}
	if v.End != nil {
		for _, p := range v.End.Players {
			for _, r := range p.LongestRoutes {
				s.marks[r].Glow = keyHot
			}
		}
	}
	bv := display.View{Routes: s.marks, Cities: s.cities, Time: float32(now.Sub(s.start).Seconds())}
	if v.SelectedRoute >= 0 {
		bv.Selected = board.Hit{Kind: board.HitRoute, Index: v.SelectedRoute}
	} else if v.SelectedCity >= 0 {
		bv.Selected = board.Hit{Kind: board.HitCity, Index: v.SelectedCity}
	}
	s.board.Draw(&bv)
}

// drawCard draws a train card face up in r.
func drawCard(r rl.Rectangle, c engine.CardID, f display.Font) {
	mc := cardMapColor(c)
	fill := display.ColorOf(mc)
	if c.Color() == engine.Locomotive {
		fill = color.RGBA{120, 120, 128, 255}
	}
	rl.DrawRectangleRounded(r, 0.2, 4, fill)
	rl.DrawRectangleRoundedLinesEx(r, 0.2, 4, 1.5, color.RGBA{10, 10, 10, 255})
	center := board.Vec{X: r.X + r.Width/2, Y: r.Y + r.Height/2}
	size := min(r.Width, r.Height) * 0.7
	var tris []board.Tri
	if c.Color() == engine.Locomotive {
		tris = board.AppendLocomotive(nil, center, board.Vec{X: 1}, size)
	} else {
		tris = board.AppendGlyph(nil, mc, center, board.Vec{X: 1}, size)
	}
	inkc := display.InkOn(mc)
	if c.Color() == engine.Locomotive {
		inkc = color.RGBA{255, 230, 120, 255}
	}
	for _, t := range tris {
		rl.DrawTriangle(rl.Vector2(t[0]), rl.Vector2(t[1]), rl.Vector2(t[2]), inkc)
	}
}

func (s *simScreen) drawMarket(v *input.View) {
	pub := v.Public
	for i, r := range s.slots {
		c := pub.Market[i]
		if c == engine.NoCard {
			rl.DrawRectangleRoundedLinesEx(r, 0.2, 4, 1.5, dimInk)
			continue
		}
		drawCard(r, c, s.small)
		if v.Unavailable[i] {
			rl.DrawRectangleRounded(r, 0.2, 4, color.RGBA{0, 0, 0, 140})
		}
	}
	s.pile(s.deck, fmt.Sprint(pub.DeckCards), color.RGBA{80, 60, 120, 255})
	s.pile(s.tickets, fmt.Sprint(pub.TicketDeck), color.RGBA{180, 150, 90, 255})
	cat := s.cat
	lang := msg.Lang(v.Lang)
	s.label(cat.Text(lang, input.Text{Key: "term.deck"}), s.deck)
	s.label(cat.Text(lang, input.Text{Key: "term.destination_ticket"}), s.tickets)
	y := s.tickets.Y + s.tickets.Height + s.size*1.3
	x := s.deck.X
	colW := s.tickets.X + s.tickets.Width - x
	discards := fmt.Sprintf("%s: %d", cat.Text(lang, input.Text{Key: "term.discards"}), pub.Discards)
	rl.DrawTextEx(s.small.Font, discards, rl.Vector2{X: x, Y: y}, fitSize(s.small, discards, colW), 0, dimInk)
	if tv := v.Tunnel; tv != nil && (len(tv.Revealed) > 0 || len(pub.TunnelPlayed) > 0) {
		y += s.size * 1.4
		tunnel := cat.Text(lang, input.Text{Key: "term.tunnel"})
		rl.DrawTextEx(s.small.Font, tunnel, rl.Vector2{X: x, Y: y}, fitSize(s.small, tunnel, colW), 0, keyHot)
		y += s.size * 1.2
		w := colW / 3.3
		for i, c := range tv.Revealed {
			drawCard(rl.Rectangle{X: x + float32(i)*w*1.15, Y: y, Width: w, Height: w * 1.4}, c, s.small)
		}
	}
}

// pile draws a face-down pile with its count.
func (s *simScreen) pile(r rl.Rectangle, count string, back color.RGBA) {
	for i := 2; i >= 0; i-- {
		o := float32(i) * 2
		rl.DrawRectangleRounded(rl.Rectangle{X: r.X + o, Y: r.Y - o, Width: r.Width, Height: r.Height}, 0.2, 4, back)
		rl.DrawRectangleRoundedLinesEx(rl.Rectangle{X: r.X + o, Y: r.Y - o, Width: r.Width, Height: r.Height}, 0.2, 4, 1.5, color.RGBA{10, 10, 10, 255})
	}
	m := s.bold.Measure(count, s.bold.Size)
	rl.DrawTextEx(s.bold.Font, count, rl.Vector2{X: r.X + (r.Width-m.X)/2, Y: r.Y + (r.Height-m.Y)/2}, s.bold.Size, 0, ink)
}

// label writes text under r, shrunk to r's width.
func (s *simScreen) label(text string, r rl.Rectangle) {
	size := fitSize(s.small, text, r.Width)
	rl.DrawTextEx(s.small.Font, text, rl.Vector2{X: r.X, Y: r.Y + r.Height + 1}, size, 0, dimInk)
}

// fitSize is the size to draw text in f so that it fits width.
func fitSize(f display.Font, text string, width float32) float32 {
	w := f.Measure(text, f.Size).X
	if w <= width || w == 0 {
		return f.Size
	}
	return max(f.Size*width/w, f.Size*0.55)
}

func (s *simScreen) centered(f display.Font, text string, cx, y float32, c color.RGBA) {
	size := fitSize(f, text, s.area.W*0.95)
	m := f.Measure(text, size)
	rl.DrawTextEx(f.Font, text, rl.Vector2{X: cx - m.X/2, Y: y}, size, 0, c)
}

// key draws an on-screen key and remembers it for HitTest.
func (s *simScreen) key(r rl.Rectangle, label, id string, seat hal.Seat, hot bool) {
	bg := keyBg
	fg := ink
	if hot {
		bg, fg = keyHot, color.RGBA{20, 20, 20, 255}
	}
	rl.DrawRectangleRounded(r, 0.3, 4, bg)
	size := fitSize(s.small, label, r.Width-6)
	m := s.small.Measure(label, size)
	rl.DrawTextEx(s.small.Font, label, rl.Vector2{X: r.X + (r.Width-m.X)/2, Y: r.Y + (r.Height-m.Y)/2}, size, 0, fg)
	s.keys = append(s.keys, screenKey{r: r, id: id, seat: seat})
}

func (s *simScreen) drawPanel(v *input.View, i int, now time.Time) {
	r := s.panels[i]
	sv := v.Seats[i]
	bg := panelBg
	rl.DrawRectangleRounded(r, 0.06, 4, bg)
	if sv.Current {
		rl.DrawRectangleRoundedLinesEx(r, 0.06, 4, 3, keyHot)
	}
	pc := playerRGBA(sv.Color)
	rl.DrawRectangleRec(rl.Rectangle{X: r.X + 6, Y: r.Y + 6, Width: s.size, Height: s.size}, pc)
	x := r.X + 10 + s.size
	y := r.Y + 4
	name := s.words(v, sv.Name)
	if !sv.Playing {
		name = s.words(v, input.Text{Key: "start.seat", Args: map[string]any{"Number": i + 1}})
	}
	rl.DrawTextEx(s.bold.Font, name, rl.Vector2{X: x, Y: y}, s.bold.Size, 0, ink)
	if sv.Player >= 0 && sv.Player < len(v.Public.Players) {
		pp := v.Public.Players[sv.Player]
		parts := []string{
			s.words(v, count("count.points", pp.Score)),
			s.words(v, count("count.trains", pp.Trains)),
			s.words(v, count("count.cards", pp.Cards)),
			s.words(v, count("count.tickets", pp.Tickets)),
		}
		if v.Map.Rules.Stations > 0 {
			parts = append(parts, s.words(v, count("count.stations", pp.StationsLeft)))
		}
		stats := strings.Join(parts, " · ")
		sm := s.bold.Measure(name, s.bold.Size)
		rl.DrawTextEx(s.small.Font, stats, rl.Vector2{X: x + sm.X + 8, Y: y + 2}, fitSize(s.small, stats, r.X+r.Width-x-sm.X-12), 0, dimInk)
	}
	y += s.bold.Size * 1.2
	tw := r.Width - 12
	for _, line := range wrap(s.text, s.words(v, sv.Prompt), tw) {
		rl.DrawTextEx(s.text.Font, line, rl.Vector2{X: r.X + 6, Y: y}, s.text.Size, 0, ink)
		y += s.text.Size * 1.1
	}
	if p := s.words(v, sv.Progress); p != "" {
		rl.DrawTextEx(s.text.Font, p, rl.Vector2{X: r.X + 6, Y: y}, fitSize(s.text, p, tw), 0, keyHot)
		y += s.text.Size * 1.1
	}
	if n := sv.Notice; !n.Text.IsZero() && now.Sub(n.At) < noticeFor {
		c := newsInk
		if n.Refused {
			c = refuseInk
		}
		for _, line := range wrap(s.small, s.words(v, n.Text), tw) {
			rl.DrawTextEx(s.small.Font, line, rl.Vector2{X: r.X + 6, Y: y}, s.small.Size, 0, c)
			y += s.small.Size * 1.1
		}
	}
	if v.Mode == input.ModeStart {
		kw := r.Width/2 - 9
		kh := s.size * 1.6
		ky := r.Y + r.Height - kh - 6
		join := "sim.join"
		if sv.Playing {
			join = "sim.leave"
		}
		s.key(rl.Rectangle{X: r.X + 6, Y: ky, Width: kw, Height: kh}, s.words(v, input.Text{Key: join}), input.KeyJoin, hal.Seat(i), false)
		if sv.Playing {
			s.key(rl.Rectangle{X: r.X + 12 + kw, Y: ky, Width: kw, Height: kh}, s.words(v, input.Text{Key: "start.first_player"}), input.KeyFirst, hal.Seat(i), v.Start.First == hal.Seat(i))
		}
	}
}

func (s *simScreen) drawStart(v *input.View) {
	b := s.boardRect
	box := rl.Rectangle{X: b.X + b.W*0.25, Y: b.Y + b.H*0.3, Width: b.W * 0.5, Height: b.H * 0.4}
	rl.DrawRectangleRounded(box, 0.05, 4, panelBg)
	y := box.Y + s.size
	s.centered(s.bold, s.words(v, input.Text{Key: "start.title"}), box.X+box.Width/2, y, ink)
	y += s.bold.Size * 1.6
	kw := box.Width / float32(len(v.Start.Maps)+len(v.Start.Langs)+1)
	x := box.X + kw*0.1
	for _, id := range v.Start.Maps {
		s.key(rl.Rectangle{X: x, Y: y, Width: kw * 0.9, Height: s.size * 1.8}, s.words(v, input.Text{Key: "map." + id}), input.KeyMap+id, -1, v.Start.Map == id)
		x += kw
	}
	for _, l := range v.Start.Langs {
		s.key(rl.Rectangle{X: x, Y: y, Width: kw * 0.9, Height: s.size * 1.8}, strings.ToUpper(l), input.KeyLang+l, -1, v.Start.Lang == l)
		x += kw
	}
	y += s.size * 2.6
	if !v.Start.Ready {
		for _, line := range wrap(s.text, s.words(v, v.Start.Problem), box.Width-20) {
			s.centered(s.text, line, box.X+box.Width/2, y, refuseInk)
			y += s.text.Size * 1.2
		}
	}
	s.key(rl.Rectangle{X: box.X + box.Width*0.3, Y: box.Y + box.Height - s.size*2.6, Width: box.Width * 0.4, Height: s.size * 2}, s.words(v, input.Text{Key: "start.start_game"}), input.KeyStart, -1, v.Start.Ready)
}

func (s *simScreen) drawEnd(v *input.View) {
	if v.End == nil {
		return
	}
	b := s.boardRect
	box := rl.Rectangle{X: b.X + b.W*0.08, Y: b.Y + b.H*0.06, Width: b.W * 0.84, Height: b.H * 0.88}
	rl.DrawRectangleRounded(box, 0.03, 4, color.RGBA{22, 28, 26, 225})
	y := box.Y + s.size*0.6
	s.centered(s.bold, s.words(v, v.End.Winner)+" "+s.words(v, v.End.Decided), box.X+box.Width/2, y, keyHot)
	y += s.bold.Size * 1.6
	n := float32(len(v.End.Players))
	cw := box.Width / n
	for i, p := range v.End.Players {
		x := box.X + float32(i)*cw + 8
		yy := y
		rl.DrawRectangleRec(rl.Rectangle{X: x, Y: yy + 2, Width: s.size, Height: s.size}, playerRGBA(p.Color))
		rl.DrawTextEx(s.bold.Font, s.words(v, p.Name), rl.Vector2{X: x + s.size + 6, Y: yy}, s.bold.Size, 0, ink)
		yy += s.bold.Size * 1.4
		for _, l := range p.Lines {
			for _, line := range wrap(s.small, s.words(v, l), cw-16) {
				rl.DrawTextEx(s.small.Font, line, rl.Vector2{X: x, Y: yy}, s.small.Size, 0, ink)
				yy += s.small.Size * 1.15
			}
		}
	}
	s.key(rl.Rectangle{X: box.X + box.Width*0.4, Y: box.Y + box.Height - s.size*2.4, Width: box.Width * 0.2, Height: s.size * 1.8}, s.words(v, input.Text{Key: "end.new_game"}), input.KeyNewGame, 0, false)
}

// wrap splits text into lines no wider than width in f.
func wrap(f display.Font, text string, width float32) []string {
	if text == "" {
		return nil
	}
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if line != "" && f.Measure(try, f.Size).X > width {
			lines = append(lines, line)
			line = word
			continue
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// count is a counted message ("count.cards": "3 cards").
func count(key string, n int) input.Text {
	return input.Text{Key: key, Args: map[string]any{"Count": n}}
}
