package owner

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"ttr/cmd/table/app"
	"ttr/engine"
	"ttr/hal"
	"ttr/hal/config"
	"ttr/hal/registry"
	"ttr/hal/storage"
	"ttr/input"
	"ttr/maps"
)

// Message keys of the menu's pages (the catalogue's owner_pages table).
const keyPages = "owner_pages."

func pt(key string, args ...any) input.Text {
	t := ct("", args...)
	t.Key = keyPages + key
	return t
}

// KeyRefusedPlaying is what the seat that asked for the menu reads while a
// game is in progress: the menu opens from the start screen only, so that
// nothing in it can touch a game.
const KeyRefusedPlaying = keyPages + "refused_playing"

// Page is a page of the owner's menu.
type Page uint8

// The menu's pages.
const (
	PageEntries   Page = iota // the entries
	PageEnrolTask             // enrolment: choose the box and the colour, or the tickets
	PageEnrolling             // enrolment: the session running
	PageCheck                 // the hardware check running
	PageSettings              // the settings
	PageHistory               // the history's games
	PageGame                  // one game's end again
	PageRecords               // the records by player name
)

var pageNames = [...]string{"entries", "enrol_task", "enrolling", "check", "settings", "history", "game", "records"}

// String names the page, as its title's message key does.
func (p Page) String() string {
	if int(p) < len(pageNames) {
		return pageNames[p]
	}
	return fmt.Sprintf("Page(%d)", uint8(p))
}

// KeyKind is what an on-screen key (a button or a list row) of the menu
// does.
type KeyKind uint8

// The menu's kinds of keys; Index says which one of its kind.
const (
	KeyEntry   KeyKind = iota + 1 // an entry of the menu: Index is an EntryID
	KeyTask                       // an enrolment task: Index in EnrolTasks
	KeyTicket                     // a ticket offered: Index in View.Tickets
	KeySetting                    // a setting: Index is a Setting
	KeyGame                       // a game of the history: Index in History.Games
	KeySkip                       // skip the check under way
	KeyHeard                      // the test sound was heard
	KeyBack                       // back one page, as Cancel
)

var keyNames = [...]string{"", "entry", "task", "ticket", "setting", "game", "skip", "heard", "back"}

// KeyPrefix begins the ID of the hal.Touch the screen sends when a key of
// the menu is touched: "owner.ticket" with the row in Index.
const KeyPrefix = "owner."

// Key is an on-screen key of the menu, as the screen sends it back.
type Key struct {
	Kind  KeyKind
	Index int
}

// Touch is the touch the screen sends when k, drawn at seat's panel, is
// touched.
func (k Key) Touch(seat hal.Seat, at time.Time) hal.Touch {
	return hal.Touch{Kind: hal.ScreenKey, ID: KeyPrefix + keyNames[k.Kind], Index: k.Index, Seat: seat, At: at, X: -1, Y: -1}
}

// KeyOf returns the menu's key a touch landed on; false for a touch on
// anything else.
func KeyOf(t hal.Touch) (Key, bool) {
	name, ok := strings.CutPrefix(t.ID, KeyPrefix)
	if t.Kind != hal.ScreenKey || !ok {
		return Key{}, false
	}
	for k, n := range keyNames {
		if n == name && k > 0 {
			return Key{Kind: KeyKind(k), Index: t.Index}, true
		}
	}
	return Key{}, false
}

// Setting is a key of the settings page.
type Setting int

// The settings' keys. A seat's colour and name are SettingColor and
// SettingName plus the seat.
const (
	SettingLanguage Setting = iota
	SettingMap
	SettingMute
	SettingVolumeDown
	SettingVolumeUp
	SettingSave
	SettingColor = 10
	SettingName  = 20
)

// Button is a key of a page as the screen draws it.
type Button struct {
	Key     Key
	Label   input.Text
	State   input.Text // a second line; zero for none
	Enabled bool
}

// TicketChoice is a ticket offered for choosing after its tag was scanned:
// its two cities as printed and its points.
type TicketChoice struct {
	Key    Key
	Card   registry.Card
	A, B   string
	Points int
	Label  input.Text
}

