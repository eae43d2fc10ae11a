package input_test

import (
	"math/rand/v2"
	"reflect"
	"runtime"
	"testing"

	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/input/inputtest"
)

// checkRev checks v, the View after an event, against the promise of Rev
// the screen's cache relies on: v has a nonzero Rev; a second View right
// away has the same Rev and is deeply equal; whenever v differs (Rev aside)
// from the View checked before, its Rev differs too; and a Rev once
// replaced never comes back.
func (r *rig) checkRev(v input.View) {
	r.t.Helper()
	if v.Rev.IsZero() {
		r.t.Fatalf("the table's View has the zero Rev")
	}
	if again := r.tb.View(); again.Rev != v.Rev || !reflect.DeepEqual(again, v) {
		r.t.Fatalf("two Views in a row: same Rev %v, fields that differ %v; want the same View", again.Rev == v.Rev, viewDiff(again, v))
	}
	if p := r.shown; p != nil {
		if p.Rev == v.Rev {
			if d := viewDiff(*p, v); len(d) > 0 {
				r.t.Fatalf("the View changed (%v) but kept its Rev: the screen would show the old one", d)
			}
		} else if r.revs[v.Rev] {
			r.t.Fatalf("a Rev replaced earlier came back")
		}
	}
	if r.revs == nil {
		r.revs = map[input.Rev]bool{}
	}
	r.revs[v.Rev] = true
	r.shown = &v
}

// viewDiff returns the names of the fields of View, Rev aside, that differ
// between a and b.
func viewDiff(a, b input.View) []string {
	va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
	var out []string
	for i := range va.NumField() {
		name := va.Type().Field(i).Name
		if name != "Rev" && !reflect.DeepEqual(va.Field(i).Interface(), vb.Field(i).Interface()) {
			out = append(out, name)
		}
	}
	return out
}

func TestRevsHandOutDistinctRevs(t *testing.T) {
	var a, b input.Revs
	a1, a2, b1 := a.Next(), a.Next(), b.Next()
	for _, tc := range []struct {
		name string
		x, y input.Rev
	}{
		{"one source, one Rev after the other", a1, a2},
		{"two sources, first Rev of each", a1, b1},
		{"a Rev and the zero Rev", a1, input.Rev{}},
	} {
		if tc.x == tc.y {
			t.Errorf("%s: equal Revs", tc.name)
		}
	}
	for i, r := range []input.Rev{a1, a2, b1} {
		if r.IsZero() {
			t.Errorf("Rev %d of Next is zero", i)
		}
	}
}

func TestHandBuiltViewHasZeroRev(t *testing.T) {
	for _, tc := range []struct {
		name string
		v    input.View
	}{
		{"zero View", input.View{}},
		{"View with fields", input.View{Mode: input.ModePlay, Lang: "en", SelectedRoute: -1, SelectedCity: -1}},
	} {
		if !tc.v.Rev.IsZero() {
			t.Errorf("%s: Rev not zero", tc.name)
		}
	}
	r := newRig(t, 2, "europe")
	if r.tb.View().Rev.IsZero() {
		t.Errorf("a new table's View has the zero Rev")
	}
}

