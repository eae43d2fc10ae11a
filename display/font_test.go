package display

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unsafe"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/input"
	"ttr/maps"
)

// TestFontsHaveTheLetters checks that both faces, as loaded, draw every
// letter of the text they were loaded for (the three languages' letters
// and the city names) rather than raylib's '?' fallback, and that letters
// nobody asked for are not loaded.
func TestFontsHaveTheLetters(t *testing.T) {
	const (
		asked  = "ăâîșțĂÂÎȘȚ ñÑáéíóúüÁÉÍÓÚÜ¿¡ København München Zürich Montréal «»…"
		ascii  = "AZaz09 ?!+-.,:;'\"()[]{}<>/\\|_~@#$%^&*=`"
		absent = "şţÿŁőĐ€→"
	)
	for _, face := range []FontFace{Sans, Bold} {
		onMain(func() {
			f := LoadFont(face, 16, asked)
			defer f.Unload()
			if f.Texture.ID == 0 {
				t.Fatalf("face %d: no texture", face)
			}
			for _, r := range asked + ascii + codeRunes {
				if got := rl.GetGlyphInfo(f.Font, r).Value; got != r {
					t.Errorf("face %d: %q draws as %q", face, r, got)
				}
			}
			for _, r := range absent {
				if got := rl.GetGlyphInfo(f.Font, r).Value; got != '?' {
					t.Errorf("face %d: %q, asked for by no text, is loaded (draws as %q), want '?'", face, r, got)
				}
			}
		})
	}
}

func TestCodepoints(t *testing.T) {
	for _, tc := range []struct {
		name  string
		extra []string
		has   string
		not   string
		count int // 95 printable ASCII + codeRunes + the new letters of extra
	}{
		{name: "none", has: "a~ ?–", not: "é\x7f\u00a0", count: 96},
		{name: "cities", extra: []string{"München", "Zürich", "København"}, has: "üø", not: "ÜØé", count: 98},
		{name: "repeats", extra: []string{"ășț", "ășț", "aa–"}, has: "ășț", count: 99},
		{name: "control", extra: []string{"a\nb\tc\u00ad☃"}, has: "☃", not: "\n\t\u00ad", count: 97},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cps := Codepoints(tc.extra...)
			seen := map[rune]bool{}
			for _, r := range cps {
				if seen[r] {
					t.Errorf("%q loaded twice", r)
				}
				seen[r] = true
			}
			for _, r := range tc.has {
				if !seen[r] {
					t.Errorf("%q not loaded", r)
				}
			}
			for _, r := range tc.not {
				if seen[r] {
					t.Errorf("%q loaded, want not", r)
				}
			}
			if len(cps) != tc.count {
				t.Errorf("got %d codepoints, want %d", len(cps), tc.count)
			}
		})
	}
}

// TestTableFontsCarryOnlyShownLetters checks the fonts NewScreen loads
// (each face's atlas as it is rasterised on first use): every glyph in them is one the table can show (printable ASCII, the
// display's own symbols, a catalogue letter or a city name's), every such
// letter is there, and the CPU copies of the glyphs' pixels were freed.
// Each glyph costs atlas memory at each of the 20 face sizes.
func TestTableFontsCarryOnlyShownLetters(t *testing.T) {
	cat := catalog(t)
	shown := map[rune]bool{}
	for r := rune(0x20); r <= 0x7e; r++ {
		shown[r] = true
	}
	// The catalogue's letters, and the name keyboard's (a name is shown
	// as typed).
	for _, r := range codeRunes + string(cat.Runes()) + input.NameLetters {
		shown[r] = true
	}
	for _, id := range maps.Maps() {
		for _, c := range mustMap(t, id).Cities {
			for _, r := range c.Name {
				shown[r] = true
			}
		}
	}
	// Guard against the blanket ranges coming back: the three languages
	// and the city names need a few dozen letters beyond ASCII, not
	// hundreds.
	if extra := len(shown) - 95; extra > 60 {
		t.Errorf("%d letters beyond ASCII to load; expected a few dozen", extra)
	}
	onMain(func() {
		s, err := NewScreen(cat, ScreenOpts{Width: 800, Height: 480, Seats: fourEdges})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Unload()
		for i, px := range s.fonts.sizes {
			for _, f := range []*face{s.fonts.sans[i], s.fonts.bold[i]} {
				f.load()
				glyphs := unsafe.Slice(f.Chars, f.CharsCount)
				if len(glyphs) != len(shown) {
					t.Errorf("font at %.0f px: got %d glyphs, want %d", px, len(glyphs), len(shown))
				}
				for _, g := range glyphs {
					if !shown[rune(g.Value)] {
						t.Errorf("font at %.0f px has %q, which the table never shows", px, rune(g.Value))
					}
					if g.Image.Data != nil {
						t.Errorf("font at %.0f px keeps the pixels of %q in RAM", px, rune(g.Value))
					}
				}
			}
		}
	})
}

