package display

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/display/scene"
	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/maps"
)

// claimedScene is a 4-player Europe game some turns in, just after a
// player claimed a route (not a tunnel): View.Undo offers it back to them.
func claimedScene(t *testing.T, lang string) *game {
	t.Helper()
	sc := newScene(t, 4, "europe", lang, 7)
	sc.key(1, input.KeyColor+"black")
	sc.start(0)
	sc.turns(40)
	var claim engine.Action
	sc.playUntil(func(s *engine.State) bool {
		a, ok := claimable(s, func(a engine.Action) bool {
			rt := &s.Map().Routes[a.Route]
			return rt.Kind != maps.Tunnel && rt.Length >= 2
		})
		claim = a
		return ok
	})
	sc.act(claim)
	if v := sc.tb.View(); v.Undo == nil {
		t.Fatalf("no undo offered after a claim")
	}
	return sc
}

// stripCase is one state of a strip's tools and pages.
type stripCase struct {
	name string
	// seat is the seat the state concerns: its view is turned to face it
	// in the screenshots (-1: the one offered Undo; -2: the one the table
	// waits for).
	seat int
	view func(t *testing.T, lang string) (input.View, time.Time)
}

// stripCases are the states of the strips' tools and pages: Undo offered,
// asked; Stop asked; the help page, turned; the last moves; a refusal
// beside the prompt of the player to move.
func stripCases() []stripCase {
	return []stripCase{
		{"undo", -1, func(t *testing.T, lang string) (input.View, time.Time) {
			sc := claimedScene(t, lang)
			v := sc.tb.View()
			return v, sc.now.Add(time.Hour)
		}},
		{"undo-asked", -1, func(t *testing.T, lang string) (input.View, time.Time) {
			sc := claimedScene(t, lang)
			sc.key(int(sc.tb.View().Undo.Seat), input.KeyUndo)
			return sc.tb.View(), sc.now.Add(time.Hour)
		}},
		{"help", 1, func(t *testing.T, lang string) (input.View, time.Time) {
			sc := claimedScene(t, lang)
			sc.key(1, input.KeyHelp)
			return sc.tb.View(), sc.now
		}},
		{"help-page2", 3, func(t *testing.T, lang string) (input.View, time.Time) {
			sc := claimedScene(t, lang)
			sc.key(3, input.KeyHelp)
			sc.key(3, input.KeyHelpPage)
			return sc.tb.View(), sc.now
		}},
		{"stop", 2, func(t *testing.T, lang string) (input.View, time.Time) {
			sc := claimedScene(t, lang)
			sc.key(2, input.KeyHelp)
			sc.key(2, input.KeyAbandon)
			return sc.tb.View(), sc.now
		}},
		{"moves", 2, func(t *testing.T, lang string) (input.View, time.Time) {
			sc := claimedScene(t, lang)
			sc.key(2, input.KeyMoves)
			return sc.tb.View(), sc.now.Add(time.Hour)
		}},
		{"explain", -2, func(t *testing.T, lang string) (input.View, time.Time) {
			sc := newScene(t, 4, "europe", lang, 7)
			sc.key(0, input.KeyFirstGame)
			sc.start(0)
			sc.turns(1)
			// The player to move touches a city for the first station.
			m := sc.tb.Map()
			pub := sc.tb.Game().Public()
			for c := range m.Cities {
				if pub.StationOwner[c] < 0 {
					sc.do(hal.Touch{Kind: hal.CityArea, ID: m.Cities[c].ID, Index: c, Seat: -1, At: sc.at()}, false)
					break
				}
			}
			v := sc.tb.View()
			if v.Seats[currentSeat(&v)].Explain.IsZero() {
				t.Fatalf("no explanation of the first station")
			}
			return v, sc.now.Add(time.Hour)
		}},
		{"refused", -2, func(t *testing.T, lang string) (input.View, time.Time) {
			sc := claimedScene(t, lang)
			v := sc.tb.View()
			cur := currentSeat(&v)
			sc.do(hal.Touch{Kind: hal.Nothing, Seat: hal.Seat(cur), At: sc.at()}, true)
			return sc.tb.View(), sc.now
		}},
	}
}

