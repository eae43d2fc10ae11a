package display

import (
	"time"

	"ttr/display/board"
	"ttr/display/scene"
	"ttr/hal"
	"ttr/input"
)

// HitTest resolves a touch at window pixel x, y to what it landed on,
// as the View last drawn shows it: an on-screen key (with its seat for
// keys of a seat's panel), a market slot, the deck, the ticket deck, a
// route or a city; or Nothing (with the seat when the touch landed on a
// seat's panel). now is the touch's time. On a turned screen
// (ScreenOpts.Rotation) the point is turned back with the picture first;
// the Touch keeps the window pixel in X and Y.
func (s *Screen) HitTest(x, y float32, now time.Time) hal.Touch {
	t := hal.Touch{X: x, Y: y, Kind: hal.Nothing, Seat: -1, At: now}
	if s.play == nil {
		return t
	}
	lay := s.layoutFor(s.mode)
	p := board.Vec{X: x, Y: y}
	if s.opts.Rotation != 0 {
		p.X, p.Y = s.toLogical(x, y)
	}
	if s.menu.on {
		return s.hitMenu(p, t)
	}
	key := func(k scene.Key) hal.Touch {
		t.Kind, t.ID, t.Seat = hal.ScreenKey, k.ID(), hal.Seat(k.Seat)
		if !k.Part.OnSeat() {
			t.Seat = -1
		}
		return t
	}
	if kt, ok := s.hitKeyboards(lay, p, t); ok {
		return kt
	}
	if kt, ok := s.hitPages(lay, p, t); ok { // help.go
		return kt
	}
	for i := range lay.panels {
		pg := &lay.panels[i]
		if !pg.rect.Inset(-gap * lay.u / 2).Contains(p) {
			continue
		}
		q := pg.toLocal(p)
		k := s.shown[pg.seat]
		on := func(part scene.Part, index int) hal.Touch {
			return key(scene.Key{Part: part, Seat: pg.seat, Index: index})
		}
		switch {
		case k.confirm && pg.confirm.Inset(-gap*lay.u/2).Contains(q):
			return on(scene.ConfirmKey, 0)
		case k.cancel && pg.cancel.Inset(-gap*lay.u/2).Contains(q):
			return on(scene.CancelKey, 0)
		case k.undo && undoRect(pg, k.cancel).Inset(-gap*lay.u/2).Contains(q):
			return on(scene.UndoKey, 0)
		case k.tools && pg.help.Inset(-gap*lay.u/2).Contains(q):
			return on(scene.HelpKey, 0)
		case k.tools && pg.scores.Inset(-gap*lay.u/2).Contains(q):
			return on(scene.MovesKey, 0)
		case k.join && pg.join.Contains(q):
			return on(scene.JoinKey, 0)
		case k.first && pg.first.Contains(q):
			return on(scene.FirstKey, 0)
		case k.name && nameKey(pg, lay.u).Contains(q):
			return on(scene.NameKey, 0)
		}
		if s.mode == input.ModeEnd && pg.newGame.Contains(q) {
			return on(scene.NewGameKey, 0)
		}
		if k.rank {
			order, _ := s.rankingAt(now)
			for i, p := range order {
				if rankChip(pg.rank, len(order), i, lay.u).Contains(q) {
					return on(scene.RankKey, p)
				}
			}
		}
		if k.color {
			for c := range pg.colors {
				if pg.colors[c].Inset(-gap * lay.u / 3).Contains(q) {
					return on(scene.ColorKey, c)
				}
			}
		}
		t.Seat = hal.Seat(pg.seat)
		return t
	}
	switch s.mode {
	case input.ModeStart:
		for _, k := range s.start.keys {
			if k.r.Contains(p) {
				return key(k.key)
			}
		}
		return t
	case input.ModeEnd:
		return t
	}
	mk := &lay.market
	for i, r := range mk.slots {
		if r.Inset(-gap * lay.u / 2).Contains(p) {
			t.Kind, t.Index = hal.MarketSlot, i
			return t
		}
	}
	switch {
	case mk.deck.Inset(-gap * lay.u / 2).Contains(p):
		t.Kind = hal.DeckArea
		return t
	case mk.tickets.Inset(-gap * lay.u / 2).Contains(p):
		t.Kind = hal.TicketDeck
		return t
	}
	bl := s.boardLayout()
	if bl == nil || s.m == nil {
		return t
	}
	h := bl.HitTest(p)
	switch h.Kind {
	case board.HitRoute:
		t.Kind, t.ID, t.Index = hal.RouteArea, s.m.Routes[h.Index].ID, h.Index
	case board.HitCity:
		t.Kind, t.ID, t.Index = hal.CityArea, s.m.Cities[h.Index].ID, h.Index
	}
	return t
}
