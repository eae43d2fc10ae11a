package journal

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"ttr/hal/storage"
)

// DefaultMaxHistoryGames, the default of Opts.MaxHistoryGames, keeps
// about a year of evening games: a few tens of kilobytes each, some 20 MB
// in all, and never more than 500 times MaxGameBytes, since a larger file
// is set aside rather than counted.
const DefaultMaxHistoryGames = 500

// Errors returned by Journal and Game methods; compare with errors.Is.
var (
	ErrFinished   = errors.New("journal: game is finished")
	ErrClosed     = errors.New("journal: closed")
	ErrUnfinished = errors.New("journal: a game is unfinished; finish it before starting another")
	ErrTooLarge   = fmt.Errorf("journal: record larger than %d bytes", MaxRecord)
	// ErrNotMoved: Finish made the game's summary durable, so the game is
	// finished, but moving it to the history failed; Repair or the next
	// Open completes the move.
	ErrNotMoved = errors.New("journal: the game is finished but not yet moved to the history")
)

// MaxGameBytes bounds the size of a game file Open reads: a played game is
// a few tens of kilobytes; a larger file is set aside unread, so that a
// damaged or foreign file cannot exhaust the memory at every start.
const MaxGameBytes = 16 << 20

// maxSeq bounds the sequence numbers of file names, far beyond any table's
// life (a game a minute for a million years), so that nextSeq never
// overflows; a game file named beyond it is set aside.
const maxSeq = 1_000_000_000_000

// probeBytes is what Repair writes and syncs to make sure the storage
// accepts new data again: enough for the rest of a game's actions.
const probeBytes = 64 << 10

const (
	historyDir   = "history"
	lockName     = "lock"
	gameExt      = ".game"
	tmpExt       = ".tmp"
	corruptInfix = ".corrupt-"
	asideInfix   = ".aside-"
	probeName    = "space.probe"
	stampLayout  = "20060102T150405Z"
	filePerm     = 0o640
	dirPerm      = 0o750
)

// Opts configures a Journal. Zero fields take their defaults.
type Opts struct {
	// Now returns the current time, used only to name files; nil means
	// time.Now.
	Now func() time.Time
	// MaxHistoryGames bounds the number of finished games kept; 0 means
	// DefaultMaxHistoryGames. The history is pruned by count only, so that
	// no game is removed because another file is large.
	MaxHistoryGames int
	// MaxGameBytes bounds the size of a game file Open reads; 0 means
	// MaxGameBytes.
	MaxGameBytes int64
	// FS is the file system the journal writes through; nil means
	// storage.OS. Tests pass a storagetest.Disk to cut the power and fail
	// writes and syncs.
	FS storage.FS
	// Logger receives a line for each finished game pruned from the
	// history and each history file set aside; nil means slog.Default().
	Logger *slog.Logger
}

// A Journal is a directory of game logs owned by one process. Its methods,
// and those of its Game, are safe for concurrent use.
type Journal struct {
	dir, history string
	opts         Opts
	fs           storage.FS
	lock         io.Closer

	mu       sync.Mutex
	closed   bool
	game     *Game // the unfinished game, or nil
	nextSeq  int
	problems []Problem
	unmoved  string // a finished game Finish could not move to the history
}

// A Game is one game's log, open for appending.
type Game struct {
	j       *Journal
	name    string
	f       storage.File
	off     int64 // the end of the checked, durable frames
	header  []byte
	records [][]byte
	buf     []byte
	done    error // ErrFinished or ErrClosed once the game no longer appends
	err     error // the first write or sync failure; sticky
}

// An Entry is one finished game in the history.
type Entry struct {
	Name    string // the file's name in dir/history
	Size    int64  // bytes on disk
	Header  []byte // the game's header record
	Records int    // the number of action records
	Summary []byte // the summary given to Finish
	Err     error  // why the file could not be read; the fields above are then partial
}

