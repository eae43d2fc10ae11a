package owner

import (
	"os"
	"reflect"
	"testing"
	"time"

	"ttr/display/msg"
	"ttr/hal"
	"ttr/hal/config"
	"ttr/hal/storage"
	"ttr/hal/storage/storagetest"
	"ttr/input"
)

var t0 = time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)

func press(seat hal.Seat, b hal.Button, long bool, at time.Duration) hal.Press {
	return hal.Press{Seat: seat, Button: b, Long: long, At: t0.Add(at)}
}

// TestOpenerNeedsTwoHoldsOfBoth: the menu opens only after a seat's
// Confirm and Cancel are held together twice within OpenWithin; presses a
// child makes (short presses, one button held, both held once, holds too
// far apart, the two buttons of different seats) never open it.
func TestOpenerNeedsTwoHoldsOfBoth(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		name    string
		presses []hal.Press
		asks    int
		opens   bool
	}{
		{"two holds of both", []hal.Press{
			press(1, hal.Confirm, true, 0), press(1, hal.Cancel, true, 100*ms),
			press(1, hal.Cancel, true, 3*time.Second), press(1, hal.Confirm, true, 3*time.Second+50*ms)}, 1, true},
		{"short presses", []hal.Press{
			press(1, hal.Confirm, false, 0), press(1, hal.Cancel, false, 10*ms),
			press(1, hal.Confirm, false, time.Second), press(1, hal.Cancel, false, time.Second)}, 0, false},
		{"one button held", []hal.Press{
			press(1, hal.Confirm, true, 0), press(1, hal.Confirm, true, 2*time.Second), press(1, hal.Confirm, true, 4*time.Second)}, 0, false},
		{"both held once", []hal.Press{press(1, hal.Confirm, true, 0), press(1, hal.Cancel, true, 100*ms)}, 1, false},
		{"not together", []hal.Press{
			press(1, hal.Confirm, true, 0), press(1, hal.Cancel, true, time.Second),
			press(1, hal.Confirm, true, 2*time.Second), press(1, hal.Cancel, true, 3*time.Second)}, 0, false},
		{"holds too far apart", []hal.Press{
			press(1, hal.Confirm, true, 0), press(1, hal.Cancel, true, 100*ms),
			press(1, hal.Confirm, true, 11*time.Second), press(1, hal.Cancel, true, 11*time.Second)}, 2, false},
		{"a short press between", []hal.Press{
			press(1, hal.Confirm, true, 0), press(1, hal.Cancel, true, 100*ms),
			press(1, hal.Confirm, false, time.Second),
			press(1, hal.Confirm, true, 2*time.Second), press(1, hal.Cancel, true, 2*time.Second)}, 2, false},
		{"two seats", []hal.Press{
			press(1, hal.Confirm, true, 0), press(2, hal.Cancel, true, 0),
			press(1, hal.Confirm, true, time.Second), press(2, hal.Cancel, true, time.Second)}, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var o Opener
			asks, opens := 0, false
			for _, p := range tc.presses {
				ask, open := o.Press(p)
				if ask {
					asks++
				}
				opens = opens || open
			}
			if asks != tc.asks || opens != tc.opens {
				t.Errorf("asked %d times, opened %v; want %d, %v", asks, opens, tc.asks, tc.opens)
			}
		})
	}
	var o Opener
	o.KeyDown(t0)
	if o.KeyUp(t0.Add(KeyHold - time.Millisecond)) {
		t.Error("a key held less than KeyHold opened the menu")
	}
	o.KeyDown(t0)
	if !o.KeyUp(t0.Add(KeyHold)) {
		t.Error("a key held KeyHold did not open the menu")
	}
}

// fakeEnroller is an enrolment session half done.
type fakeEnroller struct{}

func (fakeEnroller) Decks() []DeckProgress {
	return []DeckProgress{{"trains", 110, 110}, {"europe", 12, 46}}
}
func (fakeEnroller) Handle(hal.Event) []input.Text { return nil }
func (fakeEnroller) Prompt() input.Text            { return input.Text{} }

