package display

import (
	"fmt"
	"image/color"
	"math"
	"strings"
	"syscall"
	"testing"
	"time"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/hal"
	"ttr/input"
	"ttr/maps"
)

// realisticArgs gives every placeholder of key a value as long as the
// table can give it: the longest city name, the locomotive's colour word,
// counts of n.
func realisticArgs(c *msg.Catalog, key string, n int) map[string]any {
	args := map[string]any{}
	for _, name := range c.Placeholders(key) {
		switch name {
		case msg.CountArg:
			args[name] = n
		case "Have", "Got", "Need", "Keep", "Number", "Min", "Max", "Seat", "Points":
			args[name] = 20
		case "City", "From", "To":
			args[name] = "Constantinople"
		case "Player":
			args[name] = msg.Text{Key: "player_color.yellow"}
		case "Players":
			args[name] = msg.Text{Key: "list.and", Args: map[string]any{"A": msg.Text{Key: "player_color.yellow"}, "B": msg.Text{Key: "player_color.black"}}}
		case "Color":
			args[name] = msg.Text{Key: "color.loco", Args: map[string]any{msg.CountArg: n}}
		case "Cards":
			args[name] = msg.Text{Key: "count.colored_cards", Args: map[string]any{msg.CountArg: 3, "Color": msg.Text{Key: "color.orange", Args: map[string]any{msg.CountArg: 3}}}}
		case "Tickets":
			args[name] = msg.Text{Key: "count.tickets", Args: map[string]any{msg.CountArg: 3}}
		case "Sign":
			args[name] = "–"
		default:
			args[name] = "Constantinople"
		}
	}
	return args
}

// TestEveryMessageFitsThePanel words every message of the catalogue in
// every language, for counts 1, 2 and 20, and fits it, with the real font,
// into the smallest message box of a seat's panel (with a progress line
// under it, and with a notice's icon beside it) at 800x480 and 1920x1080,
// for every number of seats: each must fit at a size no smaller than the
// table's minimum, so that nothing is ever cut off.
func TestEveryMessageFitsThePanel(t *testing.T) {
	cat := catalog(t)
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			area := board.Rect{W: float32(size[0]), H: float32(size[1])}
			u := scaleOf(area.W, area.H)
			// Every panel's boxes over every arrangement of 2 to 5 seats.
			seen := map[board.Vec]bool{}
			var boxes []board.Vec
			for n := 2; n <= 5; n++ {
				for _, p := range newScreenLayout(area, DefaultEdges(n), 1.5, false).panels {
					in := noticeBox(p.message, u)
					for _, b := range []board.Vec{{X: p.prompt.W, Y: p.prompt.H}, {X: in.W, Y: in.H}} {
						if !seen[b] {
							seen[b] = true
							boxes = append(boxes, b)
						}
					}
				}
			}
			onMain(func() {
				fs := loadFonts(u, string(cat.Runes()))
				defer fs.unload()
				for _, lang := range msg.Langs() {
					for _, key := range cat.Keys() {
						if !onTable(key) {
							continue
						}
						for _, n := range []int{1, 2, 20} {
							txt := msg.Text{Key: key, Args: realisticArgs(cat, key, n)}
							if err := cat.Check(txt); err != nil {
								t.Fatalf("sample %s: %v", key, err)
							}
							s := cat.Text(lang, txt)
							for _, box := range boxes {
								if ft := fs.fit(s, box.X, box.Y, promptFit); !ft.ok {
									t.Errorf("%s %s (%d): %q does not fit %.0fx%.0f at %.0f px: %d lines, %.0fx%.0f", lang, key, n, s, box.X, box.Y, minText*u, len(ft.lines), ft.w, ft.h)
								}
							}
						}
					}
				}
			})
		})
	}
}

// progressKeys are the messages input gives as a seat's running count
// (SeatView.Progress), and the offline marks drawn in its place.
var progressKeys = []string{"prompt.scan_progress", "prompt.claim_progress", "prompt.claim_progress_any",
	"prompt.lay_progress", "panel.reader_offline", "panel.buttons_offline"}

