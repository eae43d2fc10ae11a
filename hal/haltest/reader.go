package haltest

import (
	"context"
	"errors"
	"sync"

	"ttr/hal"
)

// Reader is a virtual NFC reader of one seat. Place puts a tag on it and
// Lift takes it off; like the real reader it reports a tag once per
// placement. SetOffline and SetOnline simulate a reader that stops answering.
type Reader struct {
	seat   hal.Seat
	clock  hal.Clock
	scans  *queue[hal.Scan]
	status *queue[hal.Status]

	mu      sync.Mutex
	on      hal.UID // the tag on the reader, "" when empty
	offline bool
	missed  bool // a tag was placed while offline and not reported yet
}

var (
	_ hal.TagReader    = (*Reader)(nil)
	_ hal.StatusReader = (*Reader)(nil)
)

// ErrOffline is the reason a Reader gives when SetOffline is called with nil.
var ErrOffline = errors.New("haltest: reader offline")

// NewReader returns an empty, online reader for seat whose scans carry
// clock's time.
func NewReader(seat hal.Seat, clock hal.Clock) *Reader {
	return &Reader{seat: seat, clock: clock, scans: newQueue[hal.Scan](), status: newQueue[hal.Status]()}
}

// Seat returns the seat the reader belongs to.
func (r *Reader) Seat() hal.Seat { return r.seat }

// Place puts the tag uid on the reader and reports it. A tag already on the
// reader is lifted first; placing the tag that is already there reports
// nothing, as a card held on a real reader is reported once.
func (r *Reader) Place(uid hal.UID) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.on == uid {
		return
	}
	r.on = uid
	if uid == "" {
		return
	}
	if r.offline {
		r.missed = true
		return
	}
	r.scans.push(hal.Scan{Seat: r.seat, UID: uid, At: r.clock.Now()})
}

// Lift takes the tag off the reader.
func (r *Reader) Lift() { r.Place("") }

// Tap places uid and lifts it again: one scan.
func (r *Reader) Tap(uid hal.UID) {
	r.Place(uid)
	r.Lift()
}

// Tag returns the tag on the reader, or "" when it is empty.
func (r *Reader) Tag() hal.UID {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.on
}

// SetOffline makes the reader stop answering and reports it offline with
// reason err (ErrOffline when nil). Tags placed while offline are reported
// when it comes back, as a re-initialised real reader would.
func (r *Reader) SetOffline(err error) {
	if err == nil {
		err = ErrOffline
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.offline {
		return
	}
	r.offline = true
	r.status.push(hal.Status{Seat: r.seat, Device: hal.DeviceReader, State: hal.Offline, Err: err, At: r.clock.Now()})
}

// SetOnline brings the reader back and reports it online; a tag left on the
// reader is then scanned.
func (r *Reader) SetOnline() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.offline {
		return
	}
	r.offline = false
	now := r.clock.Now()
	r.status.push(hal.Status{Seat: r.seat, Device: hal.DeviceReader, State: hal.Online, At: now})
	if r.on != "" && r.missed {
		r.scans.push(hal.Scan{Seat: r.seat, UID: r.on, At: now})
	}
	r.missed = false
}

// Pending returns how many scans wait to be read.
func (r *Reader) Pending() int { return r.scans.len() }

// Reported returns how many scans and statuses the reader has reported
// since it was made, read or not: a caller that drives the reader and
// counts what it receives knows when it has had everything.
func (r *Reader) Reported() int { return r.scans.reported() + r.status.reported() }

// ReadTag implements hal.TagReader. A scan already waiting is returned even
// when ctx is done.
func (r *Reader) ReadTag(ctx context.Context) (hal.Scan, error) { return r.scans.pop(ctx) }

// ReadStatus implements hal.StatusReader.
func (r *Reader) ReadStatus(ctx context.Context) (hal.Status, error) { return r.status.pop(ctx) }