// View is what the screen draws of the menu: everything is data, worded
// by the catalogue in the table's language, drawn facing Seat.
type View struct {
	Open  bool
	Seat  hal.Seat // the seat it faces: the one that opened it
	Page  Page
	Title input.Text
	Lines []input.Text
	// Keys are the page's buttons and list rows; Focus is the one the
	// seat's Confirm chooses (-1 for none; a touch does not move it).
	Keys  []Button
	Focus int
	// Done of Of is the page's progress (cards of the task, checks);
	// Progress says it in words; zero for none.
	Done, Of int
	Progress input.Text
	// Tickets are the tickets offered while a ticket's tag waits to be
	// chosen.
	Tickets []TicketChoice
	// Result is the last input's result in words, and Sound the sound it
	// played.
	Result input.Text
	Sound  hal.Sound
	// Game is the final state of the game whose end is shown again
	// (PageGame), for the end screen, and GameSetup its start screen's
	// choices (seats, colours, names, turn order); nil otherwise.
	Game      *engine.State
	GameSetup input.Setup
}

// Line is the one line that says the most of the page now: the result of
// the last input, else the progress, else the title. A screen that does
// not draw the menu yet shows it in the banner.
func (v View) Line() input.Text {
	switch {
	case !v.Result.IsZero():
		return v.Result
	case !v.Progress.IsZero():
		return v.Progress
	}
	return v.Title
}

// MenuOpts are what the menu works on: the table's own config, registry
// and logs.
type MenuOpts struct {
	// Config is the table's config: the seats and screen of the check.
	Config *config.Config
	// Session enrols into the table's registry, the one its resolver
	// reads, so that a card enrolled is known at once; nil when the
	// registry cannot be written (the entry says so).
	Session *registry.Session
	// FS and ConfigPath are where the settings are written; an empty
	// ConfigPath writes nothing (a config with mistakes, a virtual table).
	FS         storage.FS
	ConfigPath string
	// Logs is the logs folder of the history, on FS.
	Logs string
	// CheckTimeout is how long each check waits; 0 means 30 s.
	CheckTimeout time.Duration
	// Card names the card of a tag in a check's result; nil names none.
	Card func(hal.UID) string
	// Touchless says there is no touch screen (the check says so).
	Touchless bool
}

// Reply is what an input to the menu asks of the loop.
type Reply struct {
	Sound hal.Sound // to play; 0 for none
	// Closed: the menu closed, the start screen is back as it was.
	Closed bool
	// Saved: the settings were written to the config.
	Saved bool
}

// Menu is the owner's menu at work: its pages, what each shows (View), and
// what it does with each event (a tag from any reader, a press of the
// seat's buttons, an on-screen key, a touch, the clock). Cancel, and the
// Back key, go back one page; closing leaves the start screen as it was.
// It is not safe for concurrent use.
type Menu struct {
	opts MenuOpts
	seat hal.Seat
	page Page
	open bool

	focus  int
	result input.Text
	sound  hal.Sound

	checks   *Checks
	settings *SettingsEditor
	history  *History
	histErr  error
	game     *Game
	final    *engine.State
	setup    input.Setup // final's
	finalErr error
}

// NewMenu returns the menu on o, closed.
func NewMenu(o MenuOpts) *Menu {
	if o.CheckTimeout <= 0 {
		o.CheckTimeout = 30 * time.Second
	}
	if o.FS == nil {
		o.FS = storage.OS
	}
	return &Menu{opts: o}
}

// Open opens the menu at its entries, facing seat.
func (m *Menu) Open(seat hal.Seat, now time.Time) {
	*m = Menu{opts: m.opts, seat: seat, open: true, history: m.history}
	m.loadHistory()
}

// IsOpen reports whether the menu is open.
func (m *Menu) IsOpen() bool { return m.open }

// Page returns the page shown.
func (m *Menu) Page() Page { return m.page }

// Checks returns the hardware check under way (or last run), nil before.
func (m *Menu) Checks() *Checks { return m.checks }

// EnrolTasks are the enrolment's tasks, in the order of the task page:
// the colours of box 1, of box 2, then each map's tickets.
func EnrolTasks() []registry.Task {
	ts := append(registry.TrainTasks(1), registry.TrainTasks(2)...)
	return append(ts, registry.TicketTask("europe"), registry.TicketTask("usa"))
}

func (m *Menu) loadHistory() {
	if m.opts.Logs == "" {
		m.history, m.histErr = &History{Empty: pt("no_logs")}, nil
		return
	}
	h, err := m.history.Reload(m.opts.FS, m.opts.Logs)
	if err != nil {
		m.histErr = err
		return
	}
	m.history, m.histErr = h, nil
}