// TestEveryProgressFitsItsColumn checks that every running count fits the
// narrow column beside the prompt, in every language and layout: a long
// sentence there would run out of the strip over the board.
func TestEveryProgressFitsItsColumn(t *testing.T) {
	cat := catalog(t)
	for _, size := range sizes {
		area := board.Rect{W: float32(size[0]), H: float32(size[1])}
		u := scaleOf(area.W, area.H)
		seen := map[board.Vec]bool{}
		for n := 2; n <= 5; n++ {
			for _, p := range newScreenLayout(area, DefaultEdges(n), 1.5, false).panels {
				seen[board.Vec{X: p.progress.W - 6*u, Y: p.progress.H}] = true
			}
		}
		onMain(func() {
			fs := loadFonts(u, string(cat.Runes()))
			defer fs.unload()
			for _, lang := range msg.Langs() {
				for _, key := range progressKeys {
					for _, n := range []int{1, 2, 5} {
						txt := msg.Text{Key: key, Args: realisticArgs(cat, key, n)}
						if err := cat.Check(txt); err != nil {
							t.Fatalf("sample %s: %v", key, err)
						}
						s := cat.Text(lang, txt)
						for box := range seen {
							if ft := fs.fit(s, box.X, box.Y, progressFit); !ft.ok {
								t.Errorf("%dx%d: %s %s (%d): %q does not fit the running count's %.0fx%.0f: %d lines, %.0fx%.0f", size[0], size[1], lang, key, n, s, box.X, box.Y, len(ft.lines), ft.w, ft.h)
							}
						}
					}
				}
			}
		})
	}
}

// onTable reports whether a message is one a seat's panel shows: not the
// simulator's (sim.*), drawn beside the table, nor the owner's menu's,
// drawn on its own pages (ownerWords: TestEveryOwnerMessageFitsTheMenu
// fits them there).
func onTable(key string) bool {
	return !strings.HasPrefix(key, "sim.") && !ownerWords(key)
}

// TestFitWraps checks the fitting itself: words wrap at spaces, lines
// never exceed the box, the largest size that fits is chosen, and a word
// wider than the box is broken rather than cut off.
func TestFitWraps(t *testing.T) {
	onMain(func() {
		fs := loadFonts(1)
		defer fs.unload()
		o := fitOpts{min: 12, max: 21}
		ft := fs.fit("Scan your cards one by one, then press Confirm.", 120, 200, o)
		if !ft.ok || len(ft.lines) < 2 {
			t.Fatalf("got %d lines ok=%v, want a wrapped fit", len(ft.lines), ft.ok)
		}
		var joined []rune
		for i, l := range ft.lines {
			if ft.widths[i] > 120 {
				t.Errorf("line %q is %.0f px wide, box 120", string(l), ft.widths[i])
			}
			if i > 0 {
				joined = append(joined, ' ')
			}
			joined = append(joined, l...)
		}
		if got, want := string(joined), "Scan your cards one by one, then press Confirm."; got != want {
			t.Errorf("lines join to %q, want %q", got, want)
		}
		big := fs.fit("Confirm", 400, 100, o)
		if big.size != 21 {
			t.Errorf("short text in a big box at %.0f px, want the largest step 21", big.size)
		}
		narrow := fs.fit("Constantinople", 40, 200, o)
		if narrow.ok {
			t.Errorf("a word wider than the box fits?")
		}
		n := 0
		for _, l := range narrow.lines {
			n += len(l)
		}
		if n != len([]rune("Constantinople")) {
			t.Errorf("broken word keeps %d letters, want all 14", n)
		}
		if len(fs.misfits) != 1 {
			t.Errorf("misfits %q, want the one word", fs.misfits)
		}
	})
}

