"""Complete-hand decomposition kernel (mahjong_core._decompose) against independent oracles."""
import itertools
import random
from collections import Counter, defaultdict

import numpy as np
import pytest

from mahjong_core import _decompose as dec

import slow_oracle as oracle

CHOW, PUNG = dec.PY_SET_CHOW, dec.PY_SET_PUNG


def counts_of(text):
    """Tiny tenhou parser for test literals (independent of mahjong.tiles)."""
    counts = np.zeros(34, np.uint8)
    digits = []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        else:
            base = "mpsz".index(ch) * 9
            for d in digits:
                counts[base + d - 1] += 1
            digits = []
    return counts


def kernel_set(counts):
    return {(pair, tuple(sets)) for pair, sets in dec.decompose(counts)}


def suit_shapes():
    """Every complete single-suit shape built from its sets: vector -> set of splits.

    Built constructively (sets first, then the vector), so it is independent of both the
    kernel and the oracle's search.
    """
    sets = [(CHOW, i) for i in range(7)] + [(PUNG, i) for i in range(9)]
    shapes = defaultdict(set)
    for n in range(5):
        for combo in itertools.combinations_with_replacement(sets, n):
            base = [0] * 9
            for kind, i in combo:
                if kind == CHOW:
                    base[i] += 1
                    base[i + 1] += 1
                    base[i + 2] += 1
                else:
                    base[i] += 3
            for pair in [None, *range(9)]:
                vec = list(base)
                if pair is not None:
                    vec[pair] += 2
                if max(vec) <= 4:
                    key = tuple(sorted(combo, key=lambda s: (s[1], s[0] == CHOW)))
                    shapes[(tuple(vec), pair is not None)].add((pair, key))
    return shapes


SHAPES = suit_shapes()


def test_max_regular_decompositions_is_a_proven_bound():
    # Suits decompose independently; the number of splits of a hand is the product over its
    # suits (honors split at most one way). So the maximum over all hands is the maximum of
    # the product of per-suit maxima over every allocation of sets and of the pair.
    best = Counter()
    for (vec, has_pair), splits in SHAPES.items():
        n_sets = (sum(vec) - 2 * has_pair) // 3
        best[(n_sets, has_pair)] = max(best[(n_sets, has_pair)], len(splits))
    overall = 0
    for alloc in itertools.product(range(5), repeat=3):
        if sum(alloc) > 4:
            continue
        for pair_suit in range(4):  # 3 = the pair is an honor
            product = 1
            for suit in range(3):
                product *= best[(alloc[suit], pair_suit == suit)]
            overall = max(overall, product)
    assert overall == dec.PY_MAX_REGULAR_DECOMPOSITIONS
    # and the kernel does find that many for a hand that reaches it
    assert len(dec.decompose(counts_of("11122233344455m"))) == overall


@pytest.mark.parametrize("suit", [0, 1, 2])
def test_every_single_suit_shape(suit):
    for (vec, has_pair), splits in SHAPES.items():
        if not has_pair:
            continue
        counts = np.zeros(34, np.uint8)
        counts[9 * suit:9 * suit + 9] = vec
        expected = {(pair + 9 * suit, tuple((k, t + 9 * suit) for k, t in sets))
                    for pair, sets in splits}
        assert kernel_set(counts) == expected, vec


def test_shape_table_holds_exactly_the_complete_suit_shapes():
    # the kernel's suit-shape table (built by its own search) against the constructive
    # enumeration above: same number of shapes and of split records
    n_shapes, n_records = dec.shape_table_info()
    assert n_shapes == len(SHAPES)
    assert n_records == sum(len(splits) for splits in SHAPES.values())


