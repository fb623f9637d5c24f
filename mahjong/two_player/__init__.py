"""The two-player 136-tile game with 71 live tiles (13 番 cap).

Each hand plays 71 of the 136 tiles (the other 65 are a hidden reserve); the dealer holds
14, the other player 13. Chow, pung and kong on the opponent's discard; robbing an added
kong scores as a self-draw; 报听 (declaring ready) is 1 番; when the live tiles run out
the ready player draws one tile from the reserve (海底捞月, a self-draw). Fans are added
up from a provisional table (:data:`FANS`, replaceable with the ``fan_table`` option),
the total is capped at 13 番, and the opponent pays ``min(total, 13) × base`` for every
kind of win. The winner deals next; after 流局 the dealer stays.

>>> r = score("11223344556677p", win_tile="7p", self_drawn=True, flower_indicators=["1p"])
>>> r.uncapped_fan, r.fan, r.value
(15, 13, 13)

See ``docs/TWO_PLAYER.md``.
"""
from .fans import CAP, FANS, ROWS
from .rules import RULES_NAME, Rules
from .scoring import score
from .settlement import settle
from ..rooms import Room, register_room

__all__ = ["Rules", "FANS", "ROWS", "CAP", "score", "settle", "RULES_NAME"]

#: the rule set's entry in the registry (mahjong.rooms), registered on import
ROOM = register_room(Room(RULES_NAME, __name__, Rules, score, settle, seats=2, tiles=136,
                          play=__name__ + ".play"))
