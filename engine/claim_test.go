package engine

import (
	"testing"

	"ttr/maps"
)

func TestClaimRouteLengthInOneColour(t *testing.T) {
	m := maps.Europe()
	r := rid(t, m, "berlin--wien--1") // green, 3
	g := func(i int) CardID { return card(Green, i) }
	hand := []CardID{g(0), g(1), g(2), card(Red, 0), card(Red, 1), card(Red, 2), card(Locomotive, 0), card(Blue, 0)}
	for _, tc := range []struct {
		name  string
		cards []CardID
		code  Code
		check func(t *testing.T, p Params)
	}{
		{"three green", []CardID{g(0), g(1), g(2)}, 0, nil},
		{"two green", []CardID{g(0), g(1)}, ErrNotEnoughCards, func(t *testing.T, p Params) {
			if p.Need != 3 || p.Got != 2 || p.Color != Green {
				t.Errorf("params %+v, want need 3 got 2 green", p)
			}
		}},
		{"four cards", []CardID{g(0), g(1), g(2), card(Locomotive, 0)}, ErrTooManyCards, nil},
		{"red on a green route", []CardID{card(Red, 0), card(Red, 1), card(Red, 2)}, ErrWrongColor, func(t *testing.T, p Params) {
			if p.Color != Green || p.Card != card(Red, 0) {
				t.Errorf("params %+v, want colour green, card red1", p)
			}
		}},
		{"a blue among green", []CardID{g(0), g(1), card(Blue, 0)}, ErrWrongColor, nil},
		{"a card not in hand", []CardID{g(0), g(1), g(3)}, ErrNotInHand, func(t *testing.T, p Params) {
			if p.Card != g(3) {
				t.Errorf("card %v, want green4", p.Card)
			}
		}},
		{"no cards", nil, ErrNoCards, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := started(t, m, 2, 1)
			s.clearHands()
			s.rigHand(0, hand...)
			a := NewClaimRoute(r, tc.cards...)
			if tc.code != 0 {
				re := wantCode(t, s, a, tc.code)
				if tc.check != nil {
					tc.check(t, re.Params)
				}
				if err := s.CheckClaim(r, NewCardSet(tc.cards...)); err == nil || err.(*RuleError).Code != tc.code {
					t.Errorf("CheckClaim = %v, want code %v", err, tc.code)
				}
				return
			}
			n, evs := mustApply(t, s, a)
			if n.RouteOwner(r) != 0 || n.TrainsLeft(0) != 42 || n.Scores()[0] != 4 {
				t.Errorf("owner %d trains %d score %d, want 0, 42, 4", n.RouteOwner(r), n.TrainsLeft(0), n.Scores()[0])
			}
			if got := n.Discards().Intersect(NewCardSet(tc.cards...)); got.Len() != 3 {
				t.Errorf("spent cards discarded: %v", got)
			}
			if !hasKind(evs, EvRouteClaimed) {
				t.Errorf("events %v: no route claimed", evs)
			}
		})
	}
}

func TestClaimGrayRouteAnyOneColour(t *testing.T) {
	m := maps.Europe()
	r := rid(t, m, "barcelona--marseille--1") // gray, 4
	for _, tc := range []struct {
		name  string
		cards []CardID
		code  Code
	}{
		{"four red", []CardID{card(Red, 0), card(Red, 1), card(Red, 2), card(Red, 3)}, 0},
		{"four blue", []CardID{card(Blue, 0), card(Blue, 1), card(Blue, 2), card(Blue, 3)}, 0},
		{"two red two blue", []CardID{card(Red, 0), card(Red, 1), card(Blue, 2), card(Blue, 3)}, ErrMixedColors},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := started(t, m, 2, 1)
			s.clearHands()
			s.rigHand(0, append([]CardID{card(Red, 0), card(Red, 1), card(Red, 2), card(Red, 3)}, card(Blue, 0), card(Blue, 1), card(Blue, 2), card(Blue, 3))...)
			if tc.code != 0 {
				wantCode(t, s, NewClaimRoute(r, tc.cards...), tc.code)
				return
			}
			mustApply(t, s, NewClaimRoute(r, tc.cards...))
		})
	}
	// One canonical claim per colour offered.
	s := started(t, m, 2, 1)
	s.clearHands()
	s.rigHand(0, card(Red, 0), card(Red, 1), card(Red, 2), card(Red, 3), card(Blue, 0), card(Blue, 1), card(Blue, 2), card(Blue, 3))
	var got []Action
	for _, a := range s.LegalActions() {
		if a.Kind == ClaimRoute && a.Route == r {
			got = append(got, a)
		}
	}
	if len(got) != 2 || got[0].Cards.Count(Blue) != 4 || got[1].Cards.Count(Red) != 4 {
		t.Errorf("claims of the gray route offered: %v, want four blue then four red", got)
	}
}

