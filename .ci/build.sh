#!/usr/bin/env bash
# Builds Go packages that link raylib, and says so when the build cache has
# no raylib yet: the first build compiles raylib's C code (GLFW, the
# renderer, miniaudio) through cgo, several minutes of one silent compiler
# on a small machine, then seconds. While that runs, a line every 30
# seconds says it is still going.
# Usage: .ci/build.sh [go build flags] PACKAGE...   (GO=go by default)
set -euo pipefail
cd "$(dirname "$0")/.."
go=${GO:-go}
raylib=github.com/gen2brain/raylib-go/raylib

if [ "$($go list -f '{{.Stale}}' "$raylib" 2>/dev/null)" != true ]; then
	exec $go build "$@"
fi
echo "build: first build on this machine: compiling raylib's C code once (cgo)."
echo "build: about 6 minutes on 2 cores (1-2 on a fast laptop); later builds take seconds."
start=$SECONDS
(
	trap 'kill "$nap" 2>/dev/null; exit 0' TERM
	while :; do
		sleep 30 &
		nap=$!
		wait "$nap"
		echo "build: still compiling, $(((SECONDS - start) / 60))m$(((SECONDS - start) % 60))s so far"
	done
) &
ticker=$!
trap 'kill "$ticker" 2>/dev/null || true' EXIT
$go build -v "$@"
echo "build: done in $(((SECONDS - start) / 60))m$(((SECONDS - start) % 60))s"
