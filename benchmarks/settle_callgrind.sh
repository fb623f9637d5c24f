#!/bin/bash
# Instructions per record of settling full engine logs from JSON text, split as read /
# replay / settle, per rule set (see benchmarks/settle_split.py): run from a source checkout,
# ``benchmarks/settle_callgrind.sh [HANDS] [ROOM...]`` (needs valgrind; about a minute a room).
set -e
n=${1:-200}; shift || true
rooms=${*:-"guiyang guobiao huanggang sichuan tongcheng two_player yunnan"}
py=$(python -c "import sys; print(sys.executable)")
out=$(mktemp -d)
count() {   # part reps room -> instructions
    OPENBLAS_NUM_THREADS=1 PYTHONHASHSEED=0 MAHJONG_SPLIT_PART=$1 MAHJONG_SPLIT_REPS=$2 \
        PYTHONPATH=. valgrind --tool=callgrind --callgrind-out-file="$out/cg" "$py" \
        benchmarks/settle_split.py "$n" "$3" 2>&1 | awk '/Collected/ {print $4}'
}
printf "%-11s %9s %9s %9s %9s  (instructions per record)\n" rules read replay settle total
for room in $rooms; do
    declare -A I=()
    for part in read full settle; do
        I[$part]=$(( ($(count $part 3 "$room") - $(count $part 1 "$room")) / (2 * n) ))
    done
    printf "%-11s %9d %9d %9d %9d\n" "$room" "${I[read]}" $(( I[full] - I[read] )) \
        "${I[settle]}" $(( I[full] + I[settle] ))
done
rm -rf "$out"
