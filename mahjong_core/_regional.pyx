# Scoring kernels of the 108-tile regional rule sets (Sichuan 血战到底, Yunnan 川麻).
#
# Method: the core's decomposition kernel (mahjong_core._decompose) lists every regular
# reading of the concealed tiles (at most four); each reading is reduced to two
# *reading properties* -- "every set is a pung" and "every set and the pair holds a 1
# or a 9" -- kept as a 4-bit mask of the combinations that occur, and merged with the
# melds' properties. Seven pairs is a count test (a four-of-a-kind is two pairs). Every
# pattern ladder of RULES.md §1.4 and §4.5 is a function of these properties and of
# counts (suits, 2/5/8 only, four-of-a-kinds), so the best reading (就高不就低) is the
# best pattern over the mask.
#
# Python-visible entry points validate nothing: the Python layer (mahjong.sichuan,
# mahjong.yunnan) checks every array before it calls in.
from libc.stdint cimport uint8_t, int16_t, int32_t, uint32_t
from libc.limits cimport INT_MAX
from libc.string cimport memset
from mahjong_core._decompose cimport (RegularDecomposition, regular_decompositions,
                                      SET_PUNG, MAX_REGULAR_DECOMPOSITIONS)
from mahjong_core._types cimport (N_KINDS, N_SUITED, MELD_NONE, MELD_CHOW, MELD_PUNG,
                                  MELD_KONG, MELD_CONCEALED_KONG)
from mahjong_core._tileparse cimport count_tenhou_text, count_tile_ids

# Win-circumstance flag bits (shared with mahjong/ruleset.py WinFlag).
cdef enum:
    F_SELF_DRAWN = 1
    F_REPLACEMENT = 2       # 杠上花: self-draw on a kong replacement
    F_AFTER_KONG = 4        # 杠上炮: the discarder had just konged
    F_ROBBING_KONG = 8      # 抢杠
    F_LAST_TILE = 16        # 海底
    F_HEAVENLY = 32         # 天胡/天和
    F_EARTHLY = 64          # 地胡/地和
    F_FIRST_ROUND = 128     # 人和 (Yunnan only)

# The same bits by name, so a test can hold them equal to mahjong.ruleset.WinFlag.
WIN_FLAG_BITS = {"SELF_DRAWN": F_SELF_DRAWN, "REPLACEMENT": F_REPLACEMENT,
                 "AFTER_KONG": F_AFTER_KONG, "ROBBING_KONG": F_ROBBING_KONG,
                 "LAST_TILE": F_LAST_TILE, "HEAVENLY": F_HEAVENLY, "EARTHLY": F_EARTHLY,
                 "FIRST_ROUND": F_FIRST_ROUND}

# Sichuan item ids (index into the per-hand item-count output).
cdef enum:
    SC_NONE = 0
    SC_PINGHU = 1
    SC_DUIDUI = 2
    SC_QINGYISE = 3
    SC_DAIYAOJIU = 4
    SC_QIDUI = 5
    SC_QINGDUI = 6
    SC_JIANGDUI = 7
    SC_LONGQIDUI = 8
    SC_QINGQIDUI = 9
    SC_QINGYAOJIU = 10
    SC_QINGLONGQIDUI = 11
    SC_TIANHU = 12
    SC_DIHU = 13
    SC_GEN = 14
    SC_GANGSHANGHUA = 15
    SC_GANGSHANGPAO = 16
    SC_QIANGGANG = 17
    SC_HAIDI = 18
    SC_JINGOUDIAO = 19
    SC_N_ITEMS = 20


# Yunnan item ids.
cdef enum:
    YN_NONE = 0
    YN_JIBEN = 1
    YN_DUIDUI = 2
    YN_QINGYISE = 3
    YN_QIDUI = 4
    YN_QINGDUI = 5
    YN_QINGQIDUI = 6
    YN_TIANHE = 7
    YN_DIHE = 8
    YN_RENHE = 9
    YN_GEN = 10
    YN_MINGGANG = 11
    YN_ANGANG = 12
    YN_GANGSHANGHUA = 13
    YN_GANGSHANGPAO = 14
    YN_QIANGGANG = 15
    YN_N_ITEMS = 16

