package input_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"ttr/display/msg"
	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/input/inputtest"
	"ttr/maps"
)

// The bounds of a section on a seat's strip.
const (
	maxRuleLine  = 60 // characters a line
	maxRuleLines = 6  // lines a section
)

var ruleMaps = []string{"usa", "europe"}

// TestRulesSectionsFitEveryLanguage checks every section of the rules
// summary on each map: its title and lines are catalogue keys, worded in
// every language within the strip's bounds, and every key of the [rules]
// table is read on some map (a key spelled differently in Go and in the
// catalogue fails one way or the other).
func TestRulesSectionsFitEveryLanguage(t *testing.T) {
	cat := loadCatalog(t)
	used := map[string]bool{}
	for _, mapID := range ruleMaps {
		for tp := input.Topic(1); int(tp) <= input.NumTopics; tp++ {
			s := input.Section(tp, mapID)
			if s.IsZero() {
				continue
			}
			if len(s.Lines) == 0 || len(s.Lines) > maxRuleLines {
				t.Errorf("%s %s: %d lines, want 1 to %d", mapID, tp, len(s.Lines), maxRuleLines)
			}
			for _, tx := range append([]input.Text{s.Title}, s.Lines...) {
				used[tx.Key] = true
				if !cat.Has(tx.Key) {
					t.Errorf("%s %s: key %s is not in the catalogue", mapID, tp, tx.Key)
					continue
				}
				for _, lang := range msg.Langs() {
					words := cat.Text(lang, toMsg(tx))
					if n := utf8.RuneCountInString(words); n > maxRuleLine || n == 0 {
						t.Errorf("%s %s %s: %q has %d characters, want 1 to %d", lang, mapID, tx.Key, words, n, maxRuleLine)
					}
				}
			}
		}
	}
	for _, k := range cat.Keys() {
		if strings.HasPrefix(k, "rules.") && !used[k] {
			t.Errorf("catalogue key %s is in no section of any map", k)
		}
	}
}

// TestRulesMapSections checks that tunnels, ferries and stations are told
// on Europe only, and every other section on both maps, each line of one
// map only where the rule books differ.
func TestRulesMapSections(t *testing.T) {
	europeOnly := []input.Topic{input.TopicTunnel, input.TopicFerry, input.TopicStation}
	for tp := input.Topic(1); int(tp) <= input.NumTopics; tp++ {
		wantUSA := !slices.Contains(europeOnly, tp)
		if got := !input.Section(tp, "usa").IsZero(); got != wantUSA {
			t.Errorf("usa has %s: %v, want %v", tp, got, wantUSA)
		}
		if input.Section(tp, "europe").IsZero() {
			t.Errorf("europe has no %s section", tp)
		}
		for _, mapID := range ruleMaps {
			other := "europe"
			if mapID == "europe" {
				other = "usa"
			}
			for _, l := range input.Section(tp, mapID).Lines {
				if strings.Contains(l.Key, "_"+other+"_") {
					t.Errorf("%s %s reads %s, a line of %s", mapID, tp, l.Key, other)
				}
			}
		}
	}
	if s := input.Section(0, "europe"); !s.IsZero() {
		t.Errorf("topic 0: %+v, want none", s)
	}
}

