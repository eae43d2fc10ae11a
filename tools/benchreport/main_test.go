package main

import (
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const sample = `goos: linux
goarch: amd64
pkg: ttr/engine
cpu: Test CPU
BenchmarkRandomGame/europe/4p   	    3896	    318686 ns/op	       750.0 actions/game	      6000 games/s
BenchmarkRandomGame/europe/4p   	    3222	    399904 ns/op	       750.6 actions/game	      4000 games/s
BenchmarkRandomGame/europe/4p   	    3222	    399904 ns/op	       750.6 actions/game	      5500 games/s
--- BENCH: BenchmarkSomething
    bench_test.go:12: 220 routes claimed
PASS
ok  	ttr/engine	2.541s
pkg: ttr/engine/score
BenchmarkLongestPath/a-2 	 1000	 50000 ns/op	 0 B/op	 0 allocs/op
BenchmarkLongestPath/b-2 	 1000	 150000 ns/op	 0 B/op	 0 allocs/op
pkg: ttr/display
BenchmarkScreenFrame/empty         	      60	   4500000 ns/op	   7000000 cpu-ns/op	       0 B/op	       0 allocs/op
BenchmarkScreenFrame/busy          	      60	   9000000 ns/op	  15000000 cpu-ns/op	       0 B/op	       0 allocs/op
BenchmarkScreenFrame/event         	      60	  21000000 ns/op	  31000000 cpu-ns/op	     100 B/op	       2 allocs/op
BenchmarkScreenFrame/turn          	      60	  30000000 ns/op	  50000000 cpu-ns/op	     100 B/op	       2 allocs/op
BenchmarkScreenFrame/whole         	      60	  66761785 ns/op	 123025433 cpu-ns/op	       0 B/op	       0 allocs/op
BenchmarkScreenFrame/empty         	      60	   4600000 ns/op	   6000000 cpu-ns/op	       0 B/op	       0 allocs/op
BenchmarkScreenFrame/busy          	      60	  10000000 ns/op	  14000000 cpu-ns/op	       0 B/op	       0 allocs/op
BenchmarkScreenFrame/event         	      60	  21000000 ns/op	  31000000 cpu-ns/op	     100 B/op	       2 allocs/op
BenchmarkScreenFrame/turn          	      60	  30000000 ns/op	  50000000 cpu-ns/op	     100 B/op	       2 allocs/op
BenchmarkScreenFrame/whole         	      60	  66761785 ns/op	 123025433 cpu-ns/op	       0 B/op	       0 allocs/op
BenchmarkScreenFrame/empty         	      60	   4400000 ns/op	   8000000 cpu-ns/op	       0 B/op	       0 allocs/op
BenchmarkScreenFrame/busy          	      60	   8000000 ns/op	  30000000 cpu-ns/op	       0 B/op	       0 allocs/op
BenchmarkScreenFrame/event         	      60	  21000000 ns/op	  31000000 cpu-ns/op	     100 B/op	       2 allocs/op
BenchmarkScreenFrame/turn          	      60	  30000000 ns/op	  50000000 cpu-ns/op	     100 B/op	       2 allocs/op
BenchmarkScreenFrame/whole         	      60	  66761785 ns/op	 123025433 cpu-ns/op	       0 B/op	       0 allocs/op
pkg: ttr/cmd/table
BenchmarkBotsGame/headless 	 2	 718607612 ns/op	        16.32 peak-RSS-MB
`

func TestParseAndGoals(t *testing.T) {
	s := newSet()
	if err := s.parse(strings.NewReader(sample)); err != nil {
		t.Fatal(err)
	}
	if got, want := len(s.order), 9; got != want {
		t.Fatalf("got %d benchmarks, want %d", got, want)
	}
	if s.get("ttr/engine/score", "BenchmarkLongestPath/a") == nil {
		t.Errorf("the -2 GOMAXPROCS suffix was not dropped")
	}
	if got, _ := s.median("ttr/engine", "BenchmarkRandomGame/europe/4p", "games/s"); got != 5500 {
		t.Errorf("median games/s: got %v, want 5500", got)
	}
	if got, _ := s.median("ttr/display", "BenchmarkScreenFrame/busy", "cpu-ns/op"); got != 15e6 {
		t.Errorf("median busy cpu-ns/op: got %v, want 15e6", got)
	}
	r := &report{set: s, size: -1}
	tests := []struct {
		goal          int
		met, measured bool
		figure        string
	}{
		{0, true, true, "5500 games/s"},
		{1, false, true, "150 µs (b)"},
		{2, false, false, ""},                                        // no input or journal benchmark
		{3, true, true, "2.14x (15.0 ms / 7.00 ms CPU)"},             // CPU 15/7, not wall 9/4.5
		{4, true, true, "30.0 ms (names turned), 21.0 ms (patched)"}, // the slower frame's wall time
		{5, false, false, ""},
		{6, true, true, "16.3 MB (headless)"},
	}
	for _, tc := range tests {
		fig, met, measured := goals[tc.goal].eval(r)
		if met != tc.met || measured != tc.measured || (tc.figure != "" && fig != tc.figure) {
			t.Errorf("goal %q: got %q met=%v measured=%v, want %q met=%v measured=%v",
				goals[tc.goal].what, fig, met, measured, tc.figure, tc.met, tc.measured)
		}
	}
	if met, total := r.goalsMet(); met != 4 || total != len(goals) {
		t.Errorf("goals met: got %d of %d, want 4 of %d", met, total, len(goals))
	}
}

// TestFrameGoal judges the frame goal on the CPU ratio of busy to empty,
// falls back to wall time when a run lacks cpu-ns/op, and says so.
func TestFrameGoal(t *testing.T) {
	const head = "pkg: ttr/display\n"
	tests := []struct {
		name, in      string
		figure        string
		met, measured bool
	}{
		{"cpu met", head +
			"BenchmarkScreenFrame/empty 60 4000000 ns/op 5000000 cpu-ns/op\n" +
			"BenchmarkScreenFrame/busy 60 20000000 ns/op 14000000 cpu-ns/op\n",
			"2.80x (14.0 ms / 5.00 ms CPU)", true, true},
		{"cpu not met", head +
			"BenchmarkScreenFrame/empty 60 4000000 ns/op 5000000 cpu-ns/op\n" +
			"BenchmarkScreenFrame/busy 60 8000000 ns/op 15000000 cpu-ns/op\n",
			"3.00x (15.0 ms / 5.00 ms CPU)", false, true},
		{"wall time when cpu-ns/op is absent", head +
			"BenchmarkScreenFrame/empty 100 1000000 ns/op\n" +
			"BenchmarkScreenFrame/busy 100 2500000 ns/op\n",
			"2.50x (2.50 ms / 1.00 ms wall time: no cpu-ns/op in the run, so not the CPU ratio)", true, true},
		{"wall time when only busy has cpu-ns/op", head +
			"BenchmarkScreenFrame/empty 100 1000000 ns/op\n" +
			"BenchmarkScreenFrame/busy 100 4000000 ns/op 1000 cpu-ns/op\n",
			"4.00x (4.00 ms / 1.00 ms wall time: no cpu-ns/op in the run, so not the CPU ratio)", false, true},
		{"no empty frame", head +
			"BenchmarkScreenFrame/busy 100 2500000 ns/op 1000 cpu-ns/op\n",
			"", false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newSet()
			if err := s.parse(strings.NewReader(tc.in)); err != nil {
				t.Fatal(err)
			}
			fig, met, measured := goals[3].eval(&report{set: s, size: -1})
			if fig != tc.figure || met != tc.met || measured != tc.measured {
				t.Errorf("got %q met=%v measured=%v, want %q met=%v measured=%v", fig, met, measured, tc.figure, tc.met, tc.measured)
			}
		})
	}
}

