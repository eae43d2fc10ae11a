package main

import (
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display"
	"ttr/display/msg"
	"ttr/display/sound"
	"ttr/engine"
	"ttr/hal"
	"ttr/hal/config"
	"ttr/input"
	"ttr/maps"
)

// raylib (GLFW and OpenGL) must run on the main OS thread; locking it here
// makes main start there. This is raylib-go's documented pattern and the
// only init in the program.
func init() { runtime.LockOSThread() }

// defaultTable is the table the simulator stands for without -config: four
// seats facing the bottom, right, top and left edges (the example config
// of docs/, with relative paths).
//
//go:embed table.json
var defaultTable []byte

// windowOpts are the simulator window's flags.
type windowOpts struct {
	mapID         string
	seats         int
	bots          string
	seed          uint64
	hasSeed       bool
	config        string
	lang          string
	width, height int
	delay         time.Duration
	frames        int    // stop after this many frames (0: run until closed)
	screenshot    string // with frames: save the last frame to this PNG
	first         int    // start the game at once with this seat first (-1: use the start screen)
	deal          bool   // with first: deal the set-up from the virtual decks at once
	trace         bool   // print the table's state on stdout after every event
	targets       bool   // print the window's click targets when they change, and every action
	journal       string // folder of the durable game logs ("": a temporary one)
	games         int    // quit after this many games ended (0: run until closed)
	mute          bool   // play no sound, whatever the config says
}

func parseWindowFlags(args []string, stderr io.Writer) (windowOpts, error) {
	var o windowOpts
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.mapID, "map", "europe", "board to play on: europe or usa")
	fs.IntVar(&o.seats, "seats", 4, "number of seats at the table, 2 to 5")
	fs.StringVar(&o.bots, "bots", "", `seats played by bots: "all", or seat numbers from 1 as on the screen, such as "2,4"`)
	seed := fs.String("seed", "", "seed of the virtual decks' shuffles and the bots (default: from the clock, printed)")
	fs.StringVar(&o.config, "config", "", "a table config file (see docs/table.example.json): the seats' colours and edges (default: 4 seats, bottom, right, top, left)")
	fs.StringVar(&o.lang, "lang", "", "the table's language: en, es or ro (default: the config's)")
	fs.IntVar(&o.width, "width", 1600, "window width in pixels")
	fs.IntVar(&o.height, "height", 900, "window height in pixels")
	fs.DurationVar(&o.delay, "delay", 400*time.Millisecond, "pause between two steps of digital play (a bot's move, a card off the virtual deck), so a person can follow them")
	fs.IntVar(&o.first, "first", 0, "start at once with this seat playing first, numbered from 1 as on the screen (default: choose on the start screen)")
	fs.BoolVar(&o.deal, "deal", false, "with -first: deal the set-up at once from the virtual decks (everyone keeps all their tickets)")
	fs.StringVar(&o.journal, "journal", "", "keep the game's log in this folder, as the table does, and resume an unfinished game from it (default: a temporary folder, removed at exit)")
	fs.IntVar(&o.games, "games", 0, "quit after this many games have ended (0: run until the window is closed)")
	fs.BoolVar(&o.targets, "targets", false, "print where each click target of the window is when they change, and each action the table applies (for tests that click)")
	fs.BoolVar(&o.trace, "trace", false, "print the table's state (mode, selection, waiting) on standard output after every event, and every sound played")
	fs.BoolVar(&o.mute, "mute", false, "play no sound (default: the config's sound settings, volume and mute)")
	fs.IntVar(&o.frames, "frames", 0, "quit after this many frames (for scripted runs); 0 runs until the window is closed")
	fs.StringVar(&o.screenshot, "screenshot", "", "with -frames: save the last frame to this PNG file")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("sim: unexpected argument %q", fs.Arg(0))
	}
	if *seed != "" {
		k, err := strconv.ParseUint(*seed, 10, 64)
		if err != nil {
			return o, fmt.Errorf("sim: -seed %q: a whole number", *seed)
		}
		o.seed, o.hasSeed = k, true
	}
	if _, err := maps.Load(o.mapID); err != nil {
		return o, fmt.Errorf("sim: -map %q: choose europe or usa", o.mapID)
	}
	if o.seats < 2 || o.seats > 5 {
		return o, fmt.Errorf("sim: -seats %d: the games are for 2 to 5 players", o.seats)
	}
	if o.width < 640 || o.height < 400 {
		return o, fmt.Errorf("sim: -width %d -height %d: the window must be at least 640x400", o.width, o.height)
	}
	if o.screenshot != "" && o.frames == 0 {
		return o, fmt.Errorf("sim: -screenshot needs -frames")
	}
	if o.lang != "" {
		if _, err := msg.ParseLang(o.lang); err != nil {
			return o, fmt.Errorf("sim: -lang %q: choose en, es or ro", o.lang)
		}
	}
	if _, err := parseBots(o.bots, o.seats); err != nil {
		return o, err
	}
	if o.games < 0 {
		return o, fmt.Errorf("sim: -games %d: want 0 or more", o.games)
	}
	if o.deal && o.first == 0 {
		return o, fmt.Errorf("sim: -deal needs -first")
	}
	if o.first < 0 || o.first > o.seats {
		return o, fmt.Errorf("sim: -first %d: seats are 1 to %d", o.first, o.seats)
	}
	o.first-- // hal.Seat counts from 0; -1: not given
	return o, nil
}

