package input_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/input/inputtest"
	"ttr/maps"
)

func TestReaderAndButtonsStatus(t *testing.T) {
	r := newGame(t, 3, "usa", nil)
	boom := errors.New("spi: timeout")
	res := r.do(hal.Status{Seat: 2, Device: hal.DeviceReader, State: hal.Offline, Err: boom, At: r.at()})
	if len(res.Notices) != 1 || res.Notices[0].Text.Key != "status.reader_offline" || res.Notices[0].Seat != -1 || res.Notices[0].Text.Args["Seat"] != 3 {
		t.Fatalf("notices %+v, want reader_offline for seat 3 to everyone", res.Notices)
	}
	v := r.tb.View()
	for i, sv := range v.Seats {
		if sv.Notice.Text.Key != "status.reader_offline" {
			t.Errorf("seat %d notice %q, want the reader offline", i, sv.Notice.Text.Key)
		}
		if sv.ReaderOffline != (i == 2) {
			t.Errorf("seat %d reader offline %v", i, sv.ReaderOffline)
		}
	}
	// The same report again says nothing new.
	if res := r.do(hal.Status{Seat: 2, Device: hal.DeviceReader, State: hal.Offline, At: r.at()}); len(res.Notices) != 0 {
		t.Errorf("repeated offline: %+v", res.Notices)
	}
	// The game carries on at the other seats.
	r.ok(r.scanCard(0, r.deckCards(1, notLoco)[0]), engine.DrawBlind, engine.RevealCard)
	res = r.do(&hal.Status{Seat: 2, Device: hal.DeviceReader, State: hal.Online, At: r.at()})
	if len(res.Notices) != 1 || res.Notices[0].Text.Key != "status.reader_online" || r.tb.View().Seats[2].ReaderOffline {
		t.Errorf("back online: %+v", res.Notices)
	}
	res = r.do(hal.Status{Seat: 1, Device: hal.DeviceButtons, State: hal.Offline, At: r.at()})
	if len(res.Notices) != 1 || res.Notices[0].Text.Key != "status.buttons_offline" || !r.tb.View().Seats[1].ButtonsOffline {
		t.Errorf("buttons offline: %+v", res.Notices)
	}
	for _, ev := range []hal.Event{
		hal.Status{Seat: 9, Device: hal.DeviceReader, State: hal.Offline},
		hal.Status{Seat: 1, Device: "screen", State: hal.Offline},
	} {
		if res := r.do(ev); len(res.Notices)+len(res.Actions) != 0 {
			t.Errorf("Handle(%v) = %+v, want nothing", ev, res)
		}
	}
}

// TestHandleNilEventIsABug: only hal's four event types compile as a
// hal.Event, so the one value Handle cannot take is a nil one, a bug that
// must not pass unnoticed as a dropped event would.
func TestHandleNilEventIsABug(t *testing.T) {
	r := newGame(t, 2, "usa", nil)
	defer func() {
		if recover() == nil {
			t.Error("Handle(nil) returned, want a panic")
		}
	}()
	r.tb.Handle(nil)
}

func TestHandleByPointer(t *testing.T) {
	r := newGame(t, 2, "usa", nil)
	r.ok(r.do(&hal.Touch{Kind: hal.DeckArea, Seat: -1, At: r.at()}))
	r.ok(r.do(&hal.Press{Seat: 0, Button: hal.Cancel, At: r.at()}))
	c := r.deckCards(1, notLoco)[0]
	r.ok(r.do(&hal.Scan{Seat: 0, UID: inputtest.CardUID(c), At: r.at()}), engine.DrawBlind, engine.RevealCard)
	if res := r.do(hal.Press{Seat: 0, Button: 0, At: r.at()}); len(res.Notices)+len(res.Actions) != 0 {
		t.Errorf("unknown button: %+v", res)
	}
}

