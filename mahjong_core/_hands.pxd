# Facts about a hand of suit tiles, for the scoring kernels of the rooms (header-only: every
# function is `cdef inline`, compiled into each room kernel that cimports it, so the hot
# loops pay no call across modules; there is no _hands extension module).
#
# A room's kernel writes one function of type `hand_scorer` (its pattern ladder and items)
# and gets from here the readings it reasons on, the best wait of a ready hand, and the
# Python-visible call shapes (score from tile ids, the closing-hand facts, the batch loop),
# so two rooms never repeat that plumbing.
#
# Reading properties: the core's decomposition kernel lists every regular reading of the
# concealed tiles (at most four); each reading is reduced to two properties -- "every set
# is a pung" and "every set and the pair holds a 1 or a 9" -- kept as a 4-bit mask of the
# combinations that occur (combo code k = (all_pungs << 1) | all_terminal, mask bit 1 << k),
# and merged with the melds' properties. A pattern ladder that is a function of these
# properties and of the counts (suits, 2/5/8 only, four-of-a-kinds) finds the best reading
# by looking at the mask.
from libc.string cimport memset

from mahjong_core._types cimport (uint8_t, int16_t, uint32_t, uint64_t, N_KINDS, N_SUITED,
                                  MELD_CHOW, MELD_PUNG, MELD_CONCEALED_KONG)
from mahjong_core._decompose cimport (RegularDecomposition, regular_decompositions, SET_PUNG,
                                      MAX_REGULAR_DECOMPOSITIONS)
from mahjong_core._tileparse cimport count_tile_ids
from mahjong_core._waits cimport formal_waits
from mahjong_core._bits cimport ctz64

cdef enum:
    MAX_ITEMS = 32          # the most item ids a room's item table may have


# A room's scorer: fills items[] (counts by the room's item id) and returns the fan total
# of the hand (0 = not a win). hand: counts of the concealed tiles after the win; melds as
# parallel code/tile arrays; flags: WIN_* bits; opts: the room's own option struct.
ctypedef int (*hand_scorer)(const uint8_t* hand, int n_melds, const uint8_t* meld_kind,
                            const uint8_t* meld_tile, uint32_t flags, const void* opts,
                            int16_t* items) noexcept nogil


cdef inline int regular_readings(const uint8_t* counts) noexcept nogil:
    """Reading-property mask of the concealed part (3n+2 tiles); 0 = not complete."""
    cdef RegularDecomposition decs[MAX_REGULAR_DECOMPOSITIONS]
    cdef int n = regular_decompositions(counts, decs, MAX_REGULAR_DECOMPOSITIONS)
    cdef int d, k, r, all_pungs, all_terminal, mask = 0
    for d in range(n):
        all_pungs = 1
        r = decs[d].pair % 9
        all_terminal = (r == 0) or (r == 8)
        for k in range(decs[d].n_sets):
            r = decs[d].tile[k] % 9
            if decs[d].kind[k] == SET_PUNG:
                all_terminal &= (r == 0) or (r == 8)
            else:
                all_pungs = 0
                all_terminal &= (r == 0) or (r == 6)
        mask |= 1 << ((all_pungs << 1) | all_terminal)
    return mask


cdef inline int seven_pairs_quads(const uint8_t* counts, int n_melds) noexcept nogil:
    """-1 if not seven pairs, else the number of four-of-a-kinds (each two pairs)."""
    cdef int t, quads = 0, tiles = 0
    if n_melds:
        return -1
    for t in range(N_KINDS):
        if counts[t] & 1:
            return -1
        tiles += counts[t]
        if counts[t] == 4:
            quads += 1
    if tiles != 14:
        return -1
    return quads


cdef struct HandFacts:
    int n_suits          # suits present in hand + melds
    int all_258          # every tile (melds included) is a 2, 5 or 8
    int quads_all        # kinds with 4 copies in hand + melds (kongs included)
    int quads_not_kong   # kinds with 4 copies not forming a declared kong
    int melds_terminal   # every meld holds a 1 or 9
    int melds_pungs      # every meld is a pung/kong (no chow)
    int n_exposed_kongs
    int n_concealed_kongs


