package display

import (
	"errors"
	"fmt"
	"image/color"
	"time"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/display/scene"
	"ttr/input"
	"ttr/maps"
)

// ScreenOpts configure a Screen.
type ScreenOpts struct {
	// X, Y, Width and Height are the part of the window the table's screen
	// takes, in window pixels (X and Y 0 and the window's size on the
	// table; the simulator puts its virtual hands beside it).
	X, Y          int
	Width, Height int
	// Rotation is how far the picture is turned clockwise on the glass, in
	// degrees: 0, 90, 180 or 270, for a panel mounted turned (180: upside
	// down). The screen is laid out for the picture as the players see it,
	// Width x Height, or Height x Width when turned 90 or 270 degrees; the
	// rectangle above stays the window's, and HitTest turns touches (in
	// window pixels) back with the picture.
	Rotation int
	// Seats is the edge each seat faces, by seat (DefaultEdges gives a
	// sensible arrangement): an edge of the picture as the players see it,
	// whatever the Rotation.
	Seats []Edge
	// Lang is the language drawn until a View names one.
	Lang msg.Lang
	// FillsWindow says that the screen fills the window and nothing else
	// draws into it (the table's window; not the simulator's, which draws
	// beside it): where the window keeps its last frame, a steady frame
	// then repairs only what moved (cache.go).
	FillsWindow bool
	// Physical is the size of the panel's pixels (the config's
	// millimetres or the panel's EDID), for the picture as the players
	// see it; the zero Physical is unknown. When known, what players read
	// and touch meets the physical minimums of package board where the
	// panel leaves room for them (Screen.scale, newBoard): the strips'
	// text board.MinStripTextMM, city names board.MinNameMM, owner marks
	// board.MinMarkMM, the board's touch areas board.MinTargetMM, and the
	// owner's menu's words and keys (menu.go).
	Physical board.Physical
}

// maxSeats is the most seats a screen has room for.
const maxSeats = 8

// NoticeFor is how long a seat's notice stays on its panel after the
// event that caused it.
const NoticeFor = 6 * time.Second

// A Screen draws the whole table from an input.View: the board with the
// claimed routes, stations and the route being claimed; the market and the
// decks; one panel per seat facing that seat's edge; the tunnel being paid,
// the banner of the last round; the start and end screens. HitTest resolves
// a touch to what it landed on.
//
// All geometry is computed when the screen is made, resized or its map or
// mode changes, and every text is worded and fitted once per change, so a
// steady frame allocates nothing beyond raylib's own text drawing.
//
// A Screen holds GPU resources: make it after the window is open, use it
// on the main OS thread, and Unload it before closing the window.
type Screen struct {
	cat   *msg.Catalog
	opts  ScreenOpts
	lang  msg.Lang // ScreenOpts.Lang: drawn when the View names none
	fonts *fonts
	extra []string // letters the fonts are loaded with besides the catalogue's

	// The end screen's ranking: players in order and their places.
	endOrder, endRank []int
	// The end's reveal (reveal.go): when the game ended (the last move's
	// moment, else when the screen first showed the end), and the line of
	// the ticket revealed last.
	endFrom                   time.Time
	revealTexts               []msg.Text
	revealInks                []string
	revealOrder, revealPlaces []int // the ranking while the reveal goes on (rankingAt)
	endTickets                int   // every player's tickets, to reveal

	// The tunnel's route's name, built once per tunnel.
	tunnelRoute int
	tunnelMap   *maps.Map
	tunnelNames string

	// Geometry, for the map in use.
	m       *maps.Map
	bd      *Board        // nil without a window (tests of HitTest)
	layouts *layouts      // the boards laid out (layouts.go)
	geom    *board.Layout // the board's layout without a window
	play    *screenLayout
	end     *screenLayout
	start   startGeom
	starts  []string // the languages and maps the start keys were laid for

	// What the last View drawn asks for, for HitTest.
	mode    input.Mode
	endLang msg.Lang // the language the end screen was fitted in
	// endCompact: the end panels leave the winner and tie-break to the
	// middle of the screen (fitEnd).
	endCompact bool
	// endShort: the end panels tell the tie-break in its short form
	// (fitEnd), where the full one does not fit.
	endShort bool
	shown    []seatKeys // by seat

	now    time.Time // the frame being drawn
	bview  View      // reused every frame
	colors []color.RGBA
	marks  []board.Shape
	tris   []board.Tri
	num    []rune
	numb   []byte
	slots  screenSlots
	// The renderer's state: the still layer, its patches, the picture
	// under the names and the window's repair (cache.go).
	renderer
	// cv is what the drawing code draws on: raylib, or a scene being
	// recorded (Scene).
	cv canvas
	// keyboards are the seats' name keyboards (keyboard.go), by seat.
	keyboards map[int]*keyboardCache
	// menu is the owner's menu's page, over everything (menu.go).
	menu menuScreen
}

