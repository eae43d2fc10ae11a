package sound_test

import (
	"fmt"

	"ttr/display/sound"
	"ttr/hal"
)

// The sounds are made in Go: each is a short run of 16-bit samples.
func ExamplePCM() {
	for s := hal.Sound(1); s <= hal.NumSounds; s++ {
		pcm := sound.PCM(s)
		fmt.Printf("%-10s %3d ms\n", s, len(pcm)*1000/sound.SampleRate)
	}
	// Output:
	// scan        80 ms
	// refused    320 ms
	// claim      500 ms
	// tunnel     320 ms
	// last_round 720 ms
	// end        890 ms
}
