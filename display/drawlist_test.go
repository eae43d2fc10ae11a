package display

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"ttr/display/scene"
	"ttr/hal"
	"ttr/input"
)

// sceneOf records v at now on a w x h screen with seats facing edges, and
// fails the test for every text that did not fit its box.
func (ss screens) sceneOf(t *testing.T, w, h int, edges []Edge, v *input.View, now time.Time) *scene.Scene {
	t.Helper()
	s := ss.get(t, w, h, edges)
	var sc *scene.Scene
	onMain(func() {
		s.fonts.misfits = s.fonts.misfits[:0]
		sc = s.Scene(v, now, nil)
		for _, o := range s.fonts.misfits {
			t.Errorf("text does not fit its box: %s", o)
		}
	})
	return sc
}

// compareText checks got against testdata/scene/name.txt, the draw list
// golden; with -update it rewrites the golden. A difference is reported
// at its first line, with the golden's and the new list's lines.
func compareText(t *testing.T, name string, got *scene.Scene) {
	t.Helper()
	path := filepath.Join("testdata", "scene", name+".txt")
	text := got.String()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden %s: %v (run the tests with -update to create it)", path, err)
	}
	if text == string(want) {
		return
	}
	gl, wl := strings.Split(text, "\n"), strings.Split(string(want), "\n")
	for i := 0; i < max(len(gl), len(wl)); i++ {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			out := filepath.Join(os.TempDir(), name+".got.txt")
			os.WriteFile(out, []byte(text), 0o644)
			t.Fatalf("%s: line %d is\n\t%s\nwant\n\t%s\n(%d lines, golden %d; whole list in %s)", path, i+1, g, w, len(gl), len(wl), out)
		}
	}
}

// sceneCases are the screens the draw list goldens hold: every screen the
// table shows (start, play on both maps with two to five seats, tunnel,
// refusal and end in each language, breakdowns, the name keyboard in each
// language), at the sizes the table is made for.
func sceneCases() []sceneCase {
	base := time.Date(2026, 3, 14, 21, 0, 0, 0, time.UTC)
	at := func(f func(t *testing.T) input.View) func(t *testing.T) (input.View, time.Time) {
		return func(t *testing.T) (input.View, time.Time) { return f(t), base }
	}
	europe := at(func(t *testing.T) input.View {
		_, v := europeInProgress(t, "en")
		return v
	})
	cases := []sceneCase{
		{"start-1280x720", 1280, 720, fourEdges, startScene},
		{"play-europe-4p-1920x1080", 1920, 1080, fourEdges, europe},
		{"play-europe-4p-800x480", 800, 480, fourEdges, europe},
		{"play-europe-5p-es-1920x1080", 1920, 1080, DefaultEdges(5), at(func(t *testing.T) input.View {
			sc := newScene(t, 5, "europe", "es", 4)
			sc.start(0)
			sc.turns(120)
			return sc.tb.View()
		})},
		{"play-usa-2p-1280x720", 1280, 720, []Edge{Bottom, Top}, at(usaScene)},
		{"tunnel-1280x720", 1280, 720, []Edge{Bottom, Left, Top}, at(tunnelScene)},
		{"breakdowns-1920x1080", 1920, 1080, DefaultEdges(3), at(func(t *testing.T) input.View {
			_, open := endSceneOf(t, 3)
			return open
		})},
		// A strip's tools and pages (strip_test.go).
		{"strip-help-ro-800x480", 800, 480, fourEdges, stripView("help", "ro")},
		{"strip-undo-en-1920x1080", 1920, 1080, fourEdges, stripView("undo", "en")},
		{"strip-moves-es-1280x720", 1280, 720, fourEdges, stripView("moves", "es")},
		{"keyboard-1280x720", 1280, 720, fourEdges, func(t *testing.T) (input.View, time.Time) {
			sc := newScene(t, 4, "europe", "es", 1)
			sc.key(0, input.KeyName)
			sc.key(1, input.KeyName)
			for _, l := range "ANA" {
				sc.key(0, input.KeyType+string(l))
			}
			return sc.tb.View(), sc.now
		}},
	}
	for _, lang := range []string{"en", "es", "ro"} {
		cases = append(cases,
			sceneCase{"refusal-" + lang + "-800x480", 800, 480, DefaultEdges(5), func(t *testing.T) (input.View, time.Time) { return refusalScene(t, lang) }},
			sceneCase{"end-" + lang + "-1280x720", 1280, 720, fourEdges, at(func(t *testing.T) input.View { return endScene(t, lang) })})
	}
	for i := range cases {
		cases[i].view = sceneViewOnce(cases[i].name, cases[i].view)
	}
	return cases
}

