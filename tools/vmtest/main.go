// Command vmtest boots the table's SD card image (make image) in an
// emulated arm64 machine (qemu-system-aarch64) and checks, from outside,
// the firmware as it runs on a table: under its real unit and hardening,
// with a drop-in that swaps in the fake readers and buttons (the emulated
// board has no SPI or GPIO) but for the button check, which runs the table
// on the kernel's devices. make vmtest runs it; it needs root (debugfs on
// the image's copy) and .ci/deps.sh image.
//
// The checks, in order: the unit reaches READY and stays active, its
// journal has no error, the root partition was grown to the disk; the
// screen shows the start screen at the configured size (a QMP screendump
// compared with a reference PNG); the firmware's own multi-touch reader
// found the emulated multi-touch screen, a tap reaches the game and changes
// the screen, and two fingers at two seats at once, one of them held, are
// both acted on; seat 1's confirm button, a line of a gpio-sim chip made
// as the Pi 4's header chip and wired as the config says, pressed short,
// long and bouncing from the guest's shell, reaches the game as one press
// each through the kernel, periph, the udev rule and the unit's device
// permissions (the table run without -fake); every seat's reader comes
// online through a /dev/spidevB.C that spidevd serves through CUSE; a game
// is played by scans on those readers, presses on every seat's Confirm
// and touches, up to a route claimed (game.go); a tag laid on each reader
// is read once; a bots game survives power cuts
// (qemu killed outright at random moments, booted again) and ends with the
// same log as an uninterrupted game of the same seed played on this
// machine; the watchdog restarts a hung table; systemctl stop ends it
// cleanly; the machine powers off.
package main

import (
	"errors"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"
)

type options struct {
	image, dir, hostTable, refDir string
	width, height                 int
	cuts                          int
	seed                          uint64
	update                        bool
	tapX, tapY                    int
	touchDevice                   string
	quick                         bool
	buttonLine                    int
	spidevd                       string
	unplugged                     bool
	noButtons                     bool
	raspi4b                       bool
	raspi4bOverlays               string
	raspi4bTimeout                time.Duration
	keepGoing                     bool
	noGame                        bool
}

func main() {
	var o options
	flag.StringVar(&o.image, "image", "bin/table-pi.img", "the SD card image")
	flag.StringVar(&o.dir, "dir", "bin/vmtest", "scratch folder: the disk's copy, screenshots, serial and qemu logs")
	flag.StringVar(&o.hostTable, "table", "bin/table", "this machine's table binary, for the uninterrupted reference game")
	flag.StringVar(&o.refDir, "ref", "tools/vmtest/testdata", "the reference screenshots")
	flag.BoolVar(&o.update, "update", false, "write the reference screenshots instead of comparing")
	flag.IntVar(&o.width, "width", 800, "the screen's width, set in the config and as the virtual GPU's preferred mode")
	flag.IntVar(&o.height, "height", 480, "the screen's height")
	flag.IntVar(&o.cuts, "cuts", 3, "power cuts during the bots game")
	flag.Uint64Var(&o.seed, "seed", 0, "seed of the power cuts' moments (default: from the clock)")
	flag.IntVar(&o.tapX, "tap-x", 0, "where the touch test touches (default: the start screen's language key)")
	flag.IntVar(&o.tapY, "tap-y", 0, "")
	flag.StringVar(&o.touchDevice, "touch-device", "virtio-multitouch-pci", "qemu's touch screen device (virtio-tablet-pci, an absolute pointer, shows that the touch checks fail without a multi-touch screen)")
	flag.BoolVar(&o.quick, "quick", false, "stop after the first boot's checks (the screen, the touches and the buttons): no power cuts, watchdog or stop")
	flag.StringVar(&o.spidevd, "spidevd", "bin/spidevd-arm64", "tools/vmtest/spidevd built for linux/arm64: the readers' /dev/spidevB.C in the guest")
	flag.BoolVar(&o.unplugged, "unplugged", false, "spidevd's chips unplugged (the bus reads 0xFF): shows that the reader check fails when the spidev nodes answer nothing")
	flag.BoolVar(&o.noButtons, "no-buttons", false, "skip the button check (the reader check comes sooner)")
	flag.BoolVar(&o.noGame, "no-game", false, "skip the game by scans through the kernel (game.go), 13 to 28 minutes under emulation")
	flag.BoolVar(&o.keepGoing, "keep-going", false, "run the buttons', readers' and game's checks even after one of them failed, and fail at the end with each failure (one boot shows every break: -button-line=6 -unplugged -keep-going -quick)")
	flag.IntVar(&o.buttonLine, "button-line", -1, "the gpio-sim line the button check presses (default: the line of seat 1's confirm button in the config; another shows that the check fails when the wiring differs)")
	flag.BoolVar(&o.raspi4b, "raspi4b", false, "instead: boot the image's own Pi 4 kernel and device tree under -M raspi4b, headless, and check its GPIO chip, spidev nodes and readers (raspi4b.go, make vmtest-raspi4b)")
	flag.StringVar(&o.raspi4bOverlays, "raspi4b-overlays", "config", "with -raspi4b: the overlays applied to the tree: config (config.txt's dtoverlay= lines), none, or a list (ttr-spi,ttr-dsi-7inch)")
	flag.DurationVar(&o.raspi4bTimeout, "raspi4b-timeout", 40*time.Minute, "with -raspi4b: how long the boot may take to report and power off")
	flag.Parse()
	log.SetFlags(log.Ltime)
	if o.raspi4b {
		if err := raspi4b(o); err != nil {
			log.Fatalf("vmtest: raspi4b: FAIL: %v", err)
		}
		log.Print("vmtest: raspi4b: all checks passed")
		return
	}
	if o.seed == 0 {
		o.seed = uint64(time.Now().UnixNano())
	}
	if err := vmtest(o); err != nil {
		log.Fatalf("vmtest: FAIL: %v", err)
	}
	log.Print("vmtest: all checks passed")
}

