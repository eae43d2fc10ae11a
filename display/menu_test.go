package display

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"ttr/display/board"
	"ttr/display/msg"
	"ttr/display/scene"
	"ttr/hal"
	"ttr/input"
	"ttr/maps"
)

// The owner's menu's pages, as the table fills them in from its menu
// (cmd/table/owner): the texts are the catalogue's, the ids the menu's.

func pageText(key string, args ...any) msg.Text {
	t := msg.Text{Key: key}
	if len(args) > 0 {
		t.Args = map[string]any{}
		for i := 0; i+1 < len(args); i += 2 {
			t.Args[args[i].(string)] = args[i+1]
		}
	}
	return t
}

func menuKey(id string, index int, label msg.Text, state msg.Text) MenuKey {
	return MenuKey{ID: "owner." + id, Index: index, Label: label, State: state, Enabled: true}
}

func backKey() MenuKey { return menuKey("back", 0, pageText("owner_pages.back"), msg.Text{}) }

// menuPages are the owner's pages the goldens hold, facing seat 0.
func menuPages() map[string]Menu {
	cards := func(n int, color string) msg.Text {
		return pageText("count.colored_cards", "Count", n, "Color", pageText("color."+color, "Count", n))
	}
	entries := Menu{Title: pageText("owner_pages.title_entries"), Keys: []MenuKey{
		menuKey("entry", 0, pageText("owner_menu.enrol"), pageText("owner_menu.deck_trains", "Have", 96, "Total", 110)),
		menuKey("entry", 1, pageText("owner_menu.check"), pageText("owner_menu.check_state")),
		menuKey("entry", 2, pageText("owner_menu.settings"), msg.Text{}),
		menuKey("entry", 3, pageText("owner_menu.history"), pageText("owner_menu.history_state", "Games", 12)),
		menuKey("entry", 4, pageText("owner_menu.records"), pageText("owner_menu.records_state", "Players", 4)),
		menuKey("entry", 5, pageText("owner_menu.close"), msg.Text{}),
	}}
	entries.Keys[0].Focused = true
	entries.Keys[2].Enabled = false
	entries.Keys[2].State = pageText("owner_menu.settings_after_game")

	tasks := Menu{Title: pageText("owner_pages.title_enrol_task"), Lines: []msg.Text{pageText("owner_pages.choose_task")}}
	colors := []string{"purple", "blue", "orange", "white", "green", "yellow", "black", "red", "loco"}
	for box := 1; box <= 2; box++ {
		for i, c := range colors {
			n := 12
			if c == "loco" {
				n = 14
			}
			tasks.Keys = append(tasks.Keys, menuKey("task", (box-1)*9+i, pageText("owner_pages.task_train", "Box", box, "Cards", cards(n, c)), pageText("owner_pages.progress", "Done", 0, "Of", n)))
		}
	}
	for i, m := range []string{"europe", "usa"} {
		tasks.Keys = append(tasks.Keys, menuKey("task", 18+i, pageText("owner_pages.task_tickets", "Map", pageText("map."+m)), pageText("owner_pages.progress", "Done", 0, "Of", 46)))
	}
	tasks.Keys = append(tasks.Keys, backKey())
	tasks.Keys[0].Focused = true

	trains := Menu{Title: pageText("owner_pages.task_train", "Box", 1, "Cards", cards(12, "red")), Done: 7, Of: 12,
		Progress: pageText("enrol.prompt_color", "Box", 1, "Cards", cards(12, "red"), "Done", 7, "Of", 12),
		Result:   pageText("enrol.known", "Card", pageText("enrol.train_card", "Color", pageText("color.blue", "Count", 1), "Box", 1)), Refused: true,
		Keys: []MenuKey{backKey()}}

	tickets := Menu{Title: pageText("owner_pages.task_tickets", "Map", pageText("map.europe")), Done: 3, Of: 46,
		Progress: pageText("enrol.prompt_ticket", "Map", pageText("map.europe"), "Done", 3, "Of", 46),
		Result:   pageText("enrol.choose_ticket"), Keys: []MenuKey{backKey()}}
	// Europe's 43 tickets left, with their diacritics, in the list's order.
	for i, tk := range europeTickets(43) {
		tickets.Tickets = append(tickets.Tickets, MenuTicket{Key: menuKey("ticket", i, msg.Text{}, msg.Text{}), A: tk.a, B: tk.b, Points: tk.points})
	}
	tickets.Tickets[0].Key.Focused = true

	check := func(cur int, corner int, fingers bool, result msg.Text, refused bool) Menu {
		m := Menu{Title: pageText("owner_pages.title_check"), Done: cur, Of: 13,
			Progress: pageText("owner_pages.check_progress", "Done", cur+1, "Of", 13),
			Result:   result, Refused: refused, Corner: corner, Fingers: fingers,
			Keys: []MenuKey{menuKey("skip", 0, pageText("owner_pages.skip"), msg.Text{}), menuKey("heard", 0, pageText("owner_pages.heard"), msg.Text{}), backKey()}}
		m.Keys[1].Enabled = false
		for i := range 13 {
			st := CheckPassed
			switch {
			case i == 2:
				st = CheckFailed
			case i == 3:
				st = CheckSkipped
			case i == cur:
				st = CheckCurrent
			case i > cur:
				st = CheckPending
			}
			m.Checks = append(m.Checks, st)
		}
		return m
	}
	corner := check(8, 3, false, pageText("owner_check.instead", "Saw", pageText("owner_check.the_corner", "Corner", pageText("owner_check.corner_top_left"))), true)
	corner.Lines = []msg.Text{pageText("owner_check.corner_sides", "Corner", pageText("owner_check.corner_bottom_right"),
		"Sides", pageText("owner_check.sides", "A", pageText("owner_check.side_one", "Edge", pageText("owner_check.edge_bottom"), "Seat", "1"), "B", pageText("owner_check.side_one", "Edge", pageText("owner_check.edge_right"), "Seat", "4")))}
	fingers := check(11, 0, true, pageText("owner_check.one_finger"), true)
	fingers.Lines = []msg.Text{pageText("owner_check.fingers")}
	done := check(13, 0, false, pageText("owner_check.at", "At", "1270,710"), false)
	done.Progress = pageText("owner_pages.check_done", "Passed", 11, "Failed", 1, "Skipped", 1)
	done.Lines = []msg.Text{pageText("owner_pages.check_failed", "Check", pageText("owner_check.press", "Number", 2, "Button", pageText("owner_check.button_cancel")),
		"Why", pageText("owner_check.hint_button", "Got", pageText("owner_check.button_confirm"), "Want", pageText("owner_check.button_cancel")))}
	done.Keys[0].Enabled = false

	settings := Menu{Title: pageText("owner_pages.title_settings"), Result: pageText("owner_settings.saved"), Accepted: true, Lines: []msg.Text{
		pageText("owner_settings.language", "Language", pageText("owner_settings.lang_ro")),
		pageText("owner_settings.map", "Map", pageText("map.europe")),
		pageText("owner_settings.volume", "Volume", 70),
	}}
	for i, s := range []string{"language", "map", "mute", "volume_down", "volume_up"} {
		settings.Keys = append(settings.Keys, menuKey("setting", i, pageText("owner_pages."+s), msg.Text{}))
	}
	for seat := range 4 {
		settings.Lines = append(settings.Lines, pageText("owner_settings.seat", "Number", seat+1, "Color", pageText("owner_check.color_red"), "Name", "Ștefan"))
		settings.Keys = append(settings.Keys, menuKey("setting", 10+seat, pageText("owner_pages.color", "Number", seat+1), msg.Text{}),
			menuKey("setting", 20+seat, pageText("owner_pages.clear_name", "Number", seat+1), msg.Text{}))
	}
	settings.Keys = append(settings.Keys, menuKey("setting", 5, pageText("owner_pages.save"), msg.Text{}), backKey())
	settings.Keys[len(settings.Keys)-2].Focused = true

	history := Menu{Title: pageText("owner_pages.title_history"), Lines: []msg.Text{pageText("owner_history.time_unknown")}}
	for i := range 30 {
		history.Keys = append(history.Keys, menuKey("game", i, pageText("owner_history.line", "Number", 30-i, "Map", pageText("map.europe"), "Winner", "Ioana", "Points", 100+i), msg.Text{}))
	}
	history.Keys[3].Label = pageText("owner_history.unreadable", "Number", 27, "File", "game-000027.log")
	history.Keys[3].Enabled = false
	history.Keys = append(history.Keys, backKey())

	records := Menu{Title: pageText("owner_pages.title_records"), Keys: []MenuKey{backKey()}}
	for _, name := range []string{"Ioana", "Ștefan", "Begoña", "Sam"} {
		records.Lines = append(records.Lines, pageText("owner_history.record", "Name", name,
			"Games", pageText("owner_history.games", "Count", 12), "Wins", pageText("owner_history.wins", "Count", 3), "Best", 131, "Longest", 17))
	}
	game := Menu{Title: pageText("owner_pages.title_game", "Number", 12), Keys: []MenuKey{backKey()}, Lines: []msg.Text{
		pageText("owner_history.line", "Number", 12, "Map", pageText("map.europe"), "Winner", "Ioana", "Points", 131),
		pageText("owner_history.time_unknown"),
		pageText("owner_history.player", "Player", "Ioana", "Points", 131, "Longest", 17),
		pageText("owner_history.player", "Player", "Ștefan", "Points", 98, "Longest", 9),
	}}
	return map[string]Menu{"entries": entries, "enrol-task": tasks, "enrol-trains": trains, "enrol-tickets": tickets,
		"check-corner": corner, "check-fingers": fingers, "check-done": done, "settings": settings,
		"history": history, "records": records, "game": game}
}

