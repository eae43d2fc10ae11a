package journal

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
)

// MaxRecord is the largest payload of one record, header or summary, in
// bytes. A game's records are text lines of a few dozen bytes; the bound
// keeps a damaged file from asking for a huge buffer.
const MaxRecord = 1 << 20

const (
	magic        = "ttrlog1\n"
	frameHeader  = 9 // length (4), kind (1), CRC-32C of both (4)
	frameTrailer = 4 // CRC-32C of the frame before it

	kindHeader = 'H'
	kindRecord = 'R'
	kindFinish = 'F'
)

// castagnoli is read-only after package initialisation.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// appendFrame appends one frame holding payload to dst.
func appendFrame(dst []byte, kind byte, payload []byte) []byte {
	start := len(dst)
	dst = binary.LittleEndian.AppendUint32(dst, uint32(len(payload)))
	dst = append(dst, kind)
	dst = binary.LittleEndian.AppendUint32(dst, crc32.Checksum(dst[start:start+5], castagnoli))
	dst = append(dst, payload...)
	return binary.LittleEndian.AppendUint32(dst, crc32.Checksum(dst[start:], castagnoli))
}

// A Log is the decoded content of one game file.
type Log struct {
	// Header is the game's header record, nil when the data ends before
	// the header record is complete.
	Header []byte
	// Records are the action records, in the order they were appended.
	Records [][]byte
	// Finished is set when the game's finish record was read.
	Finished bool
	// Summary is the payload of the finish record.
	Summary []byte
	// Valid is the number of bytes of complete, checked frames (and the
	// magic): the length the file is truncated to before appending again.
	Valid int64
	// Torn is the number of bytes after Valid dropped as a torn tail.
	Torn int64
}

// A CorruptError says why a file is not a game log, or which part of it
// cannot be read. It is never returned for a file that merely ends early.
type CorruptError struct {
	Offset int64  // the byte offset of the magic or the frame at fault
	Reason string // what is wrong there
}

// Error implements error.
func (e *CorruptError) Error() string {
	return fmt.Sprintf("journal: corrupt game log at byte %d: %s", e.Offset, e.Reason)
}

// Decode reads a game file's contents. A file cut short (anywhere: in the
// magic, a frame header, a payload or a checksum) and a bad last frame are
// torn tails: Decode returns the complete records with Torn set. A bad frame
// is the last one when no checked frame follows it, whatever fills the rest
// (zeros, 0xFF, the stale bytes of a reused block). Anything else that is
// wrong is a *CorruptError, returned with the Log of the checked frames
// before it (Valid is then the offset of the bad frame): the valid prefix
// a damaged game can resume from. The returned slices alias data.
func Decode(data []byte) (*Log, error) {
	l := &Log{}
	if len(data) < len(magic) {
		if string(data) != magic[:len(data)] {
			return nil, &CorruptError{0, "not a game log (bad magic)"}
		}
		l.Torn = int64(len(data))
		return l, nil
	}
	if string(data[:len(magic)]) != magic {
		return nil, &CorruptError{0, "not a game log (bad magic)"}
	}
	off := len(magic)
	for off < len(data) {
		rest := data[off:]
		corrupt := func(reason string) (*Log, error) {
			l.Valid = int64(off)
			return l, &CorruptError{int64(off), reason}
		}
		// bad is a frame that does not check: the last one, torn, unless a
		// checked frame follows.
		bad := func(reason string) (*Log, error) {
			if frameAfter(data, off+1) {
				return corrupt(reason)
			}
			l.Valid, l.Torn = int64(off), int64(len(rest))
			return l, nil
		}
		if len(rest) < frameHeader {
			return bad("")
		}
		n := binary.LittleEndian.Uint32(rest)
		kind := rest[4]
		if crc32.Checksum(rest[:5], castagnoli) != binary.LittleEndian.Uint32(rest[5:]) {
			return bad("frame header checksum mismatch")
		}
		if n > MaxRecord {
			return corrupt(fmt.Sprintf("record of %d bytes exceeds %d", n, MaxRecord))
		}
		body := frameHeader + int(n)
		end := body + frameTrailer
		if end > len(rest) {
			return bad("")
		}
		if crc32.Checksum(rest[:body], castagnoli) != binary.LittleEndian.Uint32(rest[body:]) {
			return bad("record checksum mismatch")
		}
		payload := rest[frameHeader:body:body]
		if err := l.add(kind, payload); err != "" {
			return corrupt(err)
		}
		off += end
	}
	l.Valid = int64(off)
	return l, nil
}

// frameAfter reports whether a complete frame whose checksums match starts
// at or after from in data.
func frameAfter(data []byte, from int) bool {
	for i := from; i+frameHeader+frameTrailer <= len(data); i++ {
		h := data[i:]
		if crc32.Checksum(h[:5], castagnoli) != binary.LittleEndian.Uint32(h[5:]) {
			continue
		}
		n := binary.LittleEndian.Uint32(h)
		if n > MaxRecord || frameHeader+int(n)+frameTrailer > len(h) {
			continue
		}
		body := frameHeader + int(n)
		if crc32.Checksum(h[:body], castagnoli) == binary.LittleEndian.Uint32(h[body:]) {
			return true
		}
	}
	return false
}

// add appends one checked frame to l, or says why it cannot follow the
// frames before it.
func (l *Log) add(kind byte, payload []byte) string {
	switch {
	case l.Finished:
		return fmt.Sprintf("frame of kind %q after the finish record", kind)
	case kind == kindHeader && l.Header != nil:
		return "second header record"
	case kind != kindHeader && l.Header == nil:
		return fmt.Sprintf("frame of kind %q before the header record", kind)
	}
	switch kind {
	case kindHeader:
		l.Header = payload
	case kindRecord:
		l.Records = append(l.Records, payload)
	case kindFinish:
		l.Finished, l.Summary = true, payload
	default:
		return fmt.Sprintf("unknown frame kind %q", kind)
	}
	return ""
}
