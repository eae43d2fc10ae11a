package pi

import (
	"strings"
	"testing"
	"testing/fstest"
)

// The GPIO chips of each model as gpiodetect lists them: the header's
// chip is found by its label wherever the kernel numbers it.
var (
	pi4Chips = []gpioChip{
		{Name: "gpiochip0", Label: "pinctrl-bcm2711", Lines: 58},
		{Name: "gpiochip1", Label: "raspberrypi-exp-gpio", Lines: 8},
	}
	// A Pi 5 before kernel 6.6.47: the RP1 is gpiochip4.
	pi5OldChips = []gpioChip{
		{Name: "gpiochip0", Label: "gpio-brcmstb@107d508500", Lines: 32},
		{Name: "gpiochip1", Label: "gpio-brcmstb@107d508520", Lines: 4},
		{Name: "gpiochip2", Label: "gpio-brcmstb@107d517c00", Lines: 17},
		{Name: "gpiochip3", Label: "gpio-brcmstb@107d517c20", Lines: 6},
		{Name: "gpiochip4", Label: "pinctrl-rp1", Lines: 54},
	}
	// A Pi 5 from kernel 6.6.47: the RP1 is gpiochip0.
	pi5Chips = []gpioChip{
		{Name: "gpiochip0", Label: "pinctrl-rp1", Lines: 54},
		{Name: "gpiochip10", Label: "gpio-brcmstb@107d508500", Lines: 32},
		{Name: "gpiochip11", Label: "gpio-brcmstb@107d508520", Lines: 4},
		{Name: "gpiochip12", Label: "gpio-brcmstb@107d517c00", Lines: 17},
		{Name: "gpiochip13", Label: "gpio-brcmstb@107d517c20", Lines: 6},
	}
)

func TestHeaderChip(t *testing.T) {
	for _, tc := range []struct {
		name  string
		chips []gpioChip
		want  string // "" for an error
	}{
		{"Pi 4", pi4Chips, "gpiochip0"},
		{"Pi 5, RP1 as gpiochip4", pi5OldChips, "gpiochip4"},
		{"Pi 5, RP1 as gpiochip0", pi5Chips, "gpiochip0"},
		{"Pi 3", []gpioChip{{Name: "gpiochip0", Label: "pinctrl-bcm2835", Lines: 54}, {Name: "gpiochip1", Label: "raspberrypi-exp-gpio", Lines: 8}}, "gpiochip0"},
		{"not a Pi", []gpioChip{{Name: "gpiochip0", Label: "INT34C5:00", Lines: 360}}, ""},
		{"no chips", nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			i, err := headerChip(tc.chips)
			switch {
			case tc.want == "" && err == nil:
				t.Fatalf("got %s, want an error", tc.chips[i].Name)
			case tc.want != "" && err != nil:
				t.Fatalf("got %v, want %s", err, tc.want)
			case tc.want != "" && tc.chips[i].Name != tc.want:
				t.Fatalf("got %s, want %s", tc.chips[i].Name, tc.want)
			}
		})
	}
}

// TestSPIHint: the spidev nodes are /dev/spidevB.C on both models (SPI0
// from dtparam=spi=on, SPI1 from the spi1-Ncs overlay); a missing bus is
// told with the line of config.txt that brings it.
func TestSPIHint(t *testing.T) {
	both := fstest.MapFS{
		"dev/spidev0.0": {}, "dev/spidev0.1": {},
		"dev/gpiochip0": {}, "dev/gpiochip4": {},
	}
	for _, tc := range []struct {
		name string
		root fstest.MapFS
		bus  int
		want []string
	}{
		{"SPI1 not enabled", both, 1, []string{"/dev/spidev0.0, /dev/spidev0.1", "dtoverlay=spi1-3cs"}},
		{"no SPI at all", fstest.MapFS{"dev/gpiochip0": {}}, 0, []string{"no SPI device at all", "dtparam=spi=on"}},
		{"no /dev", fstest.MapFS{}, 1, []string{"no SPI device at all", "dtoverlay=spi1-3cs"}},
	} {
		got := spiHint(tc.root, tc.bus)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: got %q, want it to say %q", tc.name, got, w)
			}
		}
	}
}
