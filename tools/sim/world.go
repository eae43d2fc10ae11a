package main

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"time"

	"ttr/cmd/table/app"
	"ttr/cmd/table/owner"
	"ttr/engine"
	"ttr/hal"
	"ttr/hal/config"
	"ttr/hal/haltest"
	"ttr/hal/registry"
	"ttr/input"
	"ttr/maps"
)

// world is the simulated table: the firmware's app.App (the input.Table
// and the game's durable log) and its digital play (app.Digital), each
// seat's virtual reader and buttons (the hal fakes), the card registry of
// the virtual deck, and the physical cards: the hands, and the piles in an
// order of their own. It never draws: the window and the headless player
// share it.
//
// Digital play deals every card and ticket off the piles from its seeded
// dealer, as table run -fake does. Scripts instead scan the top of the
// world's own piles (which they may stack): after every event the world
// reconciles those piles with the engine's state (a card scanned leaves
// the deck, the discard pile becomes a new deck, shuffled with the world's
// seeded generator, when the engine reshuffles it), so the two never
// disagree.
type world struct {
	m     *maps.Map
	seats int
	seed  uint64
	clock hal.Clock

	readers  []*haltest.Reader
	buttons  []*haltest.Buttons
	reg      *registry.Registry
	resolver input.Resolver
	uids     func(input.Tag) hal.UID
	// app is the firmware's loop state: the table and the game's durable
	// log, in the journal folder (-journal, else a temporary one).
	app *app.App
	// tmp is the temporary journal folder, removed by Close ("": none).
	tmp string
	// err is the journal's storage failure, if any.
	err error
	// digital plays the bots' seats and deals every chance outcome from
	// the virtual deck, as table run -fake does (app.Digital).
	digital *app.Digital

	rng     *rand.Rand
	deck    []engine.CardID   // the train deck, top first
	tickets []engine.TicketID // the regular ticket pile, top first; given-back tickets at the end
	long    []engine.TicketID // Europe's long tickets, top first

	// log is the game's action log since the game started.
	log []engine.Action
	// laid are the cards each seat has scanned for the payment in
	// progress: physically on the table in front of the player until
	// Confirm spends them or Cancel returns them to the hand.
	laid [][]engine.CardID
	// last is the result of the last event handled, for scripts.
	last input.Result
	// refusals counts refused events, for the bot games' checks.
	refusals int
	// trace, when set, receives a line for every event handled.
	trace func(ev hal.Event, res input.Result)
	// feed is the last events handled and what they did, newest last,
	// for the window's event list.
	feed []fed
	// speaker plays the sound each event calls for (input.Result.Sound),
	// as the table's loop does; nil: silent (headless play).
	speaker hal.Speaker
	// door is the owner's menu, opened as on the table (two holds of a
	// seat's buttons) or by F10 held owner.KeyHold: while it is open the
	// events are its, not the game's. The virtual deck has no registry
	// file and the simulator no config to write: its enrolment and
	// settings entries say so.
	door *owner.Door
}

// fed is one event handled and its result, with the map of the game then
// (the start screen may switch maps: old lines keep their names).
type fed struct {
	ev  hal.Event
	res input.Result
	m   *maps.Map
}

// feedLen is how many events the feed keeps.
const feedLen = 8

// worldOpts configure a world.
type worldOpts struct {
	Map    *maps.Map
	Seats  int
	Seed   uint64
	Lang   string
	Colors []input.Color // by seat; nil: the defaults
	// Edges is the edge each seat faces, by seat ("bottom", ...): play
	// passes clockwise (nil: in seat order).
	Edges []string
	Clock hal.Clock
	Bots  []bool // by seat
	// Journal is the folder of the game logs ("": a temporary one, removed
	// by Close). An unfinished game in it is resumed.
	Journal string
	// Speaker plays the table's sounds (nil: none, as headless).
	Speaker hal.Speaker
	// Config is the table's config, for the owner's hardware check (nil:
	// the default config's, for Seats seats).
	Config *config.Config
}

// resolve is the table's Resolver: what the virtual registry says a tag
// is.
func (w *world) resolve(u hal.UID) (input.Tag, bool) { return w.resolver(u) }

// uid returns the UID of a tag of the virtual deck.
func (w *world) uid(t input.Tag) hal.UID { return w.uids(t) }

// view is what the table's screen shows: the App's View, with its storage
// banners.
func (w *world) view() input.View {
	v := w.app.View()
	if b := w.door.Banner(w.clock.Now()); !b.IsZero() {
		v.Banner = b // until the screen draws the menu
	}
	return v
}

