package main

import (
	"log/slog"
	"math"
	"strings"
	"testing"

	"ttr/display/board"
	"ttr/hal/config"
)

func TestChooseMode(t *testing.T) {
	// What qemu's virtio-gpu lists with xres=800,yres=480: the preferred
	// mode first, then the standard ones.
	virtio := []displayMode{
		{Width: 800, Height: 480, Refresh: 75, Preferred: true},
		{Width: 1024, Height: 768, Refresh: 60},
		{Width: 800, Height: 600, Refresh: 60},
		{Width: 640, Height: 480, Refresh: 60},
	}
	// An HDMI monitor: 1080p at 60 and 50 Hz, interlaced, and a taller mode
	// of the same width.
	hdmi := []displayMode{
		{Width: 1920, Height: 1200, Refresh: 60, Preferred: true},
		{Width: 1920, Height: 1080, Refresh: 50},
		{Width: 1920, Height: 1080, Refresh: 60, Interlaced: true},
		{Width: 1920, Height: 1080, Refresh: 59},
		{Width: 1280, Height: 720, Refresh: 60},
	}
	for _, tc := range []struct {
		name          string
		modes         []displayMode
		width, height int
		want          string
	}{
		{"exact size at a refresh other than 60 Hz, not a taller mode", virtio, 800, 480, "800x480@75 (preferred)"},
		{"exact size nearest 60 Hz, progressive", hdmi, 1920, 1080, "1920x1080@59"},
		{"no mode of the size: the preferred one", hdmi, 1366, 768, "1920x1200@60 (preferred)"},
		{"no preferred mode: the first progressive one", []displayMode{{Width: 720, Height: 576, Refresh: 50, Interlaced: true}, {Width: 640, Height: 480, Refresh: 60}}, 800, 480, "640x480@60"},
		{"only interlaced", []displayMode{{Width: 720, Height: 576, Refresh: 50, Interlaced: true}}, 800, 480, "720x576@50i"},
		{"of two exact ones the preferred", []displayMode{{Width: 800, Height: 480, Refresh: 60}, {Width: 800, Height: 480, Refresh: 65, Preferred: true}}, 800, 480, "800x480@65 (preferred)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, why, ok := chooseMode(tc.modes, tc.width, tc.height)
			if !ok || m.String() != tc.want {
				t.Fatalf("chooseMode(%dx%d) = %v (%s), %v; want %s", tc.width, tc.height, m, why, ok, tc.want)
			}
		})
	}
	if _, _, ok := chooseMode(nil, 800, 480); ok {
		t.Fatal("chooseMode of no modes is ok")
	}
}

// TestPanelPhysical: the panel's pixel size comes from the config, else
// from the panel's EDID when it has the pixels' shape, else from the
// default diagonal; the log line says which.
func TestPanelPhysical(t *testing.T) {
	hd := config.Screen{Width: 1920, Height: 1080}
	withMM := config.Screen{Width: 1920, Height: 1080, WidthMM: 344, HeightMM: 194}
	for _, tc := range []struct {
		name       string
		s          config.Screen
		edidW      int
		edidH      int
		mmPerPx    float64
		whyContain string
	}{
		{"the config's size, over the EDID's", withMM, 477, 268, 0.1792, "config's 344 x 194 mm"},
		{"the EDID's size", hd, 477, 268, 0.2481, "EDID"},
		{"no EDID size: 21.5 inches", hd, 0, 0, 0.2479, "neither the config nor the panel"},
		{"an EDID size of another shape: 21.5 inches", hd, 160, 160, 0.2479, "not the shape"},
		{"an EDID size under 2 cm: 21.5 inches", hd, 16, 9, 0.2479, "neither"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, why, _ := panelPhysical(tc.s, tc.edidW, tc.edidH)
			if math.Abs(p.MMPerPx-tc.mmPerPx) > 0.0001 || !strings.Contains(why, tc.whyContain) {
				t.Errorf("got %.4f mm per pixel (%s), want %.4f (...%s...)", p.MMPerPx, why, tc.mmPerPx, tc.whyContain)
			}
		})
	}
	// On a desktop build there is no panel to ask: the config's size, else
	// the default, and the log says so.
	var log strings.Builder
	p, _ := physicalSize(hd, slog.New(slog.NewTextHandler(&log, nil)))
	if p != board.PhysicalDiagonal(1920, 1080, board.DefaultDiagonalIn) || !strings.Contains(log.String(), "assumed") {
		t.Errorf("desktop: %v, log %q; want the default panel, said", p, log.String())
	}
}

// TestWindowPhysical: the screen is sized in millimetres only on the
// panel at the config's pixels whose size is known, never on a guess.
func TestWindowPhysical(t *testing.T) {
	withMM := config.Screen{Width: 1920, Height: 1080, WidthMM: 344, HeightMM: 194}
	for _, tc := range []struct {
		name         string
		s            config.Screen
		w, h         int
		edidW, edidH int
		want         float64 // mm per pixel, 0 unknown
	}{
		{"the config's millimetres", withMM, 1920, 1080, 0, 0, 0.1792},
		{"the panel's EDID", config.Screen{Width: 1920, Height: 1080}, 1920, 1080, 477, 268, 0.2481},
		{"a size only assumed", config.Screen{Width: 1920, Height: 1080}, 1920, 1080, 0, 0, 0},
		{"a window of another size", withMM, 1280, 720, 0, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := windowPhysical(tc.s, tc.w, tc.h, tc.edidW, tc.edidH).MMPerPx; math.Abs(got-tc.want) > 0.0001 {
				t.Errorf("%.4f mm per pixel, want %.4f", got, tc.want)
			}
		})
	}
}

// TestScreenNotesSayWhatThePanelIsTooSmallFor: a panel whose size is known
// (the config's millimetres) and too small for the seats is told on the
// start screen; one large enough, or whose size is only assumed, is not.
func TestScreenNotesSayWhatThePanelIsTooSmallFor(t *testing.T) {
	tests := []struct {
		name  string
		s     config.Screen
		seats int
		want  string // the first note's key, "" for none
	}{
		{"7 inch, 4 seats", config.Screen{Width: 800, Height: 480, WidthMM: 154, HeightMM: 86}, 4, "screen_size.strips"},
		{"7 inch, turned, 4 seats", config.Screen{Width: 800, Height: 480, WidthMM: 154, HeightMM: 86, Rotation: 90}, 4, "screen_size.strips"},
		{"32 inch, 4 seats", config.Screen{Width: 3840, Height: 2160, WidthMM: 708, HeightMM: 398}, 4, ""},
		{"size unknown", config.Screen{Width: 800, Height: 480}, 4, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, _, known := panelPhysical(tc.s, 0, 0)
			var seats []config.Seat
			for _, e := range []config.Edge{"bottom", "left", "top", "right", "bottom"}[:tc.seats] {
				seats = append(seats, config.Seat{Edge: e})
			}
			notes := screenNotes(tc.s, p, known, "europe", seats)
			got := ""
			if len(notes) > 0 {
				got = notes[0].Key
			}
			if got != tc.want {
				t.Errorf("notes %v, want first %q", notes, tc.want)
			}
		})
	}
}
