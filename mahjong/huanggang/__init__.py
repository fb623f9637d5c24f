"""Huanggang 黄冈麻将 · 红中发财杠 口口番: the room of this rule set.

136 tiles, 4 players. A turned-up tile (赖子皮) names the 赖子, a wildcard; 红中 and 发财
are konged alone and never held in a winning hand. A win needs 开口 (a chow, pung or exposed
kong) and 起胡: some loser's payment reaches 64 points. Each loser pays
``base × 2^(F(winner) + F(loser))``: the base is 1 for a 屁胡 and 10 per 大胡 item
(清一色, 将一色, 碰碰胡, 全求人, 杠上开花, 海底捞, 抢杠), and every player's 番 count F
grows with his chows, pungs and kongs (口口番). A loser pays at most 800; when all three
reach it they pay the tiers 1200 / 1500 / 2000.

The room: ``rules.py`` (the options and special tiles), ``scoring.py`` (one hand),
``settlement.py`` (a hand record), ``batch.py`` and ``_kernel.pyx`` (many hands at once).

>>> r = score("234s567s55m", [("chow", "345m"), ("pung", "888p")], win_tile="7s",
...           indicator="3p", self_drawn=True)
>>> r.base, r.fan, r.hard
(1, 4, True)
"""
from .rules import RULES_NAME, Rules, laizi_of
from .scoring import (BIG_ITEMS, FAN_ITEMS, HuanggangResult, Reading, all_results, score)
from .settlement import settle
from .batch import STATUS, score_batch
from ..rooms import Room, register_room

__all__ = ["Rules", "laizi_of", "score", "all_results", "settle", "score_batch", "STATUS",
           "HuanggangResult", "Reading", "BIG_ITEMS", "FAN_ITEMS"]

#: the rule set's entry in the registry (mahjong.rooms), registered on import
ROOM = register_room(Room(RULES_NAME, __name__, Rules, score, settle, seats=4, tiles=136,
                          play=__name__ + ".play"))