// tableConfig reads the table's config: the file given, or the embedded
// default layout.
func tableConfig(path string) (*config.Config, error) {
	if path == "" {
		return config.Parse(defaultTable)
	}
	return config.Load(path)
}

// seatColors are the seats' default colours from the config; seats beyond
// the config's take the table's defaults.
// ownerConfig is the config of the owner's hardware check: the table's,
// when it has as many seats as the simulator; nil (the default's) else.
func ownerConfig(c *config.Config, seats int) *config.Config {
	if c == nil || len(c.Seats) != seats {
		return nil
	}
	return c
}

func seatColors(c *config.Config, seats int) []input.Color {
	used := map[input.Color]bool{}
	out := make([]input.Color, seats)
	for i := range seats {
		if i < len(c.Seats) {
			if col, ok := input.ParseColor(c.Seats[i].Color); ok {
				out[i] = col
				used[col] = true
				continue
			}
		}
		out[i] = 255
	}
	for i := range out {
		if out[i] != 255 {
			continue
		}
		for col := input.Red; col < input.NumColors; col++ {
			if !used[col] {
				out[i], used[col] = col, true
				break
			}
		}
	}
	return out
}

// seatEdges are the edges the seats face: the config's, or the table's
// default arrangement when the config has fewer seats or a bad edge.
func seatEdges(c *config.Config, seats int) []display.Edge {
	edges := display.DefaultEdges(seats)
	if len(c.Seats) < seats {
		return edges
	}
	for i := range seats {
		e, err := display.ParseEdge(string(c.Seats[i].Edge))
		if err != nil {
			return display.DefaultEdges(seats)
		}
		edges[i] = e
	}
	return edges
}

