"""The record reader (``HandRecord.from_json``, shared by every rule set): records per second
read from JSON text, per rule set's benchmark records, beside ``json.loads`` alone (the part
of the cost that is Python's JSON scanner, not the reader's).

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_record.py --benchmark-enable``.
Target (issues 9/10/11): settlement of 20,000 records/s from JSON. ``reader`` is
``from_json(text)`` (the compiled build's text reader, which reads the usual record's text
straight into its events); ``reader_through_dicts`` is the path it stands in front of
(``json.loads``, then the mapping reader), ``json_loads`` that path's first part alone:
compare the rows of one rule set.
"""
import json
import sys
from pathlib import Path

import pytest

from mahjong.record import HandRecord

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(0, str(HERE))


def _texts(name):
    if name == "guiyang":
        from guiyang_records import build_record
        return [json.dumps(build_record(s), ensure_ascii=False) for s in range(2000)]
    if name == "huanggang":
        import bench_huanggang
        return bench_huanggang._records()
    import bench_two_player
    return bench_two_player.build_records(name)


RULE_SETS = ["guiyang", "huanggang", "two_player", "tongcheng"]


@pytest.fixture(scope="module", params=RULE_SETS)
def texts(request):
    return request.param, _texts(request.param)


def test_reader(benchmark, texts):
    name, records = texts
    out = benchmark(lambda: [HandRecord.from_json(t) for t in records])
    assert len(out) == len(records) and out[0].rules == name
    benchmark.extra_info["records"] = len(records)


def test_json_loads(benchmark, texts):
    name, records = texts
    benchmark(lambda: [json.loads(t) for t in records])
    benchmark.extra_info["records"] = len(records)


def test_reader_through_dicts(benchmark, texts):
    """json.loads, then the reader of mappings (what the text reader saves)."""
    name, records = texts
    benchmark(lambda: [HandRecord.from_json(json.loads(t)) for t in records])
    benchmark.extra_info["records"] = len(records)


def test_reader_of_mappings(benchmark, texts):
    """Records given decoded (a dict per record): the reader's own part alone."""
    name, records = texts
    decoded = [json.loads(t) for t in records]
    benchmark(lambda: [HandRecord.from_json(d) for d in decoded])
    benchmark.extra_info["records"] = len(records)


# Full engine logs (a wall and every draw, as ``mahjong simulate --out`` writes them), read
# without their replay (``replay=False``: the reader's share of settling a log; the replay is
# the engine's). Target (issue 24): at most about 10 us a log.
ENGINE_RULE_SETS = ["sichuan", "guobiao", "two_player"]


@pytest.fixture(scope="module", params=ENGINE_RULE_SETS)
def engine_logs(request):
    from mahjong.game import Game
    return [json.dumps(Game(request.param, seed=seed, agents="random").play(),
                       ensure_ascii=False) for seed in range(200)]


def test_reader_engine_logs(benchmark, engine_logs):
    out = benchmark(lambda: [HandRecord.from_json(t, replay=False) for t in engine_logs])
    assert len(out) == len(engine_logs) and out[0].wall is not None
    benchmark.extra_info["records"] = len(engine_logs)