// TestRevChangesWithEveryMutator calls each of the Table's exported
// methods that change the View directly (not through Handle), and checks
// that each changes the View and its Rev.
func TestRevChangesWithEveryMutator(t *testing.T) {
	hands := map[int][]engine.CardID{
		0: cards(t, "red1", "red2", "loco1", "blue1"),
		1: cards(t, "red3", "red4", "blue2", "green1"),
	}
	r := newGame(t, 3, "europe", hands)
	for _, tc := range []struct {
		name string
		call func() any
		want func(input.View) bool // what the call shows
	}{
		{"Status", func() any {
			return r.tb.Status(hal.Status{Seat: 2, Device: hal.DeviceReader, State: hal.Offline, At: r.at()})
		}, func(v input.View) bool { return v.Seats[2].ReaderOffline }},
		{"Press (wrong seat)", func() any {
			return r.tb.Press(hal.Press{Seat: 1, Button: hal.Confirm, At: r.at()})
		}, func(v input.View) bool { return v.Seats[1].Notice.Text.Key == "refuse.not_your_turn" }},
		{"Scan (unknown tag)", func() any {
			return r.tb.Scan(hal.Scan{Seat: 0, UID: "no such tag", At: r.at()})
		}, func(v input.View) bool { return v.Seats[0].Notice.Text.Key == "refuse.unknown_tag" }},
		{"Touch (route)", func() any {
			return r.tb.Touch(hal.Touch{Kind: hal.RouteArea, ID: "berlin--frankfurt--2", Seat: -1, At: r.at()})
		}, func(v input.View) bool { return v.Claim != nil }},
		{"Scan (card for the claim)", func() any {
			return r.tb.Scan(hal.Scan{Seat: 0, UID: inputtest.CardUID(cards(t, "red1")[0]), At: r.at()})
		}, func(v input.View) bool { return v.Claim != nil && v.Claim.Have == 1 }},
		{"Handle (Cancel)", func() any {
			return r.tb.Handle(hal.Press{Seat: 0, Button: hal.Cancel, At: r.at()})
		}, func(v input.View) bool { return v.Claim == nil }},
		{"Resume", func() any {
			s := r.game()
			replayed, err := engine.Replay(&engine.Log{Map: s.Map(), Players: s.Players(), Actions: s.History()})
			if err != nil {
				t.Fatal(err)
			}
			return r.tb.Resume(r.tb.Setup(), replayed, r.at())
		}, func(v input.View) bool { return v.Seats[0].Notice.Text.Key == "status.resumed" }},
	} {
		before := r.tb.View()
		res := tc.call()
		after := r.tb.View()
		if !tc.want(after) {
			t.Fatalf("%s: the View does not show it (result %+v)", tc.name, res)
		}
		if len(viewDiff(before, after)) == 0 {
			t.Fatalf("%s: the View did not change", tc.name)
		}
		if after.Rev == before.Rev {
			t.Errorf("%s: the View changed (%v) but kept Rev", tc.name, viewDiff(before, after))
		}
		r.checkView()
	}
}

// TestRevKeptByReaders checks that reading the table (its getters and
// Gestures) keeps the View's Rev, so the screen does not draw again.
func TestRevKeptByReaders(t *testing.T) {
	r := newGame(t, 3, "usa", nil)
	r.ok(r.touch(hal.MarketSlot, "", 1), engine.DrawFaceUp)
	want := r.tb.View()
	d := engine.NewDealer(3)
	for _, tc := range []struct {
		name string
		read func()
	}{
		{"View", func() { r.tb.View() }},
		{"Setup", func() { r.tb.Setup() }},
		{"Game", func() { r.tb.Game() }},
		{"Mode", func() { r.tb.Mode() }},
		{"SeatOf", func() { r.tb.SeatOf(0) }},
		{"PlayerAt", func() { r.tb.PlayerAt(1) }},
		{"Gestures", func() {
			s := r.game()
			if !s.IsChance() {
				t.Fatalf("the table waits for %s, want the market's refill", s.Waiting().Need)
			}
			if _, err := r.tb.Gestures(d.Outcome(s), inputtest.UID, d.Outcome, r.at()); err != nil {
				t.Fatalf("Gestures: %v", err)
			}
		}},
	} {
		tc.read()
		if got := r.tb.View(); got.Rev != want.Rev || !reflect.DeepEqual(got, want) {
			t.Errorf("after %s: same Rev %v, fields that differ %v; want the View unchanged", tc.name, got.Rev == want.Rev, viewDiff(got, want))
		}
	}
}

