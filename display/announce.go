package display

import (
	"strconv"
	"time"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/input"
)

// AnnouncePulse is how long the route or city of an announced move pulses
// on the board, and its points rise over the player's marker.
const AnnouncePulse = 2500 * time.Millisecond

// announcePulsing reports whether v's announcement pulses at now: its
// route or city on the board, its points over the marker.
func announcePulsing(v *input.View, now time.Time) bool {
	a := &v.Announce
	if a.Text.IsZero() || a.At.IsZero() || (v.Mode != input.ModePlay && v.Mode != input.ModeSetup) {
		return false
	}
	d := now.Sub(a.At)
	return d >= 0 && d < AnnouncePulse
}

// drawAnnouncePulse draws, over the still layer, the announced route or
// city pulsing and the points scored rising over the player's marker, for
// AnnouncePulse after the move.
func (s *Screen) drawAnnouncePulse(v *input.View, now time.Time, lay *screenLayout) {
	if !announcePulsing(v, now) || s.bd == nil || liveSelection(v) || v.Tunnel != nil {
		return
	}
	a := &v.Announce
	bv := s.boardView(v, now)
	l := s.bd.Layout()
	switch {
	case a.Route >= 0 && a.Route < len(l.Routes):
		bv.Selected = board.Hit{Kind: board.HitRoute, Index: a.Route}
	case a.City >= 0 && a.City < len(l.Cities):
		bv.Selected = board.Hit{Kind: board.HitCity, Index: a.City}
	}
	s.bd.DrawSelection(bv)
	if a.Points == 0 || a.Player < 0 || a.Player >= len(bv.Scores) {
		return
	}
	// "+N" rises from the marker towards the board's middle and fades.
	t := float32(now.Sub(a.At)) / float32(AnnouncePulse)
	sp := l.TrackSpace(bv.Scores[a.Player].Score)
	d := l.TrackDepth
	c := sp.Rect.Center().Add(sp.Inward.Scale(d * (1.2 + 2.5*t)))
	u := lay.u
	px := min(s.fonts.sizes[min(len(s.fonts.sizes)-1, 3)], 20*u)
	f := s.fonts.face(true, px)
	s.num = append(s.num[:0], '+')
	s.numb = strconv.AppendInt(s.numb[:0], int64(a.Points), 10)
	for _, b := range s.numb {
		s.num = append(s.num, rune(b))
	}
	w := f.width(s.num, px)
	r := board.Rect{X: c.X - w/2 - 4*u, Y: c.Y - px*0.6 - 2*u, W: w + 8*u, H: px*1.2 + 4*u}
	alpha := 1 - max(0, t-0.6)/0.4
	s.cv.round(rect(r), 0.4, 6, withAlpha(overlayColor, alpha))
	s.cv.roundFrame(rect(r), 0.4, 6, max(1, 1.5*u), withAlpha(bv.Scores[a.Player].Color, alpha))
	f.text(s.num, rl.Vector2{X: float32(int(r.X + 4*u + 0.5)), Y: float32(int(r.Y + 2*u + 0.5))}, px, withAlpha(doneInk, alpha))
}
