// Package wiring draws how a table is wired, from its config: the
// Raspberry Pi's 40-pin header and each seat's reader and buttons, with
// their GPIO and pin numbers, as an SVG picture. "table wiring" prints it,
// so that the picture always matches the config the table reads.
//
// # Boundary
//
// wiring is pure Go (no raylib): it imports hal/config only.
package wiring

import (
	"bytes"
	"fmt"
	"html"
	"strings"

	"ttr/hal/config"
)

// Header maps each BCM GPIO to its pin on the 40-pin header (the same on
// every Raspberry Pi with one).
var Header = map[int]int{
	0: 27, 1: 28, 2: 3, 3: 5, 4: 7, 5: 29, 6: 31, 7: 26, 8: 24, 9: 21,
	10: 19, 11: 23, 12: 32, 13: 33, 14: 8, 15: 10, 16: 36, 17: 11, 18: 12, 19: 35,
	20: 38, 21: 40, 22: 15, 23: 16, 24: 18, 25: 22, 26: 37, 27: 13,
}

// Power pins of the header.
var (
	Pins3V3 = []int{1, 17}
	Pins5V  = []int{2, 4}
	PinsGND = []int{6, 9, 14, 20, 25, 30, 34, 39}
)

// Bus is the GPIOs of one SPI bus: its clock, data lines and chip
// selects (the Raspberry Pi 4 and 5 device tree overlays spiN-Ncs).
type Bus struct {
	SCLK, MOSI, MISO int
	CE               []int // CE0, CE1, CE2
}

// Buses are the Pi's SPI buses by number.
var Buses = map[int]Bus{
	0: {11, 10, 9, []int{8, 7}},
	1: {21, 20, 19, []int{18, 17, 16}},
	3: {3, 2, 1, []int{0, 24}},
	4: {7, 6, 5, []int{4, 25}},
	5: {15, 14, 13, []int{12, 26}},
	6: {21, 20, 19, []int{18, 27}},
}

// Line is one wire from a seat's part to the Pi.
type Line struct {
	Part  string // "reader" or "buttons"
	Name  string // the part's pin: "SDA", "SCK", "confirm"...
	GPIO  int    // BCM number; -1 for power and ground
	Pin   int    // header pin; 0 when any of Pins lists
	Other string // for power and ground: which header pins
}

// SeatLines returns the wires of seat s, in the order they are drawn.
func SeatLines(s config.Seat) []Line {
	b := Buses[s.Reader.Bus]
	cs := -1
	if s.Reader.ChipSelect < len(b.CE) {
		cs = b.CE[s.Reader.ChipSelect]
	}
	gpio := func(part, name string, g int) Line { return Line{Part: part, Name: name, GPIO: g, Pin: Header[g]} }
	ls := []Line{
		gpio("reader", "SDA (chip select)", cs),
		gpio("reader", "SCK", b.SCLK),
		gpio("reader", "MOSI", b.MOSI),
		gpio("reader", "MISO", b.MISO),
		gpio("reader", "IRQ", s.Reader.IRQ),
		gpio("reader", "RST", s.Reader.Reset),
		{Part: "reader", Name: "3.3V", GPIO: -1, Other: "3.3V: pin 1 or 17 (never 5V)"},
		{Part: "reader", Name: "GND", GPIO: -1, Other: "any ground: pin 6, 9, 14, 20, 25, 30, 34 or 39"},
	}
	for _, btn := range s.Buttons {
		ls = append(ls, gpio("buttons", btn.Meaning.String(), btn.Pin))
	}
	ls = append(ls, Line{Part: "buttons", Name: "other leg of each", GPIO: -1, Other: "any ground"})
	return ls
}

// colors are the seats' colours as drawn.
var colors = map[string]string{
	"red": "#c62828", "blue": "#1565c0", "green": "#2e7d32", "yellow": "#f9a825", "black": "#212121",
}

