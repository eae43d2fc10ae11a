package engine

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"

	"ttr/engine/score"
	"ttr/maps"
)

func TestLastRoundEveryPlayerIncludingTriggerGetsOneMoreTurn(t *testing.T) {
	m := maps.Europe()
	r := rid(t, m, "amsterdam--bruxelles--1") // black, 1
	d := NewDealer(3)
	s := started(t, m, 3, 1)
	s.clearHands()
	s.rigTrains(t, 0, 3, r)
	s.rigHand(0, card(Black, 0))
	s, evs := mustApply(t, s, NewClaimRoute(r, card(Black, 0)))
	if !hasKind(evs, EvLastRound) || !s.LastRound() {
		t.Fatalf("events %v: no last round with 2 trains left", evs)
	}
	for _, p := range []int{1, 2, 0} {
		if w := s.Waiting(); w.Need != NeedTurn || w.Player != p {
			t.Fatalf("waiting %+v, want player %d's last turn", w, p)
		}
		if s.IsTerminal() {
			t.Fatalf("game over before player %d's last turn", p)
		}
		s = drawTurn(t, s, d)
	}
	if !s.IsTerminal() || s.CurrentPlayer() != Terminal || s.Waiting().Need != NeedNothing {
		t.Fatalf("waiting %+v after everyone's last turn, want the game over", s.Waiting())
	}
	if got := s.LegalActions(); len(got) != 0 {
		t.Errorf("legal actions after the end: %v", got)
	}
	wantCode(t, s, NewDrawBlind(), ErrGameOver)
}

func TestLastRoundNotBeforeTwoTrains(t *testing.T) {
	m := maps.Europe()
	r := rid(t, m, "amsterdam--bruxelles--1")
	s := started(t, m, 2, 1)
	s.clearHands()
	s.rigTrains(t, 0, 4, r)
	s.rigHand(0, card(Black, 0))
	s, evs := mustApply(t, s, NewClaimRoute(r, card(Black, 0)))
	if hasKind(evs, EvLastRound) || s.LastRound() {
		t.Errorf("last round started with 3 trains left")
	}
}

// stuck makes player p unable to do anything: no cards anywhere they can
// draw, no tickets, an empty hand.
func (s *State) stuck(p int) {
	s.rigHand(p)
	s.rigMarket(NoCard, NoCard, NoCard, NoCard, NoCard)
	s.rigDeck(nil, nil)
	s.boxTickets(0)
}

func TestPassOnlyWhenNoActionLegal(t *testing.T) {
	s := started(t, maps.Europe(), 2, 1)
	wantCode(t, s, NewPass(), ErrCannotPass)
	s.stuck(0)
	if got := s.LegalActions(); len(got) != 1 || got[0] != NewPass() {
		t.Fatalf("legal %v, want only pass", got)
	}
	s, evs := mustApply(t, s, NewPass())
	if !hasKind(evs, EvPassed) {
		t.Errorf("events %v: no pass", evs)
	}
	if w := s.Waiting(); w.Need != NeedTurn || w.Player != 1 {
		t.Errorf("waiting %+v, want player 1's turn", w)
	}
}

func TestEveryonePassingEndsTheGame(t *testing.T) {
	// Nobody can ever act again once every player has passed in a row: the
	// engine ends the game rather than wait for what cannot come.
	s := started(t, maps.USA(), 3, 1)
	s.rigHand(1)
	s.stuck(0)
	// Player 2 holds every card but has no trains for any route left.
	s, _ = mustApply(t, s, NewPass())
	s.c.passes = 2 // as if player 1 and 2 had passed too
	s.c.cur = 0
	s.c.phase = phTurn
	s.settle(nil)
	s, evs := mustApply(t, s, NewPass())
	if !hasKind(evs, EvGameOver) || !s.IsTerminal() {
		t.Errorf("events %v: the game did not end after everyone passed", evs)
	}
}

