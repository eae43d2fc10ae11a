package display

import (
	"image/color"
	"math"
	"strconv"
	"time"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/display/scene"
	"ttr/input"
)

// seatSlots are the fitted texts of one seat's panel.
type seatSlots struct {
	name, prompt, progress, notice, offline textSlot
	confirm, cancel, join, first            textSlot
	// The prompt on one line, and the last move's line on one or on two
	// (newsBoxes).
	promptLine, news, newsWide textSlot
	newsTry                    textSlot // the move on two lines beside the banner, tried
	// The table's banner in the prompt's place, on two lines, on one, or
	// its short form (newsBoxes).
	banner, bannerLine, bannerShort textSlot
	lines                           listSlot
	seatName                        msg.Text // "Seat 3", built once
	// The strip's tools and pages (tools.go, help.go, moves.go).
	help, undo textSlot
	pages      pageSlots
	// The end panel's lines, rebuilt when the end view changes.
	endSrc                []msg.Text
	endWinner, endDecided msg.Text
	endTexts              []msg.Text
	endInks               []string
	// endLean leaves lines out of a panel too narrow for them all
	// (leanLevels).
	endLean int
	// The breakdown the seat has open (input.EndView.Open): its player,
	// its lines, and their fitted texts.
	breakP     int
	breakSrc   []msg.Text
	breakTexts []msg.Text
	breakInks  []string
	breakdown  listSlot
	// The same, each ticket left out for their sum, for a part of the
	// screen too small for the whole (several breakdowns open).
	breakShort     []msg.Text
	breakShortInks []string
	breakdownShort listSlot
	// The least of it: routes, tickets, total.
	breakLeast     []msg.Text
	breakLeastInks []string
	breakdownLeast listSlot
	breakTitle     textSlot
}

// screenSlots are every fitted text of the screen.
type screenSlots struct {
	seats                                        []seatSlots
	deck, discards, tickets                      textSlot
	banner                                       [4][2]textSlot // by edge: two lines
	title, langLabel, mapLabel, players, problem textSlot
	keys                                         []textSlot
	tunnel, route                                textSlot
	newGame                                      textSlot
}

// invalidate forgets every fitted text (after a resize or a new layout).
func (ss *screenSlots) invalidate() {
	for i := range ss.seats {
		sn := ss.seats[i].seatName
		ss.seats[i] = seatSlots{seatName: sn}
	}
	seats, keys := ss.seats, ss.keys[:0]
	*ss = screenSlots{seats: seats, keys: keys}
}

// Text sizes of the panel, in u.
var (
	nameFit     = fitOpts{bold: true, min: 12, max: 21, maxLines: 1}
	promptFit   = fitOpts{min: minText, max: 21}
	progressFit = fitOpts{bold: true, min: minText, max: 16, maxLines: 2}
	keyFit      = fitOpts{bold: true, min: minText, max: 14, maxLines: 1, optional: true}
	keyTextFit  = fitOpts{bold: true, min: minText, max: 16, maxLines: 2}
	numberPx    = float32(16)
)

// Panel corners: the plate's roundness, its edge's thickness.
const panelRound = 0.12

func panelEdgeWidth(u float32) float32 { return max(1.5, 2*u) }

