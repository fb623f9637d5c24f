"""Huanggang 红中发财杠: batch scoring and settlement throughput.

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_huanggang.py --benchmark-enable``.
Targets (issue 9, one core): ``score_batch`` >= 1,000,000 winning hands/s, settlement
>= 20,000 records/s from JSON. The headline batch is the winning hands of random generation
at its natural 赖子 rate (``random_batch``'s default: about 3 rows in 10 hold a 赖子; the
share is reported as ``wild_share``); every row, 赖子 or not, goes through the compiled
kernel that finds the best reading. The all-wild batch holds only rows with a 赖子 (1 or 2),
and the no-wild batch none. Settlement caches immutable results of hands met again; the
``cold_caches`` variants clear them before every round. The record reader alone
(``HandRecord.from_json``, shared by every rule set) is timed beside it, since it is most
of the cost.
"""
import json
import sys
from pathlib import Path

import numpy as np
import pytest

import mahjong.huanggang as hg
from mahjong.errors import InvalidContextError
from mahjong.huanggang.scoring import clear_caches
from mahjong.record import HandRecord

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import huanggang_examples as X  # noqa: E402
from huanggang_gen import random_batch  # noqa: E402

N_HANDS = 1_000_000
_LAIZI = np.array([hg.laizi_of(t) for t in range(34)])


def _holds_laizi(ind, h):
    return h[np.arange(len(h)), _LAIZI[ind]] > 0


def _winning_rows(wild_rate=None, only_wild=False, n=N_HANDS):
    """``n`` rows drawn (with repeats) from the winning hands of 20,000 random holdings."""
    kw = {} if wild_rate is None else {"wild_rate": wild_rate}
    ind, h, m, s, f, d = random_batch(20_000, seed=1, **kw)
    out = hg.score_batch(h, m, indicator=ind, flags=f, single_kongs=s, dealer=d)
    keep = out["status"] == 0
    if only_wild:
        keep &= _holds_laizi(ind, h)
    idx = np.resize(np.flatnonzero(keep), n)
    return tuple(np.ascontiguousarray(a[idx]) for a in (ind, h, m, s, f, d))


@pytest.fixture(scope="module")
def winning_rows():
    return _winning_rows()


def _run_batch(benchmark, rows):
    ind, h, m, s, f, d = rows
    out = benchmark(hg.score_batch, h, m, indicator=ind, flags=f, single_kongs=s, dealer=d)
    assert (out["status"] == 0).all()
    benchmark.extra_info["hands"] = len(h)
    benchmark.extra_info["wild_share"] = round(float(_holds_laizi(ind, h).mean()), 3)


@pytest.mark.benchmark(group="huanggang-score-batch")
def test_score_batch_winning_hands(benchmark, winning_rows):
    """The headline: 1 M winning hands at the natural 赖子 rate."""
    _run_batch(benchmark, winning_rows)


@pytest.mark.benchmark(group="huanggang-score-batch")
def test_score_batch_all_wild(benchmark):
    """Only winning hands that hold a 赖子."""
    _run_batch(benchmark, _winning_rows(wild_rate=1.0, only_wild=True, n=N_HANDS // 4))


@pytest.mark.benchmark(group="huanggang-score-batch")
def test_score_batch_no_wild(benchmark):
    """Only winning hands without a 赖子."""
    _run_batch(benchmark, _winning_rows(wild_rate=0, n=N_HANDS // 4))


@pytest.mark.benchmark(group="huanggang-scalar")
def test_score_scalar_wild_hands(benchmark):
    """The scalar score() (the path of settlement and the game engine) on hands holding a
    赖子, caches cleared every round."""
    from huanggang_gen import row_as_scalar
    ind, h, m, s, f, d = _winning_rows(wild_rate=1.0, only_wild=True, n=2000)
    args = []
    for row in zip(ind, h, m, s, f, d):
        a = row_as_scalar(*row)
        try:
            hg.score(**a)
        except InvalidContextError:  # the generator's win tile can contradict 抢杠
            continue
        args.append(a)

    def run():
        clear_caches()
        return [hg.score(**a) for a in args]
    benchmark(run)
    benchmark.extra_info["hands"] = len(args)


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
def test_settle_records_parsed_results_dropped(benchmark, records):
    # as test_settle_records_parsed, each result dropped at once: the difference between
    # the two is what keeping the results costs (the garbage collector's share)
    parsed = [HandRecord.from_json(r) for r in records]

    def run():
        for r in parsed:
            hg.settle(r)
    benchmark(run)
    benchmark.extra_info["records"] = len(parsed)


@pytest.mark.benchmark(group="huanggang-settle")
def test_settle_records_parsed_cold_caches(benchmark, records):
    parsed = [HandRecord.from_json(r) for r in records]

    def run():
        clear_caches()
        return [hg.settle(r) for r in parsed]
    benchmark(run)
    benchmark.extra_info["records"] = len(parsed)


@pytest.mark.benchmark(group="huanggang-settle")
def test_record_reader_alone(benchmark, records):
    benchmark(lambda: [HandRecord.from_json(r) for r in records])
    benchmark.extra_info["records"] = len(records)
