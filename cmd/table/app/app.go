package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os/user"
	"slices"
	"time"

	"ttr/engine"
	"ttr/hal"
	"ttr/hal/journal"
	"ttr/hal/storage"
	"ttr/input"
	"ttr/maps"
)

// ErrStorage is wrapped by the errors of Handle and Err while the game log
// cannot be written.
var ErrStorage = errors.New("app: the game log cannot be written")

// The message keys the App adds to the table's View (display/msg).
const (
	// KeyLogDamaged: a game log could not be read and was set aside.
	KeyLogDamaged = "status.log_damaged"
	// KeyStorageFailed: the game log cannot be written (the card fails);
	// the table waits.
	KeyStorageFailed = "status.storage_failed"
	// KeyStorageFull: the card is full; the table waits.
	KeyStorageFull = "storage.full"
	// KeyStoragePermission: the service user may not write the logs folder
	// (Dir); the message gives the chown to run (User).
	KeyStoragePermission = "storage.permission"
	// KeyStorageReadOnly: the logs folder (Dir) is on a read-only file
	// system: the card is worn out, or the kernel set its file system
	// read-only after errors (a microSD card has no lock switch).
	KeyStorageReadOnly = "storage_fault.read_only"
	// KeyLogsPathTooLong: the config's logs folder (Dir, Len characters)
	// is longer than a path can be: a config problem of that field, not a
	// failing card.
	KeyLogsPathTooLong = "storage_fault.logs_path"
	// KeyStorageInTheWay: Path should be a folder and is a file, or the
	// reverse: move it aside.
	KeyStorageInTheWay = "storage.in_the_way"
	// KeyLogSalvaged: a game log was damaged; the game resumed with its
	// first Keep actions and the damaged file was kept as File.
	KeyLogSalvaged = "storage.salvaged"
	// KeyGameWaitsSeats: the unfinished game needs Need seats and the
	// config gives the table Have: it waits until the config fits, or a
	// new game is started on purpose.
	KeyGameWaitsSeats = "storage.waits_seats"
	// KeyGameWaitsConfig: the unfinished game does not fit the table's
	// config in another way (a language or colour no longer offered).
	KeyGameWaitsConfig = "storage.waits_config"
	// KeyGameKept: the game stopped at the table was kept as File.
	KeyGameKept = "abandon.kept"
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
	// User is the account the table runs as, named in the fix shown when
	// it may not write its logs; "" means the current user.
	User string
	// Notes are what the table must tell its owner on the start screen:
	// the config's mistakes and what the table left out because of them.
	// The start screen's banner and every seat's notice show them one
	// after another, each for NoteEvery, for as long as the start screen
	// is shown; a storage failure or a damaged log is shown first.
	Notes []input.Text
	// Cards is what the card registry's load found, if the owner must
	// hear of it (RegistryText): on the start screen, its short form
	// (RegistryShort) under the keys where no other problem is (the game
	// can still start), the whole to every seat for a minute after Open,
	// and as the banner when no other is.
	Cards input.Text
}

// NoteEvery is how long each of Opts.Notes is shown before the next.
const NoteEvery = 8 * time.Second

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
	note    input.Text // what damaged tells: a log set aside, salvaged, waiting
	opened  time.Time  // when Open ran: opts.Cards is told, and opts.Notes take turns, from then
	err     error
	errAt   time.Time
	errText input.Text // what err tells the players
	// errSaid is the kind of failure last logged at Error: a retry that
	// fails with the same kind is logged at Debug, so that a fault that
	// lasts hours costs the journal a line, not one each retry.
	errSaid string

	// blocked is an unfinished game the config no longer fits: kept, not
	// resumed, until the config fits again or a new game is started.
	blocked *journal.Game

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
	table    input.Rev
	failed   bool
	errAt    time.Time
	damaged  time.Time
	texts    string    // errText and note, as text
	noticeAt time.Time // the time of their notice, renewed while it lasts
	noteAt   time.Time // the time of the shown Opts.Notes, zero for none
}

// gameLog is what the App needs of a journal.Game.
type gameLog interface {
	Append(record []byte) error
	Finish(summary []byte) error
}