// drawPanel draws seat sv's panel, facing its edge, without its glow
// (drawPanelGlow): the still layer's.
func (s *Screen) drawPanel(v *input.View, lang msg.Lang, pg *panelGeom, sv *input.SeatView, now time.Time) {
	sl := &s.slots.seats[pg.seat]
	if sl.seatName.Key == "" {
		sl.seatName = msg.Text{Key: "start.seat", Args: map[string]any{"Number": pg.seat + 1}}
	}
	u := s.fonts.u
	full := board.Rect{W: pg.w, H: pg.d}
	playing := sv.Playing && (v.Mode == input.ModeStart || sv.Player >= 0)
	winner := s.panelWinner(v, sv, now)
	s.begin(pg)
	defer s.done()
	s.cv.part(scene.Key{Part: scene.Strip, Seat: pg.seat})
	if v.Mode == input.ModeStart && sv.Typing && playing {
		s.cv.part(scene.Key{Part: scene.Keyboard, Seat: pg.seat})
		s.drawKeyboard(lang, pg, sv) // keyboard.go
		return
	}
	if !playing && v.Mode != input.ModeStart {
		// An empty seat: a quiet plate, so that the table's shape reads.
		s.cv.round(rect(full), 0.18, 6, withAlpha(panelColor, 0.45))
		if v.Mode == input.ModeEnd {
			s.cv.part(scene.Key{Part: scene.NewGameKey, Seat: pg.seat})
			s.drawNewGame(lang, pg, u)
		}
		return
	}
	s.cv.round(rect(full), panelRound, 6, panelColor)
	edgeCol := panelEdge
	if sv.Current {
		edgeCol = currentColor
	} else if winner {
		edgeCol = winnerColor
	}
	s.cv.roundFrame(rect(full), panelRound, 6, panelEdgeWidth(u), edgeCol)

	// Header: the colour with its mark, the name, the counts, the score.
	if playing {
		s.drawSwatch(pg.swatch, sv.Color, u)
	} else {
		s.cv.roundFrame(rect(pg.swatch.Inset(2*u)), 0.25, 6, max(1, 1.5*u), panelDim)
	}
	nameRect := pg.name
	if v.Mode == input.ModeStart && pg.startName.W > 0 {
		nameRect = pg.startName
	}
	if sv.Current && v.Mode != input.ModeStart {
		// The marker: a bright plate behind the name.
		s.cv.round(rect(nameRect.Inset(-1*u)), 0.3, 6, currentColor)
	}
	name := sv.Name
	if v.Mode == input.ModeStart {
		name = sl.seatName
	}
	nameInk := panelInk
	if sv.Current && v.Mode != input.ModeStart {
		nameInk = color.RGBA{20, 20, 24, 255}
	}
	inner := board.Rect{X: nameRect.X + 3*u, Y: nameRect.Y, W: nameRect.W - 6*u, H: nameRect.H}
	sl.name.get(s.fonts, s.cat, lang, name, inner.W, inner.H, nameFit).draw(inner, alignLeft, nameInk)

	switch v.Mode {
	case input.ModeStart:
		s.drawStartPanel(v, lang, pg, sv, sl, playing)
	case input.ModeEnd:
		s.drawEndPanel(v, lang, pg, sv, sl)
		s.cv.part(scene.Key{Part: scene.NewGameKey, Seat: pg.seat})
		s.drawNewGame(lang, pg, u)
		return
	default:
		if sv.Player < len(v.Public.Players) {
			s.drawStats(v, pg, sv.Player, u)
		}
		s.drawTools(v, lang, pg, sv, sl, u) // tools.go
		confirm, cancel, undo := stripKeys(v, sv)
		msv := sv
		if undo && !sv.Current {
			// Their turn has passed: the strip says what Undo takes back.
			cp := *sv
			cp.Prompt = v.Undo.What
			msv = &cp
		}
		s.cv.part(scene.Key{Part: scene.Message, Seat: pg.seat})
		s.drawMessage(v, lang, pg, msv, sl, u)
		if confirm {
			s.cv.part(scene.Key{Part: scene.ConfirmKey, Seat: pg.seat})
			s.drawKey(lang, pg.confirm, &sl.confirm, msg.Text{Key: "button.confirm"}, confirmColor, iconCheck, u)
		}
		if cancel {
			s.cv.part(scene.Key{Part: scene.CancelKey, Seat: pg.seat})
			s.drawKey(lang, pg.cancel, &sl.cancel, msg.Text{Key: "button.cancel"}, cancelColor, iconCross, u)
		}
		if undo {
			s.cv.part(scene.Key{Part: scene.UndoKey, Seat: pg.seat})
			s.drawUndo(lang, undoRect(pg, cancel), sl, u)
		}
		if promptKept(v, sv) {
			// The notice goes beside the strip, never over the prompt
			// (drawSeatPages).
			return
		}
	}
	s.cv.part(scene.Key{Part: scene.Message, Seat: pg.seat})
	s.drawNotice(lang, pg, sv, sl, now, u)
}

