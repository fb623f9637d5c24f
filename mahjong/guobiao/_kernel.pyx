"""Guobiao (MCR) fan search kernel.

For a complete hand and its win context, every decomposition (regular sets + pair, seven
pairs, thirteen orphans, honors-and-knitted, knitted straight + set + pair, nine gates) is
scored, and the best one is returned, applying the combination principles (不重复, 不拆移,
套算一次, 不得相同, 就高不就低) the way the reference calculator does
(ChineseOfficialMahjongHelper's ``mahjong-algorithm``, as described in
docs/GUOBIAO_NOTES.md; its behaviour was learnt by calling it, no code was taken).

Lineage of the method: the reference scores each division with a fixed sequence of steps
(win flags, kong/concealed-pung series, chow and pung combinations by the number of chows,
pair, group traits, suit and tile traits, wait, explicit 不计 list, winds). We keep that
sequence, because agreeing with the reference on the exact fan list depends on it, but
compute the tile-level traits (suits, terminals, green, reversible, rank range, 四归一) once
per hand from the count array instead of once per division, and decide the formal unique
wait (独听) lazily, with a per-suit congruence filter and an O(9) greedy set test.

Fan indices equal ``mahjong.guobiao.fans.FanId``. Error codes (negative totals) are the
``ERR_*`` codes of ``mahjong_core/_types.pxd`` (worded in ``mahjong.guobiao.batch``).
"""
from libc.string cimport memset, memcpy
from cython.parallel cimport prange

from mahjong_core._types cimport (uint8_t, int32_t, uint64_t, N_KINDS, N_SUITED, FIRST_HONOR,
                                  MELD_NONE, MELD_CHOW, MELD_PUNG, MELD_KONG,
                                  MELD_CONCEALED_KONG, FORM_REGULAR, FORM_SEVEN_PAIRS,
                                  FORM_THIRTEEN_ORPHANS, FORM_HONORS_KNITTED,
                                  FORM_KNITTED_STRAIGHT, FORM_NINE_GATES, WIN_SELF_DRAWN,
                                  WIN_ROBBING_KONG, WIN_LAST_TILE, ERR_NOT_WINNING,
                                  ERR_TOO_MANY_COPIES, ERR_BAD_MELD, ERR_BAD_CONTEXT,
                                  ERR_WRONG_TILE_COUNT, ERR_BAD_TILE, MELD_SINGLE_KONG,
                                  WIN_REPLACEMENT, WIN_FOURTH_TILE, WIN_HEAVENLY,
                                  WIN_EARTHLY, WIN_FIRST_ROUND)
from mahjong_core._wincheck cimport WinView, make_win_check
from mahjong_core._bits cimport ctz64, clz64, gt_mask, odd_mask, eq_mask, sum48, popcount64
from mahjong_core._waits cimport formal_waits
from mahjong_core._decompose cimport (RegularDecomposition, regular_decompositions,
                                      KnittedDecomposition, knitted_straight_decompositions,
                                      knitted_pattern_tiles, knitted_pattern_mask, SET_CHOW, SET_PUNG,
                                      MAX_REGULAR_DECOMPOSITIONS, MAX_KNITTED_DECOMPOSITIONS)
from mahjong_core._tileparse cimport count_id_items, count_tenhou_text

import numpy as np

# ---------------------------------------------------------------------------------------
# Fan ids (same values as mahjong.guobiao.fans.FanId)
cdef enum:
    F_BIG_FOUR_WINDS = 0
    F_BIG_THREE_DRAGONS = 1
    F_ALL_GREEN = 2
    F_NINE_GATES = 3
    F_FOUR_KONGS = 4
    F_SEVEN_SHIFTED_PAIRS = 5
    F_THIRTEEN_ORPHANS = 6
    F_ALL_TERMINALS = 7
    F_LITTLE_FOUR_WINDS = 8
    F_LITTLE_THREE_DRAGONS = 9
    F_ALL_HONORS = 10
    F_FOUR_CONCEALED_PUNGS = 11
    F_PURE_TERMINAL_CHOWS = 12
    F_QUADRUPLE_CHOW = 13
    F_FOUR_PURE_SHIFTED_PUNGS = 14
    F_FOUR_PURE_SHIFTED_CHOWS = 15
    F_THREE_KONGS = 16
    F_ALL_TERMINALS_AND_HONORS = 17
    F_SEVEN_PAIRS = 18
    F_GREATER_HONORS_KNITTED = 19
    F_ALL_EVEN_PUNGS = 20
    F_FULL_FLUSH = 21
    F_PURE_TRIPLE_CHOW = 22
    F_PURE_SHIFTED_PUNGS = 23
    F_UPPER_TILES = 24
    F_MIDDLE_TILES = 25
    F_LOWER_TILES = 26
    F_PURE_STRAIGHT = 27
    F_THREE_SUITED_TERMINAL_CHOWS = 28
    F_PURE_SHIFTED_CHOWS = 29
    F_ALL_FIVE = 30
    F_TRIPLE_PUNG = 31
    F_THREE_CONCEALED_PUNGS = 32
    F_LESSER_HONORS_KNITTED = 33
    F_KNITTED_STRAIGHT = 34
    F_UPPER_FOUR = 35
    F_LOWER_FOUR = 36
    F_BIG_THREE_WINDS = 37
    F_MIXED_STRAIGHT = 38
    F_REVERSIBLE_TILES = 39
    F_MIXED_TRIPLE_CHOW = 40
    F_MIXED_SHIFTED_PUNGS = 41
    F_CHICKEN_HAND = 42
    F_LAST_TILE_DRAW = 43
    F_LAST_TILE_CLAIM = 44
    F_OUT_WITH_REPLACEMENT = 45
    F_ROBBING_THE_KONG = 46
    F_ALL_PUNGS = 47
    F_HALF_FLUSH = 48
    F_MIXED_SHIFTED_CHOWS = 49
    F_ALL_TYPES = 50
    F_MELDED_HAND = 51
    F_TWO_CONCEALED_KONGS = 52
    F_TWO_DRAGONS_PUNGS = 53
    F_OUTSIDE_HAND = 54
    F_FULLY_CONCEALED_HAND = 55
    F_TWO_MELDED_KONGS = 56
    F_LAST_TILE = 57
    F_DRAGON_PUNG = 58
    F_PREVALENT_WIND = 59
    F_SEAT_WIND = 60
    F_CONCEALED_HAND = 61
    F_ALL_CHOWS = 62
    F_TILE_HOG = 63
    F_DOUBLE_PUNG = 64
    F_TWO_CONCEALED_PUNGS = 65
    F_CONCEALED_KONG = 66
    F_ALL_SIMPLES = 67
    F_PURE_DOUBLE_CHOW = 68
    F_MIXED_DOUBLE_CHOW = 69
    F_SHORT_STRAIGHT = 70
    F_TWO_TERMINAL_CHOWS = 71
    F_PUNG_TERMINALS_HONORS = 72
    F_MELDED_KONG = 73
    F_ONE_VOIDED_SUIT = 74
    F_NO_HONORS = 75
    F_EDGE_WAIT = 76
    F_CLOSED_WAIT = 77
    F_SINGLE_WAIT = 78
    F_SELF_DRAWN = 79
    F_FLOWER_TILES = 80
    F_CONCEALED_AND_MELDED_KONG = 81
    N_FANS_C = 82

# Guobiao's context byte: the bits of ``score_batch``'s ``flags`` (public, in the reference
# calculator's order). Self-draw, robbing a kong and the last tile are the shared win bits
# of mahjong_core/_types.pxd; Guobiao has no after-kong win and keeps 和绝张 and the
# replacement win on the two bits below robbing a kong. This is the one place they are set.
cpdef enum:
    GB_SELF_DRAWN = WIN_SELF_DRAWN
    GB_FOURTH_TILE = 2
    GB_REPLACEMENT = 4
    GB_ROBBING_KONG = WIN_ROBBING_KONG
    GB_LAST_OF_WALL = WIN_LAST_TILE
    GB_ALL_FLAGS = 31

# Group kinds inside a division: the meld codes of the sets.
cdef enum:
    G_CHOW = MELD_CHOW
    G_PUNG = MELD_PUNG
    G_KONG = MELD_KONG

# Kinds of 2-chow relation, in the reference's trimming order is 老少副, 连六, 喜相逢, 一般高.
cdef enum:
    R_NONE = -1

cdef enum:
    MAX_CANDIDATES = 12

N_FANS = N_FANS_C
FLAGS = {"self_drawn": GB_SELF_DRAWN, "fourth_tile": GB_FOURTH_TILE,
         "replacement": GB_REPLACEMENT, "robbing_kong": GB_ROBBING_KONG,
         "last_of_wall": GB_LAST_OF_WALL}
FORMS = {FORM_REGULAR: "regular", FORM_SEVEN_PAIRS: "seven_pairs",
         FORM_THIRTEEN_ORPHANS: "thirteen_orphans", FORM_HONORS_KNITTED: "honors_knitted",
         FORM_KNITTED_STRAIGHT: "knitted_straight", FORM_NINE_GATES: "nine_gates"}

# Points per fan: read once, at import, from the room's fan table (its one source).
from mahjong.guobiao.fans import FAN_POINTS as _points

cdef uint8_t FAN_POINTS[N_FANS_C]
if len(_points) != N_FANS_C:
    raise ImportError("mahjong.guobiao.fans has %d fans, the kernel %d" % (len(_points), N_FANS_C))
for _i in range(N_FANS_C):
    FAN_POINTS[_i] = _points[_i]

# Position of a tile in the reference's own tile order (m, s, p, E S W N, red green white):
# its division search (and so its tie-breaking between equal divisions) runs in this order.
cdef uint8_t REF_RANK[34]
for _i in range(34):
    if _i < 9:
        REF_RANK[_i] = _i
    elif _i < 18:
        REF_RANK[_i] = _i + 9
    elif _i < FIRST_HONOR:
        REF_RANK[_i] = _i - 9
    elif _i < 31:
        REF_RANK[_i] = _i
    else:
        REF_RANK[_i] = 64 - _i      # 31 white -> 33, 32 green -> 32, 33 red -> 31

