package app

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"time"

	"ttr/engine"
	"ttr/engine/bot"
	"ttr/hal"
	"ttr/input"
)

// Purposes mixed into the seeds, so that a bot's decision and the dealer's
// outcome at the same point of a game draw independent numbers.
const (
	purposeGame uint64 = iota + 1
	purposeBot
	purposeDeal
	purposeFirst
)

// mix derives the seed of one decision from a game's seed, the length of
// its history and what the number is for (SplitMix64's finaliser over the
// three), so that a decision depends on nothing but those.
func mix(seed, n, purpose uint64) uint64 {
	z := seed ^ (n+1)*0x9e3779b97f4a7c15 ^ purpose*0xbf58476d1ce4e5b9
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Digital plays the seats given to bots and, with a virtual deck, the chance
// outcomes, through the same events as people: Next returns the touches,
// scans and presses of the next decision or outcome it owns, for the loop to
// pass to App.Handle one by one.
//
// Every choice is a function of the game's seed (App.Seed, kept in its log)
// and the length of its history: a bot decides with bot.NewGreedy seeded
// for that point of the game, the dealer draws with engine.NewDealer seeded
// likewise. A process killed and restarted mid-game, even mid-gesture,
// therefore makes the same choices as one that never stopped.
type Digital struct {
	// Bots are the seats bots play.
	Bots []hal.Seat
	// Deal makes Next supply every chance outcome (a virtual, seeded deck);
	// without it chance comes from scans of real cards.
	Deal bool
	// Start makes Next start a game from the start screen with its current
	// choices, the first player drawn from the seed.
	Start bool
	// UID names the tag of each card and ticket (the virtual deck's
	// registry). Required with Deal or Bots.
	UID func(input.Tag) hal.UID
	// Bot returns the bot for one decision; nil means bot.NewGreedy.
	Bot func(seed uint64) bot.Bot
}

// Next returns the events of the next step Digital owns in a's game: a
// bot's decision, a chance outcome, or the start of a game. It returns no
// events when the table waits for a person, the game is over or the App
// waits on storage.
func (d *Digital) Next(a *App, at time.Time) ([]hal.Event, error) {
	if a.Err() != nil {
		return nil, nil
	}
	t := a.Table()
	switch t.Mode() {
	case input.ModeStart:
		if !d.Start {
			return nil, nil
		}
		return d.start(a, at)
	case input.ModeEnd:
		return nil, nil
	}
	s := t.Game()
	if s == nil || s.IsTerminal() {
		return nil, nil
	}
	if d.UID == nil {
		return nil, errors.New("app: digital play without tag UIDs")
	}
	n := uint64(len(s.History()))
	var act engine.Action
	switch p := s.CurrentPlayer(); {
	case p == engine.Chance:
		if !d.Deal {
			return nil, nil
		}
		act = d.outcome(a.Seed(), s)
	case p >= 0 && slices.Contains(d.Bots, t.SeatOf(p)):
		b := d.Bot
		if b == nil {
			b = func(seed uint64) bot.Bot { return bot.NewGreedy(seed) }
		}
		act = b(mix(a.Seed(), n, purposeBot)).Choose(s)
	default:
		return nil, nil
	}
	seed := a.Seed()
	evs, err := t.Gestures(act, d.UID, func(s *engine.State) engine.Action { return d.outcome(seed, s) }, at)
	if err != nil {
		return nil, fmt.Errorf("app: %s: %w", engine.FormatAction(s.Map(), act), err)
	}
	return evs, nil
}

// outcome is the dealer's chance outcome for s.
func (d *Digital) outcome(seed uint64, s *engine.State) engine.Action {
	return engine.NewDealer(mix(seed, uint64(len(s.History())), purposeDeal)).Outcome(s)
}

// start chooses the first player among the seats that play and starts.
func (d *Digital) start(a *App, at time.Time) ([]hal.Event, error) {
	v := a.Table().View()
	var playing []hal.Seat
	for _, sv := range v.Seats {
		if sv.Playing {
			playing = append(playing, sv.Seat)
		}
	}
	if len(playing) == 0 {
		return nil, errors.New("app: digital start: no seat plays")
	}
	first := playing[mix(a.Seed(), 0, purposeFirst)%uint64(len(playing))]
	return []hal.Event{
		hal.Touch{Kind: hal.ScreenKey, ID: input.KeyFirst, Seat: first, At: at},
		hal.Touch{Kind: hal.ScreenKey, ID: input.KeyStart, Seat: first, At: at},
	}, nil
}

// Play returns the events of act, a decision or a chance outcome at the seat
// the table waits for in a's game, with the dealer's outcomes for the cards
// and tickets its draws turn over: how a person plays with the virtual deck
// (the simulator's keys draw through it), so that a person's draws and the
// bots' come off the same seeded deck.
func (d *Digital) Play(a *App, act engine.Action, at time.Time) ([]hal.Event, error) {
	if d.UID == nil {
		return nil, errors.New("app: digital play without tag UIDs")
	}
	s := a.Table().Game()
	if s == nil {
		return nil, errors.New("app: digital play: no game in progress")
	}
	seed := a.Seed()
	evs, err := a.Table().Gestures(act, d.UID, func(s *engine.State) engine.Action { return d.outcome(seed, s) }, at)
	if err != nil {
		return nil, fmt.Errorf("app: %s: %w", engine.FormatAction(s.Map(), act), err)
	}
	return evs, nil
}

// Outcome returns the dealer's chance outcome for a's game, the one Next
// would supply, or the zero Action when the game waits for no chance
// outcome.
func (d *Digital) Outcome(a *App) engine.Action {
	s := a.Table().Game()
	if s == nil || !s.IsChance() {
		return engine.Action{}
	}
	return d.outcome(a.Seed(), s)
}

// PlayGames plays n whole games of bots into the game logs folder dir, one
// after another, each ending as a family's would: the names' seats, the
// maps Europe and North America in turn, game g seeded g+1, the moves a
// second apart from now (each game's clock goes on from the last's). The
// owner's history and records, and their tests, read such a folder.
func PlayGames(dir string, n int, names []string, now time.Time) error {
	reg := VirtualRegistry()
	for g := range n {
		a, err := Open(Opts{Dir: dir, Seed: uint64(g + 1), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Now:   func() time.Time { return now },
			Table: input.Opts{Seats: len(names), Map: []string{"europe", "usa"}[g%2], Lang: "en", Names: names, Resolve: Resolver(reg)}})
		if err != nil {
			return err
		}
		var bots []hal.Seat
		for s := range names {
			bots = append(bots, hal.Seat(s))
		}
		d := Digital{Bots: bots, Deal: true, Start: true, UID: UIDs(reg)}
		for steps := 0; a.Ended() == 0; steps++ {
			now = now.Add(time.Second)
			evs, err := d.Next(a, now)
			if err == nil && (steps > 20000 || len(evs) == 0) {
				err = errors.New("no move")
			}
			if err != nil {
				a.Close()
				return fmt.Errorf("app: game %d after %d steps: %w", g+1, steps, err)
			}
			for _, ev := range evs {
				if _, err := a.Handle(ev); err != nil {
					a.Close()
					return fmt.Errorf("app: game %d: %w", g+1, err)
				}
			}
		}
		a.Close()
	}
	return nil
}
