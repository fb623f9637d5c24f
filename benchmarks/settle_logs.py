"""Engine logs settled per second from JSON text, per rule set (full logs: a wall and every
draw, as ``mahjong simulate --out`` writes them; settling replays them through the table).

Run from a source checkout: ``PYTHONPATH=. python benchmarks/settle_logs.py [HANDS]``: plays
HANDS hands (default 300) of each rule set with random agents, then times ``settle(text)``
over their JSON texts, best of 5 passes of CPU time (``time.process_time``: steadier than the
wall clock on a shared machine): records/s and microseconds per record.
"""
import json
import sys
import time

from mahjong.game import Game
from mahjong.ruleset import available_rulesets, settle


def logs(rules, hands):
    out = []
    for seed in range(hands):
        log = Game(rules, seed=seed, agents="random").play()
        out.append(json.dumps(log, ensure_ascii=False))
    return out


def best_of(run, passes=5):
    times = []
    for _ in range(passes):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def main(hands=300):
    for rules in available_rulesets():
        texts = logs(rules, hands)
        t = best_of(lambda: [settle(x) for x in texts])
        print(f"{rules:11s} {hands:5d} logs: {hands / t:8,.0f}/s ({t / hands * 1e6:6.1f} us)",
              flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
