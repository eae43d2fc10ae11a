package score

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// FuzzReadScenario checks that no input makes the scenario reader or the
// scoring panic, that errors are one line, and that a valid scenario
// written back reads the same and scores the same.
func FuzzReadScenario(f *testing.F) {
	for _, pattern := range []string{"testdata/scenarios/*.json", "testdata/invalid/*.json"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadScenario(bytes.NewReader(data))
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "score: ") {
				t.Fatalf("error %q: want one line starting with \"score: \"", msg)
			}
			return
		}
		res := s.Score()
		if _, err := json.Marshal(s.Report(res)); err != nil {
			t.Fatalf("encoding the result: %v", err)
		}
		out, err := s.MarshalJSON()
		if err != nil {
			t.Fatalf("writing the scenario: %v", err)
		}
		back, err := ReadScenario(bytes.NewReader(out))
		if err != nil {
			t.Fatalf("reading back what was written: %v\n%s", err, out)
		}
		if back.Map.ID != s.Map.ID || back.Description != s.Description ||
			!reflect.DeepEqual(back.Players, s.Players) || !reflect.DeepEqual(back.TicketEnds, s.TicketEnds) {
			t.Fatalf("read back a different scenario:\n%s", out)
		}
		again, err := back.MarshalJSON()
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("written twice differently (%v):\n%s\n%s", err, out, again)
		}
		if got := back.Score(); !reflect.DeepEqual(got, res) {
			t.Fatalf("scores differ after a round trip: %+v, want %+v", got, res)
		}
	})
}
