package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"ttr/engine"
	"ttr/hal/journal"
	"ttr/input"
	"ttr/maps"
)

// clicker drives the simulator's window as a person does: real pointer
// clicks and key presses sent to the X server with xdotool. It finds where
// to click in the simulator's -targets output (the window's own layout and
// the table screen's own HitTest), and follows the game through -trace
// lines and the actions -targets prints, which it replays with the engine
// to choose its moves.
type clicker struct {
	t     *testing.T
	ctx   context.Context
	m     *maps.Map
	win   string
	lines chan string

	targets map[string][2]int // "KIND ID SEAT" -> window pixel
	picked  map[string]bool   // hand cards picked, by "card ID SEAT"
	block   map[string][2]int // the block being read
	bpicked map[string]bool
	acts    []engine.Action
	trace   string // the last -trace line
	frame   int    // the last pass of its loop the window finished
	presses int    // mouse presses the window reported
	pressed string // where the last one landed: "KIND ID SEAT" or "none"
	traces  int    // -trace lines read
	exited  bool
	clicks  int      // pointer clicks and key presses sent
	recent  []string // the last lines read, shown when a target is missing
}

// startClicker starts the simulator's window from the test binary (see
// smokeMain) with args and waits for its first targets.
func startClicker(t *testing.T, m *maps.Map, args ...string) *clicker {
	t.Helper()
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("no DISPLAY: run the tests under xvfb-run (make test does)")
	}
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Fatal("xdotool is missing: make deps installs it (apt-get install xdotool)")
	}
	// A bound on a test that hangs (a click the window never saw), not a
	// speed goal.
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	// The window at the size of the smallest screen the simulator is used
	// on: no test that clicks checks anything that depends on the size,
	// and a software renderer's frames cost by the pixel.
	t.Cleanup(cancel)
	args = append([]string{"-test.run=^$", "--", "-targets", "-trace", "-delay", "0", "-games", "1", "-width", "800", "-height", "480"}, args...)
	cmd := exec.CommandContext(ctx, os.Args[0], args...)
	cmd.Env = append(os.Environ(), smokeEnv+"=1")
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &clicker{t: t, ctx: ctx, m: m, lines: make(chan string, 1024), targets: map[string][2]int{}, picked: map[string]bool{}}
	exited := make(chan error, 1)
	go func() {
		defer close(c.lines)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		exited <- cmd.Wait()
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
	})
	c.until("the first targets", func() bool { return len(c.targets) > 0 })
	id, err := exec.CommandContext(ctx, "xdotool", "search", "--sync", "--name", "Ticket to Ride table").Output()
	if err != nil {
		t.Fatalf("xdotool search: %v", err)
	}
	c.win = strings.Fields(string(id))[0]
	// Keys go to the window with the input focus (no window manager here
	// gives it).
	c.xdo("windowfocus", "--sync", c.win)
	return c
}

// read takes one line of the simulator's output into the clicker's view.
func (c *clicker) read(line string) {
	if !strings.HasPrefix(line, "target") && !strings.HasPrefix(line, "frame ") && line != "end" {
		c.recent = append(c.recent, line)
		if len(c.recent) > 60 {
			c.recent = c.recent[1:]
		}
	}
	f := strings.Fields(line)
	switch {
	case line == "targets":
		c.block, c.bpicked = map[string][2]int{}, map[string]bool{}
	case line == "end" && c.block != nil:
		c.targets, c.picked, c.block = c.block, c.bpicked, nil
	case len(f) >= 6 && f[0] == "target" && c.block != nil:
		x, _ := strconv.Atoi(f[4])
		y, _ := strconv.Atoi(f[5])
		k := strings.Join(f[1:4], " ")
		c.block[k] = [2]int{x, y}
		if len(f) > 6 && f[6] == "picked" {
			c.bpicked[k] = true
		}
	case len(f) > 1 && f[0] == "act":
		a, err := engine.ParseAction(c.m, strings.TrimPrefix(line, "act "))
		if err != nil {
			c.t.Fatalf("the simulator printed an action the engine cannot read: %q: %v", line, err)
		}
		c.acts = append(c.acts, a)
	case len(f) >= 4 && f[0] == "pressed":
		c.presses++
		c.pressed = strings.Join(f[3:], " ")
	case len(f) == 3 && f[0] == "frame":
		c.frame, _ = strconv.Atoi(f[1])
	case strings.HasPrefix(line, "mode="):
		c.trace = line
		c.traces++
	}
}

