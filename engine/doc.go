// Package engine is the rules of Ticket to Ride and Ticket to Ride Europe: the
// game state, the legal actions, applying them, scoring, the longest path,
// the stations' best routes, serialisation and the game log.
//
// # Boundary
//
// engine imports only maps and the standard library: no raylib, no periph, no
// file system, no clock, no global randomness, no goroutines. It is a pure,
// deterministic state machine, so it is tested, fuzzed, benchmarked and
// replayed the same on any machine.
package engine
