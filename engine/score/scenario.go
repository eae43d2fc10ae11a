package score

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"ttr/maps"
)

// A Scenario is a finished board read from a scenario file (the format of
// engine/score/testdata/scenarios/FORMAT.md): the map and each player's routes, stations
// and tickets.
type Scenario struct {
	Description string
	Map         *maps.Map
	Players     []Player
	// TicketEnds gives, per player and ticket, the two city indexes in the
	// order the file names them, which Report repeats.
	TicketEnds [][][2]int
	// Expected is the file's "expected" value as written (nil if absent).
	// It is kept, not checked: tests compare it with Report.
	Expected json.RawMessage
}

// Wire format of scenario files.
type (
	scenarioFile struct {
		Description string           `json:"description,omitempty"`
		Map         string           `json:"map"`
		Players     []scenarioPlayer `json:"players"`
		Expected    json.RawMessage  `json:"expected,omitempty"`
	}
	scenarioPlayer struct {
		Name     string       `json:"name"`
		Routes   []string     `json:"routes"`
		Stations []string     `json:"stations,omitempty"`
		Tickets  []ticketEnds `json:"tickets"`
	}
	ticketEnds struct {
		A string `json:"a"`
		B string `json:"b"`
	}
)

// ReadScenario decodes a scenario file and validates it (see Validate). Any
// field besides those of the format is an error. The error is one line that
// says what is wrong and where, e.g.
// `score: player "red": route "paris--wien--1": unknown route`.
func ReadScenario(r io.Reader) (*Scenario, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("score: reading the scenario: %w", err)
	}
	f, err := decodeScenario(data)
	if err != nil {
		return nil, err
	}
	m, err := maps.Load(f.Map)
	if err != nil {
		return nil, fmt.Errorf("score: map %q: unknown map (usa or europe)", f.Map)
	}
	if n := len(f.Players); n < 2 || n > 5 {
		return nil, fmt.Errorf("score: %s: want 2 to 5", countPlayers(n))
	}
	s := &Scenario{
		Description: f.Description, Map: m, Expected: f.Expected,
		Players:    make([]Player, len(f.Players)),
		TicketEnds: make([][][2]int, len(f.Players)),
	}
	for i, fp := range f.Players {
		fail := func(format string, args ...any) error {
			if fp.Name == "" {
				return fmt.Errorf("score: player %d: "+format, append([]any{i + 1}, args...)...)
			}
			return fmt.Errorf("score: player %q: "+format, append([]any{fp.Name}, args...)...)
		}
		p := Player{
			Name:     fp.Name,
			Routes:   make([]int, 0, len(fp.Routes)),
			Stations: make([]int, 0, len(fp.Stations)),
			Tickets:  make([]int, 0, len(fp.Tickets)),
		}
		for _, id := range fp.Routes {
			r, ok := m.Route(id)
			if !ok {
				return nil, fail("route %q: unknown route", id)
			}
			p.Routes = append(p.Routes, r)
		}
		for _, id := range fp.Stations {
			c, ok := m.City(id)
			if !ok {
				return nil, fail("station %q: unknown city", id)
			}
			p.Stations = append(p.Stations, c)
		}
		ends := make([][2]int, 0, len(fp.Tickets))
		for _, te := range fp.Tickets {
			name := te.A + "-" + te.B
			a, okA := m.City(te.A)
			b, okB := m.City(te.B)
			switch {
			case !okA:
				return nil, fail("ticket %q: unknown city %q", name, te.A)
			case !okB:
				return nil, fail("ticket %q: unknown city %q", name, te.B)
			}
			t, ok := m.Ticket(te.A, te.B)
			if !ok {
				return nil, fail("ticket %q: no such ticket on the %s map", name, m.ID)
			}
			p.Tickets = append(p.Tickets, t)
			ends = append(ends, [2]int{a, b})
		}
		s.Players[i] = p
		s.TicketEnds[i] = ends
	}
	if err := Validate(m, s.Players); err != nil {
		return nil, err
	}
	return s, nil
}

