package main

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"ttr/cmd/table/app"
	"ttr/hal"
	"ttr/hal/config"
	"ttr/hal/haltest"
)

// The probe's script interpreter, a test driver: "table probe -fake" runs
// the checks on virtual devices driven by a script on standard input. Only
// builds with the testhooks tag reach it (probeScript, testhooks.go): the
// tests build the binary so; a table's binary leaves it out, the linker
// dropping what nothing calls (TestShippedBinaryHasNoTestDrivers).

// scriptedProbe is probe -fake: virtual devices, on a virtual clock, and
// the lines of script (see scripted).
func scriptedProbe(ctx context.Context, p *prober, cfg *config.Config, script io.Reader) error {
	clk := haltest.NewClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	hw := openHardware(cfg, hardwareOpts{fake: true, clock: clk}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	pump := hw.start(slog.New(slog.NewTextHandler(io.Discard, nil)))
	defer hw.stop()
	p.tally, p.wiring = hw.tally, hw.wiring
	if err := p.scripted(ctx, hw, pump, clk, script); err != nil {
		return err
	}
	return p.summary()
}

// scripted runs the checks on hw's virtual devices, driven by the lines of
// script, one at a time:
//
//	place SEAT UID | lift SEAT | press SEAT BUTTON | long SEAT BUTTON |
//	offline SEAT | online SEAT          what the virtual devices do
//	touch X,Y [X,Y...]                  fingers coming down together (panel pixels)
//	wait DURATION                       time passing: checks time out
//	skip | quit                         Enter, and q, typed by the person
//
// SEAT is numbered from 1, as on the screen. Each device line's events
// pass through the table's device runner (hw, pump) and are taken seat by
// seat, statuses, then scans, then presses, so that the output does not
// depend on the goroutines' order. The virtual clock starts at midnight and
// moves only on "wait"; at the script's end it runs out, so a check the
// script never satisfies fails.
func (p *prober) scripted(ctx context.Context, hw *hardware, pump *app.Pump, clk *haltest.Clock, script io.Reader) error {
	touch := &scriptTouch{}
	p.begin(clk.Now(), touch)
	sc := bufio.NewScanner(script)
	for line := 1; !p.done() && sc.Scan(); line++ {
		if ctx.Err() != nil {
			p.stop()
			break
		}
		bad := func(err error) error {
			return &exitError{code: 2, err: fmt.Errorf("probe -fake: line %d: %w", line, err)}
		}
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "skip", "quit":
			p.command(f[0], clk.Now(), touch)
		case "wait":
			d, err := time.ParseDuration(strings.Join(f[1:], ""))
			if len(f) != 2 || err != nil || d < 0 {
				return bad(fmt.Errorf("%q: want wait DURATION, such as wait 1.5s", sc.Text()))
			}
			end := clk.Now().Add(d)
			for !p.done() && !p.deadline().After(end) {
				clk.Advance(p.deadline().Sub(clk.Now()))
				p.expire(clk.Now(), touch)
			}
			clk.Advance(end.Sub(clk.Now()))
		case "touch":
			if err := touch.fingers(f[1:]); err != nil {
				return bad(err)
			}
			for _, t := range touch.Taps() {
				p.touch(t, clk.Now(), touch)
			}
		default:
			before := hw.reported()
			if err := fakeStep(f, clk, hw.virtual); err != nil {
				return bad(err)
			}
			var evs []hal.Event
			for range hw.reported() - before {
				select {
				case ev := <-pump.Events():
					evs = append(evs, ev)
				case <-ctx.Done():
					p.stop()
					return sc.Err()
				}
			}
			slices.SortStableFunc(evs, func(a, b hal.Event) int { return cmp.Compare(eventOrder(a), eventOrder(b)) })
			for _, ev := range evs {
				p.event(ev, clk.Now(), touch)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	for !p.done() {
		clk.Advance(p.deadline().Sub(clk.Now()))
		p.expire(clk.Now(), touch)
	}
	return nil
}

// eventOrder sorts a script line's events: by seat, then statuses, scans
// and presses.
func eventOrder(ev hal.Event) int {
	switch ev := ev.(type) {
	case hal.Status:
		return 3 * int(ev.Seat)
	case hal.Scan:
		return 3*int(ev.Seat) + 1
	case hal.Press:
		return 3*int(ev.Seat) + 2
	}
	return -1
}

// reported counts what the virtual devices have reported so far.
func (h *hardware) reported() int {
	n := 0
	for _, v := range h.virtual {
		n += v.reader.Reported() + v.buttons.Reported()
	}
	return n
}

// scriptTouch is probe -fake's touch screen: each touch line's fingers
// come down together, each with an id of its own.
type scriptTouch struct {
	taps   []touchPoint
	nextID int32
}

func (s *scriptTouch) fingers(points []string) error {
	if len(points) == 0 {
		return errors.New("touch: want one X,Y or more")
	}
	for _, pt := range points {
		xs, ys, ok := strings.Cut(pt, ",")
		x, errx := strconv.ParseFloat(xs, 32)
		y, erry := strconv.ParseFloat(ys, 32)
		if !ok || errx != nil || erry != nil || x < 0 || y < 0 {
			return fmt.Errorf("touch %q: want X,Y in pixels, such as 10,20", pt)
		}
		s.nextID++
		s.taps = append(s.taps, touchPoint{ID: s.nextID, X: float32(x), Y: float32(y), Fingers: len(points)})
	}
	return nil
}

func (s *scriptTouch) Taps() []touchPoint {
	t := s.taps
	s.taps = nil
	return t
}

func (s *scriptTouch) Ready() <-chan struct{} { return nil }
func (s *scriptTouch) Count() int             { return 1 }

// fakeStep does what one script line f says to the virtual devices.
func fakeStep(f []string, clk *haltest.Clock, seats []virtualSeat) error {
	text := strings.Join(f, " ")
	if len(f) < 2 {
		return fmt.Errorf("%q: want COMMAND SEAT [ARG]", text)
	}
	seat, err := strconv.Atoi(f[1])
	if err != nil || seat < 1 || seat > len(seats) {
		return fmt.Errorf("seat %q: want 1 to %d", f[1], len(seats))
	}
	v := seats[seat-1] // hal.Seat counts from 0
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
		v.reader.Place(hal.UID(strings.ToUpper(uid)))
	case "lift":
		v.reader.Lift()
	case "press", "long":
		b, err := button()
		if err != nil {
			return err
		}
		if f[0] == "long" {
			v.buttons.LongPress(b)
		} else {
			v.buttons.Press(b)
		}
	case "offline":
		v.reader.SetOffline(errors.New("no answer"))
	case "online":
		v.reader.SetOnline()
	default:
		return fmt.Errorf("unknown command %q", f[0])
	}
	return nil
}