func TestClaimLocomotivesWild(t *testing.T) {
	m := maps.Europe()
	r := rid(t, m, "berlin--wien--1") // green, 3
	for _, cards := range [][]CardID{
		{card(Green, 0), card(Locomotive, 0), card(Locomotive, 1)},
		{card(Locomotive, 0), card(Locomotive, 1), card(Locomotive, 2)},
	} {
		s := started(t, m, 2, 1)
		s.clearHands()
		s.rigHand(0, card(Green, 0), card(Locomotive, 0), card(Locomotive, 1), card(Locomotive, 2))
		mustApply(t, s, NewClaimRoute(r, cards...))
	}
	// The offered payments: 1 green + 2 locomotives, then 3 locomotives.
	s := started(t, m, 2, 1)
	s.clearHands()
	s.rigHand(0, card(Green, 0), card(Locomotive, 0), card(Locomotive, 1), card(Locomotive, 2))
	var got []CardSet
	for _, a := range s.LegalActions() {
		if a.Kind == ClaimRoute && a.Route == r {
			got = append(got, a.Cards)
		}
	}
	want := []CardSet{NewCardSet(card(Green, 0), card(Locomotive, 0), card(Locomotive, 1)), NewCardSet(card(Locomotive, 0), card(Locomotive, 1), card(Locomotive, 2))}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("payments offered %v, want %v", got, want)
	}
}

func TestApplyAcceptsAnyEquivalentCards(t *testing.T) {
	m := maps.Europe()
	r := rid(t, m, "berlin--wien--1")
	s := started(t, m, 2, 1)
	s.clearHands()
	s.rigHand(0, card(Green, 0), card(Green, 5), card(Green, 7), card(Green, 9))
	n, _ := mustApply(t, s, NewClaimRoute(r, card(Green, 9), card(Green, 5), card(Green, 7)))
	if got := n.Hand(0); got != NewCardSet(card(Green, 0)) {
		t.Errorf("hand %v, want green1 left", got)
	}
}

func TestClaimFerryNeedsLocomotives(t *testing.T) {
	m := maps.Europe()
	for _, tc := range []struct {
		route string
		cards []CardID
		code  Code
		need  int
	}{
		{"amsterdam--london--1", []CardID{card(Red, 0), card(Locomotive, 0)}, ErrNeedLocomotives, 2},
		{"amsterdam--london--1", []CardID{card(Locomotive, 0), card(Locomotive, 1)}, 0, 0},
		{"dieppe--london--1", []CardID{card(Red, 0), card(Red, 1)}, ErrNeedLocomotives, 1},
		{"dieppe--london--1", []CardID{card(Red, 0), card(Locomotive, 0)}, 0, 0},
	} {
		s := started(t, m, 2, 1)
		s.clearHands()
		s.rigHand(0, card(Red, 0), card(Red, 1), card(Locomotive, 0), card(Locomotive, 1))
		r := rid(t, m, tc.route)
		if tc.code == 0 {
			mustApply(t, s, NewClaimRoute(r, tc.cards...))
			continue
		}
		re := wantCode(t, s, NewClaimRoute(r, tc.cards...), tc.code)
		if re.Params.Need != tc.need {
			t.Errorf("%s: need %d locomotives, want %d", tc.route, re.Params.Need, tc.need)
		}
	}
	// A ferry is not offered without its locomotives.
	s := started(t, m, 2, 1)
	s.clearHands()
	s.rigHand(0, card(Red, 0), card(Red, 1), card(Locomotive, 0))
	r := rid(t, m, "amsterdam--london--1")
	if legalHas(s, func(a Action) bool { return a.Kind == ClaimRoute && a.Route == r }) {
		t.Errorf("two-locomotive ferry offered with one locomotive")
	}
}

func TestClaimNeedsEnoughTrains(t *testing.T) {
	m := maps.Europe()
	r := rid(t, m, "berlin--wien--1")
	s := started(t, m, 2, 1)
	s.clearHands()
	s.rigTrains(t, 0, 2, r)
	s.rigHand(0, card(Green, 0), card(Green, 1), card(Green, 2))
	re := wantCode(t, s, NewClaimRoute(r, card(Green, 0), card(Green, 1), card(Green, 2)), ErrNotEnoughTrains)
	if re.Params.Need != 3 || re.Params.Got != 2 {
		t.Errorf("params need %d got %d, want 3 and 2", re.Params.Need, re.Params.Got)
	}
	if legalHas(s, func(a Action) bool { return a.Kind == ClaimRoute && a.Route == r }) {
		t.Errorf("route of 3 offered with 2 trains")
	}
}

