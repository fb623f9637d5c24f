"""Guobiao (国标麻将, Chinese Official / MCR) scoring, previews and competition settlement.

* :func:`score` — the fans of one winning hand (the reading with the most fans), with
  ``rules="lianzhong"`` for the 联众 extras; :func:`score_batch` — many hands at once in
  the compiled kernel (GIL released).
* :func:`wait_values` — for a ready hand, what each winning tile would be worth.
* :func:`settle`, :class:`Match` — who pays what (8 + F), and a 16-hand match record;
  :func:`settle_record` — the same for a hand record (game log), as ``mahjong settle`` and
  :func:`mahjong.ruleset.settle` use it, with the record options :class:`Rules`.
* :data:`FANS`, :class:`FanId` — the fan table (Chinese and English names, points, 不计).

See ``docs/GUOBIAO.md`` for the user guide.
"""
from .batch import score_batch
from .fans import FAN_BY_NAME, FAN_BY_NAME_EN, FANS, N_FANS, Fan, FanId
from .lianzhong import LianzhongOptions
from .preview import WaitValue, wait_values
from .records import Rules, settle_record
from .scoring import (MIN_FANS, RULE_SETS, Decomposition, LianzhongFanId, ScoredDecomposition,
                      ScoredFan, ScoredSet, ScoreResult, score)
from .settlement import (BASE_PAYMENT, HANDS_PER_MATCH, HandInfo, HandSettlement, Match,
                         MatchHand, Standing, hand_info, match_seating, settle,
                         settle_draw)
from .winds import parse_wind
from ..errors import MahjongError
from ..rooms import Room, register_room

__all__ = [
    "score", "score_batch", "ScoreResult", "ScoredFan", "ScoredSet", "ScoredDecomposition",
    "Decomposition",
    "FANS", "FanId", "Fan", "N_FANS", "FAN_BY_NAME", "FAN_BY_NAME_EN", "LianzhongFanId",
    "LianzhongOptions", "MIN_FANS", "RULE_SETS",
    "wait_values", "WaitValue",
    "settle", "settle_draw", "HandSettlement", "Match", "MatchHand", "HandInfo", "hand_info",
    "Standing", "BASE_PAYMENT", "HANDS_PER_MATCH",
    "parse_wind", "Rules", "settle_record",
]



def _score_text(hand, melds, *, win_tile, rules, self_drawn=False, fourth_tile=False,
                replacement=False, robbing_kong=False, last_tile=False, heavenly=False,
                earthly=False, first_round=False, heavenly_ready=False, seat_wind=None,
                round_wind=None, flowers=None) -> ScoreResult:
    """One hand as ``mahjong score --rules guobiao`` and its JSON lines give it (the room's
    ``score_text``): 13 tiles before the win or 14 with it; the 联众 fans (天和, 地和, 人和,
    天听) only with the option ``lianzhong``; a wind as a name or a digit."""
    from ..hand import check_hand_size, standing_tiles

    check_hand_size(hand, melds)
    lianzhong = {"heavenly": heavenly, "earthly": earthly, "first_round": first_round,
                 "heavenly_ready": heavenly_ready}
    if rules.lianzhong:
        extra = dict(lianzhong, rules="lianzhong",
                     options=LianzhongOptions(rules.sifang_dafa_stacks_ziyise))
    else:
        for name, given in lianzhong.items():
            if given:
                raise MahjongError(f"--{name.replace('_', '-')} is a 联众 fan: add --option "
                                   "lianzhong=true")
        extra = {}
    extra["ming_an_gang_5"] = rules.ming_an_gang_5
    for name, value in (("seat_wind", seat_wind), ("round_wind", round_wind),
                        ("flowers", flowers)):
        if value is not None:
            if isinstance(value, str) and value.isascii() and value.isdigit():
                value = int(value)
            extra[name] = value
    tiles, win = standing_tiles(hand, melds, win_tile)
    return score(tiles, melds, win_tile=win, self_drawn=self_drawn, fourth_tile=fourth_tile,
                 replacement=replacement, robbing_kong=robbing_kong, last_tile=last_tile,
                 **extra)


#: the rule set's entry in the registry (mahjong.rooms), registered on import
ROOM = register_room(Room(Rules.name, __name__, Rules, score, settle_record, seats=4, tiles=136,
                          play=__name__ + ".play", match_hands=HANDS_PER_MATCH,
                          match_hand=match_seating, penalties=True, score_text=_score_text))
