#!/usr/bin/env bash
# Builds the table's SD card image for a Raspberry Pi 4 (make image).
#
# Usage: image/build.sh [BINARY [IMAGE]]  (default bin/table-arm64 bin/table-pi.img)
#   TTR_IMAGE_CACHE=DIR   the cache folder (default bin/cache/image): the base
#                         root (a directory) (image/root.sh), the downloaded .debs
#                         and the build's scratch files; never in git.
#
# The image is an MBR disk with two partitions, written into a file without
# loop devices or mounts (mkfs.vfat + mtools, mkfs.ext4 -d, sfdisk, dd):
#   1. TTR-BOOT, FAT32, 256 MiB: the Pi's boot firmware, Debian's kernel,
#      initramfs and device trees, the readers' SPI buses as an overlay
#      (overlays/ttr-spi.dtbo, image/ttr-spi.dtso), the official 7" DSI
#      display's overlay, off (overlays/ttr-dsi-7inch.dtbo), config.txt and
#      cmdline.txt as Debian's raspi-firmware hooks write them, and the
#      table's config, table.json, editable from any computer;
#   2. ttr-root, ext4: Debian 13 arm64 (image/root.sh) with the table
#      installed by systemd/install.sh (ROOT=), the files of image/files,
#      and grown to the card at the first boot.
# Beside it: IMAGE.manifest (every package and version in the root) and
# IMAGE.sha256.
#
# Reproducible: every timestamp is SOURCE_DATE_EPOCH (the commit's time),
# the file systems' ids and hash seeds are fixed, so the same commit, the
# same cached root and the same binary give the same image, byte for byte.
# Needs root (the root file system's owners) and .ci/deps.sh image.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${1:-bin/table-arm64}
img=${2:-bin/table-pi.img}
cache=${TTR_IMAGE_CACHE:-bin/cache/image}
[ "$(id -u)" = 0 ] || exec sudo --preserve-env=TTR_IMAGE_CACHE,SOURCE_DATE_EPOCH "$0" "$@"
[ -f "$bin" ] || { echo "image: $bin not found; build it with make pi" >&2; exit 1; }

export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 1700000000)}
export TZ=UTC LC_ALL=C
# Fixed ids: the partitions are found by label, so every card may share them.
disk_id=0x54545231
vfat_id=54545231
ext4_uuid=5474742d-7461-626c-6500-000000000001

# binfmt_misc must run the root's arm64 programs (root.sh, and the hooks
# below): register qemu-aarch64 if this machine has not.
if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
	mountpoint -q /proc/sys/fs/binfmt_misc || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
	update-binfmts --enable qemu-aarch64
fi

start=$(date +%s)
base=$(image/root.sh "$cache")
rootdone=$(date +%s)
work=$cache/work
rm -rf "$work"
mkdir -p "$work/boot"
cp -a "$base" "$work/root"
root=$(cd "$work/root" && pwd)

# The image's own files (fstab, the first-boot grow, udev rules for the
# SPI and GPIO nodes, the journal's bounds, raspi-firmware's settings).
cp -a --no-preserve=ownership image/files/. "$root/"

# The table, exactly as on a Pi: user, groups, binary, unit, example config.
ROOT=$root systemd/install.sh "$bin"

# The boot partition is the table's group's to write too (FAT has no owners:
# the mount gives them): the owner's settings go back into table.json and
# the backups into ttr-backup/ there.
gid=$(awk -F: '$1 == "ttr-table" { print $3 }' "$root/etc/group")
[ -n "$gid" ] || { echo "build: the root has no ttr-table group" >&2; exit 1; }
sed -i "s/@TTR_TABLE_GID@/$gid/" "$root/etc/fstab"

# The config goes to the boot partition, editable from any computer; the
# firmware reads it through /etc/ttr-table/table.json.
for f in "$root"/etc/ttr-table/table.*; do
	name=$(basename "$f")
	mv "$f" "$root/boot/firmware/$name"
	ln -s "/boot/firmware/$name" "$f"
done

# An appliance: no login prompt (the table owns the screen), root locked,
# the root partition grown at the first boot.
systemctl --root="$root" enable ttr-grow-root.service
systemctl --root="$root" mask getty.target console-getty.service
# No network: apt's daily download and upgrade could only fail.
systemctl --root="$root" mask apt-daily.timer apt-daily-upgrade.timer
usermod --root "$root" --lock root
# A new machine id at the first boot, not one shared by every table.
: >"$root/etc/machine-id"
rm -f "$root/var/lib/dbus/machine-id"

# config.txt and cmdline.txt, written by Debian's own hooks (as a kernel
# upgrade would) from /etc/default/raspi-firmware*; they need /proc, so
# they run in a mount namespace of their own, which ends with them.
unshare --mount --propagation private --fork chroot "$root" /bin/sh -ec \
	'mount -t proc proc /proc; DEB_MAINT_PARAMS=configure /etc/kernel/postinst.d/z50-raspi-firmware' >&2
