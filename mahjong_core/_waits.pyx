"""Formal waits: the tiles that complete a hand's concealed part (rule-set free).

A tile is a wait if adding it makes the concealed tiles a regular complete shape (sets and
one pair; a fifth copy allowed: the test is formal) or, with 13 concealed tiles, seven
pairs (four of a kind counting as two pairs). Scorers use it for a single wait (独听) and to
list the waits of a ready hand before they score them. C API in ``_waits.pxd``.

Per suit, one lookup in a table indexed by the base-5 number of the suit's nine counts
says whether the suit splits into sets only and whether into sets and a pair.
"""
from libc.string cimport memset, memcpy

from mahjong_core._types cimport uint8_t, uint32_t, uint64_t
from mahjong_core._bits cimport ctz64, gt_mask, odd_mask
from mahjong_core._decompose cimport each_suit_shape

# Per suit, sets-only is decided greedily: at the lowest rank, count % 3 copies
# must start chows (three equal chows are interchangeable with three pungs).

cdef inline bint suit_sets_only(const uint8_t* c9) noexcept nogil:
    cdef int a[9]
    cdef int i, r
    for i in range(9):
        a[i] = c9[i]
    for i in range(9):
        if a[i] < 0:
            return False
        r = a[i] % 3
        if r:
            if i > 6:
                return False
            a[i + 1] -= r
            a[i + 2] -= r
    return True

cdef inline bint suit_with_pair(const uint8_t* c9) noexcept nogil:
    """Suit (total = 2 mod 3) splits into sets and one pair."""
    cdef uint8_t a[9]
    cdef int i, w = 0, p
    for i in range(9):
        a[i] = c9[i]
        w += i * c9[i]
    # sets contribute 0 mod 3 to the rank sum, so 2p = w (mod 3): p = 2w (mod 3)
    p = (2 * w) % 3
    while p < 9:
        if a[p] >= 2:
            a[p] -= 2
            if suit_sets_only(a):
                return True
            a[p] += 2
        p += 3
    return False

cdef inline bint honors_sets_only(const uint8_t* c7) noexcept nogil:
    cdef int i
    for i in range(7):
        if c7[i] != 0 and c7[i] != 3:
            return False
    return True

cdef inline bint honors_with_pair(const uint8_t* c7) noexcept nogil:
    cdef int i, n_pair = 0
    for i in range(7):
        if c7[i] == 2 or c7[i] == 5:
            n_pair += 1
        elif c7[i] != 0 and c7[i] != 3:
            return False
    return n_pair == 1

cdef inline bint group_sets_only(const uint8_t* c, int s) noexcept nogil:
    if s == 3:
        return honors_sets_only(c + 27)
    return suit_sets_only(c + 9 * s)

cdef inline bint group_with_pair(const uint8_t* c, int s) noexcept nogil:
    if s == 3:
        return honors_with_pair(c + 27)
    return suit_with_pair(c + 9 * s)


# Per-suit shape table, indexed by the base-5 number of a suit's 9 counts: bit 0 = splits
# into sets only (or is empty), bit 1 = splits into sets and one pair. 5^9 bytes (1.9 MB),
# filled at import from the shapes of the decomposition's suit-shape table (one enumeration
# of every multiset of <= 4 sets, with or without a pair, for the whole core).
cdef enum:
    SUIT_KEYS = 1953125
cdef uint8_t SUIT_SHAPE[SUIT_KEYS]
cdef int POW5[10]


cdef void _mark_shape(uint32_t key, int bits, void* ctx) noexcept nogil:
    SUIT_SHAPE[key] |= bits


def _init_shapes():
    cdef int i
    POW5[0] = 1
    for i in range(1, 10):
        POW5[i] = POW5[i - 1] * 5
    memset(SUIT_SHAPE, 0, SUIT_KEYS)
    each_suit_shape(_mark_shape, NULL)


_init_shapes()


def suit_shape(counts9):
    """Shape bits of one suit (for tests): 1 = sets only, 2 = sets + pair."""
    cdef uint8_t c9[9]
    cdef int i, key = 0
    for i in range(9):
        c9[i] = counts9[i]
        key += c9[i] * POW5[i]
    if max(counts9) > 4:
        return int(suit_sets_only(c9)) | (2 * int(suit_with_pair(c9)))
    return SUIT_SHAPE[key]


