package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"

	"ttr/hal"
	"ttr/hal/config"
	"ttr/hal/registry"
	"ttr/maps"
)

const defaultConfig = "/etc/ttr-table/table.json"

// enrol runs "table enrol": it asks for each card of a deck to be scanned
// at one seat's reader and records its tag in the card registry.
func enrol(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	fs := withUsage(flag.NewFlagSet("enrol", flag.ContinueOnError))
	fs.SetOutput(stdout)
	cfgPath := fs.String("config", defaultConfig, "the table's config file")
	deckName := fs.String("deck", "trains", `the deck to enrol: "trains" (110 train cards, colour by colour in any order), "usa" or "europe" (that map's tickets)`)
	box := fs.Int("box", 1, "the box of train cards to enrol, 1 or 2 (a table can know two train decks)")
	seat := fs.Int("seat", 1, "the seat whose reader scans the cards, numbered from 1 as on the screen")
	regPath := fs.String("registry", "", "the card registry file (default: the config's registry)")
	fake := fs.Bool("fake", false, "read UIDs typed on standard input, one a line, instead of a reader (for tests)")
	var forget []registry.Card
	fs.Func("forget", "a `card` to enrol again after its sticker was replaced, e.g. \"train red 3\" (repeatable)", func(s string) error {
		c, err := registry.ParseCard(s)
		if err == nil {
			forget = append(forget, c)
		}
		return err
	})
	if err := fs.Parse(args); err != nil {
		return &exitError{code: 2, err: err}
	}
	tasks, err := deckTasks(*deckName, *box)
	if err != nil {
		return &exitError{code: 2, err: err}
	}
	if *seat < 1 {
		return &exitError{code: 2, err: fmt.Errorf("-seat %d: seats are numbered from 1, as on the screen", *seat)}
	}
	out := &syncWriter{w: stdout}
	var reader hal.TagReader
	var store registry.Store
	if *fake {
		if *regPath == "" {
			return &exitError{code: 2, err: errors.New("enrol -fake needs -registry")}
		}
		reader = &lineReader{sc: bufio.NewScanner(stdin), seat: hal.Seat(*seat - 1)}
		store = registry.Store{Path: *regPath}
	} else {
		cfg, err := config.Load(*cfgPath)
		if err != nil {
			return err
		}
		if *regPath == "" {
			*regPath = cfg.Registry
		}
		store = registryStore(*regPath, *cfgPath)
		if *seat < 1 || *seat > len(cfg.Seats) {
			return &exitError{code: 2, err: fmt.Errorf("-seat %d: the config has seats 1 to %d", *seat, len(cfg.Seats))}
		}
		tbl, err := openPi(cfg)
		if err != nil {
			return err
		}
		defer tbl.Close()
		r := tbl.Seats[*seat-1].Reader
		ctx, cancel := context.WithCancel(ctx)
		var wg sync.WaitGroup
		defer wg.Wait()
		defer cancel()
		wg.Add(2)
		go func() { defer wg.Done(); _ = r.Run(ctx) }()
		go func() { defer wg.Done(); printStatuses(ctx, r, out) }()
		reader = r
	}
	_, err = registry.Enrol(ctx, registry.Enrolment{Store: store, Tasks: tasks, Reader: reader, Out: out, Forget: forget})
	if errors.Is(err, io.EOF) || errors.Is(err, context.Canceled) {
		fmt.Fprintf(out, "Stopped. The cards scanned so far are saved; run the same command again to resume.\n")
		return nil
	}
	return err
}

// deckTasks returns what enrolling a deck asks for: the train cards of a
// box, colour by colour, or the destination tickets of a map.
func deckTasks(name string, box int) ([]registry.Task, error) {
	if name == "trains" {
		if box < 1 || box > registry.Boxes {
			return nil, fmt.Errorf("-box %d: want 1 or 2", box)
		}
		return registry.TrainTasks(box), nil
	}
	if registry.TicketDeck(name) == nil {
		return nil, fmt.Errorf("-deck %q: want trains, %s", name, strings.Join(maps.Maps(), " or "))
	}
	return []registry.Task{registry.TicketTask(name)}, nil
}

// lineReader is a TagReader that reads one UID a line, for enrol -fake.
type lineReader struct {
	sc   *bufio.Scanner
	seat hal.Seat
}

// ReadTag implements hal.TagReader.
func (r *lineReader) ReadTag(ctx context.Context) (hal.Scan, error) {
	for r.sc.Scan() {
		if uid := strings.ToUpper(strings.TrimSpace(r.sc.Text())); uid != "" {
			return hal.Scan{Seat: r.seat, UID: hal.UID(uid)}, nil
		}
	}
	if err := r.sc.Err(); err != nil {
		return hal.Scan{}, err
	}
	return hal.Scan{}, io.EOF
}

// printStatuses prints a reader's status changes until ctx is done.
func printStatuses(ctx context.Context, r hal.StatusReader, w io.Writer) {
	for {
		st, err := r.ReadStatus(ctx)
		if err != nil {
			return
		}
		fmt.Fprintln(w, statusLine(st))
	}
}

func statusLine(st hal.Status) string {
	s := fmt.Sprintf("%s seat %d %s %s", st.At.Format("15:04:05.000"), int(st.Seat)+1, st.Device, st.State)
	if st.Err != nil {
		s += ": " + st.Err.Error()
	}
	return s
}

// syncWriter serialises writes from several goroutines.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}
