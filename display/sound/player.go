package sound

import (
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strings"

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

// Set changes the volume and mute as o says (the owner's settings on the
// glass), from the next sound on: the sounds are loaded again at the new
// volume, the audio device opened when the table was muted and closed when
// it is muted now. Call it on the main thread.
func (p *Player) Set(o Opts) {
	p.Close()
	*p = *open(o, p.dev)
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
	if !outputPresent() {
		return false
	}
	rl.InitAudioDevice()
	return rl.IsAudioDeviceReady()
}

// outputPresent reports whether this machine may have somewhere to play
// sound. On Linux raylib's audio (miniaudio) tries a PulseAudio server,
// then ALSA; on a machine with neither a server nor a sound card (a
// simulator under Xvfb, a table without its speaker) alsa-lib prints some
// thirty "ALSA lib ..." lines to stderr before the open fails, and raylib
// has no way to silence them. So the device is opened only where there is
// a sound card in /proc/asound/cards, a PulseAudio or PipeWire server's
// socket, or an ALSA configuration of one's own (ALSA_CONFIG_PATH, which
// may define a device without a card); elsewhere the table plays silently
// and the log's one line says so, as after a failed open.
func outputPresent() bool {
	if runtime.GOOS != "linux" {
		return true
	}
	cards, err := os.ReadFile("/proc/asound/cards")
	exists := func(path string) bool { _, err := os.Stat(path); return err == nil }
	return audioOutput(cards, err, os.Getenv, exists)
}

// audioOutput is outputPresent's decision, from /proc/asound/cards (and
// the error reading it), the environment and which files exist.
func audioOutput(cards []byte, err error, getenv func(string) string, exists func(string) bool) bool {
	if err == nil && hasCard(cards) {
		return true
	}
	if getenv("ALSA_CONFIG_PATH") != "" || getenv("PULSE_SERVER") != "" || exists("/run/pulse/native") {
		return true
	}
	if d := getenv("XDG_RUNTIME_DIR"); d != "" && (exists(filepath.Join(d, "pulse", "native")) || exists(filepath.Join(d, "pipewire-0"))) {
		return true
	}
	return false
}

// hasCard reports whether /proc/asound/cards lists a card: a line that
// begins with its number and its id in brackets (" 0 [vc4hdmi0 ]: ...");
// a kernel without any says "--- no soundcards ---".
func hasCard(cards []byte) bool {
	for _, line := range strings.Split(string(cards), "\n") {
		f := strings.Fields(line)
		if len(f) > 1 && strings.Trim(f[0], "0123456789") == "" && strings.HasPrefix(f[1], "[") {
			return true
		}
	}
	return false
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
