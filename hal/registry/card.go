package registry

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
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

// Locomotive is the Color of a locomotive card.
const Locomotive = "locomotive"

// Colors are the eight train card colours, in the order the rule book lists
// them; each has CardsPerColor cards.
var Colors = []string{"purple", "blue", "orange", "white", "green", "yellow", "black", "red"}

// The composition of the train deck.
const (
	CardsPerColor = 12
	Locomotives   = 14
	TrainCards    = 8*CardsPerColor + Locomotives // 110
)

// Card is one physical card.
type Card struct {
	Kind   Kind
	Color  string // Train: one of Colors, or Locomotive
	Number int    // Train: 1-12 within its colour, 1-14 for locomotives
	Map    string // Ticket: the map's id, "usa" or "europe"
	A, B   string // Ticket: the two cities' ids
}

var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// Validate reports what is wrong with c, if anything.
func (c Card) Validate() error {
	switch c.Kind {
	case Train:
		max := CardsPerColor
		if c.Color == Locomotive {
			max = Locomotives
		} else if !slices.Contains(Colors, c.Color) {
			return fmt.Errorf("registry: unknown train card colour %q", c.Color)
		}
		if c.Number < 1 || c.Number > max {
			return fmt.Errorf("registry: %s card number %d, want 1 to %d", c.Color, c.Number, max)
		}
		if c.Map != "" || c.A != "" || c.B != "" {
			return fmt.Errorf("registry: train card %s %d has ticket fields", c.Color, c.Number)
		}
	case Ticket:
		for _, s := range []string{c.Map, c.A, c.B} {
			if !idPattern.MatchString(s) {
				return fmt.Errorf("registry: ticket id %q, want lower-case letters, digits and dashes", s)
			}
		}
		if c.A == c.B {
			return fmt.Errorf("registry: ticket from %s to itself", c.A)
		}
		if c.Color != "" || c.Number != 0 {
			return fmt.Errorf("registry: ticket %s-%s has train card fields", c.A, c.B)
		}
	default:
		return fmt.Errorf("registry: card of unknown kind %d", c.Kind)
	}
	return nil
}

// String names the card as the file and the enrolment prompts do:
// "train red 3", "train locomotive 14", "ticket usa boston miami".
func (c Card) String() string {
	if c.Kind == Ticket {
		return fmt.Sprintf("ticket %s %s %s", c.Map, c.A, c.B)
	}
	return fmt.Sprintf("%s %s %d", c.Kind, c.Color, c.Number)
}

// ParseCard parses what String returns.
func ParseCard(s string) (Card, error) {
	f := strings.Fields(s)
	var c Card
	switch {
	case len(f) == 3 && f[0] == "train":
		n, err := strconv.Atoi(f[2])
		if err != nil {
			return Card{}, fmt.Errorf("registry: card %q: number %q is not a number", s, f[2])
		}
		c = Card{Kind: Train, Color: f[1], Number: n}
	case len(f) == 4 && f[0] == "ticket":
		c = Card{Kind: Ticket, Map: f[1], A: f[2], B: f[3]}
	default:
		return Card{}, fmt.Errorf("registry: card %q, want \"train COLOUR N\" or \"ticket MAP CITY CITY\"", s)
	}
	if err := c.Validate(); err != nil {
		return Card{}, err
	}
	return c, nil
}

// TrainDeck returns the 110 train cards: 12 of each colour, then 14
// locomotives.
func TrainDeck() []Card {
	deck := make([]Card, 0, TrainCards)
	for _, col := range Colors {
		for n := 1; n <= CardsPerColor; n++ {
			deck = append(deck, Card{Kind: Train, Color: col, Number: n})
		}
	}
	for n := 1; n <= Locomotives; n++ {
		deck = append(deck, Card{Kind: Train, Color: Locomotive, Number: n})
	}
	return deck
}

// TicketDeck returns the destination tickets of map mapID, one per pair of
// city ids (the caller takes them from package maps).
func TicketDeck(mapID string, tickets [][2]string) []Card {
	deck := make([]Card, len(tickets))
	for i, t := range tickets {
		deck[i] = Card{Kind: Ticket, Map: mapID, A: t[0], B: t[1]}
	}
	return deck
}
