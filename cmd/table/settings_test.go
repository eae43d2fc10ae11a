package main

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ttr/cmd/table/owner"
	"ttr/hal/config"
	"ttr/hal/storage"
	"ttr/hal/storage/storagetest"
	"ttr/input"
)

// exampleOnDisk writes the example config (with extra edits) to a
// simulated disk and returns the disk, the path and what Read makes of it.
func exampleOnDisk(t *testing.T, edits ...string) (*storagetest.Disk, string, config.Result) {
	t.Helper()
	data, err := os.ReadFile("../../docs/table.example.json")
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	for i := 0; i+1 < len(edits); i += 2 {
		s = strings.Replace(s, edits[i], edits[i+1], 1)
	}
	d := storagetest.New()
	const path = "/boot/firmware/table.json"
	if err := storage.MkdirAll(d, "/boot/firmware", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := config.WriteFile(d, path, []byte(s)); err != nil {
		t.Fatal(err)
	}
	return d, path, config.ReadData([]byte(s))
}

// TestGameStartKeepsTheSettings: a bots game started from the start screen
// writes the start screen's language, map, colours and names into the
// config, which reads back with them; a config with mistakes is never
// written.
func TestGameStartKeepsTheSettings(t *testing.T) {
	discard := slog.New(slog.NewTextHandler(io.Discard, nil))
	d, path, cr := exampleOnDisk(t)
	r := newLoopRig(t, 4)
	r.l.keep = newKeeper(d, path, cr, discard)
	if err := r.l.run(context.Background()); err != nil {
		t.Fatal(err)
	}
	data, err := storage.ReadFile(d, path, config.MaxFile)
	if err != nil {
		t.Fatal(err)
	}
	got := config.ReadData(data)
	if len(got.Problems) != 0 {
		t.Fatalf("saved config has problems %v", got.Problems)
	}
	setup := r.a.Table().Setup()
	if got.Config.Language != setup.Lang || got.Config.Map != setup.Map || got.Config.Language != "en" {
		t.Errorf("saved language %q, map %q; want the game's %q, %q", got.Config.Language, got.Config.Map, setup.Lang, setup.Map)
	}
	for i, s := range setup.Seats {
		if got.Config.Seats[i].Color != s.Color.String() {
			t.Errorf("seat %d: saved colour %q, want %q", i+1, got.Config.Seats[i].Color, s.Color)
		}
	}
	if _, err := d.Lstat(path + config.BackupSuffix); err != nil {
		t.Errorf("no backup of the previous config: %v", err)
	}

	// A config with a mistake: nothing is written.
	d, path, cr = exampleOnDisk(t, `"rotation": 0`, `"rotation": 45`)
	before, _ := storage.ReadFile(d, path, config.MaxFile)
	k := newKeeper(d, path, cr, discard)
	k.started(input.Setup{Lang: "ro", Map: "usa"})
	after, _ := storage.ReadFile(d, path, config.MaxFile)
	if string(after) != string(before) {
		t.Error("a config with a mistake was written")
	}
}

// TestLoopBacksUpAfterEveryGame: once a game ends, the history summary
// with that game, and its file, are on the boot partition.
func TestLoopBacksUpAfterEveryGame(t *testing.T) {
	boot := t.TempDir()
	r := newLoopRig(t, 2)
	r.l.backup = startBackups(storage.OS, r.dir, boot, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err := r.l.run(context.Background()); err != nil {
		t.Fatal(err)
	}
	r.l.backup.stop()
	data, err := os.ReadFile(filepath.Join(boot, owner.BackupDir, owner.HistoryCSV))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "\n1,unknown,finished,") {
		t.Errorf("history.csv lacks the game:\n%s", data)
	}
	if copies, _ := filepath.Glob(filepath.Join(boot, owner.BackupDir, owner.HistoryGames, "*.game")); len(copies) != 1 {
		t.Errorf("%d game copies, want 1", len(copies))
	}
}

// TestConfigMapOpensTheStartScreen: the map kept in the config is the
// start screen's, unless -map says otherwise.
func TestConfigMapOpensTheStartScreen(t *testing.T) {
	discard := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, tc := range []struct {
		flag, want string
	}{{"", "usa"}, {"europe", "europe"}} {
		cfg := tableDir(t)
		data, _ := os.ReadFile(cfg)
		os.WriteFile(cfg, []byte(strings.Replace(string(data), `"language": "es",`, `"language": "es", "map": "usa",`, 1)), 0o644)
		args := []string{"-config", cfg, "-headless", "-fake", "-state", filepath.Join(t.TempDir(), "games")}
		if tc.flag != "" {
			args = append(args, "-map", tc.flag)
		}
		o, err := parseRunFlags(args, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		cr, a, err := openApp(&o, discard)
		if err != nil || len(cr.Problems) != 0 {
			t.Fatalf("openApp: %v %v", err, cr.Problems)
		}
		if got := a.View().Start.Map; got != tc.want {
			t.Errorf("-map %q: start screen's map %q, want %q", tc.flag, got, tc.want)
		}
		a.Close()
	}
}
