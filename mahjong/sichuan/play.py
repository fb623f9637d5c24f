"""How the game engine plays Sichuan 血战到底: :func:`play_spec`.

The flow: 108 suit tiles, no chow, 一炮多响, an added kong may be robbed, 缺门 to win (at
most two suits), no kong on the last tile, and with four or fewer tiles left in the wall a
possible win must be taken (最后四张自动胡). The options add 血战 (play on until three have
won; ``xuezhan=False`` ends the hand at the first win), 定缺, 换三张 and 过水. ``max_fan``
and ``longqidui_fan`` change only the value of a win.

A win's value is its money per payer, ``base × 2^(番 − 1)`` after the cap: the ``value``
that settlement gives the win. The engine asks the room's compiled check for it (the
scoring kernel that score() calls, with Sichuan's refusals), with its own arrays.

>>> spec = play_spec({"xuezhan": False})
>>> spec.bloody, spec.chow, spec.multi_ron, spec.must_win_last, spec.options
(False, False, True, 4, {'xuezhan': False})
"""
from __future__ import annotations

from typing import Any, Mapping, Optional

from ..playspec import PlaySpec
from . import _kernel
from .rules import RULES_NAME, Rules

__all__ = ["play_spec"]

#: 最后四张自动胡: with this many tiles or fewer left in the wall a possible win is taken
MUST_WIN_LAST = 4


def play_spec(rules: Optional[Rules | Mapping[str, Any]] = None) -> PlaySpec:
    """The :class:`~mahjong.playspec.PlaySpec` of Sichuan under ``rules`` (None, a
    :class:`Rules` or a mapping of options, read as settlement reads them)."""
    rules = Rules.from_mapping(rules)
    return PlaySpec(
        rules=RULES_NAME,
        options=rules.changed(),
        # the value settlement gives a win, by the kernel score() calls
        win_check=_kernel.win_check(rules.longqidui_fan,
                                    -1 if rules.max_fan is None else rules.max_fan, rules.base),
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
