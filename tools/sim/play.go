package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"ttr/engine"
	"ttr/engine/score"
	"ttr/hal"
	"ttr/hal/haltest"
	"ttr/input"
	"ttr/maps"
)

// playOpts are the flags of `sim play`.
type playOpts struct {
	script      string
	mapID       string
	seats       int
	seed        uint64
	hasSeed     bool
	bots        string
	lang        string
	out         string // folder for scores.json and game.log
	logFile     string
	screenshots string
	width       int
	height      int
	maxActions  int
	verbose     bool
	journal     string
}

func parsePlayFlags(args []string, stderr io.Writer) (playOpts, error) {
	o := playOpts{}
	fs := flag.NewFlagSet("sim play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.mapID, "map", "", "board: europe or usa (default: the script's, else europe)")
	fs.IntVar(&o.seats, "seats", 0, "seats at the table, 2 to 5 (default: the script's, else 4)")
	seed := fs.String("seed", "", "seed of the virtual decks and the bots (default: the script's, else from the clock, printed)")
	fs.StringVar(&o.bots, "bots", "", `seats played by bots: "all", or seat numbers from 1 as on the screen, such as "2,4"`)
	fs.StringVar(&o.lang, "lang", "", "the table's language: en, es or ro (default: the script's, else en)")
	fs.StringVar(&o.out, "out", "", "write scores.json and game.log to this folder")
	fs.StringVar(&o.logFile, "log", "", "write the game log (engine log text) to this file")
	fs.StringVar(&o.screenshots, "screenshots", "", "write the script's screenshots (PNG) to this folder; needs a display (xvfb-run)")
	fs.IntVar(&o.width, "width", 1600, "screenshot width in pixels")
	fs.IntVar(&o.height, "height", 900, "screenshot height in pixels")
	fs.BoolVar(&o.verbose, "v", false, "print each step and what the table shows after it (on standard error), to help write scripts")
	fs.StringVar(&o.journal, "journal", "", "keep the game's log in this folder (the table's journal), resuming an unfinished game in it")
	fs.IntVar(&o.maxActions, "max-actions", 20000, "stop a bot game that has not ended after this many actions")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sim play [flags] [SCRIPT]\n\nPlays a script (see go doc ./tools/sim), or with -bots all a whole game, without a window.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	switch fs.NArg() {
	case 0:
		if o.bots != "all" {
			return o, fmt.Errorf("sim play: give a SCRIPT, or -bots all for a whole game")
		}
	case 1:
		o.script = fs.Arg(0)
	default:
		return o, fmt.Errorf("sim play: one script at most, got %q", fs.Args())
	}
	if *seed != "" {
		k, err := strconv.ParseUint(*seed, 10, 64)
		if err != nil {
			return o, fmt.Errorf("sim play: -seed %q: a whole number", *seed)
		}
		o.seed, o.hasSeed = k, true
	}
	return o, nil
}

// parseBots reads -bots: "all", "" or comma-separated seat numbers,
// counted from 1 as the screen shows them.
func parseBots(s string, seats int) ([]bool, error) {
	out := make([]bool, seats)
	if s == "" || s == "none" {
		return out, nil
	}
	if s == "all" {
		for i := range out {
			out[i] = true
		}
		return out, nil
	}
	for _, f := range strings.Split(s, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || k < 1 || k > seats {
			return nil, fmt.Errorf("sim: -bots %q: seats are 1 to %d, as on the screen, or all", s, seats)
		}
		out[k-1] = true
	}
	return out, nil
}

func playCommand(args []string, stdout, stderr io.Writer) int {
	o, err := parsePlayFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	res, err := play(o, stderr)
	if res != nil {
		if werr := res.write(o, stdout); werr != nil && err == nil {
			err = werr
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}

// playResult is what a headless game leaves: the final state, the log and
// the seed.
type playResult struct {
	w    *world
	seed uint64
}

// play runs a script, or a whole bot game, headless.
func play(o playOpts, stderr io.Writer) (*playResult, error) {
	sc := &script{mapID: "europe", seats: 4, lang: "en"}
	if o.script != "" {
		f, err := os.Open(o.script)
		if err != nil {
			return nil, fmt.Errorf("sim play: %w", err)
		}
		sc, err = parseScript(f)
		f.Close()
		if err != nil {
			return nil, err
		}
	}
	if o.mapID != "" {
		sc.mapID = o.mapID
	}
	if o.seats != 0 {
		sc.seats = o.seats
	}
	if o.bots != "" {
		sc.bots = o.bots
	}
	if o.lang != "" {
		sc.lang = o.lang
	}
	if o.hasSeed {
		sc.seed, sc.hasSeed = o.seed, true
	}
	if !sc.hasSeed {
		sc.seed = uint64(time.Now().UnixNano() % 1e9)
		fmt.Fprintf(stderr, "sim: seed %d\n", sc.seed)
	}
	m, err := maps.Load(sc.mapID)
	if err != nil {
		return nil, fmt.Errorf("sim play: map %q: choose europe or usa", sc.mapID)
	}
	bots, err := parseBots(sc.bots, sc.seats)
	if err != nil {
		return nil, err
	}
	clock := haltest.NewClock(time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC))
	w, err := newWorld(worldOpts{Map: m, Seats: sc.seats, Seed: sc.seed, Lang: sc.lang, Clock: clock, Bots: bots, Journal: o.journal})
	if err != nil {
		return nil, err
	}
	defer w.Close()
	res := &playResult{w: w, seed: sc.seed}
	steps := sc.steps
	if o.script == "" {
		steps = []step{{verb: "auto"}}
		if w.game() == nil {
			steps = append([]step{{verb: "start", words: []string{strconv.Itoa(int(sc.seed%uint64(sc.seats)) + 1)}}}, steps...)
		}
	}
	p := &player{w: w, maxActions: o.maxActions}
	if o.screenshots != "" {
		if err := os.MkdirAll(o.screenshots, 0o755); err != nil {
			return res, fmt.Errorf("sim play: %w", err)
		}
		sh, err := newShooter(w, o.width, o.height)
		if err != nil {
			return res, err
		}
		defer sh.close()
		p.shot = func(name string) error {
			return sh.shoot(filepath.Join(o.screenshots, name+".png"))
		}
	}
	for _, st := range steps {
		clock.Advance(time.Second)
		if err := p.do(st); err != nil {
			where := "step"
			if st.line > 0 {
				where = fmt.Sprintf("script line %d", st.line)
			}
			return res, fmt.Errorf("sim play: %s: %q: %w", where, st.String(), err)
		}
		if o.verbose {
			fmt.Fprintf(stderr, "%3d %-40s %s\n", st.line, st.String(), describe(w))
		}
	}
	return res, nil
}

// Scores is the JSON `sim play` prints: the scores at the end of the run,
// by seat, and the engine's final result once the game is over.
type Scores struct {
	Map     string        `json:"map"`
	Seed    uint64        `json:"seed"`
	Over    bool          `json:"over"`
	Actions int           `json:"actions"`
	Seats   []SeatScore   `json:"seats"`
	Result  *score.Report `json:"result,omitempty"`
}

// SeatScore is one seat's score.
type SeatScore struct {
	// Seat is the seat's number as the screen shows it, from 1.
	Seat  int    `json:"seat"`
	Color string `json:"color"`
	// Name is the player's name: the one given at the start screen or in
	// the config, else their colour; the result names players the same.
	Name   string `json:"name"`
	Player int    `json:"player"`
	Score  int    `json:"score"`
	Trains int    `json:"trains"`
}

// playerName is what scores.json calls the player of seat sv: the name
// typed for them, else their colour.
func playerName(sv input.SeatView) string {
	if n, ok := sv.Name.Args["Name"].(string); ok && sv.Name.Key == "player.name" && n != "" {
		return n
	}
	return sv.Color.String()
}

func (r *playResult) scores() Scores {
	w := r.w
	out := Scores{Map: w.m.ID, Seed: r.seed, Actions: len(w.log)}
	s := w.game()
	if s == nil {
		return out
	}
	out.Over = s.IsTerminal()
	sc := s.Scores()
	v := w.view()
	for seat := range w.seats {
		p := w.tb().PlayerAt(hal.Seat(seat))
		if p < 0 {
			continue
		}
		out.Seats = append(out.Seats, SeatScore{Seat: seat + 1, Color: v.Seats[seat].Color.String(), Name: playerName(v.Seats[seat]), Player: p, Score: sc[p], Trains: s.TrainsLeft(p)})
	}
	if out.Over {
		res := s.Result()
		// The engine knows players by number; the report names them.
		for _, ss := range out.Seats {
			res.Players[ss.Player].Name = ss.Name
		}
		rep := res.Report(w.m)
		out.Result = &rep
	}
	return out
}

// logText is the game's engine log.
func (r *playResult) logText() ([]byte, error) {
	s := r.w.game()
	if s == nil {
		return nil, nil
	}
	l := &engine.Log{Map: r.w.m, Players: s.Players(), Actions: r.w.log}
	return l.MarshalText()
}

func (r *playResult) write(o playOpts, stdout io.Writer) error {
	js, err := json.MarshalIndent(r.scores(), "", "  ")
	if err != nil {
		return err
	}
	js = append(js, '\n')
	lg, err := r.logText()
	if err != nil {
		return err
	}
	if o.out != "" {
		if err := os.MkdirAll(o.out, 0o755); err != nil {
			return fmt.Errorf("sim play: %w", err)
		}
		if err := os.WriteFile(filepath.Join(o.out, "scores.json"), js, 0o644); err != nil {
			return fmt.Errorf("sim play: %w", err)
		}
		if err := os.WriteFile(filepath.Join(o.out, "game.log"), lg, 0o644); err != nil {
			return fmt.Errorf("sim play: %w", err)
		}
	}
	if o.logFile != "" {
		if err := os.WriteFile(o.logFile, lg, 0o644); err != nil {
			return fmt.Errorf("sim play: %w", err)
		}
	}
	_, err = stdout.Write(js)
	return err
}

// describe says what the table shows now, for -v: the waiting seat's
// prompt and progress, notices and the last step's actions.
func describe(w *world) string {
	v := w.view()
	var b strings.Builder
	fmt.Fprintf(&b, "mode=%s", v.Mode)
	if s := w.game(); s != nil {
		fmt.Fprintf(&b, " waiting=%s@%d", strings.ReplaceAll(s.Waiting().Need.String(), " ", "-"), w.waitingSeat()+1)
	}
	for _, a := range w.last.Actions {
		fmt.Fprintf(&b, " [%s]", engine.FormatAction(w.m, a))
	}
	for _, n := range w.last.Notices {
		fmt.Fprintf(&b, " notice(%d)=%s %v", n.Seat+1, n.Text.Key, n.Text.Args)
	}
	if seat := w.waitingSeat(); seat >= 0 {
		sv := v.Seats[seat]
		fmt.Fprintf(&b, " prompt=%s %v", sv.Prompt.Key, sv.Prompt.Args)
		if !sv.Progress.IsZero() {
			fmt.Fprintf(&b, " progress=%s %v", sv.Progress.Key, sv.Progress.Args)
		}
	}
	return b.String()
}
