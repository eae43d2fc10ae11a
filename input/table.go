package input

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"ttr/engine"
	"ttr/hal"
	"ttr/maps"
)

// TagKind says what a tag is stuck on.
type TagKind uint8

// The kinds of tagged things.
const (
	TagCard   TagKind = iota + 1 // a train card
	TagTicket                    // a destination ticket
)

// A Tag is what the card registry says a scanned NFC tag is: a train card,
// or a destination ticket of one map.
type Tag struct {
	Kind   TagKind
	Card   engine.CardID   // TagCard: which of the 110 cards
	Map    string          // TagTicket: the map the ticket belongs to ("europe", "usa")
	Ticket engine.TicketID // TagTicket: index in that map's tickets
	// Box is the box of train cards a TagCard comes from (1 or 2, for a
	// table that knows two decks), 0 when it does not matter. A game is
	// played with one box, the one of its first card scanned.
	Box int
}

// CardTag returns the tag of train card c.
func CardTag(c engine.CardID) Tag { return Tag{Kind: TagCard, Card: c} }

// TicketTag returns the tag of ticket t of map mapID.
func TicketTag(mapID string, t engine.TicketID) Tag {
	return Tag{Kind: TagTicket, Map: mapID, Ticket: t}
}

// A Resolver says what the tag with a UID is; false for a tag the table does
// not know. The firmware builds one from the card registry of its config.
type Resolver func(hal.UID) (Tag, bool)

// The IDs of the on-screen keys (hal.Touch of Kind hal.ScreenKey). The
// display draws them and resolves a touch on one to its ID and, for keys of
// a seat's panel, the seat (Touch.Seat).
const (
	KeyLang    = "lang:"    // + language code: the table's language (start screen)
	KeyMap     = "map:"     // + map id: the map to play (start screen)
	KeyJoin    = "join"     // on a seat's panel: the seat plays, or no longer plays (start screen)
	KeyColor   = "color:"   // + colour name, on a seat's panel: the seat's colour (start screen)
	KeyFirst   = "first"    // on a seat's panel: this seat plays first (start screen)
	KeyStart   = "start"    // start the game (start screen; the Confirm button does the same)
	KeyConfirm = "confirm"  // on a seat's panel: the same as the seat's Confirm button
	KeyCancel  = "cancel"   // on a seat's panel: the same as the seat's Cancel button
	KeyNewGame = "new_game" // back to the start screen (end screen)
	// KeyBreakdown + an engine player index, on a seat's panel: open that
	// player's breakdown facing the seat, or close it if it is open (end
	// screen).
	KeyBreakdown = "breakdown:"
)

// Opts configure a Table. Zero fields take the defaults their comments give.
type Opts struct {
	// Seats is the number of seats at the table (at least 2).
	Seats int
	// Colors is each seat's default colour, by seat (nil: red, blue, green,
	// yellow, black in seat order, repeating).
	Colors []Color
	// Lang is the start screen's default language ("" : the first of Langs).
	Lang string
	// Langs are the languages the start screen offers (nil: "es", "ro",
	// "en").
	Langs []string
	// Map is the default map id ("": "europe").
	Map string
	// Names are the seats' players' names, by seat (nil, or "" for a
	// seat: called by their colour); each as CheckName allows. The start
	// screen's keyboard changes them.
	Names []string
	// Edges is the edge of the screen each seat faces, by seat: "bottom",
	// "left", "top" or "right" (nil: play passes in seat order). Play
	// passes clockwise around the table (Clockwise).
	Edges []string
	// Resolve says what a scanned tag is. Required.
	Resolve Resolver
	// FirstGame is first-game mode's default on the start screen (rules.go).
	FirstGame bool
}

// Setup is the start screen's outcome: what a game's log needs besides the
// engine's actions to resume it after a restart.
type Setup struct {
	Lang  string
	Map   string
	Seats []SeatSetup // by seat
	First hal.Seat    // the seat that plays first, -1 before chosen
	// Order is the playing seats in turn order, clockwise around the
	// table (Clockwise), set when the game starts; nil on the start
	// screen and in games started before the table knew its edges, which
	// play in seat order.
	Order []hal.Seat
	// FirstGame reports that first-game mode is on: each rule is told the
	// first time it applies (rules.go).
	FirstGame bool
}