// Open opens the journal in dir, creating dir if needed, and recovers what
// a crash left behind: it removes half-created files, completes the move of
// finished games to history, truncates a torn last record, salvages the
// valid first part of a damaged game (setting the damaged file aside),
// moves unreadable files aside and prunes the history. What it repaired is
// in Problems; the game to resume, if any, is Current. A file or folder it
// may not write is an error (storage.Classify tells which), never a reason
// to set a game aside.
func Open(dir string, opts Opts) (*Journal, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.MaxHistoryGames <= 0 {
		opts.MaxHistoryGames = DefaultMaxHistoryGames
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.FS == nil {
		opts.FS = storage.OS
	}
	if opts.MaxGameBytes <= 0 {
		opts.MaxGameBytes = MaxGameBytes
	}
	j := &Journal{dir: dir, history: filepath.Join(dir, historyDir), opts: opts, fs: opts.FS, nextSeq: 1}
	if err := storage.MkdirAll(j.fs, j.history, dirPerm); err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	lock, err := j.fs.Lock(filepath.Join(dir, lockName))
	if err != nil {
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("journal: %s is in use by another process: %w", dir, err)
		}
		return nil, fmt.Errorf("journal: %w", err)
	}
	j.lock = lock
	// The lock file may be new: its name, like everything Open leaves,
	// is durable when Open returns.
	if err := j.syncDir(dir); err != nil {
		j.Close()
		return nil, err
	}
	if err := j.recover(); err != nil {
		j.Close()
		return nil, err
	}
	return j, nil
}

// recover brings the directory back to a state Open promises: at most one
// unfinished game, open for appending, and a pruned history.
func (j *Journal) recover() error {
	entries, err := j.fs.ReadDir(j.dir)
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	hist, err := j.fs.ReadDir(j.history)
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	for _, e := range hist {
		j.seen(e.Name())
	}
	var games, foreign []string
	dirty := false
	for _, e := range entries {
		name := e.Name()
		j.seen(name)
		switch {
		case !e.Type().IsRegular():
		case strings.HasSuffix(name, gameExt+tmpExt), name == probeName:
			// Start never returned this game: nothing of it was shown.
			if err := j.fs.Remove(filepath.Join(j.dir, name)); err != nil {
				return fmt.Errorf("journal: %w", err)
			}
			dirty = true
		case strings.HasSuffix(name, gameExt):
			if _, ok := parseSeq(name); ok {
				games = append(games, name)
			} else {
				foreign = append(foreign, name)
			}
		}
	}
	if dirty {
		if err := j.syncDir(j.dir); err != nil {
			return err
		}
	}
	for _, name := range foreign {
		if err := j.moveAside(name, errors.New("journal: not a game file name this journal writes (or its number is out of range)"), corruptInfix); err != nil {
			return err
		}
	}
	slices.SortFunc(games, bySeq)
	var unfinished []*Game
	closeAll := func() {
		for _, g := range unfinished {
			g.f.Close()
		}
	}
	for _, name := range games {
		g, err := j.load(name)
		if err != nil {
			closeAll()
			return err
		}
		if g != nil {
			unfinished = append(unfinished, g)
		}
	}
	// Start refuses a second unfinished game, so several can only come from
	// outside this package or a crash while salvaging. Resume the newest;
	// set the others aside.
	slices.SortFunc(unfinished, func(a, b *Game) int { return bySeq(a.name, b.name) })
	for len(unfinished) > 1 {
		g := unfinished[0]
		unfinished = unfinished[1:]
		g.f.Close()
		if err := j.moveAside(g.name, errors.New("journal: a newer unfinished game exists"), asideInfix); err != nil {
			closeAll()
			return err
		}
	}
	if len(unfinished) == 1 {
		j.game = unfinished[0]
	}
	return j.prune()
}

// seen raises nextSeq above the sequence number of any file named name.
func (j *Journal) seen(name string) {
	if seq, ok := parseSeq(name); ok && seq >= j.nextSeq {
		j.nextSeq = seq + 1
	}
}

