package display

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/engine"
	"ttr/hal"
	"ttr/input"
)

// TestEndRankingAndTickets checks the end screen's words and marks: the
// ranking (winners first, ties sharing a place), "+0" replaced by who took
// the longest route bonus, and, the reveal over, every ticket drawn on the
// board in its player's colour, those not completed marked so.
func TestEndRankingAndTickets(t *testing.T) {
	t.Parallel()
	v := endScene(t, "en")
	e := v.End
	s := geometryOnly(t, 1280, 720, DefaultEdges(len(v.Seats)), &v)
	s.rankEnd(e)
	if len(s.endOrder) != len(e.Players) {
		t.Fatalf("ranking of %d players, want %d", len(s.endOrder), len(e.Players))
	}
	for i, p := range s.endOrder {
		ep := endPlayerOf(e, p)
		if i < len(e.Winners) {
			if !isWinner(e, p) || s.endRank[i] != 1 {
				t.Errorf("place %d: player %d ranked %d, want a winner first", i, p, s.endRank[i])
			}
			continue
		}
		prev := endPlayerOf(e, s.endOrder[i-1])
		if ep.Total > prev.Total {
			t.Errorf("player %d (%d points) ranked after player %d (%d)", p, ep.Total, s.endOrder[i-1], prev.Total)
		}
		if ep.Total == prev.Total && !isWinner(e, s.endOrder[i-1]) && s.endRank[i] != s.endRank[i-1] {
			t.Errorf("players %d and %d tie on %d points but take places %d and %d", s.endOrder[i-1], p, ep.Total, s.endRank[i-1], s.endRank[i])
		}
	}
	holders, holder := longestHolders(e)
	if holder == nil {
		t.Fatal("the scene has no longest route bonus")
	}
	// Each panel's lines name the bonus's holder and say how to open a
	// breakdown.
	line := longestLine(e)
	if line.Key != "board_end.longest_holder" || line.Args["Points"] != holder.LongestBonus {
		t.Errorf("the longest route's line is %v, want %v's bonus", line, holder.Name)
	}
	for _, lang := range []msg.Lang{msg.ES, msg.RO, msg.EN} {
		if words := catalog(t).Text(lang, line); !strings.Contains(words, catalog(t).Text(lang, holder.Name)) {
			t.Errorf("%s: the longest route's line %q does not name %v", lang, words, holder.Name)
		}
		for _, k := range []string{"board_end.touch_hint", "end_reveal.turning", "end_reveal.bonuses", "end_reveal.longest"} {
			if words := catalog(t).Text(lang, msg.Text{Key: k}); words == "" || strings.Contains(words, k) {
				t.Errorf("%s: %s reads %q", lang, k, words)
			}
		}
	}
	tickets, failed := 0, 0
	for i := range e.Players {
		ep := &e.Players[i]
		lines, _ := breakdownLines(nil, nil, e, ep)
		taken, zero := false, false
		for _, l := range lines {
			switch l.Key {
			case "board_end.longest_taken":
				taken = true
				if !textEqual(l.Args["Player"].(input.Text), holders) {
					t.Errorf("player %d: the bonus is said to be %v's, want %v's", ep.Player, l.Args["Player"], holders)
				}
			case "end.longest_route":
				zero = ep.LongestBonus == 0
			}
		}
		if ep.LongestBonus == 0 && (!taken || zero) {
			t.Errorf("player %d: the longest route line does not say who took the bonus", ep.Player)
		}
		for _, tk := range ep.Tickets {
			tickets++
			if !tk.Completed {
				failed++
			}
		}
	}
	panel, _ := endLines(nil, nil, e, false, false, leanNone)
	if len(panel) == 0 || panel[len(panel)-1].Key != "board_end.touch_hint" {
		t.Errorf("the end panel's lines %v do not end with how to open a breakdown", panel)
	}
	bv := s.boardView(&v, v.Announce.At.Add(time.Hour)) // the reveal over
	if len(bv.Tickets) != tickets || tickets == 0 || failed == 0 {
		t.Errorf("%d ticket lines on the board, want %d (every ticket; %d not completed)", len(bv.Tickets), tickets, failed)
	}
	crossed := 0
	for _, tm := range bv.Tickets {
		if tm.Failed {
			crossed++
		}
	}
	if crossed != failed {
		t.Errorf("%d tickets crossed out, want %d", crossed, failed)
	}
}

