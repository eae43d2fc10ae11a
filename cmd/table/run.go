package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/coreos/go-systemd/v22/daemon"

	"ttr/cmd/table/app"
	"ttr/cmd/table/owner"
	"ttr/engine"
	"ttr/hal"
	"ttr/hal/config"
	"ttr/hal/registry"
	"ttr/hal/storage"
	"ttr/input"
	"ttr/maps"
)

// runOpts are the flags of "table run".
type runOpts struct {
	config   string
	state    string
	headless bool
	fake     bool
	bots     []hal.Seat
	allBots  bool
	seed     uint64
	mapID    string
	mapSet   bool // -map was given: it wins over the config's map
	step     time.Duration
	games    int
	full     bool
	trace    bool
	// registry is the card registry openApp loaded, the one the App's
	// resolver reads: the owner's enrolment adds to it, so that a card
	// enrolled is known at once.
	registry *registry.Registry
}

func parseRunFlags(args []string, out io.Writer) (runOpts, error) {
	var o runOpts
	fs := withUsage(flag.NewFlagSet("run", flag.ContinueOnError))
	fs.SetOutput(out)
	fs.StringVar(&o.config, "config", defaultConfig, "the table's config file")
	fs.StringVar(&o.state, "state", "", "the folder of the game logs (default: the config's logs)")
	fs.BoolVar(&o.headless, "headless", false, "run without a window: the same loop, nothing drawn (tests, the crash test)")
	fs.BoolVar(&o.fake, "fake", false, "virtual readers and buttons and a virtual card deck instead of the hardware")
	bots := fs.String("bots", "", `seats played by bots, numbered from 1 as on the screen, e.g. "1,3", or "all" (needs -fake: bots hold no printed cards)`)
	seed := fs.String("seed", "", "seed of the virtual deck and the bots for new games (default: from the clock); a resumed game keeps its own")
	fs.StringVar(&o.mapID, "map", "europe", "the start screen's map: europe or usa (default: the config's map, else europe)")
	step := optDuration{d: -1}
	fs.Var(&step, "step", "the `pause` between two bot moves or dealt cards, e.g. 250ms (default: none headless, 400ms in a window)")
	fs.IntVar(&o.games, "games", 0, "stop after this many games have ended (0: run until stopped)")
	fs.BoolVar(&o.trace, "trace", false, `print "ready", "log N" (N actions of the game on disk), "key ID SEAT" (an on-screen key touched), "press BUTTON SEAT short|long" (a button pressed), "scan SEAT UID" (a tag read), "touch X Y", "lift" (the mouse's button seen up by a frame, in a desktop window) and "ended N" lines on standard output, for tests`)
	fs.BoolVar(&o.full, "fullscreen", false, "full screen on a desktop (the Pi's DRM build is always full screen)")
	if err := fs.Parse(args); err != nil {
		return o, &exitError{code: 2, err: err}
	}
	usage := func(format string, a ...any) (runOpts, error) {
		return o, &exitError{code: 2, err: fmt.Errorf("run: "+format, a...)}
	}
	if fs.NArg() > 0 {
		return usage("unexpected argument %q", fs.Arg(0))
	}
	fs.Visit(func(f *flag.Flag) { o.mapSet = o.mapSet || f.Name == "map" })
	o.step = step.d
	if *seed == "" {
		o.seed = uint64(time.Now().UnixNano())
	} else {
		n, err := strconv.ParseUint(*seed, 0, 64)
		if err != nil {
			return usage("-seed %q: want a whole number", *seed)
		}
		o.seed = n
	}
	switch *bots {
	case "":
	case "all":
		o.allBots = true
	default:
		for _, f := range strings.Split(*bots, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 1 || n > config.MaxSeats {
				return usage("-bots %q: want seat numbers from 1 to %d, e.g. 1,3, or all", *bots, config.MaxSeats)
			}
			o.bots = append(o.bots, hal.Seat(n-1))
		}
	}
	if (o.allBots || len(o.bots) > 0) && !o.fake {
		return usage("-bots needs -fake: bots hold no printed cards, so the deck must be virtual")
	}
	if _, err := maps.Load(o.mapID); err != nil {
		return usage("-map %q: choose europe or usa", o.mapID)
	}
	if o.step < 0 {
		o.step = 0
		if !o.headless {
			o.step = 400 * time.Millisecond
		}
	}
	if o.games < 0 {
		return usage("-games %d: want 0 or more", o.games)
	}
	return o, nil
}

