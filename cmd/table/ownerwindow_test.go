package main

import (
	"fmt"
	"image"
	"image/png"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/cmd/table/app"
	"ttr/cmd/table/owner"
	"ttr/display"
	"ttr/display/scene"
	"ttr/hal"
	"ttr/hal/registry"
	"ttr/input"
	"ttr/maps"
)

// windowRig is the owner's rig (the table's loop, its door, fake readers
// and buttons) drawing in the table's real window (openWindow): each
// frame is drawn by display.Screen as on the table, and recorded as a
// scene when a step reads it; the script's touches are where a finger
// lands on what was drawn, resolved by the screen's own HitTest, as the
// window's touches are. Scans and presses reach the loop as the devices'
// events do.
type windowRig struct {
	*ownerRig
	win *window
	v   *input.View // the last frame's
	sc  *scene.Scene
	rec bool // sc is the last frame's
	now time.Time
}

// openWindowRig opens the rig in a window of the config's screen, made
// small (smallestScreen): what the test checks (the pages' words and keys,
// found in the scene and touched through the screen's own hit test, and a
// picture that is not dark) holds at any size. logs holds finished games
// first when games is set. The test's goroutine keeps raylib's thread until the
// window is closed.
func openWindowRig(t *testing.T, games int) *windowRig {
	t.Helper()
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("no DISPLAY: run the tests under xvfb-run, as make test does")
	}
	r := newOwnerRigWith(t, func(dir, config string) string {
		if games > 0 {
			playGames(t, filepath.Join(dir, "games"), games, []string{"Ana", "Bruno", ""})
		}
		return smallestScreen(config)
	})
	runtime.LockOSThread()
	scr, err := openWindow(r.cr.Config, false, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	// Each step is one frame, and the script steps as soon as a frame is
	// drawn: the table's pace of 30 frames a second would only make the
	// test wait 33 ms a step (15 s of its 474 frames) for nothing it checks.
	rl.SetTargetFPS(0)
	w := &windowRig{ownerRig: r, win: scr.(*window)}
	t.Cleanup(func() {
		w.win.Close()
		runtime.UnlockOSThread()
	})
	r.l.scr = w
	return w
}

// Frame draws the frame in the window and runs the script's step on what
// it shows.
func (w *windowRig) Frame(v *input.View, now time.Time) ([]hal.Touch, bool) {
	touches, closed := w.win.Frame(v, now)
	if closed {
		return nil, true
	}
	w.v, w.now, w.rec = v, now, false
	more, done := w.ownerRig.Frame(v, now)
	return append(touches, more...), done
}

// scene is the last frame recorded as a scene. It is recorded when a step
// first reads it, not at every frame: most steps only scan or press, and
// recording a frame costs a tenth of drawing it.
func (w *windowRig) scene() *scene.Scene {
	if !w.rec {
		w.sc, w.rec = w.win.scr.Scene(w.v, w.now, w.sc), true
	}
	return w.sc
}

// ShowMenu implements ownerScreen: the window draws the page; the rig
// notes it.
func (w *windowRig) ShowMenu(p *display.Menu) {
	w.ownerRig.ShowMenu(p)
	w.win.ShowMenu(p)
}

// touchAt is a finger on the glass at the middle of what the last frame
// drew under k, as the screen resolves it.
func (w *windowRig) touchAt(k scene.Key) hal.Touch {
	w.t.Helper()
	b, ok := w.scene().Bounds(k)
	if !ok {
		w.t.Fatalf("%v is not on the screen (page %+v)", k, w.page())
	}
	c := b.Center()
	return w.win.scr.HitTest(c.X, c.Y, w.now)
}

// touchKey touches the menu's key id (owner.entry...) with index.
func (w *windowRig) touchKey(id string, index int) func() []hal.Touch {
	return func() []hal.Touch {
		t := w.touchAt(scene.Key{Part: scene.MenuKey, Index: index, Name: id})
		if t.Kind != hal.ScreenKey || t.ID != id || t.Index != index {
			w.t.Fatalf("a touch on %s %d is %v %q %d", id, index, t.Kind, t.ID, t.Index)
		}
		return []hal.Touch{t}
	}
}

