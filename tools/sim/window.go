package main

import (
	"flag"
	"fmt"
	"image/color"
	"io"
	"os"
	"runtime"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display"
	"ttr/display/board"
	"ttr/maps"
)

// raylib (GLFW and OpenGL) must run on the main OS thread; locking it here
// makes main start there. This is raylib-go's documented pattern and the
// only init in the program.
func init() { runtime.LockOSThread() }

// windowOpts are the simulator window's flags.
type windowOpts struct {
	mapID         string
	seats         int
	width, height int
	frames        int    // stop after this many frames (0: run until closed)
	screenshot    string // with frames: save the last frame to this PNG
}

func parseWindowFlags(args []string, stderr io.Writer) (windowOpts, error) {
	var o windowOpts
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.mapID, "map", "europe", "board to play on: europe or usa")
	fs.IntVar(&o.seats, "seats", 4, "number of seats at the table, 2 to 5")
	fs.IntVar(&o.width, "width", 1600, "window width in pixels")
	fs.IntVar(&o.height, "height", 900, "window height in pixels")
	fs.IntVar(&o.frames, "frames", 0, "quit after this many frames (for scripted runs); 0 runs until the window is closed")
	fs.StringVar(&o.screenshot, "screenshot", "", "with -frames: save the last frame to this PNG file")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("sim: unexpected argument %q", fs.Arg(0))
	}
	if _, err := maps.Load(o.mapID); err != nil {
		return o, fmt.Errorf("sim: -map %q: choose europe or usa", o.mapID)
	}
	if o.seats < 2 || o.seats > 5 {
		return o, fmt.Errorf("sim: -seats %d: the games are for 2 to 5 players", o.seats)
	}
	if o.width < 320 || o.height < 240 {
		return o, fmt.Errorf("sim: -width %d -height %d: the window must be at least 320x240", o.width, o.height)
	}
	if o.screenshot != "" && o.frames == 0 {
		return o, fmt.Errorf("sim: -screenshot needs -frames")
	}
	return o, nil
}

