package display

import (
	"cmp"
	_ "embed"
	"encoding/binary"
	"errors"
	"image/color"
	"math"
	"slices"
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
// catalogue's runes, the city names). Its atlas holds white letters whose
// alpha is their coverage, for raylib's default shader (DrawTextEx and
// the like). It needs an open window (an OpenGL context); release the
// font with Unload.
func LoadFont(face FontFace, size int, extra ...string) Font {
	return loadFont(face, size, Codepoints(extra...), atlasTinted)
}

// ttfOf returns the embedded TrueType data of face.
func ttfOf(face FontFace) []byte {
	if face == Bold {
		return boldTTF
	}
	return sansTTF
}

// glyphPadding is the empty margin around each glyph in an atlas, and the
// margin raylib draws each glyph's quad with (Font.CharsPadding). A
// bilinear sample reads the four texels nearest it, none a whole texel
// away, so a quad one texel wider than its glyph on every side covers
// every pixel the glyph tints, at any size, place or angle, and a glyph
// one empty texel away from its neighbour's never reads the neighbour's.
// raylib's loader leaves 4 (FONT_TTF_DEFAULT_CHARS_PADDING): the same
// drawn pixels, in atlases twice as large at the table's sizes.
const glyphPadding = 1

// An atlasFormat is how a font's atlas holds its glyphs' pixels.
type atlasFormat uint8

const (
	// atlasTinted holds white letters with their coverage as alpha (gray
	// and alpha, 2 bytes a texel), for raylib's default shader, which
	// multiplies the text's colour by the texture's.
	atlasTinted atlasFormat = iota
	// atlasCoverage holds the coverage alone (1 byte a texel: half the
	// memory), for the coverage shader (text.go), which takes the text's
	// colour and multiplies its alpha by the coverage.
	atlasCoverage
)

// loadFont rasterises face at size pixels for the letters cps, into an
// atlas of the given format. raylib rasterises the glyphs; the atlas is
// packed here rather than by LoadFontFromMemory, which sizes it as a
// power of two square or half square from an estimate, two to three times
// the glyphs' area, with 4 texels of margin round each glyph. Here glyphs
// are packed on shelves, tallest first, into an atlas as tall as they
// need, with the one texel of margin drawing needs: the same glyphs,
// metrics and drawn pixels in a third of the texture memory, a sixth as
// coverage (the table's 20 faces at 1920x1080: 15.2 MB from raylib's
// loader, 7.2 MB packed here with 4 texels of margin, 2.6 MB as coverage
// with 1).
func loadFont(face FontFace, size int, cps []rune, format atlasFormat) Font {
	glyphs := rl.LoadFontData(ttfOf(face), int32(size), cps, int32(len(cps)), rl.FontDefault)
	if len(glyphs) == 0 {
		return Font{Font: rl.GetFontDefault(), Size: float32(size)} // as LoadFontFromMemory does
	}
	recs, w, h := packGlyphs(glyphs, glyphPadding)
	bpp, rlFormat := 2, rl.UncompressedGrayAlpha
	if format == atlasCoverage {
		bpp, rlFormat = 1, rl.UncompressedGrayscale
	}
	// The atlas and the rectangles are allocated by raylib, so that its
	// frees (UnloadImage here, UnloadFont later) release them. The
	// allocation is zeroed: no coverage anywhere.
	atlas := rl.Image{Data: rlAlloc(w * h * bpp), Width: int32(w), Height: int32(h), Mipmaps: 1, Format: rlFormat}
	pix := unsafe.Slice((*byte)(atlas.Data), w*h*bpp)
	if format == atlasTinted {
		for i := 0; i < len(pix); i += 2 {
			pix[i] = 255 // white: text is tinted by its alpha
		}
	}
	for i, g := range glyphs {
		gw, gh := int(g.Image.Width), int(g.Image.Height)
		if g.Image.Data == nil || gw == 0 || gh == 0 {
			continue
		}
		src := unsafe.Slice((*byte)(g.Image.Data), gw*gh)
		x0, y0 := int(recs[i].X), int(recs[i].Y)
		for y := range gh {
			line := src[y*gw : (y+1)*gw]
			row := pix[bpp*((y0+y)*w+x0):]
			if format == atlasCoverage {
				copy(row, line)
				continue
			}
			for x, a := range line {
				row[2*x+1] = a
			}
		}
	}
	tex := rl.LoadTextureFromImage(&atlas)
	rl.UnloadImage(&atlas)
	crecs := unsafe.Slice((*rl.Rectangle)(rlAlloc(len(recs)*int(unsafe.Sizeof(rl.Rectangle{})))), len(recs))
	copy(crecs, recs)
	f := rl.Font{
		BaseSize:     int32(size),
		CharsCount:   int32(len(glyphs)),
		CharsPadding: glyphPadding,
		Texture:      tex,
		Recs:         &crecs[0],
		Chars:        &glyphs[0],
	}
	dropGlyphImages(f)
	rl.SetTextureFilter(f.Texture, rl.FilterBilinear)
	return Font{Font: f, Size: float32(size)}
}

// packGlyphs places glyphs (each with pad pixels of margin) on shelves,
// tallest first, in an atlas whose width is the power of two nearest
// above the square root of their area (and at least the widest), and
// returns each glyph's rectangle (its pixels, inside the margin) and the
// atlas's size.
func packGlyphs(glyphs []rl.GlyphInfo, pad int) (recs []rl.Rectangle, w, h int) {
	order := make([]int, len(glyphs))
	area, widest := 0, 0
	for i, g := range glyphs {
		order[i] = i
		gw, gh := int(g.Image.Width)+2*pad, int(g.Image.Height)+2*pad
		area += gw * gh
		widest = max(widest, gw)
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(glyphs[b].Image.Height, glyphs[a].Image.Height) })
	w = 1
	for w*w < area || w < widest {
		w *= 2
	}
	recs = make([]rl.Rectangle, len(glyphs))
	x, y, shelf := 0, 0, 0
	for _, i := range order {
		gw, gh := int(glyphs[i].Image.Width), int(glyphs[i].Image.Height)
		if x+gw+2*pad > w {
			x, y, shelf = 0, y+shelf, 0
		}
		recs[i] = rl.Rectangle{X: float32(x + pad), Y: float32(y + pad), Width: float32(gw), Height: float32(gh)}
		x += gw + 2*pad
		shelf = max(shelf, gh+2*pad)
	}
	return recs, w, max(y+shelf, 1)
}

