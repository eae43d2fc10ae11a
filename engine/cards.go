package engine

import (
	"math/bits"
	"strconv"
	"strings"

	"ttr/maps"
)

// CardColor is the colour of a train card. The eight colours have the
// numeric values of the matching maps.Color (Purple..Red); Locomotive takes
// the place of maps.Gray, so CardColor(route.Color) is the card colour a
// coloured route asks for.
type CardColor uint8

// The train card colours.
const (
	Locomotive CardColor = iota
	Purple
	Blue
	Orange
	White
	Green
	Yellow
	Black
	Red
)

// NumCardColors is the number of card colours, locomotives included.
const NumCardColors = 9

var cardColorNames = [NumCardColors]string{"loco", "purple", "blue", "orange", "white", "green", "yellow", "black", "red"}

// String returns the colour's name as written in game logs ("red", "loco").
func (c CardColor) String() string {
	if int(c) < NumCardColors {
		return cardColorNames[c]
	}
	return "CardColor(" + strconv.Itoa(int(c)) + ")"
}

// MapColor returns the route colour of the same name (maps.Gray for
// Locomotive).
func (c CardColor) MapColor() maps.Color { return maps.Color(c) }

// Card counts of the physical deck.
const (
	NumCards          = 110 // train cards in the game
	CardsPerColor     = 12  // of each of the eight colours
	NumLocomotives    = 14
	firstLocomotiveID = 8 * CardsPerColor
)

// CardID names one physical train card, 0 to 109: cards 0-11 are purple,
// 12-23 blue, and so on in CardColor order; 96-109 are the locomotives. The
// card registry maps each printed card's NFC tag to its CardID.
type CardID uint8

// NoCard marks an empty market slot.
const NoCard CardID = 255

// Color returns the card's colour.
func (c CardID) Color() CardColor {
	if c >= firstLocomotiveID {
		return Locomotive
	}
	return CardColor(1 + c/CardsPerColor)
}

// Valid reports whether c names one of the 110 cards.
func (c CardID) Valid() bool { return c < NumCards }

// String returns the card's log name: its colour and its number within the
// colour, counted from 1 ("red3", "loco14").
func (c CardID) String() string {
	if !c.Valid() {
		return "card(" + strconv.Itoa(int(c)) + ")"
	}
	n := int(c) % CardsPerColor
	if c >= firstLocomotiveID {
		n = int(c) - firstLocomotiveID
	}
	return c.Color().String() + strconv.Itoa(n+1)
}

// ParseCardID parses a card's log name ("red3", "loco14") or its number.
func ParseCardID(s string) (CardID, bool) {
	if n, err := strconv.Atoi(s); err == nil {
		if n < 0 || n >= NumCards {
			return 0, false
		}
		return CardID(n), true
	}
	for col, name := range cardColorNames {
		rest, ok := strings.CutPrefix(s, name)
		if !ok {
			continue
		}
		n, err := strconv.Atoi(rest)
		if err != nil || n < 1 {
			return 0, false
		}
		if col == int(Locomotive) {
			if n > NumLocomotives {
				return 0, false
			}
			return CardID(firstLocomotiveID + n - 1), true
		}
		if n > CardsPerColor {
			return 0, false
		}
		return CardID((col-1)*CardsPerColor + n - 1), true
	}
	return 0, false
}

// CardsOf returns the IDs of all cards of colour c, in increasing order.
func CardsOf(c CardColor) []CardID {
	var out []CardID
	for id := CardID(0); id < NumCards; id++ {
		if id.Color() == c {
			out = append(out, id)
		}
	}
	return out
}

// A CardSet is a set of train cards (a bitset over CardID). The zero value
// is empty. Sets are values: copying one copies the set.
type CardSet [2]uint64

// NewCardSet returns the set of the given cards.
func NewCardSet(ids ...CardID) CardSet {
	var s CardSet
	for _, id := range ids {
		s.Add(id)
	}
	return s
}

// colorMask[c] is the set of all cards of colour c.
var colorMask = func() (m [NumCardColors]CardSet) {
	for id := CardID(0); id < NumCards; id++ {
		m[id.Color()].Add(id)
	}
	return m
}()

// cardColor[id] is CardID(id).Color(), for ids 0-127.
var cardColor = func() (t [128]CardColor) {
	for id := range t {
		t[id] = CardID(min(id, NumCards-1)).Color()
	}
	return t
}()

// allCards is the set of the 110 cards.
var allCards = CardSet{^uint64(0), 1<<(NumCards-64) - 1}

// Add puts c in the set.
func (s *CardSet) Add(c CardID) { s[c>>6] |= 1 << (c & 63) }

// Remove takes c out of the set.
func (s *CardSet) Remove(c CardID) { s[c>>6] &^= 1 << (c & 63) }

