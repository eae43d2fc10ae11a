package engine

import (
	"fmt"

	"ttr/maps"
)

// Game constants of both maps.
const (
	MaxPlayers   = 5
	MinPlayers   = 2
	Trains       = 45 // trains each player starts with
	MarketSize   = 5  // face-up cards
	HandSize     = 4  // cards dealt to each player
	TicketDraw   = 3  // tickets drawn by the DrawTickets action
	TunnelReveal = 3  // cards revealed for a tunnel
	LastRoundAt  = 2  // a turn ending with this many trains or fewer starts the last round

	maxRoutes  = 128
	maxCities  = 64
	maxTickets = 64
)

// Opts configure a new game.
type Opts struct {
	Players int // 2 to 5, in seat order 0..Players-1
}

// DefaultOpts is a four-player game.
var DefaultOpts = Opts{Players: 4}

// phases of the state machine; the chance outcomes a phase needs are
// derived by settle.
const (
	phChooseFirst uint8 = iota
	phSetup             // dealing hands and the market, then each player's tickets
	phKeep              // tickets are drawn (chance), then kept (decision)
	phTurn              // the current player's turn action
	phBlind1            // a blind draw as the first card (chance)
	phSecond            // the second card of a draw (decision)
	phBlind2            // a blind draw as the second card (chance)
	phReveal            // the tunnel's cards are revealed (chance)
	phTunnel            // pay the tunnel's extra cost or withdraw (decision)
	phTurnEnd           // the turn ends once the market is refilled
	phOver
)

// core is the whole game position: fixed-size and comparable with ==, so
// that copying a State is one memory copy and replays compare exactly.
type core struct {
	players, cur, first int8
	phase               uint8
	setupDone           int8 // players who have kept their set-up tickets
	// setupDraw and setupLong are each player's regular and long tickets
	// still to draw at set-up; toDraw, toLong and keepMin are those of
	// the player the state waits for (focusTickets).
	setupDraw, setupLong [MaxPlayers]int8

	deck, discard, played, revealed CardSet
	hand                            [MaxPlayers]CardSet
	market                          [MarketSize]CardID

	tTop      TicketSet // regular tickets above the returned ones, in unknown order
	tLong     TicketSet // Europe's long tickets not yet dealt
	tBox      TicketSet // out of the game
	tDrawn    [MaxPlayers]TicketSet
	tKept     [MaxPlayers]TicketSet
	bottom    [maxTickets]TicketID // returned tickets, top first
	bottomGrp [maxTickets]uint16   // which give-back each belongs to: a group's order is unknown
	bottomLen uint8
	grpSeq    uint16
	toDraw    int8 // regular tickets still to draw
	toLong    int8 // long tickets still to draw
	keepMin   int8
	keepSetup bool

	owner        [maxRoutes]int8 // player+1, 0 when free
	stationOwner [maxCities]int8 // player+1, 0 when none
	trains       [MaxPlayers]int8
	stationsLeft [MaxPlayers]int8
	score        [MaxPlayers]int16

	tunRoute  int16 // -1 when no tunnel is pending
	tunColor  CardColor
	tunTarget int8 // cards to reveal
	tunExtra  int8

	lastRound bool
	abandoned bool // the table stopped the game (Abandon)
	turnsLeft int8
	passes    int8
	turns     int32
	wait      Wait
}

// maxChunk is the most actions a history chunk holds.
const maxChunk = 1024

// A histChunk holds consecutive actions of a game's history. States share
// chunks: a state's history is its chunk's first (hlen - base) actions,
// then prevUsed actions of prev, and so on. Only the state that created a
// chunk writes to it, in place, past every position another state reads;
// a copy (Apply, Clone) starts its own chunk on its first action, so
// states applied from one parent on several goroutines never share a write.
type histChunk struct {
	prev     *histChunk
	prevUsed int // actions of prev that belong to the histories through this chunk
	base     int // actions before this chunk
	a        []packed
}

// packed is an Action in 16 bytes, as histories store them: lo is the
// first word of Cards (or Tickets); hi holds the second word of Cards in
// its low bits (cards below NumCards, so bits 0-45), the kind in bits
// 46-49 and the argument (Player, Slot, Route, City, Card or Ticket,
// always below 1<<14 once Apply has accepted the action) in bits 50-63.
type packed struct {
	lo, hi uint64
}

const (
	packKindShift = NumCards - 64
	packArgShift  = packKindShift + 4
	packCardsMask = 1<<packKindShift - 1
)

// pack returns the packed form of an action of kind k with argument arg
// and cards.
func pack(k ActionKind, arg int, cards CardSet) packed {
	return packed{cards[0], cards[1] | uint64(k)<<packKindShift | uint64(arg)<<packArgShift}
}

