"""Yunnan 川麻 (Kunming rules): the room of this rule set.

108 suit tiles, 缺一门 to win, no chow by default. Value = (the single highest pattern fan
+ the additive fans) × stake; the discarder pays alone, a self-draw collects from the three
others, each of whom pays one more 番 if his own hand is 花 (all three suits, 查花). 抢杠:
+1 番, the robbed player pays as the discarder. Kongs earn nothing at once (they are +1 番
for their owner when he wins). 流局: the three 查叫 cases with their dealer rules.

The room: ``rules.py`` (the options), ``_kernel.pyx`` (the item table with its 番 and
reasons, and the pattern rows), ``scoring.py`` (one hand, many hands), ``settlement.py``
(a hand record).

>>> r = score("111s234s456s789s99s", win_tile="9s", self_drawn=True)
>>> r.pattern, r.fan, r.value
('qingyise', 3, 3)
"""
from .rules import RULES_NAME, Rules
from .scoring import ITEMS, is_winning, score, score_batch, tenpai_value
from .settlement import settle
from ..rooms import Room, register_room

__all__ = ["Rules", "ITEMS", "score", "score_batch", "tenpai_value", "settle", "is_winning"]

#: the rule set's entry in the registry (mahjong.rooms), registered on import
ROOM = register_room(Room(RULES_NAME, __name__, Rules, score, settle, seats=4, tiles=108,
                          play=__name__ + ".play", exhausted_fields=("chajiao_pairs",)))
