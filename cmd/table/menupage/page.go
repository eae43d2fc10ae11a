// Package menupage turns the owner's menu as its model shows it
// (owner.View, cmd/table/owner) into the page display draws
// (display.Menu): the table's loop and the simulator's hand it to their
// screen before each frame. owner knows nothing of display, and display
// nothing of owner; this is where the two meet.
package menupage

import (
	"cmp"
	"slices"
	"time"

	"ttr/cmd/table/owner"
	"ttr/display"
	"ttr/hal"
	"ttr/input"
)

// Of returns the page of v, with the hardware check's steps from checks
// (the menu's, nil before one ran), or nil when the menu is closed.
//
// A key carries the id and index of the touch the menu reads
// (owner.Key.Touch); the tickets offered are listed by their first city,
// then their second, as a person hunts them in the list, each keeping
// its own key; the history's games, whose time is the same unknown for
// all, say so once, above them.
func Of(v owner.View, checks *owner.Checks) *display.Menu {
	if !v.Open {
		return nil
	}
	m := &display.Menu{Seat: int(v.Seat), Title: v.Title, Lines: append([]input.Text(nil), v.Lines...),
		Done: v.Done, Of: v.Of, Progress: v.Progress, Result: v.Result,
		Refused: v.Sound == hal.SoundRefused, Accepted: v.Sound == hal.SoundScan}
	focus := owner.Key{}
	if v.Focus >= 0 && v.Focus < len(v.Keys) {
		focus = v.Keys[v.Focus].Key
	}
	var when input.Text
	for _, b := range v.Keys {
		if b.Key.Kind == owner.KeyTicket {
			continue // in the list of tickets below
		}
		k := key(v.Seat, b.Key, b.Key == focus)
		k.Label, k.State, k.Enabled = b.Label, b.State, b.Enabled
		if v.Page == owner.PageHistory && b.Key.Kind == owner.KeyGame && !b.State.IsZero() {
			when, k.State = b.State, input.Text{}
		}
		m.Keys = append(m.Keys, k)
	}
	if !when.IsZero() {
		m.Lines = append(m.Lines, when)
	}
	for _, t := range v.Tickets {
		m.Tickets = append(m.Tickets, display.MenuTicket{Key: key(v.Seat, t.Key, t.Key == focus), A: t.A, B: t.B, Points: t.Points})
		m.Tickets[len(m.Tickets)-1].Key.Enabled = true
	}
	slices.SortStableFunc(m.Tickets, func(a, b display.MenuTicket) int {
		return cmp.Or(cmp.Compare(a.A, b.A), cmp.Compare(a.B, b.B))
	})
	if v.Page == owner.PageCheck && checks != nil {
		for i, ch := range checks.List {
			m.Checks = append(m.Checks, state(ch.Verdict, i == checks.Cur))
		}
		if ch := checks.Current(); ch != nil {
			switch ch.Kind {
			case owner.CheckCorner:
				m.Corner = ch.Corner + 1
			case owner.CheckFingers:
				m.Fingers = true
			}
		}
	}
	return m
}

// key is k as the screen draws it: the id and index its touch carries.
func key(seat hal.Seat, k owner.Key, focused bool) display.MenuKey {
	t := k.Touch(seat, time.Time{})
	return display.MenuKey{ID: t.ID, Index: t.Index, Focused: focused}
}

// state is a check's state as a chip shows it.
func state(v owner.Verdict, current bool) display.CheckState {
	switch {
	case v == owner.Passed:
		return display.CheckPassed
	case v == owner.Failed:
		return display.CheckFailed
	case v == owner.Skipped:
		return display.CheckSkipped
	case current:
		return display.CheckCurrent
	}
	return display.CheckPending
}
