package display

import (
	"fmt"
	"image"
	"testing"
	"time"

	"ttr/display/board"
	"ttr/display/imgtest"
	"ttr/input"
)

// diffIn counts the pixels of r where a and b differ.
func diffIn(a, b *image.RGBA, r board.Rect) int {
	return imgtest.Differing(a, b, image.Rect(int(r.X), int(r.Y), int(r.X+r.W), int(r.Y+r.H)))
}

// TestAnnouncementDrawn draws a View built by hand with an announcement
// and reads the screen back: the line facing every edge where someone
// plays, the announced route pulsing for AnnouncePulse and then still, and
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
	boxes, _, has := s.announceBoxes(&v, s.langOf(&v), s.play)
	for e := Bottom; e <= Right; e++ {
		if !has[e] {
			t.Errorf("no line facing the %v edge", e)
			continue
		}
		r := boxes[e]
		if got := diffIn(before, after, r); float32(got) < r.Area()*0.3 {
			t.Errorf("the line facing %v changes %d of %.0f pixels of its box", e, got, r.Area())
		}
		if f := facing(r, e); f.angle != edgeAngle(e) {
			t.Errorf("the line for %v is turned %v degrees", e, f.angle)
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

// TestAnnouncePlatesKeepClear checks, from the layout, that no
// announcement plate lies over another text: the tunnel's overlay (the
// plate facing the tunnel's player gives way to it), another plate, a
// seat's strip or the market; and that each plate stays on the board and
// is no longer than its words.
func TestAnnouncePlatesKeepClear(t *testing.T) {
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
	type scene struct {
		name  string
		v     input.View
		edges []Edge
	}
	banner := europe
	banner.Banner = input.Text{Key: "prompt.last_round", Args: realisticArgs(catalog(t), "prompt.last_round", 1)}
	scenes := []scene{
		{"europe-4p", europe, fourEdges},
		{"tunnel", tunnel, []Edge{Bottom, Left, Top}},
		{"banner", banner, fourEdges},
	}
	for _, sc := range scenes {
		for _, size := range [][2]int{{800, 480}, {1280, 720}, {1920, 1080}} {
			w, h := size[0], size[1]
			v := sc.v
			ss.shot(t, w, h, sc.edges, &v, at)
			s := ss.get(t, w, h, sc.edges)
			lay := s.play
			boxes, fit, has := s.announceBoxes(&v, s.langOf(&v), lay)
			where := fmt.Sprintf("%s %dx%d", sc.name, w, h)
			var tb board.Rect
			if v.Tunnel != nil {
				var te Edge
				tb, te = s.tunnelBox(&v, lay)
				if has[te] {
					t.Errorf("%s: the plate facing the tunnel's player (%v) is shown", where, te)
				}
			}
			var banners [4]board.Rect
			if !v.Banner.IsZero() {
				var shown [4]bool
				banners, _, _, shown = s.bannerBoxes(&v, s.langOf(&v), lay, v.Banner, input.Text{})
				n := 0
				for e, r := range banners {
					if !shown[e] {
						continue
					}
					n++
					if v.Tunnel != nil && r.Intersect(tb.Inset(-3*lay.u)).Area() > 0 {
						t.Errorf("%s: the banner facing %v crosses the tunnel's overlay", where, Edge(e))
					}
				}
				if n == 0 {
					t.Errorf("%s: no banner shown", where)
				}
			}
			n := 0
			for e := Bottom; e <= Right; e++ {
				if !has[e] {
					continue
				}
				n++
				r := boxes[e]
				if got := r.Intersect(tb.Inset(-3 * lay.u)); got.Area() > 0 {
					t.Errorf("%s: the plate facing %v %v crosses the tunnel's overlay %v", where, e, r, tb)
				}
				for o := Bottom; o <= Right; o++ {
					if r.Intersect(banners[o]).Area() > 0 {
						t.Errorf("%s: the plate facing %v crosses the banner facing %v", where, e, o)
					}
				}
				for o := e + 1; o <= Right; o++ {
					if has[o] && r.Intersect(boxes[o]).Area() > 0 {
						t.Errorf("%s: the plates facing %v and %v cross", where, e, o)
					}
				}
				for i := range lay.panels {
					if r.Intersect(lay.panels[i].rect).Area() > 0 {
						t.Errorf("%s: the plate facing %v crosses seat %d's strip", where, e, lay.panels[i].seat+1)
					}
				}
				if r.Intersect(lay.market.area).Area() > 0 {
					t.Errorf("%s: the plate facing %v crosses the market", where, e)
				}
				if b := s.boardLayout().Board; r.X < b.X || r.Y < b.Y || r.X+r.W > b.X+b.W+0.5 || r.Y+r.H > b.Y+b.H+0.5 {
					t.Errorf("%s: the plate facing %v %v leaves the board %v", where, e, r, b)
				}
				long := max(r.W, r.H)
				if long > fit[e].W+16*lay.u+1 {
					t.Errorf("%s: the plate facing %v is %.0f long, its words at most %.0f", where, e, long, fit[e].W)
				}
			}
			if n == 0 {
				t.Errorf("%s: no plate shown", where)
			}
		}
	}
}
