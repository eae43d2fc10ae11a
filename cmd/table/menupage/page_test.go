package menupage

import (
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"ttr/cmd/table/owner"
	"ttr/display"
	"ttr/hal"
	"ttr/hal/config"
	"ttr/hal/registry"
)

var t0 = time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)

func newMenu(t *testing.T) *owner.Menu {
	t.Helper()
	store := registry.Store{Path: filepath.Join(t.TempDir(), "cards.txt")}
	reg, _ := store.Load()
	m := owner.NewMenu(owner.MenuOpts{Config: config.Default(), Session: registry.NewSession(store, reg), CheckTimeout: time.Minute})
	m.Open(2, t0)
	return m
}

// touchOf is the touch the screen sends for k at the page's seat.
func touchOf(m *display.Menu, k display.MenuKey) hal.Touch {
	return hal.Touch{Kind: hal.ScreenKey, ID: k.ID, Index: k.Index, Seat: hal.Seat(m.Seat), At: t0}
}

// TestOfClosedIsNil: a closed menu is no page.
func TestOfClosedIsNil(t *testing.T) {
	if p := Of(owner.View{Focus: -1}, nil); p != nil {
		t.Errorf("closed menu: page %+v", p)
	}
}

// TestKeysTouchAsTheMenuReads: every key of the entries page carries the
// touch the menu takes for it (owner.KeyOf gives back the menu's key),
// the focused one is marked, and a touch on the page's key for the
// hardware check opens that page.
func TestKeysTouchAsTheMenuReads(t *testing.T) {
	m := newMenu(t)
	v := m.View()
	p := Of(v, m.Checks())
	if p.Seat != 2 || !reflect.DeepEqual(p.Title, v.Title) || len(p.Keys) != len(v.Keys) {
		t.Fatalf("page seat %d title %v with %d keys; view seat %d title %v with %d keys", p.Seat, p.Title, len(p.Keys), v.Seat, v.Title, len(v.Keys))
	}
	for i, k := range p.Keys {
		got, ok := owner.KeyOf(touchOf(p, k))
		if !ok || got != v.Keys[i].Key {
			t.Errorf("key %d: touch reads as %v %v, want %v", i, got, ok, v.Keys[i].Key)
		}
		if k.Focused != (i == v.Focus) || k.Enabled != v.Keys[i].Enabled || !reflect.DeepEqual(k.Label, v.Keys[i].Label) {
			t.Errorf("key %d: focused %v enabled %v label %v; view focus %d enabled %v label %v", i, k.Focused, k.Enabled, k.Label, v.Focus, v.Keys[i].Enabled, v.Keys[i].Label)
		}
	}
	for _, k := range p.Keys {
		if got, _ := owner.KeyOf(touchOf(p, k)); got == (owner.Key{Kind: owner.KeyEntry, Index: int(owner.EntryCheck)}) {
			m.Touch(touchOf(p, k), 1, t0)
		}
	}
	if m.Page() != owner.PageCheck {
		t.Fatalf("the check's key touched: page %v", m.Page())
	}
}

// TestCheckStepsAndCorner: the check page has one chip per step, the
// current one marked, a step passed, failed and skipped as such; the
// corner the check waits for is the page's target, the two-finger step
// its area.
func TestCheckStepsAndCorner(t *testing.T) {
	m := newMenu(t)
	m.Key(owner.Key{Kind: owner.KeyEntry, Index: int(owner.EntryCheck)}, t0)
	c := m.Checks()
	if p := Of(m.View(), c); len(p.Checks) != len(c.List) || p.Checks[0] != display.CheckCurrent || p.Checks[1] != display.CheckPending {
		t.Fatalf("first check: %v", p.Checks)
	}
	now := t0
	m.Key(owner.Key{Kind: owner.KeySkip}, now)
	now = now.Add(2 * time.Minute)
	m.Tick(now) // the second fails, its time up
	for c.Current() != nil && c.Current().Kind != owner.CheckCorner {
		m.Key(owner.Key{Kind: owner.KeySkip}, now)
	}
	p := Of(m.View(), c)
	if p.Checks[0] != display.CheckSkipped || p.Checks[1] != display.CheckFailed || p.Checks[c.Cur] != display.CheckCurrent {
		t.Errorf("steps: %v, current %d", p.Checks, c.Cur)
	}
	if want := c.Current().Corner + 1; p.Corner != want || p.Fingers {
		t.Errorf("corner check: target %d fingers %v, want %d", p.Corner, p.Fingers, want)
	}
	for c.Current() != nil && c.Current().Kind != owner.CheckFingers {
		m.Key(owner.Key{Kind: owner.KeySkip}, now)
	}
	if p := Of(m.View(), c); p.Corner != 0 || !p.Fingers {
		t.Errorf("two-finger check: target %d fingers %v", p.Corner, p.Fingers)
	}
}