// SeatSetup is one seat's choice at the start screen.
type SeatSetup struct {
	Playing bool
	Color   Color
	Name    string // the player's name, "" for none (called by the colour)
}

// Players returns the seats that play, in turn order (Order, else seat
// order): the engine's player p sits at Players()[p].
func (s Setup) Players() []hal.Seat {
	if s.Order != nil {
		return slices.Clone(s.Order)
	}
	var out []hal.Seat
	for i, st := range s.Seats {
		if st.Playing {
			out = append(out, hal.Seat(i))
		}
	}
	return out
}

// Result is what one event changed.
//
// The Table has already applied Actions to its game. The caller must append
// each of them, in order, to the game's durable log before it draws the
// next View, so that the screen never shows a state the log cannot replay
// after a power cut. When Started is set, a new game began with this
// event: the caller starts a new log (Table.Setup and Table.Game tell the
// map, players, seats and colours) before appending Actions.
type Result struct {
	// Started reports that the event started a new game.
	Started bool
	// Actions are the engine actions applied, in order (decisions and
	// chance outcomes).
	Actions []engine.Action
	// Events are the engine's public events of those actions, in order,
	// for the display to announce; events with hidden information (a
	// blind-drawn card, a drawn ticket) are left out.
	Events []engine.Event
	// Notices are the refusals and news the event caused; each is also the
	// latest Notice of its seat in the View.
	Notices []Notice
	// Sound is the sound to play for the event (0 for none): a scan
	// accepted or refused, a route claimed, a tunnel's card revealed, the
	// last round, the end.
	Sound hal.Sound
}

// askKind is a question a seat's panel asks before a step that cannot be
// taken lightly (undo.go).
type askKind uint8

const (
	askNone    askKind = iota
	askUndo            // take back the last decision?
	askAbandon         // stop the game?
)

// gesture is a multi-step action of the current player not yet sent to the
// engine.
type gesture uint8

const (
	gNone    gesture = iota
	gBlind           // the deck was touched: the drawn card's scan is awaited
	gTickets         // the ticket deck was touched: the first ticket's scan is awaited
	gClaim           // a route was touched: cards are scanned, then Confirm
	gStation         // a city was touched: cards are scanned, then Confirm
)

// Table turns the events of the table's readers, buttons and screen into
// engine actions, one seat at a time, and keeps the View the screen draws.
// It owns the game's engine.State. A Table is not safe for concurrent use:
// the main loop owns it.
type Table struct {
	opts  Opts
	mode  Mode
	setup Setup
	m     *maps.Map
	st    *engine.State
	seats []hal.Seat // engine player -> seat
	// player is seat -> engine player, -1 when the seat does not play.
	player []int

	g     gesture
	route int
	city  int
	cards engine.CardSet // scanned for a claim, station or tunnel payment
	give  engine.TicketSet
	// undo is the engine's UndoInfo, worked out again when undoDirty
	// (undo.go); asked is the question open at askSeat, if any.
	undo      engine.UndoInfo
	undoDirty bool
	asked     askKind
	askSeat   hal.Seat
	// setupGive are, by player, the tickets each marked to give back at
	// set-up, when every seat chooses at once (setup.go).
	setupGive []engine.TicketSet

	reshuffle   bool // the discard pile became the deck: players must shuffle it
	marketReset bool // three face-up locomotives: five new cards are laid
	lastRound   int  // the player whose turn started the last round, -1
	tunnel      *TunnelView
	tunnelColor engine.CardColor

	// announce is the last move told to every seat; drawn are the train
	// cards the current player drew this turn, in order, for it (reset
	// when a turn ends).
	announce Announcement
	drawn    []drawnCard
	// moves are the last moves told, oldest first (View.Moves).
	moves []Announcement

	names      nameState // the name keyboards and names' Texts (names.go)
	notices    []Notice  // by seat
	readerOff  []bool
	buttonsOff []bool
	// borrow marks the seats whose player accepted to scan at a
	// neighbour's reader while their own is offline (reader.go).
	borrow []bool
	end    *EndView // computed once the game is over
	// box is the box of train cards the game is played with, from the
	// first card scanned with a Box (0 until then; found again after a
	// restart).
	box int
	// breakdown is, by seat, the player whose breakdown the seat has open
	// on the end screen (-1: none).
	breakdown []int
	// rules are the open help pages (rules.go).
	rules rulesState

	// revs hands out the table's Revs; rev is the one of what View shows
	// now, renewed by every method that may change it.
	revs Revs
	rev  Rev
}

