package display

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"image"
	"image/color"
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
				f := loadFont(ff, size, cps, atlasTinted)
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

// TestAtlasMatchesRaylibs checks the atlases loadFont packs, in both
// formats, against the one raylib's LoadFontFromMemory builds for the same
// letters: the same glyphs and metrics, every glyph's pixels the same and
// its margin empty, in a texture at most a third of raylib's bytes
// (tinted) or a sixth (coverage).
func TestAtlasMatchesRaylibs(t *testing.T) {
	cps := Codepoints("ăâîșț ñáéíóúü¡ København München Zürich", codeRunes)
	for _, ff := range []FontFace{Sans, Bold} {
		for _, size := range []int{12, 29, 95} {
			for _, format := range []atlasFormat{atlasTinted, atlasCoverage} {
				onMain(func() {
					got := loadFont(ff, size, cps, format)
					defer got.Unload()
					want := rl.LoadFontFromMemory(".ttf", ttfOf(ff), int32(size), cps)
					defer rl.UnloadFont(want)
					name := fmt.Sprintf("face %d at %d px, format %d", ff, size, format)
					if got.BaseSize != want.BaseSize || got.CharsCount != want.CharsCount || got.CharsPadding != glyphPadding {
						t.Fatalf("%s: got size %d, %d glyphs, padding %d; want %d, %d, %d", name,
							got.BaseSize, got.CharsCount, got.CharsPadding, want.BaseSize, want.CharsCount, glyphPadding)
					}
					gi, wi := rl.LoadImageFromTexture(got.Texture), rl.LoadImageFromTexture(want.Texture)
					defer rl.UnloadImage(gi)
					defer rl.UnloadImage(wi)
					gbpp, wantFormat := 2, rl.UncompressedGrayAlpha
					if format == atlasCoverage {
						gbpp, wantFormat = 1, rl.UncompressedGrayscale
					}
					if gi.Format != wantFormat || wi.Format != rl.UncompressedGrayAlpha {
						t.Fatalf("%s: atlas formats %v and raylib's %v, want %v and gray+alpha", name, gi.Format, wi.Format, wantFormat)
					}
					gbytes, wbytes := int(gi.Width*gi.Height)*gbpp, int(wi.Width*wi.Height)*2
					if gbytes*3 > wbytes*gbpp/2 {
						t.Errorf("%s: atlas %dx%d (%d bytes), want at most a third of raylib's %dx%d (%d bytes) at 2 bytes a texel, a sixth at 1",
							name, gi.Width, gi.Height, gbytes, wi.Width, wi.Height, wbytes)
					}
					gpix := unsafe.Slice((*byte)(gi.Data), gbytes)
					wpix := unsafe.Slice((*byte)(wi.Data), wbytes)
					// coverage returns the glyph's alpha at x, y of an atlas (0
					// outside), and whether the texel is white or coverage.
					coverage := func(pix []byte, img *rl.Image, bpp, x, y int) (alpha byte, white bool) {
						if x < 0 || y < 0 || x >= int(img.Width) || y >= int(img.Height) {
							return 0, true
						}
						i := bpp * (y*int(img.Width) + x)
						if bpp == 1 {
							return pix[i], true
						}
						return pix[i+1], pix[i] == 255
					}
					grecs, wrecs := unsafe.Slice(got.Recs, got.CharsCount), unsafe.Slice(want.Recs, want.CharsCount)
					gch, wch := unsafe.Slice(got.Chars, got.CharsCount), unsafe.Slice(want.Chars, want.CharsCount)
					for i := range gch {
						g, w := gch[i], wch[i]
						if g.Value != w.Value || g.OffsetX != w.OffsetX || g.OffsetY != w.OffsetY || g.AdvanceX != w.AdvanceX {
							t.Errorf("%s: glyph %d is %+v, want %+v", name, i, g, w)
						}
						gr, wr := grecs[i], wrecs[i]
						if gr.Width != wr.Width || gr.Height != wr.Height {
							t.Errorf("%s: %q is %vx%v, want %vx%v", name, rune(g.Value), gr.Width, gr.Height, wr.Width, wr.Height)
							continue
						}
						p := glyphPadding
					pixels:
						for y := -p; y < int(gr.Height)+p; y++ {
							for x := -p; x < int(gr.Width)+p; x++ {
								ga, white := coverage(gpix, gi, gbpp, int(gr.X)+x, int(gr.Y)+y)
								wa, _ := coverage(wpix, wi, 2, int(wr.X)+x, int(wr.Y)+y)
								if ga != wa || !white {
									t.Errorf("%s: %q at %d,%d has alpha %d (white %v), want %d", name, rune(g.Value), x, y, ga, white, wa)
									break pixels
								}
							}
						}
					}
				})
			}
		}
	}
}