// load reads one game file in dir and repairs it. It returns the game when it
// is unfinished and nil when it was finished (and moved to history) or moved
// aside. A permission error is returned: the file is intact, the table only
// may not write it.
func (j *Journal) load(name string) (*Game, error) {
	path := filepath.Join(j.dir, name)
	// A file larger than any game is read only up to the bound: its valid
	// first part is kept as any other damage's is.
	data, size, err := storage.ReadPrefix(j.fs, path, j.opts.MaxGameBytes)
	if err != nil {
		if errors.Is(err, fs.ErrPermission) {
			return nil, fmt.Errorf("journal: %w", err)
		}
		// An unreadable file (EIO on a failing card) is set aside, so
		// that a new game can start.
		return nil, j.moveAside(name, err, corruptInfix)
	}
	l, err := Decode(data)
	if err == nil && size > int64(len(data)) {
		err = &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w: %d bytes, the limit is %d", storage.ErrTooLarge, size, j.opts.MaxGameBytes)}
		if l.Header != nil && !l.Finished {
			return j.salvage(name, l.Header, l.Records, err)
		}
	}
	if err == nil && l.Header == nil {
		err = &CorruptError{l.Valid, "no complete header record"}
	}
	if err != nil {
		if l != nil && l.Header != nil && !l.Finished {
			return j.salvage(name, l.Header, l.Records, err)
		}
		return nil, j.moveAside(name, err, corruptInfix)
	}
	f, err := j.fs.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		if errors.Is(err, fs.ErrPermission) {
			return nil, fmt.Errorf("journal: %w", err)
		}
		return nil, j.moveAside(name, err, corruptInfix)
	}
	if l.Torn > 0 {
		if err := f.Truncate(l.Valid); err != nil {
			f.Close()
			return nil, fmt.Errorf("journal: drop torn tail of %s: %w", name, err)
		}
		if err := f.Sync(); err != nil {
			f.Close()
			return nil, fmt.Errorf("journal: drop torn tail of %s: %w", name, err)
		}
		j.problems = append(j.problems, Problem{Kind: TornTail, File: name, Kept: 1 + len(l.Records), Dropped: l.Torn})
	}
	if l.Finished {
		f.Close()
		return nil, j.toHistory(name)
	}
	return &Game{j: j, name: name, f: f, off: l.Valid, header: l.Header, records: l.Records}, nil
}

// salvage writes header and records, the valid first part of the game
// name, to a new game file, then sets name aside with the suffix
// .corrupt-TIMESTAMP (kept, never deleted). It returns the new game. A
// crash in between leaves both unfinished: Open resumes the newer, the
// salvaged one, and sets the older aside.
func (j *Journal) salvage(name string, header []byte, records [][]byte, why error) (*Game, error) {
	g, err := j.create(header, records)
	if err != nil {
		return nil, fmt.Errorf("journal: salvage %s: %w", name, err)
	}
	moved, err := j.rename(name, why, corruptInfix)
	if err == nil {
		err = j.syncDir(j.dir)
	}
	if err != nil {
		g.f.Close()
		return nil, err
	}
	j.problems = append(j.problems, Problem{Kind: Salvaged, File: name, MovedTo: moved, NewFile: g.name, Kept: len(records), Err: why})
	return g, nil
}

// create writes a new game file, header and records, under a .tmp name,
// syncs it, gives it its final name and syncs the directory. On failure it
// leaves no game file behind as far as the storage lets it.
func (j *Journal) create(header []byte, records [][]byte) (*Game, error) {
	if j.nextSeq > maxSeq {
		return nil, errors.New("journal: game sequence numbers are used up")
	}
	name := fmt.Sprintf("%06d-%s%s", j.nextSeq, j.opts.Now().UTC().Format(stampLayout), gameExt)
	j.nextSeq++
	path := filepath.Join(j.dir, name)
	tmp := path + tmpExt
	f, err := j.fs.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, filePerm)
	if err != nil {
		return nil, err
	}
	data := appendFrame([]byte(magic), kindHeader, header)
	for _, r := range records {
		data = appendFrame(data, kindRecord, r)
	}
	err = writeSync(f, data, 0)
	if err == nil {
		if err = j.renameNoReplace(tmp, path); err == nil {
			if err = storage.SyncDir(j.fs, j.dir); err != nil {
				// The name may or may not be durable: remove it, so that no
				// game the caller was told failed resumes later.
				j.fs.Remove(path)
				j.syncDir(j.dir)
			}
		}
	}
	if err != nil {
		f.Close()
		j.fs.Remove(tmp)
		return nil, err
	}
	return &Game{j: j, name: name, f: f, off: int64(len(data)), header: bytes.Clone(header), records: cloneAll(records)}, nil
}

func cloneAll(rs [][]byte) [][]byte {
	out := make([][]byte, len(rs))
	for i, r := range rs {
		out[i] = bytes.Clone(r)
	}
	return out
}