// optDuration is a duration flag whose default is "not given" (d as set
// before parsing), so that the help says what the default means instead of
// printing a placeholder value.
type optDuration struct {
	d   time.Duration
	set bool
}

func (o *optDuration) String() string {
	if o == nil || !o.set {
		return ""
	}
	return o.d.String()
}

func (o *optDuration) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return errors.New("want a duration of 0 or more, such as 250ms")
	}
	o.d, o.set = d, true
	return nil
}

// newLogger returns the slog logger of the table: text lines on stderr with
// their level; without timestamps under systemd, whose journal adds its own
// (it sets JOURNAL_STREAM for a service whose output goes to the journal,
// and INVOCATION_ID for every unit).
func newLogger(w io.Writer, getenv func(string) string) *slog.Logger {
	opts := &slog.HandlerOptions{Level: slog.LevelInfo}
	if getenv("JOURNAL_STREAM") != "" || getenv("INVOCATION_ID") != "" {
		opts.ReplaceAttr = func(groups []string, a slog.Attr) slog.Attr {
			if len(groups) == 0 && a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		}
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// killEnv names the environment variable of the crash test's start-up
// kills, which only test builds obey (killfs.go, testhooks.go).
const killEnv = "TTR_TEST_KILL_AT_OP"

// runTable runs "table run": it reads the config, opens the hardware and
// the game log, and runs the loop until SIGTERM or SIGINT (ctx), or until
// -games games have ended.
func runTable(ctx context.Context, args []string) error {
	o, err := parseRunFlags(args, os.Stderr)
	if err != nil {
		return err
	}
	log := newLogger(os.Stderr, os.Getenv)
	cr, a, err := openApp(&o, log)
	if err != nil {
		return err
	}
	cfg := cr.Config
	defer func() {
		if err := a.Close(); err != nil {
			log.Error("closing the game log", "err", err)
		}
	}()

	hw := openHardware(cfg, hardwareOpts{fake: o.fake, unwired: cr.Unwired}, log)
	pump := hw.start(log)
	defer hw.stop()

	var scr screen
	var speaker hal.Speaker
	if !o.headless {
		scr, err = openWindow(cfg, o.full, log)
		if err != nil {
			return err
		}
		defer scr.Close()
		sp := openSpeaker(cfg, log)
		defer sp.Close()
		speaker = sp
	}
	l := &loop{
		app:     a,
		events:  pump.Events(),
		scr:     scr,
		speaker: speaker,
		log:     log,
		step:    o.step,
		games:   o.games,
		notify:  daemon.SdNotify,
	}
	if o.trace {
		l.trace = os.Stdout
		if w, ok := scr.(*window); ok {
			w.trace = os.Stdout
		}
	}
	if !o.fake {
		// The virtual table of -fake (tests, the simulator) keeps its
		// config as it is, and has nothing to back up.
		// On the SD card image /etc/ttr-table/table.json links to the
		// boot partition: the settings and the backups are written there,
		// beside the file itself, never over the link.
		real, err := filepath.EvalSymlinks(o.config)
		if err != nil {
			real = o.config
		}
		l.keep = newKeeper(storage.OS, real, cr, log)
		l.backup = startBackups(storage.OS, o.state, filepath.Dir(real), log)
		defer l.backup.stop()
	}
	l.door = ownerDoor(o, cr, l.keep, log)
	if o.fake {
		l.digital = &app.Digital{Bots: o.bots, Deal: true, UID: app.UIDs(app.VirtualRegistry())} // openApp's registry with -fake
		if o.allBots {
			l.digital.Bots = nil
			for i := range cfg.Seats {
				l.digital.Bots = append(l.digital.Bots, hal.Seat(i))
			}
		}
		l.digital.Start = len(l.digital.Bots) == len(cfg.Seats)
	}
	if iv, err := daemon.SdWatchdogEnabled(false); err != nil {
		log.Warn("systemd watchdog settings unreadable", "err", err)
	} else {
		l.watchdog = iv / 2
	}
	log.Info("table running", "config", o.config, "logs", o.state, "seats", len(cfg.Seats), "fake", o.fake, "headless", o.headless, "seed", o.seed)
	err = l.run(ctx)
	if _, nerr := daemon.SdNotify(false, daemon.SdNotifyStopping); nerr != nil {
		log.Warn("sd_notify STOPPING", "err", nerr)
	}
	if err != nil {
		return err
	}
	log.Info("table stopped", "games_ended", a.Ended())
	return nil
}

// screen is where the loop draws: the raylib window (window.go), or nothing
// when headless.
type screen interface {
	// Frame draws v and returns the touches made since the last frame, and
	// whether the window was closed. It paces the loop (vertical sync).
	Frame(v *input.View, now time.Time) ([]hal.Touch, bool)
	Close()
}

// recoverEvery is how often the loop retries a game log that cannot be
// written.
const recoverEvery = 5 * time.Second

// idleFrame is how often a headless loop with nothing to do wakes up.
const idleFrame = 100 * time.Millisecond

// loop is the table's main loop: each frame it hands the devices' events
// and the digital players' moves to the App, draws, and tells systemd it is
// alive while it is healthy.
type loop struct {
	app     *app.App
	events  <-chan hal.Event
	scr     screen      // nil: headless
	speaker hal.Speaker // nil: silent (headless)
	digital *app.Digital
	log     *slog.Logger
	step    time.Duration // pause between digital steps
	games   int           // stop after this many games ended (0: never)
	// notify is daemon.SdNotify (tests record it); watchdog is half the
	// systemd watchdog period, 0 when there is none.
	notify   func(unsetEnv bool, state string) (bool, error)
	watchdog time.Duration
	// trace, if set, receives "ready", "log N", "key ID SEAT", "press
	// BUTTON SEAT short|long", "scan SEAT UID", "touch X Y", "lift" and
	// "ended N" lines.
	trace io.Writer
	// keep writes the start screen's choices into the config when a game
	// starts; nil writes nothing.
	keep     *keeper
	lastMode input.Mode
	// backup updates the boot partition's backups after every game; nil
	// backs nothing up.
	backup *backups
	// door is the owner's menu: while it is open the events are its, not
	// the game's; nil for none.
	door *owner.Door
	// again is the end screen of the game the owner's menu shows again
	// (ownermenu.go), made for the final state againOf.
	again   *input.Table
	againOf *engine.State
	// fingers is how many fingers came down in the frame whose touches
	// are handled (the menu's two-finger check); 1 outside of them.
	fingers int

	now       func() time.Time
	ready     bool
	lastPing  time.Time
	nextStep  time.Time
	lastTry   time.Time
	frameAt   time.Time // the current frame's time
	failedLog bool
	logged    int // trace: the last count printed
	ended     int
}

// run runs the loop until ctx is done (nil), the window is closed (nil),
// -games games ended (nil), or digital play fails (a bug: its error).
func (l *loop) run(ctx context.Context) error {
	if l.now == nil {
		l.now = time.Now
	}
	l.lastMode = l.app.Table().Mode()
	for {
		if ctx.Err() != nil {
			return nil
		}
		l.frameAt = l.now()
		busy := false
		// The devices' events, as many as have arrived.
	drain:
		for {
			select {
			case ev := <-l.events:
				l.handle(ev)
				busy = true
			default:
				break drain
			}
		}
		now := l.frameAt
		if l.door != nil && l.door.Menu.IsOpen() {
			l.menuReply(l.door.Tick(now))
		}
		if l.digital != nil && !now.Before(l.nextStep) && !l.menuOpen() {
			evs, err := l.digital.Next(l.app, now)
			if err != nil {
				return err
			}
			for _, ev := range evs {
				l.handle(ev)
			}
			if len(evs) > 0 {
				busy = true
				l.nextStep = now.Add(l.step)
			}
		}
		if l.app.Err() != nil && now.Sub(l.lastTry) >= recoverEvery {
			l.lastTry = now
			if err := l.app.Recover(); err != nil {
				// The App logs a new fault at Error, the same again at Debug.
				l.log.Debug("game log still cannot be written", "err", err)
			} else {
				l.failedLog = false
			}
		}
		if l.scr != nil {
			v := l.app.View()
			l.dress(&v, now)
			touches, closed := l.scr.Frame(&v, now)
			if closed {
				return nil
			}
			l.fingers = max(1, len(touches))
			for _, t := range touches {
				if l.trace != nil {
					fmt.Fprintf(l.trace, "touch %.0f %.0f\n", t.X, t.Y)
				}
				l.handle(t)
			}
			l.fingers = 1
		}
		l.alive(now)
		if m := l.app.Table().Mode(); m != l.lastMode {
			if l.lastMode == input.ModeStart {
				l.keep.started(l.app.Table().Setup())
			}
			l.lastMode = m
		}
		if l.app.Ended() != l.ended {
			l.ended = l.app.Ended()
			l.backup.update()
			if l.trace != nil {
				fmt.Fprintf(l.trace, "ended %d\n", l.ended)
			}
		}
		if l.games > 0 && l.app.Ended() >= l.games {
			return nil
		}
		if l.scr == nil && !busy {
			l.idle(ctx)
		}
	}
}

// handle passes one event to the App and logs what went wrong.
func (l *loop) handle(ev hal.Event) {
	if t, ok := ev.(hal.Touch); ok && l.trace != nil && t.Kind == hal.ScreenKey {
		// Tests that touch the window wait for these lines.
		fmt.Fprintf(l.trace, "key %s %d\n", t.ID, int(t.Seat)+1)
	}
	if p, ok := ev.(hal.Press); ok && l.trace != nil {
		// Tests that press buttons through the kernel (make vmtest's
		// gpio-sim) wait for these lines.
		fmt.Fprintf(l.trace, "press %s %d %s\n", p.Button, int(p.Seat)+1, pressKind(p))
	}
	if sc, ok := ev.(hal.Scan); ok && l.trace != nil {
		// ... and for these after laying tags on readers served through
		// the kernel's spidev path.
		fmt.Fprintf(l.trace, "scan %d %s\n", int(sc.Seat)+1, sc.UID)
	}
	if l.takenByOwner(ev) {
		return
	}
	res, err := l.app.Handle(ev)
	if l.trace != nil && l.app.Logged() != l.logged {
		l.logged = l.app.Logged()
		fmt.Fprintf(l.trace, "log %d\n", l.logged)
	}
	if err != nil {
		if !l.failedLog {
			// Logged once per failure: the App refuses every event until
			// the log works again.
			l.log.Error("event not handled", "err", err)
			l.failedLog = true
			l.lastTry = l.frameAt // the first retry comes recoverEvery later
		}
		return
	}
	if res.Sound != 0 && l.speaker != nil {
		l.speaker.Play(res.Sound)
	}
	for _, n := range res.Notices {
		if n.Rule != nil {
			l.log.Debug("refused by the rules", "seat", int(n.Seat)+1, "rule", n.Rule)
		}
	}
	if st, ok := ev.(hal.Status); ok {
		l.log.Warn("device status", "seat", int(st.Seat)+1, "device", st.Device, "state", st.State, "err", st.Err)
	}
}

// pressKind is "long" for a long press, "short" otherwise (the trace).
func pressKind(p hal.Press) string {
	if p.Long {
		return "long"
	}
	return "short"
}

// alive sends READY=1 after the first frame and WATCHDOG=1 at half the
// watchdog period. It is called once a frame, after the frame's events,
// retry and drawing, so the pings stop when the loop stops (a real hang,
// which systemd then restarts). A game log that cannot be written is not
// a hang: the loop goes on drawing the fault and its fix and retrying
// every recoverEvery, and a restart would fix none of a full card, a
// read-only one, a folder of the wrong owner or a file in the way; it
// would only abort the table every watchdog period, blank the screen and
// write a stack dump each time.
func (l *loop) alive(now time.Time) {
	if !l.ready {
		l.ready = true
		if _, err := l.notify(false, daemon.SdNotifyReady); err != nil {
			l.log.Warn("sd_notify READY", "err", err)
		}
		if l.trace != nil {
			fmt.Fprintln(l.trace, "ready")
		}
		l.lastPing = now
	}
	if l.watchdog <= 0 || now.Sub(l.lastPing) < l.watchdog {
		return
	}
	l.lastPing = now
	if _, err := l.notify(false, daemon.SdNotifyWatchdog); err != nil {
		l.log.Warn("sd_notify WATCHDOG", "err", err)
	}
}

// idle waits, headless, for the next event, the next digital step or the
// next idle frame.
func (l *loop) idle(ctx context.Context) {
	wait := idleFrame
	if l.digital != nil {
		if d := time.Until(l.nextStep); d > 0 && d < wait {
			wait = d
		}
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case ev := <-l.events:
		l.handle(ev)
	case <-t.C:
	}
}

// openApp reads the config and opens the App on it: the start screen, with
// the config's mistakes on it, before any device or window is opened. It
// sets o.state to the config's logs when not given.
func openApp(o *runOpts, log *slog.Logger) (config.Result, *app.App, error) {
	// A config with mistakes never stops the table (the owner has no
	// terminal, and systemd would restart it in a loop): it runs with what
	// is valid, and the start screen says what is wrong and the fix.
	cr := config.Read(o.config)
	cfg := cr.Config
	for _, p := range cr.Problems {
		log.Warn("config problem", "file", o.config, "problem", p.String())
	}
	if o.state == "" {
		o.state = cfg.Logs
	}
	if !o.mapSet && cfg.Map != "" {
		o.mapID = cfg.Map // the map the owner chose last, kept in the config
	}
	var reg *registry.Registry
	var cards input.Text
	if o.fake {
		reg = app.VirtualRegistry()
	} else {
		reg, cards = loadRegistry(registryStore(cfg.Registry, o.config), log)
	}
	o.registry = reg
	topts := input.Opts{Seats: len(cfg.Seats), Lang: cfg.Language, Map: o.mapID, Resolve: app.Resolver(reg)}
	for _, s := range cfg.Seats {
		c, _ := input.ParseColor(s.Color) // made valid by config.Read
		topts.Colors = append(topts.Colors, c)
		topts.Names = append(topts.Names, s.Name)
		topts.Edges = append(topts.Edges, string(s.Edge))
	}
	for _, b := range o.bots {
		if int(b) >= len(cfg.Seats) {
			return cr, nil, &exitError{code: 2, err: fmt.Errorf("run: -bots: seat %d, but the config has %d seats", b+1, len(cfg.Seats))}
		}
	}
	// Open fails only on invalid options: a logs folder that cannot be
	// opened is said on screen, and retried, once the window is open.
	phys, known := physicalSize(cfg.Screen, log)
	notes := append(configNotes(cr.Problems), screenNotes(cfg.Screen, phys, known, o.mapID, cfg.Seats)...)
	aopts := app.Opts{Dir: o.state, Table: topts, Seed: o.seed, Logger: log, Notes: notes, Cards: cards}
	kills, opened := startupKills(os.Getenv) // killEnv: the crash test's, in test builds only
	if kills != nil {
		aopts.Journal.FS = kills
	}
	a, err := app.Open(aopts)
	opened()
	if err != nil {
		return cr, nil, err
	}
	return cr, a, nil
}

// registryStore returns where the card registry is kept: the config's
// registry file, and its backup copy among the owner's backups beside the
// config (ttr-backup/cards.txt), on the boot partition of the table's image
// (/etc/ttr-table/table.json links there), which any computer reads. The
// store writes it after every save and falls back on it at load.
func registryStore(path, config string) registry.Store {
	if p, err := filepath.EvalSymlinks(config); err == nil {
		config = p
	}
	return registry.Store{Path: path, Backup: filepath.Join(filepath.Dir(config), owner.BackupDir, owner.RegistryCopy)}
}

// loadRegistry loads the card registry, completing a damaged or missing
// one from its copies, and writes the files again when they need it (the
// old format, a missing or older backup, a registry completed from a
// copy). It returns the registry and what the start screen says of it.
func loadRegistry(st registry.Store, log *slog.Logger) (*registry.Registry, input.Text) {
	reg, rep := st.Load()
	switch {
	case rep.OK():
		log.Info("card registry", "file", rep.Path, "cards", rep.Cards)
	case rep.Copy != "":
		log.Warn("card registry damaged or missing: completed from a copy", "file", rep.Path, "copy", rep.Copy, "cards", rep.Cards, "damaged_lines", rep.Bad, "err", rep.Err)
	case rep.Missing:
		log.Warn("no card registry and no copy: every tag is unknown until the decks are enrolled (table enrol)", "file", rep.Path)
	default:
		log.Error("card registry damaged or unreadable, and no good copy: the cards of its damaged lines are unknown until enrolled again (table enrol)", "file", rep.Path, "cards", rep.Cards, "damaged_lines", rep.Bad, "err", rep.Err)
	}
	if rep.Stale {
		if err := st.Save(reg); err != nil {
			log.Warn("card registry: could not write it or its copies again", "err", err)
		}
	}
	return reg, app.RegistryText(rep)
}
