#!/usr/bin/env bash
# The import guards, run first by make test: every package of the module
# imports only what its line in docs/imports.txt allows (its tests too), every
# package has a line there, and the README's layout table names every
# package. RULES=FILE checks another rules file (the guard's own test).
set -euo pipefail
set -f # the rules' patterns (*, PATH/...) are never file names
cd "$(dirname "$0")/.."
rules=${RULES:-docs/imports.txt}
mod=$(go list -m)
fail=0

declare -A code tests
while read -r line; do
	line=${line%%#*}
	[ -z "${line// /}" ] && continue
	read -r pkg rest <<<"$line"
	if [ -n "${code[$pkg]+set}" ]; then
		echo "guard: $rules names $pkg twice" >&2
		fail=1
	fi
	code[$pkg]=${rest%%tests:*}
	tests[$pkg]=""
	case "$rest" in *tests:*) tests[$pkg]=${rest#*tests:} ;; esac
done <"$rules"

# allows PATH PATTERN...: whether one of the patterns admits PATH.
allows() {
	local path=$1 p
	shift
	for p in "$@"; do
		case "$p" in
		'*') return 0 ;;
		-) ;;
		*/...) [ "$path" = "${p%/...}" ] || [ "${path#"${p%/...}"/}" != "$path" ] && return 0 ;;
		*) [ "$path" = "$p" ] && return 0 ;;
		esac
	done
	return 1
}

# check PKG WHAT ALLOWED IMPORTS: each import of the module or of another
# module must be allowed; the standard library always is.
check() {
	local pkg=$1 what=$2 allowed=$3 imports=$4 imp rel bad=""
	for imp in ${imports//,/ }; do
		case "$imp" in
		"$mod" | "$mod"/*) rel=${imp#"$mod"/} ;;
		*.*/*) rel=$imp ;;
		*) continue ;; # the standard library, and C
		esac
		[ "$rel" = "$pkg" ] && continue # an external test package imports its own
		# shellcheck disable=SC2086 # the patterns split on spaces
		allows "$rel" $allowed || bad="$bad $rel"
	done
	if [ -n "$bad" ]; then
		echo "guard: $pkg$what imports$bad, which $rules does not allow" >&2
		fail=1
	fi
}

# -e: a package that does not build (an import cycle) is still listed with
# its imports, so that the guard names the import that breaks a rule.
list=$(go list -e -f '{{.ImportPath}}|{{join .Imports ","}}|{{join .TestImports ","}},{{join .XTestImports ","}}' ./...)
declare -A seen
while IFS='|' read -r path imports testImports; do
	pkg=${path#"$mod"/}
	seen[$pkg]=1
	if [ -z "${code[$pkg]+set}" ]; then
		echo "guard: $pkg has no line in $rules: say what it may import" >&2
		fail=1
		continue
	fi
	check "$pkg" "" "${code[$pkg]}" "$imports"
	check "$pkg" "'s tests" "${code[$pkg]} ${tests[$pkg]}" "$testImports"
	if ! grep -q "^| \`$pkg\` |" README.md; then
		echo "guard: the README's layout table has no line for $pkg" >&2
		fail=1
	fi
done <<<"$list"

for pkg in "${!code[@]}"; do
	if [ -z "${seen[$pkg]+set}" ]; then
		echo "guard: $rules names $pkg, which is not a package of the module" >&2
		fail=1
	fi
done
exit $fail
