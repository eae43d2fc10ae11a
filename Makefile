# The table's build. `make sim` and `make test` do all the set-up they need on
# a fresh Debian 12, Ubuntu or Raspberry Pi OS machine with Go (1.21 or newer:
# the README says how to get it), gcc and git.

SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
GO ?= go
MAP ?= europe
SEATS ?= 4
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.7.0

# Packages that build without cgo and never touch raylib.
PURE = $$($(GO) list ./maps/... ./engine/... ./input/... ./hal/... ./display/msg/... ./display/board/... ./display/imgtest/... ./display/scene/... ./cmd/table/app/... ./cmd/table/owner/... ./cmd/table/wiring/... ./tools/benchreport/... ./tools/vmtest/...)
# Pure packages tested without the race detector: display/board has no
# goroutines, locks or atomics, so there is no race for it to find, and it
# made the package's tests four times slower (159 s of CPU instead of 37 s,
# the slowest package of the pure step).
NORACE = ./display/board/
# The pure packages whose code can behave differently on the Pi's arm64,
# tested there too (test-arm64, under qemu-user):
#   engine       its bitsets (cards, the market word) lean on math/bits,
#                which the compiler turns into each architecture's own
#                instructions, and a game log must replay to the same state
#                on the Pi as on a desktop (saved games, bug reports): the
#                pinned random games and log goldens check both.
#   hal/journal  CRC-32 (hash/crc32 has assembly of its own per
#                architecture), the record format's byte layout, and
#                fsync, flock and link through syscall (hal/storage, which
#                has no tests of its own).
#   hal/pi       periph's GPIO and SPI ioctls, whose structures and request
#                numbers are per architecture, the MFRC522 frames and
#                atomics.
# The others are not run there. maps, engine/score, engine/bot, input,
# input/inputtest, hal, hal/config, hal/haltest, hal/registry,
# hal/pi/mfrc522emu, display/msg, display/imgtest and cmd/table/app are
# portable Go, with no assembly, unsafe, syscall or byte order of their
# own (Go's own tests cover its compiler and library on arm64): under
# qemu they would test the same code again, several times slower.
# display/board is float geometry, which arm64 may round differently in
# the last bits (it fuses multiply-adds), but its tests take minutes under
# qemu-user (340 s) and make vmtest draws the board on the emulated Pi
# against a reference. tools/benchreport and tools/vmtest run on the build
# machine only. make pi still compiles, for arm64, every package the
# firmware links.
ARM64 = ./engine/ ./hal/journal/ ./hal/pi/
# Packages that link raylib (cgo): tested under Xvfb.
RAYLIB = $$($(GO) list ./display/... ./tools/sim/... ./cmd/table/... | grep -vE '/display/(msg|board|imgtest|scene)(/|$$)|/cmd/table/(app|owner|wiring)(/|$$)')

BIN := bin
# Each go test's bound (per package), with headroom: the slowest package
# of each step takes one to three minutes on an idle 2-core machine, a
# loaded machine is several times slower, and qemu-user slower again (the
# raylib packages run at once, sharing the machine). A hung test fails its
# package with a goroutine dump instead of holding make test.
PURE_TIMEOUT ?= 15m
ARM64_TIMEOUT ?= 20m
RAYLIB_TIMEOUT ?= 25m
PI_ENV := CGO_ENABLED=1 GOOS=linux GOARCH=arm64
ifneq ($(shell dpkg --print-architecture 2>/dev/null),arm64)
PI_ENV += CC=aarch64-linux-gnu-gcc
endif

.PHONY: all deps deps-sim build sim test test-guards test-pure test-arm64 test-raylib \
	test-systemd pi install image vmtest vmtest-raspi4b lint bench fuzz soak clean

all: build

deps:
	@.ci/deps.sh desktop headless pi systemd

deps-sim:
	@.ci/deps.sh desktop

build: deps-sim
	@GO=$(GO) .ci/build.sh -o $(BIN)/ ./cmd/table ./tools/sim

# STATE=DIR keeps the simulator's game log in DIR (and resumes an unfinished
# game from it); without it the log lives in a temporary folder.
STATE ?=
sim: deps-sim
	@GO=$(GO) .ci/build.sh -o $(BIN)/sim ./tools/sim
	$(BIN)/sim -map $(MAP) -seats $(SEATS) $(if $(STATE),-journal $(STATE))

test: deps
	@echo "== import guards"
	@.ci/guards.sh
	@$(MAKE) --no-print-directory test-pure test-arm64 test-raylib pi test-systemd
	@echo "== make test: all green"

