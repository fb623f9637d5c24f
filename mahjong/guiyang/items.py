"""The one item table of Guiyang 捉鸡: every hand type, bonus, 豆, surcharge and chicken,
with its value on both scales and the rule it comes from.

Scale A is the "底注 10番" scale of the first Guiyang text (平胡 = 10); scale B is the
"平胡 = 1" scale of the second text and of the apps (清一色 10番). U, the unit of the
chickens, is the value of 平胡 on the active scale unless ``chicken_unit`` says otherwise.

Columns: key, Chinese name, English name, group, value on scale A, value on scale B,
where the value comes from. Groups:

* ``pattern``: a hand type; a hand takes the single highest one;
* ``bonus``: added to the hand value each payer pays;
* ``surcharge``: paid on top of the hand by one player (热炮, 杀报);
* ``dou``: kong money, per payer, paid at settlement;
* ``chicken``: values in U (the same on both scales);
* ``draw``: the exhausted-wall payment.
"""
from __future__ import annotations

from typing import Dict, NamedTuple, Optional, Tuple

from . import _kernel


class Item(NamedTuple):
    key: str
    name: str
    name_en: str
    group: str
    value_a: Optional[int]
    value_b: Optional[int]
    source: str


ITEM_TABLE: Tuple[Item, ...] = (
    # hand types, in the kernel's pattern order
    Item("pinghu", "平胡", "Plain win", "pattern", 10, 1,
         "text A 10; scale B 1"),
    Item("daduizi", "大对子", "All pungs", "pattern", 30, 5, "text A 30; apps 5"),
    Item("qidui", "七对", "Seven pairs", "pattern", 40, 10, "text A 40; apps 10"),
    Item("longqidui", "龙七对", "Seven pairs with a four-of-a-kind", "pattern", 50, 20,
         "text A 50; apps 20"),
    Item("qingyise", "清一色", "One suit", "pattern", 50, 10, "text A 50; text B 10"),
    Item("qingdadui", "清大对", "One-suit all pungs", "pattern", 80, 15,
         "text A 80; apps 15"),
    Item("qingqidui", "清七对", "One-suit seven pairs", "pattern", 90, 20,
         "text A is silent: 七对 + 50 as the other one-suit upgrades (option 80); apps 20"),
    Item("qinglongbei", "青龙背", "One-suit seven pairs with a four-of-a-kind", "pattern",
         100, 30, "text A 100; apps 30"),
    Item("dilong", "地龙", "One pung and five pairs, won on the pung's fourth tile",
         "pattern", 40, 10, "defined by text B; valued as 七对 (apps 10)"),
    Item("qingdilong", "清地龙", "One-suit 地龙", "pattern", 100, 30, "apps 30"),
    Item("jingoudiao", "金钩钓", "Single wait with four melds (单吊)", "pattern", 40, 10,
         "apps only, off by default; valued as 七对"),
    Item("qingjingou", "清金钩", "One-suit 金钩钓", "pattern", 90, 20,
         "apps only, off by default; 金钩钓 + 50 as the other one-suit upgrades"),
    # bonuses on the hand value
    Item("gangshanghu", "杠上胡", "Self-draw on a kong replacement", "bonus", 10, 1,
         "text A: +10 on the hand; scale B: +1 (one U)"),
    Item("baoting", "报听", "Won after declaring ready", "bonus", 50, 10,
         "text B: each payer adds the 清一色 value"),
    Item("tianhu", "天胡", "Heavenly win", "bonus", 50, 10,
         "apps only, off by default: the 清一色 value of the scale"),
    Item("dihu", "地胡", "Earthly win", "bonus", 50, 10,
         "apps only, off by default: the 清一色 value of the scale"),
    # surcharges paid by one player
    Item("repao", "热炮", "Discarding into a win right after a kong", "surcharge", None, None,
         "text A: the just-made 豆 is void and its full value is paid (闷豆 60, 转弯豆 30, "
         "点豆 10 on scale A); text B: plus one (one U)"),
    Item("shabao", "杀报", "A ready player pays the 清一色 value", "surcharge", 50, 10,
         "text B: the 报听 player pays the winner the 清一色 value"),
    # 豆 (kongs), per payer
    Item("mendou", "闷豆", "Concealed kong", "dou", 20, 2,
         "text A: each other player pays 20 (two U)"),
    Item("zhuanwandou", "转弯豆", "Kong added to a pung", "dou", 10, 1,
         "text A: each other player pays 10 (one U)"),
    Item("diandou", "点豆", "Kong on a discard", "dou", 10, 1,
         "text A: the feeder pays 10 (one U)"),
    # chickens: values in U
    Item("yaoji", "幺鸡", "1s, the fixed chicken", "chicken", 1, 1, "apps: 1U a tile"),
    Item("fanpaiji", "翻牌鸡", "The tile after the turned-up tile", "chicken", 1, 1,
         "apps: 1U a tile"),
    Item("jinji", "金鸡", "幺鸡 when the turned-up tile is 9s", "chicken", 2, 2,
         "apps: 2U a 幺鸡 (option 3)"),
    Item("chongfengji", "冲锋鸡", "The first 1s discarded, unclaimed", "chicken", 2, 2,
         "apps: 2U, 4U with 金鸡"),
    Item("zerenji", "责任鸡", "The first 1s discarded, claimed: the discarder pays",
         "chicken", 1, 1, "apps: 1U, 2U with 金鸡"),
    Item("baoji", "包鸡", "A player not ready pays for his visible chickens", "chicken",
         None, None, "apps: the value of his melded chickens and 冲锋鸡"),
    Item("wuguji", "乌骨鸡", "8p, a fixed chicken (option)", "chicken", 2, 2,
         "apps: 2U, off by default"),
    Item("chongfengwuguji", "冲锋乌骨鸡", "The first 8p discarded, unclaimed (option)",
         "chicken", 4, 4, "apps: twice the 乌骨鸡, off by default"),
    Item("yaobaiji", "摇摆鸡", "The tile before the turned-up tile (option)", "chicken", 1, 1,
         "apps, off by default"),
    Item("benji", "本鸡", "The turned-up tile itself (option)", "chicken", 1, 1,
         "apps, off by default"),
    Item("xingqiji", "星期鸡", "Tiles of the weekday's rank (option)", "chicken", 1, 1,
         "apps, off by default"),
    Item("qianhouji", "前后鸡", "The tile after the latest tile turned up during play (option)",
         "chicken", 1, 1, "apps, off by default"),
    Item("gundongji", "滚筒鸡", "The tile after every tile turned up during play (option)",
         "chicken", 1, 1, "apps, off by default"),
    Item("zhanji", "站鸡", "A fixed chicken standing in the hand counts twice (option)",
         "chicken", 1, 1, "apps, off by default"),
    # exhausted wall
    Item("chajiao", "黄庄查叫", "Not ready at an exhausted wall", "draw", None, None,
         "both texts: each player not ready pays each ready player his hand value"),
)