// TestTicketsListedByName: after a ticket's tag, the tickets offered are
// listed by their cities as printed (diacritics kept), in order, each
// with the key the menu reads for that very ticket, and none among the
// page's other keys; the result is neither refused nor accepted.
func TestTicketsListedByName(t *testing.T) {
	m := newMenu(t)
	m.Key(owner.Key{Kind: owner.KeyEntry, Index: int(owner.EntryEnrol)}, t0)
	tasks := owner.EnrolTasks()
	for i, task := range tasks {
		if task.Kind == registry.Ticket && task.Map == "europe" {
			m.Key(owner.Key{Kind: owner.KeyTask, Index: i}, t0)
		}
	}
	m.Handle(hal.Scan{Seat: 0, UID: "04AABBCCDDEEFF", At: t0}, t0)
	v := m.View()
	p := Of(v, nil)
	if len(p.Tickets) != len(v.Tickets) || len(p.Tickets) != 46 {
		t.Fatalf("%d tickets listed, view offers %d, want 46", len(p.Tickets), len(v.Tickets))
	}
	byKey := map[owner.Key]owner.TicketChoice{}
	for _, c := range v.Tickets {
		byKey[c.Key] = c
	}
	diacritics := false
	for i, tk := range p.Tickets {
		k, _ := owner.KeyOf(touchOf(p, tk.Key))
		c := byKey[k]
		if c.A != tk.A || c.B != tk.B || c.Points != tk.Points || !tk.Key.Enabled {
			t.Errorf("row %d: %s – %s (%d) touches %v, which is %s – %s (%d)", i, tk.A, tk.B, tk.Points, k, c.A, c.B, c.Points)
		}
		if i > 0 && (p.Tickets[i-1].A > tk.A || p.Tickets[i-1].A == tk.A && p.Tickets[i-1].B > tk.B) {
			t.Errorf("row %d %s – %s after %s – %s", i, tk.A, tk.B, p.Tickets[i-1].A, p.Tickets[i-1].B)
		}
		for _, r := range tk.A + tk.B {
			diacritics = diacritics || r > 127
		}
	}
	if !diacritics {
		t.Error("no printed name with a diacritic")
	}
	for _, k := range p.Keys {
		if k.ID == "owner.ticket" {
			t.Errorf("ticket %d among the page's keys", k.Index)
		}
	}
	if p.Refused || p.Accepted {
		t.Errorf("a ticket to choose: refused %v accepted %v", p.Refused, p.Accepted)
	}
	// Touching a row enrols that ticket: accepted.
	m.Touch(touchOf(p, p.Tickets[0].Key), 1, t0)
	if p := Of(m.View(), nil); !p.Accepted || p.Refused || p.Done != 1 {
		t.Errorf("after choosing: accepted %v refused %v done %d", p.Accepted, p.Refused, p.Done)
	}
	// The same tag again: refused, naming its card.
	m.Handle(hal.Scan{Seat: 1, UID: "04AABBCCDDEEFF", At: t0}, t0)
	if p := Of(m.View(), nil); !p.Refused {
		t.Errorf("a tag enrolled already: refused %v, result %v", p.Refused, p.Result)
	}
}
