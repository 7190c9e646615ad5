#!/bin/bash
# pmars-interleaved.sh PMARS ROBOCOM [ROBOCOM2] [PASSES]
#
# Issue 22's Redcode figure on a host whose speed drifts: the 20 pairs of bench-pairs.txt,
# 200 rounds each with the '94 hill settings, every pair a whole process, like
# pmars-side-by-side.sh; but the programs take turns pair by pair (pMARS, ROBOCOM, ROBOCOM2 on
# the first pair, then on the second...), so a drift of the host's speed within a pass falls on
# all of them alike. Each process's wall time is summed per program; PASSES (default 5) times
# over. CORES (default 1) is robocom's GOMAXPROCS; pMARS runs on one core. Stops if an output
# differs from pMARS's. ROBOCOM and ROBOCOM2 are as in pmars-side-by-side.sh (robocom-mars, or
# the headless robocom run as `robocom mars`); ROBOCOM2 is optional, for a build before and
# after a change.
set -euo pipefail
pmars=$1 robocom=$2
robocom2=
if [ $# -ge 3 ] && ! [[ $3 =~ ^[0-9]+$ ]]; then robocom2=$3; shift; fi
passes=${3:-5}
source "$(dirname "$0")/bench-pairs.sh"

names=(pmars robocom)
marscmd "$robocom"
cmd_robocom=("${mars[@]}")
if [ -n "$robocom2" ]; then
	names+=(robocom2)
	marscmd "$robocom2"
	cmd_robocom2=("${mars[@]}")
fi
cmd_pmars=("$pmars")
declare -A total
for name in "${names[@]}"; do total[$name]=0; done

for i in $(seq "$passes"); do
	while read -r a b; do
		for name in "${names[@]}"; do
			declare -n cmd=cmd_$name
			cores=${CORES:-1}
			[ "$name" = pmars ] && cores=1
			t0=$(date +%s%N)
			GOMAXPROCS=$cores "${cmd[@]}" -bk -r 200 "${hill94[@]}" "$warriors/$a" "$warriors/$b" >"$tmp/out.$name"
			t1=$(date +%s%N)
			total[$name]=$((total[$name] + t1 - t0))
			if [ "$name" != pmars ] && ! cmp -s "$tmp/out.pmars" "$tmp/out.$name"; then
				echo "output of $name differs from pMARS's on $a vs $b" >&2
				exit 1
			fi
			unset -n cmd
		done
	done < <(grep -v '^#' "$pairs")
done

printf '%-10s %10s %8s   (%d passes, robocom on %s core(s))\n' program 's a pass' 'ratio' "$passes" "${CORES:-1}"
for name in "${names[@]}"; do
	awk -v n="$name" -v t="${total[$name]}" -v p="${total[pmars]}" -v k="$passes" \
		'BEGIN{printf "%-10s %10.3f %7.2fx\n", n, t/1e9/k, p/t}'
done
