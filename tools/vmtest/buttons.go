package main

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// The buttons through the kernel: a gpio-sim chip (the kernel's GPIO
// simulator, a module of the image's kernel, configured through configfs)
// stands in for the Pi 4's header chip: labelled as hal/pi looks for it,
// with as many lines, line n being BCM GPIO n as on a Pi. The table runs
// without -fake, so its buttons are periph's gpioioctl lines on that chip's
// /dev/gpiochipN, opened by the unit's user through the image's udev rule
// and the unit's DeviceAllow=; its readers find no /dev/spidev* and stay
// offline. The check presses a button from the guest's shell by pulling its
// line down and up again (gpio-sim's sim_gpioN/pull, what a button to
// ground does to a pulled-up input).

// simLabel and simLines are the Pi 4's header chip as hal/pi finds it
// (gpiochip0 "pinctrl-bcm2711", 58 lines).
const (
	simLabel = "pinctrl-bcm2711"
	simLines = 58
)

// devicesEnv, when it exists in the guest, overrides the drop-in's
// TABLE_DEVICES=-fake: "TABLE_DEVICES=" runs the table on the kernel's
// devices.
const devicesEnv = "/etc/ttr-vmtest-devices.env"

// simChipScript makes the gpio-sim chip live and prints its device and
// chip names ("dev=gpio-sim.0 chip=gpiochip1"). Every button line of the
// config is pulled up first, as the Pi's pull-ups hold a button's input
// high until it is pressed.
func simChipScript(pins []int) string {
	var b strings.Builder
	b.WriteString("set -e; modprobe gpio-sim; ")
	b.WriteString("mountpoint -q /sys/kernel/config || mount -t configfs none /sys/kernel/config; ")
	b.WriteString("c=/sys/kernel/config/gpio-sim/ttr; ")
	b.WriteString("if [ ! -d $c ]; then mkdir $c $c/bank0; ")
	fmt.Fprintf(&b, "echo %s > $c/bank0/label; echo %d > $c/bank0/num_lines; echo 1 > $c/live; fi; ", simLabel, simLines)
	b.WriteString("dev=$(cat $c/dev_name); chip=$(cat $c/bank0/chip_name); ")
	b.WriteString("udevadm settle; ")
	for _, p := range pins {
		fmt.Fprintf(&b, "echo pull-up > /sys/bus/platform/devices/$dev/$chip/sim_gpio%d/pull; ", p)
	}
	b.WriteString("echo dev=$dev chip=$chip")
	return b.String()
}

// A gesture is what a finger does to a button, as guest shell commands on
// the line's pull file $p: pull-down is the contact closed.
type gesture struct {
	name   string
	script string
	want   string // the press the table must report: "short" or "long"
}

// gestures are a short press, a long press (past hal/pi's 800 ms) and a
// press that bounces, as a worn contact does, when it closes and when it
// opens: one press each. The waits are the guest's own (sleep), so the
// host's load does not stretch a press; the finger runs at a real-time
// priority (chrt), as a finger is not slowed by the table's drawing: at an
// ordinary one, the guest's shell woke from a 0.5 s sleep late enough,
// behind the table's frames drawn by llvmpipe, to make every press long.
// Each gesture prints how long the guest held the line (held=MS), from
// its first edge to its last: under emulation each edge of a bounce takes
// the guest's shell tens of milliseconds, so a bouncing press held 0.5 s
// once lasted past 800 ms from its first bounce to its last and read long.
// The short presses are held 0.3 s, as a quick press is, 0.5 s short of
// long.
var gestures = []gesture{
	{"short press", "a=$EPOCHREALTIME; echo pull-down > $p; sleep 0.3; echo pull-up > $p; b=$EPOCHREALTIME", "short"},
	{"long press", "a=$EPOCHREALTIME; echo pull-down > $p; sleep 1.5; echo pull-up > $p; b=$EPOCHREALTIME", "long"},
	{"bouncing press",
		"a=$EPOCHREALTIME; for i in 1 2 3; do echo pull-down > $p; echo pull-up > $p; done; echo pull-down > $p; sleep 0.3; " +
			"for i in 1 2; do echo pull-up > $p; echo pull-down > $p; done; echo pull-up > $p; b=$EPOCHREALTIME", "short"},
}

// fingerScript is a gesture's script as the guest runs it: at a real-time
// priority, printing how long the line was held.
func fingerScript(pull string, g gesture) string {
	return "chrt -f 50 bash -c '" + pull + "; " + g.script + "; echo held=$(( (${b/./} - ${a/./}) / 1000 ))'"
}

