//go:build !linux

package main

import "log/slog"

// touchscreens reads touch screens from Linux's evdev only.
type touchscreens struct{}

func openTouchscreens(width, height int, log *slog.Logger) *touchscreens { return nil }

// Taps returns nothing.
func (ts *touchscreens) Taps() []touchPoint { return nil }

// Ready never receives.
func (ts *touchscreens) Ready() <-chan struct{} { return nil }

// Count returns 0.
func (ts *touchscreens) Count() int { return 0 }

// Close does nothing.
func (ts *touchscreens) Close() {}
