package board

// The score track runs round the board's edge, over the sea, as on the
// printed board: 100 spaces, 0 in the top left corner, clockwise, and
// round again past 99.

// TrackSpaces is the number of spaces of the score track.
const TrackSpaces = 100

// trackDepth is the depth of the score track, in board-image pixels.
const trackDepth = 20

// A TrackSpace is one space of the score track.
type TrackSpace struct {
	Rect   Rect // on the screen
	Inward Vec  // the unit direction from the space into the board
}

// layTrack places the score track's spaces along the inside of l.Board.
func (l *Layout) layTrack() {
	d := trackDepth * l.Scale
	l.TrackDepth = d
	b := l.Board
	// As many spaces on each side as its length takes: the top and bottom
	// run the full width, corners included; the sides between them.
	nTop := int(TrackSpaces*b.W/(2*(b.W+b.H)) + 0.5)
	nSide := TrackSpaces/2 - nTop
	gap := max(1, d*0.08)
	k := 0
	put := func(r Rect, in Vec) {
		l.Track[k] = TrackSpace{Rect: r, Inward: in}
		k++
	}
	sw := b.W / float32(nTop)
	sh := (b.H - 2*d) / float32(nSide)
	for i := range nTop { // top, left to right
		put(Rect{b.X + float32(i)*sw + gap/2, b.Y, sw - gap, d}, Vec{Y: 1})
	}
	for i := range nSide { // right, top to bottom
		put(Rect{b.X + b.W - d, b.Y + d + float32(i)*sh + gap/2, d, sh - gap}, Vec{X: -1})
	}
	for i := range nTop { // bottom, right to left
		put(Rect{b.X + b.W - float32(i+1)*sw + gap/2, b.Y + b.H - d, sw - gap, d}, Vec{Y: -1})
	}
	for i := range nSide { // left, bottom to top
		put(Rect{b.X, b.Y + b.H - d - float32(i+1)*sh + gap/2, d, sh - gap}, Vec{X: 1})
	}
}

// TrackSpace returns the space of the score track a score stands on:
// round again past 99 (a negative score stands on 0).
func (l *Layout) TrackSpace(score int) *TrackSpace {
	return &l.Track[max(score, 0)%TrackSpaces]
}
