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
def test_scalar_shanten_forms_list_written_in_the_call(benchmark, sample):
    # a new forms list each call (as forms=["regular", ...] written in the call): read from
    # the names the compiled call kept, as a list kept by the caller is
    _, strings = sample
    out = run(benchmark, lambda: [mahjong.shanten(s, forms=["regular", "seven_pairs"])
                                  for s in strings], len(strings))
    assert len(out) == len(strings)


@pytest.mark.benchmark(group="scalar-shanten")
def test_scalar_shanten_with_a_wildcard(benchmark, sample):
    # a wildcard named as a tile (the compiled call, as the plain one)
    _, strings = sample
    out = run(benchmark, lambda: [mahjong.shanten(s, wildcard="5z") for s in strings],
              len(strings))
    assert len(out) == len(strings)


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


# Analysis under a rule set (rules=): the same hands (all honours taken out, as a 108-tile
# rule set holds them) with no rule set, Guiyang (its forms and tile set: the plain kernel,
# the useful mask cut to the tile set) and Sichuan (缺门: the best of the three void suits,
# three passes of the kernel), side by side.

def _suited(n, seed):
    """(n, 34) counts of 13 tiles from a shuffled 108-tile wall (no honours)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    picks = np.argsort(rng.random((n, 108)), axis=1)[:, :13] // 4
    counts = np.zeros((n, 34), np.uint8)
    np.add.at(counts, (np.repeat(np.arange(n), 13), picks.ravel()), 1)
    return counts


@pytest.fixture(scope="module")
def suited_hands():
    return _suited(100_000, seed=7)


@pytest.mark.benchmark(group="batch-rules")
@pytest.mark.parametrize("rules", [None, "guiyang", "sichuan"])
def test_batch_shanten_rules(benchmark, suited_hands, rules):
    run(benchmark, lambda: batch.shanten(suited_hands, rules=rules), len(suited_hands))


@pytest.mark.benchmark(group="scalar-rules")
@pytest.mark.parametrize("rules", [None, "guobiao", "guiyang", "sichuan"])
def test_scalar_shanten_rules(benchmark, rules):
    texts = tenhou_strings(_suited(2_000, seed=8))
    run(benchmark, lambda: [mahjong.shanten(t, rules=rules) for t in texts], len(texts))
