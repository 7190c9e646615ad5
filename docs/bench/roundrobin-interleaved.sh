#!/bin/bash
# roundrobin-interleaved.sh ROBOCOM [ROBOCOM2] [N] [ROUNDS]
#
# Issue 22's classic figure: the July Package round-robin (`robocom tournament -json -q -seed 1
# ../shared/corpus/robocom/july1998`, 703 pairings; ROUNDS rounds each if given, the default
# ten otherwise), played N times (default 3) by the headless binary ROBOCOM, taking turns run by
# run with ROBOCOM2 when it is given (a build before and after a change), so that a drift of the
# host's speed falls on both. Prints each run's wall and CPU seconds, then each binary's
# medians (issue 22 asks the whole round-robin under 20 s wall on two cores) and, with two,
# the ratio of the medians; stops if the two outputs differ (a change must leave every result
# as it was). The first run of a session is often a second slower (caches, the page cache):
# with two binaries, alternate which one you name first.
set -euo pipefail
source "$(dirname "$0")/stats.sh"
bins=()
while [ $# -gt 0 ] && ! [[ $1 =~ ^[0-9]+$ ]]; do bins+=("$1"); shift; done
[ ${#bins[@]} -ge 1 ] && [ ${#bins[@]} -le 2 ] || { echo "usage: $0 ROBOCOM [ROBOCOM2] [N] [ROUNDS]" >&2; exit 2; }
n=${1:-3} rounds=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
july=${JULY:-$here/../../../shared/corpus/robocom/july1998}
[ -d "$july" ] || { echo "no $july: set JULY to the folder of the July Package" >&2; exit 2; }
args=(tournament -json -q -seed 1)
[ -n "$rounds" ] && args+=(-rounds "$rounds")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
wall=() cpu=() mw=() mc=() # by the binary's index in bins
for i in $(seq "$n"); do
	for k in "${!bins[@]}"; do
		b=${bins[$k]}
		/usr/bin/time -f "%e %U %S" -o "$tmp/time" "$b" "${args[@]}" "$july" >"$tmp/out.$k"
		read -r w u s <"$tmp/time"
		c=$(awk -v u="$u" -v s="$s" 'BEGIN {printf "%.2f", u + s}')
		echo "run $i $b: $w s wall, $c s CPU"
		wall[$k]+="$w " cpu[$k]+="$c "
	done
	if [ ${#bins[@]} -eq 2 ] && ! cmp -s "$tmp/out.0" "$tmp/out.1"; then
		echo "the two binaries' outputs differ" >&2
		exit 1
	fi
done
for k in "${!bins[@]}"; do
	mw[$k]=$(median <<<"${wall[$k]}") mc[$k]=$(median <<<"${cpu[$k]}")
	echo "median ${bins[$k]}: ${mw[$k]} s wall, ${mc[$k]} s CPU${rounds:+ ($rounds rounds)}"
done
if [ ${#bins[@]} -eq 2 ]; then
	awk -v a="${mw[0]}" -v b="${mw[1]}" -v c="${mc[0]}" -v d="${mc[1]}" \
		'BEGIN {printf "second over first: %.3f wall, %.3f CPU (below 1: the second is faster)\n", b/a, d/c}'
fi
