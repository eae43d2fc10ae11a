package display

import (
	"math"

	"ttr/display/board"
	"ttr/maps"
)

// Sizing for the glass: ScreenOpts.Physical, when known, raises the
// screen's scale u so that the strips' smallest text (minText u) is at
// least board.MinStripTextMM, and gives the board its physical minimums
// (board.Opts.Physical): names, owner marks, touch areas. Where the panel
// is too small for them with its seats (the strips would leave the map no
// room, the names would cover the board), the screen keeps the sizes it
// has without the panel's size, and the start screen says what the panel
// is too small for (board.Physical.Check, the same figures: cmd/table's
// screenNotes).

// stripTwoRowMin is the shortest strip, in u, that holds the two-row form:
// insets, pads, the prompt, a gap and the keys' column
// (board's stripTwoRowMinU copies it).
const stripTwoRowMin = 2*stripInset + 2*stripPad + promptMinW + stripGap + keyColW

// scale returns the screen's u (scaleOf), raised for the panel's physical
// size where the seats' strips still fit (scaleFor).
func (s *Screen) scale() float32 {
	w, h := s.size()
	return scaleFor(float32(w), float32(h), s.opts.Physical, s.opts.Seats)
}

// scaleFor returns u for a w x h picture with seats at edges on a panel
// of pixel size p: scaleOf(w, h), or larger so that the strips' text is at
// least board.MinStripTextMM (p.StripU) when every strip then still holds
// at least its two-row form and the board keeps a place.
func scaleFor(w, h float32, p board.Physical, edges []Edge) float32 {
	u := scaleOf(w, h)
	pu := p.StripU(w, h)
	if pu <= u || len(edges) == 0 {
		return u
	}
	lay := newLayoutU(board.Rect{W: w, H: h}, edges, 1.5, false, pu)
	if lay.board.W <= 0 || lay.board.H <= 0 {
		return u
	}
	for _, pg := range lay.panels {
		if pg.w+2*stripInset*pu < stripTwoRowMin*pu-0.01 {
			return u
		}
	}
	return pu
}

// boardOpts returns the options of a board laid out without a window
// (Screen.geom: hit-testing in tests, CheckPanel) in area on a screen of
// scale u and a panel of pixel size p: those a window's board takes
// (boardBase), the names' size worked out as it does, measured by
// estimate.
func boardOpts(m *maps.Map, area board.Rect, u float32, p board.Physical) board.Opts {
	o := boardBase(nameSize(u), p)
	o.LabelSize = float32(math.Round(float64(board.LabelSizeFor(m, area, namesFor(m, area, o)))))
	return o
}

// boardBase returns the options of a board with city names never smaller
// than minName pixels on a panel of pixel size p.
func boardBase(minName float32, p board.Physical) board.Opts {
	o := board.DefaultOpts()
	if minName > o.MinLabelSize {
		// Names this large are the table's choice, not the small
		// screen's need: the frame's margins stay as they are for
		// them.
		o.LabelScale = 26
	}
	o.MinLabelSize = minName
	o.Physical = p
	return o
}

// namesFor returns o for sizing the city names in area: o itself where
// the names at board.MinNameMM find room on the board, else o without
// the panel's size (the names then keep the size the screen's scale
// gives; marks and touch areas keep their millimetres).
func namesFor(m *maps.Map, area board.Rect, o board.Opts) board.Opts {
	if !o.Physical.NamesFit(m, area, o) {
		o.Physical = board.Physical{}
	}
	return o
}

// CheckPanel returns the physical minimums (package board) a screen of
// opts does not meet with map m, as the screen lays it out: the seats'
// strips leave the map no room at their millimetres, or the board laid
// out where the strips leave it falls short (board.Physical.CheckIn):
// what the start screen says the panel is too small for. None when
// opts.Physical is unknown.
func CheckPanel(m *maps.Map, opts ScreenOpts) []board.Shortfall {
	p := opts.Physical
	if !p.Known() || m == nil || len(opts.Seats) == 0 {
		return nil
	}
	w, h := logicalSize(opts.Width, opts.Height, opts.Rotation)
	fw, fh := float32(w), float32(h)
	if p.StripU(fw, fh) > scaleFor(fw, fh, p, opts.Seats) {
		return []board.Shortfall{p.StripsShort(w, h, len(opts.Seats))}
	}
	u := scaleFor(fw, fh, p, opts.Seats)
	fr := board.Frame(m)
	area := newLayoutU(board.Rect{W: fw, H: fh}, opts.Seats, fr.W/fr.H, false, u).board
	return p.CheckInWith(m, area, len(opts.Seats), boardOpts(m, area, u, p), layoutsFor().layout)
}
