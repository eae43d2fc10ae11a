package sound

import (
	"bytes"
	"encoding/binary"
	"math"
	"testing"

	"ttr/hal"
)

func allSounds() []hal.Sound {
	var out []hal.Sound
	for s := hal.Sound(1); s <= hal.NumSounds; s++ {
		out = append(out, s)
	}
	return out
}

// TestSoundsAreShortAndAudible measures each sound: between 50 ms and one
// second long, loud enough to hear over a family's talk (peak and RMS), no
// clipping, and no click where it starts or stops.
func TestSoundsAreShortAndAudible(t *testing.T) {
	for _, s := range allSounds() {
		t.Run(s.String(), func(t *testing.T) {
			pcm := PCM(s)
			dur := float64(len(pcm)) / SampleRate
			if dur < 0.05 || dur > 1 {
				t.Errorf("lasts %.3f s, want 0.05 to 1 s", dur)
			}
			var top, sum float64
			for _, v := range pcm {
				a := math.Abs(float64(v)) / math.MaxInt16
				top = max(top, a)
				sum += a * a
			}
			rms := math.Sqrt(sum / float64(len(pcm)))
			if top < 0.5 || top > 0.95 {
				t.Errorf("peak %.2f of full scale, want 0.5 to 0.95", top)
			}
			if rms < 0.05 {
				t.Errorf("RMS %.3f of full scale: too quiet", rms)
			}
			for _, end := range []struct {
				name string
				v    int16
			}{{"first", pcm[0]}, {"last", pcm[len(pcm)-1]}} {
				if a := math.Abs(float64(end.v)) / math.MaxInt16; a > 0.01 {
					t.Errorf("%s sample %.3f of full scale: it clicks", end.name, a)
				}
			}
			t.Logf("%s: %.0f ms, peak %.2f, RMS %.3f", s, dur*1000, top, rms)
		})
	}
	if PCM(0) != nil || PCM(hal.NumSounds+1) != nil {
		t.Errorf("PCM of a sound the table does not have is not nil")
	}
}

// spectrogram returns the magnitudes of frames of 512 samples at 48
// frequencies from 80 Hz to 8 kHz (Goertzel), frame after frame.
func spectrogram(pcm []int16) []float64 {
	const frame, bins = 512, 48
	var out []float64
	for start := 0; start < len(pcm); start += frame {
		for b := range bins {
			f := 80 * math.Pow(100, float64(b)/(bins-1))
			w := 2 * math.Pi * f / SampleRate
			coeff := 2 * math.Cos(w)
			var s1, s2 float64
			for i := start; i < start+frame && i < len(pcm); i++ {
				s0 := float64(pcm[i]) + coeff*s1 - s2
				s2, s1 = s1, s0
			}
			out = append(out, math.Sqrt(s1*s1+s2*s2-coeff*s1*s2))
		}
	}
	return out
}

// similarity is the cosine of two spectrograms, the shorter padded with
// silence: 1 for the same sound, near 0 for sounds with nothing in common.
func similarity(a, b []float64) float64 {
	var dot, na, nb float64
	for i := range max(len(a), len(b)) {
		var x, y float64
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		dot += x * y
		na += x * x
		nb += y * y
	}
	return dot / math.Sqrt(na*nb)
}

// TestSoundsAreDistinct: no two sounds have alike spectrograms (what is
// heard when), so that players tell them apart without looking.
func TestSoundsAreDistinct(t *testing.T) {
	const most = 0.6
	specs := map[hal.Sound][]float64{}
	for _, s := range allSounds() {
		specs[s] = spectrogram(PCM(s))
	}
	if sim := similarity(specs[hal.SoundClaim], specs[hal.SoundClaim]); math.Abs(sim-1) > 1e-9 {
		t.Fatalf("a sound's similarity with itself is %.3f, want 1", sim)
	}
	for _, a := range allSounds() {
		for _, b := range allSounds() {
			if a >= b {
				continue
			}
			sim := similarity(specs[a], specs[b])
			if sim > most {
				t.Errorf("%s and %s are alike: similarity %.2f, want at most %.2f", a, b, sim, most)
			}
			t.Logf("%s ~ %s: %.2f", a, b, sim)
		}
	}
}

// TestWAV reads back the header and the samples of a WAV file.
func TestWAV(t *testing.T) {
	pcm := []int16{0, 1, -1, math.MaxInt16, math.MinInt16}
	b := WAV(pcm, SampleRate)
	var h struct {
		Riff       [4]byte
		Size       uint32
		Wave, Fmt  [4]byte
		FmtSize    uint32
		Format     uint16
		Channels   uint16
		Rate       uint32
		ByteRate   uint32
		Align      uint16
		Bits       uint16
		Data       [4]byte
		DataSize   uint32
		SamplesOut [5]int16
	}
	if err := binary.Read(bytes.NewReader(b), binary.LittleEndian, &h); err != nil {
		t.Fatal(err)
	}
	if string(h.Riff[:]) != "RIFF" || string(h.Wave[:]) != "WAVE" || string(h.Fmt[:]) != "fmt " || string(h.Data[:]) != "data" {
		t.Errorf("chunk names %q %q %q %q", h.Riff, h.Wave, h.Fmt, h.Data)
	}
	if h.Size != uint32(len(b)-8) || h.FmtSize != 16 || h.Format != 1 || h.Channels != 1 || h.Rate != SampleRate ||
		h.ByteRate != 2*SampleRate || h.Align != 2 || h.Bits != 16 || h.DataSize != 10 {
		t.Errorf("header %+v", h)
	}
	if h.SamplesOut != [5]int16(pcm) {
		t.Errorf("samples %v, want %v", h.SamplesOut, pcm)
	}
	if len(b) != 44+10 {
		t.Errorf("%d bytes, want 54", len(b))
	}
}
