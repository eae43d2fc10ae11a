package mfrc522emu

import (
	"fmt"
	"time"
)

// Step names a frame of the ISO/IEC 14443-3 activation a tag answers.
type Step uint8

// The frames a tag answers, in activation order.
const (
	REQA      Step = iota + 1 // request (or wake-up): answered with ATQA
	Anticoll1                 // cascade level 1 anticollision: UID bytes and BCC
	Select1                   // cascade level 1 SELECT: SAK and CRC_A
	Anticoll2                 // cascade level 2 anticollision (7-byte UIDs)
	Select2                   // cascade level 2 SELECT
)

// String returns the frame's name.
func (s Step) String() string {
	switch s {
	case REQA:
		return "REQA"
	case Anticoll1:
		return "anticollision-1"
	case Select1:
		return "select-1"
	case Anticoll2:
		return "anticollision-2"
	case Select2:
		return "select-2"
	}
	return fmt.Sprintf("Step(%d)", uint8(s))
}

// Kind says how a Fault corrupts a tag's answer.
type Kind uint8

// The kinds of corruption.
const (
	Silent    Kind = iota + 1 // the answer is lost: the frame times out
	BadBCC                    // a bit flips: the anticollision BCC no longer matches
	Parity                    // the chip flags a parity error
	Collision                 // the chip flags a bit collision (two tags answering)
	Truncated                 // only the first byte arrives
	OtherUID                  // two bits flip so that the BCC still matches: a wrong UID
	CRC                       // a CRC_A byte flips and the chip flags a CRC error
)

// A Fault corrupts the tag's next answer to Step.
type Fault struct {
	Step Step
	Kind Kind
}

type tagState uint8

const (
	idle tagState = iota
	ready1
	ready2
	active
	halted
)

// tag is an ISO/IEC 14443-A tag in the field.
type tag struct {
	uid    []byte
	state  tagState
	placed time.Time // when it came into the field
}

// cascade1 returns the UID bytes sent at cascade level 1.
func (t *tag) cascade1() []byte {
	if len(t.uid) == 7 {
		return []byte{0x88, t.uid[0], t.uid[1], t.uid[2]}
	}
	return t.uid[:4]
}

// answer returns the tag's answer to frame, whose last byte has lastBits
// valid bits (0 means 8), and the step it answered; nil when it stays
// silent. It moves the tag through the 14443-3 states.
func (t *tag) answer(frame []byte, lastBits int) ([]byte, Step) {
	if len(frame) == 1 && lastBits == 7 {
		switch {
		case frame[0] == 0x26 && t.state == idle, frame[0] == 0x52 && (t.state == idle || t.state == halted):
			t.state = ready1
			if len(t.uid) == 7 {
				return []byte{0x44, 0x00}, REQA // ATQA: double-size UID, as NTAG21x
			}
			return []byte{0x04, 0x00}, REQA // ATQA: single-size UID, as MIFARE Classic
		}
		t.fallBack()
		return nil, 0
	}
	if lastBits != 0 || len(frame) < 2 {
		t.fallBack()
		return nil, 0
	}
	switch {
	case frame[0] == 0x93 && frame[1] == 0x20 && len(frame) == 2 && t.state == ready1:
		c := t.cascade1()
		return append(append([]byte{}, c...), bcc(c)), Anticoll1
	case frame[0] == 0x95 && frame[1] == 0x20 && len(frame) == 2 && t.state == ready2:
		c := t.uid[3:7]
		return append(append([]byte{}, c...), bcc(c)), Anticoll2
	case frame[0] == 0x93 && frame[1] == 0x70 && len(frame) == 9 && t.state == ready1:
		c := t.cascade1()
		if !validCRC(frame) || string(frame[2:6]) != string(c) || frame[6] != bcc(c) {
			t.fallBack()
			return nil, 0
		}
		if len(t.uid) == 7 {
			t.state = ready2
			return withCRC(0x04), Select1 // SAK: UID not complete
		}
		t.state = active
		return withCRC(0x08), Select1 // SAK: MIFARE Classic 1K
	case frame[0] == 0x95 && frame[1] == 0x70 && len(frame) == 9 && t.state == ready2:
		c := t.uid[3:7]
		if !validCRC(frame) || string(frame[2:6]) != string(c) || frame[6] != bcc(c) {
			t.fallBack()
			return nil, 0
		}
		t.state = active
		return withCRC(0x00), Select2 // SAK: NTAG21x, complete
	case frame[0] == 0x50 && frame[1] == 0x00 && len(frame) == 4 && t.state == active && validCRC(frame):
		t.state = halted
		return nil, 0
	}
	t.fallBack()
	return nil, 0
}

// fallBack is what a tag does with a frame it does not expect: back to IDLE,
// or stay HALT (ISO/IEC 14443-3, 6.3).
func (t *tag) fallBack() {
	if t.state != halted {
		t.state = idle
	}
}

func validCRC(frame []byte) bool {
	n := len(frame) - 2
	c := crcA(0x6363, frame[:n])
	return frame[n] == byte(c) && frame[n+1] == byte(c>>8)
}