func TestChanceCardMustBeInDeck(t *testing.T) {
	m := maps.Europe()
	s := started(t, m, 2, 1)
	s.clearHands()
	s.rigHand(1, card(Red, 0))
	s.rigDeck(s.Deck().Minus(NewCardSet(card(Red, 1))).IDs(), []CardID{card(Red, 1)})
	s, _ = mustApply(t, s, NewDrawBlind())
	for _, tc := range []struct {
		card  CardID
		code  Code
		check func(Params) bool
	}{
		{card(Red, 0), ErrCardInHand, func(p Params) bool { return p.Player == 1 }},
		{s.Market()[3], ErrCardInMarket, func(p Params) bool { return p.Slot == 3 }},
		{card(Red, 1), ErrCardDiscarded, nil},
		{CardID(NumCards), ErrNoSuchCard, nil},
	} {
		re := wantCode(t, s, NewRevealCard(tc.card), tc.code)
		if tc.check != nil && !tc.check(re.Params) {
			t.Errorf("%v: params %+v", tc.code, re.Params)
		}
	}
	// During a tunnel: the cards played and revealed.
	s = started(t, m, 2, 1)
	s.clearHands()
	s.rigHand(0, o0, o1, o2)
	s, _ = mustApply(t, s, NewClaimRoute(rid(t, m, "angora--smyrna--1"), o0, o1, o2))
	s, _ = mustApply(t, s, NewRevealCard(card(Red, 5)))
	wantCode(t, s, NewRevealCard(card(Red, 5)), ErrCardInTunnel)
	wantCode(t, s, NewRevealCard(o1), ErrCardPlayed)
	// A decision is not a chance outcome and the reverse.
	wantCode(t, s, NewDrawBlind(), ErrWrongAction)
	s = started(t, m, 2, 1)
	wantCode(t, s, NewRevealCard(s.Deck().nth(0)), ErrWrongAction)
}

func TestChanceTicketMustBeInDeck(t *testing.T) {
	m := maps.USA()
	s := started(t, m, 2, 1)
	kept := s.KeptTickets(1).nth(0)
	boxed := s.c.tTop.nth(0)
	s.c.tTop &^= 1 << boxed
	s.c.tBox |= 1 << boxed
	s, _ = mustApply(t, s, NewDrawTickets())
	wantCode(t, s, NewRevealTicket(kept), ErrTicketHeld)
	wantCode(t, s, NewRevealTicket(boxed), ErrTicketInBox)
	wantCode(t, s, NewRevealTicket(TicketID(len(m.Tickets))), ErrNoSuchTicket)
}

func TestApplyLeavesStateUntouched(t *testing.T) {
	s := started(t, maps.Europe(), 4, 1)
	before := s.c
	hist := s.histLen()
	for _, a := range s.LegalActions() {
		if _, _, err := s.Apply(a); err != nil {
			t.Fatalf("apply %v: %v", a, err)
		}
		if s.c != before || s.histLen() != hist {
			t.Fatalf("apply %v changed the state it was applied to", FormatAction(s.m, a))
		}
	}
	s.Apply(NewClaimRoute(0, card(Red, 0))) // refused
	if s.c != before {
		t.Fatalf("a refused action changed the state")
	}
}

func TestCloneIsDeep(t *testing.T) {
	s := started(t, maps.USA(), 2, 1)
	c := s.Clone()
	before := s.c
	if err := c.Do(NewDrawBlind()); err != nil {
		t.Fatal(err)
	}
	if err := c.Do(NewRevealCard(c.Deck().nth(0))); err != nil {
		t.Fatal(err)
	}
	if s.c != before || len(s.History()) == len(c.History()) {
		t.Errorf("changing the clone changed the original")
	}
}

