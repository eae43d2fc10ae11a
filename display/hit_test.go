package display

import (
	"fmt"
	"testing"
	"time"

	"ttr/display/board"
	"ttr/hal"
	"ttr/input"
)

// geometryOnly returns a Screen without GPU resources, for hit-testing
// without drawing, with v taken in as Draw would.
func geometryOnly(t *testing.T, w, h int, edges []Edge, v *input.View) *Screen {
	t.Helper()
	s, err := newScreen(catalog(t), ScreenOpts{X: 10, Y: 20, Width: w, Height: h, Seats: edges})
	if err != nil {
		t.Fatal(err)
	}
	s.prepare(v)
	return s
}

var sizes = [][2]int{{800, 480}, {1920, 1080}}

// playView is a game in play with the given seats, every seat playing,
// the seat to move holding Confirm and Cancel.
func playView(t *testing.T, seats int, mapID string) input.View {
	sc := newScene(t, seats, mapID, "en", 2)
	sc.start(0)
	sc.turns(3)
	return sc.tb.View()
}

func TestHitTestPanelKeys(t *testing.T) {
	t.Parallel()
	for _, size := range sizes {
		for _, edges := range [][]Edge{fourEdges, DefaultEdges(5), DefaultEdges(2), {Left, Right, Top}} {
			name := fmt.Sprintf("%dx%d/%v", size[0], size[1], edges)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				v := playView(t, len(edges), "europe")
				s := geometryOnly(t, size[0], size[1], edges, &v)
				cur := currentSeat(&v)
				if cur < 0 {
					t.Fatalf("no seat to move")
				}
				for _, pg := range s.play.panels {
					for _, k := range []struct {
						id string
						r  board.Rect
					}{{input.KeyConfirm, pg.confirm}, {input.KeyCancel, pg.cancel}} {
						p := pg.toScreen(k.r.Center())
						got := s.HitTest(p.X, p.Y, time.Time{})
						want := hal.Touch{X: p.X, Y: p.Y, Kind: hal.ScreenKey, ID: k.id, Seat: hal.Seat(pg.seat)}
						if pg.seat != cur {
							// Not shown: Undo for the player who may take
							// their move back, the tools where they have
							// the keys' place (tools.go), else the panel
							// itself, for its seat.
							switch {
							case undoOffered(&v, &v.Seats[pg.seat]):
								want.ID = input.KeyUndo
							case pg.toolsInKeys && k.id == input.KeyConfirm:
								want.ID = input.KeyHelp
							case pg.toolsInKeys:
								want.ID = input.KeyMoves
							default:
								want = hal.Touch{X: p.X, Y: p.Y, Kind: hal.Nothing, Seat: hal.Seat(pg.seat)}
							}
						}
						if got != want {
							t.Errorf("seat %d (%v) %s at %v: got %+v, want %+v", pg.seat, pg.edge, k.id, p, got, want)
						}
					}
				}
			})
		}
	}
}

