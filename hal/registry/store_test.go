package registry

import (
	"bytes"
	"errors"
	"io/fs"
	"testing"

	"ttr/hal"
	"ttr/hal/storage"
	"ttr/hal/storage/storagetest"
)

// stored returns a disk holding a registry saved three times through a
// Store, one card more each time (sample's four cards, then five, then
// six): the registry file and the backup have six cards, the previous
// version five.
func stored(t *testing.T) (*storagetest.Disk, Store, *Registry) {
	t.Helper()
	d := storagetest.New()
	for _, dir := range []string{"/var/lib/ttr", "/boot/firmware"} {
		if err := storage.MkdirAll(d, dir, 0o750); err != nil {
			t.Fatal(err)
		}
	}
	st := Store{FS: d, Path: "/var/lib/ttr/cards.txt", Backup: "/boot/firmware/" + backupName}
	r := sample(t)
	for i, c := range []Card{{}, TrainCard(1, 0), TrainCard(1, 1)} {
		if i > 0 {
			if err := r.Add(hal4(i), c); err != nil {
				t.Fatal(err)
			}
		}
		if err := st.Save(r); err != nil {
			t.Fatal(err)
		}
	}
	return d, st, r
}

func hal4(i int) hal.UID { return hal.UID([]string{"", "0000000A", "0000000B"}[i]) }

func readAll(t *testing.T, d *storagetest.Disk, path string) []byte {
	t.Helper()
	b, err := storage.ReadFile(d, path, maxFile)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func write(t *testing.T, d *storagetest.Disk, path string, data []byte) {
	t.Helper()
	if err := writeAtomic(d, path, data); err != nil {
		t.Fatal(err)
	}
}

// TestLoadFallsBackToTheNewestGoodCopy: a missing, damaged or unreadable
// registry is completed from the newer of its intact copies (the previous
// version, the backup on the boot partition), and the Report says so.
func TestLoadFallsBackToTheNewestGoodCopy(t *testing.T) {
	for _, tc := range []struct {
		name    string
		damage  func(t *testing.T, d *storagetest.Disk, st Store)
		cards   int
		copy    string // "prev", "backup" or ""
		missing bool
		damaged bool
		bad     int
		ok      bool
		stale   bool
	}{
		{name: "intact", damage: func(*testing.T, *storagetest.Disk, Store) {}, cards: 6, ok: true},
		{name: "intact, no backup", damage: func(t *testing.T, d *storagetest.Disk, st Store) {
			d.Remove(st.Backup)
		}, cards: 6, ok: true, stale: true},
		{name: "intact, backup damaged", damage: func(t *testing.T, d *storagetest.Disk, st Store) {
			b := readAll(t, d, st.Backup)
			write(t, d, st.Backup, b[:len(b)/2])
		}, cards: 6, ok: true, stale: true},
		{name: "missing", damage: func(t *testing.T, d *storagetest.Disk, st Store) {
			d.Remove(st.Path)
		}, cards: 6, copy: "backup", missing: true, stale: true},
		{name: "missing, and the backup", damage: func(t *testing.T, d *storagetest.Disk, st Store) {
			d.Remove(st.Path)
			d.Remove(st.Backup)
		}, cards: 5, copy: "prev", missing: true, stale: true},
		{name: "missing, no copy", damage: func(t *testing.T, d *storagetest.Disk, st Store) {
			d.Remove(st.Path)
			d.Remove(st.Backup)
			d.Remove(st.Prev())
		}, cards: 0, missing: true},
		{name: "one line damaged, no copy", damage: func(t *testing.T, d *storagetest.Disk, st Store) {
			b := readAll(t, d, st.Path)
			b[bytes.IndexByte(b, '\n')+3] ^= 1
			write(t, d, st.Path, b)
			d.Remove(st.Backup)
			d.Remove(st.Prev())
		}, cards: 5, damaged: true, bad: 1, stale: true},
		{name: "one line damaged, its card in the backup", damage: func(t *testing.T, d *storagetest.Disk, st Store) {
			b := readAll(t, d, st.Path)
			b[bytes.IndexByte(b, '\n')+3] ^= 1
			write(t, d, st.Path, b)
		}, cards: 6, copy: "backup", damaged: true, bad: 1, stale: true},
		{name: "cut in half, backup older than the previous version", damage: func(t *testing.T, d *storagetest.Disk, st Store) {
			b := readAll(t, d, st.Path)
			write(t, d, st.Path, b[:len(b)/2])
			write(t, d, st.Backup, readAll(t, d, st.Prev()))
			p := readAll(t, d, st.Prev())
			// An older backup: the first save's.
			r := sample(t)
			r.saves = 1
			old, _ := r.MarshalText()
			write(t, d, st.Backup, old)
			write(t, d, st.Prev(), p)
		}, cards: 6, copy: "prev", damaged: true, bad: 1, stale: true},
		{name: "unreadable", damage: func(t *testing.T, d *storagetest.Disk, st Store) {
			d.Fault = func(c storagetest.Call) error {
				if c.Op == storagetest.OpOpen && c.Path == st.Path {
					return fs.ErrPermission
				}
				return nil
			}
		}, cards: 6, copy: "backup", stale: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, st, _ := stored(t)
			tc.damage(t, d, st)
			reg, rep := st.Load()
			d.Fault = nil
			copyPath := map[string]string{"prev": st.Prev(), "backup": st.Backup}[tc.copy]
			if reg.Len() != tc.cards || rep.Cards != tc.cards || rep.Copy != copyPath || rep.Missing != tc.missing ||
				rep.Damaged != tc.damaged || rep.Bad != tc.bad || rep.OK() != tc.ok || rep.Stale != tc.stale {
				t.Errorf("got %d cards, %+v; want %d cards, copy %q, missing %t, damaged %t, bad %d, ok %t, stale %t",
					reg.Len(), rep, tc.cards, copyPath, tc.missing, tc.damaged, tc.bad, tc.ok, tc.stale)
			}
			if tc.name == "unreadable" && !errors.Is(rep.Err, fs.ErrPermission) {
				t.Errorf("Err: got %v, want the permission error", rep.Err)
			}
			// A Save of what was loaded makes the files whole again.
			if rep.Stale {
				if err := st.Save(reg); err != nil {
					t.Fatal(err)
				}
				if again, rep := st.Load(); !rep.OK() || rep.Stale || again.Len() != tc.cards {
					t.Errorf("after Save: %d cards, %+v, want %d, whole", again.Len(), rep, tc.cards)
				}
			}
		})
	}
}

