package input

import (
	"time"

	"ttr/engine"
	"ttr/engine/score"
	"ttr/hal"
	"ttr/maps"
)

// Text is a message a player reads, held as a key of the message catalogue
// (display/msg) and its named arguments until the display words it in the
// table's language. An argument is an integer, a string shown as is (a city
// as printed on the board) or a Text rendered first in the same language
// (a player's colour, "3 cards"). The zero Text (empty Key) means "nothing
// to show".
type Text struct {
	Key  string
	Args map[string]any
}

// IsZero reports whether t is the empty Text, which shows nothing.
func (t Text) IsZero() bool { return t.Key == "" }

// List joins items as a sentence does: "A", "A and B", "A, B and C"
// (list.comma, list.and); the zero Text for none.
func List(items ...Text) Text {
	var l Text
	for i, it := range items {
		switch {
		case i == 0:
			l = it
		case i == len(items)-1:
			l = Text{Key: "list.and", Args: map[string]any{"A": l, "B": it}}
		default:
			l = Text{Key: "list.comma", Args: map[string]any{"A": l, "B": it}}
		}
	}
	return l
}

// Mode is which screen the table shows.
type Mode uint8

// The screens of the table.
const (
	ModeStart Mode = iota + 1 // the start screen: language, map, seats, colours, first player
	ModeSetup                 // the engine's set-up: dealing, laying the market, first tickets
	ModePlay                  // the game's turns
	ModeEnd                   // the end screen: final scores
)

var modeNames = [...]string{"", "start", "setup", "play", "end"}

// String returns the mode's name, for logs.
func (m Mode) String() string {
	if int(m) < len(modeNames) && m != 0 {
		return modeNames[m]
	}
	return "unknown"
}

// Color is a player's colour: the colour of their trains and stations.
type Color uint8

// The five player colours of the game.
const (
	Red Color = iota
	Blue
	Green
	Yellow
	Black
)

// NumColors is the number of player colours.
const NumColors = 5

var colorNames = [...]string{"red", "blue", "green", "yellow", "black"}

// String returns the colour's config name ("red"); the message catalogue
// names it under "player_color.<name>".
func (c Color) String() string {
	if int(c) < len(colorNames) {
		return colorNames[c]
	}
	return "unknown"
}

// ParseColor returns the colour named by s ("red", "blue", "green",
// "yellow", "black").
func ParseColor(s string) (Color, bool) {
	for i, n := range colorNames {
		if n == s {
			return Color(i), true
		}
	}
	return 0, false
}

// Name returns the Text the table calls a player of colour c by
// ("player_color.red": "Red").
func (c Color) Name() Text { return Text{Key: "player_color." + c.String()} }

// A Notice is something the table tells one seat (or everyone) at once, in
// answer to an event: a refusal ("That card is not in your hand.") or news
// ("The reader at Seat 2 is not answering"). The display shows it for a few
// seconds after At, which is the time of the event that caused it (input
// has no clock).
type Notice struct {
	// Seat is the seat the notice is for, or -1 for the whole table.
	// Words that speak to one player ("the route is yours") are always
	// for that player's seat, never for the whole table.
	Seat hal.Seat
	// Text is the message. For refusals by the rules it is the catalogue's
	// "rule.<code>" message with the arguments Refusal gives, players
	// named as the table calls them.
	Text Text
	// Refused is set when the notice refuses an event: nothing changed.
	Refused bool
	// Rule is the engine's refusal behind Text, if any, for logs; players
	// read Text. It is set in Result.Notices only, never in a View (its
	// parameters may name a card).
	Rule *engine.RuleError
	// At is the time of the event that caused the notice.
	At time.Time
}