func TestClaimOneRoutePerTurn(t *testing.T) {
	m := maps.Europe()
	s := started(t, m, 2, 1)
	s.clearHands()
	s.rigHand(0, card(Green, 0), card(Green, 1), card(Green, 2), card(Blue, 0), card(Blue, 1))
	s, _ = mustApply(t, s, NewClaimRoute(rid(t, m, "berlin--wien--1"), card(Green, 0), card(Green, 1), card(Green, 2)))
	if w := s.Waiting(); w.Need != NeedTurn || w.Player != 1 {
		t.Fatalf("after a claim waiting %+v, want player 1's turn", w)
	}
}

func TestDoubleRouteNeverBothForOnePlayer(t *testing.T) {
	m := maps.Europe()
	r1, r2 := rid(t, m, "berlin--frankfurt--1"), rid(t, m, "berlin--frankfurt--2")
	for n := 2; n <= 5; n++ {
		s := started(t, m, n, 1)
		s.clearHands()
		s.rigOwn(0, r1)
		s.rigHand(0, card(Locomotive, 0), card(Locomotive, 1), card(Locomotive, 2))
		code := ErrDoubleRouteOwned
		wantCode(t, s, NewClaimRoute(r2, card(Locomotive, 0), card(Locomotive, 1), card(Locomotive, 2)), code)
		if legalHas(s, func(a Action) bool { return a.Kind == ClaimRoute && a.Route == r2 }) {
			t.Errorf("%d players: second half of a double route offered to its owner", n)
		}
	}
}

func TestDoubleRouteClosedWithTwoOrThreePlayers(t *testing.T) {
	m := maps.Europe()
	r1, r2 := rid(t, m, "berlin--frankfurt--1"), rid(t, m, "berlin--frankfurt--2")
	for n := 2; n <= 5; n++ {
		s := started(t, m, n, 1)
		s.clearHands()
		s.rigOwn(1, r1)
		s.rigHand(0, card(Locomotive, 0), card(Locomotive, 1), card(Locomotive, 2))
		a := NewClaimRoute(r2, card(Locomotive, 0), card(Locomotive, 1), card(Locomotive, 2))
		if n <= 3 {
			re := wantCode(t, s, a, ErrDoubleRouteClosed)
			if re.Params.Other != r1 || re.Params.Player != 1 {
				t.Errorf("%d players: params %+v, want other route %d of player 1", n, re.Params, r1)
			}
			continue
		}
		mustApply(t, s, a)
	}
}

func TestRoutePointsByLength(t *testing.T) {
	want := map[int]int{1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 8: 21}
	for _, m := range []*maps.Map{maps.USA(), maps.Europe()} {
		for l, pts := range want {
			r := -1
			for i, rt := range m.Routes {
				if rt.Length == l {
					r = i
					break
				}
			}
			if r < 0 {
				continue
			}
			s := started(t, m, 2, 1)
			s.clearHands()
			var locos []CardID
			for i := range l {
				locos = append(locos, card(Locomotive, i))
			}
			s.rigHand(0, locos...)
			s, _ = mustApply(t, s, NewClaimRoute(r, locos...))
			for s.Waiting().Need == NeedCardToTunnel {
				s, _ = mustApply(t, s, NewRevealCard(s.Deck().OfColor(Red).nth(0)))
			}
			if got := s.Scores()[0]; got != pts {
				t.Errorf("%s: route %s of %d scores %d, want %d", m.ID, m.Routes[r].ID, l, got, pts)
			}
		}
	}
}

// TestPaymentSoFarFerry: the cards laid so far for a ferry are fine while
// its locomotives can still come, and refused once they cannot.
func TestPaymentSoFarFerry(t *testing.T) {
	m := maps.Europe()
	var rt *maps.Route
	for i := range m.Routes {
		if r := &m.Routes[i]; r.Locomotives >= 2 && r.Length > r.Locomotives {
			rt = r
			break
		}
	}
	if rt == nil {
		t.Fatal("no ferry with two locomotives and a coloured space")
	}
	s := started(t, m, 2, 3)
	col := CardColor(rt.Color)
	if col == Locomotive {
		col = Red
	}
	cards := CardsOf(col)[:rt.Length]
	s.rigHand(0, cards...)
	fits := rt.Length - rt.Locomotives
	need, err := s.PaymentSoFar(NewClaimRoute(rt.Index, cards[:fits]...))
	if need != rt.Length || err != nil {
		t.Errorf("%d %v cards on %s: need %d, err %v; want %d and no error", fits, col, rt.ID, need, err, rt.Length)
	}
	_, err = s.PaymentSoFar(NewClaimRoute(rt.Index, cards[:fits+1]...))
	if re, ok := err.(*RuleError); !ok || re.Code != ErrNeedLocomotives {
		t.Errorf("%d %v cards on %s: err %v, want %v", fits+1, col, rt.ID, err, ErrNeedLocomotives)
	}
	if _, err = s.PaymentSoFar(NewDrawFaceUp(0)); err == nil {
		t.Errorf("a draw is no payment, yet no error")
	}
}
