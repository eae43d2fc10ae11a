#!/usr/bin/env bash
# Builds the table image's base root file system: Debian 13 (trixie) for
# arm64 with the kernel (trixie-backports' Linux 7.x, for gpio-sim: below), the Raspberry Pi boot firmware and the libraries the
# firmware's DRM back end needs, as a directory. Nothing of the table is in
# it: image/build.sh adds that (cheaply) on top, to a copy. The directory is
# cached under the cache folder, keyed on mmdebstrap's arguments (the
# package list among them), because building
# it runs every package's scripts under qemu-user (about 15 minutes, mostly
# mkinitramfs); the downloaded .debs are cached beside it.
#
# Usage: image/root.sh CACHE_DIR        (prints the directory's path)
# Needs root (mmdebstrap --mode=root), qemu-user-static and binfmt_misc
# (.ci/deps.sh image); image/binfmt.sh registers qemu-aarch64 if needed.
set -euo pipefail
cd "$(dirname "$0")/.."

cache=${1:?usage: image/root.sh CACHE_DIR}
mkdir -p "$cache/debs"
cache=$(cd "$cache" && pwd)

# The run-time libraries and Mesa drivers, from the list systemd/install.sh
# installs on a Pi (one list for both).
runtime=$(sed -n 's/^packages=(\(.*\))$/\1/p' systemd/install.sh)
[ -n "$runtime" ] || { echo "root: no packages=(...) line in systemd/install.sh" >&2; exit 1; }
# The boot chain (kernel, initramfs, the Pi's firmware files), systemd as
# init, the tools the first boot needs to grow the root partition (sfdisk,
# partx, resize2fs) and to check the FAT boot partition (fsck.vfat).
base="systemd-sysv udev kmod initramfs-tools zstd raspi-firmware
	fdisk util-linux e2fsprogs dosfstools"
# The kernel comes from trixie-backports (Linux 7.x), not trixie's 6.12:
# only the 7.x kernels build gpio-sim, the kernel's GPIO simulator that
# make vmtest wires as the buttons' chip, so the image's own kernel carries
# the presses the check drives; the Pi 4's device trees carry __symbols__
# in both (overlays apply). Backports follow the newest stable kernel, so a
# later cache may hold a newer 7.x (the manifest says which).
kernel=linux-image-arm64/trixie-backports
packages=$(echo $base $runtime | tr ' ' '\n' | sort -u | tr '\n' ',' | sed 's/,$//'),$kernel

# non-free-firmware holds raspi-firmware (the Pi's closed boot firmware).
# The .debs go through the cache both ways (sync-in before the download,
# sync-out after the install), so a second build downloads nothing new.
args=(--mode=root --variant=apt --architectures=arm64
	--components=main,non-free-firmware
	--include="$packages"
	--aptopt='Acquire::Retries "3"'
	--dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright'
	--dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/locale/*'
	--skip=download/empty --skip=essential/unlink
	--setup-hook='mkdir -p "$1"/var/cache/apt/archives/'
	--setup-hook="sync-in '$cache/debs' /var/cache/apt/archives/"
	--customize-hook="sync-out /var/cache/apt/archives '$cache/debs'"
	--customize-hook='rm -f "$1"/var/cache/apt/archives/*.deb'
	trixie)
# Debian 13 with its updates and security suites, and backports for the
# kernel only (apt takes nothing else from there unless asked: its
# packages are pinned below the release's).
mirrors=()
for suite in trixie trixie-updates trixie-backports; do
	mirrors+=("deb http://deb.debian.org/debian $suite main non-free-firmware")
done
mirrors+=("deb http://deb.debian.org/debian-security trixie-security main non-free-firmware")
# The key leaves out where the cache is (the .debs' hooks name it), so a
# cache moved or shared between clones is found again.
key=$(printf '%s\n' "${args[@]}" "${mirrors[@]}" | sed "s|$cache|CACHE|g" | sha256sum | cut -c1-16)
out="$cache/root-$key"
if [ -d "$out" ]; then
	readlink -f "$out"
	exit 0
fi
rm -rf "$out.tmp"

# Timestamps of what mmdebstrap writes itself; image/build.sh sets every
# file's to the commit's time anyway.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}

echo "root: building $out (Debian trixie arm64; about 15 minutes)" >&2
start=$(date +%s)
nice -n 19 ionice -c3 mmdebstrap "${args[@]}" "$out.tmp" "${mirrors[@]}" >&2
mv "$out.tmp" "$out"
echo "root: built in $(($(date +%s) - start)) s" >&2
echo "$out"
