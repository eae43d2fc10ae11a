package app

import (
	"bytes"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"ttr/display/msg"
	"ttr/hal/storage/storagetest"
	"ttr/input"
)

// The messages the App gives about its storage say what is true, at the
// moment it is true.

// ticking is a clock that moves a millisecond each time it is read, as a
// real one does between two calls: the table's own "resumed" notice is
// then later than the App's news.
func (r *rig) ticking() time.Time {
	r.now = r.now.Add(time.Millisecond)
	return r.now
}

// noticesAre checks that every seat's notice is key.
func noticesAre(t *testing.T, v input.View, key string) {
	t.Helper()
	for _, s := range v.Seats {
		if s.Notice.Text.Key != key {
			t.Errorf("seat %d's notice is %q, want %s at once", s.Seat+1, s.Notice.Text.Key, key)
		}
	}
}

// TestNoResumedBeforeAStorageFailure: after a storage failure mid-game the
// panels say the failure at once, not "The game has been resumed" (the
// table rolled back, a little later than the failure) for 5 s first.
func TestNoResumedBeforeAStorageFailure(t *testing.T) {
	r, d := newDiskRig(t, 3, "europe", 31, nil)
	r.a.opts.Now = r.ticking
	r.playActions(20)
	d.Capacity = d.Used() + 10 // not even one more action
	r.stepUntilFailure()
	v := r.a.View()
	if v.Banner.Key != KeyStorageFull {
		t.Fatalf("banner %q, want %s", v.Banner.Key, KeyStorageFull)
	}
	noticesAre(t, v, KeyStorageFull)
}

// TestSalvageAnnouncedAtOnce: a game resumed from the valid part of a
// damaged log says so on every seat the moment the table starts, not
// after 5 s of "The game has been resumed".
func TestSalvageAnnouncedAtOnce(t *testing.T) {
	r, d, path, data := playGameTo(t, 3, "europe", 41, 80)
	damaged := bytes.Clone(data)
	damaged[frameStarts(damaged)[40]+12] ^= 0x20
	writeDisk(t, d, path, damaged)
	r.opts.Now = r.ticking
	r.open()
	if got := len(r.history()); got != 39 {
		t.Fatalf("resumed at %d actions, want 39", got)
	}
	noticesAre(t, r.a.View(), KeyLogSalvaged)
}

// TestReadOnlyCardMessageIsTrue: a read-only card is told as what it is on
// a table (a worn-out microSD card, or a file system the kernel set
// read-only after errors) with what to do; a microSD card has no lock
// switch to check.
func TestReadOnlyCardMessageIsTrue(t *testing.T) {
	d := storagetest.New()
	d.Fault = func(c storagetest.Call) error {
		switch c.Op {
		case storagetest.OpOpenW, storagetest.OpMkdir, storagetest.OpCreate, storagetest.OpWrite:
			return syscall.EROFS
		}
		return nil
	}
	r, _ := newDiskRig(t, 2, "usa", 71, d)
	v := r.a.View()
	if v.Banner.Key != KeyStorageReadOnly {
		t.Fatalf("banner %q, want %s", v.Banner.Key, KeyStorageReadOnly)
	}
	cat := mustCatalog(t)
	for lang, want := range map[msg.Lang]string{"en": "worn out", "es": "gastada", "ro": "uzat"} {
		text := cat.Text(lang, v.Banner)
		if strings.Contains(strings.ToLower(text), "lock") || strings.Contains(text, "bloqueo") || strings.Contains(text, "blocarea") || !strings.Contains(text, want) || !strings.Contains(text, diskDir) {
			t.Errorf("%s: %q, want it to say the card is %q, name %s, and no lock switch", lang, text, want, diskDir)
		}
	}
}

// TestOverLongLogsPathIsAConfigProblem: a 100,000-character logs path is
// the config's "logs" setting at fault, said so, not a failing card.
func TestOverLongLogsPathIsAConfigProblem(t *testing.T) {
	r := newRig(t, 2, "usa", 5)
	r.a.Close()
	r.opts.Dir = filepath.Join(t.TempDir(), strings.Repeat("a", 100_000))
	r.open()
	v := r.a.View()
	if r.a.Err() == nil || v.Banner.Key != KeyLogsPathTooLong || v.Banner.Args["Len"] != len(r.opts.Dir) {
		t.Fatalf("Err %v, banner %v; want %s with the path's length", r.a.Err(), v.Banner, KeyLogsPathTooLong)
	}
	if !strings.Contains(r.logs.String(), "problem=name-too-long") {
		t.Errorf("the log does not name the problem:\n%.2000s", r.logs.String())
	}
	text := mustCatalog(t).Text("en", v.Banner)
	if !strings.Contains(text, `"logs"`) || strings.Contains(text, "card") && strings.Contains(text, "failing") {
		t.Errorf("banner text %q, want the config's \"logs\" named", text)
	}
}
