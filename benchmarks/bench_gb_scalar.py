"""The scalar Guobiao API, side by side with the reference in the same run.

``mahjong.guobiao.score`` (one Python call per hand, from a string, melds as tuples) against
pymahjonggb's ``MahjongFanCalculator`` (one call per hand, Botzone names) on the same
generated winning hands. Target (issue 15): at least twice the reference's per-call speed
(its positional call), from ids and from strings; ``benchmarks/compare_libraries.py``
prints the side-by-side table with interleaved rounds.

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_gb_scalar.py --benchmark-enable``.
Each benchmark round scores the whole pool of distinct hands once (nothing is reused
between calls but the per-meld and per-fan-combination caches of the API), so
``mean / POOL`` is the time per hand; ``extra_info["us_per_hand"]`` records it.
"""
import sys
from pathlib import Path

import pytest

from mahjong.guobiao import score, wait_values

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import gb_hand_gen as gen  # noqa: E402  (the test suite's winning-hand generator)

import MahjongGB  # the reference, timed in the same run

POOL = 5000
@pytest.fixture(scope="module")
def pool():
    return gen.generate(POOL, seed=2024)


def _per_hand(benchmark, n):
    benchmark.extra_info["hands"] = n
    if benchmark.stats is not None:
        benchmark.extra_info["us_per_hand"] = round(benchmark.stats.stats.mean / n * 1e6, 3)


@pytest.mark.benchmark(group="gb-scalar")
def test_reference_calculator(benchmark, pool):
    calls = [gen.reference_args(h) for h in pool]
    fn = MahjongGB.MahjongFanCalculator

    def run():
        total = 0
        for c in calls:
            total += len(fn(*c))
        return total

    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    _per_hand(benchmark, len(calls))


@pytest.mark.parametrize("style", ["tenhou", "ids", "reference"])
@pytest.mark.benchmark(group="gb-scalar")
def test_score(benchmark, pool, style):
    args = [gen.api_args(h, style) for h in pool]
    # the same hands give the reference's totals (the benchmark measures a correct path)
    for hand, (tiles, melds, kw) in list(zip(pool, args))[:300]:
        ref = MahjongGB.MahjongFanCalculator(**gen.reference_kwargs(hand))
        assert score(tiles, melds, **kw).total == sum(p * c for p, c, _, _ in ref)

    def run():
        total = 0
        for tiles, melds, kw in args:
            total += score(tiles, melds, **kw).total
        return total

    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    _per_hand(benchmark, len(args))


@pytest.mark.parametrize("winds", ["numbers", "letters"])
@pytest.mark.benchmark(group="gb-scalar-winds")
def test_score_wind_names(benchmark, pool, winds):
    """The same hands with the winds as numbers (0..3) and as letters ("E".."N"), side by
    side: a wind name costs one dict lookup (it cost about 8x the number before)."""
    args = [gen.api_args(h, "tenhou") for h in pool[:2000]]
    if winds == "letters":
        args = [(t, m, dict(kw, seat_wind="ESWN"[kw["seat_wind"]],
                            round_wind="ESWN"[kw["round_wind"]])) for t, m, kw in args]

    def run():
        return sum(score(t, m, **kw).total for t, m, kw in args)

    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    _per_hand(benchmark, len(args))


@pytest.mark.benchmark(group="gb-scalar")
def test_score_lianzhong(benchmark, pool):
    args = [gen.api_args(h, "tenhou") for h in pool[:1000]]

    def run():
        return sum(score(t, m, rules="lianzhong", **kw).total for t, m, kw in args)

    benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=1)
    _per_hand(benchmark, len(args))


@pytest.mark.benchmark(group="gb-wait-values")
def test_wait_values(benchmark, pool):
    hands = [gen.api_args(h)[:2] for h in pool[:500]]  # standing tiles and melds

    def run():
        return sum(len(wait_values(t, m)) for t, m in hands)

    waits = benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=1)
    assert waits >= len(hands)
    _per_hand(benchmark, len(hands))
