package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// A command is one subcommand of table, as help lists it.
type command struct {
	name     string
	synopsis string // how it is called
	summary  string // what it does
}

// commands are the subcommands, in the order help lists them.
var commands = []command{
	{"run", "table [run] [flags]", "Run the table: the default command, which systemd starts at boot."},
	{"enrol", "table enrol [flags]", "Enrol a deck of cards at one seat's reader, recording each card's tag in the card registry: train cards colour by colour in any order (-box 2 for a second box), tickets one by one."},
	{"probe", "table probe [flags]", "Check every reader, button and the touch screen of a table, one at a time, and sum up: exit 0 when all passed, 1 when one failed, 3 when some were skipped."},
	{"score", "table score FILE", "Score a finished board (a scenario file, engine/score/testdata/scenarios/FORMAT.md; - reads standard input) and print the result as JSON, as sim score does."},
	{"history", "table history [flags]", "List the finished games kept in the game logs, newest first: map, scores and winner."},
	{"wiring", "table wiring [flags]", "Draw the config's wiring as an SVG picture: the Pi's 40-pin header and each seat's reader and buttons with their GPIO and pin numbers."},
	{"help", "table help [COMMAND]", "Print this help, or one command's."},
}

// Seats are counted from 1 wherever a person reads or types one, as on the
// screen: the flags, the logs and every output.
const seatsNote = "Seats are numbered from 1, as on the screen: the first seat of the config is seat 1."

// isHelp reports whether arg asks for help.
func isHelp(arg string) bool {
	switch arg {
	case "-h", "-help", "--help", "--h":
		return true
	}
	return false
}

// lookup returns the command called name.
func lookup(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// withUsage makes fs print its command's synopsis, summary and flags when
// asked for help or given a bad flag.
func withUsage(fs *flag.FlagSet) *flag.FlagSet {
	fs.Usage = func() { commandUsage(fs.Output(), fs) }
	return fs
}

func commandUsage(w io.Writer, fs *flag.FlagSet) {
	c, _ := lookup(fs.Name())
	fmt.Fprintf(w, "%s\n  %s\n", c.synopsis, c.summary)
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		fmt.Fprintln(w, "flags:")
		fs.PrintDefaults()
	}
}

// help prints the help of the named commands to w: every command's when
// names is empty.
func help(ctx context.Context, w io.Writer, names []string) error {
	if len(names) == 0 {
		fmt.Fprintln(w, "usage: table COMMAND [flags]\n\nThe firmware of the Ticket to Ride table. "+seatsNote+"\n\ncommands:")
		for _, c := range commands {
			fmt.Fprintf(w, "  %-8s %s\n", c.name, firstSentence(c.summary))
		}
		for _, c := range commands {
			fmt.Fprintln(w)
			if err := commandHelp(ctx, w, c.name); err != nil {
				return err
			}
		}
		return nil
	}
	for i, name := range names {
		if i > 0 {
			fmt.Fprintln(w)
		}
		if err := commandHelp(ctx, w, name); err != nil {
			return err
		}
	}
	return nil
}

// commandHelp prints one command's synopsis, summary and flags: it runs the
// command with -h, so the flags listed are the ones it parses.
func commandHelp(ctx context.Context, w io.Writer, name string) error {
	h := []string{"-h"}
	var err error
	switch name {
	case "run":
		_, err = parseRunFlags(h, w)
	case "enrol":
		err = enrol(ctx, h, strings.NewReader(""), w)
	case "probe":
		err = probe(ctx, h, strings.NewReader(""), w)
	case "history":
		err = history(h, w)
	case "wiring":
		err = wiringCommand(h, w)
	case "score", "help":
		c, _ := lookup(name)
		fmt.Fprintf(w, "%s\n  %s\n", c.synopsis, c.summary)
	default:
		return &exitError{code: 2, err: fmt.Errorf("help: unknown command %q\n%s", name, usage)}
	}
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		return err
	}
	return nil
}

// firstSentence is s up to its first full stop.
func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}
