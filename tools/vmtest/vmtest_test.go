package main

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestPixelDiff(t *testing.T) {
	a := image.NewRGBA(image.Rect(0, 0, 10, 10))
	b := image.NewRGBA(image.Rect(0, 0, 10, 10))
	b.Set(1, 1, color.RGBA{R: 4, A: 255}) // rounding: not a difference
	b.Set(2, 2, color.RGBA{R: 200, A: 255})
	b.Set(3, 3, color.RGBA{B: 20, A: 255})
	if d, n := pixelDiff(a, b); d != 2 || n != 100 {
		t.Fatalf("pixelDiff = %d of %d, want 2 of 100", d, n)
	}
	if d, n := pixelDiff(a, image.NewRGBA(image.Rect(0, 0, 10, 12))); d != n {
		t.Fatalf("sizes differ: pixelDiff = %d of %d, want all", d, n)
	}
}

func TestPartitions(t *testing.T) {
	img := filepath.Join(t.TempDir(), "disk.img")
	mbr := make([]byte, 512)
	for i, p := range []struct{ start, size uint32 }{{2048, 1024}, {3072, 4096}} {
		e := mbr[446+16*i:]
		e[4] = 0x83
		binary.LittleEndian.PutUint32(e[8:], p.start)
		binary.LittleEndian.PutUint32(e[12:], p.size)
	}
	mbr[510], mbr[511] = 0x55, 0xaa
	if err := os.WriteFile(img, mbr, 0o644); err != nil {
		t.Fatal(err)
	}
	ps, err := partitions(img)
	if err != nil {
		t.Fatal(err)
	}
	if ps[0] != (part{2048 * 512, 1024 * 512}) || ps[1] != (part{3072 * 512, 4096 * 512}) {
		t.Fatalf("partitions = %+v", ps)
	}
	mbr[511] = 0
	os.WriteFile(img, mbr, 0o644)
	if _, err := partitions(img); err == nil {
		t.Fatal("no MBR signature, no error")
	}
}

// TestShell runs the shell's framing against a real bash behind a unix
// socket, as the guest's console would be, with output around the frames
// (a late answer, the kernel's messages) that must not leak into results.
func TestShell(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	sock := filepath.Join(t.TempDir(), "sh.sock")
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		c.Write([]byte("[   12.3] a kernel message\r\n"))
		cmd := exec.Command("bash", "--noprofile", "--norc", "-s")
		in, _ := cmd.StdinPipe()
		cmd.Stdout = c
		cmd.Start()
		sc := bufio.NewScanner(c)
		for sc.Scan() {
			in.Write([]byte(sc.Text() + "\n"))
		}
		in.Close()
		cmd.Wait()
	}()
	s, err := dialShell(sock, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.waitUp(10 * time.Second); err != nil {
		t.Fatal(err)
	}
	out, code, err := s.run("echo one; echo two >&2; exit 3", 10*time.Second)
	if err != nil || code != 3 || out != "one\ntwo\n" {
		t.Fatalf("run = %q, %d, %v; want \"one\\ntwo\\n\", 3", out, code, err)
	}
	if _, err := s.must("false", 10*time.Second); err == nil || !strings.Contains(err.Error(), "exited 1") {
		t.Fatalf("must(false) = %v", err)
	}
}

