package engine

import (
	"strconv"
	"strings"
)

// Code says which rule an action broke. The display words each code in the
// table's language from the RuleError's parameters, by the message whose
// key is "rule." and the code's name (String) with "_" for each space; the
// engine's own text is for logs only.
type Code uint8

// The rule violation codes.
const (
	ErrWrongAction       Code = iota + 1 // the action is not one the state waits for (Params.Need)
	ErrGameOver                          // the game has ended
	ErrNoSuchPlayer                      // Params.Player is not a seat
	ErrNoSuchRoute                       // Params.Route is not a route of the map
	ErrNoSuchCity                        // Params.City is not a city of the map
	ErrNoSuchSlot                        // Params.Slot is not 0-4
	ErrNoSuchCard                        // Params.Card is not one of the 110 cards
	ErrNoSuchTicket                      // Params.Ticket is not a ticket of the map
	ErrNotInHand                         // Params.Card is not in the acting player's hand
	ErrNoCards                           // a claim, station or tunnel payment without cards
	ErrMixedColors                       // cards of two colours (Params.Color and Params.Other)
	ErrWrongColor                        // Params.Card is not Params.Color nor a locomotive
	ErrNotEnoughCards                    // Params.Need cards of Params.Color (or locomotives) needed, Params.Got given
	ErrTooManyCards                      // Params.Need cards needed, Params.Got given
	ErrNeedLocomotives                   // a ferry needs Params.Need locomotives, Params.Got given
	ErrLocomotivesOnly                   // a locomotive-only tunnel claim pays its extra cost in locomotives
	ErrNotEnoughTrains                   // Params.Need trains needed, Params.Got left
	ErrRouteClaimed                      // Params.Route belongs to Params.Player
	ErrDoubleRouteOwned                  // the player owns the other half (Params.Other route) of the double route
	ErrDoubleRouteClosed                 // with 2-3 players the other half (Params.Other) is taken, closing this one
	ErrSlotEmpty                         // market slot Params.Slot has no card
	ErrSecondLocomotive                  // a face-up locomotive can only be the first and only card
	ErrNoTrainCards                      // the deck and the discard pile are empty
	ErrNoTickets                         // the ticket deck is empty
	ErrNoStations                        // the map has no stations
	ErrNoStationsLeft                    // the player has built all their stations
	ErrStationTaken                      // Params.City has a station of Params.Player
	ErrKeepTooFew                        // at least Params.Need tickets must be kept; Params.Got kept
	ErrTicketNotDrawn                    // Params.Ticket is not among the tickets just drawn
	ErrCannotPass                        // passing is allowed only when nothing else is
	ErrCardInHand                        // the supplied card is in Params.Player's hand
	ErrCardInMarket                      // the supplied card is face up in Params.Slot
	ErrCardDiscarded                     // the supplied card is on the discard pile
	ErrCardInTunnel                      // the supplied card was revealed for the tunnel
	ErrCardPlayed                        // the supplied card was played on the pending tunnel
	ErrTicketHeld                        // the supplied ticket is held by Params.Player
	ErrTicketInBox                       // the supplied ticket has left the game
	ErrTicketNotNext                     // the supplied ticket is under other tickets in the deck
	ErrTicketWrongPile                   // a long ticket where a regular one is due, or the reverse
)

var codeNames = [...]string{
	"", "wrong action", "game over", "no such player", "no such route", "no such city", "no such slot",
	"no such card", "no such ticket", "not in hand", "no cards", "mixed colors", "wrong color",
	"not enough cards", "too many cards", "need locomotives", "locomotives only", "not enough trains",
	"route claimed", "double route owned", "double route closed", "slot empty", "second locomotive",
	"no train cards", "no tickets", "no stations", "no stations left", "station taken", "keep too few",
	"ticket not drawn", "cannot pass", "card in hand", "card in market", "card discarded",
	"card in tunnel", "card played", "ticket held", "ticket in box", "ticket not next", "ticket wrong pile",
}

// String returns the code's short English name, for logs.
func (c Code) String() string {
	if int(c) < len(codeNames) && c != 0 {
		return codeNames[c]
	}
	return "Code(" + strconv.Itoa(int(c)) + ")"
}

// Params are a rule error's details; which fields mean something depends on
// the Code (see its comment). Unused fields are -1 (ints) or zero.
type Params struct {
	Need, Got int
	Player    int
	Route     int
	Other     int // the other route of a double pair, or the other colour
	City      int
	Slot      int
	Card      CardID
	Ticket    TicketID
	Color     CardColor
	Wait      Need // what the state waited for (ErrWrongAction)
}

func noParams() Params {
	return Params{Need: -1, Got: -1, Player: -1, Route: -1, Other: -1, City: -1, Slot: -1, Card: NoCard, Ticket: 255}
}

// A RuleError is an action the rules refuse. It is expected in play: the
// table shows it to the player (worded from Code and Params) and carries on.
type RuleError struct {
	Code   Code
	Params Params
}

// Error returns a log line such as "engine: not enough cards (need 3, got 2, colour red)".
func (e *RuleError) Error() string {
	var b strings.Builder
	b.WriteString("engine: ")
	b.WriteString(e.Code.String())
	p := e.Params
	var parts []string
	add := func(k string, v int) {
		if v >= 0 {
			parts = append(parts, k+" "+strconv.Itoa(v))
		}
	}
	add("need", p.Need)
	add("got", p.Got)
	add("player", p.Player)
	add("route", p.Route)
	add("other", p.Other)
	add("city", p.City)
	add("slot", p.Slot)
	if p.Card != NoCard {
		parts = append(parts, "card "+p.Card.String())
	}
	if p.Ticket != 255 {
		add("ticket", int(p.Ticket))
	}
	if p.Color != 0 || colorMatters(e.Code) {
		parts = append(parts, "colour "+p.Color.String())
	}
	if e.Code == ErrWrongAction {
		parts = append(parts, "waiting for "+p.Wait.String())
	}
	if len(parts) > 0 {
		b.WriteString(" (")
		b.WriteString(strings.Join(parts, ", "))
		b.WriteString(")")
	}
	return b.String()
}

// colorMatters reports whether the colour parameter matters for code c even
// when it is Locomotive (zero).
func colorMatters(c Code) bool {
	return c == ErrNotEnoughCards || c == ErrWrongColor || c == ErrMixedColors
}

// Is reports whether target is a *RuleError with the same code, so that
// errors.Is(err, &RuleError{Code: ErrNotInHand}) works.
func (e *RuleError) Is(target error) bool {
	t, ok := target.(*RuleError)
	return ok && t.Code == e.Code
}

func ruleErr(c Code, set func(*Params)) *RuleError {
	p := noParams()
	if set != nil {
		set(&p)
	}
	return &RuleError{Code: c, Params: p}
}