// TestGlyphs checks that every letter the catalogue can show and every
// city name has a glyph in both faces at every size the screen loads, at
// the smallest and largest screens, and in the board's name font; raylib
// would draw '?' instead.
func TestGlyphs(t *testing.T) {
	cat := catalog(t)
	var names []string
	for _, id := range maps.Maps() {
		m := mustMap(t, id)
		for _, c := range m.Cities {
			names = append(names, c.Name)
		}
	}
	for _, size := range sizes {
		onMain(func() {
			s, err := NewScreen(cat, ScreenOpts{Width: size[0], Height: size[1], Seats: fourEdges})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Unload()
			texts := append([]string{string(cat.Runes())}, names...)
			for i, px := range s.fonts.sizes {
				for _, f := range []*face{s.fonts.sans[i], s.fonts.bold[i]} {
					for _, txt := range texts {
						if miss := missingRunes(f, txt); len(miss) > 0 {
							t.Errorf("%dx%d: font at %.0f px has no glyph for %q (in %q)", size[0], size[1], px, string(miss), txt)
						}
					}
				}
			}
			// The board's names, in the font the Board loads for them.
			for _, id := range maps.Maps() {
				m := mustMap(t, id)
				var names []string
				for _, c := range m.Cities {
					names = append(names, c.Name)
				}
				px := board.LabelSizeFor(m, tableArea(size[0], size[1]), board.DefaultOpts())
				f := LoadFont(Bold, int(math.Round(float64(px))), names...)
				for _, c := range m.Cities {
					for _, r := range c.Name {
						if r != ' ' && rl.GetGlyphInfo(f.Font, r).Value != r {
							t.Errorf("%s: the board's names font has no %q (%s)", id, r, c.Name)
						}
					}
				}
				f.Unload()
			}
		})
	}
}

// TestDrawAllocates checks that a steady frame of a busy game allocates
// nothing, drawn whole (geometry and words are cached) or over the still
// layer, upright or turned.
func TestDrawAllocates(t *testing.T) {
	_, v := europeInProgress(t, "es")
	for _, rot := range []int{0, 90} {
		s := turnedScreen(t, 1280, 720, rot, fourEdges)
		ww, wh := windowSize(1280, 720, rot)
		for _, prepared := range []bool{false, true} {
			now := time.Date(2026, 3, 14, 21, 0, 0, 0, time.UTC)
			onMain(func() {
				target := rlTarget(ww, wh)
				defer target.unload()
				frame := func() {
					if prepared {
						s.Prepare(&v, now)
					}
					target.begin()
					s.Draw(&v, now)
					target.end()
					now = now.Add(16 * time.Millisecond)
				}
				frame()
				// Ten frames, a sixth of a second of the pulses: an
				// allocation in every frame shows; AllocsPerRun rounds
				// the average down, so one in fewer frames would not
				// have shown in twenty either.
				if got := testing.AllocsPerRun(10, frame); got > 0 {
					t.Errorf("rotation %d, prepared %v: a steady frame allocates %.1f times, want 0", rot, prepared, got)
				}
				if s.stillFor(&v, now) != prepared {
					t.Errorf("rotation %d, prepared %v: the frames were drawn over the still layer: %v", rot, prepared, !prepared)
				}
			})
		}
		onMain(s.Unload)
	}
}

