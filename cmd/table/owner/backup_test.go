package owner

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"ttr/hal/storage"
)

// TestHistoryBackupAndRestore: the backup on the boot partition holds the
// history summary as CSV and JSON (every game, every player) and a copy of
// each finished game's file; putting the copies back in an empty logs
// folder gives the same history; a lost logs folder never wipes the
// backup.
func TestHistoryBackupAndRestore(t *testing.T) {
	logs := manyGames(t)
	boot := t.TempDir()
	h, err := LoadHistory(storage.OS, logs)
	if err != nil {
		t.Fatal(err)
	}
	if err := BackupHistory(storage.OS, logs, boot, h); err != nil {
		t.Fatal(err)
	}
	bdir := filepath.Join(boot, BackupDir)
	data, err := os.ReadFile(filepath.Join(bdir, HistoryCSV))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\uFEFF")))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if want := 1 + 6*3 + 3; len(rows) != want {
		t.Errorf("CSV: %d rows, want %d (a header, 3 players in each of 6 games, 3 other games)", len(rows), want)
	}
	if !strings.Contains(string(data), ",Ana,") || !strings.Contains(string(data), "unknown") {
		t.Errorf("CSV lacks Ana or the unknown time:\n%s", data)
	}
	var js struct {
		Games   []summaryGame   `json:"games"`
		Records []summaryRecord `json:"records"`
	}
	data, err = os.ReadFile(filepath.Join(bdir, HistoryJSON))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &js); err != nil {
		t.Fatal(err)
	}
	if len(js.Games) != 9 || len(js.Records) != 2 || js.Games[8].Number != 1 || len(js.Games[8].Players) != 3 {
		t.Errorf("JSON: %d games, %d records", len(js.Games), len(js.Records))
	}

	// Restore: the copies put back in a new logs folder.
	restored := t.TempDir()
	copies, _ := filepath.Glob(filepath.Join(bdir, HistoryGames, "*.game"))
	if len(copies) != 6 {
		t.Fatalf("%d game copies, want 6", len(copies))
	}
	os.MkdirAll(filepath.Join(restored, "history"), 0o750)
	for _, c := range copies {
		b, _ := os.ReadFile(c)
		os.WriteFile(filepath.Join(restored, "history", filepath.Base(c)), b, 0o640)
	}
	h2, err := LoadHistory(storage.OS, restored)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(finishedLines(h2), finishedLines(h)) || !reflect.DeepEqual(h2.Records, h.Records) {
		t.Errorf("restored history differs:\n%v\nwant\n%v", finishedLines(h2), finishedLines(h))
	}

	// A logs folder lost: the backup keeps its copies.
	empty, _ := LoadHistory(storage.OS, t.TempDir())
	if err := BackupHistory(storage.OS, t.TempDir(), boot, empty); err != nil {
		t.Fatal(err)
	}
	if copies, _ := filepath.Glob(filepath.Join(bdir, HistoryGames, "*.game")); len(copies) != 6 {
		t.Errorf("after an empty history, %d copies left, want 6", len(copies))
	}
}

func finishedLines(h *History) []string {
	var l []string
	for _, g := range h.Games {
		if g.Kept == Finished {
			b, _ := json.Marshal(g.Line)
			l = append(l, string(b))
		}
	}
	return l
}