# The pure packages build without cgo (as they must on any machine); their
# tests then run with the race detector, which itself needs cgo (NORACE's
# without it).
test-pure:
	@echo "== pure packages: CGO_ENABLED=0 build, tests with -race (NORACE without)"
	CGO_ENABLED=0 $(GO) build $(PURE)
	CGO_ENABLED=0 $(GO) vet $(PURE)
	$(GO) test -race -count=1 -timeout $(PURE_TIMEOUT) $$($(GO) list $(PURE) | grep -vxF "$$($(GO) list $(NORACE))")
	$(GO) test -count=1 -timeout $(PURE_TIMEOUT) $(NORACE)

test-arm64:
	@echo "== the packages that differ by architecture, for linux/arm64 under qemu-user (ARM64)"
	CGO_ENABLED=0 GOARCH=arm64 $(GO) test -count=1 -timeout $(ARM64_TIMEOUT) -exec qemu-aarch64-static $(ARM64)

# The packages at once, each on an X server of its own (.ci/xvfb-tests.sh).
test-raylib:
	@echo "== raylib packages under Xvfb, each on its own X server, at once"
	@GO=$(GO) .ci/build.sh github.com/gen2brain/raylib-go/raylib
	GO=$(GO) .ci/xvfb-tests.sh $(RAYLIB_TIMEOUT) $(RAYLIB)

test-systemd:
	@echo "== systemd units"
	@.ci/verify-units.sh

pi:
	@echo "== linux/arm64 build with raylib's DRM back end"
	$(PI_ENV) $(GO) build -tags drm -trimpath -o $(BIN)/table-arm64 ./cmd/table
	@file $(BIN)/table-arm64 2>/dev/null || true

# Run on the table's Pi: builds natively, then installs the binary, the unit,
# an example config, the system user and the run-time packages, and (re)starts
# the service (systemd/install.sh; DRY_RUN=1 prints what it would do).
install:
	@.ci/deps.sh pi
	@$(MAKE) --no-print-directory pi
	systemd/install.sh $(BIN)/table-arm64

# The SD card image for a Raspberry Pi 4, bin/table-pi.img (image/build.sh):
# Debian 13 arm64 with the table installed as make install installs it.
# Needs root. The base root file system and the .debs are cached in
# IMAGE_CACHE (outside git): about 15 minutes the first time, then about two.
IMAGE := $(BIN)/table-pi.img
IMAGE_CACHE ?= $(BIN)/cache/image
image:
	@.ci/deps.sh image pi
	@$(MAKE) --no-print-directory pi
	TTR_IMAGE_CACHE=$(IMAGE_CACHE) image/build.sh $(BIN)/table-arm64 $(IMAGE)

# Boots the image in qemu-system-aarch64 and checks the table from outside
# (tools/vmtest): READY, the journal, the screen against a reference,
# touches through a multi-touch screen (two fingers at two seats at once),
# buttons through the kernel (gpio-sim) and readers through its spidev path
# (tools/vmtest/spidevd, CUSE), a game by scans, a bots game through power
# cuts, the watchdog, a clean stop. About 30 minutes on two shared cores
# (the game by scans half of it), more on busier ones. Neither target is
# part of make test (README).
VMTEST_FLAGS ?=
vmtest: image deps-sim
	$(GO) build -o $(BIN)/table ./cmd/table
	GOOS=linux GOARCH=arm64 CGO_ENABLED=0 $(GO) build -o $(BIN)/spidevd-arm64 ./tools/vmtest/spidevd
	$(GO) run ./tools/vmtest -image $(IMAGE) -table $(BIN)/table -spidevd $(BIN)/spidevd-arm64 -dir $(BIN)/vmtest $(VMTEST_FLAGS)

# Boots the image's own Pi 4 kernel, initramfs and device tree (with
# config.txt's overlays) under qemu-system-aarch64 -M raspi4b, headless,
# and checks the pinctrl-bcm2711 GPIO chip, the readers' spidev nodes and
# each reader's status (tools/vmtest/raspi4b.go). 6.5 minutes on two shared
# cores, more on busier ones. VMTEST_FLAGS=-raspi4b-overlays=none boots the tree without
# the SPI overlay (the spidev check fails); =ttr-spi,ttr-dsi-7inch adds the
# 7" display's.
vmtest-raspi4b: image
	$(GO) run ./tools/vmtest -raspi4b -image $(IMAGE) -dir $(BIN)/vmtest $(VMTEST_FLAGS)

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

