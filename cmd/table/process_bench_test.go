package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The benchmarks of this file run the table's binary as a real process,
// as systemd does on the Pi: make bench reports their figures in
// BENCHMARKS.md.

// BenchmarkFirstFrame measures the time from starting the table's process
// (in its window, fake hardware, a new game log) to its first frame drawn:
// the "ready" line -trace prints when it sends READY=1 to systemd. ns/op
// is that time; stopping the process (SIGTERM) is not counted.
func BenchmarkFirstFrame(b *testing.B) {
	if os.Getenv("DISPLAY") == "" {
		b.Fatal("no DISPLAY: run the benchmarks under xvfb-run, as make bench does")
	}
	bin := tableBinary(b)
	cfg := tableDir(b)
	var total time.Duration
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		cmd := tableCommand(bin, "run", "-config", cfg, "-state", b.TempDir(), "-fake", "-seed", "1", "-trace")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		start := time.Now()
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		sc := bufio.NewScanner(out)
		ready := false
		for !ready && sc.Scan() {
			ready = sc.Text() == "ready"
		}
		total += time.Since(start)
		b.StopTimer()
		if !ready {
			cmd.Process.Kill()
			cmd.Wait()
			b.Fatalf("the table stopped before its first frame:\n%s", stderr.Bytes())
		}
		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			b.Fatal(err)
		}
		for sc.Scan() {
		}
		if err := cmd.Wait(); err != nil {
			b.Fatalf("after SIGTERM: %v\n%s", err, stderr.Bytes())
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(total.Nanoseconds())/float64(b.N), "ns/op")
}

// BenchmarkBotsGame plays whole 4-seat Europe bots games (fake hardware,
// a virtual deck, no pause between moves) as a process: headless, and in
// the table's window (needs DISPLAY; a game there is paced by the frames,
// so make bench runs it once). It reports the process's peak resident set
// size (the largest of the games, from wait4's rusage) and, as ns/op, a
// game's wall time from start to exit.
func BenchmarkBotsGame(b *testing.B) {
	bin := tableBinary(b)
	cfg := tableDir(b)
	for _, mode := range []string{"headless", "window"} {
		b.Run(mode, func(b *testing.B) {
			if mode == "window" && os.Getenv("DISPLAY") == "" {
				b.Fatal("no DISPLAY: run the benchmarks under xvfb-run, as make bench does")
			}
			var peak int64
			for i := range b.N {
				args := []string{"run", "-config", cfg, "-state", b.TempDir(), "-fake", "-bots", "all",
					"-seed", fmt.Sprint(i + 1), "-games", "1", "-step", "0"}
				if mode == "headless" {
					args = append(args, "-headless")
				}
				cmd := tableCommand(bin, args...)
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				if err := cmd.Run(); err != nil {
					b.Fatalf("%v\n%s", err, stderr.Bytes())
				}
				if !strings.Contains(stderr.String(), "games_ended=1") {
					b.Fatalf("the game did not end:\n%s", stderr.Bytes())
				}
				ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
				if !ok {
					b.Fatal("no rusage for the process")
				}
				peak = max(peak, ru.Maxrss) // kilobytes on Linux
			}
			b.ReportMetric(float64(peak)/1024, "peak-RSS-MB")
		})
	}
}
