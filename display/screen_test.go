package display

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"sync"
	"testing"
	"time"
	"unsafe"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display/msg"
	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/maps"
)

var loadCatalog = sync.OnceValues(msg.Load)

func catalog(t testing.TB) *msg.Catalog {
	t.Helper()
	c, err := loadCatalog()
	if err != nil {
		t.Fatalf("msg.Load: %v", err)
	}
	return c
}

// screens are the Screens of a test, one per size and arrangement of
// seats: a Screen draws whatever View it is given next, so goldens of the
// same size share one (and its fonts and board).
type screens map[string]*Screen

func (ss screens) get(t *testing.T, w, h int, edges []Edge) *Screen {
	t.Helper()
	key := fmt.Sprint(w, h, edges)
	if s, ok := ss[key]; ok {
		return s
	}
	var s *Screen
	onMain(func() {
		var err error
		s, err = NewScreen(catalog(t), ScreenOpts{Width: w, Height: h, Seats: edges, Lang: msg.EN})
		if err != nil {
			t.Fatalf("NewScreen: %v", err)
		}
	})
	ss[key] = s
	return s
}

func (ss screens) unload() {
	onMain(func() {
		for _, s := range ss {
			s.Unload()
		}
	})
}

// shot draws v on a w x h screen with seats facing edges, at time now, as
// the table does (Prepare, then Draw), and returns the picture; it fails
// the test for every text that did not fit its box.
func (ss screens) shot(t *testing.T, w, h int, edges []Edge, v *input.View, now time.Time) *image.RGBA {
	t.Helper()
	s := ss.get(t, w, h, edges)
	return picture(t, s, w, h, v, now, true)
}

// picture draws v at now on s (w x h) and returns it; prepared draws as
// the table does (the still layer prepared, then the frame), else all in
// one pass.
func picture(t *testing.T, s *Screen, w, h int, v *input.View, now time.Time, prepared bool) *image.RGBA {
	t.Helper()
	var img *image.RGBA
	onMain(func() {
		s.fonts.misfits = s.fonts.misfits[:0]
		if prepared {
			s.Prepare(v, now)
		}
		target := rl.LoadRenderTexture(int32(w), int32(h))
		defer rl.UnloadRenderTexture(target)
		rl.BeginTextureMode(target)
		rl.ClearBackground(color.RGBA{0, 0, 0, 255})
		s.Draw(v, now)
		rl.EndTextureMode()
		for _, o := range s.fonts.misfits {
			t.Errorf("text does not fit its box: %s", o)
		}
		img = readTexture(target.Texture, w, h)
	})
	return img
}

// readTexture returns a render texture's picture, opaque, rows flipped back.
func readTexture(tex rl.Texture2D, w, h int) *image.RGBA {
	ri := rl.LoadImageFromTexture(tex)
	defer rl.UnloadImage(ri)
	rl.ImageFlipVertical(ri)
	out := imageOf(ri, w, h)
	for i := 3; i < len(out.Pix); i += 4 {
		out.Pix[i] = 255
	}
	return out
}

// imageOf returns the w x h top left corner of a raylib image as it is.
func imageOf(ri *rl.Image, w, h int) *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	if tw := int(ri.Width); ri.Format == rl.UncompressedR8g8b8a8 && tw >= w && int(ri.Height) >= h {
		// The pixels as they are, row by row (ToImage converts them one
		// by one: most of a pixel test's time).
		data := unsafe.Slice((*byte)(ri.Data), tw*int(ri.Height)*4)
		for y := range h {
			copy(out.Pix[y*out.Stride:y*out.Stride+w*4], data[y*tw*4:])
		}
	} else {
		src := ri.ToImage()
		draw.Draw(out, out.Rect, src, src.Bounds().Min, draw.Src)
	}
	return out
}

var fourEdges = []Edge{Bottom, Left, Top, Right}

