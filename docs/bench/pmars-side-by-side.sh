#!/bin/bash
# pmars-side-by-side.sh PMARS ROBOCOM [PASSES]
#
# Issue 22's Redcode figure: the 20 pairs of ../shared/corpus/redcode/bench-pairs.txt, 200
# rounds each with the '94 hill settings, every pair a whole process (as a hill runs them),
# played by pMARS, by `ROBOCOM mars` on one core (GOMAXPROCS=1) and on two, one pass of each
# in turn, PASSES times (default 3). Prints each pass's wall and CPU (user+sys) seconds and
# the ratios to pMARS's pass just before, and stops if an output differs from pMARS's.
# PMARS is a pMARS 0.9.2 binary (its server build: no display); ROBOCOM the headless
# `robocom` of `make build` or `make nogui` (run as `robocom mars`), or `robocom-mars`.
set -euo pipefail
pmars=$1 robocom=$2 passes=${3:-3}
source "$(dirname "$0")/bench-pairs.sh"
marscmd "$robocom"

# pass OUT CMD...: every pair once, outputs appended to OUT.
pass() {
	local out=$1; shift
	: >"$out"
	grep -v '^#' "$pairs" | while read -r a b; do
		"$@" -bk -r 200 "${hill94[@]}" "$warriors/$a" "$warriors/$b" >>"$out"
	done
}

# timed NAME CORES CMD...: one pass; sets wall and cpu.
timed() {
	local name=$1 cores=$2; shift 2
	local t
	t=$( { GOMAXPROCS=$cores /usr/bin/time -f '%e %U %S' bash -c "$(declare -f pass; declare -p pairs warriors hill94); pass \"\$@\"" _ "$tmp/out.$name" "$@"; } 2>&1 >/dev/null | tail -1)
	wall=$(echo "$t" | awk '{print $1}')
	cpu=$(echo "$t" | awk '{printf "%.2f", $2 + $3}')
}

printf '%-5s %-14s %8s %8s %10s %10s\n' pass program wall cpu 'wall×' 'cpu×'
for i in $(seq "$passes"); do
	timed pmars 1 "$pmars"
	pw=$wall pc=$cpu
	printf '%-5s %-14s %8s %8s\n' "$i" pmars "$pw" "$pc"
	for cores in 1 2; do
		timed robocom$cores "$cores" "${mars[@]}"
		cmp -s "$tmp/out.pmars" "$tmp/out.robocom$cores" || { echo "output of robocom on $cores cores differs from pMARS's" >&2; exit 1; }
		printf '%-5s %-14s %8s %8s %10s %10s\n' "$i" "robocom ${cores}c" "$wall" "$cpu" \
			"$(awk -v a="$pw" -v b="$wall" 'BEGIN{printf "%.2f", a/b}')" "$(awk -v a="$pc" -v b="$cpu" 'BEGIN{printf "%.2f", a/b}')"
	done
done
