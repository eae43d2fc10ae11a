package main

import (
	"fmt"
	"strconv"
	"strings"
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

// TestSimOwnerMenuDrawn: in the simulator's window the owner's menu, once
// open, is drawn over the table's screen facing the seat in focus, its
// keys are among the window's -targets (owner.entry#1: the hardware
// check), and a touch there, resolved by the screen, is the menu's: it
// opens the check's page. Closed, the start screen's keys are back.
func TestSimOwnerMenuDrawn(t *testing.T) {
	w := newTestWorld(t, "europe", 4, 1, nil)
	clk := w.clock.(*haltest.Clock)
	w.door.KeyDown(clk.Now())
	clk.Advance(owner.KeyHold)
	w.door.KeyUp(2, clk.Now(), w.playing())
	inHiddenWindow(t, w, 4, "owner's menu", func(u *ui) {
		now := clk.Now()
		u.prepare(now)
		var out strings.Builder
		u.printTargets(&out, now)
		var at []string
		for _, l := range strings.Split(out.String(), "\n") {
			if f := strings.Fields(l); len(f) == 6 && f[2] == "owner.entry#1" {
				at = f
			}
		}
		if at == nil {
			t.Errorf("no target of the check's key among:\n%s", out.String())
			return
		}
		x, _ := strconv.Atoi(at[4])
		y, _ := strconv.Atoi(at[5])
		tc := u.screen.HitTest(float32(x), float32(y), now)
		if tc.Kind != hal.ScreenKey || tc.Seat != 2 {
			t.Errorf("a touch on the check's key: %v %q seat %d, want a key at seat 3", tc.Kind, tc.ID, tc.Seat)
		}
		w.touch(tc)
		if p := w.door.Menu.Page(); p != owner.PageCheck {
			t.Errorf("after touching the check's key: page %v", p)
		}
		w.door.Menu.Key(owner.Key{Kind: owner.KeyBack}, now)
		w.door.Menu.Key(owner.Key{Kind: owner.KeyEntry, Index: int(owner.EntryClose)}, now)
		u.prepare(now)
		out.Reset()
		u.printTargets(&out, now)
		if s := out.String(); strings.Contains(s, "owner.") || !strings.Contains(s, "key start") {
			t.Errorf("the menu closed, the targets:\n%s", s)
		}
	})
}