// TestHelpTopicsRelevantFirst checks the order of a seat's help page for
// each step: the rules of what the seat does first, then every other
// section of the map once, in the rule books' order.
func TestHelpTopicsRelevantFirst(t *testing.T) {
	T := func(ts ...input.Topic) []input.Topic { return ts }
	tests := []struct {
		name  string
		s     input.Situation
		first []input.Topic
	}{
		{"start screen: set-up, then the turn", input.Situation{Map: "europe", Step: input.StepStart}, T(input.TopicSetup, input.TopicTurn)},
		{"set-up: set-up, then tickets", input.Situation{Map: "usa", Step: input.StepSetup}, T(input.TopicSetup, input.TopicTickets)},
		{"own turn: the four actions", input.Situation{Map: "europe", Step: input.StepTurn}, T(input.TopicTurn)},
		{"another's turn: the turn", input.Situation{Map: "usa", Step: input.StepWait}, T(input.TopicTurn)},
		{"drawing cards", input.Situation{Map: "europe", Step: input.StepDraw}, T(input.TopicDraw)},
		{"claiming a plain route", input.Situation{Map: "usa", Step: input.StepClaim}, T(input.TopicClaim)},
		{"claiming a double route", input.Situation{Map: "usa", Step: input.StepClaim, Double: true}, T(input.TopicClaim, input.TopicDouble)},
		{"claiming a tunnel", input.Situation{Map: "europe", Step: input.StepClaim, Tunnel: true}, T(input.TopicTunnel, input.TopicClaim)},
		{"claiming a double tunnel", input.Situation{Map: "europe", Step: input.StepClaim, Tunnel: true, Double: true}, T(input.TopicTunnel, input.TopicClaim, input.TopicDouble)},
		{"claiming a ferry", input.Situation{Map: "europe", Step: input.StepClaim, Ferry: true}, T(input.TopicFerry, input.TopicClaim)},
		{"a tunnel's reveal and payment", input.Situation{Map: "europe", Step: input.StepTunnel}, T(input.TopicTunnel, input.TopicClaim)},
		{"choosing tickets", input.Situation{Map: "europe", Step: input.StepTickets}, T(input.TopicTickets)},
		{"building a station", input.Situation{Map: "europe", Step: input.StepStation}, T(input.TopicStation)},
		{"own turn in the last round", input.Situation{Map: "europe", Step: input.StepTurn, LastRound: true}, T(input.TopicLastRound, input.TopicTurn)},
		{"another's turn in the last round", input.Situation{Map: "usa", Step: input.StepWait, LastRound: true}, T(input.TopicLastRound, input.TopicTurn)},
		{"drawing in the last round", input.Situation{Map: "usa", Step: input.StepDraw, LastRound: true}, T(input.TopicDraw, input.TopicLastRound)},
		{"the end: scoring, then ties", input.Situation{Map: "europe", Step: input.StepEnd, LastRound: true}, T(input.TopicScoring, input.TopicTieBreak)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := input.HelpTopics(tc.s)
			if len(got) < len(tc.first) || !slices.Equal(got[:len(tc.first)], tc.first) {
				t.Fatalf("HelpTopics = %v, want it to begin %v", got, tc.first)
			}
			// The rest: every section of the map once, in book order.
			var want []input.Topic
			for tp := input.Topic(1); int(tp) <= input.NumTopics; tp++ {
				if tp.On(tc.s.Map) && !slices.Contains(tc.first, tp) {
					want = append(want, tp)
				}
			}
			if rest := got[len(tc.first):]; !slices.Equal(rest, want) {
				t.Errorf("after %v: %v, want %v", tc.first, rest, want)
			}
			secs := input.HelpSections(tc.s)
			for i, s := range secs {
				if s.Topic != got[i] || s.IsZero() {
					t.Errorf("section %d: %s, want %s", i, s.Topic, got[i])
				}
			}
		})
	}
}

// helpTopics returns the topics of seat's open help page, nil when closed.
func helpTopics(v input.View, seat int) []input.Topic {
	var out []input.Topic
	for _, s := range v.Seats[seat].Help {
		out = append(out, s.Topic)
	}
	return out
}

// TestHelpKeyOpensFacingTheSeatAndCancelCloses checks the help key through
// the table: it opens the page of that seat only, the step of the seat
// first; the page follows what the seat does; Cancel (the button or the
// on-screen key) closes it and nothing else; the key again closes it too.
func TestHelpKeyOpensFacingTheSeatAndCancelCloses(t *testing.T) {
	r := tunnelGame(t)
	r.ok(r.key(1, input.KeyHelp))
	v := r.tb.View()
	if got := helpTopics(v, 1); len(got) == 0 || got[0] != input.TopicTurn {
		t.Fatalf("seat 1 help %v, want the turn first", got)
	}
	if v.Seats[0].Help != nil {
		t.Errorf("seat 0 help open: %v", helpTopics(v, 0))
	}
	for _, s := range v.Seats[1].Help {
		for _, tx := range append([]input.Text{s.Title}, s.Lines...) {
			r.checkText("help "+s.Topic.String(), tx)
		}
	}
	r.ok(r.key(0, input.KeyHelp))
	r.ok(r.touchRoute("erzurum--sochi--1"))
	if got := helpTopics(r.tb.View(), 0); got[0] != input.TopicTunnel || got[1] != input.TopicClaim {
		t.Errorf("seat 0 claiming a tunnel: help %v, want tunnel, claim first", got)
	}
	// Cancel closes the page, and keeps the claim.
	r.ok(r.cancel(0))
	v = r.tb.View()
	if v.Seats[0].Help != nil || v.Claim == nil {
		t.Fatalf("after Cancel: help %v, claim %+v; want closed, claim kept", helpTopics(v, 0), v.Claim)
	}
	r.ok(r.cancel(0))
	if v := r.tb.View(); v.Claim != nil {
		t.Errorf("second Cancel kept the claim %+v", v.Claim)
	}
	// The on-screen Cancel closes too, at a seat whose turn it is not.
	r.ok(r.key(1, input.KeyCancel))
	if v := r.tb.View(); v.Seats[1].Help != nil {
		t.Errorf("on-screen Cancel left seat 1's help open")
	}
	// The key toggles.
	r.ok(r.key(1, input.KeyHelp))
	r.ok(r.key(1, input.KeyHelp))
	if v := r.tb.View(); v.Seats[1].Help != nil {
		t.Errorf("help key twice left seat 1's help open")
	}
	// Not on a seat's panel: nothing.
	r.ok(r.do(hal.Touch{Kind: hal.ScreenKey, ID: input.KeyHelp, Seat: -1, At: r.at()}))
	r.ok(r.do(hal.Touch{Kind: hal.ScreenKey, ID: input.KeyHelp, Seat: 9, At: r.at()}))
}

