package main

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	"ttr/cmd/table/app"
	"ttr/hal"
	"ttr/hal/config"
	"ttr/hal/registry"
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

// verdict is how a check ended.
type verdict uint8

const (
	pending verdict = iota
	passed
	failed
	skipped
)

func (v verdict) String() string {
	return [...]string{"pending", "passed", "FAILED", "skipped"}[v]
}

// checkKind is what a check waits for.
type checkKind uint8

const (
	checkReader  checkKind = iota // a scan at the seat's reader
	checkButton                   // a press of the seat's button
	checkCorner                   // a touch in a corner of the picture
	checkFingers                  // a finger coming down while another rests
)

// A check is one step of the probe.
type check struct {
	kind    checkKind
	seat    hal.Seat
	button  hal.Button
	corner  int    // checkCorner: 0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left of the picture
	name    string // in the summary: "seat 2 reader"
	prompt  string
	verdict verdict
	saw     string // what passed it, or what came instead
}

// The corners of the picture, clockwise from the top-left, as the seats'
// edges name its sides.
var cornerNames = [4]string{"top-left", "top-right", "bottom-right", "bottom-left"}

// cornerShare is how near a corner a touch must land to count for it: in
// the corner's fifth of the width and of the height.
const cornerShare = 5

// prober runs the checks: it takes what the devices and the touch screens
// report and what the person types, and moves from check to check.
type prober struct {
	out     io.Writer
	reg     *registry.Registry
	cfg     *config.Config
	timeout time.Duration
	tally   *tally
	wiring  []string // by seat

	checks   []*check
	cur      int
	deadline time.Time
	offline  map[string][]error // by device ("reader", "buttons") and seat: why it is offline; nil while it answers
	noTouch  bool               // "no touch screen" was said
}

func newProber(cfg *config.Config, reg *registry.Registry, out io.Writer, timeout time.Duration) *prober {
	p := &prober{out: out, reg: reg, cfg: cfg, timeout: timeout, offline: map[string][]error{
		hal.DeviceReader: make([]error, len(cfg.Seats)), hal.DeviceButtons: make([]error, len(cfg.Seats)),
	}}
	for i, s := range cfg.Seats {
		seat := hal.Seat(i)
		who := fmt.Sprintf("Seat %d (%s, %s)", i+1, s.Edge, s.Color)
		p.checks = append(p.checks,
			&check{kind: checkReader, seat: seat, name: fmt.Sprintf("seat %d reader", i+1), prompt: who + ": lay any card on the reader."},
			&check{kind: checkButton, seat: seat, button: hal.Confirm, name: fmt.Sprintf("seat %d confirm", i+1), prompt: fmt.Sprintf("Seat %d: press Confirm.", i+1)},
			&check{kind: checkButton, seat: seat, button: hal.Cancel, name: fmt.Sprintf("seat %d cancel", i+1), prompt: fmt.Sprintf("Seat %d: press Cancel.", i+1)},
		)
	}
	for c, name := range cornerNames {
		p.checks = append(p.checks, &check{kind: checkCorner, seat: -1, corner: c, name: "touch " + name,
			prompt: fmt.Sprintf("Touch the %s corner of the screen%s.", name, p.sides(c))})
	}
	p.checks = append(p.checks, &check{kind: checkFingers, seat: -1, name: "touch two fingers",
		prompt: "Keep one finger (or a hand) on the screen and tap elsewhere with another finger."})
	return p
}

