package display

import (
	_ "embed"
	"unicode"

	rl "github.com/gen2brain/raylib-go/raylib"
)

// The table's fonts ship in the binary (DejaVu, Bitstream Vera licence in
// fonts/LICENSE), so the Pi needs no font packages and every machine draws
// the same letters.
var (
	//go:embed fonts/DejaVuSans.ttf
	sansTTF []byte
	//go:embed fonts/DejaVuSansCondensed-Bold.ttf
	boldTTF []byte
)

// FontFace selects one of the embedded typefaces.
type FontFace uint8

// The embedded typefaces.
const (
	Sans FontFace = iota // DejaVu Sans: running text
	Bold                 // DejaVu Sans Condensed Bold: city names, headings
)

// A Font is a typeface rasterised at one pixel size. Text is crispest drawn
// at exactly Size; it is loaded for the letters of English, Spanish and
// Romanian (Latin-1 and Latin Extended-A, ș and ț with comma) plus any
// extra text given to LoadFont.
type Font struct {
	rl.Font
	Size float32
}

// LoadFont rasterises face at size pixels. It needs an open window (an
// OpenGL context); release the font with Unload.
func LoadFont(face FontFace, size int, extra ...string) Font {
	data := sansTTF
	if face == Bold {
		data = boldTTF
	}
	f := rl.LoadFontFromMemory(".ttf", data, int32(size), Codepoints(extra...))
	rl.SetTextureFilter(f.Texture, rl.FilterBilinear)
	return Font{Font: f, Size: float32(size)}
}

// Unload releases the font's texture.
func (f Font) Unload() { rl.UnloadFont(f.Font) }

// Codepoints returns the characters fonts are loaded with: printable ASCII,
// Latin-1, Latin Extended-A, Romanian ș ț Ș Ț, typographic quotes, dashes
// and the ellipsis, and every letter of extra.
func Codepoints(extra ...string) []rune {
	var cps []rune
	seen := map[rune]bool{}
	add := func(r rune) {
		if !seen[r] && unicode.IsPrint(r) {
			seen[r] = true
			cps = append(cps, r)
		}
	}
	for r := rune(0x20); r <= 0x7e; r++ {
		add(r)
	}
	for r := rune(0xa0); r <= 0x17f; r++ {
		add(r)
	}
	for _, r := range "ȘșȚț‘’“”–—…•×→←↑↓€" {
		add(r)
	}
	for _, s := range extra {
		for _, r := range s {
			add(r)
		}
	}
	return cps
}

// Measure returns the size of text drawn in f at size pixels.
func (f Font) Measure(text string, size float32) rl.Vector2 {
	return rl.MeasureTextEx(f.Font, text, size, spacing(size))
}

// spacing is the extra space between letters: none, DejaVu is spaced well.
func spacing(float32) float32 { return 0 }
