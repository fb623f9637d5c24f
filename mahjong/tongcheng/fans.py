"""The 通称番数 table (an older list of fans under their common names), additive.

The rows down to 五门齐 and their values come from the source text (``source="seed"``),
which is cut off after 五门齐. Its exclusion notes name six fans below 5 番 that the cut
removed: 门清, 缺门, 单调, 断幺, 五将, 缺字 (:data:`TAIL_KEYS`). Their values are unknown;
they are **placeholders of 1 番 each, unverified** (``source="placeholder"``), set with
the ``tail_values`` option. 穷胡 (7) is the value of a hand with none of the entries
above the tail, and no tail fan is added to it.

Exclusions (``excludes``) are the ones the source states, plus the rule that a 全风 row
replaces the plain row it upgrades (全风七对 is not also 七对, 全风对对胡 not also 对对胡).

>>> FANS["quanfengqidui"].excludes
('buqiuren', 'menqing', 'quemen', 'dandiao', 'quandaiyao', 'qidui')
"""
from __future__ import annotations

from ..additive import FanRow

_S = "seed"
_T = "placeholder"
ENTRY_ROWS = (
    FanRow("tianhu", "天胡", "Heavenly win (晴天霹雳)", 30, _S,
           "the dealer wins on his initial 14 tiles", ("buqiuren",)),
    FanRow("dihu", "地胡", "Earthly win (落地开花)", 30, _S,
           "a non-dealer wins on the dealer's first discard", ("menqing",)),
    FanRow("shisanyao", "十三幺", "Thirteen orphans", 30, _S,
           "1 and 9 of each suit and the seven honours, one of them doubled"),
    FanRow("quanfengqidui", "全风七对", "All-honour seven pairs", 30, _S,
           "seven pairs of honour tiles only",
           ("buqiuren", "menqing", "quemen", "dandiao", "quandaiyao", "qidui")),
    FanRow("quanfengduiduihu", "全风对对胡", "All-honour pungs", 25, _S,
           "honour pungs and an honour pair only (四喜 and 三元 count in addition)",
           ("duiduihu",)),
    FanRow("kouting", "扣听", "Ready on the first discard", 25, _S,
           "declared ready on the dealer's first discard (dealer or non-dealer), the hand "
           "then locked", ("menqing",)),
    FanRow("dasixi", "大四喜", "Big four winds", 25, _S,
           "pungs of all four winds (全风 and 混一色 count in addition)", ("duiduihu",)),
    FanRow("dasanyuan", "大三元", "Big three dragons", 20, _S, "pungs of 中, 发 and 白"),
    FanRow("xiaosixi", "小四喜", "Little four winds", 20, _S,
           "three wind pungs and a wind pair (other fans count in addition)"),
    FanRow("shisanbukao", "十三不靠", "Thirteen unrelated", 15, _S,
           "147, 258 and 369 in the three suits (one sequence per suit, all nine tiles) and "
           "five different honours taking the pair's place", ("buqiuren", "menqing")),
    FanRow("xiaosanyuan", "小三元", "Little three dragons", 15, _S,
           "two dragon pungs and a dragon pair"),
    FanRow("qingyise", "清一色", "Full flush", 15, _S, "one suit, no honours"),
    FanRow("quandaiwu", "全带五", "All fives", 15, _S,
           "every set and the pair hold a 5", ("duanyao", "wujiang", "quezi")),
    FanRow("qidui", "七对", "Seven pairs", 10, _S,
           "any seven pairs (a four of a kind counts as two pairs)"),
    FanRow("sanjiemei", "三姐妹", "Three identical chows", 10, _S,
           "three identical chows of one suit"),
    FanRow("sanxiangci", "三箱次", "Three concealed pungs", 10, _S,
           "three pungs formed by one's own draws (a concealed kong counts; a pung completed "
           "by the discard won on does not)"),
    FanRow("yitiaolong", "一条龙", "Pure straight", 8, _S, "123, 456 and 789 of one suit"),
    FanRow("hunyise", "混一色", "Half flush", 8, _S, "one suit and honours"),
    FanRow("buqiuren", "不求人", "Concealed self-draw", 7, _S,
           "no chow, pung or exposed kong, and won on one's own draw"),
    FanRow("duiduihu", "对对胡", "All pungs", 7, _S, "four pungs or kongs and a pair"),
    FanRow("xiaoyuwu", "小于五", "All below five", 7, _S,
           "suit tiles 1 to 4 only, no honours", ("quezi",)),
    FanRow("dayuwu", "大于五", "All above five", 7, _S,
           "suit tiles 6 to 9 only, no honours", ("quezi",)),
    FanRow("qionghu", "穷胡", "No fan", 7, _S,
           "none of the entries above the tail applies (no tail fan is added)"),
    FanRow("xixiangfeng", "喜相逢", "Mixed triple", 5, _S,
           "the same chow or the same pung in all three suits"),
    FanRow("quandaiyao", "全带幺", "Outside hand", 5, _S,
           "every set and the pair hold a 1, a 9 or an honour, with some suit tile (all "
           "pungs: 全幺九)"),
    FanRow("wumenqi", "五门齐", "All five kinds", 5, _S, "万, 条, 饼, dragons and winds all present"),
)
TAIL_ROWS = (
    FanRow("menqing", "门清", "Concealed hand", 1, _T,
           "no chow, pung or exposed kong, won on a discard or a robbed kong (a concealed "
           "self-draw is 不求人)"),
    FanRow("quemen", "缺门", "Missing suit", 1, _T, "at least one of 万, 条, 饼 absent"),
    FanRow("dandiao", "单调", "Single wait on the pair", 1, _T,
           "the winning tile completes the pair: the hand before the win reads as four sets "
           "and the lone winning tile (seven pairs always)"),
    FanRow("duanyao", "断幺", "All simples", 1, _T, "no 1, 9 or honour tile"),
    FanRow("wujiang", "五将", "Pair of fives", 1, _T, "the pair is a 5"),
    FanRow("quezi", "缺字", "No honours", 1, _T, "no honour tile"),
)
ROWS = ENTRY_ROWS + TAIL_ROWS
FANS = {r.key: r for r in ROWS}
ENTRY_KEYS = tuple(r.key for r in ENTRY_ROWS)
TAIL_KEYS = tuple(r.key for r in TAIL_ROWS)
