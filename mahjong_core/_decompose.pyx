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
from libc.stdlib cimport calloc, malloc, free

from mahjong_core._types cimport uint8_t, uint16_t, uint32_t, uint64_t, N_KINDS, FIRST_HONOR

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


ctypedef struct _SuitState:
    uint8_t c[11]         # counts of one suit, consumed as sets are taken; c[9] = c[10] = 0
                          # so a chow from rank 7 or 8 fails without a bounds test
    _SuitSplit cur        # the sets taken so far


cdef struct _SuitOut:
    _SuitSplit* out
    int n_out
    uint8_t base          # tile id of the suit's rank 1


cdef inline void _take_sets(_SuitState* st, int r, int n_pungs, int n_chows, uint8_t tile
                            ) noexcept nogil:
    """Take n_pungs (0 or 1) pungs and then n_chows chows at rank r (checked by the caller)."""
    cdef int n = st.cur.n_sets, i
    for i in range(n_pungs):
        st.cur.kind[n] = SET_PUNG
        st.cur.tile[n] = tile
        n += 1
    for i in range(n_chows):
        st.cur.kind[n] = SET_CHOW
        st.cur.tile[n] = tile
        n += 1
    st.cur.n_sets = n
    st.c[r] = 0
    st.c[r + 1] -= n_chows
    st.c[r + 2] -= n_chows


cdef void _split_from(_SuitState st, int r, _SuitOut* o) noexcept nogil:
    """Cover ranks r..8 of one suit by sets; record each complete split in o.

    The lowest remaining rank is covered by k pungs (0 or 1) and c - 3k chows starting at
    it: choosing k once per rank makes every branch a different multiset of sets. Only a
    count of 3 or 4 offers a choice; the all-chow branch is explored first (on a copy of the
    state, passed by value, so nothing is undone) and the pung branch continues in place,
    which keeps the order of the original depth-first search.
    """
    cdef int c, n, j
    cdef _SuitState branch
    while True:
        while r < 9 and st.c[r] == 0:
            r += 1
        if r == 9:
            if o.n_out < MAX_REGULAR_DECOMPOSITIONS:
                o.out[o.n_out] = st.cur
                o.n_out += 1
            return
        c = st.c[r]
        n = st.cur.n_sets
        if c >= 3:
            if st.c[r + 1] >= c and st.c[r + 2] >= c and n + c <= 4:
                branch = st
                _take_sets(&branch, r, 0, c, o.base + r)
                _split_from(branch, r + 1, o)
            if o.n_out >= MAX_REGULAR_DECOMPOSITIONS:
                return
            j = c - 3
            if st.c[r + 1] < j or st.c[r + 2] < j or n + 1 + j > 4:
                return
            _take_sets(&st, r, 1, j, o.base + r)
        else:
            if st.c[r + 1] < c or st.c[r + 2] < c or n + c > 4:
                return
            _take_sets(&st, r, 0, c, o.base + r)
        r += 1


cdef inline int _suit_splits(const uint8_t* counts, int base, int pair_rank, _SuitSplit* out
                             ) noexcept nogil:
    """Splits of the suit starting at tile `base` into sets, after removing a pair at
    pair_rank (-1: no pair). At most MAX_REGULAR_DECOMPOSITIONS."""
    cdef _SuitState st
    cdef _SuitOut o
    cdef int r
    for r in range(9):
        st.c[r] = counts[base + r]
    st.c[9] = 0
    st.c[10] = 0
    if pair_rank >= 0:
        st.c[pair_rank] -= 2
    st.cur.n_sets = 0
    o.out = out
    o.n_out = 0
    o.base = base
    _split_from(st, 0, &o)
    return o.n_out


# --- the suit-shape table ----------------------------------------------------------------
#
# Every complete shape of one suit (0-4 sets, with or without the pair, at most 4 copies of
# a tile: 21,743 of them) is keyed by its base-5 index, sum(c_r * 5^r), in an open-addressing
# hash table, with its splits in the order the search above finds them. Built at import by
# running that search on every shape (a few ms); a hand then costs one lookup per suit
# instead of a search per pair candidate, and a suit that is not a complete shape is
# rejected by the lookup.

cdef enum:
    SHAPE_HASH_BITS = 16
    SHAPE_HASH_SIZE = 65536        # 2^16 slots for 21,743 keys: short probe runs
    MAX_SHAPE_SPLITS = 32768       # split records; the shapes need 23,533

