package board

import (
	"image"
	"image/color"
	"math"

	"ttr/maps"
)

// Background paints the land and sea behind a map's routes: land around the
// cities and the overland routes, sea where the ferries cross and around the
// outside, with a coastline, shallows and a faint paper grain. The image
// covers BackgroundFrame(m) and is w pixels wide (its height keeps the
// aspect ratio); display draws the part of it under Layout.Frame.
func Background(m *maps.Map, w int) *image.RGBA {
	f := BackgroundFrame(m)
	k := float32(w) / f.W // image pixels per board-image pixel
	h := int(f.H*k + 0.5)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	toImg := func(p Vec) Vec { return Vec{(p.X - f.X) * k, (p.Y - f.Y) * k} }
	pos := func(i int) Vec { return toImg(Vec{float32(m.Cities[i].Board.X), float32(m.Cities[i].Board.Y)}) }

	// Distance from each pixel to the nearest city or overland route.
	const landReach = 54 // board-image pixels of land around the network
	reach := landReach * k
	dist := make([]float32, w*h)
	for i := range dist {
		dist[i] = math.MaxFloat32
	}
	mark := func(a, b Vec) {
		x0, x1 := int(max(0, min(a.X, b.X)-reach)), int(min(float32(w-1), max(a.X, b.X)+reach))
		y0, y1 := int(max(0, min(a.Y, b.Y)-reach)), int(min(float32(h-1), max(a.Y, b.Y)+reach))
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				if d := segDist(Vec{float32(x) + .5, float32(y) + .5}, a, b); d < dist[y*w+x] {
					dist[y*w+x] = d
				}
			}
		}
	}
	for i := range m.Cities {
		mark(pos(i), pos(i))
	}
	plans := planRoutes(m)
	var seeds []Vec // points at sea: the middles of ferry crossings
	for i := range m.Routes {
		r := &m.Routes[i]
		a, b := pos(r.A), pos(r.B)
		ctrl := a.Lerp(b, 0.5).Add(plans[i].normal.Scale(2 * plans[i].bow * k))
		if r.Kind == maps.Ferry {
			seeds = append(seeds, bezier(a, ctrl, b, 0.5))
			continue
		}
		prev := a
		for s := 1; s <= 8; s++ {
			q := bezier(a, ctrl, b, float32(s)/8)
			mark(prev, q)
			prev = q
		}
	}

	// Sea is what is reachable from the edges or a ferry's middle without
	// crossing land; enclosed pockets are land (no lakes).
	const (
		unknown = iota
		sea
		land
	)
	kind := make([]uint8, w*h)
	for i, d := range dist {
		if d < reach {
			kind[i] = land
		}
	}
	// The flood's queue: pixel indexes, read from head (int32 and never
	// re-sliced, so that it holds each sea pixel once, in 4 bytes).
	var queue []int32
	push := func(x, y int) {
		if x < 0 || y < 0 || x >= w || y >= h {
			return
		}
		if i := y*w + x; kind[i] == unknown {
			kind[i] = sea
			queue = append(queue, int32(i))
		}
	}
	for x := range w {
		push(x, 0)
		push(x, h-1)
	}
	for y := range h {
		push(0, y)
		push(w-1, y)
	}
	for _, s := range seeds {
		push(int(s.X), int(s.Y))
	}
	for head := 0; head < len(queue); head++ {
		i := int(queue[head])
		x, y := i%w, i/w
		push(x+1, y)
		push(x-1, y)
		push(x, y+1)
		push(x, y-1)
	}
	for i := range kind {
		if kind[i] == unknown {
			kind[i] = land
		}
	}

	queue = nil
	// The distances to the network are spent: their memory takes the
	// distances to the coast (a 1024-pixel board's working memory is some
	// 15 MB, which a Pi's process keeps until the runtime returns it).
	toLand := chamfer(dist, kind, w, h, land) // for sea pixels: distance to the coast
	toSea := chamfer(nil, kind, w, h, sea)    // for land pixels

	var (
		deep    = [3]float32{86, 136, 170}
		shallow = [3]float32{146, 190, 210}
		coast   = [3]float32{92, 120, 128}
		sand    = [3]float32{238, 228, 196}
		inland  = [3]float32{220, 224, 184}
	)
	for y := range h {
		for x := range w {
			i := y*w + x
			var c [3]float32
			if kind[i] == sea {
				d := toLand[i] / k // board-image pixels off the coast
				c = mix(shallow, deep, smooth(0, 70, d))
				// Two faint contour lines follow the coast.
				for _, at := range [2]float32{10, 24} {
					if e := float32(math.Abs(float64(d - at))); e < 1.6/k {
						c = mix(c, shallow, 0.45*(1-e*k/1.6))
					}
				}
				if d*k < 1.5 {
					c = mix(c, coast, 0.7)
				}
			} else {
				d := toSea[i] / k
				c = mix(sand, inland, smooth(4, 60, d))
				if d*k < 1.0 {
					c = mix(c, coast, 0.55)
				}
			}
			// Paper grain and a soft darkening towards the frame.
			g := grain(x/2, y/2)*5 - 2.5
			ex := min(float32(x), float32(w-1-x)) / float32(w)
			ey := min(float32(y), float32(h-1-y)) / float32(h)
			v := 1 - 0.10*(1-smooth(0, 0.08, min(ex, ey)))
			img.SetRGBA(x, y, color.RGBA{shade(c[0], g, v), shade(c[1], g, v), shade(c[2], g, v), 255})
		}
	}
	return img
}

// chamfer returns, for every pixel, the distance in pixels to the nearest
// pixel of kind want (a two-pass 3-4 chamfer transform), in d if it has
// room (its contents are overwritten).
func chamfer(d []float32, kind []uint8, w, h int, want uint8) []float32 {
	if len(d) != w*h {
		d = make([]float32, w*h)
	}
	const far = 1e9
	for i := range d {
		d[i] = 0
		if kind[i] != want {
			d[i] = far
		}
	}
	const a, b = 1, 1.4142135
	at := func(x, y int) float32 {
		if x < 0 || y < 0 || x >= w || y >= h {
			return far
		}
		return d[y*w+x]
	}
	for y := range h {
		for x := range w {
			i := y*w + x
			d[i] = min(d[i], at(x-1, y)+a, at(x, y-1)+a, at(x-1, y-1)+b, at(x+1, y-1)+b)
		}
	}
	for y := h - 1; y >= 0; y-- {
		for x := w - 1; x >= 0; x-- {
			i := y*w + x
			d[i] = min(d[i], at(x+1, y)+a, at(x, y+1)+a, at(x+1, y+1)+b, at(x-1, y+1)+b)
		}
	}
	return d
}

func smooth(e0, e1, x float32) float32 {
	t := min(max((x-e0)/(e1-e0), 0), 1)
	return t * t * (3 - 2*t)
}

func mix(a, b [3]float32, t float32) [3]float32 {
	return [3]float32{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t, a[2] + (b[2]-a[2])*t}
}

func shade(c, grain, v float32) uint8 {
	return uint8(min(max((c+grain)*v, 0), 255))
}

// grain is a fixed pseudo-random value in [0, 1) per cell: the same board
// always gets the same paper.
func grain(x, y int) float32 {
	n := uint32(x)*374761393 + uint32(y)*668265263
	n = (n ^ n>>13) * 1274126177
	return float32(n>>8&0xffff) / 65536
}
