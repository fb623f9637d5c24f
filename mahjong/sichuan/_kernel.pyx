"""Sichuan 血战到底: the item table and the scoring kernel (this room's one source for both).

A win needs at most two suits (缺门), no chow, and 4 sets + a pair or seven pairs. Value in
番: ONE pattern row (the highest the hand can be read as, 就高不就低) plus the +1 items.

- Pattern rows: the ladder below, read off the reading properties of the core's
  ``_hands.pxd`` (every set a pung; a 1 or 9 in every set and the pair) and the counts
  (one suit; 2/5/8 only). Seven pairs is read apart: 七对 / 清七对, and with a
  four-of-a-kind 龙七对 (its 番 is the ``longqidui_fan`` option) / 清龙七对, each further
  four-of-a-kind +1. 天胡 / 地胡 are rows too: they replace the shape row when they score
  more.
- 根: +1 per four identical tiles (kongs included). Inside 龙七对 / 清龙七对 the first
  four-of-a-kind is the 龙 itself and is not a 根 again; every other one is.
- +1 items: 杠上花 (self-draw on a kong replacement), 杠上炮 (the discard right after the
  discarder's kong), 抢杠胡, 海底捞月 (self-draw of the last tile), 金钩钓 (four melds, a
  single wait).

Between two readings the higher total wins; on a tie the regular reading (fewer items).
"""
from mahjong_core._types cimport (uint8_t, int16_t, uint32_t, WIN_HEAVENLY, WIN_EARTHLY,
                                  WIN_SELF_DRAWN, WIN_REPLACEMENT, WIN_AFTER_KONG,
                                  WIN_ROBBING_KONG, WIN_LAST_TILE, MELD_CONCEALED_KONG,
                                  ERR_BAD_CONTEXT)
from mahjong_core._wincheck cimport (WinView, make_win_check, flags_consistent,
                                     kong_context_ok, suited_only, value_or_overflow)
from mahjong_core._hands cimport (HandFacts, hand_facts, regular_readings, seven_pairs_quads,
                                  merge_meld_properties, mark_win_circumstances, items_fan,
                                  load_item_fans, make_scorer)

# Item ids, in the order of the rows of ITEM_ROWS (auto-numbered from 0): the pattern
# rows, then from GEN on the additive items.
cdef enum:
    NONE, PINGHU, DUIDUI, QINGYISE, DAIYAOJIU, QIDUI, QINGDUI, JIANGDUI, LONGQIDUI,
    QINGQIDUI, QINGYAOJIU, QINGLONGQIDUI, TIANHU, DIHU,
    GEN, GANGSHANGHUA, GANGSHANGPAO, QIANGGANG, HAIDI, JINGOUDIAO, N_ITEMS

# The item table: (key, Chinese, English, 番, reason), in item-id order. 龙七对's 番 here
# is the default of the ``longqidui_fan`` option.
ITEM_ROWS = (
    ("none", "", "", 0, ""),
    ("pinghu", "平胡", "Plain win", 1, "4 sets + a pair, no higher pattern"),
    ("duiduihu", "对对胡", "All pungs", 2, "every set is a pung or kong"),
    ("qingyise", "清一色", "One suit", 3, "one suit only"),
    ("daiyaojiu", "带幺九", "Terminal in every set", 3,
     "every set and the pair hold a 1 or a 9"),
    ("qidui", "七对", "Seven pairs", 3, "seven pairs"),
    ("qingdui", "清对", "One-suit all pungs", 4, "all pungs in one suit"),
    ("jiangdui", "将对", "All pungs of 2, 5, 8", 4,
     "all pungs and the pair of 2/5/8 only"),
    ("longqidui", "龙七对", "Seven pairs with a four-of-a-kind", 4,
     "seven pairs holding a four-of-a-kind; that quad is not a 根 again"),
    ("qingqidui", "清七对", "One-suit seven pairs", 5, "seven pairs in one suit"),
    ("qingyaojiu", "清幺九", "One-suit terminal in every set", 5,
     "one suit, a 1 or 9 in every set and the pair"),
    ("qinglongqidui", "清龙七对", "One-suit seven pairs with a four-of-a-kind", 6,
     "one-suit seven pairs with a four-of-a-kind"),
    ("tianhu", "天胡", "Heavenly win", 6, "the dealer's initial 14"),
    ("dihu", "地胡", "Earthly win", 6,
     "a non-dealer's first-turn win before any pung/kong"),
    ("gen", "根", "Four of a kind (root)", 1, "four identical tiles, kongs included"),
    ("gangshanghua", "杠上花", "Win on a kong replacement", 1,
     "self-draw on a kong replacement"),
    ("gangshangpao", "杠上炮", "Win on the discard after a kong", 1,
     "won on the discard made right after the discarder's kong"),
    ("qiangganghu", "抢杠胡", "Robbing a kong", 1, "robbed a 面下杠; the robbed player pays as the discarder"),
    ("haidilaoyue", "海底捞月", "Self-draw of the last tile", 1,
     "self-draw of the last wall tile"),
    ("jingoudiao", "金钩钓", "Single wait with all other sets melded", 1,
     "all other sets melded, won on a single tile"),
)
FIRST_ADDITIVE = GEN
LONGQIDUI_ITEM = LONGQIDUI