// seatKeys are the keys a seat's panel showed in the last frame.
type seatKeys struct {
	confirm, cancel    bool // Confirm and Cancel (play)
	join, color, first bool // Join, the colours, First (start screen)
	// name: the Name key; typing: the name keyboard in lang, instead of
	// the start screen's other keys (keyboard.go).
	name, typing bool
	rank         bool // the end screen's ranking: each player opens their breakdown
	lang         string
	// At play (tools.go, help.go): Undo; Rules and the scores; the help
	// page or the last moves open in front of the strip.
	undo, tools, help, moves bool
}

// NewScreen makes the table's screen for opts; the window must be open.
// It loads the fonts for the catalogue's letters and every map's city
// names.
func NewScreen(cat *msg.Catalog, opts ScreenOpts) (*Screen, error) {
	s, err := newScreen(cat, opts)
	if err != nil {
		return nil, err
	}
	if !rl.IsWindowReady() {
		return nil, errors.New("display: NewScreen needs an open window")
	}
	s.loadFonts(s.scale())
	v := rl.GetVersion()
	s.still.blit = v == rl.Opengl33 || v == rl.Opengl43 || v == rl.OpenglEs30
	return s, nil
}

// loadFonts loads the screen's fonts at scale u; their text goes through
// the screen's canvas (recorded, or noted for the window's repair).
func (s *Screen) loadFonts(u float32) {
	s.fonts = loadFonts(u, s.extra...)
	s.fonts.q.cv = &s.cv
}

// Letters returns what the table can show, for LoadFont: the letters of
// every message of cat and every map's city names.
func Letters(cat *msg.Catalog) ([]string, error) {
	extra := []string{string(cat.Runes()), input.NameLetters}
	for _, id := range maps.Maps() {
		m, err := maps.Load(id)
		if err != nil {
			return nil, err
		}
		for _, c := range m.Cities {
			extra = append(extra, c.Name)
		}
	}
	return extra, nil
}

// newScreen checks opts and prepares everything but the GPU resources.
func newScreen(cat *msg.Catalog, opts ScreenOpts) (*Screen, error) {
	if cat == nil {
		return nil, errors.New("display: NewScreen: no message catalogue")
	}
	switch opts.Rotation {
	case 0, 90, 180, 270:
	default:
		return nil, fmt.Errorf("display: rotation %d degrees: want 0, 90, 180 or 270", opts.Rotation)
	}
	if w, h := logicalSize(opts.Width, opts.Height, opts.Rotation); w < 320 || h < 200 {
		return nil, fmt.Errorf("display: screen %dx%d turned %d degrees: the picture must be at least 320x200", opts.Width, opts.Height, opts.Rotation)
	}
	if len(opts.Seats) < 2 || len(opts.Seats) > maxSeats {
		return nil, fmt.Errorf("display: %d seats: the table has 2 to %d", len(opts.Seats), maxSeats)
	}
	for i, e := range opts.Seats {
		if e > Right {
			return nil, fmt.Errorf("display: seat %d faces %v: want bottom, top, left or right", i, e)
		}
	}
	if opts.Lang == "" {
		opts.Lang = msg.EN
	}
	s := &Screen{cat: cat, opts: opts, lang: opts.Lang, shown: make([]seatKeys, len(opts.Seats)), layouts: layoutsFor()}
	s.opts.Seats = append([]Edge(nil), opts.Seats...)
	extra, err := Letters(cat)
	if err != nil {
		return nil, err
	}
	s.extra = extra
	s.slots.seats = make([]seatSlots, len(opts.Seats))
	return s, nil
}

// logicalSize is the size of the picture a w x h rectangle of the window
// shows turned by rotation degrees.
func logicalSize(w, h, rotation int) (int, int) {
	if rotation == 90 || rotation == 270 {
		return h, w
	}
	return w, h
}

