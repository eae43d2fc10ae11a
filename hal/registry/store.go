package registry

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"ttr/hal/storage"
)

// ErrCopy is wrapped by the error of Save when the registry was saved but
// one of its copies (Store.Backup, the previous version) was not: nothing
// enrolled is lost, one safety net is missing.
var ErrCopy = errors.New("registry: a copy was not saved")

// A Store is where a registry is kept: its file, the previous version of
// that file beside it (Path + ".prev") and a backup copy elsewhere.
type Store struct {
	// FS is the file system of Path and Backup; nil means storage.OS.
	FS storage.FS
	// Path is the registry file (the config's registry).
	Path string
	// Backup is a copy written after the registry at every save, on
	// another partition ("" for none).
	Backup string
}

// Prev returns the file that holds the registry as it was before the last
// save.
func (s Store) Prev() string { return s.Path + ".prev" }

func (s Store) fs() storage.FS {
	if s.FS == nil {
		return storage.OS
	}
	return s.FS
}

// A Report says how Load found the registry, for the journal and the
// start screen.
type Report struct {
	// Path is the registry file.
	Path string
	// Cards is the number of cards the loaded registry knows.
	Cards int
	// Missing says there was no registry file: nothing enrolled yet, or
	// it was deleted (Copy then says where the cards came from).
	Missing bool
	// Damaged says the registry file was damaged or cut short; Bad is the
	// number of its lines that could not be read, each one card at most.
	Damaged bool
	Bad     int
	// Copy is the copy the registry was completed from (the previous
	// version or the backup, the newer of those that are intact), "" when
	// none was used.
	Copy string
	// Err is the error that made the registry file unreadable, or what
	// was damaged in it; nil when it was read whole.
	Err error
	// Stale says the files should be written again: the registry is in
	// the old format, was completed from a copy, or a copy is missing or
	// older. Save does it.
	Stale bool
}

// OK reports whether the registry file was read whole.
func (r Report) OK() bool { return !r.Missing && !r.Damaged && r.Err == nil }

// Load reads the registry. An intact file is the registry. A damaged one
// gives every card whose line is intact, completed with the cards of the
// newest intact copy that do not contradict it; a missing or unreadable
// one gives the newest intact copy, or an empty registry. Load never
// fails: the Report says what was found, and the registry is always
// usable. It writes nothing (Save does, when Report.Stale).
func (s Store) Load() (*Registry, Report) {
	fsys := s.fs()
	rep := Report{Path: s.Path}
	reg, err := readFile(fsys, s.Path)
	switch {
	case err == nil:
	case errors.Is(err, fs.ErrNotExist):
		rep.Missing = true
	case errors.Is(err, ErrCorrupt):
		rep.Damaged, rep.Err = true, err
		var d *DamageError
		if errors.As(err, &d) {
			rep.Bad = d.Bad
		}
	default:
		rep.Err = err
	}
	if rep.OK() {
		rep.Cards = reg.Len()
		rep.Stale = s.staleCopies(reg)
		return reg, rep
	}
	// The newest intact copy.
	var copyReg *Registry
	for _, p := range []string{s.Prev(), s.Backup} {
		if p == "" {
			continue
		}
		if c, err := readFile(fsys, p); err == nil && (copyReg == nil || c.saves > copyReg.saves) {
			copyReg, rep.Copy = c, p
		}
	}
	if reg == nil {
		reg = New()
	}
	if copyReg != nil {
		added := 0
		for _, e := range copyReg.Entries() {
			if reg.Add(e.UID, e.Card) == nil {
				added++
			}
		}
		reg.saves = max(reg.saves, copyReg.saves)
		if added == 0 && !rep.Missing && reg.Len() > 0 {
			rep.Copy = "" // the damaged file knew every card of the copy
		}
	}
	rep.Cards = reg.Len()
	rep.Stale = reg.Len() > 0
	return reg, rep
}

// staleCopies reports whether a copy of the intact registry reg is
// missing, older or damaged, or reg was in the old format.
func (s Store) staleCopies(reg *Registry) bool {
	if reg.saves == 0 {
		return true // version 1, or never saved by Save
	}
	if s.Backup == "" {
		return false
	}
	c, err := readFile(s.fs(), s.Backup)
	return err != nil || c.saves != reg.saves
}

// readFile reads and parses one registry file.
func readFile(fsys storage.FS, path string) (*Registry, error) {
	data, err := storage.ReadFile(fsys, path, maxFile)
	if err != nil {
		return nil, fmt.Errorf("registry: %w", err)
	}
	r, err := Parse(data)
	if err != nil {
		return r, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// Save writes reg to the registry file, atomically (a power cut leaves
// the file as it was or as it is now, never a mix); the file it replaces,
// if intact, becomes the previous version, and the backup copy is written
// last. An error wrapping ErrCopy says the registry was saved but a copy
// was not.
func (s Store) Save(reg *Registry) error {
	fsys := s.fs()
	old, oerr := storage.ReadFile(fsys, s.Path, maxFile)
	reg.mu.Lock()
	reg.saves++
	reg.mu.Unlock()
	data, _ := reg.MarshalText()
	var copyErr error
	if oerr == nil {
		if _, err := Parse(old); err == nil {
			copyErr = writeAtomic(fsys, s.Prev(), old)
		}
	}
	if err := writeAtomic(fsys, s.Path, data); err != nil {
		return err
	}
	if s.Backup != "" {
		// The backup's folder (the owner's backups, on another partition)
		// is made at the first save.
		err := storage.MkdirAll(fsys, filepath.Dir(s.Backup), 0o755)
		if err == nil {
			err = writeAtomic(fsys, s.Backup, data)
		}
		copyErr = errors.Join(copyErr, err)
	}
	if copyErr != nil {
		return fmt.Errorf("%w: %w", ErrCopy, copyErr)
	}
	return nil
}

// Load reads the registry file at path alone, with no copies: an intact
// file, or an error (wrapping ErrCorrupt for a damaged one).
func Load(path string) (*Registry, error) { return LoadFS(storage.OS, path) }

// LoadFS is Load on fsys.
func LoadFS(fsys storage.FS, path string) (*Registry, error) {
	r, err := readFile(fsys, path)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// SaveFS writes the registry to path on fsys alone, atomically, with no
// copies (Store.Save keeps them). It also removes the temporary files an
// earlier save cut by a crash left next to path.
func (r *Registry) SaveFS(fsys storage.FS, path string) error {
	data, _ := r.MarshalText()
	return writeAtomic(fsys, path, data)
}

func writeAtomic(fsys storage.FS, path string, data []byte) error {
	if err := storage.WriteAtomic(fsys, path, data, 0o640); err != nil {
		return fmt.Errorf("registry: save %s: %w", path, err)
	}
	return nil
}