// Open opens the journal in opts.Dir and the table. If the journal holds an
// unfinished game, it is replayed and resumed. What the journal repaired is
// logged; a log it set aside or salvaged is also reported on screen
// (KeyLogDamaged, KeyLogSalvaged), and a game the config no longer fits
// waits on the start screen (KeyGameWaitsSeats, KeyGameWaitsConfig). Open
// fails only if opts are invalid: when the journal cannot be opened (a
// folder the table may not write, a read-only or failing card), the App
// starts in the failed state, its View says what is wrong and how to fix
// it, and Recover retries.
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
	if opts.User == "" {
		opts.User = "$USER"
		if u, err := user.Current(); err == nil {
			opts.User = u.Username
		}
	}
	if opts.Journal.Logger == nil {
		opts.Journal.Logger = opts.Logger // the history's pruning
	}
	if !opts.Cards.IsZero() && len(opts.Notes) > 0 {
		// The registry's news takes its turn with the config's mistakes.
		opts.Notes = append([]input.Text{opts.Cards}, opts.Notes...)
	}
	a := &App{opts: opts, log: opts.Logger, opened: opts.Now()}
	tb, err := input.NewTable(opts.Table)
	if err != nil {
		return nil, fmt.Errorf("app: %w", err)
	}
	a.tb = tb
	if err := a.open(); err != nil {
		a.fail(err)
	}
	return a, nil
}

// open opens the journal and loads its unfinished game.
func (a *App) open() error {
	j, err := journal.Open(a.opts.Dir, a.opts.Journal)
	if err != nil {
		return err
	}
	a.j = j
	for _, p := range j.Problems() {
		a.log.Warn("game log repaired", "problem", p)
		switch p.Kind {
		case journal.MovedAside:
			a.tell(input.Text{Key: KeyLogDamaged})
		case journal.Salvaged:
			a.tell(input.Text{Key: KeyLogSalvaged, Args: map[string]any{"Keep": p.Kept, "File": p.MovedTo}})
		}
	}
	a.load()
	return nil
}

// tell shows t to every seat (and on the start screen) from now until a
// new game starts.
func (a *App) tell(t input.Text) {
	a.damaged, a.note = a.opts.Now(), t
}

// load sets the table to the journal's unfinished game, or to a new start
// screen when there is none. A game whose records stop replaying at some
// action is salvaged: its actions before that one are resumed and the
// whole file is kept aside. A game the config no longer fits waits.
func (a *App) load() {
	a.tb, _ = input.NewTable(a.opts.Table) // checked by Open
	a.game, a.gl, a.durable, a.blocked = nil, nil, nil, nil
	a.seed = a.newSeed()
	g := a.j.Current()
	if g == nil {
		return
	}
	r, err := replay(g.Header(), g.Records())
	if err != nil {
		keep := replayable(g.Header(), g.Records())
		ng, serr := a.j.SetAside(g, keep, err)
		if serr != nil {
			a.fail(fmt.Errorf("set aside the damaged game %s: %w", g.Name(), serr))
			return
		}
		ps := a.j.Problems()
		p := ps[len(ps)-1]
		a.log.Warn("game log damaged: its valid part is resumed, the file kept aside", "problem", p)
		if ng == nil {
			a.tell(input.Text{Key: KeyLogDamaged})
			return
		}
		a.tell(input.Text{Key: KeyLogSalvaged, Args: map[string]any{"Keep": keep, "File": p.MovedTo}})
		g = ng
		if r, err = replay(g.Header(), g.Records()); err != nil {
			panic(fmt.Sprintf("app: the replayable part of a game does not replay: %v", err))
		}
	}
	if r.state.Waiting().Need == engine.NeedFirstPlayer {
		// The header was made durable but not the start screen's first
		// player, which the table applies as the game's first action.
		act := engine.NewChooseFirst(slices.Index(r.setup.Players(), r.setup.First))
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
		// The game replays, so the table's config no longer fits it: keep
		// it for the day the config fits again.
		a.log.Error("unfinished game kept but not resumed: the table's config no longer fits it; restore the config, or start a new game to set it aside",
			"file", g.Name(), "game_seats", len(r.setup.Seats), "table_seats", a.opts.Table.Seats, "err", err)
		a.tb, _ = input.NewTable(a.opts.Table)
		a.blocked = g
		if len(r.setup.Seats) != a.opts.Table.Seats {
			a.tell(input.Text{Key: KeyGameWaitsSeats, Args: map[string]any{"Need": len(r.setup.Seats), "Have": a.opts.Table.Seats}})
		} else {
			a.tell(input.Text{Key: KeyGameWaitsConfig})
		}
		return
	}
	a.game, a.gl = g, a.logOf(g)
	a.setup, a.seed, a.durable = r.setup, r.seed, r.state.History()
	a.log.Info("game resumed", "file", g.Name(), "map", r.setup.Map, "players", r.state.Players(), "actions", len(a.durable))
	switch {
	case r.state.Abandoned():
		// Stopped at the table, but not yet set aside when the power went.
		a.tb, _ = input.NewTable(a.opts.Table)
		if err := a.abandon(); err != nil {
			a.fail(err)
		}
	case r.state.IsTerminal():
		a.finish(r.state)
	}
}

