// Package storagetest provides Disk, a simulated storage device for tests:
// a storage.FS held in memory that keeps, for every file, what was synced
// and what was not, and for every folder which entries were synced. A
// power cut (Crash) drops what was never synced, as SQLite's crash-test VFS
// does, optionally keeping part of the last unsynced write (a torn tail);
// Fault fails any chosen operation (EIO, ENOSPC, EACCES...). A failed
// fsync behaves as on Linux: the pages it could not write are marked clean,
// so they stay readable until the power cut but never reach the disk, and a
// later fsync succeeds without them.
package storagetest

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"ttr/hal/storage"
)

// Op names an operation a Fault can fail.
type Op string

// The operations of a Disk.
const (
	OpOpen     Op = "open"     // open for reading
	OpOpenW    Op = "openw"    // open for writing (or creating)
	OpCreate   Op = "create"   // create a new file
	OpRead     Op = "read"     // read a file's data
	OpWrite    Op = "write"    // write a file's data
	OpTruncate Op = "truncate" // change a file's size
	OpSync     Op = "sync"     // fsync a file
	OpSyncDir  Op = "syncdir"  // fsync a folder
	OpReadDir  Op = "readdir"  // list a folder
	OpMkdir    Op = "mkdir"    // create a folder
	OpRemove   Op = "remove"   // remove a name
	OpRename   Op = "rename"   // rename
	OpLink     Op = "link"     // hard link
	OpLock     Op = "lock"     // lock a file
)

// A Call is one operation asked of a Disk, as its Fault sees it.
type Call struct {
	Op   Op
	Path string
	N    int // the number of calls of Op so far, this one included
	All  int // the number of calls of any Op so far, this one included
}

// A Disk is a simulated storage device. Its methods are safe for concurrent
// use. The zero Disk is not usable: call New.
type Disk struct {
	// Fault, if set, is asked before each operation; a non-nil error fails
	// the operation with it (wrapped in an *fs.PathError). It is called
	// with the Disk's lock held: it must not use the Disk.
	Fault func(c Call) error
	// Capacity bounds the bytes all files hold; 0 means no bound. A write
	// beyond it fails with ENOSPC.
	Capacity int64

	mu    sync.Mutex
	root  *inode
	gen   int // power cuts so far; handles of an older generation fail
	locks map[*inode]bool
	count map[Op]int
	all   int
}

type inode struct {
	dir bool
	// A file's data as reads see it, which of its bytes are dirty (written
	// since the last sync), and what a power cut leaves.
	data  []byte
	dirty []bool
	disk  []byte
	// A folder's entries, and those a power cut leaves.
	entries, durable map[string]*inode
}

func newDir() *inode {
	return &inode{dir: true, entries: map[string]*inode{}, durable: map[string]*inode{}}
}

// New returns an empty, formatted disk whose root folder is "/".
func New() *Disk {
	return &Disk{root: newDir(), locks: map[*inode]bool{}, count: map[Op]int{}}
}

// Count returns how many times op was asked of the disk, failed or not.
func (d *Disk) Count(op Op) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.count[op]
}

// Ops returns how many operations were asked of the disk, failed or not.
func (d *Disk) Ops() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.all
}

// Used returns the bytes all files hold, as Capacity counts them.
func (d *Disk) Used() int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.used()
}

// fault counts op and returns its injected error, if any.
func (d *Disk) fault(op Op, p string) error {
	d.count[op]++
	d.all++
	if d.Fault == nil {
		return nil
	}
	if err := d.Fault(Call{Op: op, Path: p, N: d.count[op], All: d.all}); err != nil {
		return &fs.PathError{Op: string(op), Path: p, Err: err}
	}
	return nil
}

func split(p string) []string {
	p = path.Clean("/" + p)
	if p == "/" {
		return nil
	}
	return strings.Split(p[1:], "/")
}

