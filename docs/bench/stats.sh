# stats.sh, sourced by the scripts here that repeat a measurement.

# median: the median of the numbers on standard input (separated by blanks or newlines).
median() { tr ' ' '\n' | grep . | sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
