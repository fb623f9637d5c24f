# cython: language_level=3
"""Huanggang batch kernel: the value of many winning hands that hold no 赖子, at C speed.

Without a 赖子 in the concealed hand the tiles are fixed, so the one-suit (清一色),
all-2/5/8 (将一色) and all-winds (风一色) tests are properties of the hand, and only two
facts depend on the split of the core's ``regular_decompositions``: whether some split
is all pungs (碰碰胡) and whether some split has a 2/5/8 pair (屁胡). The item rules are the
same as ``scoring.py`` (tests/test_huanggang_batch.py holds the two equal row by row).

Rows that hold a 赖子 get status ``NEEDS_READINGS``: the Python side scores them through
the wildcard core (``mahjong.decompositions``), which has no C-level API yet.
"""
from cython.parallel cimport prange

from mahjong_core._types cimport (uint8_t, int8_t, int16_t, uint32_t, MELD_CHOW, MELD_PUNG,
                                  MELD_KONG, MELD_CONCEALED_KONG)
from mahjong_core._decompose cimport (RegularDecomposition, regular_decompositions, SET_CHOW,
                                      SET_PUNG, MAX_REGULAR_DECOMPOSITIONS)

# Row status codes (mirrored by batch.STATUS).
cdef enum:
    OK = 0
    NOT_WINNING = 1        # no 4 sets + a pair, not 将一色 / 风一色
    PAIR_NOT_258 = 2       # only 屁胡 readings, with a pair that is not a 2/5/8
    HOLDS_FIXED = 3        # 红中 / 发财 (or the special 赖子皮) in the winning hand
    NOT_OPENED = 4         # no chow, pung or exposed kong
    TWO_LAIZI = 5          # a 屁胡 keeping two or more 赖子
    NEEDS_READINGS = 6     # holds a 赖子: scored through the wildcard core

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

# WinFlag bits read here (mahjong.ruleset.WinFlag; tests/test_huanggang_batch.py checks them)
cdef enum:
    F_SELF = 1
    F_REPLACEMENT = 2
    F_ROBBING = 8
    F_LAST = 16

PY_WIN_BITS = {"self_drawn": F_SELF, "replacement": F_REPLACEMENT, "robbing_kong": F_ROBBING,
               "last_tile": F_LAST}
PY_STATUS = {"ok": OK, "not_winning": NOT_WINNING, "pair_not_258": PAIR_NOT_258,
             "holds_fixed": HOLDS_FIXED, "not_opened": NOT_OPENED, "two_laizi": TWO_LAIZI,
             "needs_readings": NEEDS_READINGS}
PY_BIG_BITS = {"qingyise": B_QINGYISE, "jiangyise": B_JIANGYISE, "pengpenghu": B_PENGPENGHU,
               "quanqiuren": B_QUANQIUREN, "gangkai": B_GANGKAI, "haidi": B_HAIDI,
               "qianggang": B_QIANGGANG, "fengyise": B_FENGYISE}


cdef inline bint _is_258(int t) noexcept nogil:
    return t < 27 and (t % 9 == 1 or t % 9 == 4 or t % 9 == 7)


cdef inline int _popcount8(int x) noexcept nogil:
    cdef int n = 0
    while x:
        n += x & 1
        x >>= 1
    return n


# Input errors found by the kernel (negative statuses; batch.py words the message).
cdef enum:
    E_INPUT = -1


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
            if tile >= 27 or tile % 9 > 6:
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


