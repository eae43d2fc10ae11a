// Package imgtest compares pictures for the tests that read the screen
// back: display's goldens and frames, the simulator's screenshots. It
// imports only the standard library (never raylib), so it builds and is
// tested on any machine, and one rule of what counts as a different pixel
// holds for every picture test.
package imgtest

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
)

// Tolerance is how far apart, in any of red, green and blue, two pixels may
// be and still count as the same: graphics drivers round anti-aliased
// edges differently, by a few steps, while a shape or a word drawn in the
// wrong place differs by far more.
const Tolerance = 24

// Near reports whether p and q are the same colour within Tolerance (alpha
// aside).
func Near(p, q color.RGBA) bool {
	return near8(p.R, q.R) && near8(p.G, q.G) && near8(p.B, q.B)
}

func near8(a, b uint8) bool {
	d := int(a) - int(b)
	return d <= Tolerance && d >= -Tolerance
}

// Differing counts the pixels of r, within both pictures, where a and b are
// not Near.
func Differing(a, b *image.RGBA, r image.Rectangle) int {
	r = r.Intersect(a.Rect).Intersect(b.Rect)
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		pa := a.Pix[a.PixOffset(r.Min.X, y):a.PixOffset(r.Max.X, y)]
		pb := b.Pix[b.PixOffset(r.Min.X, y):b.PixOffset(r.Max.X, y)]
		for i := 0; i+3 < len(pa); i += 4 {
			if !near8(pa[i], pb[i]) || !near8(pa[i+1], pb[i+1]) || !near8(pa[i+2], pb[i+2]) {
				n++
			}
		}
	}
	return n
}

// ReadPNG reads the PNG file at path as an RGBA picture.
func ReadPNG(path string) (*image.RGBA, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, err
	}
	if rgba, ok := img.(*image.RGBA); ok {
		return rgba, nil
	}
	out := image.NewRGBA(img.Bounds())
	draw.Draw(out, out.Rect, img, img.Bounds().Min, draw.Src)
	return out, nil
}

// WritePNG writes img to path as a PNG file.
func WritePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
