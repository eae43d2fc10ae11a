package owner

import (
	"cmp"
	"errors"
	"fmt"
	"strconv"
	"time"

	"ttr/hal"
	"ttr/hal/config"
	"ttr/input"
)

// CheckKind is what a hardware check waits for.
type CheckKind uint8

// The kinds of checks.
const (
	CheckReader  CheckKind = iota // a card at the seat's reader
	CheckButton                   // a press of the seat's button
	CheckCorner                   // a touch in a corner of the picture
	CheckFingers                  // a finger coming down while another rests
	CheckSound                    // the test sound, heard by the person
)

// Verdict is how a check ended.
type Verdict uint8

// The verdicts.
const (
	Pending Verdict = iota
	Passed
	Failed
	Skipped
)

func (v Verdict) String() string {
	return [...]string{"pending", "passed", "FAILED", "skipped"}[v]
}

// Check is one step of the hardware check.
type Check struct {
	Kind   CheckKind
	Seat   hal.Seat   // -1 for the screen and the sound
	Button hal.Button // CheckButton
	Corner int        // CheckCorner: 0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left of the picture
	// Name names the check in a summary, "seat 2 reader" (table probe's
	// words, the same in every language: a log's).
	Name string
	// Prompt asks for what the check waits for.
	Prompt  input.Text
	Verdict Verdict
	// Saw is what passed the check, or what came instead of it, or (once
	// failed) why it failed and what to do; zero for none.
	Saw input.Text
}

// Message keys of the checks (the catalogue's owner_check table).
const (
	keyCheck = "owner_check."
)

func ct(key string, args ...any) input.Text {
	t := input.Text{Key: keyCheck + key}
	if len(args) > 0 {
		t.Args = map[string]any{}
		for i := 0; i+1 < len(args); i += 2 {
			t.Args[args[i].(string)] = args[i+1]
		}
	}
	return t
}

// CornerNames name the picture's corners, clockwise from the top-left, in
// logs (the screen words them with CornerText).
var CornerNames = [4]string{"top-left", "top-right", "bottom-right", "bottom-left"}

// CornerText is corner c in words.
func CornerText(c int) input.Text {
	return ct("corner_" + [4]string{"top_left", "top_right", "bottom_right", "bottom_left"}[c])
}

// cornerShare is how near a corner a touch must land to count for it: in
// the corner's fifth of the width and of the height.
const cornerShare = 5

// ButtonText is a button's name as a prompt says it: "Confirm".
func ButtonText(b hal.Button) input.Text { return ct("button_" + b.String()) }

// CheckOpts configure Checks.
type CheckOpts struct {
	// Timeout is how long each check waits before it fails.
	Timeout time.Duration
	// Sound adds the test sound's check, passed by the person (Heard):
	// the menu plays it through the table's speaker; table probe, which
	// runs without the table's audio, leaves it out.
	Sound bool
	// Card names the card of a tag in a check's result ("train red 3",
	// "unknown tag"); nil names none.
	Card func(hal.UID) string
}

// Checks walk whoever assembles or owns a table through a check of every
// reader, every button, the four corners of the touch screen, two fingers
// at once and (in the menu) a sound, one at a time. It is the one model of
// the hardware check: "table probe" prints it in English on a terminal,
// the owner's menu draws it on the glass. It is not safe for concurrent
// use.
type Checks struct {
	List     []*Check
	Cur      int // the current check, len(List) when done
	Deadline time.Time

	opts    CheckOpts
	screen  config.Screen
	offline map[string][]error // by device ("reader", "buttons") and seat: why it is offline; nil while it answers
	// Touchless is set by whoever knows there is no touch screen: a touch
	// check's failure then says so.
	Touchless bool
}

// NewChecks returns the checks of cfg's seats and screen.
func NewChecks(cfg *config.Config, o CheckOpts) *Checks {
	if o.Card == nil {
		o.Card = func(hal.UID) string { return "unknown tag" }
	}
	c := &Checks{opts: o, screen: cfg.Screen, offline: map[string][]error{
		hal.DeviceReader: make([]error, len(cfg.Seats)), hal.DeviceButtons: make([]error, len(cfg.Seats)),
	}}
	for i, s := range cfg.Seats {
		seat := hal.Seat(i)
		who := ct("seat_who", "Number", i+1, "Edge", ct("edge_"+string(s.Edge)), "Color", ct("color_"+s.Color))
		c.List = append(c.List,
			&Check{Kind: CheckReader, Seat: seat, Name: fmt.Sprintf("seat %d reader", i+1), Prompt: ct("reader", "Seat", who)},
			&Check{Kind: CheckButton, Seat: seat, Button: hal.Confirm, Name: fmt.Sprintf("seat %d confirm", i+1), Prompt: ct("press", "Number", i+1, "Button", ButtonText(hal.Confirm))},
			&Check{Kind: CheckButton, Seat: seat, Button: hal.Cancel, Name: fmt.Sprintf("seat %d cancel", i+1), Prompt: ct("press", "Number", i+1, "Button", ButtonText(hal.Cancel))},
		)
	}
	for k, name := range CornerNames {
		p := ct("corner", "Corner", CornerText(k))
		if sides := cornerSides(cfg, k); !sides.IsZero() {
			p = ct("corner_sides", "Corner", CornerText(k), "Sides", sides)
		}
		c.List = append(c.List, &Check{Kind: CheckCorner, Seat: -1, Corner: k, Name: "touch " + name, Prompt: p})
	}
	c.List = append(c.List, &Check{Kind: CheckFingers, Seat: -1, Name: "touch two fingers", Prompt: ct("fingers")})
	if o.Sound {
		c.List = append(c.List, &Check{Kind: CheckSound, Seat: -1, Name: "sound", Prompt: ct("sound")})
	}
	return c
}

