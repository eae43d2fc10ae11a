package display

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"ttr/display/board"
	"ttr/display/imgtest"
	"ttr/display/msg"
	"ttr/display/scene"
	"ttr/input"
)

// diffIn counts the pixels of r where a and b differ.
func diffIn(a, b *image.RGBA, r board.Rect) int {
	return imgtest.Differing(a, b, image.Rect(int(r.X), int(r.Y), int(r.X+r.W), int(r.Y+r.H)))
}

// mapUntouched fails t if what screen s draws over its map differs
// between the scenes with and without what tells something (what): every
// item that reaches into the map, in order, must be the same. It leaves
// both lists, named after name, for a look.
func mapUntouched(t *testing.T, s *Screen, with, without *scene.Scene, name, what string) {
	t.Helper()
	b := s.boardLayout().Board
	over := func(sc *scene.Scene) []string {
		var out []string
		for i := range sc.Items {
			if it := &sc.Items[i]; it.Bounds.Intersect(b).Area() > 0 {
				out = append(out, it.String())
			}
		}
		return out
	}
	a, z := over(with), over(without)
	if slices.Equal(a, z) {
		return
	}
	i := 0
	for i < min(len(a), len(z)) && a[i] == z[i] {
		i++
	}
	name = filepath.Join(os.TempDir(), name)
	os.WriteFile(name+".with.txt", []byte(strings.Join(a, "\n")), 0o644)
	os.WriteFile(name+".without.txt", []byte(strings.Join(z, "\n")), 0o644)
	t.Errorf("%s changes what is drawn over the map from its item %d on (%d items, %d without); see %s.*.txt", what, i, len(a), len(z), name)
}

// TestAnnouncementDrawn draws a View built by hand with an announcement
// and reads the screen back: the line on every playing seat's strip, the
// announced route pulsing for AnnouncePulse and then still, and
// the points rising over the player's marker while it pulses.
func TestAnnouncementDrawn(t *testing.T) {
	cat := catalog(t)
	ss := screens{}
	defer ss.unload()
	const w, h = 1920, 1080
	edges := DefaultEdges(4)
	quiet := playView(t, 4, "europe")
	quiet.Rev = input.Rev{} // drawn whole: the announcement is set by hand
	at := time.Unix(2e9, 0)
	v := quiet
	route := 10
	v.Announce = input.Announcement{
		Text:   input.Text{Key: "prompt.tunnel_claimed", Args: realisticArgs(cat, "prompt.tunnel_claimed", 1)},
		Player: 1, Route: route, City: -1, Points: 4, At: at,
	}
	s := ss.get(t, w, h, edges)
	before := ss.shot(t, w, h, edges, &quiet, at.Add(time.Hour))
	after := ss.shot(t, w, h, edges, &v, at.Add(time.Hour))
	boxes, shown := newsRects(s, &v)
	for seat := range v.Seats {
		if !v.Seats[seat].Playing {
			continue
		}
		if !shown[seat] {
			t.Errorf("seat %d's strip does not tell the last move", seat+1)
			continue
		}
		r := boxes[seat]
		if got := diffIn(before, after, r); float32(got) < r.Area()*0.05 {
			t.Errorf("the line on seat %d's strip changes %d of %.0f pixels of its box", seat+1, got, r.Area())
		}
	}
	// The route pulses for a moment after the move, then stays still.
	l := s.boardLayout()
	cars := l.Routes[route].Cars[0].Halo.Bounds()
	for _, c := range l.Routes[route].Cars[1:] {
		b := c.Halo.Bounds()
		x0, y0 := min(cars.X, b.X), min(cars.Y, b.Y)
		x1, y1 := max(cars.X+cars.W, b.X+b.W), max(cars.Y+cars.H, b.Y+b.H)
		cars = board.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
	}
	pulsing := ss.shot(t, w, h, edges, &v, at.Add(300*time.Millisecond))
	if got := diffIn(after, pulsing, cars); got < 100 {
		t.Errorf("the announced route does not pulse right after the move: %d pixels differ", got)
	}
	later := ss.shot(t, w, h, edges, &v, at.Add(AnnouncePulse+time.Second))
	if got := diffIn(after, later, cars.Inset(-40)); got > 0 {
		t.Errorf("the announced route still pulses after %v: %d pixels differ", AnnouncePulse, got)
	}
	// The points rise over the player's marker.
	sp := l.TrackSpace(v.Public.Players[1].Score)
	c := sp.Rect.Center().Add(sp.Inward.Scale(l.TrackDepth * 2))
	around := board.Rect{X: c.X - 40, Y: c.Y - 40, W: 80, H: 80}
	if got := diffIn(later, pulsing, around); got < 100 {
		t.Errorf("no points rise over the marker: %d pixels differ", got)
	}
}

