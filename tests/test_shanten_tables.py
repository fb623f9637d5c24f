"""The shanten tables of mahjong_core._shanten, re-derived independently.

Every class vector is checked against a brute force over explicit complete targets
(tests/slow_oracle.py), and every class-combination entry against an explicit min-plus.
"""
import itertools
import random

import numpy as np

from mahjong_core import _shanten

import slow_oracle as oracle

INFO = _shanten.table_info()
CAP = INFO["cap"]
TARGETS = [(m, p) for m in range(5) for p in (0, 1)]   # index m * 2 + p


def digits(index, n):
    return [(index // 5 ** i) % 5 for i in range(n)]


def brute_vector(vec, chows):
    return np.array([min(oracle.group_missing(vec, chows, m, bool(p)), CAP)
                     for m, p in TARGETS], np.uint8)


def test_class_counts():
    # the number of distinct capped vectors: 126 for a number suit, 54 for the honors
    assert len(INFO["suit_vectors"]) == 126
    assert len(INFO["honor_vectors"]) == 54
    # two suits, three suits, two suits + honors: 179 classes each
    assert len(INFO["pair_vectors"]) == len(INFO["triple_vectors"]) == 179
    assert len(INFO["ph_vectors"]) == 179
    assert INFO["suit_class"].max() == 125 and INFO["honor_class"].max() == 53


def test_suit_vectors_small_sums_exhaustive():
    suit_class, vecs = INFO["suit_class"], INFO["suit_vectors"]
    checked = 0
    for index in range(5 ** 9):
        vec = digits(index, 9)
        if sum(vec) <= 4:
            assert (vecs[suit_class[index]] == brute_vector(vec, True)).all(), vec
            checked += 1
    assert checked == 715  # vectors of 9 counts summing to at most 4


def test_suit_vectors_random_sample():
    suit_class, vecs = INFO["suit_class"], INFO["suit_vectors"]
    rng = random.Random(2024)
    for _ in range(3000):
        vec = [rng.randrange(5) for _ in range(9)]
        while sum(vec) > 15:
            vec[rng.randrange(9)] = 0
        index = sum(c * 5 ** i for i, c in enumerate(vec))
        assert (vecs[suit_class[index]] == brute_vector(vec, True)).all(), vec


def test_honor_vectors_exhaustive_up_to_14_tiles():
    honor_class, vecs = INFO["honor_class"], INFO["honor_vectors"]
    seen = {}
    for index in range(5 ** 7):
        vec = digits(index, 7)
        if sum(vec) > 14:
            continue
        # honors have no runs: the vector only depends on the sorted counts
        key = tuple(sorted(vec))
        if key not in seen:
            seen[key] = brute_vector(vec, False)
        assert (vecs[honor_class[index]] == seen[key]).all(), vec


def min_plus(a, b):
    out = np.full(10, CAP, np.int16)
    for (ma, pa), (mb, pb) in itertools.product(TARGETS, TARGETS):
        if ma + mb <= 4 and pa + pb <= 1:
            t = (ma + mb) * 2 + pa + pb
            out[t] = min(out[t], int(a[ma * 2 + pa]) + int(b[mb * 2 + pb]))
    return out


def test_pair_table_is_min_plus():
    suit, pair = INFO["suit_vectors"], INFO["pair_vectors"]
    table = INFO["pair_table"]
    for i, j in itertools.product(range(len(suit)), repeat=2):
        assert (pair[table[i, j]] == min_plus(suit[i], suit[j])).all()


def test_triple_table_is_min_plus():
    suit, pair, triple = INFO["suit_vectors"], INFO["pair_vectors"], INFO["triple_vectors"]
    table = INFO["triple_table"]
    for i, j in itertools.product(range(len(pair)), range(len(suit))):
        assert (triple[table[i, j]] == min_plus(pair[i], suit[j])).all()


def test_final_table_is_min_plus_with_pair():
    triple, honor, final = INFO["triple_vectors"], INFO["honor_vectors"], INFO["final_table"]
    for i, j in itertools.product(range(len(triple)), range(len(honor))):
        vec = min_plus(triple[i], honor[j])
        assert [final[k, i, j] for k in range(5)] == [vec[k * 2 + 1] for k in range(5)]


def test_pair_and_honors_table_is_min_plus():
    pair, honor, ph = INFO["pair_vectors"], INFO["honor_vectors"], INFO["ph_vectors"]
    table = INFO["ph_table"]
    for i, j in itertools.product(range(len(pair)), range(len(honor))):
        assert (ph[table[i, j]] == min_plus(pair[i], honor[j])).all()


def test_suit_final_table_is_min_plus_with_pair():
    # the rows the useful-tile kernel reads: (two suits + honors) class x the drawn suit
    ph, suit, final = INFO["ph_vectors"], INFO["suit_vectors"], INFO["suit_final_table"]
    for i, j in itertools.product(range(len(ph)), range(len(suit))):
        vec = min_plus(ph[i], suit[j])
        assert [final[k, i, j] for k in range(5)] == [vec[k * 2 + 1] for k in range(5)]


def test_cap_is_safe():
    # capping is exact below CAP; the largest real missing count (13 isolated tiles) is 9
    assert CAP == 9
    worst = np.zeros(34, np.uint8)
    worst[[0, 4, 8, 9, 13, 17, 18, 22, 26, 27, 28, 29, 30]] = 1
    assert _shanten.missing_one(worst, 0, 1) == 9 == oracle.regular_missing(worst)

