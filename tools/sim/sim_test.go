package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"ttr/display/imgtest"
	"ttr/display/msg"
	"ttr/engine"
	"ttr/hal"
	"ttr/hal/haltest"
	"ttr/input"
	"ttr/maps"

	rl "github.com/gen2brain/raylib-go/raylib"
)

func newTestWorld(t *testing.T, mapID string, seats int, seed uint64, bots []bool) *world {
	t.Helper()
	m, err := maps.Load(mapID)
	if err != nil {
		t.Fatal(err)
	}
	w, err := newWorld(worldOpts{Map: m, Seats: seats, Seed: seed, Lang: "en", Clock: haltest.NewClock(time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)), Bots: bots})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	return w
}

// checkPhysical fails unless the simulator's physical piles agree with
// the engine: the deck holds exactly the engine's deck cards, each once;
// the ticket piles only tickets still in them; the hands are the engine's.
func checkPhysical(w *world) error {
	s := w.game()
	if s == nil {
		return nil
	}
	deck := engine.NewCardSet(w.deck...)
	if deck != s.Deck() || len(w.deck) != s.Deck().Len() {
		return fmt.Errorf("physical deck %d cards %v, engine deck %d cards", len(w.deck), deck, s.Deck().Len())
	}
	for _, t := range w.tickets {
		if loc, _ := s.WhereTicket(t); loc != engine.TicketInDeck && loc != engine.TicketAtBottom {
			return fmt.Errorf("ticket %d in the physical pile is %v", t, loc)
		}
	}
	if n := len(w.tickets); n != s.TicketsInDeck() {
		return fmt.Errorf("physical ticket pile %d, engine %d", n, s.TicketsInDeck())
	}
	for seat := range w.seats {
		p := w.tb().PlayerAt(hal.Seat(seat))
		hand := engine.NewCardSet(w.hand(hal.Seat(seat))...).Union(engine.NewCardSet(w.laid[seat]...))
		if p >= 0 && hand != s.Hand(p) {
			return fmt.Errorf("seat %d: physical hand %v, engine hand %v", seat, hand, s.Hand(p))
		}
	}
	return nil
}

// TestBotGameEurope4 plays a whole four-player Europe game with a bot at
// every seat through the fake readers and buttons: every card and ticket
// off a pile is scanned, every payment and ticket choice confirmed with
// the seat's button. The final scores equal the engine-only replay of
// the game's log.
func TestBotGameEurope4(t *testing.T) {
	w := newTestWorld(t, "europe", 4, 11, []bool{true, true, true, true})
	var scans, presses, touches, reshuffles int
	var problem error
	w.trace = func(ev hal.Event, res input.Result) {
		if problem != nil {
			return
		}
		for _, n := range res.Notices {
			if n.Refused {
				problem = fmt.Errorf("event %+v refused: %s", ev, n.Text.Key)
				return
			}
		}
		switch e := ev.(type) {
		case hal.Scan:
			scans++
		case hal.Press:
			presses++
			for _, a := range res.Actions {
				if e.Button == hal.Cancel && a.Kind != engine.WithdrawTunnel {
					problem = fmt.Errorf("a Cancel press applied %s", a.Kind)
				}
			}
		case hal.Touch:
			touches++
		default:
			problem = fmt.Errorf("event %T did not come from a device", ev)
		}
		for _, a := range res.Actions {
			var ok bool
			switch a.Kind {
			case engine.RevealCard, engine.RevealTicket, engine.DrawBlind, engine.DrawTickets:
				_, ok = ev.(hal.Scan)
			case engine.ClaimRoute, engine.BuildStation, engine.PayTunnel, engine.KeepTickets, engine.WithdrawTunnel:
				_, ok = ev.(hal.Press)
			case engine.DrawFaceUp:
				_, ok = ev.(hal.Touch)
			default:
				ok = true
			}
			if !ok {
				problem = fmt.Errorf("%s came from a %T", a.Kind, ev)
			}
		}
		for _, e := range res.Events {
			if e.Kind == engine.EvReshuffle {
				reshuffles++
			}
		}
		if err := checkPhysical(w); err != nil {
			problem = err
		}
	}
	if err := w.start(2); err != nil {
		t.Fatal(err)
	}
	p := &player{w: w, maxActions: 5000}
	if err := p.run([]step{{verb: "auto"}}); err != nil {
		t.Fatal(err)
	}
	if problem != nil {
		t.Fatal(problem)
	}
	s := w.game()
	if !s.IsTerminal() || w.tb().Mode() != input.ModeEnd {
		t.Fatalf("the game is not over: mode %s", w.tb().Mode())
	}
	replayed, err := engine.Replay(&engine.Log{Map: s.Map(), Players: s.Players(), Actions: w.log})
	if err != nil {
		t.Fatalf("engine-only replay of the log: %v", err)
	}
	if got, want := replayed.Scores(), s.Scores(); !reflect.DeepEqual(got, want) {
		t.Errorf("replayed scores %v, the table's %v", got, want)
	}
	a, _ := s.MarshalText()
	b, _ := replayed.MarshalText()
	if !bytes.Equal(a, b) {
		t.Errorf("the replayed game differs from the table's")
	}
	reveals := 0
	for _, a := range w.log {
		if a.Kind == engine.RevealCard || a.Kind == engine.RevealTicket {
			reveals++
		}
	}
	if scans < reveals {
		t.Errorf("%d scans for %d cards and tickets off the piles", scans, reveals)
	}
	t.Logf("%d actions: %d scans, %d presses, %d touches, %d reshuffles", len(w.log), scans, presses, touches, reshuffles)
}