// TestPanelsFaceTheirSeats checks each panel's frame: it lies along its
// seat's edge of the screen, its local "down" points at that edge (text
// reads upright from the seat), and no two panels, the board or the market
// overlap.
func TestPanelsFaceTheirSeats(t *testing.T) {
	t.Parallel()
	down := map[Edge]board.Vec{Bottom: {Y: 1}, Top: {Y: -1}, Left: {X: -1}, Right: {X: 1}}
	for _, size := range sizes {
		for n := 2; n <= 5; n++ {
			edges := DefaultEdges(n)
			t.Run(fmt.Sprintf("%dx%d/%d", size[0], size[1], n), func(t *testing.T) {
				t.Parallel()
				area := board.Rect{X: 10, Y: 20, W: float32(size[0]), H: float32(size[1])}
				for _, end := range []bool{false, true} {
					l := newScreenLayout(area, edges, 1.5, end)
					for _, p := range l.panels {
						if p.uy != down[p.edge] {
							t.Errorf("seat %d on %v: local down %v, want %v", p.seat, p.edge, p.uy, down[p.edge])
						}
						far := p.toScreen(board.Vec{X: p.w / 2, Y: p.d})
						var dist float32
						switch p.edge {
						case Bottom:
							dist = area.Y + area.H - far.Y
						case Top:
							dist = far.Y - area.Y
						case Left:
							dist = far.X - area.X
						case Right:
							dist = area.X + area.W - far.X
						}
						if dist < 0 || dist > 4*l.u {
							t.Errorf("seat %d on %v: its near side is %.1f px from the edge", p.seat, p.edge, dist)
						}
						if p.rect.Intersect(area).Area() < p.rect.Area()*0.999 {
							t.Errorf("seat %d: panel %v leaves the screen %v", p.seat, p.rect, area)
						}
						for _, q := range l.panels {
							if q.seat > p.seat && p.rect.Intersect(q.rect).Area() > 0 {
								t.Errorf("panels of seats %d and %d overlap", p.seat, q.seat)
							}
						}
						if p.rect.Intersect(l.board).Area() > 0 || p.rect.Intersect(l.market.area).Area() > 0 {
							t.Errorf("seat %d: panel overlaps the board or the market", p.seat)
						}
						// The parts of the panel stay inside it and apart.
						full := board.Rect{W: p.w, H: p.d}
						for name, r := range map[string]board.Rect{"name": p.name, "score": p.score, "message": p.message, "confirm": p.confirm, "cancel": p.cancel, "stats": p.stats, "rank": p.rank, "lines": p.lines, "new game": p.newGame} {
							if r.W < 0 || r.H < 0 || (r.Area() > 0 && r.Intersect(full).Area() < r.Area()*0.999) {
								t.Errorf("seat %d: %s %v outside the panel %v", p.seat, name, r, full)
							}
						}
						if !end && p.message.Intersect(p.confirm).Area() > 0 {
							t.Errorf("seat %d: the message runs under the keys", p.seat)
						}
						if end {
							for _, q := range []board.Rect{p.name, p.score, p.lines, p.newGame} {
								if q.Intersect(p.rank).Area() > 0 {
									t.Errorf("seat %d: the ranking %v runs over %v", p.seat, p.rank, q)
								}
							}
							if p.lines.Intersect(p.newGame).Area() > 0 {
								t.Errorf("seat %d: the lines %v run under New game %v", p.seat, p.lines, p.newGame)
							}
							if c := rankChip(p.rank, n, n-1, l.u); c.W < 40*l.u || c.H < rankRowMin*l.u-0.5 || !p.rank.Inset(-0.5).Contains(board.Vec{X: c.X + c.W, Y: c.Y + c.H}) {
								t.Errorf("seat %d: ranking %v too small for %d players (a chip %v)", p.seat, p.rank, n, c)
							}
						}
						if p.message.H < 2*minText*l.u*lineSpacing {
							t.Errorf("seat %d: message %.0f px high, not two lines", p.seat, p.message.H)
						}
					}
					if !end && l.board.Intersect(l.market.area).Area() > 0 {
						t.Errorf("board %v and market %v overlap", l.board, l.market.area)
					}
				}
			})
		}
	}
}