// until reads the simulator's output until cond holds.
func (c *clicker) until(what string, cond func() bool) {
	c.t.Helper()
	// A bound on one wait (a click the window never saw), not a speed
	// goal: three minutes, as a loaded two-core machine once took more
	// than one between the game's end and the simulator's exit.
	stuck := time.NewTimer(3 * time.Minute)
	defer stuck.Stop()
	for !cond() {
		select {
		case <-stuck.C:
			c.t.Fatalf("waited in vain for %s; the simulator's last lines:\n%s", what, strings.Join(c.recent, "\n"))
		case line, ok := <-c.lines:
			if !ok {
				c.exited = true
				if cond() {
					return
				}
				c.t.Fatalf("the simulator stopped before %s (last: %s)", what, c.trace)
			}
			c.read(line)
		case <-c.ctx.Done():
			c.t.Fatalf("waited in vain for %s (the simulator's last state: %s)", what, c.trace)
		}
	}
}

func (c *clicker) xdo(args ...string) {
	c.t.Helper()
	if b, err := exec.CommandContext(c.ctx, "xdotool", args...).CombinedOutput(); err != nil {
		c.t.Fatalf("xdotool %s: %v: %s", strings.Join(args, " "), err, b)
	}
}

// where returns the pixel of a target, "KIND ID SEAT".
func (c *clicker) where(target string) ([2]int, bool) {
	p, ok := c.targets[target]
	return p, ok
}

// settle returns once the window has read its input at least once since
// settle was called: raylib sees a button or key pressed only if it is
// down when a pass of the window's loop reads the input and was up when
// the pass before did, so a press and its release must straddle a pass,
// however slow passes are on a busy machine.
func (c *clicker) settle() {
	c.t.Helper()
	for drained := false; !drained; {
		select {
		case line, ok := <-c.lines:
			if !ok {
				// The window quit (the game is over): nothing to wait for.
				c.exited = true
				return
			}
			c.read(line)
		default:
			drained = true
		}
	}
	// Lines may still be on their way: two more passes make sure one
	// began after this call (and at least one of three draws a frame).
	f := c.frame
	c.until("the window's next passes", func() bool { return c.frame >= f+3 || c.exited })
}

// click clicks a target with the pointer: move, press, hold, release.
func (c *clicker) click(target string) {
	c.t.Helper()
	// The targets of the frame that showed the last event may still be on
	// their way: read them first.
	c.settle()
	p, ok := c.where(target)
	if !ok {
		c.t.Fatalf("no target %q in the window; the simulator's last lines:\n%s", target, strings.Join(c.recent, "\n"))
	}
	c.clicks++
	c.xdo("mousemove", "--window", c.win, strconv.Itoa(p[0]), strconv.Itoa(p[1]))
	c.settle()
	n := c.presses
	c.xdo("mousedown", "1")
	// Held until the window has seen the press, and where.
	c.until("the window to see the press on "+target, func() bool { return c.presses > n })
	c.xdo("mouseup", "1")
	if c.pressed != target {
		c.t.Fatalf("the press at %d,%d meant for %s landed on %s", p[0], p[1], target, c.pressed)
	}
}

// key presses a key.
func (c *clicker) key(k string) {
	c.t.Helper()
	c.clicks++
	c.settle()
	c.xdo("keydown", k)
	c.settle()
	c.xdo("keyup", k)
}

// waiting is what the last trace line says the table waits for.
func (c *clicker) waiting() string {
	_, w, _ := strings.Cut(c.trace, `waiting="`)
	w, _, _ = strings.Cut(w, `"`)
	return w
}

// afterTrace waits for a trace line after the n-th.
func (c *clicker) afterTrace(n int, what string) {
	c.t.Helper()
	c.until(what, func() bool { return c.traces > n })
}

// state replays the actions the simulator printed.
func (c *clicker) state(players int) *engine.State {
	c.t.Helper()
	s, err := engine.Replay(&engine.Log{Map: c.m, Players: players, Actions: c.acts})
	if err != nil {
		c.t.Fatalf("replaying the simulator's actions: %v", err)
	}
	return s
}

// handCards returns the card targets of seat's hand.
func (c *clicker) handCards(seat int) []string {
	var out []string
	for k := range c.targets {
		if strings.HasPrefix(k, "card ") && strings.HasSuffix(k, " "+strconv.Itoa(seat)) {
			out = append(out, k)
		}
	}
	return out
}

