package engine

import (
	"cmp"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"ttr/maps"
)

// randomHand returns a random set of cards, of about the given density
// (0 to 64: the chance in 64 that each card is in it).
func randomHand(r *rand.Rand, density int) CardSet {
	var h CardSet
	for id := CardID(0); id < NumCards; id++ {
		if r.IntN(64) < density {
			h.Add(id)
		}
	}
	return h
}

// randomLegal returns a legal action of s chosen uniformly at random, as a
// random player chooses: r.IntN of the number of legal actions, listed in
// buf (returned for reuse).
func randomLegal(s *State, r *rand.Rand, buf []Action) (Action, []Action) {
	buf = s.AppendLegalActions(buf[:0])
	return buf[r.IntN(len(buf))], buf
}

// TestLegalClaimsFollowTheClaimRule checks the claims LegalActions lists
// against the rule, route by route, at the turns of random games: a route
// is listed exactly when claimRule allows it and the hand can pay for it,
// with every distinct payment (colour, locomotives) the hand has, each
// one CheckClaim accepts. The payments are found here by trying every
// colour and number of locomotives, not as appendPayments lists them.
func TestLegalClaimsFollowTheClaimRule(t *testing.T) {
	turns, refused, listed := 0, 0, 0
	for _, m := range []*maps.Map{maps.USA(), maps.Europe()} {
		for _, players := range []int{2, 4} {
			randomGame(t, m, players, uint64(players), func(s *State, _ Action) {
				if s.c.wait.Need != NeedTurn {
					return
				}
				turns++
				got := map[int][]CardSet{}
				for _, a := range s.LegalActions() {
					if a.Kind == ClaimRoute {
						got[a.Route] = append(got[a.Route], a.Cards)
					}
				}
				hand := s.c.hand[s.c.cur]
				for r, rt := range m.Routes {
					var want []CardSet
					for col := Locomotive; col <= Red; col++ {
						for l := 0; l <= rt.Length; l++ {
							if col == Locomotive && l != rt.Length || col != Locomotive && l == rt.Length {
								continue // locomotives only: once
							}
							cards := hand.OfColor(col).lowest(rt.Length - l).Union(hand.OfColor(Locomotive).lowest(l))
							if cards.Len() == rt.Length && s.CheckClaim(r, cards) == nil {
								want = append(want, cards)
							}
						}
					}
					if code := s.claimRule(r); code != 0 {
						refused++
						if len(want) != 0 {
							t.Fatalf("%s: route %d refused by the rule (%v), but CheckClaim accepts %v", m.ID, r, code, want[0])
						}
					}
					slices.SortFunc(want, compareCards)
					g := slices.SortedFunc(slices.Values(got[r]), compareCards)
					if !slices.Equal(g, want) {
						t.Fatalf("%s, hand %v: route %d listed with payments %v, want %v", m.ID, hand, r, g, want)
					}
					listed += len(want)
				}
			})
		}
	}
	if turns < 200 || refused == 0 || listed == 0 {
		t.Errorf("%d turns, %d refusals, %d payments checked: too few", turns, refused, listed)
	}
}

func compareCards(a, b CardSet) int {
	if c := cmp.Compare(a[0], b[0]); c != 0 {
		return c
	}
	return cmp.Compare(a[1], b[1])
}

