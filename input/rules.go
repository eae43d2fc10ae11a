package input

import (
	"strconv"

	"ttr/engine"
	"ttr/hal"
	"ttr/maps"
)

// The rules on the glass: each seat's strip has a help key (KeyHelp) that
// opens the rules summary facing the seat, the section of what the seat is
// doing first (HelpTopics); Cancel, or the key again, closes it. In
// first-game mode (KeyFirstGame on the start screen, Opts.FirstGame) each
// seat concerned is told a rule the first time it applies in the game
// (SeatView.Explain), derived from the game's state and log alone, so that a
// resumed game neither tells a rule again nor forgets one under way.

// The keys of the rules (hal.Touch of Kind hal.ScreenKey).
const (
	// KeyHelp, on a seat's panel: open the rules summary facing the seat,
	// or close it if it is open (any screen).
	KeyHelp = "help"
	// KeyFirstGame: first-game mode on or off (start screen).
	KeyFirstGame = "first_game"
)

// Topic is one section of the rules summary: a title and a few short lines
// of the catalogue's [rules] table ("rules.claim_title", "rules.claim_1").
type Topic uint8

// The sections of the rules summary, in the rule books' order.
const (
	TopicSetup     Topic = iota + 1 // set-up: trains, cards, the market, first tickets (stations)
	TopicTurn                       // a turn's actions, and play passing clockwise
	TopicDraw                       // drawing train cards, locomotives face up and blind
	TopicClaim                      // claiming a route: colours, grey, trains, points
	TopicDouble                     // double routes, and 2 or 3 players
	TopicTunnel                     // tunnels (Europe)
	TopicFerry                      // ferries (Europe)
	TopicTickets                    // drawing and keeping destination tickets
	TopicStation                    // train stations (Europe)
	TopicLastRound                  // the last round
	TopicScoring                    // final scoring and the longest path bonus
	TopicTieBreak                   // the winner and the tie-breaks
)

// NumTopics is the number of topics: they run from 1 to NumTopics.
const NumTopics = int(TopicTieBreak)

var topicNames = [...]string{"", "setup", "turn", "draw", "claim", "double", "tunnel", "ferry", "tickets", "station", "last_round", "scoring", "tiebreak"}

// String returns the topic's name, the stem of its catalogue keys.
func (t Topic) String() string {
	if t > 0 && int(t) < len(topicNames) {
		return topicNames[t]
	}
	return "topic(" + strconv.Itoa(int(t)) + ")"
}

// ruleLine is one line of a section: rules.<topic>_<n>, or
// rules.<topic>_<only>_<n> on map only.
type ruleLine struct {
	n    int
	only string // "" for every map, else the map id
}

// topicLines are each topic's lines, by Topic. A line with a map id is read
// on that map only: where the rule books differ (USA and Europe).
var topicLines = [...][]ruleLine{
	TopicSetup:     {{1, ""}, {2, ""}, {3, "usa"}, {4, "usa"}, {3, "europe"}, {4, "europe"}, {5, "europe"}, {6, "europe"}},
	TopicTurn:      {{1, "usa"}, {1, "europe"}, {2, ""}, {3, ""}, {4, ""}, {5, "europe"}, {6, ""}},
	TopicDraw:      {{1, ""}, {2, ""}, {3, ""}, {4, ""}, {5, ""}, {6, ""}},
	TopicClaim:     {{1, ""}, {2, ""}, {3, ""}, {4, ""}, {5, "usa"}, {6, "usa"}, {5, "europe"}, {6, "europe"}},
	TopicDouble:    {{1, ""}, {2, ""}, {3, ""}},
	TopicTunnel:    {{1, ""}, {2, ""}, {3, ""}, {4, ""}, {5, ""}, {6, ""}},
	TopicFerry:     {{1, ""}, {2, ""}, {3, ""}},
	TopicTickets:   {{1, ""}, {2, ""}, {3, ""}, {4, ""}, {5, ""}},
	TopicStation:   {{1, ""}, {2, ""}, {3, ""}, {4, ""}, {5, ""}, {6, ""}},
	TopicLastRound: {{1, ""}, {2, ""}, {3, ""}},
	TopicScoring:   {{1, ""}, {2, ""}, {3, "usa"}, {4, "usa"}, {3, "europe"}, {4, "europe"}, {5, ""}, {6, "europe"}},
	TopicTieBreak:  {{1, ""}, {2, ""}, {3, "europe"}, {4, "usa"}, {4, "europe"}},
}

