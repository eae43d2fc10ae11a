//go:build !race

package config

// allocSlack is 1 without the race detector: the bounds hold as written.
const allocSlack = 1
