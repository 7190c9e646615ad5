# bench-pairs.sh, sourced by the Redcode scripts here: where the 20 benchmark pairs are
# (../shared/corpus/redcode, or CORPUS), the options every pair is played with (the '94
# hill's), and a temporary folder, tmp, removed on exit. PMARS, in every script here, is
# pMARS 0.9.2's server build: Debian's source (apt-get source pmars), src/Makefile's CFLAGS
# set to "-O -DEXT94 -DPERMUTATE -DSERVER" and LIB emptied, then make (RATIONALE.md).
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
corpus=${CORPUS:-$here/../../../shared/corpus/redcode}
pairs=$corpus/bench-pairs.txt
warriors=$corpus/warriors/fsh94nop0.3
hill94=(-F 4000 -s 8000 -c 80000 -p 8000 -l 100 -d 100)
[ -f "$pairs" ] || { echo "no $pairs: set CORPUS to the folder holding bench-pairs.txt" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# marscmd BINARY: the command line of robocom's MARS in BINARY, set in the array mars:
# robocom-mars runs as it is, robocom as `robocom mars`.
marscmd() {
	case $(basename "$1") in
	*-mars | *-mars.exe) mars=("$1") ;;
	*) mars=("$1" mars) ;;
	esac
}
