package owner

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"ttr/display/msg"
	"ttr/engine"
	"ttr/hal"
	"ttr/hal/config"
	"ttr/hal/haltest"
	"ttr/hal/registry"
	"ttr/hal/storage"
	"ttr/hal/storage/storagetest"
	"ttr/input"
)

// menuRig is the owner's menu on fake devices: each seat's haltest reader
// and buttons, a fake clock, the registry in a temporary folder.
type menuRig struct {
	t       testing.TB
	m       *Menu
	clk     *haltest.Clock
	readers []*haltest.Reader
	buttons []*haltest.Buttons
	cat     *msg.Catalog
	store   registry.Store
	reg     *registry.Registry
	sounds  []hal.Sound
	// The inputs a person makes: scans, touches (keys and presses) and
	// reads (a prompt read, a ticket found in the list).
	scans, touches, reads int
}

func newMenuRig(t testing.TB, o MenuOpts) *menuRig {
	t.Helper()
	cat, err := msg.Load()
	if err != nil {
		t.Fatal(err)
	}
	r := &menuRig{t: t, clk: haltest.NewClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)), cat: cat}
	if o.Config == nil {
		o.Config = config.Default()
	}
	for i := range o.Config.Seats {
		r.readers = append(r.readers, haltest.NewReader(hal.Seat(i), r.clk))
		r.buttons = append(r.buttons, haltest.NewButtons(hal.Seat(i), r.clk))
	}
	r.store = registry.Store{Path: filepath.Join(t.TempDir(), "cards.txt")}
	r.reg, _ = r.store.Load()
	if o.Session == nil {
		o.Session = registry.NewSession(r.store, r.reg)
	}
	r.m = NewMenu(o)
	r.m.Open(1, r.clk.Now())
	return r
}

// reply notes a reply's sound.
func (r *menuRig) reply(rp Reply) Reply {
	if rp.Sound != 0 {
		r.sounds = append(r.sounds, rp.Sound)
	}
	return rp
}

// scan lays uid on seat's fake reader and hands the scan to the menu.
func (r *menuRig) scan(seat int, uid hal.UID) Reply {
	r.scans++
	r.readers[seat].Place(uid)
	ev, err := r.readers[seat].ReadTag(context.Background())
	if err != nil {
		r.t.Fatal(err)
	}
	r.readers[seat].Lift()
	return r.reply(r.m.Handle(ev, r.clk.Now()))
}

// press presses seat's fake button and hands the press to the menu.
func (r *menuRig) press(seat int, b hal.Button) Reply {
	r.touches++
	r.buttons[seat].Press(b)
	ev, err := r.buttons[seat].ReadPress(context.Background())
	if err != nil {
		r.t.Fatal(err)
	}
	return r.reply(r.m.Handle(ev, r.clk.Now()))
}

// key touches an on-screen key of the menu, as the screen sends it.
func (r *menuRig) key(k Key) Reply {
	r.touches++
	return r.reply(r.m.Handle(k.Touch(1, r.clk.Now()), r.clk.Now()))
}

// view returns the menu's view, every word of it checked against the
// catalogue.
func (r *menuRig) view() View {
	r.t.Helper()
	v := r.m.View()
	texts := append([]input.Text{v.Title, v.Result, v.Progress}, v.Lines...)
	for _, b := range v.Keys {
		texts = append(texts, b.Label, b.State)
	}
	for _, c := range v.Tickets {
		texts = append(texts, c.Label)
	}
	for _, tx := range texts {
		if tx.IsZero() {
			continue
		}
		if err := r.cat.Check(tx); err != nil {
			r.t.Errorf("page %s: %+v: %v", v.Page, tx, err)
		}
	}
	return v
}

func (r *menuRig) words(t input.Text) string { return r.cat.Text(msg.EN, t) }

// taskKey returns the key of task t.
func taskKey(t registry.Task) Key {
	for i, u := range EnrolTasks() {
		if u == t {
			return Key{KeyTask, i}
		}
	}
	panic("no task " + t.String())
}

