package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"ttr/cmd/table/app"
	"ttr/engine"
	"ttr/hal/journal"
	"ttr/input"
)

// buildOnce builds the table's binary once for the tests that run it as a
// real process, with the test drivers (-tags testhooks: probe -fake and
// the crash test's start-up kills).
var buildOnce struct {
	sync.Once
	dir, bin string
	err      error
	out      []byte
}

func tableBinary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		goTool, err := exec.LookPath("go")
		if err != nil {
			buildOnce.err = err
			return
		}
		buildOnce.dir, buildOnce.err = os.MkdirTemp("", "ttr-table-test-")
		if buildOnce.err != nil {
			return
		}
		buildOnce.bin = filepath.Join(buildOnce.dir, "table")
		// -w: no DWARF, which no test reads; the link takes half the CPU
		// (1 s instead of 2.5), and the symbol table, which
		// TestShippedBinaryHasNoTestDrivers reads, stays.
		cmd := exec.Command(goTool, "build", "-tags", "testhooks", "-ldflags=-w", "-o", buildOnce.bin, ".")
		buildOnce.out, buildOnce.err = cmd.CombinedOutput()
	})
	if buildOnce.err != nil {
		t.Fatalf("go build: %v\n%s", buildOnce.err, buildOnce.out)
	}
	return buildOnce.bin
}

// tableCommand returns the command of the table's binary, not under
// systemd: no sd_notify socket, no watchdog, no journal.
func tableCommand(bin string, args ...string) *exec.Cmd {
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "NOTIFY_SOCKET=", "WATCHDOG_USEC=", "JOURNAL_STREAM=", "INVOCATION_ID=")
	return cmd
}

func TestMain(m *testing.M) {
	code := m.Run()
	if buildOnce.dir != "" {
		os.RemoveAll(buildOnce.dir)
	}
	os.Exit(code)
}

// finishedGame reads the one finished game of a journal directory: its log
// as text and its summary.
func finishedGame(t *testing.T, state string) (string, app.Summary, bool) {
	t.Helper()
	if names, _ := filepath.Glob(filepath.Join(state, "history", "*.game")); len(names) == 0 {
		return "", app.Summary{}, false
	}
	l, h := oneGame(t, filepath.Join(state, "history", "*.game"))
	if !l.Finished {
		t.Fatalf("the game in %s/history is not finished", state)
	}
	var b strings.Builder
	b.WriteString(h.Log + "\n")
	for _, r := range l.Records {
		b.Write(r)
		b.WriteByte('\n')
	}
	sum, err := app.ParseSummary(l.Summary)
	if err != nil {
		t.Fatal(err)
	}
	return b.String(), sum, true
}

// oneGame reads the one game file that pattern matches: its log and its
// header.
func oneGame(t *testing.T, pattern string) (*journal.Log, app.Header) {
	t.Helper()
	names, _ := filepath.Glob(pattern)
	if len(names) != 1 {
		t.Fatalf("%d game files match %s, want 1", len(names), pattern)
	}
	data, err := os.ReadFile(names[0])
	if err != nil {
		t.Fatal(err)
	}
	l, err := journal.Decode(data)
	if err != nil {
		t.Fatalf("game %s: %v", names[0], err)
	}
	h, err := app.ParseHeader(l.Header)
	if err != nil {
		t.Fatalf("game %s: %v", names[0], err)
	}
	return l, h
}

// botRun returns the command of a headless bots game with fake hardware.
func botRun(bin, cfg, state string, extra ...string) *exec.Cmd {
	args := append([]string{"run", "-config", cfg, "-state", state, "-headless", "-fake", "-bots", "all", "-seed", "42", "-games", "1"}, extra...)
	return tableCommand(bin, args...)
}

