package hal

import "errors"

// ErrCollision says that several tags answered a reader at once: two cards
// laid together. A reader reports it as a Status of its seat, still Online,
// with Err ErrCollision, once each time cards lie together; the table asks
// the player for one card at a time.
var ErrCollision = errors.New("hal: several tags on the reader at once")

// Random says whether u is a random UID (ISO/IEC 14443-3, 6.5.4: a 4-byte
// UID whose first byte is 0x08), which a tag draws anew each time it is
// powered: such a tag cannot be recognised from one scan to the next.
func (u UID) Random() bool {
	return len(u) == 8 && u[:2] == "08"
}
