package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"
)

// vm is one boot of the machine in qemu-system-aarch64: a virt board, an
// emulated CPU (TCG, as fast as this machine's cores allow), the disk on
// virtio-blk, a virtio GPU whose preferred mode is the configured size (no EDID), a
// multi-touch screen (virtio-multitouch-pci, -touch-device), no network. QMP and the guest's console come
// out through unix sockets; the kernel's serial console goes to a file.
type vm struct {
	cmd     *exec.Cmd
	qmp     *qmp
	sh      *shell
	started time.Time
	done    chan error
}

func boot(m *machine, dir string, n int, o options) (*vm, error) {
	qmpSock := filepath.Join(dir, "qmp.sock")
	shSock := filepath.Join(dir, "shell.sock")
	os.Remove(qmpSock)
	os.Remove(shSock)
	serial := filepath.Join(dir, fmt.Sprintf("serial-%d.log", n))
	// qemu keeps the niceness make vmtest was given (nice -n 10 on a
	// shared machine): at nice 19 it gets a fifteenth of a nice-0
	// process's share, and on a busy host the table's READY came 735 s
	// after power on and the screen was black after the touch check's tap;
	// at nice 10, the same hour, 385 s and the tap drawn.
	args := []string{"-n", "0", "ionice", "-c3", "qemu-system-aarch64",
		"-M", "virt", "-cpu", "max", "-accel", "tcg,thread=multi", "-smp", "2", "-m", "1536",
		"-kernel", m.kernel, "-initrd", m.initrd,
		// The card's own command line; the console on the virt board's UART.
		// An emulated machine on a busy host can take minutes to bring up
		// its devices: systemd waits for them longer than on a Pi, instead
		// of dropping to emergency mode after 90 s, and waits for the
		// test's console (/dev/hvc0) as long, instead of logging an error
		// after 90 s.
		"-append", m.cmdline + " console=ttyAMA0 systemd.default_timeout_start_sec=600 systemd.default_device_timeout_sec=600",
		"-drive", "file=" + m.disk + ",format=raw,if=none,id=disk,cache=writeback",
		"-device", "virtio-blk-pci,drive=disk",
		// No EDID: the panel reports no size in millimetres, as the
		// reference screenshots' start screen shows it (with one, the
		// table would size the panel from it when DRM gives it in time,
		// and the start screen's notes would change from boot to boot).
		"-device", fmt.Sprintf("virtio-gpu-pci,xres=%d,yres=%d,edid=off", o.width, o.height),
		"-device", o.touchDevice,
		"-device", "virtio-serial-pci",
		"-chardev", "socket,id=sh,path=" + shSock + ",server=on,wait=off",
		"-device", "virtconsole,chardev=sh",
		"-qmp", "unix:" + qmpSock + ",server=on,wait=off",
		"-serial", "file:" + serial,
		"-display", "none", "-nic", "none", "-no-reboot",
	}
	cmd := exec.Command("nice", args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	logf, err := os.Create(filepath.Join(dir, fmt.Sprintf("qemu-%d.log", n)))
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = logf, logf
	v := &vm{cmd: cmd, started: time.Now(), done: make(chan error, 1)}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go func() { v.done <- cmd.Wait(); logf.Close() }()
	if v.qmp, err = dialQMP(qmpSock, 30*time.Second); err != nil {
		v.kill()
		return nil, err
	}
	if v.sh, err = dialShell(shSock, 30*time.Second); err != nil {
		v.kill()
		return nil, err
	}
	return v, nil
}

// kill cuts the power: qemu dies at once (SIGKILL), the guest's caches and
// whatever it had not written are lost, as on a table whose plug is pulled.
func (v *vm) kill() {
	if v.cmd.Process != nil {
		syscall.Kill(-v.cmd.Process.Pid, syscall.SIGKILL)
	}
	<-v.done
	if v.qmp != nil {
		v.qmp.Close()
	}
	if v.sh != nil {
		v.sh.Close()
	}
}

// wait waits for qemu to exit by itself (after a poweroff).
func (v *vm) wait(timeout time.Duration) error {
	select {
	case err := <-v.done:
		v.done <- err
		return err
	case <-time.After(timeout):
		return fmt.Errorf("qemu still running after %v", timeout)
	}
}