// heldRE is a gesture's report of how long the line was held, in ms.
var heldRE = regexp.MustCompile(`held=(\d+)`)

// pressLine is a "press BUTTON SEAT short|long" trace line.
type pressLine struct {
	button string
	seat   int
	kind   string
}

func (p pressLine) String() string { return fmt.Sprintf("%s@%d %s", p.button, p.seat, p.kind) }

var pressRE = regexp.MustCompile(`(?m)^press (\S+) (\d+) (short|long)$`)

func pressLines(out string) []pressLine {
	var ps []pressLine
	for _, m := range pressRE.FindAllStringSubmatch(out, -1) {
		seat, _ := strconv.Atoi(m[2])
		ps = append(ps, pressLine{m[1], seat, m[3]})
	}
	return ps
}

// headerLine is hal/pi's log line naming the GPIO chip it took as the
// header's.
var headerLine = regexp.MustCompile(`msg="header GPIO" chip=(\S+) label=(\S+)`)

// tableConfig is what the button check reads of the config.
type tableConfig struct {
	Seats []struct {
		Reader struct {
			Bus        int `json:"spi_bus"`
			ChipSelect int `json:"chip_select"`
		} `json:"reader"`
		Buttons []struct {
			Pin     int    `json:"pin"`
			Meaning string `json:"meaning"`
		} `json:"buttons"`
	} `json:"seats"`
}

// buttonPins reads the config at path: the pin of seat's (from 0) button
// meaning, and every button's pin.
func buttonPins(path string, seat int, meaning string) (pin int, all []int, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, nil, err
	}
	var c tableConfig
	if err := json.Unmarshal(data, &c); err != nil {
		return 0, nil, fmt.Errorf("%s: %w", path, err)
	}
	pin = -1
	for i, s := range c.Seats {
		for _, b := range s.Buttons {
			all = append(all, b.Pin)
			if i == seat && b.Meaning == meaning {
				pin = b.Pin
			}
		}
	}
	if pin < 0 {
		return 0, nil, fmt.Errorf("%s: seat %d has no %s button", path, seat+1, meaning)
	}
	return pin, all, nil
}

// kernel is the guest's devices the table runs on in the kernel checks.
type kernel struct {
	dev, chip string // gpio-sim's platform device and its gpiochipN
	config    string // the config's copy on this machine
	pin       int    // seat 1's confirm button's line, from the config
	readers   []string
}

// kernelDevices makes the gpio-sim chip and restarts the table on the
// kernel's devices (without -fake). The table must then take the chip as
// the header's.
func kernelDevices(v *vm, dir string, o options, r *report) (*kernel, error) {
	cfg := dir + "/table.json"
	pin, pins, err := buttonPins(cfg, 0, "confirm")
	if err != nil {
		return nil, err
	}
	readers, err := readerNodes(cfg)
	if err != nil {
		return nil, err
	}
	k := &kernel{config: cfg, pin: pin, readers: readers}
	out, err := v.sh.must(simChipScript(pins), 2*time.Minute)
	if err != nil {
		return nil, fmt.Errorf("gpio-sim: %v", err)
	}
	for _, f := range strings.Fields(out) {
		if s, ok := strings.CutPrefix(f, "dev="); ok {
			k.dev = s
		}
		if s, ok := strings.CutPrefix(f, "chip="); ok {
			k.chip = s
		}
	}
	if k.dev == "" || k.chip == "" {
		return nil, fmt.Errorf("gpio-sim: no chip made: %q", out)
	}
	perms, err := v.sh.must("stat -c '%n %U:%G %a' /dev/"+k.chip, time.Minute)
	if err != nil {
		return nil, err
	}
	r.add("gpio-sim chip", "%s %q, %d lines (%s); %s", k.chip, simLabel, simLines, k.dev, strings.TrimSpace(perms))

	// The table on the kernel's devices (systemctl restart waits for its
	// READY); its readers have no spidev node yet: the buttons are checked
	// first, alone, as four readers polled through CUSE under emulation
	// take the guest's CPU for seconds at a time, longer than a press.
	// The card registry of the game by scans (game.go) is in place before
	// the table starts: it loads the registry at its start.
	gc, err := readGameConfig(cfg)
	if err != nil {
		return nil, err
	}
	reg, err := registryScripts(gc)
	if err != nil {
		return nil, err
	}
	for _, c := range reg {
		if _, err := v.sh.must(c, time.Minute); err != nil {
			return nil, fmt.Errorf("the card registry: %v", err)
		}
	}
	if _, err := v.sh.must("printf '"+kernelDropInText+"' > "+kernelDropIn+" && systemctl daemon-reload && echo TABLE_DEVICES= > "+devicesEnv+" && systemctl restart table", bootWait); err != nil {
		return nil, err
	}
	j, err := v.sh.must(`journalctl -b -u table -o cat --no-pager _SYSTEMD_INVOCATION_ID=$(systemctl show -p InvocationID --value table)`, time.Minute)
	if err != nil {
		return nil, err
	}
	m := headerLine.FindStringSubmatch(j)
	if m == nil || m[1] != k.chip || strings.Trim(m[2], `"`) != simLabel {
		return nil, fmt.Errorf("the table did not take %s %q as the header's GPIO chip; its journal:\n%s", k.chip, simLabel, j)
	}
	for _, l := range strings.Split(j, "\n") {
		if strings.Contains(l, `msg="seat hardware"`) || strings.Contains(l, "buttons unavailable") {
			r.add("table log", "%s", strings.TrimSpace(l))
		}
	}
	return k, nil
}

