// Command sim is the desktop simulator of the table: the same engine, input
// and display code as the firmware, with the hardware replaced by the fakes
// of hal/haltest. It also runs headless, from a script or with bots, and
// scores finished boards (sim score FILE).
//
// It may import anything; it only wires things together.
package main
