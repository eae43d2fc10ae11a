package main

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"time"
)

// The readers through the kernel: spidevd (tools/vmtest/spidevd, copied
// into the guest) serves each seat's /dev/spidevB.C through CUSE, an
// MFRC522 emulator behind each, and the table, run without -fake, reads
// them through periph's sysfs.SPI: open, SPI_IOC_WR_MODE, and a
// SPI_IOC_MESSAGE ioctl for every register access. A tag is laid on a
// reader by a line written to spidevd's control FIFO.

// spidevdPath is where spidevd is in the guest; spidevdCtl its FIFO.
const (
	spidevdPath = "/usr/local/sbin/ttr-spidevd"
	spidevdCtl  = "/run/spidevd.ctl"
)

// readerNodes reads the config at path: each seat's reader's spidev node
// name (spidevB.C), in seat order.
func readerNodes(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var c tableConfig
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var nodes []string
	for _, s := range c.Seats {
		nodes = append(nodes, fmt.Sprintf("spidev%d.%d", s.Reader.Bus, s.Reader.ChipSelect))
	}
	if len(nodes) == 0 {
		return nil, fmt.Errorf("%s: no seats", path)
	}
	return nodes, nil
}

// spidevdScript starts spidevd as a transient unit serving nodes, waits
// until udev has made each /dev node, and lists them with their owners.
func spidevdScript(nodes []string, unplugged bool) string {
	flags := "-ctl " + spidevdCtl
	if unplugged {
		flags += " -unplugged"
	}
	list := strings.Join(nodes, " ")
	return "set -e; modprobe cuse; systemctl stop ttr-spidevd 2>/dev/null || true; " +
		"systemd-run --quiet --unit=ttr-spidevd --collect " + spidevdPath + " " + flags + " " + list + "; " +
		"for i in $(seq 120); do n=0; for d in " + list + "; do [ -e /dev/$d ] && n=$((n+1)); done; " +
		fmt.Sprintf("[ $n = %d ] && break; sleep 1; done; udevadm settle; ", len(nodes)) +
		"for d in " + list + "; do stat -c '%n %U:%G %a' /dev/$d; done"
}

// readerStatus is the table's log line of a reader's status.
var readerStatus = regexp.MustCompile(`msg="device status" seat=(\d+) device=reader state=(\w+)`)

// onlineReaders are the seats (from 1) whose last reader status in log j
// is online.
func onlineReaders(j string) map[int]bool {
	on := map[int]bool{}
	for _, m := range readerStatus.FindAllStringSubmatch(j, -1) {
		var seat int
		fmt.Sscan(m[1], &seat)
		on[seat] = m[2] == "online"
	}
	return on
}

// scanUID is the UID laid on seat's (from 1) reader: 4 bytes, but 7 (an
// NTAG's, two cascade levels) at odd seats.
func scanUID(seat int) string {
	if seat%2 == 1 {
		return fmt.Sprintf("04A1B2C3D4E5%02X", seat)
	}
	return fmt.Sprintf("C0FFEE%02X", seat)
}

// checkReaders: every seat's reader comes online through its spidevd node.
func checkReaders(v *vm, k *kernel, o options, r *report) error {
	nodes, err := v.sh.must(spidevdScript(k.readers, o.unplugged), 3*time.Minute)
	if err != nil {
		return fmt.Errorf("spidevd: %v", err)
	}
	r.add("spidevd nodes", "%q", nonEmpty(nodes))
	// Restarted, the table's unit allows the nodes' majors (DeviceAllow=
	// is resolved when it starts); systemctl restart waits for READY.
	if _, err := v.sh.must("systemctl restart table", bootWait); err != nil {
		return err
	}
	journal := func() (string, error) {
		return v.sh.must(`journalctl -b -u table -o cat --no-pager _SYSTEMD_INVOCATION_ID=$(systemctl show -p InvocationID --value table)`, time.Minute)
	}
	var on map[int]bool
	for end := time.Now().Add(2 * time.Minute); ; time.Sleep(2 * time.Second) {
		j, err := journal()
		if err != nil {
			return err
		}
		on = onlineReaders(j)
		all := true
		for i := range k.readers {
			all = all && on[i+1]
		}
		if all {
			break
		}
		if time.Now().After(end) {
			return fmt.Errorf("readers: online %v two minutes after the start, want all of %v; the table's statuses %q; what the guest saw:\n%s",
				on, k.readers, readerStatus.FindAllString(j, -1), readerEvidence(v))
		}
	}
	r.add("readers online", "all %d through spidevd", len(k.readers))
	return nil
}

