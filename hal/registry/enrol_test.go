package registry

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ttr/engine"
	"ttr/hal"
	"ttr/hal/haltest"
)

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
	st := Store{Path: filepath.Join(t.TempDir(), "cards.txt")}
	rd := &scripted{uids: []hal.UID{"DEADBEEF", "DEADBEEF", "08A1B2C3", "045A6B7C8D9E80", "04A1B2C3D4E5F6"}}
	var out strings.Builder
	tasks := []Task{TicketTask("usa"), TrainTask(1, engine.Locomotive)}
	_, err := Enrol(context.Background(), Enrolment{Store: st, Tasks: tasks[1:], Reader: &scripted{}, Out: io.Discard})
	if !errors.Is(err, io.EOF) {
		t.Fatalf("nothing scanned: got %v, want io.EOF", err)
	}
	// Tickets in the map's order: a terminal has no list to touch.
	_, err = Enrol(context.Background(), Enrolment{Store: st, Tasks: tasks, Reader: rd, Out: &out})
	want := `Ticket 1 of 30: scan ticket usa atlanta montreal
  ticket usa atlanta montreal = DEADBEEF
Ticket 2 of 30: scan ticket usa atlanta new-york
  Tag DEADBEEF is already ticket usa atlanta montreal: put that card aside and scan ticket usa atlanta new-york
  Tag 08A1B2C3 has a random UID: it gives another one each time it is scanned, so the table could never recognise it. Stick a tag with a fixed UID (NTAG213, MIFARE Classic) on the card and scan it
  ticket usa atlanta new-york = 045A6B7C8D9E80
Ticket 3 of 30: scan ticket usa atlanta san-francisco
  ticket usa atlanta san-francisco = 04A1B2C3D4E5F6
Ticket 4 of 30: scan ticket usa boston miami
`
	if !strings.HasPrefix(out.String(), want) {
		t.Errorf("got\n%s\nwant it to start\n%s", out.String(), want)
	}
	if !errors.Is(err, io.EOF) {
		t.Errorf("the reader ran dry: got %v, want io.EOF", err)
	}
}

func TestEnrolColourInAnyOrder(t *testing.T) {
	st := Store{Path: filepath.Join(t.TempDir(), "cards.txt")}
	var uids []hal.UID
	for i := range 14 {
		uids = append(uids, uid(1, 14-i))
	}
	uids = append(uids[:3], append([]hal.UID{uids[0]}, uids[3:]...)...) // one twice
	var out strings.Builder
	reg, err := Enrol(context.Background(), Enrolment{Store: st, Tasks: []Task{TrainTask(1, engine.Locomotive)}, Reader: &scripted{uids: uids}, Out: &out})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"Scan the 14 locomotive cards of box 1, in any order: 0 of 14\n",
		"  1 of 14: train locomotive 1 = 0400000000000E\n",
		"  Tag 0400000000000E is already train locomotive 1: put that card aside and scan train locomotive box 1\n",
		"  14 of 14: train locomotive 14 = 04000000000001\n",
		"All 14 cards are enrolled in " + st.Path + ".\n",
	} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("output lacks %q:\n%s", w, out.String())
		}
	}
	if reg.Len() != 14 {
		t.Errorf("got %d cards, want 14", reg.Len())
	}
}

func TestEnrolResumes(t *testing.T) {
	st := Store{Path: filepath.Join(t.TempDir(), "cards.txt")}
	tasks := []Task{TrainTask(1, engine.Purple)}
	_, err := Enrol(context.Background(), Enrolment{Store: st, Tasks: tasks, Reader: &scripted{uids: []hal.UID{"00000001", "00000002"}}, Out: io.Discard})
	if !errors.Is(err, io.EOF) {
		t.Fatalf("interrupted enrolment: got %v, want io.EOF", err)
	}
	var rest []hal.UID
	for i := 3; i <= 12; i++ {
		rest = append(rest, hal.UID(fmt.Sprintf("%08d", i)))
	}
	var out strings.Builder
	reg, err := Enrol(context.Background(), Enrolment{Store: st, Tasks: tasks, Reader: &scripted{uids: rest}, Out: &out})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "Resuming: 2 of 12 cards are enrolled already.\nScan the 12 purple cards of box 1, in any order: 2 of 12\n") {
		t.Errorf("got\n%s", out.String())
	}
	for i, c := range tasks[0].Cards() {
		if u, ok := reg.UID(c); !ok || u != hal.UID(fmt.Sprintf("%08d", i+1)) {
			t.Errorf("%v: got %q, %t", c, u, ok)
		}
	}
}

