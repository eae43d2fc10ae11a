package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"ttr/cmd/table/app"
	"ttr/cmd/table/owner"
	"ttr/display/msg"
	"ttr/hal"
	"ttr/hal/config"
	"ttr/hal/registry"
	"ttr/input"
)

// probe runs "table probe": it walks whoever assembles a table through a
// check of every reader, every button and the touch screen of the config,
// one at a time ("Seat 2: lay any card on the reader"), prints everything
// the devices report as it comes, marks each check passed, failed (nothing
// right within -timeout) or skipped (Enter), and ends with a summary. It
// opens and runs the devices as the table does (openHardware), so a
// reader offline or retried here is one the table would find the same way.
//
// Exit status: 0 when every check passed, 1 when one failed, 3 when none
// failed but some were skipped, 2 for a bad flag, config or script.
//
// Test builds (probeScript) take -fake: virtual devices stand in for the
// hardware and standard input is a script that drives them and the person
// (probescript.go).
func probe(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	return probeWith(ctx, args, stdin, stdout, probeScript())
}

// A scriptRunner runs p's checks on virtual devices from a script.
type scriptRunner func(ctx context.Context, p *prober, cfg *config.Config, script io.Reader) error

// probeWith is probe, with -fake when script is not nil.
func probeWith(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer, script scriptRunner) error {
	fs := withUsage(flag.NewFlagSet("probe", flag.ContinueOnError))
	fs.SetOutput(stdout)
	cfgPath := fs.String("config", defaultConfig, "the table's config file")
	fake := new(bool)
	if script != nil {
		fake = fs.Bool("fake", false, "virtual readers, buttons and touch screen, driven by a script on standard input (for tests)")
	}
	timeout := fs.Duration("timeout", 30*time.Second, "how long each check waits before it fails")
	if err := fs.Parse(args); err != nil {
		return &exitError{code: 2, err: err}
	}
	if *timeout <= 0 {
		return &exitError{code: 2, err: fmt.Errorf("probe: -timeout %v: want a positive duration, such as 30s", *timeout)}
	}
	cfg, err := config.Load(*cfgPath)
	if err != nil {
		return err
	}
	out := &syncWriter{w: stdout}
	reg, err := registry.Load(cfg.Registry)
	if err != nil {
		fmt.Fprintf(out, "No card registry (%v): tags are shown by UID only.\n", err)
		reg = registry.New()
	}
	p := newProber(cfg, reg, out, *timeout)
	if *fake {
		return script(ctx, p, cfg, stdin)
	}
	log := newLogger(os.Stderr, os.Getenv)
	hw := openHardware(cfg, hardwareOpts{}, log)
	pump := hw.start(log)
	defer hw.stop()
	p.tally, p.wiring = hw.tally, hw.wiring
	// The touch screens' lines ("touch screen device=... name=...") are
	// for the person, on standard output.
	var touch touchSource = noTouch{}
	if ts := openTouchscreens(cfg.Screen.Width, cfg.Screen.Height, slog.New(slog.NewTextHandler(out, nil))); ts != nil {
		defer ts.Close()
		touch = ts
	}
	p.interactive(ctx, pump, touch, stdin, time.Now)
	return p.summary()
}

// A touchSource hands out the fingers that came down on the touch screens:
// evdev's touchscreens on the Pi, a script's with -fake.
type touchSource interface {
	// Taps returns the fingers that came down since the last call.
	Taps() []touchPoint
	// Ready receives after fingers came down.
	Ready() <-chan struct{}
	// Count returns how many touch screens there are.
	Count() int
}

// noTouch is the touch source of a system without evdev.
type noTouch struct{}

func (noTouch) Taps() []touchPoint     { return nil }
func (noTouch) Ready() <-chan struct{} { return nil }
func (noTouch) Count() int             { return 0 }

// The corners of the picture, clockwise from the top-left, as the seats'
// edges name its sides (the log's words).
var cornerNames = owner.CornerNames

