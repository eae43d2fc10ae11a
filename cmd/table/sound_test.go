package main

import (
	"context"
	"testing"

	"ttr/hal"
	"ttr/hal/haltest"
)

// TestLoopPlaysSounds plays a bots' game through the loop with a recording
// speaker: the sounds the events call for reach it, the end last.
func TestLoopPlaysSounds(t *testing.T) {
	r := newLoopRig(t, 3)
	sp := &haltest.Speaker{}
	r.l.speaker = sp
	if err := r.l.run(context.Background()); err != nil {
		t.Fatal(err)
	}
	played := sp.Played()
	count := map[hal.Sound]int{}
	for _, s := range played {
		count[s]++
	}
	if len(played) == 0 || played[len(played)-1] != hal.SoundEnd || count[hal.SoundEnd] != 1 || count[hal.SoundLastRound] != 1 {
		t.Fatalf("sounds %v, want the last round once and the end once, last", count)
	}
	if count[hal.SoundScan] == 0 || count[hal.SoundClaim] == 0 {
		t.Errorf("sounds %v, want scans and claims", count)
	}
}
