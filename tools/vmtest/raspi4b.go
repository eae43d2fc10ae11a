package main

// -raspi4b (make vmtest-raspi4b): the image's own Pi 4 kernel, initramfs
// and device tree booted under qemu-system-aarch64 -M raspi4b, QEMU's
// model of the BCM2711, rather than on the virt board. The tree is the
// card's bcm2711-rpi-4-b.dtb with the overlays its config.txt names
// applied by fdtoverlay, as the Pi's firmware applies them, then, on a
// copy, only what the model cannot serve taken out (raspi4bUnsupported).
// The model has the BCM2711's GPIO block, an SD host and SPI controllers
// on which no transfer completes, but no GPU or display pipeline: the
// table runs headless, its buttons and readers on the kernel's own
// pinctrl-bcm2711 and spi-bcm2835 drivers. A oneshot unit of the test (never in the image) waits for the
// table, writes what the boot shows to the boot partition and powers off;
// the checks read it from the disk afterwards.

import (
	"encoding/json"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"time"
)

// raspi4bUnsupported is what the model cannot serve, taken out of the tree
// before the boot, each with why. QEMU itself disables the PCIe, RNG200,
// thermal and GENET nodes it lacks (its warnings in qemu-1.log); these are
// the rest.
var raspi4bUnsupported = []struct {
	node, prop, why string // prop "": the node is disabled; else that property is deleted
}{
	// The HDMI block: the model maps neither it nor its L2 interrupt
	// controller. With them in the tree the kernel panics 8 s into the
	// boot, before the console: "synchronous external abort" in
	// brcmstb_l2_intc_probe, reading the controller at 0x7ef00100. The two
	// HDMI controllers, their DDC buses and the DVP clock hang from that
	// block and are disabled with it.
	{"/soc/clock@7ef00000", "", "the HDMI's DVP clock and reset controller: no HDMI block in the model"},
	{"/soc/interrupt-controller@7ef00100", "", "the HDMI's L2 interrupt controller: absent from the model"},
	{"/soc/hdmi@7ef00700", "", "HDMI0: no HDMI block in the model"},
	{"/soc/i2c@7ef04500", "", "HDMI0's DDC bus: no HDMI block in the model"},
	{"/soc/hdmi@7ef05700", "", "HDMI1: no HDMI block in the model"},
	{"/soc/i2c@7ef09500", "", "HDMI1's DDC bus: no HDMI block in the model"},
	// The model puts the SD card on the legacy SDHCI (mmc@7e300000, the
	// Pi 4's WiFi there), not on EMMC2, the Pi 4's card slot. That
	// controller waits for the WiFi's power sequence, whose reset line is
	// on the firmware's GPIO expander, which the model does not answer
	// ("Failed to get GPIO 1 config", "wifi-pwrseq: deferred probe
	// pending"): without the property the card is found at once.
	{"/soc/mmc@7e300000", "mmc-pwrseq", "the WiFi's power sequence on the legacy SDHCI, where the model puts the SD card: its reset is on the firmware's GPIO expander, which the model does not answer"},
}

// raspi4bDropIn runs the table headless (the model has no display) on the
// kernel's devices (no -fake), with the trace lines.
const raspi4bDropIn = `# vmtest -raspi4b: headless (the model has no display), the kernel's own
# GPIO and SPI devices, the trace lines; an emulated Pi is slow to start.
[Service]
TimeoutStartSec=10min
ExecStart=
ExecStart=/usr/local/bin/table run -headless -trace
`

// raspi4bReport is the test's unit: once the table is active (or has
// failed) and has had time to poll its readers, it writes what the boot
// shows to the boot partition, between @@ headers, and powers off.
const raspi4bReport = `#!/bin/sh
# vmtest -raspi4b: what the boot shows, to the boot partition; then off.
out=/boot/firmware/vmtest-raspi4b.txt
for i in $(seq 900); do
	s=$(systemctl is-active table)
	[ "$s" = active ] || [ "$s" = failed ] && break
	sleep 1
done
# The readers' statuses: one line per seat, or two minutes.
for i in $(seq 120); do
	[ "$(journalctl -b -u table -o cat --no-pager | grep -c 'msg="device status".*device=reader')" -ge "$SEATS" ] && break
	sleep 1
done
{
	echo "@@table"; systemctl is-active table
	echo "@@gpiochips"; for c in /sys/class/gpio/gpiochip*; do echo "$(cat $c/label) base=$(cat $c/base) ngpio=$(cat $c/ngpio)"; done; ls /dev/gpiochip*
	echo "@@spidev"; for d in /dev/spidev*; do stat -c '%n %U:%G %a' $d; done
	echo "@@i2c"; for d in /sys/bus/i2c/devices/*-00*; do echo "$(basename $d) $(cat $d/name) driver=$(basename "$(readlink $d/driver)")"; done
	echo "@@modules"; lsmod | grep -E 'spi|panel|edt|vc4|i2c|drm' | cut -d' ' -f1
	echo "@@journal"; journalctl -b -u table -o cat --no-pager
	echo "@@kernel"; journalctl -k -b -o cat --no-pager | grep -iE 'spi|dsi|panel|touchscreen|edt|ft5|i2c|vc4|drm|mmc' | grep -vE 'timed out|transfer' | head -200
	echo "@@uptime"; cat /proc/uptime
} >$out.new 2>&1
mv $out.new $out
sync
systemctl poweroff
`

