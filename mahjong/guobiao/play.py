"""How Guobiao is played, for the game engine: :func:`play_spec`.

What differs from the engine's common model:

* the 8 flowers when the option ``flowers`` is on (144 tiles): a flower drawn is set aside
  and replaced; each flower the winner shows is one fan, not counted toward the minimum;
* a win needs 8 fans without flowers (国标麻将8番起胡): a smaller win is never offered;
* only the first claimant in play order after the discarder wins a discard (截和);
* an added kong may be robbed (抢杠和);
* no pass lock by default: a player who declined a discard win may win on the next
  discard (the option ``pass_lock`` plays 过水 as the other rule sets do);
* 明暗杠 or 明杠 + 暗杠 by the option ``ming_an_gang_5`` (the 8-fan minimum sees the value);
* 和绝张 (``fourth_tile``): the win is on the last copy, the other three being visible;
* every winning form of the fan table: four sets and a pair, seven pairs, thirteen
  orphans, 全不靠 / 七星不靠 and 组合龙.

A win's value is F, its fans with flowers (what the discarder pays on top of the 8). The
engine asks the kernel's compiled check (score_hand, what score() calls) with its own
arrays; the 联众 rules (option ``lianzhong``), whose extra fans are scored in Python, keep
a Python ``win_value``.
"""
from __future__ import annotations

from typing import Any, Mapping, Optional, Union

from mahjong_core._types import FORM_ALL

from ..errors import InvalidRecordError, NotWinningError
from ..playspec import WIN_FLAGS, PlaySpec, WinQuery
from ..record import read_win
from . import _kernel
from .fans import MIN_FANS
from .records import Rules, _score_win

__all__ = ["play_spec"]

#: all five forms of the core's shape filter (regular, seven pairs, thirteen orphans,
#: honours-and-knitted, knitted straight)
GUOBIAO_FORMS = FORM_ALL

#: win flags the 联众 rules add; a standard Guobiao record carries none of them
LIANZHONG_FLAGS = ("heavenly", "earthly", "first_round")


class _Table:
    """The two fields of a hand record the scoring of one win reads (the dealer for the
    seat wind, the prevalent wind)."""

    __slots__ = ("dealer", "round_wind")

    def __init__(self, record: Mapping[str, Any]):
        self.dealer = record.get("dealer", 0)
        self.round_wind = record.get("round_wind", 0)


def play_spec(rules: Optional[Union[Rules, Mapping[str, Any]]] = None) -> PlaySpec:
    """The :class:`~mahjong.playspec.PlaySpec` of Guobiao with the options ``rules`` (None,
    a :class:`~mahjong.guobiao.Rules` or a mapping of options, read as a record's).

    >>> spec = play_spec({"flowers": True})
    >>> spec.flowers, spec.multi_ron, spec.pass_lock, spec.options
    (True, False, False, {'flowers': True})
    >>> from mahjong.playspec import WinQuery
    >>> record = {"rules": "guobiao", "dealer": 0, "events": []}
    >>> win = {"type": "win", "seat": 1, "hand": "234m567m345p678s22s", "win_tile": "2s",
    ...        "from": 2, "melds": [], "flowers": 1}
    >>> spec.win_value(WinQuery(record, win, ()))   # 8 fans + 1 flower
    9
    >>> spec.win_value(WinQuery(record, dict(win, hand="123m567m345p678s22s", flowers=3), ()))
    0
    """
    rules = Rules.from_mapping(rules)

    def win_value(q: WinQuery) -> int:
        """联众 only (its extra fans are scored in Python): F (fans with flowers) of the
        win, or 0 when it is not a win: not a winning hand, or fewer than 8 fans without
        flowers."""
        i = q.event_index
        e = read_win(q.win, i, 4)
        try:
            result = _score_win(i, e, _Table(q.record), rules)
        except InvalidRecordError as exc:
            # settlement's refusals of a win: the tiles do not win, or fewer than 8 fans;
            # anything else is a bad win event (a bug of the caller): raise it
            if isinstance(exc.__cause__ or exc.__context__, NotWinningError):
                return 0
            raise
        return result.total

    flags = WIN_FLAGS if rules.lianzhong else tuple(
        f for f in WIN_FLAGS if f not in LIANZHONG_FLAGS)
    return PlaySpec(
        rules="guobiao",
        options=rules.changed(),
        # standard rules: the kernel's score_hand, called by the engine with its arrays
        win_check=None if rules.lianzhong else _kernel.win_check(rules.flowers, MIN_FANS,
                                                                 rules.ming_an_gang_5),
        win_value=win_value if rules.lianzhong else None,
        flowers=rules.flowers,
        multi_ron=False,          # 截和
        robbing_kong=True,        # 抢杠和 on an added kong
        pass_lock=rules.pass_lock,  # 过水: off by default
        forms=GUOBIAO_FORMS,
        extra={"win_flags": flags},
    )
