"""The Guobiao (MCR) fan table: 81 official fans plus 明暗杠.

Rows are in the order of the reference calculator's table (descending value, with
明暗杠 appended last), so ``FanId`` values double as column indices of the
``fan_counts`` arrays returned by :func:`mahjong.guobiao.score_batch`. The ``number`` of
a row (``id + 1``) is the fan's number in the 1998 rule book (明暗杠 is 82).

``name`` is the Chinese name and ``name_en`` the English name exactly as the reference
(pymahjonggb, ``verbose=True``) prints them. ``excludes`` lists the fans that are not
counted together with this one (不计), as the reference applies them; see
``docs/GUOBIAO_NOTES.md``.

>>> FANS[FanId.ALL_PUNGS].points
6
>>> FANS[FanId.ALL_PUNGS].name, FANS[FanId.ALL_PUNGS].name_en
('碰碰和', 'All Pungs')
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Tuple


class FanId(IntEnum):
    """Fan identifiers; the value is the column index in ``fan_counts``."""

    BIG_FOUR_WINDS = 0
    BIG_THREE_DRAGONS = 1
    ALL_GREEN = 2
    NINE_GATES = 3
    FOUR_KONGS = 4
    SEVEN_SHIFTED_PAIRS = 5
    THIRTEEN_ORPHANS = 6
    ALL_TERMINALS = 7
    LITTLE_FOUR_WINDS = 8
    LITTLE_THREE_DRAGONS = 9
    ALL_HONORS = 10
    FOUR_CONCEALED_PUNGS = 11
    PURE_TERMINAL_CHOWS = 12
    QUADRUPLE_CHOW = 13
    FOUR_PURE_SHIFTED_PUNGS = 14
    FOUR_PURE_SHIFTED_CHOWS = 15
    THREE_KONGS = 16
    ALL_TERMINALS_AND_HONORS = 17
    SEVEN_PAIRS = 18
    GREATER_HONORS_AND_KNITTED_TILES = 19
    ALL_EVEN_PUNGS = 20
    FULL_FLUSH = 21
    PURE_TRIPLE_CHOW = 22
    PURE_SHIFTED_PUNGS = 23
    UPPER_TILES = 24
    MIDDLE_TILES = 25
    LOWER_TILES = 26
    PURE_STRAIGHT = 27
    THREE_SUITED_TERMINAL_CHOWS = 28
    PURE_SHIFTED_CHOWS = 29
    ALL_FIVE = 30
    TRIPLE_PUNG = 31
    THREE_CONCEALED_PUNGS = 32
    LESSER_HONORS_AND_KNITTED_TILES = 33
    KNITTED_STRAIGHT = 34
    UPPER_FOUR = 35
    LOWER_FOUR = 36
    BIG_THREE_WINDS = 37
    MIXED_STRAIGHT = 38
    REVERSIBLE_TILES = 39
    MIXED_TRIPLE_CHOW = 40
    MIXED_SHIFTED_PUNGS = 41
    CHICKEN_HAND = 42
    LAST_TILE_DRAW = 43
    LAST_TILE_CLAIM = 44
    OUT_WITH_REPLACEMENT_TILE = 45
    ROBBING_THE_KONG = 46
    ALL_PUNGS = 47
    HALF_FLUSH = 48
    MIXED_SHIFTED_CHOWS = 49
    ALL_TYPES = 50
    MELDED_HAND = 51
    TWO_CONCEALED_KONGS = 52
    TWO_DRAGONS_PUNGS = 53
    OUTSIDE_HAND = 54
    FULLY_CONCEALED_HAND = 55
    TWO_MELDED_KONGS = 56
    LAST_TILE = 57
    DRAGON_PUNG = 58
    PREVALENT_WIND = 59
    SEAT_WIND = 60
    CONCEALED_HAND = 61
    ALL_CHOWS = 62
    TILE_HOG = 63
    DOUBLE_PUNG = 64
    TWO_CONCEALED_PUNGS = 65
    CONCEALED_KONG = 66
    ALL_SIMPLES = 67
    PURE_DOUBLE_CHOW = 68
    MIXED_DOUBLE_CHOW = 69
    SHORT_STRAIGHT = 70
    TWO_TERMINAL_CHOWS = 71
    PUNG_OF_TERMINALS_OR_HONORS = 72
    MELDED_KONG = 73
    ONE_VOIDED_SUIT = 74
    NO_HONORS = 75
    EDGE_WAIT = 76
    CLOSED_WAIT = 77
    SINGLE_WAIT = 78
    SELF_DRAWN = 79
    FLOWER_TILES = 80
    CONCEALED_KONG_AND_MELDED_KONG = 81


N_FANS = len(FanId)


@dataclass(frozen=True)
class Fan:
    """One row of the fan table.

    Attributes
    ----------
    id : FanId
        Identifier; also the column in ``fan_counts``.
    name : str
        Chinese name as the reference prints it (wait fans carry the 独听・ prefix).
    name_en : str
        English name as the reference prints it (``verbose=True``).
    points : int
        Value of one occurrence.
    excludes : tuple of FanId
        Fans not counted together with this one (不计), as the reference applies them.
    """

    id: FanId
    name: str
    name_en: str
    points: int
    excludes: Tuple[FanId, ...] = ()

    @property
    def number(self) -> int:
        """Number of the fan in the rule book (1-81; 明暗杠 is 82)."""
        return int(self.id) + 1


F = FanId
_ROWS = (
    (F.BIG_FOUR_WINDS, "大四喜", "Big Four Winds", 88,
     (F.BIG_THREE_WINDS, F.ALL_PUNGS, F.PREVALENT_WIND, F.SEAT_WIND, F.PUNG_OF_TERMINALS_OR_HONORS)),
    (F.BIG_THREE_DRAGONS, "大三元", "Big Three Dragons", 88, (F.TWO_DRAGONS_PUNGS, F.DRAGON_PUNG)),
    (F.ALL_GREEN, "绿一色", "All Green", 88, (F.HALF_FLUSH, F.ONE_VOIDED_SUIT)),
    (F.NINE_GATES, "九莲宝灯", "Nine Gates", 88,
     (F.FULL_FLUSH, F.CONCEALED_HAND, F.FULLY_CONCEALED_HAND, F.NO_HONORS,
      F.EDGE_WAIT, F.CLOSED_WAIT, F.SINGLE_WAIT)),
    (F.FOUR_KONGS, "四杠", "Four Kongs", 88,
     (F.THREE_KONGS, F.TWO_MELDED_KONGS, F.CONCEALED_KONG_AND_MELDED_KONG, F.TWO_CONCEALED_KONGS,
      F.MELDED_KONG, F.CONCEALED_KONG, F.ALL_PUNGS, F.SINGLE_WAIT)),
    (F.SEVEN_SHIFTED_PAIRS, "连七对", "Seven Shifted Pairs", 88,
     (F.SEVEN_PAIRS, F.FULL_FLUSH, F.NO_HONORS, F.CONCEALED_HAND, F.FULLY_CONCEALED_HAND,
      F.SINGLE_WAIT)),
    (F.THIRTEEN_ORPHANS, "十三幺", "Thirteen Orphans", 88,
     (F.ALL_TERMINALS_AND_HONORS, F.ALL_TYPES, F.CONCEALED_HAND, F.FULLY_CONCEALED_HAND,
      F.SINGLE_WAIT)),
    (F.ALL_TERMINALS, "清幺九", "All Terminals", 64,
     (F.ALL_TERMINALS_AND_HONORS, F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS,
      F.NO_HONORS, F.DOUBLE_PUNG)),
    (F.LITTLE_FOUR_WINDS, "小四喜", "Little Four Winds", 64,
     (F.BIG_THREE_WINDS, F.PUNG_OF_TERMINALS_OR_HONORS)),
    (F.LITTLE_THREE_DRAGONS, "小三元", "Little Three Dragons", 64,
     (F.TWO_DRAGONS_PUNGS, F.DRAGON_PUNG)),
    (F.ALL_HONORS, "字一色", "All Honors", 64,
     (F.ALL_TERMINALS_AND_HONORS, F.HALF_FLUSH, F.ALL_PUNGS, F.OUTSIDE_HAND,
      F.PUNG_OF_TERMINALS_OR_HONORS, F.ONE_VOIDED_SUIT)),
    (F.FOUR_CONCEALED_PUNGS, "四暗刻", "Four Concealed Pungs", 64,
     (F.ALL_PUNGS, F.CONCEALED_HAND, F.FULLY_CONCEALED_HAND, F.THREE_CONCEALED_PUNGS,
      F.TWO_CONCEALED_PUNGS)),
    (F.PURE_TERMINAL_CHOWS, "一色双龙会", "Pure Terminal Chows", 64,
     (F.FULL_FLUSH, F.ALL_CHOWS, F.NO_HONORS, F.PURE_DOUBLE_CHOW, F.TWO_TERMINAL_CHOWS,
      F.SHORT_STRAIGHT, F.MIXED_DOUBLE_CHOW, F.ONE_VOIDED_SUIT, F.SEVEN_PAIRS)),
    (F.QUADRUPLE_CHOW, "一色四同顺", "Quadruple Chow", 48,
     (F.PURE_TRIPLE_CHOW, F.PURE_DOUBLE_CHOW, F.TILE_HOG, F.PURE_SHIFTED_PUNGS, F.SEVEN_PAIRS)),
    (F.FOUR_PURE_SHIFTED_PUNGS, "一色四节高", "Four Pure Shifted Pungs", 48,
     (F.PURE_SHIFTED_PUNGS, F.ALL_PUNGS, F.PURE_TRIPLE_CHOW)),
    (F.FOUR_PURE_SHIFTED_CHOWS, "一色四步高", "Four Pure Shifted Chows", 32,
     (F.PURE_SHIFTED_CHOWS, F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS, F.PURE_DOUBLE_CHOW)),
    (F.THREE_KONGS, "三杠", "Three Kongs", 32,
     (F.MELDED_KONG, F.CONCEALED_KONG, F.TWO_MELDED_KONGS, F.TWO_CONCEALED_KONGS,
      F.CONCEALED_KONG_AND_MELDED_KONG)),
    (F.ALL_TERMINALS_AND_HONORS, "混幺九", "All Terminals and Honors", 32,
     (F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_OF_TERMINALS_OR_HONORS, F.ALL_HONORS, F.ALL_TERMINALS)),
    (F.SEVEN_PAIRS, "七对", "Seven Pairs", 24,
     (F.CONCEALED_HAND, F.FULLY_CONCEALED_HAND, F.SINGLE_WAIT)),
    (F.GREATER_HONORS_AND_KNITTED_TILES, "七星不靠", "Greater Honors and Knitted Tiles", 24,
     (F.LESSER_HONORS_AND_KNITTED_TILES, F.ALL_TYPES, F.CONCEALED_HAND, F.FULLY_CONCEALED_HAND,
      F.SINGLE_WAIT)),
    (F.ALL_EVEN_PUNGS, "全双刻", "All Even Pungs", 24, (F.ALL_PUNGS, F.ALL_SIMPLES, F.NO_HONORS)),
    (F.FULL_FLUSH, "清一色", "Full Flush", 24, (F.NO_HONORS, F.ONE_VOIDED_SUIT, F.HALF_FLUSH)),
    (F.PURE_TRIPLE_CHOW, "一色三同顺", "Pure Triple Chow", 24,
     (F.PURE_DOUBLE_CHOW, F.PURE_SHIFTED_PUNGS)),
    (F.PURE_SHIFTED_PUNGS, "一色三节高", "Pure Shifted Pungs", 24, (F.PURE_TRIPLE_CHOW,)),
    (F.UPPER_TILES, "全大", "Upper Tiles", 24, (F.UPPER_FOUR, F.NO_HONORS)),
    (F.MIDDLE_TILES, "全中", "Middle Tiles", 24, (F.ALL_SIMPLES, F.NO_HONORS)),
    (F.LOWER_TILES, "全小", "Lower Tiles", 24, (F.LOWER_FOUR, F.NO_HONORS)),
    (F.PURE_STRAIGHT, "清龙", "Pure Straight", 16, (F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS)),
    (F.THREE_SUITED_TERMINAL_CHOWS, "三色双龙会", "Three-Suited Terminal Chows", 16,
     (F.ALL_CHOWS, F.NO_HONORS, F.TWO_TERMINAL_CHOWS, F.MIXED_DOUBLE_CHOW)),
    (F.PURE_SHIFTED_CHOWS, "一色三步高", "Pure Shifted Chows", 16, ()),
    (F.ALL_FIVE, "全带五", "All Five", 16, (F.ALL_SIMPLES, F.NO_HONORS)),
    (F.TRIPLE_PUNG, "三同刻", "Triple Pung", 16, (F.DOUBLE_PUNG,)),
    (F.THREE_CONCEALED_PUNGS, "三暗刻", "Three Concealed Pungs", 16, (F.TWO_CONCEALED_PUNGS,)),
    (F.LESSER_HONORS_AND_KNITTED_TILES, "全不靠", "Lesser Honors and Knitted Tiles", 12,
     (F.ALL_TYPES, F.CONCEALED_HAND, F.FULLY_CONCEALED_HAND, F.SINGLE_WAIT)),
    (F.KNITTED_STRAIGHT, "组合龙", "Knitted Straight", 12, ()),
    (F.UPPER_FOUR, "大于五", "Upper Four", 12, (F.NO_HONORS,)),
    (F.LOWER_FOUR, "小于五", "Lower Four", 12, (F.NO_HONORS,)),
    (F.BIG_THREE_WINDS, "三风刻", "Big Three Winds", 12, (F.PUNG_OF_TERMINALS_OR_HONORS,)),
    (F.MIXED_STRAIGHT, "花龙", "Mixed Straight", 8, ()),
    (F.REVERSIBLE_TILES, "推不倒", "Reversible Tiles", 8, (F.ONE_VOIDED_SUIT,)),
    (F.MIXED_TRIPLE_CHOW, "三色三同顺", "Mixed Triple Chow", 8, (F.MIXED_DOUBLE_CHOW,)),
    (F.MIXED_SHIFTED_PUNGS, "三色三节高", "Mixed Shifted Pungs", 8, ()),
    (F.CHICKEN_HAND, "无番和", "Chicken Hand", 8, ()),
    (F.LAST_TILE_DRAW, "妙手回春", "Last Tile Draw", 8, (F.SELF_DRAWN,)),
    (F.LAST_TILE_CLAIM, "海底捞月", "Last Tile Claim", 8, ()),
    (F.OUT_WITH_REPLACEMENT_TILE, "杠上开花", "Out with Replacement Tile", 8, (F.SELF_DRAWN,)),
    (F.ROBBING_THE_KONG, "抢杠和", "Robbing The Kong", 8, (F.LAST_TILE,)),
    (F.ALL_PUNGS, "碰碰和", "All Pungs", 6, ()),
    (F.HALF_FLUSH, "混一色", "Half Flush", 6, (F.ONE_VOIDED_SUIT,)),
    (F.MIXED_SHIFTED_CHOWS, "三色三步高", "Mixed Shifted Chows", 6, ()),
    (F.ALL_TYPES, "五门齐", "All Types", 6, ()),
    (F.MELDED_HAND, "全求人", "Melded Hand", 6,
     (F.SINGLE_WAIT, F.SELF_DRAWN, F.CONCEALED_HAND, F.FULLY_CONCEALED_HAND)),
    (F.TWO_CONCEALED_KONGS, "双暗杠", "Two Concealed Kongs", 6,
     (F.CONCEALED_KONG, F.TWO_CONCEALED_PUNGS)),
    (F.TWO_DRAGONS_PUNGS, "双箭刻", "Two Dragons Pungs", 6, (F.DRAGON_PUNG,)),
    (F.OUTSIDE_HAND, "全带幺", "Outside Hand", 4, ()),
    (F.FULLY_CONCEALED_HAND, "不求人", "Fully Concealed Hand", 4, (F.SELF_DRAWN, F.CONCEALED_HAND)),
    (F.TWO_MELDED_KONGS, "双明杠", "Two Melded Kongs", 4, (F.MELDED_KONG,)),
    (F.LAST_TILE, "和绝张", "Last Tile", 4, ()),
    (F.DRAGON_PUNG, "箭刻", "Dragon Pung", 2, ()),
    (F.PREVALENT_WIND, "圈风刻", "Prevalent Wind", 2, ()),
    (F.SEAT_WIND, "门风刻", "Seat Wind", 2, ()),
    (F.CONCEALED_HAND, "门前清", "Concealed Hand", 2, ()),
    (F.ALL_CHOWS, "平和", "All Chows", 2, (F.NO_HONORS,)),
    (F.TILE_HOG, "四归一", "Tile Hog", 2, ()),
    (F.DOUBLE_PUNG, "双同刻", "Double Pung", 2, ()),
    (F.TWO_CONCEALED_PUNGS, "双暗刻", "Two Concealed Pungs", 2, ()),
    (F.CONCEALED_KONG, "暗杠", "Concealed Kong", 2, ()),
    (F.ALL_SIMPLES, "断幺", "All Simples", 2, (F.NO_HONORS,)),
    (F.PURE_DOUBLE_CHOW, "一般高", "Pure Double Chow", 1, ()),
    (F.MIXED_DOUBLE_CHOW, "喜相逢", "Mixed Double Chow", 1, ()),
    (F.SHORT_STRAIGHT, "连六", "Short Straight", 1, ()),
    (F.TWO_TERMINAL_CHOWS, "老少副", "Two Terminal Chows", 1, ()),
    (F.PUNG_OF_TERMINALS_OR_HONORS, "幺九刻", "Pung of Terminals or Honors", 1, ()),
    (F.MELDED_KONG, "明杠", "Melded Kong", 1, ()),
    (F.ONE_VOIDED_SUIT, "缺一门", "One Voided Suit", 1, ()),
    (F.NO_HONORS, "无字", "No Honors", 1, ()),
    (F.EDGE_WAIT, "独听・边张", "Edge Wait", 1, (F.CLOSED_WAIT, F.SINGLE_WAIT)),
    (F.CLOSED_WAIT, "独听・嵌张", "Closed Wait", 1, (F.SINGLE_WAIT,)),
    (F.SINGLE_WAIT, "独听・单钓", "Single Wait", 1, ()),
    (F.SELF_DRAWN, "自摸", "Self-Drawn", 1, ()),
    (F.FLOWER_TILES, "花牌", "Flower Tiles", 1, ()),
    (F.CONCEALED_KONG_AND_MELDED_KONG, "明暗杠", "Concealed Kong and Melded Kong", 5,
     (F.MELDED_KONG, F.CONCEALED_KONG)),
)
del F

#: A Guobiao win needs this many fans without the flowers (the 8-fan minimum); settlement
#: refuses a hand below it. Its one definition.
MIN_FANS = 8

#: The fan table, indexed by ``FanId``.
FANS: Tuple[Fan, ...] = tuple(Fan(fid, zh, en, pts, excl) for fid, zh, en, pts, excl in _ROWS)

#: Points of one occurrence of each fan, indexed by ``FanId`` (a plain tuple, for numpy).
FAN_POINTS: Tuple[int, ...] = tuple(f.points for f in FANS)

#: Lookup by Chinese name and by English name (as the reference prints them).
FAN_BY_NAME = {f.name: f for f in FANS}
FAN_BY_NAME_EN = {f.name_en: f for f in FANS}

assert [int(f.id) for f in FANS] == list(range(N_FANS)), "FANS rows out of FanId order"

__all__ = ["Fan", "FanId", "FANS", "FAN_POINTS", "FAN_BY_NAME", "FAN_BY_NAME_EN", "N_FANS",
           "MIN_FANS"]
