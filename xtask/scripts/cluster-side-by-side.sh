#!/bin/sh
# The cluster runner against the one-process programs on this machine, interleaved ROUNDS
# times: Korf's 100 (6-6-3 databases) by `fifteen solve` with one thread, `fifteen-mpi solve`
# on 1 and 2 ranks, and `fifteen solve` with two threads; then the 3x4 puzzle's whole space
# by `fifteen analyze` with one thread, `fifteen-mpi analyze` on 1 and 2 ranks (one thread
# each), and `fifteen analyze` with two threads. Prints the 1-minute load average beside every
# wall time, and writes each 2-rank enumeration's layer log to target/side-layers-2.jsonl.
# Needs release builds of both programs:
#   cargo build --release --bin fifteen && cargo build --release -p slide-cluster --features mpi
# usage: ROUNDS=2 xtask/scripts/cluster-side-by-side.sh [solve|analyze|both]
set -eu
cd "$(dirname "$0")/../.."
WHAT=${1:-both}
ROUNDS=${ROUNDS:-2}
DATA=${DATA:-target/side-data}
ONE=${ONE:-target/release/fifteen}
MPI=${MPI:-target/release/fifteen-mpi}
TSV=data/instances/korf100.tsv
BATCH=target/side-korf100.txt
GOAL="0 1 2 3 / 4 5 6 7 / 8 9 10 11 / 12 13 14 15"
grep -v '^#' "$TSV" | awk -F'\t' '$1!="id" {s=""; for(i=2;i<=17;i++){s=s $i; if(i<17) s=s ((i-1)%4==0 ? " / " : " ")} print s}' >"$BATCH"
# OpenMPI refuses root unless told twice: for these launches only.
if [ "$(id -u)" = 0 ]; then ROOT="-x OMPI_ALLOW_RUN_AS_ROOT=1 -x OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1"; export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; else ROOT=""; fi
# mpirun on loopback, unbound (the ranks share the cores with everything else here).
MPIRUN="mpirun --oversubscribe --bind-to none --mca pml ob1 --mca btl self,vader,tcp --mca btl_tcp_if_include lo --mca oob_tcp_if_include lo $ROOT"
load() { cut -d' ' -f1 /proc/loadavg; }
run() { # name, command...
    name=$1; shift
    l=$(load)
    /usr/bin/time -f "%e %U %S %M" -o target/side-time "$@" >target/side-out 2>/dev/null
    set -- $(cat target/side-time)
    nodes=$(grep -o '"nodes":[0-9]*' target/side-out | cut -d: -f2 | paste -sd+ | bc 2>/dev/null || echo -)
    states=$(grep -o '"states":[0-9]*' target/side-out | cut -d: -f2 || true)
    printf '%-26s wall %7s s  user %7s s  sys %5s s  peak %8s KiB  nodes %12s  states %10s  load %s\n' \
        "$name" "$1" "$2" "$3" "$4" "${nodes:--}" "${states:--}" "$l"
}
# Warm-up: builds the 6-6-3 tables, pages them in.
$ONE solve --goal "$GOAL" --batch "$BATCH" --heuristic pdb663 --json --quiet --data-dir "$DATA" >/dev/null
i=0
while [ $i -lt "$ROUNDS" ]; do
    i=$((i + 1))
    if [ "$WHAT" != analyze ]; then
        run "fifteen --threads 1" $ONE solve --goal "$GOAL" --batch "$BATCH" --heuristic pdb663 --threads 1 --json --quiet --data-dir "$DATA"
        run "fifteen-mpi -np 1" $MPIRUN -np 1 $MPI solve --goal "$GOAL" --batch "$BATCH" --heuristic pdb663 --json --quiet --data-dir "$DATA"
        run "fifteen-mpi -np 2" $MPIRUN -np 2 $MPI solve --goal "$GOAL" --batch "$BATCH" --heuristic pdb663 --json --quiet --data-dir "$DATA"
        run "fifteen --threads 2" $ONE solve --goal "$GOAL" --batch "$BATCH" --heuristic pdb663 --threads 2 --json --quiet --data-dir "$DATA"
    fi
    if [ "$WHAT" != solve ]; then
        run "analyze 3x4 --threads 1" $ONE analyze --size 3x4 --threads 1 --json --quiet --max-memory 2G
        run "analyze-mpi 3x4 -np 1" $MPIRUN -np 1 $MPI analyze --size 3x4 --json --quiet --max-memory 2G
        run "analyze-mpi 3x4 -np 2" $MPIRUN -np 2 $MPI analyze --size 3x4 --json --quiet --max-memory 1G --layer-log target/side-layers-2.jsonl
        run "analyze 3x4 --threads 2" $ONE analyze --size 3x4 --threads 2 --json --quiet --max-memory 2G
    fi
done