// enrolDeck enrols box's 110 train cards through the menu, colours in a
// shuffled order, from the task page; tag numbers come from next.
func (r *menuRig) enrolDeck(box int, rng *rand.Rand, next func() hal.UID) {
	r.t.Helper()
	tasks := registry.TrainTasks(box)
	rng.Shuffle(len(tasks), func(i, j int) { tasks[i], tasks[j] = tasks[j], tasks[i] })
	for _, task := range tasks {
		r.key(taskKey(task))
		r.reads++ // "Box 1: scan the 12 red cards, in any order: 0 of 12"
		for v := r.view(); v.Done < v.Of; v = r.view() {
			if rp := r.scan(rng.IntN(4), next()); rp.Sound != hal.SoundScan {
				r.t.Fatalf("%s: %q", task, r.words(r.m.View().Result))
			}
		}
		r.press(1, hal.Cancel) // back to the tasks
	}
}

// enrolTickets enrols a map's tickets through the menu: each scanned,
// then chosen by its key among the tickets offered, in any order.
func (r *menuRig) enrolTickets(mapID string, rng *rand.Rand, next func() hal.UID) {
	r.t.Helper()
	r.key(taskKey(registry.TicketTask(mapID)))
	r.reads++
	for v := r.view(); v.Done < v.Of; v = r.view() {
		if rp := r.scan(rng.IntN(4), next()); rp.Sound != 0 {
			r.t.Fatalf("ticket scan: %q", r.words(r.m.View().Result))
		}
		v = r.view()
		if len(v.Tickets) != v.Of-v.Done {
			r.t.Fatalf("%d tickets offered, want %d", len(v.Tickets), v.Of-v.Done)
		}
		c := v.Tickets[rng.IntN(len(v.Tickets))]
		if c.A == "" || c.B == "" || c.Points <= 0 {
			r.t.Fatalf("ticket offered without its cities and points: %+v", c)
		}
		r.reads++ // found in the list
		if rp := r.key(c.Key); rp.Sound != hal.SoundScan {
			r.t.Fatalf("%s: %q", c.Card, r.words(r.m.View().Result))
		}
		if got, ok := r.reg.UID(c.Card); !ok || got == "" {
			r.t.Fatalf("%s chosen but not enrolled", c.Card)
		}
	}
	r.press(1, hal.Cancel)
}

func tagMaker() func() hal.UID {
	n := 0
	return func() hal.UID { n++; return hal.UID(fmt.Sprintf("04%012X", n)) }
}

// TestMenuEnrolsAWholeDeckAndTheTickets: through the menu's keys and the
// fake readers, a whole train deck (colours in a shuffled order, scans at
// any reader) and the Europe tickets (scanned, then chosen in the list by
// their printed names) are enrolled and saved after every card; a tag
// scanned twice names its card, a tag of the other box is refused with
// words that say so, each with the refusal's sound; the registry file
// read back holds every card under its tag.
func TestMenuEnrolsAWholeDeckAndTheTickets(t *testing.T) {
	r := newMenuRig(t, MenuOpts{})
	rng := rand.New(rand.NewPCG(3, 4))
	next := tagMaker()
	other := next()
	if err := r.reg.Add(other, registry.TrainCard(2, engine.CardsOf(engine.Red)[0])); err != nil {
		t.Fatal(err)
	}
	r.key(Key{KeyEntry, int(EntryEnrol)})
	if v := r.view(); v.Page != PageEnrolTask || len(v.Keys) != len(EnrolTasks())+1 {
		t.Fatalf("page %s with %d keys, want the tasks", v.Page, len(v.Keys))
	}
	r.enrolDeck(1, rng, next)

	// A tag scanned twice, and a tag of box 2, while box 1's reds are
	// enrolled: refused, each with its words.
	r.key(taskKey(registry.TrainTask(1, engine.Red)))
	twice, _ := r.reg.UID(registry.TrainCard(1, engine.CardsOf(engine.Red)[3]))
	for _, tc := range []struct {
		uid  hal.UID
		want string
	}{
		{twice, "This card is enrolled already, as a red card of box 1: put it aside."},
		{other, "This card is from box 2, and box 1 is being enrolled: put it back in its box."},
	} {
		if rp := r.scan(0, tc.uid); rp.Sound != hal.SoundRefused {
			t.Errorf("%s: sound %v, want the refusal", tc.uid, rp.Sound)
		}
		if got := r.words(r.view().Result); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.uid, got, tc.want)
		}
	}
	r.press(1, hal.Cancel)
	r.enrolTickets("europe", rng, next)

	back, err := registry.Load(r.store.Path)
	if err != nil {
		t.Fatal(err)
	}
	if n := back.Len(); n != registry.TrainCards+46+1 {
		t.Errorf("registry file holds %d cards, want %d", n, registry.TrainCards+46+1)
	}
	for _, c := range append(registry.TrainDeck(1), registry.TicketDeck("europe")...) {
		want, _ := r.reg.UID(c)
		if got, ok := back.UID(c); !ok || got != want {
			t.Errorf("%s: file has %q, want %q", c, got, want)
		}
	}
}