ctypedef struct _ShapeSlot:
    uint32_t key                   # base-5 index + 1; 0 = empty slot
    uint16_t first                 # index of its first record in _SHAPE_SPLITS
    uint16_t n                     # records (1..MAX_REGULAR_DECOMPOSITIONS)

ctypedef struct _ShapeSplit:
    uint8_t pair                   # pair rank 0..8, or 255 for a shape without the pair
    uint8_t n_sets
    uint8_t set[4]                 # kind << 4 | rank

cdef _ShapeSlot* _SHAPE_SLOTS = NULL
cdef _ShapeSplit* _SHAPE_SPLITS = NULL
cdef int _n_shape_splits = 0
cdef int _n_shapes = 0


cdef inline uint32_t _suit_key(const uint8_t* c) noexcept nogil:
    return (c[0] + 5u * c[1] + 25u * c[2] + 125u * c[3] + 625u * c[4] + 3125u * c[5]
            + 15625u * c[6] + 78125u * c[7] + 390625u * c[8])


cdef inline const _ShapeSlot* _find_shape(uint32_t key) noexcept nogil:
    """The slot of a complete suit shape, or NULL if the suit is not one."""
    cdef uint32_t h = ((key + 1u) * 2654435761u) >> (32 - SHAPE_HASH_BITS)
    cdef uint32_t stored
    while True:
        stored = _SHAPE_SLOTS[h].key
        if stored == key + 1u:
            return &_SHAPE_SLOTS[h]
        if stored == 0:
            return NULL
        h = (h + 1) & (SHAPE_HASH_SIZE - 1)


cdef int _add_shape(const uint8_t* c, bint has_pair) noexcept nogil:
    """Insert the shape c (if new) with its splits; -1 if the record space ran out."""
    global _n_shapes, _n_shape_splits
    cdef uint32_t key = _suit_key(c)
    cdef uint32_t h = ((key + 1u) * 2654435761u) >> (32 - SHAPE_HASH_BITS)
    cdef _SuitSplit part[MAX_REGULAR_DECOMPOSITIONS]
    cdef _ShapeSplit* rec
    cdef int r, k, i, j, n = 0
    while _SHAPE_SLOTS[h].key != 0:
        if _SHAPE_SLOTS[h].key == key + 1u:
            return 0
        h = (h + 1) & (SHAPE_HASH_SIZE - 1)
    # the same searches regular_decompositions used to run per hand, so the records keep
    # that order: pair ranks upwards, each rank's splits in depth-first order
    for r in range(-1, 9):
        if has_pair != (r >= 0) or (r >= 0 and c[r] < 2):
            continue
        k = _suit_splits(c, 0, r, part)
        for i in range(k):
            if n >= MAX_REGULAR_DECOMPOSITIONS:
                break
            if _n_shape_splits >= MAX_SHAPE_SPLITS:
                return -1
            rec = &_SHAPE_SPLITS[_n_shape_splits]
            rec.pair = r if r >= 0 else 255
            rec.n_sets = part[i].n_sets
            for j in range(part[i].n_sets):
                rec.set[j] = (part[i].kind[j] << 4) | part[i].tile[j]
            _n_shape_splits += 1
            n += 1
    if n == 0:
        return 0                   # cannot happen for a shape built from sets
    _SHAPE_SLOTS[h].key = key + 1u
    _SHAPE_SLOTS[h].first = _n_shape_splits - n
    _SHAPE_SLOTS[h].n = n
    _n_shapes += 1
    return 0


cdef int _enumerate_shapes(uint8_t* c, int first_kind, int n_sets) noexcept nogil:
    """Add every shape made of the sets chosen so far, more sets of kind >= first_kind
    (0-8: pung at that rank, 9-15: chow from rank kind - 9), and optionally the pair."""
    cdef int r, k
    if _add_shape(c, False) < 0:
        return -1
    for r in range(9):
        if c[r] <= 2:
            c[r] += 2
            if _add_shape(c, True) < 0:
                return -1
            c[r] -= 2
    if n_sets == 4:
        return 0
    for k in range(first_kind, 16):
        if k < 9:
            if c[k] > 1:
                continue
            c[k] += 3
        else:
            r = k - 9
            if c[r] == 4 or c[r + 1] == 4 or c[r + 2] == 4:
                continue
            c[r] += 1
            c[r + 1] += 1
            c[r + 2] += 1
        if _enumerate_shapes(c, k, n_sets + 1) < 0:
            return -1
        if k < 9:
            c[k] -= 3
        else:
            c[r] -= 1
            c[r + 1] -= 1
            c[r + 2] -= 1
    return 0