// TestCrashResumesIdentically plays a bots game as a real process, once
// uninterrupted and once killed with SIGKILL at random points (after a
// seeded number of durable actions, or at a storage operation of opening
// the log: inside journal.Open or the replay) and
// restarted each time, and checks that both runs end with the same log and
// scores: nothing is lost, nothing is played differently. It needs no
// window, and runs beside the package's other parallel tests.
func TestCrashResumesIdentically(t *testing.T) {
	t.Parallel()
	start := time.Now()
	bin := tableBinary(t)
	cfg := tableDir(t)
	dir := t.TempDir()

	ref := filepath.Join(dir, "reference")
	if out, err := botRun(bin, cfg, ref).CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted run: %v\n%s", err, out)
	}
	want, wantSum, ok := finishedGame(t, ref)
	if !ok {
		t.Fatal("uninterrupted run finished no game")
	}
	refTime := time.Since(start)

	state := filepath.Join(dir, "crashed")
	rng := rand.New(rand.NewPCG(2026, 11))
	var stderr bytes.Buffer
	midGame, atStart, runs := 0, 0, 0
	for {
		runs++
		if runs > 400 {
			t.Fatalf("the game did not end after %d runs\n%s", runs, stderr.String())
		}
		cmd := botRun(bin, cfg, state, "-trace")
		cmd.Stderr = &stderr
		// One run in four dies during start-up: the process kills itself at
		// one of the first storage operations of opening its log (killEnv),
		// inside journal.Open or the replay; if Open takes fewer, it dies
		// at its first durable action. The others die after 1 to 20 more
		// durable actions.
		k, openKill := 1+rng.IntN(20), 0
		if rng.IntN(4) == 0 {
			k, openKill = 1, 1+rng.IntN(12)
			cmd.Env = append(cmd.Env, fmt.Sprintf("%s=%d", killEnv, openKill))
		}
		killsBefore := strings.Count(stderr.String(), killEnv+": killed")
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		killed := openKill > 0
		sc := bufio.NewScanner(out)
		for n := 0; sc.Scan(); {
			if strings.HasPrefix(sc.Text(), "log ") {
				if n++; n == k {
					killed = cmd.Process.Kill() == nil
					break
				}
			}
		}
		io.Copy(io.Discard, out)
		err = cmd.Wait()
		var ee *exec.ExitError
		switch {
		case err == nil:
			killed = false
		case errors.As(err, &ee) && ee.Sys().(syscall.WaitStatus).Signal() == syscall.SIGKILL && killed:
			if strings.Count(stderr.String(), killEnv+": killed") > killsBefore {
				atStart++
			} else {
				midGame++
			}
		default:
			t.Fatalf("run %d: %v\n%s", runs, err, stderr.String())
		}
		if _, _, done := finishedGame(t, state); done {
			break
		}
		if !killed {
			t.Fatalf("run %d exited without finishing the game\n%s", runs, stderr.String())
		}
	}
	got, gotSum, _ := finishedGame(t, state)
	if got != want {
		t.Errorf("the killed game's log differs from the uninterrupted one's:\n%s", firstDiff(got, want))
	}
	if !reflect.DeepEqual(gotSum, wantSum) {
		t.Errorf("scores %+v, want %+v", gotSum, wantSum)
	}
	if midGame < 20 || atStart < 3 {
		t.Errorf("%d kills mid-game, %d inside journal.Open or the replay; want at least 20 and 3", midGame, atStart)
	}
	if left, _ := filepath.Glob(filepath.Join(state, "*.game*")); len(left) != 0 {
		t.Errorf("files left beside the history: %v (a moved-aside file is a lost game)", left)
	}
	// The log replays, by the engine alone, to the summary's scores.
	l, err := engine.ParseLog([]byte(got))
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.Replay(l)
	if err != nil || !s.IsTerminal() || !reflect.DeepEqual(s.Scores(), gotSum.Scores) {
		t.Errorf("replay: terminal %v scores %v, %v; summary %v", s != nil && s.IsTerminal(), s.Scores(), err, gotSum.Scores)
	}
	t.Logf("%d actions; %d runs: %d kills mid-game, %d inside journal.Open or the replay; uninterrupted run %v, all %v",
		len(l.Actions), runs, midGame, atStart, refTime.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
}

// firstDiff shows where two logs part.
func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return "line " + strconv.Itoa(i+1) + ": got " + la[i] + ", want " + lb[i]
		}
	}
	return "got " + strconv.Itoa(len(la)) + " lines, want " + strconv.Itoa(len(lb))
}

