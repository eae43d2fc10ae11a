package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"reflect"
	"testing"

	"ttr/hal"
)

// TestSystemdStatus: the statuses the loop reads become STATUS= lines for
// systemd, one each time the count changes; a collision is no outage.
func TestSystemdStatus(t *testing.T) {
	var sent []string
	notify := func(_ bool, state string) (bool, error) {
		sent = append(sent, state)
		return true, nil
	}
	tl := newTally(4, notify, slog.New(slog.NewTextHandler(io.Discard, nil)))
	feed := &statusFeed{ch: make(chan hal.Status, 16)}
	r := tl.wrap(feed)
	for _, st := range []hal.Status{
		{Seat: 0, Device: hal.DeviceReader, State: hal.Online},
		{Seat: 1, Device: hal.DeviceReader, State: hal.Online},
		{Seat: 2, Device: hal.DeviceReader, State: hal.Offline, Err: fmt.Errorf("pi: no answer")},
		{Seat: 2, Device: hal.DeviceReader, State: hal.Online, Err: hal.ErrCollision},
		{Seat: 3, Device: hal.DeviceButtons, State: hal.Offline},
		{Seat: 2, Device: hal.DeviceReader, State: hal.Online},
		{Seat: 9, Device: hal.DeviceReader, State: hal.Offline},
	} {
		feed.report(st)
		got, err := r.ReadStatus(context.Background())
		if err != nil || got != st {
			t.Fatalf("ReadStatus: got %+v, %v, want %+v passed on", got, err, st)
		}
	}
	want := []string{
		"STATUS=4 of 4 readers online",
		"STATUS=3 of 4 readers online; offline: reader 3",
		"STATUS=3 of 4 readers online; offline: reader 3, buttons 4",
		"STATUS=4 of 4 readers online; offline: buttons 4",
	}
	if !reflect.DeepEqual(sent, want) {
		t.Errorf("sent\n%q\nwant\n%q", sent, want)
	}
}
