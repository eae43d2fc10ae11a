package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"ttr/cmd/table/app"
	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/maps"
)

// A step is one line of a script: a verb and its words, with the line
// number for error messages.
type step struct {
	line  int
	verb  string
	words []string
}

func (s step) String() string {
	return strings.TrimSpace(s.verb + " " + strings.Join(s.words, " "))
}

// script is a parsed script: its header settings and its steps.
type script struct {
	mapID string
	seats int
	seed  uint64
	bots  string
	lang  string
	steps []step
	// hasSeed reports that the script set its seed.
	hasSeed bool
}

// parseScript reads the line-based script format (doc.go): a header of
// settings (map, seats, seed, bots, lang) and then steps, one per line;
// # starts a comment.
func parseScript(r io.Reader) (*script, error) {
	sc := &script{mapID: "europe", seats: 4, lang: "en"}
	in := bufio.NewScanner(r)
	n := 0
	for in.Scan() {
		n++
		line := in.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		st := step{line: n, verb: f[0], words: f[1:]}
		bad := func(format string, args ...any) error {
			return fmt.Errorf("sim: script line %d: %q: %s", n, st.String(), fmt.Sprintf(format, args...))
		}
		switch st.verb {
		case "map", "seats", "seed", "bots", "lang":
			if len(sc.steps) > 0 {
				return nil, bad("settings come before the first step")
			}
			if len(st.words) != 1 {
				return nil, bad("%s takes one value", st.verb)
			}
			v := st.words[0]
			switch st.verb {
			case "map":
				if _, err := maps.Load(v); err != nil {
					return nil, bad("choose europe or usa")
				}
				sc.mapID = v
			case "seats":
				k, err := strconv.Atoi(v)
				if err != nil || k < 2 || k > 5 {
					return nil, bad("seats are 2 to 5")
				}
				sc.seats = k
			case "seed":
				k, err := strconv.ParseUint(v, 10, 64)
				if err != nil {
					return nil, bad("the seed is a whole number")
				}
				sc.seed, sc.hasSeed = k, true
			case "bots":
				sc.bots = v
			case "lang":
				sc.lang = v
			}
			continue
		case "start", "stack", "stack-tickets", "setup", "touch", "scan", "press", "bot", "auto", "expect", "screenshot":
		default:
			return nil, bad("unknown step %q", st.verb)
		}
		sc.steps = append(sc.steps, st)
	}
	if err := in.Err(); err != nil {
		return nil, fmt.Errorf("sim: reading the script: %w", err)
	}
	return sc, nil
}

// player runs a script's steps against a world. shot, when set, is called
// for screenshot steps with the name given.
type player struct {
	w    *world
	shot func(name string) error
	// maxActions bounds bot and auto steps, so a script never runs away.
	maxActions int
}

// run executes the steps in order and stops at the first that fails.
func (p *player) run(steps []step) error {
	for _, st := range steps {
		if err := p.do(st); err != nil {
			return fmt.Errorf("sim: script line %d: %q: %w", st.line, st.String(), err)
		}
	}
	return nil
}

// seat reads a seat's number, counted from 1 as the screen shows it.
func (p *player) seat(s string) (hal.Seat, error) {
	k, err := strconv.Atoi(s)
	if err != nil || k < 1 || k > p.w.seats {
		return 0, fmt.Errorf("no seat %q (seats are 1 to %d)", s, p.w.seats)
	}
	return hal.Seat(k - 1), nil
}

// tagNamed reads a card ("red3", "loco2"), a ticket ("paris-wien", city
// ids joined by - or --), "top" (the top train card, or the top ticket
// when the table waits for a ticket), "top-ticket", or "uid:HEX" (any tag,
// known or not).
func (p *player) tagNamed(name string) (hal.UID, error) {
	w := p.w
	switch {
	case name == "top" || name == "top-ticket":
		tag, ok := w.topTag(name == "top-ticket")
		if !ok {
			return "", fmt.Errorf("the pile is empty")
		}
		return w.uid(tag), nil
	case strings.HasPrefix(name, "uid:"):
		return hal.UID(strings.ToUpper(name[4:])), nil
	}
	if c, ok := engine.ParseCardID(name); ok && c.Valid() {
		return w.uid(input.CardTag(c)), nil
	}
	if t, ok := ticketNamed(w.m, name); ok {
		return w.uid(input.TicketTag(w.m.ID, t)), nil
	}
	return "", fmt.Errorf("%q is no card, ticket or uid", name)
}

