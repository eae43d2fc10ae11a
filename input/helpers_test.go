package input_test

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"ttr/display/msg"
	"ttr/engine"
	"ttr/hal"
	"ttr/hal/haltest"
	"ttr/input"
	"ttr/input/inputtest"
	"ttr/maps"
)

// botStations are the stations odds of inputtest.BotChoice in these
// tests' bot games: the seeds and what the games are expected to show were
// chosen with them.
const botStations = 0.05

// rig drives a Table with events and checks every View it shows.
type rig struct {
	t   testing.TB
	tb  *input.Table
	cat *msg.Catalog
	now time.Time
	log []engine.Action // every action the table reported, in order
	// views counts the views checked, for tests that want to know.
	views int
	// shown is the View checked last, nil before the first; revs are the
	// Revs of every View checked (see checkRev).
	shown *input.View
	revs  map[input.Rev]bool
	// speaker plays each Result's Sound, as the table's main loop does.
	speaker haltest.Speaker
}

// loadOnce loads the catalogue once for all tests: it is immutable.
var loadOnce = sync.OnceValues(msg.Load)

func loadCatalog(t testing.TB) *msg.Catalog {
	t.Helper()
	c, err := loadOnce()
	if err != nil {
		t.Fatalf("msg.Load: %v", err)
	}
	return c
}

func newRig(t testing.TB, seats int, mapID string) *rig {
	t.Helper()
	tb, err := input.NewTable(input.Opts{Seats: seats, Map: mapID, Lang: "en", Resolve: inputtest.Resolve})
	if err != nil {
		t.Fatalf("NewTable: %v", err)
	}
	r := &rig{t: t, tb: tb, cat: loadCatalog(t), now: time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC)}
	r.checkView()
	return r
}

func (r *rig) at() time.Time {
	r.now = r.now.Add(time.Second)
	return r.now
}

func (r *rig) do(ev hal.Event) input.Result {
	r.t.Helper()
	// Words that speak to one player may go to the seat of the event or
	// the seat the table waited for (the player acting), nowhere else.
	actors := []hal.Seat{eventSeat(ev), -1}
	if s := r.tb.Game(); s != nil {
		actors[1] = r.tb.SeatOf(s.Waiting().Player)
	}
	res := r.tb.Handle(ev)
	if res.Sound != 0 {
		r.speaker.Play(res.Sound)
	}
	if res.Started {
		r.log = nil
	}
	r.log = append(r.log, res.Actions...)
	for _, n := range res.Notices {
		if !n.At.Equal(r.now) {
			r.t.Errorf("notice %s at %v, want the event's time %v", n.Text.Key, n.At, r.now)
		}
		if n.Seat >= 0 && slices.Contains(actors, n.Seat) {
			continue
		}
		if words := r.cat.Text(msg.EN, toMsg(n.Text)); addressesReader(words) {
			r.t.Errorf("notice %q (%s) for seat %d, but the event came from seat %d and the table waited for seat %d", words, n.Text.Key, n.Seat, actors[0], actors[1])
		}
	}
	r.checkView()
	return res
}

func (r *rig) scanCard(seat int, c engine.CardID) input.Result {
	r.t.Helper()
	return r.do(hal.Scan{Seat: hal.Seat(seat), UID: inputtest.CardUID(c), At: r.at()})
}

func (r *rig) scanTicket(seat int, tk engine.TicketID) input.Result {
	r.t.Helper()
	return r.do(hal.Scan{Seat: hal.Seat(seat), UID: inputtest.TicketUID(r.tb.Game().Map().ID, tk), At: r.at()})
}

func (r *rig) scanUID(seat int, u hal.UID) input.Result {
	r.t.Helper()
	return r.do(hal.Scan{Seat: hal.Seat(seat), UID: u, At: r.at()})
}

func (r *rig) press(seat int, b hal.Button) input.Result {
	r.t.Helper()
	return r.do(hal.Press{Seat: hal.Seat(seat), Button: b, At: r.at()})
}

func (r *rig) confirm(seat int) input.Result { r.t.Helper(); return r.press(seat, hal.Confirm) }
func (r *rig) cancel(seat int) input.Result  { r.t.Helper(); return r.press(seat, hal.Cancel) }