func (p packed) unpack() Action {
	kind := ActionKind(p.hi >> packKindShift & 0xF)
	arg := int(p.hi >> packArgShift)
	cards := CardSet{p.lo, p.hi & packCardsMask}
	a := Action{Kind: kind}
	switch kind {
	case ChooseFirst:
		a.Player = arg
	case KeepTickets:
		a.Tickets, a.who = TicketSet(p.lo), int8(arg&whoMask)
	case DrawFaceUp:
		a.Slot = arg
	case ClaimRoute:
		a.Route, a.Cards = arg, cards
	case PayTunnel:
		a.Cards = cards
	case BuildStation:
		a.City, a.Cards = arg, cards
	case RevealCard:
		a.Card, a.who = CardID(arg&0xFF), int8(arg>>whoShift&whoMask)
	case RevealTicket:
		a.Ticket, a.who = TicketID(arg&0xFF), int8(arg>>whoShift&whoMask)
	}
	return a
}

// A packed set-up action keeps Action.who in the argument's bits 8-11,
// above the card or ticket (below 256); KeepTickets, which has no other
// argument, in its bits 0-3.
const (
	whoShift = 8
	whoMask  = 0xF
)

// State is a game position. States are immutable through Apply: use Clone
// before changing one in place with Do, and never copy a State by value.
type State struct {
	m      *maps.Map
	b      *board
	hist   *histChunk
	hlen   int  // actions in the history
	shared bool // hist belongs to the state this one was copied from
	c      core
}

// board is the map's route data in compact arrays for the hot path of
// LegalActions. It is built by NewGame and never changes, so states share
// it.
type board struct {
	routes int
	route  [maxRoutes]routeInfo
}

// routeInfo is what paying for a route needs of it, in 3 bytes.
type routeInfo struct {
	length int8
	locos  int8      // ferry locomotives
	color  CardColor // Locomotive for gray: any one colour
}

func newBoard(m *maps.Map) *board {
	b := &board{routes: len(m.Routes)}
	for i, r := range m.Routes {
		b.route[i] = routeInfo{length: int8(r.Length), locos: int8(r.Locomotives), color: CardColor(r.Color)}
	}
	return b
}

// NewGame returns the state before set-up: the table chooses the first
// player, then hands, market and tickets are dealt as chance outcomes.
func NewGame(m *maps.Map, opts Opts) (*State, error) {
	if m == nil {
		return nil, fmt.Errorf("engine: no map")
	}
	if opts.Players < MinPlayers || opts.Players > MaxPlayers {
		return nil, fmt.Errorf("engine: %d players: want %d to %d", opts.Players, MinPlayers, MaxPlayers)
	}
	if len(m.Routes) > maxRoutes || len(m.Cities) > maxCities || len(m.Tickets) > maxTickets {
		return nil, fmt.Errorf("engine: map %s is too big (at most %d routes, %d cities, %d tickets)", m.ID, maxRoutes, maxCities, maxTickets)
	}
	s := &State{m: m, b: newBoard(m)}
	c := &s.c
	c.players = int8(opts.Players)
	c.phase = phChooseFirst
	c.deck = allCards
	for i := range c.market {
		c.market[i] = NoCard
	}
	for _, t := range m.Tickets {
		if t.Long {
			c.tLong |= 1 << t.Index
		} else {
			c.tTop |= 1 << t.Index
		}
	}
	for p := range opts.Players {
		c.trains[p] = Trains
		c.stationsLeft[p] = int8(m.Rules.Stations)
	}
	c.tunRoute = -1
	s.settle(nil)
	return s, nil
}

// Map returns the board the game is played on.
func (s *State) Map() *maps.Map { return s.m }

// Players returns the number of players.
func (s *State) Players() int { return int(s.c.players) }

// Clone returns an independent copy of s.
func (s *State) Clone() *State {
	n := *s
	n.shared = true
	return &n
}

// Waiting returns what the state waits for.
func (s *State) Waiting() Wait { return s.c.wait }

// CurrentPlayer returns the player who decides next, or Chance, Table or
// Terminal.
func (s *State) CurrentPlayer() int {
	w := s.c.wait
	switch {
	case w.Need == NeedNothing:
		return Terminal
	case w.Need.IsChance():
		return Chance
	case w.Need == NeedFirstPlayer:
		return Table
	}
	return w.Player
}

// IsTerminal reports whether the game is over: played to its end, or
// abandoned.
func (s *State) IsTerminal() bool { return s.c.phase == phOver }

// Abandoned reports whether the table stopped the game before its end
// (Abandon).
func (s *State) Abandoned() bool { return s.c.abandoned }

