package main

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
)

// helpFlags are the flags each command takes, which its help must list.
var helpFlags = map[string][]string{
	"run":     {"-config", "-state", "-headless", "-fake", "-bots", "-seed", "-map", "-step", "-games", "-trace", "-fullscreen"},
	"enrol":   {"-config", "-deck", "-box", "-seat", "-registry", "-fake", "-forget"},
	"probe":   {"-config", "-fake", "-timeout"},
	"history": {"-config", "-state", "-records"},
	"wiring":  {"-config", "-o"},
	"score":   nil,
	"help":    nil,
}

// runHelp runs the table's binary with args and returns its standard
// output, standard error and exit status.
func runHelp(t *testing.T, bin string, args ...string) (string, string, int) {
	t.Helper()
	cmd := tableCommand(bin, args...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		return stdout.String(), stderr.String(), ee.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return stdout.String(), stderr.String(), 0
}

// section returns the part of a full help that describes command name:
// from its synopsis to the next command's.
func section(help, name string) string {
	start := strings.Index(help, "\ntable "+name+" ")
	if name == "run" {
		start = strings.Index(help, "\ntable [run]")
	}
	if start < 0 {
		return ""
	}
	rest := help[start+1:]
	if end := strings.Index(rest, "\n\ntable "); end >= 0 {
		return rest[:end]
	}
	return rest
}

func TestHelpListsEveryCommandAndFlag(t *testing.T) {
	bin := tableBinary(t)
	for _, args := range [][]string{{"help"}, {"-help"}, {"-h"}, {"--help"}} {
		out, errOut, code := runHelp(t, bin, args...)
		if code != 0 || errOut != "" {
			t.Errorf("table %s: exit %d, stderr %q; want 0 and nothing", strings.Join(args, " "), code, errOut)
		}
		if strings.Contains(out, "help requested") || strings.Contains(out, "-1ns") {
			t.Errorf("table %s prints a placeholder:\n%s", strings.Join(args, " "), out)
		}
		for name, flags := range helpFlags {
			sec := section(out, name)
			if sec == "" {
				t.Errorf("table %s: no section for %s:\n%s", strings.Join(args, " "), name, out)
				continue
			}
			for _, f := range flags {
				if !strings.Contains(sec, "  "+f+" ") && !strings.Contains(sec, "  "+f+"\n") {
					t.Errorf("table %s: %s's help lacks %s:\n%s", strings.Join(args, " "), name, f, sec)
				}
			}
		}
	}
}

func TestHelpOfOneCommand(t *testing.T) {
	bin := tableBinary(t)
	for _, tc := range []struct {
		args       []string
		want, dont []string
	}{
		{[]string{"help", "history"}, helpFlags["history"], []string{"-deck", "table enrol"}},
		{[]string{"history", "-h"}, helpFlags["history"], []string{"-deck"}},
		{[]string{"help", "run"}, helpFlags["run"], []string{"-deck", "(default -1ns)"}},
		{[]string{"run", "-help"}, helpFlags["run"], []string{"-deck"}},
		{[]string{"enrol", "-h"}, append([]string{"numbered from 1"}, helpFlags["enrol"]...), []string{"-headless"}},
		{[]string{"help", "score"}, []string{"table score FILE", "FORMAT.md"}, []string{"-config"}},
	} {
		out, errOut, code := runHelp(t, bin, tc.args...)
		if code != 0 || errOut != "" {
			t.Errorf("table %s: exit %d, stderr %q; want 0 and nothing", strings.Join(tc.args, " "), code, errOut)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("table %s lacks %q:\n%s", strings.Join(tc.args, " "), w, out)
			}
		}
		for _, d := range tc.dont {
			if strings.Contains(out, d) {
				t.Errorf("table %s shows %q:\n%s", strings.Join(tc.args, " "), d, out)
			}
		}
	}
	// The -step flag says what its default means, not a value.
	out, _, _ := runHelp(t, bin, "help", "run")
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "(default") && strings.Contains(line, "ns)") {
			t.Errorf("a default printed as a raw duration: %q", line)
		}
	}
	if _, errOut, code := runHelp(t, bin, "help", "fly"); code != 2 || !strings.Contains(errOut, `unknown command "fly"`) {
		t.Errorf("table help fly: exit %d, %q; want 2 naming the command", code, errOut)
	}
	if _, errOut, code := runHelp(t, bin, "run", "-bogus"); code != 2 || !strings.Contains(errOut, "-bogus") {
		t.Errorf("table run -bogus: exit %d, %q; want 2 naming the flag", code, errOut)
	}
}