// View is everything the table's screen shows, read-only: the display draws
// it and never changes it. It never holds hidden information: no card of a
// hand, no blind-drawn card, no ticket (until the end screen reveals the
// tickets), no card scanned for a claim, station or tunnel payment that is
// not yet spent (only their number and colour).
type View struct {
	// Rev identifies what this View shows: the Table gives a new Rev with
	// every event or action it takes, and the same one to every View built
	// until the next, so the screen may keep what it drew for a Rev and
	// draw it again only when the Rev changes. Whoever changes a View after
	// it was built (an overlay) must give it a Rev of its own. Zero in a
	// View built by hand: drawn anew every frame.
	Rev Rev
	// Mode is which screen to draw.
	Mode Mode
	// Lang is the language chosen at the start screen ("es", "ro", "en");
	// the display words every Text in it.
	Lang string
	// Map is the board: the chosen map on the start screen, the game's map
	// afterwards.
	Map *maps.Map
	// Start holds the start screen's choices (meaningful in ModeStart; kept
	// afterwards as the game's set-up).
	Start StartView
	// Public is the engine's public view of the game (zero in ModeStart).
	// Its TunnelPlayed cards are the cards laid face up on a pending tunnel,
	// which the rules show to everyone.
	Public engine.Public
	// Seats has one entry per seat of the table, indexed by hal.Seat.
	Seats []SeatView
	// Banner is a message for the whole table drawn prominently (the last
	// round, a reshuffle, a market reset, the game over); zero for none.
	Banner Text
	// SelectedRoute is the route the current player touched, highlighted
	// with its cost, or -1.
	SelectedRoute int
	// SelectedCity is the city the current player touched for a station,
	// or -1.
	SelectedCity int
	// Claim is the claim in progress, or nil.
	Claim *ClaimView
	// Station is the station in progress, or nil.
	Station *StationView
	// Tunnel is the pending tunnel, or the tunnel just resolved (until the
	// next action), or nil.
	Tunnel *TunnelView
	// Keep is the ticket choice in progress (tickets drawn, keep decision
	// pending), or nil.
	Keep *KeepView
	// Unavailable marks the market slots the current player cannot take
	// now, shown before the rule bites: empty slots and, while the second
	// card of a draw is awaited, the face-up locomotives.
	Unavailable [engine.MarketSize]bool
	// End is the end screen's data (ModeEnd), or nil.
	End *EndView
	// Moves are the last moves told to the whole table (at most
	// MovesShown), oldest first, Announce the last of them: a short log
	// for every seat's strip. A draw's cards make one line.
	Moves []Announcement
	// Scores are every player's score in turn order, for every seat's
	// strip (nil on the start screen).
	Scores []PlayerScore
	// Undo is what the last decision's player may take back now (a key on
	// their panel, or Cancel; undo.go), nil when nothing can be.
	Undo *UndoView
	// Abandon is an open question to stop the game, nil when none.
	Abandon *AbandonView
	// Announce is the last move told to the whole table (a claim, a
	// station, a draw, tickets kept, a tunnel's outcome), drawn facing
	// every seat; zero before the first move of the game.
	Announce Announcement
}

// Announcement is a move told to every seat at once: one short line each
// seat reads facing it ("Red claimed Bruxelles – Paris, +2"), the route or
// city that pulses for a moment, and the points the move scored, which rise
// on the score track. The display shows it from At until the next
// announcement replaces it.
type Announcement struct {
	// Text is the line ("news.claimed" and its arguments); zero for none.
	Text Text
	// Player is the engine player who moved, -1 for none.
	Player int
	// Route is the route the move claimed (or the tunnel it tried), to
	// pulse on the board; -1 for none.
	Route int
	// City is the city where a station was built, to pulse; -1 for none.
	City int
	// Points are the points the move scored (0 for none).
	Points int
	// At is the time of the event that made the move.
	At time.Time
}

// StartView is the start screen's current choices.
type StartView struct {
	// Langs are the languages offered, in order; Lang is the chosen one.
	Langs []string
	Lang  string
	// Maps are the map ids offered ("europe", "usa"); Map is the chosen one.
	Maps []string
	Map  string
	// Players is the number of seats that play.
	Players int
	// First is the seat chosen to play first, or -1.
	First hal.Seat
	// Ready reports whether Start would begin the game; Problem says why
	// not (zero when Ready).
	Ready   bool
	Problem Text
	// FirstGame reports that first-game mode is on (KeyFirstGame): each
	// rule is told the first time it applies.
	FirstGame bool
}

// SeatView is one seat's panel.
type SeatView struct {
	// Seat is the seat's number.
	Seat hal.Seat
	// Playing reports whether a player sits here (chosen at the start
	// screen).
	Playing bool
	// Player is the engine's player index of the seat, or -1.
	Player int
	// Color is the player's colour (the seat's choice on the start screen).
	Color Color
	// Name is what the table calls the player: "player.name" with the
	// argument Name (the name as typed) for a named player, else the
	// colour ("player_color.red").
	Name Text
	// Typing reports that the seat's name keyboard is open (start screen):
	// the display draws it on the panel; its keys are input.KeyType keys.
	Typing bool
	// Current reports whether the table waits for this seat now: its
	// decision, a card or ticket to scan at its reader.
	Current bool
	// Prompt is what the table expects from this seat's player now, in
	// words; zero when nothing.
	Prompt Text
	// Progress is a second line under Prompt: the running count of a claim
	// ("2 of 3 red"), of the cards dealt, of a tunnel payment; zero when
	// none.
	Progress Text
	// Notice is the last notice for this seat (refusal or news), zero when
	// none yet; the display shows it for a few seconds after Notice.At.
	Notice Notice
	// ReaderOffline reports that the seat's card reader stopped answering
	// and its player has no other: false while they scan at a neighbour's
	// reader, when Progress (or the running count) says where to scan.
	ReaderOffline bool
	// ButtonsOffline reports that the seat's buttons stopped answering.
	ButtonsOffline bool
	// Keep is this seat's choice of tickets at set-up, when every seat
	// chooses at once (View.Keep is the one of the player the table waits
	// for); nil when the seat is not choosing.
	Keep *KeepView
	// Help is the seat's help page while it is open (KeyHelp), facing the
	// seat: the rules summary, the section of what the seat is doing first
	// (HelpTopics); nil when closed.
	Help []HelpSection
	// Explain is the rule first-game mode tells this seat now, the first
	// time it applies in the game: drawn beside Prompt, never over it;
	// zero for none.
	Explain HelpSection
	// HelpPage counts the help page's page turns since it opened
	// (KeyHelpPage): the display shows page HelpPage modulo the pages it
	// needs to show Help (pages.go).
	HelpPage int
	// Moves reports that the seat has the last moves (View.Moves) and every
	// player's score (View.Scores) open, facing it (KeyMoves); Cancel at the
	// seat or the key again closes them.
	Moves bool
}

