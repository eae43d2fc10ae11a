package display

import (
	"image/color"

	"ttr/display/board"
	"ttr/input"
	"ttr/maps"
)

// The colours of the eight card colours and of gray routes, close to the
// printed boards but each far enough from the others in lightness that the
// shapes are not the only difference (Black and Blue, Red and Green are the
// pairs colour-blind players confuse most; they differ in lightness too).
var routeColors = [...]color.RGBA{
	maps.Gray:   {176, 176, 172, 255},
	maps.Purple: {178, 92, 196, 255},
	maps.Blue:   {44, 112, 206, 255},
	maps.Orange: {240, 138, 30, 255},
	maps.White:  {248, 248, 244, 255},
	maps.Green:  {56, 160, 72, 255},
	maps.Yellow: {246, 212, 48, 255},
	maps.Black:  {40, 40, 44, 255},
	maps.Red:    {214, 50, 46, 255},
}

// ColorOf returns the RGBA colour routes and cards of colour c are drawn in.
func ColorOf(c maps.Color) color.RGBA {
	if int(c) < len(routeColors) {
		return routeColors[c]
	}
	return routeColors[maps.Gray]
}

// InkOn returns the colour of shapes and text drawn on colour c: dark on
// the light colours, light on the dark ones.
func InkOn(c maps.Color) color.RGBA {
	switch c {
	case maps.Purple, maps.Blue, maps.Green, maps.Black, maps.Red:
		return color.RGBA{250, 250, 246, 235}
	}
	return color.RGBA{34, 34, 38, 220}
}

// Colours of the board's furniture.
var (
	outlineColor = color.RGBA{38, 38, 42, 255}
	shadowColor  = color.RGBA{0, 0, 0, 70}
	trainShadow  = color.RGBA{0, 0, 0, 120}
	trainOutline = color.RGBA{14, 14, 18, 255}
	closedBar    = color.RGBA{40, 40, 44, 200}
	tunnelColor  = color.RGBA{30, 30, 34, 255}
	cityFill     = color.RGBA{250, 244, 226, 255}
	cityRing     = color.RGBA{120, 40, 36, 255}
	labelPlate   = color.RGBA{255, 251, 238, 205}
	labelInk     = color.RGBA{34, 30, 28, 255}
	frameColor   = color.RGBA{70, 56, 40, 255}
	trainRim     = color.RGBA{252, 252, 250, 255}
	selectEdge   = color.RGBA{255, 214, 10, 255}
	selectGlow   = color.RGBA{255, 120, 0, 255}
)

// withAlpha returns c with its alpha multiplied by a (0-1).
func withAlpha(c color.RGBA, a float32) color.RGBA {
	c.A = uint8(float32(c.A)*min(max(a, 0), 1) + 0.5)
	return c
}

// lighten mixes c towards white by t (0-1).
func lighten(c color.RGBA, t float32) color.RGBA {
	f := func(v uint8) uint8 { return uint8(float32(v) + (255-float32(v))*t) }
	return color.RGBA{f(c.R), f(c.G), f(c.B), c.A}
}

// darken mixes c towards black by t (0-1).
func darken(c color.RGBA, t float32) color.RGBA {
	f := func(v uint8) uint8 { return uint8(float32(v) * (1 - t)) }
	return color.RGBA{f(c.R), f(c.G), f(c.B), c.A}
}

// inkFor returns dark or light ink, whichever shows better on c.
func inkFor(c color.RGBA) color.RGBA {
	if 0.299*float32(c.R)+0.587*float32(c.G)+0.114*float32(c.B) > 150 {
		return color.RGBA{34, 34, 38, 230}
	}
	return color.RGBA{250, 250, 246, 235}
}

// Player colours: the trains and stations of each colour on the board and
// the swatches of the panels.
var playerColors = [input.NumColors]color.RGBA{
	input.Red:    {206, 32, 36, 255},
	input.Blue:   {36, 98, 214, 255},
	input.Green:  {32, 150, 66, 255},
	input.Yellow: {250, 204, 22, 255},
	input.Black:  {30, 30, 34, 255},
}

// playerMarks are the shapes on each colour's trains, so that players who
// cannot tell the colours apart can tell their trains.
var playerMarks = [input.NumColors]board.Shape{
	input.Red:    board.Dot,
	input.Blue:   board.Diamond,
	input.Green:  board.Plus,
	input.Yellow: board.Triangle,
	input.Black:  board.Ring,
}

// PlayerColor returns the colour the trains, stations and panel of a
// player of colour c are drawn in.
func PlayerColor(c input.Color) color.RGBA {
	if int(c) < len(playerColors) {
		return playerColors[c]
	}
	return playerColors[0]
}

// PlayerMark returns the shape drawn on the trains of colour c.
func PlayerMark(c input.Color) board.Shape {
	if int(c) < len(playerMarks) {
		return playerMarks[c]
	}
	return board.Plain
}