// TestBreakdownATouchAway plays a game to its end and opens a breakdown
// as a player does: a touch on a player of the ranking on a seat's panel,
// resolved by HitTest and taken by the table. The breakdown shows facing
// that seat, by its edge, and nowhere else; a second touch closes it.
func TestBreakdownATouchAway(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	sc := newScene(t, 4, "europe", "en", 21)
	sc.key(3, input.KeyColor+"black")
	sc.start(1)
	sc.playUntil(func(*engine.State) bool { return false })
	v := sc.tb.View()
	if v.Mode != input.ModeEnd {
		t.Fatalf("mode %s, want the end screen", v.Mode)
	}
	const w, h = 1920, 1080
	edges := fourEdges
	at := sc.at()
	closed := ss.shot(t, w, h, edges, &v, at)
	s := ss.get(t, w, h, edges)
	for _, seat := range []int{0, 1} {
		// Find, through HitTest, where seat's panel shows the player
		// ranked last.
		p := s.endOrder[len(s.endOrder)-1]
		want := input.KeyBreakdown + strconv.Itoa(p)
		var pg *panelGeom
		for i := range s.end.panels {
			if s.end.panels[i].seat == seat {
				pg = &s.end.panels[i]
			}
		}
		var touch hal.Touch
		found := false
		for y := pg.rect.Y; y < pg.rect.Y+pg.rect.H && !found; y += 3 {
			for x := pg.rect.X; x < pg.rect.X+pg.rect.W && !found; x += 3 {
				touch = s.HitTest(x, y, at)
				found = touch.Kind == hal.ScreenKey && touch.ID == want && int(touch.Seat) == seat
			}
		}
		if !found {
			t.Fatalf("seat %d's panel has no key %s", seat+1, want)
		}
		sc.tb.Touch(touch)
		open := sc.tb.View()
		if o := open.End.Open; o[seat] != p {
			t.Fatalf("after the touch at seat %d: open %v, want player %d", seat+1, o, p)
		}
		shown := ss.shot(t, w, h, edges, &open, at)
		compareText(t, fmt.Sprintf("end-breakdown-seat%d-1920x1080", seat+1), ss.sceneOf(t, w, h, edges, &open, at))
		box := s.breakdownBox(&open, pg, s.end)
		if got := diffIn(closed, shown, box); float32(got) < box.Area()*0.3 {
			t.Errorf("seat %d: the breakdown changes %d of %.0f pixels of its box", seat+1, got, box.Area())
		}
		if f := facing(box, pg.edge); f.angle != edgeAngle(edges[seat]) {
			t.Errorf("seat %d: the breakdown is turned %v degrees, want %v", seat+1, f.angle, edgeAngle(edges[seat]))
		}
		// Nothing else on the board changes.
		b := s.boardLayout().Board
		rim := box.Inset(-4 * s.end.u) // and its rim in the player's colour
		if got := diffIn(closed, shown, b) - diffIn(closed, shown, rim.Intersect(b)); got > 0 {
			t.Errorf("seat %d: opening the breakdown changes %d pixels of the board outside its box", seat+1, got)
		}
		sc.tb.Touch(touch)
		again := sc.tb.View()
		if o := again.End.Open; o[seat] != -1 {
			t.Errorf("after a second touch at seat %d: open %v, want it closed", seat+1, o)
		}
		if got := differing(closed, ss.shot(t, w, h, edges, &again, at)); got > pixelLimit(w, h) {
			t.Errorf("seat %d: closed again, %d pixels differ from the screen before", seat+1, got)
		}
	}
	// Every seat's breakdown fits its box on the smallest screen too (a
	// word that does not fit fails the shot).
	for seat := range v.Seats {
		sc.tb.Touch(hal.Touch{Kind: hal.ScreenKey, ID: input.KeyBreakdown + strconv.Itoa(seat), Seat: hal.Seat(seat), At: at})
	}
	all := sc.tb.View()
	for seat, p := range all.End.Open {
		if p != seat {
			t.Errorf("seat %d has player %d's breakdown open, want %d", seat+1, p+1, seat+1)
		}
	}
	for _, size := range [][2]int{{800, 480}, {1280, 720}} {
		ss.sceneOf(t, size[0], size[1], edges, &all, at)
	}
}

// endSceneOf plays a game of n seats to its end (on the USA for two,
// else on Europe) and returns its end screen, closed and with every seat's
// own breakdown open (once per n: the game is the same every time).
func endSceneOf(t *testing.T, n int) (closed, open input.View) {
	t.Helper()
	key := fmt.Sprint(n)
	endScenes.Lock()
	defer endScenes.Unlock()
	if v, ok := endScenes.views[key]; ok {
		return v, endScenes.views[key+"open"]
	}
	mapID := "europe"
	if n == 2 {
		mapID = "usa"
	}
	sc := newScene(t, n, mapID, "en", 21)
	sc.start(0)
	sc.playUntil(func(*engine.State) bool { return false })
	if sc.tb.Mode() != input.ModeEnd {
		t.Fatalf("%d seats: mode %s, want the end screen", n, sc.tb.Mode())
	}
	closed = sc.tb.View()
	for seat := range n {
		sc.tb.Touch(hal.Touch{Kind: hal.ScreenKey, ID: input.KeyBreakdown + strconv.Itoa(seat), Seat: hal.Seat(seat), At: sc.at()})
	}
	open = sc.tb.View()
	endScenes.views[key], endScenes.views[key+"open"] = closed, open
	return closed, open
}

