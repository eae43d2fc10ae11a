package engine

import "math/bits"

// The market as one word, for the hot paths of settle and LegalActions:
// the slots that are empty, hold a card, a locomotive, or may be taken as a
// second card, all at once. TestMarketWordMatchesSlots checks each against
// the market read slot by slot.

// Slot bytes of marketWord: byte i is the card in slot i (NoCard = 0xFF).
const (
	slotLow  = 0x01_01_01_01_01 // the lowest bit of each slot's byte
	slotHigh = 0x80_80_80_80_80 // the highest bit: set only for NoCard, as cards are < 128
)

// emptySlot returns the first slot without a card, or -1.
func (s *State) emptySlot() int {
	if e := s.marketWord() & slotHigh; e != 0 {
		return bits.TrailingZeros64(e) >> 3
	}
	return -1
}

// marketLocos counts the face-up locomotives.
func (s *State) marketLocos() int { return bits.OnesCount64(locoSlots(s.marketWord())) }

// canDrawSecond reports whether a second card can be drawn: from the deck
// (or the discards it is shuffled from), or a face-up card that is not a
// locomotive.
func (s *State) canDrawSecond() bool {
	return s.hasCards() || secondSlots(s.marketWord()) != 0
}

// marketWord packs the market into the low five bytes of a word, so that
// the hot paths examine all slots at once.
func (s *State) marketWord() uint64 {
	m := &s.c.market
	return uint64(m[0]) | uint64(m[1])<<8 | uint64(m[2])<<16 | uint64(m[3])<<24 | uint64(m[4])<<32
}

// locoSlots returns one bit per slot of marketWord x holding a
// locomotive: bit 8i for slot i. A card is a locomotive when it is at
// least 96 (0b1100000) and below 128, its bits 6 and 5 set and bit 7 clear.
func locoSlots(x uint64) uint64 { return x >> 6 & (x >> 5) &^ (x >> 7) & slotLow }

// filledSlots returns one bit per slot of marketWord x holding a card: bit
// 8i for slot i.
func filledSlots(x uint64) uint64 { return ^x >> 7 & slotLow }

// secondSlots returns the slots of marketWord x that may be taken as a
// second card (not locomotives), as filledSlots does.
func secondSlots(x uint64) uint64 { return filledSlots(x) &^ locoSlots(x) }
