package config

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"ttr/hal/storage"
	"ttr/hal/storage/storagetest"
)

// changed are settings unlike the example's in every field.
var changed = Settings{
	Language: "ro",
	Map:      "usa",
	Sound:    Sound{Volume: 35, Mute: true},
	Seats: []SeatSettings{
		{Color: "black", Name: "Ana María"},
		{Color: "blue", Name: "Ștefan"},
		{Color: "green"},
		{Color: "red", Name: "Íñigo"},
	},
}

func exampleData(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestSaveChangesOnlyTheSettings: the saved file holds the new settings and
// every line the settings do not touch stays byte for byte; a name is added
// on its own line, indented as the fields around it, and removed again
// with its comma.
func TestSaveChangesOnlyTheSettings(t *testing.T) {
	old := exampleData(t)
	data, err := spliceSettings(old, changed)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Parse(data)
	if err != nil {
		t.Fatalf("saved file: %v\n%s", err, data)
	}
	if got := SettingsOf(c); !reflect.DeepEqual(got, changed) {
		t.Errorf("read back %+v\nwant %+v", got, changed)
	}
	oldLines := strings.Split(string(old), "\n")
	for _, l := range strings.Split(string(data), "\n") {
		touched := strings.Contains(l, `"language"`) || strings.Contains(l, `"color"`) || strings.Contains(l, `"name"`) || strings.Contains(l, `"map"`) || strings.Contains(l, `"sound"`)
		if !touched && !contains(oldLines, l) {
			t.Errorf("line %q is new, but no setting is on it", l)
		}
	}
	if !strings.Contains(string(data), "\"color\": \"black\",\n      \"name\": \"Ana María\",\n") {
		t.Errorf("the name is not on a line of its own after the colour:\n%s", data)
	}
	// Back to the example's settings: the example again, byte for byte,
	// but for the map, which stays once given.
	back, err := Load(example)
	if err != nil {
		t.Fatal(err)
	}
	s := SettingsOf(back)
	again, err := spliceSettings(data, s)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(string(old), `"language": "es",`, `"language": "es",`+"\n  \"map\": \"usa\",", 1)
	if string(again) != want {
		t.Errorf("back to the example's settings:\n%s\nwant\n%s", again, want)
	}
}

func contains(lines []string, l string) bool {
	for _, o := range lines {
		if o == l {
			return true
		}
	}
	return false
}

// TestSaveOneLineFile: a file written on one line gets its new fields on
// that line.
func TestSaveOneLineFile(t *testing.T) {
	old := `{"screen": {"width": 800, "height": 480}, "language": "en", "registry": "c", "logs": "g", "seats": [` +
		`{"edge": "bottom", "color": "red", "reader": {"spi_bus": 0, "chip_select": 0, "reset_pin": 25, "irq_pin": 24}, "buttons": [{"pin": 5, "meaning": "confirm"}, {"pin": 6, "meaning": "cancel"}]}, ` +
		`{"edge": "top", "color": "blue", "name": "Old", "reader": {"spi_bus": 0, "chip_select": 1, "reset_pin": 25, "irq_pin": 23}, "buttons": [{"pin": 12, "meaning": "confirm"}, {"pin": 13, "meaning": "cancel"}]}]}`
	s := Settings{Language: "es", Sound: Sound{Volume: 10}, Seats: []SeatSettings{{Color: "green", Name: "Eva"}, {Color: "blue"}}}
	data, err := spliceSettings([]byte(old), s)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(data), "\n") != 0 {
		t.Errorf("new lines in a one-line file:\n%s", data)
	}
	c, err := Parse(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if got := SettingsOf(c); !reflect.DeepEqual(got, s) {
		t.Errorf("read back %+v\nwant %+v\n%s", got, s, data)
	}
}

// TestSaveRefuses: a file that is not JSON, or settings the file cannot
// hold, leave the file untouched and say why.
func TestSaveRefuses(t *testing.T) {
	good := exampleData(t)
	for _, tc := range []struct {
		name string
		file []byte
		s    Settings
	}{
		{"not JSON", []byte(`{"language": "es",`), changed},
		{"unknown language", good, Settings{Language: "fr"}},
		{"colour twice", good, Settings{Language: "es", Seats: []SeatSettings{{Color: "red"}, {Color: "red"}}}},
		{"a name the table cannot show", good, Settings{Language: "es", Seats: []SeatSettings{{Color: "red", Name: "R2D2"}}}},
		{"more seats than the file", good, Settings{Language: "es", Seats: make([]SeatSettings, 5)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := storagetest.New()
			writeDiskFile(t, d, "/boot/table.json", tc.file)
			err := Save(d, "/boot/table.json", tc.s)
			if !errors.Is(err, ErrNotSaved) {
				t.Errorf("got %v, want ErrNotSaved", err)
			}
			got, _ := storage.ReadFile(d, "/boot/table.json", MaxFile)
			if string(got) != string(tc.file) {
				t.Error("the file changed")
			}
			if _, err := d.Lstat("/boot/table.json" + BackupSuffix); err == nil {
				t.Error("a backup was written")
			}
		})
	}
}

func writeDiskFile(t *testing.T, d *storagetest.Disk, path string, data []byte) {
	t.Helper()
	if err := storage.MkdirAll(d, "/boot", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(d, path, data); err != nil {
		t.Fatal(err)
	}
}

// TestSaveSurvivesPowerCuts saves settings on a simulated disk and cuts
// the power at every operation of the Save, with and without a torn
// write: the config read back is always the old file or the new one,
// never broken or missing, and the new one once Save returned; the backup
// is missing or the old file. Removing the temporary file's fsync (the
// renamed file loses its data) or the folder's (the rename is lost after
// Save returned) makes it fail.
func TestSaveSurvivesPowerCuts(t *testing.T) {
	const path = "/boot/table.json"
	old := exampleData(t)
	want, err := spliceSettings(old, changed)
	if err != nil {
		t.Fatal(err)
	}
	setUp := func() *storagetest.Disk {
		d := storagetest.New()
		writeDiskFile(t, d, path, old)
		if d.Unsynced() {
			t.Fatalf("set-up left unsynced changes:\n%s", d)
		}
		return d
	}
	total, err := storagetest.EveryCut(setUp, func(d *storagetest.Disk) error {
		return Save(d, path, changed)
	}, func(what string, d *storagetest.Disk, serr error) {
		got, err := storage.ReadFile(d, path, MaxFile)
		switch {
		case err != nil:
			t.Fatalf("%s: the config is gone: %v\n%s", what, err, d)
		case serr == nil && string(got) != string(want):
			t.Fatalf("%s: Save returned but the file is not the new one:\n%s", what, got)
		case string(got) != string(want) && string(got) != string(old):
			t.Fatalf("%s: neither the old config nor the new one:\n%q", what, got)
		}
		if r := ReadData(got); len(r.Problems) != 0 {
			t.Fatalf("%s: the config read back has problems %v", what, r.Problems)
		}
		if bak, err := storage.ReadFile(d, path+BackupSuffix, MaxFile); err == nil && string(bak) != string(old) {
			t.Fatalf("%s: the backup is not the old file:\n%q", what, bak)
		}
		// The next Save finishes the job and leaves only the config
		// and its backup.
		if err := Save(d, path, changed); err != nil {
			t.Fatalf("%s: the next Save: %v", what, err)
		}
		entries, _ := d.ReadDir("/boot")
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		if len(names) > 2 {
			t.Fatalf("%s: files after the next Save: %v, want the config and its backup", what, names)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("a Save is %d operations on the disk; the power is cut at each", total)
}
