package main

// touchPoint is one finger on the glass as raylib reports it in a frame:
// its id (the kernel's ABS_MT_TRACKING_ID on the DRM back end, 0 for a
// single-touch screen) and its position in screen pixels; a coordinate is
// negative while raylib has not received it.
type touchPoint struct {
	ID   int32
	X, Y float32
	// Fingers is how many fingers were on the glass (of one device) in the
	// frame this one came down in, itself included, as the evdev decoder
	// counts them; 0 where it is not known (raylib's points).
	Fingers int
}

func (p touchPoint) placed() bool { return p.X >= 0 && p.Y >= 0 }

// touchTracker turns the touch points of each frame into taps: one per
// finger that came down, whatever other fingers rest on the glass, so that
// a palm or sleeve at one seat never blocks another seat. It is kept apart
// from raylib so that it can be tested.
//
// raylib's DRM back end lists the fingers down (GetTouchPointCount,
// GetTouchPointId, GetTouchPosition) and also sets the left mouse button
// from BTN_TOUCH, which stays down while any finger is down. The mouse
// press is used only when no new finger explains it: on the desktop, where
// GLFW lists no touch points, and on a single-touch screen, whose one point
// raylib never lifts (only BTN_LEFT clears it), so that every later touch
// shows only as a press.
type touchTracker struct {
	down    map[int32]bool // ids down last frame
	pending map[int32]bool // ids that came down without a position yet
}

func newTouchTracker() *touchTracker {
	return &touchTracker{down: map[int32]bool{}, pending: map[int32]bool{}}
}

// frame takes the points down in this frame, and whether the left mouse
// button was pressed since the last frame and where the pointer is; it
// returns the taps to hit-test, in the order raylib listed the points.
func (t *touchTracker) frame(points []touchPoint, pressed bool, mouse touchPoint) []touchPoint {
	var taps []touchPoint
	now := make(map[int32]bool, len(points))
	for _, p := range points {
		now[p.ID] = true
		switch {
		case !t.down[p.ID] && p.placed():
			taps = append(taps, p)
		case !t.down[p.ID]:
			t.pending[p.ID] = true
		case t.pending[p.ID] && p.placed():
			// The kernel leaves out a coordinate equal to the slot's last
			// one, and raylib forgot it at the lift: the position comes
			// with the finger's first move.
			delete(t.pending, p.ID)
			taps = append(taps, p)
		}
	}
	for id := range t.pending {
		if !now[id] {
			delete(t.pending, id)
		}
	}
	t.down = now
	if pressed && len(taps) == 0 {
		// The press is the finger that came down without a position, if
		// any: it is told once.
		clear(t.pending)
		taps = append(taps, mouse)
	}
	return taps
}
