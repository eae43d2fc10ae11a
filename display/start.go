package display

import (
	"image/color"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/display/scene"
	"ttr/input"
)

// drawStartPanel draws a seat's choices on the start screen: join or
// leave, its colour, first player.
func (s *Screen) drawStartPanel(v *input.View, lang msg.Lang, pg *panelGeom, sv *input.SeatView, sl *seatSlots, playing bool) {
	u := s.fonts.u
	join := msg.Text{Key: "start.join"}
	if playing {
		join = msg.Text{Key: "start.leave"}
	}
	s.cv.part(scene.Key{Part: scene.JoinKey, Seat: pg.seat})
	s.drawTextKey(lang, pg.join, &sl.join, join, false, u)
	s.cv.part(scene.Key{Part: scene.Message, Seat: pg.seat})
	// Text is drawn after every shape: while a notice covers the message,
	// only the notice speaks (as drawMessage).
	quiet := s.noticeShown(sv)
	if !playing {
		r := pg.startMsg
		if !quiet {
			sl.prompt.get(s.fonts, s.cat, lang, msg.Text{Key: "start.seat_empty"}, r.W, r.H, promptFit).drawTop(r, alignLeft, panelDim)
		}
		return
	}
	first := v.Start.First == sv.Seat
	s.cv.part(scene.Key{Part: scene.FirstKey, Seat: pg.seat})
	s.drawTextKey(lang, pg.first, &sl.first, msg.Text{Key: "start.first_player"}, first, u)
	// The colour's name above the swatches.
	r := pg.startMsg
	r = nameLine(pg, u, r)
	s.cv.part(scene.Key{Part: scene.NameKey, Seat: pg.seat})
	s.drawNameKey(lang, pg)
	s.cv.part(scene.Key{Part: scene.Message, Seat: pg.seat})
	if !quiet {
		sl.prompt.get(s.fonts, s.cat, lang, sv.Name, r.W, r.H, promptFit).drawTop(r, alignLeft, panelInk)
	}
	for c := range pg.colors {
		cr := pg.colors[c]
		s.cv.part(scene.Key{Part: scene.ColorKey, Seat: pg.seat, Index: c})
		taken := false
		for i := range v.Seats {
			o := &v.Seats[i]
			if o.Seat != sv.Seat && o.Playing && int(o.Color) == c {
				taken = true
			}
		}
		if input.Color(c) == sv.Color {
			s.cv.round(rect(cr.Inset(-3*u)), 0.3, 6, currentColor)
		}
		s.drawSwatch(cr, input.Color(c), u)
		if taken {
			s.cv.round(rect(cr), 0.25, 6, color.RGBA{20, 20, 24, 170})
			iconCross(&s.cv, cr.Inset(cr.W*0.25), panelInk)
		}
	}
}

// drawStart draws the start screen's middle: the title, the language and
// map keys, the number of players, what is missing, and Start.
func (s *Screen) drawStart(v *input.View, lang msg.Lang, lay *screenLayout) {
	u := lay.u
	g := &s.start
	s.cv.fill(rect(lay.board), color.RGBA{20, 24, 28, 110})
	s.cv.round(rect(g.card.Inset(-3*u)), 0.08, 8, winnerColor)
	s.cv.round(rect(g.card), 0.08, 8, overlayColor)
	sl := &s.slots
	sl.title.get(s.fonts, s.cat, lang, msg.Text{Key: "start.title"}, g.title.W, g.title.H, fitOpts{bold: true, min: 14, max: 34, maxLines: 1}).draw(g.title, alignCenter, winnerColor)
	lab := fitOpts{bold: true, min: minText, max: 16, maxLines: 2}
	sl.langLabel.get(s.fonts, s.cat, lang, msg.Text{Key: "start.language"}, g.langLabel.W, g.langLabel.H, lab).draw(g.langLabel, alignLeft, panelDim)
	sl.mapLabel.get(s.fonts, s.cat, lang, msg.Text{Key: "start.map"}, g.mapLabel.W, g.mapLabel.H, lab).draw(g.mapLabel, alignLeft, panelDim)
	if len(sl.keys) < len(g.keys) {
		sl.keys = make([]textSlot, len(g.keys))
	}
	nl := len(v.Start.Langs)
	for i, k := range g.keys {
		var t msg.Text
		on := false
		kl := lang
		s.cv.part(k.key)
		switch {
		case i < nl:
			// Each language is named in itself.
			t = msg.Text{Key: "lang.name"}
			if l, err := msg.ParseLang(v.Start.Langs[i]); err == nil {
				kl = l
			}
			on = v.Start.Langs[i] == v.Start.Lang
		case i < nl+len(v.Start.Maps):
			id := v.Start.Maps[i-nl]
			t = msg.Text{Key: "map." + id}
			on = id == v.Start.Map
		case k.key.Part == scene.FirstGameKey:
			s.drawFirstGameKey(lang, k.r, &sl.keys[i], v.Start.FirstGame, u)
			continue
		default:
			s.drawStartKey(lang, k.r, &sl.keys[i], v.Start.Ready, u)
			continue
		}
		s.drawTextKey(kl, k.r, &sl.keys[i], t, on, u)
	}
	s.cv.part(scene.Key{Part: scene.Middle})
	pt := msg.Text{Key: "start.player_count", Args: map[string]any{"Count": v.Start.Players}}
	sl.players.get(s.fonts, s.cat, lang, pt, g.players.W, g.players.H, fitOpts{bold: true, min: minText, max: 16, maxLines: 1}).draw(g.players, alignCenter, panelInk)
	if !v.Start.Problem.IsZero() {
		sl.problem.get(s.fonts, s.cat, lang, v.Start.Problem, g.problem.W, g.problem.H, fitOpts{min: minText, max: 16, maxLines: 2}).draw(g.problem, alignCenter, progressInk)
	}
}

