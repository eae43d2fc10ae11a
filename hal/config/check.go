package config

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"ttr/hal"
)

// walker decodes the parsed tree into a Config, collecting every problem.
type walker struct {
	data     []byte
	problems []Problem
}

// examples show a valid value for each field, for "missing" problems.
var examples = map[string]string{
	"screen": `"screen": {"width": 1920, "height": 1080}`, "width": `"width": 1920`, "height": `"height": 1080`,
	"language": `"language": "es"`, "registry": `"registry": "/var/lib/ttr/cards.txt"`,
	"logs": `"logs": "/var/lib/ttr/games"`, "seats": `"seats": [{...}, {...}]`, "edge": `"edge": "bottom"`,
	"color": `"color": "red"`, "reader": `"reader": {"spi_bus": 0, "chip_select": 0, "reset_pin": 25, "irq_pin": 24}`,
	"buttons": `"buttons": [{"pin": 5, "meaning": "confirm"}, {"pin": 6, "meaning": "cancel"}]`,
	"spi_bus": `"spi_bus": 0`, "chip_select": `"chip_select": 0`, "reset_pin": `"reset_pin": 25`,
	"irq_pin": `"irq_pin": 24`, "width_mm": `"width_mm": 477`, "height_mm": `"height_mm": 268`, "bus": `"bus": 1`, "clock_khz": `"clock_khz": 1000`, "pin": `"pin": 5`, "meaning": `"meaning": "confirm"`,
}

// args are a problem's message arguments.
type args = map[string]any

// add records a problem at off: its message key (KeyPrefix+kind) and
// arguments for the screen, and its English words for the log.
func (w *walker) add(off int64, path, kind string, a args, what, fix string) {
	line, _ := lineCol(w.data, off)
	w.problems = append(w.problems, Problem{Line: line, Path: path, What: what, Fix: fix, Key: KeyPrefix + kind, Args: a})
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// object checks that n is an object with the required keys and no others,
// each once, and returns its fields by key.
func (w *walker) object(n *node, path string, required, optional []string) map[string]*node {
	if n.kind != '{' {
		w.add(n.off, path, "want_object", nil, "got "+n.kindName()+", want an object {...}", "")
		return nil
	}
	known := append(append([]string{}, required...), optional...)
	got := map[string]*node{}
	first := map[string]int64{}
	for _, f := range n.fields {
		p := join(path, f.key)
		if !slices.Contains(known, f.key) {
			w.add(f.off, p, "unknown_field", args{"Known": strings.Join(known, ", ")}, "unknown field", "remove it or correct its spelling; the fields here are "+strings.Join(known, ", "))
			continue
		}
		if off, dup := first[f.key]; dup {
			line, _ := lineCol(w.data, off)
			w.add(f.off, p, "twice", args{"First": line}, fmt.Sprintf("given twice (first on line %d)", line), "keep only one")
			continue
		}
		first[f.key] = f.off
		got[f.key] = f.val
	}
	for _, k := range required {
		if _, ok := got[k]; !ok {
			w.add(n.off, join(path, k), "missing", args{"Example": examples[k]}, "missing", "add it, for example "+examples[k])
		}
	}
	return got
}

func (w *walker) integer(n *node, path string, lo, hi int, what string) (int, bool) {
	if n == nil {
		return 0, false
	}
	if n.kind != 'n' {
		w.add(n.off, path, "want_number", args{"Lo": lo, "Hi": hi}, "got "+n.kindName()+", want a whole number", fmt.Sprintf("write %s as a number from %d to %d, without quotes", what, lo, hi))
		return 0, false
	}
	v, err := strconv.Atoi(n.num.String())
	if err != nil {
		w.add(n.off, path, "not_whole", args{"Got": n.num.String(), "Lo": lo, "Hi": hi}, fmt.Sprintf("got %s, want a whole number", n.num), fmt.Sprintf("write %s as a whole number from %d to %d", what, lo, hi))
		return 0, false
	}
	if v < lo || v > hi {
		w.add(n.off, path, "out_of_range", args{"Got": v, "Lo": lo, "Hi": hi}, fmt.Sprintf("got %d, out of range", v), fmt.Sprintf("%s must be from %d to %d", what, lo, hi))
		return 0, false
	}
	return v, true
}

func (w *walker) str(n *node, path, fix string) (string, bool) {
	if n == nil {
		return "", false
	}
	if n.kind != 's' {
		w.add(n.off, path, "want_string", nil, "got "+n.kindName()+", want a string", fix)
		return "", false
	}
	if strings.TrimSpace(n.str) == "" {
		w.add(n.off, path, "empty", nil, "empty", fix)
		return "", false
	}
	return n.str, true
}

func (w *walker) enum(n *node, path string, values []string) (string, bool) {
	fix := "use one of " + quoteAll(values)
	s, ok := w.str(n, path, fix)
	if !ok {
		return "", false
	}
	if !slices.Contains(values, s) {
		w.add(n.off, path, "not_one_of", args{"Got": s, "Values": strings.Join(values, ", ")}, fmt.Sprintf("got %q, not a known value", s), fix)
		return "", false
	}
	return s, true
}

func quoteAll(vs []string) string {
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = strconv.Quote(v)
	}
	return strings.Join(q, ", ")
}