// drawPanelGlow draws the glow round seat sv's panel, at pulse 0-1, if
// it breathes (the current player's, a winner's once the reveal is over):
// what moves of the panel, over the still layer.
func (s *Screen) drawPanelGlow(v *input.View, pg *panelGeom, sv *input.SeatView, now time.Time, pulse float32) {
	winner := s.panelWinner(v, sv, now)
	if !panelMoves(v, sv) || (v.Mode == input.ModeEnd && !winner) {
		return
	}
	glow := currentColor
	if winner {
		glow = winnerColor
	}
	s.begin(pg)
	defer s.done()
	s.cv.part(scene.Key{Part: scene.Glow, Seat: pg.seat})
	drawGlow(&s.cv, board.Rect{W: pg.w, H: pg.d}, glow, pulse, s.fonts.u)
}

// panelWinner reports whether seat sv's panel shows a winner at now: at
// the end, once the reveal is over (reveal.go).
func (s *Screen) panelWinner(v *input.View, sv *input.SeatView, now time.Time) bool {
	return v.Mode == input.ModeEnd && v.End != nil && isWinner(v.End, sv.Player) && s.revealAt(v, now).done()
}

// drawGlow draws the breathing glow around a panel plate full (local
// coordinates), pulse 0-1: three bands of growing width and fading
// strength, outside the plate's edge, so that it goes over what lies
// round the plate and never over the plate (drawn once, in the still
// layer).
func drawGlow(cv *canvas, full board.Rect, glow color.RGBA, pulse, u float32) {
	edge := panelEdgeWidth(u)
	// The plate's corner radius, as raylib draws it, grown by the edge.
	radius := min(full.W, full.H)*panelRound/2 + edge
	out := full.Inset(-edge)
	roundness := 2 * radius / min(out.W, out.H)
	for k := float32(3); k >= 1; k-- {
		if w := k*2*u*(0.6+0.4*pulse) - edge; w > 0 {
			cv.roundFrame(rect(out), roundness, 6, w, withAlpha(glow, 0.22*(4-k)/3+0.1))
		}
	}
}

// drawMessage draws the prompt, the last move's line (newsBoxes), the
// progress line and the offline marks.
func (s *Screen) drawMessage(v *input.View, lang msg.Lang, pg *panelGeom, sv *input.SeatView, sl *seatSlots, u float32) {
	ink := panelInk
	if !sv.Current {
		ink = panelDim
	}
	// Text is drawn after every shape of the frame, so anything under the
	// notice's plate would show through it: while a notice shows, only the
	// notice speaks.
	if s.noticeShown(sv) && !promptKept(v, sv) {
		return
	}
	nb := s.newsBoxes(v, lang, pg, sv, sl, u)
	if nb.shown {
		s.drawNews(v, lang, sl, nb, u)
	}
	if !nb.text.IsZero() && nb.prompt.H > 0 {
		if nb.banner {
			ink = winnerColor
		}
		ft := s.promptFitted(lang, sl, &nb, nb.prompt, nb.oneLine)
		if nb.oneLine {
			ft.draw(nb.prompt, alignLeft, ink)
		} else {
			ft.drawTop(nb.prompt, alignLeft, ink)
		}
	}
	switch {
	case sv.ReaderOffline || sv.ButtonsOffline:
		key := "panel.reader_offline"
		if !sv.ReaderOffline {
			key = "panel.buttons_offline"
		}
		ft := sl.offline.get(s.fonts, s.cat, lang, msg.Text{Key: key}, pg.progress.W-6*u, pg.progress.H, progressFit)
		r := pg.progress
		r.W = min(r.W, ft.w+6*u)
		s.cv.round(rect(r), 0.4, 6, refuseColor)
		ft.draw(r, alignCenter, panelInk)
	case !sv.Progress.IsZero():
		sl.progress.get(s.fonts, s.cat, lang, sv.Progress, pg.progress.W, pg.progress.H, progressFit).draw(pg.progress, alignLeft, progressInk)
	}
}