// ticketNamed finds the ticket between two cities named "a-b" or "a--b".
func ticketNamed(m *maps.Map, name string) (engine.TicketID, bool) {
	for i := range len(name) {
		if name[i] != '-' {
			continue
		}
		a, b := name[:i], strings.TrimPrefix(name[i+1:], "-")
		if t, ok := m.Ticket(a, b); ok {
			return engine.TicketID(t), true
		}
	}
	return 0, false
}

func (p *player) do(st step) error {
	w := p.w
	args := st.words
	need := func(n int) error {
		if len(args) < n {
			return fmt.Errorf("%s needs %d words", st.verb, n)
		}
		return nil
	}
	switch st.verb {
	case "start":
		if err := need(1); err != nil {
			return err
		}
		seat, err := p.seat(args[0])
		if err != nil {
			return err
		}
		return w.start(seat)
	case "stack", "stack-tickets":
		return p.stack(st.verb == "stack-tickets", args)
	case "setup":
		return p.setup()
	case "touch":
		return p.touchStep(args)
	case "scan":
		if err := need(2); err != nil {
			return err
		}
		seat, err := p.seat(args[0])
		if err != nil {
			return err
		}
		for _, name := range args[1:] {
			u, err := p.tagNamed(name)
			if err != nil {
				return err
			}
			w.scan(seat, u)
		}
		return nil
	case "press":
		if err := need(2); err != nil {
			return err
		}
		seat, err := p.seat(args[0])
		if err != nil {
			return err
		}
		var b hal.Button
		switch args[1] {
		case "confirm":
			b = hal.Confirm
		case "cancel":
			b = hal.Cancel
		default:
			return fmt.Errorf("press confirm or cancel, not %q", args[1])
		}
		w.press(seat, b)
		return nil
	case "bot":
		n := 1
		if len(args) > 0 {
			k, err := strconv.Atoi(args[0])
			if err != nil || k < 1 {
				return fmt.Errorf("bot N: N is a number of actions")
			}
			n = k
		}
		return p.bots(n, false)
	case "auto":
		return p.bots(p.maxActions, true)
	case "expect":
		return p.expect(args)
	case "screenshot":
		if err := need(1); err != nil {
			return err
		}
		if p.shot == nil {
			return nil
		}
		return p.shot(args[0])
	}
	return fmt.Errorf("unknown step")
}

// stack puts the named cards (or tickets) on top of their pile, in the
// order given, as someone arranging the deck for a demonstration would.
func (p *player) stack(tickets bool, names []string) error {
	w := p.w
	s := w.game()
	if s == nil {
		return fmt.Errorf("stack after start: the decks are shuffled when the game starts")
	}
	if tickets {
		var top []engine.TicketID
		for _, n := range names {
			t, ok := ticketNamed(w.m, n)
			if !ok {
				return fmt.Errorf("no ticket %q", n)
			}
			loc, _ := s.WhereTicket(t)
			switch {
			case loc == engine.TicketInDeck && slices.Contains(w.tickets, t):
				w.tickets = slices.DeleteFunc(w.tickets, func(x engine.TicketID) bool { return x == t })
			case loc == engine.TicketLongPile:
				w.long = slices.DeleteFunc(w.long, func(x engine.TicketID) bool { return x == t })
				w.long = append([]engine.TicketID{t}, w.long...)
				continue
			default:
				return fmt.Errorf("ticket %s is %v, not in a pile", n, loc)
			}
			top = append(top, t)
		}
		w.tickets = append(top, w.tickets...)
		return nil
	}
	var top []engine.CardID
	for _, n := range names {
		c, ok := engine.ParseCardID(n)
		if !ok || !c.Valid() || !s.Deck().Has(c) {
			return fmt.Errorf("card %q is not in the deck", n)
		}
		w.deck = slices.DeleteFunc(w.deck, func(x engine.CardID) bool { return x == c })
		top = append(top, c)
	}
	w.deck = append(top, w.deck...)
	return nil
}

// setup plays the engine's set-up from the physical piles (world.deal).
func (p *player) setup() error { return p.w.deal() }

