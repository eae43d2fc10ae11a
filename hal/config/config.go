package config

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"ttr/hal"
)

// Config is the table's hardware configuration.
type Config struct {
	Screen   Screen
	Language string // "es", "ro" or "en"
	Map      string // the start screen's map, "europe" or "usa"; "" for the table's default
	Registry string // the card registry file
	Logs     string // the folder of game logs
	Seats    []Seat // seat i is hal.Seat(i)
	Sound    Sound
	Buses    []Bus // settings of the SPI buses; a bus not listed uses the defaults
}

// Bus is the settings of one SPI bus.
type Bus struct {
	Bus      int // the N of SPIN
	ClockKHz int // SCK frequency in kHz
}

// DefaultSPIClockKHz is the SPI clock of a bus the config does not list:
// slow enough for a metre or two of ribbon cable to a seat's reader (a 10 MHz
// clock, the MFRC522's maximum, needs wires of about 20 cm).
const DefaultSPIClockKHz = 1000

// Clock limits of an SPI bus, in kHz: below 100 kHz a scan takes too long;
// 10 MHz is the MFRC522's maximum (datasheet, section 8.1.2).
const (
	MinSPIClockKHz = 100
	MaxSPIClockKHz = 10000
)

// SPIClockKHz returns the clock of SPI bus in kHz.
func (c *Config) SPIClockKHz(bus int) int {
	for _, b := range c.Buses {
		if b.Bus == bus && b.ClockKHz > 0 {
			return b.ClockKHz
		}
	}
	return DefaultSPIClockKHz
}

// Sound is how loud the table's sounds are.
type Sound struct {
	Volume int  // 0 (silent) to 100; DefaultVolume when not given
	Mute   bool // no sound at all
}

// DefaultVolume is the volume of a config that gives none: loud enough
// over a family's talk from a speaker under the table top.
const DefaultVolume = 80

// Screen describes the touchscreen.
type Screen struct {
	Width, Height int // pixels
	Rotation      int // degrees: 0, 90, 180 or 270
	// WidthMM and HeightMM are the picture's size on the glass, in
	// millimetres, as the panel is mounted before Rotation (along Width
	// and Height); 0, 0 when the config gives none.
	WidthMM, HeightMM int
}

// The physical sizes screen.width_mm and screen.height_mm may take: from a
// 2 cm display to a 5 m wall.
const (
	MinPanelMM = 20
	MaxPanelMM = 5000
)

// Edge is the edge of the screen a seat faces.
type Edge string

// The edges.
const (
	Bottom Edge = "bottom"
	Top    Edge = "top"
	Left   Edge = "left"
	Right  Edge = "right"
)

// Seat is one place at the table.
type Seat struct {
	Edge    Edge
	Color   string // default train colour: "red", "blue", "green", "yellow" or "black"
	Reader  Reader
	Buttons []Button
	Name    string // the player's name, optional: "" calls them by their colour
}

// Reader is where a seat's MFRC522 is wired.
type Reader struct {
	Bus, ChipSelect int // /dev/spidevBus.ChipSelect
	Reset, IRQ      int // BCM GPIO numbers
}

// Button is one push button of a seat.
type Button struct {
	Pin     int // BCM GPIO number
	Meaning hal.Button
}

// Languages, Colors and Edges list the accepted values, in the order the
// error messages give them.
var (
	Languages = []string{"es", "ro", "en"}
	Maps      = []string{"europe", "usa"}
	Colors    = []string{"red", "blue", "green", "yellow", "black"}
	Edges     = []Edge{Bottom, Top, Left, Right}
)

// Limits of the table.
const (
	MinSeats = 2
	MaxSeats = 5
	MaxGPIO  = 27 // the Pi's header GPIOs are 0-27
	// MaxName is the longest player name, in letters (input.MaxName).
	MaxName = 12
)

// NameLetters are the letters a player's name may have: those of the start
// screen's name keyboard, which the table's fonts carry (input.NameLetters).
const NameLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZÁÉÍÓÚÜÑĂÂÎȘȚabcdefghijklmnopqrstuvwxyzáéíóúüñăâîșț -'"