// state is what the entries depend on.
func (m *Menu) state() MenuState {
	s := MenuState{}
	if m.opts.Session != nil {
		s.Enrol = enroller{m.opts.Session}
	}
	if m.history != nil {
		s.Games, s.Records = len(m.history.Games), len(m.history.Records)
	}
	return s
}

// go_ shows page p, its result and focus cleared.
func (m *Menu) show(p Page) {
	m.page, m.result, m.sound, m.focus = p, input.Text{}, 0, 0
}

// back goes back one page; from the entries it closes the menu.
func (m *Menu) back(now time.Time) Reply {
	switch m.page {
	case PageEntries:
		m.open = false
		return Reply{Closed: true}
	case PageEnrolling:
		m.show(PageEnrolTask)
	case PageGame:
		m.show(PageHistory)
	case PageCheck:
		if m.checks != nil {
			m.checks.Stop()
		}
		m.show(PageEntries)
	default:
		m.show(PageEntries)
	}
	return Reply{}
}

// Handle takes a device event while the menu is open: a tag at any
// reader, a press of a seat's buttons, a device's status, or a touch (a
// key of the menu, or a finger for the check; its fingers are unknown:
// see Touch).
func (m *Menu) Handle(ev hal.Event, now time.Time) Reply {
	if !m.open {
		return Reply{}
	}
	switch ev := ev.(type) {
	case hal.Touch:
		return m.Touch(ev, 1, now)
	case hal.Status:
		if m.checks != nil {
			m.checks.Event(ev, now)
		}
	case hal.Scan:
		switch m.page {
		case PageEnrolling:
			return m.scan(ev.UID)
		case PageCheck:
			return m.checkOutcome(m.checks.Event(ev, now))
		}
	case hal.Press:
		return m.press(ev, now)
	}
	return Reply{}
}

// press: on the check page the presses are the buttons' checks (the
// facing seat's Cancel still goes back while no button is checked);
// elsewhere the facing seat's Confirm chooses the focused key and its
// Cancel goes back, and other seats' presses do nothing.
func (m *Menu) press(p hal.Press, now time.Time) Reply {
	if m.page == PageCheck {
		if ch := m.checks.Current(); ch != nil && ch.Kind == CheckButton {
			return m.checkOutcome(m.checks.Event(p, now))
		}
	}
	if p.Seat != m.seat {
		return Reply{}
	}
	if p.Button == hal.Cancel {
		return m.back(now)
	}
	keys := m.keys()
	if f := m.focused(); f >= 0 && f < len(keys) && keys[f].Enabled {
		return m.Key(keys[f].Key, now)
	}
	return Reply{}
}

// focused returns the key the seat's Confirm chooses: the page's first
// key, Save on the settings, I heard it during the sound's check. A touch
// does not move it: Confirm never repeats a touch.
func (m *Menu) focused() int {
	if m.page == PageCheck {
		if ch := m.checks.Current(); ch != nil && ch.Kind == CheckSound {
			return 1
		}
	}
	return m.focus
}

// Touch takes a touch with fingers fingers on the glass (itself
// included): a key of the menu, or on the check page a finger for the
// corners and two-finger checks.
func (m *Menu) Touch(t hal.Touch, fingers int, now time.Time) Reply {
	if !m.open {
		return Reply{}
	}
	if k, ok := KeyOf(t); ok {
		return m.Key(k, now)
	}
	if m.page == PageCheck && t.X >= 0 && t.Y >= 0 {
		return m.checkOutcome(m.checks.Touch(t.X, t.Y, fingers, now))
	}
	return Reply{}
}

// Tick takes the clock: a check whose time is up fails.
func (m *Menu) Tick(now time.Time) Reply {
	if m.open && m.page == PageCheck {
		return m.checkOutcome(m.checks.Expire(now))
	}
	return Reply{}
}

