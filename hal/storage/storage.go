// Package storage is the file system the table's durable state is written
// through: the game journal (hal/journal) and the card registry
// (hal/registry). OS is the real one; storagetest.Disk is a simulated disk
// that tests can fault (failed or short writes and fsyncs, a full disk,
// refused permissions) and cut the power of, dropping what was never
// synced, so that a test fails when an fsync is missing.
//
// storage imports only the standard library.
package storage

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// FS is what the journal and the registry need of a file system. Names are
// paths as the os package takes them.
type FS interface {
	// OpenFile opens a file or, read-only, a directory (to sync it).
	OpenFile(name string, flag int, perm fs.FileMode) (File, error)
	ReadDir(name string) ([]fs.DirEntry, error)
	// Lstat returns the named file's information without following a
	// symbolic link.
	Lstat(name string) (fs.FileInfo, error)
	Mkdir(name string, perm fs.FileMode) error
	Remove(name string) error
	Rename(oldname, newname string) error
	// Link gives oldname the additional name newname; an error matching
	// fs.ErrExist if newname exists.
	Link(oldname, newname string) error
	// SameFile reports whether a and b name the same file.
	SameFile(a, b string) bool
	// Lock takes an exclusive lock on the file name, created if needed,
	// without waiting; Close releases it.
	Lock(name string) (io.Closer, error)
}

// File is an open file of an FS.
type File interface {
	io.Reader
	io.Writer
	io.ReaderAt
	io.WriterAt
	io.Closer
	Name() string
	Stat() (fs.FileInfo, error)
	Truncate(size int64) error
	// Sync makes the file's data durable; on a directory, its entries.
	Sync() error
}

// OS is the operating system's file system.
var OS FS = osFS{}

type osFS struct{}

func (osFS) OpenFile(name string, flag int, perm fs.FileMode) (File, error) {
	f, err := os.OpenFile(name, flag, perm)
	if err != nil {
		return nil, err // a nil *os.File must not become a non-nil File
	}
	return f, nil
}
func (osFS) ReadDir(name string) ([]fs.DirEntry, error) { return os.ReadDir(name) }
func (osFS) Lstat(name string) (fs.FileInfo, error)     { return os.Lstat(name) }
func (osFS) Mkdir(name string, perm fs.FileMode) error  { return os.Mkdir(name, perm) }
func (osFS) Remove(name string) error                   { return os.Remove(name) }
func (osFS) Rename(oldname, newname string) error       { return os.Rename(oldname, newname) }
func (osFS) Link(oldname, newname string) error         { return os.Link(oldname, newname) }
func (osFS) SameFile(a, b string) bool                  { return sameOSFile(a, b) }
func (osFS) Lock(name string) (io.Closer, error)        { return lockOSFile(name) }

func sameOSFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

func lockOSFile(name string) (io.Closer, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o640)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, &fs.PathError{Op: "lock", Path: name, Err: err}
	}
	return f, nil
}

// ErrTooLarge is returned by ReadFile for a file over its limit.
var ErrTooLarge = errors.New("file too large")

// ReadFile reads the named file, at most limit bytes: a larger file gives
// an error matching ErrTooLarge without being read.
func ReadFile(fsys FS, name string, limit int64) ([]byte, error) {
	f, err := fsys.OpenFile(name, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Size() > limit {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%w: %d bytes, the limit is %d", ErrTooLarge, fi.Size(), limit)}
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%w: more than %d bytes", ErrTooLarge, limit)}
	}
	return data, nil
}

// ReadPrefix reads at most the first limit bytes of the named file and
// returns them with the file's size: a file over the limit is read in
// bounded memory, its prefix kept, where ReadFile refuses it whole. The
// size is what Stat said when the file was opened, or more if more was
// found, so size > len(data) says the file is longer than what was read.
func ReadPrefix(fsys FS, name string, limit int64) (data []byte, size int64, err error) {
	f, err := fsys.OpenFile(name, os.O_RDONLY, 0)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	size = -1
	if fi, err := f.Stat(); err == nil {
		size = fi.Size()
	}
	// One byte more than the limit tells a file that grew since Stat.
	data, err = io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, 0, err
	}
	size = max(size, int64(len(data)))
	if int64(len(data)) > limit {
		data = data[:limit]
	}
	return data, size, nil
}