// europeTickets returns n tickets of the Europe map, as printed.
func europeTickets(n int) []printedTicket {
	m, err := maps.Load("europe")
	if err != nil {
		panic(err)
	}
	var out []printedTicket
	for _, tk := range m.Tickets {
		if len(out) == n {
			break
		}
		out = append(out, printedTicket{m.Cities[tk.A].Name, m.Cities[tk.B].Name, tk.Points})
	}
	return out
}

// printedTicket is a ticket as printed: its two cities and its points.
type printedTicket struct {
	a, b   string
	points int
}

// menuScreen returns a screen with the start screen laid out and page m
// shown, and the page's scene alone (the menu's parts).
func menuScene(t *testing.T, ss screens, w, h int, edges []Edge, lang string, m Menu) (*Screen, *scene.Scene) {
	t.Helper()
	s := ss.get(t, w, h, edges)
	v, now := startScene(t)
	v.Lang = lang
	var sc *scene.Scene
	onMain(func() {
		s.ShowMenu(nil)
		s.Scene(&v, now, nil) // the start screen under it, laid out
		s.ShowMenu(&m)
		s.fonts.misfits = s.fonts.misfits[:0]
		all := s.Scene(&v, now, nil)
		for _, o := range s.fonts.misfits {
			t.Errorf("text does not fit its box: %s", o)
		}
		sc = &scene.Scene{}
		sc.Reset(all.W, all.H)
		for _, it := range all.Items {
			if it.Key.Part >= scene.Menu && it.Key.Part <= scene.MenuKey {
				sc.Add(it)
			}
		}
	})
	return s, sc
}

