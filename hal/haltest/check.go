package haltest

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"time"

	"ttr/hal"
)

// A TagHarness puts tags on the reader under test and takes them off: the
// fake's harness calls Place and Lift, an emulated reader's harness also runs
// the driver's poll cycles, and a harness for real hardware asks a person.
type TagHarness interface {
	// Place puts test tag i (0 or 1) on the reader and returns its UID, or ""
	// when the harness cannot know it (a person holds a card). It returns once
	// the reader has had time to notice.
	Place(i int) (hal.UID, error)
	// Lift takes the tag off the reader and returns once the reader has had
	// time to notice.
	Lift() error
	// Settle returns once the reader has had time to report anything it
	// would report with nothing changing.
	Settle() error
}

// TagCheck says what TestTagReader checks.
type TagCheck struct {
	Reader  hal.TagReader
	Seat    hal.Seat // the seat every scan must carry
	Harness TagHarness
	// Wait bounds how long a scan may take to arrive after Place returns;
	// zero means it must already be waiting.
	Wait time.Duration
}

var uidPattern = regexp.MustCompile(`^([0-9A-F]{8}|[0-9A-F]{14})$`)

// TestTagReader checks that c.Reader reports one scan per placement, with
// the seat, the time and a well-formed UID, nothing while a tag is held or
// after it is lifted, the same UID when the same tag comes back, and that
// ReadTag returns the context's error promptly when cancelled. It returns
// every problem found, joined, or nil.
func TestTagReader(c TagCheck) error {
	var errs []error
	fail := func(format string, a ...any) { errs = append(errs, fmt.Errorf("haltest: "+format, a...)) }
	quiet := func(when string) {
		if err := c.Harness.Settle(); err != nil {
			fail("settle %s: %v", when, err)
			return
		}
		if s, err := readNow(c.Reader); err == nil {
			fail("%s: got scan %+v, want none", when, s)
		}
	}
	scan := func(i int, when string) (hal.UID, bool) {
		want, err := c.Harness.Place(i)
		if err != nil {
			fail("place tag %d %s: %v", i, when, err)
			return "", false
		}
		s, err := readWithin(c.Reader, c.Wait)
		if err != nil {
			fail("tag %d placed %s: got no scan (%v), want one", i, when, err)
			return "", false
		}
		if s.Seat != c.Seat {
			fail("tag %d placed %s: got seat %d, want %d", i, when, s.Seat, c.Seat)
		}
		if s.At.IsZero() {
			fail("tag %d placed %s: scan has no time", i, when)
		}
		if !uidPattern.MatchString(string(s.UID)) {
			fail("tag %d placed %s: got UID %q, want 8 or 14 upper-case hex digits", i, when, s.UID)
		}
		if want != "" && s.UID != want {
			fail("tag %d placed %s: got UID %s, want %s", i, when, s.UID, want)
		}
		return s.UID, true
	}
	lift := func(when string) {
		if err := c.Harness.Lift(); err != nil {
			fail("lift %s: %v", when, err)
		}
	}

	quiet("with no tag on the reader")
	first, ok := scan(0, "first")
	quiet("while the tag is held")
	lift("first tag")
	quiet("after the tag was lifted")
	again, ok2 := scan(0, "again after lifting")
	if ok && ok2 && first != again {
		fail("same tag placed twice: got UIDs %s then %s, want equal", first, again)
	}
	lift("first tag again")
	other, ok3 := scan(1, "(a second tag)")
	if ok && ok3 && first == other {
		fail("two different tags: both reported as %s", first)
	}
	lift("second tag")
	quiet("after the second tag was lifted")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := readPrompt(func() error { _, err := c.Reader.ReadTag(ctx); return err }); !errors.Is(err, context.Canceled) {
		fail("ReadTag with a cancelled context: got %v, want context.Canceled", err)
	}
	return errors.Join(errs...)
}

// readNow returns a scan that is already waiting, or an error.
func readNow(r hal.TagReader) (hal.Scan, error) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return r.ReadTag(ctx)
}

func readWithin(r hal.TagReader, d time.Duration) (hal.Scan, error) {
	if d <= 0 {
		return readNow(r)
	}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return r.ReadTag(ctx)
}

// promptly bounds how long a read with a done context may take.
const promptly = 5 * time.Second

