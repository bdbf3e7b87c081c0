#!/bin/sh
# Korf's 100 side by side in one run: this tree's `fifteen` against a reference build of it
# (BASE=path), slidy's driver (SLIDY=path, see docs/BENCHMARKS.md) and a plain C IDA*
# (CIDA=path), interleaved ROUNDS times; then this build with --threads 1 and 2. Prints the
# 1-minute load average beside every wall time. Tables go to DATA (default target/side-data).
# usage: BASE=... SLIDY=... CIDA=... xtask/scripts/search-side-by-side.sh [default|manhattan|linear-conflict]
set -eu
cd "$(dirname "$0")/../.."
H=${1:-default}
ROUNDS=${ROUNDS:-2}
DATA=${DATA:-target/side-data}
NEW=target/release/fifteen
TSV=data/instances/korf100.tsv
BATCH=target/side-korf100.txt
GOAL="0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15"
grep -v '^#' "$TSV" | awk -F'\t' '$1!="id" {s=""; for(i=2;i<=17;i++){s=s $i; if(i<17) s=s ((i-1)%4==0 ? " / " : " ")} print s}' >"$BATCH"
hargs=""; [ "$H" = default ] || hargs="--heuristic $H"
load() { cut -d' ' -f1 /proc/loadavg; }
run() { # name, command...
    name=$1; shift
    l=$(load)
    /usr/bin/time -f "%e %U %S %M" -o target/side-time "$@" >target/side-out 2>/dev/null
    set -- $(cat target/side-time)
    nodes=$(grep -o '"nodes":[0-9]*' target/side-out | cut -d: -f2 | paste -sd+ | bc 2>/dev/null || echo -)
    printf '%-22s wall %7s s  user %7s s  sys %5s s  peak %8s KiB  nodes %14s  load %s\n' "$name" "$1" "$2" "$3" "$4" "${nodes:--}" "$l"
}
# Warm-up: builds the default tables on first use, for both builds.
$NEW solve --goal "$GOAL" --batch "$BATCH" $hargs --json --quiet --data-dir "$DATA" >/dev/null
[ -n "${BASE:-}" ] && $BASE solve --goal "$GOAL" --batch "$BATCH" $hargs --json --quiet --data-dir "$DATA" >/dev/null
i=0
while [ $i -lt "$ROUNDS" ]; do
    i=$((i + 1))
    run "new" $NEW solve --goal "$GOAL" --batch "$BATCH" $hargs --json --quiet --data-dir "$DATA"
    [ -n "${BASE:-}" ] && run "base" $BASE solve --goal "$GOAL" --batch "$BATCH" $hargs --json --quiet --data-dir "$DATA"
    [ -n "${SLIDY:-}" ] && [ "$H" = default ] && run "slidy (4-4-4-3)" $SLIDY "$TSV"
    [ -n "${CIDA:-}" ] && [ "$H" != default ] && run "plain C IDA*" $CIDA "$( [ "$H" = manhattan ] && echo manhattan || echo lc)" "$TSV"
    run "new --threads 1" $NEW solve --goal "$GOAL" --batch "$BATCH" $hargs --threads 1 --json --quiet --data-dir "$DATA"
    run "new --threads 2" $NEW solve --goal "$GOAL" --batch "$BATCH" $hargs --threads 2 --json --quiet --data-dir "$DATA"
done
