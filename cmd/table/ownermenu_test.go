package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"ttr/cmd/table/owner"
	"ttr/display"
	"ttr/display/msg"
	"ttr/engine"
	"ttr/hal"
	"ttr/hal/config"
	"ttr/hal/haltest"
	"ttr/hal/registry"
	"ttr/hal/storage"
	"ttr/input"
)

// ownerRig is the table's loop as "table run" makes it (openApp, the
// registry store, the keeper, the owner's door) on a config in a
// temporary folder, driven through fake buttons and readers (haltest) and
// a scripted screen: each frame runs the script's next step, whose device
// events the loop takes at the next frame and whose touches the screen
// returns.
type ownerRig struct {
	t       *testing.T
	l       *loop
	o       runOpts
	clk     *haltest.Clock
	events  chan hal.Event
	readers []*haltest.Reader
	buttons []*haltest.Buttons
	cat     *msg.Catalog
	speaker *haltest.Speaker
	// banners are the banner of each frame, worded in English; pages the
	// menu's page handed to the screen before each (nil: closed).
	banners []string
	pages   []*display.Menu
	steps   []func() []hal.Touch
	cr      config.Result
}

func newOwnerRig(t *testing.T) *ownerRig { return newOwnerRigWith(t, nil) }

// newOwnerRigWith is newOwnerRig on the config edit returns, given the
// rig's folder and the config's text (nil: as it is).
func newOwnerRigWith(t *testing.T, edit func(dir, config string) string) *ownerRig {
	t.Helper()
	dir := t.TempDir()
	data, err := os.ReadFile("../../docs/table.example.json")
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Replace(string(data), "/var/lib/ttr/cards.txt", filepath.Join(dir, "cards.txt"), 1)
	s = strings.Replace(s, "/var/lib/ttr/games", filepath.Join(dir, "games"), 1)
	if edit != nil {
		s = edit(dir, s)
	}
	path := filepath.Join(dir, "table.json")
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	cat, err := msg.Load()
	if err != nil {
		t.Fatal(err)
	}
	r := &ownerRig{t: t, clk: haltest.NewClock(time.Date(2026, 5, 1, 20, 0, 0, 0, time.UTC)), cat: cat,
		events: make(chan hal.Event, 256), speaker: &haltest.Speaker{}}
	var logs bytes.Buffer
	t.Cleanup(func() {
		if t.Failed() {
			t.Log(logs.String())
		}
	})
	log := slog.New(slog.NewTextHandler(&logs, nil))
	r.o = runOpts{config: path, headless: true, mapID: "europe", seed: 1}
	cr, a, err := openApp(&r.o, log)
	if err != nil {
		t.Fatal(err)
	}
	r.cr = cr
	t.Cleanup(func() { a.Close() })
	for i := range cr.Config.Seats {
		r.readers = append(r.readers, haltest.NewReader(hal.Seat(i), r.clk))
		r.buttons = append(r.buttons, haltest.NewButtons(hal.Seat(i), r.clk))
	}
	keep := newKeeper(storage.OS, path, cr, log)
	r.l = &loop{app: a, events: r.events, scr: r, speaker: r.speaker, log: log, keep: keep,
		notify: func(bool, string) (bool, error) { return true, nil },
		now:    func() time.Time { r.clk.Advance(100 * time.Millisecond); return r.clk.Now() }}
	r.l.door = ownerDoor(r.o, cr, keep, log)
	return r
}

// Frame is the scripted screen: it notes the banner, runs the next step
// and returns its touches; the window closes after the last step.
func (r *ownerRig) Frame(v *input.View, now time.Time) ([]hal.Touch, bool) {
	r.banners = append(r.banners, r.cat.Text(msg.EN, v.Banner))
	if len(r.steps) == 0 {
		return nil, true
	}
	step := r.steps[0]
	r.steps = r.steps[1:]
	if step == nil { // a frame with nothing new
		return nil, false
	}
	return step(), false
}

func (r *ownerRig) Close() {}

// ShowMenu implements ownerScreen.
func (r *ownerRig) ShowMenu(p *display.Menu) { r.pages = append(r.pages, p) }

