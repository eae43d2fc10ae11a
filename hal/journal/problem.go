package journal

import (
	"fmt"
	"log/slog"
)

// ProblemKind says what Open found wrong with a game file.
type ProblemKind uint8

// The problems Open reports.
const (
	// TornTail: the file ended inside its last record (a crash during
	// Append). The complete records were kept and the rest dropped.
	TornTail ProblemKind = iota + 1
	// MovedAside: the file could not be read and was renamed to
	// NAME.corrupt-TIMESTAMP. The screen should say a game log was damaged.
	MovedAside
	// Salvaged: the file was damaged after its header: its checked records
	// up to the damage were copied to a new game file (NewFile), the one to
	// resume, and the damaged file renamed to NAME.corrupt-TIMESTAMP. The
	// screen should say how many actions were kept.
	Salvaged
	// SetAside: the caller set the game aside (SetAside) as NAME.aside-
	// TIMESTAMP, keeping Kept records in NewFile when there is one.
	SetAside
	// HistoryAside: a file in history/ larger than any game, or whose size
	// could not be read, was renamed NAME.corrupt-TIMESTAMP there, unread
	// and kept; it is not counted when the history is pruned. File and
	// MovedTo are then paths relative to the journal directory.
	HistoryAside
)

// String returns the kind's name as it appears in logs.
func (k ProblemKind) String() string {
	switch k {
	case TornTail:
		return "torn-tail"
	case MovedAside:
		return "moved-aside"
	case Salvaged:
		return "salvaged"
	case SetAside:
		return "set-aside"
	case HistoryAside:
		return "history-aside"
	}
	return fmt.Sprintf("ProblemKind(%d)", uint8(k))
}

// A Problem is something Open found wrong and repaired or set aside. None of
// them stops the table: the caller logs each one and, for MovedAside, tells
// the players.
type Problem struct {
	Kind    ProblemKind
	File    string // the game file's name in the journal directory
	MovedTo string // MovedAside, Salvaged, SetAside: the file's new name in the same directory
	NewFile string // Salvaged, SetAside: the new game file holding the records kept
	Kept    int    // TornTail: complete records kept, the header included; Salvaged, SetAside: action records kept
	Dropped int64  // TornTail: bytes dropped from the end of the file
	Err     error  // MovedAside, Salvaged, SetAside: why
}

// String describes the problem for an engineer.
func (p Problem) String() string {
	switch p.Kind {
	case TornTail:
		return fmt.Sprintf("journal: %s: dropped a torn last record (%d bytes), kept %d records", p.File, p.Dropped, p.Kept)
	case MovedAside, HistoryAside:
		return fmt.Sprintf("journal: %s: unreadable, moved aside to %s: %v", p.File, p.MovedTo, p.Err)
	case Salvaged:
		return fmt.Sprintf("journal: %s: damaged, %d actions before the damage kept in %s, the file kept as %s: %v", p.File, p.Kept, p.NewFile, p.MovedTo, p.Err)
	case SetAside:
		return fmt.Sprintf("journal: %s: set aside as %s (%d actions kept in %q): %v", p.File, p.MovedTo, p.Kept, p.NewFile, p.Err)
	}
	return fmt.Sprintf("journal: %s: %v", p.File, p.Kind)
}

// LogValue implements slog.LogValuer, so that slog.Warn("...", "problem", p)
// logs the problem's fields as a group journald keeps.
func (p Problem) LogValue() slog.Value {
	attrs := []slog.Attr{slog.String("kind", p.Kind.String()), slog.String("file", p.File)}
	switch p.Kind {
	case TornTail:
		attrs = append(attrs, slog.Int("kept", p.Kept), slog.Int64("dropped_bytes", p.Dropped))
	case MovedAside, Salvaged, SetAside, HistoryAside:
		attrs = append(attrs, slog.String("moved_to", p.MovedTo))
		if p.NewFile != "" {
			attrs = append(attrs, slog.String("new_file", p.NewFile), slog.Int("kept", p.Kept))
		}
		if p.Err != nil {
			attrs = append(attrs, slog.String("err", p.Err.Error()))
		}
	}
	return slog.GroupValue(attrs...)
}
