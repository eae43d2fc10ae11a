package main

import (
	"io"
	"strings"
	"testing"
	"time"

	"ttr/engine"
	"ttr/hal/haltest"
	"ttr/input"
)

func TestParseWindowFlags(t *testing.T) {
	def := windowOpts{mapID: "europe", seats: 4, width: 1600, height: 900, delay: 400 * time.Millisecond, first: -1}
	with := func(f func(o *windowOpts)) windowOpts { o := def; f(&o); return o }
	for _, tc := range []struct {
		name    string
		args    string
		want    windowOpts
		wantErr string
	}{
		{"defaults", "", def, ""},
		{"make sim MAP=usa SEATS=3", "-map usa -seats 3", with(func(o *windowOpts) { o.mapID, o.seats = "usa", 3 }), ""},
		{"bots and seed", "-bots 1,3 -seed 42", with(func(o *windowOpts) { o.bots, o.seed, o.hasSeed = "1,3", 42, true }), ""},
		{"spanish", "-lang es", with(func(o *windowOpts) { o.lang = "es" }), ""},
		{"scripted screenshot", "-frames 2 -screenshot out.png", with(func(o *windowOpts) { o.frames, o.screenshot = 2, "out.png" }), ""},
		{"a game in a folder, then quit", "-journal games -games 1", with(func(o *windowOpts) { o.journal, o.games = "games", 1 }), ""},
		{"silent", "-mute", with(func(o *windowOpts) { o.mute = true }), ""},
		{"targets for a test that clicks", "-targets -trace", with(func(o *windowOpts) { o.targets, o.trace = true, true }), ""},
		{"negative games", "-games -1", windowOpts{}, "-games -1: want 0 or more"},
		{"unknown map", "-map mars", windowOpts{}, `-map "mars": choose europe or usa`},
		{"one seat", "-seats 1", windowOpts{}, "-seats 1: the games are for 2 to 5 players"},
		{"six seats", "-seats 6", windowOpts{}, "-seats 6: the games are for 2 to 5 players"},
		{"tiny window", "-width 100 -height 100", windowOpts{}, "must be at least 640x400"},
		{"screenshot without frames", "-screenshot out.png", windowOpts{}, "-screenshot needs -frames"},
		{"bot on a missing seat", "-seats 2 -bots 3", windowOpts{}, `-bots "3": seats are 1 to 2`},
		{"bot on seat 0", "-bots 0", windowOpts{}, `-bots "0": seats are 1 to 4`},
		{"first seat 1", "-first 1", with(func(o *windowOpts) { o.first = 0 }), ""},
		{"first beyond the seats", "-seats 2 -first 3", windowOpts{}, "-first 3: seats are 1 to 2"},
		{"bad seed", "-seed soon", windowOpts{}, `-seed "soon"`},
		{"unknown language", "-lang fr", windowOpts{}, `-lang "fr"`},
		{"stray argument", "europe", windowOpts{}, `unexpected argument "europe"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseWindowFlags(strings.Fields(tc.args), io.Discard)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("got error %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			if got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestDefaultTableConfig(t *testing.T) {
	c, err := tableConfig("")
	if err != nil {
		t.Fatalf("embedded config: %v", err)
	}
	var edges []string
	for _, s := range c.Seats {
		edges = append(edges, string(s.Edge))
	}
	if got, want := strings.Join(edges, " "), "bottom right top left"; got != want {
		t.Errorf("edges %q, want %q", got, want)
	}
	cols := seatColors(c, 5)
	seen := map[string]bool{}
	for _, col := range cols {
		if seen[col.String()] {
			t.Errorf("colour %s given to two seats: %v", col, cols)
		}
		seen[col.String()] = true
	}
	if cols[0].String() != "red" || cols[3].String() != "yellow" || cols[4].String() != "black" {
		t.Errorf("colours %v, want the config's red, blue, green, yellow then black", cols)
	}
}

// TestPacerDrawsAtTheTablesFrameRate: the window reads its input every
// pass but draws a frame at most every drawEvery (30 a second, the
// table's rate), a little early pass included; on a machine too slow for
// a pass per passEvery, every pass draws.
func TestPacerDrawsAtTheTablesFrameRate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		every  time.Duration // between two passes
		jitter time.Duration // the even passes come this much early
		passes int
		want   int // frames drawn
	}{
		{"a second of passes at 60 a second", passEvery, 0, 60, 30},
		{"passes a millisecond early", passEvery, time.Millisecond, 60, 30},
		{"passes slower than the frame rate", 40 * time.Millisecond, 0, 25, 25},
		{"passes at half the frame rate's pace", drawEvery, 0, 30, 30},
		{"one pass", passEvery, 0, 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var p pacer
			start := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
			drawn := 0
			for i := range tc.passes {
				now := start.Add(time.Duration(i) * tc.every)
				if i%2 == 0 {
					now = now.Add(-tc.jitter)
				}
				if p.due(now) {
					p.drew(now)
					drawn++
				}
			}
			if drawn != tc.want || p.frames != drawn {
				t.Errorf("%d passes %v apart drew %d frames (pacer counts %d), want %d", tc.passes, tc.every, drawn, p.frames, tc.want)
			}
		})
	}
}

// TestStepPlaysAtTheDelay: digital play in the window takes one step a
// pass, and none before the delay has passed; without a delay a pass
// takes several steps but stops where the table changes mode, so that a
// frame shows each mode a bots game goes through.
func TestStepPlaysAtTheDelay(t *testing.T) {
	for _, tc := range []struct {
		name  string
		delay time.Duration
	}{{"a step every delay", 400 * time.Millisecond}, {"no delay", 0}} {
		t.Run(tc.name, func(t *testing.T) {
			w := newTestWorld(t, "usa", 2, 12, []bool{true, true})
			clk := w.clock.(*haltest.Clock)
			var after []input.Mode // the table's mode after each step
			u := &ui{w: w, delay: tc.delay, selected: make([][]engine.CardID, w.seats), lastWait: -1, onHandled: func() { after = append(after, w.tb().Mode()) }}
			passes, busy, modes, steps := 0, 0, 0, 0
			for mode := w.tb().Mode(); w.app.Ended() == 0 && passes < 20000; passes++ {
				before := steps
				u.step(clk.Now())
				if u.err != nil {
					t.Fatal(u.err)
				}
				steps = len(after)
				for i := before; i < steps-1; i++ {
					if after[i] != mode {
						t.Fatalf("pass %d went on after the table changed from %s to %s", passes, mode, after[i])
					}
				}
				if steps > before {
					busy++
				}
				if tc.delay > 0 && steps > before+1 {
					t.Fatalf("pass %d took %d steps, want one every %v", passes, steps-before, tc.delay)
				}
				if m := w.tb().Mode(); m != mode {
					modes++
					mode = m
				}
				clk.Advance(passEvery)
			}
			if w.app.Ended() == 0 {
				t.Fatalf("%d passes took %d steps and did not end the game", passes, steps)
			}
			if modes < 3 {
				t.Errorf("the game went through %d changes of mode, want start, set-up, play, end", modes)
			}
			if tc.delay > 0 {
				if want := int(tc.delay / passEvery); passes < (steps-1)*want {
					t.Errorf("%d steps in %d passes of %v: faster than one every %v", steps, passes, passEvery, tc.delay)
				}
				return
			}
			// Several a pass, as many as half a pass holds (a loaded
			// machine holds fewer).
			if busy >= steps {
				t.Errorf("%d steps in %d passes that stepped: want several a pass", steps, busy)
			}
			t.Logf("%d steps in %d passes, %d changes of mode", steps, busy, modes)
		})
	}
}
