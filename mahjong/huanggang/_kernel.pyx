# cython: language_level=3
"""Huanggang kernel: the best reading (就高) of a winning hand, 赖子 or not, at C speed.

One path serves every caller: ``score_rows`` (``batch.score_batch``, many rows in a
``prange`` loop), ``score_hand`` (the scalar ``scoring.score``, settlement and the game
engine's ``win_value``), ``hand_readings`` (``scoring.all_results``: every winning
reading) and ``tenpai`` (the 承包 test of 全求人: would some tile complete the hand?).

A *reading* says what the hand is: a regular reading is a pair and the concealed sets (the
set melds stay as they are), with each held 赖子 standing for one tile of them; a loose
reading (将一色: every tile a 2/5/8, 风一色: every tile a wind or 白) needs no sets, and a
赖子 stands for its own kind when that kind is allowed, else for the lowest real tile.

Regular readings without a 赖子 are the core's ``regular_decompositions``. With ``k``
赖子 held the readings are found by a search over *units* (the pair and the sets): take the
lowest real tile not yet covered and try every unit that holds it (the pair, its pung, the
three chows through it); a unit's slots use a real tile while one is left, else a 赖子.
Once every real tile is covered the 赖子 left over must make whole units by themselves (a
free pair, or a free set, any tile, fifth copies included). Every multiset of units is met
this way (the unit covering the lowest real tile is always among the tries); one met twice
is the same reading and changes nothing.

Every reading is valued by the rules of ``scoring.py`` (its 大胡 items, 硬胡 when every
赖子 stands for its own kind, the base and payer base) and the best one is kept: the order
of 就高 is (风一色, the payer base × 2^F, the base × 2^F, 硬胡, the number of 大胡 items);
among readings of equal worth the first in the order of ``scoring.all_results`` wins
(readings without a 赖子 in the core's order; with 赖子, by what the 赖子 stand for, then
the pair, then the sets; the loose readings last, 将一色 before 风一色).
tests/huanggang_slow.py is the slow twin (the Python readings) that the tests hold this
equal to.
"""
from cython.parallel cimport prange
from libc.stdlib cimport malloc, realloc, free

from mahjong_core._types cimport (FIRST_HONOR, uint8_t, int8_t, int16_t, uint32_t, MELD_CHOW, MELD_PUNG,
                                  MELD_KONG, MELD_CONCEALED_KONG, WIN_SELF_DRAWN,
                                  WIN_REPLACEMENT, WIN_ROBBING_KONG, WIN_LAST_TILE,
                                  MELD_SINGLE_KONG, GREEN, RED, ERR_BAD_CONTEXT, ERR_BAD_MELD,
                                  ERR_BAD_TILE)
from mahjong_core._wincheck cimport WinView, make_win_check, value_or_overflow
from mahjong_core._decompose cimport (RegularDecomposition, regular_decompositions, SET_CHOW,
                                      SET_PUNG, MAX_REGULAR_DECOMPOSITIONS)

from mahjong.errors import MahjongError

# Row status codes (mirrored by batch.STATUS and scoring's NOT_WINNING, ...).
cdef enum:
    OK = 0
    NOT_WINNING = 1        # no 4 sets + a pair, not 将一色 / 风一色
    PAIR_NOT_258 = 2       # only 屁胡 readings, with a pair that is not a 2/5/8
    HOLDS_FIXED = 3        # 红中 / 发财 (or the special 赖子皮) in the winning hand
    NOT_OPENED = 4         # no chow, pung or exposed kong
    TWO_LAIZI = 5          # a 屁胡 keeping two or more 赖子

# 大胡 item bits (batch.BIG_BITS)
cdef enum:
    B_QINGYISE = 1
    B_JIANGYISE = 2
    B_PENGPENGHU = 4
    B_QUANQIUREN = 8
    B_GANGKAI = 16
    B_HAIDI = 32
    B_QIANGGANG = 64
    B_FENGYISE = 128

# the WIN_* bits read here (mahjong_core._types, their one definition)
cdef enum:
    F_SELF = WIN_SELF_DRAWN
    F_REPLACEMENT = WIN_REPLACEMENT
    F_ROBBING = WIN_ROBBING_KONG
    F_LAST = WIN_LAST_TILE

# Reading shapes
cdef enum:
    REGULAR = 0
    JIANGYISE = 1
    FENGYISE = 2

cdef enum:
    NO_TILE = 255
    E_INPUT = -1           # a bad input row (batch.py words the message)
    INVALID_PAIR = -1      # a reading that is a 屁胡 with a pair that is not a 2/5/8
    INVALID_TWO_LAIZI = -2  # a 屁胡 reading keeping two or more 赖子

PY_WIN_BITS = {"self_drawn": F_SELF, "replacement": F_REPLACEMENT, "robbing_kong": F_ROBBING,
               "last_tile": F_LAST}
PY_STATUS = {"ok": OK, "not_winning": NOT_WINNING, "pair_not_258": PAIR_NOT_258,
             "holds_fixed": HOLDS_FIXED, "not_opened": NOT_OPENED, "two_laizi": TWO_LAIZI}
PY_BIG_BITS = {"qingyise": B_QINGYISE, "jiangyise": B_JIANGYISE, "pengpenghu": B_PENGPENGHU,
               "quanqiuren": B_QUANQIUREN, "gangkai": B_GANGKAI, "haidi": B_HAIDI,
               "qianggang": B_QIANGGANG, "fengyise": B_FENGYISE}
PY_SHAPES = ("regular", "jiangyise", "fengyise")
PY_SET_CHOW = SET_CHOW
PY_SET_PUNG = SET_PUNG


