package board

import (
	"testing"

	"ttr/maps"
)

// TestHitTouches walks through touches a player makes, on both maps and at
// every screen size.
func TestHitTouches(t *testing.T) {
	type touch struct {
		name string
		at   func(l *Layout) Vec
		want func(m *maps.Map) Hit
	}
	route := func(id string) func(m *maps.Map) Hit {
		return func(m *maps.Map) Hit { i, _ := m.Route(id); return Hit{HitRoute, i} }
	}
	city := func(id string) func(m *maps.Map) Hit {
		return func(m *maps.Map) Hit { i, _ := m.City(id); return Hit{HitCity, i} }
	}
	none := func(*maps.Map) Hit { return Hit{} }
	// car returns a point on a route's car space k (-1: the middle one),
	// moved across the route by `across` car widths (+ is the lane's side).
	car := func(id string, k int, along, across float32) func(l *Layout) Vec {
		return func(l *Layout) Vec {
			i, _ := l.Map.Route(id)
			cars := l.Routes[i].Cars
			if k < 0 {
				k = len(cars) / 2
			}
			c := cars[k]
			return c.Center.Add(c.Dir.Scale(along * c.Length)).Add(c.Dir.Perp().Scale(across * c.Width))
		}
	}
	// towards returns a point on the double route's lane id, offset from
	// the line between the two lanes by frac of the way to id's centre.
	between := func(id, twin string, frac float32) func(l *Layout) Vec {
		return func(l *Layout) Vec {
			i, _ := l.Map.Route(id)
			j, _ := l.Map.Route(twin)
			a := l.Routes[i].Cars[0].Center
			b := l.Routes[j].Cars[0].Center
			return b.Lerp(a, 0.5+frac/2)
		}
	}
	cityAt := func(id string, dx, dy float32) func(l *Layout) Vec {
		return func(l *Layout) Vec {
			i, _ := l.Map.City(id)
			return l.Cities[i].Center.Add(Vec{dx * l.CityRadius, dy * l.CityRadius})
		}
	}
	label := func(id string) func(l *Layout) Vec {
		return func(l *Layout) Vec { i, _ := l.Map.City(id); return l.Cities[i].Label.Center() }
	}
	tests := map[string][]touch{
		"europe": {
			{"middle of a car of Paris-Zürich", car("paris--zurich--1", -1, 0, 0), route("paris--zurich--1")},
			{"end of a car of Paris-Zürich", car("paris--zurich--1", 0, -0.45, 0.3), route("paris--zurich--1")},
			{"just beside a car of Paris-Zürich", car("paris--zurich--1", 1, 0, 0.8), route("paris--zurich--1")},
			{"a ferry's locomotive space", car("dieppe--london--1", 1, 0, 0), route("dieppe--london--1")},
			{"a tunnel car", car("petrograd--stockholm--1", 4, 0.2, -0.2), route("petrograd--stockholm--1")},
			{"double Berlin-Frankfurt, first lane", car("berlin--frankfurt--1", -1, 0, 0), route("berlin--frankfurt--1")},
			{"double Berlin-Frankfurt, second lane", car("berlin--frankfurt--2", -1, 0, 0), route("berlin--frankfurt--2")},
			{"between the Berlin-Frankfurt lanes, nearer the first", between("berlin--frankfurt--1", "berlin--frankfurt--2", 0.3), route("berlin--frankfurt--1")},
			{"between the Berlin-Frankfurt lanes, nearer the second", between("berlin--frankfurt--2", "berlin--frankfurt--1", 0.3), route("berlin--frankfurt--2")},
			{"outside the Madrid-Pamplona double, first lane's side", between("madrid--pamplona--1", "madrid--pamplona--2", 1.4), route("madrid--pamplona--1")},
			{"outside the Madrid-Pamplona double, second lane's side", between("madrid--pamplona--2", "madrid--pamplona--1", 1.4), route("madrid--pamplona--2")},
			{"centre of Paris", cityAt("paris", 0, 0), city("paris")},
			{"edge of København", cityAt("kobenhavn", 0.7, -0.7), city("kobenhavn")},
			{"name of München", label("munchen"), city("munchen")},
			{"name of Constantinople", label("constantinople"), city("constantinople")},
			{"open sea west of Brest", func(l *Layout) Vec {
				i, _ := l.Map.City("brest")
				return l.Cities[i].Center.Add(Vec{-l.Scale * 150, l.Scale * 150})
			}, none},
			{"outside the board", func(l *Layout) Vec { return Vec{l.Area.X - 5, l.Area.Y - 5} }, none},
		},
		"usa": {
			{"middle of a car of Denver-Kansas City (2nd lane)", car("denver--kansas-city--2", -1, 0, 0), route("denver--kansas-city--2")},
			{"between the Denver-Kansas City lanes, nearer the first", between("denver--kansas-city--1", "denver--kansas-city--2", 0.25), route("denver--kansas-city--1")},
			{"a gray one-car route", car("dallas--houston--1", 0, 0, 0), route("dallas--houston--1")},
			{"centre of Santa Fe", cityAt("santa-fe", 0, 0), city("santa-fe")},
			{"name of Sault St. Marie", label("sault-st-marie"), city("sault-st-marie")},
			{"Pacific Ocean", func(l *Layout) Vec {
				i, _ := l.Map.City("san-francisco")
				return l.Cities[i].Center.Add(Vec{-l.Scale * 60, l.Scale * 100})
			}, none},
		},
	}
	for _, m := range loadMaps(t) {
		for _, s := range screens {
			l := New(m, s.area, DefaultOpts())
			for _, tc := range tests[m.ID] {
				t.Run(m.ID+"/"+s.name+"/"+tc.name, func(t *testing.T) {
					p := tc.at(l)
					if got, want := l.HitTest(p), tc.want(m); got != want {
						t.Errorf("touch at %v: got %s, want %s", p, describe(m, got), describe(m, want))
					}
				})
			}
		}
	}
}