// TestCodeRunesCoverTheSource checks that every letter beyond ASCII in a
// string literal of the display's own code (not a message, not a city
// name) is one Codepoints always loads, so the display never draws '?'.
func TestCodeRunesCoverTheSource(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	loaded := map[rune]bool{}
	for _, r := range Codepoints() {
		loaded[r] = true
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || (lit.Kind != token.STRING && lit.Kind != token.CHAR) {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Errorf("%s: %v", fset.Position(lit.Pos()), err)
				return true
			}
			for _, r := range s {
				if r > unicode.MaxASCII && unicode.IsPrint(r) && !loaded[r] {
					t.Errorf("%s: %q is drawn by the code but not in codeRunes", fset.Position(lit.Pos()), r)
				}
			}
			return true
		})
	}
}

// TestFontMetricsMatchRaylib checks that the advances and letters read
// from the embedded fonts' metrics are exactly those raylib measures once
// it has rasterised them, at the table's sizes and beyond, for every
// letter of Latin-1 and Latin Extended-A and a few odd ones (combining,
// blank, absent, outside the BMP): text is fitted with the metrics, so any
// difference would move the table's words.
func TestFontMetricsMatchRaylib(t *testing.T) {
	var cps []rune
	for r := rune(0x20); r <= 0x24f; r++ {
		cps = append(cps, r)
	}
	cps = append(cps, []rune("‘’“”–—…•×→←↑↓€☃\u0301\u0327\u00a0\u2009\u200b\u3000\ufb01\U0001F600\U0001D400")...)
	for _, ff := range []FontFace{Sans, Bold} {
		m, err := parseTTF(ttfOf(ff))
		if err != nil {
			t.Fatal(err)
		}
		for _, size := range []int{8, 12, 13, 27, 29, 41, 47, 63, 77, 95, 120} {
			onMain(func() {
				// raylib warns of the letters the fonts lack and of the
				// tall ones at 8 px, on purpose here.
				rl.SetTraceLogLevel(rl.LogError)
				defer rl.SetTraceLogLevel(rl.LogWarning)
				f := loadFont(ff, size, cps)
				defer f.Unload()
				for _, r := range cps {
					g := rl.GetGlyphInfo(f.Font, r)
					has := g.Value == r
					want := float32(g.AdvanceX)
					if want == 0 {
						want = rl.GetGlyphAtlasRec(f.Font, r).Width + float32(g.OffsetX)
					}
					got, ok := m.advance(r, size)
					if ok != has {
						t.Errorf("face %d at %d px: %U: metrics say it exists %v, raylib %v", ff, size, r, ok, has)
						continue
					}
					if has && got != want {
						t.Errorf("face %d at %d px: %U advances %v, raylib %v", ff, size, r, got, want)
					}
				}
			})
		}
	}
}

// TestFacesRasteriseOnFirstDraw checks that making the table's fonts
// rasterises nothing, and drawing in a face rasterises that face alone.
func TestFacesRasteriseOnFirstDraw(t *testing.T) {
	onMain(func() {
		fs := loadFonts(2.25, string(catalog(t).Runes()), "Zürich")
		defer fs.unload()
		loaded := func() (n int) {
			for i := range fs.sizes {
				for _, f := range []*face{fs.sans[i], fs.bold[i]} {
					if f.Texture.ID != 0 {
						n++
					}
				}
			}
			return n
		}
		if n := loaded(); n != 0 {
			t.Fatalf("got %d atlases after loadFonts, want 0", n)
		}
		f := fs.face(true, 36*2.25)
		f.text([]rune("Zürich"), rl.Vector2{}, f.Size, rl.White)
		f.text([]rune("București"), rl.Vector2{}, f.Size, rl.White)
		fs.q.items, fs.q.runes = fs.q.items[:0], fs.q.runes[:0]
		if n := loaded(); n != 1 || f.Texture.ID == 0 {
			t.Errorf("got %d atlases after drawing in one face (its own: %v), want 1", n, f.Texture.ID != 0)
		}
		if got := rl.GetGlyphInfo(f.Font.Font, 'ü').Value; got != 'ü' {
			t.Errorf("the face drawn has no ü (draws %q)", got)
		}
	})
}

