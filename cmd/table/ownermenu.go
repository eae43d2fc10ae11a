package main

import (
	"log/slog"
	"slices"
	"time"

	"ttr/cmd/table/menupage"
	"ttr/cmd/table/owner"
	"ttr/display"
	"ttr/hal"
	"ttr/hal/config"
	"ttr/hal/registry"
	"ttr/hal/storage"
	"ttr/input"
)

// ownerScreen is a screen that draws the owner's menu: the loop hands it
// the menu's page (menupage.Of; nil while the menu is closed) before each
// frame. A screen that does not draw it (none: headless) has the menu's
// line in the banner (loop.dress).
type ownerScreen interface {
	ShowMenu(p *display.Menu)
}

// ownerDoor returns the owner's menu of the table read as cr with o: the
// enrolment adds to the registry the App's resolver reads (o.registry)
// and saves it in the table's registry store; the hardware check runs on
// cr's seats and screen; the settings are written into the config when it
// reads without problems (keep is then set); the history is o.state's.
// The virtual table of -fake has no registry file: its enrolment entry
// says the registry cannot be written.
func ownerDoor(o runOpts, cr config.Result, keep *keeper, log *slog.Logger) *owner.Door {
	mo := owner.MenuOpts{Config: cr.Config, FS: storage.OS, Logs: o.state}
	reg := o.registry
	if reg != nil {
		mo.Card = func(uid hal.UID) string {
			if c, ok := reg.Lookup(uid); ok {
				return c.String()
			}
			return "unknown tag"
		}
	}
	if !o.fake && reg != nil {
		mo.Session = registry.NewSession(registryStore(cr.Config.Registry, o.config), reg)
	}
	if keep != nil {
		mo.ConfigPath = keep.path
	}
	log.Debug("owner's menu", "enrol", mo.Session != nil, "settings", mo.ConfigPath)
	return owner.NewDoor(owner.NewMenu(mo))
}

// menuOpen reports whether the owner's menu is open.
func (l *loop) menuOpen() bool { return l.door != nil && l.door.Menu.IsOpen() }

// takenByOwner hands ev to the owner's menu and reports whether it was
// the menu's: every event while the menu is open, and at the start
// screen the long presses of its gesture; the game never sees them.
func (l *loop) takenByOwner(ev hal.Event) bool {
	if l.door == nil {
		return false
	}
	now := l.frameAt
	if now.IsZero() && l.now != nil {
		now = l.now()
	}
	rp, took := l.door.Take(ev, max(1, l.fingers), now, l.app.Table().Mode() != input.ModeStart)
	l.menuReply(rp)
	return took
}

// menuReply does what the menu asks: a sound, and the settings saved
// noted by the keeper (the file holds them now) and put to work at once.
func (l *loop) menuReply(rp owner.Reply) {
	if rp.Sound != 0 && l.speaker != nil {
		l.speaker.Play(rp.Sound)
	}
	if rp.Saved {
		l.log.Info("settings written to the config by the owner's menu")
		if l.keep != nil {
			l.keep.saved = l.door.Menu.Settings()
		}
		l.applySettings(l.door.Menu.Settings())
	}
}

// dress adds the owner's menu to the frame: its page to a screen that
// draws it, and what the last hold did in the banner (the menu's line
// too, for a screen that does not draw the menu).
func (l *loop) dress(v *input.View, now time.Time) {
	if l.door == nil {
		return
	}
	s, draws := l.scr.(ownerScreen)
	if b := l.door.Banner(now); !b.IsZero() && !(draws && l.menuOpen()) {
		v.Banner = b
	}
	if !draws {
		return
	}
	mv := l.door.Menu.View()
	if end, ok := l.endAgain(mv, v.Lang, len(v.Seats)); ok {
		// One game's end again: its end screen as it was, its tickets
		// face up; Cancel goes back to the history, as on every page.
		*v = end
		v.Banner = mv.Title
		s.ShowMenu(nil)
		return
	}
	s.ShowMenu(menupage.Of(mv, l.door.Menu.Checks()))
}

// endAgain returns the end screen of the game the owner's menu shows
// again (page PageGame), in the table's language lang, for a table of
// seats seats: its final state replayed through a table of its own, so
// that the screen draws it as the end it was, every ticket already
// turned; false when the page shows none, or the game was played at a
// table of more seats (its summary lines are shown then).
func (l *loop) endAgain(mv owner.View, lang string, seats int) (input.View, bool) {
	if !mv.Open || mv.Page != owner.PageGame || mv.Game == nil || len(mv.GameSetup.Seats) > seats {
		l.again, l.againOf = nil, nil
		return input.View{}, false
	}
	if l.againOf != mv.Game {
		l.again, l.againOf = nil, mv.Game
		setup := mv.GameSetup
		setup.Lang = lang
		// A game of fewer seats than the table has now: the others sat
		// out.
		setup.Seats = append(slices.Clone(setup.Seats), make([]input.SeatSetup, seats-len(setup.Seats))...)
		tb, err := input.NewTable(input.Opts{Seats: seats, Map: setup.Map, Lang: lang,
			Resolve: func(hal.UID) (input.Tag, bool) { return input.Tag{}, false }})
		if err == nil {
			// Resumed long ago: no "resumed" notices, and the tickets'
			// reveal long over.
			err = tb.Resume(setup, mv.Game, time.Unix(0, 0))
		}
		if err != nil {
			l.log.Warn("a game's end cannot be shown again: its summary is", "err", err)
			return input.View{}, false
		}
		l.again = tb
	}
	if l.again == nil {
		return input.View{}, false
	}
	v := l.again.View()
	return v, v.Mode == input.ModeEnd
}