// Text sizes of the last move's line in a strip, and of a prompt sharing
// the strip with it, in u.
var (
	newsFit       = fitOpts{bold: true, min: minText, max: 14, maxLines: 1, optional: true}
	newsWideFit   = fitOpts{bold: true, min: minText, max: 14, maxLines: 2}
	newsTryFit    = fitOpts{bold: true, min: minText, max: 14, maxLines: 2, optional: true}
	promptLineFit = fitOpts{min: minText, max: 16, maxLines: 1, optional: true}
	// The table's banner in a strip: bold, on two lines or on one.
	bannerStripFit = fitOpts{bold: true, min: minText, max: 16, maxLines: 2, optional: true}
	bannerLineFit  = fitOpts{bold: true, min: minText, max: 16, maxLines: 1, optional: true}
)

// shortBanners are the short forms of the table's banners, for a strip
// line too short for the whole message.
var shortBanners = map[string]string{
	"prompt.last_round":   "prompt.last_round_short",
	"prompt.reshuffle":    "prompt.reshuffle_short",
	"prompt.market_reset": "prompt.market_reset_short",
}

// newsGeom is where a strip's prompt and the last move's line go.
type newsGeom struct {
	prompt  board.Rect // zero: the prompt gives way
	text    msg.Text   // what the prompt's place says (zero: nothing)
	banner  bool       // text is the table's banner, not the seat's prompt
	short   bool       // the banner's short form (shortBanners)
	oneLine bool       // the prompt on one line (promptLineFit)
	news    board.Rect
	wide    bool // the move on up to two lines (newsWideFit)
	shown   bool
}

// newsBoxes returns where, in seat sv's strip (local coordinates), its
// prompt and the last move's line (View.Announce) go. The line has no
// plate on the map: it takes the strip's last line of words, under a
// prompt that fits the line above; the running count and the offline
// marks keep their place. A seat the table waits for keeps its prompt
// whole when it needs every line (its move is the next line), and so does
// a seat answering a question (take back, stop) or offered Undo (its
// prompt says what Undo takes back); for any other seat, whose prompt
// only names who plays, the move takes the whole message when it needs
// it.
//
// The table's banner (View.Banner: the last round, a reshuffle, a market
// reset) is told on the strips too, never over the map: in the prompt's
// place on the strip of every seat the table does not wait for (the
// glowing strip shows who plays), in its short form where the whole
// message does not fit beside the move. The seat the table waits for has
// it in its own prompt or running count ("This is your last turn.").
func (s *Screen) newsBoxes(v *input.View, lang msg.Lang, pg *panelGeom, sv *input.SeatView, sl *seatSlots, u float32) newsGeom {
	g := newsGeom{prompt: pg.message, text: sv.Prompt}
	playing := v.Mode == input.ModePlay || v.Mode == input.ModeSetup
	if !promptKept(v, sv) && playing && !v.Banner.IsZero() {
		g.text, g.banner = v.Banner, true
	}
	busy := !sv.Progress.IsZero() || sv.ReaderOffline || sv.ButtonsOffline
	if busy {
		g.prompt = pg.prompt
	}
	// fitsIn reports whether g's words fit r (on one line if one), the
	// banner in its short form if the whole does not.
	fitsIn := func(g *newsGeom, r board.Rect, one bool) bool {
		if g.text.IsZero() {
			return true
		}
		g.short = false
		if s.promptFitted(lang, sl, g, r, one).ok {
			return true
		}
		if !g.banner {
			return false
		}
		g.short = true
		return s.promptFitted(lang, sl, g, r, one).ok
	}
	// whole is g, the banner left out if it fits nowhere.
	whole := func(g newsGeom) newsGeom {
		if g.banner && !fitsIn(&g, g.prompt, false) {
			g.text, g.banner, g.short = msg.Text{}, false, false
		}
		return g
	}
	if v.Announce.Text.IsZero() || !playing {
		return whole(g)
	}
	oneLine := func(r board.Rect) bool {
		return sl.news.get(s.fonts, s.cat, lang, v.Announce.Text, r.W-newsInset(u), r.H, newsFit).ok
	}
	if pg.progress.Y > pg.prompt.Y+1 {
		// A two-row strip: the move takes the count's line when it is
		// free.
		if busy {
			return whole(g)
		}
		if oneLine(pg.progress) {
			return whole(newsGeom{prompt: pg.prompt, text: g.text, banner: g.banner, news: pg.progress, shown: true})
		}
	} else {
		// A one-row strip: the prompt on the top line, the move under it.
		lineH := float32(math.Ceil(float64(minText * u * lineSpacing)))
		p := g.prompt
		top := board.Rect{X: p.X, Y: p.Y, W: p.W, H: p.H - lineH}
		bottom := board.Rect{X: p.X, Y: p.Y + top.H, W: p.W, H: lineH}
		ng := newsGeom{prompt: top, text: g.text, banner: g.banner, oneLine: true, news: bottom, shown: true}
		if fitsIn(&ng, top, true) && oneLine(bottom) {
			return ng
		}
	}
	if promptKept(v, sv) || undoOffered(v, sv) || busy {
		return whole(g)
	}
	if g.banner {
		// The move needs two lines: the banner beside it, on the top
		// line of a two-row strip, else where the running count goes.
		wideFits := func(r board.Rect) bool {
			return sl.newsTry.get(s.fonts, s.cat, lang, v.Announce.Text, r.W-newsInset(u), r.H, newsTryFit).ok
		}
		m := pg.message
		ng := newsGeom{prompt: pg.progress, text: g.text, banner: true, news: pg.prompt, wide: true, shown: true}
		if pg.progress.Y > pg.prompt.Y+1 {
			lineH := float32(math.Ceil(float64(minText * u * lineSpacing)))
			ng.prompt, ng.oneLine = board.Rect{X: m.X, Y: m.Y, W: m.W, H: lineH}, true
			ng.news = board.Rect{X: m.X, Y: m.Y + lineH, W: m.W, H: m.H - lineH}
		}
		if fitsIn(&ng, ng.prompt, ng.oneLine) && wideFits(ng.news) {
			return ng
		}
	}
	return newsGeom{news: pg.message, wide: true, shown: true}
}

