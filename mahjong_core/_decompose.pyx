"""Complete-hand decomposition (the fan search's input).

Regular form: every distinct split of the concealed tiles into sets and one pair. The pair
lies in the one group (suit or honors) whose tile count is 2 mod 3. Suits split
independently: each suit walks its ranks upwards, and the lowest remaining rank must be
covered by sets that start at it, so the only choice is how many of its copies form a pung
(0 or 1); the rest must be that many chows. Deciding the pung count once per rank makes
every branch a different multiset of sets, so there are no duplicates to filter. The suit
holding the pair is split once per pair candidate, every other suit once, and the answer is
the product of the per-group splits.

Special forms are simple count tests (seven pairs, thirteen orphans, honors-and-knitted) or
reduce to the regular search (knitted straight: remove the nine knitted tiles first).
"""
from mahjong_core._types cimport uint8_t, uint64_t, N_KINDS, FIRST_HONOR

# Python-visible copies of the set kinds.
PY_SET_CHOW = SET_CHOW
PY_SET_PUNG = SET_PUNG
PY_MAX_REGULAR_DECOMPOSITIONS = MAX_REGULAR_DECOMPOSITIONS
PY_MAX_KNITTED_DECOMPOSITIONS = MAX_KNITTED_DECOMPOSITIONS

# Suit order of each knitted pattern: permutations of (m, p, s) in lexicographic order;
# position 0 takes ranks 1-4-7, position 1 ranks 2-5-8, position 2 ranks 3-6-9.
_PATTERN_SUITS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))

cdef uint8_t _knitted_tiles[6][9]
cdef uint64_t _knitted_mask[6]
cdef uint64_t _HONOR_MASK = (<uint64_t>0x7F) << FIRST_HONOR
# Terminals and honors (幺九): 1m 9m 1p 9p 1s 9s and the seven honors.
cdef uint8_t _ORPHANS[13]


def _init_tables():
    cdef int p, i, suit, rank
    for p in range(6):
        tiles = sorted(_PATTERN_SUITS[p][pos] * 9 + rank
                       for pos in range(3) for rank in range(pos, 9, 3))
        _knitted_mask[p] = 0
        for i in range(9):
            _knitted_tiles[p][i] = tiles[i]
            _knitted_mask[p] |= (<uint64_t>1) << tiles[i]
    for i, t in enumerate((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)):
        _ORPHANS[i] = t


_init_tables()


ctypedef struct _SuitSplit:
    uint8_t n_sets
    uint8_t kind[4]
    uint8_t tile[4]


cdef struct _SuitSearch:
    uint8_t c[9]          # counts of one suit, consumed as sets are taken
    uint8_t base          # tile id of the suit's rank 1
    _SuitSplit cur
    _SuitSplit* out
    int n_out
    int max_out


cdef void _split_suit(_SuitSearch* s, int r) noexcept nogil:
    """Cover ranks r..8 of one suit by sets; record each complete split."""
    cdef int c, n, k, j, i
    while r < 9 and s.c[r] == 0:
        r += 1
    if r == 9:
        if s.n_out < s.max_out:
            s.out[s.n_out] = s.cur
            s.n_out += 1
        return
    c = s.c[r]
    n = s.cur.n_sets
    # the lowest remaining rank is covered by k pungs (0 or 1) and j = c - 3k chows starting
    # at it: choosing k once per rank makes every branch a different multiset of sets
    for k in range(2):
        if 3 * k > c or s.n_out >= s.max_out:
            break
        j = c - 3 * k
        if j > 0 and (r > 6 or s.c[r + 1] < j or s.c[r + 2] < j):
            continue
        if n + k + j > 4:
            continue
        for i in range(k):
            s.cur.kind[n + i] = SET_PUNG
            s.cur.tile[n + i] = s.base + r
        for i in range(k, k + j):
            s.cur.kind[n + i] = SET_CHOW
            s.cur.tile[n + i] = s.base + r
        s.cur.n_sets = n + k + j
        s.c[r] = 0
        if j:
            s.c[r + 1] -= j
            s.c[r + 2] -= j
        _split_suit(s, r + 1)
        s.c[r] = c
        if j:
            s.c[r + 1] += j
            s.c[r + 2] += j
        s.cur.n_sets = n


cdef int _suit_splits(const uint8_t* counts, int base, int pair_rank, _SuitSplit* out
                      ) noexcept nogil:
    """Splits of the suit starting at tile `base` into sets, after removing a pair at
    pair_rank (-1: no pair). At most MAX_REGULAR_DECOMPOSITIONS."""
    cdef _SuitSearch s
    cdef int r
    for r in range(9):
        s.c[r] = counts[base + r]
    if pair_rank >= 0:
        s.c[pair_rank] -= 2
    s.base = base
    s.cur.n_sets = 0
    s.out = out
    s.n_out = 0
    s.max_out = MAX_REGULAR_DECOMPOSITIONS
    _split_suit(&s, 0)
    return s.n_out


