package app

import (
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"ttr/engine"
	"ttr/hal"
	"ttr/hal/journal"
	"ttr/input"
)

// ErrStorage is wrapped by the errors of Handle and Err while the game log
// cannot be written.
var ErrStorage = errors.New("app: the game log cannot be written")

// The message keys the App adds to the table's View (display/msg).
const (
	// KeyLogDamaged: a game log could not be read and was set aside.
	KeyLogDamaged = "status.log_damaged"
	// KeyStorageFailed: the game log cannot be written; the table waits.
	KeyStorageFailed = "status.storage_failed"
)

// Opts configure an App.
type Opts struct {
	// Dir is the journal directory, created if missing (the config's logs
	// folder).
	Dir string
	// Journal bounds the history and names files; zero fields take the
	// journal's defaults.
	Journal journal.Opts
	// Table configures the input.Table: seats, colours, languages, the
	// default map and the tag resolver.
	Table input.Opts
	// Seed is the digital-play seed recorded in the header of the games
	// this App starts (see Digital); a resumed game keeps its own.
	Seed uint64
	// Logger receives what the App repaired or failed to write; nil means
	// slog.Default().
	Logger *slog.Logger
	// Now gives the time of the notices the App makes itself (resumed game,
	// damaged log); nil means time.Now.
	Now func() time.Time
}

// An App is the table's game loop state: the input.Table and the durable
// log of its game. It is not safe for concurrent use: the main loop owns it.
type App struct {
	opts Opts
	log  *slog.Logger
	j    *journal.Journal
	tb   *input.Table

	game    *journal.Game   // the unfinished game's log, nil when none
	gl      gameLog         // game, as the App writes to it (tests wrap it)
	setup   input.Setup     // the game's set-up, as in its header
	seed    uint64          // the game's digital-play seed
	durable []engine.Action // the game's actions known to be on disk

	started int // games started by this App, to vary new games' seeds
	ended   int // games finished since Open
	damaged time.Time
	err     error
	errAt   time.Time

	// wrap lets tests put a failing writer around a game's log.
	wrap func(gameLog) gameLog

	// revs hands out the Revs of the Views the App returns; shown is the
	// key of the last one and rev its Rev.
	revs  input.Revs
	shown viewKey
	rev   input.Rev
}

// viewKey is everything App.View depends on: the table's View (by its
// Rev) and what the App lays over it.
type viewKey struct {
	table   input.Rev
	failed  bool
	errAt   time.Time
	damaged time.Time
}

// gameLog is what the App needs of a journal.Game.
type gameLog interface {
	Append(record []byte) error
	Finish(summary []byte) error
}

// Open opens the journal in opts.Dir and the table. If the journal holds an
// unfinished game, it is replayed and resumed. What the journal repaired is
// logged; a log it set aside is also reported on screen (KeyLogDamaged).
// Open fails only if the journal cannot be opened or opts are invalid.
func Open(opts Opts) (*App, error) {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Dir == "" {
		return nil, errors.New("app: no journal directory")
	}
	a := &App{opts: opts, log: opts.Logger}
	if _, err := input.NewTable(opts.Table); err != nil {
		return nil, fmt.Errorf("app: %w", err)
	}
	if err := a.open(); err != nil {
		return nil, err
	}
	return a, nil
}

// open opens the journal and loads its unfinished game.
func (a *App) open() error {
	j, err := journal.Open(a.opts.Dir, a.opts.Journal)
	if err != nil {
		return fmt.Errorf("app: %w", err)
	}
	a.j = j
	for _, p := range j.Problems() {
		a.log.Warn("game log repaired", "problem", p)
		if p.Kind == journal.MovedAside {
			a.damaged = a.opts.Now()
		}
	}
	a.load()
	return nil
}