// drawnTickets returns the drawn-ticket targets of seat.
func (c *clicker) drawnTickets(seat int) []string {
	var out []string
	for k := range c.targets {
		if strings.HasPrefix(k, "ticket ") && strings.HasSuffix(k, " "+strconv.Itoa(seat)) {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// pay picks cards in seat's hand with the pointer, scans them with S and
// confirms with the seat's Confirm button (or the Enter key). It returns
// the action the Confirm applied.
func (c *clicker) pay(seat int, cards engine.CardSet, enter bool) engine.Action {
	c.t.Helper()
	for _, card := range cards.IDs() {
		k := fmt.Sprintf("card %s %d", card, seat)
		c.click(k)
		c.until("the picked "+k, func() bool { return c.picked[k] })
	}
	n := len(c.handCards(seat))
	c.key("s")
	c.until("the scanned cards leaving the hand", func() bool { return len(c.handCards(seat)) == n-cards.Len() })
	acts := len(c.acts)
	if enter {
		c.key("Return")
	} else {
		c.click(fmt.Sprintf("button confirm %d", seat))
	}
	c.until("the payment's action", func() bool { return len(c.acts) > acts })
	// Bots may have played after it while the click was held.
	return c.acts[acts]
}

// giveBack gives the first drawn ticket of seat back by clicking it, then
// keeps the rest with the Confirm button.
func (c *clicker) giveBack(seat int) {
	c.t.Helper()
	// The table may wait for the tickets before the window has drawn
	// them (digital play deals them within a pass).
	c.until(fmt.Sprintf("seat %d's drawn tickets to give back", seat), func() bool { return len(c.drawnTickets(seat)) > 0 })
	drawn := c.drawnTickets(seat)
	n := c.traces
	c.click(drawn[0])
	c.afterTrace(n, "the ticket given back")
	acts := len(c.acts)
	c.click(fmt.Sprintf("button confirm %d", seat))
	c.until("the tickets kept", func() bool { return len(c.acts) > acts })
	if c.acts[acts].Kind != engine.KeepTickets {
		c.t.Fatalf("Confirm applied %s, want the tickets kept", engine.FormatAction(c.m, c.acts[acts]))
	}
	if back := c.acts[acts].Tickets; back.Len() != 1 {
		c.t.Fatalf("seat %d gave back %d tickets, want the one clicked", seat, back.Len())
	}
}

// startGame starts the game from the start screen with seat 0 first, by
// touching the table's own keys.
func (c *clicker) startGame() {
	c.t.Helper()
	n := c.traces
	c.click("key first 0")
	c.afterTrace(n, "the first player chosen")
	c.click("key start -1")
	c.until("the set-up", func() bool { return strings.Contains(c.trace, "mode=setup") })
}

// waitForSeat0 reads until the table waits for a decision of seat 0
// (returning its need) or the game is over ("").
func (c *clicker) waitForSeat0() string {
	c.t.Helper()
	// The virtual deck's cards come by themselves (digital play): seat 0
	// acts on its decisions only.
	decides := []string{"keep tickets@0", "turn@0", "second card@0", "tunnel@0"}
	c.until("seat 0's turn or the end", func() bool {
		if c.exited {
			return true
		}
		// A trace line describes the table after the actions before it.
		if !strings.HasSuffix(c.trace, fmt.Sprintf(" actions=%d", len(c.acts))) {
			return false
		}
		return strings.Contains(c.trace, "mode=end") || slices.Contains(decides, c.waiting())
	})
	if c.exited || strings.Contains(c.trace, "mode=end") {
		return ""
	}
	need, _, _ := strings.Cut(c.waiting(), "@")
	return need
}

// claim plays claim a (a legal action of seat 0) with clicks: the route
// on the table's screen, the cards in the hand, S, Confirm. It returns the
// action the Confirm applied.
func (c *clicker) claim(a engine.Action, enter bool) engine.Action {
	c.t.Helper()
	id := c.m.Routes[a.Route].ID
	c.click("route " + id + " -1")
	c.until("the route selected", func() bool { return strings.Contains(c.trace, "selected=route "+id) })
	return c.pay(0, a.Cards, enter)
}

// drawTwo draws two cards blind with the D key.
func (c *clicker) drawTwo() {
	c.t.Helper()
	for range 2 {
		acts := len(c.acts)
		c.key("d")
		c.until("the card drawn", func() bool { return len(c.acts) > acts })
		if need := c.waitForSeat0(); need != "second card" {
			return
		}
	}
}

// routeTarget reports whether the window shows a target for route r.
func (c *clicker) routeTarget(r int) bool {
	_, ok := c.where("route " + c.m.Routes[r].ID + " -1")
	return ok
}

// bestClaim returns the legal claim of the longest route the window can
// touch among those pick accepts.
func (c *clicker) bestClaim(s *engine.State, pick func(maps.Route) bool) (engine.Action, bool) {
	var best engine.Action
	found := false
	for _, a := range s.LegalActions() {
		if a.Kind != engine.ClaimRoute || !pick(c.m.Routes[a.Route]) || !c.routeTarget(a.Route) {
			continue
		}
		if !found || c.m.Routes[a.Route].Length > c.m.Routes[best.Route].Length {
			best, found = a, true
		}
	}
	return best, found
}

// checkFinished checks the game the simulator left in its journal: over,
// and its records are the actions the window printed.
func checkFinished(t *testing.T, c *clicker, dir string, players int) {
	t.Helper()
	s := c.state(players)
	if !s.IsTerminal() {
		t.Fatalf("the game the window played is not over: it waits for %s", s.Waiting().Need)
	}
	var want []string
	for _, a := range c.acts {
		want = append(want, engine.FormatAction(c.m, a))
	}
	if got := finishedGames(t, dir); len(got) != 1 || !slices.Equal(got[0], want) {
		t.Fatalf("the journal's finished games %d, want the one game of %d actions the window played", len(got), len(want))
	}
}

// finishedGames returns the action records of each finished game in the
// journal in dir.
func finishedGames(t *testing.T, dir string) [][]string {
	t.Helper()
	j, err := journal.Open(dir, journal.Opts{})
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if j.Current() != nil {
		t.Errorf("the journal in %s still has an unfinished game", dir)
	}
	hist, err := journal.History(dir, journal.Opts{})
	if err != nil {
		t.Fatal(err)
	}
	var out [][]string
	for _, e := range hist {
		data, err := os.ReadFile(filepath.Join(dir, "history", e.Name))
		if err != nil {
			t.Fatal(err)
		}
		l, err := journal.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		var recs []string
		for _, r := range l.Records {
			recs = append(recs, string(r))
		}
		out = append(out, recs)
	}
	return out
}

// TestClickUSAGame plays a two-player USA game in the simulator's window
// with the pointer and the keys at Seat 1, a bot at Seat 2 (hal.Seat 0
// and 1): the start screen's keys, a ticket given back, picking and
// unpicking cards, claims paid with S and Confirm (and Enter), a claim
// cancelled, a face-up card touched, blind draws with D and a ticket draw
// with T; once Seat 1 has made each kind of turn and five claims, the A
// key gives every seat to a bot, and the bots finish the game, which the
// journal keeps as the window played it. (Playing every turn to the end
// by hand repeated the same clicks for most of the package's time.)
func TestClickUSAGame(t *testing.T) {
	dir := t.TempDir()
	c := startClicker(t, maps.USA(), "-map", "usa", "-seats", "2", "-bots", "2", "-seed", "5", "-journal", dir)
	c.startGame()
	if c.waitForSeat0() != "keep tickets" {
		t.Fatalf("after the deal: %s, want seat 0 to keep tickets", c.trace)
	}
	c.giveBack(0)
	claims, cancelled, ticketsDrawn, faceUp := 0, false, false, false
	// What a person's turns cost at the keyboard and mouse, by kind: the
	// clicks and keys sent and the time the window took, for the log.
	type cost struct {
		turns, clicks int
		took          time.Duration
	}
	costs := map[string]*cost{}
	measure := func(kind string, clicks int, since time.Time) {
		k := costs[kind]
		if k == nil {
			k = &cost{}
			costs[kind] = k
		}
		k.turns++
		k.clicks += c.clicks - clicks
		k.took += time.Since(since)
	}
	for turn := 0; ; turn++ {
		need := c.waitForSeat0()
		if need == "" {
			break
		}
		if need == "turn" && claims >= 5 && ticketsDrawn && cancelled && faceUp {
			c.key("a")
			break
		}
		clicks, since := c.clicks, time.Now()
		s := c.state(2)
		switch need {
		case "keep tickets":
			c.giveBack(0)
			continue
		case "turn":
		default:
			t.Fatalf("turn %d: the table waits for %s at seat 0", turn, need)
		}
		if a, ok := c.bestClaim(s, func(maps.Route) bool { return true }); ok {
			if !cancelled {
				// Pick a card and unpick it, then cancel the claim with
				// the box's Cancel button: nothing changes.
				id := c.m.Routes[a.Route].ID
				c.click("route " + id + " -1")
				c.until("the route selected", func() bool { return strings.Contains(c.trace, "selected=route "+id) })
				k := fmt.Sprintf("card %s 0", a.Cards.IDs()[0])
				c.click(k)
				c.until("the picked card", func() bool { return c.picked[k] })
				c.click(k)
				c.until("the unpicked card", func() bool { return !c.picked[k] })
				acts := len(c.acts)
				c.click("button cancel 0")
				c.until("the claim cancelled", func() bool { return strings.Contains(c.trace, "selected=none") })
				if len(c.acts) != acts {
					t.Fatalf("Cancel applied %v", c.acts[acts:])
				}
				cancelled = true
			}
			if last := c.claim(a, claims%2 == 1); last.Kind != engine.ClaimRoute || last.Route != a.Route {
				t.Fatalf("after paying for %s: the table applied %s; the simulator's last lines:\n%s", c.m.Routes[a.Route].ID, engine.FormatAction(c.m, last), strings.Join(c.recent, "\n"))
			}
			claims++
			measure(fmt.Sprintf("claim of %d cards", a.Cards.Len()), clicks, since)
			continue
		}
		if !ticketsDrawn && turn >= 3 {
			acts := len(c.acts)
			c.key("t")
			c.until("the ticket draw", func() bool { return len(c.acts) > acts })
			if c.waitForSeat0() != "keep tickets" {
				t.Fatalf("after T: %s, want seat 0 to keep tickets", c.trace)
			}
			c.giveBack(0)
			ticketsDrawn = true
			measure("tickets", clicks, since)
			continue
		}
		if !faceUp {
			// A face-up card, touched on the table's screen; the virtual
			// deck refills the slot.
			acts := len(c.acts)
			c.click("slot 0 -1")
			c.until("the face-up card taken", func() bool { return len(c.acts) > acts })
			if c.acts[acts].Kind != engine.DrawFaceUp {
				t.Fatalf("the touch on slot 0 applied %s", engine.FormatAction(c.m, c.acts[acts]))
			}
			if c.waitForSeat0() == "second card" {
				acts := len(c.acts)
				c.key("d")
				c.until("the card drawn", func() bool { return len(c.acts) > acts })
			}
			faceUp = true
			measure("face-up card and a card drawn", clicks, since)
			continue
		}
		c.drawTwo()
		measure("draw", clicks, since)
	}
	if claims < 5 || !ticketsDrawn || !cancelled || !faceUp {
		t.Errorf("seat 0 made %d claims, drew tickets %v, cancelled %v, took a face-up card %v: want each", claims, ticketsDrawn, cancelled, faceUp)
	}
	c.until("the simulator to quit after the game", func() bool { return c.exited })
	checkFinished(t, c, dir, 2)
	for kind, k := range costs {
		t.Logf("%s: %d turns, %.1f clicks and keys and %v in the window each", kind, k.turns, float64(k.clicks)/float64(k.turns), (k.took / time.Duration(k.turns)).Round(time.Millisecond))
	}
	t.Logf("%d clicks and key presses at seat 0, %d claims, %d actions in the game", c.clicks, claims, len(c.acts))
}

// TestClickEuropeGame plays a two-player Europe game in the window with
// the pointer and keys at Seat 1 until it has claimed a tunnel and a ferry
// and built a station, paying a tunnel's extra cards or withdrawing with
// Cancel, and cancelling a claim with Esc; then the B key gives Seat 1 to a bot, and the bots finish the
// game.
func TestClickEuropeGame(t *testing.T) {
	dir := t.TempDir()
	c := startClicker(t, maps.Europe(), "-map", "europe", "-seats", "2", "-bots", "2", "-seed", "3", "-journal", dir)
	c.startGame()
	if c.waitForSeat0() != "keep tickets" {
		t.Fatalf("after the deal: %s, want seat 0 to keep tickets", c.trace)
	}
	c.giveBack(0)
	// owned counts seat 0's tunnels, ferries and stations.
	owned := func(s *engine.State, p int) (tunnels, ferries, stations int) {
		for i, r := range c.m.Routes {
			if s.RouteOwner(i) == p {
				switch r.Kind {
				case maps.Tunnel:
					tunnels++
				case maps.Ferry:
					ferries++
				}
			}
		}
		for i := range c.m.Cities {
			if s.StationOwner(i) == p {
				stations++
			}
		}
		return
	}
	var tunnel, ferry, station, escaped bool
	for turn := 0; ; turn++ {
		need := c.waitForSeat0()
		if need == "" {
			t.Fatalf("the game ended before seat 0 claimed a tunnel (%v), a ferry (%v) and built a station (%v)", tunnel, ferry, station)
		}
		s := c.state(2)
		switch need {
		case "keep tickets":
			c.giveBack(0)
			continue
		case "tunnel":
			// Pay the extra cards if the hand can, else withdraw.
			var pay *engine.Action
			for _, a := range s.LegalActions() {
				if a.Kind == engine.PayTunnel {
					pay = &a
					break
				}
			}
			if pay != nil {
				clicks := c.clicks
				c.pay(0, pay.Cards, false)
				t.Logf("tunnel: %d extra cards paid with %d clicks and keys", pay.Cards.Len(), c.clicks-clicks)
			} else {
				t.Logf("tunnel: withdrawn with the Cancel button")
				acts := len(c.acts)
				c.click("button cancel 0")
				c.until("the tunnel withdrawn", func() bool { return len(c.acts) > acts })
			}
			continue
		case "turn":
		default:
			t.Fatalf("turn %d: the table waits for %s at seat 0", turn, need)
		}
		nt, nf, ns := owned(s, s.Waiting().Player)
		tunnel, ferry, station = nt > 0, nf > 0, ns > 0
		if tunnel && ferry && station {
			break
		}
		if a, ok := c.bestClaim(s, func(r maps.Route) bool {
			return (!tunnel && r.Kind == maps.Tunnel) || (!ferry && r.Kind == maps.Ferry)
		}); ok {
			if !escaped {
				// Select the route, then Esc: the claim is cancelled.
				id := c.m.Routes[a.Route].ID
				c.click("route " + id + " -1")
				c.until("the route selected", func() bool { return strings.Contains(c.trace, "selected=route "+id) })
				c.key("Escape")
				c.until("the claim cancelled with Esc", func() bool { return strings.Contains(c.trace, "selected=none") })
				escaped = true
			}
			c.claim(a, false)
			continue
		}
		if !station {
			var build *engine.Action
			for _, a := range s.LegalActions() {
				if a.Kind == engine.BuildStation {
					if _, ok := c.where("city " + c.m.Cities[a.City].ID + " -1"); ok {
						build = &a
						break
					}
				}
			}
			if build != nil {
				id := c.m.Cities[build.City].ID
				c.click("city " + id + " -1")
				c.until("the city selected", func() bool { return strings.Contains(c.trace, "selected=city "+id) })
				if last := c.pay(0, build.Cards, true); last.Kind != engine.BuildStation {
					t.Fatalf("after paying for a station in %s: the table applied %s", id, engine.FormatAction(c.m, last))
				}
				continue
			}
		}
		c.drawTwo()
	}
	s := c.state(2)
	tunnels, ferries, stations := owned(s, s.Waiting().Player)
	if tunnels == 0 || ferries == 0 || stations == 0 {
		t.Fatalf("seat 0 owns %d tunnels, %d ferries, %d stations: want one of each", tunnels, ferries, stations)
	}
	// The B key gives the seat in focus to a bot; the bots finish.
	c.key("b")
	c.until("the game's end", func() bool { return c.exited })
	checkFinished(t, c, dir, 2)
	t.Logf("%d clicks and key presses at seat 0, %d actions in the game", c.clicks, len(c.acts))
}

// TestClickBreakdown lets bots play a 2-player USA game to its end in the
// window, then opens a player's breakdown as a person does: a pointer
// click on that player in the ranking on seat 1's panel (the table's own
// HitTest, hal.Touch, input), and closes it with a second click; seat 2's
// stays closed.
func TestClickBreakdown(t *testing.T) {
	c := startClicker(t, maps.USA(), "-map", "usa", "-seats", "2", "-bots", "all", "-seed", "12", "-games", "0")
	c.until("the end screen", func() bool { return strings.HasPrefix(c.trace, "mode=end") })
	target := "key " + input.KeyBreakdown + "1 0"
	c.click(target)
	c.until("seat 1's breakdown of player 2", func() bool { return strings.HasSuffix(c.trace, " open=1,-1") })
	c.click(target)
	c.until("seat 1's breakdown closed", func() bool { return strings.HasSuffix(c.trace, " open=-1,-1") })
}