// TestStripShots writes the strips' states as pictures, each turned to
// face the seat it concerns, in every language at 1920x1080, 1280x720 and
// 800x480,
// into the folder STRIP_SHOTS names (skipped without it): for people to
// look at.
func TestStripShots(t *testing.T) {
	dir := os.Getenv("STRIP_SHOTS")
	if dir == "" {
		t.Skip("STRIP_SHOTS names no folder")
	}
	ss := screens{}
	defer ss.unload()
	for _, tc := range stripCases() {
		for _, lang := range []string{"en", "es", "ro"} {
			for _, size := range [][2]int{{1920, 1080}, {1280, 720}, {800, 480}} {
				t.Run(fmt.Sprintf("%s-%s-%dx%d", tc.name, lang, size[0], size[1]), func(t *testing.T) {
					v, now := tc.view(t, lang)
					seat := tc.seat
					switch {
					case seat == -1 && v.Undo != nil:
						seat = int(v.Undo.Seat)
					case seat < 0:
						seat = currentSeat(&v)
					}
					img := ss.shot(t, size[0], size[1], fourEdges, &v, now)
					img = turnImage(img, int(360-edgeAngle(fourEdges[seat]))%360)
					writePNG(t, filepath.Join(dir, fmt.Sprintf("%s-%s-%dx%d-seat%d.png", tc.name, lang, size[0], size[1], seat+1)), img)
				})
			}
		}
	}
}

// stripPanels are the layouts the tools are checked on: each size the
// table's tests use, 2 to 5 seats.
func stripPanels(f func(name string, lay *screenLayout)) {
	for _, size := range sizes {
		area := board.Rect{W: float32(size[0]), H: float32(size[1])}
		for n := 2; n <= 5; n++ {
			lay := newScreenLayout(area, DefaultEdges(n), 1.5, false)
			f(fmt.Sprintf("%dx%d %d seats", size[0], size[1], n), lay)
		}
	}
}

// TestStripKeysFitAFingertip checks that every key of a strip and of its
// pages is at least keyMinU on each side (9 mm wherever the strip's text
// is 3.5 mm), and, on the panels the table is for with u sized as
// board.Physical.StripU sizes it, at least board.MinTargetMM.
func TestStripKeysFitAFingertip(t *testing.T) {
	stripPanels(func(name string, lay *screenLayout) {
		u := lay.u
		for _, pg := range lay.panels {
			f := facing(board.Rect{W: 500 * u, H: 250 * u}, pg.edge)
			next, stop := pageKeys(&f, u)
			for what, r := range map[string]board.Rect{"rules": pg.help, "scores": pg.scores, "undo": pg.undo, "next": next, "stop": stop} {
				if min(r.W, r.H) < keyMinU*u-0.5 {
					t.Errorf("%s seat %d (%v): %s is %.0fx%.0f px, want at least %.0f on each side", name, pg.seat+1, pg.edge, what, r.W, r.H, keyMinU*u)
				}
			}
		}
	})
	// In millimetres: u raised so that the strip's text is 3.5 mm.
	for _, p := range []struct {
		name string
		w, h int
		in   float64
	}{{"7\"", 800, 480, 7}, {"15.6\"", 1920, 1080, 15.6}, {"21.5\"", 1920, 1080, 21.5}, {"27\"", 1920, 1080, 27}, {"32\"", 1920, 1080, 32}} {
		ph := board.PhysicalDiagonal(p.w, p.h, p.in)
		u := ph.StripU(float32(p.w), float32(p.h))
		if mm := ph.MM(keyMinU * u); mm < board.MinTargetMM {
			t.Errorf("%s panel: a key of %d u is %.1f mm, want at least %g", p.name, keyMinU, mm, board.MinTargetMM)
		}
	}
}