// NewTable returns a table showing the start screen with opts' defaults:
// every seat plays (at most 5), in its default colour, no first player yet.
func NewTable(opts Opts) (*Table, error) {
	if opts.Seats < engine.MinPlayers {
		return nil, fmt.Errorf("input: %d seats; a table needs at least %d", opts.Seats, engine.MinPlayers)
	}
	if opts.Resolve == nil {
		return nil, errors.New("input: Opts.Resolve is nil; the table needs the card registry")
	}
	if opts.Langs == nil {
		opts.Langs = []string{"es", "ro", "en"}
	}
	if len(opts.Langs) == 0 {
		return nil, errors.New("input: Opts.Langs is empty")
	}
	if opts.Lang == "" {
		opts.Lang = opts.Langs[0]
	}
	if !slices.Contains(opts.Langs, opts.Lang) {
		return nil, fmt.Errorf("input: language %q is not one of %s", opts.Lang, strings.Join(opts.Langs, ", "))
	}
	if opts.Map == "" {
		opts.Map = "europe"
	}
	m, err := maps.Load(opts.Map)
	if err != nil {
		return nil, fmt.Errorf("input: map %q: %w", opts.Map, err)
	}
	if opts.Colors != nil && len(opts.Colors) != opts.Seats {
		return nil, fmt.Errorf("input: %d seat colours for %d seats", len(opts.Colors), opts.Seats)
	}
	for i, c := range opts.Colors {
		if c >= NumColors {
			return nil, fmt.Errorf("input: seat %d: unknown colour %d", i, c)
		}
	}
	if opts.Names != nil && len(opts.Names) != opts.Seats {
		return nil, fmt.Errorf("input: %d names for %d seats", len(opts.Names), opts.Seats)
	}
	for i, n := range opts.Names {
		if err := CheckName(n); err != nil {
			return nil, fmt.Errorf("input: seat %d: name %q: %w", i+1, n, err)
		}
	}
	if opts.Edges != nil && len(opts.Edges) != opts.Seats {
		return nil, fmt.Errorf("input: %d seat edges for %d seats", len(opts.Edges), opts.Seats)
	}
	for i, e := range opts.Edges {
		if !slices.Contains(edgeOrder[:], e) {
			return nil, fmt.Errorf("input: seat %d: edge %q: want %s", i+1, e, strings.Join(edgeOrder[:], ", "))
		}
	}
	t := &Table{
		opts:       opts,
		notices:    make([]Notice, opts.Seats),
		readerOff:  make([]bool, opts.Seats),
		buttonsOff: make([]bool, opts.Seats),
		borrow:     make([]bool, opts.Seats),
	}
	t.setup = Setup{Lang: opts.Lang, Map: opts.Map, Seats: make([]SeatSetup, opts.Seats), First: -1, FirstGame: opts.FirstGame}
	for i := range t.setup.Seats {
		c := Color(i % NumColors)
		if opts.Colors != nil {
			c = opts.Colors[i]
		}
		t.setup.Seats[i] = SeatSetup{Playing: i < engine.MaxPlayers, Color: c}
		if opts.Names != nil {
			t.setup.Seats[i].Name = opts.Names[i]
		}
	}
	t.m = m
	t.toStart()
	t.rev = t.revs.Next()
	return t, nil
}

// toStart shows the start screen, keeping the set-up choices.
func (t *Table) toStart() {
	t.mode = ModeStart
	t.st = nil
	t.setup.Order = nil // the seats that play may change
	t.asked = askNone
	t.seats = nil
	t.player = make([]int, t.opts.Seats)
	for i := range t.player {
		t.player[i] = -1
	}
	t.clearGesture()
	clear(t.rules.moves) // a new game's moves are not the last one's
	t.reshuffle, t.marketReset, t.lastRound, t.tunnel = false, false, -1, nil
	t.announce, t.drawn = Announcement{}, nil
	t.breakdown = make([]int, t.opts.Seats)
	for i := range t.breakdown {
		t.breakdown[i] = -1
	}
}

