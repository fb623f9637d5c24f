"""Yunnan 川麻 (Kunming rules): the item table and the scoring kernel (this room's one source).

A win needs at most two suits (缺一门) and 4 sets + a pair or seven pairs (a
four-of-a-kind is two pairs). Value in 番 = the single highest pattern row + every additive
item × its 番 (查花, paid per payer, is added by the settlement).

- Pattern rows: 基本和, 对对和 (every set a pung or kong), 清一色, 七对, 清对, 清七对; 天和 /
  地和 / 人和 replace the shape row (or, with the ``stack_heavenly`` option, add to it).
- Additive items: 带根 (four identical tiles that are not a declared kong), each kong of
  the winner (明杠, 暗杠), 杠上花 (2番), 杠上炮, 抢杠.
"""
from mahjong_core._types cimport (uint8_t, int16_t, uint32_t, WIN_HEAVENLY, WIN_EARTHLY,
                                  WIN_FIRST_ROUND, WIN_SELF_DRAWN, WIN_FOURTH_TILE,
                                  ERR_BAD_CONTEXT)
from mahjong_core._wincheck cimport (WinView, make_win_check, flags_consistent,
                                     kong_context_ok, suited_only, value_or_overflow)
from mahjong_core._hands cimport (HandFacts, hand_facts, regular_readings, seven_pairs_quads,
                                  merge_meld_properties, mark_win_circumstances, items_fan,
                                  load_item_fans, make_scorer)

# Item ids, in the order of the rows of ITEM_ROWS (auto-numbered from 0): the pattern
# rows, then from GEN on the additive items.
cdef enum:
    NONE, JIBEN, DUIDUI, QINGYISE, QIDUI, QINGDUI, QINGQIDUI, TIANHE, DIHE, RENHE,
    GEN, MINGGANG, ANGANG, GANGSHANGHUA, GANGSHANGPAO, QIANGGANG, N_ITEMS

# The item table: (key, Chinese, English, 番, reason), in item-id order.
ITEM_ROWS = (
    ("none", "", "", 0, ""),
    ("jibenhe", "基本和", "Basic win", 1, "a two-suit hand with no higher pattern"),
    ("duiduihe", "对对和", "All pungs", 2, "four pungs/kongs + a pair"),
    ("qingyise", "清一色", "One suit", 3, "one suit"),
    ("qidui", "七对", "Seven pairs", 3, "seven pairs"),
    ("qingdui", "清对", "One-suit all pungs", 4, "all pungs in one suit"),
    ("qingqidui", "清七对", "One-suit seven pairs", 5, "seven pairs in one suit"),
    ("tianhe", "天和", "Heavenly win", 6, "the dealer's initial 14"),
    ("dihe", "地和", "Earthly win", 6, "a non-dealer's self-draw on his first draw"),
    ("renhe", "人和", "Human win", 6, "a discard win in the first go-around"),
    ("daigen", "带根", "Four of a kind, not a kong", 1,
     "four identical tiles in the hand that are not a declared kong"),
    ("minggang", "明杠", "Exposed kong (直杠/补杠)", 1, "the winner's exposed kong"),
    ("angang", "暗杠", "Concealed kong", 1, "the winner's concealed kong"),
    ("gangshanghua", "杠上花", "Win on a kong replacement", 2,
     "self-draw on a kong replacement"),
    ("gangshangpao", "杠上炮", "Win on the discard after a kong", 1,
     "won on the discard made right after the discarder's kong"),
    ("qianggang", "抢杠", "Robbing a kong", 1, "robbed a 补杠; the robbed player pays as the discarder"),
)
FIRST_ADDITIVE = GEN
HEAVENLY_ITEMS = ("tianhe", "dihe", "renhe")  # with stack_heavenly, the row that names the hand

cdef int FAN[N_ITEMS]      # the 番 column of ITEM_ROWS
load_item_fans(ITEM_ROWS, FAN, N_ITEMS, GEN, "daigen")


cdef enum:
    OPT_STACK_HEAVENLY = 0  # the option values the scorer reads: 天/地/人和 add to the shape


cdef inline int better(int p, int best) noexcept nogil:
    return p if best == NONE or FAN[p] > FAN[best] else best