// Problems returns what Open found wrong and repaired or moved aside, in the
// order it found them.
func (j *Journal) Problems() []Problem {
	j.mu.Lock()
	defer j.mu.Unlock()
	return slices.Clone(j.problems)
}

// Current returns the unfinished game, open for appending, or nil when there
// is none. Right after Open it is the game to replay from its records.
func (j *Journal) Current() *Game {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.game
}

// Start begins a new game whose first record is header. The file is durable,
// header included, when Start returns; when Start fails no game file is
// left to resume. It fails with ErrUnfinished while another game is
// unfinished.
func (j *Journal) Start(header []byte) (*Game, error) {
	if len(header) > MaxRecord {
		return nil, ErrTooLarge
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	switch {
	case j.closed:
		return nil, ErrClosed
	case j.game != nil:
		return nil, ErrUnfinished
	}
	g, err := j.create(header, nil)
	if err != nil {
		return nil, fmt.Errorf("journal: start: %w", err)
	}
	j.game = g
	return g, nil
}

// SetAside closes the unfinished game g and renames its file to
// NAME.aside-TIMESTAMP (kept, never pruned or deleted), with why logged
// as a problem. When keep >= 0, a new game holding g's header and its first
// keep records becomes the unfinished game and is returned: the part of a
// game that can be resumed. With keep < 0 no game is unfinished after it.
// When only the final folder sync fails, SetAside returns the new game
// with the error: the game accepts records once Repair succeeded.
func (j *Journal) SetAside(g *Game, keep int, why error) (*Game, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	switch {
	case j.closed:
		return nil, ErrClosed
	case j.game != g || g == nil:
		return nil, errors.New("journal: SetAside of a game that is not the unfinished one")
	}
	var ng *Game
	if keep >= 0 {
		var err error
		if ng, err = j.create(g.header, g.records[:min(keep, len(g.records))]); err != nil {
			return nil, fmt.Errorf("journal: set %s aside: %w", g.name, err)
		}
	}
	moved, err := j.rename(g.name, why, asideInfix)
	if err != nil {
		// g stays the unfinished game.
		if ng != nil {
			ng.f.Close()
			j.fs.Remove(filepath.Join(j.dir, ng.name))
			j.syncDir(j.dir)
		}
		return nil, err
	}
	g.f.Close()
	g.done = ErrClosed
	j.game = ng
	p := Problem{Kind: SetAside, File: g.name, MovedTo: moved, Err: why}
	if ng != nil {
		p.NewFile, p.Kept = ng.name, len(ng.records)
	}
	j.problems = append(j.problems, p)
	if err := j.syncDir(j.dir); err != nil {
		// Done but not durable: the new game (if any) is the unfinished
		// one, and accepts records once Repair synced the folder.
		if ng != nil {
			ng.err = err
		}
		return ng, err
	}
	return ng, nil
}

// Repair makes the journal accept writes again after a write or sync
// failure. A failed fsync may have lost data that reads still return, so
// Repair never trusts the file's tail: it truncates the unfinished game's
// file to the frames known durable and writes its last frame again, then
// syncs; it completes a Finish whose move to the history failed; and it
// writes and syncs a probe file of probeBytes (a full disk fails there).
// It returns nil only when all of that succeeded: a write and a sync.
func (j *Journal) Repair() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.closed {
		return ErrClosed
	}
	// A folder removed under the table is made again.
	if err := storage.MkdirAll(j.fs, j.history, dirPerm); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	if g := j.game; g != nil {
		if err := g.rewrite(); err != nil {
			return fmt.Errorf("journal: repair %s: %w", g.name, err)
		}
	}
	// A rename, a move or a prune whose folder sync failed.
	if err := j.syncDir(j.dir); err != nil {
		return err
	}
	if err := j.syncDir(j.history); err != nil {
		return err
	}
	if j.unmoved != "" {
		if err := j.toHistory(j.unmoved); err != nil {
			return err
		}
		j.unmoved = ""
		if err := j.prune(); err != nil {
			return err
		}
	}
	return j.probe()
}

