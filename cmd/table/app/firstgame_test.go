package app

import (
	"strings"
	"testing"

	"ttr/engine"
	"ttr/input"
	"ttr/maps"
)

// TestHeaderFirstGame: a header keeps first-game mode, so that a game
// resumed after a power cut goes on telling each rule the first time it
// applies; a header without it (off, or written before it existed) reads
// as off.
func TestHeaderFirstGame(t *testing.T) {
	s, err := engine.NewGame(maps.Europe(), engine.Opts{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, on := range []bool{true, false} {
		setup := input.Setup{Lang: "ro", Map: "europe", First: 0, FirstGame: on, Seats: []input.SeatSetup{
			{Playing: true, Color: input.Red}, {Playing: true, Color: input.Blue},
		}}
		data, err := encodeHeader(setup, s, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(string(data), `"first_game"`); got != on {
			t.Errorf("first game %v: header %s", on, data)
		}
		h, err := ParseHeader(data)
		if err != nil {
			t.Fatal(err)
		}
		got, err := h.Setup()
		if err != nil {
			t.Fatal(err)
		}
		if got.FirstGame != on {
			t.Errorf("first game %v: read back %v", on, got.FirstGame)
		}
	}
}