// SVG draws c's wiring.
func SVG(c *config.Config) []byte {
	const (
		rowH   = 24
		top    = 90
		leftX  = 250 // odd pins' column
		rightX = 290 // even pins' column
		boxX   = 620
		boxW   = 560
		lineH  = 20
	)
	type use struct {
		seat int
		name string
	}
	uses := map[int][]use{} // header pin -> who uses it
	for i, s := range c.Seats {
		for _, l := range SeatLines(s) {
			if l.Pin > 0 {
				uses[l.Pin] = append(uses[l.Pin], use{i, l.Name})
			}
		}
	}
	pinXY := func(pin int) (int, int) {
		row := (pin - 1) / 2
		x := leftX
		if pin%2 == 0 {
			x = rightX
		}
		return x, top + row*rowH
	}
	// The seats' boxes, stacked on the right.
	boxH := func(s config.Seat) int { return 50 + len(SeatLines(s))*lineH }
	height := top + 20*rowH + 60
	y := 60
	for _, s := range c.Seats {
		y += boxH(s) + 20
	}
	height = max(height, y+20)

	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Arial, sans-serif" font-size="13">`+"\n", boxX+boxW+20, height, boxX+boxW+20, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="#ffffff"/>`+"\n")
	fmt.Fprintf(&b, `<text x="20" y="30" font-size="20" font-weight="bold">Wiring of this table: %d seats</text>`+"\n", len(c.Seats))
	fmt.Fprintf(&b, `<text x="20" y="52">Raspberry Pi 40-pin header seen from above, pin 1 at the top left (by the SD card's end of the board). GPIO numbers are BCM.</text>`+"\n")
	// The header.
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" rx="6" fill="#f5f5f5" stroke="#555"/>`+"\n", leftX-18, top-16, rightX-leftX+36, 20*rowH+8)
	names := map[int]string{}
	for g, p := range Header {
		names[p] = fmt.Sprintf("GPIO%d", g)
	}
	for _, p := range Pins3V3 {
		names[p] = "3.3V"
	}
	for _, p := range Pins5V {
		names[p] = "5V"
	}
	for _, p := range PinsGND {
		names[p] = "GND"
	}
	for pin := 1; pin <= 40; pin++ {
		x, y := pinXY(pin)
		fill := "#bdbdbd"
		switch names[pin] {
		case "3.3V":
			fill = "#ef9a9a"
		case "5V":
			fill = "#b71c1c"
		case "GND":
			fill = "#000000"
		}
		if u := uses[pin]; len(u) > 0 {
			fill = colors[c.Seats[u[0].seat].Color]
		}
		fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="8" fill="%s" stroke="#333"/>`+"\n", x, y, fill)
		label := fmt.Sprintf("%s [%d]", names[pin], pin)
		if u := uses[pin]; len(u) > 0 {
			// "GPIO25 [22] RST: seats 1, 2, 3, 4"
			seats := map[string][]string{}
			var order []string
			for _, x := range u {
				n := shortName(x.name)
				if _, ok := seats[n]; !ok {
					order = append(order, n)
				}
				seats[n] = append(seats[n], fmt.Sprint(x.seat+1))
			}
			var who []string
			for _, n := range order {
				word := "seat "
				if len(seats[n]) > 1 {
					word = "seats "
				}
				who = append(who, n+": "+word+strings.Join(seats[n], ", "))
			}
			label = fmt.Sprintf("%s [%d] %s", names[pin], pin, strings.Join(who, "; "))
		}
		if pin%2 == 1 {
			fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", x-14, y+4, html.EscapeString(label))
		} else {
			fmt.Fprintf(&b, `<text x="%d" y="%d">%s</text>`+"\n", x+14, y+4, html.EscapeString(label))
		}
	}
	// The seats.
	y = 70
	for i, s := range c.Seats {
		col := colors[s.Color]
		h := boxH(s)
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" rx="8" fill="#ffffff" stroke="%s" stroke-width="3"/>`+"\n", boxX, y, boxW, h, col)
		title := fmt.Sprintf("Seat %d (%s edge, %s): reader SPI%d.%d (/dev/spidev%d.%d), buttons", i+1, s.Edge, s.Color, s.Reader.Bus, s.Reader.ChipSelect, s.Reader.Bus, s.Reader.ChipSelect)
		if s.Name != "" {
			title += ", " + s.Name
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-weight="bold" fill="%s">%s</text>`+"\n", boxX+12, y+22, col, html.EscapeString(title))
		ly := y + 44
		for _, l := range SeatLines(s) {
			part := "MFRC522"
			if l.Part == "buttons" {
				part = "button"
			}
			var text string
			if l.GPIO >= 0 {
				text = fmt.Sprintf("%s %s: GPIO%d [pin %d]", part, l.Name, l.GPIO, l.Pin)
				px, py := pinXY(l.Pin)
				fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="1.5" stroke-opacity="0.5"/>`+"\n", px+8*sign(px == rightX), py, boxX+6, ly-4, col)
				fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="4" fill="%s"/>`+"\n", boxX+6, ly-4, col)
			} else {
				text = fmt.Sprintf("%s %s: %s", part, l.Name, l.Other)
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d">%s</text>`+"\n", boxX+18, ly, html.EscapeString(text))
			ly += lineH
		}
		y += h + 20
	}
	fmt.Fprintf(&b, `<text x="20" y="%d">Buttons go between their GPIO and ground (the Pi's pull-ups are used). Readers share the reset line; SCK, MOSI and MISO are shared by the readers of a bus.</text>`+"\n", height-14)
	b.WriteString("</svg>\n")
	return b.Bytes()
}

func sign(right bool) int {
	if right {
		return 1
	}
	return -1
}

// shortName is a line's name in the header's labels.
func shortName(n string) string {
	n, _, _ = strings.Cut(n, " (")
	return n
}