cdef int score_hand(const uint8_t* hand, int n_melds, const uint8_t* meld_kind,
                    const uint8_t* meld_tile, uint32_t flags, const int* opts,
                    int16_t* items) noexcept nogil:
    """Fill items[N_ITEMS]; return the 番 total (查花 excluded), 0 = no win."""
    cdef HandFacts f
    cdef int i, mask, x, best = NONE, total, heaven = NONE, one_suit
    for i in range(N_ITEMS):
        items[i] = 0
    hand_facts(hand, n_melds, meld_kind, meld_tile, &f)
    if f.n_suits > 2:
        return 0
    one_suit = f.n_suits == 1
    mask = regular_readings(hand)
    if mask:
        mask = merge_meld_properties(mask, &f)
        for x in range(4):
            if mask & (1 << x):
                if x >> 1:        # every set a pung
                    best = better(QINGDUI if one_suit else DUIDUI, best)
                else:
                    best = better(QINGYISE if one_suit else JIBEN, best)
    if seven_pairs_quads(hand, n_melds) >= 0:
        best = better(QINGQIDUI if one_suit else QIDUI, best)
    if best == NONE:
        return 0
    if flags & WIN_HEAVENLY:
        heaven = TIANHE
    elif flags & WIN_EARTHLY:
        heaven = DIHE
    elif flags & WIN_FIRST_ROUND:
        heaven = RENHE
    if heaven != NONE:
        items[heaven] = 1
        total = FAN[heaven]
        if opts[OPT_STACK_HEAVENLY]:
            items[best] = 1
            total += FAN[best]
        elif FAN[best] > total:   # not with this table (6 is the top row)
            items[heaven] = 0
            items[best] = 1
            total = FAN[best]
    else:
        items[best] = 1
        total = FAN[best]
    items[GEN] = f.quads_not_kong          # four of a kind, not a declared kong
    items[MINGGANG] = f.n_exposed_kongs
    items[ANGANG] = f.n_concealed_kongs
    mark_win_circumstances(flags, items, GANGSHANGHUA, GANGSHANGPAO, QIANGGANG, -1)
    return total + items_fan(FAN, items, GEN, N_ITEMS)


# ---------------------------------------------------------------- for Python

def scorer(int stack_heavenly):
    """This room's scoring function with its option (stack_heavenly: 1 if 天/地/人和 add to the shape's pattern row, else 0), as a
    mahjong_core._hands.Scorer: score_ids, score_one, best_wait_one, closing_hand_facts and
    score_batch. mahjong.yunnan validates every hand before it calls one."""
    return make_scorer(score_hand, N_ITEMS, (stack_heavenly,))


# ---------------------------------------------------------------- the engine's win check

cdef enum:
    # the option values of the win check: the scorer's (OPT_STACK_HEAVENLY), then these
    CHK_ALLOW_CHOW = 1
    CHK_STAKE = 2


cdef int check_win(const WinView* v, const int* opts, const char* data) noexcept nogil:
    """The value settlement gives the win (番 × stake), 0 when Yunnan refuses it: not suit
    tiles only, a chow without allow_chow, an impossible circumstance (杠上花 without a kong,
    a robbed tile held, 天和 with a meld, 地和 on a discard), or not a Yunnan hand
    (score_hand, the kernel score() calls)."""
    cdef int16_t items[N_ITEMS]
    cdef uint32_t flags = v.flags & ~(<uint32_t>WIN_FOURTH_TILE)
    cdef int fan
    if not flags_consistent(flags):
        return ERR_BAD_CONTEXT
    if not suited_only(v, opts[CHK_ALLOW_CHOW]) or not kong_context_ok(v):
        return 0
    if flags & WIN_HEAVENLY and v.n_melds:
        return 0
    if flags & WIN_EARTHLY and not flags & WIN_SELF_DRAWN:
        return 0
    fan = score_hand(v.counts, v.n_melds, v.meld_kind, v.meld_tile, flags, opts, items)
    return value_or_overflow(<long long>fan * opts[CHK_STAKE]) if fan > 0 else 0


def win_check(int stack_heavenly, int allow_chow, int stake):
    """The engine's win check under these options, a mahjong_core._wincheck.WinCheck over
    score_hand."""
    return make_win_check(check_win, "yunnan", (stack_heavenly, allow_chow, stake))
