package main

import (
	"flag"
	"fmt"
	"os"
	"testing"

	rl "github.com/gen2brain/raylib-go/raylib"
)

var update = flag.Bool("update", false, "rewrite the golden screenshots in testdata/golden")

// onMain runs f on the main OS thread, where raylib's window and OpenGL
// context live; tests run on other goroutines.
var onMain func(f func())

// TestMain serves the tests' raylib calls on the main OS thread (the
// package's init locked it). The screenshot tests open their hidden
// window through it; run the tests under Xvfb.
func TestMain(m *testing.M) {
	smokeMain()
	flag.Parse()
	calls := make(chan func())
	done := make(chan struct{})
	onMain = func(f func()) {
		finished := make(chan struct{})
		calls <- func() { defer close(finished); f() }
		<-finished
	}
	code := 0
	go func() {
		code = m.Run()
		close(done)
	}()
	for {
		select {
		case f := <-calls:
			f()
		case <-done:
			if rl.IsWindowReady() {
				rl.CloseWindow()
			}
			if code != 0 {
				fmt.Fprintln(os.Stderr, "sim tests failed (screenshot tests need a display: xvfb-run)")
			}
			os.Exit(code)
		}
	}
}