// playing reports a game in progress: the owner's menu waits for its end.
func (w *world) playing() bool { return w.tb().Mode() != input.ModeStart }

// owner hands ev to the owner's menu, and reports whether it was the
// menu's (see owner.Door.Take), playing the sound it asks for.
func (w *world) owner(ev hal.Event) bool {
	rp, took := w.door.Take(ev, 1, w.clock.Now(), w.playing())
	if rp.Sound != 0 && w.speaker != nil {
		w.speaker.Play(rp.Sound)
	}
	return took
}

// ownerTick hands the clock to the owner's menu (a check whose time is
// up fails).
func (w *world) ownerTick(now time.Time) {
	if !w.door.Menu.IsOpen() {
		return
	}
	if rp := w.door.Tick(now); rp.Sound != 0 && w.speaker != nil {
		w.speaker.Play(rp.Sound)
	}
}

// tb is the table the App runs (it changes when the App recovers from a
// storage failure).
func (w *world) tb() *input.Table { return w.app.Table() }

// Close closes the journal: an unfinished game resumes next time from a
// folder given in worldOpts.Journal; a temporary folder is removed.
func (w *world) Close() error {
	err := w.app.Close()
	if w.tmp != "" {
		if rerr := os.RemoveAll(w.tmp); err == nil {
			err = rerr
		}
	}
	return err
}