// size is the size of the picture as the players see it: the window
// rectangle's, its sides swapped when the picture is turned a quarter.
func (s *Screen) size() (w, h int) {
	return logicalSize(s.opts.Width, s.opts.Height, s.opts.Rotation)
}

// Size returns the size of the picture as the players see it, in pixels:
// the window rectangle's (ScreenOpts.Width x Height), or Height x Width
// when the picture is turned a quarter (ScreenOpts.Rotation 90 or 270).
func (s *Screen) Size() (w, h int) { return s.size() }

// area is the picture's rectangle in logical coordinates, in which
// everything is laid out and drawn: its origin is the screen's corner in
// the window, its size the picture's (size). Without a rotation it is the
// screen's rectangle in the window; with one, the transform turn sets maps
// it onto that rectangle, and toLogical maps window points back.
func (s *Screen) area() board.Rect {
	w, h := s.size()
	return board.Rect{X: float32(s.opts.X), Y: float32(s.opts.Y), W: float32(w), H: float32(h)}
}

// turnOrigin is where the turned picture's logical origin (the screen's
// corner, s.opts.X, Y) lands in the window, less that corner.
func (s *Screen) turnOrigin() (dx, dy float32) {
	w, h := float32(s.opts.Width), float32(s.opts.Height)
	switch s.opts.Rotation {
	case 90:
		return w, 0
	case 180:
		return w, h
	case 270:
		return 0, h
	}
	return 0, 0
}

// turn sets the transform from logical coordinates to the window's for a
// turned picture: what is drawn until the matching rl.PopMatrix lands
// turned by s.opts.Rotation clockwise in the screen's rectangle. A turn
// by a multiple of 90 degrees keeps the triangles' winding (it mirrors
// nothing), so raylib's back-face culling drops none.
//
// The picture is the upright one turned, but for edges through pixel
// centres: the rasteriser gives such a pixel to the shape on one side
// (OpenGL's rule for shared edges), and a turn changes which side, so that
// such an edge lands one pixel over. The still layer is drawn turned too
// (Prepare), so that what moves lines up with it.
func (s *Screen) turn() {
	x, y := float32(s.opts.X), float32(s.opts.Y)
	dx, dy := s.turnOrigin()
	rl.PushMatrix()
	rl.Translatef(x+dx, y+dy, 0)
	rl.Rotatef(float32(s.opts.Rotation), 0, 0, 1)
	rl.Translatef(-x, -y, 0)
}

// toLogical maps window pixel x, y to logical coordinates: the inverse of
// turn.
func (s *Screen) toLogical(x, y float32) (float32, float32) {
	ox, oy := float32(s.opts.X), float32(s.opts.Y)
	dx, dy := s.turnOrigin()
	// Relative to where the logical origin lands, turned back.
	u, v := x-ox-dx, y-oy-dy
	switch s.opts.Rotation {
	case 90: // logical (u, v) was drawn at (-v, u)
		u, v = v, -u
	case 180:
		u, v = -u, -v
	case 270: // (u, v) was drawn at (v, -u)
		u, v = -v, u
	}
	return ox + u, oy + v
}

// Resize follows a change of the screen's size (the window's, on the
// table), keeping its origin; it reloads the fonts if the scale changed.
func (s *Screen) Resize(w, h int) {
	s.ResizeArea(s.opts.X, s.opts.Y, w, h)
}

// ResizeArea moves the screen to the rectangle x, y, w, h of the window;
// the picture keeps its rotation, so its size follows (size).
func (s *Screen) ResizeArea(x, y, w, h int) {
	lw, lh := logicalSize(w, h, s.opts.Rotation)
	if lw < 320 || lh < 200 || (x == s.opts.X && y == s.opts.Y && w == s.opts.Width && h == s.opts.Height) {
		return
	}
	s.opts.X, s.opts.Y, s.opts.Width, s.opts.Height = x, y, w, h
	if s.fonts != nil {
		if u := s.scale(); u != s.fonts.u {
			s.fonts.unload()
			s.loadFonts(u)
		}
	}
	s.slots.invalidate()
	if s.m != nil {
		s.layOut(s.m)
	}
}

// Unload releases the screen's fonts and textures.
func (s *Screen) Unload() {
	if s.bd != nil {
		s.bd.Unload()
		s.bd = nil
	}
	if s.fonts != nil {
		s.fonts.unload()
		s.fonts = nil
	}
	s.unloadStill()
	if s.rep.pix.ID != 0 {
		rl.UnloadRenderTexture(s.rep.pix)
	}
	s.rep = repair{}
}

