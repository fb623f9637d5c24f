# Facts about a hand of suit tiles, for the scoring kernels of the rooms, and the Scorer
# that makes a room's scoring function callable from Python (C API of mahjong_core._hands).
#
# A room's kernel writes one function of type `hand_scorer` (its pattern ladder and items)
# on the facts below (`cdef inline`: compiled into the room's kernel, so the hot loop pays
# no call across modules) and hands it to make_scorer; the Scorer gives Python the score
# from tile ids or counts, the best wait of a ready hand, the closing-hand facts and the
# batch loop, so no two rooms repeat that plumbing.
#
# Reading properties: the core's decomposition kernel lists every regular reading of the
# concealed tiles (at most four); each reading is reduced to two properties -- "every set
# is a pung" and "every set and the pair holds a 1 or a 9" -- kept as a 4-bit mask of the
# combinations that occur (combo code k = (all_pungs << 1) | all_terminal, mask bit 1 << k),
# and merged with the melds' properties. A pattern ladder that is a function of these
# properties and of the counts (suits, 2/5/8 only, four-of-a-kinds) finds the best reading
# by looking at the mask.
from mahjong_core._types cimport (uint8_t, int16_t, uint32_t, N_KINDS, N_SUITED, MELD_CHOW,
                                  MELD_PUNG, MELD_CONCEALED_KONG, WIN_SELF_DRAWN,
                                  WIN_REPLACEMENT, WIN_AFTER_KONG, WIN_ROBBING_KONG,
                                  WIN_LAST_TILE)
from mahjong_core._decompose cimport (RegularDecomposition, regular_decompositions, SET_PUNG,
                                      MAX_REGULAR_DECOMPOSITIONS)

cdef enum:
    MAX_ITEMS = 32          # the most item ids a room's item table may have
    MAX_OPTIONS = 4         # the most option values a room's scorer reads


# A room's scoring function: fills items[] (counts by the room's item id) and returns the
# fan total of the hand (0 = not a win). hand: counts of the concealed tiles after the win;
# melds as parallel code/tile arrays; flags: WIN_* bits; opts: the room's option values
# (what each index means is the room's own, named in its kernel).
ctypedef int (*hand_scorer)(const uint8_t* hand, int n_melds, const uint8_t* meld_kind,
                            const uint8_t* meld_tile, uint32_t flags, const int* opts,
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


cdef inline void mark_win_circumstances(uint32_t flags, int16_t* items, int on_replacement,
                                        int after_kong, int robbing_kong,
                                        int last_tile_draw) noexcept nogil:
    """items[x] = 1 for each circumstance of the win the flags show, x being the room's item
    id for it (-1: the room has none): a self-draw on a kong replacement, a discard win on
    the discard made right after the discarder's kong, robbing a kong, a self-draw of the
    last tile of the wall."""
    cdef bint self_drawn = (flags & WIN_SELF_DRAWN) != 0
    if on_replacement >= 0 and self_drawn and flags & WIN_REPLACEMENT:
        items[on_replacement] = 1
    if after_kong >= 0 and not self_drawn and flags & WIN_AFTER_KONG:
        items[after_kong] = 1
    if robbing_kong >= 0 and flags & WIN_ROBBING_KONG:
        items[robbing_kong] = 1
    if last_tile_draw >= 0 and self_drawn and flags & WIN_LAST_TILE:
        items[last_tile_draw] = 1


cdef inline int items_fan(const int* fan, const int16_t* items, int first,
                          int end) noexcept nogil:
    """The 番 of items first..end-1: each item's count times its 番."""
    cdef int i, total = 0
    for i in range(first, end):
        total += fan[i] * items[i]
    return total


# A room's scoring function with its option values, callable from Python (methods in
# _hands.pyx). Made by make_scorer; a room kernel returns one per set of options.
cdef class Scorer:
    cdef hand_scorer fn
    cdef int n_items
    cdef int opts[MAX_OPTIONS]

# The Scorer of fn with its number of item ids and option values (a tuple of ints).
cdef Scorer make_scorer(hand_scorer fn, int n_items, tuple opts)

# Fills fan[0..n_items-1] with the 番 column (index 3) of a room's item table, checking
# that the table has one row per item id and that row `check_id` has the key `check_key`
# (so the table and the kernel's item ids cannot drift apart unnoticed).
cdef int load_item_fans(tuple rows, int* fan, int n_items, int check_id,
                        str check_key) except -1
