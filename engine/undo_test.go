package engine

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"ttr/maps"
)

// TestUndoTakesBackEachUndoableDecision plays random Europe and USA games
// and, after every decision that can be taken back (a claim, a station, a
// face-up card taken, tickets kept), takes it back: the state is again the
// state before the decision, the log (with its undo line) replays to it
// byte for byte, and a second undo is refused. The decision is then made
// again and the game goes on.
func TestUndoTakesBackEachUndoableDecision(t *testing.T) {
	seen := map[ActionKind]int{}
	for _, m := range []*maps.Map{maps.Europe(), maps.USA()} {
		for g := range uint64(2) {
			s, err := NewGame(m, Opts{Players: 2 + int(g)})
			if err != nil {
				t.Fatal(err)
			}
			d := NewDealer(g)
			r := rand.New(rand.NewPCG(g, 5))
			var buf []Action
			for !s.IsTerminal() {
				var a Action
				if s.IsChance() {
					a = d.Outcome(s)
				} else {
					a, buf = randomLegal(s, r, buf)
				}
				before := s
				s = mustApplyQuiet(t, s, a)
				if !undoable(a.Kind) || s.IsTerminal() {
					continue
				}
				u := s.UndoInfo()
				if u.Block != UndoAllowed || u.Decision != a || u.Player != before.Waiting().Player {
					t.Fatalf("%s game %d: after %s: undo %+v, want allowed for player %d", m.ID, g, FormatAction(m, a), u, before.Waiting().Player)
				}
				undone, evs, err := s.Apply(NewUndo())
				if err != nil {
					t.Fatalf("%s game %d: undo of %s: %v", m.ID, g, FormatAction(m, a), err)
				}
				if undone.c != before.c {
					t.Fatalf("%s game %d: undo of %s: the state is not the one before it", m.ID, g, FormatAction(m, a))
				}
				if len(evs) != 1 || evs[0].Kind != EvUndone || evs[0].Player != u.Player {
					t.Errorf("%s game %d: undo events %+v, want one EvUndone of player %d", m.ID, g, evs, u.Player)
				}
				text, _ := undone.MarshalText()
				if !bytes.HasSuffix(text, []byte("\nundo\n")) {
					t.Fatalf("%s game %d: the log does not end with the undo", m.ID, g)
				}
				var back State
				if err := back.UnmarshalText(text); err != nil {
					t.Fatalf("%s game %d: replay with undo: %v", m.ID, g, err)
				}
				if again, _ := back.MarshalText(); !bytes.Equal(again, text) || back.c != undone.c {
					t.Fatalf("%s game %d: the replay with undo differs", m.ID, g)
				}
				if b := undone.UndoInfo().Block; b != UndoNothing {
					t.Errorf("%s game %d: after an undo, a second: %s, want nothing", m.ID, g, b)
				}
				wantCode(t, undone, NewUndo(), ErrWrongAction)
				seen[a.Kind]++
				s = mustApplyQuiet(t, undone, a)
			}
		}
	}
	for _, k := range []ActionKind{ClaimRoute, BuildStation, DrawFaceUp, KeepTickets} {
		if seen[k] == 0 {
			t.Errorf("no %s was taken back", k)
		}
	}
}

// TestUndoRefusedOnceACardIsSeen: a blind draw whose card was scanned, a
// face-up card whose slot was refilled, a tunnel whose cards were
// revealed, and a turn's end cannot be taken back, each with its reason.
func TestUndoRefusedOnceACardIsSeen(t *testing.T) {
	m := maps.Europe()
	s := started(t, m, 3, 1)
	// A blind draw, its card seen.
	b := mustApplyQuiet(t, s, NewDrawBlind())
	if u := b.UndoInfo(); u.Block != UndoNothing {
		t.Errorf("blind draw before its card: %s, want nothing", u.Block)
	}
	b = mustApplyQuiet(t, b, NewRevealCard(b.Deck().nth(0)))
	if u := b.UndoInfo(); u.Block != UndoSeen {
		t.Errorf("blind draw seen: %s, want seen", u.Block)
	}
	wantCode(t, b, NewUndo(), ErrWrongAction)
	// A face-up card taken, the slot refilled.
	f := mustApplyQuiet(t, s, NewDrawFaceUp(0))
	if u := f.UndoInfo(); u.Block != UndoAllowed {
		t.Errorf("face-up taken: %s, want allowed", u.Block)
	}
	f = mustApplyQuiet(t, f, NewRevealCard(f.Deck().nth(0)))
	if u := f.UndoInfo(); u.Block != UndoSeen {
		t.Errorf("face-up slot refilled: %s, want seen", u.Block)
	}
	// A tunnel claimed: taken back before its cards are revealed, never
	// after.
	tun := -1
	for i, r := range m.Routes {
		if r.Kind == maps.Tunnel && r.Color != maps.Gray && r.Length <= 2 {
			tun = i
			break
		}
	}
	col := CardColor(m.Routes[tun].Color)
	s2 := s.Clone()
	s2.clearHands()
	s2.rigHand(s2.Waiting().Player, card(col, 10), card(col, 11), card(Locomotive, 13))
	c := mustApplyQuiet(t, s2, NewClaimRoute(tun, card(col, 10), card(col, 11)))
	if u := c.UndoInfo(); u.Block != UndoAllowed {
		t.Fatalf("tunnel claimed, nothing revealed: %s, want allowed", u.Block)
	}
	c = mustApplyQuiet(t, c, NewRevealCard(c.Deck().nth(0)))
	if u := c.UndoInfo(); u.Block != UndoTunnel {
		t.Errorf("tunnel card revealed: %s, want tunnel", u.Block)
	}
	if u := s.UndoInfo(); u.Block != UndoSeen && u.Block != UndoAllowed {
		t.Errorf("after the set-up: %s", u.Block)
	}
}

// TestAbandonStopsTheGameAndReplays: the table stops a game at any moment,
// even while a card is awaited; the state is over and abandoned, nothing
// more is accepted, and the log's "abandon" line replays.
func TestAbandonStopsTheGameAndReplays(t *testing.T) {
	s := started(t, maps.USA(), 2, 4)
	s = mustApplyQuiet(t, s, NewDrawBlind()) // a card is awaited
	a, evs, err := s.Apply(NewAbandon())
	if err != nil {
		t.Fatal(err)
	}
	if !a.IsTerminal() || !a.Abandoned() || len(evs) != 1 || evs[0].Kind != EvAbandoned {
		t.Fatalf("after abandon: terminal %v abandoned %v events %+v", a.IsTerminal(), a.Abandoned(), evs)
	}
	if s.Abandoned() {
		t.Error("Apply changed the state it was applied to")
	}
	wantCode(t, a, NewRevealCard(a.Deck().nth(0)), ErrGameOver)
	wantCode(t, a, NewAbandon(), ErrGameOver)
	wantCode(t, a, NewUndo(), ErrWrongAction)
	text, _ := a.MarshalText()
	var back State
	if err := back.UnmarshalText(text); err != nil {
		t.Fatal(err)
	}
	if back.c != a.c || !back.Abandoned() {
		t.Fatal("the abandoned game does not replay")
	}
}
