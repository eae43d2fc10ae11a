package scene

import (
	"fmt"
	"strconv"

	"ttr/input"
)

// A Part is what a group of draw items shows: a part of the board, of the
// market, of a seat's strip, or an on-screen key.
type Part uint8

// The parts of the screen. Index and Seat of a Key say which one, where
// the part has several (see each).
const (
	Table      Part = iota // the table's colour round everything
	Board                  // the land and sea and the board's frame
	Track                  // the score track round the board
	Route                  // route Index (a map's route index)
	Ticket                 // completed ticket Index, drawn across the board (end screen)
	City                   // city Index
	Name                   // city Index's name on its plate
	Marker                 // player Index's marker on the score track
	Selection              // the route or city being claimed, pulsing
	Cost                   // the selected route's cost
	Pulse                  // the last move's route or city pulsing, its points rising
	Market                 // the market's column round its slots
	Slot                   // market slot Index
	Deck                   // the train deck
	TicketDeck             // the ticket deck
	Tunnel                 // the tunnel being paid
	Banner                 // the end screen's banner over the board
	Middle                 // the start screen's middle card, the end screen's shade
	Strip                  // seat Seat's strip: its plate, colour, name and counts
	Message                // seat Seat's prompt, last move, running count, notice
	Glow                   // the breathing glow round seat Seat's strip
	Keyboard               // seat Seat's name keyboard
	Legend                 // seat Seat's legend (end screen)
	Breakdown              // seat Seat's open breakdown of player Index (end screen)

	// On-screen keys: a touch on one is the key (Key.ID).
	ConfirmKey // seat Seat's Confirm
	CancelKey  // seat Seat's Cancel
	JoinKey    // seat Seat's Join
	ColorKey   // seat Seat's swatch of colour Index (input.Color)
	FirstKey   // seat Seat's First
	NameKey    // seat Seat's Name
	RankKey    // player Index in seat Seat's ranking: opens their breakdown
	NewGameKey // New game, on seat Seat's panel
	LangKey    // the start screen's language Name
	MapKey     // the start screen's map Name
	StartKey   // the start screen's Start
	TypeKey    // seat Seat's name keyboard's key Name (a letter, or one of input.TypeKeys)

	// The owner's menu (display/menu.go): a page over the whole screen,
	// facing the seat that opened it.
	Menu       // the page's card: its title, progress, result and words
	MenuLine   // the page's line Index
	MenuCheck  // the hardware check's step Index, as a chip
	MenuTarget // the corner Index (0 top-left, clockwise) to touch, as a target
	MenuKey    // the page's key Name (its touch's id) with Index (its touch's index)

	// A seat's strip at play: taking back, stopping, the rules and the
	// last moves (display's strip.go, tools.go, help.go, moves.go).
	UndoKey      // seat Seat's Undo: ask to take back their last decision
	StopKey      // seat Seat's Stop game, on its help page
	HelpKey      // seat Seat's Rules: open or close its help page
	MovesKey     // seat Seat's scores: open or close its last moves
	HelpPageKey  // seat Seat's help page's next page
	FirstGameKey // the start screen's first-game mode, on or off
	Help         // seat Seat's help page, facing it over the board
	Moves        // seat Seat's last moves and scores, facing it over the board
	Scores       // seat Seat's row of every player's score
	Explain      // seat Seat's first-game explanation, beside its prompt
)

var partNames = [...]string{
	Table: "table", Board: "board", Track: "track", Route: "route", Ticket: "ticket",
	City: "city", Name: "name", Marker: "marker", Selection: "selection", Cost: "cost",
	Pulse: "pulse", Market: "market", Slot: "slot", Deck: "deck", TicketDeck: "ticket-deck",
	Tunnel: "tunnel", Banner: "banner", Middle: "middle", Strip: "strip", Message: "message",
	Glow: "glow", Keyboard: "keyboard", Legend: "legend", Breakdown: "breakdown",
	ConfirmKey: "confirm-key", CancelKey: "cancel-key", JoinKey: "join-key", ColorKey: "color-key",
	FirstKey: "first-key", NameKey: "name-key", RankKey: "rank-key", NewGameKey: "new-game-key",
	LangKey: "lang-key", MapKey: "map-key", StartKey: "start-key", TypeKey: "type-key",
	// The owner's menu.
	Menu: "menu", MenuLine: "menu-line", MenuCheck: "menu-check", MenuTarget: "menu-target", MenuKey: "menu-key",
	UndoKey: "undo-key", StopKey: "stop-key", HelpKey: "help-key", MovesKey: "moves-key",
	HelpPageKey: "help-page-key", FirstGameKey: "first-game-key", Help: "help", Moves: "moves", Scores: "scores", Explain: "explain",
}