func (r *rig) touch(kind hal.TargetKind, id string, index int) input.Result {
	r.t.Helper()
	return r.do(hal.Touch{Kind: kind, ID: id, Index: index, Seat: -1, At: r.at()})
}

func (r *rig) key(seat int, id string) input.Result {
	r.t.Helper()
	return r.do(hal.Touch{Kind: hal.ScreenKey, ID: id, Seat: hal.Seat(seat), At: r.at()})
}

func (r *rig) touchRoute(id string) input.Result {
	r.t.Helper()
	return r.touch(hal.RouteArea, id, 0)
}

func (r *rig) touchCity(id string) input.Result {
	r.t.Helper()
	return r.touch(hal.CityArea, id, 0)
}

func (r *rig) game() *engine.State { return r.tb.Game() }

// route returns the index of the route with id.
func (r *rig) route(id string) int {
	r.t.Helper()
	i, ok := r.tb.View().Map.Route(id)
	if !ok {
		r.t.Fatalf("no route %q", id)
	}
	return i
}

// ok checks that res refused nothing and applied actions of the given kinds.
func (r *rig) ok(res input.Result, kinds ...engine.ActionKind) {
	r.t.Helper()
	for _, n := range res.Notices {
		if n.Refused {
			r.t.Fatalf("refused: %s %v (rule %v)", n.Text.Key, n.Text.Args, n.Rule)
		}
	}
	var got []engine.ActionKind
	for _, a := range res.Actions {
		got = append(got, a.Kind)
	}
	if !reflect.DeepEqual(got, kinds) {
		r.t.Fatalf("actions %v, want %v", got, kinds)
	}
}

// refused checks that res refused with key at seat and changed nothing.
func (r *rig) refused(res input.Result, seat int, key string) {
	r.t.Helper()
	if len(res.Actions) != 0 {
		r.t.Errorf("refusal applied %v", res.Actions)
	}
	if len(res.Notices) != 1 || !res.Notices[0].Refused {
		r.t.Fatalf("notices %+v, want one refusal %s", res.Notices, key)
	}
	n := res.Notices[0]
	if n.Text.Key != key || int(n.Seat) != seat {
		r.t.Fatalf("refusal %s at seat %d, want %s at seat %d", n.Text.Key, n.Seat, key, seat)
	}
	if got := r.tb.View().Seats[seat].Notice; got.Text.Key != key || !got.Refused {
		r.t.Errorf("view: seat %d notice %q, want %q", seat, got.Text.Key, key)
	}
}

// prompt checks the prompt (and, if given, the progress line) of seat.
func (r *rig) prompt(seat int, key string, progress ...string) input.SeatView {
	r.t.Helper()
	sv := r.tb.View().Seats[seat]
	if sv.Prompt.Key != key {
		r.t.Fatalf("seat %d prompt %q %v, want %q", seat, sv.Prompt.Key, sv.Prompt.Args, key)
	}
	if len(progress) > 0 && sv.Progress.Key != progress[0] {
		r.t.Fatalf("seat %d progress %q, want %q", seat, sv.Progress.Key, progress[0])
	}
	return sv
}

// arg returns argument name of t, following nested Texts by dotted path.
func arg(t input.Text, path string) any {
	var v any = t
	for _, name := range strings.Split(path, ".") {
		tx, ok := v.(input.Text)
		if !ok {
			return nil
		}
		v = tx.Args[name]
	}
	return v
}

// toMsg converts a Text (and its Text arguments) to the catalogue's type.
func toMsg(t input.Text) msg.Text {
	out := msg.Text{Key: t.Key}
	if t.Args != nil {
		out.Args = map[string]any{}
		for k, v := range t.Args {
			if tx, ok := v.(input.Text); ok {
				out.Args[k] = toMsg(tx)
				continue
			}
			out.Args[k] = v
		}
	}
	return out
}

// checkText fails unless t is a message of the catalogue with exactly its
// arguments, and renders in every language.
func (r *rig) checkText(where string, t input.Text) {
	r.t.Helper()
	if t.IsZero() {
		return
	}
	if err := r.cat.Check(toMsg(t)); err != nil {
		r.t.Fatalf("%s: %v", where, err)
	}
}

// checkView checks the View now shown: every Text is in the catalogue,
// no hidden information, and the game's invariants.
// youWords matches English words that speak to the reader ("you",
// "your"): such words belong to one player's seat.
var youWords = regexp.MustCompile(`(?i)\byou(r|rs|rself)?\b`)

