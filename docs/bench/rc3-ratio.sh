#!/bin/bash
# rc3-ratio.sh [TESTBINARY [TESTBINARY2]] [N]
#
# Issue 22's RC3 row on a host whose speed drifts: BenchmarkRC3Tasks1, BenchmarkRC3Tasks10 and
# BenchmarkCrowded run in one process on one core, and each run's RC3 instructions per second
# are divided by Crowded's from the same run, so that a drift of the host falls on both sides
# of the ratio (times of separate runs moved by 30% on this machine, these ratios mostly by a
# few percent; a run disturbed in its middle still strays, hence medians). N runs
# (default 8), taking turns with TESTBINARY2 when it is given (a build before and after a
# change). Prints every run's ratios, then their medians. TESTBINARY defaults to a fresh
# `go test -c ./arena` of the working tree.
set -euo pipefail
source "$(dirname "$0")/stats.sh"
bins=()
while [ $# -gt 0 ] && ! [[ $1 =~ ^[0-9]+$ ]]; do bins+=("$1"); shift; done
n=${1:-8}
if [ ${#bins[@]} -eq 0 ]; then
	bin=$(mktemp)
	trap 'rm -f "$bin"' EXIT
	go test -c -o "$bin" "$(cd "$(dirname "$0")/../.." && pwd)/arena"
	bins=("$bin")
fi
cd "$(dirname "$0")/../../arena" # the benchmarks read testdata beside the package
declare -A one ten
for i in $(seq "$n"); do
	for b in "${bins[@]}"; do
		out=$(GOMAXPROCS=1 "$b" -test.run '^$' -test.bench '^Benchmark(RC3Tasks1|RC3Tasks10|Crowded)$' \
			-test.benchtime 300000x)
		read -r r1 r10 < <(awk '/^Benchmark/ { for (f = 2; f <= NF; f++) if ($f == "instr/s") v[$1] = $(f-1) }
			END { printf "%.3f %.3f\n", v["BenchmarkRC3Tasks1"]/v["BenchmarkCrowded"], v["BenchmarkRC3Tasks10"]/v["BenchmarkCrowded"] }' <<<"$out")
		echo "run $i $b: one task ${r1}x, ten tasks ${r10}x classic's instructions per second"
		one[$b]+="$r1 " ten[$b]+="$r10 "
	done
done
for b in "${bins[@]}"; do
	echo "median $b: one task $(median <<<"${one[$b]}")x, ten tasks $(median <<<"${ten[$b]}")x (issue 22: 0.67x, 0.5x)"
done