// lookup returns the inode at p and its parent folder.
func (d *Disk) lookup(p string) (ino, parent *inode, base string, err error) {
	parts := split(p)
	cur := d.root
	if len(parts) == 0 {
		return cur, nil, "", nil
	}
	for i, name := range parts {
		if !cur.dir {
			return nil, nil, "", syscall.ENOTDIR
		}
		next := cur.entries[name]
		if i == len(parts)-1 {
			return next, cur, name, nil
		}
		if next == nil {
			return nil, nil, "", syscall.ENOENT
		}
		cur = next
	}
	panic("unreachable")
}

func pathErr(op, p string, err error) error { return &fs.PathError{Op: op, Path: p, Err: err} }

func (d *Disk) used() int64 {
	var n int64
	var walk func(*inode)
	seen := map[*inode]bool{}
	walk = func(ino *inode) {
		if seen[ino] {
			return
		}
		seen[ino] = true
		n += int64(len(ino.data))
		for _, c := range ino.entries {
			walk(c)
		}
	}
	walk(d.root)
	return n
}

// OpenFile implements storage.FS.
func (d *Disk) OpenFile(name string, flag int, perm fs.FileMode) (storage.File, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	ino, parent, base, err := d.lookup(name)
	if err != nil {
		return nil, pathErr("open", name, err)
	}
	write := flag&(os.O_WRONLY|os.O_RDWR) != 0
	op := OpOpen
	if write || flag&os.O_CREATE != 0 {
		op = OpOpenW
	}
	if err := d.fault(op, name); err != nil {
		return nil, err
	}
	if ino == nil {
		if flag&os.O_CREATE == 0 || parent == nil {
			return nil, pathErr("open", name, fs.ErrNotExist)
		}
		if err := d.fault(OpCreate, name); err != nil {
			return nil, err
		}
		ino = &inode{}
		parent.entries[base] = ino
	} else if flag&os.O_CREATE != 0 && flag&os.O_EXCL != 0 {
		return nil, pathErr("open", name, fs.ErrExist)
	}
	if ino.dir && write {
		return nil, pathErr("open", name, syscall.EISDIR)
	}
	h := &handle{d: d, ino: ino, name: name, gen: d.gen, flag: flag}
	if flag&os.O_TRUNC != 0 && write {
		if err := h.truncate(0); err != nil {
			return nil, err
		}
	}
	return h, nil
}

// ReadDir implements storage.FS.
func (d *Disk) ReadDir(name string) ([]fs.DirEntry, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	ino, _, _, err := d.lookup(name)
	switch {
	case err != nil:
		return nil, pathErr("readdir", name, err)
	case ino == nil:
		return nil, pathErr("readdir", name, fs.ErrNotExist)
	case !ino.dir:
		return nil, pathErr("readdir", name, syscall.ENOTDIR)
	}
	if err := d.fault(OpReadDir, name); err != nil {
		return nil, err
	}
	var out []fs.DirEntry
	for n, c := range ino.entries {
		out = append(out, fs.FileInfoToDirEntry(info{n, c}))
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out, nil
}

// Lstat implements storage.FS.
func (d *Disk) Lstat(name string) (fs.FileInfo, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	ino, _, base, err := d.lookup(name)
	if err == nil && ino == nil {
		err = fs.ErrNotExist
	}
	if err != nil {
		return nil, pathErr("lstat", name, err)
	}
	return info{base, ino}, nil
}

// Mkdir implements storage.FS.
func (d *Disk) Mkdir(name string, perm fs.FileMode) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	ino, parent, base, err := d.lookup(name)
	switch {
	case err != nil:
		return pathErr("mkdir", name, err)
	case ino != nil:
		return pathErr("mkdir", name, fs.ErrExist)
	}
	if err := d.fault(OpMkdir, name); err != nil {
		return err
	}
	parent.entries[base] = newDir()
	return nil
}