// TestSaveKeepsTheDamagedFilesGoodCopy: a save over a damaged registry
// does not make the damaged file the previous version: the good one stays.
func TestSaveKeepsTheGoodPreviousVersion(t *testing.T) {
	d, st, _ := stored(t)
	prev := readAll(t, d, st.Prev())
	b := readAll(t, d, st.Path)
	write(t, d, st.Path, b[:len(b)-5])
	reg, _ := st.Load()
	if err := st.Save(reg); err != nil {
		t.Fatal(err)
	}
	if got := readAll(t, d, st.Prev()); !bytes.Equal(got, prev) {
		t.Errorf("the previous version became\n%s\nwant\n%s", got, prev)
	}
}

// TestSaveOfACopyFails: a backup that cannot be written does not fail the
// save of the registry: the error wraps ErrCopy and the registry is saved.
func TestSaveOfACopyFails(t *testing.T) {
	d, st, r := stored(t)
	d.Fault = func(c storagetest.Call) error {
		if c.Op == storagetest.OpCreate && bytes.HasPrefix([]byte(c.Path), []byte("/boot/")) {
			return fs.ErrPermission
		}
		return nil
	}
	if err := r.Add("0000000C", TrainCard(1, 2)); err != nil {
		t.Fatal(err)
	}
	err := st.Save(r)
	d.Fault = nil
	if !errors.Is(err, ErrCopy) {
		t.Fatalf("got %v, want ErrCopy", err)
	}
	if got, err := LoadFS(d, st.Path); err != nil || got.Len() != 7 {
		t.Errorf("registry after the failed backup: %v, %v, want 7 cards", got, err)
	}
}

// backupName is the backup copy's name in these tests (the table puts it
// among the owner's backups: cmd/table's registryStore).
const backupName = "cards-backup.txt"
