// Package registry knows which NFC tag is stuck on which physical card: a
// train card of one box (a family with both games owns two boxes of 110)
// or a destination ticket of a map. A Card is the engine's id of the card
// (engine.CardID with its box, or the map and its engine.TicketID), so a
// scan becomes an engine card directly. An unknown tag is reported as
// unknown, never guessed.
//
// # File
//
// The registry is a text file, one card per line, each line ending with
// the CRC-32 of its text, then an end line that counts the cards and the
// saves:
//
//	ttr-card-registry 2
//	DEADBEEF train red 3 *e28cd56c
//	045A6B7C8D9E80 train locomotive 14 *6f4075a9
//	0BADCAFE train red 3 box 2 *0e1554e6
//	04A1B2C3D4E5F6 ticket usa boston miami *e8904187
//	end cards=4 saves=12 *93aa6769
//
// Every line is checked on its own, so a damaged byte costs the card of
// its line and no other (a damaged newline, which runs two lines together,
// costs none: both are found in the joined line); Parse returns what it
// read with a *DamageError that says how much was lost. A CRC-32 finds
// every change of a single byte, so a damaged line is never read as
// another card. Files of version 1 (one SHA-256 for the whole file,
// written before there were two boxes) still load, whole or not at all,
// and are written in version 2 at the next save.
//
// # Copies
//
// A Store keeps the registry file, the file as it was before the last
// save (Path + ".prev") and a backup copy on another partition (the
// table's: beside the config, on the boot partition any computer reads;
// restoring is copying it back). Store.Save writes each with a temporary
// file in the same folder, synced, renamed over the old one, the folder
// synced, so that a power cut leaves every file old or new, never a mix.
// Store.Load never fails: a damaged, missing or unreadable registry is
// completed from the newer intact copy (the end line's save count says
// which), and its Report says what was found, for the start screen.
//
// # Enrolling
//
// A Session enrols cards in any order: it asks for a Task (the twelve
// cards of one colour of a box, the fourteen locomotives, or a map's
// tickets), takes each scan and answers with a typed Result (Enrolled with
// its count, Known as a card, OtherBox, Full, Random...). Train cards of a
// colour are alike, so a new tag becomes the colour's next card; a
// ticket's tag waits for the caller to have it chosen among Offer (a
// touch on a list, or on the map). The registry is saved after every card,
// so a Session can be stopped at any card and a new one resumes. Enrol
// runs a Session at a terminal (table enrol).
//
// # Boundary
//
// registry imports hal, hal/storage, engine (the card and ticket ids) and
// maps (a ticket's line names its cities, which the map turns into its
// id): all inward.
package registry
