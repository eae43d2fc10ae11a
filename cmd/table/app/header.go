package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"ttr/engine"
	"ttr/hal"
	"ttr/input"
	"ttr/maps"
)

// headerVersion is the version of the header's JSON layout.
const headerVersion = 1

// Header is a game log's header record, as JSON: what a game's log needs
// besides its actions to resume it.
type Header struct {
	// Table is the header's layout version (1).
	Table int `json:"table"`
	// Log is the engine log's header line, "ttr v1 europe players=4".
	Log string `json:"log"`
	// Lang, Map, Seats and First are the start screen's set-up.
	Lang  string       `json:"lang"`
	Map   string       `json:"map"`
	Seats []HeaderSeat `json:"seats"`
	First int          `json:"first"`
	// Order is the playing seats in turn order, each with the edge of
	// the screen it faces: play passes clockwise around the table
	// (input.Clockwise). Absent in logs written before the table knew its
	// edges, whose games resume in seat order, as they were played.
	Order []HeaderTurn `json:"order,omitempty"`
	// Seed is the digital-play seed (see Digital).
	Seed uint64 `json:"seed"`
	// FirstGame is first-game mode (input.Setup.FirstGame): absent when off,
	// and in logs written before it existed, which read the same.
	FirstGame bool `json:"first_game,omitempty"`
}

// HeaderSeat is one seat of a Header.
type HeaderSeat struct {
	Playing bool   `json:"playing"`
	Color   string `json:"color"` // "red", "blue", "green", "yellow", "black"
	// Name is the player's name, absent for none (and in logs written
	// before names existed, which read the same).
	Name string `json:"name,omitempty"`
}

// HeaderTurn is one place in a Header's turn order.
type HeaderTurn struct {
	Seat int    `json:"seat"` // the seat, from 0, as Header.First
	Edge string `json:"edge,omitempty"`
}

// Summary is a finished game's summary record, as JSON.
type Summary struct {
	// Scores are the final scores by engine player; Seats each player's
	// seat; Winners the winning players.
	Scores  []int `json:"scores"`
	Seats   []int `json:"seats"`
	Winners []int `json:"winners"`
	// Longest is each player's longest continuous route, in trains, by
	// engine player, so that the owner's history and records need not
	// replay the game; nil in games written before it was kept.
	Longest []int `json:"longest,omitempty"`
	// Actions is the number of actions in the log.
	Actions int `json:"actions"`
	// Abandoned says why a game was closed without being played to its
	// end; empty for a game that ended. Earlier versions wrote it for a
	// game whose log could not be replayed; such games are now kept aside
	// or wait for their config instead.
	Abandoned string `json:"abandoned,omitempty"`
}

// ParseSummary decodes a summary record.
func ParseSummary(data []byte) (Summary, error) {
	var s Summary
	if err := json.Unmarshal(data, &s); err != nil {
		return s, fmt.Errorf("app: summary: %w", err)
	}
	return s, nil
}

// encodeHeader returns the header of a game; edges are the edges the
// table's seats face, by seat (nil: unknown).
func encodeHeader(setup input.Setup, s *engine.State, seed uint64, edges []string) ([]byte, error) {
	line, err := logHeader(s.Map(), s.Players())
	if err != nil {
		return nil, err
	}
	h := Header{Table: headerVersion, Log: line, Lang: setup.Lang, Map: setup.Map, First: int(setup.First), Seed: seed, FirstGame: setup.FirstGame}
	for _, seat := range setup.Order {
		t := HeaderTurn{Seat: int(seat)}
		if int(seat) < len(edges) {
			t.Edge = edges[seat]
		}
		h.Order = append(h.Order, t)
	}
	for _, st := range setup.Seats {
		h.Seats = append(h.Seats, HeaderSeat{Playing: st.Playing, Color: st.Color.String(), Name: st.Name})
	}
	return json.Marshal(h)
}

// logHeader returns the engine log's header line for a game.
func logHeader(m *maps.Map, players int) (string, error) {
	text, err := (&engine.Log{Map: m, Players: players}).MarshalText()
	if err != nil {
		return "", fmt.Errorf("app: log header: %w", err)
	}
	line, _, _ := strings.Cut(string(text), "\n")
	return line, nil
}