// Key takes a key of the menu, touched or chosen with Confirm. A key the
// page does not show, or shows disabled, does nothing.
func (m *Menu) Key(k Key, now time.Time) Reply {
	if !m.open {
		return Reply{}
	}
	if k.Kind == KeyBack {
		return m.back(now)
	}
	keys := m.keys()
	i := -1
	for j, b := range keys {
		if b.Key == k {
			i = j
		}
	}
	if i < 0 || !keys[i].Enabled {
		return Reply{}
	}
	switch k.Kind {
	case KeyEntry:
		return m.entry(EntryID(k.Index), now)
	case KeyTask:
		t := EnrolTasks()[k.Index]
		if err := m.opts.Session.Begin(t); err != nil {
			return Reply{} // the tasks are valid: a bug
		}
		m.show(PageEnrolling)
	case KeyTicket:
		offer := m.opts.Session.Offer()
		return m.enrolled(m.opts.Session.Choose(offer[k.Index]))
	case KeySetting:
		return m.setting(Setting(k.Index))
	case KeyGame:
		g := m.history.Games[k.Index]
		m.game = &g
		m.final, m.finalErr = m.history.Final(m.opts.FS, m.opts.Logs, g)
		if m.finalErr == nil {
			m.setup, m.finalErr = g.Setup()
		}
		if m.finalErr != nil {
			m.final = nil
		}
		m.show(PageGame)
	case KeySkip:
		return m.checkOutcome(m.checks.Skip(now))
	case KeyHeard:
		return m.checkOutcome(m.checks.Heard(now))
	}
	return Reply{}
}

func (m *Menu) entry(id EntryID, now time.Time) Reply {
	switch id {
	case EntryEnrol:
		m.show(PageEnrolTask)
	case EntryCheck:
		m.checks = NewChecks(m.opts.Config, CheckOpts{Timeout: m.opts.CheckTimeout, Sound: true, Card: m.opts.Card})
		m.checks.Touchless = m.opts.Touchless
		m.checks.Start(now)
		m.show(PageCheck)
	case EntrySettings:
		m.settings = NewSettingsEditor(config.SettingsOf(m.opts.Config))
		m.show(PageSettings)
		m.focus = len(m.keys()) - 2 // Save
	case EntryHistory:
		m.loadHistory()
		m.show(PageHistory)
	case EntryRecords:
		m.loadHistory()
		m.show(PageRecords)
	case EntryClose:
		m.open = false
		return Reply{Closed: true}
	}
	return Reply{}
}

func (m *Menu) setting(s Setting) Reply {
	e := m.settings
	m.result, m.sound = input.Text{}, 0
	switch {
	case s == SettingLanguage:
		e.NextLanguage()
	case s == SettingMap:
		e.NextMap()
	case s == SettingMute:
		e.ToggleMute()
	case s == SettingVolumeDown:
		e.Volume(-1)
	case s == SettingVolumeUp:
		e.Volume(1)
	case s == SettingSave:
		changed := e.Changed()
		m.result = e.Save(m.opts.FS, m.opts.ConfigPath)
		saved := changed && !e.Changed()
		if saved {
			e.Settings.Apply(m.opts.Config)
			m.sound = hal.SoundScan
		} else if changed {
			m.sound = hal.SoundRefused
		}
		return Reply{Sound: m.sound, Saved: saved}
	case s >= SettingName:
		e.ClearName(int(s - SettingName))
	case s >= SettingColor:
		e.NextColor(int(s - SettingColor))
	}
	return Reply{}
}

// scan takes a tag during the enrolment.
func (m *Menu) scan(uid hal.UID) Reply {
	res, err := m.opts.Session.Scan(uid)
	return m.enrolled(res, err)
}

// enrolled words an answer of the session, with its sound: a card
// enrolled clicks, a refusal buzzes, a ticket to choose is silent.
func (m *Menu) enrolled(res registry.Result, err error) Reply {
	m.result = app.EnrolText(m.opts.Session, res, err)
	switch {
	case err != nil && !errors.Is(err, registry.ErrCopy):
		m.sound = hal.SoundRefused
	case res.Outcome == registry.Enrolled:
		m.sound = hal.SoundScan
	case res.Outcome == registry.ChooseTicket:
		m.sound = 0
	default:
		m.sound = hal.SoundRefused
	}
	return Reply{Sound: m.sound}
}

// checkOutcome words an outcome of the checks: a check passed clicks, one
// failed buzzes, and the sound's check plays the test sound as it starts.
func (m *Menu) checkOutcome(o Outcome) Reply {
	switch {
	case o.Ended != nil:
		m.result, m.sound = o.Ended.Saw, 0
		switch o.Ended.Verdict {
		case Passed:
			m.sound = hal.SoundScan
		case Failed:
			m.sound = hal.SoundRefused
		}
		if ch := m.checks.Current(); ch != nil && ch.Kind == CheckSound {
			m.sound = TestSound
		}
	case !o.Hint.IsZero():
		m.result, m.sound = o.Hint, hal.SoundRefused
	default:
		return Reply{}
	}
	return Reply{Sound: m.sound}
}

