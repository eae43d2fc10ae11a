package sound

import (
	"log/slog"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/hal"
)

// Opts configure a Player (the config's "sound" settings).
type Opts struct {
	// Volume is the loudness from 0 (silent) to 100 (full scale).
	Volume int
	// Mute silences the table: the audio device is not even opened.
	Mute bool
	// Log receives the one line that says the table plays silently, and
	// why (nil: slog.Default()).
	Log *slog.Logger
}

// Player plays the table's sounds through raylib's audio device. It is a
// hal.Speaker. Without an audio device, or muted, it plays nothing.
type Player struct {
	dev    device
	open   bool                    // the device was opened: Close closes it
	loaded [hal.NumSounds + 1]bool // by sound
}

var _ hal.Speaker = (*Player)(nil)

// device is the audio device under a Player: raylib's, or a fake in the
// tests of what a Player does without one.
type device interface {
	// open initialises the device and reports whether it is ready.
	open() bool
	// load makes s playable from wav at volume (0-1), reporting success.
	load(s hal.Sound, wav []byte, volume float32) bool
	play(s hal.Sound)
	close()
}

// Open opens raylib's audio device and loads every sound at o.Volume. It
// never fails: a table without an audio device, or muted, runs silently and
// says so once in the log. Call it, Play and Close on the main thread.
func Open(o Opts) *Player { return open(o, &raylib{}) }

func open(o Opts, dev device) *Player {
	log := o.Log
	if log == nil {
		log = slog.Default()
	}
	p := &Player{dev: dev}
	if o.Mute || o.Volume <= 0 {
		log.Info("sound: muted in the config: the table plays no sound", "volume", o.Volume, "mute", o.Mute)
		return p
	}
	if !dev.open() {
		log.Warn("sound: no audio device: the table plays no sound (check the speaker or the HDMI audio, then restart)")
		return p
	}
	p.open = true
	vol := float32(min(o.Volume, 100)) / 100
	var failed []string
	for s := hal.Sound(1); s <= hal.NumSounds; s++ {
		if p.loaded[s] = dev.load(s, WAV(PCM(s), SampleRate), vol); !p.loaded[s] {
			failed = append(failed, s.String())
		}
	}
	if len(failed) > 0 {
		log.Warn("sound: some sounds could not be loaded and stay silent", "sounds", failed)
	}
	return p
}

// Play implements hal.Speaker.
func (p *Player) Play(s hal.Sound) {
	if int(s) < len(p.loaded) && p.loaded[s] {
		p.dev.play(s)
	}
}

// Playing reports whether the Player plays sounds at all (an audio device,
// not muted, at least one sound loaded).
func (p *Player) Playing() bool {
	for _, ok := range p.loaded {
		if ok {
			return true
		}
	}
	return false
}

// Close unloads the sounds and closes the audio device.
func (p *Player) Close() {
	if p.open {
		p.dev.close()
		p.open = false
	}
	p.loaded = [hal.NumSounds + 1]bool{}
}

// raylib is the device of raylib's audio (miniaudio).
type raylib struct {
	sounds [hal.NumSounds + 1]rl.Sound
	valid  [hal.NumSounds + 1]bool
}

func (r *raylib) open() bool {
	rl.InitAudioDevice()
	return rl.IsAudioDeviceReady()
}

func (r *raylib) load(s hal.Sound, wav []byte, volume float32) bool {
	w := rl.LoadWaveFromMemory(".wav", wav, int32(len(wav)))
	if !rl.IsWaveValid(w) {
		return false
	}
	snd := rl.LoadSoundFromWave(w)
	rl.UnloadWave(w)
	if !rl.IsSoundValid(snd) {
		return false
	}
	rl.SetSoundVolume(snd, volume)
	r.sounds[s], r.valid[s] = snd, true
	return true
}

func (r *raylib) play(s hal.Sound) { rl.PlaySound(r.sounds[s]) }

func (r *raylib) close() {
	for s, ok := range r.valid {
		if ok {
			rl.UnloadSound(r.sounds[s])
			r.valid[s] = false
		}
	}
	rl.CloseAudioDevice()
}