// runWindow opens the simulator's window and runs it until it is closed
// (Esc or the window's close button). It returns the exit status.
func runWindow(args []string) int {
	o, err := parseWindowFlags(args, os.Stderr)
	if err == flag.ErrHelp {
		return 0
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	if err := window(o); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// boardArea is where the simulator puts the board in a w x h window: room
// above and below for the seats' panels, a column on the right for the
// market and what is selected.
func boardArea(w, h int) board.Rect {
	fw, fh := float32(w), float32(h)
	return board.Rect{X: fw * 0.015, Y: fh * 0.09, W: fw * 0.74, H: fh * 0.82}
}

var (
	tableColor = color.RGBA{40, 52, 46, 255}
	panelInk   = color.RGBA{236, 232, 220, 255}
	panelDim   = color.RGBA{170, 176, 168, 255}
)

func window(o windowOpts) error {
	m, err := maps.Load(o.mapID)
	if err != nil {
		return err
	}
	rl.SetTraceLogLevel(rl.LogError)
	rl.SetConfigFlags(rl.FlagWindowResizable | rl.FlagMsaa4xHint | rl.FlagVsyncHint)
	rl.InitWindow(int32(o.width), int32(o.height), "Ticket to Ride table: simulator ("+m.Name+")")
	if !rl.IsWindowReady() {
		return fmt.Errorf("sim: cannot open a window (is DISPLAY set? under CI use xvfb-run)")
	}
	defer rl.CloseWindow()
	rl.SetWindowMinSize(480, 320)
	rl.SetTargetFPS(60)

	w, h := rl.GetScreenWidth(), rl.GetScreenHeight()
	b := display.NewBoard(m, boardArea(w, h))
	defer b.Unload()
	p := newPanel(m)
	defer p.unload()
	p.resize(w, h)

	var view display.View
	start := rl.GetTime()
	for frame := 1; !rl.WindowShouldClose(); frame++ {
		if rl.IsWindowResized() {
			w, h = rl.GetScreenWidth(), rl.GetScreenHeight()
			b.Resize(boardArea(w, h))
			p.resize(w, h)
		}
		if rl.IsMouseButtonPressed(rl.MouseButtonLeft) {
			hit := b.Layout().HitTest(board.Vec(rl.GetMousePosition()))
			if hit == view.Selected {
				hit = board.Hit{} // a second touch lets go
			}
			view.Selected = hit
			p.show(hit)
		}
		view.Time = float32(rl.GetTime() - start)

		rl.BeginDrawing()
		rl.ClearBackground(tableColor)
		b.Draw(&view)
		p.draw()
		rl.EndDrawing()

		if o.frames > 0 && frame >= o.frames {
			if o.screenshot != "" {
				img := rl.LoadImageFromScreen()
				ok := rl.ExportImage(*img, o.screenshot)
				rl.UnloadImage(img)
				if !ok {
					return fmt.Errorf("sim: cannot write %s", o.screenshot)
				}
			}
			break
		}
	}
	return nil
}

// panel is the simulator's right-hand column: the map, what the last touch
// selected (proof of the hit-testing) and the legend of colours and shapes.
type panel struct {
	m           *maps.Map
	title, text display.Font
	x, y, w     float32
	lines       []string  // what is selected, precomputed on each touch
	sizes       []float32 // the font size of each line, shrunk to fit the column
	titleSize   float32
	legend      []legendRow
}

type legendRow struct {
	swatch board.Quad
	glyph  []board.Tri
	color  maps.Color
	at     rl.Vector2
}

func newPanel(m *maps.Map) *panel {
	p := &panel{m: m}
	p.show(board.Hit{})
	return p
}

func (p *panel) unload() {
	if p.title.Size != 0 {
		p.title.Unload()
		p.text.Unload()
	}
}

func (p *panel) resize(w, h int) {
	size := max(12, int(float32(h)/48))
	if p.text.Size != float32(size) {
		p.unload()
		p.title = display.LoadFont(display.Bold, size*3/2)
		p.text = display.LoadFont(display.Sans, size)
	}
	a := boardArea(w, h)
	p.x = a.X + a.W + float32(w)*0.02
	p.y = a.Y
	p.w = float32(w) - p.x - float32(w)*0.015
	p.titleSize = p.fit(p.title, p.m.Name)
	p.fitLines()
	// The legend sits at the bottom of the column.
	p.legend = p.legend[:0]
	s := p.text.Size
	y := a.Y + a.H - 9*s*1.5
	for c := maps.Gray; c <= maps.Red; c++ {
		center := board.Vec{X: p.x + s*1.3, Y: y + s*0.6}
		row := legendRow{
			swatch: board.Quad{{X: p.x, Y: y}, {X: p.x, Y: y + s*1.2}, {X: p.x + s*2.6, Y: y + s*1.2}, {X: p.x + s*2.6, Y: y}},
			glyph:  board.AppendGlyph(nil, c, center, board.Vec{X: 1}, s*0.95),
			color:  c,
			at:     rl.Vector2{X: p.x + s*3.2, Y: y + s*0.1},
		}
		p.legend = append(p.legend, row)
		y += s * 1.5
	}
}

// show prepares the lines describing hit.
func (p *panel) show(hit board.Hit) {
	m := p.m
	switch hit.Kind {
	case board.HitRoute:
		r := &m.Routes[hit.Index]
		p.lines = []string{
			m.Cities[r.A].Name + " – " + m.Cities[r.B].Name,
			fmt.Sprintf("%d cars, %s, %s", r.Length, r.Color, r.Kind),
			fmt.Sprintf("scores %d points", r.Points),
		}
		if r.Kind == maps.Ferry {
			p.lines = append(p.lines, fmt.Sprintf("needs %d locomotive(s)", r.Locomotives))
		}
		if r.Twin >= 0 {
			p.lines = append(p.lines, "double with "+m.Routes[r.Twin].ID)
		}
		p.lines = append(p.lines, "id "+r.ID)
	case board.HitCity:
		c := &m.Cities[hit.Index]
		n := 0
		for _, r := range m.Routes {
			if r.A == hit.Index || r.B == hit.Index {
				n++
			}
		}
		p.lines = []string{c.Name, fmt.Sprintf("%d routes", n), "id " + c.ID}
	default:
		p.lines = []string{"Touch a route or a city."}
	}
	p.fitLines()
}

// fit returns the size to draw text in f so that it fits the column.
func (p *panel) fit(f display.Font, text string) float32 {
	if f.Size == 0 || p.w <= 0 {
		return f.Size
	}
	return min(f.Size, f.Size*p.w/f.Measure(text, f.Size).X)
}

func (p *panel) fitLines() {
	p.sizes = p.sizes[:0]
	for i, line := range p.lines {
		f := p.text
		if i == 0 {
			f = p.title
		}
		p.sizes = append(p.sizes, p.fit(f, line))
	}
}

func (p *panel) draw() {
	s := p.text.Size
	rl.DrawTextEx(p.title.Font, p.m.Name, rl.Vector2{X: p.x, Y: p.y}, p.titleSize, 0, panelInk)
	y := p.y + p.title.Size*1.8
	for i, line := range p.lines {
		f, col := p.text, panelDim
		if i == 0 {
			f, col = p.title, panelInk
		}
		rl.DrawTextEx(f.Font, line, rl.Vector2{X: p.x, Y: y}, p.sizes[i], 0, col)
		y += f.Size * 1.3
	}
	for _, row := range p.legend {
		fill := display.ColorOf(row.color)
		q := row.swatch
		rl.DrawRectangleRec(rl.Rectangle{X: q[0].X - 1, Y: q[0].Y - 1, Width: q[2].X - q[0].X + 2, Height: q[2].Y - q[0].Y + 2}, color.RGBA{20, 20, 20, 255})
		rl.DrawRectangleRec(rl.Rectangle{X: q[0].X, Y: q[0].Y, Width: q[2].X - q[0].X, Height: q[2].Y - q[0].Y}, fill)
		ink := display.InkOn(row.color)
		for _, t := range row.glyph {
			rl.DrawTriangle(rl.Vector2(t[0]), rl.Vector2(t[1]), rl.Vector2(t[2]), ink)
		}
		rl.DrawTextEx(p.text.Font, row.color.String(), row.at, s, 0, panelInk)
	}
}