// TestMenuGolden compares each owner's page's draw list (the menu's parts
// alone) with its text golden in testdata/scene: menu-PAGE[-LANG]-WxH.
func TestMenuGolden(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	pages := menuPages()
	for _, tc := range []struct {
		page, lang string
		w, h       int
	}{
		{"entries", "en", 1280, 720}, {"enrol-task", "es", 1280, 720}, {"enrol-trains", "en", 1280, 720},
		{"enrol-tickets", "ro", 1280, 720}, {"check-corner", "en", 1280, 720}, {"check-fingers", "es", 1280, 720},
		{"check-done", "en", 1280, 720}, {"settings", "ro", 1280, 720}, {"history", "en", 800, 480},
		{"records", "es", 1280, 720}, {"game", "en", 1280, 720},
	} {
		name := fmt.Sprintf("menu-%s-%s-%dx%d", tc.page, tc.lang, tc.w, tc.h)
		t.Run(name, func(t *testing.T) {
			_, sc := menuScene(t, ss, tc.w, tc.h, fourEdges, tc.lang, pages[tc.page])
			compareText(t, name, sc)
		})
	}
}

// TestMenuKeysAreWhereTouchesLand touches the middle of every key of every
// page, facing each edge: an enabled key is a hal.ScreenKey touch with the
// menu's id and index at the menu's seat, as the menu reads it; a
// disabled key, and a touch beside every key, is nothing.
func TestMenuKeysAreWhereTouchesLand(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	now := time.Date(2026, 3, 14, 21, 0, 0, 0, time.UTC)
	for name, m := range menuPages() {
		for seat, e := range fourEdges {
			t.Run(fmt.Sprintf("%s-%v", name, e), func(t *testing.T) {
				m.Seat = seat
				s, sc := menuScene(t, ss, 1280, 720, fourEdges, "en", m)
				enabled := map[string]bool{}
				for _, k := range m.Keys {
					enabled[fmt.Sprint(k.ID, k.Index)] = k.Enabled
				}
				for _, k := range m.Tickets {
					enabled[fmt.Sprint(k.Key.ID, k.Key.Index)] = k.Key.Enabled
				}
				n := 0
				for _, k := range sc.Keys() {
					if k.Part != scene.MenuKey {
						continue
					}
					n++
					b, _ := sc.Bounds(k)
					c := b.Center()
					got := s.HitTest(c.X, c.Y, now)
					if !enabled[fmt.Sprint(k.Name, k.Index)] {
						if got.Kind == hal.ScreenKey {
							t.Errorf("a touch on disabled %v: %q %d", k, got.ID, got.Index)
						}
						continue
					}
					if got.Kind != hal.ScreenKey || got.ID != k.Name || got.Index != k.Index || got.Seat != hal.Seat(seat) {
						t.Errorf("a touch at %v, the middle of %v: %v %q %d seat %d, want %q %d seat %d", c, k, got.Kind, got.ID, got.Index, got.Seat, k.Name, k.Index, seat)
					}
				}
				if n == 0 {
					t.Fatal("no key drawn")
				}
				// The card's title is no key.
				if b, ok := sc.Bounds(scene.Key{Part: scene.Menu}); ok {
					if got := s.HitTest(b.X+4, b.Y+4, now); got.Kind != hal.Nothing {
						t.Errorf("a touch on the card's corner: %v %q", got.Kind, got.ID)
					}
				}
			})
		}
	}
}