// load sets the table to the journal's unfinished game, or to a new start
// screen when there is none.
func (a *App) load() {
	a.tb, _ = input.NewTable(a.opts.Table) // checked by Open
	a.game, a.gl, a.durable = nil, nil, nil
	a.seed = a.newSeed()
	g := a.j.Current()
	if g == nil {
		return
	}
	r, err := replay(g.Header(), g.Records())
	if err == nil && r.state.Waiting().Need == engine.NeedFirstPlayer {
		// The header was made durable but not the start screen's first
		// player, which the table applies as the game's first action.
		act := engine.FirstPlayer(slices.Index(r.setup.Players(), r.setup.First))
		if err = r.state.Do(act); err == nil {
			line := engine.FormatAction(r.state.Map(), act)
			if aerr := a.logOf(g).Append([]byte(line)); aerr != nil {
				a.fail(fmt.Errorf("append %s: %w", line, aerr))
				return // the table shows the start screen until Recover
			}
		}
	}
	if err == nil {
		err = a.tb.Resume(r.setup, r.state, a.opts.Now())
	}
	if err != nil {
		a.log.Error("unfinished game cannot be resumed; finishing it as abandoned", "file", g.Name(), "err", err)
		a.damaged = a.opts.Now()
		a.tb, _ = input.NewTable(a.opts.Table)
		if ferr := g.Finish(abandoned(err)); ferr != nil {
			a.fail(fmt.Errorf("finish abandoned game: %w", ferr))
		}
		return
	}
	a.game, a.gl = g, a.logOf(g)
	a.setup, a.seed, a.durable = r.setup, r.seed, r.state.History()
	a.log.Info("game resumed", "file", g.Name(), "map", r.setup.Map, "players", r.state.Players(), "actions", len(a.durable))
	if r.state.IsTerminal() {
		a.finish(r.state)
	}
}

func (a *App) logOf(g *journal.Game) gameLog {
	if a.wrap != nil {
		return a.wrap(g)
	}
	return g
}

// newSeed returns the seed of the next game this App starts.
func (a *App) newSeed() uint64 { return mix(a.opts.Seed, uint64(a.started), purposeGame) }

// Handle feeds one device event (hal.Scan, hal.Press, hal.Touch, hal.Status)
// to the table and appends every action it applied to the game's log, each
// made durable, before it returns; when Result.Started it first starts a
// new game in the journal, and when the game ends it writes the summary.
// The caller draws View only after Handle returns.
//
// If the log cannot be written, the table is rolled back to the last
// durable action and Handle returns an error wrapping ErrStorage; until
// Recover succeeds, Handle refuses every event but a hal.Status with that
// error, and the Result is then zero.
func (a *App) Handle(ev any) (input.Result, error) {
	if a.err != nil {
		switch ev.(type) {
		case hal.Status, *hal.Status:
			return a.tb.Handle(ev), nil
		}
		return input.Result{}, a.err
	}
	res := a.tb.Handle(ev)
	if err := a.persist(res); err != nil {
		a.fail(err)
		a.rollback()
	}
	return res, a.err
}

// persist appends res's actions to the log.
func (a *App) persist(res input.Result) error {
	s := a.tb.Game()
	if res.Started {
		if a.game != nil {
			// The table starts a game only from the start screen, so the
			// previous one has ended and was finished; a leftover is a bug.
			return errors.New("app: a new game started while another is unfinished")
		}
		a.setup = a.tb.Setup()
		a.seed = a.newSeed()
		a.started++
		hdr, err := encodeHeader(a.setup, s, a.seed)
		if err != nil {
			return err
		}
		g, err := a.j.Start(hdr)
		if err != nil {
			return fmt.Errorf("start game: %w", err)
		}
		a.game, a.gl, a.durable = g, a.logOf(g), nil
		a.damaged = time.Time{} // told on the start screen; a new game begins
		a.log.Info("game started", "file", g.Name(), "map", a.setup.Map, "players", s.Players(), "seed", a.seed)
	}
	if len(res.Actions) == 0 {
		return nil
	}
	if a.game == nil {
		return errors.New("app: actions without a game log")
	}
	m := s.Map()
	for _, act := range res.Actions {
		if err := a.gl.Append([]byte(engine.FormatAction(m, act))); err != nil {
			return fmt.Errorf("append %s: %w", engine.FormatAction(m, act), err)
		}
		a.durable = append(a.durable, act)
	}
	if s.IsTerminal() {
		a.finish(s)
	}
	return nil
}

// finish writes the ended game's summary, moving it to the history.
func (a *App) finish(s *engine.State) {
	name := a.game.Name()
	sum, err := encodeSummary(s, a.setup)
	if err == nil {
		err = a.gl.Finish(sum)
	}
	if err != nil {
		// Every action is durable: the next Open finishes the game again.
		a.fail(fmt.Errorf("finish %s: %w", name, err))
		return
	}
	a.game, a.gl = nil, nil
	a.ended++
	a.seed = a.newSeed()
	a.log.Info("game finished", "file", name, "scores", s.Scores(), "actions", len(a.durable))
}