// TestResolvedTunnelStaysInSight checks that a tunnel's revealed cards stay
// on the screen once it is resolved, until the View drops it.
func TestResolvedTunnelStaysInSight(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	v := tunnelScene(t)
	v.Rev = input.Rev{}
	if v.Tunnel == nil {
		t.Fatal("the scene has no tunnel")
	}
	tv := *v.Tunnel
	tv.Done, tv.Claimed = true, true
	v.Tunnel = &tv
	without := v
	without.Tunnel = nil
	at := time.Unix(2e9, 0)
	edges := DefaultEdges(len(v.Seats))
	a := ss.shot(t, 1280, 720, edges, &v, at)
	b := ss.shot(t, 1280, 720, edges, &without, at)
	bl := ss.get(t, 1280, 720, edges).boardLayout()
	if got := diffIn(a, b, bl.Board); got < 5000 {
		t.Errorf("the resolved tunnel's cards are not shown: %d pixels differ", got)
	}
}

// newsRects returns where each seat's strip tells the last move, on the
// screen, as the last frame drew it.
func newsRects(s *Screen, v *input.View) (boxes []board.Rect, shown []bool) {
	boxes, shown = make([]board.Rect, len(v.Seats)), make([]bool, len(v.Seats))
	onMain(func() {
		lay := s.layoutFor(v.Mode)
		for i := range lay.panels {
			pg := &lay.panels[i]
			if pg.seat >= len(v.Seats) || !v.Seats[pg.seat].Playing {
				continue
			}
			nb := s.newsBoxes(v, s.langOf(v), pg, &v.Seats[pg.seat], &s.slots.seats[pg.seat], lay.u)
			if !nb.shown {
				continue
			}
			a, b := pg.toScreen(board.Vec{X: nb.news.X, Y: nb.news.Y}), pg.toScreen(board.Vec{X: nb.news.X + nb.news.W, Y: nb.news.Y + nb.news.H})
			boxes[pg.seat] = board.Rect{X: min(a.X, b.X), Y: min(a.Y, b.Y), W: max(a.X, b.X) - min(a.X, b.X), H: max(a.Y, b.Y) - min(a.Y, b.Y)}
			shown[pg.seat] = true
		}
	})
	return boxes, shown
}

// TestAnnouncementsLeaveTheMap checks that the last move is told on every
// playing seat's strip, inside it, and that telling it draws nothing on
// the map: once its route has stopped pulsing, the screen with the
// announcement and the screen without it are the same over the whole
// board, names, routes and track, at 1920x1080 and 800x480, on four and
// five seats, with a tunnel being paid and with the last round's banner.
func TestAnnouncementsLeaveTheMap(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	at := time.Date(2026, 3, 14, 21, 0, 0, 0, time.UTC)
	_, europe := europeInProgress(t, "en")
	tunnel := tunnelScene(t)
	if europe.Tunnel == nil || tunnel.Tunnel == nil || europe.Announce.Text.IsZero() {
		t.Fatal("the scenes have no tunnel or no announcement")
	}
	if tunnel.Announce.Text.IsZero() {
		tunnel.Announce = europe.Announce
	}
	five := playView(t, 5, "europe")
	five.Announce = europe.Announce
	five.Announce.Player = 2
	banner := europe
	banner.Banner = input.Text{Key: "prompt.last_round", Args: realisticArgs(catalog(t), "prompt.last_round", 1)}
	for _, sc := range []struct {
		name  string
		v     input.View
		edges []Edge
	}{
		{"europe-4p", europe, fourEdges},
		{"tunnel", tunnel, []Edge{Bottom, Left, Top}},
		{"banner", banner, fourEdges},
		{"5p", five, DefaultEdges(5)},
	} {
		for _, size := range [][2]int{{1920, 1080}, {800, 480}} {
			w, h := size[0], size[1]
			t.Run(fmt.Sprintf("%s/%dx%d", sc.name, w, h), func(t *testing.T) {
				v := sc.v
				v.Rev = input.Rev{}
				v.Announce.At = at
				quiet := v
				quiet.Announce.Text = input.Text{} // the same move, untold
				later := at.Add(AnnouncePulse + time.Second)
				with := ss.sceneOf(t, w, h, sc.edges, &v, later)
				boxes, shown := newsRects(ss.get(t, w, h, sc.edges), &v)
				without := ss.sceneOf(t, w, h, sc.edges, &quiet, later)
				s := ss.get(t, w, h, sc.edges)
				mapUntouched(t, s, with, without, fmt.Sprintf("news-%s-%dx%d", sc.name, w, h), "telling the last move")
				b := s.boardLayout().Board
				lay := s.play
				n := 0
				for seat, sv := range v.Seats {
					if !sv.Playing {
						continue
					}
					if !shown[seat] {
						if !sv.Current {
							t.Errorf("seat %d, not playing now, is not told the last move", seat+1)
						}
						continue
					}
					n++
					r := boxes[seat]
					var strip board.Rect
					for _, pg := range lay.panels {
						if pg.seat == seat {
							strip = pg.rect
						}
					}
					if r.X < strip.X-0.5 || r.Y < strip.Y-0.5 || r.X+r.W > strip.X+strip.W+0.5 || r.Y+r.H > strip.Y+strip.H+0.5 {
						t.Errorf("seat %d's line %v leaves its strip %v", seat+1, r, strip)
					}
					if r.Intersect(b).Area() > 0 {
						t.Errorf("seat %d's line %v crosses the map %v", seat+1, r, b)
					}
				}
				if n == 0 {
					t.Error("no strip tells the last move")
				}
				t.Logf("%d of %d playing seats told in their strip", n, len(v.Seats))
			})
		}
	}
}

