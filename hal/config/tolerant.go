package config

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"ttr/hal"
)

// Result is what Read makes of a config file: the config the table runs
// with, and what it had to leave out to get it.
type Result struct {
	// Config is always usable: every field valid, 2 to 5 seats, each
	// colour once.
	Config *Config
	// Problems are the file's mistakes (with line, field and fix), then
	// what the table did about them (Line 0: a field it ignored, a value
	// it used instead, a seat it runs without its hardware). None for a
	// good file.
	Problems []Problem
	// Unwired says, by seat, whose reader and buttons are not opened
	// because their wiring in the file is wrong: the seat still plays on
	// the glass.
	Unwired []bool
	// Defaults reports that the file could not be used at all (missing,
	// unreadable, not JSON): Config is Default's, in the file's language
	// when that could be read.
	Defaults bool
}

// Messages of what Read did about a problem (keys of the config_problem
// table, with their arguments).
const (
	// KeyFileMissing: no config at File: the example's settings are used.
	KeyFileMissing = KeyPrefix + "file_missing"
	// KeyFileUnreadable: File could not be read (Err): the example's
	// settings are used.
	KeyFileUnreadable = KeyPrefix + "file_unreadable"
	// KeyDefaults: nothing of the file could be used: the example's
	// settings are.
	KeyDefaults = KeyPrefix + "defaults"
	// KeyIgnored: Field is ignored.
	KeyIgnored = KeyPrefix + "ignored"
	// KeyUsesDefault: Field takes Value meanwhile.
	KeyUsesDefault = KeyPrefix + "uses_default"
	// KeySeatUnwired: Seat (from 1) plays without its reader and buttons.
	KeySeatUnwired = KeyPrefix + "seat_unwired"
	// KeySeatsCut: only the first Max seats are used.
	KeySeatsCut = KeyPrefix + "seats_cut"
	// KeySeatAdded: Seat (from 1) is added, to play on the glass only.
	KeySeatAdded = KeyPrefix + "seat_added"
	// KeyCommaSkipped: the file was read without its stray comma(s).
	KeyCommaSkipped = KeyPrefix + "comma_skipped"
)

// Default returns the config of docs/table.example.json: a 4-seat table
// on a 1920x1080 screen, wired as README.md's wiring table. Read runs it
// when the file is missing or not JSON.
func Default() *Config {
	btn := func(confirm, cancel int) []Button {
		return []Button{{confirm, hal.Confirm}, {cancel, hal.Cancel}}
	}
	return &Config{
		Screen:   Screen{Width: 1920, Height: 1080},
		Language: "es",
		Registry: "/var/lib/ttr/cards.txt",
		Logs:     "/var/lib/ttr/games",
		Seats: []Seat{
			{Edge: Bottom, Color: "red", Reader: Reader{0, 0, 25, 24}, Buttons: btn(5, 6)},
			{Edge: Right, Color: "blue", Reader: Reader{0, 1, 25, 23}, Buttons: btn(12, 13)},
			{Edge: Top, Color: "green", Reader: Reader{1, 0, 25, 22}, Buttons: btn(26, 27)},
			{Edge: Left, Color: "yellow", Reader: Reader{1, 1, 25, 4}, Buttons: btn(2, 3)},
		},
		Sound: Sound{Volume: DefaultVolume},
	}
}

// Read reads the config file at path for a table that must start whatever
// the file holds: the owner has no terminal, so a mistake is shown on the
// screen, never a dark one. Where a mistake is confined the rest of the
// file is used: an unknown or repeated field is ignored; a bad value
// (edge, colour, language, screen, sound, paths) takes the example's; a
// seat whose reader or buttons are wired wrong plays on the glass without
// them; seats beyond MaxSeats are cut and seats missing below MinSeats
// added without hardware. A missing, unreadable or non-JSON file runs
// Default, in the file's language when that can be found. Relative paths
// are relative to the file's folder, as Load's.
func Read(path string) Result {
	data, err := readFile(path)
	if err != nil {
		r := Result{Config: Default(), Defaults: true}
		var big *Error
		if errors.As(err, &big) {
			// Over the size bound: not read, so not even its language.
			r.Problems = append(big.Problems, defaultsProblem)
		} else if errors.Is(err, fs.ErrNotExist) {
			r.Problems = []Problem{{Path: "", What: "no config file at " + path, Fix: "the table runs the example's settings; put table.json on the boot partition",
				Key: KeyFileMissing, Args: args{"File": path}}}
		} else {
			r.Problems = []Problem{{What: fmt.Sprintf("cannot read %s: %v", path, err), Fix: "the table runs the example's settings; check the file on the boot partition",
				Key: KeyFileUnreadable, Args: args{"File": path}}}
		}
		r.Unwired = make([]bool, len(r.Config.Seats))
		return r
	}
	r := ReadData(data)
	dir := filepath.Dir(path)
	for _, p := range []*string{&r.Config.Registry, &r.Config.Logs} {
		if !filepath.IsAbs(*p) {
			*p = filepath.Join(dir, *p)
		}
	}
	return r
}

