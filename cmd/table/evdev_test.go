package main

import (
	"reflect"
	"testing"
)

// ev is one input event.
type ev struct {
	typ, code uint16
	value     int32
}

var syn = ev{evSyn, synReport, 0}

// feed sends evs to d and returns the taps of each SYN_REPORT, in order.
func feed(d *mtDecoder, evs ...ev) [][]touchPoint {
	var out [][]touchPoint
	for _, e := range evs {
		taps := d.event(e.typ, e.code, e.value)
		if e == syn {
			out = append(out, taps)
		}
	}
	return out
}

func down(slot, id, x, y int32) []ev {
	return []ev{{evAbs, absMTSlot, slot}, {evAbs, absMTTrackingID, id}, {evAbs, absMTPositionX, x}, {evAbs, absMTPositionY, y}}
}

func up(slot int32) []ev {
	return []ev{{evAbs, absMTSlot, slot}, {evAbs, absMTTrackingID, -1}}
}

func move(slot, x, y int32) []ev {
	return []ev{{evAbs, absMTSlot, slot}, {evAbs, absMTPositionX, x}, {evAbs, absMTPositionY, y}}
}

func cat(parts ...[]ev) []ev {
	var out []ev
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// at is finger id at x, y of a 4096x4096 panel on a 1920x1080 screen,
// with n fingers on the glass.
func at(id int32, x, y int32, n int) touchPoint {
	return touchPoint{ID: id, X: float32(x) * 1920 / 4096, Y: float32(y) * 1080 / 4096, Fingers: n}
}

func TestMTDecoder(t *testing.T) {
	// A 4096x4096 panel on a 1920x1080 screen.
	rng := absRange{0, 4096}
	tests := []struct {
		name string
		evs  []ev
		want [][]touchPoint
	}{
		{"two fingers at once", cat(down(0, 10, 100, 200), down(1, 11, 3000, 4000), []ev{{evKey, btnTouch, 1}, syn}, move(0, 110, 210), []ev{syn}),
			[][]touchPoint{{at(10, 100, 200, 2), at(11, 3000, 4000, 2)}, nil}},
		{"one held while others come and go", cat(
			down(0, 20, 100, 100), []ev{{evKey, btnTouch, 1}, syn},
			down(1, 21, 2000, 2000), []ev{syn},
			up(1), move(0, 101, 100), []ev{syn},
			down(1, 22, 2500, 300), []ev{syn},
			down(2, 23, 400, 3900), []ev{syn},
		), [][]touchPoint{{at(20, 100, 100, 1)}, {at(21, 2000, 2000, 2)}, nil, {at(22, 2500, 300, 2)}, {at(23, 400, 3900, 3)}}},
		{"a slot reused at the same place", cat(
			down(0, 30, 500, 600), []ev{syn},
			up(0), []ev{syn},
			// The kernel leaves out coordinates equal to the slot's last ones.
			[]ev{{evAbs, absMTSlot, 0}, {evAbs, absMTTrackingID, 31}, syn},
		), [][]touchPoint{{at(30, 500, 600, 1)}, nil, {at(31, 500, 600, 1)}}},
		{"a new finger in a slot without a lift between", cat(
			down(0, 50, 500, 600), []ev{syn},
			down(0, 51, 900, 900), []ev{syn},
		), [][]touchPoint{{at(50, 500, 600, 1)}, {at(51, 900, 900, 1)}}},
		{"a frame with lost events", cat(
			down(0, 40, 500, 600), []ev{{evSyn, synDropped, 0}, syn},
			move(0, 510, 600), []ev{syn},
		), [][]touchPoint{nil, nil}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := feed(newMTDecoder(rng, rng, true, 1920, 1080), tc.evs...)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %v\nwant %v", got, tc.want)
			}
		})
	}
}

func TestSingleTouchDecoder(t *testing.T) {
	d := newMTDecoder(absRange{0, 1023}, absRange{0, 599}, false, 1024, 600)
	got := feed(d,
		ev{evAbs, absX, 100}, ev{evAbs, absY, 200}, ev{evKey, btnTouch, 1}, syn,
		ev{evAbs, absX, 120}, syn,
		ev{evKey, btnTouch, 0}, syn,
		ev{evKey, btnTouch, 1}, ev{evAbs, absX, 700}, syn,
	)
	x := func(v int32) float32 { return float32(v) * 1024 / 1023 }
	y := func(v int32) float32 { return float32(v) * 600 / 599 }
	want := [][]touchPoint{{{ID: 1, X: x(100), Y: y(200), Fingers: 1}}, nil, nil, {{ID: 2, X: x(700), Y: y(200), Fingers: 1}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v\nwant %v", got, want)
	}
}

// The kernel sends an axis's value only when it differs from the one it
// holds, so a decoder opened after contacts came and went (the table
// restarted) starts from the kernel's state (touchState).
func TestDecoderResumesTheKernelsState(t *testing.T) {
	rng := absRange{0, 4096}
	tests := []struct {
		name string
		st   touchState
		evs  []ev
		want [][]touchPoint
	}{
		{"a finger where the last one lifted before the table started",
			touchState{slot: 0, slots: []mtSlot{{id: -1, x: 3000, y: 3500}, {id: -1}}},
			// Slot and position are left out: they are the kernel's already.
			[]ev{{evAbs, absMTTrackingID, 7}, syn},
			[][]touchPoint{{at(7, 3000, 3500, 1)}}},
		{"a finger in the slot the kernel had selected",
			touchState{slot: 1, slots: []mtSlot{{id: -1}, {id: -1, x: 10, y: 20}}},
			[]ev{{evAbs, absMTTrackingID, 8}, {evAbs, absMTPositionX, 1000}, syn},
			[][]touchPoint{{at(8, 1000, 20, 1)}}},
		{"a finger already down is not told again",
			touchState{slot: 0, slots: []mtSlot{{id: 5, x: 100, y: 100}, {id: -1}}},
			cat(move(0, 120, 100), []ev{syn}, down(1, 6, 2000, 2000), []ev{syn}),
			[][]touchPoint{nil, {at(6, 2000, 2000, 2)}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := newMTDecoder(rng, rng, true, 1920, 1080)
			d.resume(tc.st)
			if got := feed(d, tc.evs...); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %v\nwant %v", got, tc.want)
			}
		})
	}
	t.Run("single touch held, then a touch where it lifted", func(t *testing.T) {
		d := newMTDecoder(absRange{0, 1023}, absRange{0, 599}, false, 1024, 600)
		d.resume(touchState{x: 300, y: 400, down: true})
		got := feed(d, ev{evAbs, absX, 310}, syn, ev{evKey, btnTouch, 0}, syn, ev{evKey, btnTouch, 1}, syn)
		want := [][]touchPoint{nil, nil, {{ID: 1, X: 310 * 1024.0 / 1023, Y: 400 * 600.0 / 599, Fingers: 1}}}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("got %v\nwant %v", got, want)
		}
	})
}
