package main

import (
	"context"
	"errors"
	"strings"

	"ttr/hal"
	"ttr/hal/config"
	"ttr/input"
)

// Message keys of the config's problems on the start screen.
const (
	keyConfigAt     = config.KeyPrefix + "at"      // Line, Field, Problem
	keyConfigAtLine = config.KeyPrefix + "at_line" // Line, Problem
	keyFieldsHint   = config.KeyPrefix + "fields_hint"
)

// configNotes turns what config.Read found into what the start screen
// tells the owner (app.Opts.Notes): each mistake with its line and field,
// what the table did about it, and, when a seat's field is named, how the
// file numbers the seats.
func configNotes(ps []config.Problem) []input.Text {
	var notes []input.Text
	seatField := false
	for _, p := range ps {
		t := input.Text{Key: p.Key, Args: p.Args}
		switch {
		case p.Line > 0 && p.Path != "":
			t = input.Text{Key: keyConfigAt, Args: map[string]any{"Line": p.Line, "Field": p.Path, "Problem": t}}
		case p.Line > 0:
			t = input.Text{Key: keyConfigAtLine, Args: map[string]any{"Line": p.Line, "Problem": t}}
		}
		seatField = seatField || strings.HasPrefix(p.Path, "seats[")
		notes = append(notes, t)
	}
	if seatField {
		notes = append(notes, input.Text{Key: keyFieldsHint})
	}
	return notes
}

// errUnwired is why a seat's reader and buttons are not opened.
var errUnwired = errors.New("not opened: the seat's wiring in the config is wrong (the start screen says where)")

// seatMap renumbers the events of devices opened from a config of fewer
// seats (the wired ones) to the table's seat numbers.
type seatMap struct {
	seat hal.Seat
	tags interface {
		hal.TagReader
		hal.StatusReader
	}
	buttons hal.ButtonReader
}

// ReadTag implements hal.TagReader.
func (m seatMap) ReadTag(ctx context.Context) (hal.Scan, error) {
	s, err := m.tags.ReadTag(ctx)
	s.Seat = m.seat
	return s, err
}

// ReadStatus implements hal.StatusReader.
func (m seatMap) ReadStatus(ctx context.Context) (hal.Status, error) {
	s, err := m.tags.ReadStatus(ctx)
	s.Seat = m.seat
	return s, err
}

// ReadPress implements hal.ButtonReader.
func (m seatMap) ReadPress(ctx context.Context) (hal.Press, error) {
	p, err := m.buttons.ReadPress(ctx)
	p.Seat = m.seat
	return p, err
}

var (
	_ hal.TagReader    = seatMap{}
	_ hal.StatusReader = seatMap{}
	_ hal.ButtonReader = seatMap{}
)
