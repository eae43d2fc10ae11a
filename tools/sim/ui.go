package main

import (
	"fmt"
	"image/color"
	"slices"
	"strings"
	"time"
	"ttr/cmd/table/menupage"

	rl "github.com/gen2brain/raylib-go/raylib"

	"ttr/display"
	"ttr/display/board"
	"ttr/display/msg"
	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/maps"
)

// ui is the simulator's window: the table's shared screen on the left
// and, on the right, a box per seat with what only the simulator knows:
// the seat's physical hand and tickets, its virtual reader and its
// buttons. Everything it does goes through the world's fake devices.
type ui struct {
	w      *world
	cat    *msg.Catalog
	lang   msg.Lang
	screen tableScreen
	// delay is the pause between two steps of digital play (bots, the
	// virtual deck's cards), so that a person can follow them; nextStep is
	// when the next may come.
	delay    time.Duration
	nextStep time.Time

	width, height int
	text, small   display.Font
	bold          display.Font
	size          float32

	focus     hal.Seat
	lastWait  hal.Seat
	selected  [][]engine.CardID // by seat: hand cards picked to scan
	help      bool
	buttons   []uiButton // drawn in the last frame, for clicks
	status    string     // the simulator's own last message
	statusAt  time.Time
	err       error // a bot that could not act: shown, bots stop
	onHandled func()
	// onPress, if set, hears where each mouse press landed: "X Y KIND ID
	// SEAT" as in the -targets output, or "X Y none".
	onPress func(string)

	// The -targets output (targets.go): the last block printed, and the
	// table screen's targets with what they were found for.
	shownTargets string
	screenLines  []string
	shownScreen  screenKey
	grid         targetGrid
}

// uiButton is a clickable thing of the side panel. kind, id and seat name
// it in the -targets output.
type uiButton struct {
	r      rl.Rectangle
	do     func()
	kind   string
	id     string
	seat   hal.Seat
	picked bool
}

// screenArea is where the table's screen goes in a w x h window: the left
// part, 16:9, the rest of the width for the seats' boxes.
func screenArea(w, h int) board.Rect {
	fw, fh := float32(w), float32(h)
	sw := fw * 0.69
	sh := min(fh-fh*0.16, sw*9/16)
	return board.Rect{X: 0, Y: 0, W: sw, H: sh}
}

// sideArea is the column of the seats' boxes.
func sideArea(w, h int) board.Rect {
	a := screenArea(w, h)
	return board.Rect{X: a.W + 6, Y: 4, W: float32(w) - a.W - 10, H: float32(h) - 8}
}

// newUI makes the window's contents; the window must be open. edges are
// the seats' edges of the table's screen.
func newUI(w *world, cat *msg.Catalog, lang msg.Lang, edges []display.Edge, width, height int, delay time.Duration) (*ui, error) {
	u := &ui{w: w, cat: cat, lang: lang, selected: make([][]engine.CardID, w.seats), lastWait: -1}
	u.delay = delay
	scr, err := newScreen(cat, lang, screenArea(width, height), edges)
	if err != nil {
		return nil, err
	}
	u.screen = scr
	u.resize(width, height)
	return u, nil
}

// simRunes are the signs beyond ASCII the simulator writes itself, outside
// any message or city name: the separator of its seat titles, the dash
// between two cities, the arrow of its event log.
const simRunes = "·–→"

func (u *ui) resize(w, h int) {
	u.width, u.height = w, h
	u.screen.Resize(screenArea(w, h))
	size := max(11, int(float32(h)/60))
	if float32(size) != u.size {
		u.unloadFonts()
		u.size = float32(size)
		// The simulator's words come from the catalogue and name cities:
		// its fonts carry the letters the table's do, and the signs it
		// writes itself.
		letters, _ := display.Letters(u.cat) // the maps are checked by the screen already made
		letters = append(letters, simRunes)
		u.text = display.LoadFont(display.Sans, size, letters...)
		u.small = display.LoadFont(display.Sans, size*9/10, letters...)
		u.bold = display.LoadFont(display.Bold, size, letters...)
	}
}

func (u *ui) unloadFonts() {
	if u.size != 0 {
		u.text.Unload()
		u.small.Unload()
		u.bold.Unload()
	}
}

