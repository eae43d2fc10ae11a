package config

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestDeeplyNestedConfigBoundedMemory: a config over the size or nesting
// limit is refused with a problem that says so, in bounded memory. 10 MB
// of "[" crashed the parser with a stack overflow after about 1 GB; 1 MB
// took 445 MB.
func TestDeeplyNestedConfigBoundedMemory(t *testing.T) {
	tests := []struct {
		name  string
		data  []byte
		load  bool   // through Load (a file) rather than Parse
		what  string // words of the problem
		line  int
		limit uint64 // bytes the call may allocate
	}{
		{"10 MB of [, parsed", bytes.Repeat([]byte("["), 10<<20), false, "more than the 1048576 a config may have", 0, 16 << 10},
		{"10 MB of [, loaded", bytes.Repeat([]byte("["), 10<<20), true, "more than the 1048576 a config may have", 0, 64 << 10},
		{"1 MB of [", bytes.Repeat([]byte("["), MaxFileBytes), false, "nested more than 32 deep at column 33", 1, 16 << 10},
		{"1 MB of [, loaded", bytes.Repeat([]byte("["), MaxFileBytes), true, "nested more than 32 deep at column 33", 1, 3 << 20},
		{"objects", []byte(strings.Repeat(`{"a":`, 100_000)), false, "nested more than 32 deep", 1, 16 << 10},
		{"on the line it happens", []byte("{\n\"seats\":\n" + strings.Repeat("[", 40)), false, "nested more than 32 deep at column 32", 3, 16 << 10},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "table.json")
			if tc.load {
				if err := os.WriteFile(path, tc.data, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			var err error
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			if tc.load {
				_, err = Load(path)
			} else {
				_, err = Parse(tc.data)
			}
			runtime.ReadMemStats(&after)
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("%d bytes allocated", alloc)
			var e *Error
			if !errors.As(err, &e) || len(e.Problems) != 1 || !strings.Contains(e.Problems[0].What, tc.what) || e.Problems[0].Line != tc.line || e.Problems[0].Fix == "" {
				t.Fatalf("got %v, want one problem on line %d saying %q, with its fix", err, tc.line, tc.what)
			}
			if tc.load && e.File != path {
				t.Errorf("the error names %q, want the file %s", e.File, path)
			}
			if alloc > tc.limit*allocSlack {
				t.Errorf("allocated %d bytes, want at most %d", alloc, tc.limit*allocSlack)
			}
		})
	}
}

// TestNestingWithinTheLimit: strings holding brackets do not count, and
// nesting up to MaxDepth reaches the parser (which then reports what is
// wrong with the fields).
func TestNestingWithinTheLimit(t *testing.T) {
	for _, data := range []string{
		`{"logs": "` + strings.Repeat("[", 100) + `"}`,
		`{"logs": "\"` + strings.Repeat("{", 100) + `"}`,
		strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth),
	} {
		_, err := Parse([]byte(data))
		if err != nil && strings.Contains(err.Error(), "nested more than") {
			t.Errorf("Parse(%.40q): %v, want no nesting problem", data, err)
		}
	}
}

// TestDeeplyNestedConfigReadAtStart: the start-up path (Read, which never
// fails) refuses the same files within the same bounds, runs the example's
// settings and says why, in a message of the table's languages.
func TestDeeplyNestedConfigReadAtStart(t *testing.T) {
	tests := []struct {
		name  string
		data  []byte
		key   string
		limit uint64
	}{
		{"10 MB of [", bytes.Repeat([]byte("["), 10<<20), KeyPrefix + "too_large", 64 << 10},
		{"1 MB of [", bytes.Repeat([]byte("["), MaxFileBytes), KeyPrefix + "too_deep", 4 << 20},
		{"objects", []byte(strings.Repeat(`{"a":`, 100_000)), KeyPrefix + "too_deep", 4 << 20},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "table.json")
			if err := os.WriteFile(path, tc.data, 0o600); err != nil {
				t.Fatal(err)
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			r := Read(path)
			runtime.ReadMemStats(&after)
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("%d bytes allocated", alloc)
			if !r.Defaults || r.Config == nil || len(r.Problems) == 0 || r.Problems[0].Key != tc.key {
				t.Fatalf("got defaults %v, problems %v; want the example's settings and first the problem %s", r.Defaults, r.Problems, tc.key)
			}
			if alloc > tc.limit*allocSlack {
				t.Errorf("allocated %d bytes, want at most %d", alloc, tc.limit*allocSlack)
			}
		})
	}
}
