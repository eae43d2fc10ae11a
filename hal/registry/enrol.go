package registry

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"ttr/hal"
	"ttr/hal/storage"
)

// Enrolment says what Enrol does.
type Enrolment struct {
	Path   string        // the registry file; created if missing, resumed if present
	Deck   []Card        // the cards to enrol, in the order they are asked for
	Reader hal.TagReader // where the cards are scanned
	Out    io.Writer     // prompts and results, for a person at a terminal
	Forget []Card        // cards to enrol again (their stickers were replaced)
	FS     storage.FS    // where Path is; nil means storage.OS
}

// Enrol asks for each card of e.Deck not enrolled yet, records the UID of
// the tag scanned for it and saves the registry after every card. A tag
// enrolled already is refused, and the same card is asked for again. It
// returns the registry once the deck is complete, or ctx's error (the cards
// enrolled so far are saved). A damaged registry file is not touched.
func Enrol(ctx context.Context, e Enrolment) (*Registry, error) {
	if e.FS == nil {
		e.FS = storage.OS
	}
	reg, err := LoadFS(e.FS, e.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		reg = New()
	case err != nil:
		return nil, fmt.Errorf("%w (move the file aside to start again, or restore a copy)", err)
	}
	for _, c := range e.Forget {
		if !reg.Remove(c) {
			return nil, fmt.Errorf("registry: %s is not enrolled, so there is nothing to forget", c)
		}
		fmt.Fprintf(e.Out, "Forgot the tag of %s.\n", c)
	}
	if len(e.Forget) > 0 {
		if err := reg.SaveFS(e.FS, e.Path); err != nil {
			return nil, err
		}
	}
	var todo []Card
	for _, c := range e.Deck {
		if err := c.Validate(); err != nil {
			return nil, err
		}
		if _, ok := reg.UID(c); !ok {
			todo = append(todo, c)
		}
	}
	done := len(e.Deck) - len(todo)
	if done > 0 && len(todo) > 0 {
		fmt.Fprintf(e.Out, "Resuming: %d of %d cards are enrolled already.\n", done, len(e.Deck))
	}
	for _, c := range todo {
		done++
		fmt.Fprintf(e.Out, "Card %d of %d: scan %s\n", done, len(e.Deck), c)
		for {
			s, err := e.Reader.ReadTag(ctx)
			if err != nil {
				return reg, err
			}
			if s.UID.Random() {
				fmt.Fprintf(e.Out, "  Tag %s has a random UID: it gives another one each time it is scanned, so the table could never recognise it. Stick a tag with a fixed UID (NTAG213, MIFARE Classic) on %s and scan it\n", s.UID, c)
				continue
			}
			err = reg.Add(s.UID, c)
			var dup *DuplicateError
			if errors.As(err, &dup) {
				fmt.Fprintf(e.Out, "  Tag %s is already %s: put that card aside and scan %s\n", s.UID, dup.Card, c)
				continue
			}
			if err != nil {
				fmt.Fprintf(e.Out, "  Tag %s refused: %v; scan %s again\n", s.UID, err, c)
				continue
			}
			if err := reg.SaveFS(e.FS, e.Path); err != nil {
				return reg, err
			}
			fmt.Fprintf(e.Out, "  %s = %s\n", c, s.UID)
			break
		}
	}
	fmt.Fprintf(e.Out, "All %d cards are enrolled in %s.\n", len(e.Deck), e.Path)
	return reg, nil
}