// europeOnly reports whether topic t is a rule of Ticket to Ride Europe
// only: the USA map has no tunnels, ferries or stations.
func (t Topic) europeOnly() bool {
	return t == TopicTunnel || t == TopicFerry || t == TopicStation
}

// On reports whether the rules summary of map mapID has topic t.
func (t Topic) On(mapID string) bool {
	if t < 1 || int(t) > NumTopics {
		return false
	}
	return mapID == "europe" || !t.europeOnly()
}

// HelpSection is one section of the rules summary as the screen draws it:
// a title and its lines, each a Text of the catalogue (at most 60
// characters a line, 6 lines a section, in every language).
type HelpSection struct {
	Topic Topic
	Title Text
	Lines []Text
}

// IsZero reports whether s is the zero HelpSection, which shows nothing.
func (s HelpSection) IsZero() bool { return s.Topic == 0 }

// Section returns topic t's section on map mapID: its title and the lines
// of that map, in order; the zero HelpSection when the map has no such
// rule.
func Section(t Topic, mapID string) HelpSection {
	if !t.On(mapID) {
		return HelpSection{}
	}
	s := HelpSection{Topic: t, Title: Text{Key: "rules." + t.String() + "_title"}}
	for _, l := range topicLines[t] {
		switch l.only {
		case "":
			s.Lines = append(s.Lines, Text{Key: "rules." + t.String() + "_" + strconv.Itoa(l.n)})
		case mapID:
			s.Lines = append(s.Lines, Text{Key: "rules." + t.String() + "_" + l.only + "_" + strconv.Itoa(l.n)})
		}
	}
	return s
}

// Step is what a seat is doing, for its help page.
type Step uint8

// The steps of a seat.
const (
	StepStart   Step = iota + 1 // the start screen
	StepSetup                   // the game's set-up: cards dealt, the market laid, first tickets
	StepTurn                    // the seat's turn, no action chosen yet
	StepDraw                    // drawing train cards: a blind card to scan, the second card, a slot to refill
	StepClaim                   // a route touched, its cards being scanned
	StepTunnel                  // a tunnel's cards being revealed, or its extra cost to pay
	StepTickets                 // destination tickets being drawn or chosen
	StepStation                 // a city touched for a station
	StepWait                    // another player's turn
	StepEnd                     // the end screen
)

// Situation is what the help page of a seat depends on.
type Situation struct {
	// Map is the map's id ("usa", "europe").
	Map  string
	Step Step
	// Tunnel, Ferry and Double describe the route of a StepClaim: a
	// tunnel, a ferry, one of a double pair.
	Tunnel, Ferry, Double bool
	// LastRound reports that the game is in its last round.
	LastRound bool
}

