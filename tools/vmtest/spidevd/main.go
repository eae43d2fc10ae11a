// Command spidevd serves /dev/spidevB.C nodes from user space through CUSE
// (the kernel's character devices in user space, /dev/cuse), each backed by
// an emulated MFRC522 (hal/pi/mfrc522emu), so that the table's readers are
// reached through periph's real spidev path: open, SPI_IOC_WR_MODE and
// SPI_IOC_MESSAGE ioctls, in the emulated machine of make vmtest, which
// has no SPI controller. It runs there as root; tags are laid on and lifted
// off the readers by lines written to its control FIFO:
//
//	place spidev0.0 04a1b2c3   a tag of that UID (4 or 7 bytes, hex) alone on the reader
//	lift spidev0.0             the reader's field empty
//
// Usage: spidevd [-ctl /run/spidevd.ctl] [-unplugged] [-tally 10s] spidev0.0 spidev0.1 ...
package main

import (
	"bufio"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"strings"
	"syscall"
	"time"

	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"

	"ttr/hal/pi/mfrc522emu"
)

func main() {
	ctl := flag.String("ctl", "/run/spidevd.ctl", "the control FIFO (made if missing)")
	unplugged := flag.Bool("unplugged", false, "every chip unplugged: the bus reads 0xFF, as with no reader on the cable (shows that make vmtest's reader check fails then)")
	every := flag.Duration("tally", 10*time.Second, "how often to log each device's transfers and requests (0: never)")
	flag.Parse()
	log.SetFlags(0)
	if flag.NArg() == 0 {
		log.Fatal("spidevd: name the devices to serve, e.g. spidev0.0")
	}
	chips := map[string]*mfrc522emu.Chip{}
	errs := make(chan error, flag.NArg())
	for _, name := range flag.Args() {
		if !strings.HasPrefix(name, "spidev") {
			log.Fatalf("spidevd: %q is not a spidevB.C name", name)
		}
		chip := mfrc522emu.New(name)
		// The bus's time at the config's default clock (1 MHz); a spidev
		// port connects once, and the table's clock reaches the chip in
		// each transfer, which the emulator does not need.
		if _, err := chip.Connect(physic.MegaHertz, spi.Mode0, 8); err != nil {
			log.Fatalf("spidevd: %s: %v", name, err)
		}
		f, err := os.OpenFile("/dev/cuse", os.O_RDWR, 0)
		if err != nil {
			log.Fatalf("spidevd: %v (is the cuse module loaded?)", err)
		}
		if *unplugged {
			chip.Unplug()
		}
		chips[name] = chip
		go func() { errs <- serve(f, name, &device{chip: chip}) }()
	}
	go func() { errs <- control(*ctl, chips) }()
	go tally(flag.Args(), chips, *every)
	log.Printf("spidevd: serving %s", strings.Join(flag.Args(), " "))
	log.Fatal(<-errs)
}

// tally logs, every period, each device's SPI transfers and the REQA or
// WUPA frames its chip sent since the last line: whether a reader is
// polled, and how often, is seen in spidevd's journal.
func tally(names []string, chips map[string]*mfrc522emu.Chip, every time.Duration) {
	if every <= 0 {
		return
	}
	last := map[string][2]int{}
	for range time.Tick(every) {
		var parts []string
		for _, name := range names {
			c := chips[name]
			now := [2]int{c.Transfers(), c.Requests()}
			parts = append(parts, fmt.Sprintf("%s %d transfers %d requests", name, now[0]-last[name][0], now[1]-last[name][1]))
			last[name] = now
		}
		log.Printf("spidevd: in %v: %s", every, strings.Join(parts, ", "))
	}
}

// control reads commands from the FIFO at path, one a line, for ever.
func control(path string, chips map[string]*mfrc522emu.Chip) error {
	if err := syscall.Mkfifo(path, 0o600); err != nil && !errors.Is(err, os.ErrExist) {
		return fmt.Errorf("spidevd: %s: %w", path, err)
	}
	for {
		f, err := os.Open(path) // blocks until a writer opens it
		if err != nil {
			return fmt.Errorf("spidevd: %w", err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if err := command(sc.Text(), chips); err != nil {
				log.Printf("spidevd: %q: %v", sc.Text(), err)
			} else {
				log.Printf("spidevd: %s", sc.Text())
			}
		}
		f.Close()
	}
}

// command runs one control line.
func command(line string, chips map[string]*mfrc522emu.Chip) error {
	f := strings.Fields(line)
	if len(f) == 0 {
		return nil
	}
	if len(f) < 2 {
		return errors.New("want place NAME UID or lift NAME")
	}
	c := chips[f[1]]
	if c == nil {
		return fmt.Errorf("no device %s", f[1])
	}
	switch {
	case f[0] == "place" && len(f) == 3:
		uid, err := hex.DecodeString(f[2])
		if err != nil {
			return err
		}
		return c.Place(uid)
	case f[0] == "lift" && len(f) == 2:
		c.Lift()
		return nil
	}
	return errors.New("want place NAME UID or lift NAME")
}