// ClaimView is a claim in progress: the route touched and the cards scanned
// for it so far (their number and colour, never which cards).
type ClaimView struct {
	Route int // index in Map.Routes
	// Color is the colour being paid: the route's colour, or for a grey
	// route the colour of the first coloured card scanned (maps.Gray until
	// then, or when only locomotives were scanned).
	Color maps.Color
	// Need is the number of cards the route needs (its length); Have is
	// the number scanned, Locomotives how many of them are locomotives.
	Need, Have, Locomotives int
	// NeedLocomotives is the locomotives a ferry needs (0 for other routes).
	NeedLocomotives int
	// Tunnel reports that the route is a tunnel: after Confirm, cards are
	// revealed and may cost more.
	Tunnel bool
}

// StationView is a station in progress: the city touched and the cards
// scanned for it so far.
type StationView struct {
	City int // index in Map.Cities
	// Color is the colour of the coloured cards scanned (maps.Gray before
	// any, or when only locomotives were scanned).
	Color maps.Color
	// Need is the cards this station costs (1, 2 or 3); Have the number
	// scanned.
	Need, Have int
}

// TunnelView is a tunnel claim being resolved.
type TunnelView struct {
	Route int // index in Map.Routes
	// Color is the colour the tunnel was paid in (maps.Gray when it was
	// paid with locomotives only: then only locomotives pay the extra).
	Color maps.Color
	// Revealed are the cards turned over from the deck so far (public).
	Revealed []engine.CardID
	// ToReveal is the number of cards still to turn over and scan.
	ToReveal int
	// Extra is the extra cost once all are revealed (0: the claim went
	// through at no extra cost); Have the extra cards scanned so far.
	Extra, Have int
	// Done reports that the tunnel was resolved (claimed or withdrawn);
	// Claimed that the route was claimed.
	Done, Claimed bool
}

// PlayerScore is one player's score for the strips.
type PlayerScore struct {
	Player int      // engine player, in turn order
	Seat   hal.Seat // where they sit
	Name   Text     // as the table calls them
	Color  Color
	Score  int
}

// KeepView is a ticket choice in progress: counts, and the tickets marked
// to give back named for the keeping player's own panel (the player holds
// them in hand), never the tickets kept.
type KeepView struct {
	Player int // engine player index
	// Drawn is the number of tickets drawn, Keep the least to keep,
	// GiveBack how many the player has scanned to give back so far.
	Drawn, Keep, GiveBack int
}

// EndView is the end screen: each player's final score, item by item, and
// the winner.
type EndView struct {
	// Players are by engine player index.
	Players []EndPlayer
	// Winners are the winning players (several when the win is shared).
	Winners []int
	// DecidedBy is the tie-break that decided the winner.
	DecidedBy score.TieBreak
	// Winner is "end.winner" or "end.winners_shared"; Decided is
	// "end.decided_*".
	Winner, Decided Text
	// Open is, by seat, the engine index of the player whose breakdown
	// the seat has open (touched in the ranking on its panel, KeyBreakdown),
	// -1 for none; nil: none open.
	Open []int
}

// EndPlayer is one player's final score.
type EndPlayer struct {
	Player int
	Seat   hal.Seat
	Color  Color
	Name   Text
	// RoutePoints are the points of the claimed routes.
	RoutePoints int
	// Tickets are the player's kept tickets, done or not (revealed now).
	Tickets []EndTicket
	// TicketPoints is completed tickets' points minus the others'.
	TicketPoints int
	// CompletedTickets counts the completed tickets (the first tie-break).
	CompletedTickets int
	// StationsBuilt and StationPoints (4 per station not built, Europe).
	StationsBuilt, StationPoints int
	// StationRoutes is, per station, the route it borrows (-1: none helps).
	StationRoutes []StationRoute
	// LongestPath is the trains in the player's longest continuous path,
	// LongestRoutes the routes that form it (to draw on the board), and
	// LongestBonus the bonus earned for it (10 or 0).
	LongestPath   int
	LongestRoutes []int
	LongestBonus  int
	// Total is the final score.
	Total int
	// Lines are the breakdown in words, in order: routes, each ticket,
	// stations, longest path, total.
	Lines []Text
}

// EndTicket is one destination ticket on the end screen.
type EndTicket struct {
	Ticket    engine.TicketID
	From, To  int // city indexes
	Points    int
	Completed bool
}

// StationRoute is the route of another player a station borrows at the end.
type StationRoute struct {
	City  int
	Route int // -1 when no route helps
}
