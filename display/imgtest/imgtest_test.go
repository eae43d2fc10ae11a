package imgtest

import (
	"image"
	"image/color"
	"path/filepath"
	"testing"
)

func TestNear(t *testing.T) {
	base := color.RGBA{100, 100, 100, 255}
	for _, tc := range []struct {
		name string
		q    color.RGBA
		want bool
	}{
		{"same", base, true},
		{"red at the tolerance", color.RGBA{124, 100, 100, 255}, true},
		{"red past it", color.RGBA{125, 100, 100, 255}, false},
		{"green below", color.RGBA{100, 75, 100, 255}, false},
		{"blue past it", color.RGBA{100, 100, 125, 255}, false},
		{"alpha aside", color.RGBA{100, 100, 100, 0}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Near(base, tc.q); got != tc.want {
				t.Errorf("Near(%v, %v) = %v, want %v", base, tc.q, got, tc.want)
			}
		})
	}
}

func TestDiffering(t *testing.T) {
	a := image.NewRGBA(image.Rect(0, 0, 10, 8))
	b := image.NewRGBA(a.Rect)
	b.SetRGBA(2, 3, color.RGBA{R: 200}) // far
	b.SetRGBA(9, 7, color.RGBA{B: 30})  // far, the last pixel
	b.SetRGBA(5, 5, color.RGBA{G: 24})  // within the tolerance
	b.SetRGBA(0, 0, color.RGBA{A: 255}) // alpha only
	for _, tc := range []struct {
		name string
		r    image.Rectangle
		want int
	}{
		{"whole", a.Rect, 2},
		{"around one", image.Rect(1, 2, 4, 5), 1},
		{"past the edge", image.Rect(8, 6, 20, 20), 1},
		{"none there", image.Rect(0, 0, 2, 2), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Differing(a, b, tc.r); got != tc.want {
				t.Errorf("Differing in %v = %d, want %d", tc.r, got, tc.want)
			}
		})
	}
}

func TestPNGRoundTrip(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 4, 3))
	img.SetRGBA(1, 2, color.RGBA{10, 20, 30, 255})
	path := filepath.Join(t.TempDir(), "p.png")
	if err := WritePNG(path, img); err != nil {
		t.Fatal(err)
	}
	got, err := ReadPNG(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Rect != img.Rect || got.RGBAAt(1, 2) != img.RGBAAt(1, 2) {
		t.Errorf("read back %v %v, want %v %v", got.Rect, got.RGBAAt(1, 2), img.Rect, img.RGBAAt(1, 2))
	}
}