// TestHelpOnTheStartAndEndScreens checks the help page outside the game's
// turns: set-up first on the start screen, scoring first at the end.
func TestHelpOnTheStartAndEndScreens(t *testing.T) {
	r := newRig(t, 3, "usa")
	r.ok(r.key(2, input.KeyHelp))
	if got := helpTopics(r.tb.View(), 2); len(got) == 0 || got[0] != input.TopicSetup || slices.Contains(got, input.TopicTunnel) {
		t.Fatalf("start screen on usa: help %v, want set-up first and no tunnels", got)
	}
	r.ok(r.cancel(2))
	if v := r.tb.View(); v.Seats[2].Help != nil {
		t.Errorf("Cancel on the start screen left the help open")
	}
	r.start(0)
	r.ok(r.key(1, input.KeyHelp))
	if got := helpTopics(r.tb.View(), 1); got[0] != input.TopicSetup || got[1] != input.TopicTickets {
		t.Errorf("set-up: help %v, want set-up, tickets first", got)
	}
	r.setup(nil, nil)
	playBots(t, r, 3)
	if got := helpTopics(r.tb.View(), 1); got[0] != input.TopicScoring || got[1] != input.TopicTieBreak {
		t.Errorf("end screen: help %v, want scoring, tie-breaks first", got)
	}
}

// firstGame returns a 2-player Europe game of tunnelGame's hands with
// first-game mode turned on at the start screen.
func firstGame(t *testing.T) *rig {
	t.Helper()
	r := newRig(t, 2, "europe")
	if r.tb.View().Start.FirstGame {
		t.Fatalf("first-game mode on by default")
	}
	r.ok(r.key(0, input.KeyFirstGame))
	if !r.tb.View().Start.FirstGame {
		t.Fatalf("KeyFirstGame did not turn first-game mode on")
	}
	r.start(0)
	r.ok(r.key(0, input.KeyFirstGame)) // no longer changes: the game started
	if !r.tb.Setup().FirstGame {
		t.Fatalf("first-game mode changed during the game")
	}
	r.setup(map[int][]engine.CardID{0: cards(t, "red1", "red2", "red3", "loco1"), 1: cards(t, "green1", "green2", "blue3", "loco2")}, nil)
	r.ok(r.scanCard(0, cards(t, "red4")[0]), engine.DrawBlind, engine.RevealCard)
	r.ok(r.scanCard(0, cards(t, "white9")[0]), engine.DrawBlind, engine.RevealCard)
	r.ok(r.scanCard(1, cards(t, "white10")[0]), engine.DrawBlind, engine.RevealCard)
	r.ok(r.scanCard(1, cards(t, "white11")[0]), engine.DrawBlind, engine.RevealCard)
	return r
}

// explains returns the topic each seat is told, by seat.
func explains(v input.View) []input.Topic {
	out := make([]input.Topic, len(v.Seats))
	for i, sv := range v.Seats {
		out[i] = sv.Explain.Topic
	}
	return out
}

// resumed returns a new table resumed from r's set-up and the log of its
// game, as after a power cut.
func resumed(t *testing.T, r *rig) *input.Table {
	t.Helper()
	s := r.game()
	replayed, err := engine.Replay(&engine.Log{Map: s.Map(), Players: s.Players(), Actions: s.History()})
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	tb, err := input.NewTable(input.Opts{Seats: len(r.tb.Setup().Seats), Lang: "en", Resolve: inputtest.Resolve})
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Resume(r.tb.Setup(), replayed, r.now); err != nil {
		t.Fatalf("Resume: %v", err)
	}
	return tb
}

