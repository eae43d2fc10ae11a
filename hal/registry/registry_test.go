package registry

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"ttr/engine"
	"ttr/hal"
	"ttr/hal/storage"
)

func TestTrainDeck(t *testing.T) {
	for _, box := range []int{1, 2} {
		deck := TrainDeck(box)
		if len(deck) != 110 {
			t.Fatalf("got %d cards, want 110", len(deck))
		}
		count := map[string]int{}
		seen := map[Card]bool{}
		for i, c := range deck {
			if err := c.Validate(); err != nil {
				t.Errorf("%v: %v", c, err)
			}
			if seen[c] || c.Box != box || c.Train != engine.CardID(i) {
				t.Errorf("card %d: %+v", i, c)
			}
			seen[c] = true
			col, _ := c.Color()
			count[col]++
		}
		for _, col := range Colors {
			if count[col] != 12 {
				t.Errorf("%s: got %d cards, want 12", col, count[col])
			}
		}
		if count[Locomotive] != 14 {
			t.Errorf("locomotives: got %d, want 14", count[Locomotive])
		}
	}
}

// TestCardIsTheEngineCard: a registry card names the engine's card and
// ticket ids directly, the ones the engine's log names the same way.
func TestCardIsTheEngineCard(t *testing.T) {
	for _, tc := range []struct {
		text string
		want Card
		log  string // the engine's name of the card
	}{
		{"train purple 1", TrainCard(1, 0), "purple1"},
		{"train red 3", TrainCard(1, 86), "red3"},
		{"train red 3 box 2", TrainCard(2, 86), "red3"},
		{"train locomotive 14", TrainCard(1, 109), "loco14"},
	} {
		got, err := ParseCard(tc.text)
		if err != nil || got != tc.want {
			t.Errorf("ParseCard(%q): got %+v, %v, want %+v", tc.text, got, err, tc.want)
		}
		if got.Train.String() != tc.log {
			t.Errorf("%q is engine card %s, want %s", tc.text, got.Train, tc.log)
		}
	}
	for _, id := range []string{"usa", "europe"} {
		m := boards()[id]
		for i, tk := range m.Tickets {
			c, err := ParseCard(fmt.Sprintf("ticket %s %s %s", id, m.Cities[tk.A].ID, m.Cities[tk.B].ID))
			if err != nil || c != TicketCard(id, engine.TicketID(i)) {
				t.Errorf("%s ticket %d: got %+v, %v", id, i, c, err)
			}
		}
	}
}

func TestCardText(t *testing.T) {
	deck := append(append(TrainDeck(1), TrainDeck(2)...), append(TicketDeck("usa"), TicketDeck("europe")...)...)
	for _, c := range deck {
		got, err := ParseCard(c.String())
		if err != nil || got != c {
			t.Errorf("ParseCard(%q): got %+v, %v, want %+v", c, got, err, c)
		}
	}
	if got, err := ParseCard("train red 3 box 1"); err != nil || got != TrainCard(1, 86) {
		t.Errorf(`"box 1" named: got %+v, %v`, got, err)
	}
	for _, s := range []string{
		"", "train", "train red", "train red x", "train red 0", "train red 13", "train locomotive 15",
		"train pink 1", "train red 3 box 3", "train red 3 box 0", "train red 3 crate 2", "train red 3 box",
		"ticket usa boston", "ticket usa boston boston", "ticket USA boston miami",
		"ticket usa miami boston", "ticket usa boston paris", "ticket mars boston miami", "card red 1",
	} {
		if c, err := ParseCard(s); err == nil {
			t.Errorf("ParseCard(%q): got %+v, want an error", s, c)
		}
	}
	for _, c := range []Card{
		{Kind: Train, Box: 1, Train: 86, Map: "usa"},
		{Kind: Train, Box: 3, Train: 86},
		{Kind: Train, Box: 1, Train: 110},
		{Kind: Ticket, Map: "usa", Ticket: 30},
		{Kind: Ticket, Map: "usa", Ticket: 2, Box: 1},
		{Kind: Ticket, Map: "mars"},
		{},
	} {
		if err := c.Validate(); err == nil {
			t.Errorf("%+v: got no error", c)
		}
	}
}

var (
	red3  = TrainCard(1, 86)
	loco  = TrainCard(1, 109)
	bosMi = mustCard("ticket usa boston miami")
)

func mustCard(s string) Card {
	c, err := ParseCard(s)
	if err != nil {
		panic(err)
	}
	return c
}

