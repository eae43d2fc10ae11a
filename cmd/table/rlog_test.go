package main

import (
	"log/slog"
	"testing"

	rl "github.com/gen2brain/raylib-go/raylib"
)

func TestRaylibLine(t *testing.T) {
	for _, tc := range []struct {
		level rl.TraceLogLevel
		text  string
		want  slog.Level
		kept  bool
	}{
		{rl.LogInfo, "DISPLAY: Selected DRM connector mode 800x480 (800x480p@75)", slog.LevelInfo, true},
		{rl.LogInfo, "    > Renderer: llvmpipe (LLVM 15.0.6, 128 bits)", slog.LevelInfo, true},
		{rl.LogInfo, "    > Display size: 800 x 480", slog.LevelInfo, true},
		{rl.LogInfo, "TEXTURE: [ID 3] Texture loaded successfully", 0, false},
		{rl.LogInfo, "GL: Supported extensions count: 43", 0, false},
		{rl.LogDebug, "DISPLAY: anything", 0, false},
		{rl.LogWarning, "DISPLAY: Failed to open platform-gpu-card, trying card1", slog.LevelWarn, true},
		{rl.LogError, "SHADER: failed", slog.LevelError, true},
	} {
		got, ok := raylibLine(tc.level, tc.text)
		if ok != tc.kept || (ok && got.level != tc.want) {
			t.Errorf("raylibLine(%v, %q) = %v, %v; want level %v, kept %v", tc.level, tc.text, got, ok, tc.want, tc.kept)
		}
	}
}
