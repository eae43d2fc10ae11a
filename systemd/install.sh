#!/usr/bin/env bash
# Installs the table's firmware on the Raspberry Pi it runs on; `make install`
# builds bin/table-arm64 and then runs this. Safe to run again: it upgrades
# the binary and the unit, keeps an existing config, and restarts the service.
#
# Usage: systemd/install.sh [BINARY]     (default bin/table-arm64)
#   DRY_RUN=1 systemd/install.sh ...     print what would be done, change nothing
#
# What it does, through sudo when not root:
#   1. installs the run-time libraries raylib's DRM back end links against
#      and Mesa's GPU driver (apt-get), only those missing;
#   2. creates the system user ttr-table in the gpio, spi, video, input and
#      render groups (creating any group this system lacks);
#   3. installs BINARY as /usr/local/bin/table (atomically: a running table
#      keeps its old file until it restarts);
#   4. installs the example config as /etc/ttr-table/table.EXT unless a config
#      is already there (an existing config is never overwritten);
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

# The binary must exist and be built for this machine.
[ -f "$bin" ] || die "$bin not found; build it with make pi"
want=$(uname -m)
got=$(od -An -t x2 -j 18 -N 2 "$bin" | tr -d ' ') # ELF e_machine, little-endian
case "$got" in
00b7) got=aarch64 ;;
003e) got=x86_64 ;;
0028) got=armv7l ;;
esac
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
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		missing+=("$p")
	fi
done
if [ ${#missing[@]} -gt 0 ]; then
	say "installing ${missing[*]}"
	run apt-get update -qq
	run env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# 2. The user and its groups.
for g in "${groups[@]}"; do
	if ! getent group "$g" >/dev/null; then
		say "creating group $g (this system has none; udev rules decide who owns the devices)"
		run groupadd --system "$g"
	fi
done
list=$(
	IFS=,
	echo "${groups[*]}"
)
if getent passwd "$user" >/dev/null; then
	run usermod --append --groups "$list" "$user"
else
	say "creating system user $user"
	run useradd --system --user-group --groups "$list" \
		--home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin \
		--comment "Ticket to Ride table" "$user"
fi

# 3. The binary, renamed into place so that a running table is not disturbed.
say "installing $bin as /usr/local/bin/table"
run install -D -m 0755 -o root -g root "$bin" /usr/local/bin/.table.new
run mv -f /usr/local/bin/.table.new /usr/local/bin/table

# 4. The example config, only when there is none.
shopt -s nullglob
examples=(docs/table.example.*)
existing=("$confdir"/table.*)
if [ ${#existing[@]} -gt 0 ]; then
	say "keeping the existing config ${existing[*]}"
elif [ ${#examples[@]} -eq 0 ]; then
	say "warning: no example config (docs/table.example.*) in this tree; write $confdir/table.EXT before the table can start"
else
	ex=${examples[0]}
	dst="$confdir/table.${ex##*/table.example.}"
	say "installing the example config as $dst; edit it for this table's wiring"
	run install -d -m 0755 "$confdir"
	run install -m 0644 -o root -g root "$ex" "$dst"
fi

# 5. The unit.
say "installing $unit"
run install -m 0644 -o root -g root "$unit" /etc/systemd/system/table.service
if [ -d /run/systemd/system ]; then
	run systemctl daemon-reload
	run systemctl enable table.service
	# restart, not start: an upgrade must replace a running table.
	run systemctl restart table.service
	say "started; follow its log with: journalctl -u table -f"
else
	say "warning: systemd is not running here; the unit is installed but not started"
fi