// readPrompt runs read and gives up if it does not return promptly.
func readPrompt(read func() error) (struct{}, error) {
	done := make(chan error, 1)
	go func() { done <- read() }()
	t := time.NewTimer(promptly)
	defer t.Stop()
	select {
	case err := <-done:
		return struct{}{}, err
	case <-t.C:
		return struct{}{}, fmt.Errorf("did not return within %v", promptly)
	}
}

// A ButtonHarness presses the buttons of the seat under test.
type ButtonHarness interface {
	// Press presses button b, held past the long-press threshold when long,
	// and returns once the driver has had time to report it.
	Press(b hal.Button, long bool) error
	// Settle returns once the driver has had time to report anything it
	// would report with nothing changing.
	Settle() error
}

// ButtonCheck says what TestButtonReader checks.
type ButtonCheck struct {
	Buttons hal.ButtonReader
	Seat    hal.Seat
	Harness ButtonHarness
	Test    []hal.Button  // the buttons to press
	Wait    time.Duration // as TagCheck.Wait
}

// TestButtonReader checks that each button in c.Test reports one short press
// and one long press, with seat, button and time, nothing else, and that
// ReadPress returns the context's error promptly when cancelled.
func TestButtonReader(c ButtonCheck) error {
	var errs []error
	fail := func(format string, a ...any) { errs = append(errs, fmt.Errorf("haltest: "+format, a...)) }
	quiet := func(when string) {
		if err := c.Harness.Settle(); err != nil {
			fail("settle %s: %v", when, err)
			return
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if p, err := c.Buttons.ReadPress(ctx); err == nil {
			fail("%s: got press %+v, want none", when, p)
		}
	}
	quiet("before any press")
	for _, b := range c.Test {
		for _, long := range []bool{false, true} {
			if err := c.Harness.Press(b, long); err != nil {
				fail("press %s (long %t): %v", b, long, err)
				continue
			}
			p, err := readPressWithin(c.Buttons, c.Wait)
			if err != nil {
				fail("press %s (long %t): got no press (%v), want one", b, long, err)
				continue
			}
			want := hal.Press{Seat: c.Seat, Button: b, Long: long, At: p.At}
			if p != want {
				fail("press %s (long %t): got %+v, want %+v", b, long, p, want)
			}
			if p.At.IsZero() {
				fail("press %s (long %t): press has no time", b, long)
			}
			quiet(fmt.Sprintf("after pressing %s (long %t)", b, long))
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := readPrompt(func() error { _, err := c.Buttons.ReadPress(ctx); return err }); !errors.Is(err, context.Canceled) {
		fail("ReadPress with a cancelled context: got %v, want context.Canceled", err)
	}
	return errors.Join(errs...)
}

func readPressWithin(b hal.ButtonReader, d time.Duration) (hal.Press, error) {
	if d <= 0 {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		return b.ReadPress(ctx)
	}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return b.ReadPress(ctx)
}

// TestClock checks that c never goes backwards and that After(d) fires no
// earlier than d after it was called. advance moves a manual clock forward;
// pass nil for a real clock, which the check then waits on.
func TestClock(c hal.Clock, advance func(time.Duration)) error {
	var errs []error
	fail := func(format string, a ...any) { errs = append(errs, fmt.Errorf("haltest: "+format, a...)) }
	wait := func(ch <-chan time.Time) (time.Time, bool) {
		t := time.NewTimer(promptly)
		defer t.Stop()
		select {
		case v := <-ch:
			return v, true
		case <-t.C:
			return time.Time{}, false
		}
	}
	t0 := c.Now()
	if t1 := c.Now(); t1.Before(t0) {
		fail("Now went backwards: %v then %v", t0, t1)
	}
	for _, d := range []time.Duration{-time.Second, 0} {
		if _, ok := wait(c.After(d)); !ok {
			fail("After(%v) did not fire", d)
		}
	}
	const d = 20 * time.Millisecond
	start := c.Now()
	ch := c.After(d)
	if advance != nil {
		select {
		case v := <-ch:
			fail("After(%v) fired at %v before the clock moved", d, v)
		default:
		}
		advance(d / 2)
		select {
		case v := <-ch:
			fail("After(%v) fired at %v, half-way", d, v)
		default:
		}
		advance(d / 2)
	}
	if v, ok := wait(ch); !ok {
		fail("After(%v) did not fire", d)
	} else if v.Sub(start) < d {
		fail("After(%v) fired after %v", d, v.Sub(start))
	}
	if now := c.Now(); now.Sub(start) < d {
		fail("Now moved %v while After(%v) fired, want at least that", now.Sub(start), d)
	}
	return errors.Join(errs...)
}
