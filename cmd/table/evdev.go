package main

import (
	"maps"
	"slices"
)

// raylib's DRM back end reads one input device only (the last touch screen
// it finds in /dev/input; rcore_drm.c, USE_LAST_TOUCH_DEVICE), and a panel
// may show up as several (a touch and a pen interface, or two controllers
// under one glass). On the Pi the table therefore reads every touch screen
// itself, from the kernel's evdev nodes (evdev_linux.go); mtDecoder follows
// one node's stream and is kept free of devices so that it can be tested.

// Linux input event codes (linux/input-event-codes.h).
const (
	evSyn = 0x00
	evKey = 0x01
	evAbs = 0x03

	synReport  = 0x00
	synDropped = 0x03

	btnTouch = 0x14a

	absX            = 0x00
	absY            = 0x01
	absMTSlot       = 0x2f
	absMTPositionX  = 0x35
	absMTPositionY  = 0x36
	absMTTrackingID = 0x39
)

// absRange is an axis's range (struct input_absinfo's minimum and maximum).
type absRange struct{ Min, Max int32 }

// scale maps v on r to 0..size pixels.
func (r absRange) scale(v int32, size int) float32 {
	if r.Max <= r.Min {
		return float32(v)
	}
	return float32(v-r.Min) * float32(size) / float32(r.Max-r.Min)
}

// mtDecoder follows one touch screen's events and reports each finger that
// comes down, once, at the SYN_REPORT that completes its frame, in screen
// pixels. It reads the multi-touch protocol B (slots and tracking ids), and
// a single-touch screen's BTN_TOUCH with ABS_X and ABS_Y.
type mtDecoder struct {
	x, y          absRange // the axes (ABS_MT_POSITION_* or ABS_X/Y)
	width, height int      // the screen's size in pixels

	mt    bool // the device speaks protocol B
	slot  int32
	slots map[int32]*mtSlot

	// Single touch.
	stX, stY    int32
	stDown      bool
	stWentDown  bool
	dropped     bool // SYN_DROPPED: events were lost until the next SYN_REPORT
	nextTouchID int32
}

// mtSlot is a slot's contact; the kernel sends only the values that
// changed, so each is kept until it changes.
type mtSlot struct {
	id    int32 // tracking id, -1 when the slot is empty
	x, y  int32
	fresh bool // came down in the frame being read
}

func newMTDecoder(x, y absRange, mt bool, width, height int) *mtDecoder {
	return &mtDecoder{x: x, y: y, mt: mt, width: width, height: height, slots: map[int32]*mtSlot{}}
}

// touchState is what the kernel holds of a touch screen when the table
// opens it: the slot selected, each slot's tracking id and position, and
// a single-touch screen's position and BTN_TOUCH. The kernel sends a value
// only when it differs from the one it holds, so a decoder that starts
// from nothing places a finger that comes down where the last one lifted
// (before the table started: a restart, a game after a crash) in the
// screen's corner instead.
type touchState struct {
	slot  int32
	slots []mtSlot // by slot number; id -1 for an empty slot
	x, y  int32    // single touch
	down  bool     // single touch: BTN_TOUCH
}

// resume starts the decoder from the kernel's state: a finger already down
// is not told again, and values the kernel will leave out are known.
func (d *mtDecoder) resume(st touchState) {
	d.slot = st.slot
	for i, s := range st.slots {
		d.slots[int32(i)] = &mtSlot{id: s.id, x: s.x, y: s.y}
	}
	d.stX, d.stY, d.stDown = st.x, st.y, st.down
}

func (d *mtDecoder) cur() *mtSlot {
	s := d.slots[d.slot]
	if s == nil {
		s = &mtSlot{id: -1}
		d.slots[d.slot] = s
	}
	return s
}

// event takes one input event and returns the fingers that came down, when
// it is the SYN_REPORT that ends their frame.
func (d *mtDecoder) event(typ, code uint16, value int32) []touchPoint {
	switch typ {
	case evAbs:
		switch code {
		case absMTSlot:
			d.slot = value
		case absMTTrackingID:
			s := d.cur()
			// A new id in a slot is a new finger, even without a lift in
			// between (the lift and the new finger in one frame).
			s.fresh = value >= 0 && (value != s.id || s.fresh)
			s.id = value
		case absMTPositionX:
			d.cur().x = value
		case absMTPositionY:
			d.cur().y = value
		case absX:
			d.stX = value
		case absY:
			d.stY = value
		}
	case evKey:
		if code == btnTouch {
			if value != 0 && !d.stDown {
				d.stWentDown = true
			}
			d.stDown = value != 0
		}
	case evSyn:
		switch code {
		case synDropped:
			d.dropped = true
		case synReport:
			if d.dropped {
				// The frame is incomplete: a finger that came down in it
				// is dropped rather than placed wrong.
				d.dropped = false
				d.stWentDown = false
				for _, s := range d.slots {
					s.fresh = false
				}
				return nil
			}
			return d.report()
		}
	}
	return nil
}

func (d *mtDecoder) report() []touchPoint {
	var taps []touchPoint
	if d.mt {
		fingers := 0
		for _, s := range d.slots {
			if s.id >= 0 {
				fingers++
			}
		}
		// In slot order, so that fingers of one frame come out the same way
		// every time.
		for _, i := range slices.Sorted(maps.Keys(d.slots)) {
			s := d.slots[i]
			if !s.fresh {
				continue
			}
			s.fresh = false
			taps = append(taps, touchPoint{ID: s.id, X: d.x.scale(s.x, d.width), Y: d.y.scale(s.y, d.height), Fingers: fingers})
		}
		d.stWentDown = false
		return taps
	}
	if d.stWentDown {
		d.stWentDown = false
		d.nextTouchID++
		taps = append(taps, touchPoint{ID: d.nextTouchID, X: d.x.scale(d.stX, d.width), Y: d.y.scale(d.stY, d.height), Fingers: 1})
	}
	return taps
}
