#!/usr/bin/env bash
# Installs the table's firmware on the Raspberry Pi it runs on; `make install`
# builds bin/table-arm64 and then runs this. Safe to run again: it upgrades
# the binary and the unit, keeps an existing config, and restarts the service.
#
# Usage: systemd/install.sh [BINARY]     (default bin/table-arm64)
#   DRY_RUN=1 systemd/install.sh ...     print what would be done, change nothing
#   ROOT=DIR systemd/install.sh ...      install into the root file system at DIR
#                                        (the SD card image, make image) instead
#                                        of this machine: the same steps, nothing
#                                        installed with apt-get (DIR must have the
#                                        packages), the service enabled, not started
#
# What it does, through sudo when not root:
#   1. installs the run-time libraries raylib's DRM back end links against
#      and Mesa's GPU driver (apt-get), only those missing;
#   2. creates the system user ttr-table in the gpio, spi, video, input and
#      render groups (creating any group this system lacks);
#   3. installs BINARY as /usr/local/bin/table (atomically: a running table
#      keeps its old file until it restarts);
#   4. installs the example config as /etc/ttr-table/table.EXT unless a config
#      is already there (an existing config is never overwritten), and gives
#      the folder and the config to the ttr-table group, which writes the
#      owner's settings back into it;
#   5. installs systemd/table.service to /etc/systemd/system, reloads systemd,
#      enables the service at boot and (re)starts it.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${1:-bin/table-arm64}
user=ttr-table
groups=(gpio spi video input render)
# libGLESv2, libEGL, libdrm and libgbm (cgo_linux_drm.go's LDFLAGS), the Mesa
# EGL vendor library and the DRI drivers (V3D, VC4) they load.
packages=(libdrm2 libgbm1 libegl1 libegl-mesa0 libgles2 libgl1-mesa-dri)
unit=systemd/table.service
confdir=/etc/ttr-table
# ROOT: the root file system installed into, empty for this machine's.
root=${ROOT:-}
if [ -n "$root" ]; then
	root=$(cd "$root" && pwd)
fi

sudo=""
if [ "$(id -u)" != 0 ]; then
	sudo="sudo"
fi
run() {
	if [ "${DRY_RUN:-}" = 1 ]; then
		echo "would run: $*"
	else
		$sudo "$@"
	fi
}
say() { echo "install: $*"; }
die() {
	echo "install: $*" >&2
	exit 1
}

# elf_machine FILE: the machine an ELF file is built for, as uname -m says it.
elf_machine() {
	local m
	m=$(od -An -t x2 -j 18 -N 2 "$1" | tr -d ' ') # ELF e_machine, little-endian
	case "$m" in
	00b7) echo aarch64 ;;
	003e) echo x86_64 ;;
	0028) echo armv7l ;;
	*) echo "$m" ;;
	esac
}
# has DATABASE NAME: whether the user or group NAME exists (in ROOT's files).
has() {
	if [ -n "$root" ]; then
		grep -q "^$2:" "$root/etc/$1"
	else
		getent "$1" "$2" >/dev/null
	fi
}
# In ROOT the account tools work on ROOT's files (they chroot, running
# nothing of ROOT's).
rootopt=()
if [ -n "$root" ]; then
	rootopt=(--root "$root")
fi

# The binary must exist and be built for this machine (for ROOT: for the
# machine ROOT's own programs are built for).
[ -f "$bin" ] || die "$bin not found; build it with make pi"
if [ -n "$root" ]; then
	want=$(elf_machine "$root/usr/bin/dpkg")
else
	want=$(uname -m)
fi
got=$(elf_machine "$bin")
if [ "$got" != "$want" ]; then
	msg="$bin is built for $got but this machine is $want; run make install on the table's Pi"
	if [ "${DRY_RUN:-}" != 1 ]; then
		die "$msg"
	fi
	say "warning: $msg"
fi

# 1. Run-time packages.
missing=()
for p in "${packages[@]}"; do
	if ! dpkg-query --admindir="$root/var/lib/dpkg" -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		missing+=("$p")
	fi
done
if [ ${#missing[@]} -gt 0 ] && [ -n "$root" ]; then
	die "$root lacks ${missing[*]}: build it with them (image/root.sh reads this script's list)"
elif [ ${#missing[@]} -gt 0 ]; then
	say "installing ${missing[*]}"
	run apt-get update -qq
	run env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# 2. The user and its groups.
for g in "${groups[@]}"; do
	if ! has group "$g"; then
		say "creating group $g (this system has none; udev rules decide who owns the devices)"
		run groupadd "${rootopt[@]}" --system "$g"
	fi
done
list=$(
	IFS=,
	echo "${groups[*]}"
)
if has passwd "$user"; then
	run usermod "${rootopt[@]}" --append --groups "$list" "$user"
else
	say "creating system user $user"
	run useradd "${rootopt[@]}" --system --user-group --groups "$list" \
		--home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin \
		--comment "Ticket to Ride table" "$user"
fi

# 3. The binary, renamed into place so that a running table is not disturbed.
say "installing $bin as $root/usr/local/bin/table"
run install -D -m 0755 -o root -g root "$bin" "$root/usr/local/bin/.table.new"
run mv -f "$root/usr/local/bin/.table.new" "$root/usr/local/bin/table"

# 4. The example config, only when there is none.
shopt -s nullglob
examples=(docs/table.example.*)
existing=("$root$confdir"/table.*)
if [ ${#existing[@]} -gt 0 ]; then
	say "keeping the existing config ${existing[*]}"
elif [ ${#examples[@]} -eq 0 ]; then
	say "warning: no example config (docs/table.example.*) in this tree; write $confdir/table.EXT before the table can start"
else
	ex=${examples[0]}
	dst="$root$confdir/table.${ex##*/table.example.}"
	say "installing the example config as $dst; edit it for this table's wiring"
	run install -d -m 0755 "$root$confdir"
	run install -m 0644 -o root -g root "$ex" "$dst"
fi
# The table writes the owner's settings back into its config (a new file
# renamed over the old, the old kept as .bak) and its backups beside it, so
# the folder and the config belong to its group (setgid: new files too).
# A config that is a link (the image's, on the boot partition) is left as
# it is: the boot partition's mount options decide there.
# In ROOT the group is named by its number there (this machine has no such
# group).
group=$user
if [ -n "$root" ] && [ -f "$root/etc/group" ]; then
	group=$(awk -F: -v g="$user" '$1 == g { print $3 }' "$root/etc/group")
	group=${group:-$user}
fi
run install -d -m 2775 -o root -g "$group" "$root$confdir"
for f in "$root$confdir"/table.*; do
	if [ -f "$f" ] && [ ! -L "$f" ]; then
		run chgrp "$group" "$f"
		run chmod 0664 "$f"
	fi
done

# 5. The unit.
say "installing $unit"
run install -m 0644 -o root -g root "$unit" "$root/etc/systemd/system/table.service"
if [ -n "$root" ]; then
	# Enabled in ROOT (its multi-user.target wants it), started when ROOT boots.
	run systemctl --root="$root" enable table.service
	say "enabled in $root; it starts when that system boots"
elif [ -d /run/systemd/system ]; then
	run systemctl daemon-reload
	run systemctl enable table.service
	# restart, not start: an upgrade must replace a running table.
	run systemctl restart table.service
	say "started; follow its log with: journalctl -u table -f"
else
	say "warning: systemd is not running here; the unit is installed but not started"
fi