ITEMS: Dict[str, Item] = {row.key: row for row in ITEM_TABLE}
PATTERN_KEYS: Tuple[str, ...] = tuple(r.key for r in ITEM_TABLE if r.group == "pattern")
assert PATTERN_KEYS == _kernel.PATTERNS, "the item table and the kernel list the hand types " \
    "in one order"

# How each hand type was read (the reason shown on its item).
PATTERN_REASONS = {
    "pinghu": "four sets and a pair",
    "daduizi": "every set a pung or kong, and a pair",
    "qidui": "seven pairs, nothing melded",
    "longqidui": "seven pairs, one of them a four-of-a-kind",
    "qingyise": "four sets and a pair, all in one suit",
    "qingdadui": "all pungs and a pair, all in one suit",
    "qingqidui": "seven pairs in one suit",
    "qinglongbei": "seven pairs in one suit, one of them a four-of-a-kind",
    "dilong": "one pung and five pairs, won on the pung's fourth tile",
    "qingdilong": "地龙 in one suit",
    "jingoudiao": "four melds, won on the pair (a single wait)",
    "qingjingou": "金钩钓 in one suit",
}


def value(key: str, scale: str) -> Optional[int]:
    """The value of item ``key`` on scale ``"A"`` or ``"B"`` (None: it has no fixed one)."""
    row = ITEMS[key]
    return row.value_a if scale == "A" else row.value_b