// TestFirstGameTellsTunnelFerryStationOnce checks first-game mode through
// the table: the first tunnel is told to its claimer on touching it and to
// every seat while it is resolved, the first ferry and station to the
// player touching them; none again once it has applied, also after a
// resume from the log; nothing with the mode off.
func TestFirstGameTellsTunnelFerryStationOnce(t *testing.T) {
	none := []input.Topic{0, 0}
	off := tunnelGame(t)
	off.ok(off.touchRoute("erzurum--sochi--1"))
	if got := explains(off.tb.View()); !slices.Equal(got, none) {
		t.Fatalf("mode off: explains %v", got)
	}

	r := firstGame(t)
	if got := explains(r.tb.View()); !slices.Equal(got, none) {
		t.Fatalf("before any rule: explains %v", got)
	}
	// A ferry touched: its player only. Then put back.
	var ferry string
	for _, rt := range r.tb.View().Map.Routes {
		if rt.Kind == maps.Ferry {
			ferry = rt.ID
			break
		}
	}
	r.ok(r.touchRoute(ferry))
	if got := explains(r.tb.View()); !slices.Equal(got, []input.Topic{input.TopicFerry, 0}) {
		t.Errorf("ferry touched: explains %v, want the ferry at seat 0", got)
	}
	r.ok(r.cancel(0))
	// The first tunnel: its claimer, then every seat while it is resolved.
	claimTunnel(t, r)
	if got := explains(r.tb.View()); !slices.Equal(got, []input.Topic{input.TopicTunnel, input.TopicTunnel}) {
		t.Errorf("tunnel pending: explains %v, want the tunnel at both seats", got)
	}
	if got := explains(resumed(t, r).View()); !slices.Equal(got, []input.Topic{input.TopicTunnel, input.TopicTunnel}) {
		t.Errorf("tunnel pending, resumed: explains %v, want the tunnel at both seats", got)
	}
	for _, c := range cards(t, "loco9", "loco10", "red9") {
		r.ok(r.scanCard(0, c), engine.RevealCard)
	}
	if got := explains(r.tb.View())[1]; got != input.TopicTunnel {
		t.Errorf("tunnel's payment: seat 1 told %s, want the tunnel", got)
	}
	r.ok(r.cancel(0), engine.WithdrawTunnel)
	if got := explains(r.tb.View()); !slices.Equal(got, none) {
		t.Errorf("tunnel withdrawn: explains %v", got)
	}
	// The first station: player 1 touches a city, builds it.
	r.ok(r.touchCity("berlin"))
	if got := explains(r.tb.View()); !slices.Equal(got, []input.Topic{0, input.TopicStation}) {
		t.Errorf("city touched: explains %v, want the station at seat 1", got)
	}
	r.ok(r.scanCard(1, cards(t, "green1")[0]))
	r.ok(r.confirm(1), engine.BuildStation)
	// Player 0: a second tunnel and a second station are not told.
	r.ok(r.touchRoute("erzurum--sochi--1"))
	if got := explains(r.tb.View()); !slices.Equal(got, none) {
		t.Errorf("second tunnel touched: explains %v", got)
	}
	r.ok(r.touchCity("wien"))
	if got := explains(r.tb.View()); !slices.Equal(got, none) {
		t.Errorf("second station touched: explains %v", got)
	}
	// After a resume, neither is told again.
	tb := resumed(t, r)
	tb.Handle(hal.Touch{Kind: hal.RouteArea, ID: "erzurum--sochi--1", Seat: -1, At: r.at()})
	if got := explains(tb.View()); !slices.Equal(got, none) {
		t.Errorf("resumed, tunnel touched: explains %v", got)
	}
	tb.Handle(hal.Touch{Kind: hal.CityArea, ID: "wien", Seat: -1, At: r.at()})
	if got := explains(tb.View()); !slices.Equal(got, none) {
		t.Errorf("resumed, city touched: explains %v", got)
	}
	tb.Handle(hal.Touch{Kind: hal.RouteArea, ID: ferry, Seat: -1, At: r.at()})
	if got := explains(tb.View()); !slices.Equal(got, []input.Topic{input.TopicFerry, 0}) {
		t.Errorf("resumed, ferry touched: explains %v, want the ferry still (none claimed)", got)
	}
}