# Tile classes as 34-bit masks.
cdef uint64_t M_TERMINAL = (1ULL << 0) | (1ULL << 8) | (1ULL << 9) | (1ULL << 17) | (1ULL << 18) | (1ULL << 26)
cdef uint64_t M_HONOR = 0x7FULL << 27
cdef uint64_t M_WIND = 0xFULL << 27
cdef uint64_t M_DRAGON = 0x7ULL << 31
# 推不倒: 1234589p, 245689s, white dragon.
cdef uint64_t M_REVERSIBLE = ((0x19FULL) << 9) | ((0x1BAULL) << 18) | (1ULL << 31)
# 绿一色: 23468s and green dragon.
cdef uint64_t M_GREEN = ((0xAEULL) << 18) | (1ULL << 32)
cdef uint64_t M_SUIT[3]
M_SUIT[0] = 0x1FFULL
M_SUIT[1] = 0x1FFULL << 9
M_SUIT[2] = 0x1FFULL << 18


# ---------------------------------------------------------------------------------------
# Per-hand context

ctypedef struct Division:
    uint8_t pair
    uint8_t kind[4]        # G_CHOW / G_PUNG / G_KONG
    uint8_t tile[4]        # chow: lowest tile
    uint8_t concealed[4]
    uint8_t is_meld[4]

ctypedef struct Ctx:
    uint8_t hand[48]       # concealed tiles before the win (34 + zero padding)
    uint8_t standing[48]   # concealed tiles with the winning tile
    uint8_t all_tiles[48]  # everything, melds included
    int win
    int flags
    int seat
    int round
    int flowers
    bint ming_an_gang_5    # rule option: 1 melded + 1 concealed kong = 明暗杠 (else 明杠 + 暗杠)
    int n_melds
    int n_exposed          # melded packs (chow/pung/kong), concealed kongs excluded
    int n_kongs
    uint8_t mkind[4]
    uint8_t mtile[4]
    uint8_t mconc[4]
    int unique_wait        # -1 unknown, else 0/1
    # tile-level traits, computed once per hand
    uint64_t present
    int n_four             # kinds with 4 copies overall
    uint64_t standing_mask  # kinds among the standing tiles
    uint64_t odd_mask       # kinds with an odd count among the standing tiles
    uint64_t multi_mask     # kinds held at least twice among the standing tiles
    int n_traits
    uint8_t traits[16]
    uint8_t trait_ids[16]

ctypedef struct Candidate:
    int form
    int total
    int pattern            # knitted pattern, -1 if none
    Division div
    int n_groups           # groups in div (4 regular, 1 or 0 knitted)
    uint8_t fan[N_FANS_C]


cdef inline int suit_of(int t) noexcept nogil:
    return t // 9 if t < FIRST_HONOR else 3

cdef inline int rank_of(int t) noexcept nogil:
    return t % 9 if t < FIRST_HONOR else -1



# ---------------------------------------------------------------------------------------
# Tile-level traits (same for every division of the hand)

cdef inline void set_trait(Ctx* c, int f, int n) noexcept nogil:
    c.traits[c.n_traits] = n
    c.trait_ids[c.n_traits] = f
    c.n_traits += 1


cdef void compute_traits(Ctx* c) noexcept nogil:
    """Fans that depend only on which tiles the hand holds (c.present must be set)."""
    cdef uint64_t p = c.present, ranks
    cdef int s, n_missing = 0, lo, hi
    c.n_traits = 0
    for s in range(3):
        if not (p & M_SUIT[s]):
            n_missing += 1
    if not (p & M_HONOR):
        set_trait(c, F_NO_HONORS, 1)
    if n_missing == 1:
        set_trait(c, F_ONE_VOIDED_SUIT, 1)
    elif n_missing == 2:
        set_trait(c, F_HALF_FLUSH if p & M_HONOR else F_FULL_FLUSH, 1)
    elif n_missing == 3:
        set_trait(c, F_ONE_VOIDED_SUIT, 3)      # zeroed by 字一色 in the 不计 step
    if n_missing == 0 and (p & M_WIND) and (p & M_DRAGON):
        set_trait(c, F_ALL_TYPES, 1)
    if not (p & (M_TERMINAL | M_HONOR)):
        set_trait(c, F_ALL_SIMPLES, 1)
    if not (p & ~M_REVERSIBLE):
        set_trait(c, F_REVERSIBLE_TILES, 1)
    if not (p & ~M_GREEN):
        set_trait(c, F_ALL_GREEN, 1)
    if not (p & ~M_HONOR):
        set_trait(c, F_ALL_HONORS, 1)
    elif not (p & ~M_TERMINAL):
        set_trait(c, F_ALL_TERMINALS, 1)
    elif not (p & ~(M_TERMINAL | M_HONOR)):
        set_trait(c, F_ALL_TERMINALS_AND_HONORS, 1)
    if not (p & M_HONOR):
        ranks = (p | (p >> 9) | (p >> 18)) & 0x1FF
        lo = ctz64(ranks)
        hi = 63 - clz64(ranks)
        if hi <= 3:            # ranks are 0-based: 3 == tile 4
            set_trait(c, F_LOWER_FOUR if hi == 3 else F_LOWER_TILES, 1)
        elif lo >= 5:
            set_trait(c, F_UPPER_FOUR if lo == 5 else F_UPPER_TILES, 1)
        elif lo >= 3 and hi <= 5:
            set_trait(c, F_MIDDLE_TILES, 1)


cdef inline void add_suit_traits(Ctx* c, uint8_t* fan) noexcept nogil:
    """Suit, tile-trait and rank-range fans (steps 8-10 of a division)."""
    cdef int i
    for i in range(c.n_traits):
        fan[c.trait_ids[i]] = c.traits[i]


def _win_flag_fan_ids(int fl):
    """Fans of the win-context flags (step 1 of every form), as a list of fan ids."""
    fans = []
    if fl & GB_FOURTH_TILE:
        fans.append(F_LAST_TILE)
    if fl & GB_SELF_DRAWN:
        if fl & GB_LAST_OF_WALL:
            fans.append(F_LAST_TILE_DRAW)
        if fl & GB_REPLACEMENT:
            fans.append(F_OUT_WITH_REPLACEMENT)
        if not fl & (GB_LAST_OF_WALL | GB_REPLACEMENT):
            fans.append(F_SELF_DRAWN)
    else:
        if fl & GB_LAST_OF_WALL:
            fans.append(F_LAST_TILE_CLAIM)
        if fl & GB_ROBBING_KONG:
            fans.append(F_ROBBING_THE_KONG)
            if F_LAST_TILE in fans:
                fans.remove(F_LAST_TILE)
    return fans


# Precomputed per flag value: the reference's step-1 logic without branches at run time.
cdef uint8_t WIN_FAN_N[32]
cdef uint8_t WIN_FAN_IDS[32][4]
for _i in range(32):
    _ids = _win_flag_fan_ids(_i)
    WIN_FAN_N[_i] = len(_ids)
    for _j, _f in enumerate(_ids):
        WIN_FAN_IDS[_i][_j] = _f


cdef inline void add_win_flag_fans(Ctx* c, uint8_t* fan) noexcept nogil:
    cdef int fl = c.flags, i
    for i in range(WIN_FAN_N[fl]):
        fan[WIN_FAN_IDS[fl][i]] = 1

# ---------------------------------------------------------------------------------------
# Formal waits (独听): the core's formal-wait search, stopped at two.

cdef inline bint has_unique_wait(Ctx* c) noexcept nogil:
    cdef int first = -1, n = 0, t
    if c.unique_wait < 0:
        n = 13 - 3 * c.n_melds
        c.unique_wait = formal_waits(c.hand, n, 2, &first, NULL) == 1
    return c.unique_wait


# ---------------------------------------------------------------------------------------
# Chow and pung combinations

cdef inline int chow_pair_relation(int a, int b) noexcept nogil:
    """2-chow fan of chows starting at tiles a, b (or -1)."""
    cdef int sa = a // 9, sb = b // 9, ra = a % 9, rb = b % 9, d
    if sa == sb:
        d = ra - rb
        if d < 0:
            d = -d
        if d == 0:
            return F_PURE_DOUBLE_CHOW
        if d == 3:
            return F_SHORT_STRAIGHT
        if d == 6:
            return F_TWO_TERMINAL_CHOWS
        return -1
    if ra == rb:
        return F_MIXED_DOUBLE_CHOW
    return -1

cdef inline void sort3(int* x) noexcept nogil:
    cdef int t
    if x[0] > x[1]:
        t = x[0]; x[0] = x[1]; x[1] = t
    if x[1] > x[2]:
        t = x[1]; x[1] = x[2]; x[2] = t
    if x[0] > x[1]:
        t = x[0]; x[0] = x[1]; x[1] = t

cdef inline int chow_triple_fan(int a, int b, int c) noexcept nogil:
    cdef int r[3]
    cdef int sa = a // 9, sb = b // 9, sc = c // 9
    r[0] = a % 9
    r[1] = b % 9
    r[2] = c % 9
    sort3(r)
    if sa == sb and sb == sc:
        if r[0] == r[2]:
            return F_PURE_TRIPLE_CHOW
        if r[1] - r[0] == r[2] - r[1] and (r[1] - r[0] == 1 or r[1] - r[0] == 2):
            return F_PURE_SHIFTED_CHOWS
        if r[0] == 0 and r[1] == 3 and r[2] == 6:
            return F_PURE_STRAIGHT
        return -1
    if sa != sb and sb != sc and sa != sc:
        if r[0] == 0 and r[1] == 3 and r[2] == 6:
            return F_MIXED_STRAIGHT
        if r[0] == r[2]:
            return F_MIXED_TRIPLE_CHOW
        if r[1] == r[0] + 1 and r[2] == r[1] + 1:
            return F_MIXED_SHIFTED_CHOWS
    return -1


cdef void chow_pairs(const int* ch, int n, uint8_t* fan) noexcept nogil:
    """Pairwise 2-chow fans with the reference's cap (each chow combined at most once more,
    套算一次): at most n - 1 - (chows related to no other) fans, the excess trimmed first to
    one per kind, then away, in the order 老少副, 连六, 喜相逢, 一般高."""
    cdef int cnt[4]       # indexed: 0 一般高, 1 喜相逢, 2 连六, 3 老少副
    cdef int related[4]
    cdef int i, j, f, k, keep, total = 0, cap, n_rel = 0
    cnt[0] = cnt[1] = cnt[2] = cnt[3] = 0
    related[0] = related[1] = related[2] = related[3] = 0
    for i in range(n):
        for j in range(i + 1, n):
            f = chow_pair_relation(ch[i], ch[j])
            if f >= 0:
                cnt[f - F_PURE_DOUBLE_CHOW] += 1
                related[i] = 1
                related[j] = 1
                total += 1
    if total == 0:
        return
    for i in range(n):
        n_rel += related[i]
    cap = n_rel - 1
    for keep in range(1, -1, -1):    # first down to one of each kind, then away
        k = 3
        while k >= 0 and total > cap:
            while cnt[k] > keep and total > cap:
                cnt[k] -= 1
                total -= 1
            k -= 1
    for k in range(4):
        if cnt[k]:
            fan[F_PURE_DOUBLE_CHOW + k] += cnt[k]


