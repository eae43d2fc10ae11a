package main

import (
	"bufio"
	"encoding/binary"
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
