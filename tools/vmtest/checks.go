package main

import (
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"log"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"ttr/cmd/table/app"
	"ttr/hal/journal"
)

// checkFirstBoot: the unit stays active, its journal has no error, the
// display lines are there, the root was grown, and nothing listens.
func checkFirstBoot(v *vm, m *machine, o options, r *report) error {
	time.Sleep(10 * time.Second) // still active a while after READY
	if out, _ := v.sh.must("systemctl is-active table", time.Minute); strings.TrimSpace(out) != "active" {
		return fmt.Errorf("the table is %q 10 s after READY", strings.TrimSpace(out))
	}
	j, err := v.sh.must("journalctl -b -u table -o cat --no-pager", time.Minute)
	if err != nil {
		return err
	}
	if errs := errorLines(j); len(errs) > 0 {
		return fmt.Errorf("the table's journal has errors:\n%s", strings.Join(errs, "\n"))
	}
	for _, l := range strings.Split(j, "\n") {
		if strings.Contains(l, "display mode chosen") || strings.Contains(l, "raylib: DISPLAY: Selected") ||
			strings.Contains(l, "Renderer:") || strings.Contains(l, "screen open") {
			r.add("table log", "%s", strings.TrimSpace(l))
		}
	}
	if !regexp.MustCompile(fmt.Sprintf(`display mode chosen.* mode="?%dx%d@`, o.width, o.height)).MatchString(j) {
		return fmt.Errorf("the table did not choose the %dx%d mode:\n%s", o.width, o.height, j)
	}
	sys, _, _ := v.sh.run("journalctl -b -p err -o cat --no-pager", time.Minute)
	r.add("system errors (any unit)", "%d lines %q", len(nonEmpty(sys)), nonEmpty(sys))
	grown, err := v.sh.must("test -e /var/lib/ttr-image/root-grown && lsblk -bno SIZE /dev/vda2", time.Minute)
	if err != nil {
		return fmt.Errorf("the root was not grown at the first boot: %v", err)
	}
	size, _ := strconv.ParseInt(strings.TrimSpace(grown), 10, 64)
	if size <= m.rootSize {
		return fmt.Errorf("root partition %d bytes, not grown from %d", size, m.rootSize)
	}
	df, _ := v.sh.must("df -h / | tail -1", time.Minute)
	r.add("root grown", "partition %d -> %d MiB; df: %s", m.rootSize>>20, size>>20, strings.Join(strings.Fields(df), " "))
	listen, _, _ := v.sh.run("cat /proc/net/tcp /proc/net/tcp6 /proc/net/udp /proc/net/udp6 2>/dev/null | awk 'NR>1 && $1 ~ /:/ {n++} END {print n+0}'", time.Minute)
	enabled, _, _ := v.sh.run("cd /etc/systemd/system && ls *.wants | grep -v : | sort -u | tr '\\n' ' '", time.Minute)
	r.add("sockets open", "%s (tcp, udp); enabled units: %s", strings.TrimSpace(listen), strings.TrimSpace(enabled))
	if strings.TrimSpace(listen) != "0" {
		return fmt.Errorf("the guest has open network sockets")
	}
	return nil
}

// errorLines are the table's log lines at level ERROR, and raylib's errors.
func errorLines(j string) []string {
	var errs []string
	for _, l := range strings.Split(j, "\n") {
		if strings.Contains(l, "level=ERROR") || strings.Contains(l, "panic:") {
			errs = append(errs, l)
		}
	}
	return errs
}