func newWorld(o worldOpts) (*world, error) {
	reg := app.VirtualRegistry()
	w := &world{
		m: o.Map, seats: o.Seats, seed: o.Seed, clock: o.Clock,
		reg: reg, resolver: app.Resolver(reg), uids: app.UIDs(reg),
		rng:     rand.New(rand.NewPCG(o.Seed, 0x5eed)),
		laid:    make([][]engine.CardID, o.Seats),
		speaker: o.Speaker,
	}
	w.digital = &app.Digital{Deal: true, UID: w.uid}
	dir := o.Journal
	if dir == "" {
		tmp, err := os.MkdirTemp("", "ttr-sim-")
		if err != nil {
			return nil, fmt.Errorf("sim: a folder for the game log: %w", err)
		}
		dir, w.tmp = tmp, tmp
	}
	opts := input.Opts{Seats: o.Seats, Colors: o.Colors, Edges: o.Edges, Lang: o.Lang, Map: o.Map.ID, Resolve: w.resolve}
	a, err := app.Open(app.Opts{Dir: dir, Table: opts, Seed: o.Seed, Now: o.Clock.Now, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		if w.tmp != "" {
			os.RemoveAll(w.tmp)
		}
		return nil, err
	}
	w.app = a
	cfg := o.Config
	if cfg == nil {
		cfg = config.Default()
		cfg.Seats = cfg.Seats[:min(len(cfg.Seats), o.Seats)]
	}
	w.door = owner.NewDoor(owner.NewMenu(owner.MenuOpts{Config: cfg, Logs: dir, Card: func(u hal.UID) string {
		if c, ok := reg.Lookup(u); ok {
			return c.String()
		}
		return "unknown tag"
	}}))
	if s := w.tb().Game(); s != nil {
		// A game resumed from the journal: lay out its piles.
		w.m = s.Map()
		w.log = slices.Clone(s.History())
		w.adopt(s)
	}
	for i := range o.Seats {
		w.readers = append(w.readers, haltest.NewReader(hal.Seat(i), o.Clock))
		w.buttons = append(w.buttons, haltest.NewButtons(hal.Seat(i), o.Clock))
		if i < len(o.Bots) && o.Bots[i] {
			w.setBot(hal.Seat(i), true)
		}
	}
	return w, nil
}

// adopt lays out the physical piles of a game already under way: the
// cards and tickets left in s's piles, shuffled.
func (w *world) adopt(s *engine.State) {
	w.deck = syncDeck(nil, s, w.rng)
	w.tickets, w.long = nil, nil
	var bottom []engine.TicketID
	for i := range w.m.Tickets {
		t := engine.TicketID(i)
		switch loc, _ := s.WhereTicket(t); loc {
		case engine.TicketInDeck:
			w.tickets = append(w.tickets, t)
		case engine.TicketAtBottom:
			bottom = append(bottom, t)
		case engine.TicketLongPile:
			w.long = append(w.long, t)
		}
	}
	w.rng.Shuffle(len(w.tickets), func(i, j int) { w.tickets[i], w.tickets[j] = w.tickets[j], w.tickets[i] })
	w.rng.Shuffle(len(w.long), func(i, j int) { w.long[i], w.long[j] = w.long[j], w.long[i] })
	w.tickets = append(w.tickets, bottom...)
}

// setBot gives seat to a bot (on) or to a person. With a bot at every
// seat, digital play also starts the games from the start screen, as
// table run -fake -bots all does.
func (w *world) setBot(seat hal.Seat, on bool) {
	d := w.digital
	d.Bots = slices.DeleteFunc(d.Bots, func(s hal.Seat) bool { return s == seat })
	if on {
		d.Bots = append(d.Bots, seat)
		slices.Sort(d.Bots)
	}
	d.Start = len(d.Bots) == w.seats
}

// isBot reports whether a bot plays at seat.
func (w *world) isBot(seat hal.Seat) bool { return slices.Contains(w.digital.Bots, seat) }

// game returns the engine's state, nil on the start screen.
func (w *world) game() *engine.State { return w.tb().Game() }

// handle feeds one event to the table and keeps the physical world in
// step with what it did.
func (w *world) handle(ev hal.Event) input.Result {
	if w.owner(ev) {
		return input.Result{}
	}
	res, err := w.app.Handle(ev)
	w.err = err
	if err == nil && res.Sound != 0 && w.speaker != nil {
		w.speaker.Play(res.Sound)
	}
	if res.Started {
		w.newGame()
	}
	w.log = append(w.log, res.Actions...)
	for _, n := range res.Notices {
		if n.Refused {
			w.refusals++
		}
	}
	w.track(ev, res)
	w.sync()
	w.last = res
	if len(w.feed) == feedLen {
		w.feed = append(w.feed[:0], w.feed[1:]...)
	}
	w.feed = append(w.feed, fed{ev: ev, res: res, m: w.m})
	if w.trace != nil {
		w.trace(ev, res)
	}
	return res
}

// track follows the cards laid on the table for a payment: a card scanned
// and accepted without an action is laid; any action or the end of the
// gesture picks them up (spent, or back in the hand).
func (w *world) track(ev hal.Event, res input.Result) {
	v := w.view()
	paying := v.Claim != nil || v.Station != nil || (v.Tunnel != nil && !v.Tunnel.Done && v.Tunnel.ToReveal == 0 && v.Tunnel.Extra > 0)
	if len(res.Actions) > 0 || !paying {
		for i := range w.laid {
			w.laid[i] = w.laid[i][:0]
		}
	}
	sc, ok := ev.(hal.Scan)
	if !ok || !paying || len(res.Actions) > 0 || len(res.Notices) > 0 {
		return
	}
	if tag, ok := w.resolve(sc.UID); ok && tag.Kind == input.TagCard {
		w.laid[sc.Seat] = append(w.laid[sc.Seat], tag.Card)
	}
}

// newGame shuffles the physical decks for a game that just started.
func (w *world) newGame() {
	// The start screen may have chosen another map than the default.
	w.m = w.game().Map()
	w.log = nil
	w.deck = w.deck[:0]
	for c := range engine.CardID(engine.NumCards) {
		w.deck = append(w.deck, c)
	}
	w.rng.Shuffle(len(w.deck), func(i, j int) { w.deck[i], w.deck[j] = w.deck[j], w.deck[i] })
	w.tickets, w.long = w.tickets[:0], w.long[:0]
	for _, t := range w.m.Tickets {
		if t.Long {
			w.long = append(w.long, engine.TicketID(t.Index))
		} else {
			w.tickets = append(w.tickets, engine.TicketID(t.Index))
		}
	}
	w.rng.Shuffle(len(w.tickets), func(i, j int) { w.tickets[i], w.tickets[j] = w.tickets[j], w.tickets[i] })
	w.rng.Shuffle(len(w.long), func(i, j int) { w.long[i], w.long[j] = w.long[j], w.long[i] })
}

// sync reconciles the physical piles with the engine's state.
func (w *world) sync() {
	s := w.game()
	if s == nil {
		return
	}
	w.deck = syncDeck(w.deck, s, w.rng)
	keep := w.tickets[:0]
	seen := map[engine.TicketID]bool{}
	for _, t := range w.tickets {
		if loc, _ := s.WhereTicket(t); loc == engine.TicketInDeck || loc == engine.TicketAtBottom {
			keep = append(keep, t)
			seen[t] = true
		}
	}
	w.tickets = keep
	// Tickets given back go under the pile, in the order they were given.
	for i := range w.m.Tickets {
		t := engine.TicketID(i)
		if loc, _ := s.WhereTicket(t); loc == engine.TicketAtBottom && !seen[t] {
			w.tickets = append(w.tickets, t)
		}
	}
	keepLong := w.long[:0]
	for _, t := range w.long {
		if loc, _ := s.WhereTicket(t); loc == engine.TicketLongPile {
			keepLong = append(keepLong, t)
		}
	}
	w.long = keepLong
}

// syncDeck returns the physical deck after s: the cards no longer in the
// engine's deck leave it, and when the engine has turned the discard pile
// into a new deck (its cards are not in the physical deck yet) they are
// shuffled with rng and put under it, as a person shuffles the discards.
func syncDeck(deck []engine.CardID, s *engine.State, rng *rand.Rand) []engine.CardID {
	in := s.Deck()
	var have engine.CardSet
	out := deck[:0]
	for _, c := range deck {
		if in.Has(c) {
			out = append(out, c)
			have.Add(c)
		}
	}
	if fresh := in.Minus(have).IDs(); len(fresh) > 0 {
		rng.Shuffle(len(fresh), func(i, j int) { fresh[i], fresh[j] = fresh[j], fresh[i] })
		out = append(out, fresh...)
	}
	return out
}

// topTicket is the ticket on top of the pile a draw in s comes from.
func (w *world) topTicket(s *engine.State, long bool) (engine.TicketID, bool) {
	if long {
		for _, t := range w.long {
			if loc, _ := s.WhereTicket(t); loc == engine.TicketLongPile {
				return t, true
			}
		}
		return 0, false
	}
	for _, want := range []engine.TicketLocation{engine.TicketInDeck, engine.TicketAtBottom} {
		for _, t := range w.tickets {
			if loc, _ := s.WhereTicket(t); loc == want {
				return t, true
			}
		}
	}
	return 0, false
}

// topTag is the tag a person at seat would scan next for what the table
// waits for: the top train card, or the top ticket when the table waits
// for a ticket (a ticket draw in progress, or the deal of tickets).
func (w *world) topTag(ticket bool) (input.Tag, bool) {
	s := w.game()
	if s == nil {
		return input.Tag{}, false
	}
	wt := s.Waiting()
	if wt.Need == engine.NeedTicket || ticket {
		t, ok := w.topTicket(s, wt.Need == engine.NeedTicket && wt.Long)
		return input.TicketTag(w.m.ID, t), ok
	}
	w.deck = syncDeck(w.deck, s, w.rng)
	if len(w.deck) == 0 {
		return input.Tag{}, false
	}
	return input.CardTag(w.deck[0]), true
}

// scan places a tag on seat's virtual reader and lifts it: one scan,
// read back from the fake reader and handed to the table.
func (w *world) scan(seat hal.Seat, u hal.UID) input.Result {
	w.readers[seat].Tap(u)
	return w.drain()
}

// press presses one of seat's virtual buttons.
func (w *world) press(seat hal.Seat, b hal.Button) input.Result {
	w.buttons[seat].Press(b)
	return w.drain()
}

// touch is a touch on the table's screen, already resolved.
func (w *world) touch(t hal.Touch) input.Result {
	if t.At.IsZero() {
		t.At = w.clock.Now()
	}
	return w.handle(t)
}

// drain hands every event waiting in the fake devices to the table, in
// seat order, and returns the last result (merged refusals included).
func (w *world) drain() input.Result {
	var all input.Result
	ctx := context.Background()
	for i := range w.seats {
		for w.readers[i].Pending() > 0 {
			sc, err := w.readers[i].ReadTag(ctx)
			if err != nil {
				break
			}
			all = merge(all, w.handle(sc))
		}
		for w.buttons[i].Pending() > 0 {
			p, err := w.buttons[i].ReadPress(ctx)
			if err != nil {
				break
			}
			all = merge(all, w.handle(p))
		}
	}
	w.last = all
	return all
}

func merge(a, b input.Result) input.Result {
	a.Started = a.Started || b.Started
	a.Actions = append(a.Actions, b.Actions...)
	a.Events = append(a.Events, b.Events...)
	a.Notices = append(a.Notices, b.Notices...)
	return a
}

// deliver sends one event made by Gestures through the device it would
// come from: scans through the seat's reader, presses through its buttons,
// touches through the screen. Gestures makes no other kind.
func (w *world) deliver(ev hal.Event) input.Result {
	switch e := ev.(type) {
	case hal.Scan:
		return w.scan(e.Seat, e.UID)
	case hal.Press:
		return w.press(e.Seat, e.Button)
	case hal.Touch:
		return w.touch(e)
	}
	panic(fmt.Sprintf("sim: deliver: Gestures made a %T", ev))
}

// waitingSeat returns the seat the table waits for, or -1: the seat that
// decides, or at whose reader the next card or ticket is scanned.
func (w *world) waitingSeat() hal.Seat {
	s := w.game()
	if s == nil || s.IsTerminal() {
		return -1
	}
	p := s.Waiting().Player
	if p < 0 {
		return -1
	}
	return w.tb().SeatOf(p)
}

// playDigital hands the table the events of the next step digital play
// owns (a bot's decision, a chance outcome off the virtual deck, the start
// of a game every seat of which a bot plays), as the firmware's loop does
// with app.Digital, through the seats' fake devices. It returns how many
// events it handed.
func (w *world) playDigital(now time.Time) (int, error) {
	if w.door.Menu.IsOpen() {
		return 0, nil // the bots wait while the owner's menu is open
	}
	evs, err := w.digital.Next(w.app, now)
	if err != nil {
		return 0, err
	}
	for _, ev := range evs {
		w.deliver(ev)
	}
	return len(evs), nil
}

// play hands the table the events a person makes for act, with the
// virtual deck's cards for the draws (app.Digital.Play): the keys that
// draw.
func (w *world) play(act engine.Action, now time.Time) error {
	evs, err := w.digital.Play(w.app, act, now)
	if err != nil {
		return err
	}
	for _, ev := range evs {
		w.deliver(ev)
	}
	return nil
}

// dealDigital deals the set-up from the virtual deck, as digital play
// does, every player keeping all their tickets (Confirm).
func (w *world) dealDigital(now time.Time) error {
	for i := 0; w.tb().Mode() == input.ModeSetup; i++ {
		if i > 200 {
			return fmt.Errorf("sim: the set-up did not end")
		}
		if w.game().Waiting().Need == engine.NeedKeep {
			w.press(w.waitingSeat(), hal.Confirm)
			continue
		}
		n, err := w.playDigital(now)
		if err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("sim: nothing to deal")
		}
	}
	return nil
}

