package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestConfigOverlaysAreTheUncommentedDtoverlayLines(t *testing.T) {
	for _, tc := range []struct {
		name, cfg string
		want      []string
	}{
		{"image default", "arm_64bit=1\n# a comment\ndtoverlay=ttr-spi\n#dtoverlay=ttr-dsi-7inch\n", []string{"ttr-spi"}},
		{"display on", "dtoverlay=ttr-spi\ndtoverlay=ttr-dsi-7inch\n", []string{"ttr-spi", "ttr-dsi-7inch"}},
		{"parameters dropped", "  dtoverlay=ttr-spi,speed=1\n", []string{"ttr-spi"}},
		{"none", "kernel=vmlinuz\ndtoverlay=\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := configOverlays(tc.cfg); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("configOverlays = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestRaspi4bSeatsNameEachReadersSpidevNode(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "table.json")
	os.WriteFile(cfg, []byte(`{"seats": [{"reader": {"spi_bus": 0, "chip_select": 1}}, {"reader": {"spi_bus": 1, "chip_select": 2}}]}`), 0o644)
	got, err := raspi4bSeats(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if want := []spidevName{{"spidev0.1"}, {"spidev1.2"}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("raspi4bSeats = %v, want %v", got, want)
	}
	os.WriteFile(cfg, []byte(`{"seats": [`), 0o644)
	if _, err := raspi4bSeats(cfg); err == nil {
		t.Fatal("a broken config gave no error")
	}
}

// goodReport is what the guest's report looks like when every check holds:
// two seats, their readers offline with the error an empty bus gives.
const goodReport = `@@table
active
@@gpiochips
pinctrl-bcm2711 base=512 ngpio=58
raspberrypi-exp-gpio base=570 ngpio=8
/dev/gpiochip0 /dev/gpiochip1
@@spidev
/dev/spidev0.0 root:spi 660
/dev/spidev0.1 root:spi 660
/dev/spidev1.0 root:spi 660
@@journal
time=x level=INFO msg="header GPIO" chip=gpiochip0 label=pinctrl-bcm2711
time=x level=WARN msg="device status" seat=1 device=reader state=offline err="pi: mfrc522: no answer"
time=x level=WARN msg="device status" seat=2 device=reader state=offline err="pi: mfrc522: no answer"
@@kernel
[ 1.0] spi-bcm2835 fe204000.spi: no tx-dma
`

func TestRaspi4bCheckFailsWhatTheBootDoesNotShow(t *testing.T) {
	seats := []spidevName{{"spidev0.0"}, {"spidev0.1"}}
	for _, tc := range []struct {
		name    string
		report  string
		seats   []spidevName
		wantErr string // "" when every check holds
	}{
		{"all there", goodReport, seats, ""},
		{"table failed", strings.Replace(goodReport, "@@table\nactive", "@@table\nfailed", 1), seats, "not active"},
		{"another header chip", strings.Replace(goodReport, "label=pinctrl-bcm2711", "label=gpio-sim.0-node0", 1), seats, "no pinctrl-bcm2711 chip"},
		{"no header line", strings.Replace(goodReport, `msg="header GPIO"`, `msg="buttons unavailable"`, 1), seats, "no pinctrl-bcm2711 chip"},
		{"no SPI overlay", strings.Replace(goodReport, "/dev/spidev0.0 root:spi 660\n/dev/spidev0.1 root:spi 660\n/dev/spidev1.0 root:spi 660\n", "", 1), seats, "no /dev/spidev0.0 /dev/spidev0.1"},
		{"a seat on a missing bus", goodReport, append(seats, spidevName{"spidev1.1"}), "no /dev/spidev1.1"},
		{"a reader never reported", strings.Replace(goodReport, "seat=2 device=reader", "seat=2 device=buttons", 1), seats, "seat 2's reader reported no status"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines, err := raspi4bCheck(tc.report, tc.seats)
			if tc.wantErr == "" {
				if err != nil {
					t.Fatalf("raspi4bCheck: %v", err)
				}
				text := strings.Join(lines, "\n")
				for _, want := range []string{`gpiochip0 "pinctrl-bcm2711"`, `offline "pi: mfrc522: no answer"`, "reader seat 2 (spidev0.1)"} {
					if !strings.Contains(text, want) {
						t.Errorf("the report lacks %q:\n%s", want, text)
					}
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("raspi4bCheck error = %v, want one with %q", err, tc.wantErr)
			}
		})
	}
}

func TestRaspi4bUnsupportedNodesAreTheModelsGaps(t *testing.T) {
	// Every entry says why; the readers' and buttons' nodes are never taken
	// out (the boot exists to exercise them).
	for _, u := range raspi4bUnsupported {
		if u.why == "" {
			t.Errorf("%s %s: no reason given", u.node, u.prop)
		}
		for _, kept := range []string{"spi@", "gpio@", "/aux"} {
			if strings.Contains(u.node, kept) {
				t.Errorf("%s is taken out of the tree, but the checks need it", u.node)
			}
		}
	}
}
