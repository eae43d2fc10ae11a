package main

import (
	"io"
	"strings"
	"testing"
)

func TestParseWindowFlags(t *testing.T) {
	for _, tc := range []struct {
		name    string
		args    string
		want    windowOpts
		wantErr string
	}{
		{"defaults", "", windowOpts{mapID: "europe", seats: 4, width: 1600, height: 900}, ""},
		{"make sim MAP=usa SEATS=3", "-map usa -seats 3", windowOpts{mapID: "usa", seats: 3, width: 1600, height: 900}, ""},
		{"a small screen", "-width 800 -height 480", windowOpts{mapID: "europe", seats: 4, width: 800, height: 480}, ""},
		{"scripted screenshot", "-frames 2 -screenshot out.png", windowOpts{mapID: "europe", seats: 4, width: 1600, height: 900, frames: 2, screenshot: "out.png"}, ""},
		{"unknown map", "-map mars", windowOpts{}, `-map "mars": choose europe or usa`},
		{"one seat", "-seats 1", windowOpts{}, "-seats 1: the games are for 2 to 5 players"},
		{"six seats", "-seats 6", windowOpts{}, "-seats 6: the games are for 2 to 5 players"},
		{"tiny window", "-width 100 -height 100", windowOpts{}, "must be at least 320x240"},
		{"screenshot without frames", "-screenshot out.png", windowOpts{}, "-screenshot needs -frames"},
		{"stray argument", "europe", windowOpts{}, `unexpected argument "europe"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseWindowFlags(strings.Fields(tc.args), io.Discard)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("got error %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			if got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestBoardAreaLeavesRoomForPanels(t *testing.T) {
	for _, size := range [][2]int{{800, 480}, {1600, 900}, {1920, 1080}} {
		a := boardArea(size[0], size[1])
		w, h := float32(size[0]), float32(size[1])
		if a.X < 0 || a.Y < h*0.05 || a.X+a.W > w*0.8 || a.Y+a.H > h*0.95 {
			t.Errorf("%dx%d: board area %+v leaves no room for the panels and the market", size[0], size[1], a)
		}
	}
}
