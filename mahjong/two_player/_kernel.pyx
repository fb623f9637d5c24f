# The two-player fan count, compiled: one call reads every reading of a winning hand
# (four sets and a pair through the core's decomposition, seven pairs, thirteen orphans),
# counts the fans of the table in mahjong/two_player/fans.py (same order) and keeps the
# reading worth most (就高不就低; ranked by the capped total, then the uncapped one).
# tests/slow_two_player.py is the plain Python version it is tested against.
from mahjong_core._types cimport (uint8_t, int32_t, uint32_t, MELD_CHOW, MELD_CONCEALED_KONG,
                                  ERR_BAD_CONTEXT, ERR_BAD_MELD, WIN_FOURTH_TILE, WIN_SELF_DRAWN,
                                  WIN_REPLACEMENT, WIN_ROBBING_KONG, WIN_LAST_TILE,
                                  WIN_HEAVENLY, WIN_EARTHLY)
from mahjong_core._wincheck cimport (WinView, make_win_check, flags_consistent,
                                     kong_context_ok, holding, value_or_overflow)
from mahjong._additive cimport read_holding, checked_tile
from mahjong_core._bits cimport any_held
from mahjong_core._decompose cimport (RegularDecomposition, regular_decompositions,
                                      is_seven_pairs, thirteen_orphans_pair, SET_CHOW,
                                      MAX_REGULAR_DECOMPOSITIONS)

cdef enum:
    HUPAI, MENQING, ZIMO, BAOTING, HAIDI, GANGSHANGKAIHUA, HUAPAI, DUANYAO, PENGPENGHU
    HUNYISE, QIDUI, XIAOSANYUAN, QINGYISE, XIAOSIXI, DASANYUAN, DASIXI, ZIYISE, SHISANYAO
    TIANHU, DIHU, N_FANS

# the fan keys in kernel order (Python checks them against the table's rows)
FAN_KEYS = ("hupai", "menqing", "zimo", "baoting", "haidi", "gangshangkaihua", "huapai",
            "duanyao", "pengpenghu", "hunyise", "qidui", "xiaosanyuan", "qingyise",
            "xiaosixi", "dasanyuan", "dasixi", "ziyise", "shisanyao", "tianhu", "dihu")
assert len(FAN_KEYS) == N_FANS

# the WIN_* bits read here (mahjong_core._types, their one definition)
cdef enum:
    F_SELF = WIN_SELF_DRAWN
    F_REPLACEMENT = WIN_REPLACEMENT
    F_ROBBING = WIN_ROBBING_KONG
    F_LAST = WIN_LAST_TILE
    F_HEAVENLY = WIN_HEAVENLY
    F_EARTHLY = WIN_EARTHLY




cdef inline int _total(const int32_t* values, const int* fans) noexcept nogil:
    cdef int k, s = 0
    for k in range(N_FANS):
        s += values[k] * fans[k]
    return s


#: ``win_fans``' answer when the tiles do not win, and when a shown 花牌 tile plus its held
#: copies make more than 4
NOT_A_WIN = -1
TOO_MANY_SHOWN = -2


cdef int _best(const uint8_t* c, const uint8_t* b, const uint8_t* mp, int n_melds, int flags,
               bint ready, int flowers, const int32_t* v, int cap, int* best) noexcept nogil:
    """The fan counts of the best reading into ``best`` (N_FANS ints); returns its uncapped
    total, or -1 if the tiles do not win."""
    cdef int fans[N_FANS]
    cdef int trial[N_FANS]
    cdef RegularDecomposition decs[MAX_REGULAR_DECOMPOSITIONS]
    cdef int k, i, j, n, total, best_total = -1, capped, best_capped = -1
    cdef bint concealed = True, meld_chow = False, all_pungs, honours
    cdef int suits, dragons, winds
    for k in range(N_FANS):
        fans[k] = 0
    for i in range(n_melds):
        if mp[2 * i] != MELD_CONCEALED_KONG:
            concealed = False
        if mp[2 * i] == MELD_CHOW:
            meld_chow = True
    # the fans that do not depend on the reading
    fans[HUPAI] = 1
    fans[MENQING] = concealed
    fans[ZIMO] = (flags & (F_SELF | F_ROBBING)) != 0   # a robbed kong scores as a self-draw
    fans[BAOTING] = ready
    fans[HAIDI] = (flags & F_LAST) != 0
    fans[GANGSHANGKAIHUA] = (flags & F_REPLACEMENT) != 0
    fans[HUAPAI] = flowers
    honours = any_held(b, 27, 34)
    fans[DUANYAO] = not honours and not (b[0] or b[8] or b[9] or b[17] or b[18] or b[26])
    suits = any_held(b, 0, 9) + any_held(b, 9, 18) + any_held(b, 18, 27)
    if suits == 1:
        if honours:
            fans[HUNYISE] = 1
        else:
            fans[QINGYISE] = 1
    elif suits == 0:
        fans[ZIYISE] = 1
    fans[TIANHU] = (flags & F_HEAVENLY) != 0
    fans[DIHU] = (flags & F_EARTHLY) != 0
    # honour tiles only form pungs/kongs and the pair, so the counts tell the honour sets
    dragons = (b[31] >= 3) + (b[32] >= 3) + (b[33] >= 3)
    winds = (b[27] >= 3) + (b[28] >= 3) + (b[29] >= 3) + (b[30] >= 3)
    n = regular_decompositions(c, decs, MAX_REGULAR_DECOMPOSITIONS)
    for i in range(n + 2):
        for k in range(N_FANS):
            trial[k] = fans[k]
        if i < n:
            all_pungs = not meld_chow
            for j in range(decs[i].n_sets):
                if decs[i].kind[j] == SET_CHOW:
                    all_pungs = False
            trial[PENGPENGHU] = all_pungs
            if dragons == 3:
                trial[DASANYUAN] = 1
            elif dragons == 2 and 31 <= decs[i].pair <= 33:
                trial[XIAOSANYUAN] = 1
            if winds == 4:
                trial[DASIXI] = 1
            elif winds == 3 and 27 <= decs[i].pair <= 30:
                trial[XIAOSIXI] = 1
        elif i == n:
            if n_melds or not is_seven_pairs(c):
                continue
            trial[QIDUI] = 1
        else:
            if n_melds or thirteen_orphans_pair(c) < 0:
                continue
            trial[SHISANYAO] = 1
        total = _total(v, trial)
        capped = total if total < cap else cap
        if capped > best_capped or (capped == best_capped and total > best_total):
            best_capped, best_total = capped, total
            for k in range(N_FANS):
                best[k] = trial[k]
    return best_total