// TestMenuEnrolmentStopsAndResumes: the menu closed in the middle of a
// colour, and a new session on the file, carries on where it stopped.
func TestMenuEnrolmentStopsAndResumes(t *testing.T) {
	r := newMenuRig(t, MenuOpts{})
	next := tagMaker()
	task := registry.TrainTask(1, engine.Green)
	r.key(Key{KeyEntry, int(EntryEnrol)})
	r.key(taskKey(task))
	for range 5 {
		r.scan(2, next())
	}
	for range 3 { // enrolling, tasks, entries: closed
		r.press(1, hal.Cancel)
	}
	if r.m.IsOpen() {
		t.Fatal("open after Cancel from the entries")
	}
	reg, _ := r.store.Load()
	m := NewMenu(MenuOpts{Config: config.Default(), Session: registry.NewSession(r.store, reg)})
	m.Open(0, r.clk.Now())
	r.m, r.reg = m, reg
	r.key(Key{KeyEntry, int(EntryEnrol)})
	r.key(taskKey(task))
	if v := r.view(); v.Done != 5 || v.Of != 12 || !strings.HasSuffix(r.words(v.Progress), ": 5 of 12") {
		t.Fatalf("resumed at %d of %d (%q), want 5 of 12", v.Done, v.Of, r.words(v.Progress))
	}
	for range 7 {
		r.scan(0, next())
	}
	if rp := r.scan(0, next()); rp.Sound != hal.SoundRefused || r.words(r.view().Result) != "All 12 green cards are enrolled already: this card is of another colour." {
		t.Errorf("a 13th green: %q", r.words(r.view().Result))
	}
}

// TestMenuCancelGoesBackOnePage: from every page Cancel (and the Back
// key) goes back one page, and from the entries closes the menu.
func TestMenuCancelGoesBackOnePage(t *testing.T) {
	for _, tc := range []struct {
		name string
		keys []Key
		want []Page
	}{
		{"enrolling", []Key{{KeyEntry, int(EntryEnrol)}, {KeyTask, 0}}, []Page{PageEnrolTask, PageEntries}},
		{"check", []Key{{KeyEntry, int(EntryCheck)}}, []Page{PageEntries}},
		{"settings", []Key{{KeyEntry, int(EntrySettings)}}, []Page{PageEntries}},
		{"records", []Key{{KeyEntry, int(EntryRecords)}}, []Page{PageEntries}},
	} {
		for _, how := range []string{"cancel", "back"} {
			t.Run(tc.name+" "+how, func(t *testing.T) {
				r := newMenuRig(t, MenuOpts{ConfigPath: "table.json"})
				for _, k := range tc.keys {
					r.key(k)
				}
				for _, want := range append(tc.want, 0) {
					var rp Reply
					if how == "cancel" {
						rp = r.press(1, hal.Cancel)
					} else {
						rp = r.key(Key{Kind: KeyBack})
					}
					if want == 0 && r.m.Page() == PageEntries && rp.Closed {
						break
					}
					if got := r.m.Page(); got != want {
						t.Fatalf("page %s, want %s", got, want)
					}
				}
				if r.m.IsOpen() || r.m.View().Open {
					t.Error("still open after going back from the entries")
				}
			})
		}
	}
}