func (w *walker) config(root *node) *Config {
	c := &Config{}
	top := w.object(root, "", []string{"screen", "language", "registry", "logs", "seats"}, []string{"sound", "spi_buses", "map"})
	if top == nil {
		return c
	}
	c.Sound = w.sound(top["sound"])
	if n := top["screen"]; n != nil {
		s := w.object(n, "screen", []string{"width", "height"}, []string{"rotation", "width_mm", "height_mm"})
		c.Screen.Width, _ = w.integer(s["width"], "screen.width", 1, 16384, "the width in pixels")
		c.Screen.Height, _ = w.integer(s["height"], "screen.height", 1, 16384, "the height in pixels")
		if r := s["rotation"]; r != nil {
			if v, ok := w.integer(r, "screen.rotation", 0, 270, "the rotation in degrees"); ok {
				if v%90 != 0 {
					w.add(r.off, "screen.rotation", "rotation", args{"Got": v}, fmt.Sprintf("got %d degrees", v), "use 0, 90, 180 or 270")
				}
				c.Screen.Rotation = v
			}
		}
		c.Screen.WidthMM, c.Screen.HeightMM = w.sizeMM(s)
	}
	c.Language, _ = w.enum(top["language"], "language", Languages)
	if n := top["map"]; n != nil {
		c.Map, _ = w.enum(n, "map", Maps)
	}
	c.Registry, _ = w.str(top["registry"], "registry", `give the card registry's file, for example "/var/lib/ttr/cards.txt"`)
	c.Logs, _ = w.str(top["logs"], "logs", `give the folder for game logs, for example "/var/lib/ttr/games"`)
	if n := top["spi_buses"]; n != nil {
		c.Buses = w.buses(n)
	}
	if n := top["seats"]; n != nil {
		if n.kind != '[' {
			w.add(n.off, "seats", "want_list", nil, "got "+n.kindName()+", want a list [...] of seats", "")
		} else {
			if len(n.elems) < MinSeats || len(n.elems) > MaxSeats {
				w.add(n.off, "seats", "seat_count", args{"Got": len(n.elems), "Min": MinSeats, "Max": MaxSeats}, fmt.Sprintf("got %d seats", len(n.elems)), fmt.Sprintf("a table has %d to %d seats", MinSeats, MaxSeats))
			}
			for i, e := range n.elems {
				c.Seats = append(c.Seats, w.seat(e, fmt.Sprintf("seats[%d]", i)))
			}
			w.crossCheck(n, c)
		}
	}
	return c
}

