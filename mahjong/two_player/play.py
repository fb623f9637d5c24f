"""How the two-player game is played, for the game engine: :func:`play_spec`.

What differs from the engine's common model:

* two players over the 136 tiles, of which only 71 (drawn at random) are live; the other
  65 are a hidden reserve;
* ``flower_indicators`` 花牌 tiles (4 by default) are shown face up from the reserve at
  the start; each copy of one among the winner's tiles is 1 番;
* 换牌 at the start: after the deal each player may swap any number of his tiles with the
  reserve;
* 报听 at any time when ready; the hand is then locked (no claims or kongs; the drawn tile
  is discarded unless it wins) and 报听 is 1 番;
* 海底捞月: when the live tiles run out the ready player (the first to declare, when
  both did) draws one tile from the reserve: a self-draw win with ``last_tile``, else 流局;
* an added kong may be robbed (scored as a self-draw, paid by the robbed player);
* a win needs ``min_fan`` 番 (before the cap).

A win's value is what the opponent pays: ``min(total, 13) × base``.
"""
from __future__ import annotations

from typing import Any, Dict, Mapping, Optional, Sequence, Union

from mahjong_core._types import FORM_REGULAR, FORM_SEVEN_PAIRS, FORM_THIRTEEN_ORPHANS

from ..errors import MahjongError
from ..playspec import PlaySpec
from . import _kernel
from .fans import CAP
from .rules import RULES_NAME, Rules

__all__ = ["play_spec", "first_ready"]

N_SEATS = 2
LIVE_TILES = 71
#: regular, seven pairs and thirteen orphans (the core's form bits)
TWO_PLAYER_FORMS = FORM_REGULAR | FORM_SEVEN_PAIRS | FORM_THIRTEEN_ORPHANS


def first_ready(events: Sequence[Mapping[str, Any]]) -> Dict[int, int]:
    """seat -> index of its ready (报听) event among record events (JSON-ready dicts)."""
    ready: Dict[int, int] = {}
    for i, ev in enumerate(events):
        if ev["type"] == "ready" and ev["seat"] not in ready:
            ready[ev["seat"]] = i
    return ready


def _options(rules: Rules) -> Dict[str, Any]:
    """The record's ``options``: the options that differ from the defaults, JSON-ready
    (a fan table as the mapping the user gave)."""
    options = rules.changed()
    if "fan_table" in options:
        table = options["fan_table"]
        options["fan_table"] = {k: table[k] for k in sorted(table.overridden)}
    return options


def play_spec(rules: Optional[Union[Rules, Mapping[str, Any]]] = None) -> PlaySpec:
    """The :class:`~mahjong.playspec.PlaySpec` of the two-player game with the options
    ``rules`` (None, a :class:`~mahjong.two_player.Rules` or a mapping of options).

    >>> spec = play_spec({"min_fan": 3})
    >>> spec.seats, spec.live_tiles, spec.min_flower_indicators, spec.options
    (2, 71, 4, {'min_fan': 3})
    >>> from mahjong.playspec import WinQuery
    >>> record = {"rules": "two_player", "seats": 2, "dealer": 0,
    ...           "flower_indicators": ["5z", "2p", "7s", "4z"], "events": []}
    >>> win = {"type": "win", "seat": 0, "hand": "123m456m789m111z55z", "win_tile": "5z",
    ...        "from": None, "melds": []}
    >>> spec.win_value(WinQuery(record, win, ()))   # 胡牌 门清 自摸 花牌×2 混一色
    8
    """
    rules = Rules.from_mapping(rules)

    if rules.in_game_swap_probability:
        raise MahjongError("option in_game_swap_probability: the engine does not play the "
                           "in-game swap (a pung from the reserve for three tiles): record v2 "
                           "cannot show it, so its logs would not replay")
    return PlaySpec(
        rules=RULES_NAME,
        options=_options(rules),
        # the value settlement gives a win, by the kernel score() calls
        win_check=_kernel.win_check(rules.table.packed, CAP, rules.min_fan, rules.base),
        seats=N_SEATS,
        live_tiles=LIVE_TILES,
        multi_ron=False,
        robbing_kong=True,           # an added kong; scored as a self-draw
        pass_lock=False,
        ready_any_time=True,
        ready_after_discard=True,    # the ready event follows his discard
        ready_locks_hand=True,
        swap_at_start=True,
        reserve_last_draw=True,
        min_flower_indicators=rules.flower_indicators,
        forms=TWO_PLAYER_FORMS,
        extra={"in_game_swap_probability": rules.in_game_swap_probability},
    )
