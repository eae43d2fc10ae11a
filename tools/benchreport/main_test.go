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
BenchmarkScreenFrame/empty 	 100	 1000000 ns/op
BenchmarkScreenFrame/busy 	 100	 2500000 ns/op
pkg: ttr/cmd/table
BenchmarkBotsGame/headless 	 2	 718607612 ns/op	        16.32 peak-RSS-MB
`

func TestParseAndGoals(t *testing.T) {
	s := newSet()
	if err := s.parse(strings.NewReader(sample)); err != nil {
		t.Fatal(err)
	}
	if got, want := len(s.order), 6; got != want {
		t.Fatalf("got %d benchmarks, want %d", got, want)
	}
	if s.get("ttr/engine/score", "BenchmarkLongestPath/a") == nil {
		t.Errorf("the -2 GOMAXPROCS suffix was not dropped")
	}
	if got, _ := s.median("ttr/engine", "BenchmarkRandomGame/europe/4p", "games/s"); got != 5500 {
		t.Errorf("median games/s: got %v, want 5500", got)
	}
	r := &report{set: s, size: -1}
	tests := []struct {
		goal          int
		met, measured bool
		figure        string
	}{
		{0, true, true, "5500 games/s"},
		{1, false, true, "150 µs (b)"},
		{2, false, false, ""}, // no input or journal benchmark
		{3, true, true, "2.50x"},
		{4, false, false, ""},
		{5, true, true, "16.3 MB (headless)"},
	}
	for _, tc := range tests {
		fig, met, measured := goals[tc.goal].eval(r)
		if met != tc.met || measured != tc.measured || (tc.figure != "" && fig != tc.figure) {
			t.Errorf("goal %q: got %q met=%v measured=%v, want %q met=%v measured=%v",
				goals[tc.goal].what, fig, met, measured, tc.figure, tc.met, tc.measured)
		}
	}
	if met, total := r.goalsMet(); met != 3 || total != len(goals) {
		t.Errorf("goals met: got %d of %d, want 3 of %d", met, total, len(goals))
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
		"## Machine", "## Goals", "3 of 6 goals met.",
		"| europe | 4 | 5500 games/s ± 27% (n=3) |",
		"| b | 150 µs/op ± 0% (n=1) |",
		"Busy frame / empty frame: **2.50x**",
		"3.0 MiB (3145728 bytes)",
		"| not measured | unknown |",
		"go test -bench .",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the report lacks %q:\n%s", want, md)
		}
	}
	if err := run([]string{"-o", out}, io.Discard); err == nil {
		t.Errorf("no input files: got no error")
	}
}