cdef inline int add_wait(int t, int n_waits, int* first) noexcept nogil:
    """n_waits after finding wait t; first holds the first wait, which the seven-pairs
    test may already have found (so it is not counted twice)."""
    if n_waits == 0:
        first[0] = t
        return 1
    return n_waits + (first[0] != t)


cdef int formal_waits(const uint8_t* h, int n_tiles, int limit, int* first,
                      uint64_t* waits) noexcept nogil:
    """Number of distinct formal waits of the concealed tiles ``h`` (counts <= 4, 48 bytes
    with zero padding): the regular form, plus seven pairs when 13 tiles; counting stops at
    ``limit``. ``first`` gets one wait; ``waits`` (if not NULL) gets bit t set for each wait
    t found (all of them when ``limit`` is above 34)."""
    cdef int keys[3]
    cdef int mods[4]
    cdef int shape[4]
    cdef int s, t, lo, hi, m, n_two, other_two, n_waits = 0, odd_tile = -1, n_odd = 0, i, key
    cdef int need
    cdef bint ok, valid
    cdef uint8_t c9[9]
    cdef uint8_t shapes[9]
    cdef uint64_t odd, held, pres, cand, x
    for s in range(3):
        key = 0
        m = 0
        lo = 9 * s
        for i in range(9):
            key += h[lo + i] * POW5[i]
            m += h[lo + i]
        keys[s] = key
        mods[s] = m % 3
        shape[s] = SUIT_SHAPE[key]
    m = 0
    for t in range(27, 34):
        m += h[t]
    mods[3] = m % 3
    shape[3] = honors_sets_only(h + 27) | (2 * honors_with_pair(h + 27))
    # seven pairs wait: 13 tiles, exactly one kind with an odd count
    if n_tiles == 13:
        odd = odd_mask(h)
        if odd and not (odd & (odd - 1)):
            n_waits = 1
            first[0] = ctz64(odd)
            if waits != NULL:
                waits[0] |= odd
            if n_waits >= limit:
                return n_waits
    held = gt_mask(h, 0)
    for s in range(4):
        # after adding a tile of suit s, exactly one group must be 2 mod 3, the rest 0
        m = (mods[s] + 1) % 3
        if m == 1:
            continue
        n_two = 1 if m == 2 else 0
        other_two = -1
        valid = True
        for i in range(4):
            if i == s:
                continue
            if mods[i] == 1:
                valid = False
                break
            if mods[i] == 2:
                n_two += 1
                other_two = i
        if not valid or n_two != 1:
            continue
        for i in range(4):
            if i != s and not (shape[i] & (2 if i == other_two else 1)):
                valid = False
                break
        if not valid:
            continue
        need = 2 if m == 2 else 1
        lo = 9 * s
        if s == 3:
            for t in range(27, 34):
                if h[t] == 0:
                    continue
                ok = False
                # honors: adding a copy must leave only 0/3 counts (and one 2/5 for the pair)
                (<uint8_t*>h)[t] += 1
                if m == 2:
                    ok = honors_with_pair(h + 27)
                else:
                    ok = honors_sets_only(h + 27)
                (<uint8_t*>h)[t] -= 1
                if ok:
                    n_waits = add_wait(t, n_waits, first)
                    if waits != NULL:
                        waits[0] |= (<uint64_t>1) << t
                    if n_waits >= limit:
                        return n_waits
            continue
        # a wait lies within two ranks of a held tile of its suit
        pres = (held >> lo) & 0x1FF
        cand = (pres | (pres << 1) | (pres << 2) | (pres >> 1) | (pres >> 2)) & 0x1FF
        # issue the table loads together (independent), then test
        x = cand
        while x:
            i = ctz64(x)
            x &= x - 1
            if h[lo + i] < 4:
                shapes[i] = SUIT_SHAPE[keys[s] + POW5[i]]
        x = cand
        while x:
            i = ctz64(x)
            x &= x - 1
            t = lo + i
            if h[t] < 4:
                ok = (shapes[i] & need) != 0
            else:
                # a fifth copy (the rule is formal): decide arithmetically
                memcpy(c9, h + lo, 9)
                c9[i] += 1
                ok = suit_with_pair(c9) if m == 2 else suit_sets_only(c9)
            if ok:
                n_waits = add_wait(t, n_waits, first)
                if waits != NULL:
                    waits[0] |= (<uint64_t>1) << t
                if n_waits >= limit:
                    return n_waits
    return n_waits
