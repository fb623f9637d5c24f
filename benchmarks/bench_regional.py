"""Regional rule sets (Sichuan 血战到底, Yunnan 川麻): scoring and settlement throughput.

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_regional.py --benchmark-enable``.
Targets (issue 4, one core): >= 100,000 Sichuan winning hands/s scored (batch path) and
>= 20,000 hand records/s settled. There is no reference implementation of these rule sets
(pymahjonggb is GB only); the GB reference calculator is timed in the same run on hands of
the same size as a yardstick for "one Python-visible scoring call".
Settlement caches immutable objects that repeat across records (melds per spelling, a
hand's itemised result per item combination); the ``cold_caches`` variant clears them
before every round, so the repeated records cannot flatter the figures.
"""
import random
import sys
from pathlib import Path

import numpy as np
import pytest

from mahjong import sichuan, yunnan
from mahjong.record import HandRecord
from mahjong.ruleset import WinFlag
from mahjong.tiles import format_tiles

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_ruleset_oracle import random_hand  # noqa: E402  (the test suite's hand generator)
from test_sichuan_properties import build_record  # noqa: E402

N_HANDS = 100_000
_CODE = {"pung": 2, "kong": 3, "concealed_kong": 4}


def _winning_hands(n, seed=1):
    rng = random.Random(seed)
    hands = np.zeros((n, 34), np.uint8)
    melds = np.zeros((n, 4, 2), np.uint8)
    flags = np.zeros(n, np.uint32)
    scalar = []
    for i in range(n):
        hand, ms, win = random_hand(rng, n_suits=rng.choice((1, 2)))
        for t in hand:
            hands[i, t] += 1
        for k, (kind, t) in enumerate(ms):
            melds[i, k] = (_CODE[kind], t)
        flags[i] = WinFlag.SELF_DRAWN if rng.random() < 0.5 else 0
        if i < 2000:
            scalar.append((format_tiles(sorted(hand)),
                           [(kind, format_tiles([t] * (3 if kind == "pung" else 4)))
                            for kind, t in ms], format_tiles([win]), bool(flags[i])))
    return hands, melds, flags, scalar


@pytest.fixture(scope="module")
def hands():
    return _winning_hands(N_HANDS)


@pytest.mark.benchmark(group="regional-score-batch")
@pytest.mark.parametrize("ruleset", [sichuan, yunnan], ids=["sichuan", "yunnan"])
def test_score_batch(benchmark, hands, ruleset):
    h, m, f, _ = hands
    out = benchmark(ruleset.score_batch, h, m, f)
    assert (out["fan"] > 0).all()
    benchmark.extra_info["hands"] = N_HANDS


@pytest.mark.benchmark(group="regional-score-scalar")
def test_sichuan_score_scalar_from_strings(benchmark, hands):
    cases = hands[3]

    def run():
        for hand, ms, win, sd in cases:
            sichuan.score(hand, ms, win_tile=win, self_drawn=sd)
    benchmark(run)
    benchmark.extra_info["hands"] = len(cases)


@pytest.mark.benchmark(group="regional-score-scalar")
def test_reference_gb_fan_calculator_same_size_hands(benchmark):
    """Yardstick: the GB reference's per-call scoring of 14-tile hands, same run."""
    import MahjongGB

    hand = ("W2", "W3", "W4", "W5", "W6", "W7", "W6", "W7", "W8", "B3", "B4", "B5", "B5")

    def run():
        for _ in range(2000):
            try:
                MahjongGB.MahjongFanCalculator((), hand, "B5", 0, True, False, False, False,
                                               0, 0)
            except Exception:
                pass
    benchmark(run)
    benchmark.extra_info["hands"] = 2000


@pytest.fixture(scope="module")
def records():
    raw = [build_record(seed) for seed in range(2000)]
    simple = []
    rng = random.Random(5)
    for _ in range(2000):
        hand, ms, win = random_hand(rng, n_suits=2, seven_pairs_share=0.1)
        # a Sichuan record lists every kong (its 刮风下雨 is paid from the kong events)
        kongs = [{"type": "kong", "seat": 1, "tile": format_tiles([t]),
                  "kind": "concealed" if k == "concealed_kong" else "added"}
                 for k, t in ms if k != "pung"]
        simple.append({"rules": "sichuan", "dealer": 0, "events": kongs + [
            {"type": "win", "seat": 1, "hand": format_tiles(sorted(hand)),
             "melds": [{"type": k, "tiles": format_tiles([t] * (3 if k == "pung" else 4))}
                       for k, t in ms], "win_tile": format_tiles([win]),
             "from": rng.choice((None, 0, 2, 3))}]})
    return raw, simple


@pytest.mark.benchmark(group="regional-settle")
def test_settle_single_win_records_from_json_objects(benchmark, records):
    _, simple = records
    benchmark(lambda: [sichuan.settle(r) for r in simple])
    benchmark.extra_info["records"] = len(simple)


@pytest.mark.benchmark(group="regional-settle")
def test_settle_mixed_xuezhan_records_from_json_objects(benchmark, records):
    raw, _ = records
    benchmark(lambda: [sichuan.settle(r) for r in raw])
    benchmark.extra_info["records"] = len(raw)


@pytest.mark.benchmark(group="regional-settle")
def test_settle_mixed_xuezhan_records_from_json_objects_reading_payments(benchmark, records):
    """As above, and every settlement's itemised payments are read (the Payment objects
    are built on first access; the plain benchmark reads only what settle returns)."""
    raw, _ = records
    benchmark(lambda: [sichuan.settle(r).payments for r in raw])
    benchmark.extra_info["records"] = len(raw)


def _clear_settlement_caches():
    # meld spellings and item combinations are cached (they repeat across records);
    # this shows the cost when a batch starts cold
    from mahjong import record
    from mahjong.sichuan import scoring as sc

    record.meld_from_strings.cache_clear()
    sc._cached_result.cache_clear()


@pytest.mark.benchmark(group="regional-settle")
def test_settle_mixed_xuezhan_records_from_json_objects_cold_caches(benchmark, records):
    raw, _ = records
    benchmark.pedantic(lambda: [sichuan.settle(r) for r in raw], setup=_clear_settlement_caches,
                       rounds=5)
    benchmark.extra_info["records"] = len(raw)


@pytest.mark.benchmark(group="regional-settle")
def test_settle_mixed_xuezhan_records_parsed(benchmark, records):
    parsed = [HandRecord.from_json(r) for r in records[0]]
    benchmark(lambda: [sichuan.settle(r) for r in parsed])
    benchmark.extra_info["records"] = len(parsed)