func TestMarketWordMatchesSlots(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	// The cards at the edges of the locomotive test, and any card.
	edge := []CardID{0, 63, 64, 95, 96, 97, 108, 109, NoCard}
	s, err := NewGame(maps.Europe(), Opts{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5000 {
		for k := range s.c.market {
			switch r.IntN(3) {
			case 0:
				s.c.market[k] = edge[r.IntN(len(edge))]
			case 1:
				s.c.market[k] = CardID(r.IntN(NumCards))
			default:
				s.c.market[k] = NoCard
			}
		}
		empty, locos := -1, 0
		var filled, second uint64
		for k, m := range s.c.market {
			switch {
			case m == NoCard:
				if empty < 0 {
					empty = k
				}
			case m.Color() == Locomotive:
				locos++
				filled |= 1 << (8 * k)
			default:
				filled |= 1 << (8 * k)
				second |= 1 << (8 * k)
			}
		}
		x := s.marketWord()
		if got := s.emptySlot(); got != empty {
			t.Fatalf("case %d, market %v: empty slot %d, want %d", i, s.c.market, got, empty)
		}
		if got := s.marketLocos(); got != locos {
			t.Fatalf("case %d, market %v: %d locomotives, want %d", i, s.c.market, got, locos)
		}
		if got := bits.OnesCount64(locoSlots(x)); got != locos {
			t.Fatalf("case %d, market %v: %d locomotive slots, want %d", i, s.c.market, got, locos)
		}
		if got := filledSlots(x); got != filled {
			t.Fatalf("case %d, market %v: filled slots %x, want %x", i, s.c.market, got, filled)
		}
		if got := secondSlots(x); got != second {
			t.Fatalf("case %d, market %v: second-card slots %x, want %x", i, s.c.market, got, second)
		}
	}
}

func TestPackedActionsRoundTrip(t *testing.T) {
	all := allCards
	for _, a := range []Action{
		{Kind: ChooseFirst, Player: MaxPlayers - 1},
		{Kind: KeepTickets, Tickets: ^TicketSet(0)},
		{Kind: DrawFaceUp, Slot: MarketSize - 1},
		{Kind: DrawBlind},
		{Kind: ClaimRoute, Route: maxRoutes - 1, Cards: all},
		{Kind: ClaimRoute, Route: 0, Cards: NewCardSet(0, 109)},
		{Kind: PayTunnel, Cards: all},
		{Kind: WithdrawTunnel},
		{Kind: DrawTickets},
		{Kind: BuildStation, City: maxCities - 1, Cards: all},
		{Kind: Pass},
		{Kind: RevealCard, Card: NumCards - 1},
		{Kind: RevealTicket, Ticket: maxTickets - 1},
	} {
		var arg int
		switch a.Kind {
		case ChooseFirst:
			arg = a.Player
		case DrawFaceUp:
			arg = a.Slot
		case ClaimRoute:
			arg = a.Route
		case BuildStation:
			arg = a.City
		case RevealCard:
			arg = int(a.Card)
		case RevealTicket:
			arg = int(a.Ticket)
		}
		cards := a.Cards
		if a.Kind == KeepTickets {
			cards = CardSet{uint64(a.Tickets)}
		}
		if got := pack(a.Kind, arg, cards).unpack(); got != a {
			t.Errorf("%+v packed and unpacked is %+v", a, got)
		}
	}
}

func TestSelect64MatchesLoop(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 100000 {
		x := r.Uint64()
		switch i % 4 {
		case 1:
			x &= r.Uint64()
		case 2:
			x &= r.Uint64() & r.Uint64() & r.Uint64()
		case 3:
			x = 1 << uint(r.IntN(64))
		}
		if x == 0 {
			continue
		}
		n := r.IntN(bits.OnesCount64(x))
		y := x
		for range n {
			y &= y - 1
		}
		if got, want := select64(x, n), bits.TrailingZeros64(y); got != want {
			t.Fatalf("select64(%x, %d) = %d, want %d", x, n, got, want)
		}
	}
}

// TestCheckPayMatchesRuleByRule checks checkPay's fast acceptance against
// checking one rule at a time, on payments both good and bad.
func TestCheckPayMatchesRuleByRule(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	for i := range 50000 {
		hand := randomHand(r, 1+i%12)
		var cards CardSet
		switch i % 4 {
		case 0: // some of the hand
			cards = hand.Intersect(randomHand(r, 8))
		case 1: // one colour and locomotives from the hand
			col := CardColor(r.IntN(NumCardColors))
			cards = hand.OfColor(col).lowest(min(hand.Count(col), r.IntN(5))).Union(hand.OfColor(Locomotive).lowest(min(hand.Count(Locomotive), r.IntN(3))))
		case 2: // any cards
			cards = randomHand(r, 2)
		default: // cards beyond the 110
			cards = hand.Intersect(randomHand(r, 8))
			cards[1] |= 1 << (NumCards - 64 + uint(r.IntN(128-NumCards)))
		}
		n := 1 + r.IntN(maxPay)
		if r.IntN(2) == 0 {
			n = cards.Len()
		}
		want := CardColor(r.IntN(NumCardColors))
		locos := r.IntN(3)
		col, err := checkPay(hand, cards, n, want, locos)
		wcol, werr := checkPayErr(hand, cards, n, want, locos)
		if (err == nil) != (werr == nil) || (err == nil && col != wcol) || (err != nil && err.Error() != werr.Error()) {
			t.Fatalf("hand %v, cards %v, %d %v, %d locomotives: got %v %v, want %v %v", hand, cards, n, want, locos, col, err, wcol, werr)
		}
	}
}