cdef int _score_row(const uint8_t* counts, const uint8_t* melds, const uint8_t* singles,
                    int laizi, int pi_tile, int flags, bint dealer, bint koukou,
                    bint plus5, int16_t* base_out, int16_t* payer_out, int8_t* fan_out,
                    uint8_t* big_out) noexcept nogil:
    cdef int t, k, j, kind, tile, n_sets = 0, n_dec
    cdef int chows = 0, pungs = 0, exposed = 0, concealed = 0
    cdef int suits = 0, all_258 = 1, all_wind = 1
    cdef bint any_pung = 0, any_258 = 0, peng_ok
    cdef int big = 0, base, payer, fan
    cdef RegularDecomposition dec[MAX_REGULAR_DECOMPOSITIONS]
    if _check_row(counts, melds, laizi, pi_tile, flags):
        return E_INPUT
    if counts[32] or counts[33] or (pi_tile < 34 and counts[pi_tile]):
        return HOLDS_FIXED
    for k in range(4):
        kind = melds[2 * k]
        if kind == 0:
            break
        tile = melds[2 * k + 1]
        n_sets += 1
        if kind == MELD_CHOW:
            chows += 1
        elif kind == MELD_PUNG:
            pungs += 1
        elif kind == MELD_KONG:
            exposed += 1
        else:
            concealed += 1
        for j in range(3 if kind == MELD_CHOW else 1):
            t = tile + j
            if t < 27:
                suits |= 1 << (t // 9)
            else:
                suits |= 8
            if not _is_258(t):
                all_258 = 0
            if t < 27 or t > 31:
                all_wind = 0
    if chows + pungs + exposed == 0:
        return NOT_OPENED
    if counts[laizi]:
        return NEEDS_READINGS
    for t in range(34):
        if counts[t]:
            if t < 27:
                suits |= 1 << (t // 9)
            else:
                suits |= 8
            if not _is_258(t):
                all_258 = 0
            if t < 27 or t > 31:
                all_wind = 0
    n_dec = regular_decompositions(counts, dec, MAX_REGULAR_DECOMPOSITIONS)
    for k in range(n_dec):
        if _is_258(dec[k].pair):
            any_258 = 1
        peng_ok = chows == 0
        for j in range(dec[k].n_sets):
            if dec[k].kind[j] == SET_CHOW:
                peng_ok = 0
        if peng_ok:
            any_pung = 1
    if all_wind:
        big |= B_FENGYISE
    if n_dec and (suits == 1 or suits == 2 or suits == 4):
        big |= B_QINGYISE
    if all_258:
        big |= B_JIANGYISE
    if any_pung:
        big |= B_PENGPENGHU
    if (n_dec and n_sets == 4 and concealed == 0 and not (flags & (F_SELF | F_ROBBING))
            and any_258):
        big |= B_QUANQIUREN
    if not big and not any_258:
        return PAIR_NOT_258 if n_dec else NOT_WINNING
    if flags & F_REPLACEMENT:
        big |= B_GANGKAI
    if flags & F_LAST:
        big |= B_HAIDI
    if flags & F_ROBBING:
        big |= B_QIANGGANG
    # the winner's 番: his melds, 硬胡 (no 赖子 held), and for a 屁胡 庄家 and 自摸
    if koukou:
        fan = chows + pungs + 2 * exposed
    else:
        fan = 1
    fan += 2 * concealed + singles[0] + 2 * singles[1] + 1
    if not big:
        fan += dealer + ((flags & F_SELF) != 0)
        base = 1
        payer = 1
    elif big & B_FENGYISE:
        base = 0
        payer = 0
    else:
        base = 10 * _popcount8(big)
        if (flags & (F_REPLACEMENT | F_LAST)) or ((flags & F_ROBBING) and not plus5):
            payer = base
        else:
            payer = base * 3 // 2
    base_out[0] = base
    payer_out[0] = payer
    fan_out[0] = fan
    big_out[0] = big
    return OK


def score_rows(const uint8_t[:, ::1] hands, const uint8_t[:, :, ::1] melds,
               const uint8_t[:, ::1] singles, const uint8_t[::1] laizi,
               const uint8_t[::1] pi_tile, const uint32_t[::1] flags,
               const uint8_t[::1] dealer, bint koukou, bint plus5,
               int8_t[::1] status, int16_t[::1] base, int16_t[::1] payer_base,
               int8_t[::1] fan, uint8_t[::1] big, int num_threads=1):
    """Fill the output rows; a row with bad input gets status -1 (batch.score_batch then
    names the problem)."""
    cdef Py_ssize_t i, n = hands.shape[0]
    if n == 0:
        return
    for i in prange(n, nogil=True, num_threads=num_threads, schedule="static"):
        status[i] = <int8_t>_score_row(&hands[i, 0], &melds[i, 0, 0], &singles[i, 0],
                                       laizi[i], pi_tile[i], flags[i], dealer[i], koukou,
                                       plus5, &base[i], &payer_base[i], &fan[i], &big[i])
