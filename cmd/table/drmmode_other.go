//go:build !drm

package main

import (
	"errors"
	"log/slog"
)

// displaySize is the configured size on a desktop, where the window
// system, not the table, sets the display's mode.
func displaySize(width, height int, _ *slog.Logger) (int, int) { return width, height }

// panelMM has no panel to ask on a desktop: the window system owns it.
func panelMM() (int, int, error) {
	return 0, 0, errors.New("display: no DRM panel on a desktop build")
}
