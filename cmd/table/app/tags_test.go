package app

import (
	"testing"

	"ttr/engine"
	"ttr/hal/registry"
	"ttr/input"
	"ttr/maps"
)

// TestRegistryDeckIsTheEngineDeck: the registry's description of the
// train deck (colours, cards of each, locomotives) is the engine's, and
// every card of it names a different engine card and back.
func TestRegistryDeckIsTheEngineDeck(t *testing.T) {
	if registry.CardsPerColor != engine.CardsPerColor || registry.Locomotives != engine.NumLocomotives || registry.TrainCards != engine.NumCards {
		t.Fatalf("registry deck %d per colour, %d locomotives, %d cards; engine %d, %d, %d",
			registry.CardsPerColor, registry.Locomotives, registry.TrainCards, engine.CardsPerColor, engine.NumLocomotives, engine.NumCards)
	}
	if len(registry.Colors) != engine.NumCardColors-1 {
		t.Fatalf("registry colours %v, engine has %d", registry.Colors, engine.NumCardColors-1)
	}
	for i, name := range registry.Colors {
		if want := engine.CardColor(i + 1).String(); name != want {
			t.Errorf("registry colour %d is %q, engine's %q", i, name, want)
		}
	}
	deck := registry.TrainDeck(2)
	if len(deck) != engine.NumCards {
		t.Fatalf("registry.TrainDeck has %d cards, want %d", len(deck), engine.NumCards)
	}
	var seen engine.CardSet
	for _, c := range deck {
		tag, ok := TagOf(c)
		if !ok || tag.Kind != input.TagCard || seen.Has(tag.Card) {
			t.Fatalf("registry card %+v: tag %+v (ok %v), or its engine card named twice", c, tag, ok)
		}
		seen.Add(tag.Card)
		if back := CardOf(tag); back != c || tag.Box != 2 {
			t.Errorf("engine card %v of box %d: registry card %+v, want %+v", tag.Card, tag.Box, back, c)
		}
	}
}

// BenchmarkResolveTicket is the cost of resolving a scanned ticket's tag.
func BenchmarkResolveTicket(b *testing.B) {
	reg := VirtualRegistry()
	resolve := Resolver(reg)
	m := maps.Europe()
	uid, ok := reg.UID(registry.TicketCard(m.ID, engine.TicketID(len(m.Tickets)-1)))
	if !ok {
		b.Fatal("ticket not in the virtual registry")
	}
	b.ReportAllocs()
	for b.Loop() {
		if tag, ok := resolve(uid); !ok || tag.Kind != input.TagTicket {
			b.Fatalf("tag %+v", tag)
		}
	}
}
