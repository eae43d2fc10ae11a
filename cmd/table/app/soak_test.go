package app_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"ttr/cmd/table/app"
	"ttr/engine"
	"ttr/hal"
	"ttr/hal/haltest"
	"ttr/hal/journal"
	"ttr/hal/storage"
	"ttr/hal/storage/storagetest"
	"ttr/input"
)

// soakGames is how many games TestSoak plays: TTR_SOAK_GAMES, or a few so
// that make test (which runs this package with -race and under qemu) stays
// quick. make soak plays 1,000.
func soakGames(t *testing.T) int {
	s := os.Getenv("TTR_SOAK_GAMES")
	if s == "" {
		if testing.Short() {
			return 2
		}
		return 3
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		t.Fatalf("TTR_SOAK_GAMES=%q: want a whole number of games, 1 or more", s)
	}
	return n
}

// The faults TestSoak injects.
const (
	faultDuplicate = "duplicate scan"   // the card just scanned is lifted and shown again
	faultStray     = "stray scan"       // a card of a waiting player's hand, at that player's reader
	faultUnknown   = "unknown tag"      // a tag the registry does not know
	faultDropout   = "reader dropout"   // the reader goes offline, misses the scan, comes back and reports it
	faultBounce    = "bouncing button"  // a press reported twice
	faultNothing   = "touch on nothing" // a touch on no route, city or key
	faultStorage   = "failed fsync"     // the fsync of an action fails (EIO); the table recovers
)

// soakSeats is the table TestSoak plays at: five seats, of which each game
// uses two to five.
const soakSeats = 5

// TestSoak plays bots games back to back on one App, as the firmware does
// for months, with its readers and buttons the haltest fakes merged by
// app.Merge, and injects faults between and inside the bots' gestures:
// duplicate and stray scans, unknown tags, a reader dropping out and back,
// bouncing buttons, touches on nothing; and failed fsyncs of the game's
// log (on a simulated disk), after which the App rolls back, refuses the
// rest of the bots' step and Recovers. It checks that nothing panics or
// fails; that no fault applies an action (the game's history does not
// move) and no bot gesture is refused because of one; that every engine
// invariant holds after every action; that the game's durable log holds
// exactly the actions the table applied, replays to the final state, and
// equals the log of the same game played by a second App without faults
// (so no action was lost, added or applied twice); and that the heap does
// not grow from game to game.
//
// TTR_SOAK_GAMES=1000 go test -run '^TestSoak$' ./cmd/table/app (make soak)
func TestSoak(t *testing.T) {
	games := soakGames(t)
	start := time.Now()
	const seed = 20260301
	faulty := newSoakTable(t, seed, true)
	clean := newSoakTable(t, seed, false)
	baseAt := min(10, games/2) // the game after which the heap is the baseline
	var base runtime.MemStats
	actions := 0
	for g := range games {
		mapID := []string{"europe", "usa"}[g%2]
		players := 2 + (g/2)%4
		text := faulty.play(g, mapID, players)
		if want := clean.play(g, mapID, players); text != want {
			t.Fatalf("game %d (%s, %d players): the log with faults differs from the same game without: %s",
				g, mapID, players, firstLineDiff(text, want))
		}
		actions += strings.Count(text, "\n") - 1
		if g == baseAt {
			runtime.GC()
			runtime.ReadMemStats(&base)
		}
	}
	runtime.GC()
	var end runtime.MemStats
	runtime.ReadMemStats(&end)
	// The heap after the last game against the baseline: a leak of even a
	// few kilobytes a game shows over a long soak; the slack absorbs the
	// noise of a short one.
	slack := max(uint64(4<<20), base.HeapAlloc/4)
	if games > baseAt+1 && end.HeapAlloc > base.HeapAlloc+slack {
		t.Errorf("heap grew from %d KiB after game %d to %d KiB after game %d (slack %d KiB)",
			base.HeapAlloc>>10, baseAt, end.HeapAlloc>>10, games-1, slack>>10)
	}
	var kinds []string
	total := 0
	for k, n := range faulty.faults {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
		total += n
	}
	slices.Sort(kinds)
	t.Logf("%d games, %d actions, %d faults (%s), %d refused, %d duplicates left out as the card was back in the deck, in %v; heap %d KiB after game %d, %d KiB after game %d",
		games, actions, total, strings.Join(kinds, ", "), faulty.refused, faulty.reshuffled, time.Since(start).Round(time.Millisecond),
		base.HeapAlloc>>10, baseAt, end.HeapAlloc>>10, games-1)
	for _, k := range []string{faultDuplicate, faultStray, faultUnknown, faultDropout, faultBounce, faultNothing, faultStorage} {
		if games >= 2 && faulty.faults[k] == 0 {
			t.Errorf("no %s was injected in %d games", k, games)
		}
	}
}