# Every benchmark, each -count times on one core (-cpu 1), then BENCHMARKS.md
# from their medians (tools/benchreport): the pure packages, the raylib ones
# under Xvfb, the firmware as a process (start to first frame, peak RSS of a
# bots game: the game in its window is paced by frames, so it runs once) and
# the arm64 binary's size. -p 1: one package's benchmarks at a time, so
# that none shares the machine with another's. The display's benchmarks run
# 100 frames each (a frame after a change costs tens of milliseconds under
# Xvfb, so a time-based -benchtime would run for minutes). About 15 minutes.
BENCHCOUNT ?= 6
BENCH_DIR := $(BIN)/bench
BENCH = $(GO) test -p 1 -run '^$$' -benchmem -cpu 1 -timeout 30m
XVFB = xvfb-run -a -s "-screen 0 1920x1080x24"
bench: deps
	@$(MAKE) --no-print-directory pi
	@mkdir -p $(BENCH_DIR)
	$(BENCH) -bench . -count $(BENCHCOUNT) $(PURE) | tee $(BENCH_DIR)/pure.txt
	$(XVFB) $(BENCH) -bench . -benchtime 100x -count $(BENCHCOUNT) ./display/ ./tools/sim/... | tee $(BENCH_DIR)/display.txt
	$(XVFB) $(BENCH) -bench 'FirstFrame|BotsGame/headless' -count $(BENCHCOUNT) ./cmd/table/ | tee $(BENCH_DIR)/table.txt
	$(XVFB) $(BENCH) -bench 'BotsGame/window' -count 1 ./cmd/table/ | tee $(BENCH_DIR)/table-window.txt
	$(GO) run ./tools/benchreport -o BENCHMARKS.md -binary $(BIN)/table-arm64 \
		-cmd "make pi  # $(BIN)/table-arm64" \
		-cmd "go test -p 1 -run '^\$$' -benchmem -cpu 1 -bench . -count $(BENCHCOUNT) <the pure packages: PURE in the Makefile>" \
		-cmd "xvfb-run go test -p 1 -run '^\$$' -benchmem -cpu 1 -bench . -benchtime 100x -count $(BENCHCOUNT) ./display/ ./tools/sim/..." \
		-cmd "xvfb-run go test -p 1 -run '^\$$' -benchmem -cpu 1 -bench 'FirstFrame|BotsGame/headless' -count $(BENCHCOUNT) ./cmd/table/" \
		-cmd "xvfb-run go test -p 1 -run '^\$$' -benchmem -cpu 1 -bench 'BotsGame/window' -count 1 ./cmd/table/" \
		-cmd "go run ./tools/benchreport -o BENCHMARKS.md -binary $(BIN)/table-arm64 $(BENCH_DIR)/*.txt" \
		$(BENCH_DIR)/pure.txt $(BENCH_DIR)/display.txt $(BENCH_DIR)/table.txt $(BENCH_DIR)/table-window.txt

# Short fuzz runs of every fuzz target (go test runs the committed seeds in
# testdata/fuzz anyway): the engine's random play and game-log reader, the
# scenario reader, the config loader, the card registry, the journal reader,
# a journal's unfinished game resumed by the firmware, the reader driver and
# the message catalogue. FUZZTIME=5m for a longer run. Scratch files go to
# tmpfs where there is one: the journal targets fsync every record.
FUZZTIME ?= 20s
# Minimising each new input is bounded to FUZZMINTIME runs: unbounded, a
# slow target (FuzzResume) spent its whole run minimising a few inputs.
FUZZMINTIME ?= 50x
# Each target's go test bound: its seeds, FUZZTIME of fuzzing and the
# minimising; raise it with a FUZZTIME near it.
FUZZ_TIMEOUT ?= 30m
FUZZ_TMP := $(shell [ -d /dev/shm ] && echo /dev/shm || echo $${TMPDIR:-/tmp})
FUZZ_TARGETS := ./engine/:FuzzRandomPlay ./engine/:FuzzParseLog ./engine/score/:FuzzReadScenario \
	./hal/config/:FuzzParse ./hal/config/:FuzzReadData ./hal/registry/:FuzzParse ./hal/journal/:FuzzRead \
	./cmd/table/app/:FuzzResume ./hal/pi/:FuzzReaderNeverWrongUID ./display/msg/:FuzzText
fuzz:
	@for t in $(FUZZ_TARGETS); do \
		echo "== $${t%%:*} $${t##*:}"; \
		TMPDIR=$(FUZZ_TMP) $(GO) test -run '^$$' -fuzz "^$${t##*:}$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINTIME) -timeout $(FUZZ_TIMEOUT) "$${t%%:*}" || exit 1; \
	done

# The long soak: 1,000 bots games back to back on one App with injected
# device and storage faults (cmd/table/app TestSoak), and 1,000 power cuts
# at random moments of bots games on the simulated disk, with write and
# fsync failures between them (TestPowerCutsNeverLoseAGame); make test
# plays a few of each. About 15 minutes with the journal on tmpfs.
SOAK_GAMES ?= 1000
POWER_CUTS ?= 1000
soak:
	TMPDIR=$(FUZZ_TMP) TTR_SOAK_GAMES=$(SOAK_GAMES) TTR_POWER_CUTS=$(POWER_CUTS) $(GO) test -count=1 \
		-run '^(TestSoak|TestPowerCutsNeverLoseAGame|TestStorageFaultAtEveryPositionOfAGame)$$' -timeout 3h -v ./cmd/table/app/

clean:
	rm -rf $(BIN)
	$(GO) clean -testcache