// prober runs the hardware check (owner.Checks, the model the owner's menu
// draws too) on a terminal: it takes what the devices and the touch
// screens report and what the person types, prints the events as they
// come and the checks' words in English.
type prober struct {
	out    io.Writer
	reg    *registry.Registry
	cfg    *config.Config
	tally  *tally
	wiring []string // by seat
	words  *msg.Catalog

	checks  *owner.Checks
	noTouch bool // "no touch screen" was said
}

func newProber(cfg *config.Config, reg *registry.Registry, out io.Writer, timeout time.Duration) *prober {
	words, err := msg.Load()
	if err != nil {
		panic(fmt.Sprintf("probe: the embedded message catalogue: %v", err)) // a bug: its tests load it
	}
	p := &prober{out: out, reg: reg, cfg: cfg, words: words}
	p.checks = owner.NewChecks(cfg, owner.CheckOpts{Timeout: timeout, Card: p.card})
	return p
}

// en words t in English.
func (p *prober) en(t input.Text) string { return p.words.Text(msg.EN, t) }

func (p *prober) done() bool { return p.checks.Done() }

// deadline is when the current check fails.
func (p *prober) deadline() time.Time { return p.checks.Deadline }

// begin prints the table's devices and the first check.
func (p *prober) begin(now time.Time, touch touchSource) {
	fmt.Fprintf(p.out, "Probe of %d seats and the touch screen: %d checks, each waiting up to %v.\n", len(p.cfg.Seats), len(p.checks.List), p.checks.Timeout())
	fmt.Fprintln(p.out, "Press Enter to skip a check, q and Enter to stop.")
	for i, s := range p.cfg.Seats {
		fmt.Fprintf(p.out, "seat %d (%s, %s): %s\n", i+1, s.Edge, s.Color, p.wiring[i])
	}
	p.checks.Start(now)
	p.prompt(touch)
}

// prompt asks for the current check.
func (p *prober) prompt(touch touchSource) {
	c := p.checks.Current()
	if c == nil {
		return
	}
	fmt.Fprintf(p.out, "\n[%d/%d] %s\n", p.checks.Cur+1, len(p.checks.List), p.en(c.Prompt))
	switch {
	case (c.Kind == owner.CheckReader || c.Kind == owner.CheckButton) && p.checks.Down(c) != nil:
		fmt.Fprintf(p.out, "  (%s offline: %v; press Enter to skip)\n", p.en(owner.DeviceText(c)), p.checks.Down(c))
	case (c.Kind == owner.CheckCorner || c.Kind == owner.CheckFingers) && touch.Count() == 0 && !p.noTouch:
		p.noTouch = true
		fmt.Fprintln(p.out, "  (no touch screen found in /dev/input yet: plug it in, it is read when it appears; is the user in the input group?)")
	}
}

// report prints what an input did: the hint, or the check it ended and
// the next one's prompt.
func (p *prober) report(o owner.Outcome, touch touchSource) {
	if !o.Hint.IsZero() {
		fmt.Fprintf(p.out, "  %s\n", p.en(o.Hint))
	}
	c := o.Ended
	if c == nil {
		return
	}
	if c.Verdict != owner.Skipped && !c.Saw.IsZero() {
		fmt.Fprintf(p.out, "  %s: %s\n", c.Verdict, p.en(c.Saw))
	} else {
		fmt.Fprintf(p.out, "  %s\n", c.Verdict)
	}
	p.checks.Touchless = touch.Count() == 0
	p.prompt(touch)
}

// event takes one device event (a hal.Scan, hal.Press or hal.Status).
func (p *prober) event(ev hal.Event, now time.Time, touch touchSource) {
	switch ev := ev.(type) {
	case hal.Scan:
		fmt.Fprintln(p.out, p.scanLine(ev))
	case hal.Press:
		fmt.Fprintln(p.out, pressLine(ev))
	case hal.Status:
		fmt.Fprintln(p.out, statusLine(ev))
	}
	p.report(p.checks.Event(ev, now), touch)
}

func (p *prober) card(uid hal.UID) string {
	if c, ok := p.reg.Lookup(uid); ok {
		return c.String()
	}
	return "unknown tag"
}

func (p *prober) scanLine(s hal.Scan) string {
	return fmt.Sprintf("%s seat %d scan %s (%s)", s.At.Format("15:04:05.000"), int(s.Seat)+1, s.UID, p.card(s.UID))
}