// promptFitted returns g's words fitted into r, on one line if one: the
// seat's prompt, or the banner whole or short.
func (s *Screen) promptFitted(lang msg.Lang, sl *seatSlots, g *newsGeom, r board.Rect, one bool) *fitted {
	switch {
	case !g.banner && one:
		return sl.promptLine.get(s.fonts, s.cat, lang, g.text, r.W, r.H, promptLineFit)
	case !g.banner:
		return sl.prompt.get(s.fonts, s.cat, lang, g.text, r.W, r.H, promptFit)
	case g.short:
		return sl.bannerShort.get(s.fonts, s.cat, lang, msg.Text{Key: shortBanners[g.text.Key]}, r.W, r.H, bannerLineFit)
	case one:
		return sl.bannerLine.get(s.fonts, s.cat, lang, g.text, r.W, r.H, bannerLineFit)
	}
	return sl.banner.get(s.fonts, s.cat, lang, g.text, r.W, r.H, bannerStripFit)
}

// newsInset is how far the last move's words stand in from the left of
// their box, past the bar in the mover's colour.
func newsInset(u float32) float32 { return 7 * u }

// drawNews draws the last move's line where nb puts it in a strip: a bar
// in the mover's colour, then the words.
func (s *Screen) drawNews(v *input.View, lang msg.Lang, sl *seatSlots, nb newsGeom, u float32) {
	col := newsColor
	if p := v.Announce.Player; p >= 0 && p < len(s.colors) && s.colors[p].A != 0 {
		col = s.colors[p]
	}
	r := nb.news
	in := board.Rect{X: r.X + newsInset(u), Y: r.Y, W: r.W - newsInset(u), H: r.H}
	var ft *fitted
	if nb.wide {
		ft = sl.newsWide.get(s.fonts, s.cat, lang, v.Announce.Text, in.W, in.H, newsWideFit)
	} else {
		ft = sl.news.get(s.fonts, s.cat, lang, v.Announce.Text, in.W, in.H, newsFit)
	}
	h := min(r.H, ft.h+2*u)
	bar := board.Rect{X: r.X + u, Y: r.Y + (r.H-h)/2, W: 3.5 * u, H: h}
	s.cv.round(rect(bar.Inset(-max(1, 0.7*u))), 0.6, 4, trainRim)
	s.cv.round(rect(bar), 0.6, 4, col)
	ft.draw(in, alignLeft, panelInk)
}