func (u *ui) unload() {
	u.unloadFonts()
	u.screen.Unload()
}

func (u *ui) words(key string, args map[string]any) string {
	return u.cat.Text(u.lang, input.Text{Key: key, Args: args})
}

func (u *ui) say(now time.Time, key string, args map[string]any) {
	u.status, u.statusAt = u.words(key, args), now
}

// handled is called after every event the user made.
func (u *ui) handled() {
	if u.onHandled != nil {
		u.onHandled()
	}
}

// step runs the firmware's digital play (the bots' seats, the cards and
// tickets off the virtual deck), one step every delay, and follows the
// seat the table waits for. Without a delay it takes steps for up to
// stepBudget of the pass, stopping where the table changes mode (a
// frame shows each: the set-up, the game, its end): drawing every step
// of a game played as fast as it goes showed nothing a person could
// follow, and drew a frame of the whole screen for each.
func (u *ui) step(now time.Time) {
	until := time.Now().Add(stepBudget)
	for mode := u.w.tb().Mode(); u.err == nil && !now.Before(u.nextStep); {
		n, err := u.w.playDigital(now)
		if err != nil {
			u.err = err
		}
		if n == 0 {
			break
		}
		u.nextStep = now.Add(u.delay) // with a delay, the loop ends here
		u.handled()
		if u.w.tb().Mode() != mode || time.Now().After(until) {
			break
		}
	}
	u.follow()
}

// stepBudget is how long a pass of the window's loop plays without a
// delay: half a pass, the other half left for the input and the frame.
const stepBudget = passEvery / 2

// follow moves the focus to the seat the table waits for, when a person
// sits there, and forgets picked cards that left the hand.
func (u *ui) follow() {
	if ws := u.w.waitingSeat(); ws != u.lastWait {
		u.lastWait = ws
		if ws >= 0 && !u.w.isBot(ws) {
			u.focus = ws
		}
	}
	for i := range u.selected {
		hand := u.w.hand(hal.Seat(i))
		u.selected[i] = slices.DeleteFunc(u.selected[i], func(c engine.CardID) bool { return !slices.Contains(hand, c) })
	}
}

// Actions of the simulator, shared by keys and the side panel's buttons.

// scanTop turns over the top card (or ticket) of the virtual deck at
// seat's reader: at the seat the table waits for, the card the firmware's
// dealer deals (the draw a person starts, or the outcome the table waits
// for); elsewhere the top of the simulator's piles, which the table
// refuses with its reason.
func (u *ui) scanTop(seat hal.Seat, ticket bool, now time.Time) {
	if s := u.w.game(); s != nil && u.w.waitingSeat() == seat {
		var act engine.Action
		switch need := s.Waiting().Need; {
		case s.IsChance():
			act = u.w.digital.Outcome(u.w.app)
		case ticket && need == engine.NeedTurn:
			act = engine.NewDrawTickets()
		case !ticket && (need == engine.NeedTurn || need == engine.NeedSecondCard):
			act = engine.NewDrawBlind()
		}
		if act.Kind != 0 {
			if err := u.w.play(act, now); err == nil {
				u.handled()
				return
			}
		}
	}
	tag, ok := u.w.topTag(ticket)
	if !ok {
		u.say(now, "sim.pile_empty", nil)
		return
	}
	u.w.scan(seat, u.w.uid(tag))
	u.handled()
}

func (u *ui) scanSelected(seat hal.Seat, now time.Time) {
	sel := u.selected[seat]
	if len(sel) == 0 {
		u.say(now, "sim.select_first", nil)
		return
	}
	u.selected[seat] = nil
	for _, c := range sel {
		u.w.scan(seat, u.w.uid(input.CardTag(c)))
	}
	u.handled()
}

func (u *ui) scanTicket(seat hal.Seat, t engine.TicketID) {
	u.w.scan(seat, u.w.uid(input.TicketTag(u.w.m.ID, t)))
	u.handled()
}

func (u *ui) press(seat hal.Seat, b hal.Button) {
	u.w.press(seat, b)
	u.handled()
}

func (u *ui) toggleBot(seat hal.Seat) {
	u.w.setBot(seat, !u.w.isBot(seat))
	u.err = nil
}

