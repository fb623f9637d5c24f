"""The fifth-copy tables of mahjong_core._shanten, re-derived independently, and the fact
the wildcard fast path rests on.

The wildcard tables hold, per group, the fewest draws to each shape when a target may hold
any number of copies of a tile (wildcards make fifth copies). They are checked against a
brute force over explicit unbounded targets (tests/slow_oracle.py, capped=False). The fast
path reads the plain tables for every hand without a real four of a kind: that is exact
because a group holding at most three copies of every tile has the same vector either
way, which is checked for every such group (4^9 suits, 4^7 honors).
"""
import random

import numpy as np

from mahjong_core import _shanten

import slow_oracle as oracle

INFO = _shanten.table_info()
CAP = INFO["cap"]
TARGETS = [(m, p) for m in range(5) for p in (0, 1)]


def digits(index, n):
    return [(index // 5 ** i) % 5 for i in range(n)]


def brute_vector(vec, chows):
    return np.array([min(oracle.group_missing(vec, chows, m, bool(p), capped=False), CAP)
                     for m, p in TARGETS], np.uint8)


def test_wild_class_counts():
    assert len(INFO["wild_suit_vectors"]) < 256 and len(INFO["wild_honor_vectors"]) < 256
    assert INFO["wild_suit_class"].max() == len(INFO["wild_suit_vectors"]) - 1


def test_wild_suit_vectors_small_sums_exhaustive():
    cls, vecs = INFO["wild_suit_class"], INFO["wild_suit_vectors"]
    checked = 0
    for index in range(5 ** 9):
        vec = digits(index, 9)
        if sum(vec) <= 4:
            assert (vecs[cls[index]] == brute_vector(vec, True)).all(), vec
            checked += 1
    assert checked == 715


def test_wild_suit_vectors_with_fours():
    # every vector holding a four of a kind is where the tables differ: a random sample
    cls, vecs = INFO["wild_suit_class"], INFO["wild_suit_vectors"]
    rng = random.Random(88)
    differ = 0
    for _ in range(2500):
        vec = [rng.randrange(5) for _ in range(9)]
        vec[rng.randrange(9)] = 4
        while sum(vec) > 14:
            vec[rng.randrange(9)] = 0
        index = sum(c * 5 ** i for i, c in enumerate(vec))
        want = brute_vector(vec, True)
        assert (vecs[cls[index]] == want).all(), vec
        differ += (INFO["suit_vectors"][INFO["suit_class"][index]] != want).any()
    assert differ > 0      # fifth copies do matter for some of them


def test_wild_honor_vectors_exhaustive_up_to_14_tiles():
    cls, vecs = INFO["wild_honor_class"], INFO["wild_honor_vectors"]
    seen = {}
    for index in range(5 ** 7):
        vec = digits(index, 7)
        if sum(vec) > 14:
            continue
        key = tuple(sorted(vec))
        if key not in seen:
            seen[key] = brute_vector(vec, False)
        assert (vecs[cls[index]] == seen[key]).all(), vec


def test_without_a_four_the_plain_and_fifth_copy_vectors_agree():
    for size, plain_cls, plain_vecs, wild_cls, wild_vecs in (
            (9, INFO["suit_class"], INFO["suit_vectors"],
             INFO["wild_suit_class"], INFO["wild_suit_vectors"]),
            (7, INFO["honor_class"], INFO["honor_vectors"],
             INFO["wild_honor_class"], INFO["wild_honor_vectors"])):
        # every index whose base-5 digits are all <= 3
        index = np.zeros(1, np.int64)
        for i in range(size):
            index = (index[:, None] + np.arange(4)[None, :] * 5 ** i).ravel()
        assert index.size == 4 ** size
        assert (plain_vecs[plain_cls[index]] == wild_vecs[wild_cls[index]]).all()


def test_exact_group_search_equals_explicit_targets():
    # the exact search's per-group DP, with random caps (locked copies) and every budget,
    # against every explicit target of the group (tests/wild_oracle.py)
    import wild_oracle
    rng = random.Random(6)
    for i in range(400):
        chows = i % 4 != 3
        n = 9 if chows else 7
        cap = [4 - (rng.choice([0, 0, 0, 1, 3, 4]) if rng.random() < 0.4 else 0)
               for _ in range(n)]
        h = [rng.randint(0, c) if rng.random() < 0.6 else 0 for c in cap]
        S = rng.randint(0, 4)
        got = _shanten.group_vector_exact(np.array(h, np.uint8), np.array(cap, np.uint8),
                                          chows, S)
        want = wild_oracle.group_table(tuple(h), tuple(cap), chows, S)
        assert (got[:, :, :S + 1] == np.minimum(want, 99)).all(), (h, cap, S)
        assert (got[:, :, S + 1:] == 99).all()


def test_exact_search_without_caps_equals_the_tables():
    rng = random.Random(5)
    for _ in range(300):
        counts = np.zeros(34, np.uint8)
        for t in rng.sample(range(136), 13):
            counts[t // 4] += 1
        for f in (1, 16):
            assert _shanten.exact_missing(counts, 0, f) == _shanten.missing_one(counts, 0, f)