func TestAdd(t *testing.T) {
	r := New()
	if err := r.Add("DEADBEEF", red3); err != nil {
		t.Fatal(err)
	}
	var dup *DuplicateError
	if err := r.Add("DEADBEEF", loco); !errors.As(err, &dup) || dup.Card != red3 {
		t.Errorf("same UID twice: got %v, want a DuplicateError naming %v", err, red3)
	}
	if err := r.Add("045A6B7C8D9E80", red3); !errors.As(err, &dup) || dup.UID != "DEADBEEF" {
		t.Errorf("same card twice: got %v, want a DuplicateError naming DEADBEEF", err)
	}
	if err := r.Add("045A6B7C8D9E80", TrainCard(2, 86)); err != nil {
		t.Errorf("the same card of the other box: %v", err)
	}
	for _, uid := range []hal.UID{"", "deadbeef", "DEADBEE", "DEADBEEF00", "ZZZZZZZZ"} {
		if err := r.Add(uid, loco); err == nil {
			t.Errorf("Add(%q): got no error", uid)
		}
	}
	if c, ok := r.Lookup("DEADBEEF"); !ok || c != red3 {
		t.Errorf("Lookup(DEADBEEF): got %v, %t, want %v", c, ok, red3)
	}
	if c, ok := r.Lookup("CAFEF00D"); ok {
		t.Errorf("Lookup of an unknown tag: got %v, want unknown", c)
	}
	if u, ok := r.UID(red3); !ok || u != "DEADBEEF" {
		t.Errorf("UID(%v): got %q, %t", red3, u, ok)
	}
	if r.Len() != 2 {
		t.Errorf("Len: got %d, want 2", r.Len())
	}
}

