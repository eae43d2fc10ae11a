package registry

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"ttr/engine"
	"ttr/maps"
)

// Kind says whether a card is a train card or a destination ticket.
type Kind uint8

// The kinds of card.
const (
	Train Kind = iota + 1
	Ticket
)

// String returns "train" or "ticket".
func (k Kind) String() string {
	switch k {
	case Train:
		return "train"
	case Ticket:
		return "ticket"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Locomotive is the colour name of a locomotive card in the registry's
// text ("train locomotive 14"); the engine's log calls it "loco".
const Locomotive = "locomotive"

// Colors are the eight train card colours, in the order the rule book lists
// them (and engine.CardColor numbers them); each has CardsPerColor cards.
var Colors = []string{"purple", "blue", "orange", "white", "green", "yellow", "black", "red"}

// The composition of a train deck.
const (
	CardsPerColor = engine.CardsPerColor
	Locomotives   = engine.NumLocomotives
	TrainCards    = engine.NumCards // 110
)

// Boxes is the number of train decks a table can know: a family with both
// games (USA and Europe) owns two boxes of 110 train cards.
const Boxes = 2

// Card is one physical card: a train card of one box, or a destination
// ticket of one map. It names the card by the engine's ids, so that a scan
// becomes an engine card with no string in between.
type Card struct {
	Kind   Kind
	Box    int             // Train: the box the card came in, 1 or 2
	Train  engine.CardID   // Train: which of the 110 cards
	Map    string          // Ticket: the map's id, "usa" or "europe"
	Ticket engine.TicketID // Ticket: its index in the map's Tickets
}

// TrainCard returns card id of box box.
func TrainCard(box int, id engine.CardID) Card { return Card{Kind: Train, Box: box, Train: id} }

// TicketCard returns ticket t of map mapID.
func TicketCard(mapID string, t engine.TicketID) Card {
	return Card{Kind: Ticket, Map: mapID, Ticket: t}
}

// boards holds the embedded maps, loaded once and only read: a ticket's
// text names its cities, which only the map turns into a TicketID.
var boards = sync.OnceValue(func() map[string]*maps.Map {
	b := map[string]*maps.Map{}
	for _, id := range maps.Maps() {
		m, err := maps.Load(id)
		if err != nil {
			panic(fmt.Sprintf("registry: embedded map %s: %v", id, err)) // a broken build
		}
		b[id] = m
	}
	return b
})

// Validate reports what is wrong with c, if anything.
func (c Card) Validate() error {
	switch c.Kind {
	case Train:
		if c.Box < 1 || c.Box > Boxes {
			return fmt.Errorf("registry: train card of box %d, want 1 to %d", c.Box, Boxes)
		}
		if !c.Train.Valid() {
			return fmt.Errorf("registry: no train card %d", c.Train)
		}
		if c.Map != "" || c.Ticket != 0 {
			return fmt.Errorf("registry: train card %s has ticket fields", c.Train)
		}
	case Ticket:
		m, ok := boards()[c.Map]
		if !ok {
			return fmt.Errorf("registry: ticket of map %q, want %s", c.Map, strings.Join(maps.Maps(), " or "))
		}
		if int(c.Ticket) >= len(m.Tickets) {
			return fmt.Errorf("registry: %s has no ticket %d", c.Map, c.Ticket)
		}
		if c.Box != 0 || c.Train != 0 {
			return fmt.Errorf("registry: ticket %s %d has train card fields", c.Map, c.Ticket)
		}
	default:
		return fmt.Errorf("registry: card of unknown kind %d", c.Kind)
	}
	return nil
}

// Color returns the colour name of a train card ("red", Locomotive) and
// its number within the colour, from 1.
func (c Card) Color() (string, int) {
	col := c.Train.Color()
	n := slices.Index(engine.CardsOf(col), c.Train) + 1
	if col == engine.Locomotive {
		return Locomotive, n
	}
	return col.String(), n
}

// String names the card as the file and the enrolment prompts do:
// "train red 3", "train locomotive 14", "train red 3 box 2" (box 1 is not
// named, as in the files written before there were two boxes),
// "ticket usa boston miami".
func (c Card) String() string {
	if c.Validate() != nil {
		return fmt.Sprintf("card{%d %d %d %q %d}", c.Kind, c.Box, c.Train, c.Map, c.Ticket)
	}
	if c.Kind == Ticket {
		m := boards()[c.Map]
		t := m.Tickets[c.Ticket]
		return fmt.Sprintf("ticket %s %s %s", c.Map, m.Cities[t.A].ID, m.Cities[t.B].ID)
	}
	col, n := c.Color()
	if c.Box != 1 {
		return fmt.Sprintf("train %s %d box %d", col, n, c.Box)
	}
	return fmt.Sprintf("train %s %d", col, n)
}

// ParseCard parses what String returns ("train red 3 box 1" too).
func ParseCard(s string) (Card, error) {
	f := strings.Fields(s)
	switch {
	case (len(f) == 3 || len(f) == 5) && f[0] == "train":
		box := 1
		if len(f) == 5 {
			b, err := strconv.Atoi(f[4])
			if f[3] != "box" || err != nil || b < 1 || b > Boxes {
				return Card{}, fmt.Errorf("registry: card %q: want \"box 1\" or \"box 2\" at its end", s)
			}
			box = b
		}
		n, err := strconv.Atoi(f[2])
		if err != nil {
			return Card{}, fmt.Errorf("registry: card %q: number %q is not a number", s, f[2])
		}
		var col engine.CardColor
		switch i := slices.Index(Colors, f[1]); {
		case f[1] == Locomotive:
			col = engine.Locomotive
		case i >= 0:
			col = engine.CardColor(i + 1)
		default:
			return Card{}, fmt.Errorf("registry: unknown train card colour %q", f[1])
		}
		ids := engine.CardsOf(col)
		if n < 1 || n > len(ids) {
			return Card{}, fmt.Errorf("registry: %s card number %d, want 1 to %d", f[1], n, len(ids))
		}
		return TrainCard(box, ids[n-1]), nil
	case len(f) == 4 && f[0] == "ticket":
		m, ok := boards()[f[1]]
		if !ok {
			return Card{}, fmt.Errorf("registry: card %q: no map %q, want %s", s, f[1], strings.Join(maps.Maps(), " or "))
		}
		i, ok := m.Ticket(f[2], f[3])
		if !ok {
			return Card{}, fmt.Errorf("registry: card %q: %s has no ticket from %s to %s", s, f[1], f[2], f[3])
		}
		// The ticket's cities in the order the map prints them, so that a
		// card has one name.
		c := TicketCard(m.ID, engine.TicketID(i))
		if m.Cities[m.Tickets[i].A].ID != f[2] {
			return Card{}, fmt.Errorf("registry: card %q, want %q", s, c.String())
		}
		return c, nil
	}
	return Card{}, fmt.Errorf("registry: card %q, want \"train COLOUR N\" or \"ticket MAP CITY CITY\"", s)
}

// TrainDeck returns the 110 train cards of box box: 12 of each colour,
// then 14 locomotives, in engine.CardID order.
func TrainDeck(box int) []Card {
	deck := make([]Card, TrainCards)
	for i := range deck {
		deck[i] = TrainCard(box, engine.CardID(i))
	}
	return deck
}

// TicketDeck returns the destination tickets of map mapID, in the map's
// order; nil for a map the table does not know.
func TicketDeck(mapID string) []Card {
	m, ok := boards()[mapID]
	if !ok {
		return nil
	}
	deck := make([]Card, len(m.Tickets))
	for i := range deck {
		deck[i] = TicketCard(mapID, engine.TicketID(i))
	}
	return deck
}