// sizeMM decodes the panel's optional physical size, screen.width_mm and
// screen.height_mm: both or neither, whole millimetres; 0, 0 when absent
// or wrong (the panel's own EDID size, else a default, is used).
func (w *walker) sizeMM(s map[string]*node) (int, int) {
	wn, hn := s["width_mm"], s["height_mm"]
	if wn == nil && hn == nil {
		return 0, 0
	}
	wmm, wok := w.integer(wn, "screen.width_mm", MinPanelMM, MaxPanelMM, "the width of the picture on the glass in millimetres")
	hmm, hok := w.integer(hn, "screen.height_mm", MinPanelMM, MaxPanelMM, "the height of the picture on the glass in millimetres")
	for _, k := range [2]string{"width_mm", "height_mm"} {
		if s[k] == nil {
			other := s["width_mm"]
			if other == nil {
				other = s["height_mm"]
			}
			w.add(other.off, "screen."+k, "missing", args{"Example": examples[k]}, "missing", "give both width_mm and height_mm, or neither; for example "+examples[k])
		}
	}
	if !wok || !hok {
		return 0, 0
	}
	return wmm, hmm
}

// sound decodes the optional "sound" object; absent, or a field of it
// absent, the defaults hold.
func (w *walker) sound(n *node) Sound {
	s := Sound{Volume: DefaultVolume}
	if n == nil {
		return s
	}
	f := w.object(n, "sound", nil, []string{"volume", "mute"})
	if v, ok := w.integer(f["volume"], "sound.volume", 0, 100, "the volume"); ok {
		s.Volume = v
	}
	if m := f["mute"]; m != nil {
		if m.kind != 'b' {
			w.add(m.off, "sound.mute", "want_bool", nil, "got "+m.kindName()+", want true or false", `write "mute": true to silence the table, or false, without quotes`)
		} else {
			s.Mute = m.bool
		}
	}
	return s
}

// buses reads the spi_buses list: each bus once, at a clock the MFRC522
// takes.
func (w *walker) buses(n *node) []Bus {
	if n.kind != '[' {
		w.add(n.off, "spi_buses", "want_list", nil, "got "+n.kindName()+", want a list [...] of buses", `for example [{"bus": 1, "clock_khz": 500}]`)
		return nil
	}
	var bs []Bus
	seen := map[int]bool{}
	for i, e := range n.elems {
		p := fmt.Sprintf("spi_buses[%d]", i)
		f := w.object(e, p, []string{"bus", "clock_khz"}, nil)
		if f == nil {
			continue
		}
		bus, ok := w.integer(f["bus"], p+".bus", 0, 6, "the SPI bus")
		if ok {
			if _, exists := spiPins[bus]; !exists {
				w.add(f["bus"].off, p+".bus", "no_bus", args{"Bus": bus}, fmt.Sprintf("SPI%d does not exist on a Raspberry Pi", bus), "use SPI0, SPI1 or (Pi 4 and 5) SPI3 to SPI6")
				ok = false
			} else if seen[bus] {
				w.add(f["bus"].off, p+".bus", "bus_twice", args{"Bus": bus}, fmt.Sprintf("SPI%d is listed twice", bus), "keep one entry per bus")
				ok = false
			}
			seen[bus] = true
		}
		khz, kok := w.integer(f["clock_khz"], p+".clock_khz", MinSPIClockKHz, MaxSPIClockKHz, "the clock in kHz")
		if ok && kok {
			bs = append(bs, Bus{Bus: bus, ClockKHz: khz})
		}
	}
	return bs
}