// Remove implements storage.FS.
func (d *Disk) Remove(name string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	ino, parent, base, err := d.lookup(name)
	switch {
	case err != nil:
		return pathErr("remove", name, err)
	case ino == nil:
		return pathErr("remove", name, fs.ErrNotExist)
	case ino.dir && len(ino.entries) > 0:
		return pathErr("remove", name, syscall.ENOTEMPTY)
	}
	if err := d.fault(OpRemove, name); err != nil {
		return err
	}
	delete(parent.entries, base)
	return nil
}

// Rename implements storage.FS.
func (d *Disk) Rename(oldname, newname string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	ino, op, ob, err := d.lookup(oldname)
	if err == nil && ino == nil {
		err = fs.ErrNotExist
	}
	if err != nil {
		return &os.LinkError{Op: "rename", Old: oldname, New: newname, Err: err}
	}
	dst, np, nb, err := d.lookup(newname)
	if err == nil && np == nil {
		err = syscall.EBUSY
	}
	if err == nil && dst != nil && dst.dir {
		err = syscall.EISDIR
	}
	if err != nil {
		return &os.LinkError{Op: "rename", Old: oldname, New: newname, Err: err}
	}
	if err := d.fault(OpRename, newname); err != nil {
		return err
	}
	delete(op.entries, ob)
	np.entries[nb] = ino
	return nil
}

// Link implements storage.FS.
func (d *Disk) Link(oldname, newname string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	ino, _, _, err := d.lookup(oldname)
	if err == nil && ino == nil {
		err = fs.ErrNotExist
	}
	if err == nil && ino.dir {
		err = syscall.EPERM
	}
	if err != nil {
		return &os.LinkError{Op: "link", Old: oldname, New: newname, Err: err}
	}
	dst, np, nb, err := d.lookup(newname)
	if err == nil && dst != nil {
		err = fs.ErrExist
	}
	if err != nil {
		return &os.LinkError{Op: "link", Old: oldname, New: newname, Err: err}
	}
	if err := d.fault(OpLink, newname); err != nil {
		return err
	}
	np.entries[nb] = ino
	return nil
}

// SameFile implements storage.FS.
func (d *Disk) SameFile(a, b string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	ia, _, _, _ := d.lookup(a)
	ib, _, _, _ := d.lookup(b)
	return ia != nil && ia == ib
}

// Lock implements storage.FS.
func (d *Disk) Lock(name string) (io.Closer, error) {
	f, err := d.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o640)
	if err != nil {
		return nil, err
	}
	h := f.(*handle)
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.fault(OpLock, name); err != nil {
		return nil, err
	}
	if d.locks[h.ino] {
		return nil, pathErr("lock", name, syscall.EWOULDBLOCK)
	}
	d.locks[h.ino] = true
	return &lock{d: d, ino: h.ino, gen: d.gen}, nil
}

type lock struct {
	d    *Disk
	ino  *inode
	gen  int
	done bool
}

func (l *lock) Close() error {
	l.d.mu.Lock()
	defer l.d.mu.Unlock()
	if !l.done && l.gen == l.d.gen {
		delete(l.d.locks, l.ino)
	}
	l.done = true
	return nil
}

// Crash cuts the power: every folder is left with the entries it had at
// its last sync, every file with the data it had at its last sync, and
// every open file and lock is lost (their methods fail from now on). With
// rng, a file whose unsynced data extends it keeps a random prefix of that
// data, sometimes followed by zero or 0xFF bytes, as a cut in the middle
// of writing a block leaves it; without, all unsynced data is dropped.
func (d *Disk) Crash(rng *rand.Rand) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.gen++
	d.locks = map[*inode]bool{}
	seen := map[*inode]bool{}
	var walk func(*inode)
	walk = func(ino *inode) {
		if seen[ino] {
			return
		}
		seen[ino] = true
		if ino.dir {
			ino.entries = maps(ino.durable)
			for _, c := range ino.entries {
				walk(c)
			}
			return
		}
		data := slices.Clone(ino.disk)
		if rng != nil && len(ino.data) > len(data) && rng.IntN(2) == 0 {
			extra := ino.data[len(data):]
			n := rng.IntN(len(extra) + 1)
			data = append(data, extra[:n]...)
			switch rng.IntN(3) {
			case 1:
				data = append(data, make([]byte, rng.IntN(64))...)
			case 2:
				data = append(data, slices.Repeat([]byte{0xFF}, rng.IntN(64))...)
			}
		}
		ino.data, ino.disk, ino.dirty = data, slices.Clone(data), make([]bool, len(data))
	}
	walk(d.root)
}