// sides names the seats along the two sides of corner c: "(top: seat 3;
// left: seat 4)", so that a person knows the corner whatever the rotation.
func (p *prober) sides(c int) string {
	edges := [4][2]config.Edge{{"top", "left"}, {"top", "right"}, {"bottom", "right"}, {"bottom", "left"}}[c]
	var parts []string
	for _, e := range edges {
		var seats []string
		for i, s := range p.cfg.Seats {
			if s.Edge == e {
				seats = append(seats, strconv.Itoa(i+1))
			}
		}
		switch len(seats) {
		case 0:
		case 1:
			parts = append(parts, fmt.Sprintf("%s: seat %s", e, seats[0]))
		default:
			parts = append(parts, fmt.Sprintf("%s: seats %s", e, strings.Join(seats, " and ")))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

func (p *prober) done() bool { return p.cur >= len(p.checks) }

// begin prints the table's devices and the first check.
func (p *prober) begin(now time.Time, touch touchSource) {
	fmt.Fprintf(p.out, "Probe of %d seats and the touch screen: %d checks, each waiting up to %v.\n", len(p.cfg.Seats), len(p.checks), p.timeout)
	fmt.Fprintln(p.out, "Press Enter to skip a check, q and Enter to stop.")
	for i, s := range p.cfg.Seats {
		fmt.Fprintf(p.out, "seat %d (%s, %s): %s\n", i+1, s.Edge, s.Color, p.wiring[i])
	}
	p.prompt(now, touch)
}

// prompt asks for the current check and starts its time.
func (p *prober) prompt(now time.Time, touch touchSource) {
	if p.done() {
		return
	}
	c := p.checks[p.cur]
	p.deadline = now.Add(p.timeout)
	fmt.Fprintf(p.out, "\n[%d/%d] %s\n", p.cur+1, len(p.checks), c.prompt)
	switch {
	case c.kind <= checkButton && p.down(c) != nil:
		fmt.Fprintf(p.out, "  (the %s offline: %v; press Enter to skip)\n", c.device(), p.down(c))
	case c.kind >= checkCorner && touch.Count() == 0 && !p.noTouch:
		p.noTouch = true
		fmt.Fprintln(p.out, "  (no touch screen found in /dev/input yet: plug it in, it is read when it appears; is the user in the input group?)")
	}
}

// device names what check c waits on: "reader is", "buttons are".
func (c *check) device() string {
	if c.kind == checkReader {
		return "reader is"
	}
	return "buttons are"
}

// down returns why the device of seat check c waits on is offline, or nil.
func (p *prober) down(c *check) error {
	if c.kind == checkReader {
		return p.offline[hal.DeviceReader][c.seat]
	}
	return p.offline[hal.DeviceButtons][c.seat]
}

// next ends the current check with v and asks for the next one.
func (p *prober) next(v verdict, saw string, now time.Time, touch touchSource) {
	c := p.checks[p.cur]
	c.verdict = v
	if v != skipped {
		c.saw = saw
	}
	if v != skipped && c.saw != "" {
		fmt.Fprintf(p.out, "  %s: %s\n", v, c.saw)
	} else {
		fmt.Fprintf(p.out, "  %s\n", v)
	}
	p.cur++
	p.prompt(now, touch)
}

// note tells the person what came instead of what the check waits for.
func (p *prober) note(c *check, saw, hint string) {
	c.saw = saw + " instead"
	fmt.Fprintf(p.out, "  %s\n", hint)
}

// event takes one device event (a hal.Scan, hal.Press or hal.Status).
func (p *prober) event(ev hal.Event, now time.Time, touch touchSource) {
	var c *check
	if !p.done() {
		c = p.checks[p.cur]
	}
	switch ev := ev.(type) {
	case hal.Scan:
		fmt.Fprintln(p.out, p.scanLine(ev))
		if c == nil || c.kind != checkReader {
			return
		}
		if ev.Seat == c.seat {
			p.next(passed, fmt.Sprintf("%s (%s)", ev.UID, p.card(ev.UID)), now, touch)
			return
		}
		p.note(c, fmt.Sprintf("a card at seat %d's reader", int(ev.Seat)+1),
			fmt.Sprintf("That was seat %d's reader: lay the card on seat %d's. If you did, the two readers' chip selects are swapped.", int(ev.Seat)+1, int(c.seat)+1))
	case hal.Press:
		fmt.Fprintln(p.out, pressLine(ev))
		if c == nil || c.kind != checkButton {
			return
		}
		switch {
		case ev.Seat == c.seat && ev.Button == c.button:
			p.next(passed, "", now, touch)
		case ev.Seat == c.seat:
			p.note(c, buttonName(ev.Button), fmt.Sprintf("That was %s: press %s. If you did, the two buttons' wires are swapped.", buttonName(ev.Button), buttonName(c.button)))
		default:
			p.note(c, fmt.Sprintf("seat %d's %s", int(ev.Seat)+1, buttonName(ev.Button)),
				fmt.Sprintf("That was seat %d's %s: press seat %d's. If you did, the two seats' button wires are swapped.", int(ev.Seat)+1, buttonName(ev.Button), int(c.seat)+1))
		}
	case hal.Status:
		fmt.Fprintln(p.out, statusLine(ev))
		if errors.Is(ev.Err, hal.ErrCollision) {
			fmt.Fprintln(p.out, "  Two cards at once: lay one card at a time.")
			return
		}
		if off, ok := p.offline[ev.Device]; ok && int(ev.Seat) >= 0 && int(ev.Seat) < len(off) {
			off[ev.Seat] = nil
			if ev.State == hal.Offline {
				off[ev.Seat] = cmp.Or(ev.Err, errors.New("no answer"))
			}
		}
	}
}

// buttonName is a button's name as its prompt says it: "Confirm".
func buttonName(b hal.Button) string {
	n := b.String()
	return strings.ToUpper(n[:1]) + n[1:]
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

// corner returns the corner of the picture a touch at x, y of the panel
// lands in, or -1: the panel's corner, turned with the picture (the
// config's rotation turns the picture clockwise on the glass, so the
// picture's top-left lies in the panel's top-right at 90 degrees).
func (p *prober) corner(x, y float32) int {
	w, h := float32(p.cfg.Screen.Width), float32(p.cfg.Screen.Height)
	left, top := x < w/cornerShare, y < h/cornerShare
	right, bottom := x >= w-w/cornerShare, y >= h-h/cornerShare
	var panel int
	switch {
	case top && left:
		panel = 0
	case top && right:
		panel = 1
	case bottom && right:
		panel = 2
	case bottom && left:
		panel = 3
	default:
		return -1
	}
	return (panel - p.cfg.Screen.Rotation/90 + 4) % 4
}

// touch takes one finger that came down, at x, y of the panel in pixels.
func (p *prober) touch(t touchPoint, now time.Time, touch touchSource) {
	corner := p.corner(t.X, t.Y)
	where := ""
	if corner >= 0 {
		where = ", " + cornerNames[corner] + " corner"
	}
	fingers := ""
	if t.Fingers > 1 {
		fingers = fmt.Sprintf(", %d fingers down", t.Fingers)
	}
	fmt.Fprintf(p.out, "%s touch %.0f,%.0f (finger %d%s%s)\n", now.Format("15:04:05.000"), t.X, t.Y, t.ID, fingers, where)
	if p.done() {
		return
	}
	c := p.checks[p.cur]
	at := fmt.Sprintf("%.0f,%.0f", t.X, t.Y)
	switch c.kind {
	case checkCorner:
		switch corner {
		case c.corner:
			p.next(passed, at, now, touch)
		case -1:
			p.note(c, "a touch at "+at, fmt.Sprintf("Not in a corner: touch within a fifth of the screen's width and height of the %s corner.", cornerNames[c.corner]))
		default:
			p.note(c, "the "+cornerNames[corner]+" corner", fmt.Sprintf("That was the %s corner. If you touched the %s one, the config's screen.rotation is wrong, or the touch driver turns or swaps the axes itself (see the README's Wiring).", cornerNames[corner], cornerNames[c.corner]))
		}
	case checkFingers:
		if t.Fingers >= 2 {
			p.next(passed, fmt.Sprintf("%d fingers at once", t.Fingers), now, touch)
			return
		}
		c.saw = "one finger at a time"
	}
}

// expire fails the current check if its time is up.
func (p *prober) expire(now time.Time, touch touchSource) {
	if p.done() || now.Before(p.deadline) {
		return
	}
	c := p.checks[p.cur]
	why := fmt.Sprintf("nothing in %v", p.timeout)
	if c.saw != "" {
		why = c.saw + " within " + p.timeout.String()
	}
	if c.kind <= checkButton && p.down(c) != nil {
		why += fmt.Sprintf("; the %s offline: %v", c.device(), p.down(c))
	}
	if c.kind == checkFingers && c.saw == "one finger at a time" {
		why += "; the table needs a multi-touch screen (see the README)"
	}
	if c.kind >= checkCorner && touch.Count() == 0 {
		why += "; no touch screen found"
	}
	p.next(failed, why, now, touch)
}

// command takes a line the person typed: Enter skips the check, q stops.
func (p *prober) command(line string, now time.Time, touch touchSource) {
	switch strings.TrimSpace(line) {
	case "q", "quit":
		p.stop()
	default:
		if !p.done() {
			p.next(skipped, "", now, touch)
		}
	}
}

// stop skips every check left.
func (p *prober) stop() {
	if p.done() {
		return
	}
	fmt.Fprintln(p.out, "  stopped")
	for _, c := range p.checks[p.cur:] {
		c.verdict = skipped
	}
	p.cur = len(p.checks)
}

// summary prints every check's verdict and the hardware's count, as
// systemd's STATUS line says it, and returns the exit status's error.
func (p *prober) summary() error {
	fmt.Fprintln(p.out, "\nSummary:")
	n := map[verdict]int{}
	for _, c := range p.checks {
		n[c.verdict]++
		line := fmt.Sprintf("  %-8s %-19s", c.verdict, c.name)
		if c.saw != "" && c.verdict != skipped {
			line += " " + c.saw
		}
		fmt.Fprintln(p.out, strings.TrimRight(line, " "))
	}
	if p.tally != nil {
		fmt.Fprintf(p.out, "Hardware: %s.\n", p.tally)
	}
	fmt.Fprintf(p.out, "%d passed, %d failed, %d skipped.\n", n[passed], n[failed], n[skipped])
	switch {
	case n[failed] > 0:
		return &exitError{code: 1, err: fmt.Errorf("probe: %d of %d checks failed", n[failed], len(p.checks))}
	case n[skipped] > 0:
		return &exitError{code: 3, err: fmt.Errorf("probe: %d of %d checks skipped", n[skipped], len(p.checks))}
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
		t := time.NewTimer(p.deadline.Sub(now()))
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