// decodeScenario decodes a scenario file field by field, so that an error
// names the field, and the player, at fault.
func decodeScenario(data []byte) (scenarioFile, error) {
	var f scenarioFile
	var top map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&top); err != nil {
		var syn *json.SyntaxError
		switch {
		case errors.As(err, &syn):
			return f, fmt.Errorf("score: scenario: byte %d: %w", syn.Offset, err)
		case errors.Is(err, io.EOF):
			return f, errors.New("score: scenario: empty file")
		case errors.Is(err, io.ErrUnexpectedEOF):
			return f, errors.New("score: scenario: the file ends inside the JSON object")
		}
		return f, errors.New("score: scenario: want a JSON object")
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return f, errors.New("score: scenario: data after the JSON object")
	}
	if top == nil {
		return f, errors.New("score: scenario: want a JSON object")
	}
	for k := range top {
		switch k {
		case "description", "map", "players", "expected":
		default:
			return f, fmt.Errorf("score: scenario: unknown field %q (want description, map, players, expected)", k)
		}
	}
	field := func(raw json.RawMessage, v any, name, want string) error {
		if raw == nil {
			return nil
		}
		if err := json.Unmarshal(raw, v); err != nil {
			return fmt.Errorf("%q: want %s", name, want)
		}
		return nil
	}
	for _, fl := range []struct {
		name, want string
		v          any
	}{
		{"description", "a string", &f.Description},
		{"map", "a string", &f.Map},
	} {
		if err := field(top[fl.name], fl.v, fl.name, fl.want); err != nil {
			return f, fmt.Errorf("score: scenario: %w", err)
		}
	}
	var list []map[string]json.RawMessage
	if err := field(top["players"], &list, "players", "a list of objects"); err != nil {
		return f, fmt.Errorf("score: scenario: %w", err)
	}
	if e, ok := top["expected"]; ok {
		f.Expected = e
	}
	for i, obj := range list {
		var p scenarioPlayer
		where := fmt.Sprintf("player %d", i+1)
		if err := field(obj["name"], &p.Name, "name", "a string"); err != nil {
			return f, fmt.Errorf("score: %s: %w", where, err)
		}
		if p.Name != "" {
			where = fmt.Sprintf("player %q", p.Name)
		}
		for k := range obj {
			switch k {
			case "name", "routes", "stations", "tickets":
			default:
				return f, fmt.Errorf("score: %s: unknown field %q (want name, routes, stations, tickets)", where, k)
			}
		}
		for _, fl := range []struct {
			name, want string
			v          any
		}{
			{"routes", "a list of route ids", &p.Routes},
			{"stations", "a list of city ids", &p.Stations},
			{"tickets", `a list of {"a": city, "b": city}`, &p.Tickets},
		} {
			if err := field(obj[fl.name], fl.v, fl.name, fl.want); err != nil {
				return f, fmt.Errorf("score: %s: %w", where, err)
			}
		}
		// A ticket has exactly the fields a and b.
		var tickets []map[string]json.RawMessage
		_ = json.Unmarshal(obj["tickets"], &tickets)
		for _, tk := range tickets {
			for k := range tk {
				if k != "a" && k != "b" {
					return f, fmt.Errorf("score: %s: ticket: unknown field %q (want a, b)", where, k)
				}
			}
		}
		f.Players = append(f.Players, p)
	}
	return f, nil
}

// countPlayers says "1 player" or "n players".
func countPlayers(n int) string {
	if n == 1 {
		return "1 player"
	}
	return fmt.Sprintf("%d players", n)
}

