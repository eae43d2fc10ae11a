package haltest_test

import (
	"slices"
	"testing"

	"ttr/hal"
	"ttr/hal/haltest"
)

func TestSpeakerRecords(t *testing.T) {
	var s haltest.Speaker
	if got := s.Played(); len(got) != 0 {
		t.Fatalf("a new speaker played %v", got)
	}
	s.Play(hal.SoundScan)
	s.Play(hal.SoundClaim)
	s.Play(hal.SoundScan)
	if got, want := s.Played(), []hal.Sound{hal.SoundScan, hal.SoundClaim, hal.SoundScan}; !slices.Equal(got, want) {
		t.Errorf("played %v, want %v", got, want)
	}
	s.Reset()
	if got := s.Played(); len(got) != 0 {
		t.Errorf("after Reset: played %v", got)
	}
}

func TestSoundNames(t *testing.T) {
	seen := map[string]bool{}
	for s := hal.Sound(1); s <= hal.NumSounds; s++ {
		n := s.String()
		if n == "unknown" || seen[n] {
			t.Errorf("sound %d is named %q", s, n)
		}
		seen[n] = true
	}
	if n := hal.Sound(hal.NumSounds + 1).String(); n != "unknown" {
		t.Errorf("sound %d is named %q, want unknown", hal.NumSounds+1, n)
	}
}
