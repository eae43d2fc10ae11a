package storagetest

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// ErrPowerCut is the error of every operation from a power cut on (CutAt).
var ErrPowerCut = errors.New("storagetest: power cut")

// CutAt cuts the power at the n-th operation from now (1 is the next):
// that operation and every one after it fail with ErrPowerCut, as on a
// machine that lost its power; Crash then drops what was never synced.
func (d *Disk) CutAt(n int) {
	at := d.Ops() + n
	d.Fault = func(c Call) error {
		if c.All >= at {
			return ErrPowerCut
		}
		return nil
	}
}

// EveryCut checks a write against a power cut at each of its steps. It
// runs write once on a disk from setUp to count its operations, then, for
// each operation and once after the last, on a fresh disk from setUp: the
// power cut there (CutAt), the write, and the power back (Crash), once
// dropping everything unsynced and once keeping a random part of the last
// unsynced writes (a torn tail). check is then told what happened (as
// words for its messages), the disk as it came back, and what write
// returned. EveryCut returns the count of operations of the whole write;
// an error when the run without a cut failed or returned with changes not
// yet synced.
func EveryCut(setUp func() *Disk, write func(*Disk) error, check func(what string, d *Disk, err error)) (int, error) {
	d := setUp()
	before := d.Ops()
	if err := write(d); err != nil {
		return 0, fmt.Errorf("storagetest: the write without a power cut: %w", err)
	}
	total := d.Ops() - before
	if d.Unsynced() {
		return total, fmt.Errorf("storagetest: the write returned with changes not synced:\n%s", d)
	}
	for k := 1; k <= total+1; k++ {
		for _, torn := range []bool{false, true} {
			d := setUp()
			d.CutAt(k)
			err := write(d)
			d.Fault = nil
			var rng *rand.Rand
			if torn {
				rng = rand.New(rand.NewPCG(uint64(k), 1))
			}
			d.Crash(rng)
			check(fmt.Sprintf("power cut at operation %d of %d (torn %v)", k, total, torn), d, err)
		}
	}
	return total, nil
}