// cornerSides names the seats along the two sides of corner k, "top: seat
// 3; left: seat 4", so that a person finds the corner whatever the
// rotation; zero when no seat is along them.
func cornerSides(cfg *config.Config, k int) input.Text {
	edges := [4][2]config.Edge{{config.Top, config.Left}, {config.Top, config.Right}, {config.Bottom, config.Right}, {config.Bottom, config.Left}}[k]
	var parts []input.Text
	for _, e := range edges {
		var seats []input.Text
		for i, s := range cfg.Seats {
			if s.Edge == e {
				seats = append(seats, ct("number", "Number", i+1))
			}
		}
		switch len(seats) {
		case 0:
		case 1:
			parts = append(parts, ct("side_one", "Edge", ct("edge_"+string(e)), "Seat", seats[0]))
		default:
			parts = append(parts, ct("side_many", "Edge", ct("edge_"+string(e)), "Seats", input.List(seats...)))
		}
	}
	switch len(parts) {
	case 0:
		return input.Text{}
	case 1:
		return parts[0]
	}
	return ct("sides", "A", parts[0], "B", parts[1])
}

// Done reports whether every check has ended.
func (c *Checks) Done() bool { return c.Cur >= len(c.List) }

// Current returns the check under way, nil when done.
func (c *Checks) Current() *Check {
	if c.Done() {
		return nil
	}
	return c.List[c.Cur]
}

// Start starts the current check's time at now.
func (c *Checks) Start(now time.Time) {
	c.Deadline = now.Add(c.opts.Timeout)
}

// Timeout is how long each check waits.
func (c *Checks) Timeout() time.Duration { return c.opts.Timeout }

// Outcome is what one input did to the checks.
type Outcome struct {
	// Ended is the check the input ended (passed, failed, skipped), nil
	// when none; the next one is then Current, its time started.
	Ended *Check
	// Hint, when the input was not what the current check waits for,
	// says what came and what to do; zero otherwise.
	Hint input.Text
}

// end ends the current check with v and starts the next one.
func (c *Checks) end(v Verdict, saw input.Text, now time.Time) Outcome {
	ch := c.List[c.Cur]
	ch.Verdict = v
	if v != Skipped {
		ch.Saw = saw
	}
	c.Cur++
	c.Start(now)
	return Outcome{Ended: ch}
}

// instead notes what came instead of what the current check waits for.
func (c *Checks) instead(saw, hint input.Text) Outcome {
	c.List[c.Cur].Saw = ct("instead", "Saw", saw)
	return Outcome{Hint: hint}
}

// Down returns why the device check ch waits on is offline, or nil.
func (c *Checks) Down(ch *Check) error {
	switch ch.Kind {
	case CheckReader:
		return c.offline[hal.DeviceReader][ch.Seat]
	case CheckButton:
		return c.offline[hal.DeviceButtons][ch.Seat]
	}
	return nil
}

// DeviceText names what check ch waits on: "the reader is", "the buttons
// are".
func DeviceText(ch *Check) input.Text {
	if ch.Kind == CheckReader {
		return ct("device_reader")
	}
	return ct("device_buttons")
}

