//go:build race

package journal

// allocSlack is how much more the race detector makes Open allocate (its
// shadow bookkeeping counts in MemStats.TotalAlloc): 69 MiB against 34
// without it; the bound still catches a read that grows with the file.
const allocSlack = 2