cdef void four_chows(const int* ch, int pair, uint8_t* fan) noexcept nogil:
    cdef int s0 = ch[0] // 9, i, j, f, free, best, g
    cdef int r[4]
    cdef int tri[4][4]
    cdef bint same = True
    for i in range(4):
        r[i] = ch[i] % 9
        if ch[i] // 9 != s0:
            same = False
    # 三色双龙会 / 一色双龙会 (need the 5 pair)
    if pair < FIRST_HONOR and pair % 9 == 4:
        if same:
            if pair // 9 == s0 and r[0] == 0 and r[1] == 0 and r[2] == 6 and r[3] == 6:
                fan[F_PURE_TERMINAL_CHOWS] = 1
                return
        else:
            if three_suited_terminal(ch, pair):
                fan[F_THREE_SUITED_TERMINAL_CHOWS] = 1
                return
    if same:
        if r[0] == r[3]:
            fan[F_QUADRUPLE_CHOW] = 1
            return
        if (r[1] - r[0] == r[2] - r[1] and r[2] - r[1] == r[3] - r[2]
                and (r[1] - r[0] == 1 or r[1] - r[0] == 2)):
            fan[F_FOUR_PURE_SHIFTED_CHOWS] = 1
            return
    # triples in the reference's order; the free chow adds at most one 1-point fan
    tri[0][0] = 0; tri[0][1] = 1; tri[0][2] = 2; tri[0][3] = 3
    tri[1][0] = 0; tri[1][1] = 1; tri[1][2] = 3; tri[1][3] = 2
    tri[2][0] = 0; tri[2][1] = 2; tri[2][2] = 3; tri[2][3] = 1
    tri[3][0] = 1; tri[3][1] = 2; tri[3][2] = 3; tri[3][3] = 0
    for i in range(4):
        f = chow_triple_fan(ch[tri[i][0]], ch[tri[i][1]], ch[tri[i][2]])
        if f >= 0:
            fan[f] = 1
            free = ch[tri[i][3]]
            best = 99
            for j in range(3):
                g = chow_pair_relation(free, ch[tri[i][j]])
                if g >= 0 and g < best:
                    best = g
            if best != 99:
                fan[best] += 1
            return
    chow_pairs(ch, 4, fan)


cdef bint three_suited_terminal(const int* ch, int pair) noexcept nogil:
    """123+789 in two suits, the pair 5 in the third (三色双龙会)."""
    cdef int i, s, ps = pair // 9
    cdef int low[3]
    cdef int high[3]
    low[0] = low[1] = low[2] = 0
    high[0] = high[1] = high[2] = 0
    for i in range(4):
        s = ch[i] // 9
        if s == ps:
            return False
        if ch[i] % 9 == 0:
            low[s] += 1
        elif ch[i] % 9 == 6:
            high[s] += 1
        else:
            return False
    for s in range(3):
        if s == ps:
            continue
        if low[s] != 1 or high[s] != 1:
            return False
    return True


cdef void three_chows(const int* ch, uint8_t* fan) noexcept nogil:
    cdef int f = chow_triple_fan(ch[0], ch[1], ch[2])
    if f >= 0:
        fan[f] = 1
        return
    chow_pairs(ch, 3, fan)


cdef inline int pung_pair_relation(int a, int b) noexcept nogil:
    if a >= 31 and b >= 31:
        return F_TWO_DRAGONS_PUNGS
    if a < FIRST_HONOR and b < FIRST_HONOR and a // 9 != b // 9 and a % 9 == b % 9:
        return F_DOUBLE_PUNG
    return -1

cdef inline int pung_triple_fan(int a, int b, int c) noexcept nogil:
    cdef int r[3]
    cdef int sa, sb, sc
    if a >= 31 and b >= 31 and c >= 31:
        return F_BIG_THREE_DRAGONS
    if a >= FIRST_HONOR and a < 31 and b >= FIRST_HONOR and b < 31 and c >= FIRST_HONOR and c < 31:
        return F_BIG_THREE_WINDS
    if a >= FIRST_HONOR or b >= FIRST_HONOR or c >= FIRST_HONOR:
        return -1
    sa = a // 9
    sb = b // 9
    sc = c // 9
    r[0] = a % 9
    r[1] = b % 9
    r[2] = c % 9
    sort3(r)
    if sa == sb and sb == sc:
        if r[1] == r[0] + 1 and r[2] == r[1] + 1:
            return F_PURE_SHIFTED_PUNGS
        return -1
    if sa != sb and sb != sc and sa != sc:
        if r[0] == r[2]:
            return F_TRIPLE_PUNG
        if r[1] == r[0] + 1 and r[2] == r[1] + 1:
            return F_MIXED_SHIFTED_PUNGS
    return -1


cdef void pung_combos(const int* pu, int n, uint8_t* fan) noexcept nogil:
    cdef int i, j, f
    if n == 3:
        f = pung_triple_fan(pu[0], pu[1], pu[2])
        if f >= 0:
            fan[f] = 1
            return
    elif n == 4 and four_pungs(pu, fan):
        return
    # no 3- or 4-pung fan: every related pair of pungs scores
    for i in range(n):
        for j in range(i + 1, n):
            f = pung_pair_relation(pu[i], pu[j])
            if f >= 0:
                fan[f] += 1


cdef bint four_pungs(const int* pu, uint8_t* fan) noexcept nogil:
    """The fans of four pungs taken together or three at a time; False if none."""
    cdef int i, j, f, g, free
    cdef int r[4]
    cdef int tri[4][4]
    if pu[0] >= FIRST_HONOR and pu[0] < 31 and pu[1] >= FIRST_HONOR and pu[1] < 31 and pu[2] >= FIRST_HONOR and pu[2] < 31 \
            and pu[3] >= FIRST_HONOR and pu[3] < 31:
        fan[F_BIG_FOUR_WINDS] = 1
        return True
    if pu[3] < FIRST_HONOR and pu[0] // 9 == pu[3] // 9 and pu[1] // 9 == pu[0] // 9 and pu[2] // 9 == pu[0] // 9:
        for i in range(4):
            r[i] = pu[i] % 9
        # pungs are sorted by tile inside one suit
        if r[1] == r[0] + 1 and r[2] == r[1] + 1 and r[3] == r[2] + 1:
            fan[F_FOUR_PURE_SHIFTED_PUNGS] = 1
            return True
    tri[0][0] = 0; tri[0][1] = 1; tri[0][2] = 2; tri[0][3] = 3
    tri[1][0] = 0; tri[1][1] = 1; tri[1][2] = 3; tri[1][3] = 2
    tri[2][0] = 0; tri[2][1] = 2; tri[2][2] = 3; tri[2][3] = 1
    tri[3][0] = 1; tri[3][1] = 2; tri[3][2] = 3; tri[3][3] = 0
    for i in range(4):
        f = pung_triple_fan(pu[tri[i][0]], pu[tri[i][1]], pu[tri[i][2]])
        if f >= 0:
            fan[f] = 1
            free = pu[tri[i][3]]
            for j in range(3):
                g = pung_pair_relation(free, pu[tri[i][j]])
                if g >= 0:
                    fan[g] += 1
                    break
            return True
    return False


# ---------------------------------------------------------------------------------------
# The explicit 不计 list and the wind step (shared by all forms that reach them)

cdef void final_adjust(uint8_t* fan) noexcept nogil:
    if fan[F_BIG_FOUR_WINDS]:
        fan[F_ALL_PUNGS] = 0
        fan[F_PUNG_TERMINALS_HONORS] = 0
    if fan[F_BIG_THREE_DRAGONS]:
        fan[F_DRAGON_PUNG] = 0
    if fan[F_FOUR_PURE_SHIFTED_PUNGS]:
        fan[F_ALL_PUNGS] = 0
    if fan[F_ALL_GREEN]:
        fan[F_HALF_FLUSH] = 0
        fan[F_ONE_VOIDED_SUIT] = 0
    if fan[F_FOUR_KONGS]:
        fan[F_SINGLE_WAIT] = 0
    if fan[F_ALL_TERMINALS]:
        fan[F_ALL_PUNGS] = 0
        fan[F_OUTSIDE_HAND] = 0
        fan[F_PUNG_TERMINALS_HONORS] = 0
        fan[F_NO_HONORS] = 0
        fan[F_DOUBLE_PUNG] = 0
    if fan[F_LITTLE_FOUR_WINDS]:
        fan[F_PUNG_TERMINALS_HONORS] = 0
    if fan[F_LITTLE_THREE_DRAGONS]:
        fan[F_DRAGON_PUNG] = 0
    if fan[F_ALL_HONORS]:
        fan[F_ALL_PUNGS] = 0
        fan[F_OUTSIDE_HAND] = 0
        fan[F_PUNG_TERMINALS_HONORS] = 0
        fan[F_ONE_VOIDED_SUIT] = 0
    if fan[F_FOUR_CONCEALED_PUNGS]:
        fan[F_ALL_PUNGS] = 0
        fan[F_CONCEALED_HAND] = 0
        if fan[F_FULLY_CONCEALED_HAND]:
            fan[F_FULLY_CONCEALED_HAND] = 0
            fan[F_SELF_DRAWN] = 1
    if fan[F_PURE_TERMINAL_CHOWS]:
        fan[F_FULL_FLUSH] = 0
        fan[F_ALL_CHOWS] = 0
        fan[F_NO_HONORS] = 0
    if fan[F_ALL_EVEN_PUNGS]:
        fan[F_ALL_PUNGS] = 0
        fan[F_ALL_SIMPLES] = 0
        fan[F_NO_HONORS] = 0
    if fan[F_FULL_FLUSH]:
        fan[F_NO_HONORS] = 0
    if fan[F_UPPER_TILES] or fan[F_LOWER_TILES] or fan[F_UPPER_FOUR] or fan[F_LOWER_FOUR]:
        fan[F_NO_HONORS] = 0
    if fan[F_MIDDLE_TILES]:
        fan[F_ALL_SIMPLES] = 0
        fan[F_NO_HONORS] = 0
    if fan[F_THREE_SUITED_TERMINAL_CHOWS]:
        fan[F_ALL_CHOWS] = 0
        fan[F_NO_HONORS] = 0
    if fan[F_ALL_FIVE]:
        fan[F_ALL_SIMPLES] = 0
        fan[F_NO_HONORS] = 0
    if fan[F_BIG_THREE_WINDS]:
        fan[F_PUNG_TERMINALS_HONORS] = fan[F_PUNG_TERMINALS_HONORS] - 3 if fan[F_PUNG_TERMINALS_HONORS] > 3 else 0
    if fan[F_REVERSIBLE_TILES]:
        fan[F_ONE_VOIDED_SUIT] = 0
    if fan[F_LAST_TILE_DRAW] or fan[F_OUT_WITH_REPLACEMENT]:
        fan[F_SELF_DRAWN] = 0
    if fan[F_ROBBING_THE_KONG]:
        fan[F_LAST_TILE] = 0
    if fan[F_ALL_TERMINALS_AND_HONORS]:
        fan[F_ALL_PUNGS] = 0
        fan[F_OUTSIDE_HAND] = 0
        fan[F_PUNG_TERMINALS_HONORS] = 0
    if fan[F_MELDED_HAND]:
        fan[F_SINGLE_WAIT] = 0
    if fan[F_TWO_DRAGONS_PUNGS]:
        fan[F_DRAGON_PUNG] = 0
    if fan[F_FULLY_CONCEALED_HAND]:
        fan[F_SELF_DRAWN] = 0
    if fan[F_ALL_CHOWS] or fan[F_ALL_SIMPLES]:
        fan[F_NO_HONORS] = 0