// run runs the loop through steps, each in its own frame.
func (r *ownerRig) run(steps ...func() []hal.Touch) {
	r.t.Helper()
	r.steps = steps
	if err := r.l.run(context.Background()); err != nil {
		r.t.Fatal(err)
	}
}

// hold holds seat's Confirm and Cancel together (long presses).
func (r *ownerRig) hold(seat int) func() []hal.Touch {
	return func() []hal.Touch {
		for _, b := range []hal.Button{hal.Confirm, hal.Cancel} {
			r.buttons[seat].LongPress(b)
			p, err := r.buttons[seat].ReadPress(context.Background())
			if err != nil {
				r.t.Fatal(err)
			}
			r.events <- p
		}
		return nil
	}
}

// press presses seat's button b.
func (r *ownerRig) press(seat int, b hal.Button) func() []hal.Touch {
	return func() []hal.Touch {
		r.buttons[seat].Press(b)
		p, _ := r.buttons[seat].ReadPress(context.Background())
		r.events <- p
		return nil
	}
}

// scan lays uid on seat's reader.
func (r *ownerRig) scan(seat int, uid hal.UID) func() []hal.Touch {
	return func() []hal.Touch {
		r.readers[seat].Tap(uid)
		ev, _ := r.readers[seat].ReadTag(context.Background())
		r.events <- ev
		return nil
	}
}

// key touches a key of the menu at seat's panel.
func (r *ownerRig) key(k owner.Key) func() []hal.Touch {
	return func() []hal.Touch { return []hal.Touch{k.Touch(1, r.clk.Now())} }
}

// page returns the last page of the menu handed to the screen.
func (r *ownerRig) page() *display.Menu { return r.pages[len(r.pages)-1] }

func (r *ownerRig) banner() string { return r.banners[len(r.banners)-1] }

// TestOwnerMenuThroughTheLoop: through the table's loop, fake buttons and
// readers: one hold of both buttons asks for another, the second opens
// the menu facing the seat (its page handed to the screen, which draws
// it, and so not in the banner); while it is open, presses and scans are the menu's and not
// the game's; twelve red cards enrolled through the menu are saved in the
// table's registry file and known at once by the game; closing the menu
// leaves the start screen as it was; and during a game the menu is
// refused with words.
func TestOwnerMenuThroughTheLoop(t *testing.T) {
	r := newOwnerRig(t)
	start := r.l.app.View()
	var tags []hal.UID
	steps := []func() []hal.Touch{r.hold(1), nil, func() []hal.Touch {
		if got := r.banner(); got != "Owner's menu: hold Confirm and Cancel together once more." {
			t.Errorf("after one hold the banner says %q", got)
		}
		return nil
	}, r.hold(1), nil, func() []hal.Touch {
		if p := r.page(); p == nil || p.Seat != 1 || r.cat.Text(msg.EN, p.Title) != "Owner's menu" || r.banner() == "Owner's menu" {
			t.Errorf("after two holds: page %+v, banner %q", p, r.banner())
		}
		return nil
	}, r.press(1, hal.Confirm), // Enrol, the page's first key
		r.key(owner.Key{Kind: owner.KeyTask, Index: int(engine.Red - engine.Purple)}),
	}
	for i := range 12 {
		tags = append(tags, hal.UID(fmt.Sprintf("04A0B0C0D0E0%02X", i)))
		steps = append(steps, r.scan(i%4, tags[i]))
	}
	steps = append(steps, nil, func() []hal.Touch {
		if p := r.page(); p == nil || p.Done != 12 || p.Of != 12 || !p.Accepted || r.cat.Text(msg.EN, p.Result) != "Enrolled: 12 of 12" {
			t.Errorf("after 12 red cards: page %+v", p)
		}
		return nil
	}, r.press(1, hal.Cancel), r.press(1, hal.Cancel), r.press(1, hal.Cancel), nil)
	r.run(steps...)
	if r.l.menuOpen() || r.page() != nil {
		t.Fatalf("the menu is still open after Cancel from its entries: page %+v", r.page())
	}
	if got := r.l.app.View(); got.Mode != input.ModeStart || !sameStart(start, got) {
		t.Errorf("the start screen changed under the menu: %+v, want %+v", got.Start, start.Start)
	}
	back, err := registry.Load(filepath.Join(filepath.Dir(r.o.config), "cards.txt"))
	if err != nil || back.Len() != 12 {
		t.Fatalf("registry file: %v, %d cards, want 12", err, back.Len())
	}
	for i, uid := range tags {
		if c, ok := back.Lookup(uid); !ok || c.Kind != registry.Train || c.Box != 1 || c.Train.Color() != engine.Red {
			t.Errorf("tag %d: %v %v, want a red card of box 1", i, c, ok)
		}
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(r.o.config), owner.BackupDir, owner.RegistryCopy)); err != nil {
		t.Errorf("the registry's copy beside the config: %v", err)
	}
	if played := r.speaker.Played(); len(played) < 12 {
		t.Errorf("sounds %v, want one a card", played)
	}

	// A game starts: a red card enrolled is known by the game at once
	// (refused, if at all, for another reason than an unknown tag), and
	// the menu is refused with words.
	r.run(func() []hal.Touch {
		return []hal.Touch{
			{Kind: hal.ScreenKey, ID: input.KeyFirst, Seat: 0, At: r.clk.Now()},
			{Kind: hal.ScreenKey, ID: input.KeyStart, Seat: 0, At: r.clk.Now()},
		}
	}, nil)
	if m := r.l.app.Table().Mode(); m == input.ModeStart {
		t.Fatalf("no game started: mode %s", m)
	}
	for _, tc := range []struct {
		uid     hal.UID
		unknown bool
	}{{tags[0], false}, {"04FFFFFFFFFFFF", true}} {
		res, err := r.l.app.Handle(hal.Scan{Seat: 0, UID: tc.uid, At: r.clk.Now()})
		if err != nil {
			t.Fatal(err)
		}
		unknown := false
		for _, n := range res.Notices {
			unknown = unknown || n.Text.Key == "refuse.unknown_tag"
		}
		if unknown != tc.unknown {
			t.Errorf("%s: refused as unknown %v, want %v (%+v)", tc.uid, unknown, tc.unknown, res.Notices)
		}
	}
	r.run(r.hold(2), nil, r.hold(2), nil, nil)
	if r.l.menuOpen() {
		t.Error("the menu opened during a game")
	}
	if got := r.banner(); got != "The owner's menu opens from the start screen: finish or stop the game first." {
		t.Errorf("during a game the banner says %q", got)
	}
}

