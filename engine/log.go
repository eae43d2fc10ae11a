package engine

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"ttr/maps"
)

// LogVersion is the version of the game log format written by this
// package.
const LogVersion = 1

// A Log is a game's record: the map, the number of players and every
// decision and chance outcome in order. Replaying it reproduces the game.
//
// Its text form is a header line, "ttr v1 europe players=4", then one action
// per line in the form FormatAction writes:
//
//	first 2                          the table chose player 2 to start
//	card red3                        a train card came off the deck
//	ticket 17                        a ticket (index in the map's list) was drawn
//	keep                             the drawn tickets were all kept
//	keep 3,17                        ... except tickets 3 and 17, given back
//	faceup 4                         the card in market slot 4 was taken
//	blind                            a card is drawn from the deck
//	claim berlin--wien--1 red1,loco2 a route claimed with these cards
//	pay black2                       a tunnel's extra cost paid
//	withdraw                         a tunnel given up
//	tickets                          tickets are drawn
//	station berlin red4              a station built with these cards
//	pass                             nothing was possible
//	undo                             the last decision was taken back
//	abandon                          the game was stopped before its end
//
// At set-up, when every seat works at once, an action may name whose work
// it is (Action.For) after an @: "card red3 @2" (dealt to player 2),
// "card red3 @market" (laid face up), "ticket 17 @0", "keep 3 @1".
//
// Blank lines and lines starting with # are ignored. A log is written one
// line per action as the game goes (LogHeader, then FormatAction), so a
// power cut can leave a last line cut short: ParseLog drops a last line
// that has no newline and does not parse.
type Log struct {
	Map     *maps.Map
	Players int
	Actions []Action
}

// Log returns the state's game log.
func (s *State) Log() *Log {
	return &Log{Map: s.m, Players: int(s.c.players), Actions: s.History()}
}

// LogHeader returns the first line of a game log, newline included.
func LogHeader(m *maps.Map, players int) string {
	return fmt.Sprintf("ttr v%d %s players=%d\n", LogVersion, m.ID, players)
}

// MarshalText writes the log in its text form.
func (l *Log) MarshalText() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(LogHeader(l.Map, l.Players))
	for _, a := range l.Actions {
		b.WriteString(FormatAction(l.Map, a))
		b.WriteByte('\n')
	}
	return b.Bytes(), nil
}

// ParseLog reads a log in its text form. The map is the embedded one the
// header names.
func ParseLog(data []byte) (*Log, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	line := 0
	var l *Log
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if l == nil {
			h, err := parseHeader(text)
			if err != nil {
				return nil, fmt.Errorf("engine: log line %d: %w", line, err)
			}
			l = h
			continue
		}
		a, err := ParseAction(l.Map, text)
		if err != nil {
			if last := !bytes.HasSuffix(data, []byte("\n")) && !bytes.Contains(data[consumed(data, line):], []byte("\n")); last {
				break // cut short by a power cut while it was written
			}
			return nil, fmt.Errorf("engine: log line %d: %w", line, err)
		}
		l.Actions = append(l.Actions, a)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("engine: log: %w", err)
	}
	if l == nil {
		return nil, fmt.Errorf("engine: log: no header (want %q)", "ttr v1 MAP players=N")
	}
	return l, nil
}

// consumed returns the offset of the start of line n (from 1) in data.
func consumed(data []byte, n int) int {
	off := 0
	for range n - 1 {
		i := bytes.IndexByte(data[off:], '\n')
		if i < 0 {
			return len(data)
		}
		off += i + 1
	}
	return off
}

func parseHeader(text string) (*Log, error) {
	f := strings.Fields(text)
	if len(f) != 4 || f[0] != "ttr" {
		return nil, fmt.Errorf("header %q: want \"ttr v%d MAP players=N\"", text, LogVersion)
	}
	if f[1] != "v"+strconv.Itoa(LogVersion) {
		return nil, fmt.Errorf("log version %q: this table reads v%d", f[1], LogVersion)
	}
	m, err := maps.Load(f[2])
	if err != nil {
		return nil, err
	}
	ps, ok := strings.CutPrefix(f[3], "players=")
	n, err := strconv.Atoi(ps)
	if !ok || err != nil || n < MinPlayers || n > MaxPlayers {
		return nil, fmt.Errorf("header %q: players must be %d to %d", text, MinPlayers, MaxPlayers)
	}
	return &Log{Map: m, Players: n}, nil
}

// Replay plays a log from a new game and returns the final state. An
// action the rules refuse is an error naming its position.
func Replay(l *Log) (*State, error) {
	s, err := NewGame(l.Map, Opts{Players: l.Players})
	if err != nil {
		return nil, err
	}
	// before is the game before the last decision, while it may be taken
	// back (canUndo): an undo returns to it without replaying the log
	// again.
	var before core
	canUndo := false
	for i, a := range l.Actions {
		var err error
		switch {
		case a.Kind == Undo && canUndo && !s.IsTerminal():
			s.undoTo(&before)
		case a.Kind == Undo:
			err = ruleErr(ErrWrongAction, func(q *Params) { q.Wait = s.c.wait.Need })
		default:
			if undoable(a.Kind) {
				before = s.c
			}
			err = s.Do(a)
		}
		if err != nil {
			return nil, fmt.Errorf("engine: log action %d (%s): %w", i+1, FormatAction(l.Map, a), err)
		}
		canUndo = undoable(a.Kind)
	}
	return s, nil
}

// MarshalText implements encoding.TextMarshaler: a state is written as its
// game log, which replays to it exactly.
func (s *State) MarshalText() ([]byte, error) { return s.Log().MarshalText() }