cdef int FAN[N_ITEMS]      # the 番 column of ITEM_ROWS
load_item_fans(ITEM_ROWS, FAN, N_ITEMS, GEN, "gen")


cdef enum:
    OPT_LONGQIDUI_FAN = 0  # the option values the scorer reads: 番 of 龙七对


cdef int regular_pattern(int mask, int one_suit, int all_258) noexcept nogil:
    """Highest pattern row among the readings in mask (already merged with the melds)."""
    cdef int best = NONE, x, ap, yj, p
    for x in range(4):
        if not (mask & (1 << x)):
            continue
        ap = x >> 1
        yj = x & 1
        p = PINGHU
        if ap:
            p = DUIDUI
        if yj and FAN[DAIYAOJIU] > FAN[p]:
            p = DAIYAOJIU
        if one_suit:
            if FAN[QINGYISE] > FAN[p]:
                p = QINGYISE
            if ap and FAN[QINGDUI] > FAN[p]:
                p = QINGDUI
            if yj and FAN[QINGYAOJIU] > FAN[p]:
                p = QINGYAOJIU
        if ap and all_258 and FAN[JIANGDUI] > FAN[p]:
            p = JIANGDUI
        if best == NONE or FAN[p] > FAN[best]:
            best = p
    return best


cdef int score_hand(const uint8_t* hand, int n_melds, const uint8_t* meld_kind,
                    const uint8_t* meld_tile, uint32_t flags, const int* opts,
                    int16_t* items) noexcept nogil:
    """Fill items[N_ITEMS] with counts; return the uncapped 番 total, 0 = no win.

    hand: counts of the concealed tiles after the win (the winning tile included).
    """
    cdef HandFacts f
    cdef int i, mask, regular, pairs_quads, fan_regular = -1, fan_pairs = -1
    cdef int pattern_pairs = NONE, pattern, gen, total, one_suit, heaven
    cdef int lq = opts[OPT_LONGQIDUI_FAN]
    for i in range(N_ITEMS):
        items[i] = 0
    hand_facts(hand, n_melds, meld_kind, meld_tile, &f)
    if f.n_suits > 2 or not f.melds_pungs:
        return 0
    one_suit = f.n_suits == 1
    mask = regular_readings(hand)
    regular = NONE
    if mask:
        regular = regular_pattern(merge_meld_properties(mask, &f), one_suit, f.all_258)
        fan_regular = FAN[regular] + FAN[GEN] * f.quads_all
    pairs_quads = seven_pairs_quads(hand, n_melds)
    if pairs_quads >= 0:
        # the first four-of-a-kind makes the 龙; each further one is a 根
        if pairs_quads == 0:
            pattern_pairs = QINGQIDUI if one_suit else QIDUI
            fan_pairs = FAN[pattern_pairs]
        elif one_suit:
            pattern_pairs = QINGLONGQIDUI
            fan_pairs = FAN[QINGLONGQIDUI] + FAN[GEN] * (pairs_quads - 1)
        else:
            pattern_pairs = LONGQIDUI
            fan_pairs = lq + FAN[GEN] * (pairs_quads - 1)
    if regular == NONE and pattern_pairs == NONE:
        return 0
    # Best reading: the higher total; on a tie the regular reading (fewer items).
    if fan_pairs > fan_regular:
        pattern = pattern_pairs
        total = fan_pairs
        gen = f.quads_all - (1 if (pattern == LONGQIDUI or pattern == QINGLONGQIDUI) else 0)
    else:
        pattern = regular
        total = fan_regular
        gen = f.quads_all
    # 天胡/地胡 are pattern rows: they replace the shape row when that scores more (every
    # four-of-a-kind is then a 根).
    if flags & (WIN_HEAVENLY | WIN_EARTHLY):
        heaven = TIANHU if flags & WIN_HEAVENLY else DIHU
        if FAN[heaven] + FAN[GEN] * f.quads_all > total:
            pattern = heaven
            gen = f.quads_all
            total = FAN[heaven] + FAN[GEN] * gen
    items[pattern] = 1
    items[GEN] = gen                       # already in total
    mark_win_circumstances(flags, items, GANGSHANGHUA, GANGSHANGPAO, QIANGGANG, HAIDI)
    items[JINGOUDIAO] = n_melds == 4       # four melds: won on a single tile
    return total + items_fan(FAN, items, GANGSHANGHUA, N_ITEMS)


