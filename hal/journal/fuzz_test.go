package journal

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzRead checks that Decode never panics, that what it accepts re-encodes
// to the same bytes, and that every prefix of an accepted file (a crash can
// leave any) decodes to a prefix of its records. Seeds are in
// testdata/fuzz/FuzzRead: intact, torn, zero-filled and corrupt logs.
func FuzzRead(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Decode(data)
		if err != nil {
			var ce *CorruptError
			if !errors.As(err, &ce) || ce.Offset < 0 || ce.Offset > int64(len(data)) {
				t.Fatalf("Decode error %v, want a *CorruptError with an offset in [0, %d]", err, len(data))
			}
			return
		}
		if l.Valid+l.Torn != int64(len(data)) {
			t.Fatalf("Valid %d + Torn %d != %d bytes", l.Valid, l.Torn, len(data))
		}
		if got := reencode(l, len(data)); !bytes.Equal(got, data[:l.Valid]) {
			t.Fatalf("re-encoding the decoded log gives %q, want the valid part %q", got, data[:l.Valid])
		}
		step := max(1, len(data)/512)
		for n := 0; n <= len(data); n += step {
			p, err := Decode(data[:n])
			if err != nil {
				t.Fatalf("prefix of %d bytes: %v; a prefix of an accepted log must decode", n, err)
			}
			if !isPrefix(p, l) {
				t.Fatalf("prefix of %d bytes decodes to %+v, not a prefix of %+v", n, p, l)
			}
		}
	})
}

// reencode writes l back in the file format; size is the decoded input's
// length, which tells whether the magic was complete.
func reencode(l *Log, size int) []byte {
	if size < len(magic) {
		return nil
	}
	out := []byte(magic)
	if l.Header == nil {
		return out
	}
	out = appendFrame(out, kindHeader, l.Header)
	for _, r := range l.Records {
		out = appendFrame(out, kindRecord, r)
	}
	if l.Finished {
		out = appendFrame(out, kindFinish, l.Summary)
	}
	return out
}

func isPrefix(p, l *Log) bool {
	switch {
	case p.Header == nil:
		return len(p.Records) == 0 && !p.Finished
	case !bytes.Equal(p.Header, l.Header), len(p.Records) > len(l.Records):
		return false
	case !sameRecords(p.Records, l.Records[:len(p.Records)]):
		return false
	case p.Finished:
		return l.Finished && len(p.Records) == len(l.Records) && bytes.Equal(p.Summary, l.Summary)
	}
	return p.Valid <= l.Valid
}
