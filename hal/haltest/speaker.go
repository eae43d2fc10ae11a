package haltest

import (
	"slices"
	"sync"

	"ttr/hal"
)

// Speaker is a recording speaker: it plays nothing and remembers every
// sound, in order, as httptest.ResponseRecorder remembers a response.
type Speaker struct {
	mu     sync.Mutex
	played []hal.Sound
}

var _ hal.Speaker = (*Speaker)(nil)

// Play implements hal.Speaker.
func (s *Speaker) Play(snd hal.Sound) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.played = append(s.played, snd)
}

// Played returns the sounds played so far, in order.
func (s *Speaker) Played() []hal.Sound {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.played)
}

// Reset forgets the sounds played so far.
func (s *Speaker) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.played = nil
}
