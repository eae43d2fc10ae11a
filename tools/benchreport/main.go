// Command benchreport turns the output of `go test -bench` into
// BENCHMARKS.md: each benchmark's median over its runs (-count) with the
// spread, the machine it ran on, the commands, and the product's
// performance goals with whether each is met.
//
//	benchreport -o BENCHMARKS.md -binary bin/table-arm64 -cmd "..." bench.txt...
//
// make bench runs it; see the Makefile.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// listFlag is a repeatable string flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, "; ") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("benchreport", flag.ContinueOnError)
	out := fs.String("o", "BENCHMARKS.md", "the report to write")
	binary := fs.String("binary", "", "the arm64 firmware binary whose size is reported")
	var cmds listFlag
	fs.Var(&cmds, "cmd", "a command that produced the input (repeatable), quoted in the report")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fmt.Errorf("benchreport: no benchmark output files given")
	}
	set := newSet()
	for _, name := range fs.Args() {
		f, err := os.Open(name)
		if err != nil {
			return fmt.Errorf("benchreport: %w", err)
		}
		err = set.parse(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("benchreport: %s: %w", name, err)
		}
	}
	rep := report{
		set:      set,
		machine:  readMachine(set),
		commands: cmds,
		when:     time.Now().UTC(),
		size:     -1,
	}
	if *binary != "" {
		fi, err := os.Stat(*binary)
		if err != nil {
			return fmt.Errorf("benchreport: arm64 binary: %w", err)
		}
		rep.size = fi.Size()
		rep.binary = *binary
	}
	var b strings.Builder
	rep.write(&b)
	if err := os.WriteFile(*out, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("benchreport: %w", err)
	}
	met, total := rep.goalsMet()
	fmt.Fprintf(stdout, "benchreport: %s: %d benchmarks, %d of %d goals met\n", *out, len(set.order), met, total)
	return nil
}

// A bench is one benchmark's runs: every value of each unit it reported.
type bench struct {
	pkg, name string
	units     []string // in the order first seen
	values    map[string][]float64
}

// set is every benchmark of the input, in the order first seen.
type set struct {
	order   []*bench
	byKey   map[string]*bench
	headers map[string]string // goos, goarch, cpu: the last seen
}

func newSet() *set {
	return &set{byKey: map[string]*bench{}, headers: map[string]string{}}
}

// parse reads go test -bench output: "pkg:" lines name the package of the
// result lines that follow; other lines (PASS, ok, logs) are ignored.
func (s *set) parse(r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
	pkg := ""
	for sc.Scan() {
		line := sc.Text()
		if k, v, ok := strings.Cut(line, ": "); ok && !strings.ContainsAny(k, " \t") {
			switch k {
			case "pkg":
				pkg = strings.TrimSpace(v)
			case "goos", "goarch", "cpu":
				s.headers[k] = strings.TrimSpace(v)
			}
			continue
		}
		if !strings.HasPrefix(line, "Benchmark") {
			continue
		}
		f := strings.Fields(line)
		// Name, iterations, then value-unit pairs.
		if len(f) < 4 || len(f)%2 != 0 {
			continue
		}
		if _, err := strconv.Atoi(f[1]); err != nil {
			continue
		}
		name := trimProcs(f[0])
		key := pkg + " " + name
		b := s.byKey[key]
		if b == nil {
			b = &bench{pkg: pkg, name: name, values: map[string][]float64{}}
			s.byKey[key] = b
			s.order = append(s.order, b)
		}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				return fmt.Errorf("%q: value %q: %w", line, f[i], err)
			}
			u := f[i+1]
			if _, ok := b.values[u]; !ok {
				b.units = append(b.units, u)
			}
			b.values[u] = append(b.values[u], v)
		}
	}
	return sc.Err()
}

// trimProcs drops the "-N" GOMAXPROCS suffix of a benchmark's name.
func trimProcs(name string) string {
	i := strings.LastIndexByte(name, '-')
	if i < 0 {
		return name
	}
	if _, err := strconv.Atoi(name[i+1:]); err != nil {
		return name
	}
	return name[:i]
}

// get returns a benchmark by package and name.
func (s *set) get(pkg, name string) *bench {
	return s.byKey[pkg+" "+name]
}

// stat is the summary of one unit's runs.
type stat struct {
	median float64
	spread float64 // the largest distance from the median to a run, as a fraction of the median
	n      int
}

func summarize(vs []float64) stat {
	if len(vs) == 0 {
		return stat{}
	}
	s := slices.Clone(vs)
	slices.Sort(s)
	var med float64
	if n := len(s); n%2 == 1 {
		med = s[n/2]
	} else {
		med = (s[n/2-1] + s[n/2]) / 2
	}
	st := stat{median: med, n: len(s)}
	if med != 0 {
		st.spread = max(med-s[0], s[len(s)-1]-med) / abs(med)
	}
	return st
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// median returns the median of a benchmark's unit, and whether it was
// measured.
func (s *set) median(pkg, name, unit string) (float64, bool) {
	b := s.get(pkg, name)
	if b == nil || len(b.values[unit]) == 0 {
		return 0, false
	}
	return summarize(b.values[unit]).median, true
}

// machine describes where the benchmarks ran.
type machine struct {
	cpu, goVersion, os, arch string
	cores                    int
}

func readMachine(s *set) machine {
	m := machine{cpu: s.headers["cpu"], goVersion: runtime.Version(), cores: runtime.NumCPU(),
		arch: s.headers["goos"] + "/" + s.headers["goarch"]}
	if m.arch == "/" {
		m.arch = runtime.GOOS + "/" + runtime.GOARCH
	}
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				m.cpu = strings.TrimSpace(v)
				break
			}
		}
	}
	m.os = runtime.GOOS
	if data, err := os.ReadFile("/etc/os-release"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(line, "PRETTY_NAME="); ok {
				m.os = strings.Trim(v, `"`)
			}
		}
	}
	if data, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		m.os += ", Linux " + strings.TrimSpace(string(data))
	}
	return m
}

// formatValue writes a value in its unit the way benchstat scales it:
// nanoseconds (of wall time, or of CPU time: cpu-ns/op) as ns, µs, ms or
// s; bytes as B, KiB, MiB; others with three
// significant digits.
func formatValue(v float64, unit string) string {
	switch unit {
	case "ns/op":
		return formatDuration(v) + "/op"
	case unitCPU:
		return formatDuration(v) + " CPU/op"
	case "B/op":
		switch {
		case v >= 1<<20:
			return fmt.Sprintf("%.2f MiB/op", v/(1<<20))
		case v >= 1<<10:
			return fmt.Sprintf("%.2f KiB/op", v/(1<<10))
		}
		return fmt.Sprintf("%.0f B/op", v)
	}
	return sig(v) + " " + unit
}

func formatDuration(ns float64) string {
	switch {
	case ns >= 1e9:
		return sig(ns/1e9) + " s"
	case ns >= 1e6:
		return sig(ns/1e6) + " ms"
	case ns >= 1e3:
		return sig(ns/1e3) + " µs"
	}
	return sig(ns) + " ns"
}

// sig formats v with three significant digits (all digits of a whole
// number of three or more digits).
func sig(v float64) string {
	a := abs(v)
	switch {
	case a >= 100 || a == 0:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case a >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64)
	case a >= 1:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

func formatStat(st stat, unit string) string {
	if st.n == 0 {
		return "not measured"
	}
	return fmt.Sprintf("%s ± %.0f%% (n=%d)", formatValue(st.median, unit), st.spread*100, st.n)
}