func describe(m *maps.Map, h Hit) string {
	switch h.Kind {
	case HitRoute:
		return "route " + m.Routes[h.Index].ID
	case HitCity:
		return "city " + m.Cities[h.Index].ID
	}
	return "nothing"
}

// TestHitEveryCar touches the centre of every car space and every city on
// both maps at every size: each must find its own route or city.
func TestHitEveryCar(t *testing.T) {
	eachLayout(t, func(t *testing.T, l *Layout) {
		for i := range l.Routes {
			for k, c := range l.Routes[i].Cars {
				if got := l.HitTest(c.Center); got != (Hit{HitRoute, i}) {
					t.Errorf("car %d of %s: got %s", k, l.Map.Routes[i].ID, describe(l.Map, got))
				}
			}
		}
		for i, c := range l.Cities {
			if got := l.HitTest(c.Center); got != (Hit{HitCity, i}) {
				t.Errorf("city %s: got %s", l.Map.Cities[i].ID, describe(l.Map, got))
			}
		}
	})
}

// TestHitNearest sweeps a grid over the board and checks every answer
// against the rule: a hit is within the tolerance of what it names, and
// nothing else is strictly nearer; no hit means nothing is within the
// tolerance (names aside).
func TestHitNearest(t *testing.T) {
	eachLayout(t, func(t *testing.T, l *Layout) {
		step := l.Board.W / 50
		for y := l.Board.Y; y < l.Board.Y+l.Board.H; y += step {
			for x := l.Board.X; x < l.Board.X+l.Board.W; x += step {
				p := Vec{x, y}
				got := l.HitTest(p)
				nearest, nd := Hit{}, float32(1e9)
				cityD := make([]float32, len(l.Cities))
				routeD := make([]float32, len(l.Routes))
				for i, c := range l.Cities {
					cityD[i] = max(0, c.Center.Sub(p).Len()-l.CityRadius)
					if cityD[i] < nd {
						nearest, nd = Hit{HitCity, i}, cityD[i]
					}
				}
				for i := range l.Routes {
					routeD[i] = 1e9
					for _, c := range l.Routes[i].Cars {
						routeD[i] = min(routeD[i], c.Body.Dist(p))
					}
					if routeD[i] < nd {
						nearest, nd = Hit{HitRoute, i}, routeD[i]
					}
				}
				dist := func(h Hit) float32 {
					if h.Kind == HitCity {
						return cityD[h.Index]
					}
					return routeD[h.Index]
				}
				onLabel := false
				for _, c := range l.Cities {
					onLabel = onLabel || c.Label.Contains(p)
				}
				switch {
				case got.Kind == HitNone:
					if nd <= l.Tolerance {
						t.Fatalf("touch at %v: got nothing, but %s is %.1f px away (tolerance %.1f)", p, describe(l.Map, nearest), nd, l.Tolerance)
					}
				case dist(got) > 0 && onLabel && got.Kind == HitCity:
					// A name takes the touch when nothing is right under it.
				case dist(got) > l.Tolerance:
					t.Fatalf("touch at %v: got %s, %.1f px away (tolerance %.1f)", p, describe(l.Map, got), dist(got), l.Tolerance)
				case nd < dist(got):
					t.Fatalf("touch at %v: got %s at %.1f px, but %s is nearer at %.1f px", p, describe(l.Map, got), dist(got), describe(l.Map, nearest), nd)
				}
			}
		}
	})
}

func BenchmarkHitTest(b *testing.B) {
	m, err := maps.Load("europe")
	if err != nil {
		b.Fatal(err)
	}
	l := New(m, screens[2].area, DefaultOpts())
	p := l.Board.Center()
	b.ReportAllocs()
	for b.Loop() {
		l.HitTest(p)
	}
}

func BenchmarkNewLayout(b *testing.B) {
	m, err := maps.Load("europe")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		New(m, screens[2].area, DefaultOpts())
	}
}
