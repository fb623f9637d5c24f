"""Guiyang 捉鸡: settlement throughput from JSON, and the hand-type kernel.

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_guiyang.py --benchmark-enable``.
Target (issue 10, one core): >= 20,000 records/s settled from JSON. The records are the
test suite's random game logs (tests/guiyang_records.py): a third end with an exhausted wall,
the rest with a win; each has the closing hands of the players who did not win, so every
record runs three best-wait searches besides the win. The ``cold_caches`` variant clears
the caches of immutable results (meld spellings, itemised hand results, chicken tables and
payment labels) before each round. The settlement modules are compiled by Cython when built
(setup.py's COMPILED_PYTHON); the closing hands' best waits are one kernel call a record.
"""
import json
import random
import sys
from pathlib import Path

import pytest

from mahjong import guiyang
from mahjong.guiyang import _kernel
from mahjong.record import HandRecord
from mahjong.guiyang.scoring import meld_bytes

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from guiyang_records import build_record  # noqa: E402  (the test suite's record generator)

N_RECORDS = 2000


@pytest.fixture(scope="module")
def records():
    objs = [build_record(seed) for seed in range(N_RECORDS)]
    return [json.dumps(r, ensure_ascii=False) for r in objs], objs


@pytest.mark.benchmark(group="guiyang-settle")
def test_settle_records_from_json_text(benchmark, records):
    texts, _ = records
    out = benchmark(lambda: [guiyang.settle(t) for t in texts])
    assert all(sum(s.deltas) == 0 for s in out)
    benchmark.extra_info["records"] = len(texts)


@pytest.mark.benchmark(group="guiyang-settle")
def test_settle_read_records(benchmark, records):
    # the Guiyang part alone: the same records, already read (HandRecord objects)
    reads = [HandRecord.from_json(t) for t in records[0]]
    out = benchmark(lambda: [guiyang.settle(r) for r in reads])
    assert all(sum(s.deltas) == 0 for s in out)
    benchmark.extra_info["records"] = len(reads)


@pytest.mark.benchmark(group="guiyang-settle")
def test_settle_read_records_results_dropped(benchmark, records):
    # as test_settle_read_records, each result dropped at once: the difference between
    # the two is what keeping the results costs (the garbage collector's share)
    reads = [HandRecord.from_json(t) for t in records[0]]

    def run():
        for r in reads:
            guiyang.settle(r)
    benchmark(run)
    benchmark.extra_info["records"] = len(reads)


@pytest.mark.benchmark(group="guiyang-settle")
def test_settle_records_from_json_objects_reading_payments(benchmark, records):
    _, objs = records
    benchmark(lambda: [guiyang.settle(r).payments for r in objs])
    benchmark.extra_info["records"] = len(objs)


def _clear_caches():
    # meld spellings (the record reader), the chicken payment labels and, on the Rules
    # object, the itemised results, chicken tables, item values and the settlement's plan
    # of the options
    from mahjong import record
    from mahjong.guiyang import chickens, settlement

    record.meld_from_strings.cache_clear()
    chickens._LABELS.clear()
    settlement._LAST_PLAN.clear()
    rules = guiyang.Rules.from_mapping(None)
    for name in ("_results", "_chicken_tables", "_values", "_pattern_values", "_settle_plan"):
        rules.__dict__.pop(name, None)


@pytest.mark.benchmark(group="guiyang-settle")
def test_settle_records_from_json_text_cold_caches(benchmark, records):
    texts, _ = records
    benchmark.pedantic(lambda: [guiyang.settle(t) for t in texts], setup=_clear_caches,
                       rounds=5)
    benchmark.extra_info["records"] = len(texts)


@pytest.fixture(scope="module")
def closing_hands():
    rng = random.Random(3)
    out = []
    for r in (build_record(seed) for seed in range(N_RECORDS)):
        for fh in r["final"].values():
            hand = guiyang.scoring.suited_hand(fh["hand"], [(m["type"], m["tiles"])
                                                            for m in fh["melds"]],
                                               size=13, rule_name="Guiyang")
            out.append((hand[0], meld_bytes(hand[3])))
    rng.shuffle(out)
    return out


@pytest.mark.benchmark(group="guiyang-kernel")
def test_best_wait_kernel(benchmark, closing_hands):
    values = guiyang.Rules().pattern_values
    benchmark(lambda: [_kernel.best_wait(h, m, values, True) for h, m in closing_hands])
    benchmark.extra_info["hands"] = len(closing_hands)
