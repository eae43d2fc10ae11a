package owner

import (
	"fmt"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"ttr/cmd/table/app"
	"ttr/engine"
	"ttr/hal/journal"
	"ttr/hal/storage"
	"ttr/input"
)

// Message keys of the history and the records (the catalogue's
// owner_history table).
const (
	KeyGameLine       = "owner_history.line"         // Number, Map, Winner, Points
	KeyGameStopped    = "owner_history.stopped"      // Number, Map
	KeyGameSetAside   = "owner_history.set_aside"    // Number, File
	KeyGameUnreadable = "owner_history.unreadable"   // Number, File
	KeyTimeUnknown    = "owner_history.time_unknown" //
	KeyPlayerScore    = "owner_history.player"       // Player, Points, Longest
	KeyNoGames        = "owner_history.none"         //
	KeyRecordLine     = "owner_history.record"       // Name, Games, Wins, Best, Longest
	KeyCountGames     = "owner_history.games"        // Count
	KeyCountWins      = "owner_history.wins"         // Count
	keyPlayerName     = "player.name"
	keyPlayerColor    = "player_color."
	keyMapName        = "map."
)

// Kept says what became of a game the history lists.
type Kept uint8

// The kinds of games listed.
const (
	Finished   Kept = iota + 1 // played to its end
	Stopped                    // closed before its end
	SetAside                   // kept aside: a game that waited for its config, or whose records do not replay
	Unreadable                 // its file is damaged
)

// Game is one game of the history.
type Game struct {
	// Number is the game's number: its file's sequence number, which
	// grows by one a game whatever the clock says.
	Number int
	// File is the game's file name, in the logs' history folder (or, set
	// aside or unreadable, in the logs folder).
	File string
	Kept Kept
	// Map is the map's id ("europe", "usa"); "" when unreadable.
	Map string
	// Players are the players in play order, with their final scores.
	Players []Player
	// Line is the game in one line for the list, Time what is known of
	// its time (always that it is unknown: the table has no clock).
	Line, Time input.Text

	entry journal.Entry
}

// Player is one player of a finished game.
type Player struct {
	Seat    int    // from 0
	Name    string // as typed; "" for a player called by their colour
	Color   string
	Score   int
	Longest int // trains in their longest continuous route
	Won     bool
	// Line is the player's name, score and longest route.
	Line input.Text
}

// Who is the player as the screen names them: their name, else their
// colour.
func (p Player) Who() input.Text {
	if p.Name != "" {
		return input.Text{Key: keyPlayerName, Args: map[string]any{"Name": p.Name}}
	}
	return input.Text{Key: keyPlayerColor + p.Color}
}

// Record is one player's records over the finished games.
type Record struct {
	Name    string
	Games   int
	Wins    int
	Best    int // best score
	Longest int // longest route, in trains
	Line    input.Text
}

// History is the finished, stopped, set-aside and unreadable games of a
// logs folder, newest first, and the records of the players by name.
type History struct {
	Games   []Game
	Records []Record
	// Empty is said when there is no game at all.
	Empty input.Text
}

// LoadHistory reads the games of the logs folder dir on fsys. It never
// changes or deletes a file. A finished game's longest routes come from
// its summary; a game written before the summary kept them is replayed
// once for them.
func LoadHistory(fsys storage.FS, dir string) (*History, error) {
	return (*History)(nil).Reload(fsys, dir)
}

// Reload reads the history of dir again, as LoadHistory does, without
// replaying the finished games h already holds (a finished game's file
// never changes): after a game, only that game is replayed. h may be nil.
func (h *History) Reload(fsys storage.FS, dir string) (*History, error) {
	entries, err := journal.History(dir, journal.Opts{FS: fsys})
	if err != nil {
		return nil, fmt.Errorf("owner: history: %w", err)
	}
	known := map[string]Game{}
	if h != nil {
		for _, g := range h.Games {
			if g.Kept == Finished || g.Kept == Stopped {
				known[g.File] = g
			}
		}
	}
	h = &History{}
	for _, e := range entries {
		if g, ok := known[e.Name]; ok && e.Err == nil {
			h.Games = append(h.Games, g)
			continue
		}
		h.Games = append(h.Games, readGame(fsys, dir, e))
	}
	names, err := fsys.ReadDir(dir)
	if err == nil {
		for _, n := range names {
			name := n.Name()
			var k Kept
			switch {
			case strings.Contains(name, ".game.aside-"):
				k = SetAside
			case strings.Contains(name, ".game.corrupt-"):
				k = Unreadable
			default:
				continue
			}
			g := Game{Number: fileNumber(name), File: name, Kept: k}
			key := KeyGameSetAside
			if k == Unreadable {
				key = KeyGameUnreadable
			}
			g.Line = input.Text{Key: key, Args: map[string]any{"Number": g.Number, "File": name}}
			g.Time = input.Text{Key: KeyTimeUnknown}
			h.Games = append(h.Games, g)
		}
	}
	sort.SliceStable(h.Games, func(i, j int) bool { return h.Games[i].Number > h.Games[j].Number })
	h.Records = records(h.Games)
	if len(h.Games) == 0 {
		h.Empty = input.Text{Key: KeyNoGames}
	}
	return h, nil
}

// fileNumber is the sequence number a game file's name begins with.
func fileNumber(name string) int {
	digits, _, _ := strings.Cut(name, "-")
	n, _ := strconv.Atoi(digits)
	return n
}