// UnmarshalText implements encoding.TextUnmarshaler by replaying the log.
func (s *State) UnmarshalText(data []byte) error {
	l, err := ParseLog(data)
	if err != nil {
		return err
	}
	n, err := Replay(l)
	if err != nil {
		return err
	}
	*s = *n
	return nil
}

// FormatAction writes a as one log line; m names routes and cities.
func FormatAction(m *maps.Map, a Action) string {
	line := formatAction(m, a)
	switch f := a.For(); {
	case f == ForMarket:
		line += " @market"
	case f >= 0:
		line += " @" + strconv.Itoa(f)
	}
	return line
}

func formatAction(m *maps.Map, a Action) string {
	k := a.Kind.String()
	switch a.Kind {
	case ChooseFirst:
		return k + " " + strconv.Itoa(a.Player)
	case KeepTickets:
		if a.Tickets == 0 {
			return k
		}
		ids := a.Tickets.IDs()
		parts := make([]string, len(ids))
		for i, t := range ids {
			parts[i] = strconv.Itoa(int(t))
		}
		return k + " " + strings.Join(parts, ",")
	case DrawFaceUp:
		return k + " " + strconv.Itoa(a.Slot)
	case ClaimRoute:
		id := strconv.Itoa(a.Route)
		if a.Route >= 0 && a.Route < len(m.Routes) {
			id = m.Routes[a.Route].ID
		}
		return k + " " + id + " " + a.Cards.String()
	case PayTunnel:
		return k + " " + a.Cards.String()
	case BuildStation:
		id := strconv.Itoa(a.City)
		if a.City >= 0 && a.City < len(m.Cities) {
			id = m.Cities[a.City].ID
		}
		return k + " " + id + " " + a.Cards.String()
	case RevealCard:
		return k + " " + a.Card.String()
	case RevealTicket:
		return k + " " + strconv.Itoa(int(a.Ticket))
	}
	return k
}

// ParseAction reads one log line written by FormatAction.
func ParseAction(m *maps.Map, line string) (Action, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return Action{}, fmt.Errorf("empty action")
	}
	var kind ActionKind
	for k := ChooseFirst; k <= Abandon; k++ {
		if k.String() == f[0] {
			kind = k
		}
	}
	if kind == 0 {
		return Action{}, fmt.Errorf("unknown action %q", f[0])
	}
	var who int8
	if at, ok := strings.CutPrefix(f[len(f)-1], "@"); ok {
		if kind != RevealCard && kind != RevealTicket && kind != KeepTickets {
			return Action{}, fmt.Errorf("%q: %s names no player", line, f[0])
		}
		if at == "market" && kind == RevealCard {
			who = whoMarket
		} else {
			p, err := atoi(at, MaxPlayers)
			if err != nil {
				return Action{}, fmt.Errorf("%q: player %w", line, err)
			}
			who = int8(p + 1)
		}
		f = f[:len(f)-1]
	}
	want := map[ActionKind]int{ChooseFirst: 1, DrawFaceUp: 1, ClaimRoute: 2, PayTunnel: 1, BuildStation: 2, RevealCard: 1, RevealTicket: 1}[kind]
	if kind == KeepTickets && len(f) == 2 {
		want = 1
	}
	if len(f)-1 != want {
		return Action{}, fmt.Errorf("%q: %s takes %d argument(s)", line, f[0], want)
	}
	a := Action{Kind: kind, who: who}
	var err error
	switch kind {
	case ChooseFirst:
		a.Player, err = atoi(f[1], MaxPlayers)
	case DrawFaceUp:
		a.Slot, err = atoi(f[1], MarketSize)
	case KeepTickets:
		if len(f) == 2 {
			for _, p := range strings.Split(f[1], ",") {
				t, e := atoi(p, maxTickets)
				if e != nil {
					return Action{}, fmt.Errorf("%q: ticket %w", line, e)
				}
				a.Tickets |= 1 << t
			}
		}
	case ClaimRoute:
		r, ok := m.Route(f[1])
		if !ok {
			return Action{}, fmt.Errorf("%q: unknown route %q", line, f[1])
		}
		a.Route = r
		a.Cards, err = parseCards(f[2])
	case PayTunnel:
		a.Cards, err = parseCards(f[1])
	case BuildStation:
		city, ok := m.City(f[1])
		if !ok {
			return Action{}, fmt.Errorf("%q: unknown city %q", line, f[1])
		}
		a.City = city
		a.Cards, err = parseCards(f[2])
	case RevealCard:
		c, ok := ParseCardID(f[1])
		if !ok {
			return Action{}, fmt.Errorf("%q: unknown card %q", line, f[1])
		}
		a.Card = c
	case RevealTicket:
		var t int
		t, err = atoi(f[1], len(m.Tickets))
		a.Ticket = TicketID(t)
	}
	if err != nil {
		return Action{}, fmt.Errorf("%q: %w", line, err)
	}
	return a, nil
}

func atoi(s string, limit int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n >= limit {
		return 0, fmt.Errorf("%q: want a number from 0 to %d", s, limit-1)
	}
	return n, nil
}

func parseCards(s string) (CardSet, error) {
	var cs CardSet
	for _, p := range strings.Split(s, ",") {
		c, ok := ParseCardID(p)
		if !ok {
			return cs, fmt.Errorf("unknown card %q", p)
		}
		if cs.Has(c) {
			return cs, fmt.Errorf("card %s twice", c)
		}
		cs.Add(c)
	}
	return cs, nil
}