// TestMenuFacesItsSeat checks the page reads upright from the seat that
// opened it: its words are turned as that seat's strip is.
func TestMenuFacesItsSeat(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	m := menuPages()["entries"]
	for seat, e := range fourEdges {
		t.Run(e.String(), func(t *testing.T) {
			m.Seat = seat
			_, sc := menuScene(t, ss, 1280, 720, fourEdges, "en", m)
			texts := 0
			for _, it := range sc.Items {
				if it.Kind != scene.Text {
					continue
				}
				texts++
				if it.Turn.Angle != edgeAngle(e) {
					t.Fatalf("%q turned %v degrees, want %v (facing %v)", it.Text, it.Turn.Angle, edgeAngle(e), e)
				}
			}
			if texts < 6 {
				t.Errorf("%d texts drawn", texts)
			}
		})
	}
}

// TestMenuSizedInMillimetres draws every page on a 7" 800x480 panel
// (0.19 mm a pixel, more than twice the 21.5" panel's pixel) and finds
// every word at least board.MinStripTextMM high and every key at least
// board.MinTargetMM both ways.
func TestMenuSizedInMillimetres(t *testing.T) {
	phys := board.PhysicalDiagonal(800, 480, 7)
	var s *Screen
	onMain(func() {
		var err error
		s, err = NewScreen(catalog(t), ScreenOpts{Width: 800, Height: 480, Seats: DefaultEdges(2), Lang: msg.EN, Physical: phys})
		if err != nil {
			t.Fatal(err)
		}
	})
	ss := screens{"phys": s}
	defer ss.unload()
	v, now := startScene(t)
	v.Seats = v.Seats[:2]
	for name, m := range menuPages() {
		if name == "enrol-tickets" || name == "history" || name == "enrol-task" || name == "settings" {
			continue // more than a 7" panel holds at 9 mm: the size of the rest is what is checked
		}
		t.Run(name, func(t *testing.T) {
			var sc *scene.Scene
			onMain(func() {
				s.Scene(&v, now, nil)
				s.ShowMenu(&m)
				sc = s.Scene(&v, now, nil)
				s.ShowMenu(nil)
			})
			keys := 0
			for _, it := range sc.Items {
				if it.Key.Part < scene.Menu || it.Key.Part > scene.MenuKey {
					continue
				}
				if it.Kind == scene.Text && phys.MM(it.Size) < board.MinStripTextMM-0.01 {
					t.Errorf("%q at %.1f px is %.2f mm, want at least %v", it.Text, it.Size, phys.MM(it.Size), board.MinStripTextMM)
				}
			}
			for _, k := range sc.Keys() {
				if k.Part != scene.MenuKey {
					continue
				}
				keys++
				b, _ := sc.Bounds(k)
				if phys.MM(min(b.W, b.H)) < board.MinTargetMM-0.01 {
					t.Errorf("%v is %.1f x %.1f mm, want at least %v", k, phys.MM(b.W), phys.MM(b.H), board.MinTargetMM)
				}
			}
			if keys == 0 {
				t.Error("no key")
			}
		})
	}
}