N_SICHUAN_ITEMS = SC_N_ITEMS
N_YUNNAN_ITEMS = YN_N_ITEMS

# Pattern fans of the Sichuan ladder (RULES.md §4.5); index = item id. 龙七对 is patched
# at run time by the `longqidui_fan` option.
cdef int SICHUAN_PATTERN_FAN[14]
SICHUAN_PATTERN_FAN[:] = [0, 1, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 6]
# Yunnan pattern fans (RULES.md §1.4).
cdef int YUNNAN_PATTERN_FAN[10]
YUNNAN_PATTERN_FAN[:] = [0, 1, 2, 3, 3, 4, 5, 6, 6, 6]

# Reading properties: combo code k = (all_pungs << 1) | all_terminal, mask bit = 1 << k.


cdef int regular_readings(const uint8_t* counts) noexcept nogil:
    """Reading-property mask of the concealed part (3n+2 tiles); 0 = not complete.

    Walks every decomposition the core returns (at most MAX_REGULAR_DECOMPOSITIONS).
    """
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


cdef int seven_pairs_quads(const uint8_t* counts, int n_melds) noexcept nogil:
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


cdef void _hand_facts(const uint8_t* hand, int n_melds, const uint8_t* meld_kind,
                      const uint8_t* meld_tile, HandFacts* f) noexcept nogil:
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


cdef int _sichuan_regular_pattern(int mask, int one_suit, int all_258) noexcept nogil:
    """Highest Sichuan pattern among the readings in mask (already merged with melds)."""
    cdef int best = SC_NONE, x, ap, yj, p
    for x in range(4):
        if not (mask & (1 << x)):
            continue
        ap = x >> 1
        yj = x & 1
        p = SC_PINGHU
        if ap:
            p = SC_DUIDUI
        if yj and SICHUAN_PATTERN_FAN[SC_DAIYAOJIU] > SICHUAN_PATTERN_FAN[p]:
            p = SC_DAIYAOJIU
        if one_suit:
            if SICHUAN_PATTERN_FAN[SC_QINGYISE] > SICHUAN_PATTERN_FAN[p]:
                p = SC_QINGYISE
            if ap and SICHUAN_PATTERN_FAN[SC_QINGDUI] > SICHUAN_PATTERN_FAN[p]:
                p = SC_QINGDUI
            if yj and SICHUAN_PATTERN_FAN[SC_QINGYAOJIU] > SICHUAN_PATTERN_FAN[p]:
                p = SC_QINGYAOJIU
        if ap and all_258 and SICHUAN_PATTERN_FAN[SC_JIANGDUI] > SICHUAN_PATTERN_FAN[p]:
            p = SC_JIANGDUI
        if best == SC_NONE or SICHUAN_PATTERN_FAN[p] > SICHUAN_PATTERN_FAN[best]:
            best = p
    return best


cdef int _merge_meld_properties(int mask, HandFacts* f) noexcept nogil:
    """AND the melds' properties into the concealed part's reading mask."""
    cdef int meld_combo = (f.melds_pungs << 1) | f.melds_terminal
    cdef int out = 0, x
    for x in range(4):
        if mask & (1 << x):
            out |= 1 << (x & meld_combo)
    return out