func (p Part) String() string {
	if int(p) < len(partNames) && partNames[p] != "" {
		return partNames[p]
	}
	return "part(" + strconv.Itoa(int(p)) + ")"
}

// OnSeat reports whether a part belongs to a seat's strip (Key.Seat).
func (p Part) OnSeat() bool {
	switch p {
	case Strip, Message, Glow, Keyboard, Legend, Breakdown,
		ConfirmKey, CancelKey, JoinKey, ColorKey, FirstKey, NameKey, RankKey, NewGameKey, TypeKey,
		UndoKey, StopKey, HelpKey, MovesKey, HelpPageKey, Help, Moves, Scores, Explain:
		return true
	}
	return false
}

// indexed reports whether a part has several, told apart by Key.Index.
func (p Part) indexed() bool {
	switch p {
	case Route, Ticket, City, Name, Marker, Slot, Breakdown, ColorKey, RankKey,
		MenuLine, MenuCheck, MenuTarget, MenuKey:
		return true
	}
	return false
}

// A Key names what a draw item shows, the same from frame to frame: route
// 12, seat 2's message, market slot 3, seat 1's Confirm. It is a small
// comparable value, so that scenes are compared key by key (Diff) and a
// touch resolves to one (Key.ID) without building or parsing strings.
type Key struct {
	Part  Part
	Seat  int    // the seat, for a part of a seat's strip (else 0)
	Index int    // which route, city, slot, player or colour (else 0)
	Name  string // the language or map of a start screen key (else "")
}

func (k Key) String() string {
	s := k.Part.String()
	if k.Part.OnSeat() {
		s += " seat " + strconv.Itoa(k.Seat)
	}
	if k.Part.indexed() {
		s += " " + strconv.Itoa(k.Index)
	}
	if k.Name != "" {
		s += " " + k.Name
	}
	return s
}

// IsKey reports whether k is an on-screen key, one a touch presses.
func (k Key) IsKey() bool {
	return k.Part >= ConfirmKey && k.Part <= TypeKey || k.Part == MenuKey || k.Part >= UndoKey && k.Part <= FirstGameKey
}

// ID returns the on-screen key's id as the input package reads it from a
// hal.Touch (input.KeyConfirm, input.KeyBreakdown followed by the player),
// and "" for a key that is not an on-screen key.
func (k Key) ID() string {
	switch k.Part {
	case ConfirmKey:
		return input.KeyConfirm
	case CancelKey:
		return input.KeyCancel
	case JoinKey:
		return input.KeyJoin
	case ColorKey:
		return input.KeyColor + input.Color(k.Index).String()
	case FirstKey:
		return input.KeyFirst
	case NameKey:
		return input.KeyName
	case RankKey:
		return input.KeyBreakdown + strconv.Itoa(k.Index)
	case NewGameKey:
		return input.KeyNewGame
	case LangKey:
		return input.KeyLang + k.Name
	case MapKey:
		return input.KeyMap + k.Name
	case StartKey:
		return input.KeyStart
	case TypeKey:
		return input.KeyType + k.Name
	case MenuKey:
		return k.Name // the menu's own id; the touch carries Index too
	case UndoKey:
		return input.KeyUndo
	case StopKey:
		return input.KeyAbandon
	case HelpKey:
		return input.KeyHelp
	case MovesKey:
		return input.KeyMoves
	case HelpPageKey:
		return input.KeyHelpPage
	case FirstGameKey:
		return input.KeyFirstGame
	}
	return ""
}

// GoString shows a key in test failures.
func (k Key) GoString() string { return fmt.Sprintf("scene.Key{%s}", k) }