// europeInProgress is a 4-player Europe game some turns in, with the
// player to move claiming a route: touched, two cards scanned.
func europeInProgress(t *testing.T, lang string) (*game, input.View) {
	sc := newScene(t, 4, "europe", lang, 7)
	sc.key(1, input.KeyColor+"black")
	sc.start(0)
	sc.turns(40)
	// The player to move claims a route of 3 or more, not a tunnel: touch
	// it and scan two cards.
	var best engine.Action
	sc.playUntil(func(s *engine.State) bool {
		a, ok := claimable(s, func(a engine.Action) bool {
			rt := &s.Map().Routes[a.Route]
			return rt.Kind != maps.Tunnel && rt.Length >= 3
		})
		best = a
		return ok
	})
	if sc.tb.Mode() != input.ModePlay {
		t.Fatalf("no claim to show")
	}
	sc.claimPart(best)
	return sc, sc.tb.View()
}

// bigClaim plays on until the player to move can claim a route of 3 cars
// or more, and returns that claim and the table's events that make it.
func (sc *game) bigClaim() (engine.Action, []hal.Event) {
	sc.t.Helper()
	var claim engine.Action
	sc.playUntil(func(s *engine.State) bool {
		a, ok := claimable(s, func(a engine.Action) bool { return s.Map().Routes[a.Route].Length >= 3 })
		claim = a
		return ok
	})
	evs, err := sc.tb.Gestures(claim, tagUID, sc.dealer.Outcome, sc.at())
	if err != nil {
		sc.t.Fatal(err)
	}
	return claim, evs
}

// claimViews makes a claim of 3 cars or more (bigClaim) and returns the
// View before its last event (Confirm, every card scanned) and the View
// after it (the route claimed, the next player's turn).
func (sc *game) claimViews() (before, after input.View) {
	sc.t.Helper()
	claim, evs := sc.bigClaim()
	for _, ev := range evs[:len(evs)-1] {
		sc.do(ev, false)
	}
	before = sc.tb.View()
	sc.do(evs[len(evs)-1], false)
	after = sc.tb.View()
	if before.Mode != input.ModePlay || before.SelectedRoute < 0 || after.Public.RouteOwner[claim.Route] < 0 {
		sc.t.Fatalf("mode %s, route selected %d, claimed after by %d: want a claim under way, then made",
			before.Mode, before.SelectedRoute, after.Public.RouteOwner[claim.Route])
	}
	return before, after
}

// scanViews begins a claim of 3 cars or more (bigClaim): the route touched
// and a card scanned; it returns the View then and the View after a second
// card scanned: an event within a turn.
func (sc *game) scanViews() (before, after input.View) {
	sc.t.Helper()
	_, evs := sc.bigClaim()
	sc.do(evs[0], false)
	sc.do(evs[1], false)
	before = sc.tb.View()
	sc.do(evs[2], false)
	return before, sc.tb.View()
}

// claimPart begins claim a through the table's events: the route touched
// and two cards scanned.
func (sc *game) claimPart(a engine.Action) {
	sc.t.Helper()
	evs, err := sc.tb.Gestures(a, tagUID, sc.dealer.Outcome, sc.at())
	if err != nil {
		sc.t.Fatal(err)
	}
	for _, ev := range evs[:3] {
		sc.do(ev, false)
	}
}

