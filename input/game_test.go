package input_test

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"ttr/engine"
	"ttr/engine/score"
	"ttr/input"
	"ttr/input/inputtest"
)

// playBots plays a whole game through the table's events: bots' decisions
// and the dealer's outcomes become touches, scans and presses (Gestures),
// and every event must be accepted. It returns the prompt and banner keys
// seen.
func playBots(t *testing.T, r *rig, seed uint64) map[string]bool {
	t.Helper()
	d := engine.NewDealer(seed)
	rng := rand.New(rand.NewPCG(seed, 7))
	seen := map[string]bool{}
	for step := 0; r.tb.Mode() != input.ModeEnd; step++ {
		if step > 20000 {
			t.Fatalf("the game did not end in %d steps", step)
		}
		s := r.game()
		var a engine.Action
		if s.IsChance() {
			a = d.Outcome(s)
		} else {
			a = inputtest.BotChoice(rng, s, botStations)
		}
		evs, err := r.tb.Gestures(a, inputtest.UID, d.Outcome, r.at())
		if err != nil {
			t.Fatalf("step %d: Gestures(%s): %v", step, engine.FormatAction(s.Map(), a), err)
		}
		before := len(r.log)
		for _, ev := range evs {
			res := r.do(ev)
			for _, n := range res.Notices {
				if n.Refused {
					t.Fatalf("step %d: %s: event %+v refused: %s (%v)", step, engine.FormatAction(s.Map(), a), ev, n.Text.Key, n.Rule)
				}
			}
			v := r.tb.View()
			seen[v.Banner.Key] = true
			for _, sv := range v.Seats {
				seen[sv.Prompt.Key] = true
				seen[sv.Progress.Key] = true
			}
		}
		got := r.log[before:]
		if len(got) == 0 || engine.FormatAction(s.Map(), got[0]) != engine.FormatAction(s.Map(), a) {
			t.Fatalf("step %d: %s applied %v", step, engine.FormatAction(s.Map(), a), got)
		}
	}
	return seen
}

// checkReplay compares the table's game with the engine-only replay of the
// actions the table reported.
func checkReplay(t *testing.T, r *rig) {
	t.Helper()
	s := r.game()
	replayed, err := engine.Replay(&engine.Log{Map: s.Map(), Players: s.Players(), Actions: r.log})
	if err != nil {
		t.Fatalf("replay of the reported actions: %v", err)
	}
	a, _ := s.MarshalText()
	b, _ := replayed.MarshalText()
	if !bytes.Equal(a, b) {
		t.Fatalf("replayed log differs from the table's game")
	}
	if !reflect.DeepEqual(replayed.Scores(), s.Scores()) || !replayed.IsTerminal() {
		t.Errorf("replay scores %v terminal %v, table %v", replayed.Scores(), replayed.IsTerminal(), s.Scores())
	}
}