// TestMenuIgnoresWhatItDoesNotShow: keys the page does not show or shows
// disabled, another seat's presses, touches on the board and a tag on a
// page that takes none change nothing and never panic.
func TestMenuIgnoresWhatItDoesNotShow(t *testing.T) {
	r := newMenuRig(t, MenuOpts{}) // no config path: settings disabled
	for _, k := range []Key{{KeyTicket, 0}, {KeyTask, 999}, {KeyGame, -1}, {KeyEntry, int(EntrySettings)}, {KeyEntry, 99}, {KeySkip, 0}, {KeyHeard, 0}, {KeySetting, int(SettingSave)}} {
		r.key(k)
		if p := r.m.Page(); p != PageEntries {
			t.Fatalf("%+v opened %s", k, p)
		}
	}
	r.press(0, hal.Cancel)
	r.scan(2, "04AABBCCDDEEFF")
	r.m.Handle(hal.Touch{Kind: hal.RouteArea, ID: "7", X: 10, Y: 10}, r.clk.Now())
	r.m.Handle(hal.Touch{Kind: hal.ScreenKey, ID: "owner.nonsense"}, r.clk.Now())
	if !r.m.IsOpen() || r.m.Page() != PageEntries || r.reg.Len() != 0 {
		t.Errorf("open %v page %s, %d cards", r.m.IsOpen(), r.m.Page(), r.reg.Len())
	}
	if got := r.words(r.view().Keys[EntrySettings].State); got != "The config cannot be written now: see the start screen." {
		t.Errorf("settings' state %q", got)
	}
}

// TestKeyOfTouch: a key sent as a touch comes back as the same key; other
// touches are no key of the menu.
func TestKeyOfTouch(t *testing.T) {
	for k := KeyEntry; k <= KeyBack; k++ {
		want := Key{k, 7}
		if got, ok := KeyOf(want.Touch(2, time.Time{})); !ok || got != want {
			t.Errorf("%+v came back as %+v %v", want, got, ok)
		}
	}
	for _, tc := range []hal.Touch{{Kind: hal.ScreenKey, ID: "confirm"}, {Kind: hal.RouteArea, ID: "owner.entry"}, {Kind: hal.ScreenKey, ID: "owner."}} {
		if k, ok := KeyOf(tc); ok {
			t.Errorf("%+v is key %+v", tc, k)
		}
	}
}

// checkMenu opens the hardware check of a menu rig.
func checkMenu(t *testing.T) *menuRig {
	r := newMenuRig(t, MenuOpts{CheckTimeout: 30 * time.Second})
	r.key(Key{KeyEntry, int(EntryCheck)})
	if v := r.view(); v.Page != PageCheck || v.Of != 18 || r.words(v.Progress) != "Check 1 of 18" {
		t.Fatalf("page %s %d of %d %q", v.Page, v.Done, v.Of, r.words(v.Progress))
	}
	return r
}

// TestMenuCheckPasses: every reader, button, corner, two fingers and the
// sound pass through the fake devices and the menu's keys; the sound's
// check plays the test sound; the summary says 18 passed.
func TestMenuCheckPasses(t *testing.T) {
	r := checkMenu(t)
	for s := range 4 {
		if rp := r.scan(s, "DEADBEEF"); rp.Sound != hal.SoundScan {
			t.Fatalf("seat %d reader: %q", s+1, r.words(r.view().Result))
		}
		r.press(s, hal.Confirm)
		r.press(s, hal.Cancel)
	}
	for _, xy := range [][2]float32{{10, 10}, {1900, 10}, {1910, 1075}, {5, 1070}} {
		r.m.Touch(hal.Touch{X: xy[0], Y: xy[1], Seat: -1}, 1, r.clk.Now())
	}
	rp := r.m.Touch(hal.Touch{X: 300, Y: 300, Seat: -1}, 2, r.clk.Now())
	if rp.Sound != TestSound {
		t.Errorf("the sound's check began with %v, want the test sound", rp.Sound)
	}
	if v := r.view(); !v.Keys[1].Enabled {
		t.Error("I heard it is not offered during the sound's check")
	}
	r.key(Key{Kind: KeyHeard})
	v := r.view()
	if got := r.words(v.Progress); got != "Done: 18 passed, 0 failed, 0 skipped." {
		t.Errorf("summary %q", got)
	}
}