// Has reports whether c is in the set.
func (s CardSet) Has(c CardID) bool { return c < 128 && s[c>>6]&(1<<(c&63)) != 0 }

// Len returns the number of cards in the set.
func (s CardSet) Len() int { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// Empty reports whether the set has no card.
func (s CardSet) Empty() bool { return s[0]|s[1] == 0 }

// Union returns the cards in s or t.
func (s CardSet) Union(t CardSet) CardSet { return CardSet{s[0] | t[0], s[1] | t[1]} }

// Intersect returns the cards in both s and t.
func (s CardSet) Intersect(t CardSet) CardSet { return CardSet{s[0] & t[0], s[1] & t[1]} }

// Minus returns the cards in s and not in t.
func (s CardSet) Minus(t CardSet) CardSet { return CardSet{s[0] &^ t[0], s[1] &^ t[1]} }

// Count returns the number of cards of colour c in the set.
func (s CardSet) Count(c CardColor) int { return s.Intersect(colorMask[c]).Len() }

// OfColor returns the cards of colour c in the set.
func (s CardSet) OfColor(c CardColor) CardSet { return s.Intersect(colorMask[c]) }

// IDs returns the cards in increasing order.
func (s CardSet) IDs() []CardID {
	out := make([]CardID, 0, s.Len())
	for w := range 2 {
		for x := s[w]; x != 0; x &= x - 1 {
			out = append(out, CardID(w*64+bits.TrailingZeros64(x)))
		}
	}
	return out
}

// nth returns the n-th smallest card of the set (n < s.Len()).
func (s CardSet) nth(n int) CardID {
	w := 0
	if c := bits.OnesCount64(s[0]); n >= c {
		n -= c
		w = 1
	}
	return CardID(w*64 + select64(s[w], n))
}

// select64 returns the position of the n-th set bit of x (n < popcount(x))
// without a branch: the bytes' popcounts are summed into running totals
// (each at most 64, so bytewise subtraction with the top bits set tells
// how many bytes lie wholly before the bit), and selectInByte finds the
// bit in its byte.
func select64(x uint64, n int) int {
	const (
		l8 = 0x0101010101010101
		h8 = 0x8080808080808080
	)
	c := x - x>>1&0x5555555555555555
	c = c&0x3333333333333333 + c>>2&0x3333333333333333
	c = (c + c>>4) & 0x0f0f0f0f0f0f0f0f
	c *= l8 // byte i: the set bits in bytes 0 to i
	// Top bit of byte i: n >= the set bits in bytes 0 to i.
	before := ((uint64(n)*l8 | h8) - c) & h8
	pos := int((before>>7)*l8>>56) << 3
	n -= int(c << 8 >> pos & 0xff)
	return pos + int(selectInByte[(n&7)<<8|int(x>>pos&0xff)])
}

// selectInByte[n<<8|b] is the position of the n-th set bit of byte b.
var selectInByte = func() (t [8 << 8]uint8) {
	for b := range 256 {
		n := 0
		for i := range 8 {
			if b>>i&1 == 1 {
				t[n<<8|b] = uint8(i)
				n++
			}
		}
	}
	return t
}()

// lowest returns the set of the n smallest cards of s (n <= s.Len()).
func (s CardSet) lowest(n int) CardSet {
	var out CardSet
	for w := 0; w < 2 && n > 0; w++ {
		for x := s[w]; x != 0 && n > 0; x &= x - 1 {
			out[w] |= x & -x
			n--
		}
	}
	return out
}

// String lists the cards by their log names, comma separated.
func (s CardSet) String() string {
	var b strings.Builder
	for i, id := range s.IDs() {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(id.String())
	}
	return b.String()
}

// TicketID names a destination ticket by its index in maps.Map.Tickets.
type TicketID uint8

// A TicketSet is a set of destination tickets (a bitset over TicketID; maps
// have at most 64 tickets).
type TicketSet uint64

// NewTicketSet returns the set of the given tickets.
func NewTicketSet(ids ...TicketID) TicketSet {
	var s TicketSet
	for _, id := range ids {
		s |= 1 << id
	}
	return s
}

// Has reports whether t is in the set.
func (s TicketSet) Has(t TicketID) bool { return t < 64 && s&(1<<t) != 0 }

// Len returns the number of tickets in the set.
func (s TicketSet) Len() int { return bits.OnesCount64(uint64(s)) }

// IDs returns the tickets in increasing order.
func (s TicketSet) IDs() []TicketID {
	out := make([]TicketID, 0, s.Len())
	for x := uint64(s); x != 0; x &= x - 1 {
		out = append(out, TicketID(bits.TrailingZeros64(x)))
	}
	return out
}

func (s TicketSet) nth(n int) TicketID { return TicketID(select64(uint64(s), n)) }