// checkEnd checks the end screen against the engine's result.
func checkEnd(t *testing.T, r *rig) {
	t.Helper()
	v := r.tb.View()
	res := r.game().Result()
	if v.Mode != input.ModeEnd || v.End == nil {
		t.Fatalf("mode %s end %v, want the end screen", v.Mode, v.End)
	}
	if len(v.End.Players) != len(res.Players) || !reflect.DeepEqual(v.End.Winners, res.Winners) || v.End.DecidedBy != res.DecidedBy {
		t.Fatalf("end %+v, result %+v", v.End, res)
	}
	for p, ep := range v.End.Players {
		pr := res.Players[p]
		if ep.Total != pr.Total || ep.RoutePoints != pr.RoutePoints || ep.LongestPath != pr.LongestPath || ep.LongestBonus != pr.LongestBonus || ep.StationPoints != pr.StationPoints {
			t.Errorf("player %d: end %+v, result %+v", p, ep, pr)
		}
		if len(ep.Tickets) != len(pr.Tickets) {
			t.Errorf("player %d: %d tickets shown, %d held", p, len(ep.Tickets), len(pr.Tickets))
		}
		trains := 0
		for _, rt := range ep.LongestRoutes {
			trains += r.game().Map().Routes[rt].Length
			if r.game().RouteOwner(rt) != p {
				t.Errorf("player %d: longest path uses route %d of player %d", p, rt, r.game().RouteOwner(rt))
			}
		}
		// score's own tests check that LongestRoutes is a path.
		if want := score.LongestRoutes(r.game().Map(), r.game().ScorePlayers()[p].Routes); !slices.Equal(ep.LongestRoutes, want) {
			t.Errorf("player %d: longest routes %v, score finds %v", p, ep.LongestRoutes, want)
		}
		if trains != ep.LongestPath {
			t.Errorf("player %d: longest routes have %d trains, longest path %d", p, trains, ep.LongestPath)
		}
		if last := ep.Lines[len(ep.Lines)-1]; last.Key != "end.total" || last.Args["Count"] != pr.Total {
			t.Errorf("player %d: last line %v, want the total %d", p, last, pr.Total)
		}
		if ep.Seat != r.tb.SeatOf(p) || ep.Name.Key == "" {
			t.Errorf("player %d: seat %d name %v", p, ep.Seat, ep.Name)
		}
	}
	wantWinner := "end.winner"
	if len(res.Winners) > 1 {
		wantWinner = "end.winners_shared"
	}
	if v.End.Winner.Key != wantWinner || v.End.Decided.Key == "" {
		t.Errorf("winner %v decided %v", v.End.Winner, v.End.Decided)
	}
	if v.Banner.Key != "prompt.game_over" {
		t.Errorf("banner %q, want game over", v.Banner.Key)
	}
	for i, sv := range v.Seats {
		if sv.Playing && sv.Prompt.Key != "prompt.game_over" {
			t.Errorf("seat %d prompt %q at the end", i, sv.Prompt.Key)
		}
	}
	// Nothing but a new game from here.
	r.refused(r.scanCard(0, 0), 0, "rule.wrong_action")
	if res := r.confirm(0); len(res.Actions)+len(res.Notices) != 0 {
		t.Errorf("Confirm on the end screen: %+v", res)
	}
	// Each seat opens a player's breakdown by touching them in the ranking
	// on its own panel, and closes it with a second touch; another seat's
	// choice is its own.
	if v := r.tb.View(); len(v.End.Open) != len(v.Seats) || v.End.Open[0] != -1 || v.End.Open[1] != -1 {
		t.Fatalf("breakdowns open at the end: %v, want none", v.End.Open)
	}
	r.ok(r.key(0, input.KeyBreakdown+"1"))
	r.ok(r.key(1, input.KeyBreakdown+"0"))
	if open := r.tb.View().End.Open; open[0] != 1 || open[1] != 0 {
		t.Errorf("after touching player 2 at seat 1 and player 1 at seat 2: open %v", open)
	}
	r.ok(r.key(0, input.KeyBreakdown+"1"))
	r.ok(r.key(1, input.KeyBreakdown+"9")) // no such player: nothing changes
	if open := r.tb.View().End.Open; open[0] != -1 || open[1] != 0 {
		t.Errorf("after touching player 2 again at seat 1: open %v, want seat 1's closed", open)
	}
	r.ok(r.key(0, input.KeyNewGame))
	if v := r.tb.View(); v.Mode != input.ModeStart || r.game() != nil || v.Start.Players != len(res.Players) {
		t.Errorf("after New game: mode %s, %d players chosen", v.Mode, v.Start.Players)
	}
}

func TestBotGameEurope4(t *testing.T) {
	r := newRig(t, 4, "europe")
	r.start(2)
	seen := playBots(t, r, 11)
	checkReplay(t, r)
	for _, k := range []string{"prompt.scan_hand", "prompt.lay_market", "prompt.scan_long_ticket", "prompt.keep_tickets",
		"prompt.your_turn_stations", "prompt.waiting", "prompt.refill_slot", "prompt.draw_second", "prompt.last_round", "prompt.your_last_turn"} {
		if !seen[k] {
			t.Errorf("never shown: %s", k)
		}
	}
	checkEnd(t, r)
	t.Logf("%d actions, %d views checked", len(r.log), r.views)
}

func TestBotGameUSA2(t *testing.T) {
	r := newRig(t, 2, "usa")
	r.start(1)
	seen := playBots(t, r, 5)
	checkReplay(t, r)
	for _, k := range []string{"prompt.scan_hand", "prompt.keep_tickets", "prompt.your_turn", "prompt.last_round"} {
		if !seen[k] {
			t.Errorf("never shown: %s", k)
		}
	}
	checkEnd(t, r)
}

// TestBotGamesManySeeds plays short-listed seeds on both maps with 2 to 5
// players, so that rarer situations (reshuffles, resets, tunnels) happen
// through the table too.
func TestBotGamesManySeeds(t *testing.T) {
	seen := map[string]bool{}
	for seed := range uint64(6) {
		for _, mapID := range []string{"europe", "usa"} {
			n := 2 + int(seed)%4
			r := newRig(t, n, mapID)
			r.start(int(seed) % n)
			for k := range playBots(t, r, seed+100) {
				seen[k] = true
			}
			checkReplay(t, r)
			checkEnd(t, r)
		}
	}
	for _, k := range []string{"prompt.tunnel_reveal", "prompt.tunnel_extra", "prompt.build_station", "prompt.reshuffle", "prompt.claim_route"} {
		if !seen[k] {
			t.Errorf("never shown in %d games: %s", 12, k)
		}
	}
}
