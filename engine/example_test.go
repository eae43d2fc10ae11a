package engine_test

import (
	"fmt"

	"ttr/engine"
	"ttr/maps"
)

// A game is driven by supplying what the state waits for: the table's and
// players' decisions, and the cards and tickets drawn (here from a seeded
// dealer; on the table, from the scans).
func ExampleState_Apply() {
	m := maps.Europe()
	s, _ := engine.NewGame(m, engine.Opts{Players: 2})
	fmt.Println(s.Waiting().Need, s.CurrentPlayer() == engine.Table)

	s, _, _ = s.Apply(engine.NewChooseFirst(1))
	d := engine.NewDealer(1)
	for s.IsChance() || s.Waiting().Need == engine.NeedKeep {
		a := d.Outcome(s)
		if !s.IsChance() {
			a = engine.NewKeepTickets() // keep every ticket drawn
		}
		s, _, _ = s.Apply(a)
	}
	p := s.PlayerView(1)
	fmt.Println(s.Waiting().Need, "of player", s.Waiting().Player)
	fmt.Println(len(p.Hand), "cards,", len(p.Tickets), "tickets,", p.Players[1].Trains, "trains,", p.Players[1].StationsLeft, "stations")

	// A claim with the wrong cards is refused with a code the display words.
	_, _, err := s.Apply(engine.NewClaimRoute(0, engine.CardsOf(engine.Red)[0]))
	fmt.Println(err)

	s, events, _ := s.Apply(engine.NewDrawBlind())
	fmt.Println(s.Waiting().Need, len(events))
	// Output:
	// first player true
	// turn of player 1
	// 4 cards, 4 tickets, 45 trains, 3 stations
	// engine: not in hand (card red1)
	// card to hand 0
}
