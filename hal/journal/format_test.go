package journal

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"slices"
	"testing"
)

// encode builds a game file: the header, the records and, when finished, the
// finish frame holding summary. It also returns each frame's end offset.
func encode(header []byte, records [][]byte, finished bool, summary []byte) ([]byte, []int) {
	data := appendFrame([]byte(magic), kindHeader, header)
	ends := []int{len(data)}
	for _, r := range records {
		data = appendFrame(data, kindRecord, r)
		ends = append(ends, len(data))
	}
	if finished {
		data = appendFrame(data, kindFinish, summary)
		ends = append(ends, len(data))
	}
	return data, ends
}

func lines(ss ...string) [][]byte {
	out := make([][]byte, len(ss))
	for i, s := range ss {
		out[i] = []byte(s)
	}
	return out
}

func sameRecords(a, b [][]byte) bool {
	return slices.EqualFunc(a, b, bytes.Equal)
}

func TestDecodeRoundTrip(t *testing.T) {
	tests := []struct {
		name     string
		header   string
		records  [][]byte
		finished bool
		summary  string
	}{
		{name: "header only", header: "ttr map=europe seed=1 seats=3"},
		{name: "records", header: "ttr map=usa seed=7 seats=2", records: lines("p0 draw deck", "chance red", "p1 claim r12")},
		{name: "finished", header: "h", records: lines("a", "b"), finished: true, summary: "p1 wins 112"},
		{name: "empty payloads", header: "", records: lines("", "x", ""), finished: true, summary: ""},
		{name: "binary payloads", header: "\x00\xff", records: [][]byte{{0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, bytes.Repeat([]byte{0xa5}, 300)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data, _ := encode([]byte(tc.header), tc.records, tc.finished, []byte(tc.summary))
			l, err := Decode(data)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if string(l.Header) != tc.header || l.Header == nil {
				t.Errorf("Header = %q, want %q", l.Header, tc.header)
			}
			if !sameRecords(l.Records, tc.records) {
				t.Errorf("Records = %q, want %q", l.Records, tc.records)
			}
			if l.Finished != tc.finished || string(l.Summary) != tc.summary {
				t.Errorf("Finished, Summary = %v, %q, want %v, %q", l.Finished, l.Summary, tc.finished, tc.summary)
			}
			if l.Valid != int64(len(data)) || l.Torn != 0 {
				t.Errorf("Valid, Torn = %d, %d, want %d, 0", l.Valid, l.Torn, len(data))
			}
		})
	}
}

// Every prefix of a file, as a crash can leave it, decodes to the records
// complete in that prefix: never an error, never a partial record.
func TestDecodeEveryPrefix(t *testing.T) {
	records := lines("p0 draw deck", "chance green", "p0 draw market 2", "p1 claim 14 red red red")
	data, ends := encode([]byte("ttr map=europe seed=42 seats=2"), records, true, []byte("p1 wins"))
	for n := 0; n <= len(data); n++ {
		l, err := Decode(data[:n])
		if err != nil {
			t.Fatalf("Decode(first %d bytes): %v", n, err)
		}
		complete := 0 // frames complete in the prefix
		for complete < len(ends) && ends[complete] <= n {
			complete++
		}
		boundary := len(magic)
		if complete > 0 {
			boundary = ends[complete-1]
		}
		if n < len(magic) {
			boundary = 0
		}
		if got, want := l.Header != nil, complete >= 1; got != want {
			t.Errorf("%d bytes: has header = %v, want %v", n, got, want)
		}
		wantRecords := records[:max(0, min(complete-1, len(records)))]
		if !sameRecords(l.Records, wantRecords) {
			t.Errorf("%d bytes: Records = %q, want %q", n, l.Records, wantRecords)
		}
		if got, want := l.Finished, complete == len(ends); got != want {
			t.Errorf("%d bytes: Finished = %v, want %v", n, got, want)
		}
		if l.Valid != int64(boundary) || l.Torn != int64(n-boundary) {
			t.Errorf("%d bytes: Valid, Torn = %d, %d, want %d, %d", n, l.Valid, l.Torn, boundary, n-boundary)
		}
	}
}

// A single flipped bit is never read as a record: CRC-32C detects every
// single-bit error. In any frame but the last it makes the file corrupt; in
// the last one it may pass for a torn tail, which drops that record.
func TestDecodeBitFlips(t *testing.T) {
	records := lines("p0 draw deck", "chance blue", "p0 claim 3 blue blue")
	data, ends := encode([]byte("ttr map=usa seed=3 seats=2"), records, false, nil)
	lastStart := ends[len(ends)-2]
	for i := range data {
		for bit := range 8 {
			flipped := bytes.Clone(data)
			flipped[i] ^= 1 << bit
			l, err := Decode(flipped)
			if i < lastStart {
				var ce *CorruptError
				if !errors.As(err, &ce) {
					t.Fatalf("byte %d bit %d: err = %v, want a *CorruptError", i, bit, err)
				}
				continue
			}
			if err != nil {
				continue
			}
			if l.Torn == 0 || !sameRecords(l.Records, records[:len(records)-1]) {
				t.Fatalf("byte %d bit %d: Records = %q, Torn = %d; want the first %d records and a torn tail",
					i, bit, l.Records, l.Torn, len(records)-1)
			}
		}
	}
}

func TestDecodeZeroTail(t *testing.T) {
	records := lines("a", "b")
	data, ends := encode([]byte("h"), records, false, nil)
	tests := []struct {
		name string
		data []byte
		want [][]byte
	}{
		{"zeros after last frame", append(bytes.Clone(data), make([]byte, 4096)...), records},
		{"last payload zeroed", append(bytes.Clone(data[:ends[1]+frameHeader]), make([]byte, 100)...), records[:1]},
		{"a few zeros", append(bytes.Clone(data), 0, 0, 0), records},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Decode(tc.data)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if !sameRecords(l.Records, tc.want) || l.Torn == 0 || l.Valid+l.Torn != int64(len(tc.data)) {
				t.Errorf("Records, Valid, Torn = %q, %d, %d; want %q and a torn tail", l.Records, l.Valid, l.Torn, tc.want)
			}
		})
	}
}

