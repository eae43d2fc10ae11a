package main

import (
	"errors"
	"io"
	"log/slog"
	"testing"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spitest"
)

// lateHost is a pi.Host whose SPI device appears only once plugged is set.
type lateHost struct {
	plugged *bool
	opened  int
}

func (h *lateHost) SPI(bus, cs int) (spi.PortCloser, error) {
	if !*h.plugged {
		return nil, errors.New("no such file or directory")
	}
	h.opened++
	return &spitest.Record{}, nil
}

func (h *lateHost) GPIO(n int) (gpio.PinIO, error) { return nil, errors.New("not used") }

func TestMissingReaderIsRetried(t *testing.T) {
	plugged := false
	h := &lateHost{plugged: &plugged}
	port, err := retryHost{h, slog.New(slog.NewTextHandler(io.Discard, nil))}.SPI(0, 1)
	if err != nil {
		t.Fatalf("a missing SPI device stopped the table: %v", err)
	}
	if _, err := port.Connect(physic.MegaHertz, spi.Mode0, 8); err == nil {
		t.Fatal("Connect to a missing device succeeded")
	}
	if err := port.LimitSpeed(physic.MegaHertz); err != nil {
		t.Errorf("LimitSpeed before the device exists: %v", err)
	}
	plugged = true
	// One Connect: hal/pi hands its connection out again (spidev refuses a
	// second), so the device is opened once.
	if _, err := port.Connect(physic.MegaHertz, spi.Mode0, 8); err != nil {
		t.Fatalf("Connect once the device exists: %v", err)
	}
	if h.opened != 1 {
		t.Errorf("device opened %d times, want once", h.opened)
	}
	if err := port.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
}