const raspi4bUnit = `# vmtest -raspi4b: writes what the boot shows, then powers off.
[Unit]
Description=vmtest raspi4b report
After=table.service

[Service]
Type=oneshot
Environment=SEATS=%d
ExecStart=/usr/local/sbin/vmtest-raspi4b-report
StandardOutput=journal+console
`

// raspi4bNodes are the paths of the nodes raspi4bUnsupported disables and
// the properties it deletes, as fdtput writes them, for the report.
func raspi4bNodes() []string {
	var out []string
	for _, u := range raspi4bUnsupported {
		if u.prop == "" {
			out = append(out, u.node)
		} else {
			out = append(out, u.node+":"+u.prop)
		}
	}
	return out
}

// raspi4bTree writes dir/raspi4b.dtb: the card's bcm2711-rpi-4-b.dtb with
// the overlays applied (the names in config.txt's dtoverlay= lines, or
// those of -raspi4b-overlays), then raspi4bUnsupported taken out. It
// returns the overlays applied.
func raspi4bTree(disk string, bootStart int64, dir, overlays string) ([]string, error) {
	boot := fmt.Sprintf("%s@@%d", disk, bootStart)
	base := filepath.Join(dir, "bcm2711-rpi-4-b.dtb")
	if err := run("mcopy", "-o", "-i", boot, "::/bcm2711-rpi-4-b.dtb", base); err != nil {
		return nil, err
	}
	var names []string
	switch overlays {
	case "config":
		cfg, err := output("mtype", "-i", boot, "::/config.txt")
		if err != nil {
			return nil, err
		}
		names = configOverlays(cfg)
	case "none", "":
	default:
		names = strings.Split(overlays, ",")
	}
	tree := filepath.Join(dir, "raspi4b.dtb")
	args := []string{"-i", base, "-o", tree}
	for _, n := range names {
		local := filepath.Join(dir, n+".dtbo")
		if err := run("mcopy", "-o", "-i", boot, "::/overlays/"+n+".dtbo", local); err != nil {
			return nil, fmt.Errorf("overlay %s: %w", n, err)
		}
		args = append(args, local)
	}
	if err := run("fdtoverlay", args...); err != nil {
		return nil, err
	}
	for _, u := range raspi4bUnsupported {
		var err error
		if u.prop == "" {
			err = run("fdtput", "-t", "s", tree, u.node, "status", "disabled")
		} else {
			err = run("fdtput", "-d", tree, u.node, u.prop)
		}
		if err != nil {
			return nil, fmt.Errorf("the model's tree (%s): %w", u.why, err)
		}
	}
	return names, nil
}

// configOverlays are the overlays config.txt has the firmware apply, in
// order: its dtoverlay= lines, not those commented out.
func configOverlays(cfg string) []string {
	var names []string
	for _, l := range strings.Split(cfg, "\n") {
		l = strings.TrimSpace(l)
		if v, ok := strings.CutPrefix(l, "dtoverlay="); ok {
			if name, _, _ := strings.Cut(v, ","); name != "" {
				names = append(names, name)
			}
		}
	}
	return names
}

// raspi4bSections splits the report into its @@ sections.
func raspi4bSections(report string) map[string]string {
	s := map[string]string{}
	var name string
	for _, l := range strings.SplitAfter(report, "\n") {
		if n, ok := strings.CutPrefix(strings.TrimSpace(l), "@@"); ok && !strings.Contains(n, " ") {
			name = n
			continue
		}
		s[name] += l
	}
	return s
}