func (u *ui) toggleCard(seat hal.Seat, c engine.CardID) {
	if i := slices.Index(u.selected[seat], c); i >= 0 {
		u.selected[seat] = slices.Delete(u.selected[seat], i, i+1)
		return
	}
	u.selected[seat] = append(u.selected[seat], c)
}

// input reads the mouse and the keyboard.
func (u *ui) input(now time.Time) {
	if rl.IsMouseButtonPressed(rl.MouseButtonLeft) {
		p := rl.GetMousePosition()
		// The innermost target wins: a box is registered before the cards
		// and buttons drawn in it.
		clicked := false
		got := "none"
		for _, b := range slices.Backward(u.buttons) {
			if rl.CheckCollisionPointRec(p, b.r) {
				got = fmt.Sprintf("%s %s %d", b.kind, b.id, b.seat)
				b.do()
				clicked = true
				break
			}
		}
		a := screenArea(u.width, u.height)
		if !clicked && a.Contains(board.Vec{X: p.X, Y: p.Y}) {
			t := u.screen.HitTest(p.X, p.Y, now)
			if kind, ok := targetKinds[t.Kind]; ok {
				id := t.ID
				if id == "" {
					id = "-"
				}
				got = fmt.Sprintf("%s %s %d", kind, id, t.Seat)
				if t.Kind == hal.MarketSlot {
					got = fmt.Sprintf("%s %d %d", kind, t.Index, t.Seat)
				}
			}
			if t.Kind != hal.Nothing {
				u.w.touch(t)
				u.handled()
			}
		}
		if u.onPress != nil {
			u.onPress(fmt.Sprintf("%d %d %s", int(p.X), int(p.Y), got))
		}
	}
	for k := rl.KeyOne; k <= rl.KeyFive; k++ {
		if rl.IsKeyPressed(int32(k)) && int(k-rl.KeyOne) < u.w.seats {
			u.focus = hal.Seat(k - rl.KeyOne)
		}
	}
	seat := u.focus
	// F10 held owner.KeyHold opens the owner's menu facing the seat in
	// focus (on the table: two holds of a seat's Confirm and Cancel).
	if rl.IsKeyPressed(rl.KeyF10) {
		u.w.door.KeyDown(now)
	}
	if rl.IsKeyReleased(rl.KeyF10) {
		u.w.door.KeyUp(seat, now, u.w.playing())
	}
	u.w.ownerTick(now)
	switch {
	case rl.IsKeyPressed(rl.KeyF1) || rl.IsKeyPressed(rl.KeyH):
		u.help = !u.help
	case rl.IsKeyPressed(rl.KeyD):
		u.scanTop(seat, false, now)
	case rl.IsKeyPressed(rl.KeyT):
		u.scanTop(seat, true, now)
	case rl.IsKeyPressed(rl.KeyS):
		u.scanSelected(seat, now)
	case rl.IsKeyPressed(rl.KeyEnter) || rl.IsKeyPressed(rl.KeyKpEnter):
		u.press(seat, hal.Confirm)
	case rl.IsKeyPressed(rl.KeyEscape) || rl.IsKeyPressed(rl.KeyBackspace):
		u.press(seat, hal.Cancel)
	case rl.IsKeyPressed(rl.KeyB):
		u.toggleBot(seat)
	case rl.IsKeyPressed(rl.KeyA):
		for i := range u.w.seats {
			u.w.setBot(hal.Seat(i), true)
		}
	}
}

var (
	sideBg   = color.RGBA{34, 40, 44, 255}
	focusBg  = color.RGBA{44, 54, 60, 255}
	btnBg    = color.RGBA{70, 86, 96, 255}
	btnInk   = color.RGBA{245, 245, 240, 255}
	selectBd = color.RGBA{255, 214, 10, 255}
)

// prepare readies the table's screen for the frame about to be drawn at
// now (its still layer); call it before the frame begins.
func (u *ui) prepare(now time.Time) {
	v := u.w.view()
	// The owner's menu's page, as the table's loop hands it (cmd/table's
	// loop.dress).
	u.screen.ShowMenu(menupage.Of(u.w.door.Menu.View(), u.w.door.Menu.Checks()))
	u.screen.Prepare(&v, now)
}

