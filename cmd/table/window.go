package main

// This is the only file of cmd/table that calls raylib (with
// nodepth_glfw.go, which shapes the window raylib makes): everything else,
// the loop included, runs headless in tests.

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"time"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display"
	"ttr/display/msg"
	"ttr/hal"
	"ttr/hal/config"
	"ttr/input"
)

// raylib (GLFW or DRM, and OpenGL) must run on the main OS thread; locking
// it here makes main start there. This is raylib-go's documented pattern
// and the only init in the program.
func init() { runtime.LockOSThread() }

// window is the table's screen: a raylib window, full screen on the Pi,
// drawn by display.Screen.
type window struct {
	scr     *display.Screen
	touches *touchTracker
	evdev   *touchscreens // every touch screen, read by the table (Pi build); nil or none found: raylib's touches
	// trace, if set (run -trace), receives "lift" when a frame sees the
	// mouse's button come up: a test clicking the window waits for it
	// before its next press, since a release and a press within one
	// frame are no press at all.
	trace io.Writer
}

// openWindow opens the screen at the config's size. The DRM build (make pi)
// always fills the panel; a desktop build opens a window unless full is set.
func openWindow(cfg *config.Config, full bool, log *slog.Logger) (screen, error) {
	cat, err := msg.Load()
	if err != nil {
		return nil, err
	}
	var edges []display.Edge
	for i, s := range cfg.Seats {
		e, err := display.ParseEdge(string(s.Edge))
		if err != nil {
			return nil, fmt.Errorf("run: seats[%d].edge: %w", i, err)
		}
		edges = append(edges, e)
	}
	lang, err := msg.ParseLang(cfg.Language)
	if err != nil {
		return nil, fmt.Errorf("run: language: %w", err)
	}
	// raylib's log goes to the table's; the display's lines while it opens
	// (rlog.go). On the Pi the table chooses the panel's mode (drmmode.go).
	routeRaylibLog(log)
	width, height := displaySize(cfg.Screen.Width, cfg.Screen.Height, log)
	// No multisampling: the screen draws what does not move into a
	// texture (display.Screen.Prepare), which raylib cannot multisample,
	// and the window's samples would cost a software renderer four times
	// the memory and fill of every frame for the few shapes drawn live.
	flags := uint32(rl.FlagVsyncHint | rl.FlagWindowResizable)
	if full {
		flags |= rl.FlagFullscreenMode
	}
	rl.SetConfigFlags(flags)
	// No Wayland to reach (xvfb-run, sudo): straight to X11, without
	// libwayland's alarming line (the DRM build has no GLFW to tell).
	display.UseX11Session(os.Getenv, os.Setenv)
	opened := logRaylibOpen()
	rl.InitWindow(int32(width), int32(height), "Ticket to Ride table")
	opened()
	if !rl.IsWindowReady() {
		return nil, fmt.Errorf("run: cannot open the screen (on a desktop, is DISPLAY set? without a screen use -headless)")
	}
	rl.SetExitKey(rl.KeyNull)
	rl.SetTargetFPS(30)
	w, h := rl.GetScreenWidth(), rl.GetScreenHeight()
	// A panel mounted turned: the picture is drawn turned by the config's
	// rotation, and touches are turned back (display.ScreenOpts.Rotation).
	// Sized for the glass: names, strips' text, marks and touch areas in
	// millimetres, when the panel's size is known.
	edidW, edidH, _ := panelMM()
	phys := windowPhysical(cfg.Screen, w, h, edidW, edidH)
	scr, err := display.NewScreen(cat, display.ScreenOpts{Width: w, Height: h, Rotation: cfg.Screen.Rotation, Seats: edges, Lang: lang, FillsWindow: true, Physical: phys})
	if err != nil {
		rl.CloseWindow()
		return nil, err
	}
	pw, ph := scr.Size()
	attrs := []any{"width", w, "height", h, "rotation", cfg.Screen.Rotation, "picture", fmt.Sprintf("%dx%d", pw, ph), "fullscreen", rl.IsWindowFullscreen(), "mm_per_px", fmt.Sprintf("%.4f", phys.MMPerPx)}
	if depth, stencil, ok := windowBuffers(); ok {
		attrs = append(attrs, "depth_bits", depth, "stencil_bits", stencil)
	}
	log.Info("screen open", attrs...)
	win := &window{scr: scr, touches: newTouchTracker()}
	if drmBuild {
		win.evdev = openTouchscreens(w, h, log)
	}
	return win, nil
}

// Frame implements screen.
func (w *window) Frame(v *input.View, now time.Time) ([]hal.Touch, bool) {
	if rl.WindowShouldClose() {
		return nil, true
	}
	if rl.IsWindowResized() {
		// The window's new size; the screen keeps its rotation, and its
		// picture's size follows.
		w.scr.Resize(rl.GetScreenWidth(), rl.GetScreenHeight())
	}
	var touches []hal.Touch
	// One tap per finger that came down, so a hand resting on the glass
	// does not hide the other seats' touches: on the Pi from every touch
	// screen, read by the table (evdev.go); elsewhere from raylib's touch
	// points (touchTracker), where a mouse click on the desktop, or a
	// single-touch screen's touch, arrives as the left button.
	var taps []touchPoint
	if w.evdev != nil && w.evdev.Count() > 0 {
		taps = w.evdev.Taps()
	} else {
		n := rl.GetTouchPointCount()
		points := make([]touchPoint, 0, n)
		for i := range n {
			p := rl.GetTouchPosition(i)
			points = append(points, touchPoint{ID: rl.GetTouchPointId(i), X: p.X, Y: p.Y})
		}
		m := rl.GetMousePosition()
		taps = w.touches.frame(points, rl.IsMouseButtonPressed(rl.MouseButtonLeft), touchPoint{X: m.X, Y: m.Y})
		if w.trace != nil && rl.IsMouseButtonReleased(rl.MouseButtonLeft) {
			fmt.Fprintln(w.trace, "lift")
		}
	}
	for _, p := range taps {
		touches = append(touches, w.scr.HitTest(p.X, p.Y, now))
	}
	w.scr.Prepare(v, now)
	rl.BeginDrawing()
	// No clear: the screen fills the window, every pixel of it, every
	// frame (clearing 1920x1080 costs a software renderer as much as
	// presenting the frame).
	w.scr.Draw(v, now)
	rl.EndDrawing()
	return touches, false
}

// ShowMenu implements ownerScreen.
func (w *window) ShowMenu(p *display.Menu) { w.scr.ShowMenu(p) }

// Close implements screen.
func (w *window) Close() {
	if w.evdev != nil {
		w.evdev.Close()
	}
	w.scr.Unload()
	rl.CloseWindow()
}