// TestStripToolsStayInTheStrip checks that Rules, the scores and Undo lie
// inside the strip, clear of each other, of Confirm and Cancel (but where
// they take the keys' place, toolsInKeys), and of the prompt, and that the
// prompt keeps room for every message (toolPromptMin).
func TestStripToolsStayInTheStrip(t *testing.T) {
	stripPanels(func(name string, lay *screenLayout) {
		u := lay.u
		for _, pg := range lay.panels {
			inside := board.Rect{W: pg.w, H: pg.d}.Inset(-0.5)
			parts := map[string]board.Rect{"rules": pg.help, "scores": pg.scores, "confirm": pg.confirm, "cancel": pg.cancel, "prompt": pg.prompt, "message": pg.message}
			for a, ra := range parts {
				if !contains(inside, ra) {
					t.Errorf("%s seat %d: %s %v leaves the strip %v", name, pg.seat+1, a, ra, inside)
				}
				for b, rb := range parts {
					tool := func(n string) bool { return n == "rules" || n == "scores" }
					key := func(n string) bool { return n == "confirm" || n == "cancel" }
					inKeys := pg.toolsInKeys && (tool(a) && key(b) || key(a) && tool(b))
					if a < b && !(a == "message" && b == "prompt") && !inKeys && overlaps(ra, rb) {
						t.Errorf("%s seat %d: %s %v overlaps %s %v", name, pg.seat+1, a, ra, b, rb)
					}
				}
			}
			if !pg.toolsInKeys && pg.prompt.W < toolPromptMin*u-0.5 {
				t.Errorf("%s seat %d: the prompt is %.0f u wide, want at least %d", name, pg.seat+1, pg.prompt.W/u, toolPromptMin)
			}
		}
	})
}

func contains(outer, r board.Rect) bool {
	return r.X >= outer.X && r.Y >= outer.Y && r.X+r.W <= outer.X+outer.W && r.Y+r.H <= outer.Y+outer.H
}

func overlaps(a, b board.Rect) bool {
	return a.X < b.X+b.W-0.5 && b.X < a.X+a.W-0.5 && a.Y < b.Y+b.H-0.5 && b.Y < a.Y+a.H-0.5
}

// stripScene records case name in lang on a w x h screen of four seats.
func stripScene(t *testing.T, ss screens, name, lang string, w, h int) (*scene.Scene, input.View, *Screen) {
	t.Helper()
	for _, tc := range stripCases() {
		if tc.name == name {
			v, now := tc.view(t, lang)
			return ss.sceneOf(t, w, h, fourEdges, &v, now), v, ss.get(t, w, h, fourEdges)
		}
	}
	t.Fatalf("no strip case %q", name)
	return nil, input.View{}, nil
}

// partsAt lists the keys of sc's parts at seat.
func partsAt(sc *scene.Scene, seat int) map[scene.Part]bool {
	out := map[scene.Part]bool{}
	for _, k := range sc.Keys() {
		if k.Part.OnSeat() && k.Seat == seat {
			out[k.Part] = true
		}
	}
	return out
}

// TestUndoOnTheDecidersStripOnly checks that after a claim Undo is drawn
// on the claimer's strip alone, with what it takes back in place of the
// prompt, every strip has Rules and the scores; and that once asked, the
// claimer's strip shows Confirm and Cancel (to answer), not Undo.
func TestUndoOnTheDecidersStripOnly(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	sc, v, _ := stripScene(t, ss, "undo", "en", 1920, 1080)
	who := int(v.Undo.Seat)
	for seat := range v.Seats {
		p := partsAt(sc, seat)
		if p[scene.UndoKey] != (seat == who) {
			t.Errorf("seat %d: Undo drawn %v, want %v (the claimer is at seat %d)", seat, p[scene.UndoKey], seat == who, who)
		}
		if !p[scene.HelpKey] || !p[scene.MovesKey] {
			t.Errorf("seat %d: Rules %v, scores %v; want both", seat, p[scene.HelpKey], p[scene.MovesKey])
		}
	}
	if !sceneSays(sc, scene.Message, who, "take back") {
		t.Errorf("the claimer's strip does not say what Undo takes back")
	}
	sc, v, _ = stripScene(t, ss, "undo-asked", "en", 1920, 1080)
	p := partsAt(sc, who)
	if p[scene.UndoKey] || !p[scene.ConfirmKey] || !p[scene.CancelKey] {
		t.Errorf("asked: Undo %v, Confirm %v, Cancel %v; want Confirm and Cancel only", p[scene.UndoKey], p[scene.ConfirmKey], p[scene.CancelKey])
	}
}

