package inputtest_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/input/inputtest"
	"ttr/maps"
)

func TestRegistryRoundTrip(t *testing.T) {
	for c := range engine.CardID(engine.NumCards) {
		tag := input.CardTag(c)
		if got, ok := inputtest.Resolve(inputtest.UID(tag)); !ok || got != tag {
			t.Errorf("card %s: Resolve(UID) = %+v %v, want %+v", c, got, ok, tag)
		}
	}
	for _, mapID := range []string{"europe", "usa"} {
		for tk := range engine.TicketID(64) {
			tag := input.TicketTag(mapID, tk)
			if got, ok := inputtest.Resolve(inputtest.UID(tag)); !ok || got != tag {
				t.Errorf("ticket %s %d: Resolve(UID) = %+v %v, want %+v", mapID, tk, got, ok, tag)
			}
		}
	}
}

func TestRegistryUIDs(t *testing.T) {
	red3, _ := engine.ParseCardID("red3")
	for _, tc := range []struct {
		name string
		got  hal.UID
		want hal.UID
	}{
		{"card", inputtest.CardUID(red3), "C-red3"},
		{"card tag", inputtest.UID(input.CardTag(red3)), "C-red3"},
		{"ticket", inputtest.TicketUID("europe", 12), "T-europe-12"},
		{"ticket tag", inputtest.UID(input.TicketTag("usa", 0)), "T-usa-0"},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, tc.got, tc.want)
		}
	}
}

func TestResolveUnknown(t *testing.T) {
	for _, u := range []hal.UID{"", "C-", "C-red99", "C-gold1", "T-europe", "T-europe-", "T-europe-64", "T-europe--1", "T-europe-x", "X-red3", "red3", "c-red3"} {
		if tag, ok := inputtest.Resolve(u); ok {
			t.Errorf("Resolve(%q) = %+v, want unknown", u, tag)
		}
	}
}

// playBots plays a game with the engine alone, every decision BotChoice's,
// and returns its actions.
func playBots(t *testing.T, mapID string, players int, seed uint64, stations float64) []engine.Action {
	t.Helper()
	m, err := maps.Load(mapID)
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.NewGame(m, engine.Opts{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	d := engine.NewDealer(seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	var log []engine.Action
	for i := 0; !s.IsTerminal(); i++ {
		if i > 20000 {
			t.Fatalf("seed %d: no end after %d actions", seed, i)
		}
		a := d.Outcome(s)
		if !s.IsChance() {
			a = inputtest.BotChoice(rng, s, stations)
		}
		if s, _, err = s.Apply(a); err != nil {
			t.Fatalf("seed %d: %s: %v", seed, engine.FormatAction(m, a), err)
		}
		log = append(log, a)
	}
	return log
}

// TestBotChoice checks that bots finish games (every choice legal), that a
// seed replays the same game, and that the stations odds take effect.
func TestBotChoice(t *testing.T) {
	differ := 0
	for seed := range uint64(4) {
		players := 2 + int(seed)%4
		games := map[float64][]engine.Action{}
		for _, odds := range []float64{0, 0.3} {
			games[odds] = playBots(t, "europe", players, seed, odds)
			if again := playBots(t, "europe", players, seed, odds); !reflect.DeepEqual(games[odds], again) {
				t.Fatalf("seed %d odds %v: two games of the same seed differ", seed, odds)
			}
		}
		if !reflect.DeepEqual(games[0], games[0.3]) {
			differ++
		}
	}
	if differ == 0 {
		t.Errorf("the games of stations odds 0 and 0.3 are the same for every seed; want the odds to change decisions")
	}
}

func TestClaimable(t *testing.T) {
	m := maps.USA()
	s, err := engine.NewGame(m, engine.Opts{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := inputtest.Claimable(s, func(engine.Action) bool { return true }); ok {
		t.Errorf("a claim before the first player is chosen")
	}
	d := engine.NewDealer(1)
	rng := rand.New(rand.NewPCG(1, 1))
	for s.IsChance() || s.Waiting().Need != engine.NeedTurn || s.Turns() < 30 {
		a := d.Outcome(s)
		if !s.IsChance() {
			a = inputtest.BotChoice(rng, s, 0.05)
		}
		if s, _, err = s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	var want []engine.Action
	for _, a := range s.LegalActions() {
		if a.Kind == engine.ClaimRoute {
			want = append(want, a)
		}
	}
	if len(want) < 2 {
		t.Fatalf("%d legal claims at turn %d, want two or more to choose from", len(want), s.Turns())
	}
	for i, w := range want {
		got, ok := inputtest.Claimable(s, func(a engine.Action) bool { return reflect.DeepEqual(a, w) })
		if !ok || !reflect.DeepEqual(got, w) {
			t.Errorf("claim %d: got %v %v, want %s", i, engine.FormatAction(m, got), ok, engine.FormatAction(m, w))
		}
	}
	if got, ok := inputtest.Claimable(s, func(engine.Action) bool { return false }); ok {
		t.Errorf("got %s, want none when ok refuses every claim", engine.FormatAction(m, got))
	}
}

func ExampleResolve() {
	tag, ok := inputtest.Resolve("T-europe-12")
	fmt.Println(tag.Kind == input.TagTicket, tag.Map, tag.Ticket, ok)
	_, ok = inputtest.Resolve("C-gold1")
	fmt.Println(ok)
	// Output:
	// true europe 12 true
	// false
}