func TestEnrolForget(t *testing.T) {
	st := Store{Path: filepath.Join(t.TempDir(), "cards.txt")}
	tasks := []Task{TrainTask(1, engine.Purple)}
	var uids []hal.UID
	for i := 1; i <= 12; i++ {
		uids = append(uids, hal.UID(fmt.Sprintf("%08d", i)))
	}
	if _, err := Enrol(context.Background(), Enrolment{Store: st, Tasks: tasks, Reader: &scripted{uids: uids}, Out: io.Discard}); err != nil {
		t.Fatal(err)
	}
	p2 := tasks[0].Cards()[1]
	var out strings.Builder
	reg, err := Enrol(context.Background(), Enrolment{Store: st, Tasks: tasks, Forget: []Card{p2}, Reader: &scripted{uids: []hal.UID{"000000AA"}}, Out: &out})
	if err != nil {
		t.Fatal(err)
	}
	if u, _ := reg.UID(p2); u != "000000AA" {
		t.Errorf("%v: got %q, want the new tag 000000AA", p2, u)
	}
	if _, ok := reg.Lookup("00000002"); ok {
		t.Error("the old tag is still enrolled")
	}
	if !strings.HasPrefix(out.String(), "Forgot the tag of train purple 2.\nResuming: 11 of 12") {
		t.Errorf("got\n%s", out.String())
	}
	if _, err := Enrol(context.Background(), Enrolment{Store: st, Tasks: tasks, Forget: []Card{loco}, Reader: &scripted{}, Out: io.Discard}); err == nil {
		t.Error("forgetting a card not enrolled: got no error")
	}
}

// TestEnrolCompletesADamagedRegistry: enrolment over a damaged registry
// keeps every intact card, says what was lost, and asks only for it.
func TestEnrolCompletesADamagedRegistry(t *testing.T) {
	st := Store{Path: filepath.Join(t.TempDir(), "cards.txt")}
	r := registryOf(t, TrainTask(1, engine.Red).Cards())
	data, _ := r.MarshalText()
	data[len(header)+5] ^= 1 // the first card's line
	if err := os.WriteFile(st.Path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	reg, err := Enrol(context.Background(), Enrolment{Store: st, Tasks: []Task{TrainTask(1, engine.Red)}, Reader: &scripted{uids: []hal.UID{"0000FFFF"}}, Out: &out})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "The registry was damaged: 1 lines could not be read; 11 cards kept. The lost cards are asked for again.\nResuming: 11 of 12") {
		t.Errorf("got\n%s", out.String())
	}
	if _, rep := st.Load(); !rep.OK() || reg.Len() != 12 {
		t.Errorf("after: %d cards, %+v", reg.Len(), rep)
	}
}

func TestEnrolStopsOnCancel(t *testing.T) {
	st := Store{Path: filepath.Join(t.TempDir(), "cards.txt")}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rd := haltest.NewReader(0, haltest.NewClock(t0))
	if _, err := Enrol(ctx, Enrolment{Store: st, Tasks: TrainTasks(1), Reader: rd, Out: io.Discard}); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
}

// TestEnrolBackupUnwritable: a backup that cannot be written is said once,
// and every card is enrolled in the registry.
func TestEnrolBackupUnwritable(t *testing.T) {
	dir := t.TempDir()
	// A file where the backup's folder should be: the folder cannot be made.
	if err := os.WriteFile(filepath.Join(dir, "in-the-way"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	st := Store{Path: filepath.Join(dir, "cards.txt"), Backup: filepath.Join(dir, "in-the-way", backupName)}
	var uids []hal.UID
	for i := 1; i <= 12; i++ {
		uids = append(uids, uid(1, i))
	}
	var out strings.Builder
	reg, err := Enrol(context.Background(), Enrolment{Store: st, Tasks: []Task{TrainTask(1, engine.Red)}, Reader: &scripted{uids: uids}, Out: &out})
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "Warning:"); n != 1 {
		t.Errorf("%d warnings, want 1:\n%s", n, out.String())
	}
	if saved, err := Load(st.Path); err != nil || saved.Len() != 12 || reg.Len() != 12 {
		t.Errorf("saved %v, %v, want 12 cards", saved, err)
	}
}
