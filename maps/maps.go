package maps

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"sync"
)

//go:embed data/*.json
var files embed.FS

// Color is the colour of a route or of a train card. Gray is only a route
// colour (any one colour pays for it); the eight others are both.
type Color uint8

// The route and card colours, in the order the rule books list the cards.
const (
	Gray Color = iota
	Purple
	Blue
	Orange
	White
	Green
	Yellow
	Black
	Red
)

// NumColors is the number of card colours (Gray excluded).
const NumColors = 8

var colorNames = [...]string{"gray", "purple", "blue", "orange", "white", "green", "yellow", "black", "red"}

// String returns the colour's data-file name.
func (c Color) String() string {
	if int(c) < len(colorNames) {
		return colorNames[c]
	}
	return "Color(" + strconv.Itoa(int(c)) + ")"
}

// ParseColor returns the colour named by s, as written in the data files.
func ParseColor(s string) (Color, bool) {
	for i, n := range colorNames {
		if n == s {
			return Color(i), true
		}
	}
	return 0, false
}

// Kind says how a route is claimed.
type Kind uint8

// Route kinds.
const (
	Normal Kind = iota
	Tunnel      // three cards are revealed after paying; matches cost extra
	Ferry       // needs a locomotive for each locomotive space
)

var kindNames = [...]string{"normal", "tunnel", "ferry"}

// String returns the kind's data-file name.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Point is a position on the board image, in pixels, origin top left.
type Point struct{ X, Y float64 }

// A City is a place on the board.
type City struct {
	Index int    // position in Map.Cities
	ID    string // lower-case ASCII, e.g. "munchen"
	Name  string // as printed on the board, e.g. "München"
	Lat   float64
	Lon   float64
	Board Point // position on the board image (BoardSize)
}

// A Route links two cities with Length car spaces.
type Route struct {
	Index       int    // position in Map.Routes
	ID          string // "<a>--<b>--<n>"
	A, B        int    // city indexes, A's id sorts before B's
	Length      int
	Color       Color
	Kind        Kind
	Locomotives int // ferry locomotive spaces; 0 for other kinds
	Twin        int // index of the other half of a double route, or -1
	Points      int // from the map's route scoring table
}

// Other returns the route's other end, given one of its cities.
func (r *Route) Other(city int) int {
	if city == r.A {
		return r.B
	}
	return r.A
}

// A DestinationTicket asks for two cities to be connected.
type DestinationTicket struct {
	Index  int // position in Map.Tickets
	A, B   int // city indexes
	Points int
	Long   bool // one of Europe's six long tickets (blue back)
}

// Returned says where tickets that players give back go.
type Returned uint8

// Where returned tickets go.
const (
	ToBottom Returned = iota // under the ticket deck (USA, and mid-game on both maps)
	ToBox                    // out of the game (Europe set-up, unused long tickets too)
)

// Rules are the parts of the rules printed beside the board that differ
// between maps.
type Rules struct {
	Scoring          map[int]int // route points by length
	Stations         int         // stations per player (Europe 3, USA 0)
	SetupTickets     int         // regular tickets dealt to each player at set-up
	SetupLongTickets int         // long tickets dealt to each player at set-up
	SetupKeep        int         // tickets each player keeps at least, at set-up
	SetupReturned    Returned    // where the set-up's returned tickets go
}

// A Map is one board with its rules.
type Map struct {
	ID        string // "usa" or "europe"
	Name      string
	Cities    []City
	Routes    []Route
	Tickets   []DestinationTicket
	Rules     Rules
	BoardSize Point // size of the board image the City.Board positions refer to

	cityIndex  map[string]int
	routeIndex map[string]int
}

// BoardSize is the size of the board image both maps' positions refer to.
var boardSize = Point{1744, 1125}

// City returns the index of the city with the given id.
func (m *Map) City(id string) (int, bool) {
	i, ok := m.cityIndex[id]
	return i, ok
}

// Route returns the index of the route with the given id.
func (m *Map) Route(id string) (int, bool) {
	i, ok := m.routeIndex[id]
	return i, ok
}

// Ticket returns the index of the ticket between two cities, in either order.
func (m *Map) Ticket(a, b string) (int, bool) {
	ia, ok1 := m.cityIndex[a]
	ib, ok2 := m.cityIndex[b]
	if !ok1 || !ok2 {
		return 0, false
	}
	for i := range m.Tickets {
		t := &m.Tickets[i]
		if (t.A == ia && t.B == ib) || (t.A == ib && t.B == ia) {
			return i, true
		}
	}
	return 0, false
}

// Maps returns the ids of the embedded maps, sorted.
func Maps() []string { return []string{"europe", "usa"} }

// USA returns the North America map. The embedded data is checked by the
// package's tests, so a failure here is a build defect and panics.
func USA() *Map { return mustLoad("usa") }