// bots lets bots play n actions (or, with all, until the game ends) for
// whichever seat the table waits for, person or bot.
func (p *player) bots(n int, all bool) error {
	w := p.w
	for i := 0; i < n; i++ {
		if w.tb().Mode() == input.ModeEnd {
			if all {
				return nil
			}
			return fmt.Errorf("the game is over")
		}
		seat := w.waitingSeat()
		if seat < 0 {
			return fmt.Errorf("the table waits for no seat")
		}
		// The firmware's digital play, with a bot at the waiting seat for
		// this one step.
		d := app.Digital{Bots: []hal.Seat{seat}, Deal: true, UID: w.uid}
		evs, err := d.Next(w.app, w.clock.Now())
		if err != nil {
			return err
		}
		if len(evs) == 0 {
			return fmt.Errorf("no bot can play for seat %d", seat)
		}
		for _, ev := range evs {
			if err := refusedErr(w.deliver(ev)); err != nil {
				return fmt.Errorf("bot at seat %d: %w", seat+1, err)
			}
		}
	}
	if all && w.tb().Mode() != input.ModeEnd {
		return fmt.Errorf("the game did not end in %d actions", n)
	}
	return nil
}

func refusedErr(res input.Result) error {
	for _, n := range res.Notices {
		if n.Refused {
			return fmt.Errorf("refused at seat %d: %s %v", n.Seat+1, n.Text.Key, n.Text.Args)
		}
	}
	return nil
}

func (p *player) touchStep(args []string) error {
	w := p.w
	if len(args) == 0 {
		return fmt.Errorf("touch what? route ID, city ID, slot N, deck, tickets or key ID [SEAT]")
	}
	t := hal.Touch{Seat: -1}
	switch args[0] {
	case "route", "city":
		if len(args) != 2 {
			return fmt.Errorf("touch %s ID", args[0])
		}
		t.Kind, t.ID = hal.RouteArea, args[1]
		if _, ok := w.m.Route(args[1]); !ok && args[0] == "route" {
			return fmt.Errorf("no route %q on %s", args[1], w.m.ID)
		}
		if args[0] == "city" {
			t.Kind = hal.CityArea
			if _, ok := w.m.City(args[1]); !ok {
				return fmt.Errorf("no city %q on %s", args[1], w.m.ID)
			}
		}
	case "slot":
		k, err := strconv.Atoi(get(args, 1))
		if err != nil || k < 0 || k >= engine.MarketSize {
			return fmt.Errorf("touch slot N: N is 0 to 4")
		}
		t.Kind, t.Index = hal.MarketSlot, k
	case "deck":
		t.Kind = hal.DeckArea
	case "tickets":
		t.Kind = hal.TicketDeck
	case "key":
		t.Kind, t.ID = hal.ScreenKey, get(args, 1)
		if t.ID == "" {
			return fmt.Errorf("touch key ID [SEAT]")
		}
		if len(args) > 2 {
			seat, err := p.seat(args[2])
			if err != nil {
				return err
			}
			t.Seat = seat
		}
	default:
		return fmt.Errorf("touch route, city, slot, deck, tickets or key, not %q", args[0])
	}
	w.touch(t)
	return nil
}

func get(args []string, i int) string {
	if i < len(args) {
		return args[i]
	}
	return ""
}

