package score

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// TestFormatDocument checks the scenario format's description: every
// FORMAT.md the package documentation names is in the repository, and the
// worked example in it scores to the result it shows.
func TestFormatDocument(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	refs := regexp.MustCompile(`[\w./-]*FORMAT\.md`).FindAllString(string(doc), -1)
	if len(refs) == 0 {
		t.Fatal("the package documentation names no FORMAT.md")
	}
	for _, ref := range refs {
		// A path from the repository's root, or from this package.
		_, errRoot := os.Stat(filepath.Join("..", "..", ref))
		_, errHere := os.Stat(ref)
		if errRoot != nil && errHere != nil {
			t.Errorf("the documentation names %s, which is not in the repository", ref)
		}
	}
	data, err := os.ReadFile(filepath.Join("testdata", "scenarios", "FORMAT.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```json\n(.*?)```").FindAllStringSubmatch(string(data), -1)
	if len(blocks) != 2 {
		t.Fatalf("FORMAT.md has %d JSON examples, want a scenario and its result", len(blocks))
	}
	s, err := ReadScenario(strings.NewReader(blocks[0][1]))
	if err != nil {
		t.Fatalf("the example scenario: %v", err)
	}
	got, err := json.Marshal(s.Report(s.Score()))
	if err != nil {
		t.Fatal(err)
	}
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(blocks[1][1]), &w); err != nil {
		t.Fatalf("the example result: %v", err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("the example scores to\n%s\nFORMAT.md shows\n%s", got, blocks[1][1])
	}
}