func sample(t *testing.T) *Registry {
	t.Helper()
	r := New()
	for uid, c := range map[hal.UID]Card{"DEADBEEF": red3, "045A6B7C8D9E80": loco, "04A1B2C3D4E5F6": bosMi, "0BADCAFE": TrainCard(2, 86)} {
		if err := r.Add(uid, c); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

// full returns a registry of both boxes of train cards and every ticket
// of both maps: 296 cards.
func full(t testing.TB) *Registry {
	t.Helper()
	return registryOf(t, append(append(TrainDeck(1), TrainDeck(2)...), append(TicketDeck("usa"), TicketDeck("europe")...)...))
}

// registryOf returns a registry of cards, with made-up UIDs.
func registryOf(t testing.TB, cards []Card) *Registry {
	t.Helper()
	r := New()
	for i, c := range cards {
		if err := r.Add(hal.UID(fmt.Sprintf("04%012X", i+1)), c); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

func TestRoundTrip(t *testing.T) {
	for _, r := range []*Registry{sample(t), full(t), New()} {
		data, _ := r.MarshalText()
		got, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Entries(), r.Entries()) {
			t.Errorf("got %v, want %v", got.Entries(), r.Entries())
		}
	}
}

// TestOldFormatLoads: a registry written before there were two boxes (one
// SHA-256 for the whole file) loads, every train card in box 1, and is
// rewritten in the new format by the next save.
func TestOldFormatLoads(t *testing.T) {
	data, err := os.ReadFile("testdata/v1.txt")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if r.Len() != 186 {
		t.Errorf("got %d cards, want 186", r.Len())
	}
	if c, ok := r.Lookup("04000000000045"); !ok || c.String() != "train yellow 9" || c.Box != 1 {
		t.Errorf("04000000000045: got %v, %t, want train yellow 9 of box 1", c, ok)
	}
	dir := t.TempDir()
	st := Store{Path: filepath.Join(dir, "cards.txt")}
	if err := os.WriteFile(st.Path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	reg, rep := st.Load()
	if !rep.OK() || !rep.Stale || reg.Len() != 186 {
		t.Fatalf("Load: %d cards, %+v, want 186 cards, OK and stale", reg.Len(), rep)
	}
	if err := st.Save(reg); err != nil {
		t.Fatal(err)
	}
	now, _ := os.ReadFile(st.Path)
	if !bytes.HasPrefix(now, []byte(header+"\n")) {
		t.Errorf("after Save the file starts %q, want the new header", now[:30])
	}
	if prev, _ := os.ReadFile(st.Prev()); !bytes.Equal(prev, data) {
		t.Error("the old file is not kept as the previous version")
	}
	// A damaged old file is not trusted: nothing says which line changed.
	bad := bytes.Clone(data)
	bad[30] ^= 1
	if r, err := Parse(bad); !errors.Is(err, ErrCorrupt) || r != nil {
		t.Errorf("damaged old file: got %v, %v, want nothing and ErrCorrupt", r, err)
	}
}

// TestDamageIsReported: a file cut anywhere, or with any byte changed, is
// reported as damaged (never taken as whole).
func TestDamageIsReported(t *testing.T) {
	data, _ := sample(t).MarshalText()
	for i := range len(data) {
		if _, err := Parse(data[:i]); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("the first %d of %d bytes: got %v, want ErrCorrupt", i, len(data), err)
		}
	}
	for i := range len(data) {
		for _, mask := range []byte{0x01, 0x80, 0xFF} {
			bad := bytes.Clone(data)
			bad[i] ^= mask
			if _, err := Parse(bad); !errors.Is(err, ErrCorrupt) {
				t.Fatalf("byte %d ^ %#x: got %v, want ErrCorrupt", i, mask, err)
			}
		}
	}
}

// TestEveryByteFlippedKeepsEveryOtherCard: a registry of 196 cards (a box
// of train cards, both maps' tickets, and a few cards of a second box)
// with any one byte changed (one bit, or all eight), one at a time, still
// gives every card whose line that byte is not in (all of them when it is
// a newline, the header or the end line), and never a card that was not
// enrolled.
func TestEveryByteFlippedKeepsEveryOtherCard(t *testing.T) {
	r := registryOf(t, append(append(TrainDeck(1), TrainDeck(2)[80:90]...), append(TicketDeck("usa"), TicketDeck("europe")...)...))
	want := map[hal.UID]Card{}
	for _, e := range r.Entries() {
		want[e.UID] = e.Card
	}
	data, _ := r.MarshalText()
	variants, worst := 0, len(want)
	for i := range len(data) {
		for _, mask := range []byte{0x01, 0xFF} {
			bad := bytes.Clone(data)
			bad[i] ^= mask
			variants++
			got, err := Parse(bad)
			var d *DamageError
			if !errors.As(err, &d) || got == nil {
				t.Fatalf("byte %d ^ %#x: got %v, want a *DamageError and the cards read", i, mask, err)
			}
			for uid, c := range got.byUID {
				if want[uid] != c {
					t.Fatalf("byte %d ^ %#x: tag %s read as %v, enrolled as %v", i, mask, uid, c, want[uid])
				}
			}
			// The byte's own line may be lost; no other.
			lost := len(want) - got.Len()
			if lost > 1 || (lost == 1 && d.Bad == 0) {
				t.Fatalf("byte %d ^ %#x (%q): %d cards lost, want at most the one of that line (%v)", i, mask, data[i], lost, err)
			}
			worst = min(worst, got.Len())
		}
	}
	t.Logf("%d damaged variants of %d cards (%d bytes): at least %d cards kept in each", variants, len(want), len(data), worst)
}

func TestSaveLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cards.txt")
	r := sample(t)
	if err := r.SaveFS(storage.OS, path); err != nil {
		t.Fatal(err)
	}
	if err := r.Add("CAFEF00D", TrainCard(1, 0)); err != nil {
		t.Fatal(err)
	}
	if err := r.SaveFS(storage.OS, path); err != nil { // over the old file
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Len() != 5 {
		t.Errorf("loaded %d cards, want 5", got.Len())
	}
	files, _ := os.ReadDir(dir)
	if len(files) != 1 {
		t.Errorf("files left in the folder: %v, want only cards.txt", files)
	}
	if err := r.SaveFS(storage.OS, filepath.Join(dir, "no", "such", "dir", "cards.txt")); err == nil {
		t.Error("Save into a missing folder: got no error")
	}
	if _, err := Load(filepath.Join(dir, "none.txt")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load of a missing file: got %v, want os.ErrNotExist", err)
	}
}

func FuzzParse(f *testing.F) {
	r := New()
	_ = r.Add("DEADBEEF", red3)
	data, _ := r.MarshalText()
	f.Add(data)
	f.Add([]byte(header + "\nend cards=0 saves=0 *00000000\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		reg, err := Parse(b)
		if err != nil {
			return
		}
		// What is accepted whole reads back the same.
		again, _ := reg.MarshalText()
		back, err := Parse(again)
		if err != nil || !reflect.DeepEqual(back.Entries(), reg.Entries()) {
			t.Errorf("accepted %q but writes it back as %q (%v)", b, again, err)
		}
	})
}

func ExampleRegistry_Lookup() {
	r := New()
	_ = r.Add("DEADBEEF", TrainCard(1, 86))
	for _, uid := range []hal.UID{"DEADBEEF", "CAFEF00D"} {
		if c, ok := r.Lookup(uid); ok {
			fmt.Println(uid, "is", c, "engine card", c.Train)
		} else {
			fmt.Println(uid, "is unknown")
		}
	}
	// Output:
	// DEADBEEF is train red 3 engine card red3
	// CAFEF00D is unknown
}

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
