"""The 通称番数 table: an older list of Chinese fans under their common names.

Fans are added up (:data:`FANS`): the entries of the source text with their exclusions,
穷胡 (7) for a hand with none of them, and six tail fans (门清, 缺门, 单调, 断幺, 五将, 缺字)
whose values the source lost: placeholders of 1 番, unverified, set with ``tail_values``.
Payments: a discard win is paid by the discarder, a self-draw by each of the three
others, a robbed kong by the robbed player; several winners on one discard are each paid
by the discarder; no cap, no kong money. 流局 pays nothing and the dealer stays; the
winner deals next (the discarder after several winners on one discard).

>>> score("11z22z33z44z55z66z77z", win_tile="7z", self_drawn=True).fan
30

See ``docs/TONGCHENG.md``.
"""
from .fans import ENTRY_KEYS, FANS, ROWS, TAIL_KEYS
from .rules import RULES_NAME, TAIL_PLACEHOLDER, Rules
from .scoring import score
from .settlement import settle
from ..rooms import Room, register_room

__all__ = ["Rules", "FANS", "ROWS", "ENTRY_KEYS", "TAIL_KEYS", "TAIL_PLACEHOLDER", "score",
           "settle", "RULES_NAME"]

#: the rule set's entry in the registry (mahjong.rooms), registered on import
ROOM = register_room(Room(RULES_NAME, __name__, Rules, score, settle, seats=4, tiles=136,
                          play=__name__ + ".play"))
