// Package engine is the rules of Ticket to Ride and Ticket to Ride Europe: the
// game state, the legal actions, applying them, the views each screen may
// show, serialisation and the game log. Final scoring (tickets, stations'
// borrowed routes, longest path, tie-breaks) is package engine/score.
//
// # Boundary
//
// engine imports only maps, engine/score and the standard library: no raylib,
// no periph, no file system, no clock, no global randomness, no goroutines.
// It is a pure, deterministic state machine, so it is tested, fuzzed,
// benchmarked and replayed the same on any machine.
//
// # Driving a game
//
// A State always says what it waits for (Waiting, CurrentPlayer):
//
//   - a decision: the table choosing the first player (NeedFirstPlayer), a
//     player keeping tickets (NeedKeep), a turn (NeedTurn), the second card
//     of a draw (NeedSecondCard), paying for or giving up a tunnel
//     (NeedTunnel). LegalActions lists the choices in a stable order.
//   - a chance outcome: the next train card off the deck, going to a hand
//     (NeedCardToHand), a market slot (NeedCardToMarket) or the tunnel
//     (NeedCardToTunnel); or the next ticket for a player (NeedTicket, one
//     ticket per outcome). On the table the scanned card or ticket supplies
//     it (NewRevealCard, NewRevealTicket); in digital play a Dealer does.
//   - nothing: the game is over (IsTerminal); Result has the final scores.
//
// Apply returns the next state and the events to announce, or a *RuleError
// whose Code and Params the display words in the players' language:
//
//	s, _ := engine.NewGame(maps.Europe(), engine.DefaultOpts)
//	d := engine.NewDealer(seed)
//	for !s.IsTerminal() {
//		a := d.Outcome(s) // when s.IsChance()
//		// ... or a player's choice, one of s.LegalActions()
//		s, events, err = s.Apply(a)
//	}
//
// Set-up runs as actions too: ChooseFirst, then 4 cards to each player, 5
// face-up cards, and each player's tickets (USA: 3, keep at least 2, the
// others to the bottom of the deck; Europe: 1 long and 3 regular, keep at
// least 2, the others and the unused long tickets out of the game) and
// their KeepTickets decision. Every seat works at once, as with the printed
// game (setup.go): Pending lists each player's work and the market, and a
// set-up action names whose work it is (NewDealCard, NewLayCard,
// NewDealTicket, NewKeepTicketsFor; Action.For). An action naming nobody
// does the work Waiting names, the first pending in the order of a set-up
// dealt one seat at a time: 4 cards to each player from the first player
// on, the market, then each player's tickets and decision in turn.
//
// The table may take back the last decision (Undo: a claim, a station, a
// face-up card taken, tickets kept) until the next chance outcome or
// decision, and stop a game before its end (Abandon); both are actions
// of the log, never listed by LegalActions (undo.go, UndoInfo).
//
// Apply copies the state; Do changes it in place (for simulations that own
// their state). Bots are in engine/bot.
//
// Claims, stations and tunnel payments name the physical cards spent
// (CardSet of CardID). LegalActions lists one canonical payment per distinct
// (colour, number of locomotives); Apply accepts any cards of the hand that
// pay the same. CheckClaim, CheckStation and CheckTunnelPay validate a
// payment without applying it.
//
// # Where each rule lives
//
// Each rule is in one file, which opens with the rule book's words:
// setup.go (the set-up at every seat at once), undo.go (taking back a
// slip, stopping a game), deck.go (blind draws and
// the reshuffle the moment the deck runs out),
// market.go (the face-up cards and the three-locomotive reset), pay.go
// (paying with cards, and PaymentSoFar for a payment being scanned),
// claim.go (claiming a route, double routes), tunnel.go (the tunnel's
// extra cost), stations.go, tickets.go, turn.go (the last round, the end
// of the game); final scoring is engine/score. A fast path a hot loop
// needs lies beside its rule in a file of its own (market_fast.go,
// pay_fast.go), and fastpath_test.go checks that it agrees with the rule.
// LegalActions lists the claims claim.go's rule allows (claimRule), with
// no rule of its own.
//
// # Rules the table decides
//
// Where the rule books are silent the engine decides, the same way every
// time: at set-up, Waiting names the work of one seat at a time, in
// seat order from the first player (the seats themselves work in any
// order); an empty market slot is refilled as soon as cards are
// available again (discards are reshuffled the moment the deck is empty,
// also when a discard follows an empty deck with no discards); three face-up
// locomotives are replaced only when the cards in deck, discards and market
// could make a market with at most two; a draw that cannot take a second
// card ends the turn; a tunnel reveals min(3, deck + discards) cards; tickets
// given back in one go lie under the deck in an unknown order, after any
// given back before; when every player in turn has passed, nothing can
// change any more and the game ends.
//
// # Hidden information
//
// Public is what the shared screen may show: no hand, no ticket, no
// face-down card. PlayerView adds one player's hand and tickets. Events
// that carry hidden information say so (Event.Hidden).
//
// # The game log
//
// Every decision and chance outcome is recorded in order. The log is
// text, one action per line after a versioned header ("ttr v1 europe
// players=4"); MarshalText writes it, ParseLog reads it and Replay (or
// UnmarshalText) plays it back to the identical state. The table appends one
// line per action as the game goes (LogHeader, then FormatAction of each
// action applied), so that a power cut loses at most the line being written.
package engine
