package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// TestSimRunesCoverTheSource checks that every letter beyond ASCII in the
// simulator's own code is in simRunes: its fonts carry no other (a missing
// one is drawn as '?').
func TestSimRunesCoverTheSource(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if code, _, _ := strings.Cut(line, "//"); code != "" {
				for _, r := range code {
					if r > unicode.MaxASCII && !strings.ContainsRune(simRunes, r) {
						t.Errorf("%s:%d: %q is written by the simulator but not in simRunes", f, i+1, r)
					}
				}
			}
		}
	}
}
