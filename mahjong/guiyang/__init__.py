"""Guiyang 贵阳捉鸡麻将 ("catch the chicken").

108 suit tiles, four players, no chow, several winners on one discard (一炮多响), a kong can
be robbed only when it is added to a pung (转弯豆). A hand is worth its single highest hand
type (平胡, 大对子, 七对, 龙七对, 清一色, 清大对, 清七对, 青龙背, 地龙, 清地龙), read the most
valuable way, plus 杠上胡 and the 报听 bonus; on top come 热炮 and 杀报, the 豆 (kong money,
paid at settlement to the players who won or are ready) and the chickens (幺鸡, 翻牌鸡,
金鸡, 冲锋鸡, 责任鸡, 包鸡 and the optional ones). An exhausted wall (黄庄) pays only
黄庄查叫. Two value scales: A (平胡 10, the default) and B (平胡 1).

>>> r = score("777p99m88p9m", [("pung", "222m"), ("pung", "555s")], win_tile="9m")
>>> r.pattern, r.value
('daduizi', 30)
>>> score("777p99m88p9m", [("pung", "222m"), ("pung", "555s")], win_tile="9m",
...       rules={"scale": "B"}).value
5
"""
from .chickens import ChickenSeat, chicken_payments, chicken_tiles
from .dou import dou_payments
from .items import ITEM_TABLE, ITEMS, PATTERN_KEYS
from .options import RULES_NAME, Rules
from .scoring import is_winning, readings, score, tenpai_value
from .settlement import settle
from ..rooms import Room, register_room

__all__ = ["Rules", "ITEMS", "ITEM_TABLE", "PATTERN_KEYS", "score", "tenpai_value",
           "is_winning", "readings", "settle", "chicken_tiles", "chicken_payments",
           "ChickenSeat", "dou_payments", "RULES_NAME"]

#: the rule set's entry in the registry (mahjong.rooms), registered on import
ROOM = register_room(Room(RULES_NAME, __name__, Rules, score, settle, seats=4, tiles=108,
                          play=__name__ + ".play"))