cdef int sichuan_score(const uint8_t* hand, int n_melds, const uint8_t* meld_kind,
                       const uint8_t* meld_tile, uint32_t flags, int longqidui_fan,
                       int16_t* items) noexcept nogil:
    """Fill items[SC_N_ITEMS] with counts; return the uncapped fan total, 0 = no win.

    hand: counts of the concealed tiles after the win (the winning tile included).
    """
    cdef HandFacts f
    cdef int i, mask, regular, pairs_quads, fan_regular = -1, fan_pairs = -1
    cdef int pattern_pairs = SC_NONE, pattern, gen, total, lq, one_suit
    for i in range(SC_N_ITEMS):
        items[i] = 0
    _hand_facts(hand, n_melds, meld_kind, meld_tile, &f)
    if f.n_suits > 2 or not f.melds_pungs:
        return 0
    one_suit = f.n_suits == 1
    lq = longqidui_fan
    mask = regular_readings(hand)
    regular = SC_NONE
    if mask:
        regular = _sichuan_regular_pattern(_merge_meld_properties(mask, &f), one_suit,
                                           f.all_258)
        fan_regular = SICHUAN_PATTERN_FAN[regular] + f.quads_all
    pairs_quads = seven_pairs_quads(hand, n_melds)
    if pairs_quads >= 0:
        if pairs_quads == 0:
            pattern_pairs = SC_QINGQIDUI if one_suit else SC_QIDUI
            fan_pairs = SICHUAN_PATTERN_FAN[pattern_pairs]
        elif one_suit:
            pattern_pairs = SC_QINGLONGQIDUI
            fan_pairs = SICHUAN_PATTERN_FAN[SC_QINGLONGQIDUI] + pairs_quads - 1
        else:
            pattern_pairs = SC_LONGQIDUI
            fan_pairs = lq + pairs_quads - 1
    if regular == SC_NONE and pattern_pairs == SC_NONE:
        return 0
    # Best reading: the higher total; on a tie the regular reading (fewer items).
    if fan_pairs > fan_regular:
        pattern = pattern_pairs
        total = fan_pairs
        gen = f.quads_all - (1 if (pattern == SC_LONGQIDUI or pattern == SC_QINGLONGQIDUI) else 0)
    else:
        pattern = regular
        total = fan_regular
        gen = f.quads_all
    # 天胡/地胡 are pattern rows (6番): they replace the shape row when that scores more.
    if flags & (F_HEAVENLY | F_EARTHLY):
        if SICHUAN_PATTERN_FAN[SC_TIANHU] + f.quads_all > total:
            pattern = SC_TIANHU if flags & F_HEAVENLY else SC_DIHU
            gen = f.quads_all
            total = SICHUAN_PATTERN_FAN[SC_TIANHU] + gen
    items[pattern] = 1
    items[SC_GEN] = gen
    if (flags & F_REPLACEMENT) and (flags & F_SELF_DRAWN):
        items[SC_GANGSHANGHUA] = 1
    if (flags & F_AFTER_KONG) and not (flags & F_SELF_DRAWN):
        items[SC_GANGSHANGPAO] = 1
    if flags & F_ROBBING_KONG:
        items[SC_QIANGGANG] = 1
    if (flags & F_LAST_TILE) and (flags & F_SELF_DRAWN):
        items[SC_HAIDI] = 1
    if n_melds == 4:
        items[SC_JINGOUDIAO] = 1
    return (total + items[SC_GANGSHANGHUA] + items[SC_GANGSHANGPAO] + items[SC_QIANGGANG]
            + items[SC_HAIDI] + items[SC_JINGOUDIAO])