// IsChance reports whether the state waits for a chance outcome.
func (s *State) IsChance() bool { return s.c.wait.Need.IsChance() }

// Turn returns the player whose turn it is (during set-up: the player being
// dealt to or keeping tickets; -1 before the first player is chosen).
func (s *State) Turn() int {
	if s.c.phase == phChooseFirst {
		return -1
	}
	return int(s.c.cur)
}

// FirstPlayer returns the first player, or -1 before one is chosen.
func (s *State) FirstPlayer() int {
	if s.c.phase == phChooseFirst {
		return -1
	}
	return int(s.c.first)
}

// Turns returns the number of turns completed since set-up.
func (s *State) Turns() int { return int(s.c.turns) }

// History returns every action applied since NewGame, in order.
func (s *State) History() []Action {
	out := make([]Action, s.hlen)
	end := s.hlen
	for h := s.hist; h != nil; h = h.prev {
		for i, p := range h.a[:end-h.base] {
			out[h.base+i] = p.unpack()
		}
		if h.prev != nil {
			end = h.prev.base + h.prevUsed
		}
	}
	return out
}

// Scores returns each player's points: during the game the route points of
// their claimed routes, once the game is over their final totals.
func (s *State) Scores() []int {
	if s.IsTerminal() {
		return totals(s.Result())
	}
	out := make([]int, s.c.players)
	for p := range out {
		out[p] = int(s.c.score[p])
	}
	return out
}

// Hand returns player p's cards.
func (s *State) Hand(p int) CardSet { return s.c.hand[p] }

// TrainsLeft returns player p's trains not yet placed.
func (s *State) TrainsLeft(p int) int { return int(s.c.trains[p]) }

// StationsLeft returns player p's stations not yet built.
func (s *State) StationsLeft(p int) int { return int(s.c.stationsLeft[p]) }

// KeptTickets returns player p's kept tickets.
func (s *State) KeptTickets(p int) TicketSet { return s.c.tKept[p] }

// DrawnTickets returns the tickets player p has drawn and not yet decided on.
func (s *State) DrawnTickets(p int) TicketSet { return s.c.tDrawn[p] }

// Market returns the face-up cards (NoCard for an empty slot).
func (s *State) Market() [MarketSize]CardID { return s.c.market }

// RouteOwner returns the player who claimed route r, or -1.
func (s *State) RouteOwner(r int) int { return int(s.c.owner[r]) - 1 }

// StationOwner returns the player with a station on city c, or -1.
func (s *State) StationOwner(c int) int { return int(s.c.stationOwner[c]) - 1 }

// Deck returns the cards in the train deck (hidden information).
func (s *State) Deck() CardSet { return s.c.deck }

// Discards returns the discard pile.
func (s *State) Discards() CardSet { return s.c.discard }

// LastRound reports whether the last round has started.
func (s *State) LastRound() bool { return s.c.lastRound }

// CardLocation says where a train card is.
type CardLocation uint8

// Where a train card can be.
const (
	InDeck     CardLocation = iota + 1
	InMarket                // face up in a slot
	InHand                  // in a player's hand
	InDiscards              // on the discard pile
	InTunnel                // revealed for the pending tunnel
	OnTunnel                // played on the pending tunnel, not yet spent
)

var locationNames = [...]string{"", "deck", "market", "hand", "discards", "tunnel reveal", "tunnel payment"}

// String returns the location's English name, for logs.
func (l CardLocation) String() string {
	if int(l) < len(locationNames) && l != 0 {
		return locationNames[l]
	}
	return fmt.Sprintf("CardLocation(%d)", int(l))
}

// Where returns where card c is, with the player (InHand) or slot
// (InMarket), else -1.
func (s *State) Where(c CardID) (CardLocation, int) {
	switch {
	case s.c.deck.Has(c):
		return InDeck, -1
	case s.c.discard.Has(c):
		return InDiscards, -1
	case s.c.revealed.Has(c):
		return InTunnel, -1
	case s.c.played.Has(c):
		return OnTunnel, -1
	}
	for i, m := range s.c.market {
		if m == c {
			return InMarket, i
		}
	}
	for p := range int(s.c.players) {
		if s.c.hand[p].Has(c) {
			return InHand, p
		}
	}
	return 0, -1
}

// TicketLocation says where a destination ticket is.
type TicketLocation uint8

// Where a ticket can be.
const (
	TicketInDeck   TicketLocation = iota + 1 // in the regular deck, above any returned tickets
	TicketAtBottom                           // returned under the deck
	TicketLongPile                           // Europe's long tickets not yet dealt
	TicketDrawn                              // drawn by a player, keep decision pending
	TicketKept                               // kept by a player
	TicketInBox                              // out of the game
)

