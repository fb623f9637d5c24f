"""The engine's win check of the 108-tile rooms: ``play_spec(rules).win_value(q)``.

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_win_value_108.py --benchmark-enable``.
The engine calls ``win_value`` at every candidate win (each complete shape on a draw or a
discard). The queries are the differential tests' random wins
(tests/test_play_*.py ``random_case``): about two thirds accepted and one third refused (three
suits, no shape, a 平胡 without its 豆 licence, a bad 地胡, ...), in mixed contexts and
options, 2,000 per room. Each query is scored with its own options' spec (built once).
"""
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import test_play_guiyang  # noqa: E402  (the test suite's random wins)
import test_play_sichuan  # noqa: E402
import test_play_yunnan  # noqa: E402

from mahjong.guiyang.play import play_spec as guiyang_spec  # noqa: E402
from mahjong.sichuan.play import play_spec as sichuan_spec  # noqa: E402
from mahjong.yunnan.play import play_spec as yunnan_spec  # noqa: E402

N_QUERIES = 2000

ROOMS = {"sichuan": (test_play_sichuan, sichuan_spec),
         "yunnan": (test_play_yunnan, yunnan_spec),
         "guiyang": (test_play_guiyang, guiyang_spec)}


def _queries(room):
    module, make_spec = ROOMS[room]
    rng = random.Random(12)
    specs = {}
    out = []
    while len(out) < N_QUERIES:
        case = module.random_case(rng)
        if case is None:
            continue
        options, q = case[0], case[1]
        key = repr(sorted((options or {}).items()))
        if key not in specs:
            specs[key] = make_spec(options)
        out.append((specs[key].win_value, q))
    return out


@pytest.mark.parametrize("room", sorted(ROOMS))
@pytest.mark.benchmark(group="win-value-108")
def test_win_value(benchmark, room):
    queries = _queries(room)
    values = benchmark(lambda: [f(q) for f, q in queries])
    accepted = sum(v > 0 for v in values)
    assert 0 < accepted < len(values)
    benchmark.extra_info["queries"] = len(values)
    benchmark.extra_info["accepted"] = accepted
