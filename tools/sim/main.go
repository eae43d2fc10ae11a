package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

// commands maps each subcommand's name to its function, which gets the
// arguments after the name and returns the exit status.
func commands() map[string]func(args []string) int {
	return map[string]func(args []string) int{
		"score": func(args []string) int { return scoreCommand(args, os.Stdin, os.Stdout, os.Stderr) },
		"play":  func(args []string) int { return playCommand(args, os.Stdout, os.Stderr) },
	}
}

// run dispatches to the subcommand named by args[0]. With no subcommand (no
// arguments, or flags first) it is the interactive simulator.
func run(args []string) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return interactive(args)
	}
	cmd, ok := commands()[args[0]]
	if !ok {
		fmt.Fprintf(os.Stderr, "sim: unknown command %q\n", args[0])
		usage(os.Stderr)
		return 2
	}
	return cmd(args[1:])
}

// interactive is the windowed simulator (window.go).
func interactive(args []string) int {
	return runWindow(args)
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage:
  sim [-map europe|usa] [-seats N] [-bots all|1,3] [-seed N] [-config FILE] [-lang en|es|ro]
                   open the simulator's window (sim -h lists every flag)
  sim play [-bots all] [-seed N] [-out DIR] [-screenshots DIR] [SCRIPT]
                   play a script, or a whole bot game, without a window
                   (go doc ./tools/sim describes the script format)
  sim score FILE   score a finished board (a scenario file, see
                   engine/score/testdata/scenarios/FORMAT.md and the examples beside it;
                   FILE - reads standard input) and print the result as JSON

Seats are numbered from 1, as on the screen.
`)
}
