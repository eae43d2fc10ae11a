package wiring

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"ttr/hal/config"
)

var update = flag.Bool("update", false, "rewrite the golden files")

const example = "../../../docs/table.example.json"

// TestGolden: the example config's picture is testdata/example.svg and
// docs/wiring.svg (the guide's), byte for byte; -update rewrites both.
func TestGolden(t *testing.T) {
	c, err := config.Load(example)
	if err != nil {
		t.Fatal(err)
	}
	got := SVG(c)
	for _, path := range []string{"testdata/example.svg", "../../../docs/wiring.svg"} {
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("SVG(example) differs from %s; run go test ./cmd/table/wiring -update and look at it", path)
		}
	}
}

// TestPictureMatchesTheConfig: every GPIO of every seat's reader and
// buttons is in the picture with its header pin, and the picture is
// well-formed XML; a seat's changed pin changes the picture.
func TestPictureMatchesTheConfig(t *testing.T) {
	c, err := config.Load(example)
	if err != nil {
		t.Fatal(err)
	}
	c.Seats[1].Buttons[0].Pin = 16
	svg := string(SVG(c))
	d := xml.NewDecoder(strings.NewReader(svg))
	for {
		if _, err := d.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("not well-formed: %v", err)
		}
	}
	for i, s := range c.Seats {
		for _, want := range []string{
			fmt.Sprintf("MFRC522 IRQ: GPIO%d [pin %d]", s.Reader.IRQ, Header[s.Reader.IRQ]),
			fmt.Sprintf("MFRC522 RST: GPIO%d [pin %d]", s.Reader.Reset, Header[s.Reader.Reset]),
			fmt.Sprintf("MFRC522 SDA (chip select): GPIO%d [pin %d]", Buses[s.Reader.Bus].CE[s.Reader.ChipSelect], Header[Buses[s.Reader.Bus].CE[s.Reader.ChipSelect]]),
			fmt.Sprintf("button confirm: GPIO%d [pin %d]", s.Buttons[0].Pin, Header[s.Buttons[0].Pin]),
			fmt.Sprintf("button cancel: GPIO%d [pin %d]", s.Buttons[1].Pin, Header[s.Buttons[1].Pin]),
			fmt.Sprintf("Seat %d (%s edge, %s)", i+1, s.Edge, s.Color),
		} {
			if !strings.Contains(svg, want) {
				t.Errorf("seat %d: the picture lacks %q", i+1, want)
			}
		}
	}
	if !strings.Contains(svg, "button confirm: GPIO16 [pin 36]") {
		t.Error("the changed pin is not in the picture")
	}
}

// TestBusesMatchTheConfig: the bus pins drawn are those config refuses
// for other uses, so the picture and the checks agree.
func TestBusesMatchTheConfig(t *testing.T) {
	for n, b := range Buses {
		pins := append([]int{b.SCLK, b.MOSI, b.MISO}, b.CE...)
		for _, p := range pins {
			if _, ok := Header[p]; !ok {
				t.Errorf("SPI%d: GPIO%d is not on the header", n, p)
			}
		}
	}
}
