package sound

import (
	"encoding/binary"
	"math"

	"ttr/hal"
)

// SampleRate is the sounds' rate in samples per second: enough for notes up
// to 2 kHz and their first harmonics, and a quarter of the memory of 44.1
// kHz stereo.
const SampleRate = 22050

// peak is the loudest sample of every sound, as a fraction of full scale:
// headroom so that two sounds played together hardly clip.
const peak = 0.8

// note is one voice of a sound: a tone starting at start seconds, lasting
// dur, at frequency freq (Hz) sliding linearly to to (0: no slide), with
// partials of the tone (multiples of freq and their amplitudes), an attack
// and an exponential decay (seconds for the envelope to fall by e; 0: held
// flat, faded only at its end), and tremolo (Hz, 0 for none).
type note struct {
	start, dur float64
	freq, to   float64
	partials   []partial
	attack     float64
	decay      float64
	tremolo    float64
	gain       float64
}

type partial struct{ mult, amp float64 }

var (
	pure   = []partial{{1, 1}}
	bright = []partial{{1, 1}, {2, 0.3}, {3, 0.1}}
	buzz   = []partial{{1, 1}, {3, 0.45}, {5, 0.25}, {7, 0.12}}
	// bell has a struck bell's inharmonic partials (hum, prime, tierce,
	// nominal ratios of a minor-third bell, approximately).
	bell = []partial{{1, 1}, {2, 0.5}, {2.4, 0.35}, {3, 0.2}, {4.07, 0.15}}
)

// designs are the notes of each sound (see the package documentation).
var designs = [hal.NumSounds + 1][]note{
	hal.SoundScan: {
		{dur: 0.08, freq: 1568, partials: bright, attack: 0.003, decay: 0.025, gain: 1},
	},
	hal.SoundRefused: {
		{dur: 0.12, freq: 233, partials: buzz, attack: 0.005, gain: 1},
		{start: 0.16, dur: 0.16, freq: 185, partials: buzz, attack: 0.005, gain: 1},
	},
	hal.SoundClaim: {
		{dur: 0.12, freq: 523.25, partials: bright, attack: 0.004, decay: 0.08, gain: 0.8},
		{start: 0.1, dur: 0.12, freq: 659.25, partials: bright, attack: 0.004, decay: 0.08, gain: 0.8},
		{start: 0.2, dur: 0.3, freq: 783.99, partials: bright, attack: 0.004, decay: 0.15, gain: 1},
	},
	hal.SoundTunnel: {
		{dur: 0.32, freq: 98, partials: buzz, attack: 0.02, tremolo: 14, gain: 0.6},
		{start: 0.04, dur: 0.24, freq: 300, to: 1200, partials: pure, attack: 0.02, gain: 0.7},
	},
	hal.SoundLastRound: {
		{dur: 0.35, freq: 880, partials: bell, attack: 0.002, decay: 0.12, gain: 1},
		{start: 0.32, dur: 0.4, freq: 880, partials: bell, attack: 0.002, decay: 0.14, gain: 1},
	},
	hal.SoundEnd: {
		{dur: 0.14, freq: 392, partials: bright, attack: 0.005, decay: 0.1, gain: 0.8},
		{start: 0.13, dur: 0.14, freq: 523.25, partials: bright, attack: 0.005, decay: 0.1, gain: 0.8},
		{start: 0.26, dur: 0.14, freq: 659.25, partials: bright, attack: 0.005, decay: 0.1, gain: 0.8},
		{start: 0.39, dur: 0.5, freq: 1046.5, partials: bright, attack: 0.01, decay: 0.3, gain: 1},
	},
}

// levels are the sounds' peaks relative to the others': the refusal's
// steady buzz would sound twice as loud as a blip at the same peak.
var levels = [hal.NumSounds + 1]float64{
	hal.SoundScan: 1, hal.SoundRefused: 0.65, hal.SoundClaim: 1, hal.SoundTunnel: 0.9, hal.SoundLastRound: 1, hal.SoundEnd: 1,
}

// fade is how long every note fades in and out at its ends at least, so
// that no sound clicks.
const fade = 0.004

// PCM returns sound s as 16-bit mono samples at SampleRate, nil for a sound
// the table does not have.
func PCM(s hal.Sound) []int16 {
	if s == 0 || int(s) >= len(designs) {
		return nil
	}
	notes := designs[s]
	end := 0.0
	for _, n := range notes {
		end = max(end, n.start+n.dur)
	}
	buf := make([]float64, int(math.Ceil(end*SampleRate)))
	for _, n := range notes {
		n.render(buf)
	}
	top := 0.0
	for _, v := range buf {
		top = max(top, math.Abs(v))
	}
	out := make([]int16, len(buf))
	if top == 0 {
		return out
	}
	for i, v := range buf {
		out[i] = int16(math.Round(v / top * peak * levels[s] * math.MaxInt16))
	}
	return out
}

// render adds the note to buf.
func (n note) render(buf []float64) {
	first := int(n.start * SampleRate)
	count := int(n.dur * SampleRate)
	phase := 0.0
	for i := 0; i < count && first+i < len(buf); i++ {
		t := float64(i) / SampleRate
		f := n.freq
		if n.to > 0 {
			f += (n.to - n.freq) * t / n.dur
		}
		phase += 2 * math.Pi * f / SampleRate
		v := 0.0
		for _, p := range n.partials {
			v += p.amp * math.Sin(p.mult*phase)
		}
		env := 1.0
		if n.attack > 0 && t < n.attack {
			env = t / n.attack
		}
		if n.decay > 0 {
			env *= math.Exp(-t / n.decay)
		}
		if left := n.dur - t; left < fade {
			env *= left / fade
		}
		if t < fade {
			env *= t / fade
		}
		if n.tremolo > 0 {
			env *= 0.7 + 0.3*math.Sin(2*math.Pi*n.tremolo*t)
		}
		buf[first+i] += n.gain * env * v
	}
}

// WAV returns samples (16-bit mono at rate) as a WAV file: the RIFF header,
// the "fmt " chunk of linear PCM and the "data" chunk.
func WAV(samples []int16, rate int) []byte {
	data := 2 * len(samples)
	b := make([]byte, 0, 44+data)
	le := binary.LittleEndian
	b = append(b, "RIFF"...)
	b = le.AppendUint32(b, uint32(36+data))
	b = append(b, "WAVE"...)
	b = append(b, "fmt "...)
	b = le.AppendUint32(b, 16)
	b = le.AppendUint16(b, 1) // linear PCM
	b = le.AppendUint16(b, 1) // mono
	b = le.AppendUint32(b, uint32(rate))
	b = le.AppendUint32(b, uint32(rate*2)) // bytes per second
	b = le.AppendUint16(b, 2)              // bytes per frame
	b = le.AppendUint16(b, 16)             // bits per sample
	b = append(b, "data"...)
	b = le.AppendUint32(b, uint32(data))
	for _, s := range samples {
		b = le.AppendUint16(b, uint16(s))
	}
	return b
}
