"""How the game engine plays Sichuan 血战到底: :func:`play_spec`.

The flow: 108 suit tiles, no chow, 一炮多响, an added kong may be robbed, 缺门 to win (at
most two suits), no kong on the last tile, and with four or fewer tiles left in the wall a
possible win must be taken (最后四张自动胡). The options add 血战 (play on until three have
won; ``xuezhan=False`` ends the hand at the first win), 定缺, 换三张 and 过水. ``max_fan``
and ``longqidui_fan`` change only the value of a win.

A win's value is its money per payer, ``base × 2^(番 − 1)`` after the cap: the ``value``
that settlement gives the win.

>>> spec = play_spec({"xuezhan": False})
>>> spec.bloody, spec.chow, spec.multi_ron, spec.must_win_last, spec.options
(False, False, True, 4, {'xuezhan': False})
"""
from __future__ import annotations

from typing import Any, Mapping, Optional

from ..errors import MahjongError
from ..playspec import PlaySpec, WinQuery
from ..record import WinEvent, read_win
from .rules import RULES_NAME, Rules
from .settlement import _score_recorded_win, _score_win

__all__ = ["play_spec"]

#: 最后四张自动胡: with this many tiles or fewer left in the wall a possible win is taken
MUST_WIN_LAST = 4


def _win_event(q: WinQuery) -> WinEvent:
    """The win event of ``q`` read the way a record's win is read (the same reader). The
    event index only names the event in error texts: 0 is passed, so that ``q.record``,
    which the engine builds only when it is read, is not built."""
    return read_win(q.win, 0, 4)


def _win_value(rules: Rules, q: WinQuery) -> int:
    """Settlement's check and value of the win, on the win event alone: Sichuan's own
    checks (suit tiles, no chow, the win context, 缺门 and the shape) by settlement's fast
    path, and for a 地胡 settlement's full check with its rule (a self-draw on the first
    draw, or a win on the dealer's first discard)."""
    e = _win_event(q)
    if e.earthly:   # rare: the full check (it raises on a refusal, which costs more)
        try:
            return _score_win(0, e, rules, q.record.get("dealer", 0))[0].value
        except MahjongError:
            return 0
    scored = _score_recorded_win(e, rules)
    return 0 if scored is None else scored[0].value


def play_spec(rules: Optional[Rules | Mapping[str, Any]] = None) -> PlaySpec:
    """The :class:`~mahjong.playspec.PlaySpec` of Sichuan under ``rules`` (None, a
    :class:`Rules` or a mapping of options, read as settlement reads them)."""
    rules = Rules.from_mapping(rules)

    def win_value(q: WinQuery) -> int:
        return _win_value(rules, q)

    return PlaySpec(
        rules=RULES_NAME,
        options=rules.changed(),
        win_value=win_value,
        honours=False,
        chow=False,
        multi_ron=True,
        robbing_kong=True,
        pass_lock=rules.pass_lock,
        bloody=rules.xuezhan,
        dingque=rules.dingque,
        exchange_three=rules.huan_san_zhang,
        void_suit_to_win=True,
        must_win_last=MUST_WIN_LAST,
        no_kong_last_tile=True,
        # 地胡 is also a non-dealer's win on the dealer's first discard (settlement reads it so)
        extra={"earthly_on_dealer_discard": True},
    )
