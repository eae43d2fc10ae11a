package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
)

func main() {
	// The table's Go heap is small (some 8 MB live over a game, most of
	// its memory being the renderer's textures and Mesa's), and the
	// garbage collector's default lets it grow to twice that between
	// collections: at half that growth the table's peak memory over a
	// whole game in its window is 2 MB lower, and the game takes as long
	// (BENCHMARKS.md, "Peak memory and the collector"). GOGC, when set,
	// wins.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(50)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "table:", err)
		var ee *exitError
		if errors.As(err, &ee) {
			os.Exit(ee.code)
		}
		os.Exit(1)
	}
}

const usage = `usage: table [run|enrol|probe|score|history|wiring|help] [flags]
  run      run the table (the default)
  enrol    enrol a deck of cards: table enrol -deck trains|usa|europe
  probe    check every reader, button and the touch screen, one by one
  score    score a finished board: table score FILE (a scenario, - for stdin)
  history  list the finished games kept in the game logs
  wiring   draw the config's wiring as an SVG picture: table wiring [-o FILE]
  help     list every command and its flags: table help [COMMAND]
Run "table help COMMAND" or "table COMMAND -h" for a command's flags.`

// run dispatches to the subcommand named by the first argument.
func run(ctx context.Context) error { return dispatch(ctx, os.Args[1:]) }

func dispatch(ctx context.Context, args []string) error {
	if len(args) == 1 && isHelp(args[0]) {
		// "table -help": every command, not only run's flags.
		return help(ctx, os.Stdout, nil)
	}
	name := "run"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	if _, ok := lookup(name); ok && slices.ContainsFunc(args, isHelp) && name != "help" {
		// "table COMMAND -h": its help on standard output, exit 0.
		return help(ctx, os.Stdout, []string{name})
	}
	switch name {
	case "help":
		return help(ctx, os.Stdout, args)
	case "run":
		return runTable(ctx, args)
	case "enrol":
		return enrol(ctx, args, os.Stdin, os.Stdout)
	case "probe":
		return probe(ctx, args, os.Stdin, os.Stdout)
	case "score":
		return scoreCommand(args, os.Stdin, os.Stdout)
	case "history":
		return history(args, os.Stdout)
	case "wiring":
		return wiringCommand(args, os.Stdout)
	}
	return &exitError{code: 2, err: fmt.Errorf("unknown command %q\n%s", name, usage)}
}

// exitError carries the process's exit status.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }
