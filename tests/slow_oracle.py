"""Slow, obviously-correct pure-Python twins of the core kernels (test oracle only).

Nothing here is shared with mahjong_core: decompositions come from trying every set at every
step (deduplicated by sorting), shanten from an explicit search over targets.
"""

N_KINDS = 34
CHOW, PUNG = 1, 2
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
HONORS = tuple(range(27, 34))
# Knitted patterns in the order documented by mahjong_core._decompose.pxd.
_SUIT_ORDERS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
KNITTED_PATTERNS = tuple(
    tuple(sorted(order[pos] * 9 + rank for pos in range(3) for rank in range(pos, 9, 3)))
    for order in _SUIT_ORDERS)


def all_sets():
    """Every possible set as (kind, tile, tiles)."""
    out = []
    for t in range(N_KINDS):
        out.append((PUNG, t, (t, t, t)))
        if t < 27 and t % 9 <= 6:
            out.append((CHOW, t, (t, t + 1, t + 2)))
    return out


SETS = all_sets()


def _split(counts):
    """All multisets of sets that use exactly ``counts`` (tuple), as sorted tuples."""
    if not any(counts):
        return {()}
    found = set()
    for kind, tile, tiles in SETS:
        rest = list(counts)
        ok = True
        for t in tiles:
            rest[t] -= 1
            if rest[t] < 0:
                ok = False
        if ok:
            for tail in _split(tuple(rest)):
                found.add(tuple(sorted(tail + ((kind, tile),), key=lambda s: (s[1], s[0] == CHOW))))
    return found


def decompositions(counts):
    """Set of (pair, sets) for a 3n+2-tile hand: every pair tried, every set tried."""
    counts = tuple(int(c) for c in counts)
    out = set()
    for t in range(N_KINDS):
        if counts[t] >= 2:
            rest = list(counts)
            rest[t] -= 2
            for sets in _split(tuple(rest)):
                out.add((t, sets))
    return out


def is_seven_pairs(counts):
    return sum(counts) == 14 and all(c % 2 == 0 for c in counts)


def thirteen_orphans_pair(counts):
    if sum(counts) != 14 or any(counts[t] for t in range(N_KINDS) if t not in ORPHANS):
        return None
    if sorted(counts[t] for t in ORPHANS) != [1] * 12 + [2]:
        return None
    return next(t for t in ORPHANS if counts[t] == 2)


def honors_knitted_pattern(counts):
    if sum(counts) != 14 or max(counts) > 1:
        return None
    for p, pattern in enumerate(KNITTED_PATTERNS):
        if all(counts[t] == 0 or t in pattern or t in HONORS for t in range(N_KINDS)):
            return p
    return None


def knitted_straight(counts):
    """Set of (pattern, pair, sets) decompositions."""
    out = set()
    for p, pattern in enumerate(KNITTED_PATTERNS):
        if all(counts[t] >= 1 for t in pattern):
            rest = list(counts)
            for t in pattern:
                rest[t] -= 1
            if sum(rest) % 3 == 2:
                for pair, sets in decompositions(rest):
                    out.add((p, pair, sets))
    return out


# ---------------------------------------------------------------------------------------
# Shanten by explicit targets. "missing" = fewest tiles to draw (discards are free) to
# reach a complete target; shanten = missing - 1. capped=True: targets hold at most 4 copies
# of a tile (the project's rule); capped=False: a fifth copy may be counted (the
# reference pymahjonggb's behaviour), for explaining the differences.

import itertools as _it

import numpy as _np

_SUIT_SETS = [("chow", i) for i in range(7)] + [("pung", i) for i in range(9)]


def _group_targets(n_pos, chows, n_sets, with_pair, capped):
    """Matrix of every complete target of one group (rows of n_pos counts)."""
    kinds = [s for s in _SUIT_SETS if chows or s[0] == "pung"]
    kinds = [s for s in kinds if s[1] < n_pos]
    rows = set()
    for combo in _it.combinations_with_replacement(kinds, n_sets):
        base = [0] * n_pos
        for kind, i in combo:
            if kind == "chow":
                base[i] += 1
                base[i + 1] += 1
                base[i + 2] += 1
            else:
                base[i] += 3
        for pair in (range(n_pos) if with_pair else [None]):
            vec = list(base)
            if pair is not None:
                vec[pair] += 2
            if not capped or max(vec) <= 4:
                rows.add(tuple(vec))
    return _np.array(sorted(rows), dtype=_np.int16).reshape(-1, n_pos)


_TARGETS = {}


