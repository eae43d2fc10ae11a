package display

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"ttr/hal"
	"ttr/input"
	"ttr/input/inputtest"
)

// touchKey touches key id of seat's panel of a w x h screen showing sc's
// table, where KeyCentres finds it, through the screen's HitTest as the
// table's window does, and feeds the touch to the table.
func touchKey(t *testing.T, sc *game, w, h int, edges []Edge, seat int, id string) {
	t.Helper()
	v := sc.tb.View()
	keys, err := KeyCentres(catalog(t), ScreenOpts{Width: w, Height: h, Seats: edges}, &v, 4) // every 4 px: a key narrower is missed, and fails below
	if err != nil {
		t.Fatal(err)
	}
	touchAt(t, sc, geometryOnly(t, w, h, edges, &v), keys, seat, id)
}

// touchAt touches key id of seat's panel where keys (KeyCentres of the
// View now) has it, through s's HitTest (s a screen of the same size and
// seats at its offset, prepared with the View now), and feeds the touch
// to the table.
func touchAt(t *testing.T, sc *game, s *Screen, keys map[KeyTouch][2]float32, seat int, id string) {
	t.Helper()
	p, ok := keys[KeyTouch{ID: id, Seat: hal.Seat(seat)}]
	if !ok {
		t.Fatalf("%dx%d: no key %q on seat %d's panel; keys %v", s.opts.Width, s.opts.Height, id, seat+1, keys)
	}
	touch := s.HitTest(p[0]+float32(s.opts.X), p[1]+float32(s.opts.Y), sc.at())
	if touch.Kind != hal.ScreenKey || touch.ID != id || int(touch.Seat) != seat {
		t.Fatalf("touch at %v: %+v, want key %q of seat %d", p, touch, id, seat+1)
	}
	sc.do(touch, false)
}