@pytest.mark.parametrize("suit", [0, 1, 2])
def test_every_pairless_suit_shape_with_an_honor_pair(suit):
    # each complete shape without the pair, with the pair on an honor (and, where the tile
    # count allows, an honor pung): the kernel must give exactly the shape's splits
    for (vec, has_pair), splits in SHAPES.items():
        if has_pair:
            continue
        for extra in ((27,), (33, 30)):
            counts = np.zeros(34, np.uint8)
            counts[9 * suit:9 * suit + 9] = vec
            counts[extra[0]] = 2
            if len(extra) > 1:
                if sum(vec) > 9:
                    continue
                counts[extra[1]] = 3
            expected = set()
            for _, sets in splits:
                sets = [(k, t + 9 * suit) for k, t in sets]
                if len(extra) > 1:
                    sets.append((PUNG, extra[1]))
                expected.add((extra[0], tuple(sets)))
            assert kernel_set(counts) == expected, (vec, extra)
        # and a tile too many or too few in the suit is never complete
        for r in range(9):
            counts = np.zeros(34, np.uint8)
            counts[9 * suit:9 * suit + 9] = vec
            counts[27] = 2
            if counts[9 * suit + r] < 4:
                counts[9 * suit + r] += 1
                assert kernel_set(counts) == set(), (vec, r)


def test_two_suit_and_honor_combinations_match_oracle():
    rng = random.Random(7)
    complete = [(v, s) for (v, p), s in SHAPES.items() if not p and sum(v) <= 9]
    paired = [(v, s) for (v, p), s in SHAPES.items() if p and sum(v) <= 8]
    for _ in range(3000):
        vec_a, _ = rng.choice(paired)
        vec_b, _ = rng.choice(complete)
        if sum(vec_a) + sum(vec_b) > 14:
            continue
        sa, sb = rng.sample(range(3), 2)
        counts = np.zeros(34, np.uint8)
        counts[9 * sa:9 * sa + 9] = vec_a
        counts[9 * sb:9 * sb + 9] += np.array(vec_b, np.uint8)
        if sum(vec_a) + sum(vec_b) <= 11 and rng.random() < 0.5:
            counts[rng.randrange(27, 34)] = 3
        assert kernel_set(counts) == oracle.decompositions(counts), counts


def random_hand(rng, n_tiles):
    wall = [t for t in range(34) for _ in range(4)]
    counts = np.zeros(34, np.uint8)
    for t in rng.sample(wall, n_tiles):
        counts[t] += 1
    return counts


def random_complete_hand(rng, n_sets):
    while True:
        counts = np.zeros(34, np.uint8)
        pair = rng.randrange(34)
        counts[pair] += 2
        for _ in range(n_sets):
            kind, tile, tiles = rng.choice(oracle.SETS)
            for t in tiles:
                counts[t] += 1
        if counts.max() <= 4:
            return counts


def test_random_complete_hands_match_oracle():
    rng = random.Random(11)
    for i in range(1500):
        counts = random_complete_hand(rng, i % 5)
        got = kernel_set(counts)
        assert got == oracle.decompositions(counts), counts
        assert 1 <= len(got) <= dec.PY_MAX_REGULAR_DECOMPOSITIONS


def test_random_non_3n2_and_incomplete_hands():
    rng = random.Random(13)
    for _ in range(400):
        n = rng.choice([1, 2, 3, 4, 5, 8, 11, 13, 14])
        counts = random_hand(rng, n)
        assert kernel_set(counts) == (oracle.decompositions(counts) if n % 3 == 2 else set())


def test_golden_decompositions():
    assert dec.decompose(counts_of("11z")) == [(27, ())]
    assert dec.decompose(counts_of("123m11z")) == [(27, ((CHOW, 0),))]
    assert kernel_set(counts_of("111222333m44455p")) == {
        (13, ((CHOW, 0), (CHOW, 0), (CHOW, 0), (PUNG, 12))),
        (13, ((PUNG, 0), (PUNG, 1), (PUNG, 2), (PUNG, 12)))}
    assert dec.decompose(counts_of("1234m")) == []
    assert dec.decompose(counts_of("111123456789999m")) == []  # 15 tiles
    assert len(dec.decompose(counts_of("11112345678999m"))) == 1
    assert dec.decompose(counts_of("1z")) == []


def test_bad_counts_rejected():
    with pytest.raises(ValueError, match="34"):
        dec.decompose([0] * 33)
    bad = np.zeros(34, np.uint8)
    bad[5] = 5
    with pytest.raises(ValueError, match=r"counts\[5\]"):
        dec.decompose(bad)


