package display

import (
	"cmp"
	"image/color"
	"math"
	"slices"
	"strings"
	"unicode"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/display/scene"
)

// Text sizes, in units of u (pixels on an 800x480 screen). minText is the
// smallest text the table ever draws: a 12 pixel letter on a 7" 800x480
// screen, 27 pixels on a 1920x1080 one.
const (
	minText     = 12
	lineSpacing = 1.17 // line height / font size
)

// textSteps are the sizes, in u, fonts are rasterised at: text is fitted
// into its box at the largest that fits, and is drawn crisp at it.
var textSteps = [...]float32{12, 13, 14, 16, 18, 21, 24, 28, 34, 42}

// A face is one typeface at one pixel size, with the advance of every
// letter it was loaded with, so that text is measured in Go without
// allocating. The advances come from the font's metrics; the glyphs are
// rasterised into an atlas only when the face first draws (load): text is
// fitted at every size, but a game draws at about half of them.
type face struct {
	Font                      // rl.Font zero until load
	ff       FontFace         // the typeface, for load
	cps      []rune           // the letters to rasterise (shared by a fonts' faces)
	adv      map[rune]float32 // advance at Font.Size
	fallback float32          // the advance of '?', which raylib draws for a missing letter
	q        *textQueue       // where text in this face is drawn (its fonts' queue)
}

func newFace(m *ttfMetrics, ff FontFace, size int, cps []rune) *face {
	fc := &face{Font: Font{Size: float32(size)}, ff: ff, cps: cps, adv: make(map[rune]float32, len(cps))}
	for _, r := range cps {
		if a, ok := m.advance(r, size); ok {
			fc.adv[r] = a
		}
	}
	fc.fallback = fc.adv['?']
	return fc
}

// load rasterises the face's atlas if it has not been: it needs the
// window, on the main OS thread.
func (f *face) load() {
	if f.Texture.ID == 0 {
		f.Font = loadFont(f.ff, int(f.Size), f.cps, f.q.atlasFormat())
	}
}

// unload releases the face's atlas, if it was loaded.
func (f *face) unload() {
	if f.Texture.ID != 0 {
		f.Unload()
		f.Font = Font{Size: f.Size}
	}
}

// has reports whether the face has a glyph for r.
func (f *face) has(r rune) bool { _, ok := f.adv[r]; return ok }

// width returns the width of rs drawn at size pixels (as MeasureTextEx).
func (f *face) width(rs []rune, size float32) float32 {
	var w float32
	for _, r := range rs {
		a, ok := f.adv[r]
		if !ok {
			a = f.fallback
		}
		w += a
	}
	return w * size / f.Size
}

// fonts are the table's typefaces rasterised at every text step of one
// screen scale.
type fonts struct {
	u          float32
	sizes      []float32 // pixels, ascending
	sans, bold []*face
	q          textQueue // text waiting to be drawn, grouped by face
	// misfits are texts that fitted no box they were given, for tests
	// (a few at most: fitting is cached).
	misfits []string
}

// misfit records a text that did not fit.
func (fs *fonts) misfit(text string) {
	if len(fs.misfits) < 64 {
		fs.misfits = append(fs.misfits, text)
	}
}

// loadFonts makes the faces of the table's text at scale u for the letters
// of extra (Codepoints). It reads the embedded fonts' metrics only: each
// face rasterises its atlas the first time it draws.
func loadFonts(u float32, extra ...string) *fonts {
	fs := &fonts{u: u}
	cps := Codepoints(extra...)
	sansM, err := parseTTF(sansTTF)
	if err != nil {
		panic(err) // embedded, and TestFontMetricsMatchRaylib reads it
	}
	boldM, err := parseTTF(boldTTF)
	if err != nil {
		panic(err)
	}
	for _, s := range textSteps {
		px := float32(math.Round(float64(s * u)))
		if n := len(fs.sizes); n > 0 && fs.sizes[n-1] == px {
			continue
		}
		fs.sizes = append(fs.sizes, px)
		sans, bold := newFace(sansM, Sans, int(px), cps), newFace(boldM, Bold, int(px), cps)
		sans.q, bold.q = &fs.q, &fs.q
		fs.sans = append(fs.sans, sans)
		fs.bold = append(fs.bold, bold)
	}
	return fs
}

func (fs *fonts) unload() {
	for i := range fs.sans {
		fs.sans[i].unload()
		fs.bold[i].unload()
	}
	fs.q.unload()
}

// face returns the face of the given weight rasterised nearest to px.
func (fs *fonts) face(bold bool, px float32) *face {
	list := fs.sans
	if bold {
		list = fs.bold
	}
	best := 0
	for i, s := range fs.sizes {
		if math.Abs(float64(s-px)) < math.Abs(float64(fs.sizes[best]-px)) {
			best = i
		}
	}
	return list[best]
}

