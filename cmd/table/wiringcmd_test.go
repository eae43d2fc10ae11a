package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ttr/cmd/table/wiring"
	"ttr/hal/config"
)

// TestWiringCommand: table wiring prints the config's picture, or writes
// it to -o; a config with mistakes is refused with its problems.
func TestWiringCommand(t *testing.T) {
	cfg := tableDir(t)
	c, err := config.Load(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := wiringCommand([]string{"-config", cfg}, &out); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), wiring.SVG(c)) {
		t.Error("the printed picture is not the config's")
	}
	file := filepath.Join(t.TempDir(), "w.svg")
	if err := wiringCommand([]string{"-config", cfg, "-o", file}, &out); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(file); err != nil || !bytes.Equal(data, wiring.SVG(c)) {
		t.Errorf("-o: %v", err)
	}
	data, _ := os.ReadFile(cfg)
	os.WriteFile(cfg, []byte(strings.Replace(string(data), `"irq_pin": 24`, `"irq_pin": 99`, 1)), 0o644)
	var ee *exitError
	if err := wiringCommand([]string{"-config", cfg}, &out); !errors.As(err, &ee) || !strings.Contains(err.Error(), "irq_pin") {
		t.Errorf("a bad config: got %v, want its problem", err)
	}
}
