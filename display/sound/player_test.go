package sound

import (
	"bytes"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/hal"
)

// fakeDevice records what a Player asks of its audio device.
type fakeDevice struct {
	ready   bool
	fail    hal.Sound // a sound whose load fails
	opened  int
	closed  int
	volumes map[hal.Sound]float32
	played  []hal.Sound
}

func (d *fakeDevice) open() bool { d.opened++; return d.ready }

func (d *fakeDevice) load(s hal.Sound, wav []byte, volume float32) bool {
	if d.volumes == nil {
		d.volumes = map[hal.Sound]float32{}
	}
	if s == d.fail || !bytes.HasPrefix(wav, []byte("RIFF")) {
		return false
	}
	d.volumes[s] = volume
	return true
}

func (d *fakeDevice) play(s hal.Sound) { d.played = append(d.played, s) }
func (d *fakeDevice) close()           { d.closed++ }

func logger(buf *bytes.Buffer) *slog.Logger { return slog.New(slog.NewTextHandler(buf, nil)) }

// TestPlayerPlays: with a device, every sound is loaded at the config's
// volume and played when asked.
func TestPlayerPlays(t *testing.T) {
	var buf bytes.Buffer
	d := &fakeDevice{ready: true}
	p := open(Opts{Volume: 40, Log: logger(&buf)}, d)
	if !p.Playing() {
		t.Fatal("not playing with a ready device")
	}
	for _, s := range allSounds() {
		if v := d.volumes[s]; v != 0.4 {
			t.Errorf("%s loaded at volume %v, want 0.4", s, v)
		}
	}
	p.Play(hal.SoundClaim)
	p.Play(hal.SoundScan)
	p.Play(0)
	p.Play(hal.NumSounds + 1)
	if want := []hal.Sound{hal.SoundClaim, hal.SoundScan}; !slices.Equal(d.played, want) {
		t.Errorf("played %v, want %v", d.played, want)
	}
	if buf.Len() != 0 {
		t.Errorf("logged %q with a working device", buf.String())
	}
	p.Close()
	p.Close()
	if d.closed != 1 {
		t.Errorf("device closed %d times, want once", d.closed)
	}
	p.Play(hal.SoundEnd)
	if len(d.played) != 2 {
		t.Errorf("played after Close: %v", d.played)
	}
}

// TestPlayerSettingsApplyAtOnce: the owner's volume and mute changed on
// the glass are heard from the next sound on: louder, silent (the device
// closed), and back again (the device opened anew).
func TestPlayerSettingsApplyAtOnce(t *testing.T) {
	d := &fakeDevice{ready: true}
	p := open(Opts{Volume: 40, Log: logger(&bytes.Buffer{})}, d)
	p.Set(Opts{Volume: 70, Log: logger(&bytes.Buffer{})})
	if v := d.volumes[hal.SoundClaim]; v != 0.7 {
		t.Errorf("after Set(70) a claim is loaded at volume %v, want 0.7", v)
	}
	p.Play(hal.SoundClaim)
	p.Set(Opts{Volume: 70, Mute: true, Log: logger(&bytes.Buffer{})})
	p.Play(hal.SoundScan)
	if p.Playing() || d.closed != 2 {
		t.Errorf("muted: playing %v, device closed %d times, want silent and closed", p.Playing(), d.closed)
	}
	p.Set(Opts{Volume: 30, Log: logger(&bytes.Buffer{})})
	p.Play(hal.SoundEnd)
	if want := []hal.Sound{hal.SoundClaim, hal.SoundEnd}; !slices.Equal(d.played, want) || d.volumes[hal.SoundEnd] != 0.3 {
		t.Errorf("played %v at volume %v, want %v at 0.3", d.played, d.volumes[hal.SoundEnd], want)
	}
}

// TestPlayerSilent: without an audio device, or muted, the table plays
// nothing and says so once in the log, however many sounds are asked for.
func TestPlayerSilent(t *testing.T) {
	tests := []struct {
		name   string
		opts   Opts
		ready  bool
		opened int
		says   string
	}{
		{"no audio device", Opts{Volume: 80}, false, 1, "no audio device"},
		{"muted", Opts{Volume: 80, Mute: true}, true, 0, "muted"},
		{"volume 0", Opts{Volume: 0}, true, 0, "muted"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			tc.opts.Log = logger(&buf)
			d := &fakeDevice{ready: tc.ready}
			p := open(tc.opts, d)
			for range 3 {
				for _, s := range allSounds() {
					p.Play(s)
				}
			}
			p.Close()
			if p.Playing() || len(d.played) != 0 || len(d.volumes) != 0 {
				t.Errorf("playing %v, played %v, loaded %v: want silence", p.Playing(), d.played, d.volumes)
			}
			if d.opened != tc.opened || d.closed != 0 {
				t.Errorf("device opened %d and closed %d times, want %d and 0", d.opened, d.closed, tc.opened)
			}
			lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
			if len(lines) != 1 || !strings.Contains(lines[0], tc.says) {
				t.Errorf("log %q, want one line saying %q", buf.String(), tc.says)
			}
		})
	}
}