# The readers' SPI buses: an overlay (image/ttr-spi.dtso) that the Pi's
# firmware applies to the Pi 4's tree at boot (config.txt's
# dtoverlay=ttr-spi, from raspi-firmware-custom). Every Pi 4 family tree
# must take it: image/check-overlay.sh applies it to each with fdtoverlay
# and counts the spidev nodes.
mkdir -p "$root/boot/firmware/overlays"
dtbo=$root/boot/firmware/overlays/ttr-spi.dtbo
dtc -@ -q -I dts -O dtb -o "$dtbo" image/ttr-spi.dtso
image/check-overlay.sh "$dtbo" "$root"/boot/firmware/bcm2711-*.dtb
# The official 7" DSI display (image/ttr-dsi-7inch.dtso): shipped, checked
# the same way, and off until the owner adds dtoverlay=ttr-dsi-7inch to
# config.txt (README, Displays); a table on HDMI never loads it.
dtbo=$root/boot/firmware/overlays/ttr-dsi-7inch.dtbo
dtc -@ -q -I dts -O dtb -o "$dtbo" image/ttr-dsi-7inch.dtso
image/check-overlay.sh "$dtbo" "$root"/boot/firmware/bcm2711-*.dtb

# The manifest: what the root holds.
mkdir -p "$(dirname "$img")"
dpkg-query --admindir="$root/var/lib/dpkg" -W -f='${Package} ${Version} ${Architecture}\n' | sort >"$img.manifest"

# The boot partition's files leave the root (its mount point stays).
mv "$root"/boot/firmware/* "$work/boot/"
# Scratch files of the build, and every timestamp at SOURCE_DATE_EPOCH.
rm -rf "$root"/var/cache/apt/*.bin "$root"/var/lib/apt/lists/* "$root"/tmp/* "$root"/var/tmp/* \
	"$root"/var/log/apt/* "$root"/var/log/dpkg.log "$root"/var/log/alternatives.log "$root"/var/cache/ldconfig/aux-cache
find "$root" "$work/boot" -print0 | xargs -0r touch --no-dereference --date="@$SOURCE_DATE_EPOCH"

# The root file system: its size plus a quarter and 128 MiB free until the
# first boot grows it.
used=$(du -sm --apparent-size "$root" | cut -f1)
root_mib=$(((used * 5 / 4 + 128 + 3) / 4 * 4))
boot_mib=256
rm -f "$work/root.ext4" "$work/boot.vfat"
E2FSPROGS_FAKE_TIME=$SOURCE_DATE_EPOCH mkfs.ext4 -q -F -L ttr-root -U "$ext4_uuid" \
	-E "hash_seed=$ext4_uuid,lazy_itable_init=0,lazy_journal_init=0" -I 256 \
	-d "$root" "$work/root.ext4" "${root_mib}M"
# mkfs.ext4 -d copies each file's change time (ctime), which no one can
# set: the time this build wrote it. debugfs sets them, and the access
# times, to SOURCE_DATE_EPOCH.
(cd "$root" && find . -printf "sif \"/%P\" ctime @$SOURCE_DATE_EPOCH\nsif \"/%P\" atime @$SOURCE_DATE_EPOCH\n") >"$work/times.debugfs"
E2FSPROGS_FAKE_TIME=$SOURCE_DATE_EPOCH debugfs -w -f "$work/times.debugfs" "$work/root.ext4" >/dev/null 2>"$work/times.log"
mkfs.vfat -F 32 -n TTR-BOOT -i "$vfat_id" --invariant -C "$work/boot.vfat" $((boot_mib * 1024)) >/dev/null
MTOOLS_SKIP_CHECK=1 mcopy -i "$work/boot.vfat" -s -p -m -Q "$work"/boot/* ::/

# The disk: 1 MiB for the partition table, then the two partitions.
rm -f "$img"
truncate -s $(((1 + boot_mib + root_mib) * 1024 * 1024)) "$img"
sfdisk -q "$img" <<TABLE
label: dos
label-id: $disk_id
unit: sectors
start=2048, size=$((boot_mib * 2048)), type=c, bootable
start=$(((1 + boot_mib) * 2048)), size=$((root_mib * 2048)), type=83
TABLE
dd if="$work/boot.vfat" of="$img" bs=1M seek=1 conv=notrunc,sparse status=none
dd if="$work/root.ext4" of="$img" bs=1M seek=$((1 + boot_mib)) conv=notrunc,sparse status=none
(cd "$(dirname "$img")" && sha256sum "$(basename "$img")" >"$(basename "$img").sha256")
echo "image: $img, $(((1 + boot_mib + root_mib))) MiB; root $((rootdone - start)) s, the rest $(($(date +%s) - rootdone)) s" >&2
cat "$img.sha256" >&2
