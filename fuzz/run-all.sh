#!/usr/bin/env bash
# Runs every fuzz target in turn, one process each, for SECONDS seconds (default 600), with
# the committed seeds; logs go to fuzz/logs/TARGET.log. Usage: fuzz/run-all.sh [SECONDS] [TARGET...]
set -uo pipefail
cd "$(dirname "$0")"
seconds=${1:-600}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=($(cargo +nightly fuzz list))
fi
mkdir -p logs
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t" "seeds/$t"
    cargo +nightly fuzz run "$t" "corpus/$t" "seeds/$t" -- -max_total_time="$seconds" \
        -max_len=4096 -print_final_stats=1 >"logs/$t.log" 2>&1
    echo "$t: exit $? $(grep -E '^Done [0-9]+ runs' "logs/$t.log" | tail -1)"
done
