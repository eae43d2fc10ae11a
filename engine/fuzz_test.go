package engine

import (
	"encoding/binary"
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"ttr/maps"
)

// fuzzMaps are loaded once per fuzz target, not per input.
func fuzzMaps() [2]*maps.Map { return [2]*maps.Map{maps.USA(), maps.Europe()} }

// FuzzRandomPlay plays a game chosen by the input: its first bytes pick the
// map, the players and the dealer's seed, the rest the decisions (then a
// generator seeded from the input). After every action the invariants must
// hold; at every decision a random malformed action must be refused
// without changing the state; the log must replay to the same state.
func FuzzRandomPlay(f *testing.F) {
	for _, seed := range [][]byte{
		{0, 0, 0, 0, 0, 0, 0, 0, 0},
		{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12},
		{2, 255, 0, 255, 0, 255, 0, 1, 7, 7, 7, 7, 7, 7},
		{3, 9, 9, 9, 9, 9, 9, 9, 9, 200, 100, 50, 25},
	} {
		f.Add(seed)
	}
	ms := fuzzMaps()
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 9 {
			return
		}
		m := ms[data[0]&1]
		players := MinPlayers + int(data[0]>>1)%(MaxPlayers-MinPlayers+1)
		seed := binary.LittleEndian.Uint64(data[1:9])
		choices := data[9:]
		h := fnv.New64a()
		h.Write(data)
		r := rand.New(rand.NewPCG(h.Sum64(), seed))
		s, err := NewGame(m, Opts{Players: players})
		if err != nil {
			t.Fatal(err)
		}
		d := NewDealer(seed)
		var buf []Action
		for steps := 0; !s.IsTerminal(); steps++ {
			if steps > 20000 {
				t.Fatalf("no end after %d actions", steps)
			}
			var a Action
			if s.IsChance() {
				a = d.Outcome(s)
			} else {
				buf = s.AppendLegalActions(buf[:0])
				if len(buf) == 0 {
					t.Fatalf("waiting for %v with no legal action", s.Waiting().Need)
				}
				if len(choices) > 0 {
					a = buf[int(choices[0])%len(buf)]
					choices = choices[1:]
				} else {
					a = buf[r.IntN(len(buf))]
				}
				junk := randomAction(r, m)
				before := s.c
				if _, _, err := s.Apply(junk); err == nil {
					// Some junk is legal by chance; it must then be listed,
					// unless it is the table's (Undo, Abandon), which
					// LegalActions never lists: players and bots choose
					// among the game's moves.
					if junk.Kind != Undo && junk.Kind != Abandon && !isLegal(s, junk) {
						t.Fatalf("%s accepted but not among the legal actions", FormatAction(m, junk))
					}
				}
				if s.c != before {
					t.Fatalf("apply changed the state it was applied to")
				}
			}
			if err := s.Do(a); err != nil {
				t.Fatalf("apply %s: %v", FormatAction(m, a), err)
			}
			if err := s.CheckInvariants(); err != nil {
				t.Fatalf("after %s: %v", FormatAction(m, a), err)
			}
		}
		text, _ := s.MarshalText()
		var back State
		if err := back.UnmarshalText(text); err != nil {
			t.Fatalf("replay: %v", err)
		}
		if back.c != s.c {
			t.Fatalf("replay differs")
		}
	})
}

// isLegal reports whether a pays the same as a listed legal action: same
// kind and target, and for payments the same colour and locomotive count.
func isLegal(s *State, a Action) bool {
	a = a.canon()
	for _, b := range s.LegalActions() {
		if a == b {
			return true
		}
		if a.Kind != b.Kind || a.Route != b.Route || a.City != b.City || a.Cards.Len() != b.Cards.Len() {
			continue
		}
		if a.Cards.Count(Locomotive) != b.Cards.Count(Locomotive) {
			continue
		}
		same := true
		for col := Purple; col <= Red; col++ {
			if a.Cards.Count(col) != b.Cards.Count(col) {
				same = false
			}
		}
		if same {
			return true
		}
	}
	return false
}

func randomAction(r *rand.Rand, m *maps.Map) Action {
	var cards CardSet
	for range r.IntN(7) {
		cards.Add(CardID(r.IntN(NumCards + 3)))
	}
	return Action{
		Kind:    ActionKind(r.IntN(int(RevealTicket) + 2)),
		Player:  r.IntN(7) - 1,
		Slot:    r.IntN(7) - 1,
		Route:   r.IntN(len(m.Routes)+2) - 1,
		City:    r.IntN(len(m.Cities)+2) - 1,
		Cards:   cards,
		Tickets: TicketSet(r.Uint64() & r.Uint64() & r.Uint64()),
		Card:    CardID(r.IntN(NumCards + 3)),
		Ticket:  TicketID(r.IntN(len(m.Tickets) + 2)),
	}
}

// FuzzParseLog feeds arbitrary bytes to the log reader: it must never
// panic, and a log that replays must write back to an equivalent log.
func FuzzParseLog(f *testing.F) {
	f.Add([]byte("ttr v1 usa players=2\nfirst 0\ncard red1\n"))
	f.Add([]byte("ttr v1 europe players=3\nfirst 2\nblind\n"))
	f.Add([]byte("ttr v1 europe players=5\n# c\nkeep 1,2\nclaim berlin--wien--1 green1,loco2\nstation berlin red3\nticket 4\npay loco1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ParseLog(data)
		if err != nil {
			return
		}
		s, err := Replay(l)
		if err != nil {
			return
		}
		text, _ := s.MarshalText()
		var back State
		if err := back.UnmarshalText(text); err != nil || back.c != s.c {
			t.Fatalf("a replayed log does not round-trip: %v", err)
		}
	})
}
