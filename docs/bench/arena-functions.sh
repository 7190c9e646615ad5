#!/bin/bash
# arena-functions.sh BENCH [N] [TESTBINARY]
#
# arena-instructions.sh restricted to the arena's own functions (robocom/arena.*): machine
# instructions per completed RoboCom instruction in them, from cachegrind's run at N iterations
# (default 10002) less its run at 2 (cg_diff), beside the whole program's. The runtime's share
# of the difference (its background work under valgrind) moves by a few instructions per
# RoboCom instruction from run to run on a loaded host; the arena's count repeats exactly, so
# it decides a change of 1–2%. TESTBINARY defaults to a fresh `go test -c ./arena`.
set -euo pipefail
bench=$1 n=${2:-10002} bin=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -z "$bin" ]; then
	bin=$tmp/arena.test
	go test -c -o "$bin" "$(cd "$(dirname "$0")/../.." && pwd)/arena"
fi
for k in 2 "$n"; do
	GODEBUG=cpu.rdtscp=off GOMAXPROCS=1 GOGC=off valgrind --tool=cachegrind --cache-sim=no \
		--cachegrind-out-file="$tmp/cg.$k" "$bin" -test.run '^$' -test.bench "^$bench\$" -test.benchtime "${k}x" >"$tmp/out.$k" 2>&1
done
per=$(awk '{for (i = 1; i < NF; i++) if ($(i+1) == "instr/cycle") print $i}' "$tmp/out.$n")
cg_diff "$tmp/cg.2" "$tmp/cg.$n" >"$tmp/diff" 2>/dev/null
all=$(awk '/^summary:/ {print $2}' "$tmp/diff")
arena=$(awk '/^fn=/ {f = $0; next} /^[0-9]/ {if (f ~ /robocom\/arena\./) s += $2} END {print s}' "$tmp/diff")
awk -v a="$all" -v b="$arena" -v n="$n" -v p="$per" -v name="$bench" \
	'BEGIN {printf "%s: %.1f machine instructions per RoboCom instruction in the arena'"'"'s functions, %.1f in all (%d cycles, %s per cycle)\n", name, b/((n-2)*p), a/((n-2)*p), n-2, p}'
