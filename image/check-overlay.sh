#!/usr/bin/env bash
# Checks that one of the image's overlays applies to each Pi 4 family tree
# as the Pi's firmware would apply it (make image runs it on the boot
# partition's trees): each tree has __symbols__, fdtoverlay applies the
# overlay, and then, by the overlay's name:
#   ttr-spi        SPI0 and SPI1 are enabled with five spidev nodes between
#                  them (the readers);
#   ttr-dsi-7inch  DSI1 is enabled, the 7" display's panel (0x45) and touch
#                  (0x38) are on the display connector's I2C bus (i2c0mux's
#                  second), and DSI1's endpoint and the panel's lead to each
#                  other.
#
# Usage: image/check-overlay.sh DTBO DTB...   (needs device-tree-compiler)
set -euo pipefail

dtbo=${1:?usage: image/check-overlay.sh DTBO DTB...}
shift
[ $# -gt 0 ] || { echo "overlay: no device tree to check" >&2; exit 1; }
scratch=$(mktemp)
trap 'rm -f "$scratch"' EXIT

# check_spi NAME: SPI0 and SPI1 enabled, five spidev nodes between them.
check_spi() {
	local n=0 label node
	for label in spi spi1; do
		node=$(fdtget -t s "$scratch" /__symbols__ "$label")
		[ "$(fdtget -t s "$scratch" "$node" status)" = okay ] ||
			{ echo "overlay: $1: $node not enabled by $(basename "$dtbo")" >&2; exit 1; }
		n=$((n + $(fdtget -l "$scratch" "$node" | grep -c '^spidev@' || true)))
	done
	[ "$n" = 5 ] || { echo "overlay: $1 with $(basename "$dtbo") has $n spidev nodes, want 5" >&2; exit 1; }
	summary="5 spidev nodes each"
}

# check_dsi NAME: DSI1 enabled, the panel and the touch on i2c0mux's second
# bus, and the DSI link's two endpoints joined.
check_dsi() {
	local dsi bus out in
	dsi=$(fdtget -t s "$scratch" /__symbols__ dsi1)
	bus=$(fdtget -t s "$scratch" /__symbols__ i2c0_1)
	[ "$(fdtget -t s "$scratch" "$dsi" status)" = okay ] ||
		{ echo "overlay: $1: $dsi not enabled by $(basename "$dtbo")" >&2; exit 1; }
	[ "$(fdtget -t s "$scratch" "$bus/panel@45" compatible 2>/dev/null)" = raspberrypi,7inch-touchscreen-panel ] ||
		{ echo "overlay: $1: no raspberrypi,7inch-touchscreen-panel at $bus/panel@45" >&2; exit 1; }
	[ "$(fdtget -t s "$scratch" "$bus/touchscreen@38" compatible 2>/dev/null)" = edt,edt-ft5406 ] ||
		{ echo "overlay: $1: no edt,edt-ft5406 at $bus/touchscreen@38" >&2; exit 1; }
	out=$dsi/port/endpoint in=$bus/panel@45/port/endpoint
	[ "$(fdtget "$scratch" "$out" remote-endpoint 2>/dev/null)" = "$(fdtget "$scratch" "$in" phandle 2>/dev/null)" ] &&
		[ "$(fdtget "$scratch" "$in" remote-endpoint 2>/dev/null)" = "$(fdtget "$scratch" "$out" phandle 2>/dev/null)" ] ||
		{ echo "overlay: $1: $out and $in do not lead to each other" >&2; exit 1; }
	summary="DSI1, the panel and the touch each"
}

for dtb in "$@"; do
	name=$(basename "$dtb")
	fdtget "$dtb" /__symbols__ spi >/dev/null 2>&1 ||
		{ echo "overlay: $name has no __symbols__: the Pi's firmware cannot apply $(basename "$dtbo") to it" >&2; exit 1; }
	fdtoverlay -i "$dtb" -o "$scratch" "$dtbo" ||
		{ echo "overlay: $(basename "$dtbo") does not apply to $name" >&2; exit 1; }
	case $(basename "$dtbo" .dtbo) in
	ttr-spi) check_spi "$name" ;;
	ttr-dsi-7inch) check_dsi "$name" ;;
	*) echo "overlay: no check for $(basename "$dtbo")" >&2; exit 1 ;;
	esac
done
echo "overlay: $(basename "$dtbo") applies to $# Pi 4 trees, $summary" >&2