func TestHitTestMarketAndBoard(t *testing.T) {
	t.Parallel()
	for _, size := range sizes {
		for _, mapID := range []string{"europe", "usa"} {
			t.Run(fmt.Sprintf("%dx%d/%s", size[0], size[1], mapID), func(t *testing.T) {
				t.Parallel()
				v := playView(t, 4, mapID)
				s := geometryOnly(t, size[0], size[1], fourEdges, &v)
				mk := &s.play.market
				for i, r := range mk.slots {
					c := r.Center()
					got := s.HitTest(c.X, c.Y, time.Time{})
					if got.Kind != hal.MarketSlot || got.Index != i || got.Seat != -1 {
						t.Errorf("slot %d: got %+v", i, got)
					}
				}
				for _, tc := range []struct {
					r    board.Rect
					want hal.TargetKind
				}{{mk.deck, hal.DeckArea}, {mk.tickets, hal.TicketDeck}, {mk.discards, hal.Nothing}} {
					c := tc.r.Center()
					if got := s.HitTest(c.X, c.Y, time.Time{}); got.Kind != tc.want {
						t.Errorf("%v at %v: got %v, want %v", tc.r, c, got.Kind, tc.want)
					}
				}
				bl := s.boardLayout()
				m := v.Map
				for i, rs := range bl.Routes {
					c := rs.Cars[len(rs.Cars)/2].Center
					got := s.HitTest(c.X, c.Y, time.Time{})
					if got.Kind != hal.RouteArea || got.ID != m.Routes[i].ID || got.Index != i {
						t.Errorf("middle car of %s: got %+v", m.Routes[i].ID, got)
					}
				}
				for i, cs := range bl.Cities {
					got := s.HitTest(cs.Center.X, cs.Center.Y, time.Time{})
					if got.Kind != hal.CityArea || got.ID != m.Cities[i].ID {
						t.Errorf("city %s: got %+v", m.Cities[i].ID, got)
					}
				}
				// The table around everything is nothing.
				corner := s.play.centre.Inset(gap * s.play.u)
				if got := s.HitTest(corner.X, corner.Y, time.Time{}); got.Kind != hal.Nothing || got.Seat != -1 {
					t.Errorf("corner of the middle: got %+v", got)
				}
			})
		}
	}
}

func TestHitTestStartAndEnd(t *testing.T) {
	t.Parallel()
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			v, _ := startScene(t)
			s := geometryOnly(t, size[0], size[1], fourEdges, &v)
			if len(s.start.keys) != len(v.Start.Langs)+len(v.Start.Maps)+2 {
				t.Fatalf("%d start keys, want %d", len(s.start.keys), len(v.Start.Langs)+len(v.Start.Maps)+2)
			}
			want := []string{}
			for _, l := range v.Start.Langs {
				want = append(want, input.KeyLang+l)
			}
			for _, m := range v.Start.Maps {
				want = append(want, input.KeyMap+m)
			}
			want = append(want, input.KeyFirstGame, input.KeyStart)
			for i, k := range s.start.keys {
				c := k.r.Center()
				got := s.HitTest(c.X, c.Y, time.Time{})
				if got.Kind != hal.ScreenKey || got.ID != want[i] || got.Seat != -1 {
					t.Errorf("start key %d: got %+v, want %s", i, got, want[i])
				}
			}
			for _, pg := range s.play.panels {
				sv := v.Seats[pg.seat]
				check := func(r board.Rect, id string, shown bool) {
					t.Helper()
					c := pg.toScreen(r.Center())
					got := s.HitTest(c.X, c.Y, time.Time{})
					if !shown {
						id = ""
					}
					kind := hal.ScreenKey
					if id == "" {
						kind = hal.Nothing
					}
					if got.Kind != kind || got.ID != id || got.Seat != hal.Seat(pg.seat) {
						t.Errorf("seat %d (%v): got %+v, want %s", pg.seat, pg.edge, got, id)
					}
				}
				check(pg.join, input.KeyJoin, true)
				check(pg.first, input.KeyFirst, sv.Playing)
				for c := range pg.colors {
					check(pg.colors[c], input.KeyColor+input.Color(c).String(), sv.Playing)
				}
			}
			ev := endScene(t, "en")
			s.prepare(&ev)
			var k board.Vec
			for _, pg := range s.end.panels {
				if pg.newGame.W > 0 {
					k = pg.toScreen(pg.newGame.Center())
				}
			}
			if got := s.HitTest(k.X, k.Y, time.Time{}); got.Kind != hal.ScreenKey || got.ID != input.KeyNewGame {
				t.Errorf("New game: got %+v", got)
			}
			// The end screen has no market.
			c := s.play.market.slots[0].Center()
			if got := s.HitTest(c.X, c.Y, time.Time{}); got.Kind == hal.MarketSlot {
				t.Errorf("end screen: market slot hit %+v", got)
			}
		})
	}
}