// ReadData is Read of a file's contents (relative paths are left as they
// are).
func ReadData(data []byte) Result {
	if bom := "\xEF\xBB\xBF"; strings.HasPrefix(string(data), bom) {
		data = append([]byte("   "), data[len(bom):]...)
	}
	if p := checkLimits(data); p != nil {
		// Over the bounds: the parser is never given it (its memory and
		// stack grow with the nesting), so nothing of it is used.
		c := Default()
		return Result{Config: c, Problems: []Problem{*p, defaultsProblem}, Unwired: make([]bool, len(c.Seats)), Defaults: true}
	}
	var problems []Problem
	root, err := parse(data)
	if err != nil {
		se := err.(*syntaxError)
		line, col := lineCol(data, se.off)
		problems = append(problems, syntaxProblem(line, col, se.msg))
		// The commonest slip, a comma after the last item, costs only
		// that comma: the file is read without it (a comma is one byte,
		// so lines and columns stay right).
		if fixed, n := dropStrayCommas(data); n > 0 {
			if root, err = parse(fixed); err == nil {
				data = fixed
				problems = append(problems, Problem{What: "read without the stray comma", Key: KeyCommaSkipped})
			}
		}
		if err != nil {
			c := Default()
			if m := languageRE.FindSubmatch(data); m != nil && slices.Contains(Languages, string(m[1])) {
				c.Language = string(m[1])
			}
			problems = append(problems, Problem{What: "nothing of the file is used", Fix: "the table runs the example's settings until it is fixed", Key: KeyDefaults})
			return Result{Config: c, Problems: problems, Unwired: make([]bool, len(c.Seats)), Defaults: true}
		}
	}
	w := &walker{data: data}
	c := w.config(root)
	sort.SliceStable(w.problems, func(i, j int) bool { return w.problems[i].Line < w.problems[j].Line })
	problems = append(problems, w.problems...)
	r := Result{Config: c, Problems: problems}
	if root.kind != '{' {
		r.Config, r.Defaults = Default(), true
		r.Problems = append(r.Problems, Problem{What: "nothing of the file is used", Key: KeyDefaults})
		r.Unwired = make([]bool, len(r.Config.Seats))
		return r
	}
	r.repair(w.problems)
	return r
}

// defaultsProblem says that nothing of the file is used.
var defaultsProblem = Problem{What: "nothing of the file is used", Fix: "the table runs the example's settings until it is fixed", Key: KeyDefaults}

// languageRE finds the language of a file that is not JSON.
var languageRE = regexp.MustCompile(`"language"\s*:\s*"([a-z]+)"`)

// dropStrayCommas removes each comma followed (after white space) by a
// closing bracket or brace, outside strings; it returns the new data and
// the number removed.
func dropStrayCommas(data []byte) ([]byte, int) {
	out := append([]byte(nil), data...)
	n := 0
	inStr, esc := false, false
	for i := 0; i < len(out); i++ {
		c := out[i]
		switch {
		case inStr && esc:
			esc = false
		case inStr && c == '\\':
			esc = true
		case c == '"':
			inStr = !inStr
		case !inStr && c == ',':
			j := i + 1
			for j < len(out) && strings.IndexByte(" \t\r\n", out[j]) >= 0 {
				j++
			}
			if j < len(out) && (out[j] == '}' || out[j] == ']') {
				out[i] = ' '
				n++
			}
		}
	}
	return out, n
}

// seatPath matches a field of seat i: "seats[2].reader.irq_pin".
var seatPath = regexp.MustCompile(`^seats\[(\d+)\](?:\.([a-z_]+))?`)