// BenchmarkScreenFrame measures whole presented frames in the test window,
// grown to 1920x1080 and shown, as the table draws them (Prepare, then
// begin, Draw, end: the swap that presents the frame included):
//   - empty: raylib's frame alone: begin, clear, end;
//   - busy: a busy 5-player Europe game (many routes claimed, stations,
//     every panel worded, a route being claimed pulsing with its cost, the
//     current player's panel breathing), steady as between two events,
//     drawn by a screen that fills the window as the table's does
//     (ScreenOpts.FillsWindow: where the window keeps its last frame, as
//     Xvfb's does, a frame repairs what moved instead of copying the whole
//     still layer);
//   - event: the first frame after an event, every frame: the same game
//     one claim apart, the View before the claim's Confirm and the View
//     after it, in turn, each with a new revision (the route claimed, a
//     marker moved, the turn passed to the next seat along the same edge,
//     every strip worded again): the screen patches its still layer;
//   - turn: the same, for a claim that passes the turn to a seat at
//     another edge, so that every city name turns to face it: a patch of
//     most of the board, drawn whole;
//   - whole: the still layer drawn whole every frame, as after a change
//     of language or on the end screen.
//
// Besides the wall time (ns/op) it reports cpu-ns/op, the CPU time of the
// whole process per frame: under Xvfb Mesa's software rasteriser runs in
// the process's own threads, so that is the frame's cost to the machine.
// make bench compares busy and empty of the same run.
func BenchmarkScreenFrame(b *testing.B) {
	sc := newScene(b, 5, "europe", "es", 4)
	sc.start(0)
	sc.turns(220)
	// Two claims: one that passes the turn to the next seat along the same
	// edge (the names on the board stay), one that passes it to a seat at
	// another edge (the names turn to face it).
	edges := DefaultEdges(5)
	var same, other [2]input.View
	found := [2]bool{}
	for i := 0; !found[0] || !found[1]; i++ {
		if i == 40 {
			b.Fatal("40 claims without one of each kind")
		}
		before, after := sc.claimViews()
		k := 0
		if edges[currentSeat(&before)] != edges[currentSeat(&after)] {
			k = 1
		}
		if !found[k] {
			found[k] = true
			if k == 0 {
				same = [2]input.View{before, after}
			} else {
				other = [2]input.View{before, after}
			}
		}
	}
	v := same[0]
	claimed := 0
	for _, o := range v.Public.RouteOwner {
		if o >= 0 {
			claimed++
		}
	}
	b.Logf("%d routes claimed, route %d being claimed", claimed, v.SelectedRoute)
	defer showWindow()()
	for _, mode := range []string{"empty", "busy", "event", "turn", "whole"} {
		b.Run(mode, func(b *testing.B) {
			patched := 0
			onMain(func() {
				s, err := NewScreen(catalog(b), ScreenOpts{Width: 1920, Height: 1080, Seats: DefaultEdges(5), FillsWindow: true})
				if err != nil {
					b.Fatal(err)
				}
				defer s.Unload()
				var revs input.Revs
				now := time.Date(2026, 3, 14, 21, 0, 0, 0, time.UTC)
				views := same
				if mode == "turn" {
					views = other
				}
				n := 0
				frame := func() {
					w := &views[0]
					switch mode {
					case "event", "turn":
						w = &views[n%2]
						w.Rev = revs.Next()
					case "whole":
						s.still.valid = false
					}
					n++
					if mode != "empty" {
						s.Prepare(w, now)
					}
					rl.BeginDrawing()
					if mode == "empty" {
						rl.ClearBackground(color.RGBA{A: 255})
					} else {
						// As the table's window: the screen fills it.
						s.Draw(w, now)
					}
					rl.EndDrawing()
					now = now.Add(16 * time.Millisecond)
				}
				measureFrames(b, frame)
				patched = s.still.patched
			})
			// Checked off the main thread: a failure there would stop
			// the loop that runs raylib's calls.
			if mode == "event" && patched < b.N {
				b.Fatalf("%d of %d layers patched: the event frames were not patched", patched, b.N)
			}
		})
	}
}

// showWindow grows the test window to 1920x1080 and shows it, for the
// benchmarks of presented frames; the func it returns hides it again.
func showWindow() func() {
	onMain(func() {
		rl.SetWindowSize(1920, 1080)
		rl.ClearWindowState(rl.FlagWindowHidden)
	})
	return func() {
		onMain(func() {
			rl.SetWindowState(rl.FlagWindowHidden)
			rl.SetWindowSize(320, 200)
		})
	}
}