// sceneSays reports whether a text of part at seat holds words.
func sceneSays(sc *scene.Scene, part scene.Part, seat int, words string) bool {
	for i := range sc.Items {
		it := &sc.Items[i]
		if it.Key.Part == part && it.Key.Seat == seat && it.Kind == scene.Text && strings.Contains(it.Text, words) {
			return true
		}
	}
	return false
}

// TestNoticeNeverCoversThePrompt checks that a refusal told to the player
// the table waits for is drawn beside their strip, and that no part of
// its plate lies over the words of their prompt, which stay drawn.
func TestNoticeNeverCoversThePrompt(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	for _, size := range [][2]int{{1920, 1080}, {800, 480}} {
		sc, v, _ := stripScene(t, ss, "refused", "es", size[0], size[1])
		cur := currentSeat(&v)
		if !noticeActive(&v.Seats[cur].Notice, sc0(v)) {
			t.Fatalf("no notice at the current seat")
		}
		prompt := catalog(t).Text(msg.ES, v.Seats[cur].Prompt)
		var plates, words []board.Rect
		for i := range sc.Items {
			it := &sc.Items[i]
			if it.Key.Part != scene.Message || it.Key.Seat != cur {
				continue
			}
			switch {
			case it.Kind == scene.Round && it.Color == refuseColor:
				plates = append(plates, it.Bounds)
			case it.Kind == scene.Text && strings.Contains(prompt, strings.TrimSpace(it.Text)):
				words = append(words, it.Bounds)
			}
		}
		if len(plates) == 0 || len(words) == 0 {
			t.Fatalf("%v: %d notice plates, %d prompt texts at seat %d", size, len(plates), len(words), cur)
		}
		for _, p := range plates {
			for _, w := range words {
				if overlaps(p, w) {
					t.Errorf("%v: the notice %v covers the prompt's words %v", size, p, w)
				}
			}
		}
	}
}

// sc0 is the time the refused case is drawn at.
func sc0(v input.View) time.Time {
	for _, sv := range v.Seats {
		if !sv.Notice.At.IsZero() && sv.Notice.Refused {
			return sv.Notice.At
		}
	}
	return time.Time{}
}

// TestPagesOpenFacingTheSeatAndTheirKeysLand checks the help page and the
// last moves: drawn for the seat that opened them only, their keys where
// a touch lands (HitTest gives Next and Stop game at that seat); the
// help page's next page shows other lines; Stop game asks at that seat,
// which then shows Confirm and Cancel.
func TestPagesOpenFacingTheSeatAndTheirKeysLand(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	for _, size := range [][2]int{{1920, 1080}, {800, 480}} {
		sc, v, s := stripScene(t, ss, "help", "ro", size[0], size[1])
		for seat := range v.Seats {
			if got := partsAt(sc, seat)[scene.Help]; got != (seat == 1) {
				t.Errorf("%v seat %d: help page drawn %v, want %v", size, seat, got, seat == 1)
			}
		}
		for _, part := range []scene.Part{scene.HelpPageKey, scene.StopKey, scene.HelpKey, scene.MovesKey} {
			k := scene.Key{Part: part, Seat: 1}
			b, ok := sc.Bounds(k)
			if !ok {
				t.Errorf("%v: no %v", size, k)
				continue
			}
			c := b.Center()
			if got := s.HitTest(c.X, c.Y, time.Time{}); got.Kind != hal.ScreenKey || got.ID != k.ID() || got.Seat != 1 {
				t.Errorf("%v: a touch on %v gives %v %q seat %d", size, k, got.Kind, got.ID, got.Seat)
			}
		}
		page1 := helpTexts(sc, 1)
		sc2, _, _ := stripScene(t, ss, "help-page2", "ro", size[0], size[1])
		page2 := helpTexts(sc2, 3)
		if page1 == "" || page2 == "" || page1 == page2 {
			t.Errorf("%v: the next page shows the same lines as the first (%q)", size, page1)
		}
		sc, v, _ = stripScene(t, ss, "stop", "ro", size[0], size[1])
		if v.Abandon == nil || v.Abandon.Seat != 2 {
			t.Fatalf("Stop game did not ask at seat 2: %+v", v.Abandon)
		}
		if p := partsAt(sc, 2); !p[scene.ConfirmKey] || !p[scene.CancelKey] {
			t.Errorf("%v: stop asked at seat 2, Confirm %v Cancel %v", size, p[scene.ConfirmKey], p[scene.CancelKey])
		}
		sc, v, _ = stripScene(t, ss, "moves", "es", size[0], size[1])
		if !partsAt(sc, 2)[scene.Moves] || !partsAt(sc, 2)[scene.Scores] {
			t.Errorf("%v: the last moves are not drawn at seat 2", size)
		}
		if len(v.Moves) > 0 && !sceneSays(sc, scene.Moves, 2, firstWords(sc, v)) {
			t.Errorf("%v: the moves page does not show the last move", size)
		}
	}
}

