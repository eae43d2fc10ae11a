package main

import (
	"log/slog"
	"reflect"

	"ttr/display/sound"
	"ttr/hal/config"
	"ttr/hal/storage"
	"ttr/input"
)

// keeper writes the start screen's choices back into the config file when
// a game starts, so that the table's language and map, each seat's colour
// and the players' names are there again at the next boot. It writes only
// between games (when one starts, never during one), and only into a
// config that reads without problems: a file with mistakes is the owner's
// to fix, never overwritten.
type keeper struct {
	fsys  storage.FS
	path  string
	saved config.Settings // what the file holds
	log   *slog.Logger
}

// newKeeper returns the keeper of the config at path, read as cr; nil
// when cr has problems (nothing is written into such a file).
func newKeeper(fsys storage.FS, path string, cr config.Result, log *slog.Logger) *keeper {
	if len(cr.Problems) > 0 {
		return nil
	}
	return &keeper{fsys: fsys, path: path, saved: config.SettingsOf(cr.Config), log: log}
}

// started saves s, the set-up of the game that has just started, when it
// differs from what the file holds.
func (k *keeper) started(s input.Setup) {
	if k == nil {
		return
	}
	next := k.saved
	next.Language, next.Map = s.Lang, s.Map
	next.Seats = append([]config.SeatSettings(nil), k.saved.Seats...)
	for i, seat := range s.Seats {
		if i < len(next.Seats) {
			next.Seats[i] = config.SeatSettings{Color: seat.Color.String(), Name: seat.Name}
		}
	}
	if reflect.DeepEqual(next, k.saved) {
		return
	}
	if err := config.Save(k.fsys, k.path, next); err != nil {
		k.log.Warn("settings not written to the config", "file", k.path, "err", err)
		return
	}
	k.saved = next
	k.log.Info("settings written to the config", "file", k.path, "language", next.Language, "map", next.Map)
}

// applySettings puts the owner's settings, just written to the config, to
// work at once: the start screen shows the language, map, colours and
// names (the menu opens only from it), and the sounds play at the new
// volume, or not at all when muted. A setting the table cannot show (a
// colour two seats would share) waits for the next boot, as in the file.
func (l *loop) applySettings(s config.Settings) {
	if p, ok := l.speaker.(*sound.Player); ok {
		p.Set(sound.Opts{Volume: s.Sound.Volume, Mute: s.Sound.Mute, Log: l.log})
	}
	v := l.app.View()
	d := input.Defaults{Lang: s.Language, Map: s.Map}
	for i, seat := range v.Seats {
		c, name := seat.Color, ""
		if n, ok := seat.Name.Args["Name"].(string); ok {
			name = n
		}
		if i < len(s.Seats) {
			if pc, ok := input.ParseColor(s.Seats[i].Color); ok {
				c = pc
			}
			name = s.Seats[i].Name
		}
		d.Colors, d.Names = append(d.Colors, c), append(d.Names, name)
	}
	if err := l.app.Table().SetDefaults(d); err != nil {
		l.log.Warn("settings written to the config are shown at the next boot", "err", err)
	}
}
