package mfrc522emu

// crcA computes the ISO/IEC 14443-A CRC (CRC_A, polynomial x^16+x^12+x^5+1,
// LSB first) of data starting from preset.
func crcA(preset uint16, data []byte) uint16 {
	crc := preset
	for _, b := range data {
		b ^= byte(crc)
		b ^= b << 4
		crc = crc>>8 ^ uint16(b)<<8 ^ uint16(b)<<3 ^ uint16(b)>>4
	}
	return crc
}

// withCRC appends data's CRC_A, low byte first, as a tag sends it.
func withCRC(data ...byte) []byte {
	c := crcA(0x6363, data)
	return append(data, byte(c), byte(c>>8))
}

// bcc is the block check character of an anticollision answer.
func bcc(b []byte) byte {
	var x byte
	for _, v := range b {
		x ^= v
	}
	return x
}