// TestPlayBotsAll runs `sim play -bots all` as a user would and checks
// what it writes: the scores JSON and a game log that replays to them.
func TestPlayBotsAll(t *testing.T) {
	for _, tc := range []struct {
		mapID string
		seats int
		seed  uint64
	}{
		{"europe", 4, 5},
		{"usa", 2, 8},
		{"usa", 5, 9},
	} {
		t.Run(fmt.Sprintf("%s-%d", tc.mapID, tc.seats), func(t *testing.T) {
			dir := t.TempDir()
			var out, errs bytes.Buffer
			args := []string{"-bots", "all", "-map", tc.mapID, "-seats", fmt.Sprint(tc.seats), "-seed", fmt.Sprint(tc.seed), "-out", dir}
			if code := playCommand(args, &out, &errs); code != 0 {
				t.Fatalf("sim play %s: status %d: %s", strings.Join(args, " "), code, errs.String())
			}
			var sc Scores
			if err := json.Unmarshal(out.Bytes(), &sc); err != nil {
				t.Fatalf("scores JSON: %v\n%s", err, out.String())
			}
			file, err := os.ReadFile(filepath.Join(dir, "scores.json"))
			if err != nil || !bytes.Equal(file, out.Bytes()) {
				t.Errorf("scores.json differs from the standard output (%v)", err)
			}
			if !sc.Over || sc.Result == nil || len(sc.Seats) != tc.seats || sc.Seed != tc.seed {
				t.Fatalf("scores %+v: want a finished %d-seat game with seed %d", sc, tc.seats, tc.seed)
			}
			data, err := os.ReadFile(filepath.Join(dir, "game.log"))
			if err != nil {
				t.Fatal(err)
			}
			l, err := engine.ParseLog(data)
			if err != nil {
				t.Fatalf("game.log: %v", err)
			}
			s, err := engine.Replay(l)
			if err != nil {
				t.Fatalf("replaying game.log: %v", err)
			}
			for _, seat := range sc.Seats {
				if got := s.Scores()[seat.Player]; got != seat.Score {
					t.Errorf("seat %d: scores.json says %d, the replayed log %d", seat.Seat, seat.Score, got)
				}
			}
			if len(l.Actions) != sc.Actions {
				t.Errorf("log has %d actions, scores.json says %d", len(l.Actions), sc.Actions)
			}
			// The same seed plays the same game.
			var again bytes.Buffer
			if code := playCommand(args[:len(args)-2], &again, io.Discard); code != 0 || !bytes.Equal(again.Bytes(), out.Bytes()) {
				t.Errorf("a second run with seed %d printed different scores", tc.seed)
			}
		})
	}
}

// TestScripts plays the committed scripts with screenshots and compares
// the screenshots with the goldens (-update rewrites them).
func TestScripts(t *testing.T) {
	for _, name := range []string{"europe", "usa"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			o := playOpts{script: filepath.Join("testdata", name+".script"), screenshots: dir, width: 1280, height: 720, maxActions: 1000}
			var err error
			onMain(func() { _, err = play(o, io.Discard) })
			if err != nil {
				t.Fatal(err)
			}
			shots, _ := filepath.Glob(filepath.Join(dir, "*.png"))
			if len(shots) == 0 {
				t.Fatal("the script took no screenshot")
			}
			for _, shot := range shots {
				golden := filepath.Join("testdata", "golden", name+"-"+filepath.Base(shot))
				compareShot(t, shot, golden, o.width, o.height)
			}
		})
	}
}

