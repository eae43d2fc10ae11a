package app

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"ttr/display/msg"
	"ttr/engine"
	"ttr/hal"
	"ttr/hal/haltest"
	"ttr/hal/registry"
	"ttr/input"
	"ttr/maps"
)

func TestCatalogueWordsTheAppsNotices(t *testing.T) {
	cat, err := msg.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{KeyLogDamaged, KeyStorageFailed, KeyStorageFull, KeyStoragePermission, KeyStorageReadOnly,
		KeyStorageInTheWay, KeyLogSalvaged, KeyGameWaitsSeats, KeyGameWaitsConfig} {
		for _, l := range msg.Langs() {
			args := map[string]any{"Dir": "/var/lib/ttr", "User": "ttr-table", "Path": "/var/lib/ttr/history", "Keep": 99, "File": "x.game.corrupt-1", "Need": 4, "Have": 3}
			if got := cat.Text(l, msg.Text{Key: key, Args: args}); got == "" || got == key || strings.Contains(got, "no value") {
				t.Errorf("%s in %s: %q", key, l, got)
			}
		}
	}
}

func TestTagsRoundTrip(t *testing.T) {
	reg := virtual()
	resolve, uid := Resolver(reg), UIDs(reg)
	var tags []input.Tag
	for c := range engine.CardID(engine.NumCards) {
		tg := input.CardTag(c)
		tg.Box = 1 // the virtual deck is one box
		tags = append(tags, tg)
	}
	for _, m := range []*maps.Map{maps.USA(), maps.Europe()} {
		for i := range m.Tickets {
			tags = append(tags, input.TicketTag(m.ID, engine.TicketID(i)))
		}
	}
	if got, want := reg.Len(), len(tags); got != want {
		t.Errorf("virtual registry has %d cards, want %d", got, want)
	}
	seen := map[hal.UID]bool{}
	for _, tag := range tags {
		u := uid(tag)
		if u == "" || seen[u] {
			t.Fatalf("%+v: UID %q (empty or repeated)", tag, u)
		}
		seen[u] = true
		if got, ok := resolve(u); !ok || got != tag {
			t.Errorf("%+v: resolves to %+v, %v", tag, got, ok)
		}
	}
	// The registry's names: "train red 3" is red3, "train locomotive 14"
	// loco14, each with its box.
	for _, tc := range []struct {
		card string
		want engine.CardID
		box  int
	}{
		{"train red 3", mustCard(t, "red3"), 1},
		{"train locomotive 14", mustCard(t, "loco14"), 1},
		{"train red 3 box 2", mustCard(t, "red3"), 2},
	} {
		c, err := registry.ParseCard(tc.card)
		if err != nil {
			t.Fatal(err)
		}
		want := input.CardTag(tc.want)
		want.Box = tc.box
		if got, ok := TagOf(c); !ok || got != want {
			t.Errorf("%s: got %+v, want %+v", tc.card, got, want)
		}
	}
	if _, ok := resolve("DEADBEEF"); ok {
		t.Error("an unknown tag resolved")
	}
	if _, ok := TagOf(registry.Card{Kind: registry.Ticket, Map: "mars"}); ok {
		t.Error("a ticket of no map resolved")
	}
}

func mustCard(t *testing.T, s string) engine.CardID {
	t.Helper()
	c, ok := engine.ParseCardID(s)
	if !ok {
		t.Fatalf("card %q", s)
	}
	return c
}

func TestPumpMergesAndStops(t *testing.T) {
	clk := haltest.NewClock(t0)
	r0, r1 := haltest.NewReader(0, clk), haltest.NewReader(1, clk)
	b1 := haltest.NewButtons(1, clk)
	ctx, cancel := context.WithCancel(context.Background())
	p := Merge(ctx, Devices{Tags: []hal.TagReader{r0, r1}, Buttons: []hal.ButtonReader{b1}, Status: []hal.StatusReader{r1}}, nil)
	r0.Tap("04000000000001")
	b1.Press(hal.Confirm)
	r1.SetOffline(nil)
	got := map[string]bool{}
	for range 3 {
		switch ev := (<-p.Events()).(type) {
		case hal.Scan:
			got["scan"] = ev.Seat == 0 && ev.UID == "04000000000001"
		case hal.Press:
			got["press"] = ev.Seat == 1 && ev.Button == hal.Confirm
		case hal.Status:
			got["status"] = ev.Seat == 1 && ev.State == hal.Offline
		default:
			t.Fatalf("unexpected event %#v", ev)
		}
	}
	if want := map[string]bool{"scan": true, "press": true, "status": true}; !reflect.DeepEqual(got, want) {
		t.Errorf("events %v, want %v", got, want)
	}
	cancel()
	p.Wait() // returns only once every goroutine has stopped
}

func TestDigitalWaitsForPeople(t *testing.T) {
	r := newRig(t, 3, "usa", 21)
	r.d.Bots = []hal.Seat{1} // seats 0 and 2 are people
	r.d.Start = false
	if evs, err := r.d.Next(r.a, r.at()); len(evs) != 0 || err != nil {
		t.Fatalf("start screen without Start: %d events, %v", len(evs), err)
	}
	// People choose the first player and start.
	for _, ev := range []hal.Event{
		hal.Touch{Kind: hal.ScreenKey, ID: input.KeyFirst, Seat: 0, At: r.at()},
		hal.Touch{Kind: hal.ScreenKey, ID: input.KeyStart, Seat: 0, At: r.at()},
	} {
		if _, err := r.a.Handle(ev); err != nil {
			t.Fatal(err)
		}
	}
	// The dealer deals and seat 1's bot keeps its tickets, until the table
	// waits for a person.
	for n := 0; ; n++ {
		if n > 500 {
			t.Fatal("digital play never waited for a person")
		}
		if !r.step(nil) {
			break
		}
	}
	s := r.a.Table().Game()
	w := s.Waiting()
	if s.IsChance() || w.Player < 0 || r.a.Table().SeatOf(w.Player) == 1 {
		t.Errorf("stopped at %+v (seat %d), want a person's decision", w, r.a.Table().SeatOf(w.Player))
	}
	// Without a virtual deck, chance is a person's scan too.
	d := Digital{Bots: []hal.Seat{0, 1, 2}, UID: r.d.UID}
	r2 := newRig(t, 3, "usa", 21)
	for _, ev := range []hal.Event{
		hal.Touch{Kind: hal.ScreenKey, ID: input.KeyFirst, Seat: 0, At: r2.at()},
		hal.Touch{Kind: hal.ScreenKey, ID: input.KeyStart, Seat: 0, At: r2.at()},
	} {
		r2.a.Handle(ev)
	}
	if !r2.a.Table().Game().IsChance() {
		t.Fatal("a new game does not begin with dealing")
	}
	if evs, err := d.Next(r2.a, time.Time{}); len(evs) != 0 || err != nil {
		t.Errorf("chance without Deal: %d events, %v", len(evs), err)
	}
}

func TestSeedsDependOnlyOnThePointOfTheGame(t *testing.T) {
	seen := map[uint64]bool{}
	for seed := range uint64(4) {
		for n := range uint64(200) {
			for _, p := range []uint64{purposeBot, purposeDeal} {
				v := mix(seed, n, p)
				if seen[v] {
					t.Fatalf("mix(%d, %d, %d) repeats", seed, n, p)
				}
				seen[v] = true
				if mix(seed, n, p) != v {
					t.Fatal("mix is not a function")
				}
			}
		}
	}
}
