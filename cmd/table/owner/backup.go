package owner

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"path"
	"strconv"
	"strings"

	"ttr/hal/config"
	"ttr/hal/storage"
)

// The backups on the boot partition (the config's folder), which any
// computer reads. Each file is replaced atomically (config.WriteFile), so
// a power cut leaves the previous backup or the new one.
const (
	// BackupDir is the folder of the backups, beside table.json.
	BackupDir = "ttr-backup"
	// HistoryCSV and HistoryJSON are the history summary: every game,
	// one row per player (CSV, for a spreadsheet) or one object per game
	// with the records (JSON).
	HistoryCSV  = "history.csv"
	HistoryJSON = "history.json"
	// HistoryGames is the folder of copies of the finished games' files:
	// putting them back in the logs' history folder restores the history.
	HistoryGames = "history"
	// RegistryCopy is the copy of the card registry, written by the
	// registry's store after every save (registry.Store.Backup), and read
	// back by itself when the registry is damaged or lost; putting it
	// back as the config's registry restores the enrolled decks.
	RegistryCopy = "cards.txt"
)

// maxBackupFile bounds a file copied to the backups.
const maxBackupFile = 64 << 20

// BackupHistory writes the history summary of h (read from the logs
// folder logs) to BackupDir in dir, and copies there each finished
// game's file not yet copied. A game file the logs no longer hold (pruned
// beyond the history's bounds) is removed from the copies, unless the
// logs hold no finished game at all: a card whose logs were lost never
// wipes its backup.
func BackupHistory(fsys storage.FS, logs, dir string, h *History) error {
	bdir := path.Join(dir, BackupDir)
	games := path.Join(bdir, HistoryGames)
	if err := storage.MkdirAll(fsys, games, 0o755); err != nil {
		return fmt.Errorf("owner: backup: %w", err)
	}
	csvData, jsonData := HistorySummary(h)
	if err := writeIfChanged(fsys, path.Join(bdir, HistoryCSV), csvData); err != nil {
		return err
	}
	if err := writeIfChanged(fsys, path.Join(bdir, HistoryJSON), jsonData); err != nil {
		return err
	}
	keep := map[string]bool{}
	for _, g := range h.Games {
		if g.Kept != Finished && g.Kept != Stopped {
			continue
		}
		keep[g.File] = true
		dst := path.Join(games, g.File)
		if _, err := fsys.Lstat(dst); err == nil {
			continue // a finished game's file never changes
		}
		data, err := storage.ReadFile(fsys, path.Join(logs, "history", g.File), maxBackupFile)
		if err != nil {
			return fmt.Errorf("owner: backup: %w", err)
		}
		if err := config.WriteFile(fsys, dst, data); err != nil {
			return fmt.Errorf("owner: backup: %w", err)
		}
	}
	if len(keep) == 0 {
		return nil
	}
	entries, err := fsys.ReadDir(games)
	if err != nil {
		return fmt.Errorf("owner: backup: %w", err)
	}
	removed := false
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".game") && !keep[e.Name()] {
			if err := fsys.Remove(path.Join(games, e.Name())); err != nil {
				return fmt.Errorf("owner: backup: %w", err)
			}
			removed = true
		}
	}
	if removed {
		return storage.SyncDir(fsys, games)
	}
	return nil
}

// writeIfChanged replaces the file at p with data unless it holds it.
func writeIfChanged(fsys storage.FS, p string, data []byte) error {
	if old, err := storage.ReadFile(fsys, p, maxBackupFile); err == nil && bytes.Equal(old, data) {
		return nil
	}
	if err := config.WriteFile(fsys, p, data); err != nil {
		return fmt.Errorf("owner: backup: %w", err)
	}
	return nil
}

// summaryGame is a game of history.json.
type summaryGame struct {
	Number  int             `json:"number"`
	Time    string          `json:"time"`
	Status  string          `json:"status"`
	Map     string          `json:"map,omitempty"`
	File    string          `json:"file"`
	Players []summaryPlayer `json:"players,omitempty"`
}

type summaryPlayer struct {
	Seat    int    `json:"seat"` // from 1
	Name    string `json:"name,omitempty"`
	Color   string `json:"color"`
	Score   int    `json:"score"`
	Longest int    `json:"longest_route"`
	Won     bool   `json:"won"`
}

type summaryRecord struct {
	Name    string `json:"name"`
	Games   int    `json:"games"`
	Wins    int    `json:"wins"`
	Best    int    `json:"best_score"`
	Longest int    `json:"longest_route"`
}

// statusNames are the Kept values as the summary writes them.
var statusNames = map[Kept]string{Finished: "finished", Stopped: "stopped", SetAside: "set aside", Unreadable: "unreadable"}

// HistorySummary returns h as CSV (one row per player of a game, one row
// for a game without players) and JSON (the games and the records). The
// time of every game is "unknown": the table has no clock.
func HistorySummary(h *History) (csvData, jsonData []byte) {
	var cb bytes.Buffer
	cb.WriteString("\uFEFF") // a byte order mark: spreadsheets then read names as UTF-8
	w := csv.NewWriter(&cb)
	_ = w.Write([]string{"game", "time", "status", "map", "seat", "player", "colour", "score", "longest route", "won", "file"})
	var js struct {
		Games   []summaryGame   `json:"games"`
		Records []summaryRecord `json:"records"`
	}
	js.Games, js.Records = []summaryGame{}, []summaryRecord{}
	for _, g := range h.Games {
		sg := summaryGame{Number: g.Number, Time: "unknown", Status: statusNames[g.Kept], Map: g.Map, File: g.File}
		row := []string{strconv.Itoa(g.Number), "unknown", sg.Status, g.Map}
		if len(g.Players) == 0 {
			_ = w.Write(append(row, "", "", "", "", "", "", g.File))
		}
		for _, p := range g.Players {
			sg.Players = append(sg.Players, summaryPlayer{Seat: p.Seat + 1, Name: p.Name, Color: p.Color, Score: p.Score, Longest: p.Longest, Won: p.Won})
			won := "no"
			if p.Won {
				won = "yes"
			}
			_ = w.Write(append(append([]string(nil), row...), strconv.Itoa(p.Seat+1), p.Name, p.Color, strconv.Itoa(p.Score), strconv.Itoa(p.Longest), won, g.File))
		}
		js.Games = append(js.Games, sg)
	}
	w.Flush()
	for _, r := range h.Records {
		js.Records = append(js.Records, summaryRecord{Name: r.Name, Games: r.Games, Wins: r.Wins, Best: r.Best, Longest: r.Longest})
	}
	jb, _ := json.MarshalIndent(js, "", "  ") // plain values always marshal
	return cb.Bytes(), append(jb, '\n')
}
