"""The melds' locked copies: the table certificate (`_certified` in mahjong_core/_shanten.pyx)
against the kernel's exact search.

`analyze_one` with locked copies answers from the plain tables whenever they prove the
answer (no needed tile short of copies), and searches otherwise; `exact_missing` always
searches. Both the missing count and the useful-tile mask must agree on random hands with
random locked copies (0-4 melds, or any copies at all), every forms subset, with and
without a wildcard, many of them built so that the locked kinds are the ones the hand
needs. MAHJONG_LOCKED_CASES=200000 runs the long comparison.
"""
import os
import random

import numpy as np
import pytest

from mahjong_core import _shanten

N_CASES = int(os.environ.get("MAHJONG_LOCKED_CASES", "4000"))


def _meld_tiles(rng, near):
    """The tiles of a random meld (chow, pung or kong), often on or beside a tile of `near`."""
    t = rng.choice(near) if near and rng.random() < 0.7 else rng.randrange(34)
    kind = rng.random()
    if kind < 0.35 and t < 27:
        start = min(max(t - rng.randrange(3), 9 * (t // 9)), 9 * (t // 9) + 6)
        return [start, start + 1, start + 2]
    return [t] * (3 if kind < 0.8 else 4)


def random_locked_case(rng):
    """(counts, n_melds, locked or None, wildcard, forms) with counts + locked <= 4."""
    n_melds = rng.randrange(5)
    w = rng.randrange(34) if rng.random() < 0.4 else -1
    # a core of sets and pairs the hand is built around: melds are placed beside it
    core = []
    for _ in range(rng.randrange(1, 6)):
        t = rng.randrange(34)
        if t < 27 and t % 9 <= 6 and rng.random() < 0.5:
            core += [t, t + 1, t + 2]
        else:
            core += [t] * rng.choice([1, 2, 3])
    locked = [0] * 34
    placed = 0
    tries = 0
    while placed < n_melds and tries < 50:
        tries += 1
        tiles = _meld_tiles(rng, core)
        if all(locked[x] + tiles.count(x) <= 4 for x in set(tiles)):
            for x in tiles:
                locked[x] += 1
            placed += 1
    if rng.random() < 0.15:          # copies locked without a meld shape (any 34 counts)
        for _ in range(rng.randrange(1, 5)):
            t = rng.choice(core)
            locked[t] = min(4, locked[t] + rng.randrange(1, 3))
    size = rng.choice([13, 14]) - 3 * n_melds
    if rng.random() < 0.1:
        size = rng.randrange(0, size + 1)
    counts = [0] * 34
    rng.shuffle(core)
    keep = rng.random()
    order = [t for t in core if rng.random() < keep] + [rng.randrange(34) for _ in range(40)]
    if w >= 0:
        order[rng.randrange(len(order)):0] = [w] * rng.randrange(4)
    for t in order:
        if sum(counts) == size:
            break
        if counts[t] + locked[t] < 4:
            counts[t] += 1
    if sum(counts) != size:
        return None
    forms = rng.randrange(32)
    lk = np.array(locked, np.uint8) if any(locked) or rng.random() < 0.5 else None
    return np.array(counts, np.uint8), n_melds, lk, w, forms


def exact_answer(counts, n_melds, locked, w, forms):
    """(missing, mask) by the exact search alone, the mask draw by draw (a tile with a copy
    left whose draw lowers the missing count)."""
    missing = _shanten.exact_missing(counts, n_melds, forms, locked, w)
    mask = 0
    if 0 < missing < 99:
        for t in range(34):
            if counts[t] + (0 if locked is None else locked[t]) >= 4:
                continue
            counts[t] += 1
            if _shanten.exact_missing(counts, n_melds, forms, locked, w) < missing:
                mask |= 1 << t
            counts[t] -= 1
    return missing, mask


def test_certified_answers_equal_the_exact_search():
    rng = random.Random(20261204)
    done = with_locks = useful = binding = 0
    while done < N_CASES:
        case = random_locked_case(rng)
        if case is None:
            continue
        counts, n_melds, locked, w, forms = case
        got = _shanten.analyze_one(counts, n_melds, forms, locked, w, True)
        want = exact_answer(counts, n_melds, locked, w, forms)
        assert got == want, (counts.tolist(), n_melds,
                             None if locked is None else locked.tolist(), w, forms)
        assert _shanten.analyze_one(counts, n_melds, forms, locked, w, False)[0] == want[0]
        done += 1
        with_locks += locked is not None and locked.any()
        useful += want[1] != 0
        # the locked copies change the answer: a certificate that ignored them would fail
        binding += locked is not None and _shanten.analyze_one(
            counts, n_melds, forms, None, w, True) != want
    assert with_locks > N_CASES // 2 and useful > N_CASES // 3 and binding > N_CASES // 50


@pytest.mark.parametrize("hand, locked_tiles, n_melds, plain, exact", [
    # pungs of 3m and 7z: 123m + 234m + 55p needs two 3m, one is left
    ("1224m55p9s", [2, 2, 2, 33, 33, 33], 2, 2, 3),
    # pungs elsewhere: the plain count
    ("1224m55p9s", [32, 32, 32, 33, 33, 33], 2, 2, 2),
    # a kong of 5p: 46p no longer waits on the middle tile
    ("46p123789m11s9s", [13] * 4, 1, 1, 2),
])
def test_a_needed_kind_short_of_copies_is_searched(hand, locked_tiles, n_melds, plain, exact):
    from mahjong.tiles import tile_counts
    counts = np.array(tile_counts(hand), np.uint8)
    locked = np.zeros(34, np.uint8)
    for t in locked_tiles:
        locked[t] += 1
    assert _shanten.analyze_one(counts, n_melds, 1, None, -1, False)[0] == plain
    assert _shanten.analyze_one(counts, n_melds, 1, locked, -1, True) == exact_answer(
        counts, n_melds, locked, -1, 1)
    assert exact_answer(counts, n_melds, locked, -1, 1)[0] == exact