// drawFirstGameKey draws first-game mode's switch: a box, ticked when on,
// and what the mode does.
func (s *Screen) drawFirstGameKey(lang msg.Lang, r board.Rect, slot *textSlot, on bool, u float32) {
	bg := keyColor
	if on {
		bg = withAlpha(keyOnColor, 0.35)
	}
	s.cv.round(rect(r), 0.3, 6, bg)
	s.cv.roundFrame(rect(r), 0.3, 6, max(1, 1.5*u), withAlpha(panelInk, 0.7))
	bs := min(r.H*0.6, 18*u)
	box := board.Rect{X: r.X + 4*u, Y: r.Y + (r.H-bs)/2, W: bs, H: bs}
	s.cv.roundFrame(rect(box), 0.2, 4, max(1.5, 2*u), panelInk)
	if on {
		iconCheck(&s.cv, box.Inset(bs*0.15), keyOnColor)
	}
	in := board.Rect{X: box.X + bs + 4*u, Y: r.Y + u, W: r.X + r.W - box.X - bs - 7*u, H: r.H - 2*u}
	slot.get(s.fonts, s.cat, lang, msg.Text{Key: "first_game.toggle"}, in.W, in.H, fitOpts{bold: true, min: minText, max: 16, maxLines: 2}).draw(in, alignLeft, panelInk)
}

// drawStartKey draws Start: green when the game can start.
func (s *Screen) drawStartKey(lang msg.Lang, r board.Rect, slot *textSlot, ready bool, u float32) {
	bg := keyColor
	if ready {
		bg = confirmColor
	}
	s.cv.round(rect(r), 0.3, 6, bg)
	s.cv.roundFrame(rect(r), 0.3, 6, max(1, 2*u), panelInk)
	in := r.Inset(3 * u)
	ink := panelInk
	if !ready {
		ink = panelDim
	}
	slot.get(s.fonts, s.cat, lang, msg.Text{Key: "start.start_game"}, in.W, in.H, fitOpts{bold: true, min: minText, max: 21, maxLines: 1}).draw(in, alignCenter, ink)
}

// startGeom is the start screen's middle: title, languages, maps, the
// number of players and Start.
type startGeom struct {
	card                       board.Rect
	title, langLabel, mapLabel board.Rect
	players, problem           board.Rect
	keys                       []keyGeom // languages, maps, start
}

// layStart lays out the start screen's middle card in c for the offered
// languages and maps.
func layStart(c board.Rect, u float32, langs, mapIDs []string) startGeom {
	var g startGeom
	w := min(c.W, 420*u)
	h := min(c.H, 272*u)
	g.card = board.Rect{X: c.X + (c.W-w)/2, Y: c.Y + (c.H-h)/2, W: w, H: h}
	pad := 8 * u
	in := g.card.Inset(pad)
	row := (in.H - 5*gap*u) / 7
	y := in.Y
	g.title = board.Rect{X: in.X, Y: y, W: in.W, H: row * 1.2}
	y += row*1.2 + gap*u
	labelW := in.W * 0.26
	keysRow := func(ids []string, part scene.Part, label *board.Rect) {
		*label = board.Rect{X: in.X, Y: y, W: labelW - gap*u, H: row}
		n := float32(max(len(ids), 1))
		kw := (in.W - labelW - (n-1)*gap*u) / n
		for i, id := range ids {
			g.keys = append(g.keys, keyGeom{key: scene.Key{Part: part, Name: id}, r: board.Rect{X: in.X + labelW + float32(i)*(kw+gap*u), Y: y, W: kw, H: row}})
		}
		y += row + gap*u
	}
	keysRow(langs, scene.LangKey, &g.langLabel)
	keysRow(mapIDs, scene.MapKey, &g.mapLabel)
	g.players = board.Rect{X: in.X, Y: y, W: in.W, H: row * 0.8}
	y += row*0.8 + gap*u
	// First-game mode: its switch, a row of its own.
	g.keys = append(g.keys, keyGeom{key: scene.Key{Part: scene.FirstGameKey}, r: board.Rect{X: in.X, Y: y, W: in.W, H: row}})
	y += row + gap*u
	g.problem = board.Rect{X: in.X, Y: y, W: in.W, H: row}
	y += row + gap*u
	sw := in.W * 0.5
	g.keys = append(g.keys, keyGeom{key: scene.Key{Part: scene.StartKey}, r: board.Rect{X: in.X + (in.W-sw)/2, Y: y, W: sw, H: in.Y + in.H - y}})
	return g
}
