#!/usr/bin/env bash
# Installs the Debian packages a make target needs, only those missing.
# Usage: .ci/deps.sh GROUP...   (groups: desktop headless pi systemd image)
# Quiet and quick when everything is there; uses sudo when not root.
set -euo pipefail

declare -A group=(
	[desktop]="libgl1-mesa-dev libxi-dev libxcursor-dev libxrandr-dev libxinerama-dev libwayland-dev libxkbcommon-dev"
	[headless]="xvfb xauth libgl1-mesa-dri xdotool"
	[systemd]="systemd"
	# make image and make vmtest: an arm64 Debian root built through
	# qemu-user and binfmt_misc, the card's partitions written into a file
	# without loop devices, and the emulated Pi-like machine that boots it.
	# qemu-system-arm must be QEMU 10 or later (virtio-multitouch-pci,
	# -M raspi4b): on Debian 12 it comes from bookworm-backports (below).
	[image]="mmdebstrap qemu-user-static binfmt-support arch-test fdisk dosfstools mtools e2fsprogs device-tree-compiler qemu-system-arm"
	[pi]="gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user-static libdrm-dev:arm64 libgbm-dev:arm64 libegl-dev:arm64 libgles-dev:arm64"
)
# On an arm64 machine (a Pi) the table builds natively: no cross tools.
if [ "$(dpkg --print-architecture 2>/dev/null)" = arm64 ]; then
	group[pi]="libdrm-dev libgbm-dev libegl-dev libgles-dev"
fi

sudo=""
if [ "$(id -u)" != 0 ]; then
	sudo="sudo"
fi

# The lowest version of a package a group needs, where the distribution's
# own may be older; on Debian 12, where to take it from.
declare -A minimum=([qemu-system-arm]=1:10.0)
declare -A backport=([qemu-system-arm]=bookworm-backports)

want=()
for g in "$@"; do
	[ -n "${group[$g]+x}" ] || { echo "deps: unknown group $g (desktop headless pi systemd image)" >&2; exit 2; }
	for p in ${group[$g]}; do
		if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
			want+=("$p")
		elif [ -n "${minimum[$p]+x}" ] && ! dpkg --compare-versions "$(dpkg-query -W -f='${Version}' "$p")" ge "${minimum[$p]}"; then
			want+=("$p")
		fi
	done
done
[ ${#want[@]} -eq 0 ] && exit 0

# Debian 12's backports suite, for the packages its release has too old;
# the packages they must match in version come from there too.
declare -A companions=([qemu-system-arm]="qemu-system-common qemu-system-data")
codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
for i in "${!want[@]}"; do
	p=${want[$i]}
	[ -n "${backport[$p]+x}" ] && [ "$codename" = bookworm ] || continue
	suite=${backport[$p]}
	if ! grep -rqs "$suite" /etc/apt/sources.list /etc/apt/sources.list.d/; then
		printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' "$suite" |
			$sudo tee "/etc/apt/sources.list.d/$suite.sources" >/dev/null
	fi
	want[$i]="$p/$suite"
	for c in ${companions[$p]:-}; do
		want+=("$c/$suite")
	done
done

echo "deps: installing ${want[*]}"
if printf '%s\n' "${want[@]}" | grep -q ':arm64$' && ! dpkg --print-foreign-architectures | grep -qx arm64; then
	$sudo dpkg --add-architecture arm64
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${want[@]}" >/dev/null
