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
	deck := registry.TrainDeck()
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
		if back, err := CardOf(tag); err != nil || back != c {
			t.Errorf("engine card %v: registry card %+v (%v), want %+v", tag.Card, back, err, c)
		}
	}
}

// BenchmarkResolveTicket is the cost of resolving a scanned ticket's tag.
func BenchmarkResolveTicket(b *testing.B) {
	reg := VirtualRegistry()
	resolve := Resolver(reg)
	m := maps.Europe()
	tk := m.Tickets[len(m.Tickets)-1]
	uid, ok := reg.UID(registry.Card{Kind: registry.Ticket, Map: m.ID, A: m.Cities[tk.A].ID, B: m.Cities[tk.B].ID})
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
