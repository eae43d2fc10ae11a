//go:build !drm

package main

import "log/slog"

// displaySize is the configured size on a desktop, where the window
// system, not the table, sets the display's mode.
func displaySize(width, height int, _ *slog.Logger) (int, int) { return width, height }
