// Package mfrc522emu emulates an NXP MFRC522 NFC reader chip at the register
// level, with ISO/IEC 14443-A tags (4-byte and 7-byte UIDs) placed on it, so
// that the real periph.io/x/devices/v3/mfrc522 driver, and hal/pi on top of
// it, can be tested without hardware.
//
// A Chip is a periph spi.Port and spi.Conn: the driver talks to it over the
// MFRC522 SPI protocol (datasheet section 8.1.2), reading and writing the
// registers of section 9. IRQ returns its interrupt line as a gpiotest pin
// and Reset its NRSTPD line.
//
// # What is emulated
//
// The registers and commands the periph driver uses: SoftReset, Idle,
// CalcCRC (CRC_A with the ModeReg preset), Transceive with StartSend and
// TxLastBits, the FIFO and its level, ComIrqReg/DivIrqReg with Set1/Set2,
// ComIEnReg with IRqInv driving the IRQ line, ErrorReg, ControlReg's
// RxLastBits, the antenna switch in TxControlReg, and VersionReg (0x92). A
// tag follows the ISO/IEC 14443-3 state machine: it powers up IDLE when the
// field comes on, answers REQA/WUPA with ATQA, the cascade-level-1 and -2
// anticollision with its UID bytes and BCC, SELECT with SAK and CRC_A, and
// HLTA by halting.
//
// # Faults
//
// Inject corrupts chosen tag answers (a BCC that does not match, a parity,
// CRC or collision error, a truncated frame, a different UID with a valid BCC);
// Hang makes the chip stop answering until it is reset through NRSTPD;
// Unplug makes the bus read 0xFF until Plug; FailTx makes transfers fail.
//
// # Time
//
// The chip has no clock: a frame is answered, or times out, at the moment
// StartSend is written. The IRQ pin compresses idle time accordingly: a wait
// for an edge returns false as soon as the chip has sent a frame that raised
// no interrupt, as a real pin would after its timeout with no tag in the
// field, so that tests never wait for a reader that cannot answer.
package mfrc522emu