// helpTexts joins the help page's words at seat.
func helpTexts(sc *scene.Scene, seat int) string {
	var b strings.Builder
	for i := range sc.Items {
		it := &sc.Items[i]
		if it.Key.Part == scene.Help && it.Key.Seat == seat && it.Kind == scene.Text {
			b.WriteString(it.Text)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// firstWords are the first words of the last move as the strip of seat 0
// draws it (the news line), to be found on the moves page.
func firstWords(sc *scene.Scene, v input.View) string {
	for i := range sc.Items {
		it := &sc.Items[i]
		if it.Key.Part == scene.Message && it.Kind == scene.Text && strings.Contains(it.Text, "–") {
			if f := strings.Fields(it.Text); len(f) > 1 {
				return f[0] + " " + f[1]
			}
		}
	}
	return ""
}

// TestStationTagLeavesTheNameInSight checks that the cost tag of a station
// being built lies clear of its city's name, for every city of the map and
// every seat building it (the names face that seat), at both sizes.
func TestStationTagLeavesTheNameInSight(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	v := playView(t, 4, "europe")
	for _, size := range [][2]int{{1920, 1080}, {800, 480}} {
		s := ss.get(t, size[0], size[1], fourEdges)
		onMain(func() { s.prepare(&v) })
		lay := s.layoutFor(input.ModePlay)
		bl := s.boardLayout()
		for seat := range fourEdges {
			w := v
			w.Seats = append([]input.SeatView(nil), v.Seats...)
			for i := range w.Seats {
				w.Seats[i].Current = i == seat
			}
			w.Claim = nil
			for city := range v.Map.Cities {
				w.Station = &input.StationView{City: city, Need: 2}
				tag, ok := s.costTag(&w, lay)
				if !ok {
					t.Fatalf("no cost tag for a station")
				}
				cs := &bl.Cities[city]
				name := cs.Label
				if e := fourEdges[seat]; (e == Left || e == Right) && !cs.TurnedFlat {
					name = cs.LabelTurned
				}
				if meets(tag.box, name) {
					t.Errorf("%v seat %d: the station's tag %v covers the name of %s %v", size, seat, tag.box, v.Map.Cities[city].Name, name)
				}
			}
		}
	}
}

// stripView is strip case name in lang, for the draw list goldens.
func stripView(name, lang string) func(t *testing.T) (input.View, time.Time) {
	return func(t *testing.T) (input.View, time.Time) {
		for _, tc := range stripCases() {
			if tc.name == name {
				return tc.view(t, lang)
			}
		}
		t.Fatalf("no strip case %q", name)
		return input.View{}, time.Time{}
	}
}
