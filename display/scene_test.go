package display

import (
	"math/rand/v2"
	"testing"
	"time"

	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/input/inputtest"
)

// The scenes of the golden screenshots are real states: a real input.Table
// driven by the events a table sees (touches, scans, presses), bots'
// decisions and a seeded dealer's cards turned into those events by
// Table.Gestures.

// The fake card registry, the bots and the claim finder are input's test
// support (inputtest), shared with input's own tests. tagUID and claimable
// keep the names the display tests call them by.

// tagUID returns the UID of tag in the fake registry ("C-red3",
// "T-europe-12").
func tagUID(tag input.Tag) hal.UID { return inputtest.UID(tag) }

// claimable returns a legal claim of the player to move that satisfies ok.
func claimable(s *engine.State, ok func(a engine.Action) bool) (engine.Action, bool) {
	return inputtest.Claimable(s, ok)
}

// botStations are the stations odds of the scenes' bots: the golden
// screenshots were drawn from the games they give.
const botStations = 0.08

// A game drives a Table.
type game struct {
	t      testing.TB
	tb     *input.Table
	now    time.Time
	dealer *engine.Dealer
	rng    *rand.Rand
	// after, when set, is called after every event the scene feeds.
	after func()
}

func newScene(t testing.TB, seats int, mapID, lang string, seed uint64) *game {
	t.Helper()
	tb, err := input.NewTable(input.Opts{Seats: seats, Map: mapID, Lang: lang, Resolve: inputtest.Resolve})
	if err != nil {
		t.Fatalf("NewTable: %v", err)
	}
	return &game{t: t, tb: tb, now: time.Date(2026, 3, 14, 19, 30, 0, 0, time.UTC),
		dealer: engine.NewDealer(seed), rng: rand.New(rand.NewPCG(seed, 11))}
}

func (sc *game) at() time.Time {
	sc.now = sc.now.Add(time.Second)
	return sc.now
}

// do feeds one event and fails on a refusal unless refusal is allowed.
func (sc *game) do(ev hal.Event, refusal bool) input.Result {
	sc.t.Helper()
	res := sc.tb.Handle(ev)
	if sc.after != nil {
		defer sc.after()
	}
	if !refusal {
		for _, n := range res.Notices {
			if n.Refused {
				sc.t.Fatalf("event %+v refused: %s %v", ev, n.Text.Key, n.Text.Args)
			}
		}
	}
	return res
}

func (sc *game) key(seat int, id string) {
	sc.t.Helper()
	sc.do(hal.Touch{Kind: hal.ScreenKey, ID: id, Seat: hal.Seat(seat), At: sc.at()}, false)
}

func (sc *game) scan(seat int, c engine.CardID, refusal bool) input.Result {
	sc.t.Helper()
	return sc.do(hal.Scan{Seat: hal.Seat(seat), UID: tagUID(input.CardTag(c)), At: sc.at()}, refusal)
}

// start begins the game with seat first playing first.
func (sc *game) start(first int) {
	sc.t.Helper()
	sc.key(first, input.KeyFirst)
	sc.key(first, input.KeyStart)
	if sc.tb.Mode() != input.ModeSetup {
		sc.t.Fatalf("mode %s after Start, want setup", sc.tb.Mode())
	}
}

// act performs action a through the table's events.
func (sc *game) act(a engine.Action) {
	sc.t.Helper()
	evs, err := sc.tb.Gestures(a, tagUID, sc.dealer.Outcome, sc.at())
	if err != nil {
		sc.t.Fatalf("Gestures(%s): %v", engine.FormatAction(sc.tb.Game().Map(), a), err)
	}
	for _, ev := range evs {
		sc.do(ev, false)
	}
}

// step lets the dealer or a bot make the state's next move.
func (sc *game) step() {
	sc.t.Helper()
	s := sc.tb.Game()
	if s.IsChance() {
		sc.act(sc.dealer.Outcome(s))
		return
	}
	sc.act(inputtest.BotChoice(sc.rng, s, botStations))
}

// playUntil steps until done says stop (or the game ends).
func (sc *game) playUntil(done func(s *engine.State) bool) {
	sc.t.Helper()
	for i := 0; sc.tb.Mode() != input.ModeEnd; i++ {
		if i > 20000 {
			sc.t.Fatalf("no end after %d steps", i)
		}
		if sc.tb.Game() != nil && done(sc.tb.Game()) {
			return
		}
		sc.step()
	}
}

// turns steps until n decisions of the players have been made in play.
func (sc *game) turns(n int) {
	sc.t.Helper()
	sc.playUntil(func(s *engine.State) bool {
		if sc.tb.Mode() == input.ModePlay && !s.IsChance() && s.Waiting().Need == engine.NeedTurn {
			n--
			return n < 0
		}
		return false
	})
}
