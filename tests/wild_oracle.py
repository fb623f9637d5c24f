"""Slow, obviously-correct twin of the wildcard / locked-copy definition (test oracle only).

Definition (issue 8, docs/ALGORITHMS.md): r = the real concealed tiles (every copy of the
wildcard kind w taken out), k = the wildcards held, cap[t] = 4 - copies of t in the
player's melds (0 for w), S = 4 - copies of w in the melds (0 without a wildcard). For a
complete target T, D(T) = sum max(T - r, 0) and E(T) = sum max(T - cap, 0);
missing = min over targets with E(T) <= S of max(D(T) - k, 0).

Targets are enumerated explicitly: per group every multiset of sets (any counts: fifth
copies included) with or without the pair, and the four groups are joined by trying every
split of the sets, of the pair and of the excess budget. Seven pairs is a knapsack over
the kinds (j pairs of a kind, any j), the other special forms are listed target by target.
Nothing here is shared with mahjong_core.
"""
import functools
import itertools

import numpy as np

N_KINDS = 34
INF = 99
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
HONORS = tuple(range(27, 34))
_SUIT_ORDERS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
KNITTED_PATTERNS = tuple(
    tuple(sorted(order[pos] * 9 + rank for pos in range(3) for rank in range(pos, 9, 3)))
    for order in _SUIT_ORDERS)
