#!/bin/bash
# Instructions per record of settling full engine logs from JSON text, split as read /
# replay / settle, per rule set (see benchmarks/settle_split.py): run from a source checkout,
# ``benchmarks/settle_callgrind.sh [HANDS] [ROOM...]`` (needs valgrind; a minute or two a room).
set -e
n=${1:-100}; shift || true
rooms=${*:-"guiyang guobiao huanggang sichuan tongcheng two_player yunnan"}
py=$(python -c "import sys; print(sys.executable)")
split=$(dirname "$0")/settle_split.py
count() {   # part room -> instructions
    OPENBLAS_NUM_THREADS=1 PYTHONHASHSEED=0 MAHJONG_SPLIT_PART=$1 PYTHONPATH=${PYTHONPATH:-.} \
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$py" "$split" "$n" "$2" 2>&1 |
        awk '/Collected/ {print $4}'
}
printf "%-11s %9s %9s %9s %9s  (instructions per record)\n" rules read replay settle total
for room in $rooms; do
    declare -A I=()
    for part in none read full settle; do
        I[$part]=$(count $part "$room")
    done
    printf "%-11s %9d %9d %9d %9d\n" "$room" $(( (I[read] - I[none]) / n )) \
        $(( (I[full] - I[read]) / n )) $(( (I[settle] - I[full]) / n )) \
        $(( (I[settle] - I[none]) / n ))
done