// The test's own files in the guest's root; never in the image.
const (
	dropIn = `# vmtest: the fake readers and buttons (the emulated board has no SPI or
# GPIO) unless /etc/ttr-vmtest-devices.env says TABLE_DEVICES= (the button
# check's gpio-sim chip), the trace lines the test reads, and the game's
# arguments. The first
# frame, drawn by llvmpipe under TCG on a busy host, can take minutes: the
# unit's 60 s would kill and restart the table until caches are warm.
[Service]
TimeoutStartSec=10min
Environment=TABLE_DEVICES=-fake
EnvironmentFile=-/etc/ttr-vmtest.env
EnvironmentFile=-/etc/ttr-vmtest-devices.env
# spidevd's nodes (CUSE) have majors named after them, not "spi" as the
# kernel's spidev's: the unit's DeviceAllow=char-spi does not cover them.
DeviceAllow=char-spidev* rw
ExecStart=
ExecStart=/usr/local/bin/table run $TABLE_DEVICES -trace $TABLE_ARGS
`
	// spidevdRules gives spidevd's nodes to the spi group, as the image's
	// rule does the kernel's spidev nodes (whose subsystem is spidev, not
	// cuse).
	spidevdRules = `SUBSYSTEM=="cuse", KERNEL=="spidev*", GROUP="spi", MODE="0660"
`
	shellUnit = `# vmtest: a root shell on the virtio console, for the test's checks.
[Unit]
Description=vmtest shell on hvc0
DefaultDependencies=no
After=dev-hvc0.device
Wants=dev-hvc0.device

[Service]
ExecStart=/bin/sh -c 'stty -echo -onlcr 2>/dev/null; exec /bin/bash --noprofile --norc -s'
StandardInput=tty
StandardOutput=tty
StandardError=journal
TTYPath=/dev/hvc0
Restart=always
RestartSec=1
`
)