// langOf is the language to draw v in.
func (s *Screen) langOf(v *input.View) msg.Lang {
	if v != nil && v.Lang != "" {
		if l, err := msg.ParseLang(v.Lang); err == nil {
			return l
		}
	}
	return s.lang
}

// layOut computes the geometry for map m.
func (s *Screen) layOut(m *maps.Map) {
	fr := board.Frame(m)
	aspect := fr.W / fr.H
	u := s.scale()
	s.play = newLayoutU(s.area(), s.opts.Seats, aspect, false, u)
	s.end = newLayoutU(s.area(), s.opts.Seats, aspect, true, u)
	s.starts = nil
	s.endLang = "" // fit the end screen again
	lay := s.layoutFor(s.mode)
	if s.fonts == nil {
		s.geom = s.layouts.layout(m, lay.board, boardOpts(m, lay.board, s.play.u, s.opts.Physical))
		s.m = m
		return
	}
	if s.bd == nil || s.m != m {
		if s.bd != nil {
			s.bd.Unload()
		}
		s.bd = newBoard(m, lay.board, nameSize(s.play.u), s.opts.Physical, s.layouts)
		s.bd.cv = &s.cv
	} else {
		s.bd.Resize(lay.board)
	}
	s.m = m
}

// layoutFor returns the layout of mode.
func (s *Screen) layoutFor(mode input.Mode) *screenLayout {
	if mode == input.ModeEnd {
		return s.end
	}
	return s.play
}

// boardLayout returns the board's geometry now.
func (s *Screen) boardLayout() *board.Layout {
	if s.bd != nil {
		return s.bd.Layout()
	}
	return s.geom
}

// prepare takes in what v shows that hit-testing needs: the map, the mode,
// the keys on each panel, the start screen's keys.
func (s *Screen) prepare(v *input.View) {
	if v.Map != nil && v.Map != s.m {
		// Laid out for the mode it is shown in, not the last one's.
		s.mode = v.Mode
		s.layOut(v.Map)
		s.m = v.Map
		s.slots.invalidate()
	}
	switch {
	case v.Mode != input.ModeEnd:
		s.endFrom = time.Time{} // the next end's reveal starts when it shows
	case !v.Announce.At.IsZero():
		s.endFrom = v.Announce.At // the last move's moment: the end's (reveal.go)
	}
	if v.Mode != s.mode {
		s.mode = v.Mode
		if s.m != nil {
			lay := s.layoutFor(s.mode)
			if s.bd != nil {
				s.bd.Resize(lay.board)
			} else {
				s.geom = s.layouts.layout(s.m, lay.board, boardOpts(s.m, lay.board, s.play.u, s.opts.Physical))
			}
		}
		s.slots.invalidate()
	}
	if s.play == nil {
		return
	}
	if v.Mode == input.ModeEnd && v.End != nil {
		if lang := s.langOf(v); s.updateEnd(v, s.endCompact, false) || lang != s.endLang {
			if s.endCompact || s.endShort {
				// Try the full lines again: the words or the screen changed.
				s.endCompact, s.endShort = false, false
				s.leanReset()
				s.updateEnd(v, false, true)
			}
			s.fitEnd(v, lang)
		}
	}
	if v.Mode == input.ModeStart && !sameStrings(s.starts, v.Start.Langs, v.Start.Maps) {
		s.starts = append(append(s.starts[:0], v.Start.Langs...), v.Start.Maps...)
		s.start = layStart(s.play.centre.Inset(gap*s.play.u), s.play.u, v.Start.Langs, v.Start.Maps)
	}
	for i := range s.shown {
		k := seatKeys{}
		if i < len(v.Seats) {
			sv := &v.Seats[i]
			switch v.Mode {
			case input.ModeStart:
				k.join = !sv.Typing
				k.color = sv.Playing && !sv.Typing
				k.first = sv.Playing && !sv.Typing
				k.name = sv.Playing && !sv.Typing
				k.typing, k.lang = sv.Typing, string(s.langOf(v))
			case input.ModeSetup, input.ModePlay:
				k.confirm, k.cancel, k.undo = stripKeys(v, sv)
				k.tools = sv.Playing && sv.Player >= 0 && i < len(s.play.panels) && toolsShown(&s.play.panels[i], k.confirm, k.cancel, k.undo)
				k.help, k.moves = sv.Help != nil && k.tools, sv.Moves && k.tools
			case input.ModeEnd:
				k.rank = sv.Playing && v.End != nil
			}
		}
		s.shown[i] = k
	}
}