// runWindow opens the simulator's window and runs it until it is closed.
// It returns the exit status.
func runWindow(args []string) int {
	o, err := parseWindowFlags(args, os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	if err := window(o, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

func window(o windowOpts, stdout io.Writer) error {
	m, err := maps.Load(o.mapID)
	if err != nil {
		return err
	}
	cfg, err := tableConfig(o.config)
	if err != nil {
		return fmt.Errorf("sim: -config: %w", err)
	}
	if o.config != "" {
		o.seats = len(cfg.Seats)
	}
	if o.lang == "" {
		o.lang = cfg.Language
	}
	if !o.hasSeed {
		o.seed = uint64(time.Now().UnixNano() % 1e9)
	}
	fmt.Fprintf(stdout, "sim: seed %d (replay this game's decks with -seed %d)\n", o.seed, o.seed)
	bots, err := parseBots(o.bots, o.seats)
	if err != nil {
		return err
	}
	cat, err := msg.Load()
	if err != nil {
		return err
	}
	var edges []string
	for _, e := range seatEdges(cfg, o.seats) {
		edges = append(edges, e.String())
	}
	w, err := newWorld(worldOpts{Map: m, Seats: o.seats, Seed: o.seed, Lang: o.lang, Colors: seatColors(cfg, o.seats), Edges: edges, Clock: hal.SystemClock{}, Bots: bots, Journal: o.journal, Config: ownerConfig(cfg, o.seats)})
	if err != nil {
		return err
	}
	defer w.Close()
	if w.game() != nil {
		fmt.Fprintf(stdout, "sim: resumed the unfinished game in %s (%d actions)\n", o.journal, len(w.log))
	}
	// With a bot at every seat, digital play starts the game itself, the
	// first player drawn from the seed (world.setBot), unless -first says.
	if w.game() == nil && o.first >= 0 {
		if err := w.start(hal.Seat(o.first)); err != nil {
			return err
		}
		if o.deal {
			if err := w.dealDigital(time.Now()); err != nil {
				return err
			}
		}
	}

	rl.SetTraceLogLevel(rl.LogError)
	rl.SetConfigFlags(rl.FlagWindowResizable | rl.FlagVsyncHint)
	display.UseX11Session(os.Getenv, os.Setenv)
	rl.InitWindow(int32(o.width), int32(o.height), "Ticket to Ride table: simulator ("+m.Name+")")
	if !rl.IsWindowReady() {
		return fmt.Errorf("sim: cannot open a window (is DISPLAY set? under CI use xvfb-run)")
	}
	defer rl.CloseWindow()
	rl.SetExitKey(rl.KeyNull) // Esc is Cancel, not quit
	// The table's sounds, through the table's own player (cmd/table's
	// openSpeaker): silent, said once in the log, without an audio device.
	sp := sound.Open(sound.Opts{Volume: cfg.Sound.Volume, Mute: cfg.Sound.Mute || o.mute})
	defer sp.Close()
	w.speaker = sp
	if o.trace {
		w.speaker = tracedSpeaker{sp, stdout}
	}
	rl.SetWindowMinSize(640, 400)
	rl.SetTargetFPS(int32(time.Second / passEvery))

	u, err := newUI(w, cat, msg.Lang(o.lang), seatEdges(cfg, o.seats), rl.GetScreenWidth(), rl.GetScreenHeight(), o.delay)
	if err != nil {
		return err
	}
	defer u.unload()
	if o.trace {
		u.onHandled = func() { fmt.Fprintln(stdout, traceLine(w)) }
	}
	if o.targets {
		u.onPress = func(at string) { fmt.Fprintln(stdout, "pressed", at) }
		w.trace = func(ev hal.Event, res input.Result) {
			for _, a := range res.Actions {
				fmt.Fprintln(stdout, "act", engine.FormatAction(w.m, a))
			}
		}
	}
	var pace pacer
	for pass := 1; !rl.WindowShouldClose(); pass++ {
		resized := rl.IsWindowResized()
		if resized {
			u.resize(rl.GetScreenWidth(), rl.GetScreenHeight())
		}
		now := time.Now()
		u.input(now)
		u.step(now)
		if !pace.due(now) && !resized {
			// A pass that only reads input: the window shows the frame
			// before, which a person cannot tell from a new one.
			rl.WaitTime(max(0, passEvery.Seconds()-time.Since(now).Seconds()))
			rl.PollInputEvents()
		} else {
			pace.drew(now)
			u.prepare(now)
			rl.BeginDrawing()
			u.draw(now)
			rl.EndDrawing() // reads input, after waiting out the pass
			if o.targets {
				u.printTargets(stdout, now)
			}
			if pace.frames == 2 && o.trace {
				fmt.Fprintln(stdout, "ready", traceLine(w))
			}
		}
		if o.targets {
			// A test that clicks waits for passes between a press and its
			// release: raylib sees a press only across a pass.
			fmt.Fprintln(stdout, "frame", pass, pace.frames)
		}
		if o.games > 0 && w.app.Ended() >= o.games {
			break
		}
		if o.frames > 0 && pace.frames >= o.frames {
			if o.screenshot != "" {
				img := rl.LoadImageFromScreen()
				ok := rl.ExportImage(*img, o.screenshot)
				rl.UnloadImage(img)
				if !ok {
					return fmt.Errorf("sim: cannot write %s", o.screenshot)
				}
			}
			break
		}
	}
	return nil
}

// The window reads the mouse and the keys every passEvery, and draws a
// frame at most every drawEvery: the table's own frame rate (cmd/table
// draws 30 frames a second), which is what moves on the screen between
// two events (the current player's breathing glow, a selection's pulse)
// needs. Drawing twice as often as that showed nothing more and kept a
// core busy under a software renderer; reading input as often keeps a
// click seen within a pass, and a step of digital play, taken at every
// pass, shows at the next frame.
const (
	passEvery = time.Second / 60
	drawEvery = time.Second / 30
)

// A pacer decides which passes of the window's loop draw a frame.
type pacer struct {
	last   time.Time // when the last frame was drawn
	frames int       // frames drawn
}

// due reports whether a pass at now draws a frame: the first does, then
// one drawEvery after the last, give or take half a pass (a pass a little
// early still draws, or the frames would come at every third pass).
func (p *pacer) due(now time.Time) bool {
	return p.frames == 0 || now.Sub(p.last) >= drawEvery-passEvery/2
}

// drew notes a frame drawn at now.
func (p *pacer) drew(now time.Time) {
	p.last = now
	p.frames++
}

// tracedSpeaker is the window's speaker under -trace: it prints a line
// "sound NAME" for every sound the table asks for, then plays it (muted or
// without an audio device, the line is still printed).
type tracedSpeaker struct {
	hal.Speaker
	out io.Writer
}

// Play implements hal.Speaker.
func (t tracedSpeaker) Play(s hal.Sound) {
	fmt.Fprintln(t.out, "sound", s)
	t.Speaker.Play(s)
}

// traceLine describes the table's state in one line, for -trace: the
// mode, the selected route or city, what the engine waits for, the seats'
// pages, Undo and a question to stop the game, and, on the end screen, the
// breakdown each seat has open.
func traceLine(w *world) string {
	v := w.view()
	sel := "none"
	if v.SelectedRoute >= 0 {
		sel = "route " + w.m.Routes[v.SelectedRoute].ID
	} else if v.SelectedCity >= 0 {
		sel = "city " + w.m.Cities[v.SelectedCity].ID
	}
	wait := "-"
	if s := w.game(); s != nil {
		wait = fmt.Sprintf("%s@%d", s.Waiting().Need, w.waitingSeat())
	}
	// The seats' pages (h: the help page and its page turns, m: the last
	// moves, -: none), Undo offered (its seat, ? once asked) and a
	// question to stop the game (its seat), at play.
	pages := ""
	for _, sv := range v.Seats {
		switch {
		case sv.Help != nil:
			pages += "h" + strconv.Itoa(sv.HelpPage)
		case sv.Moves:
			pages += "m"
		default:
			pages += "-"
		}
	}
	undo, stop := "-", "-"
	if v.Undo != nil {
		undo = strconv.Itoa(int(v.Undo.Seat))
		if v.Undo.Asked {
			undo += "?"
		}
	}
	if v.Abandon != nil {
		stop = strconv.Itoa(int(v.Abandon.Seat))
	}
	line := fmt.Sprintf("mode=%s selected=%s waiting=%q pages=%s undo=%s stop=%s actions=%d", v.Mode, sel, wait, pages, undo, stop, len(w.log))
	if v.End != nil {
		// The breakdown each seat has open, by seat (-1: none).
		open := make([]string, len(v.End.Open))
		for i, p := range v.End.Open {
			open[i] = strconv.Itoa(p)
		}
		line += " open=" + strings.Join(open, ",")
	}
	return line
}

// shooter renders the simulator's window offscreen, for headless scripts'
// screenshots: a hidden window provides the OpenGL context.
type shooter struct {
	w      *world
	u      *ui
	target rl.RenderTexture2D
	now    func() time.Time
}

func newShooter(w *world, width, height int) (*shooter, error) {
	cat, err := msg.Load()
	if err != nil {
		return nil, err
	}
	rl.SetTraceLogLevel(rl.LogError)
	rl.SetConfigFlags(rl.FlagWindowHidden)
	display.UseX11Session(os.Getenv, os.Setenv)
	rl.InitWindow(int32(width), int32(height), "sim play")
	if !rl.IsWindowReady() {
		return nil, fmt.Errorf("sim play: -screenshots needs a display (run under xvfb-run)")
	}
	lang, err := msg.ParseLang(w.view().Lang)
	if err != nil {
		lang = "en"
	}
	u, err := newUI(w, cat, lang, display.DefaultEdges(w.seats), width, height, 0)
	if err != nil {
		return nil, err
	}
	return &shooter{w: w, u: u, target: rl.LoadRenderTexture(int32(width), int32(height)), now: w.clock.Now}, nil
}

// shoot draws the window as it is now and writes it to path.
func (s *shooter) shoot(path string) error {
	now := s.now()
	s.u.follow()
	s.u.prepare(now)
	rl.BeginTextureMode(s.target)
	s.u.draw(now)
	rl.EndTextureMode()
	img := rl.LoadImageFromTexture(s.target.Texture)
	defer rl.UnloadImage(img)
	rl.ImageFlipVertical(img)
	if !rl.ExportImage(*img, path) {
		return fmt.Errorf("sim play: cannot write %s", path)
	}
	return nil
}

func (s *shooter) close() {
	s.u.unload()
	rl.UnloadRenderTexture(s.target)
	rl.CloseWindow()
}