// soakTable is one App with every seat played by bots on a virtual deck.
// With faults, its events go through fake readers and buttons merged by
// app.Merge, and faults are injected; without, they go straight to Handle.
type soakTable struct {
	t       *testing.T
	dir     string
	a       *app.App
	d       app.Digital
	uid     func(input.Tag) hal.UID
	resolve input.Resolver
	withF   bool
	rng     *rand.Rand
	clock   *haltest.Clock
	readers []*haltest.Reader
	buttons []*haltest.Buttons
	events  <-chan hal.Event
	disk    *storagetest.Disk
	armed   bool // the next fsync of a game file fails
	failed  bool // it did: Handle refuses events until Recover
	faults  map[string]int
	refused int
	// reshuffled counts the cards scanned that were back in the deck at
	// once (a reshuffle), left out of the duplicates.
	reshuffled int
	applied    []engine.Action // the current game's actions, as Handle reported them
}

func newSoakTable(t *testing.T, seed uint64, faults bool) *soakTable {
	t.Helper()
	reg := app.VirtualRegistry()
	st := &soakTable{
		t:       t,
		dir:     "/var/lib/ttr/games",
		disk:    storagetest.New(),
		uid:     app.UIDs(reg),
		resolve: app.Resolver(reg),
		withF:   faults,
		rng:     rand.New(rand.NewPCG(seed, 7)),
		clock:   haltest.NewClock(time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)),
		faults:  map[string]int{},
	}
	var bots []hal.Seat
	for s := range soakSeats {
		bots = append(bots, hal.Seat(s))
	}
	st.d = app.Digital{Bots: bots, Deal: true, Start: true, UID: st.uid}
	st.disk.Fault = func(c storagetest.Call) error {
		if st.armed && c.Op == storagetest.OpSync && strings.Contains(c.Path, ".game") {
			st.armed, st.failed = false, true
			return syscall.EIO
		}
		return nil
	}
	a, err := app.Open(app.Opts{
		Dir:     st.dir,
		Journal: journal.Opts{FS: st.disk, MaxHistoryGames: 5}, // the disk is in memory
		Table:   input.Opts{Seats: soakSeats, Map: "europe", Lang: "en", Resolve: st.resolve},
		Seed:    seed,
		Logger:  slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now:     st.clock.Now,
	})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	st.a = a
	t.Cleanup(func() {
		if err := a.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	if faults {
		var devs app.Devices
		for s := range soakSeats {
			r := haltest.NewReader(hal.Seat(s), st.clock)
			b := haltest.NewButtons(hal.Seat(s), st.clock)
			st.readers = append(st.readers, r)
			st.buttons = append(st.buttons, b)
			devs.Tags = append(devs.Tags, r)
			devs.Status = append(devs.Status, r)
			devs.Buttons = append(devs.Buttons, b)
		}
		ctx, cancel := context.WithCancel(context.Background())
		pump := app.Merge(ctx, devs, slog.New(slog.NewTextHandler(io.Discard, nil)))
		st.events = pump.Events()
		t.Cleanup(func() { cancel(); pump.Wait() })
	}
	return st
}

// play plays one whole game on mapID with the first players seats and
// returns its log as the journal kept it.
func (st *soakTable) play(g int, mapID string, players int) string {
	t := st.t
	t.Helper()
	st.setUp(mapID, players)
	before := st.a.Ended()
	for steps := 0; st.a.Ended() == before; steps++ {
		if steps > 20000 {
			t.Fatalf("game %d did not end: mode %s after %d steps", g, st.a.Table().Mode(), steps)
		}
		st.clock.Advance(100 * time.Millisecond)
		if st.withF {
			st.injectBetween()
		}
		evs, err := st.d.Next(st.a, st.clock.Now())
		if err != nil {
			t.Fatalf("game %d: Next: %v", g, err)
		}
		if len(evs) == 0 {
			t.Fatalf("game %d: no bot or dealer step in mode %s", g, st.a.Table().Mode())
		}
		if st.withF && st.a.Table().Game() != nil && st.rng.IntN(40) == 0 {
			st.armed = true // the step's first durable action fails
		}
		for _, ev := range evs {
			st.gesture(ev)
		}
		st.armed = false
		if st.failed {
			// The rest of the step was refused; the table is back at its
			// last durable action, and the bots take the step again.
			st.faults[faultStorage]++
			if err := st.a.Recover(); err != nil {
				t.Fatalf("game %d: Recover: %v", g, err)
			}
			st.failed = false
		}
	}
	if m := st.a.Table().Mode(); m != input.ModeEnd {
		t.Fatalf("game %d ended in mode %s, want the end screen", g, m)
	}
	text := st.check(g)
	st.handle(hal.Touch{Kind: hal.ScreenKey, ID: input.KeyNewGame, Seat: 0, At: st.clock.Now()}, "")
	return text
}

// setUp chooses the map and the seats that play on the start screen.
func (st *soakTable) setUp(mapID string, players int) {
	if m := st.a.Table().Mode(); m != input.ModeStart {
		st.t.Fatalf("mode %s before a game, want the start screen", m)
	}
	at := st.clock.Now()
	st.handle(hal.Touch{Kind: hal.ScreenKey, ID: input.KeyMap + mapID, Seat: 0, At: at}, "")
	for _, sv := range st.a.Table().View().Seats {
		if sv.Playing != (int(sv.Seat) < players) {
			st.handle(hal.Touch{Kind: hal.ScreenKey, ID: input.KeyJoin, Seat: sv.Seat, At: at}, "")
		}
	}
	v := st.a.Table().View()
	n := 0
	for _, sv := range v.Seats {
		if sv.Playing {
			n++
		}
	}
	if n != players {
		st.t.Fatalf("start screen: %d seats play, want %d", n, players)
	}
}

// handle passes ev to the App and checks the result: no error, the
// actions it applied recorded, the invariants after them. A fault (its
// kind, or "" for a bot's gesture) must apply nothing; a bot's gesture must
// not be refused. It returns the result.
func (st *soakTable) handle(ev hal.Event, fault string) input.Result {
	t := st.t
	t.Helper()
	var n int
	if s := st.a.Table().Game(); s != nil {
		n = len(s.History())
	}
	res, err := st.a.Handle(ev)
	if err != nil && st.failed && errors.Is(err, app.ErrStorage) {
		// The failed fsync: what the table shows is what is durable.
		st.applied = append(st.applied[:0], st.a.Table().Game().History()...)
		return input.Result{}
	}
	if err != nil {
		t.Fatalf("Handle(%+v): %v", ev, err)
	}
	if res.Started {
		st.applied = st.applied[:0]
	}
	st.applied = append(st.applied, res.Actions...)
	if len(res.Actions) > 0 {
		if err := st.a.Table().Game().CheckInvariants(); err != nil {
			t.Fatalf("after %+v: %v", ev, err)
		}
	}
	refused := slices.ContainsFunc(res.Notices, func(n input.Notice) bool { return n.Refused })
	if fault != "" {
		if refused {
			st.refused++
		}
		after := 0
		if s := st.a.Table().Game(); s != nil {
			after = len(s.History())
		}
		if len(res.Actions) > 0 || after != n {
			t.Fatalf("the %s %+v applied %d action(s): %v", fault, ev, len(res.Actions), res.Actions)
		}
	} else if refused {
		for _, n := range res.Notices {
			if n.Refused {
				t.Fatalf("the bot's %+v was refused: %s %v", ev, n.Text.Key, n.Rule)
			}
		}
	}
	return res
}

// next returns the next event the devices report.
func (st *soakTable) next() hal.Event {
	st.t.Helper()
	select {
	case ev := <-st.events:
		return ev
	case <-time.After(10 * time.Second):
		st.t.Fatal("no event from the devices within 10s")
		return nil
	}
}

// deliver passes the next n device events to the App.
func (st *soakTable) deliver(n int, fault string) input.Result {
	var res input.Result
	for range n {
		ev := st.next()
		_, status := ev.(hal.Status)
		kind := fault
		if status {
			kind = faultDropout
		}
		r := st.handle(ev, kind)
		if !status {
			res = r
		}
	}
	return res
}

// gesture passes one of a bot's events to the App: straight to Handle
// without faults; with faults, a scan or a press through the fake device,
// perhaps dropping out or bouncing, and a scan perhaps shown again.
func (st *soakTable) gesture(ev hal.Event) {
	if !st.withF {
		st.handle(ev, "")
		return
	}
	st.clock.Advance(time.Duration(20+st.rng.IntN(200)) * time.Millisecond)
	switch ev := ev.(type) {
	case hal.Scan:
		r := st.readers[ev.Seat]
		r.Lift()
		if st.rng.IntN(30) == 0 {
			st.faults[faultDropout]++
			r.SetOffline(nil)
			r.Place(ev.UID) // missed while offline, reported when it is back
			r.SetOnline()
			st.deliver(3, "")
		} else {
			r.Place(ev.UID)
			st.deliver(1, "")
		}
		if st.rng.IntN(8) == 0 && st.duplicateRefused(ev.UID) {
			st.faults[faultDuplicate]++
			st.clock.Advance(300 * time.Millisecond)
			r.Lift()
			r.Place(ev.UID)
			st.deliver(1, faultDuplicate)
		}
	case hal.Press:
		b := st.buttons[ev.Seat]
		press := b.Press
		if ev.Long {
			press = b.LongPress
		}
		press(ev.Button)
		st.deliver(1, "")
		if st.rng.IntN(3) == 0 {
			st.faults[faultBounce]++
			st.clock.Advance(3 * time.Millisecond)
			press(ev.Button)
			st.deliver(1, faultBounce)
		}
	default:
		st.handle(ev, "")
	}
}

// duplicateRefused reports whether showing the tag uid again must change
// nothing: a train card that is not in the deck (it is in a hand, the
// market, the discard pile, a tunnel's reveal or a payment already
// counted). A card back in the deck (the discards were just shuffled into
// a new one) may rightly be drawn again, and a ticket shown again is not a
// fault but a choice (marked to give back): those are left out.
func (st *soakTable) duplicateRefused(uid hal.UID) bool {
	tag, ok := st.resolve(uid)
	if !ok || tag.Kind != input.TagCard {
		return false
	}
	s := st.a.Table().Game()
	if s == nil {
		return false
	}
	if loc, _ := s.Where(tag.Card); loc == engine.InDeck {
		st.reshuffled++
		return false
	}
	return true
}

// injectBetween injects, between two steps of the bots, a touch on
// nothing, an unknown tag or a stray scan.
func (st *soakTable) injectBetween() {
	s := st.a.Table().Game()
	if s == nil || s.IsTerminal() || st.a.Table().Mode() == input.ModeEnd {
		return
	}
	at := st.clock.Now()
	switch st.rng.IntN(12) {
	case 0:
		st.faults[faultNothing]++
		seat := hal.Seat(-1)
		if st.rng.IntN(2) == 0 && s.CurrentPlayer() >= 0 {
			seat = st.a.Table().SeatOf(s.CurrentPlayer())
		}
		st.handle(hal.Touch{Kind: hal.Nothing, Seat: seat, At: at, X: st.rng.Float32() * 1920, Y: st.rng.Float32() * 1080}, faultNothing)
	case 1:
		st.faults[faultUnknown]++
		r := st.readers[st.rng.IntN(soakSeats)]
		r.Lift()
		r.Place(hal.UID(fmt.Sprintf("DEAD%06X", st.rng.IntN(1<<24))))
		st.deliver(1, faultUnknown)
	case 2:
		// A card of a player who is not the one the table waits for,
		// shown at that player's reader.
		cur := s.CurrentPlayer()
		var p int
		for tries := 0; ; tries++ {
			p = st.rng.IntN(s.Players())
			if p != cur {
				break
			}
			if tries > 20 {
				return
			}
		}
		ids := s.Hand(p).IDs()
		if len(ids) == 0 {
			return
		}
		st.faults[faultStray]++
		seat := st.a.Table().SeatOf(p)
		r := st.readers[seat]
		r.Lift()
		r.Place(st.uid(input.CardTag(ids[st.rng.IntN(len(ids))])))
		st.deliver(1, faultStray)
	}
}

// check reads the finished game from the journal and checks it: the
// actions Handle applied, in order, replaying to the table's final state.
// It returns the log's text.
func (st *soakTable) check(g int) string {
	t := st.t
	t.Helper()
	h, err := journal.History(st.dir, journal.Opts{FS: st.disk})
	if err != nil || len(h) == 0 {
		t.Fatalf("game %d: history: %d games, %v", g, len(h), err)
	}
	e := h[0]
	hdr, err := app.ParseHeader(e.Header)
	if err != nil {
		t.Fatalf("game %d: header: %v", g, err)
	}
	data, err := storage.ReadFile(st.disk, filepath.Join(st.dir, "history", e.Name), journal.MaxGameBytes)
	if err != nil {
		t.Fatal(err)
	}
	jl, err := journal.Decode(data)
	if err != nil {
		t.Fatalf("game %d: journal: %v", g, err)
	}
	final := st.a.Table().Game()
	var b strings.Builder
	b.WriteString(hdr.Log + "\n")
	for _, rec := range jl.Records {
		b.Write(rec)
		b.WriteByte('\n')
	}
	var want strings.Builder
	want.WriteString(hdr.Log + "\n")
	for _, a := range st.applied {
		want.WriteString(engine.FormatAction(final.Map(), a) + "\n")
	}
	if b.String() != want.String() {
		t.Fatalf("game %d: the journal differs from the actions applied: %s", g, firstLineDiff(b.String(), want.String()))
	}
	l, err := engine.ParseLog([]byte(b.String()))
	if err != nil {
		t.Fatalf("game %d: %v", g, err)
	}
	s, err := engine.Replay(l)
	if err != nil {
		t.Fatalf("game %d: replay: %v", g, err)
	}
	got, err1 := s.MarshalText()
	wantState, err2 := final.MarshalText()
	if err1 != nil || err2 != nil || string(got) != string(wantState) {
		t.Fatalf("game %d: the replayed log ends in a different state (%v, %v)", g, err1, err2)
	}
	if !s.IsTerminal() {
		t.Fatalf("game %d: the replayed log does not end the game", g)
	}
	return b.String()
}

// firstLineDiff describes the first line where a and b differ.
func firstLineDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range max(len(al), len(bl)) {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d: %q, want %q", i+1, x, y)
		}
	}
	return "no difference"
}