// TestMenuCheckFails: each check fails through the fake devices (a card
// at the wrong reader, the wrong button, a corner missed, one finger, no
// sound heard, a reader offline) once its time is up, and the summary
// lists each failure with what to do.
func TestMenuCheckFails(t *testing.T) {
	r := checkMenu(t)
	r.readers[0].SetOffline(fmt.Errorf("spi: no answer"))
	st, _ := r.readers[0].ReadStatus(context.Background())
	r.m.Handle(st, r.clk.Now())
	expire := func() Reply {
		r.clk.Advance(31 * time.Second)
		return r.reply(r.m.Tick(r.clk.Now()))
	}
	if rp := expire(); rp.Sound != hal.SoundRefused || !strings.Contains(r.words(r.view().Result), "spi: no answer") {
		t.Errorf("an offline reader: %v %q", rp.Sound, r.words(r.view().Result))
	}
	r.press(0, hal.Cancel) // the Confirm's check: the wrong button
	expire()
	expire()
	for s := 1; s < 4; s++ {
		r.scan(s%3+1, "DEADBEEF") // a card at the wrong reader
		if got := r.words(r.view().Result); !strings.Contains(got, fmt.Sprint(s+1)) {
			t.Errorf("wrong reader: %q", got)
		}
		expire()
		expire()
		expire()
	}
	for range 4 {
		r.m.Touch(hal.Touch{X: 960, Y: 540}, 1, r.clk.Now()) // the middle
		expire()
	}
	r.m.Touch(hal.Touch{X: 960, Y: 540}, 1, r.clk.Now())
	expire()
	expire() // the sound, never heard
	v := r.view()
	if got := r.words(v.Progress); got != "Done: 0 passed, 18 failed, 0 skipped." {
		t.Fatalf("summary %q", got)
	}
	if len(v.Lines) != 18 {
		t.Errorf("%d failures listed, want 18", len(v.Lines))
	}
	for i, ch := range r.m.Checks().List {
		if why := r.words(ch.Saw); ch.Saw.IsZero() || i < len(v.Lines) && !strings.Contains(r.words(v.Lines[i]), why) {
			t.Errorf("%s: failure listed without why: %q", ch.Name, why)
		}
	}
}

// TestMenuSettingsWrittenAndReadBack: the settings' keys and the seat's
// Confirm (on Save) write the config on the boot partition; the file read
// back holds them; the previous one is kept.
func TestMenuSettingsWrittenAndReadBack(t *testing.T) {
	data := exampleConfig(t)
	d := storagetest.New()
	const path = "/boot/firmware/table.json"
	storage.MkdirAll(d, "/boot/firmware", 0o755)
	if err := config.WriteFile(d, path, data); err != nil {
		t.Fatal(err)
	}
	cfg := config.ReadData(data).Config
	r := newMenuRig(t, MenuOpts{Config: cfg, FS: d, ConfigPath: path})
	r.key(Key{KeyEntry, int(EntrySettings)})
	if v := r.view(); v.Keys[v.Focus].Key != (Key{KeySetting, int(SettingSave)}) || v.Keys[v.Focus].Enabled {
		t.Fatalf("focus on %+v, want Save, disabled while nothing changed", v.Keys[v.Focus])
	}
	for _, s := range []Setting{SettingLanguage, SettingMap, SettingVolumeDown, SettingMute, SettingColor + 0, SettingName + 1} {
		r.key(Key{KeySetting, int(s)})
	}
	rp := r.press(1, hal.Confirm) // Save, focused
	if !rp.Saved || r.words(r.view().Result) != "Saved in table.json; the previous one is kept as table.json.bak." {
		t.Fatalf("saved %v: %q", rp.Saved, r.words(r.view().Result))
	}
	back, _ := storage.ReadFile(d, path, config.MaxFile)
	rb := config.ReadData(back)
	want := config.Settings{Language: "ro", Map: "usa", Sound: config.Sound{Volume: 70, Mute: true},
		Seats: []config.SeatSettings{{Color: "black"}, {Color: "blue"}, {Color: "green"}, {Color: "yellow"}}}
	if got := config.SettingsOf(rb.Config); len(rb.Problems) != 0 || !reflect.DeepEqual(got, want) {
		t.Errorf("read back %+v %v\nwant %+v", got, rb.Problems, want)
	}
	if got := config.SettingsOf(cfg); !reflect.DeepEqual(got, want) {
		t.Errorf("the table's config %+v, want what was saved", got)
	}
	if bak, err := storage.ReadFile(d, path+config.BackupSuffix, config.MaxFile); err != nil || string(bak) != string(data) {
		t.Errorf("previous file: %v", err)
	}
}

