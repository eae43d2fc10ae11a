package owner

import (
	"slices"

	"ttr/hal/config"
	"ttr/hal/storage"
	"ttr/input"
)

// Message keys of the settings (the catalogue's owner_settings table).
const keySettings = "owner_settings."

func st(key string, args ...any) input.Text {
	t := ct("", args...)
	t.Key = keySettings + key
	return t
}

// SettingsEditor is the settings entry of the menu: the table's language
// and map, the sound, each seat's colour, the players' names kept between
// games (typed on the start screen; cleared here). Changes are kept in
// Settings until Save writes them into the config file on the boot
// partition (config.Save: atomic, the previous file kept as .bak).
type SettingsEditor struct {
	Settings config.Settings
	saved    config.Settings
}

// VolumeStep is how much a touch on - or + changes the volume.
const VolumeStep = 10

// NewSettingsEditor edits s, the settings the config file holds.
func NewSettingsEditor(s config.Settings) *SettingsEditor {
	e := &SettingsEditor{Settings: clone(s), saved: clone(s)}
	if e.Settings.Map == "" {
		e.Settings.Map = config.Maps[0]
	}
	return e
}

func clone(s config.Settings) config.Settings {
	s.Seats = slices.Clone(s.Seats)
	return s
}

// Changed reports whether there is anything to save.
func (e *SettingsEditor) Changed() bool {
	a, b := e.Settings, e.saved
	if b.Map == "" {
		b.Map = config.Maps[0]
	}
	return a.Language != b.Language || a.Map != b.Map || a.Sound != b.Sound || !slices.Equal(a.Seats, b.Seats)
}

// next returns the value after v in vs, round.
func next(vs []string, v string) string {
	return vs[(slices.Index(vs, v)+1)%len(vs)]
}

// NextLanguage, NextMap, ToggleMute and Volume change the table's
// settings.
func (e *SettingsEditor) NextLanguage() {
	e.Settings.Language = next(config.Languages, e.Settings.Language)
}

// NextMap: see NextLanguage.
func (e *SettingsEditor) NextMap() { e.Settings.Map = next(config.Maps, e.Settings.Map) }

// ToggleMute: see NextLanguage.
func (e *SettingsEditor) ToggleMute() { e.Settings.Sound.Mute = !e.Settings.Sound.Mute }

// Volume changes the volume by steps of VolumeStep, within 0 to 100.
func (e *SettingsEditor) Volume(steps int) {
	e.Settings.Sound.Volume = min(100, max(0, e.Settings.Sound.Volume+steps*VolumeStep))
}

// NextColor gives seat the next colour no other seat has.
func (e *SettingsEditor) NextColor(seat int) {
	if seat < 0 || seat >= len(e.Settings.Seats) {
		return
	}
	taken := map[string]bool{}
	for i, s := range e.Settings.Seats {
		if i != seat {
			taken[s.Color] = true
		}
	}
	c := e.Settings.Seats[seat].Color
	for range config.Colors {
		c = next(config.Colors, c)
		if !taken[c] {
			e.Settings.Seats[seat].Color = c
			return
		}
	}
}

// ClearName forgets the name kept for seat: the table calls its player by
// their colour until a name is typed again.
func (e *SettingsEditor) ClearName(seat int) {
	if seat >= 0 && seat < len(e.Settings.Seats) {
		e.Settings.Seats[seat].Name = ""
	}
}

// Lines are the settings as the screen lists them.
func (e *SettingsEditor) Lines() []input.Text {
	s := e.Settings
	sound := st("volume", "Volume", s.Sound.Volume)
	if s.Sound.Mute {
		sound = st("muted", "Volume", s.Sound.Volume)
	}
	ls := []input.Text{
		st("language", "Language", st("lang_"+s.Language)),
		st("map", "Map", input.Text{Key: keyMapName + s.Map}),
		sound,
	}
	for i, seat := range s.Seats {
		who := st("no_name")
		if seat.Name != "" {
			who = input.Text{Key: keyPlayerName, Args: map[string]any{"Name": seat.Name}}
		}
		ls = append(ls, st("seat", "Number", i+1, "Color", input.Text{Key: keyPlayerColor + seat.Color}, "Name", who))
	}
	return ls
}

// Save writes the settings into the config file at path on fsys and
// returns what to say: saved, nothing to save, or why not (a config with
// mistakes is never written: its problems are on the start screen).
func (e *SettingsEditor) Save(fsys storage.FS, path string) input.Text {
	if !e.Changed() {
		return st("unchanged")
	}
	if err := config.Save(fsys, path, e.Settings); err != nil {
		return st("not_saved", "Err", err.Error())
	}
	e.saved = clone(e.Settings)
	return st("saved")
}
