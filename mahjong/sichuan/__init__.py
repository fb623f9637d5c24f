"""Sichuan 血战到底 ("bloody battle"): the room of this rule set.

108 suit tiles, no chow, 缺门 to win (at most two suits), 一炮多响, the hand goes on until
three players have won or the wall runs out (``xuezhan=False`` for the 普通场 that ends at
the first win). Value = ``base × 2^(番 − 1)``: one pattern row (the highest) plus +1 items
(根, 杠上花, 杠上炮, 抢杠胡, 海底捞月, 金钩钓). Kong money (刮风下雨) is paid at once by the
players who have not won; at 流局: 查花猪 (16×), 查大叫 and 退税.

The room: ``rules.py`` (the options), ``_kernel.pyx`` (the item table with its 番 and
reasons, and the pattern ladder), ``scoring.py`` (one hand, many hands), ``settlement.py``
(a hand record).

>>> r = score("111p123p456p789p99p", win_tile="9p")
>>> r.fan, r.value, [i.key for i in r.items]
(4, 8, ['qingyise', 'gen'])
>>> score("234m567m678m345p55p", win_tile="5p", self_drawn=True).value
1
"""
from .rules import RULES_NAME, Rules
from .scoring import ITEMS, is_winning, score, score_batch, tenpai_value
from .settlement import settle
from ..rooms import Room, register_room

__all__ = ["Rules", "ITEMS", "score", "score_batch", "tenpai_value", "settle", "is_winning"]

#: the rule set's entry in the registry (mahjong.rooms), registered on import
ROOM = register_room(Room(RULES_NAME, __name__, Rules, score, settle, seats=4, tiles=108,
                          play=__name__ + ".play"))
