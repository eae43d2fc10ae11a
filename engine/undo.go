package engine

import "ttr/maps"

// Taking back a slip, and stopping a game. The rule books have no undo; at
// the printed board a player who put trains on the wrong route picks them
// up again before anyone has seen a new card or the next player has moved,
// and the table allows the same: the last decision (a route claimed, a
// station built, a face-up card taken, tickets kept) may be taken back
// until the next chance outcome (a card or ticket turned over, which
// everyone, or its drawer, has then seen) or the next decision. Undo is an
// action of its own, recorded in the log: the state after it is the state
// before the decision, and a replay reproduces it exactly. What happened
// since a card was turned over cannot be taken back: a blind draw whose
// card was seen, a tunnel whose cards were revealed.
//
// Abandon stops the game at any moment, before its end: the state is over
// (IsTerminal, Abandoned) and nothing more can be applied.

// UndoBlock says why the last decision cannot be taken back.
type UndoBlock uint8

// Why nothing can be taken back.
const (
	UndoAllowed UndoBlock = iota // the last decision can be taken back
	UndoNothing                  // no decision to take back: the game just started, the last was already taken back, or was a pass or a draw
	UndoSeen                     // a card or ticket was turned over since: it has been seen
	UndoTunnel                   // the tunnel's cards were revealed: the claim stands or was withdrawn
	UndoOver                     // the game is over
)

var undoNames = [...]string{"allowed", "nothing", "seen", "tunnel", "over"}

// String returns a short English name, for logs.
func (b UndoBlock) String() string {
	if int(b) < len(undoNames) {
		return undoNames[b]
	}
	return "UndoBlock(?)"
}

// UndoInfo is what Undo would take back now.
type UndoInfo struct {
	// Block is UndoAllowed when the last decision can be taken back, else
	// why not.
	Block UndoBlock
	// Decision is the last decision (ClaimRoute, BuildStation, DrawFaceUp
	// or KeepTickets) and Player who made it; Before is the state before
	// it, which Undo returns to. Set only when Block is UndoAllowed.
	Decision Action
	Player   int
	Before   *State
}

// undoable reports whether a decision of kind k can be taken back.
func undoable(k ActionKind) bool {
	return k == ClaimRoute || k == BuildStation || k == DrawFaceUp || k == KeepTickets
}

// UndoInfo says whether the last decision can be taken back, and what it
// was. It replays the game to the state before that decision, so callers
// ask once per action applied, not per frame.
func (s *State) UndoInfo() UndoInfo {
	if s.IsTerminal() {
		return UndoInfo{Block: UndoOver, Player: -1}
	}
	h := s.History()
	n := len(h)
	if n == 0 {
		return UndoInfo{Block: UndoNothing, Player: -1}
	}
	last := h[n-1]
	switch {
	case undoable(last.Kind):
	case last.Kind == PayTunnel || last.Kind == WithdrawTunnel:
		return UndoInfo{Block: UndoTunnel, Player: -1}
	case last.Kind == RevealCard && s.revealedForTunnel(h):
		return UndoInfo{Block: UndoTunnel, Player: -1}
	case last.Kind.IsChance():
		return UndoInfo{Block: UndoSeen, Player: -1}
	default:
		return UndoInfo{Block: UndoNothing, Player: -1}
	}
	before, err := Replay(&Log{Map: s.m, Players: int(s.c.players), Actions: h[:n-1]})
	if err != nil {
		panic("engine: bug: a game's own history does not replay: " + err.Error())
	}
	p := last.For()
	if p < 0 {
		p = before.Waiting().Player
	}
	return UndoInfo{Block: UndoAllowed, Decision: last, Player: p, Before: before}
}

// revealedForTunnel reports whether the cards at the end of history h were
// revealed for a tunnel: the decision before them claimed a tunnel.
func (s *State) revealedForTunnel(h []Action) bool {
	i := len(h) - 1
	for i >= 0 && h[i].Kind == RevealCard {
		i--
	}
	if i < 0 || h[i].Kind != ClaimRoute || h[i].Route < 0 || h[i].Route >= len(s.m.Routes) {
		return false
	}
	return s.m.Routes[h[i].Route].Kind == maps.Tunnel
}

// undoTo returns the game to before, the game before its last decision,
// already settled, recording the undo in the history.
func (s *State) undoTo(before *core) {
	s.c = *before
	s.record(pack(Undo, 0, CardSet{}))
}
