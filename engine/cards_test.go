package engine

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

func TestCardSetNth(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for range 2000 {
		s := CardSet{r.Uint64(), r.Uint64() & (1<<46 - 1)}
		if r.IntN(3) == 0 {
			s[0] &= r.Uint64() & r.Uint64()
		}
		ids := s.IDs()
		for i, id := range ids {
			if got := s.nth(i); got != id {
				t.Fatalf("nth(%d) of %v = %v, want %v", i, s, got, id)
			}
		}
		ts := TicketSet(s[0])
		for i, id := range ts.IDs() {
			if got := ts.nth(i); got != id {
				t.Fatalf("ticket nth(%d) = %d, want %d", i, got, id)
			}
		}
	}
}

// TestSelect64 checks select64 against walking the set bits, on words
// sparse and dense, single bits and the full word.
func TestSelect64(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 20000 {
		x := r.Uint64()
		switch {
		case i < 64:
			x = 1 << i
		case i == 64:
			x = ^uint64(0)
		case i%3 == 0:
			x &= r.Uint64() & r.Uint64()
		case i%3 == 1:
			x |= r.Uint64()
		}
		n := 0
		for y := x; y != 0; y &= y - 1 {
			if got, want := select64(x, n), bits.TrailingZeros64(y); got != want {
				t.Fatalf("select64(%#x, %d) = %d, want %d", x, n, got, want)
			}
			n++
		}
	}
}
