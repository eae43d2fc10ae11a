package pi

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path"
	"slices"
	"strings"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/host/v3"
	"periph.io/x/host/v3/gpioioctl"
	"periph.io/x/host/v3/sysfs"
)

// PeriphHost initialises periph's host drivers, logs the drivers that
// failed, and returns the Host that opens the Pi's SPI devices and GPIO
// lines through the kernel's character devices, the same way on a Pi 4 and
// a Pi 5 (see the package doc, "Pi 4 and Pi 5").
func PeriphHost(log *slog.Logger) (Host, error) {
	if log == nil {
		log = slog.Default()
	}
	st, err := host.Init()
	if err != nil {
		return nil, fmt.Errorf("pi: periph host: %w", err)
	}
	for _, f := range st.Failed {
		// On a Pi 5 bcm283x fails (it maps /dev/gpiomem, which the Pi 5
		// splits into gpiomem0-4): harmless, as the GPIO lines come from
		// the character device; on a Pi 4 a failure here is worth a look.
		log.Info("periph driver failed", "driver", f.D.String(), "err", f.Err)
	}
	if model, err := os.ReadFile("/proc/device-tree/model"); err == nil {
		log.Info("board", "model", strings.TrimRight(string(model), "\x00\n"))
	}
	var chips []gpioChip
	for _, c := range gpioioctl.Chips {
		chips = append(chips, gpioChip{Name: c.Name(), Label: c.Label(), Lines: c.LineCount()})
	}
	i, err := headerChip(chips)
	if err != nil {
		return nil, err
	}
	log.Info("header GPIO", "chip", chips[i].Name, "label", chips[i].Label)
	return periphHost{chip: gpioioctl.Chips[i], dev: os.DirFS("/")}, nil
}

type periphHost struct {
	chip *gpioioctl.GPIOChip
	dev  fs.FS // the root, to list /dev when a node is missing
}

// SPI opens /dev/spidevBUS.CS directly, not through periph's registry,
// which lists only the nodes present when host.Init ran: a node that
// appears later (a device tree overlay loaded late, a slow udev) is opened
// when it is there.
func (h periphHost) SPI(bus, cs int) (spi.PortCloser, error) {
	p, err := sysfs.NewSPI(bus, cs)
	if err != nil {
		return nil, fmt.Errorf("pi: /dev/spidev%d.%d: %w (%s)", bus, cs, err, spiHint(h.dev, bus))
	}
	return p, nil
}

// GPIO returns line n of the header's GPIO chip: BCM GPIO n.
func (h periphHost) GPIO(n int) (gpio.PinIO, error) {
	if l := h.chip.ByNumber(n); l != nil {
		return l, nil
	}
	return nil, fmt.Errorf("pi: GPIO%d not found on %s (%s)", n, h.chip.Name(), h.chip.Label())
}

// gpioChip is what identifies a GPIO chip of the kernel's character device.
type gpioChip struct {
	Name  string // gpiochipN
	Label string
	Lines int
}

// headerLabels are the labels of the GPIO chip that drives the 40-pin
// header, whose line n is BCM GPIO n: the RP1's on a Pi 5, the SoC's on a
// Pi 4 (BCM2711) and earlier boards.
var headerLabels = []string{"pinctrl-rp1", "pinctrl-bcm2711", "pinctrl-bcm2835"}

// headerChip returns the index in chips of the header's chip. Its number
// differs between models and kernels (gpiochip0 on a Pi 4 and on a Pi 5
// with kernel 6.6.47 or later, gpiochip4 on a Pi 5 before), so it is found
// by its label, never by its name.
func headerChip(chips []gpioChip) (int, error) {
	for _, want := range headerLabels {
		for i, c := range chips {
			if c.Label == want && c.Lines >= 28 {
				return i, nil
			}
		}
	}
	var got []string
	for _, c := range chips {
		got = append(got, fmt.Sprintf("%s %q", c.Name, c.Label))
	}
	if len(got) == 0 {
		return 0, errors.New("pi: no GPIO chip in /dev/gpiochip* (is the user in the gpio group?)")
	}
	return 0, fmt.Errorf("pi: no GPIO chip labelled %s among %s: not a Raspberry Pi 4 or 5?", strings.Join(headerLabels, " or "), strings.Join(got, ", "))
}

// spiHint says what to do about a missing /dev/spidevBUS.*, from the spidev
// nodes there are in root's dev folder.
func spiHint(root fs.FS, bus int) string {
	entries, _ := fs.ReadDir(root, "dev")
	var nodes []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "spidev") {
			nodes = append(nodes, path.Join("/dev", e.Name()))
		}
	}
	slices.Sort(nodes)
	overlay := "dtparam=spi=on"
	if bus > 0 {
		overlay = fmt.Sprintf("dtoverlay=spi%d-3cs", bus)
	}
	if len(nodes) == 0 {
		return fmt.Sprintf("no SPI device at all: add %s to /boot/firmware/config.txt and reboot", overlay)
	}
	return fmt.Sprintf("there are %s: is %s in /boot/firmware/config.txt?", strings.Join(nodes, ", "), overlay)
}
