package display

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
	"ttr/display/imgtest"
	"ttr/maps"
)

var update = flag.Bool("update", false, "rewrite the golden screenshots in testdata")

// onMain runs f on the main OS thread, where the window and its OpenGL
// context live; tests run on other goroutines.
var onMain func(f func())

// TestMain opens a hidden window (run the tests under Xvfb) and serves
// the tests' raylib calls on the main OS thread.
func TestMain(m *testing.M) {
	runtime.LockOSThread()
	// Every screen of the tests shares the boards laid out: most of the
	// tests' time was laying the same few boards out again.
	sharedLayouts = newLayouts(0)
	sharedBackgrounds = &backgrounds{}
	rl.SetTraceLogLevel(rl.LogWarning)
	rl.SetConfigFlags(rl.FlagWindowHidden)
	rl.InitWindow(320, 200, "display tests")
	if !rl.IsWindowReady() {
		fmt.Fprintln(os.Stderr, "display: no window; run the tests under xvfb-run")
		os.Exit(1)
	}
	calls := make(chan func())
	done := make(chan struct{})
	onMain = func(f func()) {
		finished := make(chan struct{})
		calls <- func() { defer close(finished); f() }
		<-finished
	}
	code := 0
	go func() {
		code = m.Run()
		close(done)
	}()
	for {
		select {
		case f := <-calls:
			f()
		case <-done:
			rl.CloseWindow()
			os.Exit(code)
		}
	}
}

// tableArea is where a table screen of w x h puts the board: the seats'
// panels along the top and bottom edges, the market down the right.
func tableArea(w, h int) board.Rect {
	fw, fh := float32(w), float32(h)
	return board.Rect{X: fw * 0.02, Y: fh * 0.10, W: fw * 0.80, H: fh * 0.80}
}

// render draws the board for v on an offscreen w x h target and returns
// the picture (opaque; the texture's rows are flipped back).
func render(b *Board, w, h int, v *View) *image.RGBA {
	target := rl.LoadRenderTexture(int32(w), int32(h))
	defer rl.UnloadRenderTexture(target)
	rl.BeginTextureMode(target)
	rl.ClearBackground(color.RGBA{46, 58, 52, 255})
	b.Draw(v)
	rl.EndTextureMode()
	return readTexture(target.Texture, w, h)
}

// compareGolden checks got against testdata/name.png: at most pixelLimit of the
// pixels may differ (beyond imgtest.Tolerance). With -update it rewrites
// the golden.
func compareGolden(t *testing.T, name string, got *image.RGBA) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if *update {
		writePNG(t, path, got)
		return
	}
	want, err := imgtest.ReadPNG(path)
	if err != nil {
		t.Fatalf("golden %s: %v (run the tests with -update to create it)", path, err)
	}
	if got.Bounds() != want.Bounds() {
		t.Fatalf("%s: got size %v, want %v", name, got.Bounds(), want.Bounds())
	}
	b := got.Bounds()
	if diff, limit := differing(got, want), pixelLimit(b.Dx(), b.Dy()); diff > limit {
		out := filepath.Join(os.TempDir(), name+".got.png")
		writePNG(t, out, got)
		t.Errorf("%s: %d pixels differ from the golden (at most %d may); got %s", name, diff, limit, out)
	}
}

// pixelLimit is how many pixels of a w x h picture may differ from what
// is expected: one in 5,000. Mesa's software renderer draws the same
// pixels run after run; the allowance is for another version's rounding of
// smoothed edges, and small enough that one word drawn over another (some
// thousand pixels) fails.
func pixelLimit(w, h int) int { return w * h / 5000 }

// differing counts the pixels where a and b (the same size) differ.
func differing(a, b *image.RGBA) int { return imgtest.Differing(a, b, a.Rect) }

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	if err := imgtest.WritePNG(path, img); err != nil {
		t.Fatal(err)
	}
}

func mustMap(t testing.TB, id string) *maps.Map {
	t.Helper()
	m, err := maps.Load(id)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

type offscreen struct{ rt rl.RenderTexture2D }

func rlTarget(w, h int) offscreen { return offscreen{rl.LoadRenderTexture(int32(w), int32(h))} }
func (o offscreen) begin() {
	rl.BeginTextureMode(o.rt)
	rl.ClearBackground(color.RGBA{46, 58, 52, 255})
}
func (o offscreen) end()    { rl.EndTextureMode() }
func (o offscreen) unload() { rl.UnloadRenderTexture(o.rt) }
