package app

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"ttr/display/msg"
	"ttr/engine"
	"ttr/hal"
	"ttr/hal/registry"
	"ttr/input"
)

// TestEnrolTextForEveryOutcome: every answer of an enrolment session has
// its words in every language, and the English ones say what the owner
// must do.
func TestEnrolTextForEveryOutcome(t *testing.T) {
	cat, err := msg.Load()
	if err != nil {
		t.Fatal(err)
	}
	st := registry.Store{Path: filepath.Join(t.TempDir(), "cards.txt")}
	reg, _ := st.Load()
	s := registry.NewSession(st, reg)
	say := func(txt input.Text) string {
		t.Helper()
		for _, l := range []msg.Lang{msg.ES, msg.RO} {
			if w := cat.Text(l, txt); w == "" || strings.Contains(w, "{{") || strings.Contains(w, "no value") || strings.Contains(w, "enrol.") {
				t.Errorf("%s in %s: %q", txt.Key, l, w)
			}
		}
		return cat.Text(msg.EN, txt)
	}
	check := func(got, want string) {
		t.Helper()
		if got != want {
			t.Errorf("got  %q\nwant %q", got, want)
		}
	}
	_ = s.Begin(registry.TrainTask(2, engine.Red))
	check(say(EnrolPrompt(s)), "Box 2: scan the 12 red cards, in any order: 0 of 12")
	scan := func(u hal.UID) string {
		t.Helper()
		res, err := s.Scan(u)
		return say(EnrolText(s, res, err))
	}
	check(scan("04000000000001"), "Enrolled: 1 of 12")
	check(scan("04000000000001"), "This card is enrolled already, as a red card of box 2: put it aside.")
	check(scan("08000001"), "This sticker gives a new number at every read, so the table could never know it: stick one with a fixed number (NTAG213) on the card.")
	for i := 2; i <= 12; i++ {
		if res, err := s.Scan(hal.UID(fmt.Sprintf("0400000000%04X", 100+i))); err != nil || res.Outcome != registry.Enrolled {
			t.Fatalf("red card %d: %+v, %v", i, res, err)
		}
	}
	check(say(EnrolPrompt(s)), "Box 2: scan the 12 red cards, in any order: 12 of 12")
	check(scan("04000000000099"), "All 12 red cards are enrolled already: this card is of another colour.")
	_ = s.Begin(registry.TrainTask(1, engine.Locomotive))
	check(say(EnrolPrompt(s)), "Box 1: scan the 14 locomotive cards, in any order: 0 of 14")
	check(scan("04000000000001"), "This card is from box 2, and box 1 is being enrolled: put it back in its box.")

	_ = s.Begin(registry.TicketTask("europe"))
	check(say(EnrolPrompt(s)), "Europe: scan a ticket, then touch it in the list: 0 of 46")
	res, err := s.Choose(registry.TicketDeck("europe")[0])
	check(say(EnrolText(s, res, err)), "Scan the ticket first, then touch it.")
	check(scan("04000000000050"), "Now touch the ticket you scanned.")
	athina := registry.TicketDeck("europe")[4]
	res, err = s.Choose(athina)
	check(say(EnrolText(s, res, err)), "Enrolled: 1 of 46")
	_, _ = s.Scan("04000000000051")
	res, err = s.Choose(athina)
	check(say(EnrolText(s, res, err)), "That ticket is enrolled already: touch the one you scanned.")
	check(scan("04000000000050"), "This card is enrolled already, as the ticket Athina – Edinburgh: put it aside.")
	check(say(EnrolText(s, registry.Result{}, errors.New("input/output error"))), "The card could not be saved: the memory card is failing. Scan it again.")
}
