package main

import (
	"reflect"
	"testing"
)

// tframe is one frame of input to a touchTracker and the taps it must give.
type tframe struct {
	points  []touchPoint
	pressed bool
	mouse   touchPoint
	want    []touchPoint
}

func TestTouchTracker(t *testing.T) {
	a := touchPoint{ID: 7, X: 100, Y: 900}  // a palm resting at the south seat
	b := touchPoint{ID: 8, X: 1800, Y: 500} // a finger at the east seat
	c := touchPoint{ID: 9, X: 960, Y: 40}   // a finger at the north seat
	bMoved := touchPoint{ID: 8, X: 1810, Y: 505}
	nowhere := touchPoint{ID: 10, X: -1, Y: -1}
	mouse := touchPoint{X: 300, Y: 200}
	tests := []struct {
		name   string
		frames []tframe
	}{
		{"two points pressed at once", []tframe{
			// BTN_TOUCH goes down with the first finger: the press is those
			// fingers, not a third tap.
			{points: []touchPoint{a, b}, pressed: true, mouse: a, want: []touchPoint{a, b}},
			{points: []touchPoint{a, b}, want: nil},
		}},
		{"one held while others come and go", []tframe{
			{points: []touchPoint{a}, pressed: true, mouse: a, want: []touchPoint{a}},
			{points: []touchPoint{a, b}, want: []touchPoint{b}},
			{points: []touchPoint{a, bMoved}, want: nil},
			{points: []touchPoint{a}, want: nil},
			{points: []touchPoint{a, c}, want: []touchPoint{c}},
			{points: []touchPoint{a, c, b}, want: []touchPoint{b}},
			{points: []touchPoint{a}, want: nil},
		}},
		{"an id reused after its lift", []tframe{
			{points: []touchPoint{b}, want: []touchPoint{b}},
			{points: nil, want: nil},
			{points: []touchPoint{bMoved}, want: []touchPoint{bMoved}},
		}},
		{"mouse clicks on the desktop", []tframe{
			{pressed: true, mouse: mouse, want: []touchPoint{mouse}},
			{want: nil},
			{pressed: true, mouse: mouse, want: []touchPoint{mouse}},
		}},
		{"single-touch screen whose point is never lifted", []tframe{
			{points: []touchPoint{{ID: 0, X: 50, Y: 60}}, pressed: true, mouse: touchPoint{X: 50, Y: 60}, want: []touchPoint{{ID: 0, X: 50, Y: 60}}},
			{points: []touchPoint{{ID: 0, X: 50, Y: 60}}, want: nil},
			{points: []touchPoint{{ID: 0, X: 400, Y: 60}}, pressed: true, mouse: touchPoint{X: 400, Y: 60}, want: []touchPoint{{X: 400, Y: 60}}},
		}},
		{"a point without a position yet", []tframe{
			{points: []touchPoint{a}, want: []touchPoint{a}},
			{points: []touchPoint{a, nowhere}, want: nil},
			{points: []touchPoint{a, {ID: 10, X: 5, Y: 6}}, want: []touchPoint{{ID: 10, X: 5, Y: 6}}},
			{points: []touchPoint{a, {ID: 10, X: 7, Y: 6}}, want: nil},
		}},
		{"a first finger without a position is the press", []tframe{
			{points: []touchPoint{nowhere}, pressed: true, mouse: mouse, want: []touchPoint{mouse}},
			{points: []touchPoint{{ID: 10, X: 5, Y: 6}}, want: nil},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := newTouchTracker()
			for i, f := range tc.frames {
				got := tr.frame(f.points, f.pressed, f.mouse)
				if !reflect.DeepEqual(got, f.want) {
					t.Fatalf("frame %d: got taps %v, want %v", i, got, f.want)
				}
			}
		})
	}
}
