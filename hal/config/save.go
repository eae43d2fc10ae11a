package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"ttr/hal/storage"
)

// Settings are the parts of the config the owner changes on the glass:
// the table's language and map, the sound, and each seat's colour and
// player's name.
type Settings struct {
	Language string // "es", "ro" or "en"
	Map      string // "europe", "usa", or "" to leave the file's as it is
	Sound    Sound
	Seats    []SeatSettings // by seat; fewer than the file's leaves the others
}

// SeatSettings are one seat's settings.
type SeatSettings struct {
	Color string // "red", "blue", "green", "yellow" or "black"
	Name  string // "" for none: the table calls the player by their colour
}

// SettingsOf returns c's settings.
func SettingsOf(c *Config) Settings {
	s := Settings{Language: c.Language, Map: c.Map, Sound: c.Sound}
	for _, seat := range c.Seats {
		s.Seats = append(s.Seats, SeatSettings{Color: seat.Color, Name: seat.Name})
	}
	return s
}

// Apply sets c's settings to s.
func (s Settings) Apply(c *Config) {
	c.Language, c.Sound = s.Language, s.Sound
	if s.Map != "" {
		c.Map = s.Map
	}
	for i := range min(len(s.Seats), len(c.Seats)) {
		c.Seats[i].Color, c.Seats[i].Name = s.Seats[i].Color, s.Seats[i].Name
	}
}

// ErrNotSaved wraps the errors of Save that leave the file as it was
// because of its contents (not JSON, settings the file cannot hold).
var ErrNotSaved = errors.New("config: settings not saved")

// MaxFile is the largest config file Save reads.
const MaxFile = 1 << 20

// BackupSuffix names the copy of the previous config Save keeps beside
// it: table.json.bak.
const BackupSuffix = ".bak"

// Save writes s into the config file at path on fsys, changing only the
// values of those settings: everything else the owner wrote (order,
// spacing, other fields) stays byte for byte. A setting the file does not
// give is added after the fields around it.
//
// The write is atomic and durable, so that a power cut at any moment
// leaves the old file or the new one, never a broken or missing config:
// the previous file is first copied to path+BackupSuffix (replaced the
// same way), then the new contents are written to a temporary file in the
// same folder, synced, renamed over path, and the folder synced. A file
// that is not JSON is not touched (ErrNotSaved): the table cannot say
// which bytes are the settings.
func Save(fsys storage.FS, path string, s Settings) error {
	old, err := storage.ReadFile(fsys, path, MaxFile)
	if err != nil {
		return fmt.Errorf("config: save %s: %w", path, err)
	}
	data, err := spliceSettings(old, s)
	if err != nil {
		return fmt.Errorf("%w: %s: %w", ErrNotSaved, path, err)
	}
	if bytes.Equal(data, old) {
		return nil
	}
	if err := WriteFile(fsys, path+BackupSuffix, old); err != nil {
		return err
	}
	return WriteFile(fsys, path, data)
}

// WriteFile replaces the file at path with data atomically and durably:
// a temporary file in the same folder is written, synced, renamed over
// path, and the folder synced. Temporary files an earlier call cut by a
// power cut left are removed. Backups of the history and the registry on
// the boot partition are written the same way.
func WriteFile(fsys storage.FS, path string, data []byte) error {
	if err := storage.WriteAtomic(fsys, path, data, 0o644); err != nil {
		return fmt.Errorf("config: write %s: %w", path, err)
	}
	return nil
}

// splice replaces data[from:to] with text.
type splice struct {
	from, to int64
	text     string
}

