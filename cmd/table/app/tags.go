package app

import (
	"fmt"

	"ttr/hal"
	"ttr/hal/registry"
	"ttr/input"
)

// Resolver returns the input.Resolver of a card registry: what each
// enrolled tag is, for input.Opts.Resolve.
func Resolver(reg *registry.Registry) input.Resolver {
	return func(uid hal.UID) (input.Tag, bool) {
		c, ok := reg.Lookup(uid)
		if !ok {
			return input.Tag{}, false
		}
		return TagOf(c)
	}
}

// UIDs returns the UID of each card's tag in a registry ("" for a card
// not enrolled), for Digital.UID. A train card with no box is looked up
// in box 1.
func UIDs(reg *registry.Registry) func(input.Tag) hal.UID {
	return func(t input.Tag) hal.UID {
		uid, _ := reg.UID(CardOf(t))
		return uid
	}
}

// TagOf returns the input tag of a registry card: the same engine ids,
// and the train card's box; false for a card the registry would not
// hold.
func TagOf(c registry.Card) (input.Tag, bool) {
	if c.Validate() != nil {
		return input.Tag{}, false
	}
	switch c.Kind {
	case registry.Train:
		t := input.CardTag(c.Train)
		t.Box = c.Box
		return t, true
	case registry.Ticket:
		return input.TicketTag(c.Map, c.Ticket), true
	}
	return input.Tag{}, false
}

// CardOf returns the registry card of an input tag (box 1 for a train
// card whose tag names no box).
func CardOf(t input.Tag) registry.Card {
	if t.Kind == input.TagTicket {
		return registry.TicketCard(t.Map, t.Ticket)
	}
	return registry.TrainCard(max(t.Box, 1), t.Card)
}

// VirtualRegistry returns a registry of every train card (box 1) and every
// ticket of both maps with made-up 7-byte UIDs ("04" and a serial number),
// the virtual deck of the table's -fake mode and of tests.
func VirtualRegistry() *registry.Registry {
	reg := registry.New()
	cards := registry.TrainDeck(1)
	for _, id := range []string{"usa", "europe"} { // the UIDs scripts and tests know
		cards = append(cards, registry.TicketDeck(id)...)
	}
	for i, c := range cards {
		if err := reg.Add(hal.UID(fmt.Sprintf("04%012X", i+1)), c); err != nil {
			panic(fmt.Sprintf("app: virtual registry: %v", err)) // a broken build
		}
	}
	return reg
}

// The message keys of the card registry (display/msg, [registry]).
const (
	// KeyCardsNone: no card is enrolled.
	KeyCardsNone = "registry.none"
	// KeyCardsDamaged: Count cards of the registry could not be read and
	// no copy had them.
	KeyCardsDamaged = "registry.damaged"
	// KeyCardsRestored: the registry was damaged or missing; Count cards
	// came from the copy File.
	KeyCardsRestored = "registry.restored"
	// KeyCardsUnreadable: the registry File cannot be read, and no copy.
	KeyCardsUnreadable = "registry.unreadable"
)

// RegistryText returns what the start screen says of the card registry
// as registry.Store.Load found it, in plain words with what to do; zero
// when it was read whole and knows a card.
func RegistryText(rep registry.Report) input.Text {
	switch {
	case rep.Copy != "":
		return input.Text{Key: KeyCardsRestored, Args: map[string]any{"Count": rep.Cards, "File": rep.Copy}}
	case rep.Damaged:
		return input.Text{Key: KeyCardsDamaged, Args: map[string]any{"Count": rep.Bad}}
	case rep.Err != nil:
		return input.Text{Key: KeyCardsUnreadable, Args: map[string]any{"File": rep.Path}}
	case rep.Cards == 0:
		return input.Text{Key: KeyCardsNone}
	}
	return input.Text{}
}

// RegistryShort returns the short form of a RegistryText, for the start
// screen's line under its keys (View.Start.Problem, when the game could
// start), where it stays while the start screen does.
func RegistryShort(t input.Text) input.Text {
	if t.IsZero() {
		return t
	}
	return input.Text{Key: t.Key + "_short", Args: t.Args}
}
