package main

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	"ttr/cmd/table/app"
	"ttr/hal"
	"ttr/hal/registry"
	"ttr/input"
)

// tableGuest stands in for the emulated machine: a second input.Table,
// built from the config as the firmware builds its own, takes the events
// the guest would read (a scan, a Confirm, a key or route touched) and
// counts its actions as the firmware's log would.
type tableGuest struct {
	t      *testing.T
	tb     *input.Table
	logged int
	seats  []hal.Seat // the seat of each scan
	next   hal.Event  // what the next tap lands on
}

func (g *tableGuest) handle(ev hal.Event) {
	res := g.tb.Handle(ev)
	for _, n := range res.Notices {
		if n.Rule != nil {
			g.t.Errorf("the table refused %+v: %v", ev, n.Rule)
		}
	}
	g.logged += len(res.Actions)
}

func (g *tableGuest) scan(seat hal.Seat, uid hal.UID) error {
	g.seats = append(g.seats, seat)
	g.handle(hal.Scan{Seat: seat, UID: uid})
	return nil
}

func (g *tableGuest) confirm(seat hal.Seat) error {
	g.handle(hal.Press{Seat: seat, Button: hal.Confirm})
	return nil
}

func (g *tableGuest) tap(x, y int, wantKey string) error {
	g.handle(g.next)
	return nil
}

func (g *tableGuest) settle(logged int, what string) error {
	if g.logged != logged {
		return fmt.Errorf("after %s the table logs %d actions, the model %d", what, g.logged, logged)
	}
	return nil
}

// gameOpts are the vmtest config's table: four seats, its colours and
// edges.
func gameOpts(t *testing.T) input.Opts {
	cfg, err := readGameConfig("../../docs/table.example.json")
	if err != nil {
		t.Fatal(err)
	}
	opts := input.Opts{Seats: len(cfg.Seats), Lang: cfg.Language, Map: "europe", Resolve: app.Resolver(app.VirtualRegistry())}
	for _, s := range cfg.Seats {
		c, _ := input.ParseColor(s.Color)
		opts.Colors = append(opts.Colors, c)
		opts.Edges = append(opts.Edges, s.Edge)
	}
	return opts
}

// TestGameScriptClaimsTheRoute: the game check's script, played on a
// table built as the firmware's, starts the game at seat 1, deals every
// seat its cards and tickets at its own reader (every seat's reader is
// used), keeps the tickets, and ends with seat 1's claim of gameRoute,
// the table's log in step with the model's at every event.
func TestGameScriptClaimsTheRoute(t *testing.T) {
	opts := gameOpts(t)
	model, err := input.NewTable(opts)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := input.NewTable(opts)
	if err != nil {
		t.Fatal(err)
	}
	g := &tableGuest{t: t, tb: tb}
	p := &player{g: g, model: model, reg: app.VirtualRegistry()}
	// The taps land where the script aims: the first player's key, then
	// the route (the guest's screen resolves them; here they are given).
	g.next = hal.Touch{Kind: hal.ScreenKey, ID: input.KeyFirst, Seat: 0}
	taps := 0
	p.g = &tapCounter{tableGuest: g, taps: &taps, route: func() hal.Event {
		for i, r := range tb.Game().Map().Routes {
			if r.ID == gameRoute {
				return hal.Touch{Kind: hal.RouteArea, ID: gameRoute, Index: i, Seat: -1}
			}
		}
		t.Fatalf("no route %s", gameRoute)
		return nil
	}}
	claim, _, err := p.play(800, 480)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(claim, gameRoute) {
		t.Errorf("claim %q, want one of %s", claim, gameRoute)
	}
	if tb.Mode() != input.ModePlay || tb.Game().Waiting().Player != 1 {
		t.Errorf("after the claim: mode %s, player %d to move; want play, player 1", tb.Mode(), tb.Game().Waiting().Player)
	}
	used := map[hal.Seat]bool{}
	for _, s := range g.seats {
		used[s] = true
	}
	if len(used) != opts.Seats {
		t.Errorf("scans at seats %v, want every seat's reader", used)
	}
	if p.scans != len(g.seats) || taps != 2 {
		t.Errorf("%d scans counted for %d made, %d taps; want equal, 2 taps", p.scans, len(g.seats), taps)
	}
}

// tapCounter gives the second tap the route's touch.
type tapCounter struct {
	*tableGuest
	taps  *int
	route func() hal.Event
}

func (c *tapCounter) tap(x, y int, wantKey string) error {
	*c.taps++
	if *c.taps == 2 {
		if x != 622 || y != 253 {
			c.t.Errorf("the route tap at %d,%d on 800x480, want 622,253", x, y)
		}
		c.next = c.route()
	}
	return c.tableGuest.tap(x, y, wantKey)
}

// TestRegistryScripts: the commands that write the card registry in the
// guest each fit a console line, and the file they write is the virtual
// registry, every card of it.
func TestRegistryScripts(t *testing.T) {
	cmds, err := registryScripts(&gameConfig{Registry: "/var/lib/ttr/cards.txt"})
	if err != nil {
		t.Fatal(err)
	}
	var b64 strings.Builder
	for _, c := range cmds {
		if len(c) >= 4095 {
			t.Errorf("a command of %d bytes, longer than a console line", len(c))
		}
		if f := strings.Fields(c); len(f) == 4 && f[0] == "echo" && f[2] == ">>" {
			b64.WriteString(f[1])
		}
	}
	text, err := base64.StdEncoding.DecodeString(b64.String())
	if err != nil {
		t.Fatal(err)
	}
	reg, err := registry.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	if want := app.VirtualRegistry().Len(); reg.Len() != want {
		t.Errorf("the guest's registry has %d cards, want %d", reg.Len(), want)
	}
	if last := cmds[len(cmds)-1]; !strings.Contains(last, "chown ttr-table: /var/lib/ttr/cards.txt") {
		t.Errorf("the last command %q does not give the registry to the table's user", last)
	}
}
