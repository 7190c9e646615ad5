#!/bin/bash
# rc3-best.sh N TESTBINARY...
#
# A quick wall-clock comparison on a host shared with other jobs: the test binaries take turns
# N times, each run playing BenchmarkRC3Tasks1, BenchmarkRC3Tasks10 and BenchmarkCrowded
# (300000 cycles, one core), and each binary's best (highest) instructions per second of each
# benchmark is printed with the ratios of the bests. A run slowed by other jobs only loses, so
# the best of many estimates the undisturbed speed; rc3-ratio.sh's medians of per-run ratios
# are the figures issue 22 asks for, this is for deciding quickly whether a change gains.
set -euo pipefail
n=$1
shift
cd "$(dirname "$0")/../../arena" # the benchmarks read testdata beside the package
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for i in $(seq "$n"); do
	for b in "$@"; do
		GOMAXPROCS=1 "$b" -test.run '^$' -test.bench '^Benchmark(RC3Tasks1|RC3Tasks10|Crowded)$' \
			-test.benchtime 300000x | awk -v b="$b" '/^Benchmark/ { for (f = 2; f <= NF; f++) if ($f == "instr/s") print b, $1, $(f-1) }' >>"$out"
	done
done
awk '{ k = $1 " " $2; if ($3 > best[k]) best[k] = $3; if (!($1 in seen)) { seen[$1] = 1; order[++nb] = $1 } }
	END { for (i = 1; i <= nb; i++) { b = order[i]; c = best[b " BenchmarkCrowded"]
		printf "%s: best M instr/s Crowded %.1f, RC3Tasks1 %.1f, RC3Tasks10 %.1f; ratios of the bests: one task %.3fx, ten tasks %.3fx\n",
			b, c/1e6, best[b " BenchmarkRC3Tasks1"]/1e6, best[b " BenchmarkRC3Tasks10"]/1e6,
			best[b " BenchmarkRC3Tasks1"]/c, best[b " BenchmarkRC3Tasks10"]/c } }' "$out"
