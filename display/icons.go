package display

import (
	"image/color"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/board"
)

// Icons that need no words, each drawn into a square r.

func iconCheck(cv *canvas, r board.Rect, col color.RGBA) {
	t := max(2, r.W*0.16)
	a := rl.Vector2{X: r.X + r.W*0.12, Y: r.Y + r.H*0.55}
	b := rl.Vector2{X: r.X + r.W*0.4, Y: r.Y + r.H*0.82}
	c := rl.Vector2{X: r.X + r.W*0.9, Y: r.Y + r.H*0.2}
	cv.line(a, b, t, col)
	cv.line(b, c, t, col)
	cv.circle(b, t/2, col)
}

func iconCross(cv *canvas, r board.Rect, col color.RGBA) {
	t := max(2, r.W*0.16)
	cv.line(rl.Vector2{X: r.X, Y: r.Y}, rl.Vector2{X: r.X + r.W, Y: r.Y + r.H}, t, col)
	cv.line(rl.Vector2{X: r.X + r.W, Y: r.Y}, rl.Vector2{X: r.X, Y: r.Y + r.H}, t, col)
}

func iconInfo(cv *canvas, r board.Rect, col color.RGBA) {
	c := r.Center()
	w := r.W * 0.14
	cv.circle(rl.Vector2{X: c.X, Y: r.Y + r.H*0.27}, w*0.75, col)
	cv.fill(rl.Rectangle{X: c.X - w/2, Y: r.Y + r.H*0.42, Width: w, Height: r.H * 0.36}, col)
}

// iconTrain is a train car seen from the side.
func iconTrain(cv *canvas, r board.Rect, col color.RGBA) {
	body := rl.Rectangle{X: r.X, Y: r.Y + r.H*0.2, Width: r.W, Height: r.H * 0.5}
	cv.round(body, 0.3, 4, col)
	cv.circle(rl.Vector2{X: r.X + r.W*0.25, Y: r.Y + r.H*0.8}, r.H*0.13, col)
	cv.circle(rl.Vector2{X: r.X + r.W*0.75, Y: r.Y + r.H*0.8}, r.H*0.13, col)
}

// iconCard is a train card, upright.
func iconCard(cv *canvas, r board.Rect, col color.RGBA) {
	w := r.W * 0.62
	c := rl.Rectangle{X: r.X + (r.W-w)/2, Y: r.Y, Width: w, Height: r.H}
	cv.round(c, 0.25, 4, col)
	cv.round(rl.Rectangle{X: c.X + w*0.2, Y: c.Y + r.H*0.15, Width: w * 0.6, Height: r.H * 0.7}, 0.3, 4, panelColor)
}

// iconTicket is a destination ticket: a landscape card with a route on it.
func iconTicket(cv *canvas, r board.Rect, col color.RGBA) {
	h := r.H * 0.66
	c := rl.Rectangle{X: r.X, Y: r.Y + (r.H-h)/2, Width: r.W, Height: h}
	cv.round(c, 0.25, 4, col)
	a := rl.Vector2{X: c.X + r.W*0.22, Y: c.Y + h*0.68}
	b := rl.Vector2{X: c.X + r.W*0.78, Y: c.Y + h*0.32}
	cv.line(a, b, max(1, r.W*0.08), panelColor)
	cv.circle(a, r.W*0.09, panelColor)
	cv.circle(b, r.W*0.09, panelColor)
}

// iconStation is a station: a small house.
func iconStation(cv *canvas, r board.Rect, col color.RGBA) {
	cv.fill(rl.Rectangle{X: r.X + r.W*0.18, Y: r.Y + r.H*0.45, Width: r.W * 0.64, Height: r.H * 0.5}, col)
	cv.tri(rl.Vector2{X: r.X + r.W/2, Y: r.Y + r.H*0.05}, rl.Vector2{X: r.X, Y: r.Y + r.H*0.48}, rl.Vector2{X: r.X + r.W, Y: r.Y + r.H*0.48}, col)
}

// iconCrown marks the winner: a band with three points.
func iconCrown(cv *canvas, r board.Rect, col color.RGBA) {
	base := r.Y + r.H*0.85
	band := r.H * 0.24
	cv.fill(rl.Rectangle{X: r.X + r.W*0.08, Y: base - band, Width: r.W * 0.84, Height: band}, col)
	low := base - band + 1
	for _, x := range [3]float32{0.14, 0.5, 0.86} {
		tip := rl.Vector2{X: r.X + r.W*x, Y: r.Y + r.H*0.18}
		cv.tri(tip, rl.Vector2{X: r.X + r.W*max(x-0.2, 0.08), Y: low}, rl.Vector2{X: r.X + r.W*min(x+0.2, 0.92), Y: low}, col)
		cv.circle(tip, r.W*0.07, col)
	}
}
