package engine

import (
	"testing"

	"ttr/maps"
)

// tunnelGame returns a Europe game at player 0's turn holding cards, after
// claiming the orange tunnel angora--smyrna (3) with played.
func tunnelGame(t *testing.T, hand, played []CardID) (*State, int) {
	t.Helper()
	m := maps.Europe()
	r := rid(t, m, "angora--smyrna--1")
	if m.Routes[r].Kind != maps.Tunnel || m.Routes[r].Color != maps.Orange || m.Routes[r].Length != 3 {
		t.Fatalf("angora--smyrna--1 is not an orange tunnel of 3")
	}
	s := started(t, m, 2, 1)
	s.clearHands()
	s.rigHand(0, hand...)
	s, _ = mustApply(t, s, NewClaimRoute(r, played...))
	return s, r
}

var (
	o0, o1, o2, o3 = card(Orange, 0), card(Orange, 1), card(Orange, 2), card(Orange, 3)
	l0, l1, l2, l3 = card(Locomotive, 0), card(Locomotive, 1), card(Locomotive, 2), card(Locomotive, 3)
)

func TestTunnelThreeCardsRevealed(t *testing.T) {
	s, r := tunnelGame(t, []CardID{o0, o1, o2}, []CardID{o0, o1, o2})
	for i := 3; i > 0; i-- {
		w := s.Waiting()
		if w.Need != NeedCardToTunnel || w.Count != i || w.Player != 0 {
			t.Fatalf("waiting %+v, want %d cards to reveal at player 0's reader", w, i)
		}
		var evs []Event
		s, evs = mustApply(t, s, NewRevealCard(card(Red, i)))
		if !hasKind(evs, EvTunnelCard) {
			t.Errorf("events %v: no tunnel card", evs)
		}
	}
	if s.RouteOwner(r) != 0 {
		t.Errorf("no match revealed: route not claimed")
	}
}

func TestTunnelMatchingColourAndLocomotivesCostExtra(t *testing.T) {
	s, r := tunnelGame(t, []CardID{o0, o1, o2, o3, l0, l1, card(Red, 0)}, []CardID{o0, o1, o2})
	for _, c := range []CardID{card(Orange, 4), card(Locomotive, 5), card(Red, 5)} {
		s, _ = mustApply(t, s, NewRevealCard(c))
	}
	if w := s.Waiting(); w.Need != NeedTunnel || w.Count != 2 {
		t.Fatalf("waiting %+v, want 2 extra cards", w)
	}
	if got := s.Public().TunnelExtra; got != 2 {
		t.Errorf("public extra cost %d, want 2", got)
	}
	want := []Action{NewPayTunnel(o3, l0), NewPayTunnel(l0, l1), NewWithdrawTunnel()}
	got := s.LegalActions()
	if len(got) != len(want) {
		t.Fatalf("legal %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("legal %v, want %v", got, want)
		}
	}
	wantCode(t, s, NewPayTunnel(o3, card(Red, 0)), ErrWrongColor)
	if err := s.CheckTunnelPay(NewCardSet(o3, l0)); err != nil {
		t.Errorf("CheckTunnelPay of a valid payment: %v", err)
	}
	if err := s.CheckTunnelPay(NewCardSet(o3)); err == nil || err.(*RuleError).Code != ErrNotEnoughCards {
		t.Errorf("CheckTunnelPay of one card: %v, want not enough cards", err)
	}
	wantCode(t, s, NewPayTunnel(o3), ErrNotEnoughCards)
	wantCode(t, s, NewDrawBlind(), ErrWrongAction)
	s, _ = mustApply(t, s, NewPayTunnel(o3, l0))
	if s.RouteOwner(r) != 0 || s.TrainsLeft(0) != 42 || s.Scores()[0] != 4 {
		t.Errorf("owner %d trains %d score %d, want 0 42 4", s.RouteOwner(r), s.TrainsLeft(0), s.Scores()[0])
	}
	for _, c := range []CardID{o0, o1, o2, o3, l0, card(Orange, 4), card(Locomotive, 5), card(Red, 5)} {
		if !s.Discards().Has(c) {
			t.Errorf("%v not discarded", c)
		}
	}
	if got := s.Hand(0); got != NewCardSet(l1, card(Red, 0)) {
		t.Errorf("hand %v, want loco2,red1", got)
	}
}

func TestTunnelGrayRouteMatchesColourPlayed(t *testing.T) {
	m := maps.Europe()
	r := rid(t, m, "barcelona--pamplona--1") // gray tunnel of 2
	s := started(t, m, 2, 1)
	s.clearHands()
	s.rigHand(0, card(Blue, 0), card(Blue, 1), card(Blue, 2))
	s, _ = mustApply(t, s, NewClaimRoute(r, card(Blue, 0), card(Blue, 1)))
	for _, c := range []CardID{card(Blue, 5), card(Red, 5), card(Red, 6)} {
		s, _ = mustApply(t, s, NewRevealCard(c))
	}
	if w := s.Waiting(); w.Need != NeedTunnel || w.Count != 1 {
		t.Fatalf("waiting %+v, want 1 extra blue", w)
	}
}