def group_missing(vec, chows, n_sets, with_pair, capped=True):
    """Fewest draws for one group (a suit, or the honors) to hold n_sets sets (+ pair)."""
    key = (len(vec), chows, n_sets, with_pair, capped)
    if key not in _TARGETS:
        _TARGETS[key] = _group_targets(len(vec), chows, n_sets, with_pair, capped)
    targets = _TARGETS[key]
    if targets.size == 0:
        return 99
    h = _np.asarray(vec, dtype=_np.int16)
    return int(_np.maximum(targets - h, 0).sum(axis=1).min())


def regular_missing(counts, n_melds=0, capped=True):
    """Min over every split of the 4 - n_melds sets among the four groups and the pair."""
    counts = [int(c) for c in counts]
    groups = [(counts[0:9], True), (counts[9:18], True), (counts[18:27], True),
              (counts[27:34], False)]
    need = 4 - n_melds
    best = 99
    cache = {}

    def gm(g, m, p):
        if (g, m, p) not in cache:
            vec, chows = groups[g]
            cache[(g, m, p)] = group_missing(vec, chows, m, p, capped)
        return cache[(g, m, p)]

    for split in _it.product(range(need + 1), repeat=4):
        if sum(split) != need:
            continue
        for pair_group in range(4):
            total = sum(gm(g, split[g], g == pair_group) for g in range(4))
            best = min(best, total)
    return best


def seven_pairs_missing(counts):
    """Knapsack over kinds: k_t pairs of kind t (0..2, a four of a kind is two pairs)
    cost max(2 k_t - c_t, 0); exactly seven pairs."""
    inf = 99
    best = [0] + [inf] * 7
    for c in counts:
        c = int(c)
        new = [inf] * 8
        for have in range(8):
            if best[have] == inf:
                continue
            for k in range(3):
                if have + k <= 7:
                    new[have + k] = min(new[have + k], best[have] + max(2 * k - c, 0))
        best = new
    return best[7]


def thirteen_orphans_missing(counts):
    best = 99
    for extra in ORPHANS:
        target = [0] * N_KINDS
        for t in ORPHANS:
            target[t] = 1
        target[extra] += 1
        best = min(best, sum(max(target[t] - int(counts[t]), 0) for t in range(N_KINDS)))
    return best


def honors_knitted_missing(counts):
    best = 99
    for pattern in KNITTED_PATTERNS:
        pool = list(pattern) + list(HONORS)
        for left_out in _it.combinations(pool, 2):  # 16 candidates, 14 in the target
            target = [t for t in pool if t not in left_out]
            best = min(best, sum(1 for t in target if counts[t] == 0))
    return best


_KNIT_TARGETS = {}


def _knitted_targets(n_melds, capped):
    key = (n_melds, capped)
    if key not in _KNIT_TARGETS:
        rows = []
        sets = [s[2] for s in SETS] if n_melds == 0 else [()]
        for pattern in KNITTED_PATTERNS:
            for extra in sets:
                for pair in range(N_KINDS):
                    row = [0] * N_KINDS
                    for t in pattern + tuple(extra) + (pair, pair):
                        row[t] += 1
                    if not capped or max(row) <= 4:
                        rows.append(row)
        _KNIT_TARGETS[key] = _np.array(rows, dtype=_np.int16)
    return _KNIT_TARGETS[key]


def knitted_straight_missing(counts, n_melds=0, capped=True):
    if n_melds > 1:
        return 99
    targets = _knitted_targets(n_melds, capped)
    h = _np.asarray([int(c) for c in counts], dtype=_np.int16)
    return int(_np.maximum(targets - h, 0).sum(axis=1).min())


FORM_NAMES = ("regular", "seven_pairs", "thirteen_orphans", "honors_knitted",
              "knitted_straight")


def form_missing(counts, form, n_melds=0, capped=True):
    """Missing count of one form (99 if it does not apply with these melds)."""
    if form == "regular":
        return regular_missing(counts, n_melds, capped)
    if form == "knitted_straight":
        return knitted_straight_missing(counts, n_melds, capped)
    if n_melds:
        return 99
    return {"seven_pairs": seven_pairs_missing, "thirteen_orphans": thirteen_orphans_missing,
            "honors_knitted": honors_knitted_missing}[form](counts)


def missing(counts, forms=FORM_NAMES, n_melds=0, capped=True):
    return min(form_missing(counts, f, n_melds, capped) for f in forms)


def shanten(counts, forms=FORM_NAMES, n_melds=0, capped=True):
    return missing(counts, forms, n_melds, capped) - 1


def useful_tiles(counts, forms=FORM_NAMES, n_melds=0, capped=True):
    """Kinds whose draw lowers the missing count (a fifth copy only when not capped)."""
    base = missing(counts, forms, n_melds, capped)
    out = []
    for t in range(N_KINDS):
        if capped and counts[t] >= 4:
            continue
        more = [int(c) for c in counts]
        more[t] += 1
        if missing(more, forms, n_melds, capped) < base:
            out.append(t)
    return out