// sceneViews are the Views of the sceneCases made so far, by name: three
// tests draw every case, and most cases are games played some way in.
var sceneViews = struct {
	sync.Mutex
	made map[string]sceneView
}{made: map[string]sceneView{}}

type sceneView struct {
	v   input.View
	now time.Time
}

// sceneViewOnce returns view made once for the case name: the View is
// only read by the screens that draw it.
func sceneViewOnce(name string, view func(t *testing.T) (input.View, time.Time)) func(t *testing.T) (input.View, time.Time) {
	return func(t *testing.T) (input.View, time.Time) {
		sceneViews.Lock()
		defer sceneViews.Unlock()
		if sv, ok := sceneViews.made[name]; ok {
			return sv.v, sv.now
		}
		v, now := view(t)
		sceneViews.made[name] = sceneView{v, now}
		return v, now
	}
}

// A sceneCase is a screen of the table: a View at a moment, drawn on a
// w x h screen with seats facing edges.
type sceneCase struct {
	name  string
	w, h  int
	edges []Edge
	view  func(t *testing.T) (input.View, time.Time)
}

// TestSceneGolden compares each screen's draw list with its text golden
// in testdata/scene (rewritten with -update and reviewed as a diff): a
// change to what any screen draws, or where, shows as changed lines.
func TestSceneGolden(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	for _, tc := range sceneCases() {
		t.Run(tc.name, func(t *testing.T) {
			v, now := tc.view(t)
			compareText(t, tc.name, ss.sceneOf(t, tc.w, tc.h, tc.edges, &v, now))
		})
	}
}

// TestSceneKeysAreWhereTouchesLand touches the middle of every on-screen
// key a screen's scene draws, and finds HitTest gives that key (its id and
// seat): the scene's keys are the keys a finger presses.
func TestSceneKeysAreWhereTouchesLand(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	for _, tc := range sceneCases() {
		t.Run(tc.name, func(t *testing.T) {
			v, now := tc.view(t)
			sc := ss.sceneOf(t, tc.w, tc.h, tc.edges, &v, now)
			s := ss.get(t, tc.w, tc.h, tc.edges)
			n := 0
			for _, k := range sc.Keys() {
				if !k.IsKey() {
					continue
				}
				n++
				b, _ := sc.Bounds(k)
				c := b.Center()
				got := s.HitTest(c.X, c.Y, now)
				want := hal.Seat(-1)
				if k.Part.OnSeat() {
					want = hal.Seat(k.Seat)
				}
				if got.Kind != hal.ScreenKey || got.ID != k.ID() || got.Seat != want {
					t.Errorf("a touch at %v, the middle of %v: %v %q seat %d, want %q seat %d", c, k, got.Kind, got.ID, got.Seat, k.ID(), want)
				}
			}
			if n == 0 {
				t.Errorf("no on-screen key in the scene")
			}
		})
	}
}

// TestSceneLeavesTheFrameAlone draws a frame, records the scene, and draws
// the frame again: the two frames are the same pixels (recording draws
// nothing and leaves no state behind), and the scene holds something.
func TestSceneLeavesTheFrameAlone(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	_, v := europeInProgress(t, "en")
	now := time.Date(2026, 3, 14, 21, 0, 0, 0, time.UTC)
	s := ss.get(t, 1280, 720, fourEdges)
	before := picture(t, s, 1280, 720, &v, now, true)
	var sc *scene.Scene
	onMain(func() { sc = s.Scene(&v, now, nil) })
	after := picture(t, s, 1280, 720, &v, now, true)
	if d := differing(before, after); d != 0 {
		t.Errorf("%d pixels differ after recording a scene", d)
	}
	if len(sc.Items) < 1000 {
		t.Errorf("the scene holds %d items, want a whole screen's", len(sc.Items))
	}
	var b bytes.Buffer
	if err := sc.WriteText(&b); err != nil || !strings.HasPrefix(b.String(), fmt.Sprintf("scene %dx%d\n", 1280, 720)) {
		t.Errorf("WriteText: %v, %.40q", err, b.String())
	}
}

// TestNextGameShowsNoneOfTheLast draws a game's end screen and then, on
// the same screen, the start screen of the next: nothing of the last game
// (its tickets drawn across the board, its markers) is on the start
// screen.
func TestNextGameShowsNoneOfTheLast(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	end := endScene(t, "en")
	start, at := startScene(t)
	ss.sceneOf(t, 1280, 720, fourEdges, &end, at)
	sc := ss.sceneOf(t, 1280, 720, fourEdges, &start, at)
	for _, k := range sc.Keys() {
		if k.Part == scene.Ticket || k.Part == scene.Marker {
			t.Errorf("the start screen draws %v, left from the game before", k)
		}
	}
}
