package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"ttr/engine/score"
)

// scoreCommand runs "table score FILE": it reads a scenario (a finished
// board, engine/score/testdata/scenarios/FORMAT.md; "-" reads standard input), scores it
// with engine/score and prints the result as JSON, exactly as "sim score"
// does: the same package reads, scores and reports.
func scoreCommand(args []string, stdin io.Reader, stdout io.Writer) error {
	if len(args) != 1 || strings.HasPrefix(args[0], "-") && args[0] != "-" {
		return &exitError{code: 2, err: errors.New("usage: table score FILE (- for standard input)")}
	}
	in := stdin
	if args[0] != "-" {
		f, err := os.Open(args[0])
		if err != nil {
			return &exitError{code: 2, err: fmt.Errorf("score: %w", err)}
		}
		defer f.Close()
		in = f
	}
	s, err := score.ReadScenario(in)
	if err != nil {
		return &exitError{code: 2, err: err}
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false) // names are printed as written, as sim score does
	if err := enc.Encode(s.Report(s.Score())); err != nil {
		return fmt.Errorf("score: %w", err)
	}
	_, err = stdout.Write(out.Bytes())
	return err
}
