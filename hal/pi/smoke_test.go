//go:build pismoke

package pi

// The on-device smoke test: haltest's conformance checks on the real
// readers and buttons of a wired table. A person follows the prompts.
//
//	TTR_PI_SMOKE=/etc/ttr-table/table.json go test -tags pismoke -run Smoke -v -timeout 30m ./hal/pi

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"ttr/hal"
	"ttr/hal/config"
	"ttr/hal/haltest"
)

// person is a harness that asks a person to act and gives them time.
type person struct {
	seat int
	give time.Duration
}

func (p person) say(format string, a ...any) {
	fmt.Fprintf(os.Stderr, ">>> seat %d: "+format+"\n", append([]any{p.seat}, a...)...)
}

func (p person) pause(d time.Duration) { <-time.After(d) }

func (p person) Place(i int) (hal.UID, error) {
	p.say("place card %c on the reader and keep it there", 'A'+i)
	return "", nil
}

func (p person) Lift() error {
	p.say("lift the card off the reader")
	p.pause(p.give)
	return nil
}

func (p person) Settle() error {
	p.pause(time.Second)
	return nil
}

func (p person) Press(b hal.Button, long bool) error {
	if long {
		p.say("press %s and hold it for two seconds", b)
	} else {
		p.say("press %s briefly", b)
	}
	return nil
}

func TestSmoke(t *testing.T) {
	path := os.Getenv("TTR_PI_SMOKE")
	if path == "" {
		t.Fatal("set TTR_PI_SMOKE to the table's config file")
	}
	cfg, err := config.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	h, err := PeriphHost(nil)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := Open(cfg, h, hal.SystemClock{}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- tbl.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	for i, s := range tbl.Seats {
		st, err := s.Reader.ReadStatus(ctx)
		if err != nil || st.State != hal.Online {
			t.Errorf("seat %d reader: got %+v, %v, want online", i, st, err)
			continue
		}
		h := person{seat: i, give: 3 * time.Second}
		if err := haltest.TestTagReader(haltest.TagCheck{Reader: s.Reader, Seat: hal.Seat(i), Harness: h, Wait: 15 * time.Second}); err != nil {
			t.Errorf("seat %d reader: %v", i, err)
		}
		if err := haltest.TestButtonReader(haltest.ButtonCheck{Buttons: s.Buttons, Seat: hal.Seat(i), Harness: h, Test: []hal.Button{hal.Confirm, hal.Cancel}, Wait: 15 * time.Second}); err != nil {
			t.Errorf("seat %d buttons: %v", i, err)
		}
	}
	if err := haltest.TestClock(hal.SystemClock{}, nil); err != nil {
		t.Error(err)
	}
}