// drawNotice draws the seat's latest notice over its message for a few
// seconds: a refusal in red with a cross, news in blue.
func (s *Screen) drawNotice(lang msg.Lang, pg *panelGeom, sv *input.SeatView, sl *seatSlots, now time.Time, u float32) {
	n := &sv.Notice
	if !noticeActive(n, now) {
		return
	}
	r := pg.message
	if s.mode == input.ModeStart {
		r = pg.startMsg
		if sv.Playing {
			// Beside the Name key, which stays in sight; words too long
			// for that room (a config's mistake with its line and fix) go
			// in a bubble in front of the strip instead, over the board.
			nr := nameLine(pg, u, r)
			in := noticeBox(nr, u)
			if !sl.notice.get(s.fonts, s.cat, lang, n.Text, in.W, in.H, promptFit).ok {
				// As deep as its words, up to four lines.
				full := board.Rect{X: r.X, W: r.W, H: textLines(4)*u + 4*u}
				fb := noticeBox(full, u)
				f := sl.notice.get(s.fonts, s.cat, lang, n.Text, fb.W, fb.H, promptFit)
				full.H = min(full.H, f.h+full.H-fb.H+2*u)
				full.Y = -bubbleGap*u - full.H
				s.drawNoticeIn(lang, full, n, &sl.notice, u)
				return
			}
			r = nr
		}
	}
	s.drawNoticeIn(lang, r, n, &sl.notice, u)
}

// noticeActive reports whether notice n is still shown at now.
func noticeActive(n *input.Notice, now time.Time) bool {
	return !n.Text.IsZero() && !n.At.IsZero() && now.Sub(n.At) <= NoticeFor
}

// noticeShown reports whether seat sv's notice covers its message in the
// frame being drawn (its text would otherwise show through: text is drawn
// after every shape).
func (s *Screen) noticeShown(sv *input.SeatView) bool { return noticeActive(&sv.Notice, s.now) }

// noticeIcon is the size of a notice's icon in box r.
func noticeIcon(r board.Rect, u float32) float32 { return min(r.H*0.5, 22*u) }

// noticeBox is where a notice's words go in box r: right of its icon.
func noticeBox(r board.Rect, u float32) board.Rect {
	icon := noticeIcon(r, u)
	return board.Rect{X: r.X + icon + 8*u, Y: r.Y + u, W: r.W - icon - 11*u, H: r.H - 2*u}
}

// drawSwatch draws a player's colour with the mark of their trains.
func (s *Screen) drawSwatch(r board.Rect, c input.Color, u float32) {
	pc := PlayerColor(c)
	s.cv.round(rect(r), 0.25, 6, trainRim)
	s.cv.round(rect(r.Inset(max(1, 1.5*u))), 0.25, 6, pc)
	s.tris = board.AppendShape(s.tris[:0], PlayerMark(c), r.Center(), board.Vec{X: 1}, r.W*0.55)
	ink := inkFor(pc)
	for i := range s.tris {
		t := &s.tris[i]
		s.cv.tri(rl.Vector2(t[0]), rl.Vector2(t[1]), rl.Vector2(t[2]), ink)
	}
}

// drawStats draws a player's trains, stations, cards and tickets as icons
// with numbers, and their score.
func (s *Screen) drawStats(v *input.View, pg *panelGeom, p int, u float32) {
	pp := &v.Public.Players[p]
	r := pg.stats
	n := 3
	stations := v.Map != nil && v.Map.Rules.Stations > 0
	if stations {
		n = 4
	}
	cw := r.W / float32(n)
	px := min(numberPx*u, r.H*0.95)
	f := s.fonts.face(true, px)
	icon := min(r.H*0.62, cw*0.42)
	items := [4]struct {
		n    int
		draw func(*canvas, board.Rect, color.RGBA)
	}{{pp.Trains, iconTrain}, {pp.Cards, iconCard}, {pp.Tickets + pp.Drawn, iconTicket}, {pp.StationsLeft, iconStation}}
	for i := 0; i < n; i++ {
		x := r.X + float32(i)*cw
		ir := board.Rect{X: x, Y: r.Y + (r.H-icon)/2, W: icon, H: icon}
		items[i].draw(&s.cv, ir, panelDim)
		s.drawNumber(f, items[i].n, board.Rect{X: x + icon + 2*u, Y: r.Y, W: cw - icon - 2*u, H: r.H}, px, alignLeft, panelInk)
	}
	// The score, in a plate like the score track's (a one-row strip has
	// it among every player's, tools.go).
	sr := pg.score
	if sr.W <= 0 {
		return
	}
	s.cv.round(rect(sr), 0.35, 6, color.RGBA{238, 232, 214, 255})
	bpx := s.fonts.sizes[min(len(s.fonts.sizes)-1, 5)]
	bpx = min(bpx, sr.H*0.85)
	s.drawNumber(s.fonts.face(true, bpx), pp.Score, sr, bpx, alignCenter, color.RGBA{30, 30, 34, 255})
}

