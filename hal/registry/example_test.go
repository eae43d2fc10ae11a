package registry_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	"ttr/hal"
	"ttr/hal/registry"
)

// The keystroke-level model's operators, in seconds of a person's time: a
// card laid on the reader and lifted, a touch on the screen, and reading a
// prompt or finding a ticket in the list offered.
const (
	scanTime  = 1.2
	touchTime = 1.1
	readTime  = 1.35
)

// inputs counts what a person does.
type inputs struct{ scans, touches, reads int }

func (in inputs) seconds() float64 {
	return float64(in.scans)*scanTime + float64(in.touches)*touchTime + float64(in.reads)*readTime
}

// Example_enrolmentTime enrols a whole box of train cards, shuffled, and
// the Europe tickets, shuffled, through a Session, counting what a person
// does: for each colour, a touch to choose it and a read of its prompt,
// then one scan per card in any order; for each ticket, a scan, a read to
// find it among the tickets offered and a touch on it (or two, on its two
// cities on the map). Each input is counted where the Session asks for
// it, and the time estimated with the keystroke-level model above.
func Example_enrolmentTime() {
	dir, _ := os.MkdirTemp("", "enrol")
	defer os.RemoveAll(dir)
	st := registry.Store{Path: filepath.Join(dir, "cards.txt")}
	reg, _ := st.Load()
	s := registry.NewSession(st, reg)
	rng := rand.New(rand.NewPCG(1, 2))
	next := 0
	tag := func() hal.UID { next++; return hal.UID(fmt.Sprintf("04%012X", next)) }

	var trains inputs
	for _, task := range registry.TrainTasks(1) {
		_ = s.Begin(task)
		trains.touches++ // the colour chosen
		trains.reads++   // "Scan the 12 red cards, in any order: 0 of 12"
		for n, of := s.Progress(); n < of; n, of = s.Progress() {
			trains.scans++
			if res, err := s.Scan(tag()); err != nil || res.Outcome != registry.Enrolled {
				fmt.Println("refused:", res.Outcome, err)
				return
			}
		}
	}
	fmt.Printf("train cards: %d scans, %d touches, %d reads: %.0f s, %.2f s a card\n",
		trains.scans, trains.touches, trains.reads, trains.seconds(), trains.seconds()/registry.TrainCards)

	var tickets inputs
	_ = s.Begin(registry.TicketTask("europe"))
	tickets.touches++ // the deck chosen
	tickets.reads++
	for offer := s.Offer(); len(offer) > 0; offer = s.Offer() {
		tickets.scans++
		if res, _ := s.Scan(tag()); res.Outcome != registry.ChooseTicket {
			fmt.Println("refused:", res.Outcome)
			return
		}
		// The person picks up tickets in any order.
		c := offer[rng.IntN(len(offer))]
		tickets.reads++   // found in the list
		tickets.touches++ // and touched
		if res, err := s.Choose(c); err != nil || res.Outcome != registry.Enrolled {
			fmt.Println("refused:", res.Outcome, err)
			return
		}
	}
	n := float64(tickets.scans)
	fmt.Printf("europe tickets, touched in a list: %d scans, %d touches, %d reads: %.0f s, %.2f s a ticket\n",
		tickets.scans, tickets.touches, tickets.reads, tickets.seconds(), tickets.seconds()/n)
	onMap := tickets
	onMap.touches += tickets.scans // two cities instead of one line
	fmt.Printf("europe tickets, two cities touched on the map: %d touches: %.0f s, %.2f s a ticket\n",
		onMap.touches, onMap.seconds(), onMap.seconds()/n)
	fmt.Println("enrolled:", reg.Len())
	// Output:
	// train cards: 110 scans, 9 touches, 9 reads: 154 s, 1.40 s a card
	// europe tickets, touched in a list: 46 scans, 47 touches, 47 reads: 170 s, 3.70 s a ticket
	// europe tickets, two cities touched on the map: 93 touches: 221 s, 4.80 s a ticket
	// enrolled: 156
}