// Event takes one device event: a hal.Scan, hal.Press or hal.Status.
func (c *Checks) Event(ev hal.Event, now time.Time) Outcome {
	ch := c.Current()
	switch ev := ev.(type) {
	case hal.Scan:
		if ch == nil || ch.Kind != CheckReader {
			return Outcome{}
		}
		if ev.Seat == ch.Seat {
			return c.end(Passed, ct("card", "UID", string(ev.UID), "Card", c.opts.Card(ev.UID)), now)
		}
		return c.instead(ct("other_reader", "Other", int(ev.Seat)+1),
			ct("hint_reader", "Other", int(ev.Seat)+1, "Seat", int(ch.Seat)+1))
	case hal.Press:
		if ch == nil || ch.Kind != CheckButton {
			return Outcome{}
		}
		switch {
		case ev.Seat == ch.Seat && ev.Button == ch.Button:
			return c.end(Passed, input.Text{}, now)
		case ev.Seat == ch.Seat:
			return c.instead(ButtonText(ev.Button), ct("hint_button", "Got", ButtonText(ev.Button), "Want", ButtonText(ch.Button)))
		default:
			return c.instead(ct("other_button", "Other", int(ev.Seat)+1, "Got", ButtonText(ev.Button)),
				ct("hint_other_seat", "Other", int(ev.Seat)+1, "Got", ButtonText(ev.Button), "Seat", int(ch.Seat)+1))
		}
	case hal.Status:
		if errors.Is(ev.Err, hal.ErrCollision) {
			return Outcome{Hint: ct("two_cards")}
		}
		if off, ok := c.offline[ev.Device]; ok && int(ev.Seat) >= 0 && int(ev.Seat) < len(off) {
			off[ev.Seat] = nil
			if ev.State == hal.Offline {
				off[ev.Seat] = cmp.Or(ev.Err, errors.New("no answer"))
			}
		}
	}
	return Outcome{}
}

// Corner returns the corner of the picture a touch at x, y of the panel
// lands in, or -1: the panel's corner, turned with the picture (the
// config's rotation turns the picture clockwise on the glass, so the
// picture's top-left lies in the panel's top-right at 90 degrees).
func (c *Checks) Corner(x, y float32) int {
	w, h := float32(c.screen.Width), float32(c.screen.Height)
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
	return (panel - c.screen.Rotation/90 + 4) % 4
}

// Touch takes a finger that came down at x, y of the panel in pixels,
// with fingers fingers on the glass (itself included).
func (c *Checks) Touch(x, y float32, fingers int, now time.Time) Outcome {
	ch := c.Current()
	if ch == nil {
		return Outcome{}
	}
	at := fmt.Sprintf("%.0f,%.0f", x, y)
	switch ch.Kind {
	case CheckCorner:
		switch corner := c.Corner(x, y); corner {
		case ch.Corner:
			return c.end(Passed, ct("at", "At", at), now)
		case -1:
			return c.instead(ct("touch_at", "At", at), ct("hint_not_corner", "Corner", CornerText(ch.Corner)))
		default:
			return c.instead(ct("the_corner", "Corner", CornerText(corner)), ct("hint_corner", "Got", CornerText(corner), "Want", CornerText(ch.Corner)))
		}
	case CheckFingers:
		if fingers >= 2 {
			return c.end(Passed, ct("fingers_at_once", "Fingers", strconv.Itoa(fingers)), now)
		}
		ch.Saw = ct("one_finger")
	}
	return Outcome{}
}

// Heard passes the sound check: the person heard the test sound.
func (c *Checks) Heard(now time.Time) Outcome {
	if ch := c.Current(); ch != nil && ch.Kind == CheckSound {
		return c.end(Passed, input.Text{}, now)
	}
	return Outcome{}
}

// Expire fails the current check if its time is up at now, saying why and
// what to do.
func (c *Checks) Expire(now time.Time) Outcome {
	ch := c.Current()
	if ch == nil || now.Before(c.Deadline) {
		return Outcome{}
	}
	timeout := c.opts.Timeout.String()
	why := ct("nothing", "Timeout", timeout)
	if !ch.Saw.IsZero() {
		why = ct("within", "Saw", ch.Saw, "Timeout", timeout)
	}
	if err := c.Down(ch); err != nil {
		why = ct("offline", "Why", why, "Device", DeviceText(ch), "Err", err.Error())
	}
	if ch.Kind == CheckFingers && ch.Saw.Key == keyCheck+"one_finger" {
		why = ct("multi_touch", "Why", why)
	}
	if (ch.Kind == CheckCorner || ch.Kind == CheckFingers) && c.Touchless {
		why = ct("no_touch", "Why", why)
	}
	if ch.Kind == CheckSound {
		why = ct("no_sound", "Why", why)
	}
	return c.end(Failed, why, now)
}

// Skip skips the current check (the person chose to).
func (c *Checks) Skip(now time.Time) Outcome {
	if c.Done() {
		return Outcome{}
	}
	return c.end(Skipped, input.Text{}, now)
}

// Stop skips every check left.
func (c *Checks) Stop() {
	for _, ch := range c.List[min(c.Cur, len(c.List)):] {
		ch.Verdict = Skipped
	}
	c.Cur = len(c.List)
}

// Count returns how many checks ended with v.
func (c *Checks) Count(v Verdict) int {
	n := 0
	for _, ch := range c.List {
		if ch.Verdict == v {
			n++
		}
	}
	return n
}
