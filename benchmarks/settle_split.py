"""Where settling a full engine log from JSON text spends its time, per rule set: the
reader (``HandRecord.from_json(text, replay=False)``), the table's replay of the log (the
same read with the replay, less the read) and the room's settlement of the read record
(``settle(record)``).

Run from a source checkout: ``PYTHONPATH=. python benchmarks/settle_split.py [HANDS] [ROOM]``:
plays HANDS hands (default 300) of each rule set (or of ROOM only) with random agents, then
times each part over their JSON texts, best of 5 passes of CPU time (``time.process_time``),
in microseconds per record.

Instruction counts (steadier on a shared machine): with ``MAHJONG_SPLIT_PART`` set to
``none``, ``read``, ``full`` (read and replay) or ``settle`` (read, replay and settle) the
script runs that part once over the texts after the same setup and warm-up, so the totals
of ``valgrind --tool=callgrind`` runs (with ``OPENBLAS_NUM_THREADS=1``) differ by the parts
alone: read = read - none, replay = full - read, settle = settle - full
(``benchmarks/settle_callgrind.sh`` does that per room).
"""
import os
import sys
import time

from mahjong.record import HandRecord
from mahjong.ruleset import available_rulesets, settle

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from settle_logs import best_of, logs  # noqa: E402


def split(rules, hands):
    texts = logs(rules, hands)
    recs = [HandRecord.from_json(x) for x in texts]
    read = best_of(lambda: [HandRecord.from_json(x, replay=False) for x in texts])
    full = best_of(lambda: [HandRecord.from_json(x) for x in texts])
    sett = best_of(lambda: [settle(r) for r in recs])
    total = best_of(lambda: [settle(x) for x in texts])
    us = 1e6 / hands
    return read * us, (full - read) * us, sett * us, total * us


def main(hands=300, only=None):
    print(f"{'rules':11s} {'read':>7s} {'replay':>7s} {'settle':>7s} {'total':>7s}  records/s"
          " (us per record)")
    for rules in available_rulesets():
        if only and rules != only:
            continue
        r, p, s, t = split(rules, hands)
        print(f"{rules:11s} {r:7.1f} {p:7.1f} {s:7.1f} {t:7.1f}  {1e6 / t:9,.0f}", flush=True)


def one_part(part, hands, only):
    """Run one part once after the setup and a warm-up (for callgrind: see the module's
    doc)."""
    for rules in available_rulesets():
        if only and rules != only:
            continue
        texts = logs(rules, hands)
        settle(HandRecord.from_json(HandRecord.from_json(texts[0], replay=False).to_json()))
        settle(texts[-1])                       # (warm: every import and cache on the way)
        if part == "read":
            [HandRecord.from_json(x, replay=False) for x in texts]
        elif part == "full":
            [HandRecord.from_json(x) for x in texts]
        elif part == "settle":
            [settle(HandRecord.from_json(x)) for x in texts]


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    room = sys.argv[2] if len(sys.argv) > 2 else None
    part = os.environ.get("MAHJONG_SPLIT_PART")
    if part:
        one_part(part, n, room)
    else:
        main(n, room)
