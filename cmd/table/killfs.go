//go:build testhooks

package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"sync/atomic"
	"syscall"

	"ttr/hal/storage"
)

// The crash test's kill hook, a test driver built only with the testhooks
// tag (startupKills, testhooks.go): killEnv=N makes the process kill
// itself with SIGKILL at the Nth file-system operation (open, write, sync,
// rename...) of opening its game log, so that the kill lands inside
// journal.Open and the replay, where a kill from outside, racing the
// process's start, almost never does.

// killFS is storage.OS counting its operations until done is set.
type killFS struct {
	at   int64
	n    atomic.Int64
	done atomic.Bool
}

// newKillFS returns the storage of a process started with killEnv, or
// nil when it is unset or not a positive number.
func newKillFS(getenv func(string) string) *killFS {
	n, err := strconv.ParseInt(getenv(killEnv), 10, 64)
	if err != nil || n < 1 {
		return nil
	}
	return &killFS{at: n}
}

func (k *killFS) op(what, name string) {
	if k.done.Load() || k.n.Add(1) != k.at {
		return
	}
	fmt.Fprintf(os.Stderr, "%s: killed at storage operation %d (%s %s) while opening the game log\n", killEnv, k.at, what, name)
	syscall.Kill(os.Getpid(), syscall.SIGKILL)
	select {} // the signal is on its way
}

func (k *killFS) OpenFile(name string, flag int, perm fs.FileMode) (storage.File, error) {
	k.op("open", name)
	f, err := storage.OS.OpenFile(name, flag, perm)
	if err != nil {
		return nil, err
	}
	return killFile{f, k}, nil
}

func (k *killFS) ReadDir(name string) ([]fs.DirEntry, error) {
	k.op("readdir", name)
	return storage.OS.ReadDir(name)
}

func (k *killFS) Lstat(name string) (fs.FileInfo, error) {
	k.op("lstat", name)
	return storage.OS.Lstat(name)
}

func (k *killFS) Mkdir(name string, perm fs.FileMode) error {
	k.op("mkdir", name)
	return storage.OS.Mkdir(name, perm)
}

func (k *killFS) Remove(name string) error {
	k.op("remove", name)
	return storage.OS.Remove(name)
}

func (k *killFS) Rename(oldname, newname string) error {
	k.op("rename", newname)
	return storage.OS.Rename(oldname, newname)
}

func (k *killFS) Link(oldname, newname string) error {
	k.op("link", newname)
	return storage.OS.Link(oldname, newname)
}

func (k *killFS) SameFile(a, b string) bool { return storage.OS.SameFile(a, b) }

func (k *killFS) Lock(name string) (io.Closer, error) {
	k.op("lock", name)
	return storage.OS.Lock(name)
}

type killFile struct {
	storage.File
	k *killFS
}

func (f killFile) WriteAt(p []byte, off int64) (int, error) {
	f.k.op("write", f.Name())
	return f.File.WriteAt(p, off)
}

func (f killFile) Write(p []byte) (int, error) {
	f.k.op("write", f.Name())
	return f.File.Write(p)
}

func (f killFile) Truncate(size int64) error {
	f.k.op("truncate", f.Name())
	return f.File.Truncate(size)
}

func (f killFile) Sync() error {
	f.k.op("sync", f.Name())
	return f.File.Sync()
}