// TestAtlasMatchesRaylibs checks the atlas loadFont packs against the one
// raylib's LoadFontFromMemory builds for the same letters: the same
// glyphs, metrics and margins, every glyph's pixels and margin the same,
// in a texture no larger. Text drawn from either is the same.
func TestAtlasMatchesRaylibs(t *testing.T) {
	cps := Codepoints("ăâîșț ñáéíóúü¡ København München Zürich", codeRunes)
	for _, ff := range []FontFace{Sans, Bold} {
		for _, size := range []int{12, 29, 95} {
			onMain(func() {
				got := loadFont(ff, size, cps)
				defer got.Unload()
				want := rl.LoadFontFromMemory(".ttf", ttfOf(ff), int32(size), cps)
				defer rl.UnloadFont(want)
				if got.BaseSize != want.BaseSize || got.CharsCount != want.CharsCount || got.CharsPadding != want.CharsPadding {
					t.Fatalf("face %d at %d px: got size %d, %d glyphs, padding %d; want %d, %d, %d", ff, size,
						got.BaseSize, got.CharsCount, got.CharsPadding, want.BaseSize, want.CharsCount, want.CharsPadding)
				}
				if ga, wa := got.Texture.Width*got.Texture.Height, want.Texture.Width*want.Texture.Height; ga > wa {
					t.Errorf("face %d at %d px: atlas %dx%d, larger than raylib's %dx%d", ff, size,
						got.Texture.Width, got.Texture.Height, want.Texture.Width, want.Texture.Height)
				}
				gi, wi := rl.LoadImageFromTexture(got.Texture), rl.LoadImageFromTexture(want.Texture)
				defer rl.UnloadImage(gi)
				defer rl.UnloadImage(wi)
				if gi.Format != rl.UncompressedGrayAlpha || wi.Format != rl.UncompressedGrayAlpha {
					t.Fatalf("atlas formats %v and %v, want gray+alpha", gi.Format, wi.Format)
				}
				gpix := unsafe.Slice((*byte)(gi.Data), gi.Width*gi.Height*2)
				wpix := unsafe.Slice((*byte)(wi.Data), wi.Width*wi.Height*2)
				at := func(pix []byte, img *rl.Image, x, y int) (gray, alpha byte) {
					if x < 0 || y < 0 || x >= int(img.Width) || y >= int(img.Height) {
						return 255, 0
					}
					i := 2 * (y*int(img.Width) + x)
					return pix[i], pix[i+1]
				}
				grecs, wrecs := unsafe.Slice(got.Recs, got.CharsCount), unsafe.Slice(want.Recs, want.CharsCount)
				gch, wch := unsafe.Slice(got.Chars, got.CharsCount), unsafe.Slice(want.Chars, want.CharsCount)
				for i := range gch {
					g, w := gch[i], wch[i]
					if g.Value != w.Value || g.OffsetX != w.OffsetX || g.OffsetY != w.OffsetY || g.AdvanceX != w.AdvanceX {
						t.Errorf("face %d at %d px: glyph %d is %+v, want %+v", ff, size, i, g, w)
					}
					gr, wr := grecs[i], wrecs[i]
					if gr.Width != wr.Width || gr.Height != wr.Height {
						t.Errorf("face %d at %d px: %q is %vx%v, want %vx%v", ff, size, rune(g.Value), gr.Width, gr.Height, wr.Width, wr.Height)
						continue
					}
					p := glyphPadding
				pixels:
					for y := -p; y < int(gr.Height)+p; y++ {
						for x := -p; x < int(gr.Width)+p; x++ {
							gg, ga := at(gpix, gi, int(gr.X)+x, int(gr.Y)+y)
							wg, wa := at(wpix, wi, int(wr.X)+x, int(wr.Y)+y)
							if gg != wg || ga != wa {
								t.Errorf("face %d at %d px: %q at %d,%d is gray %d alpha %d, want %d %d", ff, size, rune(g.Value), x, y, gg, ga, wg, wa)
								break pixels
							}
						}
					}
				}
			})
		}
	}
}
