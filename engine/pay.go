package engine

import "errors"

// Paying with train cards. The rule books: a route takes as many cards as
// its length, all of one colour (a gray route: any one colour), and
// locomotives stand for any colour; a ferry takes at least as many
// locomotives as its locomotive spaces; a station takes one card for the
// first, two for the second, three for the third, all of one colour.
// checkPay (pay_fast.go) is the same check on the bitsets' words, as the
// hot paths call it; TestCheckPayMatchesRuleByRule checks they agree.

// PaymentSoFar checks the cards laid so far for a payment: a (a Claim,
// Station or Pay action) holds them. need is the number of cards the
// payment takes; err is nil while the cards can still become a payment the
// rules accept with more cards, else the *RuleError that refuses them
// already (a ferry's locomotives that no longer fit count as such).
func (s *State) PaymentSoFar(a Action) (need int, err error) {
	switch a.Kind {
	case ClaimRoute:
		err = s.CheckClaim(a.Route, a.Cards)
		if a.Route >= 0 && a.Route < len(s.m.Routes) {
			need = s.m.Routes[a.Route].Length
		}
	case BuildStation:
		err = s.CheckStation(a.City, a.Cards)
		need = s.stationCost(int(s.c.cur))
	case PayTunnel:
		err = s.CheckTunnelPay(a.Cards)
		need = int(s.c.tunExtra)
	default:
		return 0, wrongAction(s.c.wait.Need)
	}
	var re *RuleError
	if err == nil || !errors.As(err, &re) || re.Code != ErrNotEnoughCards {
		return need, err
	}
	if a.Kind == ClaimRoute {
		rt := &s.m.Routes[a.Route]
		locos := a.Cards.Count(Locomotive)
		if rt.Locomotives-locos > rt.Length-a.Cards.Len() {
			return need, ruleErr(ErrNeedLocomotives, func(q *Params) { q.Need, q.Got = rt.Locomotives, locos })
		}
	}
	return need, nil
}

// checkPayErr checks that cards pay n cards of colour want (Locomotive:
// any one colour) from hand, locomotives wild, with at least locos
// locomotives, one rule at a time in the order players are told about
// them. It returns the colour paid (Locomotive for locomotives only).
func checkPayErr(hand, cards CardSet, n int, want CardColor, locos int) (CardColor, error) {
	if cards.Empty() {
		return 0, ruleErr(ErrNoCards, func(q *Params) { q.Need, q.Got, q.Color = n, 0, want })
	}
	if bad := cards.Minus(hand); !bad.Empty() {
		return 0, ruleErr(ErrNotInHand, func(q *Params) { q.Card = bad.nth(0) })
	}
	if bad := cards.Minus(allCards); !bad.Empty() {
		return 0, ruleErr(ErrNoSuchCard, func(q *Params) { q.Card = bad.nth(0) })
	}
	col := want
	colored := cards.Minus(colorMask[Locomotive])
	if !colored.Empty() {
		if want != Locomotive {
			if bad := colored.Minus(colorMask[want]); !bad.Empty() {
				return 0, ruleErr(ErrWrongColor, func(q *Params) { q.Card, q.Color = bad.nth(0), want })
			}
		}
		first := colored.nth(0).Color()
		if other := colored.Minus(colorMask[first]); !other.Empty() {
			return 0, ruleErr(ErrMixedColors, func(q *Params) { q.Card, q.Color, q.Other = other.nth(0), first, int(other.nth(0).Color()) })
		}
		col = first
	}
	got := cards.Len()
	if got < n {
		return 0, ruleErr(ErrNotEnoughCards, func(q *Params) { q.Need, q.Got, q.Color = n, got, col })
	}
	if got > n {
		return 0, ruleErr(ErrTooManyCards, func(q *Params) { q.Need, q.Got, q.Color = n, got, col })
	}
	if l := cards.Count(Locomotive); l < locos {
		return 0, ruleErr(ErrNeedLocomotives, func(q *Params) { q.Need, q.Got = locos, l })
	}
	if colored.Empty() {
		return Locomotive, nil
	}
	return col, nil
}
