// Command table is the firmware of the table: it reads the config, opens the
// readers and buttons, and runs the game loop on the screen.
//
// It may import anything; it only wires things together.
package main