// eventSeat returns the seat an event came from, or -1 (a touch on the
// board).
func eventSeat(ev hal.Event) hal.Seat {
	switch e := ev.(type) {
	case hal.Scan:
		return e.Seat
	case *hal.Scan:
		return e.Seat
	case hal.Press:
		return e.Seat
	case *hal.Press:
		return e.Seat
	case hal.Touch:
		return e.Seat
	case *hal.Touch:
		return e.Seat
	case hal.Status:
		return e.Seat
	case *hal.Status:
		return e.Seat
	}
	panic(fmt.Sprintf("eventSeat: %T is not an event", ev))
}

// addressesReader reports whether English words speak to whoever reads
// them.
func addressesReader(words string) bool { return youWords.MatchString(words) }

func (r *rig) checkView() {
	r.t.Helper()
	r.views++
	v := r.tb.View()
	r.checkRev(v)
	r.checkText("banner", v.Banner)
	if b := v.Banner; !b.IsZero() {
		if words := r.cat.Text(msg.EN, toMsg(b)); addressesReader(words) {
			r.t.Errorf("banner %q (%s) speaks to one player, but the whole table reads it", words, b.Key)
		}
	}
	r.checkText("start problem", v.Start.Problem)
	r.checkText("announcement", v.Announce.Text)
	if a := v.Announce.Text; !a.IsZero() {
		if words := r.cat.Text(msg.EN, toMsg(a)); addressesReader(words) {
			r.t.Errorf("announcement %q (%s) speaks to one player, but every seat reads it", words, a.Key)
		}
	}
	for i, s := range v.Seats {
		r.checkText(fmt.Sprintf("seat %d prompt", i), s.Prompt)
		r.checkText(fmt.Sprintf("seat %d progress", i), s.Progress)
		r.checkText(fmt.Sprintf("seat %d notice", i), s.Notice.Text)
		r.checkText(fmt.Sprintf("seat %d name", i), s.Name)
		if s.Notice.Rule != nil {
			r.t.Fatalf("seat %d: the view's notice carries the rule error %v", i, s.Notice.Rule)
		}
		if n := s.Notice; !n.Text.IsZero() && n.Seat != s.Seat {
			if words := r.cat.Text(msg.EN, toMsg(n.Text)); addressesReader(words) {
				r.t.Errorf("seat %d shows %q (%s), addressed to seat %d: words for one player shown to others", i, words, n.Text.Key, n.Seat)
			}
		}
	}
	if v.End != nil {
		r.checkText("winner", v.End.Winner)
		r.checkText("decided", v.End.Decided)
		for _, p := range v.End.Players {
			for _, l := range p.Lines {
				r.checkText("end line", l)
			}
		}
	}
	if s := r.tb.Game(); s != nil {
		if err := s.CheckInvariants(); err != nil {
			r.t.Fatalf("invariants: %v", err)
		}
		checkHidden(r.t, v, s)
	}
}

var (
	cardIDType   = reflect.TypeFor[engine.CardID]()
	ticketIDType = reflect.TypeFor[engine.TicketID]()
	cardSetType  = reflect.TypeFor[engine.CardSet]()
	ticketSet    = reflect.TypeFor[engine.TicketSet]()
	mapPtrType   = reflect.TypeFor[*maps.Map]()
)

