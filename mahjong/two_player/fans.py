"""The two-player fan table (additive; the total is capped at 13 番, 役满).

The source text gives no fan table for this game: every value below is **provisional**
(chosen to fit under the 13 cap, modelled on small-fan Chinese tables) except the cap
itself and the rules that 抢杠 counts as a self-draw and that 花牌 tiles add fans, which the
source states. Replace any value with the ``fan_table`` option, e.g.
``Rules(fan_table={"qidui": 2})``.

>>> FANS["qingyise"].fan, FANS["qingyise"].name
(6, '清一色')
"""
from __future__ import annotations

from ..additive import FanRow

#: the cap on the total (役满), stated by the source text
CAP = 13

_P = "provisional"
_ROWS = (
    FanRow("hupai", "胡牌", "Win", 1, _P, "every win scores it"),
    FanRow("menqing", "门清", "Concealed hand", 1, _P,
           "no chow, pung or exposed kong (a concealed kong keeps the hand concealed)"),
    FanRow("zimo", "自摸", "Self-draw", 1, _P,
           "won on one's own draw; robbing an added kong counts as a self-draw"),
    FanRow("baoting", "报听", "Declared ready", 1, _P, "the winner declared ready before the win"),
    FanRow("haidi", "海底捞月", "Last tile from the reserve", 1, _P,
           "the live tiles ran out and the ready player won on the tile drawn from the reserve"),
    FanRow("gangshangkaihua", "杠上开花", "Win on a kong replacement", 1, _P,
           "self-draw on the replacement tile after a kong"),
    FanRow("huapai", "花牌", "Shown tile held", 1, _P,
           "each copy of a shown 花牌 tile among the winner's tiles, melds included"),
    FanRow("duanyao", "断幺", "All simples", 1, _P, "no terminal (1, 9) and no honour tile"),
    FanRow("pengpenghu", "碰碰胡", "All pungs", 3, _P, "four pungs or kongs and a pair"),
    FanRow("hunyise", "混一色", "Half flush", 3, _P, "one suit and honours"),
    FanRow("qidui", "七对", "Seven pairs", 4, _P,
           "seven pairs, concealed (a four of a kind counts as two pairs)"),
    FanRow("xiaosanyuan", "小三元", "Little three dragons", 5, _P,
           "two dragon pungs or kongs and a dragon pair"),
    FanRow("qingyise", "清一色", "Full flush", 6, _P, "one suit, no honours"),
    FanRow("xiaosixi", "小四喜", "Little four winds", 8, _P,
           "three wind pungs or kongs and a wind pair"),
    FanRow("dasanyuan", "大三元", "Big three dragons", 13, _P, "pungs or kongs of all three dragons"),
    FanRow("dasixi", "大四喜", "Big four winds", 13, _P, "pungs or kongs of all four winds"),
    FanRow("ziyise", "字一色", "All honours", 13, _P, "honour tiles only"),
    FanRow("shisanyao", "十三幺", "Thirteen orphans", 13, _P,
           "one of each terminal and honour, one of them doubled"),
    FanRow("tianhu", "天胡", "Heavenly win", 13, _P, "the dealer wins on his initial 14 tiles"),
    FanRow("dihu", "地胡", "Earthly win", 13, _P,
           "the non-dealer wins on his first draw or on the dealer's first discard, before "
           "any claim or kong"),
)

#: the rows by key, in table order
FANS = {r.key: r for r in _ROWS}
ROWS = _ROWS
