package input

// A Rev identifies the state a View shows, so that the screen can keep what
// it drew and draw again only when the View changes. Two Views with the same
// nonzero Rev show the same thing; Views of different states have different
// Revs. The zero Rev means unknown (a View built by hand): the screen then
// draws it anew every frame. Compare Revs with ==.
//
// A Rev holds its source: while anything keeps a Rev, no other Revs can
// hand out an equal one, even after its Table is gone.
type Rev struct {
	src *Revs
	n   uint64
}

// IsZero reports whether r is the zero Rev, which identifies nothing.
func (r Rev) IsZero() bool { return r == Rev{} }

// Revs hands out Revs that no other Revs hands out: each Revs value is its
// own source, told apart by its address. Keep it addressable (a field of a
// struct reached by pointer) and never copy it after its first Next. The
// zero Revs is ready to use; it is not safe for concurrent use.
type Revs struct {
	// n is the number of Revs handed out. Being non-empty, the type also
	// gives distinct Revs distinct addresses (a zero-size variable may
	// share its address with another).
	n uint64
}

// Next returns a nonzero Rev never returned before by r nor by any other
// Revs.
func (r *Revs) Next() Rev {
	r.n++
	return Rev{src: r, n: r.n}
}