cdef void wind_fans(Ctx* c, const int* pu, int n_pu, uint8_t* fan) noexcept nogil:
    """圈风刻/门风刻 per wind pung, each taking that pung's 幺九刻 unless already gone."""
    cdef int i, w
    cdef bint removed, hit
    if fan[F_BIG_FOUR_WINDS]:
        return
    removed = (fan[F_BIG_THREE_WINDS] or fan[F_ALL_TERMINALS_AND_HONORS] or fan[F_ALL_HONORS]
               or fan[F_LITTLE_FOUR_WINDS])
    for i in range(n_pu):
        w = pu[i] - 27
        if w < 0 or w > 3:
            continue
        hit = False
        if w == c.round:
            fan[F_PREVALENT_WIND] = 1
            hit = True
        if w == c.seat:
            fan[F_SEAT_WIND] = 1
            hit = True
        if hit and not removed and fan[F_PUNG_TERMINALS_HONORS]:
            fan[F_PUNG_TERMINALS_HONORS] -= 1


cdef inline int fan_total(const uint8_t* fan) noexcept nogil:
    cdef int f, total = 0
    for f in range(N_FANS_C):
        total += fan[f] * FAN_POINTS[f]
    return total


# ---------------------------------------------------------------------------------------
# Scoring of one regular division

# Group traits per tile, as bits: every group (and the pair) must have them for 全带幺,
# 全带五, 全双刻. CHOW_BITS by the chow's lowest tile; PUNG_BITS serve pungs and the pair.
cdef enum:
    GB_OUTSIDE = 1
    GB_FIVE = 2
    GB_EVEN = 4
cdef uint8_t CHOW_BITS[34]
cdef uint8_t PUNG_BITS[34]
for _i in range(34):
    CHOW_BITS[_i] = 0
    PUNG_BITS[_i] = GB_OUTSIDE
    if _i < FIRST_HONOR:
        _r = _i % 9
        CHOW_BITS[_i] = (GB_OUTSIDE if _r in (0, 6) else 0) | (GB_FIVE if 2 <= _r <= 4 else 0)
        PUNG_BITS[_i] = ((GB_OUTSIDE if _r in (0, 8) else 0) | (GB_FIVE if _r == 4 else 0)
                         | (GB_EVEN if _r % 2 == 1 else 0))


cdef int score_division(Ctx* c, Division* d, uint8_t* fan) noexcept nogil:
    cdef int ch[4]
    cdef int pu[4]
    cdef int n_ch = 0, n_pu = 0, i, j, t, k, tmp
    cdef int mk = 0, ck = 0, cp = 0, nk, cc
    cdef int win = c.win, pair = d.pair
    cdef bint win_in_conc_chow = False, edge = False, closed = False
    cdef int traits = GB_OUTSIDE | GB_FIVE | GB_EVEN
    memset(fan, 0, N_FANS_C)
    add_win_flag_fans(c, fan)
    for i in range(4):
        t = d.tile[i]
        if d.kind[i] == G_CHOW:
            # insertion by the reference's tile order
            j = n_ch
            while j > 0 and REF_RANK[ch[j - 1]] > REF_RANK[t]:
                ch[j] = ch[j - 1]
                j -= 1
            ch[j] = t
            n_ch += 1
            if d.concealed[i] and <unsigned>(win - t) <= 2:
                win_in_conc_chow = True
                if win == t + 1:
                    closed = True
                else:
                    edge = True
            traits &= CHOW_BITS[t]
        else:
            j = n_pu
            while j > 0 and REF_RANK[pu[j - 1]] > REF_RANK[t]:
                pu[j] = pu[j - 1]
                j -= 1
            pu[j] = t
            n_pu += 1
            traits &= PUNG_BITS[t]
            if d.kind[i] == G_KONG:
                if d.concealed[i]:
                    ck += 1
                else:
                    mk += 1
    # concealed pungs (a pung completed by a discard is exposed unless the winning tile can
    # be read inside a concealed chow of this division)
    for i in range(4):
        if d.kind[i] == G_PUNG and d.concealed[i]:
            if (not (c.flags & GB_SELF_DRAWN)) and d.tile[i] == win and not win_in_conc_chow:
                continue
            cp += 1
    nk = mk + ck
    if nk == 1:
        fan[F_MELDED_KONG if mk else F_CONCEALED_KONG] = 1
    elif nk == 2:
        if mk == 2:
            fan[F_TWO_MELDED_KONGS] = 1
        elif mk == 1:
            if c.ming_an_gang_5:
                fan[F_CONCEALED_AND_MELDED_KONG] = 1
            else:  # the option off (the 1998 reading): each kong its own fan
                fan[F_MELDED_KONG] = 1
                fan[F_CONCEALED_KONG] = 1
        else:
            fan[F_TWO_CONCEALED_KONGS] = 1
    elif nk == 3:
        fan[F_THREE_KONGS] = 1
    elif nk == 4:
        fan[F_FOUR_KONGS] = 1
    cc = cp + ck
    if not (nk == 2 and ck == 2 and cc == 2):
        if cc == 2:
            fan[F_TWO_CONCEALED_PUNGS] = 1
        elif cc == 3:
            fan[F_THREE_CONCEALED_PUNGS] = 1
        elif cc == 4:
            fan[F_FOUR_CONCEALED_PUNGS] = 1
    if n_pu == 4 and not fan[F_FOUR_KONGS] and not fan[F_FOUR_CONCEALED_PUNGS]:
        fan[F_ALL_PUNGS] = 1
    for i in range(n_pu):
        t = pu[i]
        if t >= 31:
            fan[F_DRAGON_PUNG] += 1
        elif t >= FIRST_HONOR or t % 9 == 0 or t % 9 == 8:
            fan[F_PUNG_TERMINALS_HONORS] += 1
    # chow and pung combinations
    if n_ch == 4:
        four_chows(ch, pair, fan)
    elif n_ch == 3:
        three_chows(ch, fan)
    elif n_ch == 2:
        k = chow_pair_relation(ch[0], ch[1])
        if k >= 0:
            fan[k] += 1
        pung_combos(pu, 2, fan)
    else:
        pung_combos(pu, n_pu, fan)
    # melded packs
    if c.n_exposed == 0:
        fan[F_FULLY_CONCEALED_HAND if c.flags & GB_SELF_DRAWN else F_CONCEALED_HAND] = 1
    elif c.n_exposed == 4:
        fan[F_SELF_DRAWN if c.flags & GB_SELF_DRAWN else F_MELDED_HAND] = 1
    # pair
    if n_ch == 4 and pair < FIRST_HONOR:
        fan[F_ALL_CHOWS] = 1
    if fan[F_TWO_DRAGONS_PUNGS] and pair >= 31:
        fan[F_LITTLE_THREE_DRAGONS] = 1
        fan[F_TWO_DRAGONS_PUNGS] = 0
    if fan[F_BIG_THREE_WINDS] and pair >= FIRST_HONOR and pair < 31:
        fan[F_LITTLE_FOUR_WINDS] = 1
        fan[F_BIG_THREE_WINDS] = 0
    # group traits
    traits &= PUNG_BITS[pair]
    if traits & GB_OUTSIDE:
        fan[F_OUTSIDE_HAND] = 1
    elif traits & GB_FIVE:
        fan[F_ALL_FIVE] = 1
    elif traits & GB_EVEN:
        fan[F_ALL_EVEN_PUNGS] = 1
    add_suit_traits(c, fan)
    # 四归一: four copies used without a kong
    if not fan[F_QUADRUPLE_CHOW]:
        k = c.n_four - c.n_kongs
        if k > 0:
            fan[F_TILE_HOG] = k
    # wait (formal unique wait only)
    if not fan[F_MELDED_HAND] and not fan[F_FOUR_KONGS] and (edge or closed or pair == win):
        if has_unique_wait(c):
            if edge:
                fan[F_EDGE_WAIT] = 1
            elif closed:
                fan[F_CLOSED_WAIT] = 1
            else:
                fan[F_SINGLE_WAIT] = 1
    final_adjust(fan)
    wind_fans(c, pu, n_pu, fan)
    k = fan_total(fan)
    if k == 0:
        fan[F_CHICKEN_HAND] = 1
        k = FAN_POINTS[F_CHICKEN_HAND]
    return k


# ---------------------------------------------------------------------------------------
# Special forms

cdef int score_seven_pairs(Ctx* c, uint8_t* fan) noexcept nogil:
    """七对 / 连七对 (standing tiles are all even counts, 0 melds)."""
    cdef int t, s, lo = -1, n_kinds = 0
    memset(fan, 0, N_FANS_C)
    add_win_flag_fans(c, fan)
    # 连七对: seven distinct consecutive pairs in one suit
    for t in range(34):
        if c.standing[t]:
            n_kinds += 1
            if lo < 0:
                lo = t
    if n_kinds == 7 and lo < FIRST_HONOR and lo % 9 <= 2:
        s = 1
        for t in range(lo, lo + 7):
            if c.standing[t] != 2:
                s = 0
                break
        if s:
            fan[F_SEVEN_SHIFTED_PAIRS] = 1
            if lo % 9 == 1:
                fan[F_ALL_SIMPLES] = 1
            final_adjust(fan)
            return fan_total(fan)
    fan[F_SEVEN_PAIRS] = 1
    add_suit_traits(c, fan)
    if c.n_four:
        fan[F_TILE_HOG] = c.n_four
    final_adjust(fan)
    return fan_total(fan)


