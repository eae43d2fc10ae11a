package main

import (
	"fmt"
	"testing"
	"time"

	"ttr/cmd/table/owner"
	"ttr/hal"
	"ttr/hal/haltest"
	"ttr/input"
)

// TestSimOwnerMenu: in the simulator the owner's menu opens as on the
// table (two holds of a seat's Confirm and Cancel) and by F10 held
// owner.KeyHold (not shorter); while it is open, the seat's presses are
// the menu's (Confirm opens its first entry, Cancel goes back and closes)
// and the start screen is left as it was; its line is in the banner.
func TestSimOwnerMenu(t *testing.T) {
	w := newTestWorld(t, "europe", 2, 1, nil)
	clk := w.clock.(*haltest.Clock)
	start := w.view()
	hold := func(seat int) {
		w.buttons[seat].LongPress(hal.Confirm)
		w.buttons[seat].LongPress(hal.Cancel)
		w.drain()
	}
	hold(1)
	if w.door.Menu.IsOpen() || w.view().Banner.Key != owner.KeyOpenAgain {
		t.Fatalf("one hold: open %v, banner %q", w.door.Menu.IsOpen(), w.view().Banner.Key)
	}
	hold(1)
	if !w.door.Menu.IsOpen() || w.view().Banner.Key != "owner_pages.title_entries" {
		t.Fatalf("two holds: open %v, banner %q", w.door.Menu.IsOpen(), w.view().Banner.Key)
	}
	w.press(1, hal.Confirm) // the first entry: enrolment, disabled (no registry file)
	w.press(1, hal.Cancel)
	if w.door.Menu.IsOpen() {
		t.Fatal("Cancel at the entries left the menu open")
	}
	if got := w.view(); got.Mode != input.ModeStart || w.app.Logged() != 0 || fmt.Sprint(got.Start) != fmt.Sprint(start.Start) {
		t.Errorf("the game saw the menu's presses: mode %s, %d actions, start %+v, want %+v", got.Mode, w.app.Logged(), got.Start, start.Start)
	}

	for _, tc := range []struct {
		held time.Duration
		open bool
	}{{owner.KeyHold - time.Millisecond, false}, {owner.KeyHold, true}} {
		w.door.KeyDown(clk.Now())
		clk.Advance(tc.held)
		w.door.KeyUp(0, clk.Now(), w.playing())
		if w.door.Menu.IsOpen() != tc.open {
			t.Errorf("F10 held %v: open %v, want %v", tc.held, w.door.Menu.IsOpen(), tc.open)
		}
	}
	if v := w.door.Menu.View(); v.Seat != 0 {
		t.Errorf("F10 opened the menu facing seat %d, want the seat in focus", v.Seat+1)
	}
}