func vmtest(o options) error {
	if err := os.MkdirAll(o.dir, 0o755); err != nil {
		return err
	}
	dir, err := filepath.Abs(o.dir)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(o.seed, 19))
	log.Printf("power cuts' seed %d (-seed to repeat)", o.seed)
	t0 := time.Now()
	spidevd, err := filepath.Abs(o.spidevd)
	if err != nil {
		return err
	}
	if _, err := os.Stat(spidevd); err != nil {
		return fmt.Errorf("%v (make vmtest builds it: GOARCH=arm64 go build ./tools/vmtest/spidevd)", err)
	}
	m, err := prepare(o.image, dir, 512<<20, o.width, o.height, map[string]string{
		spidevdPath: "exec:" + spidevd,
		"/etc/udev/rules.d/61-vmtest-spidevd.rules":                     spidevdRules,
		"/etc/systemd/system/table.service.d/vmtest.conf":               dropIn,
		"/etc/systemd/system/vmtest-shell.service":                      shellUnit,
		"/etc/systemd/system/sysinit.target.wants/vmtest-shell.service": "symlink:/etc/systemd/system/vmtest-shell.service",
		"/etc/ttr-vmtest.env":                                           "TABLE_ARGS=\n",
	})
	if err != nil {
		return err
	}
	log.Printf("disk prepared in %v: %s, cmdline %q", time.Since(t0).Round(time.Millisecond), m.disk, m.cmdline)
	r := &report{}
	defer r.print()

	// First boot: the start screen.
	v, err := startVM(m, dir, 1, o, r, "first boot")
	if err != nil {
		return err
	}
	defer func() {
		if v != nil {
			v.kill()
		}
	}()
	if err := checkFirstBoot(v, m, o, r); err != nil {
		return err
	}
	if err := checkScreen(v, dir, o, r); err != nil {
		return err
	}
	if err := checkTouch(v, dir, o, r); err != nil {
		return err
	}
	if err := checkFingers(v, dir, o, r); err != nil {
		return err
	}
	k, err := kernelDevices(v, dir, o, r)
	if err != nil {
		return err
	}
	// The kernel checks; with -keep-going each runs whatever the one
	// before it found.
	var failed []error
	kernelCheck := func(err error) error {
		if err != nil && o.keepGoing {
			r.add("failed", "%v", err)
			failed = append(failed, err)
			return nil
		}
		return err
	}
	if o.noButtons {
		r.add("buttons", "not checked (-no-buttons)")
	} else if err := kernelCheck(checkButtons(v, k, o, r)); err != nil {
		return err
	}
	if err := kernelCheck(checkReaders(v, k, o, r)); err != nil {
		return err
	}
	if o.noGame {
		r.add("game by scans", "not played (-no-game)")
	} else if err := kernelCheck(checkGame(v, k, dir, o, r)); err != nil {
		return err
	}
	if err := kernelCheck(checkTags(v, k, o, r)); err != nil {
		return err
	}
	if len(failed) > 0 {
		return fmt.Errorf("%d kernel checks failed: %w", len(failed), errors.Join(failed...))
	}
	if err := fakeDevicesAgain(v); err != nil {
		return err
	}
	if o.quick {
		r.add("quick", "the power cuts, the watchdog and the stop were not checked (-quick)")
		return nil
	}
	if v, err = checkPowerCuts(v, m, dir, o, rng, r); err != nil {
		return err
	}
	if err := checkWatchdog(v, r); err != nil {
		return err
	}
	if err := checkStop(v, r); err != nil {
		return err
	}
	v.sh.run("systemctl poweroff", 2*time.Second)
	if err := v.wait(3 * time.Minute); err != nil {
		return fmt.Errorf("poweroff: %v", err)
	}
	v = nil
	r.add("poweroff", "clean")
	return nil
}

// report collects the figures and results, printed at the end.
type report struct{ lines []string }

func (r *report) add(what, format string, args ...any) {
	s := fmt.Sprintf("%-28s %s", what+":", fmt.Sprintf(format, args...))
	r.lines = append(r.lines, s)
	log.Print(s)
}

func (r *report) print() {
	fmt.Println("\n== vmtest report")
	for _, l := range r.lines {
		fmt.Println(l)
	}
}

// startVM boots the machine and waits for the table's READY (its first
// frame is drawn then).
// bootWait bounds how long an emulated boot may take to bring up the
// guest's console, and then the table.
const bootWait = 10 * time.Minute

func startVM(m *machine, dir string, n int, o options, r *report, what string) (*vm, error) {
	v, err := boot(m, dir, n, o)
	if err != nil {
		return nil, err
	}
	// Booting under emulation took 53 to 212 s here, more on a busier host.
	if err := v.sh.waitUp(bootWait); err != nil {
		v.kill()
		return nil, fmt.Errorf("%s: %v (serial log %s)", what, err, filepath.Join(dir, fmt.Sprintf("serial-%d.log", n)))
	}
	shellUp := time.Since(v.started)
	if err := waitActive(v, bootWait); err != nil {
		v.kill()
		return nil, fmt.Errorf("%s: %v", what, err)
	}
	r.add(what, "console up %.0f s, table READY (first frame) %.0f s after power on", shellUp.Seconds(), time.Since(v.started).Seconds())
	return v, nil
}

// waitActive waits until the unit is active (READY=1 received).
func waitActive(v *vm, timeout time.Duration) error {
	var last string
	for end := time.Now().Add(timeout); time.Now().Before(end); time.Sleep(time.Second) {
		out, _, err := v.sh.run("systemctl is-active table", 30*time.Second)
		if err != nil {
			return err
		}
		last = strings.TrimSpace(out)
		if last == "active" {
			return nil
		}
	}
	j, _, _ := v.sh.run("systemctl status table --no-pager; journalctl -b -u table --no-pager | tail -40", time.Minute)
	return fmt.Errorf("the table is %q, not active, after %v:\n%s", last, timeout, j)
}