// replayable returns how many of records, from the first, replay after
// header: -1 when the header itself is unreadable. A prefix of a replayable
// log replays, so a binary search finds it.
func replayable(header []byte, records [][]byte) int {
	if _, err := replay(header, nil); err != nil {
		return -1
	}
	lo, hi := 0, len(records) // records[:lo] replays; records[:hi+1] does not
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if _, err := replay(header, records[:mid]); err == nil {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
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
func (a *App) Handle(ev hal.Event) (input.Result, error) {
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
		if a.blocked != nil {
			// The owner starts a new game while one waits for its config:
			// the waiting game is kept aside, never deleted.
			name := a.blocked.Name()
			if _, err := a.j.SetAside(a.blocked, -1, errors.New("app: a new game was started while this one waited for a config that fits")); err != nil {
				if a.j.Current() != a.blocked {
					a.blocked = nil // set aside, its folder not yet synced (Recover does)
				}
				return fmt.Errorf("set aside the waiting game %s: %w", name, err)
			}
			a.blocked = nil
			ps := a.j.Problems()
			a.log.Warn("new game started: the game that waited for its config is kept aside", "problem", ps[len(ps)-1])
		}
		a.setup = a.tb.Setup()
		a.seed = a.newSeed()
		hdr, err := encodeHeader(a.setup, s, a.seed, a.opts.Table.Edges)
		if err != nil {
			return err
		}
		g, err := a.j.Start(hdr)
		if err != nil {
			// Not counted: the game started again after Recover has the
			// same seed.
			return fmt.Errorf("start game: %w", err)
		}
		a.started++
		a.game, a.gl, a.durable = g, a.logOf(g), nil
		a.damaged, a.note = time.Time{}, input.Text{} // told on the start screen; a new game begins
		a.log.Info("game started", "file", g.Name(), "map", a.setup.Map, "players", s.Players(), "seed", a.seed)
	}
	if len(res.Actions) == 0 {
		return nil
	}
	if a.game == nil {
		return errors.New("app: actions without a game log")
	}
	m := a.tb.Map()
	for _, act := range res.Actions {
		if err := a.gl.Append([]byte(engine.FormatAction(m, act))); err != nil {
			return fmt.Errorf("append %s: %w", engine.FormatAction(m, act), err)
		}
		a.durable = append(a.durable, act)
	}
	if last := res.Actions[len(res.Actions)-1]; last.Kind == engine.Abandon {
		return a.abandon()
	}
	if s.IsTerminal() {
		a.finish(s)
	}
	return nil
}

// errAbandoned is why a game stopped at the table is kept aside.
var errAbandoned = errors.New("app: the game was stopped at the table before its end")

// abandon keeps the game stopped at the table aside, never deleted: its
// log ends with the abandon, and the start screen says where it is.
func (a *App) abandon() error {
	name := a.game.Name()
	_, err := a.j.SetAside(a.game, -1, errAbandoned)
	if a.j.Current() != a.game {
		a.game, a.gl = nil, nil // set aside (its folder synced by Recover if that failed)
	}
	if err != nil {
		return fmt.Errorf("set aside the stopped game %s: %w", name, err)
	}
	ps := a.j.Problems()
	p := ps[len(ps)-1]
	a.tell(input.Text{Key: KeyGameKept, Args: map[string]any{"File": p.MovedTo}})
	a.seed = a.newSeed()
	a.log.Info("game stopped at the table: kept aside", "file", name, "kept", p.MovedTo, "actions", len(a.durable))
	return nil
}

// finish writes the ended game's summary, moving it to the history. Once
// the summary is durable the game counts as ended, and the end screen
// stays, even if the move to the history failed (Recover completes it).
func (a *App) finish(s *engine.State) {
	name := a.game.Name()
	sum, err := encodeSummary(s, a.setup)
	if err == nil {
		err = a.gl.Finish(sum)
	}
	if err != nil && !errors.Is(err, journal.ErrNotMoved) {
		// Every action is durable: the next Open finishes the game again.
		a.fail(fmt.Errorf("finish %s: %w", name, err))
		return
	}
	a.game, a.gl = nil, nil
	a.ended++
	a.seed = a.newSeed()
	a.log.Info("game finished", "file", name, "scores", s.Scores(), "actions", len(a.durable))
	if err != nil {
		a.fail(fmt.Errorf("finish %s: %w", name, err))
	}
}

// fail records a storage failure and what to tell the players of it.
func (a *App) fail(err error) {
	kind := storage.Classify(err)
	a.err = fmt.Errorf("%w: %v", ErrStorage, err)
	a.errAt = a.opts.Now()
	switch kind {
	case storage.Full:
		a.errText = input.Text{Key: KeyStorageFull}
	case storage.Permission:
		a.errText = input.Text{Key: KeyStoragePermission, Args: map[string]any{"Dir": a.opts.Dir, "User": a.opts.User}}
	case storage.ReadOnly:
		a.errText = input.Text{Key: KeyStorageReadOnly, Args: map[string]any{"Dir": a.opts.Dir}}
	case storage.NameTooLong:
		a.errText = input.Text{Key: KeyLogsPathTooLong, Args: map[string]any{"Len": len([]rune(a.opts.Dir))}}
	case storage.NotFolder:
		path := a.opts.Dir
		var pe *fs.PathError
		if errors.As(err, &pe) {
			path = pe.Path
		}
		a.errText = input.Text{Key: KeyStorageInTheWay, Args: map[string]any{"Path": path}}
	default:
		a.errText = input.Text{Key: KeyStorageFailed}
	}
	level := slog.LevelError
	if kind.String() != a.errSaid {
		a.errSaid = kind.String()
	} else {
		level = slog.LevelDebug
	}
	a.log.Log(context.Background(), level, "game log write failed; the table waits until it works again", "problem", kind.String(), "err", err)
}

// rollback sets the table back to the game's last durable action.
func (a *App) rollback() {
	var m *maps.Map
	if g := a.tb.Game(); g != nil {
		m = g.Map()
	}
	tb, _ := input.NewTable(a.opts.Table)
	if a.game != nil {
		st, err := replayActions(a.setup, m, a.durable)
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

// Recover makes the game log writable again after a storage failure: it
// opens the journal if it could not be opened, then has it repaired
// (journal.Repair: the file's tail cut back to what is known durable, a
// write and a sync that succeed, the space for more). It returns nil, and
// Err then returns nil, only once that succeeded; the table keeps the
// durable actions it was rolled back to. Without a failure it does nothing.
func (a *App) Recover() error {
	if a.err == nil {
		return nil
	}
	saved := a.err
	if a.j == nil {
		a.err = nil
		if err := a.open(); err != nil {
			a.fail(err)
			return a.err
		}
		if a.err != nil {
			return a.err
		}
	}
	if err := a.j.Repair(); err != nil {
		a.fail(err)
		return a.err
	}
	a.err, a.errText, a.errSaid = nil, input.Text{}, ""
	switch {
	case a.game == nil && a.blocked == nil && a.j.Current() != nil,
		a.game != nil && len(a.durable) == 0:
		a.load() // its first action (the first player) had failed
	case a.game != nil && a.tb.Game() != nil && a.tb.Game().IsTerminal():
		a.finish(a.tb.Game()) // its summary had failed
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
	var text input.Text
	var at time.Time
	switch {
	case a.err != nil:
		text, at = a.errText, a.renewed(a.errAt, true)
	case !a.damaged.IsZero():
		text, at = a.note, a.renewed(a.damaged, a.blocked != nil)
	case !a.opts.Cards.IsZero() && v.Mode == input.ModeStart && len(a.opts.Notes) == 0:
		text, at = a.opts.Cards, a.renewed(a.opened, false)
	}
	var noteText input.Text
	var noteAt time.Time
	if text.IsZero() && v.Mode == input.ModeStart && len(a.opts.Notes) > 0 {
		noteText, noteAt = a.shownNote()
	}
	if !v.Rev.IsZero() {
		// == on the times is stricter than Equal (it also compares the
		// location and monotonic reading): at worst one more redraw.
		k := viewKey{table: v.Rev, failed: a.err != nil, errAt: a.errAt, damaged: a.damaged,
			texts: fmt.Sprint(a.errText, a.note, text), noticeAt: at, noteAt: noteAt}
		if k != a.shown {
			a.shown, a.rev = k, a.revs.Next()
		}
		v.Rev = a.rev
	}
	switch {
	case a.err != nil:
		v.Banner = text
		a.notice(&v, text, at)
	case !a.damaged.IsZero(), !text.IsZero():
		if v.Mode == input.ModeStart && v.Banner.IsZero() {
			v.Banner = text
		}
		a.notice(&v, text, at)
	case !noteText.IsZero():
		if v.Banner.IsZero() {
			v.Banner = noteText
		}
		a.notice(&v, noteText, noteAt)
	}
	if v.Mode == input.ModeStart && v.Start.Problem.IsZero() {
		v.Start.Problem = RegistryShort(a.opts.Cards)
	}
	return v
}

// shownNote returns which of Opts.Notes is shown now, and since when: each
// in turn for NoteEvery from Open, round and round.
func (a *App) shownNote() (input.Text, time.Time) {
	d := a.opts.Now().Sub(a.opened)
	if d < 0 {
		d = 0
	}
	k := int(d / NoteEvery)
	return a.opts.Notes[k%len(a.opts.Notes)], a.opened.Add(time.Duration(k) * NoteEvery)
}

// How the App keeps its notices in view: the seats' panels show a notice
// for a few seconds after its time (display.NoticeFor, 6 s), so the App
// shows it again every renewNotice: while a storage failure or a waiting
// game lasts, and for noteFor after a damaged log was reported.
const (
	renewNotice = 5 * time.Second
	noteFor     = time.Minute
)

// renewed returns the time of the notice of a condition that began at
// since: since, then every renewNotice after it while the condition
// lasts, or for noteFor if it does not.
func (a *App) renewed(since time.Time, lasting bool) time.Time {
	d := a.opts.Now().Sub(since)
	if d <= 0 {
		return since
	}
	if !lasting {
		d = min(d, noteFor)
	}
	return since.Add(d.Truncate(renewNotice))
}

// keyResumed is the notice the table gives every seat when a game is
// resumed (input.Table.Resume), at Open and when a failure rolls the table
// back.
const keyResumed = "status.resumed"

// notice shows t to every seat whose latest notice is older than at. What
// the App tells wins at once over the table's "resumed", which comes
// later in time but says less (a salvaged game is resumed too; a game
// rolled back after a failure waits), and a storage failure over any
// notice: nothing else can happen at the table until it is fixed.
func (a *App) notice(v *input.View, t input.Text, at time.Time) {
	for i := range v.Seats {
		if n := v.Seats[i].Notice; n.Text.IsZero() || !n.At.After(at) || n.Text.Key == keyResumed || a.err != nil {
			v.Seats[i].Notice = input.Notice{Seat: v.Seats[i].Seat, Text: t, At: at}
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