// SyncDir makes the directory's entries (creations, renames, removals)
// durable. Its error names dir once.
func SyncDir(fsys FS, dir string) error {
	d, err := fsys.OpenFile(dir, os.O_RDONLY, 0)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		var pe *fs.PathError
		if !errors.As(err, &pe) {
			err = &fs.PathError{Op: "sync", Path: dir, Err: err}
		}
		return err
	}
	return nil
}

// MkdirAll creates dir and any missing parents, syncing the parent of each
// folder it creates so that the new folder survives a power cut.
func MkdirAll(fsys FS, dir string, perm fs.FileMode) error {
	dir = filepath.Clean(dir)
	fi, err := fsys.Lstat(dir)
	if err == nil {
		if !fi.IsDir() {
			return &fs.PathError{Op: "mkdir", Path: dir, Err: syscall.ENOTDIR}
		}
		return nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	parent := filepath.Dir(dir)
	if parent != dir {
		if err := MkdirAll(fsys, parent, perm); err != nil {
			return err
		}
	}
	if err := fsys.Mkdir(dir, perm); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	return SyncDir(fsys, parent)
}

// CreateTemp creates a new file in dir whose name is prefix followed by a
// random string, open for writing.
func CreateTemp(fsys FS, dir, prefix string, perm fs.FileMode) (File, error) {
	for {
		var b [6]byte
		rand.Read(b[:])
		f, err := fsys.OpenFile(filepath.Join(dir, prefix+hex.EncodeToString(b[:])), os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
}

// WriteAtomic replaces the file at path with data atomically and durably:
// a temporary file of mode perm in the same folder is written, synced,
// renamed over path, and the folder synced, so that a power cut leaves the
// old file or the new one, never a part. Temporary files that an earlier
// call cut short left beside path are removed first. A path error names
// path, never the temporary file, which is gone.
func WriteAtomic(fsys FS, path string, data []byte, perm fs.FileMode) error {
	dir, name := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	prefix := "." + name + ".tmp-"
	if entries, err := fsys.ReadDir(dir); err == nil {
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), prefix) {
				_ = fsys.Remove(filepath.Join(dir, e.Name()))
			}
		}
	}
	f, err := CreateTemp(fsys, dir, prefix, perm)
	if err != nil {
		return err
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
		_ = fsys.Remove(tmp)
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return err
	}
	return SyncDir(fsys, dir)
}

// Problem classifies a storage error for the people at the table: what
// went wrong in words an owner can act on.
type Problem uint8

// The kinds of storage problem.
const (
	// Failing: the card reports input/output errors (or any error not
	// classed below): it is failing or was pulled out.
	Failing Problem = iota
	// Full: no space is left on the card.
	Full
	// Permission: the table's service user may not write there.
	Permission
	// ReadOnly: the file system is mounted read-only.
	ReadOnly
	// NotFolder: a path the table needs as a folder is a file, or the
	// reverse.
	NotFolder
	// NameTooLong: a path is longer than the file system takes
	// (ENAMETOOLONG): a setting that names it is wrong, not the card.
	NameTooLong
)

// Classify returns the kind of storage problem err is.
func Classify(err error) Problem {
	switch {
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		return Full
	case errors.Is(err, syscall.EROFS):
		return ReadOnly
	case errors.Is(err, fs.ErrPermission):
		return Permission
	case errors.Is(err, syscall.ENOTDIR), errors.Is(err, syscall.EISDIR):
		return NotFolder
	case errors.Is(err, syscall.ENAMETOOLONG):
		return NameTooLong
	}
	return Failing
}

// String returns the problem's name as it appears in logs.
func (p Problem) String() string {
	switch p {
	case Full:
		return "disk-full"
	case Permission:
		return "permission-denied"
	case ReadOnly:
		return "read-only"
	case NotFolder:
		return "not-a-folder"
	case NameTooLong:
		return "name-too-long"
	}
	return "failing-storage"
}
