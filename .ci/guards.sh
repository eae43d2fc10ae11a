#!/usr/bin/env bash
# The import guards of STYLE.md section 1, run first by make test.
set -euo pipefail
mod=$(go list -m)
fail=0

# engine, maps, input and hal never import raylib (their tests neither).
for pkg in engine maps input hal display/msg display/board cmd/table/app; do
	if go list -deps -test "./$pkg/..." | grep -q 'gen2brain/raylib-go'; then
		echo "guard: ./$pkg imports raylib; only display, tools/sim and cmd/table may" >&2
		fail=1
	fi
done

# allowed PKG PREFIX...: every non-standard dependency of PKG starts with one of the prefixes.
allowed() {
	local pkg=$1; shift
	local bad=""
	while IFS=' ' read -r path std; do
		[ "$std" = true ] && continue
		local ok=0
		for p in "$@"; do
			case "$path" in "$p" | "$p"/*) ok=1 ;; esac
		done
		[ $ok = 1 ] || bad="$bad $path"
	done < <(go list -deps -f '{{.ImportPath}} {{.Standard}}' "$pkg")
	if [ -n "$bad" ]; then
		echo "guard: $pkg may import only $* and the standard library; it imports:$bad" >&2
		fail=1
	fi
}

allowed "./engine/..." "$mod/engine" "$mod/maps"
allowed "./maps/..." "$mod/maps"
allowed "./input/..." "$mod/input" "$mod/engine" "$mod/maps" "$mod/hal"
# hal itself and its fakes stay free of periph; only hal/pi drives hardware.
for p in $(go list ./hal/... | grep -v "^$mod/hal/pi"); do
	allowed "$p" "$mod/hal"
done
# hal may not import engine, input or display: hardware knows nothing of the game.
if go list -deps ./hal/... | grep -qE "^$mod/(engine|input|display)(/|$)"; then
	echo "guard: ./hal imports the game; it may import only the standard library and periph (hal/pi)" >&2
	fail=1
fi
exit $fail