cdef int yunnan_score(const uint8_t* hand, int n_melds, const uint8_t* meld_kind,
                      const uint8_t* meld_tile, uint32_t flags, int stack_heavenly,
                      int16_t* items) noexcept nogil:
    """Fill items[YN_N_ITEMS]; return the fan total (查花 excluded), 0 = no win."""
    cdef HandFacts f
    cdef int i, mask, x, p, best = YN_NONE, pairs_quads, total, heaven = YN_NONE, one_suit
    for i in range(YN_N_ITEMS):
        items[i] = 0
    _hand_facts(hand, n_melds, meld_kind, meld_tile, &f)
    if f.n_suits > 2:
        return 0
    one_suit = f.n_suits == 1
    mask = regular_readings(hand)
    if mask:
        mask = _merge_meld_properties(mask, &f)
        for x in range(4):
            if mask & (1 << x):
                if x >> 1:
                    p = YN_QINGDUI if one_suit else YN_DUIDUI
                else:
                    p = YN_QINGYISE if one_suit else YN_JIBEN
                if best == YN_NONE or YUNNAN_PATTERN_FAN[p] > YUNNAN_PATTERN_FAN[best]:
                    best = p
    pairs_quads = seven_pairs_quads(hand, n_melds)
    if pairs_quads >= 0:
        p = YN_QINGQIDUI if one_suit else YN_QIDUI
        if best == YN_NONE or YUNNAN_PATTERN_FAN[p] > YUNNAN_PATTERN_FAN[best]:
            best = p
    if best == YN_NONE:
        return 0
    if flags & F_HEAVENLY:
        heaven = YN_TIANHE
    elif flags & F_EARTHLY:
        heaven = YN_DIHE
    elif flags & F_FIRST_ROUND:
        heaven = YN_RENHE
    total = 0
    if heaven != YN_NONE:
        items[heaven] = 1
        total = YUNNAN_PATTERN_FAN[heaven]
        if stack_heavenly:
            items[best] = 1
            total += YUNNAN_PATTERN_FAN[best]
        elif YUNNAN_PATTERN_FAN[best] > total:
            # never happens with the default table (6 is the top); kept for safety
            items[heaven] = 0
            items[best] = 1
            total = YUNNAN_PATTERN_FAN[best]
    else:
        items[best] = 1
        total = YUNNAN_PATTERN_FAN[best]
    items[YN_GEN] = f.quads_not_kong
    items[YN_MINGGANG] = f.n_exposed_kongs
    items[YN_ANGANG] = f.n_concealed_kongs
    if (flags & F_REPLACEMENT) and (flags & F_SELF_DRAWN):
        items[YN_GANGSHANGHUA] = 1
    if (flags & F_AFTER_KONG) and not (flags & F_SELF_DRAWN):
        items[YN_GANGSHANGPAO] = 1
    if flags & F_ROBBING_KONG:
        items[YN_QIANGGANG] = 1
    return (total + items[YN_GEN] + items[YN_MINGGANG] + items[YN_ANGANG]
            + 2 * items[YN_GANGSHANGHUA] + items[YN_GANGSHANGPAO] + items[YN_QIANGGANG])


