#!/usr/bin/env bash
# Checks that the readers' overlay applies to each Pi 4 family tree as the
# Pi's firmware would apply it (make image runs it on the boot partition's
# trees): each tree has __symbols__, fdtoverlay applies the overlay, and
# SPI0 and SPI1 are then enabled with five spidev nodes between them.
#
# Usage: image/check-overlay.sh DTBO DTB...   (needs device-tree-compiler)
set -euo pipefail

dtbo=${1:?usage: image/check-overlay.sh DTBO DTB...}
shift
[ $# -gt 0 ] || { echo "overlay: no device tree to check" >&2; exit 1; }
scratch=$(mktemp)
trap 'rm -f "$scratch"' EXIT
for dtb in "$@"; do
	name=$(basename "$dtb")
	fdtget "$dtb" /__symbols__ spi >/dev/null 2>&1 ||
		{ echo "overlay: $name has no __symbols__: the Pi's firmware cannot apply $(basename "$dtbo") to it" >&2; exit 1; }
	fdtoverlay -i "$dtb" -o "$scratch" "$dtbo" ||
		{ echo "overlay: $(basename "$dtbo") does not apply to $name" >&2; exit 1; }
	n=0
	for label in spi spi1; do
		node=$(fdtget -t s "$scratch" /__symbols__ "$label")
		[ "$(fdtget -t s "$scratch" "$node" status)" = okay ] ||
			{ echo "overlay: $name: $node not enabled by $(basename "$dtbo")" >&2; exit 1; }
		n=$((n + $(fdtget -l "$scratch" "$node" | grep -c '^spidev@' || true)))
	done
	[ "$n" = 5 ] || { echo "overlay: $name with $(basename "$dtbo") has $n spidev nodes, want 5" >&2; exit 1; }
done
echo "overlay: $(basename "$dtbo") applies to $# Pi 4 trees, 5 spidev nodes each" >&2
