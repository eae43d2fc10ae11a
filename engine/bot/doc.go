// Package bot has computer players for the engine: a random legal-move bot
// and a greedy bot that plays toward its tickets. Both are deterministic for
// a seed. They are used by tests, fuzzing, benchmarks and the simulator.
//
// # Boundary
//
// bot imports only engine, maps (the board data engine exposes) and the
// standard library. A bot reads the state only as its player may: its own
// hand and tickets, and the public board.
package bot
