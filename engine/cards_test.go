package engine

import (
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