// start begins a game from the start screen with every seat playing and
// seat first to play first, through the screen's keys and the Confirm
// button.
func (w *world) start(first hal.Seat) error {
	w.touch(hal.Touch{Kind: hal.ScreenKey, ID: input.KeyFirst, Seat: first})
	res := w.press(first, hal.Confirm)
	if !res.Started {
		return fmt.Errorf("sim: the game did not start (%s)", noticeKeys(res))
	}
	return nil
}

func noticeKeys(res input.Result) string {
	var keys []string
	for _, n := range res.Notices {
		keys = append(keys, n.Text.Key)
	}
	return strings.Join(keys, ", ")
}

// hand returns the physical cards in the hand of the player at seat, those
// laid on the table for a payment left out, sorted by colour.
func (w *world) hand(seat hal.Seat) []engine.CardID {
	s := w.game()
	p := w.tb().PlayerAt(seat)
	if s == nil || p < 0 {
		return nil
	}
	h := s.Hand(p)
	for _, c := range w.laid[seat] {
		h.Remove(c)
	}
	return h.IDs()
}

// tickets returns the tickets held at seat: drawn (keep decision pending)
// and kept. The simulator's side panel shows them: they are the player's
// physical tickets, never shown on the table's screen.
func (w *world) heldTickets(seat hal.Seat) (drawn, kept []engine.TicketID) {
	s := w.game()
	p := w.tb().PlayerAt(seat)
	if s == nil || p < 0 {
		return nil, nil
	}
	return s.DrawnTickets(p).IDs(), s.KeptTickets(p).IDs()
}

// deal plays the engine's set-up as the people at the table would: each
// card and ticket dealt is the top of its pile, scanned at the seat it goes
// to, and every player keeps all their tickets (Confirm).
func (w *world) deal() error {
	for i := 0; w.tb().Mode() == input.ModeSetup; i++ {
		if i > 200 {
			return fmt.Errorf("sim: the set-up did not end")
		}
		seat := w.waitingSeat()
		var res input.Result
		if w.game().Waiting().Need == engine.NeedKeep {
			res = w.press(seat, hal.Confirm)
		} else {
			tag, ok := w.topTag(false)
			if !ok {
				return fmt.Errorf("sim: nothing left to deal")
			}
			res = w.scan(seat, w.uid(tag))
		}
		for _, n := range res.Notices {
			if n.Refused {
				return fmt.Errorf("sim: dealing: refused at seat %d: %s", n.Seat, n.Text.Key)
			}
		}
	}
	return nil
}