// touchTicket touches the row of the ticket offered whose printed names
// are a – b, found by its words on the screen.
func (w *windowRig) touchTicket(a, b string) func() []hal.Touch {
	return func() []hal.Touch {
		want := a + " – " + b
		for _, it := range w.scene().Items {
			if it.Kind == scene.Text && it.Key.Part == scene.MenuKey && it.Key.Name == "owner.ticket" && it.Text == want {
				return []hal.Touch{w.touchAt(it.Key)}
			}
		}
		w.t.Fatalf("no row %q among the tickets offered", want)
		return nil
	}
}

// words are the texts the last frame drew of the menu, one a line.
func (w *windowRig) words() string {
	var b strings.Builder
	for _, it := range w.scene().Items {
		if it.Kind == scene.Text && it.Key.Part >= scene.Menu && it.Key.Part <= scene.MenuKey {
			b.WriteString(it.Text + "\n")
		}
	}
	return b.String()
}

// shot reads the window's picture, checks it is not dark, and writes it
// to the folder TTR_OWNER_SHOTS names, if any.
func (w *windowRig) shot(name string) func() []hal.Touch {
	return func() []hal.Touch {
		img := rl.LoadImageFromScreen()
		pic := img.ToImage()
		rl.UnloadImage(img)
		if dark(pic) {
			w.t.Errorf("%s: the window is dark", name)
		}
		if dir := os.Getenv("TTR_OWNER_SHOTS"); dir != "" {
			f, err := os.Create(filepath.Join(dir, name+".png"))
			if err == nil {
				png.Encode(f, pic)
				f.Close()
			}
		}
		return nil
	}
}

// dark reports whether more than nine pixels in ten are near black.
func dark(img image.Image) bool {
	b := img.Bounds()
	n, black := 0, 0
	for y := b.Min.Y; y < b.Max.Y; y += 7 {
		for x := b.Min.X; x < b.Max.X; x += 7 {
			r, g, bl, _ := img.At(x, y).RGBA()
			n++
			if r>>8 < 16 && g>>8 < 16 && bl>>8 < 16 {
				black++
			}
		}
	}
	return n == 0 || black*10 > n*9
}