// TestSound is the sound the hardware check plays for the person to hear.
const TestSound = hal.SoundEnd

// keys returns the page's keys.
func (m *Menu) keys() []Button {
	var ks []Button
	add := func(k Key, label, state input.Text, on bool) {
		ks = append(ks, Button{Key: k, Label: label, State: state, Enabled: on})
	}
	back := func() { add(Key{Kind: KeyBack}, pt("back"), input.Text{}, true) }
	switch m.page {
	case PageEntries:
		for _, e := range Entries(m.state()) {
			on := e.Enabled
			if e.ID == EntrySettings && m.opts.ConfigPath == "" {
				on, e.State = false, pt("settings_unwritable")
			}
			add(Key{KeyEntry, int(e.ID)}, e.Label, e.State, on)
		}
	case PageEnrolTask:
		for i, t := range EnrolTasks() {
			done, of := progress(m.opts.Session.Registry(), t)
			add(Key{KeyTask, i}, taskText(t), pt("progress", "Done", done, "Of", of), true)
		}
		back()
	case PageEnrolling:
		for _, c := range m.tickets() {
			add(c.Key, c.Label, input.Text{}, true)
		}
		back()
	case PageCheck:
		done := m.checks.Done()
		add(Key{Kind: KeySkip}, pt("skip"), input.Text{}, !done)
		ch := m.checks.Current()
		add(Key{Kind: KeyHeard}, pt("heard"), input.Text{}, ch != nil && ch.Kind == CheckSound)
		back()
	case PageSettings:
		for s := SettingLanguage; s <= SettingVolumeUp; s++ {
			add(Key{KeySetting, int(s)}, pt([...]string{"language", "map", "mute", "volume_down", "volume_up"}[s]), input.Text{}, true)
		}
		for i := range m.settings.Settings.Seats {
			add(Key{KeySetting, SettingColor + i}, pt("color", "Number", i+1), input.Text{}, true)
			add(Key{KeySetting, SettingName + i}, pt("clear_name", "Number", i+1), input.Text{}, m.settings.Settings.Seats[i].Name != "")
		}
		add(Key{KeySetting, int(SettingSave)}, pt("save"), input.Text{}, m.settings.Changed())
		back()
	case PageHistory:
		if m.history != nil {
			for i, g := range m.history.Games {
				add(Key{KeyGame, i}, g.Line, g.Time, g.Kept == Finished)
			}
		}
		back()
	default:
		back()
	}
	return ks
}

// tickets returns the tickets offered while a ticket's tag waits to be
// chosen.
func (m *Menu) tickets() []TicketChoice {
	s := m.opts.Session
	if _, ok := s.Pending(); !ok || s.Task().Kind != registry.Ticket {
		return nil
	}
	mp, err := maps.Load(s.Task().Map)
	if err != nil {
		return nil
	}
	var out []TicketChoice
	for i, c := range s.Offer() {
		tk := mp.Tickets[c.Ticket]
		a, b := mp.Cities[tk.A].Name, mp.Cities[tk.B].Name
		out = append(out, TicketChoice{
			Key: Key{KeyTicket, i}, Card: c, A: a, B: b, Points: tk.Points,
			Label: pt("ticket", "A", a, "B", b, "Points", tk.Points),
		})
	}
	return out
}

// progress counts the cards of t enrolled in reg.
func progress(reg *registry.Registry, t registry.Task) (done, of int) {
	cs := t.Cards()
	for _, c := range cs {
		if _, ok := reg.UID(c); ok {
			done++
		}
	}
	return done, len(cs)
}

// taskText names a task: "Box 2: 12 red cards", "Europe: the tickets".
func taskText(t registry.Task) input.Text {
	if t.Kind == registry.Ticket {
		return pt("task_tickets", "Map", input.Text{Key: "map." + t.Map})
	}
	n := len(t.Cards())
	cards := input.Text{Key: "count.colored_cards", Args: map[string]any{"Count": n, "Color": input.CardColorText(t.Color, n)}}
	return pt("task_train", "Box", t.Box, "Cards", cards)
}

