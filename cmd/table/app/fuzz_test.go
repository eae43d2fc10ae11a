package app_test

import (
	"bytes"
	"io"
	"log/slog"
	"testing"
	"time"

	"ttr/cmd/table/app"
	"ttr/hal"
	"ttr/hal/journal"
	"ttr/hal/storage/storagetest"
	"ttr/input"
)

// FuzzResume writes an unfinished game with any header record and any
// action records into a journal, as a crash, a power cut, an old version or
// a damaged card could leave it, and opens the App on it. Open must
// succeed: a game it cannot replay is set aside (its valid first part
// resumed), a game the table's config does not fit waits, neither is a
// reason to stop the table. A resumed game must satisfy the engine's invariants, take events,
// and resume identically when the App is opened again.
// testdata/fuzz/FuzzResume: real games cut anywhere, and headers that
// disagree with their log (map, players, colours, first seat, version).
func FuzzResume(f *testing.F) {
	f.Add([]byte(`{"table":1,"log":"ttr v1 usa players=2","lang":"en","map":"usa","seats":[{"playing":true,"color":"red"},{"playing":true,"color":"blue"}],"first":0,"seed":1}`),
		[]byte("first 0\ncard red1\n"))
	reg := app.VirtualRegistry()
	at := time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, header, records []byte) {
		// A simulated disk: no fsync reaches a real device, so that the
		// fuzzer runs thousands of inputs a second, not a few.
		const dir = "/games"
		d := storagetest.New()
		j, err := journal.Open(dir, journal.Opts{FS: d})
		if err != nil {
			t.Fatal(err)
		}
		g, err := j.Start(header)
		if err != nil {
			j.Close()
			return // a header the journal itself refuses never reaches the App
		}
		// One record per line; a last newline ends the last line.
		var lines [][]byte
		if records = bytes.TrimSuffix(records, []byte("\n")); len(records) > 0 {
			lines = bytes.Split(records, []byte("\n"))
		}
		for i, rec := range lines {
			if i >= 300 {
				break
			}
			if g.Append(rec) != nil {
				break
			}
		}
		if err := j.Close(); err != nil {
			t.Fatal(err)
		}
		opts := app.Opts{
			Dir:     dir,
			Journal: journal.Opts{FS: d},
			Table:   input.Opts{Seats: 5, Map: "europe", Lang: "en", Resolve: app.Resolver(reg)},
			Seed:    1,
			Logger:  slog.New(slog.NewTextHandler(io.Discard, nil)),
			Now:     func() time.Time { return at },
		}
		a, err := app.Open(opts)
		if err != nil || a.Err() != nil {
			t.Fatalf("Open: %v, Err %v", err, a.Err())
		}
		mode := a.Table().Mode()
		var state []byte
		if s := a.Table().Game(); s != nil && mode != input.ModeStart {
			if err := s.CheckInvariants(); err != nil {
				t.Fatalf("resumed game: %v", err)
			}
			if state, err = s.MarshalText(); err != nil {
				t.Fatal(err)
			}
		}
		_ = a.View()
		for _, ev := range []hal.Event{
			hal.Touch{Kind: hal.Nothing, Seat: -1, At: at},
			hal.Press{Seat: 0, Button: hal.Cancel, At: at},
		} {
			if _, err := a.Handle(ev); err != nil {
				t.Fatalf("Handle(%+v) after Open: %v", ev, err)
			}
		}
		if err := a.Close(); err != nil {
			t.Fatal(err)
		}
		// Opened again, the table is where it was.
		b, err := app.Open(opts)
		if err != nil {
			t.Fatalf("Open again: %v", err)
		}
		defer b.Close()
		// A game whose end Open found was finished there and moved to the
		// history: the table opened again starts anew.
		want := mode
		if mode == input.ModeEnd {
			want = input.ModeStart
		}
		if got := b.Table().Mode(); got != want {
			t.Fatalf("opened again in mode %s, want %s (first opened in %s)", got, want, mode)
		}
		if state != nil && mode != input.ModeEnd {
			again, err := b.Table().Game().MarshalText()
			if err != nil || !bytes.Equal(again, state) {
				t.Fatalf("opened again in a different state (%v)", err)
			}
		}
	})
}
