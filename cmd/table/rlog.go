package main

import (
	"context"
	"log/slog"
	"strings"
	"sync/atomic"

	rl "github.com/gen2brain/raylib-go/raylib"
)

// raylib's log goes to the table's log (the journal on a table): its
// warnings and errors always, and while the screen opens (logRaylibOpen)
// the INFO lines that say which display device, mode and GL renderer it
// took, the first thing to read when a table's screen stays black or slow.
// Everything else raylib says at INFO is left out.

// raylibLog is the logger raylib's lines go to; nil before routeRaylibLog.
var raylibLog atomic.Pointer[slog.Logger]

// routeRaylibLog sends raylib's log to log from now on. raylib formats each
// line into 256 bytes before the callback sees it (raylib-go's
// utils_log.c), so only raylib's short lines should reach it: its level is
// WARNING but while the screen opens.
func routeRaylibLog(log *slog.Logger) {
	raylibLog.Store(log)
	rl.SetTraceLogCallback(func(level int, text string) {
		l := raylibLog.Load()
		if l == nil {
			return
		}
		if line, ok := raylibLine(rl.TraceLogLevel(level), text); ok {
			l.Log(context.Background(), line.level, "raylib: "+line.text)
		}
	})
	rl.SetTraceLogLevel(rl.LogWarning)
}

// logRaylibOpen lets raylib's INFO lines through until the returned
// function is called (after InitWindow).
func logRaylibOpen() (done func()) {
	rl.SetTraceLogLevel(rl.LogInfo)
	return func() { rl.SetTraceLogLevel(rl.LogWarning) }
}

type raylibLogLine struct {
	level slog.Level
	text  string
}

// raylibLine maps one raylib line to the table's log: warnings and errors
// as they are; of the INFO lines, those about the display and the GL
// device (DISPLAY: and its sizes, the GL device information and its
// Vendor, Renderer, Version and GLSL lines); none of the others.
func raylibLine(level rl.TraceLogLevel, text string) (raylibLogLine, bool) {
	text = strings.TrimSpace(text)
	switch {
	case level >= rl.LogError:
		return raylibLogLine{slog.LevelError, text}, true
	case level == rl.LogWarning:
		return raylibLogLine{slog.LevelWarn, text}, true
	case level != rl.LogInfo:
		return raylibLogLine{}, false
	}
	for _, p := range []string{"DISPLAY:", "> Display size:", "> Screen size:", "> Render size:", "> Viewport offsets:", "> Vendor:", "> Renderer:", "> Version:", "> GLSL:", "GL: OpenGL device information"} {
		if strings.HasPrefix(text, p) {
			return raylibLogLine{slog.LevelInfo, text}, true
		}
	}
	return raylibLogLine{}, false
}
