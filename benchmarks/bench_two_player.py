"""two_player and tongcheng: settlement throughput from JSON text.

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_two_player.py --benchmark-enable``
(or ``PYTHONPATH=. python benchmarks/bench_two_player.py`` for records/s per rule set).
Target (issue 11, one core): >= 20,000 records/s settled from JSON per rule set.

Each record is one random winning hand (tests/additive_hands.py: chows, pungs, honour
hands, kongs, seven pairs, thirteen orphans, ...) with its claims listed as events, now
and then a ready declaration, the shown 花牌 tiles (two_player) and the closing hand of the
opponent where a robbed kong needs it; read from JSON text, checked and settled. Itemised
results are cached per fan combination; the ``cold_caches`` variant clears the caches
before every round so that repeated combinations cannot flatter the figures.
"""
import json
import random
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from additive_hands import random_record  # noqa: E402  (the test suite's generator)

from mahjong import tongcheng, two_player  # noqa: E402
from mahjong.record import meld_from_strings  # noqa: E402

N_RECORDS = 2000


MODULES = {"two_player": two_player, "tongcheng": tongcheng}


def build_records(rules, n=N_RECORDS, seed=1, single_win=False):
    """``n`` JSON texts of random records of ``rules`` (two_player or tongcheng); with
    ``single_win`` only the win event (and the shown tiles), no claims and no options."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        record = random_record(rng, rules)
        if single_win:
            record["events"] = record["events"][-1:]
            record.pop("options")
        text = json.dumps(record)
        try:
            MODULES[rules].settle(text)
        except ValueError:
            continue  # a random two-player hand may be a 十三不靠 (no win there)
        out.append(text)
    return out


@pytest.fixture(scope="module", params=sorted(MODULES))
def records(request):
    return request.param, build_records(request.param)


@pytest.mark.benchmark(group="additive-settle")
@pytest.mark.parametrize("rules", sorted(MODULES))
def test_settle_single_win_records_from_json_text(benchmark, rules):
    texts = build_records(rules, single_win=True)
    settle = MODULES[rules].settle
    benchmark(lambda: [settle(t) for t in texts])
    benchmark.extra_info["records"] = len(texts)


@pytest.mark.benchmark(group="additive-settle")
def test_settle_from_json_text(benchmark, records):
    rules, texts = records
    settle = MODULES[rules].settle
    out = benchmark(lambda: [settle(t) for t in texts])
    assert all(sum(s.deltas) == 0 for s in out)
    benchmark.extra_info["records"] = len(texts)


def _clear_caches():
    """Forget every cache a settlement fills: the record reader's melds, the options built
    from records' mappings and the scored results per fan combination."""
    meld_from_strings.cache_clear()
    for module in (two_player, tongcheng):
        module.Rules.clear_caches()


@pytest.mark.benchmark(group="additive-settle")
def test_settle_from_json_text_cold_caches(benchmark, records):
    rules, texts = records
    settle = MODULES[rules].settle
    benchmark.pedantic(lambda: [settle(t) for t in texts], setup=_clear_caches, rounds=5)
    benchmark.extra_info["records"] = len(texts)


def _rate(texts, settle, repeat=5):
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for t in texts:
            settle(t)
        best = min(best, time.perf_counter() - start)
    return len(texts) / best


if __name__ == "__main__":
    import os

    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for name, module in sorted(MODULES.items()):
        for single in (False, True):
            texts = build_records(name, 5000, single_win=single)
            what = "single-win records" if single else "records with claims and options"
            print(f"{name}: {_rate(texts, module.settle):,.0f} {what}/s settled from JSON "
                  "text (best of 5, one core)")