// TestResume continues a game after a restart from its set-up and the
// replay of its log.
func TestResume(t *testing.T) {
	r := newGame(t, 3, "europe", nil)
	r.ok(r.touch(hal.MarketSlot, "", 0), engine.DrawFaceUp)
	setup := r.tb.Setup()
	s := r.game()
	replayed, err := engine.Replay(&engine.Log{Map: s.Map(), Players: s.Players(), Actions: r.log})
	if err != nil {
		t.Fatal(err)
	}
	r2 := newRig(t, 3, "usa")
	if err := r2.tb.Resume(setup, replayed, r2.at()); err != nil {
		t.Fatalf("Resume: %v", err)
	}
	r2.checkView()
	v := r2.tb.View()
	if v.Mode != input.ModePlay || v.Map.ID != "europe" {
		t.Fatalf("resumed mode %s map %s", v.Mode, v.Map.ID)
	}
	for i, sv := range v.Seats {
		if sv.Notice.Text.Key != "status.resumed" {
			t.Errorf("seat %d notice %q, want resumed", i, sv.Notice.Text.Key)
		}
	}
	r2.prompt(0, "prompt.refill_slot")
	r2.ok(r2.scanCard(0, r2.deckCards(1, notLoco)[0]), engine.RevealCard)

	bad := setup
	bad.Seats = append([]input.SeatSetup(nil), setup.Seats...)
	bad.Seats[1].Color = bad.Seats[0].Color
	for _, tc := range []struct {
		name  string
		setup input.Setup
	}{
		{"colour twice", bad},
		{"wrong map", input.Setup{Lang: "en", Map: "usa", Seats: setup.Seats, First: 0}},
		{"unknown language", input.Setup{Lang: "de", Map: "europe", Seats: setup.Seats, First: 0}},
		{"seats", input.Setup{Lang: "en", Map: "europe", Seats: setup.Seats[:2], First: 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r3 := newRig(t, 3, "europe")
			if err := r3.tb.Resume(tc.setup, replayed, r3.at()); err == nil {
				t.Errorf("Resume succeeded, want an error")
			}
		})
	}
}

// playEngine plays a game with the engine alone (bots and a dealer) until
// cond holds at a decision, and returns that state.
func playEngine(t testing.TB, mapID string, players int, seed uint64, draw bool, cond func(*engine.State) bool) *engine.State {
	t.Helper()
	m, _ := maps.Load(mapID)
	s, err := engine.NewGame(m, engine.Opts{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	if s, _, err = s.Apply(engine.NewChooseFirst(0)); err != nil {
		t.Fatal(err)
	}
	d := engine.NewDealer(seed)
	rng := rand.New(rand.NewPCG(seed, 3))
	for !s.IsTerminal() {
		if !s.IsChance() && cond(s) {
			return s
		}
		var a engine.Action
		switch {
		case s.IsChance():
			a = d.Outcome(s)
		case draw && s.Waiting().Need == engine.NeedTurn && rng.IntN(3) > 0 && s.Deck().Len() > 0:
			a = engine.NewDrawBlind()
		default:
			a = inputtest.BotChoice(rng, s, botStations)
		}
		if s, _, err = s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("seed %d: the game ended before the condition held", seed)
	return nil
}

// resumeAt returns a rig whose table resumes s (all seats playing, seat p
// for player p).
func resumeAt(t testing.TB, s *engine.State) *rig {
	t.Helper()
	r := newRig(t, s.Players(), s.Map().ID)
	setup := r.tb.Setup()
	setup.First = hal.Seat(s.FirstPlayer())
	if err := r.tb.Resume(setup, s, r.at()); err != nil {
		t.Fatal(err)
	}
	r.log = s.History()
	r.checkView()
	return r
}

// TestReshufflePromptedWhenTheDeckRunsOut: the moment a player draws the
// deck's last card, the engine shuffles the discards into a new deck and
// every seat is told to do the same at the table; the banner stays until
// a card is drawn from the new deck.
func TestReshufflePromptedWhenTheDeckRunsOut(t *testing.T) {
	for _, mapID := range []string{"usa", "europe"} {
		t.Run(mapID, func(t *testing.T) {
			s := playEngine(t, mapID, 2, 3, true, func(s *engine.State) bool {
				return s.Waiting().Need == engine.NeedTurn && s.Deck().Len() == 1 && s.Discards().Len() > 0
			})
			r := resumeAt(t, s)
			p := s.Waiting().Player
			seat := int(r.tb.SeatOf(p))
			if b := r.tb.View().Banner.Key; b == "prompt.reshuffle" {
				t.Fatalf("banner asks for a reshuffle while the deck holds a card")
			}
			r.ok(r.touch(hal.DeckArea, "", 0))
			r.prompt(seat, "prompt.scan_blind")
			discards := s.Discards()
			res := r.scanCard(seat, s.Deck().IDs()[0])
			r.ok(res, engine.DrawBlind, engine.RevealCard)
			reshuffled := false
			for _, e := range res.Events {
				reshuffled = reshuffled || e.Kind == engine.EvReshuffle && e.Count == discards.Len()
				if e.Hidden() {
					t.Errorf("hidden event %v in the result", e.Kind)
				}
			}
			if !reshuffled {
				t.Fatalf("events %v: no reshuffle of the %d discards", res.Events, discards.Len())
			}
			if g := r.game(); g.Deck() != discards || !g.Discards().Empty() {
				t.Fatalf("deck %v, discards %v: want the old discards %v as the deck", g.Deck(), g.Discards(), discards)
			}
			v := r.tb.View()
			if v.Banner.Key != "prompt.reshuffle" {
				t.Fatalf("banner %q once the deck ran out, want the reshuffle", v.Banner.Key)
			}
			r.ok(r.touch(hal.DeckArea, "", 0))
			r.prompt(seat, "prompt.reshuffle")
			r.ok(r.scanCard(seat, discards.IDs()[0]), engine.DrawBlind, engine.RevealCard)
			if b := r.tb.View().Banner.Key; b == "prompt.reshuffle" {
				t.Errorf("banner still asks for a reshuffle after a card of the new deck was drawn")
			}
		})
	}
}

// TestResumeKeepsBanners resumes a game in its last round, and one with a
// tunnel being paid: the banner and the tunnel are as before.
func TestResumeKeepsBanners(t *testing.T) {
	s := playEngine(t, "europe", 3, 4, false, func(s *engine.State) bool {
		return s.Waiting().Need == engine.NeedTurn && s.LastRound()
	})
	r := resumeAt(t, s)
	b := r.tb.View().Banner
	if b.Key != "prompt.last_round" || b.Args["Player"] == nil {
		t.Errorf("banner %v after resuming in the last round, want the last round and who started it", b)
	}
	if sv := r.tb.View().Seats[r.tb.SeatOf(s.Waiting().Player)]; sv.Progress.Key != "prompt.your_last_turn" {
		t.Errorf("progress %q in the last round, want your last turn", sv.Progress.Key)
	}

	s = playEngine(t, "europe", 2, 5, false, func(s *engine.State) bool { return s.Waiting().Need == engine.NeedTunnel })
	r = resumeAt(t, s)
	tv := r.tb.View().Tunnel
	if tv == nil || tv.Route != s.Public().TunnelRoute || tv.Extra != s.Waiting().Count || len(tv.Revealed) != len(s.Public().TunnelRevealed) {
		t.Fatalf("tunnel %+v after resuming a tunnel payment, want route %d extra %d", tv, s.Public().TunnelRoute, s.Waiting().Count)
	}
	if k := r.tb.View().Seats[r.tb.SeatOf(s.Waiting().Player)].Prompt.Key; k != "prompt.tunnel_extra" && k != "prompt.tunnel_extra_locomotives" {
		t.Errorf("prompt %q after resuming a tunnel payment", k)
	}
	r.ok(r.cancel(int(r.tb.SeatOf(s.Waiting().Player))), engine.WithdrawTunnel)
}

// fatalRecorder is a testing.TB whose Fatalf records the failure and stops
// the check by panicking, so that a test can see checkHidden fail.
type fatalRecorder struct {
	testing.TB
	failed string
}

type stopCheck struct{}

func (f *fatalRecorder) Helper() {}
func (f *fatalRecorder) Fatalf(format string, args ...any) {
	f.failed = fmt.Sprintf(format, args...)
	panic(stopCheck{})
}

func hiddenFailure(v input.View, s *engine.State) (msg string) {
	f := &fatalRecorder{}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopCheck); !ok {
				panic(r)
			}
			msg = f.failed
		}
	}()
	checkHidden(f, v, s)
	return ""
}

