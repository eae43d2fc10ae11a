// Package config reads the table's hardware configuration: the screen, the
// language, the seats with their readers and buttons, where the card
// registry and the game logs are kept, and how loud the sounds are.
//
// # Format
//
// The file is JSON, read with the standard library: the firmware adds no
// dependency for it, the board data in maps is JSON too, and a hand-edited
// file is checked strictly. The parser keeps every key in order, so a
// misspelt (unknown) or repeated key is an error rather than silently
// ignored, and every problem is reported with its line and the path of the
// field, not only the first one. docs/table.example.json is a complete
// example for a 4-seat table:
//
//	{
//	  "screen":   {"width": 1920, "height": 1080, "rotation": 0},
//	  "language": "es",
//	  "registry": "/var/lib/ttr/cards.txt",
//	  "logs":     "/var/lib/ttr/games",
//	  "seats": [
//	    {"edge": "bottom", "color": "red",
//	     "reader":  {"spi_bus": 0, "chip_select": 0, "reset_pin": 25, "irq_pin": 24},
//	     "buttons": [{"pin": 5, "meaning": "confirm"}, {"pin": 6, "meaning": "cancel"}]},
//	    ...
//	  ],
//	  "sound": {"volume": 80, "mute": false}
//	}
//
// # Fields
//
//   - screen.width, screen.height: the panel's size in pixels (1-16384).
//   - screen.rotation: 0, 90, 180 or 270 degrees; optional, 0 by default.
//     How far the table turns its picture clockwise on the glass, for a
//     panel mounted turned: 180 for one mounted upside down, 90 or 270 for
//     a quarter turn (the picture is then screen.height by screen.width).
//     The picture and the touches turn together: each touch, in the panel's
//     own coordinates, is turned back before it is resolved, and the seats'
//     edges are the picture's as the players see it. A touch panel whose
//     driver already turns its coordinates (the display overlay's
//     touchscreen-inverted-x/-y or touchscreen-swapped-x-y) would have its
//     touches turned twice: leave those unset.
//   - screen.width_mm, screen.height_mm: optional, the picture's size on the
//     glass in whole millimetres (20-5000), along width and height as the
//     panel is mounted (before rotation): both or neither. The table sizes
//     city names, owner marks and touch targets in millimetres from them
//     (see display/board's Physical). Without them the table reads the
//     panel's own size (its EDID, through DRM on the Pi), and without that
//     assumes a 21.5" panel of the configured pixels, and says so in its
//     log. Give them when the panel reports no size or a wrong one (many
//     HDMI adapters report none, some 160 x 90 for any panel); a wrong one
//     is ignored and said, and the panel's own size used.
//   - language: the table's default language, "es", "ro" or "en".
//   - map: optional, the start screen's map, "europe" or "usa" (without
//     it, the -map flag's); written back when a game starts.
//   - registry: the card registry file (see hal/registry); a relative path
//     is relative to the config file's folder.
//   - logs: the folder game logs are written to; relative as registry.
//   - seats: 2 to 5 seats, in order around the table: seats[0] is the one
//     the screen, the flags and the logs call Seat 1, seats[1] Seat 2, and
//     so on.
//   - seats[i].edge: the screen edge the seat faces: "bottom", "top",
//     "left" or "right".
//   - seats[i].color: the seat's default train colour: "red", "blue",
//     "green", "yellow" or "black", each at most once.
//   - seats[i].name: the name of the player who usually sits there;
//     optional (without it the table calls the player by their colour),
//     and changed on the start screen with the panel's name keyboard. At
//     most 12 letters: A-Z, the accented letters of Spanish and Romanian
//     (á é í ó ú ü ñ ă â î ș ț), spaces, - and '; each name at most once.
//   - seats[i].reader: the seat's MFRC522: spi_bus (0-6) and chip_select
//     (0-2; 2 on SPI1 only) name /dev/spidevB.C; reset_pin and irq_pin are BCM GPIO numbers
//     (0-27). Readers may share one reset line (a reset then resets them
//     all, and the others' polls wait while the reset reader starts: see
//     hal/pi's doc); every other pin is used once.
//   - seats[i].buttons: the seat's push buttons, each a GPIO pin (0-27,
//     wired to ground) and its meaning, "confirm" or "cancel"; both are
//     required, each once.
//   - sound: optional. sound.volume is the loudness of the table's sounds
//     from 0 (silent) to 100, 80 when not given; sound.mute, true or false
//     (false when not given), silences the table without changing the
//     volume. A table without an audio device plays no sound and says so
//     once in its log.
//   - spi_buses: optional, a list of {"bus": N, "clock_khz": K}, each bus
//     at most once: the SPI clock of bus N (100-10000 kHz). A bus not
//     listed runs at 1000 kHz (DefaultSPIClockKHz), which a metre or two of
//     ribbon cable to a seat carries cleanly; 10 MHz needs wires of about
//     20 cm. A slower clock costs scan time: reading a new card takes
//     14.9 ms at 1 MHz against 9.5 ms at 10 MHz, and a card waits from
//     being laid to its scan 39.3 ms on average, 67.9 ms at worst at 1 MHz
//     (35.0 and 62.0 ms at 10 MHz), measured on hal/pi's emulator (see
//     hal/pi's doc).
//
// A pin may not be one of the SPI buses' own pins (SPI0: GPIO 7-11, SPI1:
// GPIO 16-21, and so on) when a reader uses that bus.
//
// # Mistakes
//
// Load and Parse refuse a file with any mistake (an *Error listing each
// Problem): the tools (table probe, enrol, wiring) use them. The table
// itself uses Read, which never refuses: the owner has no terminal, so a
// mistake must open the screen, not leave it dark. Read keeps what is
// valid and says what it did (ignored a field, used the example's value,
// ran a seat without its hardware: Result.Unwired), and runs Default (the
// example config) when nothing of the file can be used. Every Problem
// carries a message key (KeyPrefix, the catalogue's config_problem table)
// and arguments, so that the start screen words it in the table's
// language; What and Fix are the same in English for the log.
//
// # Writing settings back
//
// Save writes the owner's Settings (language, map, sound, each seat's
// colour and name) into the file, changing only those values and keeping
// every other byte: the file is one the owner edits by hand. It writes
// atomically and durably (WriteFile: a temporary file, fsync, rename,
// fsync of the folder), keeping the previous file as table.json.bak, so a
// power cut leaves the old file or the new one; a file with mistakes is
// never written (ErrNotSaved).
//
// # Boundary
//
// config imports only hal, hal/storage (the file system Save writes
// through, simulated by storagetest in its tests) and the standard
// library.
package config