cdef int score_flag_only(Ctx* c, uint8_t* fan, int f1, int f2) noexcept nogil:
    memset(fan, 0, N_FANS_C)
    add_win_flag_fans(c, fan)
    fan[f1] = 1
    if f2 >= 0:
        fan[f2] = 1
    final_adjust(fan)
    return fan_total(fan)


cdef int score_nine_gates(Ctx* c, uint8_t* fan) noexcept nogil:
    cdef int r = c.win % 9
    memset(fan, 0, N_FANS_C)
    add_win_flag_fans(c, fan)
    fan[F_NINE_GATES] = 1
    if r == 0 or r == 8:
        fan[F_PURE_STRAIGHT] = 1
        fan[F_TILE_HOG] = 1
    elif r == 1 or r == 7:
        fan[F_TWO_CONCEALED_PUNGS] = 1
        fan[F_SHORT_STRAIGHT] = 1
        fan[F_PUNG_TERMINALS_HONORS] = 1
    elif r == 4:
        fan[F_TWO_CONCEALED_PUNGS] = 1
        fan[F_PUNG_TERMINALS_HONORS] = 1
    else:
        fan[F_SHORT_STRAIGHT] = 1
    final_adjust(fan)
    return fan_total(fan)


cdef bint is_nine_gates(Ctx* c) noexcept nogil:
    cdef int base, i, t
    if c.win >= FIRST_HONOR:
        return False
    base = (c.win // 9) * 9
    for t in range(34):
        if t < base or t >= base + 9:
            if c.hand[t]:
                return False
    for i in range(9):
        if c.hand[base + i] != (3 if i == 0 or i == 8 else 1):
            return False
    return True


cdef int score_knitted(Ctx* c, KnittedDecomposition* kd, uint8_t* fan, Division* d,
                       int* n_groups) noexcept nogil:
    """组合龙 + one group + pair (the group may be the one meld)."""
    cdef uint8_t knit[9]
    cdef uint8_t rest[48]
    cdef int i, t, kind, tile, conc, n_rest = 0, first = -1, pung_tile = -1
    cdef bint unique
    memset(fan, 0, N_FANS_C)
    add_win_flag_fans(c, fan)
    fan[F_KNITTED_STRAIGHT] = 1
    d.pair = kd.pair
    if c.n_melds == 1:
        kind = c.mkind[0]
        tile = c.mtile[0]
        conc = c.mconc[0]
        d.is_meld[0] = 1
    else:
        kind = G_CHOW if kd.kind == SET_CHOW else G_PUNG
        tile = kd.tile
        conc = 1
        d.is_meld[0] = 0
    d.kind[0] = kind
    d.tile[0] = tile
    d.concealed[0] = conc
    n_groups[0] = 1
    if kind == G_CHOW:
        if kd.pair < FIRST_HONOR:
            fan[F_ALL_CHOWS] = 1
    else:
        pung_tile = tile
        if tile >= 31:
            fan[F_DRAGON_PUNG] = 1
        elif tile >= FIRST_HONOR or tile % 9 == 0 or tile % 9 == 8:
            fan[F_PUNG_TERMINALS_HONORS] = 1
        if kind == G_KONG:
            fan[F_CONCEALED_KONG if conc else F_MELDED_KONG] = 1
    # honors present only in the group or the pair
    if not (c.present & M_HONOR):
        fan[F_NO_HONORS] = 1
    elif (c.present & M_WIND) and (c.present & M_DRAGON):
        fan[F_ALL_TYPES] = 1
    if c.n_four > c.n_kongs:
        fan[F_TILE_HOG] = c.n_four - c.n_kongs
    if c.n_exposed == 0:
        fan[F_FULLY_CONCEALED_HAND if c.flags & GB_SELF_DRAWN else F_CONCEALED_HAND] = 1
    # wait fans
    if c.n_melds == 0:
        # the five tiles besides the knitted nine, less the winning tile, must wait uniquely
        knitted_pattern_tiles(kd.pattern, knit)
        memcpy(rest, c.standing, 48)
        for i in range(9):
            rest[knit[i]] -= 1
        if rest[c.win]:
            rest[c.win] -= 1
            if formal_waits(rest, 4, 2, &first, NULL) == 1:
                if kind == G_CHOW and c.win >= tile and c.win <= tile + 2:
                    fan[F_CLOSED_WAIT if c.win == tile + 1 else F_EDGE_WAIT] = 1
                elif kd.pair == c.win:
                    fan[F_SINGLE_WAIT] = 1
    else:
        # knitted nine + pair concealed: single wait on the pair tile
        if kd.pair == c.win:
            knitted_pattern_tiles(kd.pattern, knit)
            unique = True
            for i in range(9):
                if knit[i] == c.win and c.standing[c.win] != 3:
                    unique = False
            if unique:
                fan[F_SINGLE_WAIT] = 1
    final_adjust(fan)
    if pung_tile >= 0:
        wind_fans(c, &pung_tile, 1, fan)
    if fan_total(fan) == 0:
        fan[F_CHICKEN_HAND] = 1
    return fan_total(fan)


# ---------------------------------------------------------------------------------------
# Whole hand

cdef uint64_t KNITTED_MASKS[6]

cdef int setup_hand(Ctx* c, const uint8_t* hand, int win, const uint8_t* melds, int flags,
                    int seat, int round, int flowers, bint ming_an_gang_5) noexcept nogil:
    """Validate the input and fill the context. Returns 0 or an error code."""
    cdef int t, i, n = 0, kind, tile, k, r
    cdef uint64_t present, standing_mask, odd, multi
    if win < 0 or win >= 34:
        return ERR_BAD_TILE
    if flags & ~GB_ALL_FLAGS or seat < 0 or seat > 3 or round < 0 or round > 3 \
            or flowers < 0 or flowers > 8:
        return ERR_BAD_CONTEXT
    c.n_melds = 0
    c.n_exposed = 0
    c.n_kongs = 0
    for i in range(4):
        kind = melds[2 * i]
        tile = melds[2 * i + 1]
        if kind == MELD_NONE:
            continue
        if kind > MELD_CONCEALED_KONG or tile >= 34:
            return ERR_BAD_MELD
        if kind == MELD_CHOW and (tile >= FIRST_HONOR or tile % 9 > 6):
            return ERR_BAD_MELD
        k = c.n_melds
        c.mtile[k] = tile
        if kind == MELD_CHOW:
            c.mkind[k] = G_CHOW
            c.mconc[k] = 0
            c.n_exposed += 1
        elif kind == MELD_PUNG:
            c.mkind[k] = G_PUNG
            c.mconc[k] = 0
            c.n_exposed += 1
        else:
            c.mkind[k] = G_KONG
            c.mconc[k] = kind == MELD_CONCEALED_KONG
            c.n_exposed += kind == MELD_KONG
            c.n_kongs += 1
        c.n_melds += 1
    memcpy(c.hand, hand, 34)
    memset(c.hand + 34, 0, 14)
    n = sum48(c.hand)
    if n + 3 * c.n_melds != 13:
        return ERR_WRONG_TILE_COUNT
    memcpy(c.standing, c.hand, 48)
    c.standing[win] += 1
    memcpy(c.all_tiles, c.standing, 48)
    for i in range(c.n_melds):
        tile = c.mtile[i]
        if c.mkind[i] == G_CHOW:
            c.all_tiles[tile] += 1
            c.all_tiles[tile + 1] += 1
            c.all_tiles[tile + 2] += 1
        elif c.mkind[i] == G_PUNG:
            c.all_tiles[tile] += 3
        else:
            c.all_tiles[tile] += 4
    if gt_mask(c.all_tiles, 4):
        return ERR_TOO_MANY_COPIES
    present = gt_mask(c.all_tiles, 0)
    standing_mask = gt_mask(c.standing, 0)
    odd = odd_mask(c.standing)
    multi = gt_mask(c.standing, 1)
    c.n_four = popcount64(eq_mask(c.all_tiles, 4))
    c.present = present
    c.standing_mask = standing_mask
    c.odd_mask = odd
    c.multi_mask = multi
    # win context: reject what cannot happen (the reference silently drops such flags)
    if flags & GB_REPLACEMENT:
        if not (flags & GB_SELF_DRAWN) or c.n_kongs == 0:
            return ERR_BAD_CONTEXT
    if flags & GB_ROBBING_KONG:
        if flags & GB_SELF_DRAWN or c.all_tiles[win] != 1:
            return ERR_BAD_CONTEXT
    if flags & GB_FOURTH_TILE:
        if hand[win]:
            return ERR_BAD_CONTEXT
    # three copies in one's own melds: the winning tile is necessarily the last one
    if c.all_tiles[win] - c.standing[win] == 3:
        flags |= GB_FOURTH_TILE
    c.win = win
    c.flags = flags
    c.seat = seat
    c.round = round
    c.flowers = flowers
    c.ming_an_gang_5 = ming_an_gang_5
    c.unique_wait = -1
    compute_traits(c)
    return 0


cdef inline void copy_meld_groups(Ctx* c, Division* d) noexcept nogil:
    cdef int i
    for i in range(c.n_melds):
        d.kind[i] = c.mkind[i]
        d.tile[i] = c.mtile[i]
        d.concealed[i] = c.mconc[i]
        d.is_meld[i] = 1


cdef inline int division_key_cmp(Ctx* c, const RegularDecomposition* a,
                                 const RegularDecomposition* b) noexcept nogil:
    """Compare two decompositions in the reference's discovery order."""
    cdef int ka[4]
    cdef int kb[4]
    cdef int i, j, x, n = a.n_sets
    for i in range(n):
        ka[i] = REF_RANK[a.tile[i]] * 2 + (a.kind[i] == SET_CHOW)
        kb[i] = REF_RANK[b.tile[i]] * 2 + (b.kind[i] == SET_CHOW)
    for i in range(1, n):
        x = ka[i]
        j = i
        while j > 0 and ka[j - 1] > x:
            ka[j] = ka[j - 1]
            j -= 1
        ka[j] = x
        x = kb[i]
        j = i
        while j > 0 and kb[j - 1] > x:
            kb[j] = kb[j - 1]
            j -= 1
        kb[j] = x
    for i in range(n):
        if ka[i] != kb[i]:
            return -1 if ka[i] < kb[i] else 1
    return 0


cdef inline uint8_t* slot(Candidate* cands, int i, uint8_t* scratch) noexcept nogil:
    if cands != NULL:
        return cands[i].fan
    return scratch


cdef inline void keep_best(Candidate* cands, int n_c, int* best_index, uint8_t* best_fan,
                           const uint8_t* scratch) noexcept nogil:
    """Candidate n_c is the best so far: note its index when candidates are kept, else
    copy its fans (scored into scratch) to best_fan."""
    if cands != NULL:
        if best_index != NULL:
            best_index[0] = n_c
    else:
        memcpy(best_fan, scratch, N_FANS_C)


cdef inline int add_setless(Candidate* cands, int n_c, int form, int total, int* best_index,
                            uint8_t* best_fan, const uint8_t* scratch) noexcept nogil:
    """Keep the best-so-far candidate n_c of a form without sets (no pair either); returns
    the new candidate count."""
    keep_best(cands, n_c, best_index, best_fan, scratch)
    if cands == NULL:
        return n_c
    cands[n_c].form = form
    cands[n_c].total = total
    cands[n_c].pattern = -1
    cands[n_c].n_groups = 0
    cands[n_c].div.pair = 255
    return n_c + 1


cdef int score_hand(const uint8_t* hand, int win, const uint8_t* melds, int flags, int seat,
                    int round, int flowers, bint ming_an_gang_5, uint8_t* best_fan,
                    Candidate* cands, int* n_cands, int* best_index) noexcept nogil:
    """Score a hand: the best total (flowers included) with its fans in best_fan, or a
    negative error code. If cands is not NULL, every candidate is stored there.
    ``ming_an_gang_5``: the rule option (1 melded + 1 concealed kong = 明暗杠 5, else
    明杠 1 + 暗杠 2)."""
    cdef Ctx c
    cdef RegularDecomposition decs[MAX_REGULAR_DECOMPOSITIONS]
    cdef KnittedDecomposition kdecs[MAX_KNITTED_DECOMPOSITIONS]
    cdef int order[MAX_REGULAR_DECOMPOSITIONS]
    cdef uint8_t scratch[N_FANS_C]
    cdef uint8_t* fan
    cdef Division d
    cdef int err, i, j, k, t, n_dec, total, best = -1, n_c = 0, form = 0, ng
    cdef bint seven_pairs = False, all_even, special = False
    cdef uint64_t numbered = 0
    err = setup_hand(&c, hand, win, melds, flags, seat, round, flowers, ming_an_gang_5)
    if err:
        if n_cands != NULL:
            n_cands[0] = 0
        return err
    if best_index != NULL:
        best_index[0] = -1
    # special forms
    if c.n_melds == 0:
        all_even = c.odd_mask == 0
        fan = slot(cands, n_c, scratch)
        if all_even:
            total = score_seven_pairs(&c, fan)
            if fan[F_SEVEN_SHIFTED_PAIRS]:
                special = True
            else:
                seven_pairs = True
            form = FORM_SEVEN_PAIRS
        elif honors_knitted_ok(&c):
            k = 0
            for t in range(27, 34):
                k += c.standing[t]
            if k == 7:
                total = score_flag_only(&c, fan, F_GREATER_HONORS_KNITTED, -1)
            else:
                total = score_flag_only(&c, fan, F_LESSER_HONORS_KNITTED,
                                        F_KNITTED_STRAIGHT if k == 5 else -1)
            special = True
            form = FORM_HONORS_KNITTED
        elif thirteen_orphans_ok(&c):
            total = score_flag_only(&c, fan, F_THIRTEEN_ORPHANS, -1)
            special = True
            form = FORM_THIRTEEN_ORPHANS
        if form:
            best = total
            n_c = add_setless(cands, n_c, form, total, best_index, best_fan, scratch)
    if not special and c.n_melds <= 1:
        numbered = c.standing_mask
        for i in range(6):
            if (numbered & KNITTED_MASKS[i]) == KNITTED_MASKS[i]:
                n_dec = knitted_straight_decompositions(c.standing, kdecs, MAX_KNITTED_DECOMPOSITIONS)
                for j in range(n_dec):
                    fan = slot(cands, n_c, scratch)
                    total = score_knitted(&c, &kdecs[j], fan, &d, &ng)
                    if cands != NULL:
                        cands[n_c].form = FORM_KNITTED_STRAIGHT
                        cands[n_c].total = total
                        cands[n_c].pattern = kdecs[j].pattern
                        cands[n_c].div = d
                        cands[n_c].n_groups = ng
                    if total > best:
                        best = total
                        keep_best(cands, n_c, best_index, best_fan, scratch)
                    if cands != NULL and n_c < MAX_CANDIDATES - 1:
                        n_c += 1
                if n_dec:
                    special = True
                break
    if not special and c.n_melds == 0 and not seven_pairs and is_nine_gates(&c):
        fan = slot(cands, n_c, scratch)
        total = score_nine_gates(&c, fan)
        best = total
        special = True
        n_c = add_setless(cands, n_c, FORM_NINE_GATES, total, best_index, best_fan, scratch)
    if not special:
        n_dec = regular_decompositions(c.standing, decs, MAX_REGULAR_DECOMPOSITIONS)
        # reference discovery order (matters for its tie-breaking)
        for i in range(n_dec):
            order[i] = i
        for i in range(1, n_dec):
            k = order[i]
            j = i
            while j > 0 and division_key_cmp(&c, &decs[order[j - 1]], &decs[k]) > 0:
                order[j] = order[j - 1]
                j -= 1
            order[j] = k
        copy_meld_groups(&c, &d)
        for i in range(n_dec):
            k = order[i]
            d.pair = decs[k].pair
            for j in range(decs[k].n_sets):
                d.kind[c.n_melds + j] = G_CHOW if decs[k].kind[j] == SET_CHOW else G_PUNG
                d.tile[c.n_melds + j] = decs[k].tile[j]
                d.concealed[c.n_melds + j] = 1
                d.is_meld[c.n_melds + j] = 0
            fan = slot(cands, n_c, scratch)
            total = score_division(&c, &d, fan)
            if cands != NULL:
                cands[n_c].form = FORM_REGULAR
                cands[n_c].total = total
                cands[n_c].pattern = -1
                cands[n_c].div = d
                cands[n_c].n_groups = 4
            if total > best or (total == best and (
                    seven_pairs or fan[F_PURE_TRIPLE_CHOW] or fan[F_TRIPLE_PUNG])):
                best = total
                keep_best(cands, n_c, best_index, best_fan, scratch)
            if cands != NULL:
                n_c += 1
    if n_cands != NULL:
        n_cands[0] = n_c
    if best < 0:
        return ERR_NOT_WINNING
    if cands != NULL and best_index != NULL and best_fan != NULL:
        memcpy(best_fan, cands[best_index[0]].fan, N_FANS_C)
    if cands != NULL:
        for i in range(n_c):
            cands[i].fan[F_FLOWER_TILES] = flowers
            cands[i].total += flowers
    best_fan[F_FLOWER_TILES] = flowers
    return best + flowers


cdef bint honors_knitted_ok(Ctx* c) noexcept nogil:
    """全不靠 shape: 14 distinct tiles, the numbered ones inside one knitted pattern."""
    cdef int t
    cdef uint64_t numbered = c.standing_mask & ~M_HONOR
    if c.multi_mask:
        return False
    for t in range(6):
        if (numbered & ~KNITTED_MASKS[t]) == 0:
            return True
    return False


cdef inline bint thirteen_orphans_ok(Ctx* c) noexcept nogil:
    return c.standing_mask == (M_TERMINAL | M_HONOR)


def _init_knitted():
    cdef int p
    for p in range(6):
        KNITTED_MASKS[p] = knitted_pattern_mask(p)


_init_knitted()


# ---------------------------------------------------------------------------------------
# Python entry points

cdef int _meld_array(object melds, uint8_t* out) except -1:
    """Copy melds ((type, tile) pairs or an (k, 2) array, k <= 4) into out[8]."""
    cdef int i = 0
    memset(out, 0, 8)
    if melds is None:
        return 0
    for m in melds:
        if i >= 4:
            raise ValueError("at most 4 melds")
        typ, tile = int(m[0]), int(m[1])
        if not (0 <= typ <= 255 and 0 <= tile <= 255):
            raise ValueError(f"meld {i}: value out of range: {(typ, tile)}")
        out[2 * i] = typ
        out[2 * i + 1] = tile
        i += 1
    return 0


cdef int _counts_array(object counts34, uint8_t* out) except -1:
    cdef int t
    if len(counts34) != 34:
        raise ValueError("counts34 must have 34 entries")
    for t in range(34):
        v = int(counts34[t])
        if not 0 <= v <= 255:
            raise ValueError(f"counts34[{t}] out of range: {v}")
        out[t] = v
    return 0


_KIND_NAMES = {G_CHOW: "chow", G_PUNG: "pung", G_KONG: "kong"}


cdef dict _candidate_dict(Candidate* cand):
    cdef int i
    sets = []
    for i in range(cand.n_groups):
        sets.append({"kind": _KIND_NAMES[cand.div.kind[i]], "tile": cand.div.tile[i],
                     "meld": bool(cand.div.is_meld[i]), "concealed": bool(cand.div.concealed[i])})
    return {
        "form": FORMS[cand.form],
        "total": cand.total,
        "fans": np.frombuffer(bytes(<uint8_t[:N_FANS_C]> cand.fan), dtype=np.uint8).copy(),
        "pair": None if cand.div.pair == 255 or cand.n_groups == 0 and cand.form != FORM_KNITTED_STRAIGHT
                else int(cand.div.pair),
        "sets": sets,
        "knitted_pattern": None if cand.pattern < 0 else int(cand.pattern),
    }


def score_one(counts34, int win_tile, melds=(), int flags=0, int seat=0, int round=0,
              int flowers=0, bint ming_an_gang_5=True):
    """Score one hand.

    Parameters
    ----------
    counts34 : sequence of 34 ints
        Concealed tiles before the win (counts per tile id).
    win_tile : int
        The winning tile id.
    melds : sequence of (type, tile)
        Up to 4 melds; type 1 chow (tile = lowest), 2 pung, 3 kong, 4 concealed kong.
    flags : int
        Bits: 1 self-drawn, 2 fourth tile, 4 replacement, 8 robbing kong, 16 last of wall.
    seat, round : int
        Seat and round (prevalent) wind, 0..3 = E S W N.
    flowers : int
        Flower tiles (1 fan each, added after everything else).
    ming_an_gang_5 : bool
        The rule option: one melded and one concealed kong score 明暗杠 (5), else 明杠 +
        暗杠 (1 + 2).

    Returns
    -------
    dict
        ``total`` (negative = error code, see ``ERROR_CODES``) and, for a valid hand,
        ``fans`` (uint8[N_FANS] counts) and the chosen decomposition (``form``, ``pair``,
        ``sets`` [{kind, tile, meld, concealed}], ``knitted_pattern``).
    """
    cdef uint8_t hand[34]
    cdef uint8_t m[8]
    cdef uint8_t best_fan[N_FANS_C]
    cdef Candidate cands[MAX_CANDIDATES]
    cdef int n_c = 0, best_index = -1, total
    _counts_array(counts34, hand)
    _meld_array(melds, m)
    if not (0 <= flags <= 255 and 0 <= seat <= 255 and 0 <= round <= 255 and 0 <= flowers <= 255):
        total = ERR_BAD_CONTEXT
    elif not 0 <= win_tile <= 255:
        total = ERR_BAD_TILE
    else:
        with nogil:
            total = score_hand(hand, win_tile, m, flags, seat, round, flowers, ming_an_gang_5,
                               best_fan, cands, &n_c, &best_index)
    if total < 0:
        return {"total": total, "fans": np.zeros(N_FANS_C, np.uint8)}
    return _candidate_dict(&cands[best_index])


def score_candidates(counts34, int win_tile, melds=(), int flags=0, int seat=0, int round=0,
                     int flowers=0, bint ming_an_gang_5=True):
    """Every candidate decomposition with its own fan counts (same arguments as score_one).

    Returns
    -------
    (int, list of dict, int)
        The best total (or a negative error code), the candidates (see ``score_one``), and
        the index of the one the reference's rules choose (-1 on error).
    """
    cdef uint8_t hand[34]
    cdef uint8_t m[8]
    cdef uint8_t best_fan[N_FANS_C]
    cdef Candidate cands[MAX_CANDIDATES]
    cdef int n_c = 0, best_index = -1, total, i
    _counts_array(counts34, hand)
    _meld_array(melds, m)
    if not (0 <= flags <= 255 and 0 <= seat <= 255 and 0 <= round <= 255 and 0 <= flowers <= 255):
        return ERR_BAD_CONTEXT, [], -1
    if not 0 <= win_tile <= 255:
        return ERR_BAD_TILE, [], -1
    with nogil:
        total = score_hand(hand, win_tile, m, flags, seat, round, flowers, ming_an_gang_5,
                           best_fan, cands, &n_c, &best_index)
    if total < 0:
        return total, [], -1
    return total, [_candidate_dict(&cands[i]) for i in range(n_c)], best_index


def score_batch_kernel(const uint8_t[:, ::1] concealed, const uint8_t[::1] win_tile,
                       const uint8_t[:, :, ::1] melds, const uint8_t[::1] flags,
                       const uint8_t[::1] seat, const uint8_t[::1] round,
                       const uint8_t[::1] flowers, int threads=1, bint ming_an_gang_5=True):
    """Score N hands with the GIL released.

    Arguments are C-contiguous uint8 arrays: concealed (N, 34), win_tile (N,), melds
    (N, 4, 2) of [type, tile], flags, seat, round, flowers (N,); ``ming_an_gang_5`` the rule
    option for every row (see ``score_one``). Returns
    ``(totals int32[N], fan_counts uint8[N, N_FANS])``; a negative total is an error code.
    """
    cdef Py_ssize_t n = concealed.shape[0], i
    if concealed.shape[1] != 34 or melds.shape[1] != 4 or melds.shape[2] != 2:
        raise ValueError("shapes must be concealed (N, 34), melds (N, 4, 2)")
    if not (win_tile.shape[0] == n and melds.shape[0] == n and flags.shape[0] == n
            and seat.shape[0] == n and round.shape[0] == n and flowers.shape[0] == n):
        raise ValueError("all arguments must have the same number of rows")
    totals_arr = np.empty(n, dtype=np.int32)
    fans_arr = np.zeros((n, N_FANS_C), dtype=np.uint8)
    cdef int32_t[::1] totals = totals_arr
    cdef uint8_t[:, ::1] fans = fans_arr
    if threads < 1:
        threads = 1
    if n == 0:
        return totals_arr, fans_arr
    with nogil:
        if threads == 1:
            for i in range(n):
                totals[i] = score_hand(&concealed[i, 0], win_tile[i], &melds[i, 0, 0],
                                       flags[i], seat[i], round[i], flowers[i], ming_an_gang_5,
                                       &fans[i, 0], NULL, NULL, NULL)
        else:
            for i in prange(n, num_threads=threads, schedule="static", chunksize=256):
                totals[i] = score_hand(&concealed[i, 0], win_tile[i], &melds[i, 0, 0],
                                       flags[i], seat[i], round[i], flowers[i], ming_an_gang_5,
                                       &fans[i, 0], NULL, NULL, NULL)
    # an error row keeps all-zero fan counts
    bad = totals_arr < 0
    if bad.any():
        fans_arr[bad] = 0
    return totals_arr, fans_arr




# Fan ids in display order: by points, highest first (ties by id), so 花牌 comes last.
_DISPLAY_ORDER = sorted(range(N_FANS_C), key=lambda f: (-_points[f], f))
cdef uint8_t DISPLAY_ORDER[N_FANS_C]
for _i in range(N_FANS_C):
    DISPLAY_ORDER[_i] = _DISPLAY_ORDER[_i]


cdef bytes _fan_pairs(const uint8_t* best_fan):
    """(fan id, count) byte pairs in display order (highest points first)."""
    cdef uint8_t out[2 * N_FANS_C]
    cdef int i, f, n_out = 0
    for i in range(N_FANS_C):
        f = DISPLAY_ORDER[i]
        if best_fan[f]:
            out[n_out] = f
            out[n_out + 1] = best_fan[f]
            n_out += 2
    return (<char*>out)[:n_out]


cdef bytes _packed_reading(Candidate* best, const uint8_t* hand, int win):
    """The chosen reading as bytes: form code, pair (255 = none), knitted pattern (255 =
    none), winning tile, number of sets, then (kind, tile, is_meld, concealed) per set and
    the 34 concealed counts before the win. One bytes object instead of nested tuples: the
    room unpacks it only when the decomposition is asked for."""
    cdef uint8_t out[5 + 4 * 4 + N_KINDS]
    cdef int i, n = best.n_groups
    out[0] = best.form
    out[1] = best.div.pair if (n or best.form == FORM_KNITTED_STRAIGHT) else 255
    out[2] = best.pattern if best.pattern >= 0 else 255
    out[3] = win
    out[4] = n
    for i in range(n):
        out[5 + 4 * i] = best.div.kind[i]
        out[6 + 4 * i] = best.div.tile[i]
        out[7 + 4 * i] = best.div.is_meld[i]
        out[8 + 4 * i] = best.div.concealed[i]
    memcpy(out + 5 + 4 * n, hand, N_KINDS)
    return (<char*>out)[:5 + 4 * n + N_KINDS]


# ---------------------------------------------------------------------------------------
# The scalar entry point of ``mahjong.guobiao.score`` (standard rules): one C call checks
# the common argument forms, counts the tiles and runs the kernel; the answer is plain
# values, from which the Python room makes its result. Anything uncommon gives None, and
# the room turns the argument into a common form (or words the error) and calls again.

cdef extern from "Python.h":
    long PyLong_AsLongAndOverflow(object o, int* overflow) except? -1

cdef extern from *:
    """
    #include <structmember.h>
    /* The offset of an instance slot (a __slots__ entry) in its object, from the class's
       member descriptor of that name; -1 for anything else. */
    static Py_ssize_t mj_slot_offset(PyObject* descr) {
        PyMemberDef* def;
        if (Py_TYPE(descr) != &PyMemberDescr_Type) return -1;
        def = ((PyMemberDescrObject*)descr)->d_member;
        return def->type == T_OBJECT_EX ? def->offset : -1;
    }
    /* A new instance of a class, every slot empty, without calling the class (a frozen
       dataclass's __init__ sets the fields one by one through object.__setattr__). */
    static PyObject* mj_alloc(PyObject* type) {
        PyTypeObject* tp = (PyTypeObject*)type;
        return tp->tp_alloc(tp, 0);
    }
    /* Store `value` (a new reference is taken) in the empty slot at `offset` of `obj`. */
    static void mj_fill_slot(PyObject* obj, Py_ssize_t offset, PyObject* value) {
        Py_INCREF(value);
        *(PyObject**)((char*)obj + offset) = value;
    }
    """
    Py_ssize_t mj_slot_offset(object descr)
    object mj_alloc(object type)
    void mj_fill_slot(object obj, Py_ssize_t offset, object value)

# The fields of the room's ScoreResult, in the order of score_standard's answer: the
# dataclass fields, then the packed reading and the Meld objects that the decomposition is
# built from on first access.
_RESULT_SLOTS = ("total", "base_total", "flowers", "fans", "rules", "win_tile", "self_drawn",
                 "robbing_kong", "seat_wind", "round_wind", "_raw_decomposition", "_melds")
DEF N_RESULT_SLOTS = 12

# The result class whose slot offsets are known (the last result_type score_standard was
# given: the room's ScoreResult), and those offsets in _RESULT_SLOTS order.
cdef object _slot_type = None
cdef Py_ssize_t _slot_offsets[N_RESULT_SLOTS]


cdef int _learn_slots(object cls) except -1:
    """Read the slot offsets of cls (a class with a __slots__ entry for every name of
    _RESULT_SLOTS and no __dict__), or raise TypeError."""
    global _slot_type
    cdef int i
    cdef Py_ssize_t off
    if not isinstance(cls, type) or cls.__dictoffset__ != 0:
        raise TypeError("result_type must be a class with __slots__ and no __dict__")
    for i in range(N_RESULT_SLOTS):
        off = mj_slot_offset(cls.__dict__.get(_RESULT_SLOTS[i]))
        if off < 0:
            raise TypeError(f"result_type has no slot {_RESULT_SLOTS[i]!r}")
        _slot_offsets[i] = off
    _slot_type = cls
    return 0


cdef object _new_result(object cls):
    """A new instance of cls, its slots empty (fill them with _fill_result)."""
    if cls is not _slot_type:
        _learn_slots(cls)
    return mj_alloc(cls)


cdef inline void _fill_result(object obj, int i, object value):
    mj_fill_slot(obj, _slot_offsets[i], value)


cdef inline int _flag_bit(object value, int bit) noexcept:
    # only the bool singletons: 0/1 and numpy bools are uncommon forms
    if value is True:
        return bit
    return 0 if value is False else -1


cdef inline int _small_int(object value, int high) noexcept:
    # an exact int in 0..high, else -1 (bools are not exact ints)
    cdef int overflow = 0
    cdef long v
    if type(value) is not int:
        return -1
    v = PyLong_AsLongAndOverflow(value, &overflow)
    return <int>v if overflow == 0 and 0 <= v <= high else -1


def score_standard(tiles, melds, packed, win_tile, self_drawn, fourth_tile, replacement,
                   robbing_kong, last_tile, seat_wind, round_wind, flowers,
                   dict tile_names, dict meld_cache, dict fans_cache, result_type=None,
                   bint ming_an_gang_5=True):
    """Score one hand under the standard rules.

    Arguments as ``mahjong.guobiao.score``, plus: ``packed``, None or the melds already
    packed as ``(bytes of [code, tile] pairs, Meld objects)``; the room's lookup tables:
    ``tile_names`` (tile name -> id, for a named winning tile and for tiles given as names
    separated by spaces), ``meld_cache`` (melds as a tuple -> their packed form) and
    ``fans_cache`` (fan pairs, below -> the room's fan tuple). Only plain values cross.

    Common forms: ``tiles`` a tenhou string, names separated by spaces, bytes of tile ids or
    a list/tuple of int ids; melds none or found in ``meld_cache``; bool flags; int winds
    0..3 and flowers 0..8; ``win_tile`` a name or an int id. Returns None if an argument is
    in another form; a negative ``ERR_*`` code for a hand the kernel refuses; the fan pairs
    (bytes of (fan id, count) pairs, highest points first) when ``fans_cache`` does not hold
    them yet; else the fields of the room's ScoreResult (``_RESULT_SLOTS``) as a dict, with
    ``fans`` from ``fans_cache``, ``_raw_decomposition`` the bytes of ``_packed_reading`` and
    ``_melds`` the Meld objects. With ``result_type`` (the room's ScoreResult, a class with
    those slots) they come in the slots of a new ``result_type`` instance (no ``__init__``
    runs). ``ming_an_gang_5`` is the rule option (see ``score_one``).

    The kernel runs with the GIL held: a scalar call is a few microseconds, less than what
    releasing and taking the GIL back would let another thread do.
    """
    cdef uint8_t hand[34]
    cdef uint8_t m[8]
    cdef uint8_t best_fan[N_FANS_C]
    cdef Candidate cands[MAX_CANDIDATES]
    cdef int n_c = 0, best_index = -1, total, win, flags, seat, rnd, n_flowers, t
    cdef Py_ssize_t i, n, n_m
    cdef const unsigned char* q          # the meld bytes
    cdef const unsigned char* p          # tile ids given as bytes
    cdef bytes meld_bytes
    cdef tuple meld_objs
    cdef Candidate* best
    if packed is not None:
        meld_bytes, meld_objs = packed
    elif (type(melds) is tuple or type(melds) is list) and not melds:
        meld_bytes, meld_objs = b"", ()
    else:
        if type(melds) is tuple:
            key = melds
        elif type(melds) is list:
            key = tuple(<list>melds)
        else:
            return None
        try:
            found = meld_cache.get(key)
        except TypeError:  # an unhashable meld (a dict): packed by the room
            return None
        if found is None:
            return None
        meld_bytes, meld_objs = found
    n_m = len(meld_bytes)
    q = meld_bytes
    if n_m > 8 or n_m % 2:
        return ERR_BAD_MELD
    if type(win_tile) is str:
        found = tile_names.get(win_tile)
        if found is None:
            return None
        win = found
    else:
        win = _small_int(win_tile, 33)
        if win < 0:
            return None
    flags = (_flag_bit(self_drawn, GB_SELF_DRAWN) | _flag_bit(fourth_tile, GB_FOURTH_TILE)
             | _flag_bit(replacement, GB_REPLACEMENT) | _flag_bit(robbing_kong, GB_ROBBING_KONG)
             | _flag_bit(last_tile, GB_LAST_OF_WALL))
    if flags < 0:  # -1 from any flag sets every bit
        return None
    seat = _small_int(seat_wind, 3)
    rnd = _small_int(round_wind, 3)
    n_flowers = _small_int(flowers, 8)
    if seat < 0 or rnd < 0 or n_flowers < 0:
        return None
    memset(hand, 0, 34)
    if type(tiles) is str:
        # fifth copies are left to score_hand, which reports them with their own code
        if count_tenhou_text(<str>tiles, hand, 255, 14, False) < 0:
            if " " not in <str>tiles:
                return None
            memset(hand, 0, 34)  # one name per token ("W1 W2 B3", "东 南"): dict lookups
            tokens = (<str>tiles).split()
            n = len(tokens)
            if n > 14:
                return None
            for i in range(n):
                found = tile_names.get(tokens[i])
                if found is None:
                    return None
                t = found
                hand[t] += 1
    elif type(tiles) is bytes:
        n = len(<bytes>tiles)
        p = <bytes>tiles
        if n > 14:
            return ERR_WRONG_TILE_COUNT
        for i in range(n):
            if p[i] >= 34:
                return ERR_BAD_TILE
            hand[p[i]] += 1
    elif type(tiles) is list or type(tiles) is tuple:
        # fifth copies are left to score_hand here too
        if len(tiles) > 14 or count_id_items(tiles, hand, 255) < 0:
            return None
    else:
        return None
    memset(m, 0, 8)
    for i in range(n_m):
        m[i] = q[i]
    total = score_hand(hand, win, m, flags, seat, rnd, n_flowers, ming_an_gang_5, best_fan,
                       cands, &n_c, &best_index)
    if total < 0:
        return total
    best = &cands[best_index]
    pairs = _fan_pairs(best_fan)
    fans = fans_cache.get(pairs)
    if fans is None:
        return pairs
    reading = _packed_reading(best, hand, win)
    if result_type is None:
        return dict(zip(_RESULT_SLOTS, (
            total, total - n_flowers, n_flowers, fans, "standard", win,
            (flags & GB_SELF_DRAWN) != 0, (flags & GB_ROBBING_KONG) != 0, seat, rnd, reading,
            meld_objs)))
    # the same values, straight into the slots of a new result (in _RESULT_SLOTS order)
    result = _new_result(result_type)
    _fill_result(result, 0, total)
    _fill_result(result, 1, total - n_flowers)
    _fill_result(result, 2, n_flowers)
    _fill_result(result, 3, fans)
    _fill_result(result, 4, "standard")
    _fill_result(result, 5, win)
    _fill_result(result, 6, (flags & GB_SELF_DRAWN) != 0)
    _fill_result(result, 7, (flags & GB_ROBBING_KONG) != 0)
    _fill_result(result, 8, seat)
    _fill_result(result, 9, rnd)
    _fill_result(result, 10, reading)
    _fill_result(result, 11, meld_objs)
    return result


# ---------------------------------------------------------------- the engine's win check

cdef enum:
    # the option values of the win check
    CHK_FLOWERS = 0         # 1: the game has flowers
    CHK_MIN_FANS = 1        # fans without flowers a win needs (8)
    CHK_MING_AN_GANG_5 = 2  # 1: the rule option ming_an_gang_5 (明暗杠 5, else 明杠 + 暗杠)
    # the check's own refusals of a win event (errors of the caller, not a refused win)
    CHK_ERR_FLOWERS = -20
    CHK_ERR_BLESSING = -21
    CHK_ERR_SINGLE_KONG = -22


cdef int check_win(const WinView* v, const int* opts, const char* data) noexcept nogil:
    """F, the fans of the win with its flowers (score_hand, the kernel score() calls), or 0
    when it is not a Guobiao win: the tiles do not win, or fewer than the minimum fans
    without flowers. A win the record reader or score() refuses outright (flowers in a game
    without them, a single kong, a 联众 circumstance, an impossible context) is an error."""
    cdef uint8_t standing[34]
    cdef uint8_t m[8]
    cdef uint8_t best_fan[N_FANS_C]
    cdef int k, flags = 0, total
    if v.flowers and not opts[CHK_FLOWERS]:
        return CHK_ERR_FLOWERS
    if v.flags & (WIN_HEAVENLY | WIN_EARTHLY | WIN_FIRST_ROUND):
        return CHK_ERR_BLESSING
    if v.n_melds > 4:
        return ERR_BAD_MELD
    memset(m, 0, 8)
    for k in range(v.n_melds):
        if v.meld_kind[k] == MELD_SINGLE_KONG:
            return CHK_ERR_SINGLE_KONG
        m[2 * k] = v.meld_kind[k]
        m[2 * k + 1] = v.meld_tile[k]
    memcpy(standing, v.counts, 34)
    if standing[v.win_tile] == 0:
        return ERR_BAD_TILE
    standing[v.win_tile] -= 1
    # the shared WIN_* bits to this kernel's (GB_*)
    if v.flags & WIN_SELF_DRAWN:
        flags |= GB_SELF_DRAWN
    if v.flags & WIN_FOURTH_TILE:
        flags |= GB_FOURTH_TILE
    if v.flags & WIN_REPLACEMENT:
        flags |= GB_REPLACEMENT
    if v.flags & WIN_ROBBING_KONG:
        flags |= GB_ROBBING_KONG
    if v.flags & WIN_LAST_TILE:
        flags |= GB_LAST_OF_WALL
    total = score_hand(standing, v.win_tile, m, flags, (v.seat - v.dealer + 4) % 4, v.round_wind,
                       v.flowers, opts[CHK_MING_AN_GANG_5], best_fan, NULL, NULL, NULL)
    if total == ERR_NOT_WINNING or total >= 0 and total - v.flowers < opts[CHK_MIN_FANS]:
        return 0
    return total


def win_check(bint flowers, int min_fans, bint ming_an_gang_5=True):
    """The engine's win check of standard Guobiao (flowers: the game has them;
    ming_an_gang_5: the rule option), a mahjong_core._wincheck.WinCheck over score_hand."""
    return make_win_check(check_win, "guobiao", (flowers, min_fans, ming_an_gang_5), {
        CHK_ERR_FLOWERS: "flowers, but this game is played without flowers (option "
                         "flowers=false)",
        CHK_ERR_BLESSING: "heavenly, earthly and first_round are 联众 fans (option "
                          "lianzhong=true); standard Guobiao has none",
        CHK_ERR_SINGLE_KONG: "Guobiao has no single-tile kong"})
