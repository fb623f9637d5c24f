# The 通称 fan count, compiled: one call reads every reading of a winning hand (four sets
# and a pair through the core's decomposition, seven pairs, thirteen orphans, 十三不靠),
# finds the fans of the table in mahjong/tongcheng/fans.py (same order, one bit each),
# drops the fans switched off (value 0) and those another fan excludes, puts 穷胡 in place
# of a hand with no entry left, and keeps the reading worth most (就高不就低).
# tests/slow_tongcheng.py is the plain Python version it is tested against.
from mahjong_core._types cimport (FIRST_HONOR, uint8_t, int32_t, uint32_t, uint64_t, MELD_CHOW,
                                  MELD_CONCEALED_KONG, ERR_BAD_CONTEXT, ERR_BAD_MELD,
                                  WIN_FOURTH_TILE, WIN_SELF_DRAWN, WIN_HEAVENLY, WIN_EARTHLY)
from mahjong_core._wincheck cimport (WinView, make_win_check, flags_consistent,
                                     kong_context_ok, holding, value_or_overflow)
from mahjong_core._bits cimport any_held
from mahjong._additive cimport read_holding
from mahjong_core._decompose cimport (RegularDecomposition, regular_decompositions,
                                      is_seven_pairs, thirteen_orphans_pair,
                                      honors_knitted_pattern, SET_CHOW,
                                      MAX_REGULAR_DECOMPOSITIONS)

cdef enum:
    TIANHU, DIHU, SHISANYAO, QUANFENGQIDUI, QUANFENGDUIDUIHU, KOUTING, DASIXI, DASANYUAN
    XIAOSIXI, SHISANBUKAO, XIAOSANYUAN, QINGYISE, QUANDAIWU, QIDUI, SANJIEMEI, SANXIANGCI
    YITIAOLONG, HUNYISE, BUQIUREN, DUIDUIHU, XIAOYUWU, DAYUWU, QIONGHU, XIXIANGFENG
    QUANDAIYAO, WUMENQI, MENQING, QUEMEN, DANDIAO, DUANYAO, WUJIANG, QUEZI, N_FANS

# the fan keys in kernel order (Python checks them against the table's rows)
FAN_KEYS = ("tianhu", "dihu", "shisanyao", "quanfengqidui", "quanfengduiduihu", "kouting",
            "dasixi", "dasanyuan", "xiaosixi", "shisanbukao", "xiaosanyuan", "qingyise",
            "quandaiwu", "qidui", "sanjiemei", "sanxiangci", "yitiaolong", "hunyise",
            "buqiuren", "duiduihu", "xiaoyuwu", "dayuwu", "qionghu", "xixiangfeng",
            "quandaiyao", "wumenqi", "menqing", "quemen", "dandiao", "duanyao", "wujiang",
            "quezi")
assert len(FAN_KEYS) == N_FANS

# the WIN_* bits read here (mahjong_core._types, their one definition)
cdef enum:
    F_SELF = WIN_SELF_DRAWN
    F_HEAVENLY = WIN_HEAVENLY
    F_EARTHLY = WIN_EARTHLY


cdef inline uint64_t bit(int k) noexcept nogil:
    return (<uint64_t> 1) << k




cdef inline bint _terminal_or_honour(int t) noexcept nogil:
    return t >= FIRST_HONOR or t % 9 == 0 or t % 9 == 8


cdef inline bint _five(int t) noexcept nogil:
    return t < FIRST_HONOR and t % 9 == 4


