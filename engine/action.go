package engine

import "strconv"

// ActionKind says what an Action does.
type ActionKind uint8

// The action kinds. The first group are players' decisions, then two
// chance outcomes (what was drawn), then two decisions of the table about
// the game itself.
const (
	ChooseFirst    ActionKind = iota + 1 // the table names the first player (Player)
	KeepTickets                          // keep the tickets just drawn, giving back Tickets
	DrawFaceUp                           // take the face-up card in Slot
	DrawBlind                            // take the top card of the deck
	ClaimRoute                           // claim Route paying Cards
	PayTunnel                            // pay a tunnel's extra cost with Cards
	WithdrawTunnel                       // give up the tunnel: played cards back to the hand
	DrawTickets                          // draw destination tickets
	BuildStation                         // build a station on City paying Cards
	Pass                                 // do nothing: allowed only when nothing else is
	RevealCard                           // chance: Card came off the train deck
	RevealTicket                         // chance: Ticket came off a ticket pile
	Undo                                 // the table takes back the last decision (UndoInfo)
	Abandon                              // the table stops the game before its end
)

var actionNames = [...]string{"", "first", "keep", "faceup", "blind", "claim", "pay", "withdraw", "tickets", "station", "pass", "card", "ticket", "undo", "abandon"}

// String returns the kind's log keyword.
func (k ActionKind) String() string {
	if int(k) < len(actionNames) && k != 0 {
		return actionNames[k]
	}
	return "ActionKind(" + strconv.Itoa(int(k)) + ")"
}

// IsChance reports whether k is a chance outcome rather than a decision.
func (k ActionKind) IsChance() bool { return k == RevealCard || k == RevealTicket }

// An Action is a decision or a chance outcome. Only the fields its Kind
// names are read; the others are ignored. Actions are small values and
// compare with ==.
type Action struct {
	Kind    ActionKind
	Player  int       // ChooseFirst: the first player
	Slot    int       // DrawFaceUp: market slot 0-4
	Route   int       // ClaimRoute: index in maps.Map.Routes
	City    int       // BuildStation: index in maps.Map.Cities
	Cards   CardSet   // ClaimRoute, PayTunnel, BuildStation: the cards spent
	Tickets TicketSet // KeepTickets: the tickets given back
	Card    CardID    // RevealCard
	Ticket  TicketID  // RevealTicket

	// who names whose set-up work a set-up action is (RevealCard,
	// RevealTicket, KeepTickets): 0 for the work Waiting names, 1 + the
	// player, or whoMarket for the face-up cards. See For.
	who int8
}

// whoMarket is Action.who for a card laid in the market at set-up.
const whoMarket = MaxPlayers + 1

// Special values of Action.For.
const (
	ForWaiting = -1 // the action does the work Waiting names
	ForMarket  = -3 // a card laid face up at set-up
)

// For returns whose pending set-up work the action names (see Pending): a
// player, ForMarket for a card laid face up, or ForWaiting when it names
// none and does the work Waiting names.
func (a Action) For() int {
	switch {
	case a.who == 0:
		return ForWaiting
	case a.who == whoMarket:
		return ForMarket
	}
	return int(a.who) - 1
}

// Constructors, one for each kind of action: NewX returns an action of kind
// X, so that an action has one name in code, whether built or matched.

// NewChooseFirst returns the action naming player p first.
func NewChooseFirst(p int) Action { return Action{Kind: ChooseFirst, Player: p} }

// NewKeepTickets returns the action keeping the drawn tickets except those
// given back.
func NewKeepTickets(giveBack ...TicketID) Action {
	return Action{Kind: KeepTickets, Tickets: NewTicketSet(giveBack...)}
}

// NewDrawFaceUp returns the action taking the face-up card in slot.
func NewDrawFaceUp(slot int) Action { return Action{Kind: DrawFaceUp, Slot: slot} }

// NewDrawBlind returns the action drawing the top card of the deck.
func NewDrawBlind() Action { return Action{Kind: DrawBlind} }

// NewClaimRoute returns the action claiming route with the given cards.
func NewClaimRoute(route int, cards ...CardID) Action {
	return Action{Kind: ClaimRoute, Route: route, Cards: NewCardSet(cards...)}
}

// NewPayTunnel returns the action paying a tunnel's extra cost.
func NewPayTunnel(cards ...CardID) Action {
	return Action{Kind: PayTunnel, Cards: NewCardSet(cards...)}
}

// NewWithdrawTunnel returns the action giving up a tunnel claim.
func NewWithdrawTunnel() Action { return Action{Kind: WithdrawTunnel} }

// NewDrawTickets returns the action drawing destination tickets.
func NewDrawTickets() Action { return Action{Kind: DrawTickets} }

// NewBuildStation returns the action building a station on city with the
// given cards.
func NewBuildStation(city int, cards ...CardID) Action {
	return Action{Kind: BuildStation, City: city, Cards: NewCardSet(cards...)}
}