// A fitted is a text laid out in a box: wrapped into lines at one size.
type fitted struct {
	lines  [][]rune
	widths []float32
	face   *face
	size   float32
	w, h   float32 // the block of lines
	ok     bool    // it fits the box at a size no smaller than asked
	broken bool    // a word wider than the box had to be broken
}

// fitOpts says how a text may be fitted into a box.
type fitOpts struct {
	bold     bool
	min, max float32 // font sizes, in u
	maxLines int     // 0: as many as fit
	optional bool    // the caller leaves the text out if it does not fit
}

// fit lays text out in a box of w x h pixels at the largest text step
// between o.min and o.max at which every line fits the width (wrapping at
// spaces) and all lines fit the height. If it fits at no step, it is laid
// out at the smallest and ok is false: tests catch that, the table never
// cuts text off.
func (fs *fonts) fit(text string, w, h float32, o fitOpts) fitted {
	rs := []rune(text)
	lo, hi := o.min*fs.u, o.max*fs.u
	var last fitted
	for i := len(fs.sizes) - 1; i >= 0; i-- {
		px := fs.sizes[i]
		if px > hi+0.5 {
			continue
		}
		if px < lo-0.5 && last.face != nil {
			break
		}
		f := fs.face(o.bold, px)
		last = wrap(f, rs, px, w)
		last.ok = !last.broken && last.h <= h+0.5 && last.w <= w+0.5 && (o.maxLines == 0 || len(last.lines) <= o.maxLines) && px >= lo-0.5
		if last.ok {
			return last
		}
	}
	if !o.optional {
		fs.misfit(text)
	}
	return last
}

// wrap breaks rs into lines no wider than w at size px, at spaces (and
// inside a word only when the word alone is wider than w).
func wrap(f *face, rs []rune, px, w float32) fitted {
	out := fitted{face: f, size: px}
	add := func(line []rune) {
		for len(line) > 0 && line[len(line)-1] == ' ' {
			line = line[:len(line)-1]
		}
		lw := f.width(line, px)
		out.lines = append(out.lines, line)
		out.widths = append(out.widths, lw)
		out.w = max(out.w, lw)
	}
	start := 0
	for start < len(rs) {
		for start < len(rs) && rs[start] == ' ' {
			start++
		}
		if start == len(rs) {
			break
		}
		// Take words while they fit.
		end, fits := start, start
		for end < len(rs) {
			next := end
			for next < len(rs) && rs[next] == ' ' {
				next++
			}
			for next < len(rs) && rs[next] != ' ' && rs[next] != '\n' {
				next++
			}
			if f.width(rs[start:next], px) > w && fits > start {
				break
			}
			fits = next
			end = next
			if end < len(rs) && rs[end] == '\n' {
				break
			}
		}
		line := rs[start:fits]
		if f.width(line, px) > w {
			// One word wider than the box: break it where it must.
			n := 1
			for n < len(line) && f.width(line[:n+1], px) <= w {
				n++
			}
			line, fits = line[:n], start+n
			out.broken = true
		}
		add(line)
		start = fits
		if start < len(rs) && rs[start] == '\n' {
			start++
		}
	}
	out.h = float32(len(out.lines)) * px * lineSpacing
	if len(out.lines) > 0 {
		out.h -= px * (lineSpacing - 1) // no gap under the last line
	}
	return out
}

// align says where a fitted text sits in its box.
type align uint8

const (
	alignLeft align = iota
	alignCenter
	alignRight
)

// draw draws ft in box r (local coordinates of the current transform),
// vertically centred.
func (ft *fitted) draw(r board.Rect, a align, col color.RGBA) {
	if ft.face == nil {
		return
	}
	y := r.Y + (r.H-ft.h)/2
	ft.drawAt(r.X, y, r.W, a, col)
}

// drawTop draws ft from the top of box r.
func (ft *fitted) drawTop(r board.Rect, a align, col color.RGBA) {
	if ft.face == nil {
		return
	}
	ft.drawAt(r.X, r.Y, r.W, a, col)
}

func (ft *fitted) drawAt(x, y, w float32, a align, col color.RGBA) {
	for i, line := range ft.lines {
		lx := x
		switch a {
		case alignCenter:
			lx = x + (w-ft.widths[i])/2
		case alignRight:
			lx = x + w - ft.widths[i]
		}
		if len(line) > 0 {
			ft.face.text(line, rl.Vector2{X: float32(math.Round(float64(lx))), Y: float32(math.Round(float64(y)))}, ft.size, col)
		}
		y += ft.size * lineSpacing
	}
}

