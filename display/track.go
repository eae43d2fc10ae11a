package display

import (
	"image/color"
	"strconv"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/scene"
)

// A ScoreMark is one player's marker on the score track.
type ScoreMark struct {
	Score int
	Color color.RGBA  // the player's colour
	Mark  board.Shape // the mark on their trains
	// Rise, 0-1, lifts the marker off the track while its points are
	// being counted (an announcement of points just scored); 0: at rest.
	Rise float32
}

// The size of a marker and how far the next one on its space stacks
// inwards, in track depths.
const (
	markerRadius = 0.75
	markerStack  = 1.5
)

// Colours of the score track.
var (
	trackSpace = color.RGBA{246, 238, 214, 235}
	trackFifth = color.RGBA{222, 200, 150, 240}
	trackEdge  = color.RGBA{90, 70, 44, 255}
	trackInk   = color.RGBA{60, 44, 28, 255}
)

// trackNumbers are the numbers written on every fifth space.
var trackNumbers = func() (n [board.TrackSpaces / 5][]rune) {
	for i := range n {
		n[i] = []rune(strconv.Itoa(5 * i))
	}
	return n
}()

// drawTrack draws the spaces of the score track round the board's edge,
// a number on every fifth space.
func (b *Board) drawTrack() {
	l := b.layout
	d := l.TrackDepth
	size := d * 0.8
	b.cv.part(scene.Key{Part: scene.Track})
	for k := range l.Track {
		r := l.Track[k].Rect
		fill := trackSpace
		if k%5 == 0 {
			fill = trackFifth
		}
		b.cv.fill(rect(r), fill)
		b.cv.frame(rect(r), max(1, d*0.06), trackEdge)
	}
	for k := 0; k < len(l.Track); k += 5 {
		r := l.Track[k].Rect
		n := trackNumbers[k/5]
		if b.trackSize != size {
			// Measured once per size, so that a frame allocates nothing.
			b.trackSize = size
			for i, t := range trackNumbers {
				b.trackW[i] = b.label.Measure(string(t), size).X
			}
		}
		tw := b.trackW[k/5]
		pos := rl.Vector2{X: r.X + (r.W-tw)/2, Y: r.Y + (r.H-size)/2}
		b.cv.text(b.label, "board.label", "bold", n, pos, size, trackInk)
	}
}

// drawScores draws each player's marker on the space of their score;
// markers sharing a space stack inwards from the edge.
func (b *Board) drawScores(v *View) {
	for i := range v.Scores {
		m := &v.Scores[i]
		c, r := b.marker(v, i)
		b.cv.part(scene.Key{Part: scene.Marker, Index: i})
		b.cv.circle(rl.Vector2{X: c.X + r*0.2, Y: c.Y + r*0.3}, r*1.15, trainShadow)
		b.cv.circle(rl.Vector2(c), r*1.18, trainRim)
		b.cv.circle(rl.Vector2(c), r*1.05, trainOutline)
		b.cv.circle(rl.Vector2(c), r*0.85, m.Color)
		mark := m.Mark
		if mark == board.Plain {
			mark = board.Dot
		}
		b.shape = board.AppendShape(b.shape[:0], mark, c, board.Vec{X: 1}, r*1.1)
		ink := inkFor(m.Color)
		for j := range b.shape {
			t := &b.shape[j]
			b.cv.tri(rl.Vector2(t[0]), rl.Vector2(t[1]), rl.Vector2(t[2]), ink)
		}
	}
}

// marker returns the centre and the radius of v's marker i on the score
// track.
func (b *Board) marker(v *View, i int) (board.Vec, float32) {
	l := b.layout
	d := l.TrackDepth
	m := &v.Scores[i]
	sp := l.TrackSpace(m.Score)
	below := 0 // markers on the same space before this one
	for j := range i {
		if l.TrackSpace(v.Scores[j].Score) == sp {
			below++
		}
	}
	c := sp.Rect.Center().Add(sp.Inward.Scale(float32(below)*d*markerStack + m.Rise*d*1.5))
	return c, d * markerRadius
}