// rewrite truncates g's file to its durable frames, writes the last of
// them again (same bytes, same place) and syncs. A file removed under the
// table is written again in full from the records in memory, under a new
// name.
func (g *Game) rewrite() error {
	if _, err := g.j.fs.Lstat(filepath.Join(g.j.dir, g.name)); errors.Is(err, fs.ErrNotExist) {
		ng, err := g.j.create(g.header, g.records)
		if err != nil {
			return err
		}
		g.f.Close()
		g.f, g.name, g.off, g.err = ng.f, ng.name, ng.off, nil
		return nil
	}
	frame := appendFrame(nil, kindHeader, g.header)
	if n := len(g.records); n > 0 {
		frame = appendFrame(nil, kindRecord, g.records[n-1])
	}
	if err := g.f.Truncate(g.off); err != nil {
		return err
	}
	if err := writeSync(g.f, frame, g.off-int64(len(frame))); err != nil {
		return err
	}
	g.err = nil
	return nil
}

// probe writes probeBytes to a scratch file, syncs it and removes it.
func (j *Journal) probe() error {
	path := filepath.Join(j.dir, probeName)
	f, err := j.fs.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_TRUNC, filePerm)
	if err != nil {
		return fmt.Errorf("journal: write test: %w", err)
	}
	err = writeSync(f, make([]byte, probeBytes), 0)
	f.Close()
	if rerr := j.fs.Remove(path); err == nil {
		err = rerr
	}
	if err != nil {
		return fmt.Errorf("journal: write test: %w", err)
	}
	return nil
}

// History returns the finished games of the journal in dir, newest first,
// as EachHistory reads them.
func History(dir string, opts Opts) ([]Entry, error) {
	var out []Entry
	err := EachHistory(dir, opts, func(e Entry) error {
		out = append(out, e)
		return nil
	})
	return out, err
}

// EachHistory calls fn with each finished game of the journal in dir,
// newest first, reading one file at a time: it holds the list of names
// and one game file, whatever the number of games, and an Entry keeps
// copies of the header and summary only. It stops at fn's first error and
// returns it. It takes no lock and writes nothing, so it runs beside the
// process that holds the journal (table history does, while the table
// plays): a game pruned meanwhile has Err set. A dir without a history
// folder has no finished games. Of opts, only FS and MaxGameBytes are read.
func EachHistory(dir string, opts Opts, fn func(Entry) error) error {
	fsys, limit := opts.FS, opts.MaxGameBytes
	if fsys == nil {
		fsys = storage.OS
	}
	if limit <= 0 {
		limit = MaxGameBytes
	}
	hist := filepath.Join(dir, historyDir)
	names, err := historyNames(fsys, hist)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	slices.Reverse(names)
	for _, name := range names {
		e := Entry{Name: name}
		data, err := storage.ReadFile(fsys, filepath.Join(hist, name), limit)
		e.Size = int64(len(data))
		var l *Log
		if err == nil {
			l, err = Decode(data)
		}
		if err == nil && (l.Torn > 0 || !l.Finished) {
			err = &CorruptError{l.Valid, "finished game without its finish record"}
		}
		if l != nil {
			// Copies: the Entry must not keep the whole file alive.
			e.Header, e.Records, e.Summary = bytes.Clone(l.Header), len(l.Records), bytes.Clone(l.Summary)
		}
		e.Err = err
		if err := fn(e); err != nil {
			return err
		}
	}
	return nil
}

// Close closes the current game's file and releases the directory. An
// unfinished game stays unfinished: the next Open resumes it.
func (j *Journal) Close() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.closed {
		return nil
	}
	j.closed = true
	var errs []error
	if g := j.game; g != nil {
		g.done = ErrClosed
		errs = append(errs, g.f.Close())
		j.game = nil
	}
	errs = append(errs, j.lock.Close())
	return errors.Join(errs...)
}

// Name returns the game file's name in the journal directory.
func (g *Game) Name() string { return g.name }

// Header returns the game's header record. The caller must not modify it.
func (g *Game) Header() []byte { return g.header }

// Records returns the game's action records so far, those read at Open
// followed by those appended since. The caller must not modify them.
func (g *Game) Records() [][]byte {
	g.j.mu.Lock()
	defer g.j.mu.Unlock()
	return slices.Clone(g.records)
}

// Append writes record at the end of the game's log and syncs it to the
// storage device before returning. After a write or sync failure the game
// accepts no more records until Repair succeeds: the file's tail is then
// unknown, and a failed fsync may have dropped data that reads still show.
func (g *Game) Append(record []byte) error {
	if len(record) > MaxRecord {
		return ErrTooLarge
	}
	g.j.mu.Lock()
	defer g.j.mu.Unlock()
	if err := g.check(); err != nil {
		return err
	}
	if err := g.write(kindRecord, record); err != nil {
		return err
	}
	g.records = append(g.records, bytes.Clone(record))
	return nil
}

