//go:build !race

package journal

// allocSlack is 1 without the race detector: the bounds hold as written.
const allocSlack = 1
