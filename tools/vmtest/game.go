package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"ttr/cmd/table/app"
	"ttr/engine"
	"ttr/hal"
	"ttr/hal/registry"
	"ttr/input"
)

// A game by scans: the table, on the kernel's devices and under its unit,
// plays the start of a real game whose every card is laid on a seat's
// reader (spidevd's control FIFO), every Confirm pressed on a seat's
// button (gpio-sim) and every key and route touched on the screen
// (virtio-multitouch): the first player chosen, every seat's four train
// cards and tickets scanned at its own reader, the five face-up cards,
// each seat's tickets kept with its Confirm, then a route claimed with two
// train cards of its colour and Confirm. The deck is scripted: the card
// registry in the guest is the firmware's virtual one
// (app.VirtualRegistry: every card of box 1 and every ticket, with made-up
// 7-byte UIDs), and this machine runs the same game in an input.Table fed
// the same events, which says what the table waits for next and how many
// actions the guest's log must then hold (its "log N" trace line).

// gameRoute is the route the first player claims, and where it is on the
// 800x480 play screen (display.HitTest of its middle car, four seats at
// the config's edges): a green route of two, alone on its stretch.
const gameRoute = "kharkov--rostov--1"

func gameRouteAt(w, h int) (int, int) { return w * 622 / 800, h * 253 / 480 }

// gameConfig is what the game check reads of the config.
type gameConfig struct {
	Language string `json:"language"`
	Logs     string `json:"logs"`
	Registry string `json:"registry"`
	Seats    []struct {
		Color string `json:"color"`
		Edge  string `json:"edge"`
	} `json:"seats"`
}

func readGameConfig(path string) (*gameConfig, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var c gameConfig
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if c.Logs == "" || c.Registry == "" || len(c.Seats) < 2 {
		return nil, fmt.Errorf("%s: no logs, registry or seats", path)
	}
	return &c, nil
}

// registryScripts write the virtual registry at the config's path in the
// guest, owned by the table's user, in commands short enough for the
// console's line (a tty in canonical mode takes 4095 bytes a line).
func registryScripts(c *gameConfig) ([]string, error) {
	text, err := app.VirtualRegistry().MarshalText()
	if err != nil {
		return nil, err
	}
	const tmp = "/run/ttr-vmtest-cards.b64"
	b64 := base64.StdEncoding.EncodeToString(text)
	cmds := []string{": > " + tmp}
	for len(b64) > 0 {
		n := min(len(b64), 2000)
		cmds = append(cmds, fmt.Sprintf("echo %s >> %s", b64[:n], tmp))
		b64 = b64[n:]
	}
	return append(cmds, fmt.Sprintf("base64 -d %s > %s && chown ttr-table: %s && chmod 644 %s && rm %s",
		tmp, c.Registry, c.Registry, c.Registry, tmp)), nil
}

// traceRE is a "log N" or "scan SEAT UID" trace line.
var (
	logRE  = regexp.MustCompile(`(?m)^log (\d+)$`)
	scanRE = regexp.MustCompile(`(?m)^scan (\d+) (\S+)$`)
)

// A guest is where the game is played: the emulated machine through the
// kernel (vmGuest), or nothing but the model in the script's test.
type guest interface {
	// scan lays the tag uid on seat's reader until the table reads it,
	// then lifts it.
	scan(seat hal.Seat, uid hal.UID) error
	// confirm presses seat's Confirm button.
	confirm(seat hal.Seat) error
	// tap touches the screen at x, y; wantKey, if not "", is the trace line
	// the touch must give.
	tap(x, y int, wantKey string) error
	// settle waits until the table's log holds logged actions.
	settle(logged int, what string) error
}

// player plays the game on a guest and on the model, event by event.
type player struct {
	g      guest
	model  *input.Table
	reg    *registry.Registry
	logged int             // actions the model has applied since the game began
	last   []engine.Action // the actions of the last event
	scans  int
	press  int
}

