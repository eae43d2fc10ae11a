// Package bot has a computer player for the engine: Greedy, a bot that
// plays toward its tickets, deterministic for a seed. It plays the seats
// given to bots on the table and in the simulator; random play needs no bot
// (any of engine.State.LegalActions, chosen at random).
//
// # Boundary
//
// bot imports only engine, maps (the board data engine exposes) and the
// standard library. A bot reads the state only as its player may: its own
// hand and tickets, and the public board.
package bot
