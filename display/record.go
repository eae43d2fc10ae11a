package display

import (
	"time"

	"ttr/display/scene"
	"ttr/input"
)

// Scene records the frame Draw draws for v at now as a scene (package
// scene): every shape and run of text, in the order drawn, each under the
// key of the part it belongs to, in the picture's coordinates as the
// players see it (a turned screen's scene is upright). The drawing code
// runs as for a whole frame, on the screen's canvas with the recorder set
// instead of raylib, so the scene is what the frame shows; nothing is
// drawn. sc is reset and returned (nil: a new one).
//
// Scene takes v in as Draw does (the layout for its map and mode, the keys
// HitTest finds), so a HitTest after it answers for v.
func (s *Screen) Scene(v *input.View, now time.Time, sc *scene.Scene) *scene.Scene {
	if sc == nil {
		sc = &scene.Scene{}
	}
	if v != nil {
		s.prepare(v)
	}
	s.record(v, now, sc, true)
	return sc
}

// record resets sc and records into it the still layer for v at now (the
// table, the board, the market, the strips: Prepare compares it with the
// layer's), and with live what moves over it too: the whole frame.
func (s *Screen) record(v *input.View, now time.Time, sc *scene.Scene, live bool) {
	w, h := s.size()
	sc.Reset(w, h)
	if s.fonts == nil {
		return
	}
	s.cv.rec, s.cv.key, s.cv.turn, s.cv.stack = sc, scene.Key{}, scene.Turn{}, s.cv.stack[:0]
	under := s.under.ready
	defer func() {
		s.cv.rec, s.cv.key = nil, scene.Key{}
		s.under.ready = under
	}()
	if v == nil || s.play == nil {
		s.cv.part(scene.Key{Part: scene.Table})
		s.cv.fill(rect(s.area()), tableColor)
		return
	}
	// The board drawn, not copied from the picture under the names.
	s.under.ready = false
	s.drawStill(v, now)
	if live {
		s.drawLive(v, now)
	}
}