// draw draws one frame of the whole window.
func (u *ui) draw(now time.Time) {
	rl.ClearBackground(color.RGBA{18, 22, 24, 255})
	v := u.w.view()
	if l, err := msg.ParseLang(v.Lang); err == nil {
		u.lang = l // the language chosen on the start screen
	}
	u.screen.Draw(&v, now)
	u.buttons = u.buttons[:0]
	side := sideArea(u.width, u.height)
	n := float32(u.w.seats)
	bh := (side.H - (n-1)*6) / n
	for i := range u.w.seats {
		u.drawSeat(&v, hal.Seat(i), rl.Rectangle{X: side.X, Y: side.Y + float32(i)*(bh+6), Width: side.W, Height: bh}, now)
	}
	u.drawFooter(now)
	if u.help {
		u.drawHelp()
	}
}

// button draws a side-panel button of seat and remembers what it does; id
// names it in the -targets output.
func (u *ui) button(seat hal.Seat, id string, r rl.Rectangle, label string, enabled bool, do func()) {
	bg := btnBg
	if !enabled {
		bg = color.RGBA{52, 60, 66, 255}
	}
	rl.DrawRectangleRounded(r, 0.25, 4, bg)
	size := fitSize(u.small, label, r.Width-6)
	m := u.small.Measure(label, size)
	fg := btnInk
	if !enabled {
		fg = dimInk
	}
	rl.DrawTextEx(u.small.Font, label, rl.Vector2{X: r.X + (r.Width-m.X)/2, Y: r.Y + (r.Height-m.Y)/2}, size, 0, fg)
	if enabled {
		u.buttons = append(u.buttons, uiButton{r: r, do: do, kind: "button", id: id, seat: seat})
	}
}