// TestMenuCornerTarget checks the corner the check waits for is drawn as a
// target in that corner of the picture, and a touch on it is a finger for
// the check (nothing), even over a key; the other corners have none.
func TestMenuCornerTarget(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	now := time.Date(2026, 3, 14, 21, 0, 0, 0, time.UTC)
	m := menuPages()["check-corner"]
	for c := 1; c <= 4; c++ {
		m.Corner = c
		s, sc := menuScene(t, ss, 1280, 720, fourEdges, "en", m)
		b, ok := sc.Bounds(scene.Key{Part: scene.MenuTarget, Index: c - 1})
		if !ok {
			t.Fatalf("corner %d: no target", c)
		}
		z := cornerZone(board.Rect{W: 1280, H: 720}, c-1)
		if ctr := b.Center(); !z.Contains(ctr) {
			t.Errorf("corner %d: target at %v, outside %v", c, ctr, z)
		}
		for o := 0; o < 4; o++ {
			if _, ok := sc.Bounds(scene.Key{Part: scene.MenuTarget, Index: o}); ok != (o == c-1) {
				t.Errorf("corner %d: a target in corner %d: %v", c, o, ok)
			}
		}
		for _, p := range []board.Vec{b.Center(), {X: z.X + 1, Y: z.Y + 1}, {X: z.X + z.W - 1, Y: z.Y + z.H - 1}} {
			if got := s.HitTest(p.X, p.Y, now); got.Kind != hal.Nothing || got.X != p.X || got.Y != p.Y {
				t.Errorf("corner %d: a touch at %v: %v %q at %v,%v", c, p, got.Kind, got.ID, got.X, got.Y)
			}
		}
	}
}