cdef int regular_decompositions(const uint8_t* counts, RegularDecomposition* out,
                                int max_out) noexcept nogil:
    # Suits split independently, so each suit without the pair is split once, and the suit
    # holding the pair once per pair candidate; the answer is their product.
    cdef _SuitSplit splits[4][MAX_REGULAR_DECOMPOSITIONS]   # per group (pair group: all)
    cdef uint8_t split_pair[MAX_REGULAR_DECOMPOSITIONS]
    cdef _SuitSplit part[MAX_REGULAR_DECOMPOSITIONS]
    cdef int n_splits[4]
    cdef int t, g, r, i, k, n, total = 0, pair_group = -1, g_sum, n_out = 0
    cdef int i0, i1, i2, i3
    cdef int pick[4]
    cdef const _SuitSplit* chosen[4]
    cdef RegularDecomposition* d
    if max_out <= 0:
        return 0
    for t in range(N_KINDS):
        total += counts[t]
    if total % 3 != 2 or total > 14:
        return 0
    # The pair lies in the one group (a suit, or the honors) whose count is 2 mod 3;
    # every other group must be 0 mod 3, and honors come in threes (or the one pair).
    for g in range(3):
        g_sum = 0
        for t in range(9 * g, 9 * g + 9):
            g_sum += counts[t]
        if g_sum % 3 == 1:
            return 0
        if g_sum % 3 == 2:
            if pair_group >= 0:
                return 0
            pair_group = g
    n = 0
    for t in range(FIRST_HONOR, N_KINDS):
        if counts[t] == 1 or counts[t] == 4:
            return 0
        if counts[t] == 2:
            if pair_group >= 0:
                return 0
            pair_group = 3
            split_pair[0] = t
        elif counts[t] == 3:
            splits[3][0].kind[n] = SET_PUNG
            splits[3][0].tile[n] = t
            n += 1
    if pair_group < 0:
        return 0
    splits[3][0].n_sets = n
    n_splits[3] = 1
    for g in range(3):
        if g == pair_group:
            n_splits[g] = 0
            for r in range(9):
                if counts[9 * g + r] >= 2:
                    k = _suit_splits(counts, 9 * g, r, part)
                    for i in range(k):
                        if n_splits[g] < MAX_REGULAR_DECOMPOSITIONS:
                            splits[g][n_splits[g]] = part[i]
                            split_pair[n_splits[g]] = 9 * g + r
                            n_splits[g] += 1
        else:
            n_splits[g] = _suit_splits(counts, 9 * g, -1, splits[g])
        if n_splits[g] == 0:
            return 0
    # every combination, sets in group order (already canonical within each group)
    for i0 in range(n_splits[0]):
        for i1 in range(n_splits[1]):
            for i2 in range(n_splits[2]):
                for i3 in range(n_splits[3]):
                    if n_out >= max_out:
                        return n_out
                    pick[0] = i0
                    pick[1] = i1
                    pick[2] = i2
                    pick[3] = i3
                    for g in range(4):
                        chosen[g] = &splits[g][pick[g]]
                    d = &out[n_out]
                    d.pair = split_pair[pick[pair_group]]
                    d.n_sets = 0
                    for g in range(4):
                        for i in range(chosen[g].n_sets):
                            d.kind[d.n_sets] = chosen[g].kind[i]
                            d.tile[d.n_sets] = chosen[g].tile[i]
                            d.n_sets += 1
                    n_out += 1
    return n_out


cdef bint is_seven_pairs(const uint8_t* counts) noexcept nogil:
    cdef int t, total = 0
    for t in range(N_KINDS):
        if counts[t] & 1:
            return False
        total += counts[t]
    return total == 14


cdef int thirteen_orphans_pair(const uint8_t* counts) noexcept nogil:
    cdef int i, t, total = 0, pair = -1
    for t in range(N_KINDS):
        total += counts[t]
    if total != 14:
        return -1
    for i in range(13):
        t = _ORPHANS[i]
        if counts[t] == 0 or counts[t] > 2:
            return -1
        if counts[t] == 2:
            pair = t
    # 13 distinct orphans with one doubled make 14 tiles, so no other tile can be present.
    return pair


cdef inline uint64_t _presence(const uint8_t* counts, int* total, int* max_count) noexcept nogil:
    cdef uint64_t mask = 0
    cdef int t
    total[0] = 0
    max_count[0] = 0
    for t in range(N_KINDS):
        if counts[t]:
            mask |= (<uint64_t>1) << t
            total[0] += counts[t]
            if counts[t] > max_count[0]:
                max_count[0] = counts[t]
    return mask


cdef int honors_knitted_pattern(const uint8_t* counts) noexcept nogil:
    cdef int total, max_count, p
    cdef uint64_t mask = _presence(counts, &total, &max_count)
    if total != 14 or max_count != 1:
        return -1
    for p in range(6):
        if mask & ~(_knitted_mask[p] | _HONOR_MASK) == 0:
            return p
    return -1