// HelpTopics returns the topics of a seat's help page in s, in the order
// the page shows them: first the rules of what the seat is doing (for a
// tunnel or ferry claim, the tunnel or ferry before claiming; in the last
// round, the last round before the turn), then every other topic of the map
// in the rule books' order. Each topic of the map comes exactly once.
func HelpTopics(s Situation) []Topic {
	var first []Topic
	switch s.Step {
	case StepStart:
		first = []Topic{TopicSetup, TopicTurn}
	case StepSetup:
		first = []Topic{TopicSetup, TopicTickets}
	case StepTurn, StepWait:
		if s.LastRound {
			first = append(first, TopicLastRound)
		}
		first = append(first, TopicTurn)
	case StepDraw:
		first = []Topic{TopicDraw}
	case StepClaim:
		if s.Tunnel {
			first = append(first, TopicTunnel)
		}
		if s.Ferry {
			first = append(first, TopicFerry)
		}
		first = append(first, TopicClaim)
		if s.Double {
			first = append(first, TopicDouble)
		}
	case StepTunnel:
		first = []Topic{TopicTunnel, TopicClaim}
	case StepTickets:
		first = []Topic{TopicTickets}
	case StepStation:
		first = []Topic{TopicStation}
	case StepEnd:
		first = []Topic{TopicScoring, TopicTieBreak}
	}
	if s.LastRound && s.Step != StepEnd {
		first = append(first, TopicLastRound)
	}
	var seen [NumTopics + 1]bool
	out := make([]Topic, 0, NumTopics)
	add := func(t Topic) {
		if t.On(s.Map) && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, t := range first {
		add(t)
	}
	for t := Topic(1); int(t) <= NumTopics; t++ {
		add(t)
	}
	return out
}

// HelpSections returns the sections of a seat's help page in s, in
// HelpTopics' order.
func HelpSections(s Situation) []HelpSection {
	ts := HelpTopics(s)
	out := make([]HelpSection, len(ts))
	for i, t := range ts {
		out[i] = Section(t, s.Map)
	}
	return out
}

// rulesState is what the table keeps for the rules: which seats have their
// help page open. First-game mode is in Setup (the game's log keeps it);
// what it has told is derived from the game, never kept here.
type rulesState struct {
	help []bool // by seat
	// moves: the seat has the last moves open; page: the help page's
	// page turns since it opened (pages.go). By seat.
	moves []bool
	page  []int
	// sections are the sections of map mapID by Topic, built once: the
	// Views share them and never change them.
	mapID    string
	sections [NumTopics + 1]HelpSection
}

// helpSections returns the sections of a seat's help page in s, as
// HelpSections does, from the sections built once for the map.
func (t *Table) helpSections(s Situation) []HelpSection {
	rs := &t.rules
	if rs.mapID != s.Map {
		rs.mapID = s.Map
		for tp := Topic(1); int(tp) <= NumTopics; tp++ {
			rs.sections[tp] = Section(tp, s.Map)
		}
	}
	ts := HelpTopics(s)
	out := make([]HelpSection, len(ts))
	for i, tp := range ts {
		out[i] = rs.sections[tp]
	}
	return out
}

// HelpOpen reports whether seat's help page is open.
func (t *Table) HelpOpen(seat hal.Seat) bool {
	return seat >= 0 && int(seat) < len(t.rules.help) && t.rules.help[seat]
}

// rulesKey takes the keys of the rules: KeyHelp on a seat's panel (any
// screen) and KeyFirstGame (start screen). It reports whether ev was one.
func (t *Table) rulesKey(ev hal.Touch) (Result, bool) {
	if r, ok := t.pagesKey(ev); ok {
		return r, true
	}
	var r Result
	switch ev.ID {
	case KeyHelp:
		if ev.Seat < 0 || int(ev.Seat) >= t.opts.Seats {
			return r, true // not on a seat's panel: nobody to face
		}
		if t.rules.help == nil {
			t.rules.help = make([]bool, t.opts.Seats)
		}
		t.rules.help[ev.Seat] = !t.rules.help[ev.Seat]
		if t.rules.help[ev.Seat] {
			t.helpOpened(ev.Seat)
		}
		return r, true
	case KeyFirstGame:
		if t.mode == ModeStart {
			t.setup.FirstGame = !t.setup.FirstGame
		}
		return r, true
	}
	return r, false
}

// closeHelp closes seat's help page or its moves (pages.go), reporting
// whether one was open: Cancel then closes the page and does nothing else.
func (t *Table) closeHelp(seat hal.Seat) bool {
	if t.closeMoves(seat) {
		return true
	}
	if !t.HelpOpen(seat) {
		return false
	}
	t.rules.help[seat] = false
	return true
}

// rulesView fills in v what the rules show: each open help page, first-game
// mode's choice and what it explains to each seat now.
func (t *Table) rulesView(v *View) {
	v.Start.FirstGame = t.setup.FirstGame
	// The tunnels tried are counted once a View, and only when asked: the
	// count reads the whole history.
	tried := -1
	tunnels := func() int {
		if tried < 0 {
			tried = t.tunnelsTried()
		}
		return tried
	}
	for i := range v.Seats {
		seat := hal.Seat(i)
		if t.HelpOpen(seat) {
			v.Seats[i].Help = t.helpSections(t.situation(seat, v.Public))
		}
		t.pagesView(v, i)
		if tp := t.explain(seat, v.Public, tunnels); tp != 0 {
			v.Seats[i].Explain = Section(tp, t.m.ID)
		}
	}
}

// situation is what seat is doing now, for its help page; pub is the
// game's public view (zero on the start screen).
func (t *Table) situation(seat hal.Seat, pub engine.Public) Situation {
	s := Situation{Map: t.m.ID}
	switch t.mode {
	case ModeStart:
		s.Step = StepStart
		return s
	case ModeSetup:
		s.Step = StepSetup
		return s
	case ModeEnd:
		s.Step = StepEnd
		return s
	}
	s.LastRound = pub.LastRound
	w := t.st.Waiting()
	p := t.PlayerAt(seat)
	if p < 0 || p != w.Player {
		s.Step = StepWait
		return s
	}
	switch {
	case w.Need == engine.NeedTunnel || w.Need == engine.NeedCardToTunnel:
		s.Step = StepTunnel
	case w.Need == engine.NeedKeep || w.Need == engine.NeedTicket || t.g == gTickets:
		s.Step = StepTickets
	case t.g == gClaim:
		rt := &t.m.Routes[t.route]
		s.Step = StepClaim
		s.Tunnel, s.Ferry, s.Double = rt.Kind == maps.Tunnel, rt.Kind == maps.Ferry, rt.Twin >= 0
	case t.g == gStation:
		s.Step = StepStation
	case t.g == gBlind || w.Need == engine.NeedSecondCard || w.Need == engine.NeedCardToHand || w.Need == engine.NeedCardToMarket:
		s.Step = StepDraw
	default:
		s.Step = StepTurn
	}
	return s
}

// explain returns the rule first-game mode tells seat now, or 0: a rule is
// told while its first occurrence in the game lasts, to the seats it
// concerns. The first tunnel, ferry or station: to the player touching the
// route or city (and the first tunnel's reveal and payment to every
// player, who watch its cards); the last round: to every player during its
// first turn; the final scoring: to every player on the end screen. Each is
// decided from the game's state and history alone, so a resumed game tells
// the same. tunnels counts the tunnels tried (tunnelsTried).
func (t *Table) explain(seat hal.Seat, pub engine.Public, tunnels func() int) Topic {
	p := t.PlayerAt(seat)
	if !t.setup.FirstGame || p < 0 || t.st == nil {
		return 0
	}
	switch t.mode {
	case ModeEnd:
		return TopicScoring
	case ModePlay:
	default:
		return 0
	}
	if pub.TunnelRoute >= 0 && tunnels() == 1 {
		return TopicTunnel
	}
	if p == t.st.Waiting().Player {
		switch {
		case t.g == gClaim && t.m.Routes[t.route].Kind == maps.Tunnel && tunnels() == 0:
			return TopicTunnel
		case t.g == gClaim && t.m.Routes[t.route].Kind == maps.Ferry && !ferryClaimed(t.m, pub):
			return TopicFerry
		case t.g == gStation && !stationBuilt(pub):
			return TopicStation
		}
	}
	if pub.LastRound && pub.TurnsLeft == len(pub.Players) {
		return TopicLastRound
	}
	return 0
}

// tunnelsTried counts the claims of a tunnel in the game's history, paid,
// withdrawn or pending: a withdrawn tunnel leaves no owner, only its log.
func (t *Table) tunnelsTried() int {
	n := 0
	for _, a := range t.st.History() {
		if a.Kind == engine.ClaimRoute && t.m.Routes[a.Route].Kind == maps.Tunnel {
			n++
		}
	}
	return n
}

// ferryClaimed reports whether any ferry of m has an owner.
func ferryClaimed(m *maps.Map, pub engine.Public) bool {
	for i, o := range pub.RouteOwner {
		if o >= 0 && m.Routes[i].Kind == maps.Ferry {
			return true
		}
	}
	return false
}

// stationBuilt reports whether any player built a station.
func stationBuilt(pub engine.Public) bool {
	for _, o := range pub.StationOwner {
		if o >= 0 {
			return true
		}
	}
	return false
}
