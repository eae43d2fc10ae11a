package display

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"ttr/display/msg"
	"ttr/hal"
	"ttr/input"
)

var endShots = flag.String("endshots", "", "write the end screen's pictures into this folder (TestEndScreenShots)")

// TestEndBoardShare measures the board's share of the glass on the end
// screen with the table's fonts, 2 to 5 seats, at 1920x1080 and 800x480:
// at least half with four seats or fewer, as large as while playing or
// larger (the market's column goes to it), and the breakdowns still open
// over it.
func TestEndBoardShare(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	for _, size := range sizes {
		w, h := size[0], size[1]
		for n := 2; n <= 5; n++ {
			closed, _ := endSceneOf(t, n)
			t.Run(fmt.Sprintf("%dx%d/%d", w, h, n), func(t *testing.T) {
				ss.shot(t, w, h, DefaultEdges(n), &closed, closed.Announce.At.Add(time.Hour))
				s := ss.get(t, w, h, DefaultEdges(n))
				b := s.boardLayout().Board
				share := b.Area() / float32(w*h)
				play := newLayoutU(s.area(), s.opts.Seats, b.W/b.H, false, s.scale())
				t.Logf("board %.0fx%.0f: %.0f%% of the glass (the area while playing %.0fx%.0f)", b.W, b.H, 100*share, play.board.W, play.board.H)
				if n <= 4 && share < 0.5 {
					t.Errorf("the board takes %.0f%% of the glass, want at least half", 100*share)
				}
				if b.H < min(play.board.H, play.board.W*b.H/b.W)-1 {
					t.Errorf("the board is %.0f high at the end, smaller than while playing (%.0f)", b.H, play.board.H)
				}
			})
		}
	}
}

// TestNamesStayAtTheirCities: the end screen's board is the play
// screen's, so that its names lie where the players saw them all game:
// with 2 to 5 seats at 1920x1080 and 800x480, every plate within
// maxNameDrift letters' height of its city, and at most maxNearer of
// them (crowded corners, where a plate keeps off the routes) nearer
// another city than their own (the end's former panels left the board a
// third of the glass, and 12 to 26 names nearer another city: "Essen"
// over Amsterdam).
func TestNamesStayAtTheirCities(t *testing.T) {
	const maxNameDrift, maxNearer = 6.5, 6
	ss := screens{}
	defer ss.unload()
	for _, size := range sizes {
		w, h := size[0], size[1]
		for n := 2; n <= 5; n++ {
			closed, _ := endSceneOf(t, n)
			t.Run(fmt.Sprintf("%dx%d/%d", w, h, n), func(t *testing.T) {
				ss.shot(t, w, h, DefaultEdges(n), &closed, closed.Announce.At.Add(time.Hour))
				l := ss.get(t, w, h, DefaultEdges(n)).boardLayout()
				worst, nearer := float32(0), 0
				for i, c := range l.Cities {
					own := c.Label.Dist(c.Center)
					worst = max(worst, own/l.LabelSize)
					if own/l.LabelSize > maxNameDrift {
						t.Errorf("%s's name %.1f letters' height from its city", l.Map.Cities[i].Name, own/l.LabelSize)
					}
					for j, o := range l.Cities {
						if j != i && c.Label.Dist(o.Center) < own {
							nearer++
							t.Logf("%s's name %.0f px from its city, %.0f px from %s", l.Map.Cities[i].Name, own, c.Label.Dist(o.Center), l.Map.Cities[j].Name)
							break
						}
					}
				}
				if nearer > maxNearer {
					t.Errorf("%d names nearer another city than their own, want at most %d", nearer, maxNearer)
				}
				t.Logf("the farthest name %.1f letters' height from its city, %d nearer another (names %.0f px)", worst, nearer, l.LabelSize)
			})
		}
	}
}

// TestRevealTimedByTheClock: the end's tickets are turned on the board one
// by one, by the clock the screen is given, from the game's last move:
// none before revealLead, one more every revealStep, each player's score
// counting with them (up when completed, down when not), then the
// stations and the longest route, then the ranking with places and the
// winner's crown; each strip's words say the ticket turned last. Scene
// goldens hold the screen at a few instants.
func TestRevealTimedByTheClock(t *testing.T) {
	closed := endScene(t, "en")
	e := closed.End
	s := geometryOnly(t, 1280, 720, fourEdges, &closed)
	from := closed.Announce.At
	total := endTickets(e)
	for k := 0; k <= total+2; k++ {
		now := from.Add(revealLead + time.Duration(k-1)*revealStep + revealStep/2)
		if k == 0 {
			now = from.Add(revealLead / 2)
		}
		r := s.revealAt(&closed, now)
		if r.steps != k {
			t.Fatalf("%v after the last move: step %d, want %d", now.Sub(from), r.steps, k)
		}
		bv := s.boardView(&closed, now)
		if want := min(k, total); len(bv.Tickets) != want {
			t.Errorf("step %d: %d tickets on the board, want %d", k, len(bv.Tickets), want)
		}
		sum := 0
		for i := range e.Players {
			ep := &e.Players[i]
			want := ep.RoutePoints
			n := 0
			for j, tk := range ep.Tickets {
				if up, _ := r.revealed(e, i, j); up {
					n++
					if tk.Completed {
						want += tk.Points
					} else {
						want -= tk.Points
					}
				}
			}
			sum += n
			if r.bonuses() {
				want += ep.StationPoints + ep.LongestBonus
			}
			if got := r.score(e, ep); got != want {
				t.Errorf("step %d: player %d scores %d, want %d", k, ep.Player, got, want)
			}
			if r.done() && r.score(e, ep) != ep.Total {
				t.Errorf("reveal over: player %d scores %d, want the total %d", ep.Player, r.score(e, ep), ep.Total)
			}
		}
		if sum != min(k, total) {
			t.Errorf("step %d: %d tickets face up, want %d", k, sum, min(k, total))
		}
		lines, _ := r.lines(s.m, e, nil, nil)
		switch {
		case k == 0 && lines[0].Key != "end_reveal.turning",
			k > 0 && k <= total && lines[0].Key != "end_reveal.ticket",
			k > total && lines[0].Key != "end_reveal.bonuses":
			t.Errorf("step %d: the strips say %v", k, lines)
		}
		_, places := s.rankingAt(now)
		if placed := places[0] > 0; placed != r.done() {
			t.Errorf("step %d: places shown %v, want them once the reveal is over (%v)", k, places, r.done())
		}
	}
}