# ---------------------------------------------------------------- for Python

def scorer(int longqidui_fan):
    """This room's scoring function with its option (longqidui_fan: the 番 of 龙七对 (4 or 5)), as a
    mahjong_core._hands.Scorer: score_ids, score_one, best_wait_one, closing_hand_facts and
    score_batch. mahjong.sichuan validates every hand before it calls one."""
    return make_scorer(score_hand, N_ITEMS, (longqidui_fan,))


# ---------------------------------------------------------------- the engine's win check

cdef enum:
    # the option values of the win check: the scorer's (OPT_LONGQIDUI_FAN), then these
    CHK_MAX_FAN = 1         # the 番 cap (-1: none)
    CHK_BASE = 2            # money of a 1-番 win

# the circumstances Sichuan scores (first_round and fourth_tile are not Sichuan's)
cdef uint32_t SICHUAN_BITS = (WIN_SELF_DRAWN | WIN_REPLACEMENT | WIN_AFTER_KONG |
                              WIN_ROBBING_KONG | WIN_LAST_TILE | WIN_HEAVENLY | WIN_EARTHLY)


cdef int check_win(const WinView* v, const int* opts, const char* data) noexcept nogil:
    """The value settlement gives the win (``base × 2^(番 − 1)`` after the cap), 0 when
    Sichuan refuses it: not suit tiles only, a chow, an impossible circumstance (地胡 on a
    discard other than the dealer's, 杠上花 without a kong, a robbed tile held, 天胡 with an
    exposed meld), or not a Sichuan hand (score_hand, the kernel score() calls)."""
    cdef int16_t items[N_ITEMS]
    cdef uint32_t flags = v.flags & SICHUAN_BITS
    cdef int k, fan
    if not flags_consistent(flags):
        return ERR_BAD_CONTEXT
    if not suited_only(v, 0):
        return 0
    if flags & WIN_EARTHLY and not (flags & WIN_SELF_DRAWN or v.from_seat == v.dealer):
        return 0
    if not kong_context_ok(v):
        return 0
    if flags & WIN_HEAVENLY:
        for k in range(v.n_melds):
            if v.meld_kind[k] != MELD_CONCEALED_KONG:
                return 0
    fan = score_hand(v.counts, v.n_melds, v.meld_kind, v.meld_tile, flags, opts, items)
    if fan <= 0:
        return 0
    if opts[CHK_MAX_FAN] >= 0 and fan > opts[CHK_MAX_FAN]:
        fan = opts[CHK_MAX_FAN]
    return value_or_overflow((<long long>opts[CHK_BASE]) << (fan - 1))


def win_check(int longqidui_fan, int max_fan, int base):
    """The engine's win check under these options (max_fan -1: no cap), a
    mahjong_core._wincheck.WinCheck over score_hand."""
    return make_win_check(check_win, "sichuan", (longqidui_fan, max_fan, base))