// rlAlloc returns at least n bytes, zeroed, allocated by raylib's
// allocator (RL_CALLOC, through GenImageColor: the cgo binding has no
// MemAlloc), for memory raylib frees with RL_FREE.
func rlAlloc(n int) unsafe.Pointer {
	return rl.GenImageColor((n+3)/4, 1, color.RGBA{}).Data
}

// dropGlyphImages frees the CPU copy raylib keeps of every glyph's pixels
// (for drawing text into an Image, which the table never does: it draws
// from the atlas texture). The images are zeroed, so UnloadFont's own free
// of each is free(NULL), a no-op. Not for raylib's default font, which
// raylib owns.
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

// ttfMetrics reads from a TrueType font what measuring text needs, without
// rasterising a glyph: which letters it has and how far each advances at a
// pixel size, computed exactly as raylib's loader (stb_truetype) computes
// them, so that the table's text can be fitted at every size while only
// the sizes it draws at are rasterised.
type ttfMetrics struct {
	data []byte
	// Offsets of the tables, in data.
	cmap, hmtx, loca, glyf int
	numHMetrics, numGlyphs int
	longLoca               bool
	height                 int // ascent - descent (hhea), font units
}

// parseTTF finds the tables of a TrueType font, choosing the character
// map stb_truetype chooses (the last Unicode one).
func parseTTF(data []byte) (*ttfMetrics, error) {
	m := &ttfMetrics{data: data}
	if len(data) < 12 {
		return nil, errors.New("display: font: too short")
	}
	tables := map[string]int{}
	for i := range int(m.u16(4)) {
		rec := 12 + 16*i
		if rec+16 > len(data) {
			return nil, errors.New("display: font: table directory cut short")
		}
		tables[string(data[rec:rec+4])] = int(m.u32(rec + 8))
	}
	for _, t := range []string{"cmap", "head", "hhea", "hmtx", "maxp", "loca", "glyf"} {
		if off, ok := tables[t]; !ok || off <= 0 || off >= len(data) {
			return nil, errors.New("display: font: no " + t + " table")
		}
	}
	m.hmtx, m.loca, m.glyf = tables["hmtx"], tables["loca"], tables["glyf"]
	hhea := tables["hhea"]
	m.height = int(int16(m.u16(hhea+4))) - int(int16(m.u16(hhea+6)))
	m.numHMetrics = int(m.u16(hhea + 34))
	m.numGlyphs = int(m.u16(tables["maxp"] + 4))
	switch m.u16(tables["head"] + 50) {
	case 0:
	case 1:
		m.longLoca = true
	default:
		return nil, errors.New("display: font: unknown loca format")
	}
	cmap := tables["cmap"]
	for i := range int(m.u16(cmap + 2)) {
		rec := cmap + 4 + 8*i
		platform, encoding := m.u16(rec), m.u16(rec+2)
		if platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10)) {
			m.cmap = cmap + int(m.u32(rec+4))
		}
	}
	if m.cmap == 0 {
		return nil, errors.New("display: font: no Unicode character map")
	}
	if f := m.u16(m.cmap); f != 4 && f != 12 {
		return nil, errors.New("display: font: character map format not 4 or 12")
	}
	if m.height <= 0 || m.numHMetrics == 0 {
		return nil, errors.New("display: font: bad horizontal metrics")
	}
	return m, nil
}

