package main

import (
	"slices"
	"strings"
	"testing"
	"time"

	"ttr/hal/haltest"
	"ttr/input"
)

// TestTargetsFoundAgainOnlyWhereTheScreenChanged: the window's -targets
// ask the screen's HitTest again only where the screen draws something
// differently since the last targets (targetGrid), and yet find what a
// scan of the whole screen finds, at every change of a bots game from the
// start screen to the end's ranking, compared every few changes.
func TestTargetsFoundAgainOnlyWhereTheScreenChanged(t *testing.T) {
	w := newTestWorld(t, "usa", 2, 12, []bool{true, true})
	clk := w.clock.(*haltest.Clock)
	inHiddenWindow(t, w, 2, "targets", func(u *ui) {
		var shown screenKey
		changes, compared, ended := 0, 0, 0
		for step := 0; ended < 8 && step < 5000; step++ {
			now := clk.Now()
			if _, err := w.playDigital(now); err != nil {
				t.Error(err)
				return
			}
			v := w.view()
			if v.Mode == input.ModeEnd {
				ended++ // and the ranking's reveal goes on
			}
			key := u.targetKey(&v, now)
			clk.Advance(700 * time.Millisecond)
			if key == shown && changes > 0 {
				continue
			}
			shown = key
			got := u.screenTargets(&v, key, now)
			if changes++; changes%15 != 1 && v.Mode != input.ModeEnd {
				continue
			}
			compared++
			u.grid = targetGrid{}
			want := u.screenTargets(&v, key, now)
			if !slices.Equal(got, want) {
				t.Errorf("change %d (%s, step %d): the targets found again where the screen changed differ from a whole scan's:\n%s", changes, v.Mode, step, lineDiff(got, want))
				return
			}
		}
		if ended == 0 || compared < 10 {
			t.Errorf("%d changes, %d compared, the end reached %v: want a whole game", changes, compared, ended > 0)
		}
		t.Logf("%d changes of the targets, %d compared with a whole scan", changes, compared)
	})
}

// lineDiff shows the lines only one of got and want has.
func lineDiff(got, want []string) string {
	var b strings.Builder
	for _, l := range got {
		if !slices.Contains(want, l) {
			b.WriteString("  found: " + l + "\n")
		}
	}
	for _, l := range want {
		if !slices.Contains(got, l) {
			b.WriteString("  whole: " + l + "\n")
		}
	}
	return b.String()
}
