package input_test

import (
	"testing"

	"ttr/engine"
	"ttr/maps"
)

// doublePair returns a double route of m whose two lanes have different
// colours, neither grey.
func doublePair(t *testing.T, m *maps.Map) (a, b int) {
	t.Helper()
	for i, rt := range m.Routes {
		if tw := rt.Twin; tw > i && rt.Kind == maps.Normal && m.Routes[tw].Kind == maps.Normal &&
			rt.Color != maps.Gray && m.Routes[tw].Color != maps.Gray && rt.Color != m.Routes[tw].Color && rt.Length <= 3 {
			return i, tw
		}
	}
	t.Fatalf("%s has no double route of two colours", m.ID)
	return 0, 0
}

// TestTwinLaneChosenByScannedColour: with one lane of a double route
// touched, a card that fits only the other open lane moves the claim
// there, never refused; a card that fits neither is refused; with the
// other lane closed (2 players, taken), the card is refused as before.
func TestTwinLaneChosenByScannedColour(t *testing.T) {
	m := maps.USA()
	a, b := doublePair(t, m)
	colB := engine.CardColor(m.Routes[b].Color)
	n := m.Routes[b].Length
	var hand []engine.CardID
	for i := range n {
		hand = append(hand, engine.CardsOf(colB)[i])
	}
	other := engine.Purple
	for other == colB || other == engine.CardColor(m.Routes[a].Color) {
		other++
	}
	hand = append(hand, engine.CardsOf(other)[0])

	r := newGame(t, 4, "usa", map[int][]engine.CardID{0: hand})
	r.ok(r.touchRoute(m.Routes[a].ID))
	res := r.scanCard(0, hand[0])
	r.ok(res)
	if len(res.Notices) != 1 || res.Notices[0].Text.Key != "lanes.switched" {
		t.Errorf("notices %+v, want the seat told the claim moved", res.Notices)
	}
	if v := r.tb.View(); v.Claim == nil || v.Claim.Route != b || v.SelectedRoute != b {
		t.Fatalf("claim on %v, selected %d; want the other lane %d", v.Claim, v.SelectedRoute, b)
	}
	r.refused(r.scanCard(0, hand[n]), 0, "rule.wrong_color")
	for _, c := range hand[1:n] {
		r.ok(r.scanCard(0, c))
	}
	r.ok(r.confirm(0), engine.ClaimRoute)
	if got := r.game().RouteOwner(b); got != 0 {
		t.Fatalf("lane %s owned by %d, want player 0", m.Routes[b].ID, got)
	}

	// Two players: the other lane closes once one is taken. Player 1
	// claims b; then lane a is closed for everyone, and no card switches.
	r2 := newGame(t, 2, "usa", map[int][]engine.CardID{0: hand})
	r2.ok(r2.touchRoute(m.Routes[b].ID))
	for _, c := range hand[:n] {
		r2.ok(r2.scanCard(0, c))
	}
	r2.ok(r2.confirm(0), engine.ClaimRoute)
	if err := r2.game().CheckClaim(a, engine.CardSet{}); err == nil {
		t.Fatal("with 2 players the other lane is still open")
	}
}

// TestTakenLaneTouchedMeansTheOther: with 4 players, a touch on a lane
// of a double route another player has taken claims the other lane, open
// beside it (the two are one touch area where they lie closer than a
// fingertip).
func TestTakenLaneTouchedMeansTheOther(t *testing.T) {
	m := maps.USA()
	a, b := doublePair(t, m)
	pay := func(r engine.CardColor, n, from int) []engine.CardID { return engine.CardsOf(r)[from : from+n] }
	handA := pay(engine.CardColor(m.Routes[a].Color), m.Routes[a].Length, 0)
	handB := pay(engine.CardColor(m.Routes[b].Color), m.Routes[b].Length, 0)
	r := newGame(t, 4, "usa", map[int][]engine.CardID{0: handA, 1: handB})
	r.ok(r.touchRoute(m.Routes[a].ID))
	for _, c := range handA {
		r.ok(r.scanCard(0, c))
	}
	r.ok(r.confirm(0), engine.ClaimRoute)
	next := int(r.tb.SeatOf(r.game().Waiting().Player))
	if next != 1 {
		t.Skipf("seat %d plays after seat 0: the test wants seat 1", next)
	}
	r.ok(r.touchRoute(m.Routes[a].ID))
	if v := r.tb.View(); v.Claim == nil || v.Claim.Route != b {
		t.Fatalf("claim on %+v after touching the taken lane %s, want the open lane %d", v.Claim, m.Routes[a].ID, b)
	}
	for _, c := range handB {
		r.ok(r.scanCard(1, c))
	}
	r.ok(r.confirm(1), engine.ClaimRoute)
	if got := r.game().RouteOwner(b); got != 1 {
		t.Fatalf("lane %s owned by %d, want player 1", m.Routes[b].ID, got)
	}
}
