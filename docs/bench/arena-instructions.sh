#!/bin/bash
# arena-instructions.sh BENCH [N] [TESTBINARY]
#
# Machine instructions per completed RoboCom instruction in an arena benchmark that reports
# instr/cycle (BenchmarkCrowded, BenchmarkRC3Tasks1, BenchmarkRC3Tasks10), under cachegrind:
# the load-independent measure of issue 22. The benchmark runs at N iterations (default
# 20002) and at 2; the difference leaves out the set-up (parsing, crowding the board) and is
# divided by the instructions completed in the N-2 extra cycles. TESTBINARY defaults to a
# fresh `go test -c ./arena` of the working tree; pass another build to compare two versions.
set -euo pipefail
bench=$1 n=${2:-20002} bin=${3:-}
if [ -z "$bin" ]; then
	bin=$(mktemp)
	trap 'rm -f "$bin"' EXIT
	go test -c -o "$bin" "$(cd "$(dirname "$0")/../.." && pwd)/arena"
fi
run() {
	GODEBUG=cpu.rdtscp=off GOMAXPROCS=1 GOGC=off valgrind --tool=cachegrind --cache-sim=no \
		--cachegrind-out-file=/dev/null "$bin" -test.run '^$' -test.bench "^$bench\$" -test.benchtime "${1}x" 2>&1
}
small=$(run 2) large=$(run "$n")
refs() { awk '/I *refs/ {gsub(",", "", $4); print $4}'; }
i1=$(refs <<<"$small") i2=$(refs <<<"$large")
per=$(awk '{for (i = 1; i < NF; i++) if ($(i+1) == "instr/cycle") print $i}' <<<"$large")
awk -v a="$i1" -v b="$i2" -v n="$n" -v p="$per" -v name="$bench" \
	'BEGIN {printf "%s: %.1f machine instructions per RoboCom instruction (%d cycles, %s per cycle)\n", name, (b-a)/((n-2)*p), n-2, p}'
