//go:build race

package config

// allocSlack is how much more the race detector makes a parse allocate
// (its shadow bookkeeping counts in MemStats.TotalAlloc): measured 1.4
// times; the bounds still catch a parse that grows with the input's depth.
const allocSlack = 2
