package registry

import (
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"testing"

	"ttr/engine"
	"ttr/hal"
	"ttr/hal/storage"
	"ttr/hal/storage/storagetest"
)

// newDisk returns a disk with the registry's and the backup's folders.
func newDisk(t *testing.T) (*storagetest.Disk, Store) {
	t.Helper()
	d := storagetest.New()
	for _, dir := range []string{"/var/lib/ttr", "/boot/firmware"} {
		if err := storage.MkdirAll(d, dir, 0o750); err != nil {
			t.Fatal(err)
		}
	}
	return d, Store{FS: d, Path: "/var/lib/ttr/cards.txt", Backup: "/boot/firmware/" + backupName}
}

func uid(box, i int) hal.UID { return hal.UID(fmt.Sprintf("%02X%012X", 3+box, i)) }

// TestSessionEnrolsAColourInAnyOrder: the twelve red cards of a box are
// enrolled in whatever order they are scanned, each saved at once, and
// every other tag is answered with what it is.
func TestSessionEnrolsAColourInAnyOrder(t *testing.T) {
	_, st := newDisk(t)
	reg, _ := st.Load()
	if err := reg.Add(uid(1, 1), TrainCard(1, 86)); err != nil { // box 1's red 3
		t.Fatal(err)
	}
	if err := reg.Add("04AAAAAAAAAAAA", TicketDeck("usa")[0]); err != nil {
		t.Fatal(err)
	}
	s := NewSession(st, reg)
	if err := s.Begin(TrainTask(2, engine.Red)); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		uid   hal.UID
		want  Outcome
		card  Card
		count int
	}{
		{"a new tag", uid(2, 50), Enrolled, TrainCard(2, 84), 1},
		{"another", uid(2, 7), Enrolled, TrainCard(2, 85), 2},
		{"the first again", uid(2, 50), Known, TrainCard(2, 84), 2},
		{"a card of box 1", uid(1, 1), OtherBox, TrainCard(1, 86), 2},
		{"a ticket", "04AAAAAAAAAAAA", Known, TicketDeck("usa")[0], 2},
		{"a random UID", "08123456", Random, Card{}, 2},
		{"a third", uid(2, 3), Enrolled, TrainCard(2, 86), 3},
	} {
		res, err := s.Scan(tc.uid)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if res.Outcome != tc.want || res.Card != tc.card || res.Count != tc.count || res.Of != 12 || res.UID != tc.uid {
			t.Errorf("%s: got %+v, want %s %v, %d of 12", tc.name, res, tc.want, tc.card, tc.count)
		}
		// Saved after every card: the file says what the session does.
		saved, rep := st.Load()
		if !rep.OK() || !reflect.DeepEqual(saved.Entries(), reg.Entries()) {
			t.Errorf("%s: saved %v (%+v), want %v", tc.name, saved.Entries(), rep, reg.Entries())
		}
	}
	for i := 4; i <= 12; i++ {
		if res, err := s.Scan(uid(2, 100+i)); err != nil || res.Outcome != Enrolled || res.Count != i {
			t.Fatalf("red card %d: got %+v, %v", i, res, err)
		}
	}
	if res, _ := s.Scan(uid(2, 200)); res.Outcome != Full || res.Count != 12 {
		t.Errorf("a 13th red card: got %+v, want full, 12 of 12", res)
	}
	if n, of := s.Progress(); n != 12 || of != 12 {
		t.Errorf("Progress: %d of %d, want 12 of 12", n, of)
	}
}

// TestSessionTicketsAreChosen: a ticket's tag waits for the ticket to be
// chosen among those not enrolled yet; the choice is checked.
func TestSessionTicketsAreChosen(t *testing.T) {
	_, st := newDisk(t)
	reg, _ := st.Load()
	s := NewSession(st, reg)
	if err := s.Begin(TicketTask("europe")); err != nil {
		t.Fatal(err)
	}
	deck := TicketDeck("europe")
	if res, _ := s.Choose(deck[3]); res.Outcome != NoTag {
		t.Errorf("a choice before a scan: got %s, want no_tag", res.Outcome)
	}
	res, err := s.Scan("04000000000001")
	if err != nil || res.Outcome != ChooseTicket || res.Count != 0 || res.Of != 46 {
		t.Fatalf("a ticket's scan: got %+v, %v, want choose_ticket, 0 of 46", res, err)
	}
	if got := s.Offer(); !reflect.DeepEqual(got, deck) {
		t.Errorf("offered %d tickets, want all 46", len(got))
	}
	if res, err = s.Choose(deck[3]); err != nil || res.Outcome != Enrolled || res.Count != 1 || res.Card != deck[3] {
		t.Fatalf("choice: got %+v, %v", res, err)
	}
	if got := s.Offer(); len(got) != 45 || got[3] == deck[3] {
		t.Errorf("after one: offered %d tickets, want 45 without the one enrolled", len(got))
	}
	res, _ = s.Scan("04000000000002")
	if res.Outcome != ChooseTicket {
		t.Fatalf("second scan: got %s", res.Outcome)
	}
	for _, bad := range []Card{deck[3], TicketDeck("usa")[0], TrainCard(1, 0)} {
		if res, _ := s.Choose(bad); res.Outcome != NotOffered {
			t.Errorf("choosing %v: got %s, want not_offered", bad, res.Outcome)
		}
	}
	if u, ok := s.Pending(); !ok || u != "04000000000002" {
		t.Errorf("the tag waiting: got %q, %t", u, ok)
	}
	if res, _ := s.Choose(deck[0]); res.Outcome != Enrolled || res.Count != 2 {
		t.Errorf("choice: got %+v", res)
	}
	if c, _ := reg.Lookup("04000000000001"); c != deck[3] {
		t.Errorf("04000000000001 is %v, want %v", c, deck[3])
	}
}