// A textSlot caches one place's fitted text: the text is worded and fitted
// again only when the Text, the language or the box changes, so that a
// steady frame allocates nothing.
type textSlot struct {
	lang  msg.Lang
	text  msg.Text
	raw   string
	w, h  float32
	opts  fitOpts
	fit   fitted
	valid bool
}

// get returns t worded in lang and fitted into w x h.
func (s *textSlot) get(fs *fonts, cat *msg.Catalog, lang msg.Lang, t msg.Text, w, h float32, o fitOpts) *fitted {
	if s.valid && s.lang == lang && s.w == w && s.h == h && s.opts == o && s.raw == "" && textEqual(s.text, t) {
		return &s.fit
	}
	s.lang, s.text, s.raw, s.w, s.h, s.opts, s.valid = lang, t, "", w, h, o, true
	s.fit = fs.fit(cat.Text(lang, t), w, h, o)
	return &s.fit
}

// getRaw returns a literal string (a city name, a number) fitted into w x h.
func (s *textSlot) getRaw(fs *fonts, raw string, w, h float32, o fitOpts) *fitted {
	if s.valid && s.raw == raw && raw != "" && s.w == w && s.h == h && s.opts == o {
		return &s.fit
	}
	s.lang, s.text, s.raw, s.w, s.h, s.opts, s.valid = "", msg.Text{}, raw, w, h, o, true
	s.fit = fs.fit(raw, w, h, o)
	return &s.fit
}

// textEqual reports whether two Texts say the same, without allocating.
func textEqual(a, b msg.Text) bool {
	if a.Key != b.Key || len(a.Args) != len(b.Args) {
		return false
	}
	for k, va := range a.Args {
		vb, ok := b.Args[k]
		if !ok {
			return false
		}
		ta, aText := va.(msg.Text)
		tb, bText := vb.(msg.Text)
		if aText || bText {
			if !aText || !bText || !textEqual(ta, tb) {
				return false
			}
			continue
		}
		if va != vb {
			return false
		}
	}
	return true
}

// missingRunes returns the letters of s that f has no glyph for (spaces
// and control characters need none).
func missingRunes(f *face, s string) []rune {
	var out []rune
	for _, r := range s {
		if unicode.IsSpace(r) || !unicode.IsPrint(r) {
			continue
		}
		if !f.has(r) {
			out = append(out, r)
		}
	}
	return out
}

// A textQueue holds the text of a frame until the shapes are drawn, then
// draws it grouped by face: each face is its own texture, and every switch
// of texture costs the GPU a separate draw call (and a software renderer a
// flush), so drawing text as it comes, between shapes, would cost hundreds
// of them. Text never overlaps other text on the table's screen, and sits on
// top of the shapes, so the order within a frame does not show. Nothing is
// allocated once the queue has grown to a frame's size.
//
// The queue draws with the coverage shader when the GPU compiles it: the
// faces' atlases then hold the glyphs' coverage alone, half the memory of
// raylib's white letters with alpha (atlasCoverage).
type textQueue struct {
	items []queued
	runes []rune
	xf    xform // the transform text is drawn with now (Screen.begin)
	// cv, while it records a scene, takes the text instead (record).
	cv *canvas
	// shader is the coverage shader, loaded with the first atlas;
	// coverage says whether it compiled (else the atlases are tinted
	// and text is drawn with raylib's default shader).
	shader          rl.Shader
	tried, coverage bool
}

// xform is a translation followed by a rotation (degrees), as begin sets.
type xform struct {
	o     board.Vec
	angle float32
}

type queued struct {
	f        *face
	from, to int // in runes
	pos      rl.Vector2
	px       float32
	col      color.RGBA
	xf       xform
}

// text queues rs drawn in f at pos (in the current transform) at px pixels.
func (f *face) text(rs []rune, pos rl.Vector2, px float32, col color.RGBA) {
	q := f.q
	if q.cv.recording() {
		q.record(f, rs, pos, px, col)
		return
	}
	if c := q.cv; c != nil && c.moved != nil {
		it := scene.Item{Kind: scene.Text, Turn: scene.Turn{X: q.xf.o.X, Y: q.xf.o.Y, Angle: q.xf.angle},
			Box: board.Rect{X: pos.X, Y: pos.Y, W: f.width(rs, px), H: px * lineSpacing}}
		c.noteRect(it.Bound())
	}
	f.load()
	from := len(q.runes)
	q.runes = append(q.runes, rs...)
	q.items = append(q.items, queued{f: f, from: from, to: len(q.runes), pos: pos, px: px, col: col, xf: q.xf})
}

