package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"ttr/cmd/table/app"
	"ttr/cmd/table/owner"
	"ttr/display/msg"
	"ttr/hal/config"
	"ttr/hal/journal"
	"ttr/hal/storage"
)

// history runs "table history": it lists the finished games kept in the
// game logs' history folder, newest first, one line each, as it reads them.
// journal.EachHistory reads them without taking the journal's lock, so it
// works while the table runs.
func history(args []string, stdout io.Writer) error {
	fs := withUsage(flag.NewFlagSet("history", flag.ContinueOnError))
	fs.SetOutput(stdout)
	cfgPath := fs.String("config", defaultConfig, "the table's config file")
	state := fs.String("state", "", "the folder of the game logs (default: the config's logs)")
	records := fs.Bool("records", false, "list the records by player name instead: games, wins, best score, longest route (as the owner's menu shows them)")
	if err := fs.Parse(args); err != nil {
		return &exitError{code: 2, err: err}
	}
	if *state == "" {
		cfg, err := config.Load(*cfgPath)
		if err != nil {
			return err
		}
		*state = cfg.Logs
	}
	if *records {
		return printRecords(*state, stdout)
	}
	// One game at a time: memory holds the list of names and one file,
	// whatever the number of games kept.
	n := 0
	err := journal.EachHistory(*state, journal.Opts{}, func(e journal.Entry) error {
		n++
		_, err := fmt.Fprintln(stdout, historyLine(e))
		return err
	})
	if err != nil {
		return err
	}
	if n == 0 {
		fmt.Fprintf(stdout, "no finished games in %s\n", filepath.Join(*state, "history"))
	}
	return nil
}

// historyLine describes one finished game: file, map, players, actions,
// scores and winners (by seat, counted from 1 as the table shows them, and
// by name for a named player).
func historyLine(e journal.Entry) string {
	name := e.Name
	if e.Err != nil {
		return fmt.Sprintf("%s: %v", name, e.Err)
	}
	h, err := app.ParseHeader(e.Header)
	if err != nil {
		return fmt.Sprintf("%s: %v", name, err)
	}
	s, err := app.ParseSummary(e.Summary)
	if err != nil {
		return fmt.Sprintf("%s: %s, %d actions: %v", name, h.Map, e.Records, err)
	}
	if s.Abandoned != "" {
		return fmt.Sprintf("%s: %s, %d actions, abandoned: %s", name, h.Map, e.Records, s.Abandoned)
	}
	var scores, winners []string
	for p, sc := range s.Scores {
		seat := p
		if p < len(s.Seats) {
			seat = s.Seats[p]
		}
		who := fmt.Sprintf("seat %d", seat+1)
		col := ""
		if seat < len(h.Seats) {
			col = " " + h.Seats[seat].Color
			if n := h.Seats[seat].Name; n != "" {
				who += " " + n
				col = " (" + h.Seats[seat].Color + ")"
			}
		}
		scores = append(scores, fmt.Sprintf("%s%s %d", who, col, sc))
		if slices.Contains(s.Winners, p) {
			winners = append(winners, who)
		}
	}
	return fmt.Sprintf("%s: %s, %d actions; %s; won by %s", name, h.Map, e.Records, strings.Join(scores, ", "), strings.Join(winners, " and "))
}

// printRecords prints the records by player name of the logs in state, in
// English, from the owner's menu's model.
func printRecords(state string, stdout io.Writer) error {
	h, err := owner.LoadHistory(storage.OS, state)
	if err != nil {
		return err
	}
	words, err := msg.Load()
	if err != nil {
		return err
	}
	if len(h.Records) == 0 {
		fmt.Fprintf(stdout, "no records: no finished game has a named player in %s\n", filepath.Join(state, "history"))
	}
	for _, r := range h.Records {
		fmt.Fprintln(stdout, words.Text(msg.EN, r.Line))
	}
	return nil
}