var (
	raspi4bHeader = regexp.MustCompile(`msg="header GPIO" chip=(\S+) label=(\S+)`)
	// raspi4bDisplayLine is a kernel line about the 7" display's nodes.
	raspi4bDisplayLine = regexp.MustCompile(`(?i)dsi|panel|touchscreen|edt[_,-]|ft5|7inch|vc4`)
	raspi4bStatus      = regexp.MustCompile(`msg="device status" seat=(\d+) device=reader state=(\w+)(?: err=("(?:[^"\\]|\\.)*"|\S+))?`)
)

// raspi4bCheck checks the report against the config's seats: the table
// active, hal/pi's header chip the pinctrl-bcm2711 one, a spidev node for
// every seat's reader, and a status for every seat's reader. It returns
// the report's lines.
func raspi4bCheck(report string, seats []spidevName) ([]string, error) {
	s := raspi4bSections(report)
	var lines []string
	add := func(what, format string, args ...any) {
		lines = append(lines, fmt.Sprintf("%-28s %s", what+":", fmt.Sprintf(format, args...)))
	}
	if st := strings.TrimSpace(s["table"]); st != "active" {
		return lines, fmt.Errorf("the table is %q, not active (headless):\n%s", st, s["journal"])
	}
	add("table", "active, headless")
	add("gpio chips (sysfs)", "%s", strings.Join(nonEmpty(s["gpiochips"]), "; "))
	m := raspi4bHeader.FindStringSubmatch(s["journal"])
	if m == nil || m[2] != "pinctrl-bcm2711" {
		return lines, fmt.Errorf("hal/pi took no pinctrl-bcm2711 chip as the header's (%q); the gpio chips:\n%s", m, s["gpiochips"])
	}
	add("header GPIO (periph)", "%s %q", m[1], m[2])
	var missing []string
	for _, n := range seats {
		if !strings.Contains(s["spidev"], "/dev/"+n.node+" ") {
			missing = append(missing, "/dev/"+n.node)
		}
	}
	add("spidev nodes", "%s", strings.Join(nonEmpty(s["spidev"]), "; "))
	if len(missing) > 0 {
		return lines, fmt.Errorf("no %s for the config's readers; the spidev nodes: %q", strings.Join(missing, " "), nonEmpty(s["spidev"]))
	}
	last := map[int]string{}
	for _, m := range raspi4bStatus.FindAllStringSubmatch(s["journal"], -1) {
		var seat int
		fmt.Sscan(m[1], &seat)
		last[seat] = m[2]
		if m[3] != "" {
			last[seat] += " " + m[3]
		}
	}
	for i := range seats {
		st, ok := last[i+1]
		if !ok {
			return lines, fmt.Errorf("seat %d's reader reported no status:\n%s", i+1, s["journal"])
		}
		add(fmt.Sprintf("reader seat %d (%s)", i+1, seats[i].node), "%s", st)
	}
	return lines, nil
}

// spidevName is a seat's reader's spidev node, spidevB.C.
type spidevName struct{ node string }

// raspi4bSeats are the spidev nodes of the config's readers, seat by seat.
func raspi4bSeats(cfgPath string) ([]spidevName, error) {
	data, err := os.ReadFile(cfgPath)
	if err != nil {
		return nil, err
	}
	var cfg struct {
		Seats []struct {
			Reader struct {
				Bus        int `json:"spi_bus"`
				ChipSelect int `json:"chip_select"`
			} `json:"reader"`
		} `json:"seats"`
	}
	if err := json.Unmarshal(data, &cfg); err != nil {
		return nil, fmt.Errorf("the image's table.json: %w", err)
	}
	var out []spidevName
	for _, s := range cfg.Seats {
		out = append(out, spidevName{fmt.Sprintf("spidev%d.%d", s.Reader.Bus, s.Reader.ChipSelect)})
	}
	return out, nil
}

