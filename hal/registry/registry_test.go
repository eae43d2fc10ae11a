package registry

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"ttr/hal"
	"ttr/hal/haltest"
	"ttr/hal/storage"
)

func TestTrainDeck(t *testing.T) {
	deck := TrainDeck()
	if len(deck) != 110 {
		t.Fatalf("got %d cards, want 110", len(deck))
	}
	count := map[string]int{}
	seen := map[Card]bool{}
	for _, c := range deck {
		if err := c.Validate(); err != nil {
			t.Errorf("%v: %v", c, err)
		}
		if seen[c] {
			t.Errorf("%v twice", c)
		}
		seen[c] = true
		count[c.Color]++
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

func TestCardText(t *testing.T) {
	deck := append(TrainDeck(), TicketDeck("usa", [][2]string{{"boston", "miami"}, {"los-angeles", "new-york"}})...)
	for _, c := range deck {
		got, err := ParseCard(c.String())
		if err != nil || got != c {
			t.Errorf("ParseCard(%q): got %+v, %v, want %+v", c, got, err, c)
		}
	}
	for _, s := range []string{
		"", "train", "train red", "train red x", "train red 0", "train red 13", "train locomotive 15",
		"train pink 1", "ticket usa boston", "ticket usa boston boston", "ticket USA boston miami",
		"ticket usa bo_ston miami", "card red 1",
	} {
		if c, err := ParseCard(s); err == nil {
			t.Errorf("ParseCard(%q): got %+v, want an error", s, c)
		}
	}
	if err := (Card{Kind: Train, Color: "red", Number: 1, Map: "usa"}).Validate(); err == nil {
		t.Error("a train card with a map: got no error")
	}
	if err := (Card{Kind: Ticket, Map: "usa", A: "a", B: "b", Number: 2}).Validate(); err == nil {
		t.Error("a ticket with a number: got no error")
	}
	if err := (Card{}).Validate(); err == nil {
		t.Error("a card of no kind: got no error")
	}
}

var (
	red3  = Card{Kind: Train, Color: "red", Number: 3}
	loco  = Card{Kind: Train, Color: Locomotive, Number: 14}
	bosMi = Card{Kind: Ticket, Map: "usa", A: "boston", B: "miami"}
)

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
	if r.Len() != 1 {
		t.Errorf("Len: got %d, want 1", r.Len())
	}
}

func sample(t *testing.T) *Registry {
	t.Helper()
	r := New()
	for uid, c := range map[hal.UID]Card{"DEADBEEF": red3, "045A6B7C8D9E80": loco, "04A1B2C3D4E5F6": bosMi} {
		if err := r.Add(uid, c); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

func TestRoundTrip(t *testing.T) {
	r := sample(t)
	data, _ := r.MarshalText()
	got, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Entries(), r.Entries()) {
		t.Errorf("got %v, want %v", got.Entries(), r.Entries())
	}
}

func TestCorruptFilesRefused(t *testing.T) {
	data, _ := sample(t).MarshalText()
	for i := range len(data) {
		if _, err := Parse(data[:i]); err == nil {
			t.Fatalf("the first %d of %d bytes: got no error", i, len(data))
		}
	}
	for i := range len(data) {
		bad := bytes.Clone(data)
		bad[i] ^= 0x01
		if _, err := Parse(bad); err == nil {
			t.Fatalf("byte %d changed: got no error", i)
		}
	}
	if _, err := Parse(data[:len(data)-20]); !errors.Is(err, ErrCorrupt) {
		t.Errorf("cut short: got %v, want ErrCorrupt", err)
	}
}

func TestSaveLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cards.txt")
	r := sample(t)
	if err := r.SaveFS(storage.OS, path); err != nil {
		t.Fatal(err)
	}
	if err := r.Add("CAFEF00D", Card{Kind: Train, Color: "purple", Number: 1}); err != nil {
		t.Fatal(err)
	}
	if err := r.SaveFS(storage.OS, path); err != nil { // over the old file
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Len() != 4 {
		t.Errorf("loaded %d cards, want 4", got.Len())
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

// scripted is a TagReader that returns its scans, then io.EOF: a person
// who walked away in the middle of an enrolment.
type scripted struct{ uids []hal.UID }

func (s *scripted) ReadTag(ctx context.Context) (hal.Scan, error) {
	if len(s.uids) == 0 {
		return hal.Scan{}, io.EOF
	}
	u := s.uids[0]
	s.uids = s.uids[1:]
	return hal.Scan{UID: u}, nil
}

func TestEnrol(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cards.txt")
	deck := []Card{red3, loco, bosMi}
	clk := haltest.NewClock(t0)
	rd := haltest.NewReader(0, clk)
	for _, u := range []hal.UID{"DEADBEEF", "DEADBEEF", "08A1B2C3", "045A6B7C8D9E80", "04A1B2C3D4E5F6"} {
		rd.Tap(u)
	}
	var out strings.Builder
	reg, err := Enrol(context.Background(), Enrolment{Path: path, Deck: deck, Reader: rd, Out: &out})
	if err != nil {
		t.Fatal(err)
	}
	want := `Card 1 of 3: scan train red 3
  train red 3 = DEADBEEF
Card 2 of 3: scan train locomotive 14
  Tag DEADBEEF is already train red 3: put that card aside and scan train locomotive 14
  Tag 08A1B2C3 has a random UID: it gives another one each time it is scanned, so the table could never recognise it. Stick a tag with a fixed UID (NTAG213, MIFARE Classic) on train locomotive 14 and scan it
  train locomotive 14 = 045A6B7C8D9E80
Card 3 of 3: scan ticket usa boston miami
  ticket usa boston miami = 04A1B2C3D4E5F6
All 3 cards are enrolled in ` + path + ".\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	saved, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(saved.Entries(), reg.Entries()) || reg.Len() != 3 {
		t.Errorf("saved %v, returned %v, want the same 3 cards", saved.Entries(), reg.Entries())
	}
}

func TestEnrolResumes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cards.txt")
	deck := TrainDeck()[:4]
	var out strings.Builder
	_, err := Enrol(context.Background(), Enrolment{Path: path, Deck: deck, Reader: &scripted{uids: []hal.UID{"00000001", "00000002"}}, Out: &out})
	if !errors.Is(err, io.EOF) {
		t.Fatalf("interrupted enrolment: got %v, want io.EOF", err)
	}
	out.Reset()
	reg, err := Enrol(context.Background(), Enrolment{Path: path, Deck: deck, Reader: &scripted{uids: []hal.UID{"00000001", "00000003", "00000004"}}, Out: &out})
	if err != nil {
		t.Fatal(err)
	}
	want := `Resuming: 2 of 4 cards are enrolled already.
Card 3 of 4: scan train purple 3
  Tag 00000001 is already train purple 1: put that card aside and scan train purple 3
  train purple 3 = 00000003
Card 4 of 4: scan train purple 4
  train purple 4 = 00000004
All 4 cards are enrolled in ` + path + ".\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	for i, c := range deck {
		if u, ok := reg.UID(c); !ok || u != hal.UID(fmt.Sprintf("%08d", i+1)) {
			t.Errorf("%v: got %q, %t", c, u, ok)
		}
	}
}

func TestEnrolForget(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cards.txt")
	deck := TrainDeck()[:3]
	if _, err := Enrol(context.Background(), Enrolment{Path: path, Deck: deck, Reader: &scripted{uids: []hal.UID{"00000001", "00000002", "00000003"}}, Out: io.Discard}); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	reg, err := Enrol(context.Background(), Enrolment{Path: path, Deck: deck, Forget: deck[1:2], Reader: &scripted{uids: []hal.UID{"000000AA"}}, Out: &out})
	if err != nil {
		t.Fatal(err)
	}
	if u, _ := reg.UID(deck[1]); u != "000000AA" {
		t.Errorf("%v: got %q, want the new tag 000000AA", deck[1], u)
	}
	if _, ok := reg.Lookup("00000002"); ok {
		t.Error("the old tag is still enrolled")
	}
	if !strings.HasPrefix(out.String(), "Forgot the tag of train purple 2.\nResuming: 2 of 3") {
		t.Errorf("got\n%s", out.String())
	}
	if _, err := Enrol(context.Background(), Enrolment{Path: path, Deck: deck, Forget: []Card{loco}, Reader: &scripted{}, Out: io.Discard}); err == nil {
		t.Error("forgetting a card not enrolled: got no error")
	}
}

func TestEnrolRefusesDamagedRegistry(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cards.txt")
	data, _ := sample(t).MarshalText()
	half := data[:len(data)/2]
	if err := os.WriteFile(path, half, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Enrol(context.Background(), Enrolment{Path: path, Deck: TrainDeck(), Reader: &scripted{uids: []hal.UID{"00000001"}}, Out: io.Discard})
	if !errors.Is(err, ErrCorrupt) {
		t.Errorf("got %v, want ErrCorrupt", err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, half) {
		t.Error("the damaged file was changed")
	}
}

func TestEnrolStopsOnCancel(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cards.txt")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rd := haltest.NewReader(0, haltest.NewClock(t0))
	if _, err := Enrol(ctx, Enrolment{Path: path, Deck: TrainDeck(), Reader: rd, Out: io.Discard}); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
}

func FuzzParse(f *testing.F) {
	r := New()
	_ = r.Add("DEADBEEF", red3)
	data, _ := r.MarshalText()
	f.Add(data)
	f.Add([]byte(header + "\nsha256 00\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		reg, err := Parse(b)
		if err != nil {
			return
		}
		again, _ := reg.MarshalText()
		if !bytes.Equal(again, b) {
			t.Errorf("accepted %q but writes it back as %q", b, again)
		}
	})
}

func ExampleRegistry_Lookup() {
	r := New()
	_ = r.Add("DEADBEEF", Card{Kind: Train, Color: "red", Number: 3})
	for _, uid := range []hal.UID{"DEADBEEF", "CAFEF00D"} {
		if c, ok := r.Lookup(uid); ok {
			fmt.Println(uid, "is", c)
		} else {
			fmt.Println(uid, "is unknown")
		}
	}
	// Output:
	// DEADBEEF is train red 3
	// CAFEF00D is unknown
}

var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