// checkHidden walks every value of the View and fails on hidden
// information: a card that is in a hand, the deck or the discards (the
// market, the cards on and revealed for a tunnel are public, and so are
// the revealed cards of the tunnel just resolved), any card or ticket set,
// any ticket before the end screen.
func checkHidden(t testing.TB, v input.View, s *engine.State) {
	t.Helper()
	revealed := map[engine.CardID]bool{}
	if v.Tunnel != nil {
		for _, c := range v.Tunnel.Revealed {
			revealed[c] = true
		}
	}
	var walk func(path string, x reflect.Value)
	walk = func(path string, x reflect.Value) {
		switch x.Type() {
		case mapPtrType:
			return // the board's own data
		case cardSetType, ticketSet:
			t.Fatalf("%s: the view holds a set of cards or tickets", path)
		case ticketIDType:
			if v.Mode != input.ModeEnd {
				t.Fatalf("%s: the view names ticket %d before the end", path, x.Uint())
			}
			return
		case cardIDType:
			c := engine.CardID(x.Uint())
			if c == engine.NoCard || revealed[c] {
				return
			}
			switch loc, who := s.Where(c); loc {
			case engine.InMarket, engine.InTunnel, engine.OnTunnel:
			default:
				t.Fatalf("%s: the view shows card %s, which is %s (%d)", path, c, loc, who)
			}
			return
		}
		switch x.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !x.IsNil() {
				walk(path, x.Elem())
			}
		case reflect.Struct:
			for i := range x.NumField() {
				walk(path+"."+x.Type().Field(i).Name, x.Field(i))
			}
		case reflect.Slice, reflect.Array:
			for i := range x.Len() {
				walk(fmt.Sprintf("%s[%d]", path, i), x.Index(i))
			}
		case reflect.Map:
			for _, k := range x.MapKeys() {
				walk(fmt.Sprintf("%s[%v]", path, k), x.MapIndex(k))
			}
		}
	}
	walk("View", reflect.ValueOf(v))
}

// start begins a game with every seat of the table playing and seat first
// playing first.
func (r *rig) start(first int) {
	r.t.Helper()
	r.ok(r.key(first, input.KeyFirst))
	res := r.confirm(first)
	r.ok(res, engine.ChooseFirst)
	if !res.Started {
		r.t.Fatalf("Confirm on a ready start screen did not start the game")
	}
}

// deckCards returns the n lowest cards of the deck that match.
func (r *rig) deckCards(n int, match func(engine.CardID) bool) []engine.CardID {
	r.t.Helper()
	var out []engine.CardID
	for _, c := range r.game().Deck().IDs() {
		if match(c) {
			out = append(out, c)
			if len(out) == n {
				return out
			}
		}
	}
	r.t.Fatalf("the deck has fewer than %d matching cards", n)
	return nil
}

func notLoco(c engine.CardID) bool { return c.Color() != engine.Locomotive }

// setup plays the engine's set-up through the table: hands[p] are the
// cards dealt to player p (the rest from the deck, no locomotives), the
// market from the deck without locomotives unless market is given, and
// every player keeps all their tickets.
func (r *rig) setup(hands map[int][]engine.CardID, market []engine.CardID) {
	r.t.Helper()
	dealt := map[int]int{}
	for r.tb.Mode() == input.ModeSetup {
		s := r.game()
		w := s.Waiting()
		seat := int(r.tb.SeatOf(w.Player))
		switch w.Need {
		case engine.NeedCardToHand:
			var c engine.CardID
			if h := hands[w.Player]; dealt[w.Player] < len(h) {
				c = h[dealt[w.Player]]
			} else {
				c = r.deckCards(1, notLoco)[0]
			}
			dealt[w.Player]++
			r.ok(r.scanCard(seat, c), engine.RevealCard)
		case engine.NeedCardToMarket:
			c := r.deckCards(1, notLoco)[0]
			if len(market) > w.Slot {
				c = market[w.Slot]
			}
			r.ok(r.scanCard(seat, c), engine.RevealCard)
		case engine.NeedTicket:
			r.ok(r.scanTicket(seat, s.LegalActions()[0].Ticket), engine.RevealTicket)
		case engine.NeedKeep:
			r.ok(r.confirm(seat), engine.KeepTickets)
		default:
			r.t.Fatalf("set-up waits for %s", w.Need)
		}
	}
}

// newGame returns a rig whose game has finished set-up: seats players on
// mapID, seat 0 first, with the given hands.
func newGame(t testing.TB, seats int, mapID string, hands map[int][]engine.CardID) *rig {
	t.Helper()
	r := newRig(t, seats, mapID)
	r.start(0)
	r.setup(hands, nil)
	if r.tb.Mode() != input.ModePlay {
		t.Fatalf("mode %s after set-up, want play", r.tb.Mode())
	}
	return r
}

// cards returns the cards named by their log names.
func cards(t testing.TB, names ...string) []engine.CardID {
	t.Helper()
	var out []engine.CardID
	for _, n := range names {
		c, ok := engine.ParseCardID(n)
		if !ok {
			t.Fatalf("no card %q", n)
		}
		out = append(out, c)
	}
	return out
}