cdef int knitted_straight_decompositions(const uint8_t* counts, KnittedDecomposition* out,
                                         int max_out) noexcept nogil:
    cdef uint8_t rest[34]
    cdef RegularDecomposition parts[MAX_REGULAR_DECOMPOSITIONS]
    cdef int total, max_count, p, t, i, n_parts, n_out = 0
    cdef uint64_t mask = _presence(counts, &total, &max_count)
    if (total != 14 and total != 11) or max_out <= 0:
        return 0
    for p in range(6):
        if mask & _knitted_mask[p] != _knitted_mask[p]:
            continue
        for t in range(N_KINDS):
            rest[t] = counts[t]
        for i in range(9):
            rest[_knitted_tiles[p][i]] -= 1
        n_parts = regular_decompositions(rest, parts, MAX_REGULAR_DECOMPOSITIONS)
        for i in range(n_parts):
            if n_out >= max_out:
                return n_out
            out[n_out].pattern = p
            out[n_out].pair = parts[i].pair
            out[n_out].n_sets = parts[i].n_sets
            out[n_out].kind = parts[i].kind[0] if parts[i].n_sets else 0
            out[n_out].tile = parts[i].tile[0] if parts[i].n_sets else 0
            n_out += 1
    return n_out


cdef void knitted_pattern_tiles(int pattern, uint8_t* tiles_out) noexcept nogil:
    cdef int i
    for i in range(9):
        tiles_out[i] = _knitted_tiles[pattern][i]


# ---------------------------------------------------------------------------------------
# Python-visible wrappers (input: any buffer of 34 uint8 counts; the public API in
# mahjong/analysis.py validates user input before it gets here).

cdef void _load(object counts, uint8_t* c) except *:
    cdef int t
    cdef const uint8_t[::1] view
    try:
        view = counts
    except (TypeError, ValueError):
        view = bytes(bytearray(counts))
    if view.shape[0] != N_KINDS:
        raise ValueError(f"counts must have 34 entries, got {view.shape[0]}")
    for t in range(N_KINDS):
        if view[t] > 4:
            raise ValueError(f"counts[{t}] = {view[t]}: at most 4 copies of a tile")
        c[t] = view[t]


def decompose(counts):
    """All regular decompositions of a 3n+2-tile count array.

    Returns a list of ``(pair, ((kind, tile), ...))`` with kind 1 = chow (tile = lowest
    tile), 2 = pung; empty if the tiles do not form sets plus a pair.
    """
    cdef uint8_t c[34]
    cdef RegularDecomposition out[MAX_REGULAR_DECOMPOSITIONS]
    cdef int n, i, k
    _load(counts, c)
    with nogil:
        n = regular_decompositions(c, out, MAX_REGULAR_DECOMPOSITIONS)
    return [(out[i].pair, tuple((out[i].kind[k], out[i].tile[k]) for k in range(out[i].n_sets)))
            for i in range(n)]


def seven_pairs(counts):
    """Sorted pair tiles (a four of a kind appears twice) if seven pairs, else None."""
    cdef uint8_t c[34]
    _load(counts, c)
    if not is_seven_pairs(c):
        return None
    return [t for t in range(N_KINDS) for _ in range(c[t] // 2)]


def thirteen_orphans(counts):
    """Tile id of the pair if the 14 tiles are thirteen orphans, else None."""
    cdef uint8_t c[34]
    _load(counts, c)
    cdef int pair = thirteen_orphans_pair(c)
    return None if pair < 0 else pair


def honors_knitted(counts):
    """Knitted pattern index (0..5) if the 14 tiles are honors-and-knitted, else None."""
    cdef uint8_t c[34]
    _load(counts, c)
    cdef int p = honors_knitted_pattern(c)
    return None if p < 0 else p


def knitted_straight(counts):
    """Knitted-straight decompositions of 14 (or 11, with one meld) concealed tiles.

    Returns a list of ``(pattern, pair, ((kind, tile), ...))``; the set tuple is empty for
    11 tiles.
    """
    cdef uint8_t c[34]
    cdef KnittedDecomposition out[MAX_KNITTED_DECOMPOSITIONS]
    cdef int n, i
    _load(counts, c)
    n = knitted_straight_decompositions(c, out, MAX_KNITTED_DECOMPOSITIONS)
    return [(out[i].pattern, out[i].pair,
             ((out[i].kind, out[i].tile),) if out[i].n_sets else ())
            for i in range(n)]


def knitted_pattern(int pattern):
    """The nine sorted tile ids of knitted pattern ``pattern`` (0..5)."""
    cdef uint8_t tiles[9]
    if not 0 <= pattern < 6:
        raise ValueError(f"knitted pattern must be 0..5, got {pattern}")
    knitted_pattern_tiles(pattern, tiles)
    return tuple(tiles[i] for i in range(9))
