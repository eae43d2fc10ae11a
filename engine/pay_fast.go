package engine

import "math/bits"

// checkPay is checkPayErr (pay.go) made fast for the hot paths: a payment
// the rules accept is recognised here on the two words of the sets;
// anything else goes to checkPayErr, which finds the first error in the
// order players are told about them.
func checkPay(hand, cards CardSet, n int, want CardColor, locos int) (CardColor, error) {
	const locoWord = (1<<NumLocomotives - 1) << (firstLocomotiveID - 64) // the locomotives, in word 1
	c0, c1 := cards[0], cards[1]
	if c0|c1 != 0 && c0&^hand[0]|c1&^hand[1] == 0 && c1&^allCards[1] == 0 &&
		bits.OnesCount64(c0)+bits.OnesCount64(c1) == n && bits.OnesCount64(c1&locoWord) >= locos {
		k0, k1 := c0, c1&^locoWord // the coloured cards
		if k0|k1 == 0 {
			return Locomotive, nil
		}
		var first CardColor
		if k0 != 0 {
			first = cardColor[bits.TrailingZeros64(k0)]
		} else {
			first = cardColor[64+bits.TrailingZeros64(k1)]
		}
		m := &colorMask[first]
		if k0&^m[0]|k1&^m[1] == 0 && (want == Locomotive || want == first) {
			return first, nil
		}
	}
	return checkPayErr(hand, cards, n, want, locos)
}