func TestSummarize(t *testing.T) {
	tests := []struct {
		in             []float64
		median, spread float64
	}{
		{[]float64{10}, 10, 0},
		{[]float64{12, 8, 10}, 10, 0.2},
		{[]float64{1, 2, 3, 10}, 2.5, 3},
	}
	for _, tc := range tests {
		st := summarize(tc.in)
		if st.median != tc.median || math.Abs(st.spread-tc.spread) > 1e-9 || st.n != len(tc.in) {
			t.Errorf("summarize(%v) = %+v, want median %v spread %v", tc.in, st, tc.median, tc.spread)
		}
	}
}

func TestFormatValue(t *testing.T) {
	tests := []struct {
		v    float64
		unit string
		want string
	}{
		{318686, "ns/op", "319 µs/op"},
		{1509387384, "ns/op", "1.51 s/op"},
		{42.5, "ns/op", "42.5 ns/op"},
		{123025433, "cpu-ns/op", "123 ms CPU/op"},
		{3 << 20, "B/op", "3.00 MiB/op"},
		{750.6, "actions/game", "751 actions/game"},
		{0.125, "x", "0.125 x"},
	}
	for _, tc := range tests {
		if got := formatValue(tc.v, tc.unit); got != tc.want {
			t.Errorf("formatValue(%v, %q) = %q, want %q", tc.v, tc.unit, got, tc.want)
		}
	}
}

