package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"ttr/hal"
	"ttr/hal/config"
	"ttr/hal/haltest"
	"ttr/hal/registry"
)

// probe runs "table probe": it lists the seats' readers and buttons from the
// config and prints their status, scans and presses as they happen, for
// someone assembling a table. With -fake, virtual devices stand in for the
// hardware and standard input drives them (see fakeProbe).
func probe(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	fs := withUsage(flag.NewFlagSet("probe", flag.ContinueOnError))
	fs.SetOutput(stdout)
	cfgPath := fs.String("config", defaultConfig, "the table's config file")
	fake := fs.Bool("fake", false, "use virtual readers and buttons driven by standard input (for tests)")
	if err := fs.Parse(args); err != nil {
		return &exitError{code: 2, err: err}
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		return err
	}
	reg, err := registry.Load(cfg.Registry)
	if err != nil {
		fmt.Fprintf(stdout, "No card registry (%v): tags are shown by UID only.\n", err)
		reg = registry.New()
	}
	p := &prober{out: &syncWriter{w: stdout}, reg: reg}
	if *fake {
		return p.fake(ctx, cfg, stdin)
	}
	tbl, err := openPi(cfg)
	if err != nil {
		return err
	}
	defer tbl.Close()
	for i, s := range tbl.Seats {
		fmt.Fprintf(p.out, "seat %d (%s, %s): %s\n", i+1, cfg.Seats[i].Edge, cfg.Seats[i].Color, s.Wiring)
	}
	fmt.Fprintln(p.out, "Place cards on the readers and press the buttons; Ctrl-C stops.")
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	if ts := openTouchscreens(cfg.Screen.Width, cfg.Screen.Height, slog.New(slog.NewTextHandler(p.out, nil))); ts != nil {
		fmt.Fprintln(p.out, "Touch the screen with one finger, then several: each finger that comes down is one touch.")
		defer ts.Close()
		wg.Add(1)
		go func() { defer wg.Done(); p.touches(ctx, ts) }()
	} else {
		fmt.Fprintln(p.out, "No touch screen in /dev/input: is it plugged in, and is the user in the input group?")
	}
	for _, s := range tbl.Seats {
		wg.Add(3)
		go func() { defer wg.Done(); printStatuses(ctx, s.Reader, p.out) }()
		go func() { defer wg.Done(); p.scans(ctx, s.Reader) }()
		go func() { defer wg.Done(); p.presses(ctx, s.Buttons) }()
	}
	err = tbl.Run(ctx)
	cancel()
	wg.Wait()
	return err
}

type prober struct {
	out io.Writer
	reg *registry.Registry
}

func (p *prober) scanLine(s hal.Scan) string {
	what := "unknown tag"
	if c, ok := p.reg.Lookup(s.UID); ok {
		what = c.String()
	}
	return fmt.Sprintf("%s seat %d scan %s (%s)", s.At.Format("15:04:05.000"), int(s.Seat)+1, s.UID, what)
}

func pressLine(pr hal.Press) string {
	kind := "press"
	if pr.Long {
		kind = "long press"
	}
	return fmt.Sprintf("%s seat %d %s %s", pr.At.Format("15:04:05.000"), int(pr.Seat)+1, pr.Button, kind)
}

func (p *prober) scans(ctx context.Context, r hal.TagReader) {
	for {
		s, err := r.ReadTag(ctx)
		if err != nil {
			return
		}
		fmt.Fprintln(p.out, p.scanLine(s))
	}
}

// touches prints the fingers that come down on the touch screens, in the
// panel's pixels, until ctx is done.
func (p *prober) touches(ctx context.Context, ts *touchscreens) {
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			for _, t := range ts.Taps() {
				fmt.Fprintf(p.out, "%s touch %.0f,%.0f (finger %d)\n", now.Format("15:04:05.000"), t.X, t.Y, t.ID)
			}
		}
	}
}

func (p *prober) presses(ctx context.Context, b hal.ButtonReader) {
	for {
		pr, err := b.ReadPress(ctx)
		if err != nil {
			return
		}
		fmt.Fprintln(p.out, pressLine(pr))
	}
}