// TestRevealGoldens: the end screen's draw lists at a few instants of the
// reveal, in testdata/scene.
func TestRevealGoldens(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	v := endScene(t, "en")
	from := v.Announce.At
	for _, tc := range []struct {
		name string
		at   time.Duration
	}{
		{"end-reveal-start-1280x720", revealLead / 2},
		{"end-reveal-ticket5-1280x720", revealLead + 4*revealStep + revealStep/2},
		{"end-reveal-over-1280x720", time.Hour},
	} {
		t.Run(tc.name, func(t *testing.T) {
			compareText(t, tc.name, ss.sceneOf(t, 1280, 720, fourEdges, &v, from.Add(tc.at)))
		})
	}
}

// TestEndScreenShots writes the end screen at 1920x1080 and 800x480, in
// es, ro and en, during the reveal and after it, and each seat's view of
// it turned to face them, into the folder -endshots names (nothing
// without it).
func TestEndScreenShots(t *testing.T) {
	if *endShots == "" {
		t.Skip("no -endshots folder")
	}
	ss := screens{}
	defer ss.unload()
	write := func(name string, img *image.RGBA) {
		f, err := os.Create(filepath.Join(*endShots, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(f, img); err != nil {
			t.Fatal(err)
		}
	}
	for _, lang := range []msg.Lang{msg.EN, msg.ES, msg.RO} {
		v := endScene(t, string(lang))
		for _, size := range sizes {
			for _, at := range []time.Duration{revealLead + 6*revealStep, time.Hour} {
				img := ss.shot(t, size[0], size[1], fourEdges, &v, v.Announce.At.Add(at))
				stage := map[bool]string{true: "over", false: "reveal"}[at == time.Hour]
				for _, e := range fourEdges {
					write(fmt.Sprintf("end-%s-%dx%d-%s-%v.png", lang, size[0], size[1], stage, e), facingSeat(img, e))
				}
			}
		}
	}
	_, open := endSceneOf(t, 4)
	write("end-breakdowns-1920x1080.png", ss.shot(t, 1920, 1080, fourEdges, &open, open.Announce.At.Add(time.Hour)))
}

// facingSeat returns img turned so that edge e is at the bottom: the
// screen as the player sitting there sees it.
func facingSeat(img *image.RGBA, e Edge) *image.RGBA {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if e == Bottom {
		return img
	}
	var out *image.RGBA
	switch e {
	case Top:
		out = image.NewRGBA(image.Rect(0, 0, w, h))
	default:
		out = image.NewRGBA(image.Rect(0, 0, h, w))
	}
	for y := range h {
		for x := range w {
			c := img.RGBAAt(b.Min.X+x, b.Min.Y+y)
			switch e {
			case Top:
				out.SetRGBA(w-1-x, h-1-y, c)
			case Left: // the left edge goes to the bottom: a quarter anticlockwise
				out.SetRGBA(y, w-1-x, c)
			case Right: // a quarter clockwise
				out.SetRGBA(h-1-y, x, c)
			}
		}
	}
	return out
}

// TestRankingTouchesDuringTheReveal: while the reveal goes on, a touch on
// a player's chip in the ranking is that player's (the chips in the order
// they reveal), so that every breakdown stays a touch away.
func TestRankingTouchesDuringTheReveal(t *testing.T) {
	v := endScene(t, "en")
	s := geometryOnly(t, 1280, 720, fourEdges, &v)
	now := v.Announce.At.Add(revealLead + revealStep)
	order, _ := s.rankingAt(now)
	for _, pg := range s.end.panels {
		for i, p := range order {
			c := pg.toScreen(rankChip(pg.rank, len(order), i, s.end.u).Center())
			got := s.HitTest(c.X, c.Y, now)
			want := input.KeyBreakdown + fmt.Sprint(p)
			if got.Kind != hal.ScreenKey || got.ID != want {
				t.Errorf("seat %d, chip %d: %v %q, want %q", pg.seat, i, got.Kind, got.ID, want)
			}
		}
	}
}
