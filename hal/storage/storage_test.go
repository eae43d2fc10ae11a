package storage

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestReadPrefixBounded: ReadPrefix returns at most limit bytes of a file,
// its first ones, and the file's whole size, so that a caller knows a file
// was longer than what it read.
func TestReadPrefixBounded(t *testing.T) {
	const limit = 100
	data := bytes.Repeat([]byte("0123456789"), 30)
	for _, n := range []int{0, 1, limit - 1, limit, limit + 1, len(data)} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "f")
			if err := os.WriteFile(path, data[:n], 0o600); err != nil {
				t.Fatal(err)
			}
			got, size, err := ReadPrefix(OS, path, limit)
			if err != nil {
				t.Fatal(err)
			}
			if want := data[:min(n, limit)]; !bytes.Equal(got, want) || size != int64(n) {
				t.Errorf("got %d bytes, size %d; want the first %d and size %d", len(got), size, len(want), n)
			}
		})
	}
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want Problem
	}{
		{syscall.ENOSPC, Full},
		{syscall.EROFS, ReadOnly},
		{syscall.EACCES, Permission},
		{syscall.ENOTDIR, NotFolder},
		{&fs.PathError{Op: "mkdir", Path: "/x", Err: syscall.ENAMETOOLONG}, NameTooLong},
		{syscall.EIO, Failing},
	} {
		if got := Classify(tc.err); got != tc.want {
			t.Errorf("Classify(%v) = %s, want %s", tc.err, got, tc.want)
		}
	}
}
