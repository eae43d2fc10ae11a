package engine

import (
	"testing"

	"ttr/maps"
)

func TestStationCostsOneTwoThree(t *testing.T) {
	m := maps.Europe()
	d := NewDealer(1)
	s := started(t, m, 2, 1)
	s.clearHands()
	s.rigHand(0, card(Red, 0), card(Blue, 0), card(Blue, 1), card(Locomotive, 0), card(Green, 0), card(Green, 1), card(Green, 2))
	if got := s.StationCost(0); got != 1 {
		t.Fatalf("first station costs %d, want 1", got)
	}
	wantCode(t, s, NewBuildStation(cid(t, m, "berlin"), card(Blue, 0), card(Blue, 1)), ErrTooManyCards)
	s, evs := mustApply(t, s, NewBuildStation(cid(t, m, "berlin"), card(Red, 0)))
	if !hasKind(evs, EvStationBuilt) || s.StationOwner(cid(t, m, "berlin")) != 0 || s.StationsLeft(0) != 2 {
		t.Fatalf("station not built: events %v", evs)
	}
	s = drawTurn(t, s, d)
	re := wantCode(t, s, NewBuildStation(cid(t, m, "wien"), card(Blue, 0)), ErrNotEnoughCards)
	if re.Params.Need != 2 || re.Params.Got != 1 {
		t.Errorf("params %+v, want need 2 got 1", re.Params)
	}
	s, _ = mustApply(t, s, NewBuildStation(cid(t, m, "wien"), card(Blue, 0), card(Locomotive, 0)))
	s = drawTurn(t, s, d)
	wantCode(t, s, NewBuildStation(cid(t, m, "roma"), card(Green, 0), card(Green, 1), card(Blue, 1)), ErrMixedColors)
	s, _ = mustApply(t, s, NewBuildStation(cid(t, m, "roma"), card(Green, 0), card(Green, 1), card(Green, 2)))
	if got := s.StationsLeft(0); got != 0 {
		t.Errorf("%d stations left, want 0", got)
	}
}

func TestStationOnePerCity(t *testing.T) {
	m := maps.Europe()
	s := started(t, m, 2, 1)
	s.clearHands()
	s.rigHand(0, card(Red, 0))
	s.rigHand(1, card(Red, 1))
	berlin := cid(t, m, "berlin")
	s, _ = mustApply(t, s, NewBuildStation(berlin, card(Red, 0)))
	re := wantCode(t, s, NewBuildStation(berlin, card(Red, 1)), ErrStationTaken)
	if re.Params.Player != 0 || re.Params.City != berlin {
		t.Errorf("params %+v, want player 0's station in berlin", re.Params)
	}
	if legalHas(s, func(a Action) bool { return a.Kind == BuildStation && a.City == berlin }) {
		t.Errorf("station offered on a city that has one")
	}
}

func TestStationThreePerPlayer(t *testing.T) {
	m := maps.Europe()
	s := started(t, m, 2, 1)
	s.clearHands()
	for _, c := range []string{"berlin", "wien", "roma"} {
		s.c.stationOwner[cid(t, m, c)] = 1
		s.c.stationsLeft[0]--
	}
	s.rigHand(0, card(Red, 0), card(Red, 1), card(Red, 2), card(Red, 3))
	wantCode(t, s, NewBuildStation(cid(t, m, "paris"), card(Red, 0), card(Red, 1), card(Red, 2), card(Red, 3)), ErrNoStationsLeft)
	if legalHas(s, func(a Action) bool { return a.Kind == BuildStation }) {
		t.Errorf("a fourth station offered")
	}
}

func TestStationOnePerTurn(t *testing.T) {
	m := maps.Europe()
	s := started(t, m, 2, 1)
	s.clearHands()
	s.rigHand(0, card(Red, 0), card(Red, 1), card(Red, 2))
	s, _ = mustApply(t, s, NewBuildStation(cid(t, m, "berlin"), card(Red, 0)))
	if w := s.Waiting(); w.Need != NeedTurn || w.Player != 1 {
		t.Errorf("after a station waiting %+v, want player 1's turn", w)
	}
}

func TestStationEuropeOnly(t *testing.T) {
	m := maps.USA()
	s := started(t, m, 2, 1)
	s.clearHands()
	s.rigHand(0, card(Red, 0))
	wantCode(t, s, NewBuildStation(cid(t, m, "chicago"), card(Red, 0)), ErrNoStations)
	if legalHas(s, func(a Action) bool { return a.Kind == BuildStation }) {
		t.Errorf("station offered on the USA map")
	}
}
