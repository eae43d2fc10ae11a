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
// The registers and commands the periph driver and hal/pi use: SoftReset,
// Idle, CalcCRC (CRC_A with the ModeReg preset), Transmit, Transceive with
// StartSend and TxLastBits, the FIFO and its level, ComIrqReg/DivIrqReg
// with Set1/Set2, ComIEnReg with IRqInv driving the IRQ line, ErrorReg
// (CollErr, and CRCErr only with RxModeReg's RxCRCEn set), ControlReg's
// RxLastBits, the antenna switch in TxControlReg, the timer (TModeReg's
// TAuto, TPrescaler, TReload), CommandReg's PowerDown bit (soft power-down
// and the wake-up), and VersionReg (0x92). Tags follow the ISO/IEC 14443-3
// state machine: a tag powers up IDLE once it has had the field for the
// power-up time (SetPowerUp, DefaultPowerUp 3 ms), loses its state when the
// field goes off, answers REQA/WUPA with ATQA, the cascade-level-1 and -2
// anticollision with its UID bytes and BCC, SELECT with SAK and CRC_A, and
// HLTA by halting. Several tags may lie in the field (Add): their answers
// superpose, and differing bits collide.
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
// The chip keeps time with the time package, so in a testing/synctest
// bubble it runs on the bubble's fake time and tests wait for nothing:
//
//   - each SPI transfer takes its bytes' time at the connected clock;
//   - after a hard reset (NRSTPD) or a wake-up from power-down the chip is
//     not ready for the start-up time (SetStartUp, DefaultStartUp 1 ms):
//     CommandReg reads PowerDown set, other registers 0, writes are lost;
//   - a frame reaches the tags once it has been sent at 106 kbit/s (a
//     command started sooner aborts it unheard); an answer comes after the
//     frame delay time and its own time on the air; a frame nobody answers
//     raises TimerIRq when the timer runs out, (2*TPrescaler+1)*(TReload+1)
//     periods of 13.56 MHz after the frame, as section 8.5 says;
//   - a tag answers only once the field has been on, and the tag in it,
//     for its power-up time.
package mfrc522emu