// Resume continues a game after a restart: setup is the game's start
// screen outcome and s its state replayed from the durable log. The View
// tells every seat the game was resumed. On error the table stays on (or
// goes back to) the start screen.
func (t *Table) Resume(setup Setup, s *engine.State, at time.Time) error {
	t.rev = t.revs.Next()
	if len(setup.Seats) != t.opts.Seats {
		return fmt.Errorf("input: resume: set-up has %d seats, the table %d", len(setup.Seats), t.opts.Seats)
	}
	if !slices.Contains(t.opts.Langs, setup.Lang) {
		return fmt.Errorf("input: resume: language %q is not offered", setup.Lang)
	}
	seats := setup.Players()
	if len(seats) != s.Players() {
		return fmt.Errorf("input: resume: %d seats play, the game has %d players", len(seats), s.Players())
	}
	if s.Map().ID != setup.Map {
		return fmt.Errorf("input: resume: set-up map %q, game map %q", setup.Map, s.Map().ID)
	}
	if err := checkColors(setup); err != nil {
		return fmt.Errorf("input: resume: %w", err)
	}
	if err := checkOrder(setup); err != nil {
		return fmt.Errorf("input: resume: %w", err)
	}
	t.setup = setup
	t.setup.Seats = slices.Clone(setup.Seats)
	t.setup.Order = slices.Clone(setup.Order)
	t.m = s.Map()
	// Replay the game's history through the table, so that what the
	// screen remembers beyond the engine's state (who started the last
	// round, a reshuffle or market reset under way, the tunnel) is as it
	// was before the restart.
	fresh, err := engine.NewGame(s.Map(), engine.Opts{Players: s.Players()})
	if err != nil {
		return fmt.Errorf("input: resume: %w", err)
	}
	t.begin(fresh)
	var r Result
	for i, a := range s.History() {
		if err := t.apply(&r, at, a); err != nil {
			t.toStart()
			return fmt.Errorf("input: resume: action %d (%s): %w", i+1, engine.FormatAction(s.Map(), a), err)
		}
	}
	t.end = nil
	for i := range t.notices {
		t.notices[i] = Notice{Seat: hal.Seat(i), Text: Text{Key: "status.resumed"}, At: at}
	}
	return nil
}

// begin takes s as the table's game.
func (t *Table) begin(s *engine.State) {
	t.st = s
	t.seats = t.setup.Players()
	t.player = make([]int, t.opts.Seats)
	for i := range t.player {
		t.player[i] = -1
	}
	for p, seat := range t.seats {
		t.player[seat] = p
	}
	t.clearGesture()
	t.moves = nil
	t.setupGive = make([]engine.TicketSet, len(t.seats))
	t.undoDirty, t.asked = true, askNone
	t.reshuffle, t.marketReset, t.lastRound, t.tunnel = false, false, -1, nil
	t.announce, t.drawn = Announcement{}, nil
	t.box = 0
	// A new player may sit at a seat whose reader is dead: they confirm
	// for themselves.
	clear(t.borrow)
	t.updateMode()
}

func checkColors(s Setup) error {
	var used [NumColors]bool
	for i, st := range s.Seats {
		if !st.Playing {
			continue
		}
		if st.Color >= NumColors {
			return fmt.Errorf("seat %d: unknown colour %d", i+1, st.Color)
		}
		if used[st.Color] {
			return fmt.Errorf("seat %d: colour %s taken by another seat", i+1, st.Color)
		}
		used[st.Color] = true
	}
	return nil
}

// Setup returns the start screen's choices (the game's set-up once it has
// started).
func (t *Table) Setup() Setup {
	s := t.setup
	s.Seats = slices.Clone(s.Seats)
	s.Order = slices.Clone(s.Order)
	return s
}

// Map returns the board of the game (on the start screen: the one
// chosen).
func (t *Table) Map() *maps.Map { return t.m }