// fakeDevicesAgain runs the table on the fake devices again, for the
// checks that follow.
func fakeDevicesAgain(v *vm) error {
	_, err := v.sh.must("rm -f "+devicesEnv+" "+kernelDropIn+" && systemctl daemon-reload && systemctl restart table", bootWait)
	return err
}

// kernelDropIn gives the table's watchdog three minutes while the kernel
// checks run: with four readers polled through CUSE, the emulated machine
// drew a frame more than 20 s apart ("Watchdog timeout (limit 20s)!" in
// the journal, the table restarted with a tag on seat 1's reader, which
// was then not read in a minute). The watchdog check, on the fake devices
// again, runs on the unit's own 20 s.
const (
	kernelDropIn     = "/etc/systemd/system/table.service.d/vmtest-kernel.conf"
	kernelDropInText = `[Service]\nWatchdogSec=3min\n` // printf's escapes
)

// checkButtons: seat 1's confirm button, wired as the config says to a
// line of the emulated header chip, pressed short, long and bouncing from
// the guest's shell, reaches the game as one press each, of the right
// kind, through the kernel, periph, the udev rule and the unit's device
// permissions.
func checkButtons(v *vm, k *kernel, o options, r *report) error {
	line := k.pin
	if o.buttonLine >= 0 {
		line = o.buttonLine
	}
	presses := func() ([]pressLine, error) {
		out, err := v.sh.must("journalctl -b -u table -o cat --no-pager | grep -E '^press ' || true", time.Minute)
		return pressLines(out), err
	}
	before, err := presses()
	if err != nil {
		return err
	}
	n0 := len(before)
	// The first frames after the restart take the guest's CPU: a press
	// made meanwhile is read after its release, and lost.
	time.Sleep(20 * time.Second)
	pull := fmt.Sprintf("p=/sys/bus/platform/devices/%s/%s/sim_gpio%d/pull", k.dev, k.chip, line)
	var want []pressLine
	var holds []string // how long the guest held the line, each gesture
	for _, g := range gestures {
		// A second between gestures: the last one's release is read
		// (30 ms of debounce) before the next comes down.
		out, err := v.sh.must(fingerScript(pull, g)+"; sleep 1", time.Minute)
		if err != nil {
			return fmt.Errorf("%s: %v", g.name, err)
		}
		held := "?"
		if m := heldRE.FindStringSubmatch(out); m != nil {
			held = m[1]
		}
		holds = append(holds, held+" ms")
		want = append(want, pressLine{"confirm", 1, g.want})
	}
	var got []pressLine
	for end := time.Now().Add(time.Minute); ; time.Sleep(time.Second) {
		ps, err := presses()
		if err != nil {
			return err
		}
		got = ps[min(n0, len(ps)):]
		if len(got) >= len(want) || time.Now().After(end) {
			break
		}
	}
	time.Sleep(2 * time.Second) // a press too many would come now
	if ps, err := presses(); err == nil {
		got = ps[min(n0, len(ps)):]
	}
	r.add("buttons", "line %d of %s (seat 1's confirm is GPIO%d): short, long and bouncing presses (held %v) gave %v", line, k.chip, k.pin, holds, got)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		return fmt.Errorf("buttons: pressing line %d of %s short, long and bouncing gave presses %v, want %v", line, k.chip, got, want)
	}
	return nil
}
