// Package input turns touches, card scans and button presses into engine
// actions, one seat at a time: the claim in progress, the tunnel payment, the
// tickets to keep and the other gestures that take several steps. It keeps
// the View the screen draws.
//
// # Boundary
//
// input imports engine, engine/score, maps and hal (interfaces and event
// types only; docs/imports.txt). It never sees raylib or pixels: the
// display resolves a touch to what it landed on before input gets it. It holds no words: prompts and refusals are Texts,
// keys of the message catalogue (display/msg) with named arguments, worded by
// the display in the table's language. input has no clock: a notice's time is
// the time of the event that caused it.
//
// # Driving a table
//
// A Table starts on the start screen (language, map, seats that play and
// their colours, first player: on-screen keys, see KeyLang and the other Key
// constants), then owns the engine.State of the game. The main loop feeds it
// every hal.Event (a Scan, Press, Touch or Status: Handle) and draws
// View. Each event returns a Result: the engine actions applied, which the
// caller appends to the game's durable log before drawing the next View;
// when Result.Started is set a new game began and a new log starts (Setup
// and Game describe it). Result.Sound is the sound to play for the event
// (through a hal.Speaker), decided here from what the event caused, so that
// the loop only plays it. After a restart, Resume continues from the set-up
// and the replayed log.
//
// Every View carries a Rev: the same Rev for every View built between two
// events, a new one after each event, so the screen can keep what it drew
// and draw again only when the Rev changes.
//
// In digital play a bot's decision or the dealer's chance outcome becomes the
// events a person would make (Gestures).
//
// # Flows
//
// Play passes clockwise around the table (Clockwise, from Opts.Edges): the
// engine's player p sits at Setup.Players()[p], the seats in turn order;
// seat numbers shown to people stay the config's.
//
//   - Set-up, at every seat at once (setup.go): each player scans their
//     four cards and their tickets at their own reader, in any order,
//     interleaved with the others; the five face-up cards are scanned at
//     any reader whose player has their four cards (the first player is
//     asked); each player scans the tickets they give back (again to take
//     the mark off) and presses Confirm. The first turn starts when all
//     have kept. Each seat's panel says what it still has to do
//     (SeatView.Current, Prompt, Keep).
//   - Drawing: touch a face-up slot (the card goes to the hand at once), then
//     scan the card that refills it; or touch the deck and scan the card
//     drawn, or simply scan a card from the deck. Face-up locomotives are
//     marked unavailable while the second card is awaited.
//   - Claiming: touch a route, scan the cards one by one (each checked at
//     once), press Confirm. A tunnel's three cards are scanned at the
//     claimer's reader; its extra cost is paid by scanning and Confirm, or the
//     claim withdrawn with Cancel. Only the claimer is told that a free
//     tunnel is theirs; the other seats read who claimed or withdrew from
//     which tunnel.
//   - Tickets: touch the ticket deck (or scan a ticket from it), scan the
//     others, scan those given back, Confirm. Stations: touch a city, scan,
//     Confirm. A player who can do nothing passes with Confirm.
//   - Cancel drops whatever is in progress and not yet confirmed.
//   - Undo and abandon (undo.go): Cancel with nothing of the seat's in
//     progress (or KeyUndo) asks to take back that player's last decision
//     (a claim, a station, a face-up card taken, tickets kept), naming
//     what to pick up; Confirm takes it back, Cancel keeps it. It can be
//     taken back until a card or ticket is turned over or the next player
//     acts; otherwise the seat is told why not. KeyAbandon on a seat's
//     panel, or the seat's Cancel held (a long press), asks to stop the
//     game; Confirm stops it (a short press: a long one, as both buttons
//     held together give, never answers) (engine.Abandon, in
//     the log; the App keeps the file aside) and shows the start screen.
//
// # Refusals
//
// A wrong scan, touch or press changes nothing and gives the seat a Notice
// with Refused set. Refusals of the table itself use refuse.* keys; refusals
// of the rules use the catalogue's "rule.<code>" key with the arguments
// Refusal gives (the one table from engine codes to messages, naming
// players as the table calls them), and the *engine.RuleError for logs.
//
// # Announcements
//
// Every move is told to the whole table in View.Announce, one line the
// display draws facing every seat: the first player, the first tickets kept,
// the cards drawn (how many, and the colours taken face up; a blind card is
// only counted), a route claimed with its points, a tunnel tried, its extra
// cost, claimed or withdrawn, a station built, tickets drawn and kept, a
// pass. It names the player, the route or city to pulse and the points
// scored, and stays until the next move replaces it. Its words are the
// catalogue's news.* keys. View.Moves keeps the last MovesShown moves, a
// short log for every seat's strip (a turn's cards drawn in one line), and
// View.Scores every player's score, so that each seat reads them all.
//
// A ticket scanned to give back is told on the keeper's panel ("keep.marked",
// with how many of the drawn are given back, never its cities: those are on
// no screen before the end), and a second scan says it is kept after all
// ("keep.unmarked").
//
// A resolved tunnel stays in View.Tunnel, its revealed cards on show, until
// the next move is applied. A refusal stays on the seat's panel until the
// seat's next scan is accepted.
//
// # A reader that stops answering
//
// When the reader of the seat the table waits for is offline (a hal.Status),
// that player's panel offers the nearest reader that answers (the next seat
// first), named by the player sitting there ("Blue's reader"). The player
// accepts with their own Confirm (the button, or the on-screen Confirm of
// their panel, when the buttons are dead too); the whole table is told, the
// neighbour's panel says who scans there, the player's panel says where to
// scan (SeatView.ReaderOffline is then false), and from then on, whenever
// the table waits for that player, scans at the neighbour's reader are
// theirs, each card validated by the rules as ever; a refusal is shown on
// both panels. When the reader answers again, scans go back to it.
//
// # Hidden information
//
// A View never holds a card of a hand, a blind-drawn card, a card scanned for
// a payment not yet made (only their number and colour) or a ticket before
// the end screen. The engine's public view it includes shows the cards laid
// on a pending tunnel, which the rules show to everyone.
//
// # The rules on the glass
//
// KeyHelp on a seat's panel opens the rules summary facing that seat
// (SeatView.Help), on any screen: sections of the catalogue's [rules] table,
// a title and at most 6 lines of at most 60 characters each, in the order
// HelpTopics gives for what the seat is doing (claiming a tunnel: tunnels,
// then claiming; the end: scoring, then the tie-breaks), the others after
// it in the rule books' order; tunnels, ferries and stations on Europe
// only. The key again, or Cancel at that seat, closes it; that Cancel
// changes nothing else (a claim in progress stays).
// KeyHelpPage turns an open help page (SeatView.HelpPage counts the turns;
// the display shows that page modulo the pages the glass needs). KeyMoves
// on a seat's panel opens the last moves and every player's score facing
// that seat (SeatView.Moves), closed the same way; one page is open at a
// seat at a time (pages.go).
//
// First-game mode (KeyFirstGame on the start screen, Opts.FirstGame its
// default, kept in Setup and the game's header) tells each seat concerned
// a rule the first time it applies, in SeatView.Explain beside the prompt,
// never over it: the first tunnel (its claimer on touching it, every seat
// while it is resolved), the first ferry and the first station (the player
// touching it, until one is claimed or built), the last round (every seat,
// during its first turn) and the final scoring (every seat, on the end
// screen). What was told is derived from the game's state and history, so a
// game resumed from its log tells the same.
package input