// TestPlayerLoadFails: a sound that cannot be loaded stays silent, said
// once; the others play.
func TestPlayerLoadFails(t *testing.T) {
	var buf bytes.Buffer
	d := &fakeDevice{ready: true, fail: hal.SoundTunnel}
	p := open(Opts{Volume: 100, Log: logger(&buf)}, d)
	p.Play(hal.SoundTunnel)
	p.Play(hal.SoundEnd)
	if !slices.Equal(d.played, []hal.Sound{hal.SoundEnd}) {
		t.Errorf("played %v, want only end", d.played)
	}
	if n := strings.Count(buf.String(), "\n"); n != 1 || !strings.Contains(buf.String(), "tunnel") {
		t.Errorf("log %q, want one line naming the tunnel sound", buf.String())
	}
}

// TestRaylibAudio opens raylib's real audio device: either it is ready and
// every sound loads, plays and unloads, or the table says once that it
// plays silently. On a machine without a sound card, ALSA's null device
// (testdata/asound-null.conf) stands in for one, so that the sounds go
// through raylib's loading and playing all the same.
func TestRaylibAudio(t *testing.T) {
	if abs, err := filepath.Abs("testdata/asound-null.conf"); err == nil && os.Getenv("ALSA_CONFIG_PATH") == "" {
		if _, err := os.Stat("/dev/snd"); err != nil {
			t.Setenv("ALSA_CONFIG_PATH", abs)
		}
	}
	rl.SetTraceLogLevel(rl.LogWarning)
	var buf bytes.Buffer
	p := Open(Opts{Volume: 10, Log: logger(&buf)})
	defer p.Close()
	dev := p.dev.(*raylib)
	if !p.open {
		if !strings.Contains(buf.String(), "no audio device") || strings.Count(buf.String(), "\n") != 1 {
			t.Fatalf("no device, log %q: want one line saying so", buf.String())
		}
		t.Log("no audio device here: the silent path was taken")
		return
	}
	for _, s := range allSounds() {
		if !dev.valid[s] {
			t.Errorf("%s not loaded", s)
		}
		p.Play(s)
	}
	if buf.Len() != 0 {
		t.Errorf("logged %q with a working device", buf.String())
	}
	t.Log("audio device ready: every sound loaded and played")
}

// TestAudioOutput: the device is opened where a sound card, a sound
// server's socket or an ALSA configuration of one's own is found, and not
// on a machine with none of them (where alsa-lib would fill stderr before
// failing).
func TestAudioOutput(t *testing.T) {
	const pi = " 0 [vc4hdmi0       ]: vc4-hdmi - vc4-hdmi-0\n                      vc4-hdmi-0\n"
	const none = "--- no soundcards ---\n"
	for _, tc := range []struct {
		name  string
		cards string
		err   error
		env   map[string]string
		files []string
		want  bool
	}{
		{"a sound card", pi, nil, nil, nil, true},
		{"no card, nothing else", none, nil, nil, nil, false},
		{"no ALSA in the kernel", "", os.ErrNotExist, nil, nil, false},
		{"an empty runtime dir", none, nil, map[string]string{"XDG_RUNTIME_DIR": "/run/user/1000"}, nil, false},
		{"a PulseAudio socket", none, nil, map[string]string{"XDG_RUNTIME_DIR": "/run/user/1000"}, []string{"/run/user/1000/pulse/native"}, true},
		{"a PipeWire socket", none, nil, map[string]string{"XDG_RUNTIME_DIR": "/run/user/1000"}, []string{"/run/user/1000/pipewire-0"}, true},
		{"a system PulseAudio", "", os.ErrNotExist, nil, []string{"/run/pulse/native"}, true},
		{"a PulseAudio server named", none, nil, map[string]string{"PULSE_SERVER": "tcp:speaker"}, nil, true},
		{"an ALSA configuration", none, nil, map[string]string{"ALSA_CONFIG_PATH": "/etc/null.conf"}, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			getenv := func(k string) string { return tc.env[k] }
			exists := func(p string) bool { return slices.Contains(tc.files, p) }
			if got := audioOutput([]byte(tc.cards), tc.err, getenv, exists); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}
