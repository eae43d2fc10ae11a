package pi

import (
	"log/slog"
	"sync"

	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
)

// Retrying returns a Host that opens an SPI device missing at start (a
// reader board not plugged in, SPI not enabled yet, a node udev has not
// made yet) as a port that tries again at each Connect: the reader then
// reports the seat's reader offline and retries with back-off, instead of
// the table refusing to start. With PeriphHost, which opens
// /dev/spidevB.C directly, a node that appears later is opened then.
func Retrying(h Host, log *slog.Logger) Host {
	if log == nil {
		log = slog.Default()
	}
	return retryHost{h, log}
}

type retryHost struct {
	Host
	log *slog.Logger
}

func (h retryHost) SPI(bus, cs int) (spi.PortCloser, error) {
	p, err := h.Host.SPI(bus, cs)
	if err == nil {
		return p, nil
	}
	h.log.Warn("reader's SPI device missing; retrying in the background", "bus", bus, "chip_select", cs, "err", err)
	return &retryPort{host: h.Host, bus: bus, cs: cs, err: err}, nil
}

// retryPort is an SPI port opened at its first successful Connect.
type retryPort struct {
	host    Host
	bus, cs int
	mu      sync.Mutex
	port    spi.PortCloser
	err     error
}

// Connect implements spi.Port.
func (p *retryPort) Connect(f physic.Frequency, mode spi.Mode, bits int) (spi.Conn, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.port == nil {
		port, err := p.host.SPI(p.bus, p.cs)
		if err != nil {
			p.err = err
			return nil, err
		}
		p.port = port
	}
	return p.port.Connect(f, mode, bits)
}

// LimitSpeed implements spi.Port.
func (p *retryPort) LimitSpeed(f physic.Frequency) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.port == nil {
		return nil
	}
	return p.port.LimitSpeed(f)
}

// String implements spi.Port.
func (p *retryPort) String() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.port != nil {
		return p.port.String()
	}
	return "missing SPI port"
}

// Close implements io.Closer.
func (p *retryPort) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.port == nil {
		return nil
	}
	return p.port.Close()
}