func nonEmpty(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

// checkScreen: the screen is at the configured size and shows the start
// screen as the reference does.
func checkScreen(v *vm, dir string, o options, r *report) error {
	img, err := v.settledShot(dir, "start.png")
	if err != nil {
		return err
	}
	if b := img.Bounds(); b.Dx() != o.width || b.Dy() != o.height {
		return fmt.Errorf("the screen is %dx%d, want %dx%d (the configured size)", b.Dx(), b.Dy(), o.width, o.height)
	}
	return compareRef(img, dir, "start.png", o, r)
}

// compareRef compares screenshot img, taken into dir/name, with its
// reference, or writes it there with -update.
func compareRef(img image.Image, dir, name string, o options, r *report) error {
	shot := filepath.Join(dir, name)
	ref := filepath.Join(o.refDir, name)
	if o.update {
		data, err := os.ReadFile(shot)
		if err != nil {
			return err
		}
		r.add("reference written", "%s", ref)
		if err := os.MkdirAll(o.refDir, 0o755); err != nil {
			return err
		}
		return os.WriteFile(ref, data, 0o644)
	}
	want, err := readPNG(ref)
	if err != nil {
		return fmt.Errorf("%v (make vmtest VMTEST_FLAGS=-update writes it)", err)
	}
	diff, total := pixelDiff(img, want)
	r.add("screen "+name, "%s: %d of %d pixels differ from %s", shot, diff, total, ref)
	if diff*200 > total { // more than 0.5%
		return fmt.Errorf("%s differs from %s in %d of %d pixels", shot, ref, diff, total)
	}
	return nil
}

func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return png.Decode(f)
}

// pixelDiff counts the pixels whose colour differs by more than a little
// (llvmpipe's rounding) in any channel; a size mismatch differs in all.
func pixelDiff(a, b image.Image) (diff, total int) {
	ab, bb := a.Bounds(), b.Bounds()
	total = ab.Dx() * ab.Dy()
	if ab.Size() != bb.Size() {
		return total, total
	}
	for y := 0; y < ab.Dy(); y++ {
		for x := 0; x < ab.Dx(); x++ {
			r1, g1, b1, _ := a.At(ab.Min.X+x, ab.Min.Y+y).RGBA()
			r2, g2, b2, _ := b.At(bb.Min.X+x, bb.Min.Y+y).RGBA()
			if far(r1, r2) || far(g1, g2) || far(b1, b2) {
				diff++
			}
		}
	}
	return diff, total
}

func far(a, b uint32) bool { return a>>8 > b>>8+8 || b>>8 > a>>8+8 }

// checkTouch: the firmware reads the emulated screen with its own
// multi-touch reader (its "touch screen" line names the device, with
// multitouch=true), and a tap reaches the game (its trace line) and changes
// the screen.
func checkTouch(v *vm, dir string, o options, r *report) error {
	screens, err := v.sh.must(`journalctl -b -u table -o cat --no-pager | grep 'msg="touch screen"' || true`, time.Minute)
	if err != nil {
		return err
	}
	r.add("touch screens", "%q", nonEmpty(screens))
	if !multiTouchLine.MatchString(screens) {
		return fmt.Errorf("the firmware found no multi-touch screen (%s): its journal has %q", o.touchDevice, nonEmpty(screens))
	}
	x, y := o.tapX, o.tapY
	if x == 0 && y == 0 {
		x, y = langKey(o.width, o.height)
	}
	before, err := readPNG(filepath.Join(dir, "start.png"))
	if err != nil {
		return err
	}
	if err := v.qmp.tap(x, y, o.width, o.height); err != nil {
		return err
	}
	var j string
	for end := time.Now().Add(time.Minute); time.Now().Before(end) && !strings.Contains(j, "touch "); time.Sleep(time.Second) {
		j, _ = v.sh.must("journalctl -b -u table -o cat --no-pager | grep -E '^(touch|key) ' || true", time.Minute)
	}
	if !strings.Contains(j, "touch ") {
		return fmt.Errorf("the firmware saw no touch after a tap at %d,%d", x, y)
	}
	after, err := v.changedShot(dir, "touched.png", before)
	if err != nil {
		return err
	}
	diff, total := pixelDiff(before, after)
	r.add("touch", "tap at %d,%d; firmware: %q; %d of %d pixels changed", x, y, nonEmpty(j), diff, total)
	if diff*100 < total { // less than 1%
		return fmt.Errorf("a tap at %d,%d changed %d of %d pixels: the screen did not change", x, y, diff, total)
	}
	return compareRef(after, dir, "touched.png", o, r)
}