// Game returns the game's state, or nil on the start screen. The caller
// must not change it (States are immutable through Apply).
func (t *Table) Game() *engine.State { return t.st }

// Mode returns the screen the table shows.
func (t *Table) Mode() Mode { return t.mode }

// SeatOf returns the seat of engine player p.
func (t *Table) SeatOf(p int) hal.Seat {
	if p < 0 || p >= len(t.seats) {
		return -1
	}
	return t.seats[p]
}

// PlayerAt returns the engine player sitting at seat, or -1.
func (t *Table) PlayerAt(seat hal.Seat) int {
	if seat < 0 || int(seat) >= len(t.player) {
		return -1
	}
	return t.player[seat]
}

// Handle feeds one event of the table's devices to the table: a hal.Scan,
// hal.Press, hal.Touch or hal.Status (also by pointer). See Result for what
// the caller does with the answer. A nil event, or an event type hal added
// that Handle does not know yet, is a bug: Handle panics.
func (t *Table) Handle(ev hal.Event) Result {
	t.rev = t.revs.Next()
	switch e := ev.(type) {
	case hal.Scan:
		return t.Scan(e)
	case *hal.Scan:
		return t.Scan(*e)
	case hal.Press:
		return t.Press(e)
	case *hal.Press:
		return t.Press(*e)
	case hal.Touch:
		return t.Touch(e)
	case *hal.Touch:
		return t.Touch(*e)
	case hal.Status:
		return t.Status(e)
	case *hal.Status:
		return t.Status(*e)
	}
	panic(fmt.Sprintf("input: Handle: %T is an event the table does not know", ev))
}

// Status takes a device going offline or coming back: the seat's panel
// marks it and every seat is told, so that the game carries on at the
// other seats.
func (t *Table) Status(ev hal.Status) Result {
	t.rev = t.revs.Next()
	var r Result
	if ev.Seat < 0 || int(ev.Seat) >= t.opts.Seats {
		return r
	}
	if errors.Is(ev.Err, hal.ErrCollision) {
		// Two cards laid together: the reader read neither.
		return t.refuse(&r, ev.Seat, ev.At, "reader.one_card", nil)
	}
	off := ev.State == hal.Offline
	var key string
	switch ev.Device {
	case hal.DeviceReader:
		if t.readerOff[ev.Seat] == off {
			return r
		}
		t.readerOff[ev.Seat] = off
		key = "status.reader_online"
		if off {
			key = "status.reader_offline"
		} else if t.borrow[ev.Seat] {
			t.borrow[ev.Seat] = false
			if p := t.PlayerAt(ev.Seat); p >= 0 && t.st != nil {
				t.notify(&r, Notice{Seat: -1, Text: Text{Key: "reader.back", Args: map[string]any{"Seat": int(ev.Seat) + 1, "Player": t.name(p)}}, At: ev.At})
				return r
			}
		}
	case hal.DeviceButtons:
		if t.buttonsOff[ev.Seat] == off {
			return r
		}
		t.buttonsOff[ev.Seat] = off
		key = "status.buttons_online"
		if off {
			key = "status.buttons_offline"
		}
	default:
		return r
	}
	t.notify(&r, Notice{Seat: -1, Text: Text{Key: key, Args: map[string]any{"Seat": int(ev.Seat) + 1}}, At: ev.At})
	if off && ev.Device == hal.DeviceReader && ev.Seat == t.waitingSeat() && t.mayBorrow(ev.Seat) {
		// The player whose turn it is reads at once how to carry on.
		t.notify(&r, Notice{Seat: ev.Seat, Text: t.offer(ev.Seat), At: ev.At})
	}
	return r
}

// name is what the table calls engine player p: their name, else their
// colour.
func (t *Table) name(p int) Text {
	if p < 0 || p >= len(t.seats) {
		return Text{Key: "panel.player", Args: map[string]any{"Number": p + 1}}
	}
	return t.seatName(t.seats[p])
}

// notify records n as its seat's latest notice (every seat's, for -1) and
// adds it to r.
func (t *Table) notify(r *Result, n Notice) {
	r.Notices = append(r.Notices, n)
	if n.Seat < 0 {
		for i := range t.notices {
			t.notices[i] = n
		}
		return
	}
	if int(n.Seat) < len(t.notices) {
		t.notices[n.Seat] = n
	}
}

