package engine

import (
	"math/bits"
	"math/rand/v2"
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

func TestCountHandMatchesCount(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for i := range 2000 {
		hand := randomHand(r, i%65)
		got := countHand(hand)
		for col := Locomotive; col <= Red; col++ {
			if want := hand.Count(col); got[col] != want {
				t.Fatalf("hand %v: %d %v cards counted, want %d", hand, got[col], col, want)
			}
		}
	}
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

// TestPaymentCountsMatchPayments checks the counting shortcuts of
// PickLegalAction against the payments LegalActions lists: for every
// length, colour and number of ferry locomotives, on random hands.
func TestPaymentCountsMatchPayments(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for i := range 400 {
		hand := randomHand(r, 1+i%16)
		h := countHand(hand)
		pay := newPayer(hand)
		for n := 1; n <= maxPay; n++ {
			for want := Locomotive; want <= Red; want++ {
				for locos := 0; locos <= n; locos++ {
					list := appendPayments(nil, Action{Kind: ClaimRoute}, pay, n, want, locos)
					got := h.payments(n, want, locos)
					if got != len(list) {
						t.Fatalf("hand %v, %d %v cards, %d locomotives: %d payments counted, want %d", hand, n, want, locos, got, len(list))
					}
					if want != Locomotive && locos == 0 {
						if c := colorPayments(h[want], h[Locomotive], n); c != got {
							t.Fatalf("hand %v, %d %v cards: colorPayments %d, want %d", hand, n, want, c, got)
						}
					}
					for k, a := range list {
						if c := paymentAt(hand, &h, n, want, locos, k); c != a.Cards {
							t.Fatalf("hand %v, %d %v cards, %d locomotives: payment %d is %v, want %v", hand, n, want, locos, k, c, a.Cards)
						}
					}
				}
			}
		}
	}
}

func TestBoardSetsMatchRoutes(t *testing.T) {
	for _, m := range []*maps.Map{maps.USA(), maps.Europe()} {
		b := newBoard(m)
		for l := 0; l <= maxPay; l++ {
			var upTo, moreLocos routeSet
			var longer [NumCardColors]routeSet
			for i, r := range m.Routes {
				if r.Length <= l {
					upTo.add(i)
				}
				if r.Length > l {
					longer[r.Color].add(i)
				}
				if r.Locomotives > l {
					moreLocos.add(i)
				}
			}
			if b.upTo[l] != upTo {
				t.Errorf("%s: routes of at most %d: %v, want %v", m.ID, l, b.upTo[l], upTo)
			}
			if b.moreLocos[l] != moreLocos {
				t.Errorf("%s: ferries of more than %d locomotives: %v, want %v", m.ID, l, b.moreLocos[l], moreLocos)
			}
			for col := range longer {
				if b.longer[col][l] != longer[col] {
					t.Errorf("%s: %v routes longer than %d: %v, want %v", m.ID, CardColor(col), l, b.longer[col][l], longer[col])
				}
			}
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

// TestFreeCitiesMatchesStations plays random games and checks the count
// of cities without a station that PickLegalAction uses.
func TestFreeCitiesMatchesStations(t *testing.T) {
	m := maps.Europe()
	r := rand.New(rand.NewPCG(7, 7))
	for g := range 20 {
		s, err := NewGame(m, Opts{Players: 2 + g%4})
		if err != nil {
			t.Fatal(err)
		}
		d := NewDealer(uint64(g))
		for !s.IsTerminal() {
			free := 0
			for city := range m.Cities {
				if s.c.stationOwner[city] == 0 {
					free++
				}
			}
			if got := s.freeCities(); got != free {
				t.Fatalf("game %d: %d free cities counted, want %d", g, got, free)
			}
			a := d.Outcome(s)
			if !s.IsChance() {
				a = s.PickLegalAction(r.IntN)
			}
			if err := s.Do(a); err != nil {
				t.Fatal(err)
			}
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
