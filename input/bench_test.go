package input_test

import (
	"testing"

	"ttr/hal"
	"ttr/input/inputtest"
)

// BenchmarkView measures building the View of a 4-player Europe game in
// progress, which the display asks for every frame.
func BenchmarkView(b *testing.B) {
	r := newGame(b, 4, "europe", nil)
	b.ReportAllocs()
	for b.Loop() {
		_ = r.tb.View()
	}
}

// BenchmarkViewAfterEvent measures an event and the View after it: a card
// scanned for a claim and taken off again.
func BenchmarkViewAfterEvent(b *testing.B) {
	r := newGame(b, 4, "europe", nil)
	r.ok(r.touchRoute("danzig--warszawa--1"))
	c := r.game().Hand(0).IDs()[0]
	b.ReportAllocs()
	for b.Loop() {
		r.tb.Handle(hal.Scan{Seat: 0, UID: inputtest.CardUID(c), At: r.now})
		_ = r.tb.View()
		r.tb.Handle(hal.Press{Seat: 0, Button: hal.Cancel, At: r.now})
		r.tb.Handle(hal.Touch{Kind: hal.RouteArea, ID: "danzig--warszawa--1", Seat: -1, At: r.now})
	}
}