// multiTouchLine is the firmware's line for a touch screen it reads with
// multi-touch slots.
var multiTouchLine = regexp.MustCompile(`msg="touch screen" device=\S+ name="[^"]*" multitouch=true`)

// checkFingers: two fingers at two seats at once, one held, are both acted
// on. Seat 1's finger comes down on its "First player" key and stays down;
// while it is held, seat 3's finger (the opposite edge) touches its own
// "First player" key and lifts; then seat 1's lifts. Each finger's key is
// handled once (its "key ID SEAT" trace line, at its coming down: the
// held finger is not told again when it lifts), and each changes the
// screen (the first player marked, then moved).
func checkFingers(v *vm, dir string, o options, r *report) error {
	keys := func() ([]keyLine, error) {
		out, err := v.sh.must("journalctl -b -u table -o cat --no-pager | grep -E '^key ' || true", time.Minute)
		return keyLines(out), err
	}
	// waitKey waits for a new key line of seat, after the first n lines.
	waitKey := func(n, seat int) ([]keyLine, error) {
		for end := time.Now().Add(time.Minute); ; time.Sleep(time.Second) {
			ks, err := keys()
			if err != nil {
				return nil, err
			}
			for _, k := range ks[min(n, len(ks)):] {
				if k.seat == seat {
					return ks, nil
				}
			}
			if time.Now().After(end) {
				return ks, fmt.Errorf("no key of seat %d was touched a minute after its finger came down (key lines since: %v)", seat, ks[min(n, len(ks)):])
			}
		}
	}
	before, err := v.settledShot(dir, "fingers-0.png")
	if err != nil {
		return err
	}
	ks, err := keys()
	if err != nil {
		return err
	}
	n0 := len(ks)
	x1, y1 := firstPlayerKey(1, o.width, o.height)
	x3, y3 := firstPlayerKey(3, o.width, o.height)
	v.qmp.contacts++
	if err := v.qmp.send(fingerDown(0, v.qmp.contacts, x1, y1, o.width, o.height)); err != nil {
		return err
	}
	if _, err := waitKey(n0, 1); err != nil {
		return err
	}
	held, err := v.changedShot(dir, "fingers-1.png", before)
	if err != nil {
		return err
	}
	v.qmp.contacts++
	if err := v.qmp.send(fingerDown(1, v.qmp.contacts, x3, y3, o.width, o.height)); err != nil {
		return err
	}
	time.Sleep(300 * time.Millisecond)
	if err := v.qmp.send(fingerUp(1)); err != nil {
		return err
	}
	if _, err := waitKey(n0, 3); err != nil {
		return err
	}
	both, err := v.changedShot(dir, "fingers-2.png", held)
	if err != nil {
		return err
	}
	if err := v.qmp.send(fingerUp(0)); err != nil {
		return err
	}
	time.Sleep(3 * time.Second)
	if ks, err = keys(); err != nil {
		return err
	}
	got := ks[min(n0, len(ks)):]
	d1, total := pixelDiff(before, held)
	d3, _ := pixelDiff(held, both)
	r.add("two fingers", "seat 1 held at %d,%d, seat 3 tapped at %d,%d: keys %v; screen changed %d then %d of %d pixels",
		x1, y1, x3, y3, got, d1, d3, total)
	if len(got) != 2 || got[0].seat != 1 || got[1].seat != 3 {
		return fmt.Errorf("two fingers: the firmware handled keys %v, want one of seat 1 (held) and then one of seat 3", got)
	}
	if d1 == 0 || d3 == 0 {
		return fmt.Errorf("two fingers: the screen changed %d pixels at seat 1's touch and %d at seat 3's: one was not acted on", d1, d3)
	}
	return nil
}

// keyLine is a "key ID SEAT" trace line: an on-screen key touched.
type keyLine struct {
	id   string
	seat int
}

func (k keyLine) String() string { return fmt.Sprintf("%s@%d", k.id, k.seat) }

var keyRE = regexp.MustCompile(`(?m)^key (\S+) (\d+)$`)

