package input_test

import (
	"testing"

	"ttr/engine"
	"ttr/input"
	"ttr/input/inputtest"
)

func TestStartScreenDefaults(t *testing.T) {
	r := newRig(t, 6, "europe")
	v := r.tb.View()
	if v.Mode != input.ModeStart || v.Start.Map != "europe" || v.Lang != "en" {
		t.Fatalf("mode %s map %s lang %s, want start europe en", v.Mode, v.Start.Map, v.Lang)
	}
	if v.Start.Players != 5 {
		t.Errorf("players %d, want 5 of 6 seats", v.Start.Players)
	}
	if v.Start.Ready || v.Start.Problem.Key != "start.choose_first" {
		t.Errorf("ready %v problem %q, want not ready: choose the first player", v.Start.Ready, v.Start.Problem.Key)
	}
	want := []input.Color{input.Red, input.Blue, input.Green, input.Yellow, input.Black, input.Red}
	for i, s := range v.Seats {
		if s.Color != want[i] || s.Playing != (i < 5) || s.Player != -1 {
			t.Errorf("seat %d: colour %s playing %v player %d, want %s %v -1", i, s.Color, s.Playing, s.Player, want[i], i < 5)
		}
	}
	r.refused(r.confirm(0), 0, "start.choose_first")
}

func TestStartScreenChoices(t *testing.T) {
	r := newRig(t, 6, "europe")
	// A sixth player is one too many.
	r.refused(r.key(5, input.KeyJoin), 5, "start.player_range")
	// Seat 4 leaves, seat 5 joins and gets the free colour.
	r.ok(r.key(4, input.KeyJoin))
	r.ok(r.key(5, input.KeyJoin))
	if c := r.tb.View().Seats[5].Color; c != input.Black {
		t.Errorf("seat 5 joined with colour %s, want the free one, black", c)
	}
	// A colour another seat has is refused; a free one is taken.
	r.refused(r.key(1, input.KeyColor+"red"), 1, "start.color_taken")
	r.ok(r.key(3, input.KeyJoin)) // seat 3 leaves: yellow is free
	r.ok(r.key(1, input.KeyColor+"yellow"))
	r.refused(r.key(4, input.KeyColor+"blue"), 4, "rule.no_such_player")
	r.refused(r.key(4, input.KeyFirst), 4, "rule.no_such_player")
	r.ok(r.key(0, input.KeyLang+"ro"))
	r.ok(r.key(0, input.KeyLang+"xx")) // not offered: ignored
	r.ok(r.key(0, input.KeyMap+"usa"))
	r.ok(r.key(0, input.KeyMap+"mars")) // no such map: ignored
	// Down to one player: not enough.
	for _, s := range []int{1, 2, 5} {
		r.ok(r.key(s, input.KeyJoin))
	}
	r.ok(r.key(0, input.KeyFirst))
	if p := r.tb.View().Start.Problem; p.Key != "start.player_range" || p.Args["Min"] != 2 || p.Args["Max"] != 5 {
		t.Errorf("problem %v, want start.player_range 2-5", p)
	}
	r.refused(r.key(0, input.KeyStart), 0, "start.player_range")
	r.ok(r.key(3, input.KeyJoin))
	v := r.tb.View()
	if !v.Start.Ready || v.Lang != "ro" || v.Start.Map != "usa" || v.Map.ID != "usa" || v.Start.First != 0 {
		t.Fatalf("start %+v lang %s, want ready, ro, usa, first seat 0", v.Start, v.Lang)
	}
	res := r.key(3, input.KeyStart)
	r.ok(res, engine.ChooseFirst)
	if !res.Started || r.game().Players() != 2 || r.game().Map().ID != "usa" || r.game().FirstPlayer() != 0 {
		t.Fatalf("started %v: %d players on %s, first %d; want 2 on usa, first 0", res.Started, r.game().Players(), r.game().Map().ID, r.game().FirstPlayer())
	}
	setup := r.tb.Setup()
	if got := setup.Players(); len(got) != 2 || got[0] != 0 || got[1] != 3 {
		t.Errorf("seats playing %v, want [0 3]", got)
	}
	if c := setup.Seats[3].Color; c != input.Yellow {
		t.Errorf("seat 3 rejoined with %s, want its own colour again, yellow, free now", c)
	}
	if r.tb.PlayerAt(3) != 1 || r.tb.SeatOf(1) != 3 || r.tb.PlayerAt(1) != -1 {
		t.Errorf("seat 3 is player %d, player 1 at seat %d, seat 1 player %d", r.tb.PlayerAt(3), r.tb.SeatOf(1), r.tb.PlayerAt(1))
	}
	if v := r.tb.View(); v.Mode != input.ModeSetup || v.Seats[3].Name.Key != "player_color.yellow" {
		t.Errorf("mode %s, seat 3 named %v; want setup, yellow", v.Mode, v.Seats[3].Name)
	}
}