// TestFirstGameTellsEachRuleOnceInWholeGames plays whole bot games in
// first-game mode: each rule is told during one stretch of the game only
// (never again once it has gone), the last round and the final scoring
// always, to every seat; and a table resumed from the log at any complete
// action tells exactly what the live table tells.
func TestFirstGameTellsEachRuleOnceInWholeGames(t *testing.T) {
	for _, tc := range []struct {
		mapID string
		seats int
		seed  uint64
	}{{"europe", 3, 11}, {"usa", 2, 5}, {"europe", 4, 29}} {
		t.Run(fmt.Sprintf("%s/%d seats/seed %d", tc.mapID, tc.seats, tc.seed), func(t *testing.T) {
			tb, err := input.NewTable(input.Opts{Seats: tc.seats, Map: tc.mapID, Lang: "en", Resolve: inputtest.Resolve, FirstGame: true})
			if err != nil {
				t.Fatal(err)
			}
			r := &rig{t: t, tb: tb, cat: loadCatalog(t), now: time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC)}
			r.start(0)
			d := engine.NewDealer(tc.seed)
			rng := rand.New(rand.NewPCG(tc.seed, 7))
			// state: 0 never told, 1 being told, 2 told and gone.
			var state [input.NumTopics + 1]int
			// lastTurns are the players whose turn it was while the last
			// round was told: its first turn only.
			lastTurns := map[int]bool{}
			track := func(step int) {
				told := map[input.Topic]bool{}
				v := r.tb.View()
				for i, tp := range explains(v) {
					if tp == 0 {
						continue
					}
					told[tp] = true
					r.checkText("explain", v.Seats[i].Explain.Title)
					if tp == input.TopicLastRound {
						lastTurns[v.Public.Turn] = true
					}
				}
				for tp := input.Topic(1); int(tp) <= input.NumTopics; tp++ {
					switch {
					case told[tp] && state[tp] == 2:
						t.Fatalf("step %d: %s told again", step, tp)
					case told[tp]:
						state[tp] = 1
					case state[tp] == 1:
						state[tp] = 2
					}
				}
			}
			for step := 0; r.tb.Mode() != input.ModeEnd; step++ {
				if step > 20000 {
					t.Fatalf("the game did not end")
				}
				s := r.game()
				var a engine.Action
				if s.IsChance() {
					a = d.Outcome(s)
				} else {
					a = inputtest.BotChoice(rng, s, 0.2)
				}
				evs, err := r.tb.Gestures(a, inputtest.UID, d.Outcome, r.at())
				if err != nil {
					t.Fatalf("step %d: %v", step, err)
				}
				for _, ev := range evs {
					r.do(ev)
					track(step)
				}
				if step%7 == 0 && r.tb.Mode() == input.ModePlay {
					if live, again := explains(r.tb.View()), explains(resumed(t, r).View()); !reflect.DeepEqual(live, again) {
						t.Fatalf("step %d: live table explains %v, resumed %v", step, live, again)
					}
				}
			}
			want := make([]input.Topic, tc.seats)
			for i := range want {
				want[i] = input.TopicScoring
			}
			if got := explains(r.tb.View()); !slices.Equal(got, want) {
				t.Errorf("end screen: explains %v, want scoring at every seat", got)
			}
			if len(lastTurns) != 1 {
				t.Errorf("the last round told during the turns of players %v, want its first turn only", lastTurns)
			}
			if state[input.TopicLastRound] != 2 {
				t.Errorf("the last round was never told (state %d)", state[input.TopicLastRound])
			}
			for tp := input.Topic(1); int(tp) <= input.NumTopics; tp++ {
				if !tp.On(tc.mapID) && state[tp] != 0 {
					t.Errorf("%s told on %s", tp, tc.mapID)
				}
			}
			// These seeds' Europe games try a tunnel, claim a ferry and
			// build a station: each must have been told, and be over.
			if tc.mapID == "europe" {
				for _, tp := range []input.Topic{input.TopicTunnel, input.TopicFerry, input.TopicStation} {
					if state[tp] != 2 {
						t.Errorf("%s: state %d, want told once", tp, state[tp])
					}
				}
			}
		})
	}
}

// BenchmarkViewHelpAndFirstGame measures the View of a 4-player Europe game
// with every seat's help page open and first-game mode telling the first
// tunnel, touched by the current player: the most the rules add to a frame.
func BenchmarkViewHelpAndFirstGame(b *testing.B) {
	r := newRig(b, 4, "europe")
	r.ok(r.key(0, input.KeyFirstGame))
	r.start(0)
	r.setup(nil, nil)
	for seat := range 4 {
		r.ok(r.key(seat, input.KeyHelp))
	}
	r.ok(r.touchRoute("erzurum--sochi--1"))
	if v := r.tb.View(); v.Seats[0].Explain.Topic != input.TopicTunnel || len(v.Seats[3].Help) == 0 {
		b.Fatalf("explain %s, help %d sections", v.Seats[0].Explain.Topic, len(v.Seats[3].Help))
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = r.tb.View()
	}
}