func TestDecodeCorrupt(t *testing.T) {
	good, ends := encode([]byte("h"), lines("a", "b"), true, []byte("s"))
	frame := func(kind byte, p string) []byte { return appendFrame(nil, kind, []byte(p)) }
	hugeHeader := binary.LittleEndian.AppendUint32(nil, MaxRecord+1)
	hugeHeader = append(hugeHeader, kindRecord)
	hugeHeader = binary.LittleEndian.AppendUint32(hugeHeader, crc32.Checksum(hugeHeader, castagnoli))
	tests := []struct {
		name   string
		data   []byte
		offset int64
	}{
		{"bad magic", []byte("ttrlog2\nrest"), 0},
		{"short bad magic", []byte("tx"), 0},
		{"record before header", append([]byte(magic), frame(kindRecord, "a")...), 8},
		{"second header", append(bytes.Clone(good[:ends[0]]), frame(kindHeader, "h")...), int64(ends[0])},
		{"record after finish", append(bytes.Clone(good), frame(kindRecord, "c")...), int64(len(good))},
		{"unknown kind", append(bytes.Clone(good[:ends[0]]), frame('X', "c")...), int64(ends[0])},
		{"length over MaxRecord", append(bytes.Clone(good[:ends[0]]), hugeHeader...), int64(ends[0])},
		{"garbage before a good frame", append(append(bytes.Clone(good[:ends[1]]), "garbage, not zeros"...), frame(kindRecord, "b")...), int64(ends[1])},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Decode(tc.data)
			var ce *CorruptError
			if !errors.As(err, &ce) {
				t.Fatalf("Decode = %+v, %v; want a *CorruptError", l, err)
			}
			if ce.Offset != tc.offset {
				t.Errorf("Offset = %d, want %d (%v)", ce.Offset, tc.offset, err)
			}
		})
	}
}

// Zero-filled space (blocks allocated but never written) must never decode
// as a frame, which needs the header checksum of zeros to be non-zero.
func TestZeroFrameHeaderNeverChecks(t *testing.T) {
	if got := crc32.Checksum(make([]byte, 5), castagnoli); got == 0 {
		t.Fatalf("CRC-32C of five zero bytes = 0; zero-filled tails would decode as frames")
	}
}
