package app

import (
	"fmt"
	"sync"

	"ttr/engine"
	"ttr/hal"
	"ttr/hal/registry"
	"ttr/input"
	"ttr/maps"
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
// not enrolled), for Digital.UID.
func UIDs(reg *registry.Registry) func(input.Tag) hal.UID {
	return func(t input.Tag) hal.UID {
		c, err := CardOf(t)
		if err != nil {
			return ""
		}
		uid, _ := reg.UID(c)
		return uid
	}
}

// TagOf returns the engine's name for a registry card; false for a card
// of no map the table knows.
func TagOf(c registry.Card) (input.Tag, bool) {
	switch c.Kind {
	case registry.Train:
		name := c.Color
		if name == registry.Locomotive {
			name = engine.Locomotive.String()
		}
		id, ok := engine.ParseCardID(fmt.Sprintf("%s%d", name, c.Number))
		if !ok || !id.Valid() {
			return input.Tag{}, false
		}
		return input.CardTag(id), true
	case registry.Ticket:
		m, err := tagMap(c.Map)
		if err != nil {
			return input.Tag{}, false
		}
		i, ok := m.Ticket(c.A, c.B)
		if !ok {
			return input.Tag{}, false
		}
		return input.TicketTag(c.Map, engine.TicketID(i)), true
	}
	return input.Tag{}, false
}

// tagMaps holds each map a ticket tag has named, loaded once: parsing and
// checking a map's JSON took half a millisecond and 1,700 allocations, on
// every ticket scan. The maps are only read.
var tagMaps struct {
	sync.Mutex
	byID map[string]*maps.Map
}

// tagMap returns the embedded map id, loading it on first use.
func tagMap(id string) (*maps.Map, error) {
	tagMaps.Lock()
	defer tagMaps.Unlock()
	if m, ok := tagMaps.byID[id]; ok {
		return m, nil
	}
	m, err := maps.Load(id)
	if err != nil {
		return nil, err
	}
	if tagMaps.byID == nil {
		tagMaps.byID = map[string]*maps.Map{}
	}
	tagMaps.byID[id] = m
	return m, nil
}

// CardOf returns the registry card of an engine tag.
func CardOf(t input.Tag) (registry.Card, error) {
	switch t.Kind {
	case input.TagCard:
		if !t.Card.Valid() {
			return registry.Card{}, fmt.Errorf("app: no train card %d", t.Card)
		}
		col := t.Card.Color()
		n := 0
		for i, c := range engine.CardsOf(col) {
			if c == t.Card {
				n = i + 1
			}
		}
		name := col.String()
		if col == engine.Locomotive {
			name = registry.Locomotive
		}
		return registry.Card{Kind: registry.Train, Color: name, Number: n}, nil
	case input.TagTicket:
		m, err := tagMap(t.Map)
		if err != nil {
			return registry.Card{}, fmt.Errorf("app: %w", err)
		}
		if int(t.Ticket) >= len(m.Tickets) {
			return registry.Card{}, fmt.Errorf("app: no ticket %d on %s", t.Ticket, t.Map)
		}
		tk := m.Tickets[t.Ticket]
		return registry.Card{Kind: registry.Ticket, Map: t.Map, A: m.Cities[tk.A].ID, B: m.Cities[tk.B].ID}, nil
	}
	return registry.Card{}, fmt.Errorf("app: tag of kind %d", t.Kind)
}

// VirtualRegistry returns a registry of every train card and every ticket
// of both maps with made-up 7-byte UIDs ("04" and a serial number), the
// virtual deck of the table's -fake mode and of tests.
func VirtualRegistry() *registry.Registry {
	reg := registry.New()
	cards := registry.TrainDeck()
	for _, id := range []string{"usa", "europe"} {
		m, err := maps.Load(id)
		if err != nil {
			panic(fmt.Sprintf("app: embedded map %s: %v", id, err)) // a broken build
		}
		pairs := make([][2]string, len(m.Tickets))
		for i, tk := range m.Tickets {
			pairs[i] = [2]string{m.Cities[tk.A].ID, m.Cities[tk.B].ID}
		}
		cards = append(cards, registry.TicketDeck(id, pairs)...)
	}
	for i, c := range cards {
		if err := reg.Add(hal.UID(fmt.Sprintf("04%012X", i+1)), c); err != nil {
			panic(fmt.Sprintf("app: virtual registry: %v", err)) // a broken build
		}
	}
	return reg
}