func (w *walker) seat(n *node, path string) Seat {
	var s Seat
	f := w.object(n, path, []string{"edge", "color", "reader", "buttons"}, []string{"name"})
	if f == nil {
		return s
	}
	edges := make([]string, len(Edges))
	for i, e := range Edges {
		edges[i] = string(e)
	}
	e, _ := w.enum(f["edge"], path+".edge", edges)
	s.Edge = Edge(e)
	s.Color, _ = w.enum(f["color"], path+".color", Colors)
	s.Name = w.name(f["name"], path+".name")
	if r := f["reader"]; r != nil {
		p := path + ".reader"
		rf := w.object(r, p, []string{"spi_bus", "chip_select", "reset_pin", "irq_pin"}, nil)
		s.Reader.Bus, _ = w.integer(rf["spi_bus"], p+".spi_bus", 0, 6, "the SPI bus")
		s.Reader.ChipSelect, _ = w.integer(rf["chip_select"], p+".chip_select", 0, 2, "the chip select")
		s.Reader.Reset, _ = w.integer(rf["reset_pin"], p+".reset_pin", 0, MaxGPIO, "the BCM GPIO number")
		s.Reader.IRQ, _ = w.integer(rf["irq_pin"], p+".irq_pin", 0, MaxGPIO, "the BCM GPIO number")
		if rf != nil && rf["spi_bus"] != nil {
			if _, ok := spiPins[s.Reader.Bus]; !ok && s.Reader.Bus != 0 {
				w.add(rf["spi_bus"].off, p+".spi_bus", "no_bus", args{"Bus": s.Reader.Bus}, fmt.Sprintf("SPI%d does not exist on a Raspberry Pi", s.Reader.Bus), "use SPI0, SPI1 or (Pi 4 and 5) SPI3 to SPI6")
			} else if rf["chip_select"] != nil && s.Reader.ChipSelect == 2 && s.Reader.Bus != 1 {
				w.add(rf["chip_select"].off, p+".chip_select", "chip_select", args{"Bus": s.Reader.Bus}, fmt.Sprintf("SPI%d has chip selects 0 and 1 only", s.Reader.Bus), "use chip_select 0 or 1, or wire the reader to SPI1, the bus with three")
			}
		}
	}
	if b := f["buttons"]; b != nil {
		p := path + ".buttons"
		if b.kind != '[' {
			w.add(b.off, p, "want_list", nil, "got "+b.kindName()+", want a list [...] of buttons", "")
		} else {
			seen := map[hal.Button]bool{}
			for i, e := range b.elems {
				bp := fmt.Sprintf("%s[%d]", p, i)
				bf := w.object(e, bp, []string{"pin", "meaning"}, nil)
				var btn Button
				btn.Pin, _ = w.integer(bf["pin"], bp+".pin", 0, MaxGPIO, "the BCM GPIO number")
				m, ok := w.enum(bf["meaning"], bp+".meaning", []string{hal.Confirm.String(), hal.Cancel.String()})
				if ok {
					btn.Meaning = hal.Confirm
					if m == hal.Cancel.String() {
						btn.Meaning = hal.Cancel
					}
					if seen[btn.Meaning] {
						w.add(bf["meaning"].off, bp+".meaning", "button_twice", args{"Button": m}, "a second "+m+" button", "give each seat one confirm and one cancel button")
					}
					seen[btn.Meaning] = true
				}
				s.Buttons = append(s.Buttons, btn)
			}
			for _, want := range []hal.Button{hal.Confirm, hal.Cancel} {
				if !seen[want] {
					w.add(b.off, p, "button_missing", args{"Button": want.String()}, "no "+want.String()+" button", fmt.Sprintf(`add one, for example {"pin": 5, "meaning": %q}`, want))
				}
			}
		}
	}
	return s
}

// name checks a player's name: at most MaxName letters of NameLetters,
// with a letter in it.
func (w *walker) name(n *node, path string) string {
	const fix = `give a name of 1 to 12 letters, for example "Ana María" (letters, spaces, - and ')`
	if n == nil {
		return ""
	}
	s, ok := w.str(n, path, fix)
	if !ok {
		return ""
	}
	s = strings.TrimSpace(s)
	letter := false
	for _, r := range s {
		if !strings.ContainsRune(NameLetters, r) {
			w.add(n.off, path, "name_letter", args{"Name": s, "Letter": string(r)}, fmt.Sprintf("%q has %q, which the table cannot show", s, r), fix)
			return ""
		}
		letter = letter || unicode.IsLetter(r)
	}
	if !letter {
		w.add(n.off, path, "name_no_letter", args{"Name": s}, fmt.Sprintf("%q has no letter", s), fix)
		return ""
	}
	if k := utf8.RuneCountInString(s); k > MaxName {
		w.add(n.off, path, "name_long", args{"Name": s, "Letters": k, "Max": MaxName}, fmt.Sprintf("%q has %d letters, too long for the panel", s, k), fix)
		return ""
	}
	return s
}