// checkTags: a tag of no card laid on each seat's reader is read once,
// through periph's spidev path, and reaches the game (its "scan SEAT UID"
// trace line). It runs after the game by scans: each such tag leaves a
// refusal on its seat's panel.
//
// Each tag may take as long as a step of the game (stepWait): on a loaded
// host the emulated table read a tag in 12 to 25 s, and once in more than
// a minute after the game, with four readers polled through CUSE.
func checkTags(v *vm, k *kernel, o options, r *report) error {
	journal := func() (string, error) {
		return v.sh.must(`journalctl -b -u table -o cat --no-pager _SYSTEMD_INVOCATION_ID=$(systemctl show -p InvocationID --value table) | grep -E '^scan ' || true`, time.Minute)
	}
	before, err := journal()
	if err != nil {
		return err
	}
	n0 := len(regexp.MustCompile(`(?m)^scan \d+ \S+$`).FindAllString(before, -1))
	var got []string
	for i, node := range k.readers {
		seat, uid := i+1, scanUID(i+1)
		if _, err := v.sh.must(fmt.Sprintf("echo place %s %s > %s", node, uid, spidevdCtl), time.Minute); err != nil {
			return err
		}
		t := time.Now()
		want := fmt.Sprintf("scan %d %s", seat, uid)
		for {
			j, err := journal()
			if err != nil {
				return err
			}
			if regexp.MustCompile(`(?m)^` + want + `$`).MatchString(j) {
				break
			}
			if time.Since(t) > stepWait {
				return fmt.Errorf("readers: a tag %s laid on %s (seat %d) was not read in %v; what the guest saw:\n%s", uid, node, seat, stepWait, readerEvidence(v))
			}
			time.Sleep(time.Second)
		}
		got = append(got, fmt.Sprintf("%s@%d in %.0f s", uid, seat, time.Since(t).Seconds()))
		if _, err := v.sh.must(fmt.Sprintf("echo lift %s > %s", node, spidevdCtl), time.Minute); err != nil {
			return err
		}
	}
	j, err := journal()
	if err != nil {
		return err
	}
	scans := regexp.MustCompile(`(?m)^scan \d+ \S+$`).FindAllString(j, -1)[n0:]
	r.add("readers", "tags read: %v", got)
	if len(scans) != len(k.readers) {
		return fmt.Errorf("readers: %d scans for %d tags laid once each: %q", len(scans), len(k.readers), scans)
	}
	return nil
}

// readerEvidence is what the guest shows of a reader check that failed:
// spidevd's journal (the commands it took, each node's transfers and
// requests), the table's log without its touch lines, its restarts, the
// journal's suppressed messages and watchdog time-outs, and the load (the
// image has neither top nor ps).
func readerEvidence(v *vm) string {
	out, _, err := v.sh.run(`echo "== spidevd"; journalctl -b -u ttr-spidevd -o short-monotonic --no-pager | tail -25; `+
		`echo "== table"; journalctl -b -u table -o short-monotonic --no-pager | grep -v ' touch ' | tail -40; `+
		`echo "== restarts"; systemctl show table -p NRestarts -p ActiveState -p InvocationID; `+
		`echo "== journald"; journalctl -b --no-pager -o cat | grep -iE 'suppress|watchdog' | tail -10; `+
		`echo "== load"; cat /proc/loadavg`, 2*time.Minute)
	if err != nil {
		return err.Error()
	}
	return out
}