// shrink averages 4x4 blocks: goldens are kept small and compared after
// the same filter, which also absorbs anti-aliasing differences.
func shrink(src image.Image) *image.RGBA {
	const k = 4
	b := src.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx()/k, b.Dy()/k))
	for y := range out.Rect.Dy() {
		for x := range out.Rect.Dx() {
			var r, g, bl uint32
			for dy := range k {
				for dx := range k {
					cr, cg, cb, _ := src.At(b.Min.X+x*k+dx, b.Min.Y+y*k+dy).RGBA()
					r, g, bl = r+cr>>8, g+cg>>8, bl+cb>>8
				}
			}
			i := out.PixOffset(x, y)
			out.Pix[i], out.Pix[i+1], out.Pix[i+2], out.Pix[i+3] = uint8(r/(k*k)), uint8(g/(k*k)), uint8(bl/(k*k)), 255
		}
	}
	return out
}

// compareShot compares a screenshot with its golden. The simulator's own
// parts (the seats' boxes, the footer) must match: at most 0.5% of their
// shrunk pixels may differ (beyond imgtest.Tolerance). The table's
// screen, drawn by package display and checked by its own goldens, may
// differ by up to 25%, which still catches a screen left blank or drawn
// for another state.
func compareShot(t *testing.T, shot, golden string, width, height int) {
	t.Helper()
	img, err := imgtest.ReadPNG(shot)
	if err != nil {
		t.Fatal(err)
	}
	got := shrink(img)
	if *update {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := imgtest.WritePNG(golden, got); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := imgtest.ReadPNG(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to write the goldens)", err)
	}
	if want.Bounds() != got.Bounds() {
		t.Fatalf("%s: size %v, golden %v", shot, got.Bounds(), want.Bounds())
	}
	a := screenArea(width, height)
	scr := image.Rect(int(a.X)/4, int(a.Y)/4, int(a.X+a.W+3)/4+1, int(a.Y+a.H+3)/4+1).Intersect(got.Rect)
	badScr, totalScr := imgtest.Differing(got, want, scr), scr.Dx()*scr.Dy()
	bad, total := imgtest.Differing(got, want, got.Rect)-badScr, got.Rect.Dx()*got.Rect.Dy()-totalScr
	if bad*200 > total || badScr*4 > totalScr {
		path := filepath.Join(os.TempDir(), "sim-got-"+filepath.Base(golden))
		if err := imgtest.WritePNG(path, got); err != nil {
			t.Error(err)
		}
		t.Errorf("%s: the simulator's panels differ from %s in %d of %d pixels, the table's screen in %d of %d (got: %s)",
			filepath.Base(shot), golden, bad, total, badScr, totalScr, path)
	}
}