// View returns what the screen draws of the menu now.
func (m *Menu) View() View {
	if !m.open {
		return View{Focus: -1}
	}
	v := View{Open: true, Seat: m.seat, Page: m.page, Title: pt("title_" + m.page.String()),
		Keys: m.keys(), Focus: m.focused(), Result: m.result, Sound: m.sound}
	switch m.page {
	case PageEntries:
		if m.histErr != nil {
			v.Lines = append(v.Lines, pt("history_unreadable", "Err", m.histErr.Error()))
		}
	case PageEnrolTask:
		v.Lines = append(v.Lines, pt("choose_task"))
	case PageEnrolling:
		s := m.opts.Session
		v.Title = taskText(s.Task())
		v.Done, v.Of = s.Progress()
		v.Progress = app.EnrolPrompt(s)
		v.Tickets = m.tickets()
		if len(v.Tickets) > 0 && v.Result.Key != "enrol.choose_ticket" {
			// A reminder, unless the last result says it already.
			v.Lines = append(v.Lines, pt("choose_ticket"))
		}
	case PageCheck:
		c := m.checks
		v.Done, v.Of = c.Cur, len(c.List)
		if ch := c.Current(); ch != nil {
			v.Progress = pt("check_progress", "Done", c.Cur+1, "Of", len(c.List))
			v.Lines = append(v.Lines, ch.Prompt)
		} else {
			v.Progress = pt("check_done", "Passed", c.Count(Passed), "Failed", c.Count(Failed), "Skipped", c.Count(Skipped))
			for _, ch := range c.List {
				if ch.Verdict == Failed {
					v.Lines = append(v.Lines, pt("check_failed", "Check", ch.Prompt, "Why", ch.Saw))
				}
			}
		}
	case PageSettings:
		v.Lines = m.settings.Lines()
	case PageHistory:
		switch {
		case m.histErr != nil:
			v.Lines = append(v.Lines, pt("history_unreadable", "Err", m.histErr.Error()))
		case len(m.history.Games) == 0:
			v.Lines = append(v.Lines, m.history.Empty)
		}
	case PageGame:
		v.Title = pt("title_game", "Number", m.game.Number)
		v.Game, v.GameSetup = m.final, m.setup
		v.Lines = append(v.Lines, m.game.Line, m.game.Time)
		for _, p := range m.game.Players {
			v.Lines = append(v.Lines, p.Line)
		}
		if m.finalErr != nil {
			v.Lines = append(v.Lines, pt("game_unreadable", "Err", m.finalErr.Error()))
		}
	case PageRecords:
		switch {
		case m.histErr != nil:
			v.Lines = append(v.Lines, pt("history_unreadable", "Err", m.histErr.Error()))
		case len(m.history.Records) == 0:
			v.Lines = append(v.Lines, pt("no_records"))
		}
		for _, r := range m.history.Records {
			v.Lines = append(v.Lines, r.Line)
		}
	}
	return v
}

// enroller is the table's registry Session as the menu's entries see it.
type enroller struct{ s *registry.Session }

// Decks implements Enroller: box 1, box 2 (once begun), and each map's
// tickets.
func (e enroller) Decks() []DeckProgress {
	reg := e.s.Registry()
	count := func(cs []registry.Card) int {
		n := 0
		for _, c := range cs {
			if _, ok := reg.UID(c); ok {
				n++
			}
		}
		return n
	}
	ds := []DeckProgress{{Deck: "trains", Have: count(registry.TrainDeck(1)), Count: registry.TrainCards}}
	if n := count(registry.TrainDeck(2)); n > 0 {
		ds = append(ds, DeckProgress{Deck: "trains2", Have: n, Count: registry.TrainCards})
	}
	for _, id := range []string{"europe", "usa"} {
		cs := registry.TicketDeck(id)
		ds = append(ds, DeckProgress{Deck: id, Have: count(cs), Count: len(cs)})
	}
	return ds
}

// Handle implements Enroller.
func (e enroller) Handle(ev hal.Event) []input.Text {
	if sc, ok := ev.(hal.Scan); ok {
		res, err := e.s.Scan(sc.UID)
		return []input.Text{app.EnrolText(e.s, res, err)}
	}
	return nil
}

// Prompt implements Enroller.
func (e enroller) Prompt() input.Text { return app.EnrolPrompt(e.s) }

// Settings returns the settings of the table's config, as the menu last
// saved them.
func (m *Menu) Settings() config.Settings { return config.SettingsOf(m.opts.Config) }