cdef uint64_t _regular(const RegularDecomposition* d, const uint8_t* mp, int n_melds,
                       const uint8_t* b, int win, bint self_drawn) noexcept nogil:
    """The fans of one reading as four sets and a pair (melds included)."""
    cdef int kind[4]
    cdef int tile[4]
    cdef bint concealed[4]
    cdef int n = 0, i, j, t, pair = d.pair, wind_pungs = 0, dragon_pungs = 0
    cdef int n_chows = 0, own_pungs = 0, same
    cdef uint8_t chow_at[27]
    cdef uint8_t pung_at[27]
    cdef bint win_elsewhere, win_pung = False, all_five, all_yao
    cdef uint64_t out = 0
    cdef bint all_honours = not any_held(b, 0, 27)
    for i in range(27):
        chow_at[i] = 0
        pung_at[i] = 0
    for i in range(n_melds):
        kind[n] = SET_CHOW if mp[2 * i] == MELD_CHOW else 2
        tile[n] = mp[2 * i + 1]
        concealed[n] = mp[2 * i] == MELD_CONCEALED_KONG
        n += 1
    for i in range(d.n_sets):
        kind[n] = d.kind[i]
        tile[n] = d.tile[i]
        concealed[n] = True
        n += 1
    all_five = _five(pair)
    all_yao = _terminal_or_honour(pair)
    for i in range(n):
        t = tile[i]
        if kind[i] == SET_CHOW:
            n_chows += 1
            chow_at[t] += 1
            all_five = all_five and (t % 9 >= 2 and t % 9 <= 4)
            all_yao = all_yao and (t % 9 == 0 or t % 9 == 6)
        else:
            if t >= FIRST_HONOR:
                if t <= 30:
                    wind_pungs += 1
                else:
                    dragon_pungs += 1
            else:
                pung_at[t] += 1
            if concealed[i]:
                own_pungs += 1
                if t == win and i >= n_melds:
                    win_pung = True
            all_five = all_five and _five(t)
            all_yao = all_yao and _terminal_or_honour(t)
    if n_chows == 0:
        out |= bit(QUANFENGDUIDUIHU) if all_honours else bit(DUIDUIHU)
    if wind_pungs == 4:
        out |= bit(DASIXI)
    elif wind_pungs == 3 and 27 <= pair <= 30:
        out |= bit(XIAOSIXI)
    if dragon_pungs == 3:
        out |= bit(DASANYUAN)
    elif dragon_pungs == 2 and pair >= 31:
        out |= bit(XIAOSANYUAN)
    for t in range(27):
        if chow_at[t] >= 3:
            out |= bit(SANJIEMEI)
    # a pung the discard (or robbed tile) won on can only have completed: not one's own
    # draw, unless the winning tile can sit in the pair or a concealed chow instead
    if win_pung and not self_drawn:
        win_elsewhere = pair == win
        for i in range(n_melds, n):
            if kind[i] == SET_CHOW and tile[i] <= win <= tile[i] + 2:
                win_elsewhere = True
        if not win_elsewhere:
            own_pungs -= 1
    if own_pungs >= 3:
        out |= bit(SANXIANGCI)
    for i in range(3):
        if chow_at[9 * i] and chow_at[9 * i + 3] and chow_at[9 * i + 6]:
            out |= bit(YITIAOLONG)
    for t in range(9):
        if (chow_at[t] and chow_at[9 + t] and chow_at[18 + t]) or \
                (pung_at[t] and pung_at[9 + t] and pung_at[18 + t]):
            out |= bit(XIXIANGFENG)
    if all_five:
        out |= bit(QUANDAIWU)
    if all_yao and not all_honours:
        out |= bit(QUANDAIYAO)
    if pair == win:
        out |= bit(DANDIAO)
    if _five(pair):
        out |= bit(WUJIANG)
    return out


cdef int _best(const uint8_t* c, const uint8_t* b, const uint8_t* mp, int n_melds, int win,
               int flags, bint kouting, const int32_t* v, const uint64_t* ex,
               uint64_t entries, uint64_t* out) noexcept nogil:
    """The fans of the best reading as a bit mask into ``out``; returns its total, or -1
    if the tiles do not win."""
    cdef RegularDecomposition decs[MAX_REGULAR_DECOMPOSITIONS]
    cdef int k, i, t, n, total, best_total = -1, suits
    cdef uint64_t hand = 0, found, live, gone, on = 0, best = 0
    cdef bint honours, concealed = True, self_drawn = (flags & F_SELF) != 0
    cdef bint low = True, high = True
    for k in range(N_FANS):
        if v[k]:
            on |= bit(k)
    for i in range(n_melds):
        if mp[2 * i] != MELD_CONCEALED_KONG:
            concealed = False
    # the fans that do not depend on the reading
    honours = any_held(b, 27, 34)
    suits = any_held(b, 0, 9) + any_held(b, 9, 18) + any_held(b, 18, 27)
    if suits == 1:
        hand |= bit(HUNYISE) if honours else bit(QINGYISE)
    if suits and not honours:
        for t in range(27):
            if b[t]:
                low = low and t % 9 <= 3
                high = high and t % 9 >= 5
        if low:
            hand |= bit(XIAOYUWU)
        elif high:
            hand |= bit(DAYUWU)
    if suits == 3 and any_held(b, 27, 31) and any_held(b, 31, 34):
        hand |= bit(WUMENQI)
    if concealed:
        hand |= bit(BUQIUREN) if self_drawn else bit(MENQING)
    if flags & F_HEAVENLY:
        hand |= bit(TIANHU)
    if flags & F_EARTHLY:
        hand |= bit(DIHU)
    if kouting:
        hand |= bit(KOUTING)
    if suits < 3:
        hand |= bit(QUEMEN)
    if not honours and not (b[0] or b[8] or b[9] or b[17] or b[18] or b[26]):
        hand |= bit(DUANYAO)
    if not honours:
        hand |= bit(QUEZI)
    n = regular_decompositions(c, decs, MAX_REGULAR_DECOMPOSITIONS)
    for i in range(n + 3):
        if i < n:
            found = hand | _regular(&decs[i], mp, n_melds, b, win, self_drawn)
        elif n_melds:
            break
        elif i == n:
            if not is_seven_pairs(c):
                continue
            found = hand | bit(DANDIAO) | (bit(QUANFENGQIDUI) if suits == 0 else bit(QIDUI))
        elif i == n + 1:
            if thirteen_orphans_pair(c) < 0:
                continue
            found = hand | bit(SHISANYAO)
        else:
            t = 0
            for k in range(27):
                t += c[k]
            if t != 9 or honors_knitted_pattern(c) < 0:
                continue
            found = hand | bit(SHISANBUKAO)
        live = found & on
        gone = 0
        for k in range(N_FANS):
            if live & bit(k):
                gone |= ex[k]
        live &= ~gone
        if not live & entries:
            live = bit(QIONGHU)
        total = 0
        for k in range(N_FANS):
            if live & bit(k):
                total += v[k]
        if total > best_total:
            best_total, best = total, live
    out[0] = best
    return best_total


