package registry

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"slices"
	"strings"
	"sync"

	"ttr/hal"
)

// maxFile bounds the size of a registry file Load reads: both boxes and
// both maps' tickets (296 cards) are 13 KB. The search of a damaged file
// for its intact lines reads 1 MiB of the worst damage in well under a
// second.
const maxFile = 1 << 20

// ErrCorrupt says a registry file is damaged or was cut short. Parse wraps
// it in a *DamageError that says how much was read.
var ErrCorrupt = errors.New("registry: file is damaged or incomplete")

// The first line of a registry file: version 2 checks every line on its
// own; version 1 (written before there were two boxes) had one checksum
// for the whole file, which Parse still reads.
const (
	header   = "ttr-card-registry 2"
	headerV1 = "ttr-card-registry 1"
)

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
	// saves counts the saves of this registry's file, written in its end
	// line, so that of two good copies the newer is known.
	saves int
}

// New returns an empty registry.
func New() *Registry { return newSized(0) }

func newSized(n int) *Registry {
	return &Registry{byUID: make(map[hal.UID]Card, n), byCard: make(map[Card]hal.UID, n)}
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

// checkUID reports a malformed UID.
func checkUID(uid hal.UID) error {
	ok := len(uid) == 8 || len(uid) == 14
	for i := 0; ok && i < len(uid); i++ {
		ok = strings.IndexByte("0123456789ABCDEF", uid[i]) >= 0
	}
	if !ok {
		return fmt.Errorf("registry: UID %q, want 8 or 14 upper-case hex digits", uid)
	}
	return nil
}

// Add enrols the tag uid as card c. It refuses a malformed UID or card, a
// UID enrolled already and a card enrolled already (with a *DuplicateError).
func (r *Registry) Add(uid hal.UID, c Card) error {
	if err := checkUID(uid); err != nil {
		return err
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

// Entries returns every enrolled card: the train cards by box, then in
// engine.CardID order (colour by colour), then the tickets by map, in the
// map's order.
func (r *Registry) Entries() []Entry {
	r.mu.RLock()
	defer r.mu.RUnlock()
	es := make([]Entry, 0, len(r.byUID))
	for u, c := range r.byUID {
		es = append(es, Entry{UID: u, Card: c})
	}
	slices.SortFunc(es, func(a, b Entry) int { return compareCards(a.Card, b.Card) })
	return es
}

// compareCards orders cards as Entries lists them.
func compareCards(a, b Card) int {
	return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Box, b.Box), cmp.Compare(a.Train, b.Train),
		cmp.Compare(a.Map, b.Map), cmp.Compare(a.Ticket, b.Ticket))
}

// MarshalText encodes the registry in its file format (version 2): a
// header, one line per card and an end line that counts the cards and the
// saves, each line but the header ending with its own checksum.
func (r *Registry) MarshalText() ([]byte, error) {
	es := r.Entries()
	r.mu.RLock()
	saves := r.saves
	r.mu.RUnlock()
	var b bytes.Buffer
	b.WriteString(header + "\n")
	for _, e := range es {
		writeLine(&b, string(e.UID)+" "+e.Card.String())
	}
	writeLine(&b, fmt.Sprintf("end cards=%d saves=%d", len(es), saves))
	return b.Bytes(), nil
}

// writeLine writes text and its checksum: " *" and the CRC-32 of text in
// eight hex digits. CRC-32 finds every change of up to 32 bits in a row,
// so any one damaged byte of a line.
func writeLine(b *bytes.Buffer, text string) {
	fmt.Fprintf(b, "%s *%08x\n", text, crc32.ChecksumIEEE([]byte(text)))
}

// A DamageError says what of a damaged registry file could not be read;
// it wraps ErrCorrupt. Parse returns it with every card it could read.
type DamageError struct {
	// Bad is the number of damaged lines: each costs at most one card.
	Bad int
	// Incomplete says the end line is missing or damaged, or counts more
	// cards than were read: cards may be missing beyond Bad.
	Incomplete bool
	// Want is the number of cards the end line counts, -1 when unknown.
	Want int
	// Reason says what was found, for the journal.
	Reason string
}

// Error says how much was read.
func (e *DamageError) Error() string {
	return fmt.Sprintf("%v: %s", ErrCorrupt, e.Reason)
}

// Unwrap returns ErrCorrupt.
func (e *DamageError) Unwrap() error { return ErrCorrupt }

// Parse decodes a registry file's contents. From a damaged file it returns
// every card whose line is intact, with a *DamageError (wrapping
// ErrCorrupt): one damaged line costs one card, never the others. A file of
// version 1 (one checksum for the whole file) is read whole or, damaged,
// not at all, since nothing says which of its lines changed.
func Parse(data []byte) (*Registry, error) {
	if bytes.HasPrefix(data, []byte(headerV1+"\n")) {
		return parseV1(data)
	}
	r := newSized(bytes.Count(data, []byte("\n")))
	d := &DamageError{Want: -1}
	var reasons []string
	damaged := func(format string, args ...any) {
		d.Bad++
		if len(reasons) < 3 {
			reasons = append(reasons, fmt.Sprintf(format, args...))
		}
	}
	lines := bytes.Split(data, []byte("\n"))
	if len(data) > 0 && data[len(data)-1] == '\n' {
		lines = lines[:len(lines)-1]
	} else if _, ok := record(lines[len(lines)-1]); ok {
		// Whole but for its newline; a line cut shorter fails its
		// checksum below.
		d.Incomplete = true
		reasons = append(reasons, "the last line has no newline")
	}
	first := 0
	if len(lines) > 0 && string(lines[0]) == header {
		first = 1
	} else {
		// A damaged header costs no card: every line has its own
		// checksum. It may have run into the first card's line.
		damaged("line 1: header damaged")
	}
	var end []string
	for i, line := range lines[first:] {
		n := first + i + 1
		recs, bad := records(line)
		if bad && n > 1 {
			damaged("line %d: checksum does not match", n)
		}
		for _, text := range recs {
			if rest, ok := strings.CutPrefix(text, "end "); ok {
				end = append(end, rest)
				continue
			}
			uid, card, _ := strings.Cut(text, " ")
			c, err := ParseCard(card)
			if err == nil {
				err = r.Add(hal.UID(uid), c)
			}
			if err != nil {
				// An intact line this table cannot use: written by hand,
				// or by a later version.
				damaged("line %d: %v", n, err)
			}
		}
	}
	switch {
	case len(end) != 1:
		d.Incomplete = true
		reasons = append(reasons, "no end line (the file was cut short or its end damaged)")
	default:
		var cards, saves int
		if _, err := fmt.Sscanf(end[0], "cards=%d saves=%d", &cards, &saves); err != nil {
			d.Incomplete = true
			reasons = append(reasons, fmt.Sprintf("end line %q unreadable", end[0]))
			break
		}
		d.Want, r.saves = cards, saves
		if cards > r.Len()+d.Bad {
			d.Incomplete = true
			reasons = append(reasons, fmt.Sprintf("the end line counts %d cards, %d lines were found", cards, r.Len()+d.Bad))
		}
	}
	if d.Bad == 0 && !d.Incomplete {
		return r, nil
	}
	d.Reason = fmt.Sprintf("%d cards read, %d damaged lines: %s", r.Len(), d.Bad, strings.Join(reasons, "; "))
	return r, d
}

// records returns the intact records of a line: its text before a " *"
// and eight hex digits that are its CRC-32. A line that is not one intact
// record is searched for intact records run together (the newline between
// two lines damaged, or the header's) and reported bad.
func records(line []byte) ([]string, bool) {
	if text, ok := record(line); ok {
		return []string{text}, false
	}
	var out []string
	start := 0
	for i := 0; i+10 <= len(line); i++ {
		if line[i] != ' ' || line[i+1] != '*' {
			continue
		}
		// The record ending here starts after the last one found, within
		// the longest a record's text can be.
		for s := max(start, i-maxRecord); s <= i; s++ {
			if text, ok := record(line[s : i+10]); ok {
				out = append(out, text)
				start = i + 10
				i += 9
				break
			}
		}
	}
	return out, true
}

// maxRecord bounds the text of a record ("04A1B2C3D4E5F6 ticket europe
// kobenhavn erzurum" is 48 bytes), so that the search of a damaged line
// stays linear in its length.
const maxRecord = 120

// record returns the text of line if line is exactly one intact record.
func record(line []byte) (string, bool) {
	n := len(line)
	if n < 10 || line[n-10] != ' ' || line[n-9] != '*' {
		return "", false
	}
	var want uint32
	for _, h := range line[n-8:] {
		v := strings.IndexByte("0123456789abcdef", h)
		if v < 0 {
			return "", false
		}
		want = want<<4 | uint32(v)
	}
	text := line[:n-10]
	if crc32.ChecksumIEEE(text) != want {
		return "", false
	}
	return string(text), true
}

// parseV1 reads a file of version 1: the header, "UID CARD" lines and a
// SHA-256 of everything before it.
func parseV1(data []byte) (*Registry, error) {
	corrupt := func(reason string) error {
		// Every line but the header and the checksum is a card lost.
		return &DamageError{Bad: max(1, bytes.Count(data, []byte("\n"))-2), Incomplete: true, Want: -1, Reason: reason + " (version 1 file: none of its cards can be trusted)"}
	}
	body, sumLine, ok := cutLastLine(data)
	if !ok || !strings.HasPrefix(sumLine, "sha256 ") {
		return nil, corrupt("no checksum at the end (the file was cut short)")
	}
	sum := sha256.Sum256(body)
	if strings.TrimPrefix(sumLine, "sha256 ") != hex.EncodeToString(sum[:]) {
		return nil, corrupt("the checksum does not match the contents")
	}
	r := New()
	lines := strings.Split(strings.TrimSuffix(string(body), "\n"), "\n")
	for i, text := range lines[1:] {
		uid, card, _ := strings.Cut(text, " ")
		c, err := ParseCard(card)
		if err == nil {
			err = r.Add(hal.UID(uid), c)
		}
		if err != nil {
			return nil, fmt.Errorf("registry: line %d: %w", i+2, err)
		}
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