func TestFirstPlayerFromAnySeat(t *testing.T) {
	r := newRig(t, 4, "usa")
	r.ok(r.key(2, input.KeyFirst))
	r.ok(r.key(1, input.KeyConfirm), engine.ChooseFirst)
	if got := r.game().FirstPlayer(); got != 2 {
		t.Fatalf("first player %d, want 2", got)
	}
	// The dealing starts at the first player's reader.
	if w := r.game().Waiting(); w.Need != engine.NeedCardToHand || w.Player != 2 {
		t.Fatalf("waits for %s of %d, want the first card for player 2", w.Need, w.Player)
	}
	// Every seat is dealt at once.
	r.prompt(2, "prompt.scan_hand", "prompt.scan_progress")
	r.prompt(0, "prompt.scan_hand", "prompt.scan_progress")
	if !r.tb.View().Seats[2].Current || !r.tb.View().Seats[0].Current {
		t.Errorf("seats being dealt not marked current")
	}
}

func TestNewTableRejects(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    input.Opts
	}{
		{"one seat", input.Opts{Seats: 1, Resolve: inputtest.Resolve}},
		{"no resolver", input.Opts{Seats: 4}},
		{"unknown language", input.Opts{Seats: 4, Lang: "de", Resolve: inputtest.Resolve}},
		{"unknown map", input.Opts{Seats: 4, Map: "mars", Resolve: inputtest.Resolve}},
		{"colours", input.Opts{Seats: 4, Colors: []input.Color{input.Red}, Resolve: inputtest.Resolve}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := input.NewTable(tc.o); err == nil {
				t.Errorf("NewTable(%+v) succeeded, want an error", tc.o)
			}
		})
	}
}

func TestStartScreenIgnoresPlay(t *testing.T) {
	r := newRig(t, 3, "europe")
	res := r.touchRoute("berlin--wien--1")
	if len(res.Actions)+len(res.Notices) != 0 {
		t.Errorf("a board touch on the start screen did %+v", res)
	}
	r.refused(r.scanCard(0, 5), 0, "rule.wrong_action")
	if res := r.cancel(0); len(res.Notices) != 0 {
		t.Errorf("Cancel on the start screen: %+v", res.Notices)
	}
}

// TestOwnerDefaultsShownAtOnce: the owner's settings changed on the glass
// show on the start screen at once (language, map, colours, names); bad
// ones change nothing; during a game they are refused.
func TestOwnerDefaultsShownAtOnce(t *testing.T) {
	r := newRig(t, 4, "europe")
	d := input.Defaults{Lang: "ro", Map: "usa", Colors: []input.Color{input.Black, input.Red}, Names: []string{"Ana", "", "Ion"}}
	if err := r.tb.SetDefaults(d); err != nil {
		t.Fatal(err)
	}
	v := r.tb.View()
	if v.Lang != "ro" || v.Start.Map != "usa" || v.Map.ID != "usa" {
		t.Errorf("language %s, map %s (board %s), want ro and usa", v.Lang, v.Start.Map, v.Map.ID)
	}
	for i, want := range []input.Color{input.Black, input.Red, input.Green, input.Yellow} {
		if v.Seats[i].Color != want {
			t.Errorf("seat %d: colour %s, want %s", i+1, v.Seats[i].Color, want)
		}
	}
	if got := v.Seats[2].Name.Args["Name"]; got != "Ion" {
		t.Errorf("seat 3 is called %v, want Ion", got)
	}
	for _, bad := range []input.Defaults{
		{Lang: "fr"},
		{Map: "mars"},
		{Names: []string{"a name far too long for any strip of the table"}},
		{Colors: []input.Color{input.Blue, input.Blue}},
	} {
		if err := r.tb.SetDefaults(bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	if v2 := r.tb.View(); v2.Lang != "ro" || v2.Start.Map != "usa" || v2.Seats[0].Color != input.Black || v2.Seats[1].Color != input.Red {
		t.Errorf("a refused change changed the start screen: %s %s %s %s", v2.Lang, v2.Start.Map, v2.Seats[0].Color, v2.Seats[1].Color)
	}
	r.ok(r.key(0, input.KeyFirst))
	r.ok(r.key(0, input.KeyStart), engine.ChooseFirst)
	if err := r.tb.SetDefaults(input.Defaults{Lang: "es"}); err == nil || r.tb.View().Lang != "ro" {
		t.Errorf("defaults set during a game: %v, language %s", err, r.tb.View().Lang)
	}
}