def test_seven_pairs():
    assert dec.seven_pairs(counts_of("1111m22p33p44p55p66p")) == [0, 0, 10, 11, 12, 13, 14]
    assert dec.seven_pairs(counts_of("11m22p33p44p55p66p7z")) is None
    rng = random.Random(3)
    for _ in range(500):
        counts = random_hand(rng, 14)
        assert (dec.seven_pairs(counts) is not None) == oracle.is_seven_pairs(counts)


def test_thirteen_orphans():
    assert dec.thirteen_orphans(counts_of("19m19p19s12345677z")) == 33
    assert dec.thirteen_orphans(counts_of("119m19p19s1234567z")) == 0
    assert dec.thirteen_orphans(counts_of("19m19p19s12345667z")) == 32
    assert dec.thirteen_orphans(counts_of("19m19p19s1234566z")) is None  # 13 tiles
    assert dec.thirteen_orphans(counts_of("129m19p19s123456z")) is None
    for pair in oracle.ORPHANS:
        counts = np.zeros(34, np.uint8)
        counts[list(oracle.ORPHANS)] = 1
        counts[pair] += 1
        assert dec.thirteen_orphans(counts) == pair == oracle.thirteen_orphans_pair(counts)


def test_knitted_patterns_match_documented_order():
    for p in range(6):
        assert dec.knitted_pattern(p) == oracle.KNITTED_PATTERNS[p]
    assert dec.knitted_pattern(0) == tuple(counts_of("147m258p369s").nonzero()[0])
    with pytest.raises(ValueError):
        dec.knitted_pattern(6)


def test_honors_knitted():
    assert dec.honors_knitted(counts_of("147m258p369s12345z")) == 0
    assert dec.honors_knitted(counts_of("14m25p369s1234567z")) == 0   # 七星不靠
    assert dec.honors_knitted(counts_of("147m58p36s1234567z")) == 0
    assert dec.honors_knitted(counts_of("147m258p369s11234z")) is None  # a pair
    assert dec.honors_knitted(counts_of("147m258p36s1234567z")) is None  # 13 tiles
    rng = random.Random(5)
    for _ in range(2000):
        p = rng.randrange(6)
        pool = list(oracle.KNITTED_PATTERNS[p]) + list(oracle.HONORS)
        pool.append(rng.randrange(34))  # sometimes a stray tile
        counts = np.zeros(34, np.uint8)
        for t in rng.sample(pool, 14):
            counts[t] += 1
        expected = oracle.honors_knitted_pattern(counts)
        assert dec.honors_knitted(counts) == expected


def test_knitted_straight():
    assert dec.knitted_straight(counts_of("147m258p369s123m11z")) == [(0, 27, ((CHOW, 0),))]
    assert dec.knitted_straight(counts_of("147m258p369s11z")) == [(0, 27, ())]  # 1 meld outside
    assert dec.knitted_straight(counts_of("147m258p369s11123z")) == []
    rng = random.Random(17)
    n_found = 0
    for i in range(3000):
        p = rng.randrange(6)
        counts = np.zeros(34, np.uint8)
        counts[list(oracle.KNITTED_PATTERNS[p])] = 1
        rest = random_complete_hand(rng, i % 2)
        counts = counts + rest
        if counts.max() > 4:
            continue
        got = {(pat, pair, tuple(sets)) for pat, pair, sets in dec.knitted_straight(counts)}
        assert got == oracle.knitted_straight(counts)
        assert len(got) <= dec.PY_MAX_KNITTED_DECOMPOSITIONS
        n_found += bool(got)
    assert n_found > 2000


def test_max_knitted_decompositions_is_a_proven_bound():
    # Two different patterns share at most 3 tiles, so 14 tiles hold at most one; and every
    # remainder (a set and a pair, 5 tiles; or a pair) splits at most one way.
    for a, b in itertools.combinations(oracle.KNITTED_PATTERNS, 2):
        assert len(set(a) | set(b)) > 14
    rest_splits = [len(s) for (v, p), s in SHAPES.items() if p and sum(v) <= 5]
    assert max(rest_splits) == 1 == dec.PY_MAX_KNITTED_DECOMPOSITIONS
