#!/bin/sh
# Korf and Felner's ten easiest 24-puzzles (ids 38 40 25 32 44 37 30 13 1 28 of
# data/instances/korf50_24.tsv, 11.07 G nodes in all for their 6-6-6-6 IDA*), solved
# one process each by `fifteen solve --heuristic HEURISTIC --batch ... --json` (default
# pdb6666; zpdb6666 or zpdb6666x7 for the zero-aware tables): every length against the
# published optimum, the nodes, wall and CPU time, peak memory and the 1-minute load average
# at the start of each; then the totals. The tables are built first if missing (`fifteen
# tables build HEURISTIC`; pdb6666: about 4 minutes, 486 MiB) into DATA (default
# target/korf24-data).
# usage: [FIFTEEN=target/release/fifteen] [DATA=dir] [HEURISTIC=pdb6666] [IDS="38 40"] [THREADS=2] xtask/scripts/korf24-ten.sh
set -eu
cd "$(dirname "$0")/../.."
FIFTEEN=${FIFTEEN:-target/release/fifteen}
DATA=${DATA:-target/korf24-data}
IDS=${IDS:-38 40 25 32 44 37 30 13 1 28}
THREADS=${THREADS:-2}
HEURISTIC=${HEURISTIC:-pdb6666}
TSV=data/instances/korf50_24.tsv
GOAL="0 1 2 3 4 / 5 6 7 8 9 / 10 11 12 13 14 / 15 16 17 18 19 / 20 21 22 23 24"
OUT=target/korf24-ten
mkdir -p "$OUT" "$DATA"
$FIFTEEN tables build "$HEURISTIC" --data-dir "$DATA" --quiet >/dev/null
echo "$FIFTEEN --heuristic $HEURISTIC (worktree at commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ", changed")), $(nproc) cores, threads $THREADS, $(date -u '+%Y-%m-%d %H:%M UTC')"
printf '%4s %6s %7s %16s %16s %9s %9s %8s %10s %5s\n' id moves optimal nodes "Korf-Felner" wall_s cpu_s "M nodes/s" peak_MiB load
total_nodes=0; total_wall=0; total_cpu=0; failed=0
for id in $IDS; do
    line=$(awk -F'\t' -v id="$id" '$1==id' "$TSV")
    [ -n "$line" ] || { echo "no instance $id in $TSV" >&2; exit 2; }
    echo "$line" | awk -F'\t' '{s=""; for(i=2;i<=26;i++){s=s $i; if(i<26) s=s ((i-1)%5==0 ? " / " : " ")} print s}' >"$OUT/board.txt"
    optimal=$(echo "$line" | cut -f27)
    published=$(echo "$line" | cut -f28)
    load=$(cut -d' ' -f1 /proc/loadavg)
    /usr/bin/time -f "%e %U %S %M" -o "$OUT/time" $FIFTEEN solve --heuristic "$HEURISTIC" --goal "$GOAL" \
        --batch "$OUT/board.txt" --threads "$THREADS" --data-dir "$DATA" --json --quiet >"$OUT/out.json" || true
    set -- $(cat "$OUT/time")
    wall=$1; cpu=$(echo "$2 + $3" | bc); peak=$(( $4 / 1024 ))
    moves=$(grep -o '"length":[0-9]*' "$OUT/out.json" | head -1 | cut -d: -f2)
    nodes=$(grep -o '"nodes":[0-9]*' "$OUT/out.json" | head -1 | cut -d: -f2)
    [ "${moves:-x}" = "$optimal" ] || { failed=$((failed + 1)); moves="${moves:-none}!"; }
    rate=$(echo "scale=1; ${nodes:-0} / $wall / 1000000" | bc)
    printf '%4s %6s %7s %16s %16s %9s %9s %8s %10s %5s\n' "$id" "$moves" "$optimal" "${nodes:--}" "$published" "$wall" "$cpu" "$rate" "$peak" "$load"
    total_nodes=$((total_nodes + ${nodes:-0})); total_wall=$(echo "$total_wall + $wall" | bc); total_cpu=$(echo "$total_cpu + $cpu" | bc)
done
printf '%4s %6s %7s %16s %16s %9s %9s %8s\n' all "" "" "$total_nodes" "" "$total_wall" "$total_cpu" "$(echo "scale=1; $total_nodes / $total_wall / 1000000" | bc)"
[ "$failed" = 0 ] || { echo "$failed lengths differ from the published optima" >&2; exit 1; }