// TestSessionStopsAndResumesAtAnyCard: a session stopped after any card
// and a new one started from the files go on where it stopped, and
// together enrol the whole box with each tag once.
func TestSessionStopsAndResumesAtAnyCard(t *testing.T) {
	_, st := newDisk(t)
	next := 0
	for stop := 1; ; stop++ {
		reg, rep := st.Load()
		if next > 0 && (!rep.OK() || reg.Len() != next) {
			t.Fatalf("resumed with %d cards (%+v), want %d", reg.Len(), rep, next)
		}
		s := NewSession(st, reg)
		for _, task := range TrainTasks(1) {
			if err := s.Begin(task); err != nil {
				t.Fatal(err)
			}
			for n, of := s.Progress(); n < of && next < stop; n, of = s.Progress() {
				next++
				if res, err := s.Scan(uid(1, next)); err != nil || res.Outcome != Enrolled {
					t.Fatalf("card %d: %+v, %v", next, res, err)
				}
			}
		}
		if next == TrainCards {
			break
		}
	}
	reg, _ := st.Load()
	if reg.Len() != TrainCards {
		t.Errorf("got %d cards, want 110", reg.Len())
	}
}

// TestSessionSaveFails: a card whose save failed is not enrolled, on disk
// or in the session; a failed backup copy keeps the card and says so.
func TestSessionSaveFails(t *testing.T) {
	d, st := newDisk(t)
	reg, _ := st.Load()
	s := NewSession(st, reg)
	_ = s.Begin(TrainTask(1, engine.Blue))
	d.Fault = func(c storagetest.Call) error {
		if c.Op == storagetest.OpSync {
			return errors.New("input/output error")
		}
		return nil
	}
	if _, err := s.Scan(uid(1, 1)); err == nil || errors.Is(err, ErrCopy) {
		t.Fatalf("a failed save: got %v, want the error", err)
	}
	if reg.Len() != 0 {
		t.Errorf("after a failed save the registry has %d cards, want 0", reg.Len())
	}
	d.Fault = func(c storagetest.Call) error {
		if c.Op == storagetest.OpCreate && c.Path != "" && c.Path[:6] == "/boot/" {
			return fs.ErrPermission
		}
		return nil
	}
	res, err := s.Scan(uid(1, 1))
	if !errors.Is(err, ErrCopy) || res.Outcome != Enrolled {
		t.Errorf("a failed backup: got %+v, %v, want enrolled and ErrCopy", res, err)
	}
	d.Fault = nil
	if got, err := LoadFS(d, st.Path); err != nil || got.Len() != 1 {
		t.Errorf("saved: %v, %v, want 1 card", got, err)
	}
}

// TestSessionForget: a card whose sticker was replaced is forgotten and
// its new tag enrolled as any other.
func TestSessionForget(t *testing.T) {
	_, st := newDisk(t)
	reg, _ := st.Load()
	s := NewSession(st, reg)
	_ = s.Begin(TrainTask(1, engine.Green))
	for i := 1; i <= 12; i++ {
		_, _ = s.Scan(uid(1, i))
	}
	green5 := engine.CardsOf(engine.Green)[4]
	if err := s.Forget(TrainCard(1, green5)); err != nil {
		t.Fatal(err)
	}
	if err := s.Forget(TrainCard(1, green5)); err == nil {
		t.Error("forgetting it twice: got no error")
	}
	res, err := s.Scan(uid(1, 99))
	if err != nil || res.Outcome != Enrolled || res.Card != TrainCard(1, green5) {
		t.Errorf("the new tag: got %+v, %v, want green 5", res, err)
	}
	if saved, _ := st.Load(); saved.Len() != 12 {
		t.Errorf("saved %d cards, want 12", saved.Len())
	}
}

func TestTaskValidate(t *testing.T) {
	for _, tc := range []Task{{}, TrainTask(0, engine.Red), TrainTask(3, engine.Red), {Kind: Train, Box: 1, Color: 9}, TicketTask("mars")} {
		if err := tc.Validate(); err == nil {
			t.Errorf("%+v: got no error", tc)
		}
	}
	n := 0
	for _, task := range TrainTasks(2) {
		n += len(task.Cards())
	}
	if n != TrainCards {
		t.Errorf("TrainTasks: %d cards, want 110", n)
	}
}