// apply feeds ev to the model; a refusal is the script's mistake.
func (p *player) apply(ev hal.Event) error {
	res := p.model.Handle(ev)
	for _, n := range res.Notices {
		if n.Rule != nil {
			return fmt.Errorf("game: the model refused %T %+v: %v", ev, ev, n.Rule)
		}
	}
	p.logged += len(res.Actions)
	p.last = res.Actions
	return nil
}

func (p *player) scan(seat hal.Seat, c registry.Card) error {
	uid, ok := p.reg.UID(c)
	if !ok {
		return fmt.Errorf("game: %v is not in the registry", c)
	}
	if err := p.g.scan(seat, uid); err != nil {
		return err
	}
	p.scans++
	if err := p.apply(hal.Scan{Seat: seat, UID: uid}); err != nil {
		return err
	}
	return p.g.settle(p.logged, fmt.Sprintf("scanning %v at seat %d", c, int(seat)+1))
}

func (p *player) confirm(seat hal.Seat) error {
	if err := p.g.confirm(seat); err != nil {
		return err
	}
	p.press++
	if err := p.apply(hal.Press{Seat: seat, Button: hal.Confirm}); err != nil {
		return err
	}
	return p.g.settle(p.logged, fmt.Sprintf("Confirm at seat %d", int(seat)+1))
}

func (p *player) tap(x, y int, ev hal.Touch, wantKey string) error {
	if err := p.g.tap(x, y, wantKey); err != nil {
		return err
	}
	return p.apply(ev)
}

// vmGuest is the emulated machine: scans through spidevd's nodes, presses
// through gpio-sim's lines, touches through QMP.
type vmGuest struct {
	v    *vm
	k    *kernel
	o    options
	read map[string]int // scan trace lines seen, by line
	dir  string         // where a failed tap's screenshot goes
}

// trace is the table's trace lines of this invocation.
func (g *vmGuest) trace() (string, error) {
	return g.v.sh.must(`journalctl -b -u table -o cat --no-pager _SYSTEMD_INVOCATION_ID=$(systemctl show -p InvocationID --value table) | grep -E '^(log|scan|press|key|touch) ' || true`, time.Minute)
}

// guestLogged is the last "log N" of trace lines tr.
func guestLogged(tr string) int {
	ms := logRE.FindAllStringSubmatch(tr, -1)
	if len(ms) == 0 {
		return 0
	}
	n, _ := strconv.Atoi(ms[len(ms)-1][1])
	return n
}

func (g *vmGuest) settle(logged int, what string) error {
	for end := time.Now().Add(stepWait); ; time.Sleep(time.Second) {
		tr, err := g.trace()
		if err != nil {
			return err
		}
		got := guestLogged(tr)
		if got == logged {
			return nil
		}
		if got > logged || time.Now().After(end) {
			return fmt.Errorf("game: after %s the table's log holds %d actions, the model's %d; what the guest saw:\n%s", what, got, logged, readerEvidence(g.v))
		}
	}
}

func (g *vmGuest) scan(seat hal.Seat, uid hal.UID) error {
	node := g.k.readers[seat]
	want := fmt.Sprintf("scan %d %s\n", int(seat)+1, uid)
	if g.read == nil {
		g.read = map[string]int{}
	}
	n0 := g.read[want] // the same tag read at the seat before
	if _, err := g.v.sh.must(fmt.Sprintf("echo place %s %s > %s", node, uid, spidevdCtl), time.Minute); err != nil {
		return err
	}
	for end := time.Now().Add(stepWait); ; time.Sleep(time.Second) {
		tr, err := g.trace()
		if err != nil {
			return err
		}
		if strings.Count(tr, want) > n0 {
			g.read[want]++
			break
		}
		if time.Now().After(end) {
			return fmt.Errorf("game: the tag %s laid on %s (seat %d) was not read in %v; what the guest saw:\n%s", uid, node, int(seat)+1, stepWait, readerEvidence(g.v))
		}
	}
	_, err := g.v.sh.must(fmt.Sprintf("echo lift %s > %s", node, spidevdCtl), time.Minute)
	return err
}

