"""Shanten and useful tiles: our batch and scalar paths beside the reference pymahjonggb.

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_shanten.py --benchmark-enable``
(add ``--benchmark-json=out.json`` to keep the figures). Every benchmark records
``extra_info["hands"]``, the hands per call, and ``extra_info["ns_per_hand"]``; the
reference is called once per hand from Python on a sample of the same hands, in the same
run, so the groups compare like with like. ``benchmarks/compare_reference.py`` prints the
same comparison as one table.

Targets (issue 2, per core): all five forms >= 15 M hands/s, regular >= 50 M/s; useful tiles
>= 15 M/s regular, >= 5 M/s all five; scalar ``mahjong.shanten(str)`` >= 5x the reference's
MahjongShanten; two threads >= 1.5x one on large batches.
"""
import sys
import threading
from pathlib import Path

import pytest

import mahjong
from mahjong import batch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _hands import random_hands, reference_hands, tenhou_strings  # noqa: E402

import MahjongGB  # noqa: E402  the reference, timed in the same run

N_BATCH = 400_000
N_REFERENCE = 2_000


@pytest.fixture(scope="module")
def hands():
    return random_hands(N_BATCH, seed=1)


@pytest.fixture(scope="module")
def sample(hands):
    counts = hands[:N_REFERENCE]
    return reference_hands(counts), tenhou_strings(counts)


def run(benchmark, fn, n_hands, rounds=5):
    benchmark.extra_info["hands"] = n_hands
    result = benchmark.pedantic(fn, rounds=rounds, warmup_rounds=1)
    if benchmark.stats is not None:
        benchmark.extra_info["ns_per_hand"] = round(
            benchmark.stats.stats.median / n_hands * 1e9, 1)
    return result


# --- all five forms ------------------------------------------------------------------------

@pytest.mark.benchmark(group="shanten-all-forms")
@pytest.mark.parametrize("threads", [1, 2])
def test_batch_shanten_all_forms(benchmark, hands, threads):
    out = run(benchmark, lambda: batch.shanten(hands, threads=threads), len(hands))
    assert out.shape == (len(hands),)


@pytest.mark.benchmark(group="shanten-all-forms")
def test_reference_mahjong_shanten(benchmark, sample):
    names, _ = sample
    out = run(benchmark, lambda: [MahjongGB.MahjongShanten(pack=(), hand=h) for h in names],
              len(names), rounds=3)
    assert len(out) == len(names)


# --- regular form -------------------------------------------------------------------------

@pytest.mark.benchmark(group="shanten-regular")
@pytest.mark.parametrize("threads", [1, 2])
def test_batch_shanten_regular(benchmark, hands, threads):
    out = run(benchmark, lambda: batch.shanten(hands, forms=["regular"], threads=threads),
              len(hands))
    assert out.shape == (len(hands),)


@pytest.mark.benchmark(group="shanten-regular")
def test_reference_regular_shanten(benchmark, sample):
    names, _ = sample
    out = run(benchmark, lambda: [MahjongGB.RegularShanten(h) for h in names], len(names),
              rounds=3)
    assert len(out) == len(names)


# --- useful tiles -----------------------------------------------------------------------------

@pytest.mark.benchmark(group="useful-regular")
@pytest.mark.parametrize("threads", [1, 2])
def test_batch_useful_regular(benchmark, hands, threads):
    out = run(benchmark, lambda: batch.useful_tiles(hands, forms=["regular"], threads=threads),
              len(hands))
    assert out.shape == (len(hands), 34)


@pytest.mark.benchmark(group="useful-regular")
def test_reference_useful_regular(benchmark, sample):
    # RegularShanten returns the useful tiles with the shanten: the same work
    names, _ = sample
    run(benchmark, lambda: [MahjongGB.RegularShanten(h)[1] for h in names], len(names),
        rounds=3)


@pytest.mark.benchmark(group="useful-all-forms")
@pytest.mark.parametrize("threads", [1, 2])
def test_batch_useful_all_forms(benchmark, hands, threads):
    out = run(benchmark, lambda: batch.useful_tiles(hands, threads=threads), len(hands))
    assert out.shape == (len(hands), 34)


@pytest.mark.benchmark(group="useful-all-forms")
def test_reference_useful_all_forms(benchmark, sample):
    names, _ = sample
    forms = (MahjongGB.RegularShanten, MahjongGB.SevenPairsShanten,
             MahjongGB.ThirteenOrphansShanten, MahjongGB.HonorsAndKnittedTilesShanten,
             MahjongGB.KnittedStraightShanten)
    run(benchmark, lambda: [[f(h) for f in forms] for h in names], len(names), rounds=3)


# --- scalar calls ---------------------------------------------------------------------------

@pytest.mark.benchmark(group="scalar-shanten")
def test_scalar_shanten_from_string(benchmark, sample):
    _, strings = sample
    out = run(benchmark, lambda: [mahjong.shanten(s) for s in strings], len(strings))
    assert len(out) == len(strings)


@pytest.mark.benchmark(group="scalar-shanten")
def test_scalar_shanten_from_ids(benchmark, sample, hands):
    ids = [[t for t in range(34) for _ in range(int(row[t]))] for row in hands[:N_REFERENCE]]
    run(benchmark, lambda: [mahjong.shanten(h) for h in ids], len(ids))


@pytest.mark.benchmark(group="scalar-shanten")
def test_scalar_reference_mahjong_shanten(benchmark, sample):
    names, _ = sample
    run(benchmark, lambda: [MahjongGB.MahjongShanten(pack=(), hand=h) for h in names],
        len(names))


@pytest.mark.benchmark(group="scalar-useful")
def test_scalar_useful_tiles_from_string(benchmark, sample):
    _, strings = sample
    run(benchmark, lambda: [mahjong.useful_tiles(s, forms="regular") for s in strings],
        len(strings))


# --- the GIL is released: two Python threads vs the same work in sequence ---------------

def _two_threads(hands):
    half = len(hands) // 2
    parts = (hands[:half], hands[half:])
    threads = [threading.Thread(target=batch.shanten, args=(p,)) for p in parts]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


@pytest.mark.benchmark(group="gil-release")
def test_two_python_threads(benchmark, hands):
    run(benchmark, lambda: _two_threads(hands), len(hands))


@pytest.mark.benchmark(group="gil-release")
def test_sequential_calls(benchmark, hands):
    half = len(hands) // 2
    run(benchmark, lambda: (batch.shanten(hands[:half]), batch.shanten(hands[half:])),
        len(hands))