// record adds rs to the scene cv records, as a run of text in the
// transform xf, at once: a scene keeps the order the drawing code draws
// in, and the renderer groups text by face itself.
func (q *textQueue) record(f *face, rs []rune, pos rl.Vector2, px float32, col color.RGBA) {
	name := "sans"
	if f.ff == Bold {
		name = "bold"
	}
	c := q.cv
	saved := c.turn
	c.turn = scene.Turn{X: q.xf.o.X, Y: q.xf.o.Y, Angle: q.xf.angle}
	c.add(scene.Item{Kind: scene.Text, Text: string(rs), Face: name, Size: px, Atlas: f.Size, At: board.Vec(pos),
		Box: board.Rect{X: pos.X, Y: pos.Y, W: f.width(rs, px), H: px * lineSpacing}, Color: col})
	c.turn = saved
}

// flush draws the queued text, face by face, and empties the queue; while
// a scene is recorded, it notes the point in the scene instead.
func (q *textQueue) flush() {
	if q.cv.recording() {
		q.cv.rec.Flush()
		return
	}
	if len(q.items) == 0 {
		return
	}
	slices.SortStableFunc(q.items, func(a, b queued) int { return cmp.Compare(a.f.Texture.ID, b.f.Texture.ID) })
	if q.coverage {
		rl.BeginShaderMode(q.shader)
		defer rl.EndShaderMode()
	}
	pushed := false
	var cur xform
	for i := range q.items {
		it := &q.items[i]
		if !pushed || it.xf != cur {
			if pushed {
				rl.PopMatrix()
			}
			rl.PushMatrix()
			rl.Translatef(it.xf.o.X, it.xf.o.Y, 0)
			if it.xf.angle != 0 {
				rl.Rotatef(it.xf.angle, 0, 0, 1)
			}
			cur, pushed = it.xf, true
		}
		rl.DrawTextCodepoints(it.f.Font.Font, q.runes[it.from:it.to], it.pos, it.px, 0, it.col)
	}
	if pushed {
		rl.PopMatrix()
	}
	q.items, q.runes = q.items[:0], q.runes[:0]
}

// coverageShader is the fragment shader text is drawn with from coverage
// atlases, after the GLSL version line of raylib's default vertex shader
// for the context (coverageHeads): the colour is the text's (the vertex
// colour times the diffuse colour, as in raylib's default shader), its
// alpha times the glyph's coverage, which the texture has in red (a
// one-channel texture reads as red in every OpenGL version raylib
// targets). raylib's default shader, given a white texel of that alpha,
// computes the same products.
const coverageShader = `
uniform sampler2D texture0;
uniform vec4 colDiffuse;
void main() {
	vec4 c = colDiffuse*fragColor;
	FRAG = vec4(c.rgb, c.a*TEXTURE(texture0, fragTexCoord).r);
}
`

// coverageHeads are the lines that open the coverage shader for each
// OpenGL version raylib may run on, and the names of its output and
// texture lookup there.
var coverageHeads = map[int32][3]string{
	rl.Opengl21:   {"#version 120\nvarying vec2 fragTexCoord;\nvarying vec4 fragColor;\n", "gl_FragColor", "texture2D"},
	rl.Opengl33:   {"#version 330\nin vec2 fragTexCoord;\nin vec4 fragColor;\nout vec4 finalColor;\n", "finalColor", "texture"},
	rl.Opengl43:   {"#version 330\nin vec2 fragTexCoord;\nin vec4 fragColor;\nout vec4 finalColor;\n", "finalColor", "texture"},
	rl.OpenglEs20: {"#version 100\nprecision mediump float;\nvarying vec2 fragTexCoord;\nvarying vec4 fragColor;\n", "gl_FragColor", "texture2D"},
	rl.OpenglEs30: {"#version 300 es\nprecision mediump float;\nin vec2 fragTexCoord;\nin vec4 fragColor;\nout vec4 finalColor;\n", "finalColor", "texture"},
}

// atlasFormat returns the format the queue's faces rasterise their atlases
// in, loading the coverage shader the first time: coverage if it compiles
// for the context's OpenGL version, tinted if not.
func (q *textQueue) atlasFormat() atlasFormat {
	if !q.tried {
		q.tried = true
		if head, ok := coverageHeads[rl.GetVersion()]; ok {
			src := strings.NewReplacer("FRAG", head[1], "TEXTURE", head[2]).Replace(coverageShader)
			q.shader = rl.LoadShaderFromMemory("", head[0]+src)
			// raylib hands back its default shader when a shader fails.
			q.coverage = q.shader.ID != 0 && q.shader.ID != rl.GetShaderIdDefault()
		}
	}
	if q.coverage {
		return atlasCoverage
	}
	return atlasTinted
}

// unload releases the coverage shader, if it was loaded: the faces must be
// unloaded with it, their atlases made for it.
func (q *textQueue) unload() {
	if q.coverage {
		rl.UnloadShader(q.shader)
	}
	q.shader, q.tried, q.coverage = rl.Shader{}, false, false
}