func (u *ui) drawSeat(v *input.View, seat hal.Seat, r rl.Rectangle, now time.Time) {
	sv := v.Seats[seat]
	bg := sideBg
	if seat == u.focus {
		bg = focusBg
	}
	rl.DrawRectangleRounded(r, 0.04, 4, bg)
	if seat == u.focus {
		rl.DrawRectangleRoundedLinesEx(r, 0.04, 4, 2, selectBd)
	}
	u.buttons = append(u.buttons, uiButton{r: r, do: func() { u.focus = seat }, kind: "box", id: "-", seat: seat})
	x, y := r.X+8, r.Y+6
	swatch := rl.Rectangle{X: x, Y: y + 2, Width: u.size, Height: u.size}
	rl.DrawRectangleRec(swatch, playerRGBA(sv.Color))
	// Outlined in the ink of the box, so that a black seat shows on it.
	rl.DrawRectangleLinesEx(swatch, 1.5, ink)
	who := u.words("sim.seat_title", map[string]any{"Number": int(seat) + 1, "Key": int(seat) + 1})
	if sv.Playing {
		who += " · " + u.cat.Text(u.lang, sv.Name)
	}
	if u.w.isBot(seat) {
		who += " · " + u.words("sim.bot", nil)
	}
	rl.DrawTextEx(u.bold.Font, who, rl.Vector2{X: x + u.size + 6, Y: y}, u.bold.Size, 0, ink)
	if sv.Current {
		wt := u.words("sim.waits_here", nil)
		m := u.small.Measure(wt, u.small.Size)
		rl.DrawTextEx(u.small.Font, wt, rl.Vector2{X: r.X + r.Width - m.X - 8, Y: y}, u.small.Size, 0, keyHot)
	}
	y += u.size * 1.5

	// The reader and the buttons.
	human := !u.w.isBot(seat) && sv.Playing
	bw := (r.Width - 16 - 2*4) / 3
	bhh := u.size * 1.6
	labels := []struct {
		key string
		do  func()
	}{
		{"sim.scan_top", func() { u.scanTop(seat, false, now) }},
		{"sim.scan_ticket", func() { u.scanTop(seat, true, now) }},
		{"sim.scan_selected", func() { u.scanSelected(seat, now) }},
		{"button.confirm", func() { u.press(seat, hal.Confirm) }},
		{"button.cancel", func() { u.press(seat, hal.Cancel) }},
	}
	for i, l := range labels {
		id := l.key[strings.LastIndex(l.key, ".")+1:]
		u.button(seat, id, rl.Rectangle{X: x + float32(i%3)*(bw+4), Y: y + float32(i/3)*(bhh+4), Width: bw, Height: bhh}, u.words(l.key, nil), human || v.Mode == input.ModeStart, l.do)
	}
	botLabel := "sim.bot_on"
	if u.w.isBot(seat) {
		botLabel = "sim.bot_off"
	}
	u.button(seat, "bot", rl.Rectangle{X: x + 2*(bw+4), Y: y + bhh + 4, Width: bw, Height: bhh}, u.words(botLabel, nil), sv.Playing, func() { u.toggleBot(seat) })
	y += 2*bhh + 10

	// The physical hand: cards as small face-up cards, grouped by colour;
	// a click picks a card to scan.
	hand := u.w.hand(seat)
	cw := min(u.size*2.1, (r.Width-16)/20)
	ch := cw * 1.45
	cx := x
	var prev engine.CardColor = 255
	for _, c := range hand {
		if c.Color() != prev && prev != 255 {
			cx += cw * 0.5
		}
		prev = c.Color()
		if cx+cw > r.X+r.Width-8 {
			cx = x
			y += ch + 4
		}
		cr := rl.Rectangle{X: cx, Y: y, Width: cw, Height: ch}
		picked := slices.Contains(u.selected[seat], c)
		if picked {
			cr.Y -= 4
		}
		drawCard(cr, c, u.small)
		if picked {
			rl.DrawRectangleRoundedLinesEx(cr, 0.2, 4, 3, selectBd)
		}
		card := c
		u.buttons = append(u.buttons, uiButton{r: cr, do: func() { u.focus = seat; u.toggleCard(seat, card) }, kind: "card", id: card.String(), seat: seat, picked: picked})
		cx += cw + 2
	}
	if laid := u.w.laid[seat]; len(laid) > 0 {
		cx += cw
		rl.DrawTextEx(u.small.Font, u.words("sim.on_reader", nil), rl.Vector2{X: cx, Y: y}, u.small.Size, 0, dimInk)
		cx += u.small.Measure(u.words("sim.on_reader", nil), u.small.Size).X + 4
		for _, c := range laid {
			drawCard(rl.Rectangle{X: cx, Y: y + 4, Width: cw * 0.8, Height: ch * 0.8}, c, u.small)
			cx += cw*0.8 + 2
		}
	}
	if len(hand) == 0 && sv.Playing {
		rl.DrawTextEx(u.small.Font, u.words("sim.no_cards", nil), rl.Vector2{X: x, Y: y}, u.small.Size, 0, dimInk)
	}
	y += ch + 6

	// The tickets: drawn ones are clickable (scan to give back).
	drawn, kept := u.w.heldTickets(seat)
	tx := x
	line := func(t engine.TicketID, give bool) {
		tk := u.w.m.Tickets[t]
		label := fmt.Sprintf("%s–%s %d", u.w.m.Cities[tk.A].Name, u.w.m.Cities[tk.B].Name, tk.Points)
		size := u.small.Size
		m := u.small.Measure(label, size)
		if tx+m.X+10 > r.X+r.Width-8 {
			tx = x
			y += u.small.Size * 1.5
		}
		if y+u.small.Size > r.Y+r.Height-2 {
			return
		}
		box := rl.Rectangle{X: tx, Y: y, Width: m.X + 8, Height: size * 1.35}
		bgc := color.RGBA{220, 200, 150, 255}
		if tk.Long {
			bgc = color.RGBA{150, 180, 230, 255}
		}
		if give {
			rl.DrawRectangleRounded(box, 0.3, 4, bgc)
			rl.DrawRectangleRoundedLinesEx(box, 0.3, 4, 2, selectBd)
			u.buttons = append(u.buttons, uiButton{r: box, do: func() { u.focus = seat; u.scanTicket(seat, t) }, kind: "ticket", id: u.w.m.Cities[tk.A].ID + "-" + u.w.m.Cities[tk.B].ID, seat: seat})
		} else {
			rl.DrawRectangleRounded(box, 0.3, 4, color.RGBA{bgc.R / 2, bgc.G / 2, bgc.B / 2, 255})
		}
		fg := color.RGBA{20, 20, 20, 255}
		if !give {
			fg = ink
		}
		rl.DrawTextEx(u.small.Font, label, rl.Vector2{X: tx + 4, Y: y + size*0.15}, size, 0, fg)
		tx += box.Width + 4
	}
	if len(drawn) > 0 {
		lbl := u.words("sim.drawn_tickets", nil)
		rl.DrawTextEx(u.small.Font, lbl, rl.Vector2{X: tx, Y: y + u.small.Size*0.15}, u.small.Size, 0, keyHot)
		tx += u.small.Measure(lbl, u.small.Size).X + 6
		for _, t := range drawn {
			line(t, true)
		}
		tx = x
		y += u.small.Size * 1.6
	}
	for _, t := range kept {
		line(t, false)
	}
}