// TestSigtermStopsCleanly stops a running game with SIGTERM, as systemd
// does: the process exits 0, releases the journal, and the game resumes
// from its log.
func TestSigtermStopsCleanly(t *testing.T) {
	bin := tableBinary(t)
	cfg := tableDir(t)
	for _, tc := range []struct {
		name string
		args []string
		wait string // the trace line after which SIGTERM is sent
	}{
		{"idle", []string{"run", "-headless", "-fake", "-trace"}, "ready"},
		{"mid-game", []string{"run", "-headless", "-fake", "-bots", "all", "-seed", "5", "-step", "2ms", "-trace"}, "log 40"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			state := t.TempDir()
			cmd, sc, stderr := startTable(t, bin, append(tc.args, "-config", cfg, "-state", state)...)
			seen := false
			for sc.Scan() {
				if sc.Text() == tc.wait {
					seen = true
					break
				}
			}
			if !seen {
				t.Fatalf("no %q line\n%s", tc.wait, stderr.String())
			}
			if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			for sc.Scan() {
			}
			if err := cmd.Wait(); err != nil {
				t.Fatalf("after SIGTERM: %v, want exit 0\n%s", err, stderr.String())
			}
			if !strings.Contains(stderr.String(), "table stopped") {
				t.Errorf("no clean stop logged:\n%s", stderr.String())
			}
			// The journal is released and the game is intact.
			a, err := app.Open(app.Opts{Dir: state, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Table: input.Opts{Seats: 4, Resolve: app.Resolver(app.VirtualRegistry())}})
			if err != nil {
				t.Fatalf("reopening the journal: %v", err)
			}
			defer a.Close()
			if tc.name == "mid-game" && a.Logged() < 40 {
				t.Errorf("resumed game has %d actions, want at least 40", a.Logged())
			}
			if tc.name == "idle" && a.Table().Game() != nil {
				t.Errorf("an idle table left a game")
			}
		})
	}
}

// TestWindowPlaysAndStops runs the table in its window (under Xvfb in make
// test): the screen opens, turned as the config says, bots play through
// it, and SIGTERM stops it cleanly.
func TestWindowPlaysAndStops(t *testing.T) {
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("no DISPLAY: run the tests under xvfb-run, as make test does")
	}
	bin := tableBinary(t)
	// The screen open line: the window's size, and the size of the picture
	// the Screen lays out, turned by the config's rotation.
	opened := regexp.MustCompile(`msg="screen open" width=(\d+) height=(\d+) rotation=(\d+) picture=(\d+)x(\d+)`)
	for _, rot := range []int{0, 90} {
		t.Run(fmt.Sprint("rotation ", rot), func(t *testing.T) {
			// A small window, still wider than tall: turned, its picture is
			// taller than wide.
			cfg := smallTableDir(t)
			setRotation(t, cfg, rot)
			cmd, sc, stderr := startTable(t, bin, "run", "-config", cfg, "-state", t.TempDir(), "-fake", "-bots", "all", "-seed", "8", "-step", "0", "-trace")
			var lines []string
			for sc.Scan() {
				lines = append(lines, sc.Text())
				if sc.Text() == "log 10" {
					break
				}
			}
			if !slices.Contains(lines, "ready") || len(lines) == 0 || lines[len(lines)-1] != "log 10" {
				t.Fatalf("trace %q, want ready and the game's actions\n%s", lines, stderr.String())
			}
			if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			for sc.Scan() {
			}
			if err := cmd.Wait(); err != nil {
				t.Fatalf("after SIGTERM: %v, want exit 0\n%s", err, stderr.String())
			}
			log := stderr.String()
			if !strings.Contains(log, "table stopped") {
				t.Errorf("log lacks the clean stop:\n%s", log)
			}
			m := opened.FindStringSubmatch(log)
			if m == nil {
				t.Fatalf("log lacks the screen open line with its rotation and picture:\n%s", log)
			}
			w, h, pw, ph := m[1], m[2], m[4], m[5]
			if rot == 90 {
				w, h = h, w
			}
			if m[3] != fmt.Sprint(rot) || pw != w || ph != h {
				t.Errorf("screen open: window %sx%s, rotation %s, picture %sx%s; want rotation %d, picture %sx%s", m[1], m[2], m[3], pw, ph, rot, w, h)
			}
		})
	}
}

// setRotation sets the screen's rotation in the config file at path.
func setRotation(t *testing.T, path string, rot int) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Replace(string(data), `"rotation": 0`, fmt.Sprintf(`"rotation": %d`, rot), 1)
	if !strings.Contains(s, fmt.Sprintf(`"rotation": %d`, rot)) {
		t.Fatalf("config %s has no screen rotation to set", path)
	}
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// startTable starts the table's binary with args, outside systemd, and
// returns the process, a scanner of its standard output (the -trace lines)
// and its standard error; the process is killed when the test ends.
func startTable(t *testing.T, bin string, args ...string) (*exec.Cmd, *bufio.Scanner, *bytes.Buffer) {
	t.Helper()
	cmd := tableCommand(bin, args...)
	stderr := new(bytes.Buffer)
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	return cmd, bufio.NewScanner(out), stderr
}