// randomGame plays seeded random legal actions, calling check after each.
func randomGame(t testing.TB, m *maps.Map, players int, seed uint64, check func(s *State, a Action)) *State {
	t.Helper()
	s, err := NewGame(m, Opts{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	d := NewDealer(seed)
	r := rand.New(rand.NewPCG(seed, 99))
	var buf []Action
	for steps := 0; !s.IsTerminal(); steps++ {
		if steps > 20000 {
			t.Fatalf("%s seed %d: no end after %d actions", m.ID, seed, steps)
		}
		var a Action
		if s.IsChance() {
			a = d.Outcome(s)
		} else {
			buf = s.AppendLegalActions(buf[:0])
			a = buf[r.IntN(len(buf))]
		}
		n, _, err := s.Apply(a)
		if err != nil {
			t.Fatalf("%s seed %d: apply %s: %v", m.ID, seed, FormatAction(m, a), err)
		}
		s = n
		if check != nil {
			check(s, a)
		}
	}
	return s
}

func TestRandomPlayKeepsInvariants(t *testing.T) {
	for _, m := range []*maps.Map{maps.USA(), maps.Europe()} {
		for n := MinPlayers; n <= MaxPlayers; n++ {
			for seed := range uint64(3) {
				randomGame(t, m, n, seed*10+uint64(n), func(s *State, a Action) {
					if err := s.CheckInvariants(); err != nil {
						t.Fatalf("%s %dp seed %d after %s: %v", m.ID, n, seed, FormatAction(m, a), err)
					}
				})
			}
		}
	}
}

func TestLegalActionsSortedAndApplicable(t *testing.T) {
	key := func(a Action) [5]int {
		return [5]int{int(a.Kind), a.Slot, a.Route, a.City, int(a.Card)}
	}
	less := func(a, b [5]int) bool {
		for i := range a {
			if a[i] != b[i] {
				return a[i] < b[i]
			}
		}
		return false
	}
	m := maps.Europe()
	steps := 0
	randomGame(t, m, 3, 5, func(s *State, _ Action) {
		steps++
		if steps%7 != 0 {
			return
		}
		la := s.LegalActions()
		again := s.LegalActions()
		if !reflect.DeepEqual(la, again) {
			t.Fatalf("LegalActions not stable")
		}
		seen := map[Action]bool{}
		for i, a := range la {
			if seen[a] {
				t.Fatalf("duplicate legal action %v", FormatAction(m, a))
			}
			seen[a] = true
			if i > 0 && less(key(a), key(la[i-1])) {
				t.Fatalf("legal actions out of order: %s before %s", FormatAction(m, la[i-1]), FormatAction(m, a))
			}
			if _, _, err := s.Apply(a); err != nil {
				t.Fatalf("legal action %s refused: %v", FormatAction(m, a), err)
			}
		}
	})
}

func TestPublicViewHidesHiddenInformation(t *testing.T) {
	m := maps.Europe()
	s := started(t, m, 3, 1)
	// Swap a card of player 0's hand with a deck card, and a kept ticket
	// with one in the deck: the public view must not change.
	o := s.Clone()
	in := s.Hand(0).nth(0)
	out := s.Deck().Minus(colorMask[in.Color()]).nth(0)
	o.c.hand[0].Remove(in)
	o.c.hand[0].Add(out)
	o.c.deck.Remove(out)
	o.c.deck.Add(in)
	kt := o.c.tKept[0].nth(0)
	dt := o.c.tTop.nth(0)
	o.c.tKept[0] = o.c.tKept[0]&^(1<<kt) | 1<<dt
	o.c.tTop = o.c.tTop&^(1<<dt) | 1<<kt
	if err := o.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s.Public(), o.Public()) {
		t.Errorf("the public view shows a hand, a ticket or the deck")
	}
	if reflect.DeepEqual(s.PlayerView(0), o.PlayerView(0)) {
		t.Errorf("player 0's view does not show their hand and tickets")
	}
	if !reflect.DeepEqual(s.PlayerView(1), o.PlayerView(1)) {
		t.Errorf("player 1's view shows player 0's hand or tickets")
	}
}

func TestPlayerViewShowsOwnHandAndTickets(t *testing.T) {
	s := started(t, maps.USA(), 2, 1)
	v := s.PlayerView(1)
	if !reflect.DeepEqual(v.Hand, s.Hand(1).IDs()) || !reflect.DeepEqual(v.Tickets, s.KeptTickets(1).IDs()) {
		t.Errorf("view hand %v tickets %v, want %v %v", v.Hand, v.Tickets, s.Hand(1).IDs(), s.KeptTickets(1).IDs())
	}
	p := s.Public()
	if p.Players[1].Cards != 4 || p.Players[1].Tickets != s.KeptTickets(1).Len() || p.Players[1].Trains != 45 {
		t.Errorf("public player 1 %+v", p.Players[1])
	}
	if p.Wait.Need != NeedTurn || p.Turn != 0 || p.DeckCards != NumCards-13 {
		t.Errorf("public %+v", p)
	}
}

func TestLogReplaysIdentically(t *testing.T) {
	for _, m := range []*maps.Map{maps.USA(), maps.Europe()} {
		s := randomGame(t, m, 4, 11, nil)
		text, err := s.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(text), "ttr v1 "+m.ID+" players=4\n") {
			t.Fatalf("log header %q", strings.SplitN(string(text), "\n", 2)[0])
		}
		var back State
		if err := back.UnmarshalText(text); err != nil {
			t.Fatal(err)
		}
		if back.c != s.c {
			t.Errorf("%s: replayed state differs", m.ID)
		}
		again, _ := back.MarshalText()
		if string(again) != string(text) {
			t.Errorf("%s: log of the replay differs", m.ID)
		}
	}
}