cdef inline bint _is_258(int t) noexcept nogil:
    return t < FIRST_HONOR and (t % 9 == 1 or t % 9 == 4 or t % 9 == 7)


cdef inline bint _is_wind_or_white(int t) noexcept nogil:
    return 27 <= t <= 31


cdef inline uint32_t _suit_bit(int t) noexcept nogil:
    return (1u << (t // 9)) if t < FIRST_HONOR else 8u


cdef inline int _popcount8(int x) noexcept nogil:
    cdef int n = 0
    while x:
        n += x & 1
        x >>= 1
    return n


# --- the holding and the win circumstances -------------------------------------------------

ctypedef struct Holding:
    uint8_t real[34]       # the concealed tiles without the 赖子
    int k                  # 赖子 held in the concealed hand
    int laizi
    int n_sets             # concealed sets a regular reading has (4 - set melds)
    int min_real           # lowest real concealed tile, -1 when every one is a 赖子
    uint32_t suits         # suit bits (1 m, 2 p, 4 s, 8 honours) of real and set-meld tiles
    bint all_258           # every real and set-meld tile a 2/5/8
    bint all_wind          # every real and set-meld tile a wind or 白
    bint chow_meld         # a chow among the set melds
    bint exposed_four      # four set melds, none a concealed kong (全求人)
    int chows, pungs, exposed, concealed   # set melds by kind


ctypedef struct Context:
    int flags              # F_* bits
    bint dealer
    bint plus5             # 抢杠 pays ×1.5 (option qianggang_plus5)


ctypedef struct Reading:
    uint8_t shape
    uint8_t pair           # NO_TILE for a loose reading
    uint8_t n_sets
    uint8_t n_wild
    uint8_t kind[4]        # SET_CHOW / SET_PUNG
    uint8_t tile[4]
    uint8_t wild[4]        # the tile each 赖子 stands for
    # the value (filled by _value)
    uint8_t big            # B_* bits
    uint8_t hard
    uint8_t fan_extra      # 硬胡 + (屁胡 only) 庄家 + 自摸
    int16_t base
    int16_t payer


cdef bint _load(const uint8_t* counts, const uint8_t* melds, int laizi, Holding* h
                ) noexcept nogil:
    """Fill ``h`` from a row (counts of the concealed tiles, [kind, tile] meld pairs)."""
    cdef int t, j, m, kind, tile, n_melds = 0
    h.k = counts[laizi]
    h.laizi = laizi
    h.min_real = -1
    h.suits = 0
    h.all_258 = 1
    h.all_wind = 1
    h.chow_meld = 0
    h.chows = h.pungs = h.exposed = h.concealed = 0
    for t in range(34):
        h.real[t] = counts[t]
    h.real[laizi] = 0
    for t in range(34):
        if h.real[t]:
            if h.min_real < 0:
                h.min_real = t
            h.suits |= _suit_bit(t)
            if not _is_258(t):
                h.all_258 = 0
            if not _is_wind_or_white(t):
                h.all_wind = 0
    for m in range(4):
        kind = melds[2 * m]
        if kind == 0:
            break
        tile = melds[2 * m + 1]
        n_melds += 1
        if kind == MELD_CHOW:
            h.chows += 1
            h.chow_meld = 1
        elif kind == MELD_PUNG:
            h.pungs += 1
        elif kind == MELD_KONG:
            h.exposed += 1
        else:
            h.concealed += 1
        for j in range(3 if kind == MELD_CHOW else 1):
            t = tile + j
            h.suits |= _suit_bit(t)
            if not _is_258(t):
                h.all_258 = 0
            if not _is_wind_or_white(t):
                h.all_wind = 0
    h.n_sets = 4 - n_melds
    h.exposed_four = n_melds == 4 and h.concealed == 0
    return 1


cdef int _value(const Holding* h, const Context* c, Reading* r) noexcept nogil:
    """Value reading ``r`` (its big, hard, fan_extra, base, payer) and return its place in
    the order of 就高 (larger is better), or INVALID_PAIR / INVALID_TWO_LAIZI."""
    cdef uint32_t suits = h.suits
    cdef bint all_258 = h.all_258, all_wind = h.all_wind, natural = 1, pungs_only
    cdef int i, t, big = 0, n_big, fan_extra, base, payer
    for i in range(r.n_wild):
        t = r.wild[i]
        suits |= _suit_bit(t)
        if not _is_258(t):
            all_258 = 0
        if not _is_wind_or_white(t):
            all_wind = 0
        if t != h.laizi:
            natural = 0
    if r.shape == FENGYISE or all_wind:
        big |= B_FENGYISE
    if r.shape == REGULAR and (suits == 1 or suits == 2 or suits == 4):
        big |= B_QINGYISE
    if r.shape == JIANGYISE or all_258:
        big |= B_JIANGYISE
    if r.shape == REGULAR:
        pungs_only = not h.chow_meld
        for i in range(r.n_sets):
            if r.kind[i] != SET_PUNG:
                pungs_only = 0
        if pungs_only:
            big |= B_PENGPENGHU
        if h.exposed_four and not (c.flags & (F_SELF | F_ROBBING)) and _is_258(r.pair):
            big |= B_QUANQIUREN
    if not big and (r.shape != REGULAR or not _is_258(r.pair)):
        return INVALID_PAIR
    if c.flags & F_REPLACEMENT:
        big |= B_GANGKAI
    if c.flags & F_LAST:
        big |= B_HAIDI
    if c.flags & F_ROBBING:
        big |= B_QIANGGANG
    if not big and h.k > 1:
        return INVALID_TWO_LAIZI
    fan_extra = natural
    if big & B_FENGYISE:
        base = payer = 0
        n_big = 1
    elif big:
        n_big = _popcount8(big)
        base = 10 * n_big
        if (c.flags & (F_REPLACEMENT | F_LAST)) or ((c.flags & F_ROBBING) and not c.plus5):
            payer = base
        else:
            payer = base * 3 // 2
    else:
        n_big = 0
        base = payer = 1
        fan_extra += c.dealer + ((c.flags & F_SELF) != 0)
    r.big = big
    r.hard = natural
    r.fan_extra = fan_extra
    r.base = base
    r.payer = payer
    # (风一色, payer × 2^F, base × 2^F, 硬胡, items): F's meld part is the same in every
    # reading of the hand, so only fan_extra (0..3) shifts here
    return (((big & B_FENGYISE) != 0) << 30 | (payer << fan_extra) << 19
            | (base << fan_extra) << 8 | natural << 4 | n_big)


cdef void _canonical(Reading* r) noexcept nogil:
    """Sort the sets (by tile, a pung before a chow at the same tile) and the 赖子."""
    cdef int i, j
    cdef uint8_t a, b
    for i in range(1, r.n_sets):
        j = i
        while j > 0 and (r.tile[j - 1] * 2 + (r.kind[j - 1] != SET_PUNG)
                         > r.tile[j] * 2 + (r.kind[j] != SET_PUNG)):
            a = r.tile[j]
            b = r.kind[j]
            r.tile[j] = r.tile[j - 1]
            r.kind[j] = r.kind[j - 1]
            r.tile[j - 1] = a
            r.kind[j - 1] = b
            j -= 1
    for i in range(1, r.n_wild):
        j = i
        while j > 0 and r.wild[j - 1] > r.wild[j]:
            a = r.wild[j]
            r.wild[j] = r.wild[j - 1]
            r.wild[j - 1] = a
            j -= 1


cdef bint _before(const Reading* a, const Reading* b) noexcept nogil:
    """Whether canonical regular reading ``a`` comes before ``b`` in the order of
    ``all_results``: by what the 赖子 stand for, then the pair, then the sets (each as
    (kind, tile) with a chow before a pung, as the kinds' names sort)."""
    cdef int i
    for i in range(a.n_wild):
        if a.wild[i] != b.wild[i]:
            return a.wild[i] < b.wild[i]
    if a.pair != b.pair:
        return a.pair < b.pair
    for i in range(a.n_sets):
        if a.kind[i] != b.kind[i]:
            return a.kind[i] < b.kind[i]      # SET_CHOW 1 < SET_PUNG 2
        if a.tile[i] != b.tile[i]:
            return a.tile[i] < b.tile[i]
    return 0


# --- the search ---------------------------------------------------------------------------

ctypedef struct Search:
    const Holding* h
    const Context* c
    uint8_t rest[34]       # real tiles not yet covered
    Reading cur            # the reading being built (sets and 赖子 in the order taken)
    Reading best
    int best_key           # -1: none yet
    bint any_reading       # some reading was met (valid or not)
    bint any_two_laizi     # some reading failed only by the one-赖子 rule of 屁胡
    bint sorted_ties       # ties go to the reading first in _before order (readings with 赖子)
    bint shape_only        # stop at the first reading with a winning shape (tenpai)
    bint stop
    # collect mode (every winning reading, for all_results): a growable array
    Reading* found
    int n_found
    int cap_found
    bint out_of_memory


cdef void _consider(Search* s, const Reading* r) noexcept nogil:
    cdef Reading x = r[0]
    cdef int key = _value(s.h, s.c, &x)
    s.any_reading = 1
    if key < 0:
        if key == INVALID_TWO_LAIZI:
            s.any_two_laizi = 1
            if s.shape_only:
                s.stop = 1
        return
    if s.shape_only:
        s.best_key = key
        s.stop = 1
        return
    if s.found != NULL:
        if s.n_found == s.cap_found:
            s.cap_found *= 2
            s.found = <Reading*>realloc(s.found, s.cap_found * sizeof(Reading))
            if s.found == NULL:
                s.out_of_memory = 1
                s.stop = 1
                return
        _canonical(&x)
        s.found[s.n_found] = x
        s.n_found += 1
    if key < s.best_key:
        return
    _canonical(&x)
    if key > s.best_key or (s.sorted_ties and _before(&x, &s.best)):
        s.best_key = key
        s.best = x


# A free unit's tile matters to the value only through its kind's class: its suit (m, p,
# s, honours), whether it is a 2/5/8, a wind or 白, and whether it is the 赖子 itself. In
# each class the lowest tile also comes first in the order of ties, so when only the best
# reading is wanted the free pair and the free pung try the lowest tile of each class and
# the 赖子, and the free chow the lowest chow of each suit.
cdef uint8_t[8] _CLASS_LOWEST = [0, 1, 9, 10, 18, 19, 27, 32]
cdef uint8_t[3] _CHOW_LOWEST = [0, 9, 18]


cdef void _free_units(Search* s, int k_left, int sets_left) noexcept nogil:
    """Every real tile is covered: the 赖子 left must make whole units by themselves."""
    cdef Reading* r = &s.cur
    cdef int i, t, n = r.n_wild, last
    cdef bint every = s.found != NULL     # all_results wants every reading
    if r.pair == NO_TILE:
        if sets_left != 0 or k_left != 2:
            return
        r.n_wild = n + 2
        last = 34 if every else 9
        for i in range(last):
            t = i if every else (_CLASS_LOWEST[i] if i < 8 else s.h.laizi)
            r.pair = t
            r.wild[n] = t
            r.wild[n + 1] = t
            _consider(s, r)
            if s.stop:
                break
        r.pair = NO_TILE
        r.n_wild = n
    elif sets_left == 0:
        if k_left == 0:
            _consider(s, r)
    elif sets_left == 1 and k_left == 3:
        r.n_wild = n + 3
        r.n_sets += 1
        last = 34 if every else 9
        for i in range(last):
            t = i if every else (_CLASS_LOWEST[i] if i < 8 else s.h.laizi)
            r.kind[r.n_sets - 1] = SET_PUNG
            r.tile[r.n_sets - 1] = t
            r.wild[n] = r.wild[n + 1] = r.wild[n + 2] = t
            _consider(s, r)
            if s.stop:
                break
        last = 34 if every else 3
        for i in range(last):
            if s.stop:
                break
            t = i if every else _CHOW_LOWEST[i]
            if t < FIRST_HONOR and t % 9 <= 6:
                r.kind[r.n_sets - 1] = SET_CHOW
                r.tile[r.n_sets - 1] = t
                r.wild[n] = t
                r.wild[n + 1] = t + 1
                r.wild[n + 2] = t + 2
                _consider(s, r)
        r.n_sets -= 1
        r.n_wild = n
    # (two free sets or a free pair and a set would need 5 or more 赖子: a tile has 4)


cdef void _take_unit(Search* s, int t, int kind, int start, int k_left, int sets_left
                     ) noexcept nogil:
    """Cover lowest real tile ``t`` with one unit (kind 0: the pair of t; SET_PUNG: the
    pung of t; SET_CHOW: the chow from ``start``) and search on."""
    cdef Reading* r = &s.cur
    cdef uint8_t slot[3]
    cdef bint took[3]
    cdef int size = 2 if kind == 0 else 3
    cdef int j, x, wild = 0, n_wild = r.n_wild
    for j in range(size):
        slot[j] = start + j if kind == SET_CHOW else t
    # a slot takes a real tile while one is left (a pung's or pair's slots share one kind)
    for j in range(size):
        x = slot[j]
        took[j] = s.rest[x] > 0
        if took[j]:
            s.rest[x] -= 1
        else:
            wild += 1
    if wild <= k_left:
        for j in range(size):
            if not took[j]:
                r.wild[r.n_wild] = slot[j]
                r.n_wild += 1
        if kind == 0:
            r.pair = t
            _search(s, t, k_left - wild, sets_left)
            r.pair = NO_TILE
        else:
            r.kind[r.n_sets] = kind
            r.tile[r.n_sets] = slot[0]
            r.n_sets += 1
            _search(s, t, k_left - wild, sets_left - 1)
            r.n_sets -= 1
        r.n_wild = n_wild
    for j in range(size):
        if took[j]:
            s.rest[slot[j]] += 1


cdef void _search(Search* s, int t, int k_left, int sets_left) noexcept nogil:
    cdef int start
    while t < 34 and s.rest[t] == 0:
        t += 1
    if t == 34:
        _free_units(s, k_left, sets_left)
        return
    if s.cur.pair == NO_TILE:
        _take_unit(s, t, 0, t, k_left, sets_left)
        if s.stop:
            return
    if sets_left:
        _take_unit(s, t, SET_PUNG, t, k_left, sets_left)
        if s.stop:
            return
        if t < FIRST_HONOR:
            for start in range(t - 2, t + 1):
                if start >= 0 and start // 9 == t // 9 and start % 9 <= 6:
                    _take_unit(s, t, SET_CHOW, start, k_left, sets_left)
                    if s.stop:
                        return


cdef void _loose(Search* s, int shape) noexcept nogil:
    """The loose reading 将一色 / 风一色 when every real and set-meld tile allows it."""
    cdef const Holding* h = s.h
    cdef Reading r
    cdef int i, stand
    if shape == JIANGYISE:
        if not h.all_258:
            return
        stand = h.laizi if _is_258(h.laizi) else (h.min_real if h.min_real >= 0 else 1)
    else:
        if not h.all_wind:
            return
        stand = h.laizi if _is_wind_or_white(h.laizi) else (
            h.min_real if h.min_real >= 0 else 27)
    r.shape = shape
    r.pair = NO_TILE
    r.n_sets = 0
    r.n_wild = h.k
    for i in range(h.k):
        r.wild[i] = stand
    # a loose reading never ties its way past an earlier one
    s.sorted_ties = 0
    _consider(s, &r)


cdef void _readings(Search* s, const uint8_t* counts) noexcept nogil:
    """Meet every reading of the holding (``counts``: the concealed tiles, 赖子 included)."""
    cdef const Holding* h = s.h
    cdef RegularDecomposition dec[MAX_REGULAR_DECOMPOSITIONS]
    cdef int i, j, n_dec
    cdef Reading* r = &s.cur
    s.best_key = -1
    s.any_reading = 0
    s.any_two_laizi = 0
    s.stop = 0
    r.shape = REGULAR
    r.pair = NO_TILE
    r.n_sets = 0
    r.n_wild = 0
    if h.k == 0:
        s.sorted_ties = 0
        n_dec = regular_decompositions(counts, dec, MAX_REGULAR_DECOMPOSITIONS)
        for i in range(n_dec):
            r.pair = dec[i].pair
            r.n_sets = dec[i].n_sets
            for j in range(r.n_sets):
                r.kind[j] = dec[i].kind[j]
                r.tile[j] = dec[i].tile[j]
            _consider(s, r)
            if s.stop:
                return
    else:
        s.sorted_ties = 1
        for i in range(34):
            s.rest[i] = h.real[i]
        _search(s, 0, h.k, h.n_sets)
        if s.stop:
            return
    _loose(s, JIANGYISE)
    if s.stop:
        return
    _loose(s, FENGYISE)


# --- rows ---------------------------------------------------------------------------------

cdef int _check_row(const uint8_t* counts, const uint8_t* melds, int laizi, int pi_tile,
                    int flags) noexcept nogil:
    """0 for a well-formed row: counts 0..4, melds first with known kinds, 14 tiles
    counting a set meld as 3, no fifth copy, no meld using the 赖子 or a fixed kong tile,
    known and consistent win flags; else E_INPUT."""
    cdef int total[34]
    cdef int t, k, j, kind, tile, n = 0, c
    cdef bint empty = 0
    for t in range(34):
        c = counts[t]
        if c > 4:
            return E_INPUT
        total[t] = c
        n += c
    for k in range(4):
        kind = melds[2 * k]
        tile = melds[2 * k + 1]
        if kind == 0:
            empty = 1
            continue
        if empty or kind > 4 or tile > 33:
            return E_INPUT
        if kind == MELD_CHOW:
            if tile >= FIRST_HONOR or tile % 9 > 6:
                return E_INPUT
            for j in range(3):
                total[tile + j] += 1
                if tile + j == laizi or tile + j == pi_tile:
                    return E_INPUT
        else:
            total[tile] += 3 if kind == MELD_PUNG else 4
            if tile == laizi or tile == 32 or tile == 33 or tile == pi_tile:
                return E_INPUT
        n += 3
    if n != 14:
        return E_INPUT
    for t in range(34):
        if total[t] > 4:
            return E_INPUT
    if flags & ~(F_SELF | F_REPLACEMENT | F_ROBBING | F_LAST):
        return E_INPUT
    if flags & F_SELF:
        if flags & F_ROBBING:
            return E_INPUT
    elif flags & (F_REPLACEMENT | F_LAST):
        return E_INPUT
    return 0


cdef inline int _meld_fan(const Holding* h, const uint8_t* singles, bint koukou
                          ) noexcept nogil:
    """F of the winner from his melds (口口番 or 开口番, kongs, single kongs)."""
    cdef int fan
    if koukou:
        fan = h.chows + h.pungs + 2 * h.exposed
    else:
        fan = 1 if h.chows + h.pungs + h.exposed else 0
    return fan + 2 * h.concealed + singles[0] + 2 * singles[1]


cdef int _best_row(const uint8_t* counts, const uint8_t* melds, int laizi, int pi_tile,
                   const Context* c, Holding* h, Search* s) noexcept nogil:
    """Status of a checked row; on OK ``s.best`` is the best reading."""
    if counts[32] or counts[33] or (pi_tile < 34 and counts[pi_tile]):
        return HOLDS_FIXED
    _load(counts, melds, laizi, h)
    if h.chows + h.pungs + h.exposed == 0:
        return NOT_OPENED
    s.h = h
    s.c = c
    s.shape_only = 0
    _readings(s, counts)
    if s.best_key >= 0:
        return OK
    if s.any_two_laizi:
        return TWO_LAIZI
    return PAIR_NOT_258 if s.any_reading else NOT_WINNING


cdef int _score_row(const uint8_t* counts, const uint8_t* melds, const uint8_t* singles,
                    int laizi, int pi_tile, int flags, bint dealer, bint koukou,
                    bint plus5, int16_t* base_out, int16_t* payer_out, int8_t* fan_out,
                    uint8_t* hard_out, uint8_t* big_out) noexcept nogil:
    cdef Holding h
    cdef Search s
    cdef Context c
    cdef int status
    if _check_row(counts, melds, laizi, pi_tile, flags):
        return E_INPUT
    c.flags = flags
    c.dealer = dealer
    c.plus5 = plus5
    s.found = NULL
    status = _best_row(counts, melds, laizi, pi_tile, &c, &h, &s)
    if status == OK:
        base_out[0] = s.best.base
        payer_out[0] = s.best.payer
        fan_out[0] = <int8_t>(_meld_fan(&h, singles, koukou) + s.best.fan_extra)
        hard_out[0] = s.best.hard
        big_out[0] = s.best.big
    return status


def score_rows(const uint8_t[:, ::1] hands, const uint8_t[:, :, ::1] melds,
               const uint8_t[:, ::1] singles, const uint8_t[::1] laizi,
               const uint8_t[::1] pi_tile, const uint32_t[::1] flags,
               const uint8_t[::1] dealer, bint koukou, bint plus5,
               int8_t[::1] status, int16_t[::1] base, int16_t[::1] payer_base,
               int8_t[::1] fan, uint8_t[::1] hard, uint8_t[::1] big, int num_threads=1):
    """Fill the output rows; a row with bad input gets status -1 (batch.score_batch then
    names the problem)."""
    cdef Py_ssize_t i, n = hands.shape[0]
    if n == 0:
        return
    for i in prange(n, nogil=True, num_threads=num_threads, schedule="static"):
        status[i] = <int8_t>_score_row(&hands[i, 0], &melds[i, 0, 0], &singles[i, 0],
                                       laizi[i], pi_tile[i], flags[i], dealer[i], koukou,
                                       plus5, &base[i], &payer_base[i], &fan[i], &hard[i],
                                       &big[i])


# --- one hand (the scalar API, settlement, the game engine) -------------------------------

cdef int _load_hand(tuple concealed, tuple set_melds, uint8_t* counts, uint8_t* melds
                    ) except -1:
    """Counts and [kind, tile] pairs of a validated holding (tile ids, Meld objects)."""
    cdef int i, t
    cdef object m
    cdef str kind
    for i in range(34):
        counts[i] = 0
    for i in range(8):
        melds[i] = 0
    for x in concealed:
        t = x
        if not 0 <= t < 34 or counts[t] == 4:
            raise ValueError(f"concealed tiles {concealed}: not ids 0..33 with at most 4 "
                             "copies each")
        counts[t] += 1
    if len(set_melds) > 4:
        raise ValueError("more than four set melds")
    for i, m in enumerate(set_melds):
        kind = m.kind
        if kind == "chow":
            melds[2 * i] = MELD_CHOW
        elif kind == "pung":
            melds[2 * i] = MELD_PUNG
        elif kind == "kong":
            melds[2 * i] = MELD_KONG
        else:
            melds[2 * i] = MELD_CONCEALED_KONG
        t = m.tiles[0]
        if not 0 <= t < (25 if melds[2 * i] == MELD_CHOW else 34):
            raise ValueError(f"meld {m}: not a set of tiles 0..33")
        melds[2 * i + 1] = t
    return 0


cdef tuple _reading_tuple(const Reading* r):
    return (PY_SHAPES[r.shape], None if r.pair == NO_TILE else r.pair,
            tuple([(r.kind[j], r.tile[j]) for j in range(r.n_sets)]),
            tuple([r.wild[j] for j in range(r.n_wild)]))


def score_hand(tuple concealed, tuple set_melds, int laizi, int pi_tile, int flags,
               bint dealer, bint plus5):
    """The best reading of one validated winning holding (``concealed`` tile ids,
    ``set_melds`` Meld objects without the single kongs; ``pi_tile`` 255 when the 赖子皮 is
    an ordinary tile): ``(status, None)`` or ``(OK, (big, hard, fan_extra, base,
    payer_base, (shape, pair, sets, wildcards)))`` with the sets as (SET kind, tile) and
    ``fan_extra`` the winner's 番 beyond his melds (硬胡, and for a 屁胡 庄家 and 自摸)."""
    cdef uint8_t counts[34]
    cdef uint8_t melds[8]
    cdef Holding h
    cdef Search s
    cdef Context c
    cdef Reading* r
    cdef int status
    _load_hand(concealed, set_melds, counts, melds)
    c.flags = flags
    c.dealer = dealer
    c.plus5 = plus5
    s.found = NULL
    with nogil:
        status = _best_row(counts, melds, laizi, pi_tile, &c, &h, &s)
    if status != OK:
        return status, None
    r = &s.best
    return OK, (r.big, r.hard, r.fan_extra, r.base, r.payer, _reading_tuple(r))


def hand_readings(tuple concealed, tuple set_melds, int laizi, int flags, bint dealer,
                  bint plus5):
    """Every winning reading of a holding that passed the checks of 红中/发财 and 开口, in
    the order met (with repeats): a list of (big, hard, fan_extra, base, payer_base,
    (shape, pair, sets, wildcards)), the readings canonical (sets and 赖子 sorted)."""
    cdef uint8_t counts[34]
    cdef uint8_t melds[8]
    cdef Holding h
    cdef Search s
    cdef Context c
    cdef int i
    _load_hand(concealed, set_melds, counts, melds)
    c.flags = flags
    c.dealer = dealer
    c.plus5 = plus5
    _load(counts, melds, laizi, &h)
    s.h = &h
    s.c = &c
    s.shape_only = 0
    s.out_of_memory = 0
    s.n_found = 0
    s.cap_found = 64
    s.found = <Reading*>malloc(s.cap_found * sizeof(Reading))
    if s.found == NULL:
        raise MemoryError()
    try:
        with nogil:
            _readings(&s, counts)
        if s.out_of_memory:
            raise MemoryError()
        return [(s.found[i].big, s.found[i].hard, s.found[i].fan_extra, s.found[i].base,
                 s.found[i].payer, _reading_tuple(&s.found[i])) for i in range(s.n_found)]
    finally:
        free(s.found)


def tenpai(tuple concealed, tuple set_melds, int laizi, tuple fixed):
    """Whether some tile completes a 13-tile holding to a Huanggang winning shape (a 屁胡
    with a 2/5/8 pair or a 大胡 shape; 开口, 起胡 and the one-赖子 rule aside). A hand
    holding a tile of ``fixed`` (红中, 发财, ...) is not ready; those tiles, and a tile of
    which the hand and melds hold 4, are not tried."""
    cdef uint8_t counts[34]
    cdef uint8_t melds[8]
    cdef int held[34]
    cdef bint skip[34]
    cdef Holding h
    cdef Search s
    cdef Context c
    cdef int t, j, m, kind
    cdef bint ready = 0
    _load_hand(concealed, set_melds, counts, melds)
    for t in range(34):
        held[t] = counts[t]
        skip[t] = 0
    for x in fixed:
        t = x
        if counts[t]:
            return False
        skip[t] = 1
    for m in range(4):
        kind = melds[2 * m]
        if kind == 0:
            break
        t = melds[2 * m + 1]
        if kind == MELD_CHOW:
            for j in range(3):
                held[t + j] += 1
        else:
            held[t] += 3 if kind == MELD_PUNG else 4
    c.flags = 0
    c.dealer = 0
    c.plus5 = 1
    s.found = NULL
    s.shape_only = 1
    with nogil:
        for t in range(34):
            if skip[t] or held[t] >= 4:
                continue
            counts[t] += 1
            _load(counts, melds, laizi, &h)
            s.h = &h
            s.c = &c
            _readings(&s, counts)
            counts[t] -= 1
            if s.best_key >= 0 or s.any_two_laizi:
                ready = 1
                break
    return ready


# ---------------------------------------------------------------- the engine's win check

cdef enum:
    # the option values of the win check
    CHK_KOUKOU = 0          # 口口番 (kaikou_mode "koukou")
    CHK_PLUS5 = 1           # qianggang_plus5
    CHK_CAP = 2             # the cap, -1: none
    CHK_HAS_TIERS = 3       # 1: the tiers below apply when all three losers reach the cap
    CHK_TIER = 4            # 4, 5, 6: 金顶, 哈顶, 三阳开泰
    CHK_QIHU = 7            # qihu_points (起胡)
    CHK_LAIZIPI_SPECIAL = 8
    # the check's own refusals of a win event (errors of the caller, not a refused win)
    CHK_ERR_HAIDI = -20
    CHK_ERR_SINGLE = -21
    CHK_ERR_NO_AMOUNT = -22
    MAX_SHIFT = 40          # base << more than this exceeds every cap and 2^31: kept at 2^62


cdef inline long long _shifted(int base, int fan) noexcept nogil:
    return (<long long>base) << fan if fan <= MAX_SHIFT else (<long long>1) << 62


cdef int _loser_fan(const uint8_t* kinds, const uint8_t* tiles, int n, bint koukou, int laizi,
                    bint* shows_opened) noexcept nogil:
    """F(L) of a loser from his n melds (kinds MELD_*, tiles: a meld's lowest), and whether
    he shows an opening for the cap tiers (a chow, pung, exposed kong or single kong)."""
    cdef int k, m, fan = 0
    cdef bint opened = 0
    shows_opened[0] = 0
    for k in range(n):
        m = kinds[k]
        if m == MELD_CHOW or m == MELD_PUNG:
            fan += koukou
            opened = 1
        elif m == MELD_KONG:
            fan += 2 if koukou else 0
            opened = 1
        elif m == MELD_CONCEALED_KONG:
            fan += 2
        else:
            fan += 2 if tiles[k] == laizi else 1
            shows_opened[0] = 1
    if opened:
        shows_opened[0] = 1
    return fan if koukou or not opened else fan + 1


cdef enum:
    SHARE_RAW = -1          # a share's note: the raw share is paid
    SHARE_CAP = -2          # the cap is paid (封顶); a note >= 0 is the tier paid (0..2)


cdef struct Shares:
    # the losers' shares of one win (_fill_shares)
    int n_pay
    int payers[4]           # the paying seats, in order (the caller's)
    int f_l[4]              # each one's F(L) from his melds (the caller's; 屁胡 adds to it)
    bint opened[4]          # each one shows an opening (the caller's; for the tiers)
    int base[4]
    long long raw[4]        # base × 2^(F(winner) + F(L)) (at most 2^62)
    long long amount[4]     # after the cap or the tier
    int note[4]             # SHARE_RAW, SHARE_CAP or the tier
    int n_open
    long long top_raw       # the largest raw share (起胡), -1 with no payer


cdef int _fill_shares(Shares* s, int fan, bint pihu, bint to_cap, bint self_drawn,
                      int discarder, int dealer, int payer_base, int base,
                      const int* opts) noexcept nogil:
    """The losers' shares of a win, after the cap or the tiers (the one computation: the
    engine's check_win and the settlement's win_shares): from the payers, their F(L) and
    opened flags (set by the caller) and the winner's F ``fan``, fill each one's base, raw
    share, amount and note, and the largest raw share. Returns 0, or CHK_ERR_NO_AMOUNT
    when the options give no amount (every loser at the top, and no cap nor tiers)."""
    cdef int k, seat, tier
    cdef bint has_cap = opts[CHK_CAP] >= 0, all_reach
    cdef long long cap = opts[CHK_CAP]
    s.top_raw = -1
    s.n_open = 0
    for k in range(s.n_pay):
        seat = s.payers[k]
        if pihu:
            s.f_l[k] += (seat == dealer) + (seat == discarder)
        s.base[k] = payer_base if (self_drawn or seat == discarder) else base
        s.raw[k] = _shifted(s.base[k], fan + s.f_l[k])
        if s.raw[k] > s.top_raw:
            s.top_raw = s.raw[k]
        s.n_open += s.opened[k]
    all_reach = s.n_pay == 3 and (to_cap or has_cap)
    if all_reach and not to_cap:
        for k in range(s.n_pay):
            if s.raw[k] < cap:
                all_reach = 0
    if not all_reach and to_cap:
        return CHK_ERR_NO_AMOUNT
    for k in range(s.n_pay):
        if all_reach:
            if not opts[CHK_HAS_TIERS]:
                if not has_cap:
                    return CHK_ERR_NO_AMOUNT
                s.amount[k] = cap
                s.note[k] = SHARE_CAP
            else:
                if s.n_open == 3:
                    tier = 0
                elif s.n_open == 0:
                    tier = 2
                else:
                    tier = 0 if s.opened[k] else 1
                s.amount[k] = opts[CHK_TIER + tier]
                s.note[k] = tier
        elif has_cap and s.raw[k] > cap:
            s.amount[k] = cap
            s.note[k] = SHARE_CAP
        else:
            s.amount[k] = s.raw[k]
            s.note[k] = SHARE_RAW
    return 0


def loser_shares(int fan, bint pihu, bint to_cap, bint self_drawn, discarder, int dealer,
                 int payer_base, int base, tuple payers, tuple melds, bint koukou, int laizi,
                 cap, tiers):
    """The losers' shares of a win (settlement's win_shares: the computation of the engine's
    win check): ``payers`` the paying seats in order, ``melds`` per payer his melds as bytes
    (the kinds MELD_*, then their lowest tiles), ``discarder`` None on a self-draw; ``cap``
    None for none, ``tiers`` None or the three tier amounts. Returns ``(n_open, shares)``:
    how many payers show an opening, and per payer ``(raw, amount, F(L), base, note)``
    (``raw`` None when the win goes straight to the top; ``note`` -1 the raw share, -2 the
    cap, else the tier 0..2 paid)."""
    cdef Shares s
    cdef int opts[CHK_LAIZIPI_SPECIAL + 1]
    cdef int k, n
    cdef bytes m
    cdef const uint8_t* p
    if len(payers) > 4 or len(melds) != len(payers):
        raise MahjongError(f"loser_shares: {len(payers)} payers and {len(melds)} melds")
    t = (0, 0, 0) if tiers is None else tuple(tiers)
    opts[CHK_CAP] = -1 if cap is None else cap
    opts[CHK_HAS_TIERS] = tiers is not None
    for k in range(3):
        opts[CHK_TIER + k] = t[k]
    s.n_pay = len(payers)
    for k in range(s.n_pay):
        s.payers[k] = payers[k]
        m = melds[k]
        n = len(m) // 2
        p = <const uint8_t*>m
        s.f_l[k] = _loser_fan(p, p + n, n, koukou, laizi, &s.opened[k])
    if _fill_shares(&s, fan, pihu, to_cap, self_drawn, -1 if discarder is None else discarder,
                    dealer, payer_base, base, opts) < 0:
        raise MahjongError("the options give no amount when all three losers reach the top "
                           "(no cap and no tiers)")
    return s.n_open, tuple([(None if to_cap else s.raw[k], s.amount[k], s.f_l[k], s.base[k],
                             s.note[k]) for k in range(s.n_pay)])


cdef int check_win(const WinView* v, const int* opts, const char* data) noexcept nogil:
    """What the winner receives in all (the losers' shares after the cap or the tiers, as
    settlement books them), 0 when Huanggang refuses the win: no winning shape, not opened,
    红中/发财 in hand, two 赖子 in a 屁胡 (_score_row, the kernel score() reads), or below 起胡
    (no loser's share before the cap reaches qihu_points)."""
    cdef uint8_t melds[8]
    cdef uint8_t singles[2]
    cdef int flags = v.flags & (F_SELF | F_REPLACEMENT | F_ROBBING | F_LAST)
    cdef bint self_drawn = (flags & F_SELF) != 0, koukou = opts[CHK_KOUKOU] != 0
    cdef int laizi = v.wildcard, ind = v.indicator, pi_tile = NO_TILE
    cdef int k, m, t, n = 0, status, seat
    cdef int16_t base, payer_base
    cdef int8_t fan
    cdef uint8_t hard, big
    cdef bint pihu, to_cap
    cdef Shares shares
    cdef long long amount, total = 0
    if flags & F_LAST and not self_drawn:
        return CHK_ERR_HAIDI
    if ind < 0 or laizi < 0:
        return ERR_BAD_CONTEXT
    if opts[CHK_LAIZIPI_SPECIAL] and ind != RED and ind != GREEN:
        pi_tile = ind
    for k in range(8):
        melds[k] = 0
    singles[0] = singles[1] = 0
    for k in range(v.n_melds):
        m = v.meld_kind[k]
        t = v.meld_tile[k]
        if m == MELD_SINGLE_KONG:
            if t != laizi and t != GREEN and t != RED and t != pi_tile:
                return CHK_ERR_SINGLE
            singles[1 if t == laizi else 0] += 1
            continue
        if n >= 4:
            return ERR_BAD_MELD
        melds[2 * n] = m
        melds[2 * n + 1] = t
        n += 1
    if not v.counts[v.win_tile]:
        return ERR_BAD_TILE
    status = _score_row(v.counts, melds, singles, laizi, pi_tile, flags, v.seat == v.dealer,
                        koukou, opts[CHK_PLUS5], &base, &payer_base, &fan, &hard, &big)
    if status == E_INPUT:
        return ERR_BAD_CONTEXT
    if status != OK:
        return 0
    pihu = big == 0
    to_cap = (big & B_FENGYISE) != 0
    shares.n_pay = 0
    if pihu and not self_drawn:
        shares.payers[0] = v.from_seat
        shares.n_pay = 1
    else:
        for seat in range(v.seats):
            if seat != v.seat:
                shares.payers[shares.n_pay] = seat
                shares.n_pay += 1
    for k in range(shares.n_pay):
        seat = shares.payers[k]
        shares.f_l[k] = _loser_fan(v.seat_meld_kind[seat], v.seat_meld_tile[seat],
                                   v.seat_n_melds[seat], koukou, laizi, &shares.opened[k])
    status = _fill_shares(&shares, fan, pihu, to_cap, self_drawn, v.from_seat, v.dealer,
                          payer_base, base, opts)
    if status < 0:
        return status
    if not to_cap and shares.top_raw < opts[CHK_QIHU]:
        return 0        # 起胡: no loser's share before the cap reaches the minimum
    for k in range(shares.n_pay):
        amount = shares.amount[k]
        if amount > 2147483647:
            return value_or_overflow(amount)
        total += amount
    return value_or_overflow(total)


def win_check(bint koukou, bint plus5, cap, tiers, int qihu_points, bint laizipi_special):
    """The engine's win check under these options (cap None: no cap; tiers None or the
    three tier amounts), a mahjong_core._wincheck.WinCheck over _score_row."""
    t = (0, 0, 0) if tiers is None else tuple(tiers)
    return make_win_check(check_win, "huanggang", (
        koukou, plus5, -1 if cap is None else cap, tiers is not None, t[0], t[1], t[2],
        qihu_points, laizipi_special), {
        CHK_ERR_HAIDI: "last_tile (海底捞) is a self-draw: nobody discards in the "
                       "last-four-tiles phase",
        CHK_ERR_SINGLE: "a single kong is of 红中, 发财 or the 赖子",
        CHK_ERR_NO_AMOUNT: "the options give no amount when all three losers reach the top "
                           "(no cap and no tiers)"})
