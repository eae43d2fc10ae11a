package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ttr/engine"
	"ttr/hal/journal"
	"ttr/maps"
)

// TestClickStripKeys drives a seat's strip keys with the pointer in the
// simulator's window, both seats played by hand: Rules opens the help page
// facing the seat, Next turns it, Rules again closes it; the scores open
// the last moves and the seat's Cancel button closes them; after a claim
// Undo on the claimer's strip asks, Confirm takes the claim back (an undo
// action in the log, the route free again); Stop game on the help page
// asks, Confirm stops the game, and the game's file is kept.
func TestClickStripKeys(t *testing.T) {
	dir := t.TempDir()
	c := startClicker(t, maps.USA(), "-map", "usa", "-seats", "2", "-seed", "5", "-journal", dir)
	c.startGame()
	if c.waitForSeat0() != "keep tickets" {
		t.Fatalf("after the deal: %s, want seat 0 to keep tickets", c.trace)
	}
	c.giveBack(0)
	c.until("seat 1's tickets", func() bool { return len(c.drawnTickets(1)) == 3 })
	c.giveBack(1)
	if need := c.waitForSeat0(); need != "turn" {
		t.Fatalf("after the set-up: %s, want seat 0's turn", c.trace)
	}
	traced := func(what, field string) {
		t.Helper()
		c.until(what, func() bool { return strings.Contains(c.trace, " "+field+" ") })
	}

	// The help page: open, turned, closed.
	c.click("key help 0")
	traced("seat 0's help page", "pages=h0-")
	c.click("key help_page 0")
	traced("the help page's next page", "pages=h1-")
	c.click("key help 0")
	traced("the help page closed", "pages=--")

	// The last moves: opened from the scores, closed by Cancel.
	c.click("key moves 0")
	traced("seat 0's last moves", "pages=m-")
	c.click("button cancel 0")
	traced("the last moves closed", "pages=--")

	// Undo: a claim taken back.
	s := c.state(2)
	claim, ok := c.bestClaim(s, func(maps.Route) bool { return true })
	if !ok {
		t.Fatalf("seat 0 has no claim to make in its first turn")
	}
	done := c.claim(claim, false)
	if done.Kind != engine.ClaimRoute {
		t.Fatalf("the claim applied %s", engine.FormatAction(c.m, done))
	}
	traced("Undo offered to seat 0", "undo=0")
	c.click("key undo 0")
	traced("Undo asked at seat 0", "undo=0?")
	acts := len(c.acts)
	c.click("key confirm 0")
	c.until("the undo applied", func() bool { return len(c.acts) > acts })
	if c.acts[acts].Kind != engine.Undo {
		t.Fatalf("Confirm applied %s, want the undo", engine.FormatAction(c.m, c.acts[acts]))
	}
	if s := c.state(2); s.RouteOwner(claim.Route) != -1 {
		t.Errorf("after the undo route %s is still owned by %d", c.m.Routes[claim.Route].ID, s.RouteOwner(claim.Route))
	}

	// Stop game, from the help page: the game stops and is kept.
	c.click("key help 1")
	traced("seat 1's help page", "pages=-h0")
	c.click("key abandon 1")
	traced("stop asked at seat 1", "stop=1")
	c.click("key confirm 1")
	c.until("the start screen", func() bool { return strings.Contains(c.trace, "mode=start") })
	if c.acts[len(c.acts)-1].Kind != engine.Abandon {
		t.Errorf("the last action is %s, want the abandon", engine.FormatAction(c.m, c.acts[len(c.acts)-1]))
	}
	if !keptStopped(t, dir) {
		t.Errorf("no kept game file in %s ends with the abandon", dir)
	}
}

// keptStopped reports whether a game file kept in the journal in dir
// ends with the abandon.
func keptStopped(t *testing.T, dir string) bool {
	t.Helper()
	found := false
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || found {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		l, err := journal.Decode(data)
		if err != nil || len(l.Records) == 0 {
			return nil
		}
		found = string(l.Records[len(l.Records)-1]) == "abandon"
		return nil
	})
	return found
}
