package main

import (
	"image/color"
	"strings"
	"time"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display"
	"ttr/display/board"
	"ttr/display/msg"
	"ttr/display/scene"
	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/maps"
)

// A tableScreen draws the table's shared screen from the View and resolves
// touches on it, as the firmware's screen does.
type tableScreen interface {
	// Prepare readies what Draw copies for v at time now; it is called
	// before the frame begins.
	Prepare(v *input.View, now time.Time)
	// Draw draws the screen for v at time now in its rectangle.
	Draw(v *input.View, now time.Time)
	// HitTest resolves a touch at x, y (window pixels).
	HitTest(x, y float32, now time.Time) hal.Touch
	// Resize moves the screen to a new rectangle of the window.
	Resize(area board.Rect)
	// ShowMenu shows the owner's menu's page over the screen (nil: none).
	ShowMenu(p *display.Menu)
	// Scene records what Draw draws for v at now (sc is reused), and
	// readies HitTest for v (targets.go).
	Scene(v *input.View, now time.Time, sc *scene.Scene) *scene.Scene
	// RevealStep is the end's reveal step at now (targets.go).
	RevealStep(v *input.View, now time.Time) int
	// Unload releases the screen's textures.
	Unload()
}

// noticeFor is how long the simulator's own messages stay.
const noticeFor = 5 * time.Second

// playerRGBA is the colour of a player's trains, as the table draws them.
func playerRGBA(c input.Color) color.RGBA { return display.PlayerColor(c) }

// screen is the table's screen (display.Screen) placed in a rectangle of
// the simulator's window.
type screen struct{ s *display.Screen }

// newScreen makes the table's screen in area with the seats facing edges;
// the window must be open.
func newScreen(cat *msg.Catalog, lang msg.Lang, area board.Rect, edges []display.Edge) (*screen, error) {
	s, err := display.NewScreen(cat, display.ScreenOpts{X: int(area.X), Y: int(area.Y), Width: int(area.W), Height: int(area.H), Seats: edges, Lang: lang})
	if err != nil {
		return nil, err
	}
	return &screen{s: s}, nil
}

// Prepare implements tableScreen.
func (s *screen) Prepare(v *input.View, now time.Time) { s.s.Prepare(v, now) }

// Draw implements tableScreen.
func (s *screen) Draw(v *input.View, now time.Time) { s.s.Draw(v, now) }

// HitTest implements tableScreen.
func (s *screen) HitTest(x, y float32, now time.Time) hal.Touch { return s.s.HitTest(x, y, now) }

// Resize implements tableScreen.
func (s *screen) Resize(area board.Rect) {
	s.s.ResizeArea(int(area.X), int(area.Y), int(area.W), int(area.H))
}

// ShowMenu implements tableScreen.
func (s *screen) ShowMenu(p *display.Menu) { s.s.ShowMenu(p) }

// Scene implements tableScreen.
func (s *screen) Scene(v *input.View, now time.Time, sc *scene.Scene) *scene.Scene {
	return s.s.Scene(v, now, sc)
}

// RevealStep implements tableScreen.
func (s *screen) RevealStep(v *input.View, now time.Time) int { return s.s.RevealStep(v, now) }

// Unload implements tableScreen.
func (s *screen) Unload() { s.s.Unload() }

// cardMapColor is the maps.Color a card is drawn in (Gray for a
// locomotive, drawn with the locomotive glyph).
func cardMapColor(c engine.CardID) maps.Color { return c.Color().MapColor() }

var (
	ink       = color.RGBA{240, 236, 224, 255}
	dimInk    = color.RGBA{160, 168, 160, 255}
	refuseInk = color.RGBA{255, 120, 100, 255}
	newsInk   = color.RGBA{140, 210, 255, 255}
	keyHot    = color.RGBA{255, 214, 10, 255}
)

// drawCard draws a train card face up in r.
func drawCard(r rl.Rectangle, c engine.CardID, f display.Font) {
	mc := cardMapColor(c)
	fill := display.ColorOf(mc)
	if c.Color() == engine.Locomotive {
		fill = color.RGBA{120, 120, 128, 255}
	}
	rl.DrawRectangleRounded(r, 0.2, 4, fill)
	rl.DrawRectangleRoundedLinesEx(r, 0.2, 4, 1.5, color.RGBA{10, 10, 10, 255})
	center := board.Vec{X: r.X + r.Width/2, Y: r.Y + r.Height/2}
	size := min(r.Width, r.Height) * 0.7
	var tris []board.Tri
	if c.Color() == engine.Locomotive {
		tris = board.AppendLocomotive(nil, center, board.Vec{X: 1}, size)
	} else {
		tris = board.AppendGlyph(nil, mc, center, board.Vec{X: 1}, size)
	}
	inkc := display.InkOn(mc)
	if c.Color() == engine.Locomotive {
		inkc = color.RGBA{255, 230, 120, 255}
	}
	for _, t := range tris {
		rl.DrawTriangle(rl.Vector2(t[0]), rl.Vector2(t[1]), rl.Vector2(t[2]), inkc)
	}
}

// fitSize is the size to draw text in f so that it fits width.
func fitSize(f display.Font, text string, width float32) float32 {
	w := f.Measure(text, f.Size).X
	if w <= width || w == 0 {
		return f.Size
	}
	return max(f.Size*width/w, f.Size*0.55)
}

// wrap splits text into lines no wider than width in f.
func wrap(f display.Font, text string, width float32) []string {
	if text == "" {
		return nil
	}
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if line != "" && f.Measure(try, f.Size).X > width {
			lines = append(lines, line)
			line = word
			continue
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