// playGames plays n bots' games of the seats' names into the logs folder
// dir, alternating the maps.
func playGames(t testing.TB, dir string, n int, names []string) {
	t.Helper()
	if err := app.PlayGames(dir, n, names, time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
}

// TestOwnerMenuInTheWindow drives the owner's menu in the table's real
// window through its door: F10's equal on the table (two holds of a
// seat's buttons) opens it, drawn; a whole train deck is enrolled by fake
// scans at every reader and touches on its keys, then the Europe tickets,
// each scanned and touched in the list by its printed names; the
// registry file holds every card under its tag. The hardware check passes
// every step through the fake devices (the corner touched on its target,
// two fingers in one frame, the sound heard), then fails a reader's; the
// history and the records of a folder of games are drawn, and one game's
// end again. Every page is drawn, never dark.
func TestOwnerMenuInTheWindow(t *testing.T) {
	w := openWindowRig(t, 6)
	r := w.ownerRig
	rng := rand.New(rand.NewPCG(5, 6))
	uid := 0
	next := func() hal.UID { uid++; return hal.UID(fmt.Sprintf("04C0%010X", uid)) }

	// Open, and enrol box 1 colour by colour, in any order.
	steps := []func() []hal.Touch{r.hold(1), nil, r.hold(1), nil, w.shot("entries"), w.touchKey("owner.entry", int(owner.EntryEnrol)), nil, w.shot("enrol-task")}
	train := map[hal.UID]registry.Card{}
	tasks := owner.EnrolTasks()
	for _, i := range rng.Perm(9) {
		steps = append(steps, w.touchKey("owner.task", i), nil)
		cards := tasks[i].Cards()
		for _, c := range cards {
			u := next()
			train[u] = c
			steps = append(steps, r.scan(rng.IntN(4), u))
		}
		steps = append(steps, nil, func() []hal.Touch {
			if p := r.page(); p.Done != len(cards) || !p.Accepted {
				t.Errorf("task %d: %d of %d, accepted %v", i, p.Done, p.Of, p.Accepted)
			}
			return nil
		}, r.press(1, hal.Cancel), nil)
	}
	r.run(steps...)

	// The Europe tickets: scanned, then touched in the list by name.
	eu, _ := maps.Load("europe")
	europe := -1
	for i, tk := range tasks {
		if tk.Kind == registry.Ticket && tk.Map == "europe" {
			europe = i
		}
	}
	steps = []func() []hal.Touch{w.touchKey("owner.task", europe), nil}
	tickets := map[hal.UID]registry.Card{}
	deck := registry.TicketDeck("europe")
	for k, i := range rng.Perm(len(deck)) {
		c := deck[i]
		u := next()
		tickets[u] = c
		tk := eu.Tickets[c.Ticket]
		// The loop takes the scan at the next frame, which draws the
		// ticket offered: it is touched there, as a person touches what
		// the screen shows.
		steps = append(steps, r.scan(rng.IntN(4), u))
		if k == 0 {
			steps = append(steps, w.shot("enrol-tickets"))
		}
		steps = append(steps, w.touchTicket(eu.Cities[tk.A].Name, eu.Cities[tk.B].Name))
	}
	steps = append(steps, w.shot("enrol-done"), r.press(1, hal.Cancel), nil, r.press(1, hal.Cancel), nil)
	r.run(steps...)
	back, err := registry.Load(filepath.Join(filepath.Dir(r.o.config), "cards.txt"))
	if err != nil || back.Len() != 110+46 {
		t.Fatalf("registry file: %v, %d cards, want 156", err, back.Len())
	}
	for _, m := range []map[hal.UID]registry.Card{train, tickets} {
		for u, want := range m {
			if got, ok := back.Lookup(u); !ok || got != want {
				t.Errorf("tag %s: %v %v, want %v", u, got, ok, want)
			}
		}
	}

	// The hardware check, every step passed through the fake devices.
	do := func() []hal.Touch {
		ch := r.l.door.Menu.Checks().Current()
		if ch == nil {
			return nil
		}
		switch ch.Kind {
		case owner.CheckReader:
			return r.scan(int(ch.Seat), next())()
		case owner.CheckButton:
			return r.press(int(ch.Seat), ch.Button)()
		case owner.CheckCorner:
			return []hal.Touch{w.touchAt(scene.Key{Part: scene.MenuTarget, Index: ch.Corner})}
		case owner.CheckFingers:
			b, _ := w.scene().Bounds(scene.Key{Part: scene.Menu})
			c := b.Center()
			return []hal.Touch{w.win.scr.HitTest(c.X-40, c.Y, w.now), w.win.scr.HitTest(c.X+40, c.Y, w.now)}
		case owner.CheckSound:
			return w.touchKey("owner.heard", 0)()
		}
		return nil
	}
	// The checks' list is made when the page opens: count it then.
	r.run(w.touchKey("owner.entry", int(owner.EntryCheck)), nil)
	c := r.l.door.Menu.Checks()
	shots := map[owner.CheckKind]bool{}
	steps = nil
	for range len(c.List) {
		steps = append(steps, func() []hal.Touch {
			if ch := c.Current(); ch != nil && !shots[ch.Kind] && (ch.Kind == owner.CheckCorner || ch.Kind == owner.CheckFingers) {
				shots[ch.Kind] = true
				w.shot(fmt.Sprintf("check-%d", ch.Kind))()
			}
			return do()
		}, nil)
	}
	r.run(append(steps, nil, w.shot("check-passed"))...)
	if c.Count(owner.Passed) != len(c.List) {
		for _, ch := range c.List {
			if ch.Verdict != owner.Passed {
				t.Errorf("check %s: %v (%s)", ch.Name, ch.Verdict, r.cat.Text("en", ch.Saw))
			}
		}
	}

	// Again, a card laid at the wrong reader, then nothing until the time
	// is up: the reader's check fails, in red words, with what to do.
	// (On the check page a seat's buttons are the check's: Back is a key.)
	r.run(w.touchKey("owner.back", 0), nil, w.touchKey("owner.entry", int(owner.EntryCheck)), nil, r.scan(2, next()), nil, func() []hal.Touch {
		if p := r.page(); !p.Refused || !strings.Contains(w.words(), "3") {
			t.Errorf("a card at seat 3's reader for seat 1's check: refused %v, words %q", p.Refused, w.words())
		}
		r.clk.Advance(time.Minute)
		return nil
	}, nil, nil, w.shot("check-failed"))
	if ch := r.l.door.Menu.Checks().List[0]; ch.Verdict != owner.Failed {
		t.Errorf("seat 1's reader left alone: %v", ch.Verdict)
	}

	// The history of six games, one game's end again, the records.
	var shown int
	r.run(w.touchKey("owner.back", 0), nil, w.touchKey("owner.entry", int(owner.EntryHistory)), nil, w.shot("history"), func() []hal.Touch {
		for _, k := range w.scene().Keys() {
			if k.Part == scene.MenuKey && k.Name == "owner.game" {
				shown++
			}
		}
		return nil
	}, w.touchKey("owner.game", 0), nil, w.shot("game"), func() []hal.Touch {
		// The game's own end screen again: its ranking on the strips, its
		// tickets on the board, the players' names.
		ranks, tickets, menu := 0, 0, 0
		var words strings.Builder
		for _, it := range w.scene().Items {
			switch {
			case it.Key.Part == scene.RankKey:
				ranks++
			case it.Key.Part == scene.Ticket:
				tickets++
			case it.Key.Part >= scene.Menu && it.Key.Part <= scene.MenuKey:
				menu++
			}
			if it.Kind == scene.Text {
				words.WriteString(it.Text + "\n")
			}
		}
		if !strings.Contains(words.String(), "Ana") || ranks == 0 || tickets == 0 || menu != 0 {
			t.Errorf("one game's end: %d ranking items, %d ticket items, %d of the menu's; words %q", ranks, tickets, menu, words.String())
		}
		return nil
	}, r.press(1, hal.Cancel), nil, r.press(1, hal.Cancel), nil, w.touchKey("owner.entry", int(owner.EntryRecords)), nil, w.shot("records"), func() []hal.Touch {
		if words := w.words(); !strings.Contains(words, "Ana") || !strings.Contains(words, "Bruno") {
			t.Errorf("records: %q", words)
		}
		return nil
	})
	if shown != 6 {
		t.Errorf("%d games drawn in the history, want 6", shown)
	}

	// A second box: one colour enrolled, the menu closed, a game started
	// with a card of box 1; a card of box 2 is refused, in words on the
	// screen that say so.
	box2 := tasks[9]
	if box2.Box != 2 {
		t.Fatalf("task 9 is %+v, want box 2's first colour", box2)
	}
	var one, two hal.UID
	for u, c := range train {
		one = u
		_ = c
		break
	}
	steps = []func() []hal.Touch{r.press(1, hal.Cancel), nil, w.touchKey("owner.entry", int(owner.EntryEnrol)), nil, w.touchKey("owner.task", 9), nil}
	for range box2.Cards() {
		two = next()
		steps = append(steps, r.scan(0, two))
	}
	steps = append(steps, nil, r.press(1, hal.Cancel), nil, r.press(1, hal.Cancel), nil, w.touchKey("owner.entry", int(owner.EntryClose)), nil,
		func() []hal.Touch { return []hal.Touch{w.touchAt(scene.Key{Part: scene.FirstKey, Seat: 0})} }, nil,
		func() []hal.Touch { return []hal.Touch{w.touchAt(scene.Key{Part: scene.StartKey})} }, nil,
		r.scan(0, one), nil, r.scan(0, two), nil, nil, w.shot("other-box"))
	r.run(steps...)
	if m := r.l.app.Table().Mode(); m == input.ModeStart {
		t.Fatalf("no game started: mode %s", m)
	}
	want := r.cat.Text("es", input.Text{Key: "registry.other_box", Args: map[string]any{"Box": 2, "Game": 1}})
	var drawn []string
	for _, it := range w.scene().Items {
		if it.Kind == scene.Text {
			drawn = append(drawn, it.Text)
		}
	}
	if !strings.Contains(strings.Join(drawn, " "), want) {
		t.Errorf("a card of box 2 in a game of box 1: %q is not on the screen:\n%s", want, strings.Join(drawn, "\n"))
	}
}

// TestConfigMistakesInTheWindow opens the table's real window on each of
// the ten kinds of config mistakes (and a config missing): the window is
// never dark, and the mistake's words (its line, its field, what is
// wrong) are among what the screen draws (its scene), in the table's
// language.
//
// It runs in parallel, beside the tests that wait on the firmware's
// processes, as the one parallel test that opens a window: the parallel
// tests start once every other test of the package is over, so no other
// window is open meanwhile (raylib keeps one per process, and the tests
// that click with xdotool need theirs alone on the display). Another
// parallel test must open none.
func TestConfigMistakesInTheWindow(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("no DISPLAY: run the tests under xvfb-run, as make test does")
	}
	t.Parallel()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	// Not subtests: raylib stays on this goroutine's thread.
	for _, tc := range configMistakes() {
		func() {
			t := &caseT{T: t, name: tc.name}
			cfg := tableDir(t)
			data, err := os.ReadFile(cfg)
			if err != nil {
				t.Fatal(err)
			}
			s := strings.Replace(string(data), tc.old, tc.new, 1)
			// The same lines, a small window (the words fit it too).
			s = smallScreen(s)
			if err := os.WriteFile(cfg, []byte(s), 0o644); err != nil {
				t.Fatal(err)
			}
			if tc.old == "" {
				os.Remove(cfg)
			}
			o := runOpts{config: cfg, fake: true, mapID: "europe", state: filepath.Join(t.TempDir(), "games")}
			cr, a, err := openApp(&o, log)
			if err != nil {
				t.Fatalf("openApp: %v, want the start screen", err)
			}
			defer a.Close()
			scr, err := openWindow(cr.Config, false, log)
			if err != nil {
				t.Fatalf("openWindow: %v, want the window open", err)
			}
			win := scr.(*window)
			defer win.Close()
			now := time.Date(2026, 5, 1, 20, 0, 0, 0, time.UTC)
			v := a.View()
			for range 3 {
				win.Frame(&v, now)
			}
			img := rl.LoadImageFromScreen()
			pic := img.ToImage()
			rl.UnloadImage(img)
			if dark(pic) {
				t.Error("the window is dark")
			}
			if dir := os.Getenv("TTR_OWNER_SHOTS"); dir != "" {
				if f, err := os.Create(filepath.Join(dir, "config-"+strings.ReplaceAll(tc.name, " ", "-")+".png")); err == nil {
					png.Encode(f, pic)
					f.Close()
				}
			}
			var drawn []string
			for _, it := range win.scr.Scene(&v, now, nil).Items {
				if it.Kind == scene.Text {
					drawn = append(drawn, it.Text)
				}
			}
			// A word wider than its box (a long path) is broken across
			// two lines: it is on the screen all the same.
			all, joined := strings.Join(drawn, " "), strings.Join(drawn, "")
			for _, w := range tc.words {
				if !strings.Contains(all, w) && !strings.Contains(joined, w) {
					t.Errorf("%q is not on the screen; its words:\n%s", w, strings.Join(drawn, "\n"))
					break
				}
			}
		}()
	}
}

// caseT names a case of a table-driven test run without subtests.
type caseT struct {
	*testing.T
	name string
}

func (c *caseT) Errorf(format string, args ...any) { c.T.Errorf(c.name+": "+format, args...) }
func (c *caseT) Error(args ...any)                 { c.T.Error(append([]any{c.name + ":"}, args...)...) }
func (c *caseT) Fatalf(format string, args ...any) { c.T.Fatalf(c.name+": "+format, args...) }
func (c *caseT) Fatal(args ...any)                 { c.T.Fatal(append([]any{c.name + ":"}, args...)...) }