def win_fans(tuple hand not None, tuple melds not None, int flags, bint ready,
             tuple shown not None, bytes values not None, int cap):
    """The fan counts of the best reading of a winning hand, one byte per fan in table
    order (``bytes`` of N_FANS), or :data:`NOT_A_WIN` / :data:`TOO_MANY_SHOWN` (an int).

    ``hand``: the concealed tile ids, winning tile included; ``melds``: Meld objects;
    ``flags``: WinFlag bits; ``ready``: 报听; ``shown``: the ids of the shown 花牌 tiles
    (each copy of one among hand and melds is 1 番); ``values``: N_FANS int32 fan values;
    ``cap``: the cap used to rank readings.
    """
    cdef uint8_t c[34]
    cdef uint8_t b[34]
    cdef uint8_t mp[8]
    cdef int seen[34]
    cdef int best[N_FANS]
    cdef char out[N_FANS]
    cdef int i, k, t, n_melds, flowers = 0, total
    if len(values) != 4 * N_FANS:
        raise ValueError("win_fans: values needs N_FANS int32")
    n_melds = read_holding(hand, melds, c, b, mp)
    if shown:
        for i in range(34):
            seen[i] = 0
        for x in shown:
            seen[checked_tile(x, "shown")] += 1
        for t in range(34):
            if seen[t]:
                if seen[t] + b[t] > 4:
                    return TOO_MANY_SHOWN
                flowers += b[t]
    total = _best(c, b, mp, n_melds, flags, ready, flowers,
                  <const int32_t*> (<const char*> values), cap, best)
    if total < 0:
        return NOT_A_WIN
    for k in range(N_FANS):
        out[k] = <char> best[k]
    return out[:N_FANS]


# ---------------------------------------------------------------- the engine's win check

cdef enum:
    # the option values of the win check (its data: N_FANS int32 fan values)
    CHK_CAP = 0
    CHK_MIN_FAN = 1
    CHK_BASE = 2
    # the check's own refusals of a win event (errors of the caller, not a refused win)
    CHK_ERR_HAIDI = -20
    CHK_ERR_SHOWN = -21


cdef int check_win(const WinView* v, const int* opts, const char* data) noexcept nogil:
    """The value settlement gives the win (``min(total, cap) × base``), 0 when the tiles do
    not win (_best, what score() calls) or the total is below min_fan. An impossible
    circumstance, a 海底捞月 by a seat not ready first, or a shown 花牌 tile with more than
    4 copies in all is an error, as score() and the record reader raise them."""
    cdef uint8_t b[34]
    cdef uint8_t mp[8]
    cdef int best[N_FANS]
    cdef uint32_t flags = v.flags & ~(<uint32_t>WIN_FOURTH_TILE)
    cdef int s, first = -1, t, n, flowers = 0, total, k
    cdef uint8_t seen[34]
    if not flags_consistent(flags):
        return ERR_BAD_CONTEXT
    n = holding(v, b, mp)
    if n < 0:
        return ERR_BAD_MELD
    if flags & F_LAST:
        for s in range(v.seats):
            if v.ready_at[s] >= 0 and (first < 0 or v.ready_at[s] < v.ready_at[first]):
                first = s
        if first >= 0 and first != v.seat:
            return CHK_ERR_HAIDI
    for t in range(34):
        seen[t] = 0
    for k in range(v.n_flower_indicators):
        seen[v.flower_indicators[k]] += 1
    for t in range(34):
        if seen[t]:
            if seen[t] + b[t] > 4:
                return CHK_ERR_SHOWN
            flowers += b[t]
    if not kong_context_ok(v) or flags & F_LAST and not flags & F_SELF or \
            flags & F_HEAVENLY and v.n_melds:
        return ERR_BAD_CONTEXT
    total = _best(v.counts, b, mp, n, flags, v.ready_at[v.seat] >= 0, flowers,
                  <const int32_t*>data, opts[CHK_CAP], best)
    if total < 0 or total < opts[CHK_MIN_FAN]:
        return 0
    return value_or_overflow(<long long>(total if total < opts[CHK_CAP] else opts[CHK_CAP])
                             * opts[CHK_BASE])


def win_check(bytes values not None, int cap, int min_fan, int base):
    """The engine's win check under these options (values: N_FANS int32 fan values), a
    mahjong_core._wincheck.WinCheck over _best."""
    if len(values) != 4 * N_FANS:
        raise ValueError("win_check: values needs N_FANS int32")
    return make_win_check(check_win, "two_player", (cap, min_fan, base), {
        CHK_ERR_HAIDI: "海底捞月 is drawn by the player ready first",
        CHK_ERR_SHOWN: "a shown 花牌 tile and its held copies make more than 4"}, values)