// NewPass returns the action passing the turn.
func NewPass() Action { return Action{Kind: Pass} }

// NewUndo returns the table's action taking back the last decision.
func NewUndo() Action { return Action{Kind: Undo} }

// NewAbandon returns the table's action stopping the game.
func NewAbandon() Action { return Action{Kind: Abandon} }

// NewRevealCard returns the chance outcome "card c came off the train deck".
func NewRevealCard(c CardID) Action { return Action{Kind: RevealCard, Card: c} }

// NewRevealTicket returns the chance outcome "ticket t came off a ticket
// pile".
func NewRevealTicket(t TicketID) Action { return Action{Kind: RevealTicket, Ticket: t} }

// The set-up happens at every seat at once: while it lasts several
// players may have work pending (Pending), and an action names whose work
// it is, as OpenSpiel's simultaneous nodes have each action name its
// player. The log records the actions in the order they came.

// NewDealCard returns the set-up's chance outcome "card c was dealt to
// player p".
func NewDealCard(p int, c CardID) Action {
	return Action{Kind: RevealCard, Card: c, who: int8(p + 1)}
}

// NewLayCard returns the set-up's chance outcome "card c was laid face up
// in the market" (in its first empty slot).
func NewLayCard(c CardID) Action { return Action{Kind: RevealCard, Card: c, who: whoMarket} }

// NewDealTicket returns the set-up's chance outcome "player p drew ticket
// t".
func NewDealTicket(p int, t TicketID) Action {
	return Action{Kind: RevealTicket, Ticket: t, who: int8(p + 1)}
}

// NewKeepTicketsFor returns player p's set-up decision keeping the tickets
// they drew except those given back.
func NewKeepTicketsFor(p int, giveBack ...TicketID) Action {
	a := NewKeepTickets(giveBack...)
	a.who = int8(p + 1)
	return a
}

// canon returns a with the fields its kind does not use zeroed, so that
// equal actions compare equal.
func (a Action) canon() Action {
	c := Action{Kind: a.Kind}
	switch a.Kind {
	case ChooseFirst:
		c.Player = a.Player
	case KeepTickets:
		c.Tickets, c.who = a.Tickets, a.who
	case DrawFaceUp:
		c.Slot = a.Slot
	case ClaimRoute:
		c.Route, c.Cards = a.Route, a.Cards
	case PayTunnel:
		c.Cards = a.Cards
	case BuildStation:
		c.City, c.Cards = a.City, a.Cards
	case RevealCard:
		c.Card, c.who = a.Card, a.who
	case RevealTicket:
		c.Ticket, c.who = a.Ticket, a.who
	}
	return c
}

// Need says what a state waits for.
type Need uint8

// What a state can wait for. Decisions are made by Wait.Player (the table
// for NeedFirstPlayer); chance outcomes are scanned at Wait.Player's reader.
const (
	NeedFirstPlayer  Need = iota + 1 // decision: ChooseFirst
	NeedKeep                         // decision: KeepTickets, keeping at least Wait.Count
	NeedTurn                         // decision: a turn's action (or Pass when nothing else is legal)
	NeedSecondCard                   // decision: the second card of a draw (DrawFaceUp, DrawBlind)
	NeedTunnel                       // decision: PayTunnel (Wait.Count cards) or WithdrawTunnel
	NeedCardToHand                   // chance: a card off the deck into Wait.Player's hand
	NeedCardToMarket                 // chance: a card off the deck into market slot Wait.Slot
	NeedCardToTunnel                 // chance: a card off the deck revealed for the tunnel
	NeedTicket                       // chance: a ticket for Wait.Player (Wait.Long: from the long pile)
	NeedNothing                      // the game is over
)

var needNames = [...]string{"", "first player", "keep tickets", "turn", "second card", "tunnel", "card to hand", "card to market", "card to tunnel", "ticket", "nothing"}

// String returns a short English name, for logs.
func (n Need) String() string {
	if int(n) < len(needNames) && n != 0 {
		return needNames[n]
	}
	return "Need(" + strconv.Itoa(int(n)) + ")"
}

// IsChance reports whether n waits for a chance outcome.
func (n Need) IsChance() bool { return n >= NeedCardToHand && n <= NeedTicket }

// Wait describes what a state waits for.
type Wait struct {
	Need   Need
	Player int  // who decides, or at whose reader the card or ticket is scanned; Table for the choice of first player
	Slot   int  // NeedCardToMarket: the slot being filled
	Count  int  // NeedKeep: tickets to keep at least; NeedTunnel: extra cards; NeedTicket: tickets still to draw (this one included); NeedCardToTunnel: cards still to reveal; NeedCardToHand at set-up: cards still to deal
	Long   bool // NeedTicket: the ticket comes from the long pile (Europe set-up)
}

// Special values of CurrentPlayer.
const (
	Chance   = -1 // a chance outcome is awaited
	Table    = -2 // the table as a whole decides (the first player)
	Terminal = -4 // the game is over
)