// TestEntries: the menu's entries and their states in words; settings wait
// for the game in progress; enrolment says how far each deck is, or why it
// cannot be opened.
func TestEntries(t *testing.T) {
	cat, err := msg.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		s        MenuState
		settings bool
		enrol    string // in English
	}{
		{"between games", MenuState{Enrol: fakeEnroller{}, Games: 3, Records: 2}, true, "train cards 110 of 110 and Europe tickets 12 of 46"},
		{"a game in progress", MenuState{Enrol: fakeEnroller{}, Playing: true}, false, "train cards 110 of 110 and Europe tickets 12 of 46"},
		{"no registry", MenuState{}, true, "The card registry cannot be written: see the start screen."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			es := Entries(tc.s)
			if len(es) != 6 {
				t.Fatalf("%d entries", len(es))
			}
			for _, e := range es {
				for _, tx := range []input.Text{e.Label, e.State} {
					if tx.IsZero() {
						continue
					}
					if err := cat.Check(tx); err != nil {
						t.Errorf("entry %d: %v", e.ID, err)
					}
				}
			}
			if es[EntrySettings].Enabled != tc.settings {
				t.Errorf("settings enabled %v, want %v", es[EntrySettings].Enabled, tc.settings)
			}
			if got := cat.Text(msg.EN, es[EntryEnrol].State); got != tc.enrol {
				t.Errorf("enrolment state %q, want %q", got, tc.enrol)
			}
		})
	}
}

// TestSettingsEditorSaves: the owner's changes on the glass are written
// into the config on the (simulated) boot partition, read back by the
// table, with the previous file kept; a colour is never given twice.
func TestSettingsEditorSaves(t *testing.T) {
	data, err := os.ReadFile("../../../docs/table.example.json")
	if err != nil {
		t.Fatal(err)
	}
	d := storagetest.New()
	const path = "/boot/firmware/table.json"
	storage.MkdirAll(d, "/boot/firmware", 0o755)
	if err := config.WriteFile(d, path, data); err != nil {
		t.Fatal(err)
	}
	r := config.ReadData(data)
	e := NewSettingsEditor(config.SettingsOf(r.Config))
	cat, _ := msg.Load()
	if got := cat.Text(msg.EN, e.Save(d, path)); got != "Nothing to save." {
		t.Errorf("unchanged: %q", got)
	}
	e.NextLanguage() // es -> ro
	e.NextMap()      // europe -> usa
	e.Volume(-3)     // 80 -> 50
	e.ToggleMute()
	e.NextColor(0) // red -> black (blue, green, yellow are taken)
	e.ClearName(1)
	for _, l := range e.Lines() {
		if err := cat.Check(l); err != nil {
			t.Error(err)
		}
	}
	if got := cat.Text(msg.RO, e.Lines()[0]); got != "Limba: Română" {
		t.Errorf("language line %q", got)
	}
	if got := cat.Text(msg.ES, e.Save(d, path)); got != "Guardado en table.json; el anterior queda como table.json.bak." {
		t.Errorf("save: %q", got)
	}
	back, _ := storage.ReadFile(d, path, config.MaxFile)
	rb := config.ReadData(back)
	want := config.Settings{Language: "ro", Map: "usa", Sound: config.Sound{Volume: 50, Mute: true},
		Seats: []config.SeatSettings{{Color: "black"}, {Color: "blue"}, {Color: "green"}, {Color: "yellow"}}}
	if len(rb.Problems) != 0 || !reflect.DeepEqual(config.SettingsOf(rb.Config), want) {
		t.Errorf("read back %+v %v\nwant %+v", config.SettingsOf(rb.Config), rb.Problems, want)
	}
	if bak, err := storage.ReadFile(d, path+config.BackupSuffix, config.MaxFile); err != nil || string(bak) != string(data) {
		t.Errorf("backup: %v", err)
	}
	if e.Changed() {
		t.Error("changed after a save")
	}
}