// refuse adds a refusal with text to r for seat.
func (t *Table) refuse(r *Result, seat hal.Seat, at time.Time, key string, args map[string]any) Result {
	t.notify(r, Notice{Seat: seat, Text: Text{Key: key, Args: args}, Refused: true, At: at})
	return *r
}

// refuseErr adds the refusal of an engine error to r for seat.
func (t *Table) refuseErr(r *Result, seat hal.Seat, at time.Time, err error) Result {
	var re *engine.RuleError
	if !errors.As(err, &re) {
		// Not a rule violation: a bug. Say "that cannot be done now"
		// rather than crash the table.
		re = &engine.RuleError{Code: engine.ErrWrongAction}
	}
	t.notify(r, Notice{Seat: seat, Text: Refusal(re, t.m, t.name), Refused: true, Rule: re, At: at})
	return *r
}

func (t *Table) clearGesture() {
	t.g, t.route, t.city = gNone, -1, -1
	t.cards = engine.CardSet{}
	t.give = 0
}

// updateMode follows the game from set-up to play to the end.
func (t *Table) updateMode() {
	switch {
	case t.st == nil:
		t.mode = ModeStart
	case t.st.IsTerminal():
		t.mode = ModeEnd
	case inSetup(t.st):
		t.mode = ModeSetup
	default:
		t.mode = ModePlay
	}
}

// inSetup reports whether s is still in the game's set-up: until every
// player has kept their first tickets (nobody holds none afterwards).
func inSetup(s *engine.State) bool {
	for p := range s.Players() {
		if s.KeptTickets(p).Len() == 0 {
			return true
		}
	}
	return false
}

// apply applies the actions in order, all or none: on a refusal the game is
// unchanged and the error is returned. On success they are recorded in r.
func (t *Table) apply(r *Result, at time.Time, actions ...engine.Action) error {
	s := t.st
	mover := s.Waiting().Player
	var evs []engine.Event
	for _, a := range actions {
		n, e, err := s.Apply(a)
		if err != nil {
			return err
		}
		s = n
		evs = append(evs, e...)
	}
	t.st = s
	r.Actions = append(r.Actions, actions...)
	t.undoDirty, t.asked = true, askNone
	t.clearGesture()
	if t.tunnel != nil && t.tunnel.Done {
		t.tunnel = nil
	}
	for _, a := range actions {
		t.announceAction(mover, a, at)
	}
	for _, e := range evs {
		t.event(r, e, at)
		if !e.Hidden() {
			r.Events = append(r.Events, e)
		}
	}
	if w := t.st.Waiting(); w.Need != engine.NeedCardToMarket {
		t.marketReset = false
	}
	t.updateTunnel()
	t.updateMode()
	return nil
}

// event follows one engine event: the banners, the tunnel, announcements.
func (t *Table) event(r *Result, e engine.Event, at time.Time) {
	t.announceEvent(e, at)
	switch e.Kind {
	case engine.EvReshuffle:
		t.reshuffle = true
	case engine.EvMarketCard, engine.EvBlindDrawn, engine.EvCardDealt:
		t.reshuffle = false
	case engine.EvMarketReset:
		t.marketReset = true
	case engine.EvLastRound:
		t.lastRound = e.Player
	case engine.EvPassed:
		t.notify(r, Notice{Seat: -1, Text: Text{Key: "prompt.pass", Args: map[string]any{"Player": t.name(e.Player)}}, At: at})
	case engine.EvTunnelCard:
		t.reshuffle = false
		if t.tunnel != nil && !slices.Contains(t.tunnel.Revealed, e.Card) {
			t.tunnel.Revealed = append(t.tunnel.Revealed, e.Card)
		}
	case engine.EvTunnelCost:
		if t.tunnel != nil {
			t.tunnel.Extra = e.Count
		}
	case engine.EvRouteClaimed:
		if t.tunnel != nil && t.tunnel.Route == e.Route {
			t.tunnel.Done, t.tunnel.Claimed = true, true
			t.tunnel.ToReveal = 0
			claimer := t.SeatOf(e.Player)
			if t.tunnel.Extra == 0 {
				// Addressed to the claimer ("the route is yours"): their
				// seat only.
				t.notify(r, Notice{Seat: claimer, Text: Text{Key: "prompt.tunnel_free"}, At: at})
			}
			t.notifyOthers(r, claimer, t.routeText("prompt.tunnel_claimed", e.Player, e.Route, nil), at)
		}
	case engine.EvTunnelWithdrawn:
		if t.tunnel != nil {
			t.tunnel.Done = true
			t.notifyOthers(r, t.SeatOf(e.Player), t.routeText("prompt.tunnel_withdrawn", e.Player, e.Route, nil), at)
		}
	}
}

