package main

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// part is one MBR partition: its start and size in bytes.
type part struct{ start, size int64 }

// partitions reads the image's MBR partition table.
func partitions(img string) ([]part, error) {
	f, err := os.Open(img)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	mbr := make([]byte, 512)
	if _, err := io.ReadFull(f, mbr); err != nil {
		return nil, err
	}
	if mbr[510] != 0x55 || mbr[511] != 0xaa {
		return nil, fmt.Errorf("%s: no MBR", img)
	}
	var ps []part
	for i := range 4 {
		e := mbr[446+16*i:]
		if e[4] == 0 {
			continue
		}
		ps = append(ps, part{int64(binary.LittleEndian.Uint32(e[8:])) * 512, int64(binary.LittleEndian.Uint32(e[12:])) * 512})
	}
	if len(ps) != 2 {
		return nil, fmt.Errorf("%s: %d partitions, want 2 (boot, root)", img, len(ps))
	}
	return ps, nil
}

func run(name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), "MTOOLS_SKIP_CHECK=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return nil
}

func output(name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), "MTOOLS_SKIP_CHECK=1")
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return string(out), nil
}

// machine is what the virtual machine boots: the disk, and the kernel,
// initramfs and command line read from the disk's boot partition.
type machine struct {
	disk, kernel, initrd, cmdline string
	rootSize                      int64 // the root partition's size in the image, before the first boot grows it
}

// prepare copies the image to dir/disk.img, grown by grow bytes (the card
// is larger than the image), and takes from its boot partition the kernel,
// the initramfs and cmdline.txt, as the Pi's firmware would. It sets the
// config on the boot partition, as a family would from any computer, to a
// width x height screen, and adds the test's own files to the root
// (overlay: guest path -> content, "symlink:TARGET", or "exec:HOSTFILE"
// for a program copied from this machine) with debugfs, mounting nothing.
func prepare(img, dir string, grow int64, width, height int, overlay map[string]string) (*machine, error) {
	ps, err := partitions(img)
	if err != nil {
		return nil, err
	}
	m := &machine{disk: filepath.Join(dir, "disk.img"), rootSize: ps[1].size}
	if err := run("cp", "--sparse=always", img, m.disk); err != nil {
		return nil, err
	}
	st, err := os.Stat(m.disk)
	if err != nil {
		return nil, err
	}
	if err := os.Truncate(m.disk, st.Size()+grow); err != nil {
		return nil, err
	}
	boot := fmt.Sprintf("%s@@%d", m.disk, ps[0].start)
	list, err := output("mdir", "-b", "-i", boot, "::/")
	if err != nil {
		return nil, err
	}
	for _, name := range strings.Fields(list) {
		base := strings.TrimPrefix(name, "::/")
		switch {
		case strings.HasPrefix(base, "vmlinuz-"):
			m.kernel = filepath.Join(dir, "vmlinuz")
			err = run("mcopy", "-o", "-i", boot, "::/"+base, m.kernel)
		case strings.HasPrefix(base, "initrd.img-"):
			m.initrd = filepath.Join(dir, "initrd.img")
			err = run("mcopy", "-o", "-i", boot, "::/"+base, m.initrd)
		}
		if err != nil {
			return nil, err
		}
	}
	if m.kernel == "" || m.initrd == "" {
		return nil, fmt.Errorf("%s: no vmlinuz-* or initrd.img-* on the boot partition:\n%s", img, list)
	}
	cmdline, err := output("mtype", "-i", boot, "::/cmdline.txt")
	if err != nil {
		return nil, err
	}
	m.cmdline = strings.TrimSpace(cmdline)

	// The config, edited on the boot partition.
	cfgPath := filepath.Join(dir, "table.json")
	if err := run("mcopy", "-o", "-i", boot, "::/table.json", cfgPath); err != nil {
		return nil, err
	}
	var cfg map[string]any
	data, err := os.ReadFile(cfgPath)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, &cfg); err != nil {
		return nil, fmt.Errorf("the image's table.json: %w", err)
	}
	scr, _ := cfg["screen"].(map[string]any)
	if scr == nil {
		return nil, fmt.Errorf("the image's table.json has no screen")
	}
	scr["width"], scr["height"] = width, height
	if data, err = json.MarshalIndent(cfg, "", "  "); err != nil {
		return nil, err
	}
	if err := os.WriteFile(cfgPath, append(data, '\n'), 0o644); err != nil {
		return nil, err
	}
	if err := run("mcopy", "-o", "-i", boot, cfgPath, "::/table.json"); err != nil {
		return nil, err
	}

	// The test's files in the root partition: out with dd, in with debugfs,
	// back with dd.
	rootImg := filepath.Join(dir, "root.ext4")
	skip := fmt.Sprint(ps[1].start / 512)
	count := fmt.Sprint(ps[1].size / 512)
	if err := run("dd", "if="+m.disk, "of="+rootImg, "bs=512", "skip="+skip, "count="+count, "conv=sparse", "status=none"); err != nil {
		return nil, err
	}
	var script strings.Builder
	made := map[string]bool{}
	i := 0
	for guest, content := range overlay {
		if d := filepath.Dir(guest); !made[d] {
			made[d] = true
			fmt.Fprintf(&script, "mkdir %s\n", d) // fails harmlessly when it exists
		}
		if target, ok := strings.CutPrefix(content, "symlink:"); ok {
			fmt.Fprintf(&script, "symlink %s %s\n", guest, target)
			continue
		}
		if local, ok := strings.CutPrefix(content, "exec:"); ok {
			fmt.Fprintf(&script, "rm %s\nwrite %s %s\nsif %s mode 0100755\n", guest, local, guest, guest)
			continue
		}
		local := filepath.Join(dir, fmt.Sprintf("overlay-%d", i))
		i++
		if err := os.WriteFile(local, []byte(content), 0o644); err != nil {
			return nil, err
		}
		fmt.Fprintf(&script, "rm %s\nwrite %s %s\n", guest, local, guest)
	}
	scriptPath := filepath.Join(dir, "debugfs.cmd")
	if err := os.WriteFile(scriptPath, []byte(script.String()), 0o644); err != nil {
		return nil, err
	}
	if err := run("debugfs", "-w", "-f", scriptPath, rootImg); err != nil {
		return nil, err
	}
	if err := run("dd", "if="+rootImg, "of="+m.disk, "bs=512", "seek="+skip, "conv=notrunc,sparse", "status=none"); err != nil {
		return nil, err
	}
	return m, os.Remove(rootImg)
}