// crossCheck finds problems between seats: repeated colours and readers,
// and pins used twice or taken by an SPI bus.
func (w *walker) crossCheck(seats *node, c *Config) {
	type use struct {
		path  string
		off   int64
		reset bool
	}
	pins := map[int]use{}
	colors := map[string]string{}
	names := map[string]string{}
	readers := map[[2]int]string{}
	buses := map[int]bool{}
	for i, s := range c.Seats {
		if seats.elems[i].kind == '{' && fieldOf(seats.elems[i], "reader") != nil {
			buses[s.Reader.Bus] = true
		}
	}
	for i, s := range c.Seats {
		sn := seats.elems[i]
		path := fmt.Sprintf("seats[%d]", i)
		if s.Name != "" {
			key := strings.ToLower(s.Name)
			if other, dup := names[key]; dup {
				w.add(offOf(sn, "name"), path+".name", "same_name", args{"Name": s.Name, "Other": other}, fmt.Sprintf("%q is also %s's name", s.Name, other), "give each player their own name")
			}
			names[key] = path
		}
		if s.Color != "" {
			if other, dup := colors[s.Color]; dup {
				w.add(offOf(sn, "color"), path+".color", "same_color", args{"Color": s.Color, "Other": other}, fmt.Sprintf("%s is also %s's colour", s.Color, other), "give each seat its own colour")
			}
			colors[s.Color] = path
		}
		rn := fieldOf(sn, "reader")
		if rn == nil || rn.kind != '{' {
			continue
		}
		key := [2]int{s.Reader.Bus, s.Reader.ChipSelect}
		if other, dup := readers[key]; dup {
			w.add(rn.off, path+".reader", "same_reader", args{"Bus": key[0], "ChipSelect": key[1], "Other": other}, fmt.Sprintf("SPI%d.%d is also %s's reader", key[0], key[1], other), "give each reader its own chip select")
		}
		readers[key] = path
		claim := func(pin int, p string, off int64, reset bool) {
			for bus := range buses {
				if slices.Contains(spiPins[bus], pin) {
					w.add(off, p, "spi_pin", args{"Pin": pin, "Bus": bus}, fmt.Sprintf("GPIO%d is one of SPI%d's pins", pin, bus), "use a GPIO no SPI bus in use takes (see the wiring table in README.md)")
					return
				}
			}
			if u, dup := pins[pin]; dup && !(reset && u.reset) {
				w.add(off, p, "same_pin", args{"Pin": pin, "Other": u.path}, fmt.Sprintf("GPIO%d is also %s", pin, u.path), "give every IRQ line and button its own GPIO (only reset lines may be shared)")
				return
			}
			pins[pin] = use{path: p, off: off, reset: reset}
		}
		for _, pf := range []struct {
			key   string
			pin   int
			reset bool
		}{{"reset_pin", s.Reader.Reset, true}, {"irq_pin", s.Reader.IRQ, false}} {
			if fn := fieldOf(rn, pf.key); isPin(fn, pf.pin) {
				claim(pf.pin, path+".reader."+pf.key, fn.off, pf.reset)
			}
		}
		bn := fieldOf(sn, "buttons")
		if bn == nil || bn.kind != '[' {
			continue
		}
		for j, b := range s.Buttons {
			if fn := fieldOf(bn.elems[j], "pin"); isPin(fn, b.Pin) {
				claim(b.Pin, fmt.Sprintf("%s.buttons[%d].pin", path, j), fn.off, false)
			}
		}
	}
}

// isPin says whether n holds pin, a valid GPIO number, so that a field
// already reported as wrong does not also clash with GPIO0.
func isPin(n *node, pin int) bool {
	if n == nil || n.kind != 'n' {
		return false
	}
	v, err := strconv.Atoi(n.num.String())
	return err == nil && v == pin && v >= 0 && v <= MaxGPIO
}

func fieldOf(n *node, key string) *node {
	if n == nil || n.kind != '{' {
		return nil
	}
	for _, f := range n.fields {
		if f.key == key {
			return f.val
		}
	}
	return nil
}

func offOf(n *node, key string) int64 {
	if v := fieldOf(n, key); v != nil {
		return v.off
	}
	return n.off
}