// fail records a storage failure.
func (a *App) fail(err error) {
	a.err = fmt.Errorf("%w: %v", ErrStorage, err)
	a.errAt = a.opts.Now()
	a.log.Error("game log write failed; the table waits until it works again", "err", err)
}

// rollback sets the table back to the game's last durable action.
func (a *App) rollback() {
	tb, _ := input.NewTable(a.opts.Table)
	if a.game != nil {
		st, err := replayActions(a.setup, a.durable)
		if err == nil {
			err = tb.Resume(a.setup, st, a.opts.Now())
		}
		if err != nil {
			// The actions were applied once: replaying them cannot fail.
			panic(fmt.Sprintf("app: replay of the durable actions: %v", err))
		}
	}
	a.tb = tb
}

// Recover closes and reopens the journal after a storage failure and
// resumes the game from what reached the disk. It returns nil, and Err
// then returns nil, once the journal opens again. Without a failure it does
// nothing.
func (a *App) Recover() error {
	if a.err == nil {
		return nil
	}
	if a.j != nil {
		if err := a.j.Close(); err != nil {
			a.log.Warn("closing the failed journal", "err", err)
		}
		a.j = nil
	}
	saved := a.err
	a.err = nil
	if err := a.open(); err != nil {
		a.err = fmt.Errorf("%w: %v", ErrStorage, err)
		return a.err
	}
	if a.err == nil {
		a.log.Info("game log writable again", "after", saved)
	}
	return a.err
}

// Err returns the storage failure the table waits on (wrapping ErrStorage),
// or nil while the log is written normally.
func (a *App) Err() error { return a.err }

// View returns what the screen shows: the table's View, with the storage
// failure as its banner while the log cannot be written, and a damaged log
// reported to every seat (and as the start screen's banner). Its Rev is the
// App's own: the same while neither the table's View nor the App's banners
// and notices change, a new one when either does (a new game's table
// included).
func (a *App) View() input.View {
	v := a.tb.View()
	if !v.Rev.IsZero() {
		// == on the times is stricter than Equal (it also compares the
		// location and monotonic reading): at worst one more redraw.
		if k := (viewKey{table: v.Rev, failed: a.err != nil, errAt: a.errAt, damaged: a.damaged}); k != a.shown {
			a.shown, a.rev = k, a.revs.Next()
		}
		v.Rev = a.rev
	}
	switch {
	case a.err != nil:
		v.Banner = input.Text{Key: KeyStorageFailed}
		a.notice(&v, KeyStorageFailed, a.errAt)
	case !a.damaged.IsZero():
		if v.Mode == input.ModeStart && v.Banner.IsZero() {
			v.Banner = input.Text{Key: KeyLogDamaged}
		}
		a.notice(&v, KeyLogDamaged, a.damaged)
	}
	return v
}

// notice shows key to every seat whose latest notice is older than at.
func (a *App) notice(v *input.View, key string, at time.Time) {
	for i := range v.Seats {
		if n := v.Seats[i].Notice; n.Text.IsZero() || !n.At.After(at) {
			v.Seats[i].Notice = input.Notice{Seat: v.Seats[i].Seat, Text: input.Text{Key: key}, At: at}
		}
	}
}

// Table returns the input.Table, for reading (Mode, Game, Gestures) only:
// every event goes through Handle.
func (a *App) Table() *input.Table { return a.tb }

// Seed returns the current game's digital-play seed: the one in its log's
// header, or, when no game is unfinished, the one the next game will
// record.
func (a *App) Seed() uint64 { return a.seed }

// Logged returns the number of actions of the current game known to be on
// disk (0 when no game is unfinished).
func (a *App) Logged() int {
	if a.game == nil {
		return 0
	}
	return len(a.durable)
}

// Ended returns the number of games finished since Open, a game that had
// ended before a crash and was finished at Open included.
func (a *App) Ended() int { return a.ended }

// History returns the finished games kept in the journal, newest first.
func (a *App) History() ([]journal.Entry, error) {
	if a.j == nil {
		return nil, ErrStorage
	}
	return a.j.History()
}

// Close closes the journal. An unfinished game stays unfinished: the next
// Open resumes it.
func (a *App) Close() error {
	if a.j == nil {
		return nil
	}
	err := a.j.Close()
	a.j = nil
	return err
}