// WhereTicket returns where ticket t is, with the player for TicketDrawn
// and TicketKept, else -1.
func (s *State) WhereTicket(t TicketID) (TicketLocation, int) {
	c := &s.c
	switch {
	case c.tTop.Has(t):
		return TicketInDeck, -1
	case c.tLong.Has(t):
		return TicketLongPile, -1
	case c.tBox.Has(t):
		return TicketInBox, -1
	}
	for p := range int(c.players) {
		if c.tDrawn[p].Has(t) {
			return TicketDrawn, p
		}
		if c.tKept[p].Has(t) {
			return TicketKept, p
		}
	}
	for i := range int(c.bottomLen) {
		if c.bottom[i] == t {
			return TicketAtBottom, -1
		}
	}
	return 0, -1
}

// TicketsInDeck returns the number of tickets left in the regular deck.
func (s *State) TicketsInDeck() int { return s.c.tTop.Len() + int(s.c.bottomLen) }

func emit(evs *[]Event, e Event) {
	if evs != nil {
		*evs = append(*evs, e)
	}
}

// settle performs what follows from the rules alone (resets, reshuffles,
// the end of a turn) and sets what the state waits for next.
func (s *State) settle(evs *[]Event) {
	c := &s.c
	n := int(c.players)
	for {
		s.reshuffleIfEmpty(evs)
		switch c.phase {
		case phOver:
			c.wait = Wait{Need: NeedNothing, Player: -1, Slot: -1}
			return
		case phChooseFirst:
			c.wait = Wait{Need: NeedFirstPlayer, Player: Table, Slot: -1}
			return
		case phSetup:
			// Every player's work is pending at once (Pending); Waiting
			// names the first in the order set-up was dealt one seat at a
			// time: hands from the first player, the market, then each
			// player's tickets.
			for i := range n {
				p := (int(c.first) + i) % n
				if h := c.hand[p].Len(); h < HandSize {
					c.wait = Wait{Need: NeedCardToHand, Player: p, Slot: -1, Count: HandSize - h}
					return
				}
			}
		}
		if slot := s.emptySlot(); slot >= 0 && s.hasCards() {
			p := int(c.cur)
			if c.phase == phSetup {
				p = int(c.first) // any reader lays it; the first player's is named
			}
			c.wait = Wait{Need: NeedCardToMarket, Player: p, Slot: slot}
			return
		}
		if s.marketLocos() >= 3 && s.resetHelps() {
			s.resetMarket(evs)
			continue
		}
		switch c.phase {
		case phSetup:
			if int(c.setupDone) == n {
				if c.tLong != 0 {
					e := ev(EvTicketsBoxed, -1)
					e.Count = c.tLong.Len()
					emit(evs, e)
					c.tBox |= c.tLong
					c.tLong = 0
				}
				c.cur = c.first
				c.phase = phTurn
				continue
			}
			for i := range n {
				if p := (int(c.first) + i) % n; c.tKept[p] == 0 {
					s.focusTickets(p)
					return
				}
			}
			panic("engine: bug: set-up not done and every player has kept")
		case phKeep:
			if c.toLong > 0 || c.toDraw > 0 {
				c.wait = Wait{Need: NeedTicket, Player: int(c.cur), Slot: -1, Count: int(c.toDraw + c.toLong), Long: c.toLong > 0}
				return
			}
			c.wait = Wait{Need: NeedKeep, Player: int(c.cur), Slot: -1, Count: int(c.keepMin)}
			return
		case phTurn:
			c.wait = Wait{Need: NeedTurn, Player: int(c.cur), Slot: -1}
			return
		case phBlind1, phBlind2:
			c.wait = Wait{Need: NeedCardToHand, Player: int(c.cur), Slot: -1}
			return
		case phSecond:
			if s.canDrawSecond() {
				c.wait = Wait{Need: NeedSecondCard, Player: int(c.cur), Slot: -1}
				return
			}
			c.phase = phTurnEnd
			continue
		case phReveal:
			if left := int(c.tunTarget) - c.revealed.Len(); left > 0 {
				c.wait = Wait{Need: NeedCardToTunnel, Player: int(c.cur), Slot: -1, Count: left}
				return
			}
			s.resolveTunnel(evs)
			continue
		case phTunnel:
			c.wait = Wait{Need: NeedTunnel, Player: int(c.cur), Slot: -1, Count: int(c.tunExtra)}
			return
		case phTurnEnd:
			s.endTurn(evs)
			continue
		}
		panic(fmt.Sprintf("engine: bug: phase %d", c.phase))
	}
}