func keyLines(out string) []keyLine {
	var ks []keyLine
	for _, m := range keyRE.FindAllStringSubmatch(out, -1) {
		seat, _ := strconv.Atoi(m[2])
		ks = append(ks, keyLine{m[1], seat})
	}
	return ks
}

// firstPlayerKey is where seat 1's (the bottom edge) or seat 3's (the top
// edge, its panel upside down) "First player" key is on a w x h start
// screen, as a share of the screen measured on the 800x480 start screen.
func firstPlayerKey(seat, w, h int) (int, int) {
	if seat == 3 {
		return w * 30 / 800, h * 19 / 480
	}
	return w * 769 / 800, h * 462 / 480
}

// langKey is where the start screen's English key is on a w x h screen
// (display's layStart: the language row, its last key), as a share of
// the screen measured on the 800x480 start screen.
func langKey(w, h int) (int, int) { return w * 554 / 800, h * 172 / 480 }

var logLine = regexp.MustCompile(`(?m)^log (\d+)$`)

// lastLog is the last "log N" trace line of this boot: N actions on disk.
func lastLog(v *vm) (int, error) {
	out, err := v.sh.must("journalctl -b -u table -o cat --no-pager | grep -E '^(log|ended) ' | tail -3 || true", time.Minute)
	if err != nil {
		return 0, err
	}
	n := -1
	for _, m := range logLine.FindAllStringSubmatch(out, -1) {
		n, _ = strconv.Atoi(m[1])
	}
	return n, nil
}

// checkPowerCuts plays a bots game, cuts the power at random moments and
// boots again each time, then compares the finished game's log with an
// uninterrupted game of the same seed played here.
func checkPowerCuts(v *vm, m *machine, dir string, o options, rng *rand.Rand, r *report) (*vm, error) {
	const args = "-bots all -seed 42 -games 1 -step 0"
	if _, err := v.sh.must("systemctl stop table && rm -rf /var/lib/ttr/games && echo 'TABLE_ARGS="+args+"' > /etc/ttr-vmtest.env && sync && systemctl start --no-block table", 2*time.Minute); err != nil {
		return v, err
	}
	if err := waitActive(v, 3*time.Minute); err != nil {
		return v, err
	}
	gameStart := time.Now()
	seen := 0
	// The pace of the game drawn under emulation: actions and the time
	// they took, from the first trace line of each boot to its cut.
	var paceActions int
	var paceTime time.Duration
	for cut := 1; cut <= o.cuts; cut++ {
		target := seen + 5 + rng.IntN(20)
		extra := time.Duration(rng.IntN(3000)) * time.Millisecond
		first, firstAt := -1, time.Time{}
		for {
			n, err := lastLog(v)
			if err != nil {
				return v, err
			}
			if n >= 0 && first < 0 {
				first, firstAt = n, time.Now()
			}
			if n > seen {
				seen = n
			}
			if n >= target {
				paceActions += n - first
				paceTime += time.Since(firstAt)
				break
			}
			if n < 0 && time.Since(gameStart) > 5*time.Minute {
				return v, fmt.Errorf("the bots game logs nothing")
			}
			time.Sleep(time.Second)
		}
		time.Sleep(extra)
		v.kill()
		r.add(fmt.Sprintf("power cut %d", cut), "after %d actions on disk (+%v)", seen, extra)
		var err error
		if v, err = startVM(m, dir, 1+cut, o, r, fmt.Sprintf("boot after cut %d", cut)); err != nil {
			return nil, err
		}
		// The resumed game has at least every action the table had
		// reported on disk before the cut.
		var n int
		for end := time.Now().Add(2 * time.Minute); time.Now().Before(end); time.Sleep(time.Second) {
			if n, err = lastLog(v); err != nil || n >= 0 {
				break
			}
		}
		if err != nil {
			return v, err
		}
		res, _ := v.sh.must("journalctl -b -u table -o cat --no-pager | grep -iE 'resum|repair' | head -3 || true", time.Minute)
		r.add(fmt.Sprintf("resumed after cut %d", cut), "first trace: log %d (had %d); %q", n, seen, nonEmpty(res))
		if n < seen {
			return v, fmt.Errorf("after cut %d the game has %d actions on disk, had %d before", cut, n, seen)
		}
		seen = n
	}
	// The rest of the game headless: drawn, it would take half an hour
	// under emulation. The table is stopped (SIGTERM) and resumes the game
	// from its log without a window.
	if paceActions > 0 {
		r.add("bots game under emulation", "%.2f s per action drawn (%d actions; one bot move a frame at -step 0, so about the frame time)",
			paceTime.Seconds()/float64(paceActions), paceActions)
	}
	if _, err := v.sh.must("echo 'TABLE_ARGS="+args+" -headless' > /etc/ttr-vmtest.env && systemctl restart table", 3*time.Minute); err != nil {
		return v, err
	}
	// The game's end.
	for end := time.Now().Add(20 * time.Minute); ; time.Sleep(2 * time.Second) {
		out, err := v.sh.must("journalctl -b -u table -o cat --no-pager | grep -c '^ended ' || true", time.Minute)
		if err != nil {
			return v, err
		}
		if strings.TrimSpace(out) != "0" {
			break
		}
		if time.Now().After(end) {
			return v, fmt.Errorf("the game did not end in 20 minutes")
		}
	}
	// Back to the start screen, no game: the next checks.
	if _, err := v.sh.must("echo 'TABLE_ARGS=' > /etc/ttr-vmtest.env && systemctl restart table", 3*time.Minute); err != nil {
		return v, err
	}
	if err := waitActive(v, 3*time.Minute); err != nil {
		return v, err
	}
	files, err := v.sh.must("cd /var/lib/ttr/games/history && ls", time.Minute)
	if err != nil {
		return v, err
	}
	var got string
	for _, name := range strings.Fields(files) {
		b64, err := v.sh.must("base64 -w0 /var/lib/ttr/games/history/"+name, 2*time.Minute)
		if err != nil {
			return v, err
		}
		data, err := base64.StdEncoding.DecodeString(strings.TrimSpace(b64))
		if err != nil {
			return v, err
		}
		if text, done, err := gameText(data); err != nil {
			return v, fmt.Errorf("history/%s: %v", name, err)
		} else if done {
			got = text
			break
		}
	}
	if got == "" {
		return v, fmt.Errorf("no finished game in /var/lib/ttr/games/history: %q", files)
	}
	want, err := referenceGame(o, dir, args)
	if err != nil {
		return v, err
	}
	if got != want {
		return v, fmt.Errorf("the game cut %d times differs from the uninterrupted one:\n%s", o.cuts, firstDiff(got, want))
	}
	r.add("bots game with power cuts", "%d cuts survived; log identical to the uninterrupted game (%d lines)", o.cuts, strings.Count(got, "\n"))
	return v, nil
}

