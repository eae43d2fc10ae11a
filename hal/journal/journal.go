package journal

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Defaults for the zero fields of Opts.
const (
	// DefaultMaxHistoryGames keeps about a year of evening games.
	DefaultMaxHistoryGames = 500
	// DefaultMaxHistoryBytes is far more than 500 games use (a game is a few
	// tens of kilobytes) and far less than any SD card holds.
	DefaultMaxHistoryBytes = 64 << 20
)

// Errors returned by Journal and Game methods; compare with errors.Is.
var (
	ErrFinished   = errors.New("journal: game is finished")
	ErrClosed     = errors.New("journal: closed")
	ErrUnfinished = errors.New("journal: a game is unfinished; finish it before starting another")
	ErrTooLarge   = fmt.Errorf("journal: record larger than %d bytes", MaxRecord)
)

const (
	historyDir   = "history"
	lockName     = "lock"
	gameExt      = ".game"
	tmpExt       = ".tmp"
	corruptInfix = ".corrupt-"
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
	// DefaultMaxHistoryGames.
	MaxHistoryGames int
	// MaxHistoryBytes bounds the bytes the finished games use; 0 means
	// DefaultMaxHistoryBytes.
	MaxHistoryBytes int64
}

// A Journal is a directory of game logs owned by one process. Its methods,
// and those of its Game, are safe for concurrent use.
type Journal struct {
	dir, history string
	opts         Opts
	lock         *os.File

	mu       sync.Mutex
	closed   bool
	game     *Game // the unfinished game, or nil
	nextSeq  int
	problems []Problem
}

// A Game is one game's log, open for appending.
type Game struct {
	j       *Journal
	name    string
	f       *os.File
	off     int64
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
// finished games to history, truncates a torn last record, moves unreadable
// files aside and prunes the history. What it repaired is in Problems; the
// game to resume, if any, is Current.
func Open(dir string, opts Opts) (*Journal, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.MaxHistoryGames <= 0 {
		opts.MaxHistoryGames = DefaultMaxHistoryGames
	}
	if opts.MaxHistoryBytes <= 0 {
		opts.MaxHistoryBytes = DefaultMaxHistoryBytes
	}
	j := &Journal{dir: dir, history: filepath.Join(dir, historyDir), opts: opts, nextSeq: 1}
	if err := os.MkdirAll(j.history, dirPerm); err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	lock, err := os.OpenFile(filepath.Join(dir, lockName), os.O_RDWR|os.O_CREATE, filePerm)
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		lock.Close()
		return nil, fmt.Errorf("journal: %s is in use by another process: %w", dir, err)
	}
	j.lock = lock
	if err := j.recover(); err != nil {
		j.Close()
		return nil, err
	}
	return j, nil
}