// TestBannerLeavesTheMap checks that the table's banners (the last round,
// a reshuffle, a market reset) lie off the map: the screen with the banner
// and the same screen without it are the same over the whole board, at
// 1920x1080 and 800x480, with two, four and five seats, with and without
// the last move told beside it; and that every playing seat the table does
// not wait for reads it on its own strip, inside the strip, at the
// smallest text size or larger (whole or short).
func TestBannerLeavesTheMap(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	at := time.Date(2026, 3, 14, 21, 0, 0, 0, time.UTC)
	_, europe := europeInProgress(t, "en")
	five := playView(t, 5, "europe")
	five.Announce = europe.Announce
	five.Announce.Player = 2
	usa := usaScene(t)
	for _, sc := range []struct {
		name  string
		v     input.View
		edges []Edge
	}{
		{"europe-4p", europe, fourEdges},
		{"5p", five, DefaultEdges(5)},
		{"usa-2p", usa, DefaultEdges(2)},
	} {
		for _, key := range []string{"prompt.last_round", "prompt.reshuffle", "prompt.market_reset"} {
			for _, told := range []bool{true, false} {
				for _, size := range [][2]int{{1920, 1080}, {800, 480}} {
					w, h := size[0], size[1]
					t.Run(fmt.Sprintf("%s/%s/told=%v/%dx%d", sc.name, key, told, w, h), func(t *testing.T) {
						v := sc.v
						v.Rev = input.Rev{}
						v.Announce.At = at
						if !told {
							v.Announce.Text = input.Text{}
						}
						v.Banner = input.Text{Key: key, Args: realisticArgs(catalog(t), key, 1)}
						quiet := v
						quiet.Banner = input.Text{}
						later := at.Add(AnnouncePulse + time.Second)
						with := ss.sceneOf(t, w, h, sc.edges, &v, later)
						without := ss.sceneOf(t, w, h, sc.edges, &quiet, later)
						s := ss.get(t, w, h, sc.edges)
						mapUntouched(t, s, with, without, fmt.Sprintf("banner-%s-%dx%d", sc.name, w, h), "the banner")
						onMain(func() { s.Prepare(&v, later) })
						for i := range s.play.panels {
							pg := &s.play.panels[i]
							sv := &v.Seats[pg.seat]
							if !sv.Playing || sv.Current {
								continue
							}
							sl := &s.slots.seats[pg.seat]
							var nb newsGeom
							var ok bool
							onMain(func() {
								nb = s.newsBoxes(&v, msg.EN, pg, sv, sl, s.play.u)
								ok = !nb.text.IsZero() && s.promptFitted(msg.EN, sl, &nb, nb.prompt, nb.oneLine).ok
							})
							if !nb.banner || !ok {
								t.Errorf("seat %d does not read the banner on its strip (%+v)", pg.seat+1, nb)
								continue
							}
							r := pg.screenRect(nb.prompt)
							if r.Intersect(pg.rect).Area() < r.Area()-1 {
								t.Errorf("seat %d's banner %v leaves its strip %v", pg.seat+1, r, pg.rect)
							}
							if nb.shown && nb.news.Intersect(nb.prompt).Area() > 0 {
								t.Errorf("seat %d's banner %v lies over the last move %v", pg.seat+1, nb.prompt, nb.news)
							}
						}
					})
				}
			}
		}
	}
}
