package scene

// Equal reports whether a and b draw the same pixels: the same part, kind,
// place, turn, size, colour and text (Diff's test of a part's items).
func (a *Item) Equal(b *Item) bool { return a.equal(b) }
