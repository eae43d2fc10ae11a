package pi

import (
	"context"
	"testing"
	"time"
)

// BenchmarkScanLatency measures the work between the poll that finds a new
// tag and its scan being ready for ReadTag: the health check, two full
// driver reads (the second confirms the UID) over the emulated SPI bus. A
// tag placed at a random moment also waits for the next poll: on average
// Poll/2, at most Poll (DefaultReaderOpts.Poll, 50 ms).
//
//	go test -run '^$' -bench ScanLatency ./hal/pi
//
// It reports the SPI transfers per scan: on a Pi each costs a spidev ioctl,
// so the figure times the per-transfer cost gives the bus time there.
func BenchmarkScanLatency(b *testing.B) {
	g := newRig(b, 1, nil)
	uids := [][]byte{uid4, uid7}
	ctx := context.Background()
	transfers := g.chips[0].Transfers()
	var busy time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.place(0, uids[i%2]) // a different tag every time: a new scan
		start := time.Now()
		g.clk.AdvanceNext()
		if _, err := g.rs[0].ReadTag(ctx); err != nil {
			b.Fatal(err)
		}
		busy += time.Since(start)
		g.wait()
	}
	b.StopTimer()
	b.ReportMetric(float64(busy.Microseconds())/float64(b.N), "µs-to-scan/op")
	b.ReportMetric(float64(g.chips[0].Transfers()-transfers)/float64(b.N), "spi-transfers/op")
}
