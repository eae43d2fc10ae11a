package registry

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"ttr/hal"
	"ttr/hal/storage"
)

// maxFile bounds the size of a registry file Load reads: a full set of
// decks is a few kilobytes.
const maxFile = 4 << 20

// ErrCorrupt says a registry file is damaged or was cut short.
var ErrCorrupt = errors.New("registry: file is damaged or incomplete")

// header is the first line of a registry file.
const header = "ttr-card-registry 1"

var uidPattern = regexp.MustCompile(`^([0-9A-F]{8}|[0-9A-F]{14})$`)

// An Entry is one enrolled card.
type Entry struct {
	UID  hal.UID
	Card Card
}

// Registry maps tag UIDs to cards. It is safe for concurrent use.
type Registry struct {
	mu     sync.RWMutex
	byUID  map[hal.UID]Card
	byCard map[Card]hal.UID
}

// New returns an empty registry.
func New() *Registry {
	return &Registry{byUID: map[hal.UID]Card{}, byCard: map[Card]hal.UID{}}
}

// Lookup returns the card whose tag is uid; false for an unknown tag.
func (r *Registry) Lookup(uid hal.UID) (Card, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	c, ok := r.byUID[uid]
	return c, ok
}

// UID returns the UID enrolled for card c.
func (r *Registry) UID(c Card) (hal.UID, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	u, ok := r.byCard[c]
	return u, ok
}

// Len returns how many cards are enrolled.
func (r *Registry) Len() int {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return len(r.byUID)
}

// A DuplicateError says a UID or a card is enrolled already.
type DuplicateError struct {
	UID  hal.UID
	Card Card // the card the UID, or the UID's card, is enrolled as
}

// Error names the tag and the card it is enrolled as.
func (e *DuplicateError) Error() string {
	return fmt.Sprintf("registry: tag %s is already enrolled as %s", e.UID, e.Card)
}

// Add enrols the tag uid as card c. It refuses a malformed UID or card, a
// UID enrolled already and a card enrolled already (with a *DuplicateError).
func (r *Registry) Add(uid hal.UID, c Card) error {
	if !uidPattern.MatchString(string(uid)) {
		return fmt.Errorf("registry: UID %q, want 8 or 14 upper-case hex digits", uid)
	}
	if err := c.Validate(); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if old, ok := r.byUID[uid]; ok {
		return &DuplicateError{UID: uid, Card: old}
	}
	if old, ok := r.byCard[c]; ok {
		return &DuplicateError{UID: old, Card: c}
	}
	r.byUID[uid] = c
	r.byCard[c] = uid
	return nil
}

// Remove forgets card c, for a card whose sticker was replaced; false if it
// was not enrolled.
func (r *Registry) Remove(c Card) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	u, ok := r.byCard[c]
	if ok {
		delete(r.byCard, c)
		delete(r.byUID, u)
	}
	return ok
}

// Entries returns every enrolled card, sorted by card name.
func (r *Registry) Entries() []Entry {
	r.mu.RLock()
	defer r.mu.RUnlock()
	es := make([]Entry, 0, len(r.byUID))
	for u, c := range r.byUID {
		es = append(es, Entry{UID: u, Card: c})
	}
	sort.Slice(es, func(i, j int) bool { return es[i].Card.String() < es[j].Card.String() })
	return es
}

// MarshalText encodes the registry in its file format.
func (r *Registry) MarshalText() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(header + "\n")
	for _, e := range r.Entries() {
		fmt.Fprintf(&b, "%s %s\n", e.UID, e.Card)
	}
	sum := sha256.Sum256(b.Bytes())
	fmt.Fprintf(&b, "sha256 %s\n", hex.EncodeToString(sum[:]))
	return b.Bytes(), nil
}

// Parse decodes a registry file's contents. A file cut short or changed
// gives an error wrapping ErrCorrupt.
func Parse(data []byte) (*Registry, error) {
	body, sumLine, ok := cutLastLine(data)
	if !ok || !strings.HasPrefix(sumLine, "sha256 ") {
		return nil, fmt.Errorf("%w: no checksum at the end (the file was cut short)", ErrCorrupt)
	}
	sum := sha256.Sum256(body)
	if strings.TrimPrefix(sumLine, "sha256 ") != hex.EncodeToString(sum[:]) {
		return nil, fmt.Errorf("%w: the checksum does not match the contents", ErrCorrupt)
	}
	r := New()
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(nil, len(body)+1) // a line as long as the file, never cut
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if line == 1 {
			if text != header {
				return nil, fmt.Errorf("registry: line 1: got %q, want %q", text, header)
			}
			continue
		}
		uid, card, _ := strings.Cut(text, " ")
		c, err := ParseCard(card)
		if err != nil {
			return nil, fmt.Errorf("registry: line %d: %w", line, err)
		}
		if err := r.Add(hal.UID(uid), c); err != nil {
			return nil, fmt.Errorf("registry: line %d: %w", line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: line %d: %v", ErrCorrupt, line+1, err)
	}
	if line == 0 {
		return nil, fmt.Errorf("%w: no header", ErrCorrupt)
	}
	return r, nil
}

// cutLastLine splits data before its last, newline-terminated line.
func cutLastLine(data []byte) ([]byte, string, bool) {
	if len(data) == 0 || data[len(data)-1] != '\n' {
		return nil, "", false
	}
	i := bytes.LastIndexByte(data[:len(data)-1], '\n')
	if i < 0 {
		return nil, "", false
	}
	return data[:i+1], string(data[i+1 : len(data)-1]), true
}

// Load reads the registry file at path.
func Load(path string) (*Registry, error) { return LoadFS(storage.OS, path) }

// LoadFS reads the registry file at path in fsys.
func LoadFS(fsys storage.FS, path string) (*Registry, error) {
	data, err := storage.ReadFile(fsys, path, maxFile)
	if err != nil {
		return nil, fmt.Errorf("registry: %w", err)
	}
	r, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// SaveFS writes the registry to path on fsys (storage.OS on the table)
// atomically: a power cut leaves either the previous file or the new one,
// never a mix. It also removes the temporary files an earlier SaveFS cut by
// a crash left next to path.
func (r *Registry) SaveFS(fsys storage.FS, path string) error {
	data, _ := r.MarshalText()
	return writeAtomic(fsys, path, data)
}

func writeAtomic(fsys storage.FS, path string, data []byte) error {
	dir, name := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	prefix := "." + name + ".tmp-"
	if entries, err := fsys.ReadDir(dir); err == nil {
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), prefix) {
				fsys.Remove(filepath.Join(dir, e.Name()))
			}
		}
	}
	f, err := storage.CreateTemp(fsys, dir, prefix, 0o640)
	if err != nil {
		return fmt.Errorf("registry: save %s: %w", path, err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = fsys.Rename(tmp, path)
	}
	if err != nil {
		fsys.Remove(tmp)
		// The error names path, not the temporary file that is gone.
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("registry: save %s: %w", path, err)
	}
	if err := storage.SyncDir(fsys, dir); err != nil {
		return fmt.Errorf("registry: save %s: %w", path, err)
	}
	return nil
}
