package journal

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"syscall"
	"testing"
)

// crashChildEnv names the directory a child process appends to; see
// TestKilledWhileAppending.
const crashChildEnv = "JOURNAL_CRASH_CHILD_DIR"

// TestMain lets the test binary double as the process that is killed.
func TestMain(m *testing.M) {
	if dir := os.Getenv(crashChildEnv); dir != "" {
		if err := crashChild(dir); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	// The pruning lines of the tests that leave Opts.Logger nil stay out
	// of the output; the tests about those lines give a logger of their own.
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	os.Exit(m.Run())
}

// crashChild resumes (or starts) the game in dir and appends the numbers
// that follow its last record, printing each one once Append has returned,
// until it is killed.
func crashChild(dir string) error {
	j, err := Open(dir, Opts{})
	if err != nil {
		return err
	}
	g := j.Current()
	if g == nil {
		if g, err = j.Start([]byte("crash test")); err != nil {
			return err
		}
	}
	out := bufio.NewWriter(os.Stdout)
	for n := len(g.Records()); ; n++ {
		if err := g.Append([]byte(strconv.Itoa(n))); err != nil {
			return err
		}
		fmt.Fprintln(out, n)
		if err := out.Flush(); err != nil {
			return err
		}
	}
}

// startChild runs the test binary as a crash child appending to dir. When
// the tests themselves run under qemu-user (make test-arm64) without binfmt
// support, the child is started under the same emulator.
func startChild(t *testing.T, dir string) (*exec.Cmd, io.Reader) {
	t.Helper()
	for _, argv := range [][]string{
		{os.Args[0]},
		{"qemu-" + map[string]string{"arm64": "aarch64", "amd64": "x86_64"}[runtime.GOARCH] + "-static", os.Args[0]},
	} {
		cmd := exec.Command(argv[0], append(argv[1:], "-test.run=^$")...)
		cmd.Env = append(os.Environ(), crashChildEnv+"="+dir)
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		err = cmd.Start()
		if err == nil {
			return cmd, stdout
		}
		if !errors.Is(err, syscall.ENOEXEC) {
			t.Fatalf("start %s: %v", argv[0], err)
		}
	}
	t.Fatalf("cannot run %s: exec format error, and no qemu-user emulator for %s", os.Args[0], runtime.GOARCH)
	return nil, nil
}

// A process killed (SIGKILL) at random moments while appending loses
// nothing it was told was written, and every restart resumes the same game
// exactly: records 0, 1, 2, ... with no gap, duplicate or damage.
func TestKilledWhileAppending(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(7, 11))
	acked := -1 // the highest record number a child reported written
	const kills = 20
	for k := range kills {
		cmd, stdout := startChild(t, dir)
		lines := bufio.NewScanner(stdout)
		for range 1 + rng.IntN(40) {
			if !lines.Scan() {
				t.Fatalf("kill %d: child stopped before being killed: %v", k, cmd.Wait())
			}
			n, err := strconv.Atoi(lines.Text())
			if err != nil || n != acked+1 {
				t.Fatalf("kill %d: child wrote record %q, want %d", k, lines.Text(), acked+1)
			}
			acked = n
		}
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		for lines.Scan() { // acknowledged between the last read and the kill
			if n, err := strconv.Atoi(lines.Text()); err == nil && n == acked+1 {
				acked = n
			}
		}
		cmd.Wait()

		j, err := Open(dir, Opts{})
		if err != nil {
			t.Fatalf("kill %d: Open: %v", k, err)
		}
		g := j.Current()
		if g == nil {
			t.Fatalf("kill %d: no unfinished game after the crash", k)
		}
		records := g.Records()
		for i, r := range records {
			if string(r) != strconv.Itoa(i) {
				t.Fatalf("kill %d: record %d is %q, want %d", k, i, r, i)
			}
		}
		if len(records) <= acked {
			t.Fatalf("kill %d: %d records resumed, but record %d was acknowledged", k, len(records), acked)
		}
		for _, p := range j.Problems() {
			if p.Kind != TornTail {
				t.Fatalf("kill %d: problem %v; a kill can at most tear the last record", k, p)
			}
		}
		acked = len(records) - 1 // the next child continues from here
		j.Close()
	}
	if acked < kills {
		t.Errorf("only %d records written across %d kills", acked+1, kills)
	}
}