// TestCheckHiddenCatchesLeaks makes sure the hidden-information check used
// at every step of the other tests does see a hand card or a ticket.
func TestCheckHiddenCatchesLeaks(t *testing.T) {
	r := newGame(t, 2, "usa", nil)
	s := r.game()
	if msg := hiddenFailure(r.tb.View(), s); msg != "" {
		t.Fatalf("clean view reported: %s", msg)
	}
	v := r.tb.View()
	v.Public.TunnelPlayed = []engine.CardID{s.Hand(1).IDs()[0]}
	if msg := hiddenFailure(v, s); msg == "" {
		t.Errorf("a card of a hand in the view went unnoticed")
	}
	v = r.tb.View()
	v.Public.Market[0] = s.Deck().IDs()[0]
	if msg := hiddenFailure(v, s); msg == "" {
		t.Errorf("a card of the deck in the view went unnoticed")
	}
	v = r.tb.View()
	v.End = &input.EndView{Players: []input.EndPlayer{{Tickets: []input.EndTicket{{Ticket: 3}}}}}
	if msg := hiddenFailure(v, s); msg == "" {
		t.Errorf("a ticket in the view before the end went unnoticed")
	}
}

// TestReaderCollision: cards laid together on a reader are refused at
// that seat with "one card at a time", and change nothing else.
func TestReaderCollision(t *testing.T) {
	r := newGame(t, 3, "usa", nil)
	res := r.do(hal.Status{Seat: 1, Device: hal.DeviceReader, State: hal.Online, Err: fmt.Errorf("pi: seat 1: %w", hal.ErrCollision), At: r.at()})
	r.refused(res, 1, "reader.one_card")
	if r.tb.View().Seats[1].ReaderOffline {
		t.Error("a collision marked the reader offline")
	}
}
