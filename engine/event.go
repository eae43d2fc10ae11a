package engine

import "strconv"

// EventKind says what happened.
type EventKind uint8

// The event kinds. Events carry hidden information (a blind draw's card, a
// drawn ticket): the display announces them without it.
const (
	EvFirstPlayer     EventKind = iota + 1 // Player starts
	EvCardDealt                            // Card dealt to Player at set-up (hidden)
	EvMarketCard                           // Card laid face up in Slot
	EvFaceUpTaken                          // Player took Card from Slot
	EvBlindDrawn                           // Player drew Card from the deck (hidden)
	EvMarketReset                          // three face-up locomotives: Cards discarded, five new come
	EvMarketStuck                          // three face-up locomotives, but the cards left cannot make a better market
	EvReshuffle                            // the discard pile (Count cards) became the deck
	EvTunnelCard                           // Card revealed for Player's tunnel on Route
	EvTunnelCost                           // Player's tunnel on Route costs Count more cards
	EvTunnelWithdrawn                      // Player gave up the tunnel on Route; Cards back to the hand
	EvRouteClaimed                         // Player claimed Route with Cards for Count points
	EvStationBuilt                         // Player built a station on City with Cards
	EvTicketDrawn                          // Player drew Ticket (hidden)
	EvTicketsKept                          // Player kept Count tickets and gave back Other
	EvTicketsBoxed                         // Count tickets left the game (Europe set-up)
	EvTurnEnded                            // Player's turn ended
	EvPassed                               // Player could do nothing and passed
	EvLastRound                            // Player has Count trains: every player has one more turn
	EvGameOver                             // the game is over; State.Result has the scores
	EvUndone                               // Player's last decision was taken back
	EvAbandoned                            // the game was stopped before its end
)

var eventNames = [...]string{"", "first player", "card dealt", "market card", "face-up taken", "blind drawn",
	"market reset", "market stuck", "reshuffle", "tunnel card", "tunnel cost", "tunnel withdrawn",
	"route claimed", "station built", "ticket drawn", "tickets kept", "tickets boxed", "turn ended",
	"passed", "last round", "game over", "undone", "abandoned"}

// String returns a short English name, for logs.
func (k EventKind) String() string {
	if int(k) < len(eventNames) && k != 0 {
		return eventNames[k]
	}
	return "EventKind(" + strconv.Itoa(int(k)) + ")"
}

// An Event is something that happened while applying an action, in order,
// for the display to announce. Fields the kind does not name are -1 (ints),
// NoCard or empty.
type Event struct {
	Kind   EventKind
	Player int
	Slot   int
	Route  int
	City   int
	Count  int
	Other  int
	Card   CardID
	Ticket TicketID
	Cards  CardSet
}

// Hidden reports whether the event carries a card or ticket only its
// player may see.
func (e Event) Hidden() bool {
	return e.Kind == EvCardDealt || e.Kind == EvBlindDrawn || e.Kind == EvTicketDrawn
}

func ev(k EventKind, player int) Event {
	return Event{Kind: k, Player: player, Slot: -1, Route: -1, City: -1, Count: -1, Other: -1, Card: NoCard}
}
