package main

import (
	"fmt"
	"log/slog"
	"math"

	"ttr/display"
	"ttr/display/board"
	"ttr/hal/config"
	"ttr/input"
	"ttr/maps"
)

// displayMode is one of a DRM connector's modes, as the kernel lists it.
type displayMode struct {
	Width, Height int
	Refresh       int // Hz, rounded as the kernel reports it (vrefresh)
	Preferred     bool
	Interlaced    bool
	Name          string
}

func (m displayMode) String() string {
	s := fmt.Sprintf("%dx%d@%d", m.Width, m.Height, m.Refresh)
	if m.Interlaced {
		s += "i"
	}
	if m.Preferred {
		s += " (preferred)"
	}
	return s
}

// chooseMode picks the mode the table drives the panel in: one of exactly
// the configured size (the connector's preferred one among them, else the
// one nearest 60 Hz), else the connector's preferred mode, else its first
// (the kernel lists the preferred mode first). Never a larger mode of the
// same width, which raylib's own nearest-mode search can pick (it weighs
// unused pixels as the product of the width and height differences, zero
// for 800x600 against an 800x480 config), nor an interlaced one while a
// progressive one is listed. ok is false when modes is empty.
func chooseMode(modes []displayMode, width, height int) (m displayMode, why string, ok bool) {
	best := -1
	for i, c := range modes {
		if c.Width != width || c.Height != height || c.Interlaced {
			continue
		}
		if best < 0 || better(c, modes[best]) {
			best = i
		}
	}
	if best >= 0 {
		return modes[best], "the configured size", true
	}
	for _, c := range modes {
		if c.Preferred && !c.Interlaced {
			return c, "the panel's preferred mode: no mode has the configured size", true
		}
	}
	for _, c := range modes {
		if !c.Interlaced {
			return c, "the panel's first mode: no mode has the configured size and none is preferred", true
		}
	}
	if len(modes) > 0 {
		return modes[0], "the panel's first mode, interlaced: it lists no other", true
	}
	return displayMode{}, "", false
}

// better reports whether a is a better mode than b of the same size: the
// preferred one, else the one nearest 60 Hz, else the faster.
func better(a, b displayMode) bool {
	if a.Preferred != b.Preferred {
		return a.Preferred
	}
	da, db := abs(a.Refresh-60), abs(b.Refresh-60)
	if da != db {
		return da < db
	}
	return a.Refresh > b.Refresh
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// panelPhysical returns the size of the panel's pixels, from the config's
// screen.width_mm and height_mm, else from the panel's own size (its EDID,
// edidW x edidH mm, 0 when it reports none), else assuming a panel of
// board.DefaultDiagonalIn; and says which, for the log, and whether the
// size is known (false: assumed). A panel's EDID
// size is believed only when its shape is the pixels' (within a tenth):
// adapters and projectors report 0 x 0, or a size of another shape.
func panelPhysical(s config.Screen, edidW, edidH int) (board.Physical, string, bool) {
	if p := board.PhysicalOf(s.Width, s.Height, float64(s.WidthMM), float64(s.HeightMM)); p.Known() {
		return p, fmt.Sprintf("the config's %d x %d mm", s.WidthMM, s.HeightMM), true
	}
	if edidW >= config.MinPanelMM && edidH >= config.MinPanelMM && s.Width > 0 && s.Height > 0 {
		px := float64(s.Width) / float64(s.Height)
		mm := float64(edidW) / float64(edidH)
		if math.Abs(mm/px-1) <= 0.1 {
			return board.PhysicalOf(s.Width, s.Height, float64(edidW), float64(edidH)), fmt.Sprintf("the panel's own %d x %d mm (EDID)", edidW, edidH), true
		}
		return board.PhysicalDiagonal(s.Width, s.Height, board.DefaultDiagonalIn),
			fmt.Sprintf("a %g\" panel assumed: the panel reports %d x %d mm, not the shape of %d x %d pixels; give screen.width_mm and height_mm in the config", board.DefaultDiagonalIn, edidW, edidH, s.Width, s.Height), false
	}
	return board.PhysicalDiagonal(s.Width, s.Height, board.DefaultDiagonalIn),
		fmt.Sprintf("a %g\" panel assumed: neither the config nor the panel gives its size; give screen.width_mm and height_mm in the config", board.DefaultDiagonalIn), false
}

// physicalSize is panelPhysical with the panel's EDID size read through
// DRM (none on a desktop), logged.
func physicalSize(s config.Screen, log *slog.Logger) (board.Physical, bool) {
	w, h, err := panelMM()
	if err != nil {
		log.Info("display: the panel's own size is not known", "err", err)
	}
	p, why, known := panelPhysical(s, w, h)
	log.Info("display: panel size", "mm_per_px", fmt.Sprintf("%.4f", p.MMPerPx), "from", why)
	return p, known
}

// windowPhysical is the pixel size of a window of w x h pixels, for
// display.ScreenOpts.Physical: the panel's (panelPhysical, the EDID size
// edidW x edidH mm, 0 when none) when it is known and the window is the
// panel at the config's pixels; else unknown (a size only assumed, or a
// desktop window of another size), and the screen keeps its sizes in
// pixels.
func windowPhysical(s config.Screen, w, h, edidW, edidH int) board.Physical {
	p, _, known := panelPhysical(s, edidW, edidH)
	if !known || w != s.Width || h != s.Height {
		return board.Physical{}
	}
	return p
}

// screenNotes says on the start screen (app.Opts.Notes) what the panel is
// too small for with the config's seats on mapID: the physical minimums
// it does not meet, as the screen lays itself out (display.CheckPanel).
// Nothing when the panel's size is only assumed: the table does not warn
// of a size it does not know (the log says to give it in the config).
func screenNotes(s config.Screen, p board.Physical, known bool, mapID string, seats []config.Seat) []input.Text {
	m, err := maps.Load(mapID)
	if !known || err != nil {
		return nil
	}
	var edges []display.Edge
	for _, st := range seats {
		e, err := display.ParseEdge(string(st.Edge))
		if err != nil {
			return nil // config.Read has said so
		}
		edges = append(edges, e)
	}
	var notes []input.Text
	for _, f := range display.CheckPanel(m, display.ScreenOpts{Width: s.Width, Height: s.Height, Rotation: s.Rotation, Seats: edges, Physical: p}) {
		notes = append(notes, input.Text{Key: f.Key, Args: f.Args})
	}
	return notes
}