// Europe returns the Europe map; see USA.
func Europe() *Map { return mustLoad("europe") }

func mustLoad(id string) *Map {
	m, err := Load(id)
	if err != nil {
		panic(err)
	}
	return m
}

// Load returns the embedded map with the given id ("usa" or "europe").
// A map is one thing on the table: every call for an id returns the same
// Map, parsed once, so that a new game on the map the screen already shows
// is the same map to it (laid out once, not again at each game). A loaded
// Map is shared and read only: nothing may change it.
func Load(id string) (*Map, error) {
	loaded.mu.Lock()
	defer loaded.mu.Unlock()
	if m, ok := loaded.maps[id]; ok {
		return m, nil
	}
	m, err := load(id)
	if err != nil {
		return nil, err
	}
	if loaded.maps == nil {
		loaded.maps = map[string]*Map{}
	}
	loaded.maps[id] = m
	return m, nil
}

// loaded holds the maps Load parsed, by id.
var loaded struct {
	mu   sync.Mutex
	maps map[string]*Map
}

// load parses the embedded map id.
func load(id string) (*Map, error) {
	data, err := files.ReadFile("data/" + id + ".json")
	if err != nil {
		return nil, fmt.Errorf("maps: unknown map %q (known: usa, europe)", id)
	}
	rules, err := files.ReadFile("data/rules.json")
	if err != nil {
		return nil, fmt.Errorf("maps: %w", err)
	}
	return Parse(data, rules)
}

// Wire formats of the data files; decoding rejects unknown fields.
type (
	fileMap struct {
		ID      string       `json:"id"`
		Name    string       `json:"name"`
		Cities  []fileCity   `json:"cities"`
		Routes  []fileRoute  `json:"routes"`
		Tickets []fileTicket `json:"tickets"`
	}
	fileCity struct {
		ID      string     `json:"id"`
		Name    string     `json:"name"`
		Lat     *float64   `json:"lat"`
		Lon     *float64   `json:"lon"`
		BoardXY *[]float64 `json:"board_xy"`
	}
	fileRoute struct {
		ID          string `json:"id"`
		A           string `json:"a"`
		B           string `json:"b"`
		Length      int    `json:"length"`
		Color       string `json:"color"`
		Kind        string `json:"kind"`
		Locomotives int    `json:"locomotives"`
	}
	fileTicket struct {
		A      string `json:"a"`
		B      string `json:"b"`
		Points int    `json:"points"`
		Long   *bool  `json:"long"`
	}
	fileRules struct {
		Scoring          map[string]int `json:"scoring"`
		Stations         int            `json:"stations"`
		SetupTickets     int            `json:"setup_tickets"`
		SetupLongTickets int            `json:"setup_long_tickets"`
		SetupKeep        int            `json:"setup_keep"`
		ReturnedTickets  string         `json:"returned_tickets"`
	}
)

var idRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing data after the JSON value")
	}
	return nil
}