// u16 and u32 read big-endian numbers, 0 outside the data.
func (m *ttfMetrics) u16(off int) uint16 {
	if off < 0 || off+2 > len(m.data) {
		return 0
	}
	return binary.BigEndian.Uint16(m.data[off:])
}

func (m *ttfMetrics) u32(off int) uint32 {
	if off < 0 || off+4 > len(m.data) {
		return 0
	}
	return binary.BigEndian.Uint32(m.data[off:])
}

// glyph returns the glyph index of r, 0 if the font has none
// (stbtt_FindGlyphIndex, formats 4 and 12).
func (m *ttfMetrics) glyph(r rune) int {
	c := m.cmap
	if m.u16(c) == 12 {
		lo, hi := 0, int(m.u32(c+12))
		for lo < hi {
			mid := lo + (hi-lo)/2
			g := c + 16 + 12*mid
			switch start, end := m.u32(g), m.u32(g+4); {
			case uint32(r) < start:
				hi = mid
			case uint32(r) > end:
				lo = mid + 1
			default:
				return int(m.u32(g+8) + uint32(r) - start)
			}
		}
		return 0
	}
	if r < 0 || r > 0xffff {
		return 0
	}
	segs := int(m.u16(c+6)) / 2
	ends, starts := c+14, c+16+2*segs
	deltas, ranges := starts+2*segs, starts+4*segs
	// The first segment ending at or after r.
	lo, hi := 0, segs
	for lo < hi {
		mid := lo + (hi-lo)/2
		if rune(m.u16(ends+2*mid)) < r {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == segs {
		return 0
	}
	start := rune(m.u16(starts + 2*lo))
	if r < start {
		return 0
	}
	ro := ranges + 2*lo
	if off := m.u16(ro); off != 0 {
		// As stb_truetype: the glyph array's entry, without idDelta.
		return int(m.u16(ro + int(off) + 2*int(r-start)))
	}
	return int(uint16(int(r) + int(int16(m.u16(deltas+2*lo)))))
}

// advance returns how far r advances the pen at size pixels, as raylib
// measures it (MeasureTextEx): the glyph's advance width scaled and
// truncated; for a glyph whose advance is 0, its bitmap's width plus its
// offset; for one with no pixels but a space, its offset. ok is false if
// the font has no glyph for r.
func (m *ttfMetrics) advance(r rune, size int) (adv float32, ok bool) {
	g := m.glyph(r)
	if g <= 0 {
		return 0, false
	}
	scale := float32(size) / float32(m.height)
	i := min(g, m.numHMetrics-1)
	a := float32(int32(float32(int16(m.u16(m.hmtx+4*i))) * scale))
	if r == ' ' || r == '\u3000' {
		return a, true // raylib gives spaces their advance, pixels or not
	}
	x0, w, h := m.box(g, scale)
	switch {
	case w == 0 || h == 0:
		return float32(x0), true // no pixels: raylib leaves the advance 0
	case a == 0:
		return float32(w + x0), true
	}
	return a, true
}

// box returns the left edge and the size in pixels of glyph g's bitmap at
// scale (stbtt_GetGlyphBitmapBox): 0, 0, 0 for a glyph with no outline.
func (m *ttfMetrics) box(g int, scale float32) (x0, w, h int) {
	if g >= m.numGlyphs {
		return 0, 0, 0
	}
	var g1, g2 int
	if m.longLoca {
		g1, g2 = int(m.u32(m.loca+4*g)), int(m.u32(m.loca+4*g+4))
	} else {
		g1, g2 = 2*int(m.u16(m.loca+2*g)), 2*int(m.u16(m.loca+2*g+2))
	}
	if g1 == g2 {
		return 0, 0, 0
	}
	at := m.glyf + g1
	fu := func(off int) float32 { return float32(int16(m.u16(at + off))) }
	x0 = int(math.Floor(float64(fu(2) * scale)))
	y0 := int(math.Floor(float64(-fu(8) * scale)))
	x1 := int(math.Ceil(float64(fu(6) * scale)))
	y1 := int(math.Ceil(float64(-fu(4) * scale)))
	return x0, x1 - x0, y1 - y0
}