// raspi4b boots the image under -M raspi4b and checks what it shows.
func raspi4b(o options) error {
	t0 := time.Now()
	top, err := filepath.Abs(o.dir)
	if err != nil {
		return err
	}
	dir := filepath.Join(top, "raspi4b")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	// The model's SD card must be a power of two in size: the image's,
	// rounded up (the first boot grows the root to it).
	st, err := os.Stat(o.image)
	if err != nil {
		return err
	}
	size := int64(1) << 30
	for size < st.Size()+(256<<20) {
		size <<= 1
	}
	script := filepath.Join(dir, "report.sh")
	if err := os.WriteFile(script, []byte(raspi4bReport), 0o755); err != nil {
		return err
	}
	// The seats, from the card's config, tell the report how many reader
	// statuses to wait for and the checks which spidev nodes to want.
	ips, err := partitions(o.image)
	if err != nil {
		return err
	}
	cfgPath := filepath.Join(dir, "table-image.json")
	if err := run("mcopy", "-o", "-i", fmt.Sprintf("%s@@%d", o.image, ips[0].start), "::/table.json", cfgPath); err != nil {
		return err
	}
	seats, err := raspi4bSeats(cfgPath)
	if err != nil {
		return err
	}
	m, err := prepare(o.image, dir, size-st.Size(), o.width, o.height, map[string]string{
		"/etc/systemd/system/table.service.d/vmtest.conf":                    raspi4bDropIn,
		"/usr/local/sbin/vmtest-raspi4b-report":                              "exec:" + script,
		"/etc/systemd/system/vmtest-raspi4b.service":                         fmt.Sprintf(raspi4bUnit, len(seats)),
		"/etc/systemd/system/multi-user.target.wants/vmtest-raspi4b.service": "symlink:/etc/systemd/system/vmtest-raspi4b.service",
	})
	if err != nil {
		return err
	}
	ps, err := partitions(m.disk)
	if err != nil {
		return err
	}
	names, err := raspi4bTree(m.disk, ps[0].start, dir, o.raspi4bOverlays)
	if err != nil {
		return err
	}
	r := &report{}
	defer r.print()
	r.add("raspi4b tree", "bcm2711-rpi-4-b.dtb, overlays %q; taken out for the model: %s", names, strings.Join(raspi4bNodes(), " "))

	serial := filepath.Join(dir, "serial.log")
	args := []string{"-n", "19", "ionice", "-c3", "qemu-system-aarch64",
		"-M", "raspi4b", "-m", "2G", "-accel", "tcg,thread=multi",
		"-kernel", m.kernel, "-initrd", m.initrd, "-dtb", filepath.Join(dir, "raspi4b.dtb"),
		// The card's own command line; the console on the PL011 (UART0).
		"-append", m.cmdline + " console=ttyAMA0 systemd.default_timeout_start_sec=600",
		"-drive", "file=" + m.disk + ",format=raw,if=sd",
		"-serial", "file:" + serial,
		"-display", "none", "-nic", "none", "-no-reboot",
	}
	cmd := exec.Command("nice", args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	logf, err := os.Create(filepath.Join(dir, "qemu-1.log"))
	if err != nil {
		return err
	}
	defer logf.Close()
	cmd.Stdout, cmd.Stderr = logf, logf
	log.Printf("raspi4b: disk prepared in %v; booting (serial log %s)", time.Since(t0).Round(time.Second), serial)
	started := time.Now()
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			return fmt.Errorf("qemu: %v (log %s)", err, logf.Name())
		}
	case <-time.After(o.raspi4bTimeout):
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-done
		return fmt.Errorf("no power off in %v (serial log %s)", o.raspi4bTimeout, serial)
	}
	r.add("raspi4b boot", "power on to power off %.0f s", time.Since(started).Seconds())
	reportPath := filepath.Join(dir, "report.txt")
	if err := run("mcopy", "-o", "-i", fmt.Sprintf("%s@@%d", m.disk, ps[0].start), "::/vmtest-raspi4b.txt", reportPath); err != nil {
		return fmt.Errorf("the guest wrote no report (serial log %s): %w", serial, err)
	}
	data, err := os.ReadFile(reportPath)
	if err != nil {
		return err
	}
	// The 7" display's nodes first: what its drivers made of them is shown
	// whether or not the checks below hold.
	if slices.Contains(names, "ttr-dsi-7inch") {
		s := raspi4bSections(string(data))
		r.add("7\" display (i2c)", "%s", strings.Join(nonEmpty(s["i2c"]), "; "))
		r.add("7\" display (modules)", "%s", strings.Join(nonEmpty(s["modules"]), " "))
		for _, l := range nonEmpty(s["kernel"]) {
			if raspi4bDisplayLine.MatchString(l) {
				r.add("7\" display (kernel)", "%s", strings.TrimSpace(l))
			}
		}
	}
	lines, err := raspi4bCheck(string(data), seats)
	for _, l := range lines {
		r.lines = append(r.lines, l)
		log.Print(l)
	}
	if err != nil {
		return err
	}
	r.add("raspi4b", "all checks passed in %.0f s (report %s)", time.Since(t0).Seconds(), reportPath)
	return nil
}
