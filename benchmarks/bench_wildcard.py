"""Wildcards (赖子) and locked meld copies: the batch kernels beside the plain path.

Run: ``PYTHONPATH=. python -m pytest benchmarks/bench_wildcard.py --benchmark-enable``.
Each group times the plain path and the wildcard path on the same hands in the same run;
``extra_info["ns_per_hand"]`` is the median time per hand.

Hands: random 13-tile hands from a shuffled wall, a random wildcard kind per row, and 0-4
of the row's tiles turned into wildcards (uniformly), so every row holds up to four.

Targets (issue 8, one core): regular-form shanten >= 30 M hands/s and >= 0.4x the plain
regular path; all five forms >= 10 M/s; useful tiles over all five forms >= 5 M/s; two
threads >= 1.6x one.
"""
import sys
from pathlib import Path

import numpy as np
import pytest

from mahjong import batch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _hands import random_hands  # noqa: E402

N_BATCH = 400_000


def wildcard_hands(n, seed=1):
    """(counts, wildcard per row): each row has 0-4 of its tiles turned into its wildcard."""
    rng = np.random.default_rng(seed)
    counts = random_hands(n, seed=seed).astype(np.int16)
    wild = rng.integers(0, 34, n)
    n_wild = rng.integers(0, 5, n)
    rows = np.arange(n)
    for _ in range(4):
        # take one tile of another kind from the rows that still want a wildcard
        want = (n_wild > counts[rows, wild]) & (counts[rows, wild] < 4)
        weights = counts.astype(float)
        weights[rows, wild] = 0
        pick = np.argmax(weights * rng.random((n, 34)), axis=1)   # a random held kind
        counts[rows[want], pick[want]] -= 1
        counts[rows[want], wild[want]] += 1
    return counts.astype(np.uint8), wild.astype(np.int8)


@pytest.fixture(scope="module")
def hands():
    return wildcard_hands(N_BATCH)


def run(benchmark, fn, n_hands, rounds=5):
    benchmark.extra_info["hands"] = n_hands
    result = benchmark.pedantic(fn, rounds=rounds, warmup_rounds=1)
    if benchmark.stats is not None:
        benchmark.extra_info["ns_per_hand"] = round(
            benchmark.stats.stats.median / n_hands * 1e9, 1)
    return result


@pytest.mark.benchmark(group="wild-shanten-regular")
@pytest.mark.parametrize("threads", [1, 2])
def test_plain_shanten_regular(benchmark, hands, threads):
    counts, _ = hands
    out = run(benchmark, lambda: batch.shanten(counts, forms=["regular"], threads=threads),
              len(counts))
    assert out.shape == (len(counts),)


@pytest.mark.benchmark(group="wild-shanten-regular")
@pytest.mark.parametrize("threads", [1, 2])
def test_wildcard_shanten_regular(benchmark, hands, threads):
    counts, wild = hands
    out = run(benchmark, lambda: batch.shanten(counts, forms=["regular"], threads=threads,
                                               wildcard=wild), len(counts))
    assert (out <= batch.shanten(counts, forms=["regular"])).all()


@pytest.mark.benchmark(group="wild-shanten-all-forms")
@pytest.mark.parametrize("threads", [1, 2])
def test_plain_shanten_all_forms(benchmark, hands, threads):
    counts, _ = hands
    run(benchmark, lambda: batch.shanten(counts, threads=threads), len(counts))


@pytest.mark.benchmark(group="wild-shanten-all-forms")
@pytest.mark.parametrize("threads", [1, 2])
def test_wildcard_shanten_all_forms(benchmark, hands, threads):
    counts, wild = hands
    out = run(benchmark, lambda: batch.shanten(counts, threads=threads, wildcard=wild),
              len(counts))
    assert (out <= batch.shanten(counts)).all()


@pytest.mark.benchmark(group="wild-useful-all-forms")
@pytest.mark.parametrize("threads", [1, 2])
def test_plain_useful_all_forms(benchmark, hands, threads):
    counts, _ = hands
    run(benchmark, lambda: batch.useful_tiles(counts, threads=threads), len(counts))


@pytest.mark.benchmark(group="wild-useful-all-forms")
@pytest.mark.parametrize("threads", [1, 2])
def test_wildcard_useful_all_forms(benchmark, hands, threads):
    counts, wild = hands
    out = run(benchmark, lambda: batch.useful_tiles(counts, threads=threads, wildcard=wild),
              len(counts))
    assert out.shape == (len(counts), 34)


@pytest.mark.benchmark(group="locked-useful-all-forms")
def test_locked_copies_useful(benchmark):
    # 10-tile hands with one meld whose copies are locked (the meld-copy rule)
    rng = np.random.default_rng(3)
    n = 20_000
    counts = random_hands(n, n_tiles=10, seed=3)
    locked = np.zeros_like(counts)
    t = rng.integers(0, 34, n)
    ok = counts[np.arange(n), t] <= 1
    locked[np.arange(n)[ok], t[ok]] = 3
    run(benchmark, lambda: batch.useful_tiles(counts, n_melds=1, locked=locked), n, rounds=3)