// TestNewGameOffTheBoard measures, from the end screen's layout with the
// table's fonts, that New game lies on one panel and never over the board,
// at 1920x1080 and 800x480, with two to five seats and the screen turned
// each way; that it is a key a finger can find (at least 40 x 24 u), and
// that a touch on its middle, turned as the glass turns it, is New game.
func TestNewGameOffTheBoard(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	const x0, y0 = 10, 20
	for _, size := range sizes {
		w, h := size[0], size[1]
		for n := 2; n <= 5; n++ {
			v, _ := endSceneOf(t, n)
			edges := DefaultEdges(n)
			t.Run(fmt.Sprintf("%dx%d/%d", w, h, n), func(t *testing.T) {
				// Drawn once, upright: the key's word fits it.
				ss.sceneOf(t, w, h, edges, &v, v.Announce.At)
				s := ss.get(t, w, h, edges)
				var pg *panelGeom
				for i := range s.end.panels {
					if s.end.panels[i].newGame.W > 0 {
						if pg != nil {
							t.Errorf("New game on the panels of seats %d and %d", pg.seat+1, s.end.panels[i].seat+1)
						}
						pg = &s.end.panels[i]
					}
				}
				if pg == nil {
					t.Fatal("no panel holds New game")
				}
				u := s.end.u
				key := pg.screenRect(pg.newGame)
				b := s.boardLayout().Board
				if o := key.Intersect(b); o.Area() > 0 {
					t.Errorf("New game %v covers %.0f px² of the board %v", key, o.Area(), b)
				}
				if in := key.Intersect(pg.rect); in.Area() < key.Area()-1 {
					t.Errorf("New game %v leaves seat %d's panel %v", key, pg.seat+1, pg.rect)
				}
				if pg.newGame.W < 40*u || pg.newGame.H < 24*u {
					t.Errorf("New game is %.0f x %.0f px, want at least %.0f x %.0f", pg.newGame.W, pg.newGame.H, 40*u, 24*u)
				}
				// Turned each way (the layout is the picture's, whatever
				// the turn; the touch is the glass's).
				for _, rot := range rotations {
					ww, wh := windowSize(w, h, rot)
					gs, err := newScreen(catalog(t), ScreenOpts{X: x0, Y: y0, Width: ww, Height: wh, Rotation: rot, Seats: edges})
					if err != nil {
						t.Fatal(err)
					}
					// Given the end layout s drew (fitted with the table's
					// fonts) rather than laying its own board out, a
					// second's work per size and seats that a touch on a
					// panel never reaches.
					gs.m, gs.mode, gs.play, gs.end = v.Map, v.Mode, s.play, s.end
					gs.prepare(&v)
					c := toWindow(x0, y0, float32(ww), float32(wh), rot, key.Center())
					if got := gs.HitTest(c.X, c.Y, time.Time{}); got.Kind != hal.ScreenKey || got.ID != input.KeyNewGame {
						t.Errorf("rotation %d: a touch on New game's middle %v gives %+v", rot, c, got)
					}
				}
			})
		}
	}
}

// TestOpenBreakdownsNeverOverlap opens every seat's breakdown at once,
// with two to five seats, at 1920x1080 and 800x480, and measures from the
// layout that no breakdown (with its rim in the player's colour) lies over
// another or over a panel; drawing them fails on any text that does not
// fit its box at the smallest text size or larger.
func TestOpenBreakdownsNeverOverlap(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	for _, size := range sizes {
		w, h := size[0], size[1]
		for n := 2; n <= 5; n++ {
			_, v := endSceneOf(t, n)
			edges := DefaultEdges(n)
			t.Run(fmt.Sprintf("%dx%d/%d", w, h, n), func(t *testing.T) {
				ss.sceneOf(t, w, h, edges, &v, v.Announce.At)
				s := ss.get(t, w, h, edges)
				lay := s.end
				var boxes []board.Rect
				var seats []int
				for i := range lay.panels {
					pg := &lay.panels[i]
					if endPlayerOf(v.End, openOf(v.End, pg.seat)) == nil {
						continue
					}
					boxes = append(boxes, s.breakdownBox(&v, pg, lay).Inset(-3*lay.u))
					seats = append(seats, pg.seat)
				}
				if len(boxes) != n {
					t.Fatalf("%d breakdowns open, want %d", len(boxes), n)
				}
				for i, a := range boxes {
					for j := i + 1; j < len(boxes); j++ {
						if o := a.Intersect(boxes[j]).Area(); o > 0 {
							t.Errorf("seat %d's breakdown %v lies over seat %d's %v (%.0f px²)", seats[i]+1, a, seats[j]+1, boxes[j], o)
						}
					}
					for _, pg := range lay.panels {
						if o := a.Intersect(pg.rect).Area(); o > 0 {
							t.Errorf("seat %d's breakdown %v lies over seat %d's panel (%.0f px²)", seats[i]+1, a, pg.seat+1, o)
						}
					}
				}
			})
		}
	}
}