// drawNumber draws n in box r, vertically centred, without allocating; at
// px, or smaller if it would be wider than r (never below the smallest
// text size).
func (s *Screen) drawNumber(f *face, n int, r board.Rect, px float32, a align, col color.RGBA) {
	f, px, w := s.numberFit(f, n, r.W, px)
	x := r.X
	switch a {
	case alignCenter:
		x += (r.W - w) / 2
	case alignRight:
		x += r.W - w
	}
	y := r.Y + (r.H-px)/2
	f.text(s.num, rl.Vector2{X: float32(int(x + 0.5)), Y: float32(int(y + 0.5))}, px, col)
}

// numberFit returns the face, size and width n is drawn at in a box w
// wide, asked at px in f (s.num holds its digits after).
func (s *Screen) numberFit(f *face, n int, w, px float32) (*face, float32, float32) {
	s.numb = strconv.AppendInt(s.numb[:0], int64(n), 10)
	s.num = s.num[:0]
	for _, b := range s.numb {
		s.num = append(s.num, rune(b))
	}
	tw := f.width(s.num, px)
	if tw > w && tw > 0 {
		px = max(px*w/tw, s.fonts.sizes[0])
		f = s.fonts.face(true, px)
		px = min(px, f.Size)
		tw = f.width(s.num, px)
	}
	return f, px, tw
}

// drawKey draws an on-screen key: a coloured plate, an icon and, when it
// fits, its word under the icon.
func (s *Screen) drawKey(lang msg.Lang, r board.Rect, slot *textSlot, t msg.Text, bg color.RGBA, icon func(*canvas, board.Rect, color.RGBA), u float32) {
	s.cv.round(rect(r), 0.25, 6, bg)
	s.cv.roundFrame(rect(r), 0.25, 6, max(1, 1.5*u), withAlpha(panelInk, 0.8))
	lh := float32(minText) * u * lineSpacing
	ft := slot.get(s.fonts, s.cat, lang, t, r.W-4*u, lh, keyFit)
	is := min(r.W, r.H) * 0.5
	if ft.ok && r.H > is+lh+6*u {
		is = min(is, r.H-lh-8*u)
		icon(&s.cv, board.Rect{X: r.X + (r.W-is)/2, Y: r.Y + (r.H-lh-is)/2 - u, W: is, H: is}, panelInk)
		ft.draw(board.Rect{X: r.X + 2*u, Y: r.Y + r.H - lh - 3*u, W: r.W - 4*u, H: lh}, alignCenter, panelInk)
		return
	}
	icon(&s.cv, board.Rect{X: r.X + (r.W-is)/2, Y: r.Y + (r.H-is)/2, W: is, H: is}, panelInk)
}

// drawTextKey draws a key with a word only (the start screen's keys); on
// marks the chosen one.
func (s *Screen) drawTextKey(lang msg.Lang, r board.Rect, slot *textSlot, t msg.Text, on bool, u float32) {
	bg, ink := keyColor, panelInk
	if on {
		bg, ink = keyOnColor, color.RGBA{24, 24, 28, 255}
	}
	s.cv.round(rect(r), 0.3, 6, bg)
	s.cv.roundFrame(rect(r), 0.3, 6, max(1, 1.5*u), withAlpha(panelInk, 0.7))
	in := board.Rect{X: r.X + 3*u, Y: r.Y + u, W: r.W - 6*u, H: r.H - 2*u}
	slot.get(s.fonts, s.cat, lang, t, in.W, in.H, keyTextFit).draw(in, alignCenter, ink)
}
