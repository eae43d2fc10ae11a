package display

import (
	"image"
	"sync"

	"ttr/display/board"
	"ttr/maps"
)

// Laying a map out (board.New: every city name's place among the routes)
// costs some 70 ms of CPU for Europe at 1920x1080 (BenchmarkNewLayout in
// display/board) and more on a small board, where the names search
// farther for room. The same board is
// never laid out twice: a screen keeps the layouts it made, by map,
// rectangle and options, so that going back to a board (the end screen's,
// then the next game's; a window resized and restored; the end panels
// trying their depths again in another language) costs nothing. A layout
// is read-only once made, so sharing one is safe.
type layouts struct {
	mu   sync.Mutex
	max  int         // the most layouts kept; 0: no limit
	keys []layoutKey // oldest first
	made map[layoutKey]*board.Layout
}

// keptLayouts is how many layouts a screen keeps: the play and end
// boards of a map, and a resize's.
const keptLayouts = 4

// sharedLayouts, when set, is the memo every Screen made uses instead of
// its own. Only the tests set it (TestMain), so that their hundreds of
// screens, of a handful of sizes, lay each board out once.
var sharedLayouts *layouts

// newLayouts returns a memo keeping at most max layouts (0: every one).
func newLayouts(max int) *layouts {
	return &layouts{max: max, made: map[layoutKey]*board.Layout{}}
}

// layoutsFor returns the memo a new Screen uses.
func layoutsFor() *layouts {
	if sharedLayouts != nil {
		return sharedLayouts
	}
	return newLayouts(keptLayouts)
}

// A layoutKey is everything board.New's result depends on: o's fields but
// Measure, which the display sets to one thing only, the city names' font
// at o.LabelSize (measured), or leaves nil for board's estimate.
// TestLayoutKeyHoldsEveryOption fails when board.Opts gains a field this
// does not hold.
type layoutKey struct {
	m            *maps.Map
	area         board.Rect
	labelScale   float32
	minLabelSize float32
	labelSize    float32
	tolerance    float32
	physical     board.Physical
	measured     bool
}

// layout returns board.New(m, area, o), made once (a nil memo makes it
// every time). o.Measure must be nil or measure with the city names' font
// at o.LabelSize.
func (ls *layouts) layout(m *maps.Map, area board.Rect, o board.Opts) *board.Layout {
	if ls == nil {
		return board.New(m, area, o)
	}
	k := layoutKey{m: m, area: area, labelScale: o.LabelScale, minLabelSize: o.MinLabelSize,
		labelSize: o.LabelSize, tolerance: o.Tolerance, physical: o.Physical, measured: o.Measure != nil}
	ls.mu.Lock()
	l, ok := ls.made[k]
	ls.mu.Unlock()
	if ok {
		return l
	}
	l = board.New(m, area, o)
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if _, ok := ls.made[k]; !ok {
		ls.made[k] = l
		ls.keys = append(ls.keys, k)
		if ls.max > 0 && len(ls.keys) > ls.max {
			delete(ls.made, ls.keys[0])
			ls.keys = append(ls.keys[:0], ls.keys[1:]...)
		}
	}
	return l
}

// sharedBackgrounds, when set, keeps every board background painted, by
// map and width, for every Board made. Only the tests set it (TestMain):
// their hundreds of screens paint a handful of backgrounds.
var sharedBackgrounds *backgrounds

type backgrounds struct {
	mu   sync.Mutex
	made map[backgroundKey]*image.RGBA
}

type backgroundKey struct {
	m *maps.Map
	w int
}

// background returns board.Background(m, w), painted once when the
// backgrounds are shared; fresh reports that it was painted now, its
// working memory garbage.
func background(m *maps.Map, w int) (img *image.RGBA, fresh bool) {
	bs := sharedBackgrounds
	if bs == nil {
		return board.Background(m, w), true
	}
	k := backgroundKey{m, w}
	bs.mu.Lock()
	defer bs.mu.Unlock()
	if img, ok := bs.made[k]; ok {
		return img, false
	}
	img = board.Background(m, w)
	if bs.made == nil {
		bs.made = map[backgroundKey]*image.RGBA{}
	}
	bs.made[k] = img
	return img, true
}