// Finish appends the game's summary, syncs it and moves the game to the
// history, pruning the oldest finished games beyond the bounds. Once the
// summary is durable the game is finished even if the move fails: Finish
// then returns an error wrapping ErrNotMoved, and Repair or the next Open
// completes the move.
func (g *Game) Finish(summary []byte) error {
	if len(summary) > MaxRecord {
		return ErrTooLarge
	}
	j := g.j
	j.mu.Lock()
	defer j.mu.Unlock()
	if err := g.check(); err != nil {
		return err
	}
	if err := g.write(kindFinish, summary); err != nil {
		return err
	}
	g.done = ErrFinished
	j.game = nil
	g.f.Close() // the summary is durable: a close error loses nothing
	if err := j.toHistory(g.name); err != nil {
		j.unmoved = g.name
		return fmt.Errorf("%w: %w", ErrNotMoved, err)
	}
	if err := j.prune(); err != nil {
		return fmt.Errorf("%w: %w", ErrNotMoved, err)
	}
	return nil
}

func (g *Game) check() error {
	switch {
	case g.done != nil:
		return g.done
	case g.err != nil:
		return g.err
	}
	return nil
}

// write appends one frame and syncs it; a failure is sticky.
func (g *Game) write(kind byte, payload []byte) error {
	g.buf = appendFrame(g.buf[:0], kind, payload)
	if err := writeSync(g.f, g.buf, g.off); err != nil {
		g.err = fmt.Errorf("journal: append to %s: %w", g.name, err)
		return g.err
	}
	g.off += int64(len(g.buf))
	return nil
}

func writeSync(f storage.File, data []byte, off int64) error {
	if _, err := f.WriteAt(data, off); err != nil {
		return err
	}
	return f.Sync()
}

// toHistory moves the finished game name from dir to dir/history.
func (j *Journal) toHistory(name string) error {
	src := filepath.Join(j.dir, name)
	base := strings.TrimSuffix(name, gameExt)
	if _, err := j.fs.Lstat(src); errors.Is(err, fs.ErrNotExist) {
		// Moved by an earlier try whose last folder sync failed; Repair,
		// the only caller that can find it so, synced both folders.
		return nil
	}
	for i := 1; ; i++ {
		dst := name
		if i > 1 {
			dst = fmt.Sprintf("%s-%d%s", base, i, gameExt)
		}
		err := j.linkNoReplace(src, filepath.Join(j.history, dst))
		if errors.Is(err, fs.ErrExist) {
			if j.fs.SameFile(src, filepath.Join(j.history, dst)) {
				break // a crash came between link and remove
			}
			continue
		}
		if err != nil {
			return fmt.Errorf("journal: move %s to history: %w", name, err)
		}
		break
	}
	if err := j.syncDir(j.history); err != nil {
		return err
	}
	// linkNoReplace renames instead of linking where links are unsupported.
	if err := j.fs.Remove(src); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("journal: move %s to history: %w", name, err)
	}
	return j.syncDir(j.dir)
}

// moveAside renames the unreadable game name aside (see rename), syncs the
// directory and records the problem.
func (j *Journal) moveAside(name string, why error, infix string) error {
	dst, err := j.rename(name, why, infix)
	if err != nil {
		return err
	}
	j.problems = append(j.problems, Problem{Kind: MovedAside, File: name, MovedTo: dst, Err: why})
	return j.syncDir(j.dir)
}

// rename renames the game name to name+infix+TIMESTAMP (never over an
// existing file) and returns the new name.
func (j *Journal) rename(name string, why error, infix string) (string, error) {
	return j.renameIn(j.dir, name, why, infix)
}

// renameIn is rename in the folder dir.
func (j *Journal) renameIn(dir, name string, why error, infix string) (string, error) {
	base := name + infix + j.opts.Now().UTC().Format(stampLayout)
	src := filepath.Join(dir, name)
	for i := 1; ; i++ {
		dst := base
		if i > 1 {
			dst = fmt.Sprintf("%s-%d", base, i)
		}
		err := j.renameNoReplace(src, filepath.Join(dir, dst))
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("journal: set %s aside (%v): %w", name, why, err)
		}
		return dst, nil
	}
}