// Parse decodes and validates a map data file (the format of shared/maps)
// with the rules file that goes with it. The error names the map and the
// city, route or ticket at fault.
func Parse(mapData, rulesData []byte) (*Map, error) {
	var fm fileMap
	if err := decodeStrict(mapData, &fm); err != nil {
		return nil, fmt.Errorf("maps: map file: %w", err)
	}
	if !idRE.MatchString(fm.ID) {
		return nil, fmt.Errorf("maps: map id %q: want lower-case letters, digits and hyphens", fm.ID)
	}
	fail := func(format string, args ...any) (*Map, error) {
		return nil, fmt.Errorf("maps: %s: "+format, append([]any{fm.ID}, args...)...)
	}
	var allRules map[string]fileRules
	if err := decodeStrict(rulesData, &allRules); err != nil {
		return fail("rules file: %v", err)
	}
	fr, ok := allRules[fm.ID]
	if !ok {
		return fail("rules file has no entry for this map")
	}
	rules, err := parseRules(fr)
	if err != nil {
		return fail("rules: %v", err)
	}
	m := &Map{
		ID: fm.ID, Name: fm.Name, Rules: rules, BoardSize: boardSize,
		cityIndex:  make(map[string]int, len(fm.Cities)),
		routeIndex: make(map[string]int, len(fm.Routes)),
	}
	if fm.Name == "" {
		return fail("the map has no name")
	}
	if len(fm.Cities) < 2 || len(fm.Routes) == 0 {
		return fail("the map needs at least two cities and one route")
	}
	for i, c := range fm.Cities {
		if !idRE.MatchString(c.ID) {
			return fail("city %d: id %q: want lower-case letters, digits and hyphens", i, c.ID)
		}
		if _, dup := m.cityIndex[c.ID]; dup {
			return fail("city %q: listed twice", c.ID)
		}
		if c.Name == "" {
			return fail("city %q: no name", c.ID)
		}
		if c.Lat == nil || c.Lon == nil || *c.Lat < -90 || *c.Lat > 90 || *c.Lon < -180 || *c.Lon > 180 {
			return fail("city %q: lat and lon must be given, within ±90 and ±180", c.ID)
		}
		city := City{Index: i, ID: c.ID, Name: c.Name, Lat: *c.Lat, Lon: *c.Lon}
		if c.BoardXY == nil {
			return fail("city %q: no board_xy position", c.ID)
		}
		xy := *c.BoardXY
		if len(xy) != 2 || xy[0] < 0 || xy[1] < 0 || xy[0] > boardSize.X || xy[1] > boardSize.Y {
			return fail("city %q: board_xy %v: want [x, y] within the %gx%g board", c.ID, xy, boardSize.X, boardSize.Y)
		}
		city.Board = Point{xy[0], xy[1]}
		m.cityIndex[c.ID] = i
		m.Cities = append(m.Cities, city)
	}
	pairs := map[[2]int][]int{}
	for i, fr := range fm.Routes {
		r, err := m.parseRoute(i, fr)
		if err != nil {
			return fail("%v", err)
		}
		m.routeIndex[r.ID] = i
		m.Routes = append(m.Routes, r)
		pairs[[2]int{r.A, r.B}] = append(pairs[[2]int{r.A, r.B}], i)
	}
	for i := range m.Routes {
		r := &m.Routes[i]
		idx := pairs[[2]int{r.A, r.B}]
		if idx[0] != i {
			continue // checked with the pair's first route
		}
		for n, i := range idx {
			r := &m.Routes[i]
			if want := fmt.Sprintf("%s--%s--%d", m.Cities[r.A].ID, m.Cities[r.B].ID, n+1); r.ID != want {
				return fail("route %q: want id %q (parallel routes are numbered 1, 2 in file order)", r.ID, want)
			}
		}
		switch len(idx) {
		case 1:
		case 2:
			r1, r2 := &m.Routes[idx[0]], &m.Routes[idx[1]]
			if r1.Length != r2.Length || r1.Kind != r2.Kind || r1.Locomotives != r2.Locomotives {
				return fail("double route %q: its halves differ in length, kind or locomotives", r1.ID)
			}
			if r1.Color != Gray && r1.Color == r2.Color {
				return fail("double route %q: both halves are %s", r1.ID, r1.Color)
			}
			if r1.Color.String() > r2.Color.String() {
				return fail("double route %q: halves must be numbered in alphabetical order of colour (%s before %s)", r1.ID, r2.Color, r1.Color)
			}
			r1.Twin, r2.Twin = r2.Index, r1.Index
		default:
			return fail("route %q: %d parallel routes between the same cities; at most 2", m.Routes[idx[0]].ID, len(idx))
		}
	}
	seen := map[[2]int]bool{}
	for i, ft := range fm.Tickets {
		name := ft.A + "-" + ft.B
		a, okA := m.cityIndex[ft.A]
		b, okB := m.cityIndex[ft.B]
		switch {
		case !okA:
			return fail("ticket %s: unknown city %q", name, ft.A)
		case !okB:
			return fail("ticket %s: unknown city %q", name, ft.B)
		case a == b:
			return fail("ticket %s: both ends are the same city", name)
		case ft.Points <= 0:
			return fail("ticket %s: points %d: must be positive", name, ft.Points)
		case ft.Long == nil:
			return fail("ticket %s: no long flag", name)
		}
		key := [2]int{min(a, b), max(a, b)}
		if seen[key] {
			return fail("ticket %s: listed twice", name)
		}
		seen[key] = true
		m.Tickets = append(m.Tickets, DestinationTicket{Index: i, A: a, B: b, Points: ft.Points, Long: *ft.Long})
	}
	long := 0
	for _, t := range m.Tickets {
		if t.Long {
			long++
		}
	}
	if rules.SetupLongTickets > 0 && long == 0 {
		return fail("the rules deal long tickets but the map has none")
	}
	if rules.SetupLongTickets == 0 && long > 0 {
		return fail("%d long tickets but the rules deal none", long)
	}
	if len(m.Tickets)-long < rules.SetupTickets {
		return fail("%d regular tickets: fewer than one player's set-up hand", len(m.Tickets)-long)
	}
	if c := m.unreached(); c != "" {
		return fail("city %q cannot be reached from %q: the board is not connected", c, m.Cities[0].ID)
	}
	return m, nil
}

