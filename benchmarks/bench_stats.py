"""``mahjong stats`` (issue 27): JSON lines of the engine's logs read per second on one
core. Target: 100,000 logs under 10 s (10,000 logs/s).

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_stats.py --benchmark-enable``
(``python benchmarks/bench_stats.py N`` plays N logs once and prints the logs per second of
``summary_of_lines``, the fast path of ``mahjong stats``, and of the whole decode + read of
each line, side by side).

What is timed: :func:`mahjong.stats.summary_of_lines` over lines held in memory (the file
read is left out), greedy Sichuan logs (several wins per hand) and Guobiao logs.
"""
import functools
import json
import sys
import time

import pytest

from mahjong import stats
from mahjong.game import Game

LOGS = 400


@functools.lru_cache(maxsize=None)
def _lines(rules, n=LOGS):
    return tuple(json.dumps(Game(rules, seed=[3, i], agents="greedy", dealer=i % 4).play(),
                      ensure_ascii=False, separators=(",", ":")).encode() for i in range(n))


def _whole(lines):
    return stats.summary(json.loads(line) for line in lines)


@pytest.mark.parametrize("rules", ["sichuan", "guobiao"])
@pytest.mark.parametrize("path", ["fast", "whole"])
def test_stats_lines(benchmark, rules, path):
    lines = _lines(rules)
    run = stats.summary_of_lines if path == "fast" else _whole
    st = benchmark(run, lines)
    assert st.hands == LOGS


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    for rules in ("sichuan", "guobiao"):
        lines = _lines(rules, n)
        for name, run in (("fast (mahjong stats)", stats.summary_of_lines),
                          ("whole decode", _whole)):
            t = time.process_time()
            run(lines)
            dt = time.process_time() - t
            print(f"{rules:8s} {name:22s} {n / dt:9.0f} logs/s  "
                  f"(100,000 logs: {100000 / (n / dt):.1f} s)")