// confirm pulls seat's Confirm line down for a short press (gestures[0]).
func (g *vmGuest) confirm(seat hal.Seat) error {
	pin, _, err := buttonPins(g.k.config, int(seat), "confirm")
	if err != nil {
		return err
	}
	pull := fmt.Sprintf("p=/sys/bus/platform/devices/%s/%s/sim_gpio%d/pull", g.k.dev, g.k.chip, pin)
	_, err = g.v.sh.must(fingerScript(pull, gestures[0]), time.Minute)
	return err
}

// tap puts a finger down at x, y and holds it until the firmware has
// handled it (a new "touch X Y" line, and wantKey's line if given), then
// lifts it: with four readers polled through CUSE a frame of the emulated
// table took up to minutes, and a tap whose finger came down and up
// within one frame was never seen (the start screen unchanged, no line).
func (g *vmGuest) tap(x, y int, wantKey string) error {
	tr, err := g.trace()
	if err != nil {
		return err
	}
	n0 := len(touchRE.FindAllString(tr, -1))
	g.v.qmp.contacts++
	if err := g.v.qmp.send(fingerDown(0, g.v.qmp.contacts, x, y, g.o.width, g.o.height)); err != nil {
		return err
	}
	re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(wantKey) + `$`)
	for end := time.Now().Add(3 * time.Minute); ; time.Sleep(time.Second) {
		tr, err := g.trace()
		if err != nil {
			return err
		}
		if len(touchRE.FindAllString(tr, -1)) > n0 && (wantKey == "" || re.MatchString(tr)) {
			return g.v.qmp.send(fingerUp(0))
		}
		if time.Now().After(end) {
			shot := filepath.Join(g.dir, "game-tap.png")
			if err := g.v.qmp.screendump(shot); err != nil {
				shot = err.Error()
			}
			g.v.qmp.send(fingerUp(0))
			seen := touchRE.FindAllString(tr, -1)[n0:]
			return fmt.Errorf("game: a finger held at %d,%d for 3 minutes: the firmware's touches since it came down %q, want one there and a %q line (the screen then: %s); what the guest saw:\n%s", x, y, seen, wantKey, shot, readerEvidence(g.v))
		}
	}
}

// touchRE is a "touch X Y" trace line.
var touchRE = regexp.MustCompile(`(?m)^touch \d+ \d+$`)

// checkGame plays the start of a game by scans, presses and touches
// through the kernel, and its first claim (see the top of this file).
func checkGame(v *vm, k *kernel, dir string, o options, r *report) error {
	cfg, err := readGameConfig(k.config)
	if err != nil {
		return err
	}
	opts := input.Opts{Seats: len(cfg.Seats), Lang: cfg.Language, Map: "europe", Resolve: app.Resolver(app.VirtualRegistry())}
	for _, s := range cfg.Seats {
		c, ok := input.ParseColor(s.Color)
		if !ok {
			return fmt.Errorf("game: %s: seat colour %q", k.config, s.Color)
		}
		opts.Colors = append(opts.Colors, c)
		opts.Edges = append(opts.Edges, s.Edge)
	}
	model, err := input.NewTable(opts)
	if err != nil {
		return fmt.Errorf("game: %v", err)
	}
	g := &vmGuest{v: v, k: k, o: o, dir: dir}
	// The table's log of this invocation starts empty: no game yet.
	tr, err := g.trace()
	if err != nil {
		return err
	}
	if n := guestLogged(tr); n != 0 {
		return fmt.Errorf("game: the table already logs %d actions before the game", n)
	}
	t0 := time.Now()
	p := &player{g: g, model: model, reg: app.VirtualRegistry()}
	claim, setup, err := p.play(o.width, o.height)
	if err != nil {
		return err
	}
	if _, err := v.sh.must(fmt.Sprintf("grep -rlF %q %s", claim, cfg.Logs), time.Minute); err != nil {
		return fmt.Errorf("game: the table's game log in %s has no %q: %v", cfg.Logs, claim, err)
	}
	r.add("game by scans", "%d tags read at the four seats' readers and %d Confirm presses through the kernel, 2 touches; set-up in %.0f s, %d actions logged, then %q in the table's game log (%.0f s in all)",
		p.scans, p.press, setup.Seconds(), p.logged, claim, time.Since(t0).Seconds())
	return nil
}