// gameText is a game file's log as text (the header's log line, then each
// record), and whether the game is finished.
func gameText(data []byte) (string, bool, error) {
	l, err := journal.Decode(data)
	if err != nil {
		return "", false, err
	}
	h, err := app.ParseHeader(l.Header)
	if err != nil {
		return "", false, err
	}
	var b strings.Builder
	b.WriteString(h.Log + "\n")
	for _, r := range l.Records {
		b.Write(r)
		b.WriteByte('\n')
	}
	return b.String(), l.Finished, nil
}

// referenceGame plays the same bots game uninterrupted on this machine,
// headless, with the guest's config, and returns its log.
func referenceGame(o options, dir, args string) (string, error) {
	ref := filepath.Join(dir, "reference")
	os.RemoveAll(ref)
	if err := os.MkdirAll(ref, 0o755); err != nil {
		return "", err
	}
	cfg, err := os.ReadFile(filepath.Join(dir, "table.json"))
	if err != nil {
		return "", err
	}
	cfg = []byte(strings.ReplaceAll(string(cfg), "/var/lib/ttr", ref))
	cfgPath := filepath.Join(ref, "table.json")
	if err := os.WriteFile(cfgPath, cfg, 0o644); err != nil {
		return "", err
	}
	cmd := exec.Command(o.hostTable, append([]string{"run", "-config", cfgPath, "-state", filepath.Join(ref, "games"), "-headless", "-fake"}, strings.Fields(args)...)...)
	cmd.Env = append(os.Environ(), "NOTIFY_SOCKET=", "WATCHDOG_USEC=")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("the reference game: %v\n%s", err, out)
	}
	names, _ := filepath.Glob(filepath.Join(ref, "games", "history", "*"))
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			return "", err
		}
		if text, done, err := gameText(data); err == nil && done {
			return text, nil
		}
	}
	return "", fmt.Errorf("the reference game finished no game in %s", ref)
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d:\n  got  %s\n  want %s", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("lengths %d and %d lines", len(al), len(bl))
}

