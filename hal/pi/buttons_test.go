package pi

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"

	"ttr/hal"
	"ttr/hal/haltest"
)

var t0 = time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)

// testPin is a gpiotest pin that tells the test when its watcher is back
// waiting for a new edge, and can start with the button held.
type testPin struct {
	*gpiotest.Pin
	idle chan struct{}
	held bool // the button is held when Run starts
}

func newTestPin(name string) *testPin {
	return &testPin{Pin: &gpiotest.Pin{N: name, EdgesChan: make(chan gpio.Level, 32)}, idle: make(chan struct{}, 1)}
}

func (p *testPin) In(pull gpio.Pull, edge gpio.Edge) error {
	err := p.Pin.In(pull, edge)
	if p.held {
		_ = p.Pin.Out(gpio.Low)
	}
	return err
}

func (p *testPin) WaitForEdge(d time.Duration) bool {
	if d == DefaultButtonOpts.Wait {
		select {
		case p.idle <- struct{}{}:
		default:
		}
	}
	return p.Pin.WaitForEdge(d)
}

type buttonRig struct {
	t    *testing.T
	clk  *haltest.Clock
	pins map[hal.Button]*testPin
	b    *Buttons
}

func newButtonRig(t *testing.T, held bool) *buttonRig {
	t.Helper()
	g := &buttonRig{t: t, clk: haltest.NewClock(t0), pins: map[hal.Button]*testPin{}}
	var pins []ButtonPin
	for i, b := range []hal.Button{hal.Confirm, hal.Cancel} {
		p := newTestPin("GPIO" + string(rune('5'+i)))
		p.held = held && b == hal.Confirm
		g.pins[b] = p
		pins = append(pins, ButtonPin{Pin: p, Button: b})
	}
	var err error
	if g.b, err = NewButtons(3, pins, g.clk, nil); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- g.b.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run: %v", err)
			}
		case <-time.After(guard):
			t.Errorf("Run did not return within %v of cancellation", guard)
		}
	})
	for _, p := range g.pins {
		g.idle(p)
	}
	return g
}

// idle waits until p's watcher waits for a new edge.
func (g *buttonRig) idle(p *testPin) {
	g.t.Helper()
	select {
	case <-p.idle:
	case <-time.After(guard):
		g.t.Fatalf("%s: the watcher never waited for an edge", p.N)
	}
}

// edges makes button b's line go through levels within a few milliseconds
// (a bouncing contact), then lets the debounce time pass.
func (g *buttonRig) edges(b hal.Button, levels ...gpio.Level) {
	g.t.Helper()
	p := g.pins[b]
	for _, l := range levels {
		p.EdgesChan <- l
		g.clk.Advance(time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(context.Background(), guard)
	defer cancel()
	if err := g.clk.BlockUntil(ctx, 1); err != nil {
		g.t.Fatalf("no debounce wait after an edge: %v", err)
	}
	select {
	case <-p.idle: // stale
	default:
	}
	g.clk.Advance(DefaultButtonOpts.Debounce)
	g.idle(p)
}

const (
	low  = gpio.Low
	high = gpio.High
)

func (g *buttonRig) press(b hal.Button, hold time.Duration) {
	g.edges(b, low, high, low, high, low) // a bouncing contact closing
	g.clk.Advance(hold)
	g.edges(b, high, low, high) // and opening
}

func (g *buttonRig) presses() []hal.Press {
	var got []hal.Press
	for {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		p, err := g.b.ReadPress(ctx)
		if err != nil {
			return got
		}
		got = append(got, p)
	}
}

func TestButtonPresses(t *testing.T) {
	for _, tc := range []struct {
		name   string
		button hal.Button
		hold   time.Duration
		long   bool
	}{
		{"quick confirm", hal.Confirm, 50 * time.Millisecond, false},
		{"cancel held just short", hal.Cancel, 700 * time.Millisecond, false},
		{"long confirm", hal.Confirm, time.Second, true},
		{"long cancel", hal.Cancel, 3 * time.Second, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				g := newButtonRig(t, false)
				g.press(tc.button, tc.hold)
				got := g.presses()
				if len(got) != 1 {
					t.Fatalf("got %d presses %+v, want 1", len(got), got)
				}
				want := hal.Press{Seat: 3, Button: tc.button, Long: tc.long, At: g.clk.Now()}
				if got[0] != want {
					t.Errorf("got %+v, want %+v", got[0], want)
				}
			})
		})
	}
}

func TestButtonGlitchIsNoPress(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := newButtonRig(t, false)
		g.edges(hal.Confirm, low, high) // a spike shorter than the debounce time
		g.edges(hal.Cancel, low, high, low, high)
		if got := g.presses(); len(got) != 0 {
			t.Errorf("got presses %+v, want none", got)
		}
		g.press(hal.Cancel, 100*time.Millisecond)
		if got := g.presses(); len(got) != 1 || got[0].Button != hal.Cancel {
			t.Errorf("after the glitches: got %+v, want one cancel", got)
		}
	})
}

func TestButtonHeldAtStart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := newButtonRig(t, true)
		g.edges(hal.Confirm, high, low, high) // released: it was never pressed here
		if got := g.presses(); len(got) != 0 {
			t.Errorf("releasing a button held at start: got %+v, want no press", got)
		}
		g.press(hal.Confirm, 10*time.Millisecond)
		if got := g.presses(); len(got) != 1 || got[0].Button != hal.Confirm || got[0].Long {
			t.Errorf("then a press: got %+v, want one short confirm", got)
		}
	})
}

func TestButtonsNeedEdgeDetection(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := &gpiotest.Pin{N: "GPIO9"} // no EdgesChan: In with edges fails
		b, err := NewButtons(0, []ButtonPin{{Pin: p, Button: hal.Confirm}}, haltest.NewClock(t0), nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Run(context.Background()); err == nil {
			t.Error("Run with a pin that cannot detect edges: got nil, want an error")
		}
	})
}

func TestNewButtonsRejects(t *testing.T) {
	clk := haltest.NewClock(t0)
	p := newTestPin("GPIO5")
	for _, tc := range []struct {
		name string
		pins []ButtonPin
	}{
		{"no pin", []ButtonPin{{Button: hal.Confirm}}},
		{"two confirms", []ButtonPin{{Pin: p, Button: hal.Confirm}, {Pin: newTestPin("GPIO6"), Button: hal.Confirm}}},
	} {
		if _, err := NewButtons(0, tc.pins, clk, nil); err == nil {
			t.Errorf("%s: got no error", tc.name)
		}
	}
	if _, err := NewButtons(0, nil, nil, nil); err == nil {
		t.Error("no clock: got no error")
	}
}

type buttonHarness struct{ g *buttonRig }

func (h buttonHarness) Press(b hal.Button, long bool) error {
	hold := 100 * time.Millisecond
	if long {
		hold = 2 * time.Second
	}
	h.g.press(b, hold)
	return nil
}

func (h buttonHarness) Settle() error { return nil }

func TestButtonsConform(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := newButtonRig(t, false)
		err := haltest.TestButtonReader(haltest.ButtonCheck{Buttons: g.b, Seat: 3, Harness: buttonHarness{g}, Test: []hal.Button{hal.Confirm, hal.Cancel}})
		if err != nil {
			t.Error(err)
		}
	})
}