func maps(m map[string]*inode) map[string]*inode {
	out := make(map[string]*inode, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Unsynced reports whether anything written to the disk would be lost by a
// power cut now: a file's dirty data or a folder's unsynced entries.
func (d *Disk) Unsynced() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	seen := map[*inode]bool{}
	var walk func(*inode) bool
	walk = func(ino *inode) bool {
		if seen[ino] {
			return false
		}
		seen[ino] = true
		if ino.dir {
			if len(ino.entries) != len(ino.durable) {
				return true
			}
			for k, v := range ino.entries {
				if ino.durable[k] != v || walk(v) {
					return true
				}
			}
			return false
		}
		return !slices.Equal(ino.data, ino.disk)
	}
	return walk(d.root)
}

// handle is an open file or folder of a Disk.
type handle struct {
	d      *Disk
	ino    *inode
	name   string
	gen    int
	flag   int
	off    int64
	closed bool
}

var errCrashed = errors.New("storagetest: the file was open at a power cut")

func (h *handle) check() error {
	switch {
	case h.closed:
		return fs.ErrClosed
	case h.gen != h.d.gen:
		return errCrashed
	}
	return nil
}

func (h *handle) Name() string { return h.name }

func (h *handle) Stat() (fs.FileInfo, error) {
	h.d.mu.Lock()
	defer h.d.mu.Unlock()
	if err := h.check(); err != nil {
		return nil, pathErr("stat", h.name, err)
	}
	return info{path.Base(h.name), h.ino}, nil
}

func (h *handle) Read(p []byte) (int, error) {
	n, err := h.ReadAt(p, h.off)
	h.off += int64(n)
	return n, err
}

func (h *handle) ReadAt(p []byte, off int64) (int, error) {
	h.d.mu.Lock()
	defer h.d.mu.Unlock()
	if err := h.check(); err != nil {
		return 0, pathErr("read", h.name, err)
	}
	if h.ino.dir {
		return 0, pathErr("read", h.name, syscall.EISDIR)
	}
	if err := h.d.fault(OpRead, h.name); err != nil {
		return 0, err
	}
	if off >= int64(len(h.ino.data)) {
		return 0, io.EOF
	}
	n := copy(p, h.ino.data[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

func (h *handle) Write(p []byte) (int, error) {
	if h.flag&os.O_APPEND != 0 {
		h.d.mu.Lock()
		h.off = int64(len(h.ino.data))
		h.d.mu.Unlock()
	}
	n, err := h.WriteAt(p, h.off)
	h.off += int64(n)
	return n, err
}

func (h *handle) WriteAt(p []byte, off int64) (int, error) {
	h.d.mu.Lock()
	defer h.d.mu.Unlock()
	if err := h.check(); err != nil {
		return 0, pathErr("write", h.name, err)
	}
	if h.flag&(os.O_WRONLY|os.O_RDWR) == 0 {
		return 0, pathErr("write", h.name, syscall.EBADF)
	}
	if err := h.d.fault(OpWrite, h.name); err != nil {
		return 0, err
	}
	end := off + int64(len(p))
	if grow := end - int64(len(h.ino.data)); grow > 0 && h.d.Capacity > 0 && h.d.used()+grow > h.d.Capacity {
		return 0, pathErr("write", h.name, syscall.ENOSPC)
	}
	if end > int64(len(h.ino.data)) {
		h.ino.data = append(h.ino.data, make([]byte, end-int64(len(h.ino.data)))...)
		h.ino.dirty = append(h.ino.dirty, make([]bool, end-int64(len(h.ino.dirty)))...)
	}
	copy(h.ino.data[off:], p)
	for i := off; i < end; i++ {
		h.ino.dirty[i] = true
	}
	return len(p), nil
}

func (h *handle) Truncate(size int64) error {
	h.d.mu.Lock()
	defer h.d.mu.Unlock()
	return h.truncate(size)
}

func (h *handle) truncate(size int64) error {
	if err := h.check(); err != nil {
		return pathErr("truncate", h.name, err)
	}
	if err := h.d.fault(OpTruncate, h.name); err != nil {
		return err
	}
	if size <= int64(len(h.ino.data)) {
		h.ino.data, h.ino.dirty = h.ino.data[:size:size], h.ino.dirty[:size:size]
		return nil
	}
	grow := size - int64(len(h.ino.data))
	h.ino.data = append(h.ino.data, make([]byte, grow)...)
	h.ino.dirty = append(h.ino.dirty, make([]bool, grow)...)
	return nil
}

// Sync writes the dirty data (or, on a folder, the entries) to the disk.
// When it fails, part of the dirty data reached the disk and the rest is
// marked clean all the same, as Linux does after a failed writeback: it is
// never written, though reads return it until the power is cut.
func (h *handle) Sync() error {
	h.d.mu.Lock()
	defer h.d.mu.Unlock()
	if err := h.check(); err != nil {
		return pathErr("sync", h.name, err)
	}
	ino := h.ino
	if ino.dir {
		if err := h.d.fault(OpSyncDir, h.name); err != nil {
			return err
		}
		ino.durable = maps(ino.entries)
		return nil
	}
	err := h.d.fault(OpSync, h.name)
	if err != nil {
		// The first half of the dirty bytes reached the disk before the
		// error; the rest never will.
		var idx []int
		for i, dirty := range ino.dirty {
			if dirty {
				idx = append(idx, i)
			}
		}
		idx = idx[:len(idx)/2]
		if len(idx) > 0 && idx[len(idx)-1] >= len(ino.disk) {
			ino.disk = append(ino.disk, make([]byte, idx[len(idx)-1]+1-len(ino.disk))...)
		}
		for _, i := range idx {
			ino.disk[i] = ino.data[i]
		}
		clear(ino.dirty)
		return err
	}
	disk := make([]byte, len(ino.data))
	copy(disk, ino.disk)
	for i, dirty := range ino.dirty {
		if dirty {
			disk[i] = ino.data[i]
		}
	}
	ino.disk = disk
	clear(ino.dirty)
	return nil
}

func (h *handle) Close() error {
	h.d.mu.Lock()
	defer h.d.mu.Unlock()
	if h.closed {
		return pathErr("close", h.name, fs.ErrClosed)
	}
	h.closed = true
	return nil
}

type info struct {
	name string
	ino  *inode
}

func (i info) Name() string { return i.name }
func (i info) Size() int64  { return int64(len(i.ino.data)) }
func (i info) Mode() fs.FileMode {
	if i.ino.dir {
		return fs.ModeDir | 0o750
	}
	return 0o640
}
func (i info) ModTime() time.Time { return time.Time{} }
func (i info) IsDir() bool        { return i.ino.dir }
func (i info) Sys() any           { return nil }

// String describes the disk for a test's failure message.
func (d *Disk) String() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	var b strings.Builder
	var walk func(string, *inode)
	walk = func(p string, ino *inode) {
		names := make([]string, 0, len(ino.entries))
		for n := range ino.entries {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			c := ino.entries[n]
			if c.dir {
				fmt.Fprintf(&b, "%s/%s/\n", p, n)
				walk(p+"/"+n, c)
			} else {
				fmt.Fprintf(&b, "%s/%s %d bytes (%d synced)\n", p, n, len(c.data), len(c.disk))
			}
		}
	}
	walk("", d.root)
	return b.String()
}

var _ storage.FS = (*Disk)(nil)
