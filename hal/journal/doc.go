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
// journal imports only the standard library (the hal import guard). Time
// comes from [Opts].Now, which names files; nothing else reads the clock.
// The directory belongs to one process at a time: [Open] takes an advisory
// lock (flock) on dir/lock, so the package builds on Unix systems only.
//
// # Directory
//
//	dir/lock                                  the flock(2) of the owning process
//	dir/NNNNNN-YYYYMMDDTHHMMSSZ.game          the unfinished game (at most one)
//	dir/NNNNNN-….game.tmp                     a game being created (removed at Open)
//	dir/NNNNNN-….game.corrupt-YYYYMMDDTHHMMSSZ a file that could not be read
//	dir/history/NNNNNN-….game                 finished games
//
// NNNNNN is a sequence number, one more than the highest found in the
// directory, so names never repeat even when the clock is wrong (a Pi has no
// real-time clock). The timestamp in the name is for people only.
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
//   - torn tail: the file ends inside its last frame, or its last frame is
//     complete but fails its payload checksum, or everything from the first
//     bad frame on is zero bytes (blocks allocated but never written). The
//     complete records are kept, the file is truncated to them and a
//     [TornTail] [Problem] is reported, for the caller to log with slog;
//   - corrupt: anything else (bad magic, a bad frame with data after it, a
//     frame header whose own checksum fails, a record order that this package
//     never writes, a game file without its header record, a file that
//     cannot be read at all). The file is
//     renamed to NAME.corrupt-TIMESTAMP and a [MovedAside] [Problem] is
//     reported so the screen can say so. Corrupt files are never overwritten,
//     never pruned and never deleted: they appear only after a storage fault,
//     each is at most one game's size, and someone should look at them.
//
// Start refuses a second unfinished game, so only files copied in by hand
// can leave several: Open resumes the one with the highest number and sets
// the others aside like corrupt files. A write or fsync error in Append is
// sticky: the game accepts no more records, since its tail on disk is then
// unknown, and the next Open reads what reached the disk.
//
// Finished games in history/ are pruned oldest first (by sequence number)
// once there are more than [Opts].MaxHistoryGames of them or they use more
// than [Opts].MaxHistoryBytes. The unfinished game and corrupt files are never
// pruned.
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