cdef inline void hand_facts(const uint8_t* hand, int n_melds, const uint8_t* meld_kind,
                            const uint8_t* meld_tile, HandFacts* f) noexcept nogil:
    """The count facts of a hand of suit tiles (concealed counts + melds)."""
    cdef uint8_t total[34]
    cdef uint8_t konged[34]
    cdef int t, k, r, suit_bits = 0
    for t in range(N_KINDS):
        total[t] = hand[t]
        konged[t] = 0
    f.melds_terminal = 1
    f.melds_pungs = 1
    f.n_exposed_kongs = 0
    f.n_concealed_kongs = 0
    for k in range(n_melds):
        t = meld_tile[k]
        r = t % 9
        if meld_kind[k] == MELD_CHOW:
            total[t] += 1
            total[t + 1] += 1
            total[t + 2] += 1
            f.melds_pungs = 0
            if r != 0 and r != 6:
                f.melds_terminal = 0
        else:
            if meld_kind[k] == MELD_PUNG:
                total[t] += 3
            else:
                total[t] += 4
                konged[t] = 1
                if meld_kind[k] == MELD_CONCEALED_KONG:
                    f.n_concealed_kongs += 1
                else:
                    f.n_exposed_kongs += 1
            if r != 0 and r != 8:
                f.melds_terminal = 0
    f.all_258 = 1
    f.quads_all = 0
    f.quads_not_kong = 0
    for t in range(N_SUITED):
        if total[t]:
            suit_bits |= 1 << (t // 9)
            r = t % 9
            if r != 1 and r != 4 and r != 7:
                f.all_258 = 0
        if total[t] == 4:
            f.quads_all += 1
            if not konged[t]:
                f.quads_not_kong += 1
    f.n_suits = (suit_bits & 1) + ((suit_bits >> 1) & 1) + ((suit_bits >> 2) & 1)


cdef inline int merge_meld_properties(int mask, HandFacts* f) noexcept nogil:
    """AND the melds' properties into the concealed part's reading mask."""
    cdef int meld_combo = (f.melds_pungs << 1) | f.melds_terminal
    cdef int out = 0, x
    for x in range(4):
        if mask & (1 << x):
            out |= 1 << (x & meld_combo)
    return out


cdef inline int best_wait(uint8_t* hand, int n_melds, const uint8_t* meld_kind,
                          const uint8_t* meld_tile, bint skip_own_four, hand_scorer score,
                          const void* opts, int16_t* items, int* best_tile) noexcept nogil:
    """Largest discard-win fan (no win flags) over the waits of a 13-tile hand, the lowest
    such tile in best_tile; -1 (and tile -1) if no wait wins.

    The candidates are the formal waits of the concealed tiles (the core's wait search):
    any other tile leaves neither 4 sets + a pair nor seven pairs, so it cannot win. With
    skip_own_four, a wait counts only while a copy of it is outside the player's own hand
    and melds (空听); a fifth copy in the hand never counts.
    """
    cdef uint8_t padded[48]      # the wait search reads 48 bytes (34 counts + padding)
    cdef uint8_t own[34]
    cdef uint64_t waits = 0
    cdef int t, k, fan, best = -1, first = -1, n_tiles = 0
    memset(padded, 0, 48)
    for t in range(N_KINDS):
        padded[t] = hand[t]
        own[t] = hand[t]
        n_tiles += hand[t]
    for k in range(n_melds):
        t = meld_tile[k]
        if meld_kind[k] == MELD_CHOW:
            own[t] += 1
            own[t + 1] += 1
            own[t + 2] += 1
        elif meld_kind[k] == MELD_PUNG:
            own[t] += 3
        else:
            own[t] += 4
    best_tile[0] = -1
    formal_waits(padded, n_tiles, 64, &first, &waits)
    while waits:
        t = ctz64(waits)
        waits &= waits - 1
        if own[t] >= 4 and (skip_own_four or hand[t] >= 4):
            continue
        hand[t] += 1
        fan = score(hand, n_melds, meld_kind, meld_tile, 0, opts, items)
        hand[t] -= 1
        if fan > 0 and fan > best:
            best = fan
            best_tile[0] = t
    return best


# ------------------------------------------------ the Python-visible call shapes
#
# Python-visible entry points of a room kernel validate nothing beyond memory safety: the
# Python room checks every hand before it calls in. These helpers raise ValueError only
# for a call that would read or write out of bounds (a bug in the caller, not user input).

cdef inline int unpack_melds(const uint8_t[::1] melds, uint8_t* kinds,
                             uint8_t* tiles) except -1:
    """Flat [code, tile] pairs (at most 4) into parallel arrays; returns the count."""
    cdef int k, n = melds.shape[0] // 2
    if melds.shape[0] % 2 or n > 4:
        raise ValueError("melds must be a flat buffer of at most 4 [kind, tile] pairs")
    for k in range(n):
        kinds[k] = melds[2 * k]
        tiles[k] = melds[2 * k + 1]
    return n


cdef inline int unpack_checked_melds(const uint8_t[::1] melds, uint8_t* kinds,
                                     uint8_t* tiles) except -1:
    """unpack_melds, each meld checked to be a meld of suit tiles."""
    cdef int k, n = unpack_melds(melds, kinds, tiles)
    for k in range(n):
        if kinds[k] < MELD_CHOW or kinds[k] > MELD_CONCEALED_KONG or tiles[k] >= N_SUITED \
                or (kinds[k] == MELD_CHOW and tiles[k] % 9 > 6):
            raise ValueError(f"bad meld row [{kinds[k]}, {tiles[k]}]")
    return n


cdef inline int counts_from_ids(tuple ids, uint8_t* counts) except -1:
    """Count a tuple of suit-tile ids into counts[34]; a bad id is a ValueError."""
    cdef Py_ssize_t bad
    memset(counts, 0, N_KINDS)
    bad = count_tile_ids(ids, counts, N_SUITED, False)
    if bad >= 0:
        raise ValueError(f"tile id {ids[bad]!r} is not a suit tile or has a fifth copy")
    return 0


cdef inline tuple score_tile_ids(hand_scorer score, const void* opts, int n_items, tuple hand,
                                 const uint8_t[::1] melds, uint32_t flags):
    """``(fan, items)`` of one winning hand given as suit-tile ids (winning tile included):
    the fan (0 = not a win) and the item counts as bytes, one byte per item id."""
    cdef uint8_t counts[34]
    cdef uint8_t kinds[4]
    cdef uint8_t tiles[4]
    cdef int16_t items[MAX_ITEMS]
    cdef char out[MAX_ITEMS]
    cdef int k, fan
    cdef int n = unpack_checked_melds(melds, kinds, tiles)
    counts_from_ids(hand, counts)
    fan = score(counts, n, kinds, tiles, flags, opts, items)
    for k in range(n_items):
        out[k] = <char>items[k]   # item counts are small (at most 4 of a kind)
    return fan, out[:n_items]


cdef inline int score_counts(hand_scorer score, const void* opts, int n_items,
                             const uint8_t[::1] hand, const uint8_t[::1] melds, uint32_t flags,
                             int16_t[::1] items) except -1:
    """Fan of one hand given as 34 counts (0 = not a win); fills items (n_items long)."""
    cdef uint8_t kinds[4]
    cdef uint8_t tiles[4]
    cdef int n = unpack_melds(melds, kinds, tiles)
    if hand.shape[0] != N_KINDS or items.shape[0] < n_items:
        raise ValueError("hand must hold 34 counts and items one slot per item")
    return score(&hand[0], n, kinds, tiles, flags, opts, &items[0])


cdef inline tuple best_wait_of_counts(hand_scorer score, const void* opts,
                                      const uint8_t[::1] hand, const uint8_t[::1] melds,
                                      bint skip_own_four):
    """``(fan, tile)`` of the most valuable discard win of a 13-tile hand given as 34
    counts; ``(-1, -1)`` if it is not ready."""
    cdef uint8_t work[34]
    cdef uint8_t kinds[4]
    cdef uint8_t tiles[4]
    cdef int16_t items[MAX_ITEMS]
    cdef int k, tile, fan, n = unpack_melds(melds, kinds, tiles)
    if hand.shape[0] != N_KINDS:
        raise ValueError("hand must hold 34 counts")
    for k in range(N_KINDS):
        work[k] = hand[k]
    fan = best_wait(work, n, kinds, tiles, skip_own_four, score, opts, items, &tile)
    return fan, tile


cdef inline tuple closing_facts(hand_scorer score, const void* opts, tuple hand,
                                const uint8_t[::1] melds, bint skip_own_four):
    """``(n_suits, fan, tile)`` of a closing (13-tile) hand given as suit-tile ids: the suits
    held in hand and melds, and its best wait as best_wait_of_counts gives it."""
    cdef uint8_t counts[34]
    cdef uint8_t kinds[4]
    cdef uint8_t tiles[4]
    cdef int16_t items[MAX_ITEMS]
    cdef int t, k, fan, tile, suit_bits = 0
    cdef int n = unpack_checked_melds(melds, kinds, tiles)
    counts_from_ids(hand, counts)
    for t in range(N_SUITED):
        if counts[t]:
            suit_bits |= 1 << (t // 9)
    for k in range(n):
        suit_bits |= 1 << (tiles[k] // 9)
    fan = best_wait(counts, n, kinds, tiles, skip_own_four, score, opts, items, &tile)
    return (suit_bits & 1) + ((suit_bits >> 1) & 1) + ((suit_bits >> 2) & 1), fan, tile


cdef inline void score_many(hand_scorer score, const void* opts, const uint8_t[:, ::1] hands,
                            const uint8_t[:, :, ::1] melds, const uint8_t[::1] n_melds,
                            const uint32_t[::1] flags, int16_t[::1] fan_out,
                            int16_t[:, ::1] items_out) noexcept nogil:
    """Score N validated hands (the GIL released by the caller)."""
    cdef Py_ssize_t i, n = hands.shape[0]
    cdef uint8_t kinds[4]
    cdef uint8_t tiles[4]
    cdef int k
    for i in range(n):
        for k in range(n_melds[i]):
            kinds[k] = melds[i, k, 0]
            tiles[k] = melds[i, k, 1]
        fan_out[i] = score(&hands[i, 0], n_melds[i], kinds, tiles, flags[i], opts,
                           &items_out[i, 0])