cdef void each_suit_shape(suit_shape_visitor visit, void* ctx) noexcept nogil:
    cdef int h, i, bits
    cdef const _ShapeSlot* slot
    for h in range(SHAPE_HASH_SIZE):
        slot = &_SHAPE_SLOTS[h]
        if slot.key == 0:
            continue
        bits = 0
        for i in range(slot.first, slot.first + slot.n):
            bits |= 1 if _SHAPE_SPLITS[i].pair == 255 else 2
        visit(slot.key - 1u, bits, ctx)


def _init_shape_table():
    global _SHAPE_SLOTS, _SHAPE_SPLITS
    cdef uint8_t c[9]
    cdef int r
    _SHAPE_SLOTS = <_ShapeSlot*>calloc(SHAPE_HASH_SIZE, sizeof(_ShapeSlot))
    _SHAPE_SPLITS = <_ShapeSplit*>malloc(MAX_SHAPE_SPLITS * sizeof(_ShapeSplit))
    if _SHAPE_SLOTS == NULL or _SHAPE_SPLITS == NULL:
        raise MemoryError()
    for r in range(9):
        c[r] = 0
    if _enumerate_shapes(c, 0, 0) < 0:
        raise RuntimeError("suit shape table: too many split records")


_init_shape_table()


def shape_table_info():
    """(shapes, split records) of the suit-shape table, for tests."""
    return _n_shapes, _n_shape_splits


cdef int regular_decompositions(const uint8_t* counts, RegularDecomposition* out,
                                int max_out) noexcept nogil:
    # The pair lies in the one group (a suit, or the honors) whose count is 2 mod 3; every
    # other group must be 0 mod 3. Each suit is looked up in the shape table (a suit that is
    # not a complete shape ends the search), and the answer is the product of the groups'
    # splits, sets in group order (each group's already canonical).
    cdef const _ShapeSplit* first[4]
    cdef int n_splits[4]
    cdef uint8_t base[4]
    cdef _ShapeSplit honor_split
    cdef const _ShapeSlot* slot
    cdef const _ShapeSplit* rec
    cdef int t, g, i, n, c, total, pair_group = -1, n_out = 0, group_sum, honor_pair = 0
    cdef int i0, i1, i2, i3
    cdef int pick[4]
    cdef RegularDecomposition* d
    if max_out <= 0:
        return 0
    total = 0
    n = 0
    honor_split.pair = 255
    for t in range(FIRST_HONOR, N_KINDS):
        c = counts[t]
        total += c
        if c == 0:
            continue
        if c == 1 or c == 4:
            return 0
        if c == 2:
            if pair_group >= 0:
                return 0
            pair_group = 3
            honor_pair = t
        else:
            honor_split.set[n] = (SET_PUNG << 4) | (t - FIRST_HONOR)
            n += 1
    honor_split.n_sets = n
    first[3] = &honor_split
    n_splits[3] = 1
    base[3] = FIRST_HONOR
    for g in range(3):
        group_sum = 0
        for t in range(9 * g, 9 * g + 9):
            group_sum += counts[t]
        total += group_sum
        if group_sum % 3 == 1:
            return 0
        if group_sum % 3 == 2:
            if pair_group >= 0:
                return 0
            pair_group = g
        base[g] = 9 * g
        if group_sum == 0:
            first[g] = &_SHAPE_SPLITS[0]       # the empty shape, inserted first
            n_splits[g] = 1
        else:
            slot = _find_shape(_suit_key(counts + 9 * g))
            if slot == NULL:
                return 0
            first[g] = &_SHAPE_SPLITS[slot.first]
            n_splits[g] = slot.n
    if total > 14 or pair_group < 0:
        return 0
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
                    d = &out[n_out]
                    if pair_group == 3:
                        d.pair = honor_pair
                    else:
                        d.pair = base[pair_group] + first[pair_group][pick[pair_group]].pair
                    n = 0
                    for g in range(4):
                        rec = &first[g][pick[g]]
                        for i in range(rec.n_sets):
                            d.kind[n] = rec.set[i] >> 4
                            d.tile[n] = base[g] + (rec.set[i] & 15)
                            n += 1
                    d.n_sets = n
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


cdef uint64_t knitted_pattern_mask(int pattern) noexcept nogil:
    return _knitted_mask[pattern]


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
