package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// testDrivers are symbols of the test drivers, one per file: probe
// -fake's interpreter (probescript.go) and the crash test's kill hook
// (killfs.go).
var testDrivers = []string{"main.scriptedProbe", "main.fakeStep", "main.newKillFS", "main.(*killFS).op"}

// TestShippedBinaryHasNoTestDrivers builds the table as a table's binary
// is built (no testhooks tag) and checks that the linker left the test
// drivers out, and that probe refuses -fake; the tests' own binary, built
// with the tag, has them, so that the symbol names are known to be right.
func TestShippedBinaryHasNoTestDrivers(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	shipped := filepath.Join(t.TempDir(), "table")
	// -w: no DWARF, a shorter link; the symbol table stays.
	if out, err := exec.Command(goTool, "build", "-ldflags=-w", "-o", shipped, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, tc := range []struct {
		name, bin string
		want      bool
	}{
		{"shipped", shipped, false},
		{"tests' (-tags testhooks)", tableBinary(t), true},
	} {
		out, err := exec.Command(goTool, "tool", "nm", tc.bin).Output()
		if err != nil {
			t.Fatalf("go tool nm %s: %v", tc.bin, err)
		}
		syms := map[string]bool{}
		for _, line := range strings.Split(string(out), "\n") {
			if f := strings.Fields(line); len(f) >= 3 {
				syms[f[len(f)-1]] = true
			}
		}
		for _, d := range testDrivers {
			if syms[d] != tc.want {
				t.Errorf("%s binary: symbol %s present %v, want %v", tc.name, d, syms[d], tc.want)
			}
		}
	}
	_, errOut, code := runHelp(t, shipped, "probe", "-fake", "-config", probeDir(t))
	if code != 2 || !strings.Contains(errOut, "-fake") {
		t.Errorf("shipped table probe -fake: exit %d, stderr %q; want 2 naming the flag", code, errOut)
	}
}