// TestFingerFrames: a finger's frames select its slot with its tracking id
// and put it at the pixel asked on the device's 0..32767 axes; a lift is
// tracking id -1 in its slot. Each frame goes to QMP as is.
func TestFingerFrames(t *testing.T) {
	for _, tc := range []struct {
		name  string
		frame []map[string]any
		want  string
	}{
		{"down at the top left", fingerDown(0, 7, 0, 0, 800, 480),
			`[{"data":{"axis":"x","slot":0,"tracking-id":7,"type":"begin","value":0},"type":"mtt"},` +
				`{"data":{"axis":"x","slot":0,"tracking-id":7,"type":"data","value":0},"type":"mtt"},` +
				`{"data":{"axis":"y","slot":0,"tracking-id":7,"type":"data","value":0},"type":"mtt"}]`},
		{"down in the second slot at the bottom right", fingerDown(1, 8, 799, 479, 800, 480),
			`[{"data":{"axis":"x","slot":1,"tracking-id":8,"type":"begin","value":0},"type":"mtt"},` +
				`{"data":{"axis":"x","slot":1,"tracking-id":8,"type":"data","value":32767},"type":"mtt"},` +
				`{"data":{"axis":"y","slot":1,"tracking-id":8,"type":"data","value":32767},"type":"mtt"}]`},
		{"down in the middle", fingerDown(0, 1, 400, 240, 801, 481),
			`[{"data":{"axis":"x","slot":0,"tracking-id":1,"type":"begin","value":0},"type":"mtt"},` +
				`{"data":{"axis":"x","slot":0,"tracking-id":1,"type":"data","value":16384},"type":"mtt"},` +
				`{"data":{"axis":"y","slot":0,"tracking-id":1,"type":"data","value":16384},"type":"mtt"}]`},
		{"lifted", fingerUp(1),
			`[{"data":{"axis":"x","slot":1,"tracking-id":-1,"type":"end","value":0},"type":"mtt"}]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := json.Marshal(tc.frame)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// TestMultiTouchLine: the touch check accepts only a touch screen the
// firmware reads with multi-touch slots.
func TestMultiTouchLine(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{`level=INFO msg="touch screen" device=/dev/input/event2 name="QEMU Virtio MultiTouch" multitouch=true x={0 32767} y={0 32767}`, true},
		{`level=INFO msg="touch screen" device=/dev/input/event2 name="QEMU Virtio Tablet" multitouch=false x={0 32767} y={0 32767}`, false},
		{`level=WARN msg="touch screen gone" device=/dev/input/event2 err=EOF`, false},
	} {
		if got := multiTouchLine.MatchString(tc.line); got != tc.want {
			t.Errorf("%s: matched %v, want %v", tc.line, got, tc.want)
		}
	}
}

// TestKeyLines: the trace's key lines, in order, with their seats; other
// lines are not keys.
func TestKeyLines(t *testing.T) {
	got := keyLines("ready\nkey first 1\ntouch 769 462\nkey lang-en 0\nkey first 3\nlog 4\nkey x\n")
	want := []keyLine{{"first", 1}, {"lang-en", 0}, {"first", 3}}
	if len(got) != len(want) {
		t.Fatalf("keyLines = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("keyLines = %v, want %v", got, want)
		}
	}
}

// TestPressLines: the trace's press lines, in order, with their buttons,
// seats and kinds; other lines are not presses.
func TestPressLines(t *testing.T) {
	got := pressLines("ready\npress confirm 1 short\nkey first 1\npress cancel 3 long\npress confirm 2\nlog 4\npress confirm 1 short\n")
	want := []pressLine{{"confirm", 1, "short"}, {"cancel", 3, "long"}, {"confirm", 1, "short"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("pressLines = %v, want %v", got, want)
	}
}

// TestButtonPins: the button check presses the line the config wires seat
// 1's confirm button to, and pulls up every button's line; a config
// without that button is an error, not line 0.
func TestButtonPins(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, config string
		seat         int
		meaning      string
		pin          int
		all          []int
		err          bool
	}{
		{"seat 1's confirm", `{"seats":[{"buttons":[{"pin":5,"meaning":"confirm"},{"pin":6,"meaning":"cancel"}]},{"buttons":[{"pin":12,"meaning":"confirm"}]}]}`, 0, "confirm", 5, []int{5, 6, 12}, false},
		{"seat 2's confirm", `{"seats":[{"buttons":[{"pin":5,"meaning":"confirm"}]},{"buttons":[{"pin":12,"meaning":"confirm"}]}]}`, 1, "confirm", 12, []int{5, 12}, false},
		{"no such button", `{"seats":[{"buttons":[{"pin":6,"meaning":"cancel"}]}]}`, 0, "confirm", 0, nil, true},
		{"not json", `{"seats":`, 0, "confirm", 0, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, "table.json")
			if err := os.WriteFile(path, []byte(tc.config), 0o644); err != nil {
				t.Fatal(err)
			}
			pin, all, err := buttonPins(path, tc.seat, tc.meaning)
			if (err != nil) != tc.err {
				t.Fatalf("err = %v, want an error: %v", err, tc.err)
			}
			if err == nil && (pin != tc.pin || fmt.Sprint(all) != fmt.Sprint(tc.all)) {
				t.Errorf("buttonPins = %d, %v; want %d, %v", pin, all, tc.pin, tc.all)
			}
		})
	}
}

// TestHeaderLine: the check finds the chip and label of hal/pi's "header
// GPIO" line as slog writes it.
func TestHeaderLine(t *testing.T) {
	m := headerLine.FindStringSubmatch(`level=INFO msg="header GPIO" chip=gpiochip1 label=pinctrl-bcm2711`)
	if m == nil || m[1] != "gpiochip1" || m[2] != "pinctrl-bcm2711" {
		t.Fatalf("headerLine matched %q", m)
	}
}

// TestReaderNodes: one spidev node a seat, named from its reader's bus and
// chip select, in seat order.
func TestReaderNodes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "table.json")
	cfg := `{"seats":[{"reader":{"spi_bus":0,"chip_select":1}},{"reader":{"spi_bus":1,"chip_select":0}}]}`
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := readerNodes(path)
	if err != nil || fmt.Sprint(got) != "[spidev0.1 spidev1.0]" {
		t.Fatalf("readerNodes = %v, %v; want [spidev0.1 spidev1.0]", got, err)
	}
}

// TestOnlineReaders: a seat's reader counts as online by its last status
// line; buttons' statuses are not readers'.
func TestOnlineReaders(t *testing.T) {
	j := `level=WARN msg="device status" seat=1 device=reader state=offline err="no chip"
level=WARN msg="device status" seat=2 device=reader state=online err=<nil>
level=WARN msg="device status" seat=1 device=reader state=online err=<nil>
level=WARN msg="device status" seat=3 device=buttons state=online err=<nil>
level=WARN msg="device status" seat=2 device=reader state=offline err="gone"
`
	got := onlineReaders(j)
	if !got[1] || got[2] || got[3] {
		t.Errorf("onlineReaders = %v, want seat 1 only", got)
	}
}

// TestScanUIDs: each seat's tag has its own UID, of a length a tag has (4
// or 7 bytes: 8 or 14 hex digits), both lengths among them.
func TestScanUIDs(t *testing.T) {
	seen := map[string]bool{}
	lengths := map[int]bool{}
	for seat := 1; seat <= 5; seat++ {
		u := scanUID(seat)
		if len(u) != 8 && len(u) != 14 || seen[u] {
			t.Errorf("seat %d: UID %q (seen before: %v)", seat, u, seen[u])
		}
		seen[u] = true
		lengths[len(u)] = true
	}
	if len(lengths) != 2 {
		t.Errorf("UID lengths %v, want both 4- and 7-byte UIDs", lengths)
	}
}
