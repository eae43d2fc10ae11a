package hal_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"
)

// TestOnlyHalEventsAreEvents type-checks code that hands values to a
// hal.Event: hal's four event types compile, anything else (a string, a
// type of another package with a method of the same name) does not.
func TestOnlyHalEventsAreEvents(t *testing.T) {
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	for _, tc := range []struct {
		name, code string
		ok         bool
	}{
		{"scan", "var _ hal.Event = hal.Scan{}", true},
		{"press", "var _ hal.Event = hal.Press{}", true},
		{"touch", "var _ hal.Event = hal.Touch{}", true},
		{"status", "var _ hal.Event = hal.Status{}", true},
		{"channel", "func f(ch chan hal.Event) { ch <- hal.Scan{} }", true},
		{"string", `var _ hal.Event = "not an event"`, false},
		{"any", "func f(ch chan hal.Event, v any) { ch <- v }", false},
		{"lookalike", "type fake struct{}\nfunc (fake) event() {}\nvar _ hal.Event = fake{}", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "package p\nimport \"ttr/hal\"\n" + tc.code + "\n"
			f, err := parser.ParseFile(fset, "p.go", src, 0)
			if err != nil {
				t.Fatal(err)
			}
			conf := types.Config{Importer: imp}
			_, err = conf.Check("p", fset, []*ast.File{f}, nil)
			if tc.ok && err != nil {
				t.Errorf("%s: %v, want it to compile", tc.code, err)
			}
			if !tc.ok && (err == nil || !strings.Contains(err.Error(), "hal.Event")) {
				t.Errorf("%s: error %v, want it not to compile as a hal.Event", tc.code, err)
			}
		})
	}
}