// MarshalJSON writes the scenario in the file format ReadScenario reads,
// indented by two spaces.
func (s *Scenario) MarshalJSON() ([]byte, error) {
	f := scenarioFile{Description: s.Description, Map: s.Map.ID, Expected: s.Expected}
	for i, p := range s.Players {
		fp := scenarioPlayer{Name: p.Name, Routes: []string{}, Tickets: []ticketEnds{}}
		for _, r := range p.Routes {
			fp.Routes = append(fp.Routes, s.Map.Routes[r].ID)
		}
		for _, c := range p.Stations {
			fp.Stations = append(fp.Stations, s.Map.Cities[c].ID)
		}
		for j, t := range p.Tickets {
			a, b := s.Map.Tickets[t].A, s.Map.Tickets[t].B
			if i < len(s.TicketEnds) && j < len(s.TicketEnds[i]) {
				a, b = s.TicketEnds[i][j][0], s.TicketEnds[i][j][1]
			}
			fp.Tickets = append(fp.Tickets, ticketEnds{s.Map.Cities[a].ID, s.Map.Cities[b].ID})
		}
		f.Players = append(f.Players, fp)
	}
	if f.Players == nil {
		f.Players = []scenarioPlayer{}
	}
	return json.MarshalIndent(f, "", "  ")
}

// Score returns the final scoring of the scenario's board.
func (s *Scenario) Score() Result { return Final(s.Map, s.Players) }

// A Report is a Result in the result file format of FORMAT.md, with ids
// instead of indexes. json.Marshal gives the documented JSON.
type Report struct {
	Players   []PlayerReport `json:"players"`
	Winners   []string       `json:"winners"`
	DecidedBy string         `json:"decided_by"`
}

// A PlayerReport is one player's part of a Report.
type PlayerReport struct {
	Name          string             `json:"name"`
	RoutePoints   int                `json:"route_points"`
	Tickets       []TicketReport     `json:"tickets"`
	TicketPoints  int                `json:"ticket_points"`
	StationsBuilt int                `json:"stations_built"`
	StationPoints int                `json:"station_points"`
	StationRoutes map[string]*string `json:"station_routes"` // city id -> route id, or null
	LongestPath   int                `json:"longest_path"`
	LongestBonus  int                `json:"longest_bonus"`
	Total         int                `json:"total"`
}

// A TicketReport is one ticket of a PlayerReport.
type TicketReport struct {
	A         string `json:"a"`
	B         string `json:"b"`
	Points    int    `json:"points"`
	Completed bool   `json:"completed"`
}

// Report converts r, a result on map m, to the result file format. Tickets
// name their cities in the map's order.
func (r Result) Report(m *maps.Map) Report {
	rep := Report{Players: make([]PlayerReport, len(r.Players)), Winners: make([]string, 0, len(r.Winners)), DecidedBy: r.DecidedBy.String()}
	for i, p := range r.Players {
		pr := PlayerReport{
			Name: p.Name, RoutePoints: p.RoutePoints, TicketPoints: p.TicketPoints,
			StationsBuilt: p.StationsBuilt, StationPoints: p.StationPoints,
			Tickets:       make([]TicketReport, len(p.Tickets)),
			StationRoutes: make(map[string]*string, len(p.StationRoutes)),
			LongestPath:   p.LongestPath, LongestBonus: p.LongestBonus, Total: p.Total,
		}
		for j, t := range p.Tickets {
			tk := &m.Tickets[t.Ticket]
			pr.Tickets[j] = TicketReport{m.Cities[tk.A].ID, m.Cities[tk.B].ID, tk.Points, t.Completed}
		}
		for c, rt := range p.StationRoutes {
			var id *string
			if rt >= 0 {
				id = &m.Routes[rt].ID
			}
			pr.StationRoutes[m.Cities[c].ID] = id
		}
		rep.Players[i] = pr
	}
	for _, w := range r.Winners {
		rep.Winners = append(rep.Winners, r.Players[w].Name)
	}
	return rep
}

// Report converts r, the scenario's result, to the result file format, with
// each ticket's cities in the order the scenario names them.
func (s *Scenario) Report(r Result) Report {
	rep := r.Report(s.Map)
	for i := range rep.Players {
		if i >= len(s.TicketEnds) {
			break
		}
		for j := range rep.Players[i].Tickets {
			if j < len(s.TicketEnds[i]) {
				e := s.TicketEnds[i][j]
				rep.Players[i].Tickets[j].A = s.Map.Cities[e[0]].ID
				rep.Players[i].Tickets[j].B = s.Map.Cities[e[1]].ID
			}
		}
	}
	return rep
}
