//go:build !linux

package main

import "log/slog"

// touchscreens reads touch screens from Linux's evdev only.
type touchscreens struct{}

func openTouchscreens(width, height int, log *slog.Logger) *touchscreens { return nil }

// Taps returns nothing.
func (ts *touchscreens) Taps() []touchPoint { return nil }

// Close does nothing.
func (ts *touchscreens) Close() {}