func (m *Map) parseRoute(i int, fr fileRoute) (Route, error) {
	name := fr.ID
	if name == "" {
		name = fmt.Sprintf("#%d", i)
	}
	a, okA := m.cityIndex[fr.A]
	b, okB := m.cityIndex[fr.B]
	switch {
	case !okA:
		return Route{}, fmt.Errorf("route %q: unknown city %q", name, fr.A)
	case !okB:
		return Route{}, fmt.Errorf("route %q: unknown city %q", name, fr.B)
	case a == b:
		return Route{}, fmt.Errorf("route %q: both ends are %q", name, fr.A)
	case fr.A > fr.B:
		return Route{}, fmt.Errorf("route %q: ends must be in alphabetical order (%q before %q)", name, fr.B, fr.A)
	}
	if _, dup := m.routeIndex[fr.ID]; dup {
		return Route{}, fmt.Errorf("route %q: listed twice", name)
	}
	pts, ok := m.Rules.Scoring[fr.Length]
	if !ok {
		return Route{}, fmt.Errorf("route %q: length %d is not in the map's scoring table", name, fr.Length)
	}
	col, ok := ParseColor(fr.Color)
	if !ok {
		return Route{}, fmt.Errorf("route %q: unknown colour %q", name, fr.Color)
	}
	var kind Kind
	switch fr.Kind {
	case "normal":
		kind = Normal
	case "tunnel":
		kind = Tunnel
	case "ferry":
		kind = Ferry
	default:
		return Route{}, fmt.Errorf("route %q: unknown kind %q (normal, tunnel or ferry)", name, fr.Kind)
	}
	if kind == Ferry {
		if fr.Locomotives < 1 || fr.Locomotives > fr.Length {
			return Route{}, fmt.Errorf("route %q: a ferry needs 1 to %d locomotive spaces, not %d", name, fr.Length, fr.Locomotives)
		}
		if col != Gray {
			return Route{}, fmt.Errorf("route %q: a ferry is gray, not %s", name, col)
		}
	} else if fr.Locomotives != 0 {
		return Route{}, fmt.Errorf("route %q: only ferries have locomotive spaces (%d given)", name, fr.Locomotives)
	}
	return Route{
		Index: i, ID: fr.ID, A: a, B: b, Length: fr.Length, Color: col, Kind: kind,
		Locomotives: fr.Locomotives, Twin: -1, Points: pts,
	}, nil
}

func parseRules(fr fileRules) (Rules, error) {
	r := Rules{
		Scoring: map[int]int{}, Stations: fr.Stations, SetupTickets: fr.SetupTickets,
		SetupLongTickets: fr.SetupLongTickets, SetupKeep: fr.SetupKeep,
	}
	if len(fr.Scoring) == 0 {
		return r, errors.New("no scoring table")
	}
	for k, v := range fr.Scoring {
		n, err := strconv.Atoi(k)
		if err != nil || n < 1 || n > 45 {
			return r, fmt.Errorf("scoring: length %q: want a whole number of cars", k)
		}
		if v < 1 {
			return r, fmt.Errorf("scoring: length %d: points %d must be positive", n, v)
		}
		r.Scoring[n] = v
	}
	switch {
	case fr.Stations < 0 || fr.Stations > 3:
		return r, fmt.Errorf("stations %d: want 0 to 3", fr.Stations)
	case fr.SetupTickets < 1:
		return r, fmt.Errorf("setup_tickets %d: want at least 1", fr.SetupTickets)
	case fr.SetupLongTickets < 0:
		return r, fmt.Errorf("setup_long_tickets %d: want 0 or more", fr.SetupLongTickets)
	case fr.SetupKeep < 1 || fr.SetupKeep > fr.SetupTickets+fr.SetupLongTickets:
		return r, fmt.Errorf("setup_keep %d: want 1 to the number dealt", fr.SetupKeep)
	}
	switch fr.ReturnedTickets {
	case "bottom":
		r.SetupReturned = ToBottom
	case "box":
		r.SetupReturned = ToBox
	default:
		return r, fmt.Errorf("returned_tickets %q: want bottom or box", fr.ReturnedTickets)
	}
	return r, nil
}

// unreached returns the id of a city no route path reaches from the first
// city, or "" when the board is connected.
func (m *Map) unreached() string {
	adj := make([][]int, len(m.Cities))
	for _, r := range m.Routes {
		adj[r.A] = append(adj[r.A], r.B)
		adj[r.B] = append(adj[r.B], r.A)
	}
	seen := make([]bool, len(m.Cities))
	seen[0] = true
	stack := []int{0}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, n := range adj[c] {
			if !seen[n] {
				seen[n] = true
				stack = append(stack, n)
			}
		}
	}
	var missing []string
	for i, ok := range seen {
		if !ok {
			missing = append(missing, m.Cities[i].ID)
		}
	}
	if len(missing) == 0 {
		return ""
	}
	sort.Strings(missing)
	return missing[0]
}