// TestTextDrawsAsRaylibs draws the same words with raylib's own font
// (LoadFontFromMemory: 4 texels of margin, white letters with alpha,
// its default shader) and with the table's (1 texel of margin; a tinted
// atlas, and a coverage atlas through the text queue's shader), at the
// atlas's size on whole pixels as the table draws, and off them: between
// pixels, scaled up and down, turned a quarter and at a slant. Every
// pixel must come out within 1 of raylib's in each channel: the smaller
// atlases lose no sharpness.
func TestTextDrawsAsRaylibs(t *testing.T) {
	const w, h = 640, 640
	words := []rune("Zürich – București, ¿Quién? 1234 «Wg»")
	cps := Codepoints(string(words))
	type how struct {
		name  string
		pos   rl.Vector2
		scale float32
		angle float32
	}
	hows := []how{
		{"whole pixels", rl.Vector2{X: 12, Y: 20}, 1, 0},
		{"between pixels", rl.Vector2{X: 12.37, Y: 20.61}, 1, 0},
		{"larger", rl.Vector2{X: 12.5, Y: 20}, 1.31, 0},
		{"smaller", rl.Vector2{X: 12, Y: 20.25}, 0.83, 0},
		{"quarter turn", rl.Vector2{X: 10, Y: -400}, 1, 90},
		{"slant", rl.Vector2{X: 40.3, Y: 10.7}, 1, 11},
	}
	for _, ff := range []FontFace{Sans, Bold} {
		for _, size := range []int{27, 41} {
			onMain(func() {
				ref := rl.LoadFontFromMemory(".ttf", ttfOf(ff), int32(size), cps)
				defer rl.UnloadFont(ref)
				rl.SetTextureFilter(ref.Texture, rl.FilterBilinear)
				tinted := loadFont(ff, size, cps, atlasTinted)
				defer tinted.Unload()
				var q textQueue
				defer q.unload()
				if q.atlasFormat() != atlasCoverage {
					t.Fatal("the coverage shader did not compile")
				}
				cov := &face{Font: loadFont(ff, size, cps, atlasCoverage), q: &q}
				defer cov.unload()
				target := rlTarget(w, h)
				defer target.unload()
				shoot := func(draw func(pos rl.Vector2, px float32, col color.RGBA), hw how) *image.RGBA {
					target.begin()
					rl.PushMatrix()
					rl.Rotatef(hw.angle, 0, 0, 1)
					draw(hw.pos, float32(size)*hw.scale, color.RGBA{250, 240, 200, 255})
					draw(rl.Vector2{X: hw.pos.X, Y: hw.pos.Y + float32(size)*1.2}, float32(size)*hw.scale, color.RGBA{20, 30, 200, 170})
					rl.PopMatrix()
					target.end()
					return readTexture(target.rt.Texture, w, h)
				}
				for _, hw := range hows {
					want := shoot(func(pos rl.Vector2, px float32, col color.RGBA) {
						rl.DrawTextCodepoints(ref, words, pos, px, 0, col)
					}, hw)
					for _, c := range []struct {
						name string
						draw func(pos rl.Vector2, px float32, col color.RGBA)
					}{
						{"tinted", func(pos rl.Vector2, px float32, col color.RGBA) {
							rl.DrawTextCodepoints(tinted.Font, words, pos, px, 0, col)
						}},
						{"coverage", func(pos rl.Vector2, px float32, col color.RGBA) {
							cov.text(words, pos, px, col)
							q.flush()
						}},
					} {
						got := shoot(c.draw, hw)
						worst, at := 0, image.Point{}
						inked := 0
						for y := range h {
							for x := range w {
								g, r := got.RGBAAt(x, y), want.RGBAAt(x, y)
								if r != (color.RGBA{46, 58, 52, 255}) {
									inked++
								}
								for _, d := range []int{int(g.R) - int(r.R), int(g.G) - int(r.G), int(g.B) - int(r.B)} {
									if d < 0 {
										d = -d
									}
									if d > worst {
										worst, at = d, image.Point{X: x, Y: y}
									}
								}
							}
						}
						if inked < 1000 {
							t.Errorf("face %d at %d px, %s: only %d pixels inked: the words are off the picture", ff, size, hw.name, inked)
						}
						if worst > 1 {
							t.Errorf("face %d at %d px, %s, %s atlas: a pixel at %v differs by %d from raylib's font's", ff, size, hw.name, c.name, at, worst)
						}
					}
				}
			})
		}
	}
}

// BenchmarkTextAtlases rasterises every face of the table's text at
// 1920x1080 (the 10 sizes in both typefaces, for the three languages'
// letters and every map's city names) and reports the texture memory of
// their atlases, as the GPU holds them (atlas-MB), and what raylib's own
// loader would take for the same faces (raylib-atlas-MB).
func BenchmarkTextAtlases(b *testing.B) {
	extra, err := Letters(catalog(b))
	if err != nil {
		b.Fatal(err)
	}
	u := scaleOf(1920, 1080)
	raylib := 0
	onMain(func() {
		fs := loadFonts(u, extra...)
		for i := range fs.sizes {
			for _, f := range []*face{fs.sans[i], fs.bold[i]} {
				ref := rl.LoadFontFromMemory(".ttf", ttfOf(f.ff), int32(f.Size), f.cps)
				raylib += int(ref.Texture.Width*ref.Texture.Height) * 2
				rl.UnloadFont(ref)
			}
		}
	})
	b.ResetTimer()
	bytes := 0
	for range b.N {
		onMain(func() {
			fs := loadFonts(u, extra...)
			defer fs.unload()
			bytes = 0
			for i := range fs.sizes {
				for _, f := range []*face{fs.sans[i], fs.bold[i]} {
					f.load()
					bpp := 2
					if f.Texture.Format == rl.UncompressedGrayscale {
						bpp = 1
					}
					bytes += int(f.Texture.Width*f.Texture.Height) * bpp
				}
			}
		})
	}
	b.ReportMetric(float64(bytes)/1e6, "atlas-MB")
	b.ReportMetric(float64(raylib)/1e6, "raylib-atlas-MB")
}
