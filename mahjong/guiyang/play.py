"""How the game engine plays Guiyang 捉鸡: :func:`play_spec`.

The flow: 108 suit tiles (three suits may be held), no chow, 一炮多响, only an added kong
(转弯豆) may be robbed, 过水 as the option says. 报听 is declared only at the start (the
dealer on his first 14, a non-dealer on his first draw, ready already); afterwards that
player makes no pung or kong and discards every drawn tile that does not win. After the
(last) win a tile is turned up from the wall: the 翻牌鸡 of the chickens.

A win the engine may offer is one settlement accepts: a hand type under the options (地龙
and 金钩钓 included when on), and a 平胡 on a discard only with the 豆 licence (the winner
owns a kong, or 热炮, 抢杠, a discarder or winner who declared 报听). Its value is the
hand's value per payer with the 报听 bonus, the ``value`` that settlement gives the win
(热炮, 杀报, the 豆 and the chickens are settled apart).

>>> spec = play_spec({"scale": "B"})
>>> spec.ready_at_start, spec.ready_locks_hand, spec.flip_after_win, spec.options
(True, True, True, {'scale': 'B'})
"""
from __future__ import annotations

from typing import Any, Mapping, Optional

from ..errors import MahjongError
from ..playspec import PlaySpec
from . import _kernel
from .options import RULES_NAME, Rules

__all__ = ["play_spec"]


def play_spec(rules: Optional[Rules | Mapping[str, Any]] = None) -> PlaySpec:
    """The :class:`~mahjong.playspec.PlaySpec` of Guiyang under ``rules`` (None, a
    :class:`Rules` or a mapping of options, read as settlement reads them)."""
    rules = Rules.from_mapping(rules)
    for name in ("qianhou", "gundong"):
        if getattr(rules, name):
            raise MahjongError(f"option {name}=True cannot be played: its chickens come from "
                               "tiles turned up during play, and the rules do not say when a "
                               "tile is turned up during play (only after the win)")

    return PlaySpec(
        rules=RULES_NAME,
        options=rules.changed(),
        # settlement's check and value of a win, by the kernel score() reads
        win_check=_kernel.win_check(
            rules.pattern_values, rules.value("gangshanghu"), rules.value("baoting"),
            rules.value("tianhu") if rules.tiandi_hu else 0,
            rules.value("dihu") if rules.tiandi_hu else 0),
        honours=False,
        chow=False,
        multi_ron=True,
        robbing_kong=True,
        pass_lock=rules.pass_lock,
        ready_at_start=True,
        ready_locks_hand=True,
        flip_after_win=True,
        # 地龙 (one pung and five pairs, won on the pung's fourth tile) is neither four
        # sets and a pair nor seven pairs: the engine must also ask on that tile
        extra={"lone_pung_fourth_tile": rules.di_long},
    )
