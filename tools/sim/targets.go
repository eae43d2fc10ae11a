package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"ttr/cmd/table/owner"
	"ttr/display/board"
	"ttr/display/scene"
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
// The block follows the frame it was found for. After every pass of its
// loop (it reads the input every pass, and draws a frame at most every
// other pass: window.go) it prints "frame N D": N passes done, D frames
// drawn; and for every mouse press "pressed X Y" and the target it landed
// on (KIND ID SEAT, or "none").

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

// targetStep is the spacing of the grid of points the table screen's
// HitTest is asked about: finer than the smallest target (a city, a key).
const targetStep = 3

// A targetGrid is what the table screen's HitTest answered at each point
// of a grid over the screen, kept from one change of the targets to the
// next. Asking every point again took most of the CPU of a test that
// clicks (a whole-screen scan at each turn); the grid asks again only
// where the screen draws something differently since the answers were
// found (scene.Diff), and only for the parts that can change what a touch
// lands on (a key came or went, a page opened); elsewhere the answer
// cannot have changed.
type targetGrid struct {
	area       board.Rect
	mode       input.Mode
	menu       string
	cols, rows int
	hits       []string     // row by row: "KIND ID SEAT", "" for nothing
	again      []bool       // scratch: the points to ask again
	shown      *scene.Scene // the screen the answers are for
	next       *scene.Scene
	differ     scene.Differ
}

// drawnOnly are the parts of the screen that change what they show but
// never what a touch lands on within a layout (display/hit.go): the board
// answers the same wherever a route changed hands or a city's name turned,
// a strip's words change but not its keys, the market's cards but not its
// slots. Every other part (on-screen keys, pages, keyboards, the menu, a
// part added later) is asked again where it changed.
var drawnOnly = map[scene.Part]bool{
	scene.Table: true, scene.Board: true, scene.Track: true, scene.Route: true,
	scene.Ticket: true, scene.City: true, scene.Name: true, scene.Marker: true,
	scene.Selection: true, scene.Cost: true, scene.Pulse: true, scene.Market: true,
	scene.Slot: true, scene.Deck: true, scene.TicketDeck: true, scene.Tunnel: true,
	scene.Strip: true, scene.Message: true, scene.Glow: true,
}

// targetPad is how far round a part drawn differently the grid asks
// again, in pixels: a key answers a little beyond its drawn edge (half
// the layout's gap, display/hit.go).
const targetPad = 16

// screenTargets finds a point of the window for every target of the
// table's screen for v (key says what its targets depend on), with the
// screen's own HitTest over a grid of points.
func (u *ui) screenTargets(v *input.View, key screenKey, now time.Time) []string {
	g := &u.grid
	a := screenArea(u.width, u.height)
	// The scene also readies the screen for v, so that HitTest answers
	// for v.
	g.next = u.screen.Scene(v, now, g.next)
	ask := func(i int) {
		x, y := int(a.X)+1+(i%g.cols)*targetStep, int(a.Y)+1+(i/g.cols)*targetStep
		g.hits[i] = ""
		t := u.screen.HitTest(float32(x), float32(y), now)
		kind, ok := targetKinds[t.Kind]
		if !ok {
			return
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
		g.hits[i] = fmt.Sprintf("%s %s %d", kind, id, t.Seat)
	}
	if g.shown == nil || g.area != a || g.mode != key.mode || g.menu != key.menu {
		// A new layout: every point.
		g.area, g.mode, g.menu = a, key.mode, key.menu
		g.cols = (int(a.W) - 2 + targetStep) / targetStep
		g.rows = (int(a.H) - 2 + targetStep) / targetStep
		g.hits = make([]string, g.cols*g.rows)
		for i := range g.hits {
			ask(i)
		}
	} else {
		const pad = targetPad
		if len(g.again) != len(g.hits) {
			g.again = make([]bool, len(g.hits))
		}
		for _, c := range g.differ.Diff(g.shown, g.next) {
			if drawnOnly[c.Key.Part] {
				continue
			}
			d := c.Damage
			x0 := max(0, int((d.X-pad-1)/targetStep))
			x1 := min(g.cols-1, int((d.X+d.W+pad-1)/targetStep)+1)
			y0 := max(0, int((d.Y-pad-1)/targetStep))
			y1 := min(g.rows-1, int((d.Y+d.H+pad-1)/targetStep)+1)
			for row := y0; row <= y1; row++ {
				for col := x0; col <= x1; col++ {
					g.again[row*g.cols+col] = true
				}
			}
		}
		for i, again := range g.again {
			if again {
				ask(i)
				g.again[i] = false
			}
		}
	}
	g.shown, g.next = g.next, g.shown
	return g.lines()
}

// lines are the grid's targets, one line each, sorted: for each, the
// point nearest the middle of all the points that hit it.
func (g *targetGrid) lines() []string {
	type acc struct {
		xs, ys []int
		sx, sy int
	}
	hits := map[string]*acc{}
	var order []string
	for i, k := range g.hits {
		if k == "" {
			continue
		}
		x, y := int(g.area.X)+1+(i%g.cols)*targetStep, int(g.area.Y)+1+(i/g.cols)*targetStep
		h := hits[k]
		if h == nil {
			h = &acc{}
			hits[k] = h
			order = append(order, k)
		}
		h.xs, h.ys = append(h.xs, x), append(h.ys, y)
		h.sx, h.sy = h.sx+x, h.sy+y
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

// targetKey says what the table screen's targets depend on for v at now.
func (u *ui) targetKey(v *input.View, now time.Time) screenKey {
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
		key.keys = playKeys(v)
	}
	key.reveal = u.screen.RevealStep(v, now) // the ranking's keys move as it ends
	return key
}

// printTargets writes the targets block to w if the targets changed since
// the last one printed.
func (u *ui) printTargets(w io.Writer, now time.Time) {
	v := u.w.view()
	key := u.targetKey(&v, now)
	if key != u.shownScreen || u.screenLines == nil {
		u.shownScreen = key
		u.screenLines = u.screenTargets(&v, key, now)
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