func TestTunnelLocomotiveOnlyClaimPaysOnlyForLocomotives(t *testing.T) {
	s, r := tunnelGame(t, []CardID{l0, l1, l2, l3, o3}, []CardID{l0, l1, l2})
	for _, c := range []CardID{card(Orange, 4), card(Orange, 5), card(Locomotive, 5)} {
		s, _ = mustApply(t, s, NewRevealCard(c))
	}
	if w := s.Waiting(); w.Need != NeedTunnel || w.Count != 1 {
		t.Fatalf("waiting %+v, want 1 extra (the revealed locomotive only)", w)
	}
	wantCode(t, s, NewPayTunnel(o3), ErrLocomotivesOnly)
	if got := s.LegalActions(); len(got) != 2 || got[0] != NewPayTunnel(l3) {
		t.Errorf("legal %v, want pay loco4 or withdraw", got)
	}
	s, _ = mustApply(t, s, NewPayTunnel(l3))
	if s.RouteOwner(r) != 0 {
		t.Errorf("route not claimed")
	}
}

func TestTunnelWithdrawTakesCardsBackAndEndsTurn(t *testing.T) {
	s, r := tunnelGame(t, []CardID{o0, o1, o2}, []CardID{o0, o1, o2})
	rev := []CardID{card(Orange, 4), card(Red, 5), card(Red, 6)}
	for _, c := range rev {
		s, _ = mustApply(t, s, NewRevealCard(c))
	}
	if got := s.LegalActions(); len(got) != 1 || got[0] != NewWithdrawTunnel() {
		t.Fatalf("legal %v, want only withdraw (no orange or locomotive left)", got)
	}
	s, evs := mustApply(t, s, NewWithdrawTunnel())
	if !hasKind(evs, EvTunnelWithdrawn) {
		t.Errorf("events %v: no withdrawal", evs)
	}
	if got := s.Hand(0); got != NewCardSet(o0, o1, o2) {
		t.Errorf("hand %v, want the played cards back", got)
	}
	for _, c := range rev {
		if !s.Discards().Has(c) {
			t.Errorf("revealed %v not discarded", c)
		}
	}
	if s.RouteOwner(r) != -1 || s.TrainsLeft(0) != 45 {
		t.Errorf("route owner %d trains %d, want unclaimed and 45", s.RouteOwner(r), s.TrainsLeft(0))
	}
	if w := s.Waiting(); w.Need != NeedTurn || w.Player != 1 {
		t.Errorf("waiting %+v, want player 1's turn", w)
	}
}

func TestTunnelRevealedCardsDiscarded(t *testing.T) {
	s, _ := tunnelGame(t, []CardID{o0, o1, o2}, []CardID{o0, o1, o2})
	rev := []CardID{card(Red, 4), card(Red, 5), card(Red, 6)}
	for _, c := range rev {
		s, _ = mustApply(t, s, NewRevealCard(c))
	}
	for _, c := range append(rev, o0, o1, o2) {
		if !s.Discards().Has(c) {
			t.Errorf("%v not discarded", c)
		}
	}
}

func TestTunnelFewerThanThreeCardsLeft(t *testing.T) {
	m := maps.Europe()
	r := rid(t, m, "angora--smyrna--1")
	s := started(t, m, 2, 1)
	s.clearHands()
	s.rigHand(0, o0, o1, o2)
	s.rigDeck([]CardID{card(Red, 5)}, []CardID{card(Blue, 5)})
	s, _ = mustApply(t, s, NewClaimRoute(r, o0, o1, o2))
	if w := s.Waiting(); w.Need != NeedCardToTunnel || w.Count != 2 {
		t.Fatalf("waiting %+v, want 2 cards revealed", w)
	}
	s, _ = mustApply(t, s, NewRevealCard(card(Red, 5)))
	s, evs := mustApply(t, s, NewRevealCard(card(Blue, 5)))
	if !hasKind(evs, EvRouteClaimed) || s.RouteOwner(r) != 0 {
		t.Errorf("events %v: route not claimed after two reveals", evs)
	}
}

func TestTunnelNoCardsLeft(t *testing.T) {
	m := maps.Europe()
	r := rid(t, m, "angora--smyrna--1")
	s := started(t, m, 2, 1)
	s.clearHands()
	s.rigHand(0, o0, o1, o2)
	s.rigDeck(nil, nil)
	s, evs := mustApply(t, s, NewClaimRoute(r, o0, o1, o2))
	if !hasKind(evs, EvRouteClaimed) || s.RouteOwner(r) != 0 {
		t.Fatalf("events %v: tunnel with no cards to reveal not claimed at once", evs)
	}
}
