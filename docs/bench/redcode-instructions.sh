#!/bin/bash
# redcode-instructions.sh PMARS ROBOCOM [ROUNDS]
#
# The load-independent side of issue 22's Redcode figure: machine instructions (cachegrind's
# I refs) of the 20 pairs of ../shared/corpus/redcode/bench-pairs.txt, ROUNDS rounds each
# (default 20) with the '94 hill settings, every pair a whole process on one core, summed,
# for pMARS and for `ROBOCOM mars` (or ROBOCOM alone when it is robocom-mars); the outputs must be the same. Both play the same rounds,
# so the ratio of the sums is how many times fewer instructions robocom needs. (valgrind
# does not know RDTSCP, which the Go runtime may execute: cpu.rdtscp=off avoids it.)
set -euo pipefail
pmars=$1 robocom=$2 rounds=${3:-20}
source "$(dirname "$0")/bench-pairs.sh"
marscmd "$robocom"

# count NAME CMD...: the summed I refs of every pair; the outputs in $tmp/out.NAME.
count() {
	local name=$1; shift
	local total=0 n
	: >"$tmp/out.$name"
	while read -r a b; do
		GODEBUG=cpu.rdtscp=off GOMAXPROCS=1 valgrind --tool=cachegrind --cache-sim=no \
			--cachegrind-out-file=/dev/null --log-file="$tmp/log" \
			"$@" -bk -r "$rounds" "${hill94[@]}" \
			"$warriors/$a" "$warriors/$b" >>"$tmp/out.$name"
		n=$(awk '/I *refs/ {gsub(",", "", $4); print $4}' "$tmp/log")
		total=$((total + n))
	done < <(grep -v '^#' "$pairs")
	echo "$total"
}

p=$(count pmars "$pmars")
r=$(count robocom "${mars[@]}")
cmp -s "$tmp/out.pmars" "$tmp/out.robocom" || { echo "robocom's output differs from pMARS's" >&2; exit 1; }
awk -v p="$p" -v r="$r" -v n="$rounds" 'BEGIN {
	printf "20 pairs x %d rounds, machine instructions: pMARS %.1f M, robocom %.1f M (%.2fx fewer)\n", n, p/1e6, r/1e6, p/r }'