// TestRefusalsChangeRev checks that a refused event, which leaves the game
// as it was but shows the refusal, gives the View a new Rev each time, the
// same refusal again included.
func TestRefusalsChangeRev(t *testing.T) {
	hands := map[int][]engine.CardID{
		0: cards(t, "red1", "red2", "loco1", "blue1"),
		1: cards(t, "red3", "red4", "blue2", "green1"),
	}
	r := newGame(t, 2, "europe", hands)
	r.ok(r.touchRoute("berlin--frankfurt--2"))
	r.ok(r.scanCard(0, cards(t, "red1")[0]))
	for _, tc := range []struct {
		name string
		do   func() input.Result
		seat int
		key  string
	}{
		{"card scanned twice", func() input.Result { return r.scanCard(0, cards(t, "red1")[0]) }, 0, "refuse.scanned_twice"},
		{"card scanned twice, again", func() input.Result { return r.scanCard(0, cards(t, "red1")[0]) }, 0, "refuse.scanned_twice"},
		{"touch on nothing", func() input.Result { return r.touch(hal.Nothing, "", 0) }, 0, "refuse.touch_nothing"},
		{"touch on an unknown route", func() input.Result { return r.touchRoute("paris--mars--1") }, 0, "refuse.touch_nothing"},
		{"wrong seat's Confirm", func() input.Result { return r.confirm(1) }, 1, "refuse.not_your_turn"},
		{"wrong seat's Cancel: nothing of theirs to take back", func() input.Result { return r.cancel(1) }, 1, "undo.nothing"},
		{"wrong seat's reader", func() input.Result { return r.scanCard(1, cards(t, "red3")[0]) }, 1, "refuse.wrong_reader"},
		{"unknown tag", func() input.Result { return r.scanUID(0, "no such tag") }, 0, "refuse.unknown_tag"},
		{"card of another hand", func() input.Result { return r.scanCard(0, cards(t, "red3")[0]) }, 0, "rule.not_in_hand"},
	} {
		before := r.tb.View()
		r.refused(tc.do(), tc.seat, tc.key)
		after := r.tb.View()
		if after.Rev == before.Rev {
			t.Errorf("%s: Rev kept after the refusal", tc.name)
		}
		if reflect.DeepEqual(after.Seats[tc.seat].Notice, before.Seats[tc.seat].Notice) {
			t.Errorf("%s: the seat's notice did not change", tc.name)
		}
	}
	if got := r.tb.View().Claim; got == nil || got.Have != 1 {
		t.Errorf("claim %+v after the refusals, want the claim with its one card", got)
	}
}

// TestRevsDistinctTables plays the same game at two tables, event for
// event: their Views are the same, their Revs never are, at any time.
func TestRevsDistinctTables(t *testing.T) {
	a, b := newRig(t, 3, "europe"), newRig(t, 3, "europe")
	both := func(ev hal.Event) {
		t.Helper()
		b.now = a.now
		ra, rb := a.do(ev), b.do(ev)
		if !reflect.DeepEqual(ra, rb) {
			t.Fatalf("event %+v: results differ: %+v and %+v", ev, ra, rb)
		}
		va, vb := a.tb.View(), b.tb.View()
		if d := viewDiff(va, vb); len(d) > 0 {
			t.Fatalf("event %+v: the tables' Views differ in %v", ev, d)
		}
		if va.Rev == vb.Rev || a.revs[vb.Rev] || b.revs[va.Rev] {
			t.Fatalf("event %+v: a Rev of one table is a Rev of the other", ev)
		}
	}
	both(hal.Touch{Kind: hal.ScreenKey, ID: input.KeyFirst, Seat: 1, At: a.at()})
	both(hal.Press{Seat: 1, Button: hal.Confirm, At: a.at()})
	d := engine.NewDealer(21)
	rng := rand.New(rand.NewPCG(21, 7))
	for step := 0; a.tb.Mode() != input.ModeEnd; step++ {
		if step > 20000 {
			t.Fatalf("the game did not end in %d steps", step)
		}
		s := a.game()
		act := d.Outcome(s)
		if !s.IsChance() {
			act = inputtest.BotChoice(rng, s, botStations)
		}
		evs, err := a.tb.Gestures(act, inputtest.UID, d.Outcome, a.at())
		if err != nil {
			t.Fatalf("step %d: Gestures: %v", step, err)
		}
		for _, ev := range evs {
			both(ev)
		}
		if step%50 == 0 {
			// A refusal at both tables: the same words, different Revs.
			both(hal.Touch{Kind: hal.Nothing, Seat: -1, At: a.at()})
		}
	}
	both(hal.Touch{Kind: hal.ScreenKey, ID: input.KeyNewGame, Seat: 0, At: a.at()})
	if len(a.revs) < 100 {
		t.Errorf("only %d Revs seen: the game was too short to tell", len(a.revs))
	}
}

// TestRevsOutliveTheirTable drops tables and makes new ones, collecting
// garbage in between: a new table must not hand out a Rev a dropped
// table's View carried, though it may reuse the dropped table's memory.
func TestRevsOutliveTheirTable(t *testing.T) {
	seen := map[input.Rev]int{}
	for i := range 300 {
		tb, err := input.NewTable(input.Opts{Seats: 2, Lang: "en", Resolve: inputtest.Resolve})
		if err != nil {
			t.Fatal(err)
		}
		tb.Handle(hal.Touch{Kind: hal.ScreenKey, ID: input.KeyFirst, Seat: 0})
		rev := tb.View().Rev
		if j, ok := seen[rev]; ok {
			t.Fatalf("table %d hands out the Rev of table %d", i, j)
		}
		seen[rev] = i
		if i%30 == 0 {
			runtime.GC()
		}
	}
}