cdef int _best_wait(int rules, uint8_t* hand, int n_melds, const uint8_t* meld_kind,
                    const uint8_t* meld_tile, int option, int skip_own_four,
                    int16_t* items, int* best_tile) noexcept nogil:
    """Largest discard-win fan over the waits of a 13-tile hand; -1 if not ready.

    With skip_own_four, a wait counts only while a copy of it is outside the player's own
    hand and melds (RULES.md §0.3 空听 default).

    Only tiles that can complete a win are scored: both rule sets need at most two suits
    (a hand that already holds three has no wait); the added tile must form a pair or a
    set with the concealed tiles, so a concealed tile of its suit is at most one rank off
    (every run through it holds a neighbour); 4 sets + a pair leave no suit with 3k+1
    concealed tiles, and seven pairs (no melds) needs the one odd count to be the added
    tile's. Every other tile scores 0, so skipping it changes nothing (the tests compare
    with scoring all 27).
    """
    cdef uint8_t own[27]
    cdef uint8_t near[27]        # 1 = a concealed tile of the same suit is at most one rank off
    cdef int suit_count[3]       # concealed tiles per suit
    cdef int t, k, r, s, fan, best = -1, suit_bits = 0, n_odd = 0
    cdef int ones = 0            # suits holding 3k+1 concealed tiles
    best_tile[0] = -1
    suit_count[0] = suit_count[1] = suit_count[2] = 0
    for t in range(N_SUITED):
        own[t] = hand[t]
        near[t] = 0
    for t in range(N_SUITED):
        if hand[t]:
            suit_bits |= 1 << (t // 9)
            suit_count[t // 9] += hand[t]
            n_odd += hand[t] & 1
            r = t % 9
            near[t] = 1
            if r > 0:
                near[t - 1] = 1
            if r < 8:
                near[t + 1] = 1
    for k in range(n_melds):
        t = meld_tile[k]
        suit_bits |= 1 << (t // 9)
        if meld_kind[k] == MELD_CHOW:
            own[t] += 1
            own[t + 1] += 1
            own[t + 2] += 1
        elif meld_kind[k] == MELD_PUNG:
            own[t] += 3
        else:
            own[t] += 4
    if suit_bits == 7:
        return -1
    for s in range(3):
        ones += suit_count[s] % 3 == 1
    for t in range(N_SUITED):
        if not near[t]:
            continue
        s = t // 9
        if ones - (suit_count[s] % 3 == 1) + ((suit_count[s] + 1) % 3 == 1) and not (
                n_melds == 0 and n_odd == 1 and hand[t] & 1):   # nor a seven-pairs wait
            continue
        if own[t] >= 4 and (skip_own_four or hand[t] >= 4):
            continue
        hand[t] += 1
        if rules == 0:
            fan = sichuan_score(hand, n_melds, meld_kind, meld_tile, 0, option, items)
        else:
            fan = yunnan_score(hand, n_melds, meld_kind, meld_tile, 0, option, items)
        hand[t] -= 1
        if fan > 0 and fan > best:
            best = fan
            best_tile[0] = t
    return best


# ---------------------------------------------------------------- Python-visible wrappers

cdef int _unpack_melds(const uint8_t[::1] melds, uint8_t* kinds, uint8_t* tiles) except -1:
    cdef int k, n = melds.shape[0] // 2
    if melds.shape[0] % 2 or n > 4:
        raise ValueError("melds must be a flat buffer of at most 4 [kind, tile] pairs")
    for k in range(n):
        kinds[k] = melds[2 * k]
        tiles[k] = melds[2 * k + 1]
    return n


def sichuan_score_one(const uint8_t[::1] hand, const uint8_t[::1] melds, uint32_t flags,
                      int longqidui_fan, int16_t[::1] items):
    """Score one hand; ``melds`` is a flat buffer of [kind, tile] pairs. Returns the
    uncapped fan (0 = not a Sichuan win) and fills ``items``."""
    cdef uint8_t kinds[4]
    cdef uint8_t tiles[4]
    cdef int n = _unpack_melds(melds, kinds, tiles)
    return sichuan_score(&hand[0], n, kinds, tiles, flags, longqidui_fan, &items[0])


def yunnan_score_one(const uint8_t[::1] hand, const uint8_t[::1] melds, uint32_t flags,
                     int stack_heavenly, int16_t[::1] items):
    """Yunnan twin of :func:`sichuan_score_one`."""
    cdef uint8_t kinds[4]
    cdef uint8_t tiles[4]
    cdef int n = _unpack_melds(melds, kinds, tiles)
    return yunnan_score(&hand[0], n, kinds, tiles, flags, stack_heavenly, &items[0])


def best_wait_one(int rules, const uint8_t[::1] hand, const uint8_t[::1] melds, int option,
                  bint skip_own_four=True):
    """(fan, tile) of the most valuable discard win of a 13-tile hand; (-1, -1) if not
    ready. rules: 0 = Sichuan (option = longqidui_fan), 1 = Yunnan (option =
    stack_heavenly). The fan is uncapped. skip_own_four: a tile whose four copies are all
    in the player's own hand and melds is not a wait (空听)."""
    cdef uint8_t work[34]
    cdef uint8_t kinds[4]
    cdef uint8_t tiles[4]
    cdef int16_t items[32]
    cdef int k, tile, fan, n = _unpack_melds(melds, kinds, tiles)
    for k in range(N_KINDS):
        work[k] = hand[k]
    fan = _best_wait(rules, work, n, kinds, tiles, option, skip_own_four, items, &tile)
    return fan, tile


def score_batch_kernel(int rules, const uint8_t[:, ::1] hands, const uint8_t[:, :, ::1] melds,
                       const uint8_t[::1] n_melds, const uint32_t[::1] flags, int option,
                       int16_t[::1] fan_out, int16_t[:, ::1] items_out):
    """Score N validated hands without the GIL. rules: 0 = Sichuan, 1 = Yunnan."""
    cdef Py_ssize_t i, n = hands.shape[0]
    cdef uint8_t kinds[4]
    cdef uint8_t tiles[4]
    cdef int k
    with nogil:
        for i in range(n):
            for k in range(n_melds[i]):
                kinds[k] = melds[i, k, 0]
                tiles[k] = melds[i, k, 1]
            if rules == 0:
                fan_out[i] = sichuan_score(&hands[i, 0], n_melds[i], kinds, tiles, flags[i],
                                           option, &items_out[i, 0])
            else:
                fan_out[i] = yunnan_score(&hands[i, 0], n_melds[i], kinds, tiles, flags[i],
                                          option, &items_out[i, 0])


# ------------------------------------------------ per-record fast paths (settlement)
#
# Settling a record makes one Python-visible call per win and per closing hand. These
# entry points take the record's own representation (a tuple of tile ids, meld rows as
# bytes) so the caller builds no count arrays, and return compact results (item counts
# as bytes) that the Python layer can use as cache keys.

cdef int _counts_from_ids(tuple ids, uint8_t* counts) except -1:
    """Count a tuple of suit-tile ids into counts[34]; a bad id is a ValueError (the
    Python layer validates first; this keeps a bad call from writing out of bounds)."""
    cdef Py_ssize_t bad
    memset(counts, 0, N_KINDS)
    bad = count_tile_ids(ids, counts, N_SUITED, False)
    if bad >= 0:
        raise ValueError(f"tile id {ids[bad]!r} is not a suit tile or has a fifth copy")
    return 0


cdef int _unpack_checked_melds(const uint8_t[::1] melds, uint8_t* kinds,
                               uint8_t* tiles) except -1:
    cdef int k, n = _unpack_melds(melds, kinds, tiles)
    for k in range(n):
        if kinds[k] < MELD_CHOW or kinds[k] > MELD_CONCEALED_KONG or tiles[k] >= N_SUITED \
                or (kinds[k] == MELD_CHOW and tiles[k] % 9 > 6):
            raise ValueError(f"bad meld row [{kinds[k]}, {tiles[k]}]")
    return n


def score_ids(int rules, tuple hand, const uint8_t[::1] melds, uint32_t flags, int option):
    """Score one winning hand given as a tuple of suit-tile ids (winning tile included).

    rules: 0 = Sichuan (option = longqidui_fan), 1 = Yunnan (option = stack_heavenly).
    Returns ``(fan, items)``: the uncapped fan (0 = not a win) and the item counts as
    ``bytes`` (one byte per item id).
    """
    cdef uint8_t counts[34]
    cdef uint8_t kinds[4]
    cdef uint8_t tiles[4]
    cdef int16_t items[32]
    cdef int k, fan, n_items
    cdef int n = _unpack_checked_melds(melds, kinds, tiles)
    cdef char out[32]
    _counts_from_ids(hand, counts)
    if rules == 0:
        fan = sichuan_score(counts, n, kinds, tiles, flags, option, items)
        n_items = SC_N_ITEMS
    else:
        fan = yunnan_score(counts, n, kinds, tiles, flags, option, items)
        n_items = YN_N_ITEMS
    for k in range(n_items):
        out[k] = <char>items[k]   # item counts are small (at most 4 根)
    return fan, out[:n_items]


def closing_hand_facts(int rules, tuple hand, const uint8_t[::1] melds, int option,
                       bint skip_own_four=True):
    """One call per closing (13-tile) hand at an exhausted wall, for 查花猪/查叫/查大叫.

    Returns ``(n_suits, fan, tile)``: the suits held in hand and melds, and the largest
    uncapped discard-win fan with its tile ((-1, -1) if not ready); see best_wait_one.
    """
    cdef uint8_t counts[34]
    cdef uint8_t kinds[4]
    cdef uint8_t tiles[4]
    cdef int16_t items[32]
    cdef int t, k, fan, tile, suit_bits = 0
    cdef int n = _unpack_checked_melds(melds, kinds, tiles)
    _counts_from_ids(hand, counts)
    for t in range(N_SUITED):
        if counts[t]:
            suit_bits |= 1 << (t // 9)
    for k in range(n):
        suit_bits |= 1 << (tiles[k] // 9)
    fan = _best_wait(rules, counts, n, kinds, tiles, option, skip_own_four, items, &tile)
    return (suit_bits & 1) + ((suit_bits >> 1) & 1) + ((suit_bits >> 2) & 1), fan, tile
