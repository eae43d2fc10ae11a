// Package journal keeps the table's game logs on disk so that no game is lost
// to a power cut, a crash or a restart by the watchdog.
//
// A game is a header record followed by one record per action; the engine
// writes both as text, and journal stores them as opaque bytes: it knows
// nothing of the game. [Game.Append] returns only once the record is on the
// storage device (fsync), so the table shows an action's result only after
// it has become durable. At start, [Open] finds the unfinished game and
// [Journal.Current] hands back its records for the caller to replay.
//
// # Boundary
//
// journal imports only the standard library and hal/storage
// (docs/imports.txt). It reads and writes through [Opts].FS, a storage.FS: the
// operating system's on a table, a storagetest.Disk in the tests, which
// cuts the power (dropping what was not synced) and fails any write or
// fsync. Time comes from [Opts].Now, which names files; nothing else reads
// the clock.
// The directory belongs to one process at a time: [Open] takes an advisory
// lock (flock) on dir/lock, so the package builds on Unix systems only.
//
// # Directory
//
//	dir/lock                                  the flock(2) of the owning process
//	dir/NNNNNN-YYYYMMDDTHHMMSSZ.game          the unfinished game (at most one)
//	dir/NNNNNN-….game.tmp                     a game being created (removed at Open)
//	dir/NNNNNN-….game.corrupt-YYYYMMDDTHHMMSSZ a file that could not be read
//	dir/NNNNNN-….game.aside-YYYYMMDDTHHMMSSZ   a game set aside by the caller
//	dir/space.probe                           Repair's write test (removed)
//	dir/history/NNNNNN-….game                 finished games
//
// NNNNNN is a sequence number, one more than the highest found in the
// directory, so names never repeat even when the clock is wrong (a Pi 4 has
// no real-time clock and starts from the last time it saved until the
// network sets it; a Pi 5 has one, but runs without a battery unless one is
// fitted). The timestamp in the name is for people only.
//
// A new game file is written in full (magic and header record) under a .tmp
// name, synced, then linked to its final name and the directory synced: a
// .game file always has its header. [Game.Finish] appends a finish record,
// syncs, links the file into history/, syncs history/, removes the old name
// and syncs dir. A crash between those steps leaves a finished game in dir,
// which the next Open moves on. Nothing is ever renamed over an existing
// name: moves link to the new name and fail if it exists.
//
// # Recovery
//
// Only the last record can be incomplete after a crash, since each Append
// is one write followed by fsync. [Open] therefore classifies a file as:
//
//   - intact: every frame is complete and its checksums match;
//   - torn tail: the file ends inside its last frame, or its last frame
//     fails a checksum and no checked frame follows it, whatever fills the
//     rest (zeros, 0xFF, the stale bytes of a reused block; a frame header
//     cut short or whose first bytes are zero). The complete records are
//     kept, the file is truncated to them and a [TornTail] [Problem] is
//     reported, for the caller to log with slog;
//   - damaged after its header: a bad frame followed by a checked one (a
//     flipped byte, a zeroed block in the middle), a record order this
//     package never writes. The checked records before the damage are
//     copied to a new game file, the game Open resumes, and the damaged
//     file is renamed to NAME.corrupt-TIMESTAMP: a [Salvaged] [Problem]
//     says how many records were kept, for the screen to say so;
//   - larger than [MaxGameBytes]: only its first MaxGameBytes are read
//     (a 1 GB file costs no more memory than a 16 MiB one); an unfinished
//     game's checked records in them are salvaged as above, and the whole
//     file kept as NAME.corrupt-TIMESTAMP;
//   - unreadable: bad magic, no complete header, a read error, a game file
//     name whose number is out of range. The file is renamed to
//     NAME.corrupt-TIMESTAMP and a [MovedAside] [Problem] is reported so
//     the screen can say so.
//
// A file or folder the table may not write (EACCES, EPERM) is none of
// these: Open returns the error, and the file stays as it is.
//
// Set-aside files (.corrupt-, .aside-) are never overwritten, never pruned
// and never deleted: they appear only after a storage fault or when the
// caller sets a game aside ([Journal.SetAside]: a game its config no longer
// fits, replaced on purpose by a new one; or records the caller cannot
// replay), each is at most one game's size, and someone should look at
// them.
//
// Start refuses a second unfinished game, so only files copied in by hand,
// or a crash while a game was salvaged or set aside, can leave several:
// Open resumes the one with the highest number and sets the others aside.
//
// # Write and fsync failures
//
// A write or fsync error in Append is sticky: the game accepts no more
// records. After a failed fsync the file's tail is unknown: Linux marks the
// pages it could not write clean, so reads return data the disk never got,
// and a later fsync succeeds without it. [Journal.Repair] therefore never
// reads the tail back: it truncates the file to the frames known durable,
// writes the last of them again and syncs, syncs both folders, completes a
// Finish whose move to the history failed ([ErrNotMoved]), and writes and
// syncs a 64 KiB probe file (a full card fails there). Only when all of
// that succeeded does the game accept records again.
//
// Finished games in history/ are pruned oldest first (by sequence number)
// once there are more than [Opts].MaxHistoryGames of them (500 by
// default), each removal logged with slog ([Opts].Logger). The bound is a
// count, never bytes, so that no game is removed because another file is
// large: a file in history/ larger than MaxGameBytes, or whose size cannot
// be read, is first renamed NAME.corrupt-TIMESTAMP there, unread, logged
// and reported as a [HistoryAside] [Problem]; it is not counted. The
// unfinished game and set-aside files are never pruned. [EachHistory]
// reads the history one game at a time, newest first.
//
// # Durability, tested
//
// Every operation that returns success has synced all it changed: data,
// new names, renames, removals (durability_test.go checks that nothing on
// the simulated disk is unsynced after each, and cuts the power at every
// operation of a scenario and at random ones; removing any one fsync of
// this package, of a file or of a folder, fails those tests).
//
// # File format
//
// A file is the 8-byte magic "ttrlog1\n" followed by frames. All integers
// are little-endian; CRC-32C is the Castagnoli CRC (hash/crc32.Castagnoli).
//
//	offset  size  field
//	0       4     n, payload length in bytes (at most MaxRecord)
//	4       1     kind: 'H' header, 'R' record, 'F' finish (summary)
//	5       4     CRC-32C of bytes [0, 5): length and kind
//	9       n     payload
//	9+n     4     CRC-32C of bytes [0, 9+n): the whole frame before it
//
// The first frame is the header ('H'); then any number of records ('R');
// then, in a finished game, one finish frame ('F') holding the summary, and
// nothing after it. The header checksum makes the length trustworthy before
// it is used, so a damaged length is seen as corruption rather than as a
// short file. An all-zero frame header never checks (CRC-32C of five zero
// bytes is not zero), so zero-filled space is never read as a record.
//
// Any prefix of a valid file decodes, with [Decode], to a prefix of its
// records: a cut inside the magic or a frame is a torn tail, never an error.
//
// # Performance
//
// Append is one write and one fsync. BenchmarkAppend (go test -run '^$'
// -bench Append ./hal/journal/) measured 0.08 to 0.34 ms per record on the
// development VM (ext4 on virtio disk); on a Pi's SD card expect a few
// milliseconds, still well under a frame's budget for one action.
package journal