// spliceSettings returns data with s's values in place of the file's.
func spliceSettings(data []byte, s Settings) ([]byte, error) {
	if !slices.Contains(Languages, s.Language) {
		return nil, fmt.Errorf("language %q", s.Language)
	}
	if s.Map != "" && !slices.Contains(Maps, s.Map) {
		return nil, fmt.Errorf("map %q", s.Map)
	}
	if s.Sound.Volume < 0 || s.Sound.Volume > 100 {
		return nil, fmt.Errorf("volume %d", s.Sound.Volume)
	}
	body := data
	if bom := "\xEF\xBB\xBF"; strings.HasPrefix(string(data), bom) {
		body = append([]byte("   "), data[len(bom):]...)
	}
	root, err := parse(body)
	if err != nil {
		return nil, fmt.Errorf("not valid JSON: %w", err)
	}
	if root.kind != '{' {
		return nil, errors.New("not a JSON object")
	}
	var edits []splice
	set := func(obj *node, key, value string, after ...string) {
		for _, f := range obj.fields {
			if f.key == key {
				if string(data[f.val.off:f.val.end]) != value {
					edits = append(edits, splice{f.val.off, f.val.end, value})
				}
				return
			}
		}
		edits = append(edits, insertField(data, obj, key, value, after))
	}
	set(root, "language", strconv.Quote(s.Language))
	if s.Map != "" {
		set(root, "map", strconv.Quote(s.Map), "language")
	}
	if sn := fieldOf(root, "sound"); sn != nil && sn.kind == '{' {
		set(sn, "volume", strconv.Itoa(s.Sound.Volume))
		set(sn, "mute", strconv.FormatBool(s.Sound.Mute), "volume")
	} else {
		v := fmt.Sprintf(`{"volume": %d, "mute": %t}`, s.Sound.Volume, s.Sound.Mute)
		if sn != nil {
			edits = append(edits, splice{sn.off, sn.end, v})
		} else {
			edits = append(edits, insertField(data, root, "sound", v, nil))
		}
	}
	seats := fieldOf(root, "seats")
	if len(s.Seats) > 0 && (seats == nil || seats.kind != '[' || len(seats.elems) < len(s.Seats)) {
		return nil, fmt.Errorf("the file has fewer seats than the %d to save", len(s.Seats))
	}
	names := map[string]bool{}
	colors := map[string]bool{}
	for i, ss := range s.Seats {
		if !slices.Contains(Colors, ss.Color) || colors[ss.Color] {
			return nil, fmt.Errorf("seat %d: colour %q (a known one, each once)", i+1, ss.Color)
		}
		colors[ss.Color] = true
		sn := seats.elems[i]
		if sn.kind != '{' {
			return nil, fmt.Errorf("seats[%d] is not an object", i)
		}
		set(sn, "color", strconv.Quote(ss.Color), "edge")
		name := strings.TrimSpace(ss.Name)
		if name == "" {
			if f := fieldIndex(sn, "name"); f >= 0 {
				edits = append(edits, removeField(data, sn, f))
			}
			continue
		}
		w := &walker{data: data}
		if w.name(&node{kind: 's', str: name}, "name") == "" || names[strings.ToLower(name)] {
			return nil, fmt.Errorf("seat %d: name %q", i+1, name)
		}
		names[strings.ToLower(name)] = true
		set(sn, "name", jsonString(name), "color")
	}
	slices.SortFunc(edits, func(a, b splice) int { return int(b.from - a.from) })
	out := append([]byte(nil), data...)
	for _, e := range edits { // from the end, so that offsets hold
		out = append(out[:e.from:e.from], append([]byte(e.text), out[e.to:]...)...)
	}
	if _, err := Parse(out); err != nil {
		return nil, fmt.Errorf("the settings make the file invalid: %w", err)
	}
	return out, nil
}

// jsonString quotes s as JSON does, keeping letters such as ñ and ș as
// they are.
func jsonString(s string) string {
	b, _ := json.Marshal(s) // a string always marshals
	return string(b)
}

func fieldIndex(n *node, key string) int {
	for i, f := range n.fields {
		if f.key == key {
			return i
		}
	}
	return -1
}

// insertField returns the splice adding "key": value to obj: after the
// first of the after fields it has, else after its last field, on a line
// of its own when the file puts that field on one.
func insertField(data []byte, obj *node, key, value string, after []string) splice {
	text := strconv.Quote(key) + ": " + value
	if len(obj.fields) == 0 {
		// "{}" or "{ }": the object's inside becomes the field.
		return splice{obj.off + 1, obj.end - 1, text}
	}
	prev := obj.fields[len(obj.fields)-1]
	for _, a := range after {
		if i := fieldIndex(obj, a); i >= 0 {
			prev = obj.fields[i]
			break
		}
	}
	// The separator imitates the file's: a new line with the key's
	// indentation when the field before starts a line, else a space.
	sep := ", "
	ls := bytes.LastIndexByte(data[:prev.off], '\n') + 1
	if strings.TrimSpace(string(data[ls:prev.off])) == "" {
		sep = ",\n" + string(data[ls:prev.off])
	}
	return splice{prev.val.end, prev.val.end, sep + text}
}

// removeField returns the splice removing obj's field i with its comma.
func removeField(data []byte, obj *node, i int) splice {
	f := obj.fields[i]
	if i > 0 {
		return splice{obj.fields[i-1].val.end, f.val.end, ""}
	}
	if len(obj.fields) > 1 {
		return splice{f.off, obj.fields[1].off, ""}
	}
	return splice{obj.off + 1, obj.end - 1, ""}
}