// repair makes r.Config usable after the walker found problems, and says
// what it did as further problems.
func (r *Result) repair(problems []Problem) {
	c, def := r.Config, Default()
	var notes []Problem
	note := func(key string, a args, what string) {
		notes = append(notes, Problem{What: what, Key: key, Args: a})
	}
	used := func(field, value string) {
		for _, n := range notes {
			if n.Key == KeyUsesDefault && n.Args["Field"] == field {
				return
			}
		}
		note(KeyUsesDefault, args{"Field": field, "Value": value}, fmt.Sprintf("%s: %s used meanwhile", field, value))
	}
	unwired := map[int]bool{}
	badEdge, badColor := map[int]bool{}, map[int]bool{}
	seatsMissing := false
	for _, p := range problems {
		if p.Key == KeyPrefix+"unknown_field" || p.Key == KeyPrefix+"twice" {
			note(KeyIgnored, args{"Field": p.Path}, p.Path+" ignored")
			continue
		}
		top, _, _ := strings.Cut(p.Path, ".")
		switch {
		case top == "screen":
			switch p.Path {
			case "screen.rotation":
				c.Screen.Rotation = 0
				used("screen.rotation", "0")
			case "screen.width_mm", "screen.height_mm":
				// Without its physical size the table asks the panel
				// (EDID), else assumes the default panel: never a wrong
				// size of one axis with the other's.
				c.Screen.WidthMM, c.Screen.HeightMM = 0, 0
				note(KeyIgnored, args{"Field": p.Path}, p.Path+" ignored")
			default:
				c.Screen.Width, c.Screen.Height = def.Screen.Width, def.Screen.Height
				used("screen", fmt.Sprintf("%d x %d", def.Screen.Width, def.Screen.Height))
			}
		case p.Path == "language":
			c.Language = "en"
			used("language", "en")
		case p.Path == "map":
			note(KeyIgnored, args{"Field": p.Path}, p.Path+" ignored")
		case p.Path == "registry":
			c.Registry = def.Registry
			used("registry", def.Registry)
		case p.Path == "logs":
			c.Logs = def.Logs
			used("logs", def.Logs)
		case top == "sound":
			// The walker kept the default of each bad sound field.
			used(p.Path, map[string]string{"sound.volume": strconv.Itoa(DefaultVolume), "sound.mute": "false"}[p.Path])
		case strings.HasPrefix(p.Path, "spi_buses"):
			note(KeyIgnored, args{"Field": p.Path}, p.Path+" ignored")
		case p.Path == "seats":
			seatsMissing = len(c.Seats) == 0
		default:
			m := seatPath.FindStringSubmatch(p.Path)
			if m == nil {
				continue
			}
			i, _ := strconv.Atoi(m[1])
			switch m[2] {
			case "edge":
				badEdge[i] = true
			case "color":
				badColor[i] = true
			case "name":
				if i < len(c.Seats) {
					c.Seats[i].Name = ""
				}
			case "":
				badEdge[i], badColor[i], unwired[i] = true, true, true
			default: // reader, buttons, their pins
				unwired[i] = true
			}
		}
	}
	if seatsMissing {
		c.Seats = def.Seats
		note(KeyUsesDefault, args{"Field": "seats", "Value": strconv.Itoa(len(def.Seats))}, "the example's seats used meanwhile")
	}
	if len(c.Seats) > MaxSeats {
		c.Seats = c.Seats[:MaxSeats]
		note(KeySeatsCut, args{"Max": MaxSeats}, fmt.Sprintf("only the first %d seats used", MaxSeats))
	}
	for len(c.Seats) < MinSeats {
		i := len(c.Seats)
		c.Seats = append(c.Seats, Seat{})
		badEdge[i], badColor[i], unwired[i] = true, true, true
		note(KeySeatAdded, args{"Seat": i + 1}, fmt.Sprintf("seat %d added, without reader and buttons", i+1))
	}
	for i := range c.Seats {
		if badEdge[i] || c.Seats[i].Edge == "" {
			c.Seats[i].Edge = def.Seats[i%len(def.Seats)].Edge
			used(fmt.Sprintf("seats[%d].edge", i), string(c.Seats[i].Edge))
		}
	}
	// Colours: a bad or repeated one takes the first no other seat has.
	taken := map[string]bool{}
	for i, s := range c.Seats {
		if badColor[i] || s.Color == "" || taken[s.Color] {
			c.Seats[i].Color = ""
			continue
		}
		taken[s.Color] = true
	}
	for i := range c.Seats {
		if c.Seats[i].Color != "" {
			continue
		}
		for _, col := range Colors {
			if !taken[col] {
				c.Seats[i].Color, taken[col] = col, true
				break
			}
		}
		used(fmt.Sprintf("seats[%d].color", i), c.Seats[i].Color)
	}
	r.Unwired = make([]bool, len(c.Seats))
	for i := range c.Seats {
		if unwired[i] {
			r.Unwired[i] = true
			note(KeySeatUnwired, args{"Seat": i + 1}, fmt.Sprintf("seat %d plays without its reader and buttons", i+1))
		}
	}
	r.Problems = append(r.Problems, notes...)
}