// TestMenuTurnedScreen checks a panel mounted upside down: the keys are
// where the touches land, turned back.
func TestMenuTurnedScreen(t *testing.T) {
	var s *Screen
	onMain(func() {
		var err error
		s, err = NewScreen(catalog(t), ScreenOpts{Width: 1280, Height: 720, Rotation: 180, Seats: fourEdges, Lang: msg.EN})
		if err != nil {
			t.Fatal(err)
		}
	})
	ss := screens{"turned": s}
	defer ss.unload()
	v, now := startScene(t)
	m := menuPages()["entries"]
	var sc *scene.Scene
	onMain(func() {
		s.Scene(&v, now, nil)
		s.ShowMenu(&m)
		sc = s.Scene(&v, now, nil)
	})
	b, _ := sc.Bounds(scene.Key{Part: scene.MenuKey, Index: 0, Name: "owner.entry"})
	c := b.Center()
	// The scene is the picture upright; the window's pixel is turned.
	if got := s.HitTest(1280-c.X, 720-c.Y, now); got.Kind != hal.ScreenKey || got.ID != "owner.entry" || got.Index != 0 {
		t.Errorf("a touch on the turned Enrol key: %v %q %d", got.Kind, got.ID, got.Index)
	}
}

// TestMenuHidden checks ShowMenu(nil) gives the screen back: the start
// screen's keys answer again, and no part of the menu is drawn.
func TestMenuHidden(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	s, _ := menuScene(t, ss, 1280, 720, fourEdges, "en", menuPages()["entries"])
	v, now := startScene(t)
	var sc *scene.Scene
	onMain(func() {
		s.ShowMenu(nil)
		sc = s.Scene(&v, now, nil)
	})
	for _, k := range sc.Keys() {
		if k.Part >= scene.Menu && k.Part <= scene.MenuKey {
			t.Fatalf("%v drawn with the menu hidden", k)
		}
	}
	b, _ := sc.Bounds(scene.Key{Part: scene.StartKey})
	if got := s.HitTest(b.Center().X, b.Center().Y, now); got.ID != input.KeyStart {
		t.Errorf("Start touched with the menu hidden: %q", got.ID)
	}
}

// ownerWords reports whether a message is the owner's menu's, drawn on its
// pages (TestEveryOwnerMessageFitsTheMenu) rather than in a seat's message
// box; the words a hold of the buttons puts in the banner are a strip's.
func ownerWords(key string) bool {
	switch key {
	case "owner_menu.open_again", "owner_pages.refused_playing":
		return false
	}
	return strings.HasPrefix(key, "owner_") || strings.HasPrefix(key, "enrol.")
}

// TestEveryOwnerMessageFitsTheMenu words every message of the owner's menu
// in every language, for counts 1, 2 and 20, and draws it on a page at
// 800x480 facing a bottom and a left seat (the narrowest page) in every
// place it can take: a line, the result of an input, a key and its state,
// and (a title's or a progress's words) the title and the progress. Each
// must fit at no less than the least size.
func TestEveryOwnerMessageFitsTheMenu(t *testing.T) {
	cat := catalog(t)
	ss := screens{}
	defer ss.unload()
	edges := []Edge{Bottom, Left, Top}
	s := ss.get(t, 800, 480, edges)
	v, now := startScene(t)
	v.Seats = v.Seats[:3]
	rec := &scene.Scene{} // every page recorded into the same scene
	onMain(func() { s.Scene(&v, now, rec) })
	n := 0
	for _, lang := range msg.Langs() {
		for _, key := range cat.Keys() {
			if !ownerWords(key) {
				continue
			}
			said := map[string]bool{}
			for _, count := range []int{1, 2, 20} {
				txt := msg.Text{Key: key, Args: realisticArgs(cat, key, count)}
				n++
				words := cat.Text(lang, txt)
				if said[words] {
					continue // the same words for another count (a message without one): drawn already
				}
				said[words] = true
				m := Menu{Title: pageText("owner_pages.title_check"), Lines: []msg.Text{txt}, Result: txt, Of: 12, Done: 3,
					Progress: pageText("enrol.prompt_color", "Box", 2, "Cards", realisticArgs(cat, "enrol.prompt_color", 12)["Cards"], "Done", 12, "Of", 12),
					Keys:     []MenuKey{menuKey("entry", 0, txt, txt), menuKey("entry", 1, pageText("owner_menu.check"), pageText("owner_menu.check_state")), backKey()}}
				if strings.HasPrefix(key, "owner_pages.title_") || strings.HasPrefix(key, "owner_pages.task_") {
					m.Title = txt
				}
				if strings.HasPrefix(key, "enrol.prompt_") || strings.HasPrefix(key, "owner_pages.check_") {
					m.Progress = txt
				}
				for seat := range 2 {
					m.Seat = seat
					onMain(func() {
						s.fonts.misfits = s.fonts.misfits[:0]
						v.Lang = string(lang)
						s.ShowMenu(&m)
						s.Scene(&v, now, rec)
						s.ShowMenu(nil)
						for _, o := range s.fonts.misfits {
							t.Errorf("%s %s (%d) facing %v: %q does not fit", lang, key, count, edges[seat], o)
						}
					})
				}
			}
		}
	}
	if n < 150 {
		t.Errorf("%d messages worded: the owner's messages were not found", n)
	}
}

