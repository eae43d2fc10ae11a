package main

import (
	"bytes"
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
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false) // names are printed as written
	if err := enc.Encode(s.Report(s.Score())); err != nil {
		fmt.Fprintln(stderr, "score:", oneLine(err.Error()))
		return 1
	}
	if _, err := stdout.Write(out.Bytes()); err != nil {
		fmt.Fprintln(stderr, "score:", oneLine(err.Error()))
		return 1
	}
	return 0
}

// oneLine keeps an error message on one line whatever it quotes.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