#: ``win_mask``' answer when the tiles do not win
NOT_A_WIN = -1


def win_mask(tuple hand not None, tuple melds not None, int win, int flags, bint kouting,
             bytes values not None, bytes excludes not None, unsigned long long entries):
    """The fans of the best reading of a winning hand as a bit mask (bit k = row k of the
    table), or :data:`NOT_A_WIN`.

    ``hand``: the concealed tile ids, winning tile included; ``melds``: Meld objects;
    ``win``: the winning tile; ``flags``: WinFlag bits; ``kouting``: 扣听; ``values``:
    N_FANS int32 fan values; ``excludes``: N_FANS uint64 masks of the rows each row
    excludes; ``entries``: the mask of the entries whose absence makes 穷胡.
    """
    cdef uint8_t c[34]
    cdef uint8_t b[34]
    cdef uint8_t mp[8]
    cdef uint64_t mask = 0
    cdef int n_melds
    if len(values) != 4 * N_FANS or len(excludes) != 8 * N_FANS:
        raise ValueError("win_mask: values and excludes need N_FANS entries")
    if win < 0 or win >= 34:
        raise ValueError(f"win_mask: tile id {win} out of range")
    n_melds = read_holding(hand, melds, c, b, mp)
    if _best(c, b, mp, n_melds, win, flags, kouting,
             <const int32_t*> (<const char*> values), <const uint64_t*> (<const char*> excludes),
             entries, &mask) < 0:
        return NOT_A_WIN
    return mask


# ---------------------------------------------------------------- the engine's win check

cdef enum:
    # the option values of the win check (its data: N_FANS int32 fan values, then N_FANS
    # uint64 exclusion masks)
    CHK_STAKE = 0
    CHK_ENTRIES_LOW = 1     # the entries mask, low and high 32 bits
    CHK_ENTRIES_HIGH = 2
    # the check's own refusal of a win event (an error of the caller, not a refused win)
    CHK_ERR_EARTHLY = -20


cdef int check_win(const WinView* v, const int* opts, const char* data) noexcept nogil:
    """The value settlement gives the win (the total × stake), 0 when the tiles do not win
    (_best, what score() calls). 扣听 is the winner's ready declaration on the dealer's
    first discard. An impossible circumstance (as score() and the record reader raise them)
    is an error."""
    cdef uint8_t b[34]
    cdef uint8_t mp[8]
    cdef uint64_t mask = 0
    cdef uint64_t entries = (<uint64_t>(<uint32_t>opts[CHK_ENTRIES_HIGH]) << 32) | \
        <uint32_t>opts[CHK_ENTRIES_LOW]
    cdef const int32_t* values = <const int32_t*>data
    cdef uint32_t flags = v.flags & ~(<uint32_t>WIN_FOURTH_TILE)
    cdef int n, k, total = 0
    cdef bint kouting = v.ready_at[v.seat] >= 0 and v.ready_first_discard[v.seat]
    if not flags_consistent(flags):
        return ERR_BAD_CONTEXT
    if flags & F_EARTHLY and (v.from_seat != v.dealer or v.discards > 1):
        return CHK_ERR_EARTHLY
    n = holding(v, b, mp)
    if n < 0:
        return ERR_BAD_MELD
    if not kong_context_ok(v) or flags & F_EARTHLY and flags & F_SELF or \
            flags & F_HEAVENLY and v.n_melds:
        return ERR_BAD_CONTEXT
    if _best(v.counts, b, mp, n, v.win_tile, flags, kouting, values,
             <const uint64_t*>(data + 4 * N_FANS), entries, &mask) < 0:
        return 0
    for k in range(N_FANS):
        if mask >> k & 1:
            total += values[k]
    return value_or_overflow(<long long>total * opts[CHK_STAKE])


def win_check(bytes values not None, bytes excludes not None, unsigned long long entries,
              int stake):
    """The engine's win check under these options (values: N_FANS int32 fan values;
    excludes: N_FANS uint64 masks; entries: see win_mask), a
    mahjong_core._wincheck.WinCheck over _best."""
    if len(values) != 4 * N_FANS or len(excludes) != 8 * N_FANS:
        raise ValueError("win_check: values and excludes need N_FANS entries")
    return make_win_check(check_win, "tongcheng", (stake, <int>(entries & 0xFFFFFFFF),
                                                   <int>(entries >> 32)), {
        CHK_ERR_EARTHLY: "earthly (地胡) on this table is a win on the dealer's first "
                         "discard"}, values + excludes)