// expect checks what the table shows (see doc.go for the assertions).
func (p *player) expect(args []string) error {
	w := p.w
	if len(args) == 0 {
		return fmt.Errorf("expect what: mode, prompt, owner, score and so on")
	}
	v := w.view()
	s := w.game()
	what, rest := args[0], args[1:]
	seatArg := func() (hal.Seat, error) {
		if len(rest) == 0 {
			return 0, fmt.Errorf("expect %s needs a seat", what)
		}
		return p.seat(rest[0])
	}
	number := func(i int) (int, error) {
		k, err := strconv.Atoi(get(rest, i))
		if err != nil {
			return 0, fmt.Errorf("expect %s: %q is not a number", what, get(rest, i))
		}
		return k, nil
	}
	playerAt := func(name string) (int, error) {
		if name == "none" {
			return -1, nil
		}
		seat, err := p.seat(name)
		if err != nil {
			return 0, err
		}
		return w.tb().PlayerAt(seat), nil
	}
	needGame := func() error {
		if s == nil {
			return fmt.Errorf("no game yet (mode %s)", v.Mode)
		}
		return nil
	}
	switch what {
	case "mode":
		if got := v.Mode.String(); got != get(rest, 0) {
			return fmt.Errorf("mode %s, want %s", got, get(rest, 0))
		}
	case "prompt", "progress", "notice":
		seat, err := seatArg()
		if err != nil {
			return err
		}
		sv := v.Seats[seat]
		t := map[string]input.Text{"prompt": sv.Prompt, "progress": sv.Progress, "notice": sv.Notice.Text}[what]
		return matchText(what, t, rest[1:])
	case "banner":
		return matchText(what, v.Banner, rest)
	case "refused":
		seat, err := seatArg()
		if err != nil {
			return err
		}
		for _, n := range w.last.Notices {
			if n.Refused && n.Seat == seat {
				if len(w.last.Actions) > 0 {
					return fmt.Errorf("refused, yet actions applied: %v", w.last.Actions)
				}
				return matchText(what, n.Text, rest[1:])
			}
		}
		return fmt.Errorf("nothing refused at seat %d (notices: %s)", seat+1, noticeKeys(w.last))
	case "accepted":
		return refusedErr(w.last)
	case "last":
		var got []string
		for _, a := range w.last.Actions {
			got = append(got, a.Kind.String())
		}
		if g, want := strings.Join(got, " "), strings.Join(rest, " "); g != want {
			return fmt.Errorf("last step applied %q, want %q", g, want)
		}
	case "waiting":
		if err := needGame(); err != nil {
			return err
		}
		wt := s.Waiting()
		if got := strings.ReplaceAll(wt.Need.String(), " ", "-"); got != get(rest, 0) {
			return fmt.Errorf("waiting for %s, want %s", got, get(rest, 0))
		}
		if len(rest) > 1 {
			seat, err := p.seat(rest[1])
			if err != nil {
				return err
			}
			if got := w.waitingSeat(); got != seat {
				return fmt.Errorf("waiting for seat %d, want %d", got+1, seat+1)
			}
		}
	case "owner", "station":
		if err := needGame(); err != nil {
			return err
		}
		want, err := playerAt(get(rest, 1))
		if err != nil {
			return err
		}
		var got int
		if what == "owner" {
			r, ok := w.m.Route(get(rest, 0))
			if !ok {
				return fmt.Errorf("no route %q", get(rest, 0))
			}
			got = s.RouteOwner(r)
		} else {
			c, ok := w.m.City(get(rest, 0))
			if !ok {
				return fmt.Errorf("no city %q", get(rest, 0))
			}
			got = s.StationOwner(c)
		}
		if got != want {
			return fmt.Errorf("%s of %s is player %d, want %d", what, get(rest, 0), got, want)
		}
	case "score", "trains", "cards", "tickets", "stations":
		if err := needGame(); err != nil {
			return err
		}
		seat, err := seatArg()
		if err != nil {
			return err
		}
		want, err := number(1)
		if err != nil {
			return err
		}
		pl := w.tb().PlayerAt(seat)
		if pl < 0 {
			return fmt.Errorf("nobody plays at seat %d", seat+1)
		}
		pp := v.Public.Players[pl]
		got := map[string]int{"score": pp.Score, "trains": pp.Trains, "cards": pp.Cards, "tickets": pp.Tickets, "stations": pp.StationsLeft}[what]
		if got != want {
			return fmt.Errorf("seat %d %s %d, want %d", seat+1, what, got, want)
		}
	case "selected":
		got := "none"
		if v.SelectedRoute >= 0 {
			got = w.m.Routes[v.SelectedRoute].ID
		} else if v.SelectedCity >= 0 {
			got = w.m.Cities[v.SelectedCity].ID
		}
		if got != get(rest, 0) {
			return fmt.Errorf("selected %s, want %s", got, get(rest, 0))
		}
	case "market":
		if err := needGame(); err != nil {
			return err
		}
		var got []string
		for _, c := range v.Public.Market {
			if c == engine.NoCard {
				got = append(got, "-")
			} else {
				got = append(got, c.String())
			}
		}
		if g, want := strings.Join(got, " "), strings.Join(rest, " "); g != want {
			return fmt.Errorf("market %s, want %s", g, want)
		}
	default:
		return fmt.Errorf("unknown assertion %q", what)
	}
	return nil
}

// matchText checks a Text against "KEY [Name=Value ...]" (or "none" for
// the empty Text). A Text argument matches its key; others their printed
// value.
func matchText(what string, t input.Text, want []string) error {
	if len(want) == 0 {
		return fmt.Errorf("expect %s needs a message key", what)
	}
	key := want[0]
	if key == "none" {
		key = ""
	}
	if t.Key != key {
		return fmt.Errorf("%s %q %v, want %q", what, t.Key, t.Args, want[0])
	}
	for _, kv := range want[1:] {
		name, val, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("argument %q is not Name=Value", kv)
		}
		a, ok := t.Args[name]
		if !ok {
			return fmt.Errorf("%s %s has no argument %s (args %v)", what, t.Key, name, t.Args)
		}
		got := fmt.Sprint(a)
		if tx, ok := a.(input.Text); ok {
			got = tx.Key
		}
		if got != val {
			return fmt.Errorf("%s %s: %s=%s, want %s", what, t.Key, name, got, val)
		}
	}
	return nil
}
