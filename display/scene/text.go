package scene

import (
	"bufio"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"

	"ttr/display/board"
)

// WriteText writes sc as readable text, the form of the display's text
// goldens: a line for the picture's size, then each part's key on a line
// of its own where the part changes, and under it one line per item, in
// the order they are drawn. Coordinates are pixels rounded to a tenth, in
// the item's own frame: "in X,Y" says where that frame's origin lies on
// the screen and "turned A" by how many degrees clockwise it is turned.
//
//	scene 1280x720
//	route 12
//	  tris 2 (10,20 14,20 14,24) (10,20 14,24 10,24) #c42024ff
//	strip seat 1
//	  round 0,0 400x60 r0.2/6 #1c2026f0 in 1200,0 turned 90
//	  text bold 27 "Ana" at 12,8 #eeeee8ff in 1200,0 turned 90
func (sc *Scene) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "scene %dx%d\n", sc.W, sc.H)
	var last Key
	for i := range sc.Items {
		it := &sc.Items[i]
		if i == 0 || it.Key != last {
			fmt.Fprintf(bw, "%s\n", it.Key)
			last = it.Key
		}
		bw.WriteString("  ")
		bw.WriteString(it.String())
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// String returns the scene as WriteText writes it.
func (sc *Scene) String() string {
	var b strings.Builder
	sc.WriteText(&b)
	return b.String()
}

// String returns the item's line in a text golden (WriteText), without
// its key.
func (it *Item) String() string {
	var b strings.Builder
	b.WriteString(it.Kind.String())
	b.WriteByte(' ')
	switch it.Kind {
	case Fill:
		b.WriteString(rect(it.Box))
	case Frame:
		fmt.Fprintf(&b, "%s w%s", rect(it.Box), num(it.Width))
	case Round:
		fmt.Fprintf(&b, "%s r%s/%d", rect(it.Box), num(it.Roundness), it.Segments)
	case RoundFrame:
		fmt.Fprintf(&b, "%s r%s/%d w%s", rect(it.Box), num(it.Roundness), it.Segments, num(it.Width))
	case Circle:
		fmt.Fprintf(&b, "%s r%s", vec(it.At), num(it.Radius))
	case Ring:
		fmt.Fprintf(&b, "%s r%s-%s", vec(it.At), num(it.Radius), num(it.Outer))
	case Line:
		fmt.Fprintf(&b, "%s to %s w%s", vec(it.At), vec(it.To), num(it.Width))
	case Tris:
		b.WriteString(strconv.Itoa(len(it.Tris)))
		for _, t := range it.Tris {
			fmt.Fprintf(&b, " (%s %s %s)", vec(t[0]), vec(t[1]), vec(t[2]))
		}
	case Text:
		fmt.Fprintf(&b, "%s %s %q at %s", it.Face, num(it.Size), it.Text, vec(it.At))
	case Texture:
		fmt.Fprintf(&b, "%s over %s", it.Texture, rect(it.Box))
	}
	b.WriteByte(' ')
	b.WriteString(hex(it.Color))
	if it.Turn.X != 0 || it.Turn.Y != 0 {
		fmt.Fprintf(&b, " in %s", vec(board.Vec{X: it.Turn.X, Y: it.Turn.Y}))
	}
	if it.Turn.Angle != 0 {
		fmt.Fprintf(&b, " turned %s", num(it.Turn.Angle))
	}
	return b.String()
}

// num writes x rounded to a tenth, without trailing zeros.
func num(x float32) string {
	r := math.Round(float64(x)*10) / 10
	if r == 0 {
		r = 0 // no "-0"
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

func vec(v board.Vec) string { return num(v.X) + "," + num(v.Y) }

func rect(r board.Rect) string {
	return vec(board.Vec{X: r.X, Y: r.Y}) + " " + num(r.W) + "x" + num(r.H)
}

func hex(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x%02x", c.R, c.G, c.B, c.A) }
