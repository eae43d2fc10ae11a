package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"ttr/cmd/table/owner"
	"ttr/hal"
	"ttr/input"
)

// The -targets output: what a click can reach in the window and where, for
// tests that drive the window with a real pointer (xdotool) rather than
// pixels written into them. Every time the targets change the simulator
// prints a block
//
//	targets
//	target KIND ID SEAT X Y [picked]
//	...
//	end
//
// where X, Y is a window pixel that hits the target: for the table's
// screen, the point nearest the middle of all the points its own HitTest
// gives the target (KIND route, city, slot, deck, tickets, key; SEAT -1
// but for a panel's key); for a seat's box, the middle of the rectangle
// (KIND box, button, card, ticket; a card's ID is its log name, a drawn
// ticket's its two city ids, a button's its message key's last word; a
// key of the owner's menu its id and index, owner.entry#1).
// After every frame it prints "frame N", and for every mouse press
// "pressed X Y" and the target it landed on (KIND ID SEAT, or "none").

// targetKinds names hal.TargetKinds in the output.
var targetKinds = map[hal.TargetKind]string{
	hal.RouteArea:  "route",
	hal.CityArea:   "city",
	hal.MarketSlot: "slot",
	hal.DeckArea:   "deck",
	hal.TicketDeck: "tickets",
	hal.ScreenKey:  "key",
}

// screenKey is what the table screen's targets depend on.
type screenKey struct {
	mode          input.Mode
	width, height int
	rev           input.Rev // on the start screen only: its keys come and go
	menu          string    // the owner's menu's page and keys, while it is open
	reveal        int       // the end's reveal step: the ranking's keys move when it ends
	// keys, at play, is what the seats' keys depend on: whose turn it is,
	// the pages open, Undo and the questions (playKeys).
	keys string
}

// playKeys says what decides the keys the seats' strips and pages show at
// play: who is to move, each seat's page, Undo and the questions.
func playKeys(v *input.View) string {
	var b strings.Builder
	for _, sv := range v.Seats {
		fmt.Fprintf(&b, "%t %t %t,", sv.Current, sv.Help != nil, sv.Moves)
	}
	if v.Undo != nil {
		fmt.Fprintf(&b, " undo %d %t", v.Undo.Seat, v.Undo.Asked)
	}
	if v.Abandon != nil {
		fmt.Fprintf(&b, " abandon %d", v.Abandon.Seat)
	}
	return b.String()
}

// screenTargets finds a point of the window for every target of the
// table's screen, with the screen's own HitTest over a grid of points.
func (u *ui) screenTargets(now time.Time) []string {
	type acc struct {
		xs, ys []int
		sx, sy int
	}
	hits := map[string]*acc{}
	var order []string
	a := screenArea(u.width, u.height)
	const step = 3
	for y := int(a.Y) + 1; y < int(a.Y+a.H); y += step {
		for x := int(a.X) + 1; x < int(a.X+a.W); x += step {
			t := u.screen.HitTest(float32(x), float32(y), now)
			kind, ok := targetKinds[t.Kind]
			if !ok {
				continue
			}
			id := t.ID
			switch {
			case t.Kind == hal.MarketSlot:
				id = fmt.Sprint(t.Index)
			case strings.HasPrefix(id, owner.KeyPrefix):
				// The owner's menu's keys of a kind are told apart by
				// their index: owner.entry#1.
				id += "#" + fmt.Sprint(t.Index)
			}
			if id == "" {
				id = "-"
			}
			k := fmt.Sprintf("%s %s %d", kind, id, t.Seat)
			h := hits[k]
			if h == nil {
				h = &acc{}
				hits[k] = h
				order = append(order, k)
			}
			h.xs, h.ys = append(h.xs, x), append(h.ys, y)
			h.sx, h.sy = h.sx+x, h.sy+y
		}
	}
	slices.Sort(order)
	var out []string
	for _, k := range order {
		h := hits[k]
		cx, cy := h.sx/len(h.xs), h.sy/len(h.xs)
		best := 0
		dist := func(i int) int { return (h.xs[i]-cx)*(h.xs[i]-cx) + (h.ys[i]-cy)*(h.ys[i]-cy) }
		for i := range h.xs {
			if dist(i) < dist(best) {
				best = i
			}
		}
		out = append(out, fmt.Sprintf("target %s %d %d", k, h.xs[best], h.ys[best]))
	}
	return out
}

// printTargets writes the targets block to w if the targets changed since
// the last one printed.
func (u *ui) printTargets(w io.Writer, now time.Time) {
	v := u.w.view()
	key := screenKey{mode: v.Mode, width: u.width, height: u.height}
	if v.Mode == input.ModeStart {
		key.rev = v.Rev
	}
	if m := u.w.door.Menu; m.IsOpen() {
		mv := m.View()
		key.menu = fmt.Sprint(mv.Seat, mv.Page, len(mv.Tickets))
		for _, k := range mv.Keys {
			key.menu += fmt.Sprint(" ", k.Key, k.Enabled)
		}
	}
	if v.Mode == input.ModePlay || v.Mode == input.ModeSetup {
		key.keys = playKeys(&v)
	}
	key.reveal = u.screen.RevealStep(&v, now) // the ranking's keys move as it ends
	if key != u.shownScreen || u.screenLines == nil {
		u.shownScreen = key
		u.screenLines = u.screenTargets(now)
	}
	var b strings.Builder
	b.WriteString("targets\n")
	for _, l := range u.screenLines {
		b.WriteString(l + "\n")
	}
	for _, bt := range u.buttons {
		fmt.Fprintf(&b, "target %s %s %d %d %d", bt.kind, bt.id, bt.seat, int(bt.r.X+bt.r.Width/2), int(bt.r.Y+bt.r.Height/2))
		if bt.picked {
			b.WriteString(" picked")
		}
		b.WriteString("\n")
	}
	b.WriteString("end\n")
	if s := b.String(); s != u.shownTargets {
		u.shownTargets = s
		io.WriteString(w, s)
	}
}