func sameStrings(have []string, a, b []string) bool {
	if len(have) != len(a)+len(b) {
		return false
	}
	for i, x := range a {
		if have[i] != x {
			return false
		}
	}
	for i, x := range b {
		if have[len(a)+i] != x {
			return false
		}
	}
	return true
}

// boardView fills the reused board View from v.
func (s *Screen) boardView(v *input.View, now time.Time) *View {
	bv := &s.bview
	m := s.m
	if cap(bv.Routes) < len(m.Routes) {
		bv.Routes = make([]RouteMark, len(m.Routes))
	}
	if cap(bv.Cities) < len(m.Cities) {
		bv.Cities = make([]CityMark, len(m.Cities))
	}
	bv.Routes, bv.Cities = bv.Routes[:len(m.Routes)], bv.Cities[:len(m.Cities)]
	clear(bv.Routes)
	clear(bv.Cities)
	bv.Selected = board.Hit{}
	bv.NameAngle = 0
	bv.Time = float32(now.UnixMilli()%600000) / 1000

	// Each player's colour and mark, from their seat.
	n := len(v.Public.Players)
	s.colors = s.colors[:0]
	s.marks = s.marks[:0]
	for p := 0; p < n; p++ {
		s.colors = append(s.colors, color.RGBA{})
		s.marks = append(s.marks, board.Plain)
	}
	for i := range v.Seats {
		if p := v.Seats[i].Player; p >= 0 && p < n {
			s.colors[p] = PlayerColor(v.Seats[i].Color)
			s.marks[p] = PlayerMark(v.Seats[i].Color)
		}
	}
	bv.Scores = bv.Scores[:0]
	bv.Tickets = bv.Tickets[:0] // the end's, gone with it
	if v.Mode == input.ModeStart {
		return bv
	}
	for p := 0; p < n; p++ {
		bv.Scores = append(bv.Scores, ScoreMark{Score: v.Public.Players[p].Score, Color: s.colors[p], Mark: s.marks[p]})
	}
	for i, o := range v.Public.RouteOwner {
		if i >= len(bv.Routes) {
			break
		}
		if o >= 0 && o < n {
			bv.Routes[i].Owner = s.colors[o]
			bv.Routes[i].Mark = s.marks[o]
			continue
		}
		// With 2 or 3 players a double closes when one half is taken.
		if tw := m.Routes[i].Twin; tw >= 0 && n < 4 && tw < len(v.Public.RouteOwner) && v.Public.RouteOwner[tw] >= 0 {
			bv.Routes[i].Faded = true
		}
	}
	for c, o := range v.Public.StationOwner {
		if c < len(bv.Cities) && o >= 0 && o < n {
			bv.Cities[c].Station = s.colors[o]
		}
	}
	if v.Mode == input.ModeEnd && v.End != nil {
		s.endBoard(v, now, bv) // reveal.go
		return bv
	}
	// The names face the seat whose turn it is.
	if cur := currentSeat(v); cur >= 0 && cur < len(s.opts.Seats) {
		bv.NameAngle = edgeAngle(s.opts.Seats[cur])
	}
	switch {
	case v.SelectedRoute >= 0 && v.SelectedRoute < len(m.Routes):
		bv.Selected = board.Hit{Kind: board.HitRoute, Index: v.SelectedRoute}
	case v.SelectedCity >= 0 && v.SelectedCity < len(m.Cities):
		bv.Selected = board.Hit{Kind: board.HitCity, Index: v.SelectedCity}
	}
	return bv
}