// measureFrames draws frame three times (the first frames lay out the
// board and word the texts), then b.N times, and reports cpu-ns/op: the
// CPU time of the whole process per frame.
func measureFrames(b *testing.B, frame func()) {
	for range 3 {
		frame()
	}
	b.ReportAllocs()
	cpu0 := cpuTime()
	b.ResetTimer()
	for range b.N {
		frame()
	}
	b.StopTimer()
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// cpuTime is the CPU time the process has used, in every thread.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestEndLinesFitThePanel fits a long end-of-game breakdown (routes,
// seven tickets between the longest city names (six with five seats), stations, the longest route
// and the total; the shared winners and the tie-break) into the end panels
// of 2 to 5 seats at 800x480 and 1920x1080, in every language: the panels
// grow as deep as they need (the board keeps a fifth of the height), and
// where they cannot hold the winner and tie-break too (five seats), those
// go to the middle of the screen.
func TestEndLinesFitThePanel(t *testing.T) {
	// Five seats at 800x480 leave two narrow panels on one edge: they hold
	// six such tickets (seven of the longest names do not fit at the
	// smallest text size).
	const fiveTickets = 6
	cat := catalog(t)
	num := func(key string, n int, kv ...any) msg.Text {
		args := map[string]any{msg.CountArg: n}
		for i := 0; i+1 < len(kv); i += 2 {
			args[kv[i].(string)] = kv[i+1]
		}
		return msg.Text{Key: key, Args: args}
	}
	breakdown := func(tickets int) []msg.Text {
		lines := []msg.Text{num("end.route_points", 88)}
		for i := 0; i < tickets; i++ {
			lines = append(lines, num("end.ticket_failed", 21, "From", "Constantinople", "To", "København"))
		}
		return append(lines,
			num("end.station_bonus", 2, "Points", 8),
			num("end.longest_route", 33, "Points", 10),
			num("end.total", 120))
	}
	lines := breakdown(7)
	end := &input.EndView{
		Winner:  msg.Text{Key: "end.winners_shared", Args: map[string]any{"Players": msg.Text{Key: "list.and", Args: map[string]any{"A": msg.Text{Key: "player_color.yellow"}, "B": msg.Text{Key: "player_color.black"}}}}},
		Decided: msg.Text{Key: "end.decided_stations"},
	}
	for _, l := range append(lines, end.Winner, end.Decided) {
		if err := cat.Check(l); err != nil {
			t.Fatalf("sample line: %v", err)
		}
	}
	m := mustMap(t, "europe")
	for _, size := range sizes {
		for n := 2; n <= 5; n++ {
			lines := lines
			if n == 5 {
				lines = breakdown(fiveTickets)
			}
			v := input.View{Mode: input.ModeEnd, Map: m, End: end}
			end.Players = nil
			for p := 0; p < n; p++ {
				v.Seats = append(v.Seats, input.SeatView{Seat: hal.Seat(p), Playing: true, Player: p, Color: input.Color(p)})
				end.Players = append(end.Players, input.EndPlayer{Player: p, Seat: hal.Seat(p), Lines: lines})
			}
			onMain(func() {
				s, err := NewScreen(cat, ScreenOpts{Width: size[0], Height: size[1], Seats: DefaultEdges(n)})
				if err != nil {
					t.Fatal(err)
				}
				defer s.Unload()
				for _, lang := range msg.Langs() {
					v.Lang = string(lang)
					s.prepare(&v)
					if !s.endFits(s.end, lang) {
						t.Errorf("%dx%d, %d seats, %s: the breakdown fits no end panel depth", size[0], size[1], n, lang)
					}
					if s.endCompact && n < 5 {
						t.Errorf("%dx%d, %d seats, %s: the winner left the panels", size[0], size[1], n, lang)
					}
					if s.end.board.H < float32(size[1])*0.2 {
						t.Errorf("%dx%d, %d seats, %s: the board keeps %.0f px of height", size[0], size[1], n, lang, s.end.board.H)
					}
				}
			})
		}
	}
}
