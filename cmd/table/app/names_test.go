package app

import (
	"strings"
	"testing"

	"ttr/engine"
	"ttr/input"
	"ttr/maps"
)

// TestHeaderNames: a header keeps the players' names, and a header written
// before names existed still reads, every player unnamed.
func TestHeaderNames(t *testing.T) {
	setup := input.Setup{Lang: "es", Map: "usa", First: 1, Seats: []input.SeatSetup{
		{Playing: true, Color: input.Red, Name: "Ana María"},
		{Playing: true, Color: input.Blue},
		{Playing: false, Color: input.Green, Name: "Ion"},
	}}
	s, err := engine.NewGame(maps.USA(), engine.Opts{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	data, err := encodeHeader(setup, s, 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(data), `"name"`) != 2 {
		t.Errorf("header %s: want a name for the two named seats only", data)
	}
	h, err := ParseHeader(data)
	if err != nil {
		t.Fatal(err)
	}
	got, err := h.Setup()
	if err != nil {
		t.Fatal(err)
	}
	for i, st := range got.Seats {
		if st != setup.Seats[i] {
			t.Errorf("seat %d: got %+v, want %+v", i+1, st, setup.Seats[i])
		}
	}
	old := `{"table":1,"log":"ttr v1 usa players=2","lang":"en","map":"usa","seats":[{"playing":true,"color":"red"},{"playing":true,"color":"blue"}],"first":0,"seed":3}`
	h, err = ParseHeader([]byte(old))
	if err != nil {
		t.Fatalf("a header without names: %v", err)
	}
	if got, err := h.Setup(); err != nil || got.Seats[0].Name != "" || got.Seats[1].Name != "" {
		t.Errorf("a header without names: %+v, %v", got, err)
	}
	bad := strings.Replace(old, `"color":"blue"`, `"color":"blue","name":"R2D2"`, 1)
	if h, err := ParseHeader([]byte(bad)); err == nil {
		if _, err := h.Setup(); err == nil {
			t.Error("a header with a name the table cannot show: no error")
		}
	}
}