func pressLine(pr hal.Press) string {
	kind := "press"
	if pr.Long {
		kind = "long press"
	}
	return fmt.Sprintf("%s seat %d %s %s", pr.At.Format("15:04:05.000"), int(pr.Seat)+1, pr.Button, kind)
}

// touch takes one finger that came down, at x, y of the panel in pixels.
func (p *prober) touch(t touchPoint, now time.Time, touch touchSource) {
	corner := p.checks.Corner(t.X, t.Y)
	where := ""
	if corner >= 0 {
		where = ", " + cornerNames[corner] + " corner"
	}
	fingers := ""
	if t.Fingers > 1 {
		fingers = fmt.Sprintf(", %d fingers down", t.Fingers)
	}
	fmt.Fprintf(p.out, "%s touch %.0f,%.0f (finger %d%s%s)\n", now.Format("15:04:05.000"), t.X, t.Y, t.ID, fingers, where)
	p.report(p.checks.Touch(t.X, t.Y, t.Fingers, now), touch)
}

// expire fails the current check if its time is up.
func (p *prober) expire(now time.Time, touch touchSource) {
	p.checks.Touchless = touch.Count() == 0
	p.report(p.checks.Expire(now), touch)
}

// command takes a line the person typed: Enter skips the check, q stops.
func (p *prober) command(line string, now time.Time, touch touchSource) {
	switch strings.TrimSpace(line) {
	case "q", "quit":
		p.stop()
	default:
		p.report(p.checks.Skip(now), touch)
	}
}

// stop skips every check left.
func (p *prober) stop() {
	if p.done() {
		return
	}
	fmt.Fprintln(p.out, "  stopped")
	p.checks.Stop()
}

// summary prints every check's verdict and the hardware's count, as
// systemd's STATUS line says it, and returns the exit status's error.
func (p *prober) summary() error {
	fmt.Fprintln(p.out, "\nSummary:")
	for _, c := range p.checks.List {
		line := fmt.Sprintf("  %-8s %-19s", c.Verdict, c.Name)
		if !c.Saw.IsZero() && c.Verdict != owner.Skipped {
			line += " " + p.en(c.Saw)
		}
		fmt.Fprintln(p.out, strings.TrimRight(line, " "))
	}
	if p.tally != nil {
		fmt.Fprintf(p.out, "Hardware: %s.\n", p.tally)
	}
	passed, failed, skipped := p.checks.Count(owner.Passed), p.checks.Count(owner.Failed), p.checks.Count(owner.Skipped)
	fmt.Fprintf(p.out, "%d passed, %d failed, %d skipped.\n", passed, failed, skipped)
	switch {
	case failed > 0:
		return &exitError{code: 1, err: fmt.Errorf("probe: %d of %d checks failed", failed, len(p.checks.List))}
	case skipped > 0:
		return &exitError{code: 3, err: fmt.Errorf("probe: %d of %d checks skipped", skipped, len(p.checks.List))}
	}
	return nil
}

// interactive runs the checks on live devices: events as they come, lines
// from stdin, each check's time on the real clock (now).
func (p *prober) interactive(ctx context.Context, pump *app.Pump, touch touchSource, stdin io.Reader, now func() time.Time) {
	lines := make(chan string)
	quit := make(chan struct{})
	defer close(quit)
	go func() {
		// Ends at stdin's end or once the probe is over; a terminal's read
		// outlives the probe only until the process exits.
		defer close(lines)
		sc := bufio.NewScanner(stdin)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-quit:
				return
			}
		}
	}()
	p.begin(now(), touch)
	for !p.done() {
		t := time.NewTimer(p.deadline().Sub(now()))
		select {
		case <-ctx.Done():
			p.stop()
		case ev := <-pump.Events():
			p.event(ev, now(), touch)
		case <-touch.Ready():
			for _, tp := range touch.Taps() {
				p.touch(tp, now(), touch)
			}
		case l, ok := <-lines:
			if !ok {
				lines = nil // no more typing: the checks still run out
				break
			}
			p.command(l, now(), touch)
		case <-t.C:
			p.expire(now(), touch)
		}
		t.Stop()
	}
}