// recover brings the directory back to a state Open promises: at most one
// unfinished game, open for appending, and a pruned history.
func (j *Journal) recover() error {
	entries, err := os.ReadDir(j.dir)
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	hist, err := os.ReadDir(j.history)
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	for _, e := range hist {
		j.seen(e.Name())
	}
	var games []string
	dirty := false
	for _, e := range entries {
		name := e.Name()
		j.seen(name)
		switch {
		case !e.Type().IsRegular():
		case strings.HasSuffix(name, gameExt+tmpExt):
			// Start never returned this game: nothing of it was shown.
			if err := os.Remove(filepath.Join(j.dir, name)); err != nil {
				return fmt.Errorf("journal: %w", err)
			}
			dirty = true
		case strings.HasSuffix(name, gameExt):
			if _, ok := parseSeq(name); ok {
				games = append(games, name)
			}
		}
	}
	if dirty {
		if err := syncDir(j.dir); err != nil {
			return err
		}
	}
	slices.SortFunc(games, bySeq)
	var unfinished []*Game
	for _, name := range games {
		g, err := j.load(name)
		if err != nil {
			for _, g := range unfinished {
				g.f.Close()
			}
			return err
		}
		if g != nil {
			unfinished = append(unfinished, g)
		}
	}
	// Start refuses a second unfinished game, so several can only come from
	// outside this package. Resume the newest; set the others aside.
	for len(unfinished) > 1 {
		g := unfinished[0]
		unfinished = unfinished[1:]
		g.f.Close()
		if err := j.moveAside(g.name, errors.New("journal: a newer unfinished game exists")); err != nil {
			for _, g := range unfinished {
				g.f.Close()
			}
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
// aside.
func (j *Journal) load(name string) (*Game, error) {
	path := filepath.Join(j.dir, name)
	data, err := os.ReadFile(path)
	if err != nil {
		// An unreadable file (EIO on a failing card) is set aside like a
		// corrupt one, so that a new game can start.
		return nil, j.moveAside(name, err)
	}
	l, err := Decode(data)
	if err == nil && l.Header == nil {
		err = &CorruptError{l.Valid, "no complete header record"}
	}
	if err != nil {
		return nil, j.moveAside(name, err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return nil, j.moveAside(name, err)
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
// header included, when Start returns. It fails with ErrUnfinished while
// another game is unfinished.
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
	name := fmt.Sprintf("%06d-%s%s", j.nextSeq, j.opts.Now().UTC().Format(stampLayout), gameExt)
	j.nextSeq++
	path := filepath.Join(j.dir, name)
	tmp := path + tmpExt
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, filePerm)
	if err != nil {
		return nil, fmt.Errorf("journal: start: %w", err)
	}
	data := appendFrame([]byte(magic), kindHeader, header)
	err = writeSync(f, data, 0)
	if err == nil {
		err = renameNoReplace(tmp, path)
	}
	if err == nil {
		err = syncDir(j.dir)
	}
	if err != nil {
		f.Close()
		os.Remove(tmp)
		return nil, fmt.Errorf("journal: start %s: %w", name, err)
	}
	j.game = &Game{j: j, name: name, f: f, off: int64(len(data)), header: bytes.Clone(header)}
	return j.game, nil
}

// History returns the finished games, newest first, reading each file. It
// does not hold up Append; a game pruned meanwhile has Err set.
func (j *Journal) History() ([]Entry, error) {
	names, err := j.historyNames()
	if err != nil {
		return nil, err
	}
	slices.Reverse(names)
	out := make([]Entry, 0, len(names))
	for _, name := range names {
		e := Entry{Name: name}
		data, err := os.ReadFile(filepath.Join(j.history, name))
		e.Size = int64(len(data))
		var l *Log
		if err == nil {
			l, err = Decode(data)
		}
		if err == nil && (l.Torn > 0 || !l.Finished) {
			err = &CorruptError{l.Valid, "finished game without its finish record"}
		}
		if l != nil {
			e.Header, e.Records, e.Summary = l.Header, len(l.Records), l.Summary
		}
		e.Err = err
		out = append(out, e)
	}
	return out, nil
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
// accepts no more records (the file's tail is then unknown; the next Open
// reads what reached the disk).
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
// summary is durable the game is finished even if the move fails; the next
// Open completes it.
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
	err := g.f.Close()
	if err == nil {
		err = j.toHistory(g.name)
	}
	if err == nil {
		err = j.prune()
	}
	return err
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

func writeSync(f *os.File, data []byte, off int64) error {
	if _, err := f.WriteAt(data, off); err != nil {
		return err
	}
	return f.Sync()
}

// toHistory moves the finished game name from dir to dir/history.
func (j *Journal) toHistory(name string) error {
	src := filepath.Join(j.dir, name)
	base := strings.TrimSuffix(name, gameExt)
	for i := 1; ; i++ {
		dst := name
		if i > 1 {
			dst = fmt.Sprintf("%s-%d%s", base, i, gameExt)
		}
		err := linkNoReplace(src, filepath.Join(j.history, dst))
		if errors.Is(err, fs.ErrExist) {
			if same(src, filepath.Join(j.history, dst)) {
				break // a crash came between link and remove
			}
			continue
		}
		if err != nil {
			return fmt.Errorf("journal: move %s to history: %w", name, err)
		}
		break
	}
	if err := syncDir(j.history); err != nil {
		return err
	}
	// linkNoReplace renames instead of linking where links are unsupported.
	if err := os.Remove(src); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("journal: move %s to history: %w", name, err)
	}
	return syncDir(j.dir)
}

// moveAside renames the unreadable game name to name.corrupt-TIMESTAMP (never
// over an existing file) and records the problem.
func (j *Journal) moveAside(name string, why error) error {
	base := name + corruptInfix + j.opts.Now().UTC().Format(stampLayout)
	src := filepath.Join(j.dir, name)
	for i := 1; ; i++ {
		dst := base
		if i > 1 {
			dst = fmt.Sprintf("%s-%d", base, i)
		}
		err := renameNoReplace(src, filepath.Join(j.dir, dst))
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf("journal: move %s aside: %w", name, err)
		}
		j.problems = append(j.problems, Problem{Kind: MovedAside, File: name, MovedTo: dst, Err: why})
		return syncDir(j.dir)
	}
}

// prune removes the oldest finished games beyond the history bounds.
func (j *Journal) prune() error {
	names, err := j.historyNames()
	if err != nil {
		return err
	}
	sizes := make([]int64, len(names))
	var total int64
	for i, name := range names {
		fi, err := os.Stat(filepath.Join(j.history, name))
		if err != nil {
			return fmt.Errorf("journal: prune history: %w", err)
		}
		sizes[i] = fi.Size()
		total += sizes[i]
	}
	removed := 0
	for len(names)-removed > j.opts.MaxHistoryGames || total > j.opts.MaxHistoryBytes {
		if err := os.Remove(filepath.Join(j.history, names[removed])); err != nil {
			return fmt.Errorf("journal: prune history: %w", err)
		}
		total -= sizes[removed]
		removed++
	}
	if removed > 0 {
		return syncDir(j.history)
	}
	return nil
}

// historyNames lists the finished games, oldest first.
func (j *Journal) historyNames() ([]string, error) {
	entries, err := os.ReadDir(j.history)
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

// parseSeq returns the sequence number a file name starts with.
func parseSeq(name string) (int, bool) {
	digits, _, ok := strings.Cut(name, "-")
	if !ok {
		return 0, false
	}
	seq, err := strconv.Atoi(digits)
	return seq, err == nil && seq > 0
}

func bySeq(a, b string) int {
	sa, _ := parseSeq(a)
	sb, _ := parseSeq(b)
	return cmp.Or(cmp.Compare(sa, sb), strings.Compare(a, b))
}

// linkNoReplace gives src the additional name dst, failing with an error
// matching fs.ErrExist if dst exists. Where hard links are not supported it
// checks and renames instead: the journal's lock makes the directory ours.
func linkNoReplace(src, dst string) error {
	err := os.Link(src, dst)
	if err == nil || errors.Is(err, fs.ErrExist) {
		return err
	}
	if _, serr := os.Lstat(dst); serr == nil {
		return &os.LinkError{Op: "link", Old: src, New: dst, Err: fs.ErrExist}
	}
	return os.Rename(src, dst)
}

// renameNoReplace renames src to dst, failing with an error matching
// fs.ErrExist if dst exists.
func renameNoReplace(src, dst string) error {
	if err := linkNoReplace(src, dst); err != nil {
		return err
	}
	if err := os.Remove(src); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

func same(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// syncDir makes the directory's entries (creations, renames, removals)
// durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("journal: sync %s: %w", dir, err)
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("journal: sync %s: %w", dir, err)
	}
	return nil
}