// TestScriptErrors checks that a script's mistakes are reported with
// their line and what is wrong.
func TestScriptErrors(t *testing.T) {
	for _, tc := range []struct {
		name, script, want string
	}{
		{"unknown step", "fly 3", `line 1: "fly 3": unknown step "fly"`},
		{"setting after a step", "start 1\nseed 3", "settings come before the first step"},
		{"bad map", "map mars", "choose europe or usa"},
		{"bad seats", "seats 9", "seats are 2 to 5"},
		{"no such seat", "seed 1\nstart 7", "no seat \"7\""},
		{"no seat 0", "seed 1\nstart 0", "no seat \"0\" (seats are 1 to 4)"},
		{"failed assertion", "seed 1\nstart 1\nexpect mode play", `line 3: "expect mode play": mode setup, want play`},
		{"unknown card", "seed 1\nstart 1\nscan 1 pink9", `"pink9" is no card, ticket or uid`},
		{"stack before start", "stack red1", "stack after start"},
		{"expected refusal missing", "seed 1\nstart 1\nsetup\ntouch deck\nexpect refused 1 rule.wrong_action", "nothing refused at seat 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "s.script")
			os.WriteFile(path, []byte(tc.script), 0o644)
			_, err := play(playOpts{script: path, maxActions: 100}, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

// TestRegistryRoundTrip checks the virtual registry: every card and
// ticket of both maps has a well-formed UID that resolves back to it.
func TestRegistryRoundTrip(t *testing.T) {
	w := newTestWorld(t, "usa", 2, 1, nil)
	seen := map[hal.UID]bool{}
	check := func(tag input.Tag) {
		u := w.uid(tag)
		if len(u) != 14 || strings.Trim(string(u), "0123456789ABCDEF") != "" || seen[u] {
			t.Errorf("tag %+v: UID %q malformed or repeated", tag, u)
		}
		seen[u] = true
		if got, ok := w.resolve(u); !ok || got != tag {
			t.Errorf("UID %s resolves to %+v %v, want %+v", u, got, ok, tag)
		}
	}
	for c := range engine.CardID(engine.NumCards) {
		tag := input.CardTag(c)
		tag.Box = 1 // the virtual deck is one box of train cards
		check(tag)
	}
	for _, m := range []*maps.Map{maps.USA(), maps.Europe()} {
		for i := range m.Tickets {
			check(input.TicketTag(m.ID, engine.TicketID(i)))
		}
	}
	if _, ok := w.resolve("DEADBEEF"); ok {
		t.Error("an unknown tag resolved")
	}
}

// TestReshuffleKeepsDecksInStep plays bot games with many draws so that
// the deck runs out, and checks the physical deck after each event.
func TestReshuffleKeepsDecksInStep(t *testing.T) {
	w := newTestWorld(t, "usa", 5, 3, slices.Repeat([]bool{true}, 5))
	reshuffled := false
	var problem error
	w.trace = func(ev hal.Event, res input.Result) {
		for _, e := range res.Events {
			reshuffled = reshuffled || e.Kind == engine.EvReshuffle
		}
		if err := checkPhysical(w); err != nil && problem == nil {
			problem = fmt.Errorf("after %+v: %w", ev, err)
		}
	}
	if err := w.start(0); err != nil {
		t.Fatal(err)
	}
	if err := (&player{w: w, maxActions: 5000}).run([]step{{verb: "auto"}}); err != nil {
		t.Fatal(err)
	}
	if problem != nil {
		t.Fatal(problem)
	}
	if !reshuffled {
		t.Error("the deck was never reshuffled: pick another seed")
	}
}

// TestStartScreenMap chooses the USA map on the start screen of a table
// whose default is Europe: the simulator's physical decks follow.
func TestStartScreenMap(t *testing.T) {
	w := newTestWorld(t, "europe", 3, 2, nil)
	w.touch(hal.Touch{Kind: hal.ScreenKey, ID: input.KeyMap + "usa", Seat: -1})
	if err := w.start(1); err != nil {
		t.Fatal(err)
	}
	if err := w.deal(); err != nil {
		t.Fatal(err)
	}
	if w.m.ID != "usa" || w.game().Map().ID != "usa" {
		t.Fatalf("playing %s (engine %s), want usa", w.m.ID, w.game().Map().ID)
	}
	if err := checkPhysical(w); err != nil {
		t.Fatal(err)
	}
	if got, want := len(w.tickets), len(w.m.Tickets)-3*3; got != want {
		t.Errorf("ticket pile %d, want %d", got, want)
	}
}

// TestJournalResume keeps a bot game in a journal, stops it half-way as a
// closed window would, and resumes it: the game continues where it
// stopped, its piles laid out again, and ends with the scores its log
// replays to.
func TestJournalResume(t *testing.T) {
	dir := t.TempDir()
	bots := []bool{true, true, true}
	w := newTestWorldJournal(t, dir, bots)
	if err := w.start(0); err != nil {
		t.Fatal(err)
	}
	if err := (&player{w: w}).run([]step{{verb: "bot", words: []string{"120"}}}); err != nil {
		t.Fatal(err)
	}
	before, _ := w.game().MarshalText()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}

	w = newTestWorldJournal(t, dir, bots)
	defer w.Close()
	if w.game() == nil {
		t.Fatal("the unfinished game was not resumed")
	}
	after, _ := w.game().MarshalText()
	if !bytes.Equal(before, after) {
		t.Fatal("the resumed game differs from the one stopped")
	}
	if err := checkPhysical(w); err != nil {
		t.Fatal(err)
	}
	if err := (&player{w: w, maxActions: 5000}).run([]step{{verb: "auto"}}); err != nil {
		t.Fatal(err)
	}
	replayed, err := engine.Replay(&engine.Log{Map: w.m, Players: 3, Actions: w.log})
	if err != nil {
		t.Fatal(err)
	}
	if !replayed.IsTerminal() || !reflect.DeepEqual(replayed.Scores(), w.game().Scores()) {
		t.Errorf("replayed scores %v, table %v", replayed.Scores(), w.game().Scores())
	}
}

func newTestWorldJournal(t *testing.T, dir string, bots []bool) *world {
	t.Helper()
	w, err := newWorld(worldOpts{Map: maps.Europe(), Seats: len(bots), Seed: 4, Lang: "en", Clock: haltest.NewClock(time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)), Bots: bots, Journal: dir})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// inHiddenWindow runs f on the main thread with the simulator's screen of
// w's game for seats seats, in English, in a hidden 1024x600 window titled
// title.
func inHiddenWindow(t *testing.T, w *world, seats int, title string, f func(u *ui)) {
	t.Helper()
	cat, err := msg.Load()
	if err != nil {
		t.Fatal(err)
	}
	const width, height = 1024, 600
	onMain(func() {
		rl.SetTraceLogLevel(rl.LogError)
		rl.SetConfigFlags(rl.FlagWindowHidden)
		rl.InitWindow(width, height, title)
		defer rl.CloseWindow()
		u, err := newUI(w, cat, "en", seatEdges(mustConfig(t), seats), width, height, 0)
		if err != nil {
			t.Error(err)
			return
		}
		defer u.unload()
		f(u)
	})
}
