// Package registry knows which NFC tag is stuck on which physical card: a
// train card (a colour and its number within that colour, or a locomotive)
// or a destination ticket of a map. An unknown tag is reported as unknown,
// never guessed.
//
// # File
//
// The registry is a text file, one card per line, ending with the SHA-256
// of everything before it:
//
//	ttr-card-registry 1
//	DEADBEEF train red 3
//	045A6B7C8D9E80 train locomotive 14
//	04A1B2C3D4E5F6 ticket usa boston miami
//	sha256 5f0c...
//
// A file that was cut short (no checksum line) or changed (the checksum does
// not match) is refused with ErrCorrupt rather than trusted. SaveFS writes a
// temporary file in the same folder, syncs it, renames it over the old one
// and syncs the folder, so that a power cut leaves either the old registry
// or the new one.
//
// # Enrolling
//
// Enrol walks a deck (TrainDeck, or TicketDeck of a map) and asks for each
// card not enrolled yet to be scanned, saving after every card, so that an
// interrupted enrolment resumes where it stopped. A tag already enrolled is
// refused.
//
// # Boundary
//
// registry imports only hal and the standard library; it has its own card
// type, which input converts to the engine's.
package registry