// checkWatchdog: a table whose loop hangs (SIGSTOP) is killed by the
// watchdog and started again.
func checkWatchdog(v *vm, r *report) error {
	before, err := v.sh.must("systemctl show table -p NRestarts --value", time.Minute)
	if err != nil {
		return err
	}
	if _, err := v.sh.must("kill -STOP $(systemctl show table -p MainPID --value)", time.Minute); err != nil {
		return err
	}
	hung := time.Now()
	for end := time.Now().Add(3 * time.Minute); ; time.Sleep(2 * time.Second) {
		n, err := v.sh.must("systemctl show table -p NRestarts --value", time.Minute)
		if err != nil {
			return err
		}
		if strings.TrimSpace(n) != strings.TrimSpace(before) {
			break
		}
		if time.Now().After(end) {
			return fmt.Errorf("the hung table was not restarted in 3 minutes")
		}
	}
	restarted := time.Since(hung)
	if err := waitActive(v, 5*time.Minute); err != nil {
		return err
	}
	wd, _ := v.sh.must("journalctl -b -u table -o cat --no-pager | grep -i watchdog | tail -2 || true", time.Minute)
	r.add("watchdog", "hung table restarted %.0f s after SIGSTOP (WatchdogSec=20s); %q", restarted.Seconds(), nonEmpty(wd))
	if !strings.Contains(strings.ToLower(wd), "watchdog timeout") {
		return fmt.Errorf("no watchdog timeout in the journal")
	}
	return nil
}

// checkStop: systemctl stop ends the table cleanly.
func checkStop(v *vm, r *report) error {
	t := time.Now()
	if _, err := v.sh.must("systemctl stop table", 2*time.Minute); err != nil {
		return err
	}
	took := time.Since(t)
	out, err := v.sh.must("systemctl show table -p Result -p ExecMainStatus -p ExecMainCode -p ActiveState", time.Minute)
	if err != nil {
		return err
	}
	tail, _ := v.sh.must("journalctl -b -u table -o cat --no-pager | tail -4", time.Minute)
	r.add("systemctl stop", "%.1f s; %s; last lines %q", took.Seconds(), strings.Join(strings.Fields(out), " "), nonEmpty(tail))
	if !strings.Contains(out, "Result=success") || !strings.Contains(out, "ActiveState=inactive") {
		return fmt.Errorf("systemctl stop: %s", out)
	}
	if errs := errorLines(tail); len(errs) > 0 {
		return fmt.Errorf("errors while stopping: %q", errs)
	}
	log.Printf("stopped")
	return nil
}

// changedShot is settledShot, taken again every few seconds for up to a
// minute until it differs from before: on a busy host a frame drawn by
// llvmpipe under emulation can come later than settledShot's wait.
func (v *vm) changedShot(dir, name string, before image.Image) (image.Image, error) {
	end := time.Now().Add(time.Minute)
	for {
		img, err := v.settledShot(dir, name)
		if err != nil {
			return nil, err
		}
		if d, _ := pixelDiff(before, img); d > 0 || time.Now().After(end) {
			return img, nil
		}
	}
}

// settledShot lets the screen settle for a few frames, takes a screen dump
// into dir/name and reads it back.
func (v *vm) settledShot(dir, name string) (image.Image, error) {
	time.Sleep(5 * time.Second)
	shot := filepath.Join(dir, name)
	if err := v.qmp.screendump(shot); err != nil {
		return nil, err
	}
	return readPNG(shot)
}