// fake runs the probe on haltest's virtual devices, one reader and one set
// of buttons per configured seat, driven by lines of standard input:
//
//	place SEAT UID | lift SEAT | press SEAT BUTTON | long SEAT BUTTON |
//	offline SEAT | online SEAT | wait DURATION
//
// SEAT is numbered from 1, as on the screen. After each line it prints what
// the devices reported, seat by seat, so the output is deterministic. The
// virtual clock starts at midnight and moves only on "wait".
func (p *prober) fake(ctx context.Context, cfg *config.Config, stdin io.Reader) error {
	clk := haltest.NewClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	readers := make([]*haltest.Reader, len(cfg.Seats))
	buttons := make([]*haltest.Buttons, len(cfg.Seats))
	for i, s := range cfg.Seats {
		readers[i] = haltest.NewReader(hal.Seat(i), clk)
		buttons[i] = haltest.NewButtons(hal.Seat(i), clk)
		fmt.Fprintf(p.out, "seat %d (%s, %s): virtual reader and buttons\n", i+1, s.Edge, s.Color)
	}
	done, cancel := context.WithCancel(ctx)
	cancel()
	sc := bufio.NewScanner(stdin)
	for line := 1; sc.Scan(); line++ {
		if ctx.Err() != nil {
			return nil
		}
		if err := fakeStep(sc.Text(), clk, readers, buttons); err != nil {
			return &exitError{code: 2, err: fmt.Errorf("probe -fake: line %d: %w", line, err)}
		}
		for i := range readers {
			for st, err := readers[i].ReadStatus(done); err == nil; st, err = readers[i].ReadStatus(done) {
				fmt.Fprintln(p.out, statusLine(st))
			}
			for s, err := readers[i].ReadTag(done); err == nil; s, err = readers[i].ReadTag(done) {
				fmt.Fprintln(p.out, p.scanLine(s))
			}
			for pr, err := buttons[i].ReadPress(done); err == nil; pr, err = buttons[i].ReadPress(done) {
				fmt.Fprintln(p.out, pressLine(pr))
			}
		}
	}
	return sc.Err()
}

func fakeStep(text string, clk *haltest.Clock, readers []*haltest.Reader, buttons []*haltest.Buttons) error {
	f := strings.Fields(text)
	if len(f) == 0 {
		return nil
	}
	if f[0] == "wait" && len(f) == 2 {
		d, err := time.ParseDuration(f[1])
		if err != nil || d < 0 {
			return fmt.Errorf("wait %q: want a duration such as 1.5s", f[1])
		}
		clk.Advance(d)
		return nil
	}
	if len(f) < 2 {
		return fmt.Errorf("%q: want COMMAND SEAT [ARG]", text)
	}
	seat, err := strconv.Atoi(f[1])
	if err != nil || seat < 1 || seat > len(readers) {
		return fmt.Errorf("seat %q: want 1 to %d", f[1], len(readers))
	}
	seat-- // hal.Seat counts from 0
	arg := func() (string, error) {
		if len(f) != 3 {
			return "", fmt.Errorf("%q: want %s SEAT ARG", text, f[0])
		}
		return f[2], nil
	}
	button := func() (hal.Button, error) {
		a, err := arg()
		if err != nil {
			return 0, err
		}
		for _, b := range []hal.Button{hal.Confirm, hal.Cancel} {
			if a == b.String() {
				return b, nil
			}
		}
		return 0, fmt.Errorf("button %q: want confirm or cancel", a)
	}
	switch f[0] {
	case "place":
		uid, err := arg()
		if err != nil {
			return err
		}
		readers[seat].Place(hal.UID(strings.ToUpper(uid)))
	case "lift":
		readers[seat].Lift()
	case "press", "long":
		b, err := button()
		if err != nil {
			return err
		}
		if f[0] == "long" {
			buttons[seat].LongPress(b)
		} else {
			buttons[seat].Press(b)
		}
	case "offline":
		readers[seat].SetOffline(errors.New("no answer"))
	case "online":
		readers[seat].SetOnline()
	default:
		return fmt.Errorf("unknown command %q", f[0])
	}
	return nil
}
