package journal_test

import (
	"fmt"
	"log"
	"log/slog"
	"os"
	"time"

	"ttr/hal/journal"
)

// A game survives a restart: each action is durable when Append returns, and
// Open hands back the unfinished game to replay.
func Example() {
	dir, err := os.MkdirTemp("", "journal-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	opts := journal.Opts{Now: func() time.Time { return time.Date(2026, 11, 21, 19, 30, 0, 0, time.UTC) }}

	j, err := journal.Open(dir, opts)
	if err != nil {
		log.Fatal(err)
	}
	g, err := j.Start([]byte("ttr map=europe seed=42 seats=3"))
	if err != nil {
		log.Fatal(err)
	}
	for _, action := range []string{"p0 draw deck", "chance red"} {
		if err := g.Append([]byte(action)); err != nil {
			log.Fatal(err)
		}
	}
	j.Close() // or a power cut: the same on disk

	j, err = journal.Open(dir, opts)
	if err != nil {
		log.Fatal(err)
	}
	defer j.Close()
	for _, p := range j.Problems() {
		slog.Warn("game log repaired", "problem", p)
	}
	g = j.Current()
	fmt.Printf("resume %s: %s\n", g.Name(), g.Header())
	for _, r := range g.Records() {
		fmt.Printf("replay %s\n", r)
	}
	if err := g.Finish([]byte("p2 wins 121")); err != nil {
		log.Fatal(err)
	}
	h, err := journal.History(dir, opts) // no lock: another process may read it too
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("history: %s, %d actions, %s\n", h[0].Name, h[0].Records, h[0].Summary)
	// Output:
	// resume 000001-20261121T193000Z.game: ttr map=europe seed=42 seats=3
	// replay p0 draw deck
	// replay chance red
	// history: 000001-20261121T193000Z.game, 2 actions, p2 wins 121
}
