package input_test

import (
	"strings"
	"testing"

	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/input/inputtest"
)

// typeName types s on seat's open name keyboard, key by key: letters as
// the keyboard shows them (capitals), " " as the space key.
func (r *rig) typeName(seat int, s string) {
	r.t.Helper()
	for _, l := range s {
		id := input.KeyType + strings.ToUpper(string(l))
		if l == ' ' {
			id = input.KeyType + input.TypeSpace
		}
		r.ok(r.key(seat, id))
	}
}

// named checks that seat's player is called name (player.name), or by
// their colour when name is "".
func named(t *testing.T, got input.Text, name string, c input.Color) {
	t.Helper()
	if name == "" {
		if got.Key != c.Name().Key {
			t.Errorf("called %v, want the colour %s", got, c)
		}
		return
	}
	if got.Key != "player.name" || got.Args["Name"] != name {
		t.Errorf("called %v, want player.name %q", got, name)
	}
}

func TestNameKeyboard(t *testing.T) {
	r := newRig(t, 3, "usa")
	// The keys do nothing until the keyboard is open.
	r.ok(r.key(1, input.KeyType+"A"))
	named(t, r.tb.View().Seats[1].Name, "", input.Blue)
	r.ok(r.key(1, input.KeyName))
	if v := r.tb.View(); !v.Seats[1].Typing || v.Seats[0].Typing {
		t.Fatalf("typing %v %v, want seat 1's keyboard open, seat 0's closed", v.Seats[1].Typing, v.Seats[0].Typing)
	}
	// Capitals start words; the rest come small, whatever the key shows.
	r.typeName(1, "ANA MARXA")
	r.ok(r.key(1, input.KeyType+input.TypeBack))
	r.ok(r.key(1, input.KeyType+input.TypeBack))
	r.typeName(1, "ÍA")
	named(t, r.tb.View().Seats[1].Name, "Ana María", input.Blue)
	// Keys that are not on the keyboard change nothing.
	for _, k := range []string{"#", "AB", "", "\x00", "1"} {
		r.ok(r.key(1, input.KeyType+k))
	}
	r.ok(r.key(1, input.KeyType+input.TypeDone))
	v := r.tb.View()
	if v.Seats[1].Typing {
		t.Error("the keyboard stays open after OK")
	}
	named(t, v.Seats[1].Name, "Ana María", input.Blue)
	named(t, v.Seats[0].Name, "", input.Red)

	// At most MaxName letters.
	r.ok(r.key(2, input.KeyName))
	r.typeName(2, strings.Repeat("B", input.MaxName))
	r.refused(r.key(2, input.KeyType+"C"), 2, "name.too_long")
	r.ok(r.key(2, input.KeyName)) // the name key closes it too
	named(t, r.tb.View().Seats[2].Name, "B"+strings.Repeat("b", input.MaxName-1), input.Green)
	// Rubbed out entirely: called by the colour again.
	r.ok(r.key(2, input.KeyName))
	for range input.MaxName + 2 {
		r.ok(r.key(2, input.KeyType+input.TypeBack))
	}
	r.ok(r.key(2, input.KeyType+input.TypeDone))
	named(t, r.tb.View().Seats[2].Name, "", input.Green)

	// A seat nobody sits at has no name to type.
	r.ok(r.key(2, input.KeyJoin))
	r.refused(r.key(2, input.KeyName), 2, "rule.no_such_player")

	// The game calls the player by the name: the panel, the end screen.
	r.ok(r.key(0, input.KeyName)) // left open: the game starts anyway
	r.typeName(0, "Bo")
	r.start(0)
	v = r.tb.View()
	if v.Seats[0].Typing {
		t.Error("a keyboard stays open in the game")
	}
	named(t, v.Seats[0].Name, "Bo", input.Red)
	named(t, v.Seats[1].Name, "Ana María", input.Blue)
	if s := r.tb.Setup(); s.Seats[1].Name != "Ana María" || s.Seats[0].Name != "Bo" {
		t.Errorf("set-up names %q %q, want the typed ones for the game's log", s.Seats[0].Name, s.Seats[1].Name)
	}
	playBots(t, r, 3)
	v = r.tb.View()
	for _, ep := range v.End.Players {
		switch ep.Seat {
		case 0:
			named(t, ep.Name, "Bo", input.Red)
		case 1:
			named(t, ep.Name, "Ana María", input.Blue)
		}
	}
}

func TestNamesFromTheConfig(t *testing.T) {
	tb, err := input.NewTable(input.Opts{Seats: 3, Lang: "en", Resolve: inputtest.Resolve, Names: []string{"Ana", "", "Ștefan"}})
	if err != nil {
		t.Fatal(err)
	}
	v := tb.View()
	named(t, v.Seats[0].Name, "Ana", input.Red)
	named(t, v.Seats[1].Name, "", input.Blue)
	named(t, v.Seats[2].Name, "Ștefan", input.Green)
	// The names stay in the game.
	res := tb.Handle(hal.Touch{Kind: hal.ScreenKey, ID: input.KeyFirst, Seat: 2})
	if len(res.Notices) != 0 {
		t.Fatalf("first player: %+v", res.Notices)
	}
	if res := tb.Handle(hal.Press{Seat: 2, Button: hal.Confirm}); !res.Started || len(res.Actions) != 1 || res.Actions[0].Kind != engine.ChooseFirst {
		t.Fatalf("start: %+v", res)
	}
	named(t, tb.View().Seats[2].Name, "Ștefan", input.Green)

	for _, names := range [][]string{
		{"Ana", "Bo"},                          // not one per seat
		{"Ana", strings.Repeat("x", 13), "Bo"}, // too long
		{"Ana", "R2D2", "Bo"},                  // not letters
		{"Ana", "---", "Bo"},                   // no letter
		{"Ana", "Bo\n", "Cy"},                  // a control character
	} {
		if _, err := input.NewTable(input.Opts{Seats: 3, Resolve: inputtest.Resolve, Names: names}); err == nil {
			t.Errorf("names %q: got no error", names)
		}
	}
}

// TestNamedViewAllocatesNoMore: the screen asks for a View every frame; a
// named player's Text is made once per name, not once per View.
func TestNamedViewAllocatesNoMore(t *testing.T) {
	plain, err := input.NewTable(input.Opts{Seats: 4, Lang: "en", Resolve: inputtest.Resolve})
	if err != nil {
		t.Fatal(err)
	}
	named, err := input.NewTable(input.Opts{Seats: 4, Lang: "en", Resolve: inputtest.Resolve, Names: []string{"Ana", "Bo", "Cy", "Di"}})
	if err != nil {
		t.Fatal(err)
	}
	a := testing.AllocsPerRun(20, func() { plain.View() })
	b := testing.AllocsPerRun(20, func() { named.View() })
	if b > a {
		t.Errorf("a View with four named players: %.0f allocations, without names %.0f", b, a)
	}
}