func TestParseLogErrors(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"empty", "", "no header"},
		{"bad version", "ttr v9 usa players=2\n", "version"},
		{"bad map", "ttr v1 mars players=2\n", "unknown map"},
		{"bad players", "ttr v1 usa players=7\n", "players"},
		{"unknown action", "ttr v1 usa players=2\njump 3\n", "line 2"},
		{"unknown route", "ttr v1 usa players=2\nclaim nowhere red1\n", "unknown route"},
		{"unknown card", "ttr v1 usa players=2\ncard red13\n", "unknown card"},
	} {
		_, err := ParseLog([]byte(tc.text))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "engine: ") {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
	l, err := ParseLog([]byte("ttr v1 usa players=2\n# comment\nfirst 0\nblind\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Replay(l); err == nil || !strings.Contains(err.Error(), "action 2") {
		t.Errorf("replay of a refused action: error %v", err)
	}
}

func TestRuleErrorTextAndIs(t *testing.T) {
	s := started(t, maps.USA(), 2, 1)
	s.clearHands()
	s.rigHand(0, card(Red, 0), card(Red, 1))
	r := rid(t, maps.USA(), "chicago--duluth--1") // red 3
	_, _, err := s.Apply(NewClaimRoute(r, card(Red, 0), card(Red, 1)))
	if !errors.Is(err, &RuleError{Code: ErrNotEnoughCards}) {
		t.Fatalf("error %v is not ErrNotEnoughCards", err)
	}
	if got, want := err.Error(), "engine: not enough cards (need 3, got 2, colour red)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestFinalScoringUsesScorePackage(t *testing.T) {
	m := maps.Europe()
	s := randomGame(t, m, 3, 21, nil)
	want := score.Final(m, s.ScorePlayers())
	got := s.Result()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Result differs from score.Final")
	}
	for p, pr := range got.Players {
		if s.Scores()[p] != pr.Total {
			t.Errorf("player %d: Scores %d, total %d", p, s.Scores()[p], pr.Total)
		}
		if want := 4 * s.StationsLeft(p); pr.StationPoints != want {
			t.Errorf("player %d: %d station points with %d stations left", p, pr.StationPoints, s.StationsLeft(p))
		}
		if len(pr.Tickets) != s.KeptTickets(p).Len() {
			t.Errorf("player %d: %d tickets scored, %d kept", p, len(pr.Tickets), s.KeptTickets(p).Len())
		}
	}
	if p := s.Public(); !p.Over || p.Players[0].Score != got.Players[0].Total {
		t.Errorf("public view at the end: over %v score %d", p.Over, p.Players[0].Score)
	}
}

func TestHistoryBranchesFromSharedStates(t *testing.T) {
	s := started(t, maps.Europe(), 2, 1)
	base := s.History()
	var wg sync.WaitGroup
	results := make([]*State, 4)
	acts := []Action{NewDrawBlind(), NewDrawFaceUp(0), NewDrawFaceUp(1), NewDrawFaceUp(2)}
	for i, a := range acts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, _, err := s.Apply(a)
			// Then 150 more actions, the first legal each time, so that
			// the branches fill and split history chunks.
			for j := 0; err == nil && j < 150 && !n.IsTerminal(); j++ {
				n, _, err = n.Apply(n.LegalActions()[0])
			}
			if err != nil {
				t.Error(err)
				return
			}
			results[i] = n
		}()
	}
	wg.Wait()
	for i, r := range results {
		if r == nil {
			continue
		}
		h := r.History()
		if len(h) < len(base)+1 || h[len(base)] != acts[i] {
			t.Errorf("branch %d: history continues with %v, want %v", i, h[len(base):], acts[i])
		}
		if !reflect.DeepEqual(h[:len(base)], base) {
			t.Errorf("branch %d: shared history changed", i)
		}
	}
	if !reflect.DeepEqual(s.History(), base) {
		t.Errorf("the parent's history changed")
	}
	// A long game's history replays after chunks were shared and split.
	g := randomGame(t, maps.USA(), 3, 4, nil)
	if len(g.History()) <= 256 {
		t.Fatalf("game too short to span chunks")
	}
	l := g.Log()
	back, err := Replay(l)
	if err != nil || back.c != g.c {
		t.Fatalf("replay of a multi-chunk history: %v", err)
	}
}

func TestParseLogDropsLastLineCutShort(t *testing.T) {
	m := maps.USA()
	text := LogHeader(m, 2) + "first 0\ncard red1\ncard bl"
	l, err := ParseLog([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Actions) != 2 {
		t.Errorf("%d actions, want 2 (the cut line dropped)", len(l.Actions))
	}
	// A bad line that was written whole is an error.
	if _, err := ParseLog([]byte(text + "\n")); err == nil {
		t.Errorf("a complete bad last line was accepted")
	}
	if _, err := ParseLog([]byte(LogHeader(m, 2) + "card bl\nfirst 0\n")); err == nil {
		t.Errorf("a bad line in the middle was accepted")
	}
}