// TestMenuScreenshots writes a picture of every owner's page in every
// language to the folder TTR_MENU_SHOTS names (docs/screens takes the
// best); without it, it is skipped.
func TestMenuScreenshots(t *testing.T) {
	dir := os.Getenv("TTR_MENU_SHOTS")
	if dir == "" {
		t.Skip("TTR_MENU_SHOTS names no folder")
	}
	ss := screens{}
	defer ss.unload()
	for name, m := range menuPages() {
		for _, lang := range msg.Langs() {
			for _, seat := range []int{0, 1} {
				s := ss.get(t, 1280, 720, fourEdges)
				v, now := startScene(t)
				v.Lang = string(lang)
				m.Seat = seat
				onMain(func() { s.ShowMenu(&m) })
				img := picture(t, s, 1280, 720, &v, now, true)
				writePNG(t, filepath.Join(dir, fmt.Sprintf("menu-%s-%s-seat%d.png", name, lang, seat+1)), img)
			}
		}
	}
}

// TestMenuLaidOutWhenItChanges: the table hands the page over every frame;
// the same page keeps its layout, and any change (a result, a key's
// focus, another page) is laid out again, so that touches land on what is
// drawn.
func TestMenuLaidOutWhenItChanges(t *testing.T) {
	ss := screens{}
	defer ss.unload()
	pages := menuPages()
	s, _ := menuScene(t, ss, 1280, 720, fourEdges, "en", pages["entries"])
	same := pages["entries"]
	result := pages["entries"]
	result.Result = pageText("owner_settings.saved")
	focus := pages["entries"]
	focus.Keys = append([]MenuKey(nil), focus.Keys...)
	focus.Keys[0].Focused, focus.Keys[1].Focused = false, true
	for _, tc := range []struct {
		name string
		m    Menu
		kept bool
	}{{"the same page", same, true}, {"a result", result, false}, {"the focus moved", focus, false}, {"another page", pages["enrol-task"], false}} {
		entries := pages["entries"]
		onMain(func() {
			s.ShowMenu(&entries)
			s.menuLayout()
			s.ShowMenu(&tc.m)
		})
		if s.menu.geom.valid != tc.kept {
			t.Errorf("%s: layout kept %v, want %v", tc.name, s.menu.geom.valid, tc.kept)
		}
	}
	// Drawn as the entries page, then the task page: touched where a
	// task is drawn.
	menuScene(t, ss, 1280, 720, fourEdges, "en", pages["entries"])
	var sc2 *scene.Scene
	v, now := startScene(t)
	tasks := pages["enrol-task"]
	onMain(func() {
		s.ShowMenu(&tasks)
		sc2 = s.Scene(&v, now, nil)
	})
	b, _ := sc2.Bounds(scene.Key{Part: scene.MenuKey, Index: 5, Name: "owner.task"})
	if got := s.HitTest(b.Center().X, b.Center().Y, now); got.ID != "owner.task" || got.Index != 5 {
		t.Errorf("a touch on task 5 after the entries page: %q %d", got.ID, got.Index)
	}
}