// refusalScene is a 5-player Europe game where the player to move touched a
// route and scanned a card of the wrong colour.
func refusalScene(t *testing.T, lang string) (input.View, time.Time) {
	sc := newScene(t, 5, "europe", lang, 3)
	sc.start(2)
	sc.turns(23)
	s := sc.tb.Game()
	p := s.Waiting().Player
	seat := int(sc.tb.SeatOf(p))
	hand := s.Hand(p)
	for i := range s.Map().Routes {
		rt := &s.Map().Routes[i]
		if rt.Color == maps.Gray || rt.Kind != maps.Normal || s.RouteOwner(i) >= 0 || s.CheckClaim(i, engine.CardSet{}) == nil {
			continue
		}
		var wrong engine.CardID = engine.NoCard
		for _, c := range hand.IDs() {
			if c.Color() != engine.Locomotive && c.Color().MapColor() != rt.Color {
				wrong = c
				break
			}
		}
		if wrong == engine.NoCard {
			continue
		}
		if res := sc.do(hal.Touch{Kind: hal.RouteArea, ID: rt.ID, Seat: -1, At: sc.at()}, true); len(res.Notices) > 0 {
			continue
		}
		res := sc.scan(seat, wrong, true)
		if len(res.Notices) != 1 || !res.Notices[0].Refused {
			t.Fatalf("scan of %s for %s: notices %+v, want a refusal", wrong, rt.ID, res.Notices)
		}
		return sc.tb.View(), sc.now.Add(1500 * time.Millisecond)
	}
	t.Fatalf("no route to refuse a card for")
	return input.View{}, time.Time{}
}

// tunnelScene is a 3-player Europe game with a tunnel being paid: two of
// the three cards turned over match, one extra card scanned of two.
func tunnelScene(t *testing.T) input.View {
	sc := newScene(t, 3, "europe", "en", 5)
	sc.start(0)
	var claim engine.Action
	sc.playUntil(func(s *engine.State) bool {
		if sc.tb.Mode() != input.ModePlay || s.Turns() < 20 {
			return false
		}
		a, ok := claimable(s, func(a engine.Action) bool {
			rt := &s.Map().Routes[a.Route]
			hand := s.Hand(s.Waiting().Player)
			// Enough cards left to pay two more.
			return rt.Kind == maps.Tunnel && a.Cards.Count(engine.Locomotive) == 0 && hand.Len()-a.Cards.Len() >= 2 &&
				hand.Minus(a.Cards).Count(engine.Locomotive)+hand.Minus(a.Cards).Count(a.Cards.IDs()[0].Color()) >= 1
		})
		claim = a
		return ok
	})
	if sc.tb.Mode() == input.ModeEnd {
		t.Fatalf("no tunnel claimed")
	}
	s := sc.tb.Game()
	p := s.Waiting().Player
	seat := int(sc.tb.SeatOf(p))
	sc.act(claim)
	// Turn over two cards of the colour paid and one of another.
	col := claim.Cards.IDs()[0].Color()
	var reveal []engine.CardID
	for _, c := range sc.tb.Game().Deck().IDs() {
		if c.Color() == col && len(reveal) < 2 {
			reveal = append(reveal, c)
		}
	}
	for _, c := range sc.tb.Game().Deck().IDs() {
		if c.Color() != col && c.Color() != engine.Locomotive {
			reveal = append(reveal, c)
			break
		}
	}
	for _, c := range reveal {
		sc.scan(seat, c, false)
	}
	// Pay one of the two extra cards.
	hand := sc.tb.Game().Hand(p).Minus(claim.Cards)
	for _, c := range hand.IDs() {
		if c.Color() == col || c.Color() == engine.Locomotive {
			sc.scan(seat, c, false)
			break
		}
	}
	v := sc.tb.View()
	if v.Tunnel == nil || v.Tunnel.Extra != 2 || v.Tunnel.Have != 1 {
		t.Fatalf("tunnel %+v, want 2 extra, 1 paid", v.Tunnel)
	}
	return v
}

// endScene plays a 4-player Europe game to its end (once per language:
// several tests look at it, and the game is the same every time).
func endScene(t *testing.T, lang string) input.View {
	endScenes.Lock()
	defer endScenes.Unlock()
	if v, ok := endScenes.views[lang]; ok {
		return v
	}
	sc := newScene(t, 4, "europe", lang, 21)
	sc.key(3, input.KeyColor+"black")
	sc.start(1)
	sc.playUntil(func(*engine.State) bool { return false })
	v := sc.tb.View()
	if v.Mode != input.ModeEnd || v.End == nil {
		t.Fatalf("mode %s, want the end screen", v.Mode)
	}
	endScenes.views[lang] = v
	return v
}

