package registry

import (
	"context"
	"errors"
	"fmt"
	"io"

	"ttr/engine"
	"ttr/hal"
)

// Enrolment says what Enrol does.
type Enrolment struct {
	Store  Store         // the registry; created if missing, resumed if present
	Tasks  []Task        // what to enrol, in order (TrainTasks, TicketTask)
	Reader hal.TagReader // where the cards are scanned
	Out    io.Writer     // prompts and results, for a person at a terminal
	Forget []Card        // cards to enrol again (their stickers were replaced)

	warned *bool // a copy's failure was said
}

// Enrol runs a Session at a terminal: for each task, train cards colour by
// colour in any order ("Scan the 12 red cards of box 1, in any order: 0 of
// 12"), tickets one by one in the map's order (a terminal has no list to
// touch: the ticket named is the one chosen). It saves after every card,
// so that an interrupted enrolment resumes where it stopped, and returns
// the registry once every task is complete, or ctx's or the reader's
// error (the cards enrolled so far are saved). A damaged registry is
// completed from its copies as the table does (Store.Load) and said so.
func Enrol(ctx context.Context, e Enrolment) (*Registry, error) {
	e.warned = new(bool)
	reg, rep := e.Store.Load()
	switch {
	case rep.Err != nil && !rep.Damaged:
		return nil, fmt.Errorf("registry: %s cannot be read (%w); restore a copy, or move it aside to start again", rep.Path, rep.Err)
	case rep.Damaged && rep.Copy != "":
		fmt.Fprintf(e.Out, "The registry was damaged: %d lines could not be read; %d cards kept, completed from %s.\n", rep.Bad, rep.Cards, rep.Copy)
	case rep.Damaged:
		fmt.Fprintf(e.Out, "The registry was damaged: %d lines could not be read; %d cards kept. The lost cards are asked for again.\n", rep.Bad, rep.Cards)
	case rep.Missing && rep.Copy != "":
		fmt.Fprintf(e.Out, "The registry was missing: %d cards restored from %s.\n", rep.Cards, rep.Copy)
	}
	s := NewSession(e.Store, reg)
	for _, c := range e.Forget {
		if err := copyWarning(e, s.Forget(c)); err != nil {
			return nil, err
		}
		fmt.Fprintf(e.Out, "Forgot the tag of %s.\n", c)
	}
	total, done := 0, 0
	for _, t := range e.Tasks {
		if err := s.Begin(t); err != nil {
			return nil, err
		}
		n, of := s.Progress()
		total, done = total+of, done+n
	}
	if done > 0 && done < total {
		fmt.Fprintf(e.Out, "Resuming: %d of %d cards are enrolled already.\n", done, total)
	}
	for _, t := range e.Tasks {
		_ = s.Begin(t) // validated above
		var err error
		if t.Kind == Ticket {
			err = enrolTickets(ctx, s, e)
		} else {
			err = enrolColor(ctx, s, e)
		}
		if err != nil {
			return reg, err
		}
	}
	fmt.Fprintf(e.Out, "All %d cards are enrolled in %s.\n", total, e.Store.Path)
	return reg, nil
}

// enrolColor asks for the cards of the session's colour, in any order.
func enrolColor(ctx context.Context, s *Session, e Enrolment) error {
	t := s.Task()
	n, of := s.Progress()
	if n == of {
		return nil
	}
	col := t.Color.String()
	if t.Color == engine.Locomotive {
		col = Locomotive
	}
	fmt.Fprintf(e.Out, "Scan the %d %s cards of box %d, in any order: %d of %d\n", of, col, t.Box, n, of)
	for n < of {
		res, err := scan(ctx, s, e)
		if err != nil {
			return err
		}
		if res.Outcome == Enrolled {
			fmt.Fprintf(e.Out, "  %d of %d: %s = %s\n", res.Count, res.Of, res.Card, res.UID)
		} else {
			say(e.Out, res, t.String())
		}
		n = res.Count
	}
	return nil
}

// enrolTickets asks for the session's tickets one by one.
func enrolTickets(ctx context.Context, s *Session, e Enrolment) error {
	for {
		offer := s.Offer()
		if len(offer) == 0 {
			return nil
		}
		c := offer[0]
		n, of := s.Progress()
		fmt.Fprintf(e.Out, "Ticket %d of %d: scan %s\n", n+1, of, c)
		for {
			res, err := scan(ctx, s, e)
			if err != nil {
				return err
			}
			if res.Outcome == ChooseTicket {
				if res, err = s.Choose(c); copyWarning(e, err) != nil {
					return err
				}
				fmt.Fprintf(e.Out, "  %s = %s\n", res.Card, res.UID)
				break
			}
			say(e.Out, res, c.String())
		}
	}
}

// scan reads one tag and gives it to the session; a copy that could not be
// saved is said once, and the enrolment goes on.
func scan(ctx context.Context, s *Session, e Enrolment) (Result, error) {
	sc, err := e.Reader.ReadTag(ctx)
	if err != nil {
		return Result{}, err
	}
	res, err := s.Scan(sc.UID)
	return res, copyWarning(e, err)
}

// copyWarning says the first error wrapping ErrCopy (a backup not
// written: the registry itself is saved) and returns nil for it; it
// returns any other error.
func copyWarning(e Enrolment, err error) error {
	if !errors.Is(err, ErrCopy) {
		return err
	}
	if !*e.warned {
		*e.warned = true
		fmt.Fprintf(e.Out, "  Warning: %v. The registry itself is saved; enrolment goes on.\n", err)
	}
	return nil
}

// say tells a person at a terminal why a tag was not enrolled, and what
// to scan instead (want).
func say(w io.Writer, res Result, want string) {
	switch res.Outcome {
	case Known:
		fmt.Fprintf(w, "  Tag %s is already %s: put that card aside and scan %s\n", res.UID, res.Card, want)
	case OtherBox:
		fmt.Fprintf(w, "  Tag %s is %s, of the other box: put it back in its box and scan %s\n", res.UID, res.Card, want)
	case Random:
		fmt.Fprintf(w, "  Tag %s has a random UID: it gives another one each time it is scanned, so the table could never recognise it. Stick a tag with a fixed UID (NTAG213, MIFARE Classic) on the card and scan it\n", res.UID)
	case Full:
		fmt.Fprintf(w, "  All %d cards are enrolled already: tag %s is another card\n", res.Of, res.UID)
	default:
		fmt.Fprintf(w, "  Tag %s: %s\n", res.UID, res.Outcome)
	}
}
