package main

import (
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	"ttr/cmd/table/app"
	"ttr/cmd/table/owner"
)

// TestRegistryBackupBesideTheConfig: the registry's backup is written among
// the owner's backups in the folder of the config itself, where a linked config points (the boot
// partition on the image), and a damaged registry is completed from it at
// start-up, said on the start screen, and written whole again.
func TestRegistryBackupBesideTheConfig(t *testing.T) {
	boot, etc, state := t.TempDir(), t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(boot, "table.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(etc, "table.json")
	if err := os.Symlink(filepath.Join(boot, "table.json"), link); err != nil {
		t.Fatal(err)
	}
	st := registryStore(filepath.Join(state, "cards.txt"), link)
	if want := filepath.Join(boot, owner.BackupDir, owner.RegistryCopy); st.Backup != want {
		t.Fatalf("backup %s, want %s", st.Backup, want)
	}
	if err := st.Save(app.VirtualRegistry()); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(st.Path, []byte("ttr-card-registry 2\n"), 0o644); err != nil { // all but the header lost
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	reg, text := loadRegistry(st, log)
	if reg.Len() != 186 || text.Key != app.KeyCardsRestored {
		t.Errorf("got %d cards, text %q, want 186 and %s", reg.Len(), text.Key, app.KeyCardsRestored)
	}
	if again, text := loadRegistry(st, log); again.Len() != 186 || !text.IsZero() {
		t.Errorf("next start: %d cards, text %q, want 186 and nothing to say", again.Len(), text.Key)
	}
}
