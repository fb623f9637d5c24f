"""Guiyang hand shapes, compiled: which hand types a holding reads as, and the best wait.

A holding is the concealed tiles (a tuple of tile ids) and the melds (bytes of flat
[kind code, tile] pairs: 2 = pung, 3 = exposed kong, 4 = concealed kong; Guiyang has no
chow). The Python side (:mod:`mahjong.guiyang.scoring`) validates hands before they reach
these calls and owns every value: the kernel answers shape questions only, or takes the
values of the active scale as a tuple indexed like :data:`PATTERNS`.

Readings (a holding may read several ways; the caller takes the most valuable one):

* 平胡 / 清一色: the concealed tiles split into sets and one pair (any split);
* 大对子 / 清大对: every set a pung or kong (concealed counts 0, 2 or 3, one pair);
* 金钩钓 / 清金钩: four melds and the pair (a single wait);
* 七对 / 清七对: seven pairs, no melds; 龙七对 / 青龙背 when one of them is a
  four-of-a-kind (a quad counts as two pairs);
* 地龙 / 清地龙: the only meld is a pung, won on its fourth tile, and every other
  concealed tile is paired (five pairs).
"""
from mahjong_core._types cimport (uint8_t, uint32_t, uint64_t, N_SUITED, MELD_PUNG,
                                  FORM_REGULAR,
                                  FORM_SEVEN_PAIRS, MELD_KONG, MELD_CONCEALED_KONG,
                                  WIN_REPLACEMENT, WIN_AFTER_KONG, WIN_ROBBING_KONG,
                                  WIN_HEAVENLY, WIN_EARTHLY, WIN_FOURTH_TILE, ERR_BAD_CONTEXT,
                                  ERR_BAD_MELD, ERR_BAD_TILE)
from mahjong_core._wincheck cimport (WinView, make_win_check, flags_consistent, has_kong,
                                     suited_only)
from mahjong_core._decompose cimport RegularDecomposition, regular_decompositions
from mahjong_core._shanten cimport missing_tiles, useful_mask

# Pattern ids: the bit index in a reading mask and the index into a values tuple. The
# item table of mahjong.guiyang.items lists the same keys in the same order (a test holds
# the two equal).
PATTERNS = ("pinghu", "daduizi", "qidui", "longqidui", "qingyise", "qingdadui", "qingqidui",
            "qinglongbei", "dilong", "qingdilong", "jingoudiao", "qingjingou")

cdef enum:
    P_PINGHU = 0
    P_DADUIZI = 1
    P_QIDUI = 2
    P_LONGQIDUI = 3
    P_QINGYISE = 4
    P_QINGDADUI = 5
    P_QINGQIDUI = 6
    P_QINGLONGBEI = 7
    P_DILONG = 8
    P_QINGDILONG = 9
    P_JINGOUDIAO = 10
    P_QINGJINGOU = 11
    N_PATTERNS = 12

N_PATTERN_IDS = N_PATTERNS


ctypedef struct Holding:
    uint8_t counts[34]   # concealed tiles
    uint8_t held[34]     # concealed tiles and meld tiles
    int n_melds
    int lone_pung        # the tile of the only meld when it is a pung, else -1
    int meld_suits       # bit mask of the suits the melds use