// TestNameKeyboard opens the name keyboard on two seats' panels (facing
// the bottom and the left edge) through the Name key, checks that every key
// of the language's keyboard can be touched there and nothing else of the
// start panel, types a name key by key, and draws it (every text must fit),
// at 800x480, 1280x720 and (in English) 1920x1080.
func TestNameKeyboard(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	for _, lang := range []string{"en", "es", "ro"} {
		for _, size := range [][2]int{{800, 480}, {1280, 720}, {1920, 1080}} {
			w, h := size[0], size[1]
			if lang != "en" && w > 1280 {
				// Each language's letters at the two smaller sizes, where
				// the keys are smallest; the largest screen lays the same
				// keyboard out larger, checked in English.
				continue
			}
			t.Run(fmt.Sprintf("%s-%dx%d", lang, w, h), func(t *testing.T) {
				sc := newScene(t, 4, "europe", lang, 1)
				touchKey(t, sc, w, h, fourEdges, 0, input.KeyName)
				touchKey(t, sc, w, h, fourEdges, 1, input.KeyName)
				v := sc.tb.View()
				if !v.Seats[0].Typing || !v.Seats[1].Typing || v.Seats[2].Typing {
					t.Fatalf("typing %v %v %v, want the keyboards of seats 1 and 2 open", v.Seats[0].Typing, v.Seats[1].Typing, v.Seats[2].Typing)
				}
				keys, err := KeyCentres(catalog(t), ScreenOpts{Width: w, Height: h, Seats: fourEdges}, &v, 2)
				if err != nil {
					t.Fatal(err)
				}
				var want []string
				for _, row := range input.KeyboardRows(lang) {
					for _, l := range row {
						want = append(want, input.KeyType+string(l))
					}
				}
				want = append(want, input.KeyType+input.TypeBack, input.KeyType+input.TypeDone, input.KeyType+input.TypeSpace)
				slices.Sort(want)
				for _, seat := range []hal.Seat{0, 1} {
					var got []string
					for k := range keys {
						if k.Seat == seat {
							got = append(got, k.ID)
						}
					}
					slices.Sort(got)
					if !slices.Equal(got, want) {
						t.Errorf("seat %d's keys %q, want the keyboard's %q", seat+1, got, want)
					}
				}
				if _, ok := keys[KeyTouch{ID: input.KeyName, Seat: 2}]; !ok {
					t.Errorf("seat 3 (keyboard closed) has no Name key")
				}
				// Typing: each letter touched where the keyboard was found
				// open, through a screen taking in each View as it comes
				// (the keys must not move while a name is typed: checked
				// after the name is typed).
				gs := geometryOnly(t, w, h, fourEdges, &v)
				typeKey := func(seat int, id string) {
					t.Helper()
					v := sc.tb.View()
					gs.prepare(&v)
					touchAt(t, sc, gs, keys, seat, id)
				}
				for _, l := range "ANA" {
					typeKey(1, input.KeyType+string(l))
				}
				typeKey(1, input.KeyType+input.TypeSpace)
				last := []rune(input.KeyboardRows(lang)[2])
				typeKey(1, input.KeyType+string(last[len(last)-1]))
				typeKey(1, input.KeyType+input.TypeBack)
				typeKey(1, input.KeyType+"B")
				typeKey(0, input.KeyType+"Q")
				v = sc.tb.View()
				typed, err := KeyCentres(catalog(t), ScreenOpts{Width: w, Height: h, Seats: fourEdges}, &v, 2)
				if err != nil {
					t.Fatal(err)
				}
				for k, p := range keys {
					if q, ok := typed[k]; k.Seat <= 1 && (!ok || q != p) {
						t.Errorf("seat %d's key %q moved from %v to %v (shown %v) as the name was typed", k.Seat+1, k.ID, p, q, ok)
					}
				}
				if n := v.Seats[1].Name; n.Key != "player.name" || n.Args["Name"] != "Ana B" {
					t.Errorf("seat 2 is called %v, want Ana B", n)
				}
				// Recording the screen fails on every word that does not fit.
				named := ss.sceneOf(t, w, h, fourEdges, &v, sc.now)
				if w == 1280 {
					compareText(t, "keyboard-"+lang+"-typed-1280x720", named)
				}
				if dir := os.Getenv("TTR_SHOTS"); dir != "" {
					writePNG(t, filepath.Join(dir, fmt.Sprintf("keyboard-%s-%dx%d.png", lang, w, h)), ss.shot(t, w, h, fourEdges, &v, sc.now))
				}
				gs.prepare(&v)
				touchAt(t, sc, gs, typed, 1, input.KeyType+input.TypeDone)
				v = sc.tb.View()
				if v.Seats[1].Typing {
					t.Error("OK left the keyboard open")
				}
				ss.sceneOf(t, w, h, fourEdges, &v, sc.now.Add(time.Minute))
				if dir := os.Getenv("TTR_SHOTS"); dir != "" {
					writePNG(t, filepath.Join(dir, fmt.Sprintf("named-%s-%dx%d.png", lang, w, h)), ss.shot(t, w, h, fourEdges, &v, sc.now.Add(time.Minute)))
				}
			})
		}
	}
}

// TestNameKeyOnEveryPanel: on a five-seat table, where two panels share an
// edge and have no room after the colours, every seat still has a Name key
// it can touch, its word fits, and the longest names fit beside it.
func TestNameKeyOnEveryPanel(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	names := []string{"Wwwwwwwwwwww", "Ana María Gó", "Maximilianoo", "Ștefănescuță", "Mmmmmmmmmmmm"}
	for _, size := range [][2]int{{800, 480}, {1280, 720}} {
		w, h := size[0], size[1]
		for _, lang := range []string{"en", "es", "ro"} {
			tb, err := input.NewTable(input.Opts{Seats: 5, Map: "europe", Lang: lang, Resolve: inputtest.Resolve, Names: names})
			if err != nil {
				t.Fatal(err)
			}
			v := tb.View()
			keys, err := KeyCentres(catalog(t), ScreenOpts{Width: w, Height: h, Seats: DefaultEdges(5)}, &v, 4) // every 4 px, as touchKey: a key narrower is missed
			if err != nil {
				t.Fatal(err)
			}
			for seat := range hal.Seat(5) {
				if _, ok := keys[KeyTouch{ID: input.KeyName, Seat: seat}]; !ok {
					t.Errorf("%s %dx%d: seat %d has no Name key to touch", lang, w, h, seat+1)
				}
			}
			ss.sceneOf(t, w, h, DefaultEdges(5), &v, time.Date(2026, 3, 14, 19, 30, 0, 0, time.UTC))
		}
	}
}