FORMS = ("regular", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight")

_GROUP_TARGETS = {}


def group_targets(n, chows):
    """(targets (rows of n counts), m, p) for every multiset of up to 4 sets (+ a pair)."""
    key = (n, chows)
    if key not in _GROUP_TARGETS:
        kinds = [("pung", i) for i in range(n)] + ([("chow", i) for i in range(n - 2)]
                                                  if chows else [])
        rows, ms, ps = [], [], []
        for m in range(5):
            for combo in itertools.combinations_with_replacement(kinds, m):
                base = [0] * n
                for kind, i in combo:
                    if kind == "pung":
                        base[i] += 3
                    else:
                        base[i] += 1
                        base[i + 1] += 1
                        base[i + 2] += 1
                for pair in [None] + list(range(n)):
                    vec = list(base)
                    if pair is not None:
                        vec[pair] += 2
                    rows.append(vec)
                    ms.append(m)
                    ps.append(pair is not None)
        # rows come in (m, pair) order: m ascending, and for each combo no pair first
        keys = np.array(ms) * 2 + np.array(ps, int)
        order = np.argsort(keys, kind="stable")
        keys = keys[order]
        starts = np.searchsorted(keys, np.arange(10))
        _GROUP_TARGETS[key] = (np.array(rows, np.int16)[order], starts)
    return _GROUP_TARGETS[key]


@functools.lru_cache(maxsize=200_000)
def group_table(h, cap, chows, S):
    """table[m][p][e] = min D over the group's targets with m sets, p pair, excess e <= S
    (h and cap are tuples)."""
    targets, starts = group_targets(len(h), chows)
    h = np.asarray(h, np.int16)
    cap = np.asarray(cap, np.int16)
    d = np.maximum(targets - h, 0).sum(axis=1)
    e = np.maximum(targets - cap, 0).sum(axis=1)
    table = np.full((5, 2, S + 1), INF, np.int64)
    for budget in range(S + 1):
        masked = np.where(e == budget, d, INF)
        table[:, :, budget] = np.minimum.reduceat(masked, starts).reshape(5, 2)
    return table


def _join(a, b, S):
    """Tables of two groups joined: every split of the sets, the pair and the budget."""
    out = np.full((5, 2, S + 1), INF, np.int64)
    for ma, pa, ea in itertools.product(range(5), range(2), range(S + 1)):
        if a[ma, pa, ea] >= INF:
            continue
        for mb, pb, eb in itertools.product(range(5 - ma), range(2 - pa), range(S + 1 - ea)):
            val = a[ma, pa, ea] + b[mb, pb, eb]
            if val < out[ma + mb, pa + pb, ea + eb]:
                out[ma + mb, pa + pb, ea + eb] = val
    return out


def regular_d(r, cap, S, sets_needed):
    groups = [(tuple(r[a:b]), tuple(cap[a:b]), a < 27)
              for a, b in ((0, 9), (9, 18), (18, 27), (27, 34))]
    tables = [group_table(h, c, ch, S) for h, c, ch in groups]
    acc = tables[0]
    for table in tables[1:]:
        acc = _join(acc, table, S)
    return int(min(INF, acc[sets_needed, 1, :].min()))


def seven_pairs_d(r, cap, S):
    # state: (pairs, excess) -> min D; kind t with j pairs costs max(2j - r, 0) and
    # max(2j - cap, 0) excess
    state = {(0, 0): 0}
    for t in range(N_KINDS):
        new = {}
        for (pairs, e), d in state.items():
            for j in range(0, 8 - pairs):
                e2 = e + max(2 * j - cap[t], 0)
                if e2 > S:
                    break
                key = (pairs + j, e2)
                val = d + max(2 * j - r[t], 0)
                if val < new.get(key, INF):
                    new[key] = val
        state = new
    return min((d for (pairs, e), d in state.items() if pairs == 7), default=INF)


def _listed_d(r, cap, S, targets):
    """min D over the listed targets (rows of 34 counts) with E <= S."""
    targets = np.asarray(targets, np.int16)
    d = np.maximum(targets - np.asarray(r, np.int16), 0).sum(axis=1)
    e = np.maximum(targets - np.asarray(cap, np.int16), 0).sum(axis=1)
    d = d[e <= S]
    return int(d.min()) if d.size else INF


def _orphan_targets():
    for extra in ORPHANS:
        row = [0] * N_KINDS
        for t in ORPHANS:
            row[t] = 1
        row[extra] += 1
        yield row


def _honors_knitted_targets():
    for pattern in KNITTED_PATTERNS:
        pool = list(pattern) + list(HONORS)
        for left_out in itertools.combinations(pool, 2):
            row = [0] * N_KINDS
            for t in pool:
                if t not in left_out:
                    row[t] = 1
            yield row


_ORPHAN_TARGETS = np.array(list(_orphan_targets()), np.int16)
_HONORS_KNITTED_TARGETS = np.array(list(_honors_knitted_targets()), np.int16)

_ALL_SETS = [tuple([t] * 3) for t in range(N_KINDS)] + [
    (t, t + 1, t + 2) for t in range(27) if t % 9 <= 6]


_KNITTED_TARGETS = {}


def knitted_straight_d(r, cap, S, n_melds):
    if n_melds > 1:
        return INF
    if n_melds not in _KNITTED_TARGETS:
        rests = [()] if n_melds == 1 else _ALL_SETS
        targets = []
        for pattern in KNITTED_PATTERNS:
            for extra in rests:
                for pair in range(N_KINDS):
                    row = [0] * N_KINDS
                    for t in pattern + tuple(extra) + (pair, pair):
                        row[t] += 1
                    targets.append(row)
        _KNITTED_TARGETS[n_melds] = np.array(targets, np.int16)
    return _listed_d(r, cap, S, _KNITTED_TARGETS[n_melds])


def split(counts, locked=None, wildcard=None):
    """(r, cap, k, S) of the definition."""
    r = [int(c) for c in counts]
    cap = [4 - (int(locked[t]) if locked is not None else 0) for t in range(N_KINDS)]
    k = S = 0
    if wildcard is not None and wildcard >= 0:
        k = r[wildcard]
        r[wildcard] = 0
        S = cap[wildcard]
        cap[wildcard] = 0
    return r, cap, k, S


def form_d(r, cap, S, n_melds, form):
    if form == "regular":
        return regular_d(r, cap, S, 4 - n_melds)
    if form == "knitted_straight":
        return knitted_straight_d(r, cap, S, n_melds)
    if n_melds:
        return INF
    if form == "seven_pairs":
        return seven_pairs_d(r, cap, S)
    if form == "thirteen_orphans":
        return _listed_d(r, cap, S, _ORPHAN_TARGETS)
    return _listed_d(r, cap, S, _HONORS_KNITTED_TARGETS)


def missing(counts, n_melds=0, forms=FORMS, locked=None, wildcard=None):
    """Missing count (shanten + 1) under the definition; 99 if no form applies."""
    r, cap, k, S = split(counts, locked, wildcard)
    d = min(form_d(r, cap, S, n_melds, f) for f in forms)
    return INF if d >= INF else max(d - k, 0)


def useful_tiles(counts, n_melds=0, forms=FORMS, locked=None, wildcard=None):
    """Kinds whose draw lowers the missing count: a real tile while a copy is left (hand +
    melds < 4), the wildcard kind while one of its copies is left."""
    base = missing(counts, n_melds, forms, locked, wildcard)
    out = []
    for t in range(N_KINDS):
        held = int(counts[t]) + (int(locked[t]) if locked is not None else 0)
        if held >= 4:
            continue
        more = [int(c) for c in counts]
        more[t] += 1
        if missing(more, n_melds, forms, locked, wildcard) < base:
            out.append(t)
    return out