// spiPins are the GPIOs each SPI bus takes (Raspberry Pi 4/5 device tree
// overlays spiN-Ncs), chip selects included.
var spiPins = map[int][]int{
	0: {7, 8, 9, 10, 11},
	1: {16, 17, 18, 19, 20, 21},
	3: {0, 1, 2, 3, 24},
	4: {4, 5, 6, 7, 25},
	5: {12, 13, 14, 15, 26},
	6: {18, 19, 20, 21, 27},
}

// A Problem is one thing wrong in a config file.
type Problem struct {
	Line int    // 1-based; 0 when unknown
	Path string // the field, e.g. "seats[1].reader.irq_pin"; "" for the whole file
	What string // what is wrong, in English (the log, table probe)
	Fix  string // how to fix it, in English
	// Key and Args say what is wrong and the fix in the table's
	// languages: Key names a message of display/msg (KeyPrefix and the
	// kind of problem), Args are its arguments (numbers and the file's own
	// words, never English).
	Key  string
	Args map[string]any
}

// KeyPrefix begins the message key of every Problem: the catalogue's
// config_problem table.
const KeyPrefix = "config_problem."

// String returns the problem as one line: where, what, and the fix.
func (p Problem) String() string {
	var b strings.Builder
	if p.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", p.Line)
	}
	if p.Path != "" {
		b.WriteString(p.Path + ": ")
	}
	b.WriteString(p.What)
	if p.Fix != "" {
		b.WriteString("; " + p.Fix)
	}
	return b.String()
}

// Error lists every problem of a config file.
type Error struct {
	File     string
	Problems []Problem
}

// Error lists the file's problems, one a line.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("config: ")
	if e.File != "" {
		b.WriteString(e.File + ": ")
	}
	fmt.Fprintf(&b, "%d problem(s):", len(e.Problems))
	for _, p := range e.Problems {
		b.WriteString("\n\t" + p.String())
	}
	return b.String()
}

// Load reads and checks the config file at path. Relative registry and logs
// paths are made relative to the file's folder. A bad file gives an *Error
// listing every problem.
func Load(path string) (*Config, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	c, err := Parse(data)
	if err != nil {
		if e, ok := err.(*Error); ok {
			e.File = path
		}
		return nil, err
	}
	dir := filepath.Dir(path)
	for _, p := range []*string{&c.Registry, &c.Logs} {
		if !filepath.IsAbs(*p) {
			*p = filepath.Join(dir, *p)
		}
	}
	return c, nil
}

// Parse checks and decodes a config file's contents. A bad file gives an
// *Error listing every problem.
func Parse(data []byte) (*Config, error) {
	if p := checkLimits(data); p != nil {
		return nil, &Error{Problems: []Problem{*p}}
	}
	// A byte order mark, as some Windows editors save it, is not an
	// error: it becomes spaces, so that lines and columns stay right.
	if bom := "\xEF\xBB\xBF"; strings.HasPrefix(string(data), bom) {
		data = append([]byte("   "), data[len(bom):]...)
	}
	root, err := parse(data)
	if err != nil {
		se := err.(*syntaxError)
		line, col := lineCol(data, se.off)
		return nil, &Error{Problems: []Problem{syntaxProblem(line, col, se.msg)}}
	}
	w := &walker{data: data}
	c := w.config(root)
	if len(w.problems) > 0 {
		sort.SliceStable(w.problems, func(i, j int) bool { return w.problems[i].Line < w.problems[j].Line })
		return nil, &Error{Problems: w.problems}
	}
	return c, nil
}

// syntaxProblem is the problem of a file that is not JSON.
func syntaxProblem(line, col int, msg string) Problem {
	return Problem{
		Line: line,
		What: fmt.Sprintf("not valid JSON at column %d: %s", col, msg),
		Fix:  "check the brackets, quotes and commas there (JSON allows no comments and no comma after the last item)",
		Key:  KeyPrefix + "syntax",
		Args: map[string]any{"Column": col},
	}
}
