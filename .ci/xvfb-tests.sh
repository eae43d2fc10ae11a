#!/usr/bin/env bash
# Tests the packages that link raylib at once, each under an X server of its
# own (the window tests find their window by its title and click it with
# xdotool: two packages' windows on one display would take each other's
# clicks). Each package's output is held and printed whole when it ends, so
# the log reads package by package; the script fails if any package fails.
# Run at once, the packages fill each other's waits (windows opening,
# clicks landing, the simulator's frames) instead of queueing behind the
# slowest.
# Usage: .ci/xvfb-tests.sh TIMEOUT PACKAGE...   (GO=go by default)
set -uo pipefail
cd "$(dirname "$0")/.."
go=${GO:-go}
timeout=$1
shift
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
pids=()
i=0
for p in "$@"; do
	# Servers numbered apart, so that two searches for a free display
	# started together never pick the same one.
	xvfb-run -a -n $((90 + 10 * i)) -s "-screen 0 1920x1080x24" \
		"$go" test -count=1 -timeout "$timeout" "$p" >"$out/$i" 2>&1 &
	pids+=($!)
	i=$((i + 1))
done
status=0
i=0
for p in "$@"; do
	if ! wait "${pids[$i]}"; then
		status=1
	fi
	cat "$out/$i"
	i=$((i + 1))
done
exit $status
