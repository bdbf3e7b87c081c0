#!/bin/sh
# Table builds and table opening, measured side by side: each program given is timed on the
# same work, one after the other, with the 1-minute load average before each run.
#
#   xtask/scripts/tables-side-by-side.sh build SET DIR PROGRAM...   # `PROGRAM tables build SET` into DIR/N/
#   xtask/scripts/tables-side-by-side.sh open  DIR PROGRAM...       # the five code-golf boards with pdb78 from DIR/N/, 5 runs
#
# PROGRAM N (counting from 1) uses DIR/N/, so a binary that writes another format version
# keeps its own files. Figures: wall seconds, user and system CPU seconds, peak resident KiB
# (GNU time). Example, the 6-6-3 set, this checkout against an older binary:
#   xtask/scripts/tables-side-by-side.sh build pdb663 /tmp/t target/release/fifteen /path/to/old/fifteen
set -eu
what=$1; shift
load() { cut -d' ' -f1 /proc/loadavg; }
case $what in
build)
  set=$1; dir=$2; shift 2; n=0
  for program in "$@"; do
    n=$((n + 1)); mkdir -p "$dir/$n"; rm -f "$dir/$n"/fifteen-"$set"-*
    printf '%s build %s: load %s, ' "$program" "$set" "$(load)"
    /usr/bin/time -f '%e s wall, %U s user, %S s sys, %M KiB peak' "$program" --data-dir "$dir/$n" -q tables build "$set" 2>&1 >/dev/null | tail -1
  done ;;
open)
  dir=$1; shift
  for run in 1 2 3 4 5; do
    n=0
    for program in "$@"; do
      n=$((n + 1))
      printf '%s code-golf pdb78, run %s: load %s, ' "$program" "$run" "$(load)"
      /usr/bin/time -f '%e s wall, %U s user, %S s sys, %M KiB peak' "$program" --data-dir "$dir/$n" solve --heuristic pdb78 --json --quiet 2>&1 >/dev/null | tail -1
    done
  done ;;
*) echo "usage: $0 build SET DIR PROGRAM... | open DIR PROGRAM..." >&2; exit 2 ;;
esac