// play plays the script on a w x h screen: the claim as the engine logs it,
// and how long the set-up took.
func (p *player) play(w, h int) (string, time.Duration, error) {
	t0 := time.Now()
	// Seat 1 plays first: its "First player" key, then its Confirm.
	x, y := firstPlayerKey(1, w, h)
	if err := p.tap(x, y, hal.Touch{Kind: hal.ScreenKey, ID: input.KeyFirst, Seat: 0}, "key first 1"); err != nil {
		return "", 0, err
	}
	if err := p.confirm(0); err != nil {
		return "", 0, err
	}
	if m := p.model.Mode(); m != input.ModeSetup {
		return "", 0, fmt.Errorf("game: the model is in %s after the start, want setup", m)
	}

	// The set-up, as the engine asks for it: the first player is dealt two
	// green cards first, for the claim; every other card is the deck's
	// lowest that is no locomotive; each ticket the first the rules allow;
	// every seat keeps all its tickets.
	greens := p.model.Game().Deck().OfColor(engine.Green).IDs()[:2]
	dealt := 0
	next := func() engine.CardID {
		for _, c := range p.model.Game().Deck().IDs() {
			if c.Color() != engine.Locomotive && c != greens[0] && c != greens[1] {
				return c
			}
		}
		return greens[0]
	}
	for p.model.Mode() == input.ModeSetup {
		s := p.model.Game()
		wait := s.Waiting()
		seat := p.model.SeatOf(wait.Player)
		var err error
		switch wait.Need {
		case engine.NeedCardToHand:
			c := next()
			if wait.Player == 0 && dealt < len(greens) {
				c = greens[dealt]
				dealt++
			}
			err = p.scan(seat, registry.TrainCard(1, c))
		case engine.NeedCardToMarket:
			err = p.scan(seat, registry.TrainCard(1, next()))
		case engine.NeedTicket:
			err = p.scan(seat, registry.TicketCard(s.Map().ID, s.LegalActions()[0].Ticket))
		case engine.NeedKeep:
			err = p.confirm(seat)
		default:
			err = fmt.Errorf("game: the set-up waits for %s", wait.Need)
		}
		if err != nil {
			return "", 0, err
		}
	}
	setup := time.Since(t0)

	// The first turn: seat 1 claims the green route with its two greens.
	s := p.model.Game()
	if wait := s.Waiting(); wait.Player != 0 || p.model.SeatOf(0) != 0 {
		return "", 0, fmt.Errorf("game: player %d (seat %d) is to move, want player 0 at seat 1", wait.Player, p.model.SeatOf(wait.Player)+1)
	}
	route := -1
	for i, rt := range s.Map().Routes {
		if rt.ID == gameRoute {
			route = i
		}
	}
	if route < 0 {
		return "", 0, fmt.Errorf("game: no route %s", gameRoute)
	}
	x, y = gameRouteAt(w, h)
	if err := p.tap(x, y, hal.Touch{Kind: hal.RouteArea, ID: gameRoute, Index: route, Seat: -1}, ""); err != nil {
		return "", 0, err
	}
	for _, c := range greens {
		if err := p.scan(0, registry.TrainCard(1, c)); err != nil {
			return "", 0, err
		}
	}
	if err := p.confirm(0); err != nil {
		return "", 0, err
	}
	for _, a := range p.last {
		if a.Kind == engine.ClaimRoute {
			return engine.FormatAction(s.Map(), a), setup, nil
		}
	}
	return "", 0, fmt.Errorf("game: Confirm after touching %s and scanning two greens claimed nothing", gameRoute)
}

// stepWait bounds each step of the game: a tag read, the table's log
// catching up. The table drains its events once a frame, and with four
// readers polled through CUSE a frame of the emulated table took up to
// minutes.
const stepWait = 3 * time.Minute
