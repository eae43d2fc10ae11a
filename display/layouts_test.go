package display

import (
	"reflect"
	"strings"
	"testing"

	"ttr/display/board"
)

// TestLayoutKeyHoldsEveryOption checks that the memo's key holds every
// option board.New reads: a field added to board.Opts and left out of
// layoutKey would hand one board's layout to another's options.
func TestLayoutKeyHoldsEveryOption(t *testing.T) {
	key := reflect.TypeFor[layoutKey]()
	opts := reflect.TypeFor[board.Opts]()
	for i := range opts.NumField() {
		f := opts.Field(i)
		if f.Name == "Measure" {
			continue // layoutKey.measured: the names' font or board's estimate
		}
		k, ok := key.FieldByName(strings.ToLower(f.Name[:1]) + f.Name[1:])
		if !ok || k.Type != f.Type {
			t.Errorf("board.Opts.%s (%v) is not in layoutKey", f.Name, f.Type)
		}
	}
}

// TestLayoutsMadeOnce checks that the memo lays a board out once per map,
// rectangle and options, hands back what board.New makes, keeps no more
// than its limit, and tells options apart.
func TestLayoutsMadeOnce(t *testing.T) {
	t.Parallel()
	m := mustMap(t, "europe")
	area := board.Rect{X: 10, Y: 20, W: 1600, H: 900}
	ls := newLayouts(2)
	a := ls.layout(m, area, board.DefaultOpts())
	if b := ls.layout(m, area, board.DefaultOpts()); b != a {
		t.Error("the same board was laid out twice")
	}
	if want := board.New(m, area, board.DefaultOpts()); !reflect.DeepEqual(a, want) {
		t.Error("the layout kept is not the one board.New makes")
	}
	o := board.DefaultOpts()
	o.Tolerance = 30
	if b := ls.layout(m, area, o); b == a || b.Tolerance != 30 {
		t.Errorf("another tolerance gave the layout kept (tolerance %v)", b.Tolerance)
	}
	ls.layout(m, area.Inset(10), board.DefaultOpts())
	if len(ls.made) != 2 || len(ls.keys) != 2 {
		t.Errorf("%d layouts kept (%d keys), want the limit, 2", len(ls.made), len(ls.keys))
	}
	if b := ls.layout(m, area, board.DefaultOpts()); b == a {
		t.Error("the oldest layout was kept past the limit")
	}
}
