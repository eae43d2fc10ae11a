package display

import (
	_ "embed"
	"unicode"
	"unsafe"

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
// at exactly Size; it has the letters Codepoints gives for the extra text
// passed to LoadFont, and draws '?' for any other.
type Font struct {
	rl.Font
	Size float32
}

// LoadFont rasterises face at size pixels for the letters
// Codepoints(extra...) returns: pass every text the font will draw (the
// catalogue's runes, the city names). It needs an open window (an OpenGL
// context); release the font with Unload.
func LoadFont(face FontFace, size int, extra ...string) Font {
	data := sansTTF
	if face == Bold {
		data = boldTTF
	}
	f := rl.LoadFontFromMemory(".ttf", data, int32(size), Codepoints(extra...))
	if f.Texture.ID != rl.GetFontDefault().Texture.ID {
		dropGlyphImages(f)
	}
	rl.SetTextureFilter(f.Texture, rl.FilterBilinear)
	return Font{Font: f, Size: float32(size)}
}

// dropGlyphImages frees the CPU copy raylib keeps of every glyph's pixels
// after building the atlas (for drawing text into an Image, which the
// table never does: it draws from the atlas texture). At 1920x1080 they
// are several megabytes over the table's fonts. The images are zeroed, so
// UnloadFont's own free of each is free(NULL), a no-op. Not for raylib's
// default font, which raylib owns.
func dropGlyphImages(f rl.Font) {
	if f.Chars == nil || f.CharsCount <= 0 {
		return
	}
	glyphs := unsafe.Slice(f.Chars, f.CharsCount)
	for i := range glyphs {
		rl.UnloadImage(&glyphs[i].Image)
		glyphs[i].Image = rl.Image{}
	}
}

// Unload releases the font's texture.
func (f Font) Unload() { rl.UnloadFont(f.Font) }

// codeRunes are the letters the display draws itself, outside any message
// or city name: the en dash between a route's two cities (market) and
// before a failed ticket's points (end panels).
const codeRunes = "–"

// Codepoints returns the characters fonts are loaded with: printable ASCII
// (digits, signs, '?' which raylib draws for a missing letter), the few
// letters the display draws itself, and every printable letter of extra,
// each once. Nothing else: each glyph costs atlas memory and loading time
// at every size, so a language brings its letters through its catalogue
// (msg.Catalog.Runes) and a map through its city names.
func Codepoints(extra ...string) []rune {
	cps := make([]rune, 0, 128)
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
	for _, r := range codeRunes {
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