func (u *ui) drawFooter(now time.Time) {
	a := screenArea(u.width, u.height)
	x, y := a.X+10, a.H+8
	s := u.w.game()
	info := u.words("sim.seed", map[string]any{"Seed": fmt.Sprint(u.w.seed)})
	if s != nil {
		info += " · " + u.words("sim.piles", map[string]any{"Deck": len(u.w.deck), "Discards": s.Discards().Len(), "Pile": len(u.w.tickets)})
	}
	rl.DrawTextEx(u.text.Font, info, rl.Vector2{X: x, Y: y}, u.text.Size, 0, dimInk)
	y += u.text.Size * 1.5
	shortcuts := wrap(u.text, u.words("sim.shortcuts", nil), a.W-20)
	msgY := y + float32(len(shortcuts))*u.text.Size*1.25
	if u.err != nil {
		rl.DrawTextEx(u.text.Font, u.err.Error(), rl.Vector2{X: x, Y: msgY}, fitSize(u.text, u.err.Error(), a.W-20), 0, refuseInk)
	} else if u.status != "" && now.Sub(u.statusAt) < noticeFor {
		rl.DrawTextEx(u.text.Font, u.status, rl.Vector2{X: x, Y: msgY}, u.text.Size, 0, newsInk)
	}
	for _, line := range shortcuts {
		rl.DrawTextEx(u.text.Font, line, rl.Vector2{X: x, Y: y}, u.text.Size, 0, ink)
		y += u.text.Size * 1.25
	}
	y += u.text.Size * 1.6
	for i := len(u.w.feed) - 1; i >= 0 && y < float32(u.height)-u.small.Size; i-- {
		line, c := u.feedLine(u.w.feed[i])
		rl.DrawTextEx(u.small.Font, line, rl.Vector2{X: x, Y: y}, fitSize(u.small, line, a.W-20), 0, c)
		y += u.small.Size * 1.3
	}
}

func (u *ui) drawHelp() {
	a := screenArea(u.width, u.height)
	box := rl.Rectangle{X: a.X + a.W*0.1, Y: a.Y + a.H*0.1, Width: a.W * 0.8, Height: a.H * 0.8}
	rl.DrawRectangleRounded(box, 0.03, 4, color.RGBA{16, 20, 22, 240})
	y := box.Y + 14
	for _, key := range []string{"sim.help_title", "sim.help_seats", "sim.help_draw", "sim.help_market", "sim.help_claim", "sim.help_tunnel", "sim.help_tickets", "sim.help_bots", "sim.help_close"} {
		f, c := u.text, ink
		if key == "sim.help_title" {
			f, c = u.bold, keyHot
		}
		for _, line := range wrap(f, u.words(key, nil), box.Width-28) {
			rl.DrawTextEx(f.Font, line, rl.Vector2{X: box.X + 14, Y: y}, f.Size, 0, c)
			y += f.Size * 1.3
		}
		y += f.Size * 0.4
	}
}

// feedLine words one event of the feed and what it did, in the catalogue's
// words and the names of the map the event was played on: the actions it
// applied, or the refusal the seat was shown.
func (u *ui) feedLine(f fed) (string, color.RGBA) {
	m := f.m
	var what string
	switch e := f.ev.(type) {
	case hal.Scan:
		what = u.words("sim.log_scan", map[string]any{"Number": int(e.Seat) + 1, "Card": u.tagWords(m, e.UID)})
	case hal.Press:
		b := input.Text{Key: "button.confirm"}
		if e.Button == hal.Cancel {
			b = input.Text{Key: "button.cancel"}
		}
		what = u.words("sim.log_press", map[string]any{"Number": int(e.Seat) + 1, "Button": b})
	case hal.Touch:
		what = u.words("sim.log_touch", map[string]any{"Target": u.targetWords(m, e)})
	case hal.Status:
		// A device's state is told on its seat's panel, not in the feed.
		return "", dimInk
	default:
		panic(fmt.Sprintf("sim: feedLine: %T is not an event the feed knows", f.ev))
	}
	for _, n := range f.res.Notices {
		if n.Refused {
			return what + " → " + u.cat.Text(u.lang, n.Text), refuseInk
		}
	}
	var acts []string
	for _, a := range f.res.Actions {
		acts = append(acts, u.actionWords(m, a))
	}
	if len(acts) > 0 {
		return what + " → " + strings.Join(acts, "; "), ink
	}
	return what, dimInk
}