// readGame makes a Game of a history entry.
func readGame(fsys storage.FS, dir string, e journal.Entry) Game {
	g := Game{Number: fileNumber(e.Name), File: e.Name, Kept: Unreadable, entry: e, Time: input.Text{Key: KeyTimeUnknown}}
	g.Line = input.Text{Key: KeyGameUnreadable, Args: map[string]any{"Number": g.Number, "File": path.Join("history", e.Name)}}
	if e.Err != nil {
		return g
	}
	hd, err := app.ParseHeader(e.Header)
	if err != nil {
		return g
	}
	sum, err := app.ParseSummary(e.Summary)
	if err != nil {
		return g
	}
	g.Map = hd.Map
	mapName := input.Text{Key: keyMapName + hd.Map}
	if sum.Abandoned != "" || len(sum.Scores) == 0 {
		g.Kept = Stopped
		g.Line = input.Text{Key: KeyGameStopped, Args: map[string]any{"Number": g.Number, "Map": mapName}}
		return g
	}
	g.Kept = Finished
	longest := sum.Longest
	if len(longest) != len(sum.Scores) {
		longest = longestRoutes(fsys, dir, e, hd) // a game written before the summary kept them
	}
	var winners []input.Text
	best := 0
	for p, score := range sum.Scores {
		seat := p
		if p < len(sum.Seats) {
			seat = sum.Seats[p]
		}
		pl := Player{Seat: seat, Score: score, Won: slices.Contains(sum.Winners, p)}
		if seat < len(hd.Seats) {
			pl.Name, pl.Color = hd.Seats[seat].Name, hd.Seats[seat].Color
		}
		if p < len(longest) {
			pl.Longest = longest[p]
		}
		pl.Line = input.Text{Key: KeyPlayerScore, Args: map[string]any{"Player": pl.Who(), "Points": pl.Score, "Longest": pl.Longest}}
		if pl.Won {
			winners = append(winners, pl.Who())
			best = pl.Score
		}
		g.Players = append(g.Players, pl)
	}
	g.Line = input.Text{Key: KeyGameLine, Args: map[string]any{"Number": g.Number, "Map": mapName, "Winner": input.List(winners...), "Points": best}}
	return g
}

// longestRoutes replays a finished game for each player's longest
// continuous route; nil when the file cannot be replayed.
func longestRoutes(fsys storage.FS, dir string, e journal.Entry, hd app.Header) []int {
	s, err := replayEntry(fsys, dir, e, hd)
	if err != nil {
		return nil
	}
	var l []int
	for _, p := range s.Result().Players {
		l = append(l, p.LongestPath)
	}
	return l
}

// maxGameBytes bounds a game file read for its replay (journal's own
// bound on a game).
const maxGameBytes = 64 << 20

// replayEntry replays a finished game's file to its final state.
func replayEntry(fsys storage.FS, dir string, e journal.Entry, hd app.Header) (*engine.State, error) {
	data, err := storage.ReadFile(fsys, path.Join(dir, "history", e.Name), maxGameBytes)
	if err != nil {
		return nil, err
	}
	lg, err := journal.Decode(data)
	if err != nil {
		return nil, err
	}
	l, err := hd.GameLog(lg.Records)
	if err != nil {
		return nil, err
	}
	return engine.Replay(l)
}

// Final replays a finished game to its final state, for its end screen to
// be shown again.
func (h *History) Final(fsys storage.FS, dir string, g Game) (*engine.State, error) {
	if g.Kept != Finished {
		return nil, fmt.Errorf("owner: game %d did not finish", g.Number)
	}
	hd, err := app.ParseHeader(g.entry.Header)
	if err != nil {
		return nil, err
	}
	return replayEntry(fsys, dir, g.entry, hd)
}

// Setup returns the start screen's choices of game g (its seats, colours,
// names and turn order), as its file's header keeps them.
func (g Game) Setup() (input.Setup, error) {
	hd, err := app.ParseHeader(g.entry.Header)
	if err != nil {
		return input.Setup{}, err
	}
	return hd.Setup()
}

// records sums the finished games up by player name (case and accents as
// typed, compared without case); players without a name have no records.
func records(games []Game) []Record {
	by := map[string]*Record{}
	for _, g := range games {
		if g.Kept != Finished {
			continue
		}
		for _, p := range g.Players {
			if p.Name == "" {
				continue
			}
			key := strings.ToLower(p.Name)
			r := by[key]
			if r == nil {
				r = &Record{Name: p.Name, Best: p.Score}
				by[key] = r
			}
			r.Games++
			if p.Won {
				r.Wins++
			}
			r.Best = max(r.Best, p.Score)
			r.Longest = max(r.Longest, p.Longest)
		}
	}
	var rs []Record
	for _, r := range by {
		r.Line = input.Text{Key: KeyRecordLine, Args: map[string]any{
			"Name":    r.Name,
			"Games":   input.Text{Key: KeyCountGames, Args: map[string]any{"Count": r.Games}},
			"Wins":    input.Text{Key: KeyCountWins, Args: map[string]any{"Count": r.Wins}},
			"Best":    r.Best,
			"Longest": r.Longest,
		}}
		rs = append(rs, *r)
	}
	// Most wins first, then most games, then the name.
	sort.Slice(rs, func(i, j int) bool {
		a, b := rs[i], rs[j]
		if a.Wins != b.Wins {
			return a.Wins > b.Wins
		}
		if a.Games != b.Games {
			return a.Games > b.Games
		}
		return strings.ToLower(a.Name) < strings.ToLower(b.Name)
	})
	return rs
}