// notifyOthers gives news text to every seat with a player but seat, one
// notice each: words for the whole table that the player at seat does not
// need (they made it happen) or that seat has its own words for.
func (t *Table) notifyOthers(r *Result, seat hal.Seat, text Text, at time.Time) {
	for i, p := range t.player {
		if p >= 0 && hal.Seat(i) != seat {
			t.notify(r, Notice{Seat: hal.Seat(i), Text: text, At: at})
		}
	}
}

// updateTunnel follows the pending tunnel in the engine's public view.
func (t *Table) updateTunnel() {
	pub := t.st.Public()
	if pub.TunnelRoute < 0 {
		return
	}
	if t.tunnel == nil || t.tunnel.Route != pub.TunnelRoute || t.tunnel.Done {
		col := engine.Locomotive
		for _, c := range pub.TunnelPlayed {
			if c.Color() != engine.Locomotive {
				col = c.Color()
				break
			}
		}
		t.tunnelColor = col
		t.tunnel = &TunnelView{Route: pub.TunnelRoute, Color: col.MapColor()}
	}
	t.tunnel.Revealed = slices.Clone(pub.TunnelRevealed)
	w := t.st.Waiting()
	t.tunnel.ToReveal = 0
	if w.Need == engine.NeedCardToTunnel {
		t.tunnel.ToReveal = w.Count
	}
	if w.Need == engine.NeedTunnel {
		t.tunnel.Extra = w.Count
	}
}

// Defaults are the start screen's choices the owner sets on the glass (the
// config's settings): the table's language and map, and each seat's colour
// and player's name. A zero field, or a seat beyond Colors or Names, keeps
// what the start screen shows.
type Defaults struct {
	Lang   string
	Map    string
	Colors []Color // by seat
	Names  []string
}

// SetDefaults shows d on the start screen at once, as if the table had
// started with it: the owner changes the settings from the start screen,
// and the family sees them there without a restart. It changes nothing in
// a game (the next start screen keeps that game's choices, as ever). A
// language the table does not offer, a map it cannot load, a name
// CheckName refuses, or two playing seats of one colour are an error, and
// nothing is changed.
func (t *Table) SetDefaults(d Defaults) error {
	if t.mode != ModeStart {
		return errors.New("input: defaults set during a game")
	}
	next := t.setup
	next.Seats = slices.Clone(t.setup.Seats)
	m := t.m
	if d.Lang != "" {
		if !slices.Contains(t.opts.Langs, d.Lang) {
			return fmt.Errorf("input: language %q: want one of %s", d.Lang, strings.Join(t.opts.Langs, ", "))
		}
		next.Lang = d.Lang
	}
	if d.Map != "" && d.Map != next.Map {
		var err error
		if m, err = maps.Load(d.Map); err != nil {
			return fmt.Errorf("input: map: %w", err)
		}
		next.Map = d.Map
	}
	for i := range next.Seats {
		if i < len(d.Colors) {
			next.Seats[i].Color = d.Colors[i]
		}
		if i < len(d.Names) {
			if err := CheckName(d.Names[i]); err != nil {
				return fmt.Errorf("input: seat %d: name %q: %w", i+1, d.Names[i], err)
			}
			next.Seats[i].Name = d.Names[i]
		}
	}
	if err := checkColors(next); err != nil {
		return fmt.Errorf("input: %w", err)
	}
	t.setup, t.m = next, m
	t.opts.Lang, t.opts.Map = next.Lang, next.Map
	t.rev = t.revs.Next()
	return nil
}