// ParseHeader decodes a header record.
func ParseHeader(data []byte) (Header, error) {
	var h Header
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&h); err != nil {
		return h, fmt.Errorf("app: header: %w", err)
	}
	if h.Table != headerVersion {
		return h, fmt.Errorf("app: header: layout version %d, want %d", h.Table, headerVersion)
	}
	return h, nil
}

// Setup returns the header's start screen set-up.
func (h Header) Setup() (input.Setup, error) {
	s := input.Setup{Lang: h.Lang, Map: h.Map, First: hal.Seat(h.First), FirstGame: h.FirstGame}
	for i, st := range h.Seats {
		c, ok := input.ParseColor(st.Color)
		if !ok {
			return s, fmt.Errorf("app: header: seat %d: colour %q", i+1, st.Color)
		}
		if err := input.CheckName(st.Name); err != nil {
			return s, fmt.Errorf("app: header: seat %d: name: %w", i+1, err)
		}
		s.Seats = append(s.Seats, input.SeatSetup{Playing: st.Playing, Color: c, Name: st.Name})
	}
	for i, t := range h.Order {
		if t.Seat < 0 || t.Seat >= len(s.Seats) || !s.Seats[t.Seat].Playing || slices.Contains(s.Order, hal.Seat(t.Seat)) {
			return s, fmt.Errorf("app: header: order[%d]: seat %d is not a playing seat not yet named", i, t.Seat)
		}
		s.Order = append(s.Order, hal.Seat(t.Seat))
	}
	playing := 0
	for _, st := range s.Seats {
		if st.Playing {
			playing++
		}
	}
	if h.Order != nil && len(s.Order) != playing {
		return s, fmt.Errorf("app: header: order names %d seats, %d play", len(h.Order), playing)
	}
	return s, nil
}

// GameLog returns the engine log of the header and action records.
func (h Header) GameLog(records [][]byte) (*engine.Log, error) {
	var b bytes.Buffer
	b.WriteString(h.Log)
	b.WriteByte('\n')
	for i, r := range records {
		if bytes.ContainsAny(r, "\n#") {
			return nil, fmt.Errorf("app: record %d is not one action: %q", i+1, r)
		}
		b.Write(r)
		b.WriteByte('\n')
	}
	l, err := engine.ParseLog(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("app: %w", err)
	}
	if len(l.Actions) != len(records) {
		return nil, fmt.Errorf("app: %d actions in %d records", len(l.Actions), len(records))
	}
	return l, nil
}

// replayed is a game read back from its log.
type replayed struct {
	setup input.Setup
	seed  uint64
	state *engine.State
}

// replay rebuilds a game from its header and action records.
func replay(header []byte, records [][]byte) (replayed, error) {
	h, err := ParseHeader(header)
	if err != nil {
		return replayed{}, err
	}
	setup, err := h.Setup()
	if err != nil {
		return replayed{}, err
	}
	l, err := h.GameLog(records)
	if err != nil {
		return replayed{}, err
	}
	if l.Map.ID != setup.Map {
		return replayed{}, fmt.Errorf("app: header: map %q, log %q", setup.Map, l.Map.ID)
	}
	s, err := engine.Replay(l)
	if err != nil {
		return replayed{}, fmt.Errorf("app: replay: %w", err)
	}
	return replayed{setup: setup, seed: h.Seed, state: s}, nil
}

// replayActions rebuilds a game from its set-up and actions, on m when it
// is the set-up's map (loading a map parses it).
func replayActions(setup input.Setup, m *maps.Map, actions []engine.Action) (*engine.State, error) {
	if m == nil || m.ID != setup.Map {
		var err error
		if m, err = maps.Load(setup.Map); err != nil {
			return nil, err
		}
	}
	return engine.Replay(&engine.Log{Map: m, Players: len(setup.Players()), Actions: actions})
}

func encodeSummary(s *engine.State, setup input.Setup) ([]byte, error) {
	if !s.IsTerminal() {
		return nil, errors.New("app: summary of a game not over")
	}
	res := s.Result()
	sum := Summary{Scores: s.Scores(), Winners: res.Winners, Actions: len(s.History())}
	for _, p := range res.Players {
		sum.Longest = append(sum.Longest, p.LongestPath)
	}
	for _, seat := range setup.Players() {
		sum.Seats = append(sum.Seats, int(seat))
	}
	return json.Marshal(sum)
}
