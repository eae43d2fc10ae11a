package display

import (
	"testing"

	rl "github.com/gen2brain/raylib-go/raylib"
)

// TestFontsHaveTheLetters checks that both faces, as loaded, draw every
// letter the table's three languages and the city names need, rather than
// raylib's '?' fallback.
func TestFontsHaveTheLetters(t *testing.T) {
	const text = "ăâîșțĂÂÎȘȚşţ ñÑáéíóúüÁÉÍÓÚÜ¿¡ København München Zürich Montréal «»–…"
	for _, face := range []FontFace{Sans, Bold} {
		onMain(func() {
			f := LoadFont(face, 16)
			defer f.Unload()
			if f.Texture.ID == 0 {
				t.Fatalf("face %d: no texture", face)
			}
			for _, r := range text {
				if r == ' ' {
					continue
				}
				if got := rl.GetGlyphInfo(f.Font, r).Value; got != r {
					t.Errorf("face %d: %q draws as %q", face, r, got)
				}
			}
		})
	}
}

func TestCodepointsHaveNoDuplicates(t *testing.T) {
	seen := map[rune]bool{}
	for _, r := range Codepoints("München", "Zürich", "☃") {
		if seen[r] {
			t.Errorf("%q loaded twice", r)
		}
		seen[r] = true
	}
	for _, r := range "ășțñ¿☃" {
		if !seen[r] {
			t.Errorf("%q not loaded", r)
		}
	}
}
