#!/usr/bin/env bash
# systemd-analyze verify only warns on bad keys, so any output is a failure.
set -euo pipefail
shopt -s nullglob
units=(systemd/*.service systemd/*.socket systemd/*.timer)
if [ ${#units[@]} -eq 0 ]; then
	echo "no units in systemd/ yet"
	exit 0
fi
out=$(systemd-analyze verify "${units[@]}" 2>&1) || true
if [ -n "$out" ]; then
	echo "systemd-analyze verify ${units[*]}:" >&2
	echo "$out" >&2
	exit 1
fi
echo "verified: ${units[*]}"