// prune removes the oldest finished games beyond MaxHistoryGames, logging
// each removal. It counts games, never bytes, so that no game goes
// because another file is large: a file in the history larger than any
// game (MaxGameBytes), or one whose size cannot be read, is first set
// aside unread as NAME.corrupt-TIMESTAMP in history/, kept, not counted
// and never pruned, and reported as a HistoryAside Problem.
func (j *Journal) prune() error {
	names, err := historyNames(j.fs, j.history)
	if err != nil {
		return err
	}
	games := names[:0]
	changed := false
	for _, name := range names {
		path := filepath.Join(j.history, name)
		fi, err := j.fs.Lstat(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue // removed meanwhile by hand
		case errors.Is(err, fs.ErrPermission):
			return fmt.Errorf("journal: prune history: %w", err)
		case err == nil && fi.Size() <= j.opts.MaxGameBytes:
			games = append(games, name)
			continue
		case err == nil:
			err = &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w: %d bytes, the limit is %d", storage.ErrTooLarge, fi.Size(), j.opts.MaxGameBytes)}
		}
		moved, rerr := j.renameIn(j.history, name, err, corruptInfix)
		if rerr != nil {
			return rerr
		}
		changed = true
		p := Problem{Kind: HistoryAside, File: filepath.Join(historyDir, name), MovedTo: filepath.Join(historyDir, moved), Err: err}
		j.problems = append(j.problems, p)
		j.opts.Logger.Warn("history file set aside unread: larger than any game, or unreadable; it is kept, and not counted when pruning", "problem", p)
	}
	for i := 0; i < len(games)-j.opts.MaxHistoryGames; i++ {
		if err := j.fs.Remove(filepath.Join(j.history, games[i])); err != nil {
			return fmt.Errorf("journal: prune history: %w", err)
		}
		changed = true
		j.opts.Logger.Info("finished game pruned from the history: the oldest beyond the bound", "file", games[i], "max_history_games", j.opts.MaxHistoryGames)
	}
	if changed {
		return j.syncDir(j.history)
	}
	return nil
}

// historyNames lists the finished games in the history folder dir, oldest
// first.
func historyNames(fsys storage.FS, dir string) ([]string, error) {
	entries, err := fsys.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	var names []string
	for _, e := range entries {
		if _, ok := parseSeq(e.Name()); ok && e.Type().IsRegular() && strings.HasSuffix(e.Name(), gameExt) {
			names = append(names, e.Name())
		}
	}
	slices.SortFunc(names, bySeq)
	return names, nil
}

// parseSeq returns the sequence number a file name starts with, from 1 to
// maxSeq.
func parseSeq(name string) (int, bool) {
	digits, _, ok := strings.Cut(name, "-")
	if !ok {
		return 0, false
	}
	seq, err := strconv.ParseInt(digits, 10, 64)
	return int(seq), err == nil && seq > 0 && seq <= maxSeq
}

func bySeq(a, b string) int {
	sa, _ := parseSeq(a)
	sb, _ := parseSeq(b)
	return cmp.Or(cmp.Compare(sa, sb), strings.Compare(a, b))
}

// linkNoReplace gives src the additional name dst, failing with an error
// matching fs.ErrExist if dst exists. Where hard links are not supported it
// checks and renames instead: the journal's lock makes the directory ours.
func (j *Journal) linkNoReplace(src, dst string) error {
	err := j.fs.Link(src, dst)
	if err == nil || errors.Is(err, fs.ErrExist) || errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if _, serr := j.fs.Lstat(dst); serr == nil {
		return &os.LinkError{Op: "link", Old: src, New: dst, Err: fs.ErrExist}
	}
	return j.fs.Rename(src, dst)
}

// renameNoReplace renames src to dst, failing with an error matching
// fs.ErrExist if dst exists.
func (j *Journal) renameNoReplace(src, dst string) error {
	if err := j.linkNoReplace(src, dst); err != nil {
		return err
	}
	if err := j.fs.Remove(src); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// syncDir makes the directory's entries (creations, renames, removals)
// durable.
func (j *Journal) syncDir(dir string) error {
	if err := storage.SyncDir(j.fs, dir); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	return nil
}
