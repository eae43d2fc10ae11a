package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestScoresNamePlayers runs `sim play -bots all` as a user would and
// checks that scores.json names each player (by colour, none being named)
// in the seats and the result, names the winner, and numbers the seats
// from 1 as the screen does.
func TestScoresNamePlayers(t *testing.T) {
	dir := t.TempDir()
	var out, errs bytes.Buffer
	args := []string{"-bots", "all", "-map", "usa", "-seats", "3", "-seed", "8", "-out", dir}
	if code := playCommand(args, &out, &errs); code != 0 {
		t.Fatalf("sim play: status %d: %s", code, errs.String())
	}
	data, err := os.ReadFile(filepath.Join(dir, "scores.json"))
	if err != nil {
		t.Fatal(err)
	}
	var sc Scores
	if err := json.Unmarshal(data, &sc); err != nil || sc.Result == nil {
		t.Fatalf("scores.json: %v, result %v\n%s", err, sc.Result, data)
	}
	colors := []string{"red", "blue", "green"}
	for i, s := range sc.Seats {
		if s.Seat != i+1 {
			t.Errorf("seats[%d].seat = %d, want %d (counted from 1)", i, s.Seat, i+1)
		}
		if s.Name != colors[i] || s.Color != colors[i] {
			t.Errorf("seat %d: name %q, colour %q; want %q for both", s.Seat, s.Name, s.Color, colors[i])
		}
	}
	var names []string
	for _, p := range sc.Result.Players {
		names = append(names, p.Name)
	}
	if !slices.Equal(names, colors) {
		t.Errorf("result players %q, want %q", names, colors)
	}
	if len(sc.Result.Winners) == 0 {
		t.Fatal("no winner")
	}
	best := 0
	for _, p := range sc.Result.Players {
		best = max(best, p.Total)
	}
	for _, w := range sc.Result.Winners {
		i := slices.Index(names, w)
		if i < 0 {
			t.Errorf("winner %q is not one of the players %q", w, names)
		} else if sc.Result.Players[i].Total != best {
			t.Errorf("winner %q has %d points, the best %d", w, sc.Result.Players[i].Total, best)
		}
	}
}

func TestBotsCountFromOne(t *testing.T) {
	got, err := parseBots("1,3", 4)
	if want := []bool{true, false, true, false}; err != nil || !slices.Equal(got, want) {
		t.Errorf("-bots 1,3: got %v, %v, want %v (seats 1 and 3 of the screen)", got, err, want)
	}
	for _, bad := range []string{"0", "5", "x"} {
		if _, err := parseBots(bad, 4); err == nil {
			t.Errorf("-bots %s on 4 seats: got no error", bad)
		}
	}
}
