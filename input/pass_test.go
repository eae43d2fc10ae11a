package input_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/maps"
)

// stuckGame plays a USA game with the engine alone in which player 1
// hoards every train card while player 0 keeps every ticket and spends
// every card it can, until player 0 can do nothing but pass.
func stuckGame(t *testing.T, seed uint64) *engine.State {
	t.Helper()
	s, err := engine.NewGame(maps.USA(), engine.Opts{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	if s, _, err = s.Apply(engine.NewChooseFirst(0)); err != nil {
		t.Fatal(err)
	}
	d := engine.NewDealer(seed)
	rng := rand.New(rand.NewPCG(seed, 9))
	for !s.IsTerminal() {
		w := s.Waiting()
		legal := s.LegalActions()
		var a engine.Action
		switch {
		case s.IsChance():
			a = d.Outcome(s)
		case w.Need == engine.NeedTurn && w.Player == 0 && len(legal) == 1 && legal[0].Kind == engine.Pass:
			return s
		case w.Need == engine.NeedKeep:
			a = engine.NewKeepTickets() // keep them all, so the ticket deck runs out
		case w.Player == 0:
			a = legal[rng.IntN(len(legal))]
			for _, k := range []engine.ActionKind{engine.ClaimRoute, engine.PayTunnel, engine.DrawTickets} {
				var as []engine.Action
				for _, x := range legal {
					if x.Kind == k {
						as = append(as, x)
					}
				}
				if len(as) > 0 {
					a = as[rng.IntN(len(as))]
					break
				}
			}
		default:
			a = legal[0]
			for _, x := range legal {
				if x.Kind == engine.DrawBlind || x.Kind == engine.DrawFaceUp {
					a = x
					break
				}
			}
		}
		if s, _, err = s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return nil
}

// TestPass: a player who can do nothing is told so and passes with
// Confirm; everyone is told.
func TestPass(t *testing.T) {
	s := stuckGame(t, 33) // a seed where player 0 gets stuck
	if s == nil {
		t.Fatal("player 0 never got stuck")
	}
	r := resumeAt(t, s)
	r.prompt(0, "prompt.must_pass")
	r.refused(r.confirm(1), 1, "refuse.not_your_turn")
	r.refused(r.touch(hal.DeckArea, "", 0), 0, "rule.no_train_cards")
	r.refused(r.touch(hal.TicketDeck, "", 0), 0, "rule.no_tickets")
	res := r.confirm(0)
	r.ok(res, engine.Pass)
	if len(res.Notices) != 1 || res.Notices[0].Text.Key != "prompt.pass" || res.Notices[0].Seat != -1 {
		t.Fatalf("notices %+v, want the pass told to everyone", res.Notices)
	}
	for i, sv := range r.tb.View().Seats {
		if sv.Notice.Text.Key != "prompt.pass" || !reflect.DeepEqual(sv.Notice.Text.Args["Player"], input.Text{Key: "player_color.red"}) {
			t.Errorf("seat %d notice %v, want red passes", i, sv.Notice.Text)
		}
	}
}