// TestMenuHistoryAndRecords: the history page lists every game of a
// folder of many games (the finished ones open their end again, the
// others do not), a game's page has its final state and players, and the
// records page lists the named players.
func TestMenuHistoryAndRecords(t *testing.T) {
	dir := manyGames(t)
	r := newMenuRig(t, MenuOpts{Logs: dir})
	if got := r.words(r.view().Keys[EntryHistory].State); got != "Games kept: 9" {
		t.Errorf("history entry %q", got)
	}
	r.key(Key{KeyEntry, int(EntryHistory)})
	v := r.view()
	var finished []Key
	for _, k := range v.Keys {
		if k.Key.Kind == KeyGame && k.Enabled {
			finished = append(finished, k.Key)
		}
	}
	if len(v.Keys) != 9+1 || len(finished) != 6 {
		t.Fatalf("%d keys, %d finished games, want 9 games and Back, 6 finished", len(v.Keys), len(finished))
	}
	for _, k := range finished {
		r.key(k)
		g := r.view()
		if g.Page != PageGame || g.Game == nil || !g.Game.IsTerminal() || len(g.Lines) != 2+3 {
			t.Fatalf("%+v: page %s, final state %v, %d lines", k, g.Page, g.Game != nil, len(g.Lines))
		}
		r.press(1, hal.Cancel)
	}
	r.press(1, hal.Cancel)
	r.key(Key{KeyEntry, int(EntryRecords)})
	v = r.view()
	if len(v.Lines) != 2 || !strings.HasPrefix(r.words(v.Lines[0]), "Ana") && !strings.HasPrefix(r.words(v.Lines[0]), "Bruno") {
		t.Errorf("records %d lines, first %q", len(v.Lines), r.words(v.Lines[0]))
	}
}

// exampleConfig is the documented example config.
func exampleConfig(t testing.TB) []byte {
	t.Helper()
	data, err := os.ReadFile("../../../docs/table.example.json")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// The keystroke-level model of hal/registry's Example_enrolmentTime, in
// seconds of a person's time: a card laid on the reader and lifted, a
// touch on the screen (or a press of a seat's button), and reading a
// prompt or finding a ticket in the list offered.
const (
	scanTime  = 1.2
	touchTime = 1.1
	readTime  = 1.35
)

// TestMenuEnrolmentTime counts the inputs of enrolling each deck through
// the menu, as a person makes them (each colour's key, its prompt read,
// each card scanned, Cancel back to the tasks; each ticket scanned, found
// in the list and touched), estimates the time with the keystroke model,
// and holds it to the aims: at most 2 s a train card, 5 s a ticket.
// Run with -v to read the figures.
func TestMenuEnrolmentTime(t *testing.T) {
	r := newMenuRig(t, MenuOpts{})
	rng := rand.New(rand.NewPCG(5, 6))
	next := tagMaker()
	r.key(Key{KeyEntry, int(EntryEnrol)})
	r.reads++
	for _, deck := range []struct {
		name  string
		cards int
		aim   float64
		enrol func()
	}{
		{"train cards, box 1", registry.TrainCards, 2, func() { r.enrolDeck(1, rng, next) }},
		{"train cards, box 2", registry.TrainCards, 2, func() { r.enrolDeck(2, rng, next) }},
		{"europe tickets", len(registry.TicketDeck("europe")), 5, func() { r.enrolTickets("europe", rng, next) }},
		{"usa tickets", len(registry.TicketDeck("usa")), 5, func() { r.enrolTickets("usa", rng, next) }},
	} {
		r.scans, r.touches, r.reads = 0, 0, 0
		deck.enrol()
		secs := float64(r.scans)*scanTime + float64(r.touches)*touchTime + float64(r.reads)*readTime
		t.Logf("%s: %d scans, %d touches, %d reads: %.0f s, %.2f s a card", deck.name, r.scans, r.touches, r.reads, secs, secs/float64(deck.cards))
		if r.scans != deck.cards {
			t.Errorf("%s: %d scans for %d cards", deck.name, r.scans, deck.cards)
		}
		if secs/float64(deck.cards) > deck.aim {
			t.Errorf("%s: %.2f s a card, aim %.0f s", deck.name, secs/float64(deck.cards), deck.aim)
		}
	}
}
