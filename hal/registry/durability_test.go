package registry

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"ttr/hal/storage"
	"ttr/hal/storage/storagetest"
)

// TestSaveSurvivesPowerCuts saves a registry over an older one on a
// simulated disk and cuts the power at every operation of the Save: the
// file read back is always the old registry or the new one, never damaged
// or missing, and the new one once Save returned. After a Save that
// returned, nothing on the disk is unsynced, and the temporary files a cut
// Save left are gone.
func TestSaveSurvivesPowerCuts(t *testing.T) {
	const path = "/etc/ttr/cards.txt"
	old := sample(t)
	updated := sample(t)
	if err := updated.Add("CAFEF00D", TrainCard(1, 0)); err != nil {
		t.Fatal(err)
	}
	setUp := func() *storagetest.Disk {
		d := storagetest.New()
		if err := storage.MkdirAll(d, "/etc/ttr", 0o750); err != nil {
			t.Fatal(err)
		}
		if err := old.SaveFS(d, path); err != nil {
			t.Fatal(err)
		}
		if d.Unsynced() {
			t.Fatalf("after Save the disk holds unsynced changes:\n%s", d)
		}
		return d
	}
	if _, err := storagetest.EveryCut(setUp, func(d *storagetest.Disk) error {
		return updated.SaveFS(d, path)
	}, func(what string, d *storagetest.Disk, err error) {
		got, lerr := LoadFS(d, path)
		switch {
		case lerr != nil:
			t.Fatalf("%s: Load: %v\n%s", what, lerr, d)
		case err == nil && !reflect.DeepEqual(got.Entries(), updated.Entries()):
			t.Fatalf("%s: Save returned but the old registry came back", what)
		case !reflect.DeepEqual(got.Entries(), updated.Entries()) && !reflect.DeepEqual(got.Entries(), old.Entries()):
			t.Fatalf("%s: neither the old registry nor the new one: %v", what, got.Entries())
		}
		// The next Save leaves only the registry file.
		if err := updated.SaveFS(d, path); err != nil {
			t.Fatal(err)
		}
		entries, _ := d.ReadDir("/etc/ttr")
		if len(entries) != 1 {
			t.Fatalf("%s: files after the next Save: %v, want only the registry", what, entries)
		}
	}); err != nil {
		t.Fatal(err)
	}
}

// TestSaveErrorNamesTheFile: a failed Save names the registry file once,
// not the temporary file it removed, and repeats no prefix.
func TestSaveErrorNamesTheFile(t *testing.T) {
	const path = "/etc/ttr/cards.txt"
	for _, op := range []storagetest.Op{storagetest.OpWrite, storagetest.OpSync, storagetest.OpRename, storagetest.OpSyncDir} {
		d := storagetest.New()
		if err := storage.MkdirAll(d, "/etc/ttr", 0o750); err != nil {
			t.Fatal(err)
		}
		d.Fault = func(c storagetest.Call) error {
			if c.Op == op {
				return errors.New("input/output error")
			}
			return nil
		}
		err := sample(t).SaveFS(d, path)
		if err == nil {
			t.Fatalf("%s fails: Save returned nil", op)
		}
		msg := err.Error()
		if strings.Contains(msg, ".tmp") || strings.Count(msg, path) != 1 || strings.Count(msg, "registry:") != 1 {
			t.Errorf("%s fails: error %q, want the registry file named once and no temporary file", op, msg)
		}
	}
}

// TestParseLongLine: a line over 64 KiB (bufio.Scanner's default limit) is
// refused as damage, not taken as the end of the file.
func TestParseLongLine(t *testing.T) {
	data, _ := sample(t).MarshalText()
	lines := strings.SplitAfter(string(data), "\n")
	long := "DEADBEE0 " + strings.Repeat("x", 70<<10) + "\n"
	body := lines[0] + long + strings.Join(lines[1:len(lines)-2], "")
	// A valid checksum over the whole body: the parser must read it all.
	r, err := Parse(withSum(body))
	if err == nil {
		t.Fatalf("a registry with a 70 KiB line parsed as %d cards", r.Len())
	}
}

// withSum appends the checksum line to a registry file's body.
func withSum(body string) []byte {
	sum := sha256.Sum256([]byte(body))
	return []byte(body + "sha256 " + hex.EncodeToString(sum[:]) + "\n")
}

// TestStoreSaveSurvivesPowerCuts cuts the power at every operation of a
// Store.Save (the previous version, the registry, the backup on the boot
// partition): Load then finds the registry whole, old or new (the new one
// once Save returned), and every copy on the disk is intact or missing,
// never damaged.
func TestStoreSaveSurvivesPowerCuts(t *testing.T) {
	st := Store{Path: "/var/lib/ttr/cards.txt", Backup: "/boot/firmware/" + backupName}
	old := sample(t)
	updated := sample(t)
	if err := updated.Add("CAFEF00D", TrainCard(1, 0)); err != nil {
		t.Fatal(err)
	}
	setUp := func() *storagetest.Disk {
		d := storagetest.New()
		for _, dir := range []string{"/var/lib/ttr", "/boot/firmware"} {
			if err := storage.MkdirAll(d, dir, 0o750); err != nil {
				t.Fatal(err)
			}
		}
		st.FS = d
		if err := st.Save(old); err != nil {
			t.Fatal(err)
		}
		if err := st.Save(old); err != nil { // a previous version too
			t.Fatal(err)
		}
		if d.Unsynced() {
			t.Fatalf("after Save the disk holds unsynced changes:\n%s", d)
		}
		return d
	}
	if _, err := storagetest.EveryCut(setUp, func(*storagetest.Disk) error {
		return st.Save(updated) // st.FS is the disk setUp made
	}, func(what string, d *storagetest.Disk, err error) {
		got, rep := st.Load()
		switch {
		case !rep.OK():
			t.Fatalf("%s: Load: %+v\n%s", what, rep, d)
		case err == nil && !reflect.DeepEqual(got.Entries(), updated.Entries()):
			t.Fatalf("%s: Save returned but the old registry came back", what)
		case !reflect.DeepEqual(got.Entries(), updated.Entries()) && !reflect.DeepEqual(got.Entries(), old.Entries()):
			t.Fatalf("%s: neither the old registry nor the new one: %v", what, got.Entries())
		}
		for _, p := range []string{st.Prev(), st.Backup} {
			if _, err := LoadFS(d, p); err != nil && !errors.Is(err, fs.ErrNotExist) {
				t.Fatalf("%s: copy %s: %v", what, p, err)
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
}
