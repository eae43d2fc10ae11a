package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"ttr/engine/score"
)

// scoreCommand is `sim score FILE`: it reads a scenario, scores it and
// prints the result JSON on stdout. Bad usage, an unreadable file and an
// invalid scenario exit with status 2 and one line on stderr.
func scoreCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: sim score FILE")
		return 2
	}
	in := stdin
	if args[0] != "-" {
		f, err := os.Open(args[0])
		if err != nil {
			fmt.Fprintln(stderr, "score:", oneLine(err.Error()))
			return 2
		}
		defer f.Close()
		in = f
	}
	s, err := score.ReadScenario(in)
	if err != nil {
		fmt.Fprintln(stderr, oneLine(err.Error()))
		return 2
	}
	out, err := json.MarshalIndent(s.Report(s.Score()), "", "  ")
	if err != nil {
		fmt.Fprintln(stderr, "score:", oneLine(err.Error()))
		return 1
	}
	if _, err := fmt.Fprintf(stdout, "%s\n", out); err != nil {
		fmt.Fprintln(stderr, "score:", oneLine(err.Error()))
		return 1
	}
	return 0
}

// oneLine keeps an error message on one line whatever it quotes.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
