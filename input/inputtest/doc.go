// Package inputtest holds what tests of packages that drive an input.Table
// share, so that the input tests and the display's screenshot scenes agree
// on it: the fake card registry the table resolves scanned tags with, a
// bot's choice of decision, and a finder of legal claims.
//
// # The fake registry
//
// A tag's UID names what it is: "C-red3" is the train card red3,
// "T-europe-12" ticket 12 of the Europe map; anything else is unknown
// (UID, CardUID, TicketUID write such UIDs, Resolve reads them and is the
// input.Opts.Resolve of the tests' tables).
//
// # Bots
//
// BotChoice picks a decision among the legal actions, claiming routes often
// so that games end. It draws from the caller's seeded generator only, so a
// seed replays the same game: golden screenshots depend on it.
//
// # Boundary
//
// inputtest is for tests only; like input it imports engine, hal and input
// and never raylib.
package inputtest