// endScenes are the end screens played so far, by language.
var endScenes = struct {
	sync.Mutex
	views map[string]input.View
}{views: map[string]input.View{}}

// startScene is the start screen with four seats: seat 2 left the table,
// seat 1 took black, seat 0 plays first, and seat 3 was refused a colour
// already taken.
func startScene(t *testing.T) (input.View, time.Time) {
	sc := newScene(t, 4, "europe", "en", 1)
	sc.key(2, input.KeyJoin)
	sc.key(1, input.KeyColor+"black")
	sc.key(0, input.KeyFirst)
	sc.do(hal.Touch{Kind: hal.ScreenKey, ID: input.KeyColor + "black", Seat: 3, At: sc.at()}, true)
	return sc.tb.View(), sc.now.Add(time.Second)
}

// usaScene is a 2-player game on the USA map in its last round (the
// banner says so), the player to move touching a route to claim if they
// can pay one.
func usaScene(t *testing.T) input.View {
	sc := newScene(t, 2, "usa", "en", 9)
	sc.start(1)
	sc.playUntil(func(s *engine.State) bool {
		return s.LastRound() && !s.IsChance() && s.Waiting().Need == engine.NeedTurn
	})
	if sc.tb.Mode() != input.ModePlay {
		t.Fatalf("the game ended before its last round showed")
	}
	if a, ok := claimable(sc.tb.Game(), func(engine.Action) bool { return true }); ok {
		evs, err := sc.tb.Gestures(a, tagUID, sc.dealer.Outcome, sc.at())
		if err != nil {
			t.Fatal(err)
		}
		sc.do(evs[0], false)
	}
	v := sc.tb.View()
	if v.Banner.Key != "prompt.last_round" {
		t.Fatalf("banner %q, want the last round", v.Banner.Key)
	}
	return v
}

// TestScreenGolden checks the pixels of one busy screen (four seats on
// Europe, a claim under way, a tunnel's cards in sight) against its
// screenshot: what every screen draws is held by its draw list
// (TestSceneGolden); this holds the renderer that turns a draw list into
// pixels (raylib's shapes, the fonts' atlases, the board's background).
func TestScreenGolden(t *testing.T) {
	base := time.Date(2026, 3, 14, 21, 0, 0, 0, time.UTC)
	ss := screens{}
	defer ss.unload()
	_, v := europeInProgress(t, "en")
	compareGolden(t, "screen-europe-4p-1920x1080", ss.shot(t, 1920, 1080, fourEdges, &v, base))
}

// TestReadTextureReadsThePixels checks the pixel tests' reader: a
// rectangle drawn into a render texture is read back in its place and
// colour, the right way up, outside it the clear colour.
func TestReadTextureReadsThePixels(t *testing.T) {
	const w, h = 64, 48
	var img *image.RGBA
	onMain(func() {
		rt := rl.LoadRenderTexture(w, h)
		defer rl.UnloadRenderTexture(rt)
		rl.BeginTextureMode(rt)
		rl.ClearBackground(color.RGBA{10, 20, 30, 255})
		rl.DrawRectangle(5, 4, 10, 6, color.RGBA{200, 100, 50, 255})
		rl.EndTextureMode()
		img = readTexture(rt.Texture, w, h)
	})
	for _, c := range []struct {
		x, y int
		want color.RGBA
	}{
		{5, 4, color.RGBA{200, 100, 50, 255}},
		{14, 9, color.RGBA{200, 100, 50, 255}},
		{15, 9, color.RGBA{10, 20, 30, 255}},
		{5, 10, color.RGBA{10, 20, 30, 255}},
		{5, h - 5, color.RGBA{10, 20, 30, 255}},
		{w - 1, h - 1, color.RGBA{10, 20, 30, 255}},
	} {
		if got := img.RGBAAt(c.x, c.y); got != c.want {
			t.Errorf("pixel %d,%d: %v, want %v", c.x, c.y, got, c.want)
		}
	}
}