// cardText names a train card by its colour, as the catalogue does.
func cardText(c engine.CardID) input.Text {
	return input.Text{Key: "color." + c.Color().String(), Args: map[string]any{"Count": 1}}
}

// tagWords names the card or ticket of a tag: its colour, its two cities.
func (u *ui) tagWords(m *maps.Map, uid hal.UID) any {
	tag, ok := u.w.resolve(uid)
	switch {
	case !ok:
		return string(uid)
	case tag.Kind == input.TagCard:
		return cardText(tag.Card)
	}
	if tm, err := maps.Load(tag.Map); err == nil && int(tag.Ticket) < len(tm.Tickets) {
		t := tm.Tickets[tag.Ticket]
		return tm.Cities[t.A].Name + "–" + tm.Cities[t.B].Name
	}
	return string(uid)
}

// routeName names a route by its two cities.
func routeName(m *maps.Map, r int) string {
	return m.Cities[m.Routes[r].A].Name + " – " + m.Cities[m.Routes[r].B].Name
}

// targetWords names what a touch touched: a route, a city, a slot, a pile,
// or an on-screen key by the words on it.
func (u *ui) targetWords(m *maps.Map, e hal.Touch) any {
	switch e.Kind {
	case hal.RouteArea:
		if r, ok := m.Route(e.ID); ok {
			return routeName(m, r)
		}
	case hal.CityArea:
		if c, ok := m.City(e.ID); ok {
			return m.Cities[c].Name
		}
	case hal.MarketSlot:
		return input.Text{Key: "sim.slot", Args: map[string]any{"Number": e.Index + 1}}
	case hal.DeckArea:
		return input.Text{Key: "term.deck"}
	case hal.TicketDeck:
		return input.Text{Key: "term.destination_ticket"}
	case hal.ScreenKey:
		return u.keyWords(e.ID)
	}
	return e.ID
}

// keyWords are the words on an on-screen key (input.Key*).
func (u *ui) keyWords(id string) any {
	switch {
	case id == input.KeyFirst:
		return input.Text{Key: "start.first_player"}
	case id == input.KeyStart:
		return input.Text{Key: "start.start_game"}
	case id == input.KeyJoin:
		return input.Text{Key: "start.join"}
	case id == input.KeyConfirm:
		return input.Text{Key: "button.confirm"}
	case id == input.KeyCancel:
		return input.Text{Key: "button.cancel"}
	case strings.HasPrefix(id, input.KeyMap):
		return input.Text{Key: "map." + strings.TrimPrefix(id, input.KeyMap)}
	case strings.HasPrefix(id, input.KeyColor):
		return input.Text{Key: "player_color." + strings.TrimPrefix(id, input.KeyColor)}
	case strings.HasPrefix(id, input.KeyLang):
		// A language by its own name, as the start screen shows it.
		if l, err := msg.ParseLang(strings.TrimPrefix(id, input.KeyLang)); err == nil {
			return u.cat.Text(l, input.Text{Key: "lang.name"})
		}
	}
	return id
}

// actionWords says what an engine action did.
func (u *ui) actionWords(m *maps.Map, a engine.Action) string {
	args := map[string]any{}
	switch a.Kind {
	case engine.ClaimRoute:
		if a.Route >= 0 && a.Route < len(m.Routes) {
			args["Route"] = routeName(m, a.Route)
		}
	case engine.BuildStation:
		if a.City >= 0 && a.City < len(m.Cities) {
			args["City"] = m.Cities[a.City].Name
		}
	case engine.RevealCard:
		args["Card"] = cardText(a.Card)
	}
	return u.words("sim.act_"+a.Kind.String(), args)
}
