package msg

import "testing"

func BenchmarkText(b *testing.B) {
	c, err := Load()
	if err != nil {
		b.Fatal(err)
	}
	plain := Text{Key: "panel.trains_left"}
	progress := Text{Key: "prompt.claim_progress", Args: map[string]any{
		"Have": 2, CountArg: 3, "Color": Text{Key: "color.red", Args: map[string]any{CountArg: 3}},
	}}
	b.Run("plain", func(b *testing.B) {
		for b.Loop() {
			c.Text(RO, plain)
		}
	})
	b.Run("plural+nested", func(b *testing.B) {
		for b.Loop() {
			c.Text(RO, progress)
		}
	})
}

func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := Load(); err != nil {
			b.Fatal(err)
		}
	}
}