// sameStart reports whether two views show the same start screen.
func sameStart(a, b input.View) bool { return fmt.Sprint(a.Start) == fmt.Sprint(b.Start) }

// TestOwnerSettingsShownAtOnce: settings saved from the owner's menu
// through the loop are on the start screen as soon as the menu closes (the
// language, the map, a seat's colour), not only at the next boot.
func TestOwnerSettingsShownAtOnce(t *testing.T) {
	r := newOwnerRig(t)
	start := r.l.app.View()
	set := func(s owner.Setting) func() []hal.Touch {
		return r.key(owner.Key{Kind: owner.KeySetting, Index: int(s)})
	}
	r.run(r.hold(0), nil, r.hold(0), nil,
		r.key(owner.Key{Kind: owner.KeyEntry, Index: int(owner.EntrySettings)}),
		set(owner.SettingLanguage), set(owner.SettingMap), set(owner.SettingColor+0), set(owner.SettingSave), nil,
		r.press(0, hal.Cancel), r.press(0, hal.Cancel), nil)
	if r.l.menuOpen() {
		t.Fatal("the menu is still open")
	}
	want := r.l.door.Menu.Settings()
	v := r.l.app.View()
	if v.Lang == start.Lang || v.Lang != want.Language || v.Start.Map == start.Start.Map || v.Start.Map != want.Map {
		t.Errorf("start screen in %s on %s after saving %s on %s (was %s on %s)", v.Lang, v.Start.Map, want.Language, want.Map, start.Lang, start.Start.Map)
	}
	if c, _ := input.ParseColor(want.Seats[0].Color); v.Seats[0].Color != c || c == start.Seats[0].Color {
		t.Errorf("seat 1's colour %s after saving %s (was %s)", v.Seats[0].Color, want.Seats[0].Color, start.Seats[0].Color)
	}
}