// Colours of the screen around the board.
var (
	tableColor   = color.RGBA{38, 50, 46, 255}
	panelColor   = color.RGBA{28, 32, 38, 240}
	panelEdge    = color.RGBA{70, 78, 88, 255}
	panelInk     = color.RGBA{238, 238, 232, 255}
	panelDim     = color.RGBA{160, 166, 170, 255}
	currentColor = color.RGBA{255, 206, 40, 255}
	refuseColor  = color.RGBA{196, 30, 36, 255}
	newsColor    = color.RGBA{30, 96, 176, 255}
	confirmColor = color.RGBA{36, 150, 70, 255}
	cancelColor  = color.RGBA{176, 48, 44, 255}
	keyColor     = color.RGBA{60, 70, 84, 255}
	keyOnColor   = color.RGBA{238, 190, 40, 255}
	progressInk  = color.RGBA{255, 214, 90, 255}
	cardBack     = color.RGBA{34, 52, 96, 255}
	ticketBack   = color.RGBA{232, 218, 180, 255}
	longestGlow  = color.RGBA{255, 40, 190, 235}
	longestInk   = color.RGBA{255, 130, 215, 255} // the longest route's words, as its glow
	bannerColor  = color.RGBA{120, 24, 28, 240}
	overlayColor = color.RGBA{24, 28, 34, 236}
	winnerColor  = color.RGBA{255, 200, 40, 255}
	doneInk      = color.RGBA{120, 220, 130, 255}
	failInk      = color.RGBA{255, 130, 120, 255}
)

// Draw draws v, the table's screen at time now (for the notices' timing
// and the pulse of highlights), into the screen's rectangle. The caller
// brackets it with rl.BeginDrawing (or rl.BeginTextureMode) and the
// matching End, so that it can draw more around it. After Prepare(v, now)
// a frame only copies the still layer and draws what moves over it.
func (s *Screen) Draw(v *input.View, now time.Time) {
	if v != nil {
		s.prepare(v)
	}
	if s.fonts == nil {
		return // no window: nothing to draw with
	}
	if v == nil || s.play == nil {
		// Nothing to show yet (no View, no map laid out): the table's
		// colour, so that a window the screen fills, which nobody clears,
		// never shows what was there before.
		rl.DrawRectangle(int32(s.opts.X), int32(s.opts.Y), int32(s.opts.Width), int32(s.opts.Height), tableColor)
		s.rep.valid = false
		return
	}
	// A turned screen draws in logical coordinates, turned onto the
	// window; the still layer holds its part turned already and is copied
	// as it is, at the cost of an upright frame.
	still := s.stillFor(v, now)
	s.beginFrame(still)
	if s.opts.Rotation != 0 {
		s.turn()
	}
	if !still {
		s.drawStill(v, now)
	}
	// What moves notes where it drew as it draws (canvas.note), for the
	// next frame's repair.
	s.cv.turn, s.cv.stack = scene.Turn{}, s.cv.stack[:0]
	s.cv.moved = &s.rep.next
	s.drawLive(v, now)
	s.cv.moved = nil
	if s.opts.Rotation != 0 {
		rl.PopMatrix()
	}
	s.endFrame(still)
}

// pulseAt is a 0-1 breathing value for highlights.
func pulseAt(now time.Time) float32 {
	ms := now.UnixMilli() % 1400
	x := float32(ms) / 700
	if x > 1 {
		x = 2 - x
	}
	return x
}

// playerEdges returns which edges have a playing seat.
func playerEdges(v *input.View, seats []Edge) (has [4]bool) {
	for i, sv := range v.Seats {
		if i < len(seats) && (sv.Playing || v.Mode == input.ModeStart) {
			has[seats[i]&3] = true
		}
	}
	return has
}

// currentSeat returns the seat the table waits for, or -1.
func currentSeat(v *input.View) int {
	for i, sv := range v.Seats {
		if sv.Current {
			return i
		}
	}
	return -1
}

// edgeAngle is how far, in degrees clockwise, what faces edge e is turned
// from what faces the bottom edge.
func edgeAngle(e Edge) float32 {
	p := facing(board.Rect{W: 1, H: 1}, e)
	return p.angle
}

// facing returns a frame in rect r in which text reads upright from edge e.
func facing(r board.Rect, e Edge) panelGeom {
	p := panelGeom{rect: r, edge: e}
	p.orient()
	return p
}

// begin sets the transform for drawing in p's local coordinates, for
// shapes now and for the text queued until the end of the frame.
func (s *Screen) begin(p *panelGeom) {
	s.cv.push()
	s.cv.move(p.o.X, p.o.Y)
	if p.angle != 0 {
		s.cv.rotate(p.angle)
	}
	s.fonts.q.xf = xform{o: p.o, angle: p.angle}
}

// done undoes begin.
func (s *Screen) done() {
	s.cv.pop()
	s.fonts.q.xf = xform{}
}
