package main

import (
	"log/slog"

	"ttr/display/sound"
	"ttr/hal/config"
)

// openSpeaker opens the table's sounds at the config's volume, on the main
// thread as raylib wants. Without an audio device, or muted, the table runs
// silently and the log says so once.
func openSpeaker(cfg *config.Config, log *slog.Logger) *sound.Player {
	return sound.Open(sound.Opts{Volume: cfg.Sound.Volume, Mute: cfg.Sound.Mute, Log: log})
}
