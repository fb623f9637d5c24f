"""Huanggang 红中发财杠: batch scoring and settlement throughput.

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_huanggang.py --benchmark-enable``.
Targets (issue 9, one core): ``score_batch`` >= 1,000,000 winning hands/s, settlement
>= 20,000 records/s from JSON. The batch rows are winning hands without a 赖子 in the
concealed hand (the compiled path); rows holding a 赖子 go through the wildcard core one
by one and are timed apart (``wild_rows``). Settlement caches immutable results of hands
met again; the ``cold_caches`` variant clears them before every round. The record reader
alone (``HandRecord.from_json``, shared by every rule set) is timed beside it, since it is
most of the cost.
"""
import json
import sys
from pathlib import Path

import numpy as np
import pytest

import mahjong.huanggang as hg
from mahjong.huanggang.scoring import clear_caches
from mahjong.record import HandRecord

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import huanggang_examples as X  # noqa: E402
from huanggang_gen import random_batch  # noqa: E402

N_HANDS = 1_000_000


@pytest.fixture(scope="module")
def winning_rows():
    ind, h, m, s, f, d = random_batch(20_000, seed=1, wild_rate=0)
    out = hg.score_batch(h, m, indicator=ind, flags=f, single_kongs=s, dealer=d)
    idx = np.resize(np.flatnonzero(out["status"] == 0), N_HANDS)
    return tuple(np.ascontiguousarray(a[idx]) for a in (ind, h, m, s, f, d))


@pytest.mark.benchmark(group="huanggang-score-batch")
def test_score_batch_winning_hands(benchmark, winning_rows):
    ind, h, m, s, f, d = winning_rows
    out = benchmark(hg.score_batch, h, m, indicator=ind, flags=f, single_kongs=s, dealer=d)
    assert (out["status"] == 0).all()
    benchmark.extra_info["hands"] = N_HANDS


@pytest.mark.benchmark(group="huanggang-score-batch-wild")
def test_score_batch_wild_rows(benchmark):
    ind, h, m, s, f, d = random_batch(4000, seed=2, wild_rate=1.0)
    lz = np.array([hg.laizi_of(int(t)) for t in range(34)])[ind]
    keep = h[np.arange(len(h)), lz] > 0
    rows = [a[keep][:300] for a in (ind, h, m, s, f, d)]

    def run():
        clear_caches()
        return hg.score_batch(rows[1], rows[2], indicator=rows[0], flags=rows[4],
                              single_kongs=rows[3], dealer=rows[5])
    benchmark(run)
    benchmark.extra_info["hands"] = len(rows[0])


def _records():
    golden = json.loads((Path(__file__).resolve().parent.parent / "tests" / "data" /
                         "huanggang_golden_records.json").read_text(encoding="utf-8"))
    recs = [r["record"] for r in golden["records"] if "deltas" in r]
    recs += [X.example_1(), X.example_2(hard=True), X.example_3(), X.example_4(),
             X.example_5(), X.example_6(), X.example_6(False), X.example_7()]
    return [json.dumps(r, ensure_ascii=False) for r in recs] * 20


@pytest.fixture(scope="module")
def records():
    return _records()


@pytest.mark.benchmark(group="huanggang-settle")
def test_settle_records_from_json(benchmark, records):
    benchmark(lambda: [hg.settle(r) for r in records])
    benchmark.extra_info["records"] = len(records)


@pytest.mark.benchmark(group="huanggang-settle")
def test_settle_records_from_json_cold_caches(benchmark, records):
    def run():
        clear_caches()
        return [hg.settle(r) for r in records]
    benchmark(run)
    benchmark.extra_info["records"] = len(records)


@pytest.mark.benchmark(group="huanggang-settle")
def test_settle_records_parsed(benchmark, records):
    parsed = [HandRecord.from_json(r) for r in records]
    benchmark(lambda: [hg.settle(r) for r in parsed])
    benchmark.extra_info["records"] = len(parsed)


@pytest.mark.benchmark(group="huanggang-settle")
def test_record_reader_alone(benchmark, records):
    benchmark(lambda: [HandRecord.from_json(r) for r in records])
    benchmark.extra_info["records"] = len(records)