cdef int _load(Holding* h, tuple hand, bytes meld_codes) except -1:
    return _load_codes(h, hand, meld_codes, len(meld_codes) // 2)


cdef int _load_codes(Holding* h, tuple hand, const uint8_t* melds, int n) except -1:
    """Load concealed tiles and ``n`` melds given as [kind code, lowest tile] pairs."""
    cdef int i, t
    cdef object x
    for i in range(34):
        h.counts[i] = 0
        h.held[i] = 0
    for x in hand:
        t = x
        if t < 0 or t >= N_SUITED or h.counts[t] >= 4:
            raise ValueError(f"tile {t}: the kernel takes validated suit tiles")
        h.counts[t] += 1
        h.held[t] += 1
    h.n_melds = n
    h.meld_suits = 0
    h.lone_pung = -1
    for i in range(n):
        t = melds[2 * i + 1]
        if t >= N_SUITED:
            raise ValueError(f"meld tile {t}: the kernel takes validated suit tiles")
        h.meld_suits |= 1 << (t // 9)
        h.held[t] += 3 if melds[2 * i] == MELD_PUNG else 4
    if n == 1 and melds[0] == MELD_PUNG:
        h.lone_pung = melds[1]
    return 0


cdef inline int _suits(const uint8_t* counts, int meld_suits) noexcept nogil:
    cdef int t, s = meld_suits
    for t in range(N_SUITED):
        if counts[t]:
            s |= 1 << (t // 9)
    return s


cdef uint32_t _readings(const Holding* h, const uint8_t* counts, int win_tile) noexcept nogil:
    """Bit mask (1 << pattern id) of the readings of 14 tiles; 0 = not a win."""
    cdef RegularDecomposition d[1]
    cdef int t, c, pairs = 0, odd = 0, quads = 0, others = 0
    cdef uint32_t bits = 0
    cdef int suits = _suits(counts, h.meld_suits)
    cdef bint qing = suits == 1 or suits == 2 or suits == 4
    for t in range(N_SUITED):
        c = counts[t]
        if c & 1:
            odd += 1
        if c == 2:
            pairs += 1
        elif c == 4:
            quads += 1
        elif c != 0 and c != 3:
            others += 1
    if regular_decompositions(counts, d, 1) > 0:
        bits |= 1 << (P_QINGYISE if qing else P_PINGHU)
        # all pungs: counts 0, 2 or 3 with one pair (a concealed quad cannot be pungs)
        if pairs == 1 and quads == 0 and others == 0:
            bits |= 1 << (P_QINGDADUI if qing else P_DADUIZI)
        if h.n_melds == 4:
            bits |= 1 << (P_QINGJINGOU if qing else P_JINGOUDIAO)
    if h.n_melds == 0 and odd == 0:
        if quads:
            bits |= 1 << (P_QINGLONGBEI if qing else P_LONGQIDUI)
        else:
            bits |= 1 << (P_QINGQIDUI if qing else P_QIDUI)
    if h.lone_pung >= 0 and win_tile == h.lone_pung and counts[win_tile] == 1 and odd == 1:
        bits |= 1 << (P_QINGDILONG if qing else P_DILONG)
    return bits


def readings(tuple hand, bytes melds, int win_tile):
    """Reading mask of a 14-tile winning holding (``hand`` includes the winning tile)."""
    cdef Holding h
    _load(&h, hand, melds)
    return _readings(&h, h.counts, win_tile)


cdef inline int _best_of(uint32_t bits, const int* values, int* pattern) noexcept nogil:
    cdef int p, best = -1
    pattern[0] = -1
    for p in range(N_PATTERNS):
        if bits >> p & 1 and values[p] > best:
            best = values[p]
            pattern[0] = p
    return best


cdef uint32_t _load_values(tuple values, int* out) except? 0xFFFFFFFF:
    """Copies the pattern values; returns the mask of the patterns switched on (value > 0)."""
    if len(values) != N_PATTERNS:
        raise ValueError(f"values: expected {N_PATTERNS} pattern values")
    cdef int p
    cdef uint32_t allowed = 0
    for p in range(N_PATTERNS):
        out[p] = values[p]
        if out[p] > 0:
            allowed |= (<uint32_t>1) << p
    return allowed


def best_reading(tuple hand, bytes melds, int win_tile, tuple values):
    """``(pattern id, value)`` of the most valuable reading of a 14-tile winning holding
    (``hand`` includes the winning tile), or ``(-1, 0)`` when it reads as no hand type.
    ``values`` as for :func:`best_wait` (a value <= 0 switches the pattern off); of two
    readings worth the same, the lower pattern id is kept."""
    cdef Holding h
    cdef int v[N_PATTERNS]
    cdef int pattern, best
    cdef uint32_t bits
    _load(&h, hand, melds)
    bits = _readings(&h, h.counts, win_tile) & _load_values(values, v)
    if not bits:
        return -1, 0
    best = _best_of(bits, v, &pattern)
    return pattern, best


cdef inline bint _dilong_wait(const Holding* h) noexcept nogil:
    """A lone pung and five pairs (a quad counts as two): waits for the pung's fourth tile."""
    cdef int t
    if h.lone_pung < 0 or h.counts[h.lone_pung]:
        return False
    for t in range(N_SUITED):
        if h.counts[t] & 1:
            return False
    return True


def best_wait(tuple hand, bytes melds, tuple values, bint kongting):
    """The most valuable wait of a 13-tile holding: ``(value, tile, pattern id)``, or
    ``(-1, -1, -1)`` when it is not ready.

    ``values``: the value of each pattern (index = pattern id); a value <= 0 switches the
    pattern off. ``kongting``: a tile whose four copies the holding has is not a wait.

    The core's shanten tables give the waits of the regular and seven-pairs forms (the tiles
    that complete the hand); 地龙, a shape of its own, is tested apart. Each wait is then
    read like a winning hand and the most valuable reading kept.
    """
    cdef Holding h
    cdef int v[N_PATTERNS]
    cdef int best, tile, pattern
    cdef uint32_t allowed
    _load(&h, hand, melds)
    allowed = _load_values(values, v)
    with nogil:
        best = _best_wait(&h, v, allowed, kongting, &tile, &pattern)
    return best, tile, pattern


cdef int _best_wait(Holding* h, const int* v, uint32_t allowed, bint kongting, int* best_tile,
                    int* best_pattern) noexcept nogil:
    """The search of :func:`best_wait` on a loaded holding: the best value (-1: not ready),
    its tile and pattern id (-1, -1 when not ready)."""
    cdef int t, value, pattern, best = -1
    cdef int forms
    cdef uint32_t bits
    cdef uint64_t candidates = 0
    best_tile[0] = -1
    best_pattern[0] = -1
    forms = FORM_REGULAR | (FORM_SEVEN_PAIRS if h.n_melds == 0 else 0)
    if missing_tiles(h.counts, h.n_melds, forms) == 1:
        candidates = useful_mask(h.counts, h.n_melds, forms)
    if _dilong_wait(h):
        candidates |= (<uint64_t>1) << h.lone_pung
    for t in range(N_SUITED):
        if not (candidates >> t & 1):
            continue
        if h.counts[t] >= 4 or (kongting and h.held[t] >= 4):
            continue
        h.counts[t] += 1
        bits = _readings(h, h.counts, t) & allowed
        h.counts[t] -= 1
        if not bits:
            continue
        value = _best_of(bits, v, &pattern)
        if value > best:
            best = value
            best_tile[0] = t
            best_pattern[0] = pattern
    return best


cdef int _load_meld_objects(Holding* h, tuple hand, tuple melds) except -1:
    """:func:`_load` from Meld objects (``kind``, ``tiles``) instead of meld codes."""
    cdef uint8_t codes[8]
    cdef int i = 0, t
    if len(melds) > 4:
        raise ValueError(f"{len(melds)} melds: the kernel takes validated holdings")
    for m in melds:
        t = m.tiles[0]
        if t < 0 or t >= N_SUITED:
            raise ValueError(f"meld tile {t}: the kernel takes validated suit tiles")
        codes[i] = MELD_PUNG if m.kind == "pung" else MELD_KONG
        codes[i + 1] = t
        i += 2
    return _load_codes(h, hand, codes, i // 2)


def best_waits(list holdings, tuple values, bint kongting):
    """:func:`best_wait` of every seat that did not win, in one call: ``holdings[seat] =
    (concealed tiles, Meld objects, won)`` (as the settlement reads a record); returns one
    entry a seat, ``(value, tile, pattern id)`` for a ready hand, None for a hand that is
    not ready and for a winner (his hand is complete, not waiting)."""
    cdef Holding h
    cdef int v[N_PATTERNS]
    cdef int best, tile, pattern
    cdef uint32_t allowed = _load_values(values, v)
    out = []
    for hand, melds, won in holdings:
        if won:
            out.append(None)
            continue
        if melds:
            _load_meld_objects(&h, hand, melds)
        else:
            _load_codes(&h, hand, NULL, 0)
        best = _best_wait(&h, v, allowed, kongting, &tile, &pattern)
        out.append((best, tile, pattern) if best >= 0 else None)
    return out


def waits(tuple hand, bytes melds, bint kongting, uint32_t allowed):
    """``{tile: reading mask}`` of every wait of a 13-tile holding (readings limited to
    the ``allowed`` mask), by trying every tile (the plain search :func:`best_wait` is
    tested against)."""
    cdef Holding h
    cdef int t
    cdef uint32_t bits
    _load(&h, hand, melds)
    out = {}
    for t in range(N_SUITED):
        if h.counts[t] >= 4 or (kongting and h.held[t] >= 4):
            continue
        h.counts[t] += 1
        bits = _readings(&h, h.counts, t) & allowed
        h.counts[t] -= 1
        if bits:
            out[t] = bits
    return out


# ---------------------------------------------------------------- the engine's win check

cdef enum:
    # the option values of the win check: the N_PATTERNS pattern values (kernel order; 0 =
    # not a hand type under the options), then the bonuses' values
    CHK_REPLACEMENT = N_PATTERNS    # 杠上胡
    CHK_READY = N_PATTERNS + 1      # 报听
    CHK_HEAVENLY = N_PATTERNS + 2   # 天胡 (0 without the tiandi_hu option)
    CHK_EARTHLY = N_PATTERNS + 3    # 地胡 (likewise)


cdef int check_win(const WinView* v, const int* opts, const char* data) noexcept nogil:
    """The hand's value per payer with the 报听 bonus (what settlement gives the win; 热炮,
    杀报, the 豆 and the chickens are settled apart), 0 when settlement refuses it: no hand
    type under the options (_readings, what score() reads), robbing the kong of a seat that
    declared 报听, or a 平胡 on a discard without a 豆 licence (the winner owns a kong, or
    热炮, 抢杠, a discarder or winner who declared 报听)."""
    cdef Holding h
    cdef uint32_t bits, allowed = 0, flags = v.flags & ~(<uint32_t>WIN_FOURTH_TILE)
    cdef int p, t, k, pattern, total, m
    cdef bint ready = v.ready_at[v.seat] >= 0
    if not flags_consistent(flags):
        return ERR_BAD_CONTEXT
    if not suited_only(v, 0):
        return ERR_BAD_TILE
    if v.n_melds > 4:
        return ERR_BAD_MELD
    for t in range(34):
        h.counts[t] = v.counts[t]
        h.held[t] = v.counts[t]
    h.n_melds = v.n_melds
    h.meld_suits = 0
    h.lone_pung = -1
    for k in range(v.n_melds):
        m = v.meld_kind[k]
        t = v.meld_tile[k]
        if m != MELD_PUNG and m != MELD_KONG and m != MELD_CONCEALED_KONG:
            return ERR_BAD_MELD
        h.meld_suits |= 1 << (t // 9)
        h.held[t] += 3 if m == MELD_PUNG else 4
    if v.n_melds == 1 and v.meld_kind[0] == MELD_PUNG:
        h.lone_pung = v.meld_tile[0]
    for p in range(N_PATTERNS):
        if opts[p] > 0:
            allowed |= (<uint32_t>1) << p
    bits = _readings(&h, h.counts, v.win_tile) & allowed
    if not bits:
        return 0
    _best_of(bits, opts, &pattern)
    if flags & WIN_ROBBING_KONG and v.ready_at[v.from_seat] >= 0:
        return 0        # the robbed seat had declared 报听: it may not kong
    if pattern == P_PINGHU and v.from_seat >= 0 and not has_kong(v) and not (
            flags & (WIN_AFTER_KONG | WIN_ROBBING_KONG) or v.ready_at[v.from_seat] >= 0
            or ready):
        return 0        # a 平胡 on a discard without a 豆 licence
    total = opts[pattern]
    if flags & WIN_REPLACEMENT:
        total += opts[CHK_REPLACEMENT]
    if ready:
        total += opts[CHK_READY]
    if flags & WIN_HEAVENLY:
        total += opts[CHK_HEAVENLY]
    if flags & WIN_EARTHLY:
        total += opts[CHK_EARTHLY]
    return total


def win_check(tuple values, int replacement, int ready, int heavenly, int earthly):
    """The engine's win check (values: the N_PATTERNS pattern values; then the values of
    杠上胡, 报听, 天胡 and 地胡), a mahjong_core._wincheck.WinCheck over _readings."""
    if len(values) != N_PATTERNS:
        raise ValueError(f"values: expected {N_PATTERNS} pattern values")
    return make_win_check(check_win, "guiyang",
                          tuple(values) + (replacement, ready, heavenly, earthly))