// TestRunWritesReport runs the command on the sample and checks the
// report's sections and verdicts.
func TestRunWritesReport(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "bench.txt")
	bin := filepath.Join(dir, "table-arm64")
	out := filepath.Join(dir, "BENCHMARKS.md")
	if err := os.WriteFile(in, []byte(sample), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, make([]byte, 3<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"-o", out, "-binary", bin, "-cmd", "go test -bench .", in}, io.Discard); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	md := string(data)
	for _, want := range []string{
		"## Machine", "## Goals", "4 of 7 goals met.",
		"| europe | 4 | 5500 games/s ± 27% (n=3) |",
		"| b | 150 µs/op ± 0% (n=1) |",
		"| a busy 5-player Europe frame under 3x an empty raylib frame (CPU per presented frame, same run, Xvfb) | < 3x | 2.14x (15.0 ms / 7.00 ms CPU) | **yes** |",
		"| longest path on the densest legal boards (slowest board) | < 100 µs | 150 µs (b) | **no** |",
		"- Met: random games per second; busy frame under 3x the empty frame; the first frame after an event within 2 frames; peak RSS.\n",
		"| < 33.3 ms | 30.0 ms (names turned), 21.0 ms (patched) | **yes** |",
		"- Not met: longest path at 150 µs (b), target < 100 µs.\n",
		"- Not measured: a scan's effect within a frame; first frame within 1 s.\n",
		"| empty: raylib's frame alone | 4.50 ms/op ± 2% (n=3) | 7.00 ms CPU/op ± 14% (n=3) | 1.00x | 1.00x |",
		"| busy: a 5-player Europe game, steady | 9.00 ms/op ± 11% (n=3) | 15.0 ms CPU/op ± 100% (n=3) | 2.14x | 2.00x |",
		"| event: the first frame after an event (a claim confirmed, the turn to the same edge, and back), every frame | 21.0 ms/op ± 0% (n=3) | 31.0 ms CPU/op ± 0% (n=3) | 4.43x | 4.67x |",
		"| whole: the still layer drawn whole every frame | 66.8 ms/op ± 0% (n=3) | 123 ms CPU/op ± 0% (n=3) | 17.58x | 14.84x |",
		"Frames per second held between events (1 s / busy wall time): **111**, 60 or more.",
		"Frames per second the frame right after an event allows (1 s / event wall time): **48**, under 60 on this machine's software rasteriser.",
		"Frames per second a layer drawn whole allows (1 s / whole wall time): **15**, under 60 on this machine's software rasteriser.",
		"The goal compares the busy frame's CPU with the empty frame's.\n",
		"| ttr/display | ScreenFrame/whole | 66.8 ms/op ± 0% (n=3)<br>123 ms CPU/op ± 0% (n=3)<br>0 B/op ± 0% (n=3)<br>0 allocs/op ± 0% (n=3) |",
		"3.0 MiB (3145728 bytes)",
		"| not measured | unknown |",
		"go test -bench .",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the report lacks %q:\n%s", want, md)
		}
	}
	for _, gone := range []string{"offscreen", "without a present", "Screen.Draw alone"} {
		if strings.Contains(md, gone) {
			t.Errorf("the report still says %q, which the frame benchmark no longer measures", gone)
		}
	}
	if err := run([]string{"-o", out}, io.Discard); err == nil {
		t.Errorf("no input files: got no error")
	}
}
