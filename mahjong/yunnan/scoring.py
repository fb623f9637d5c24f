"""Scoring one Yunnan hand, and many at once; the items come from the room's kernel table.

The item table (names, 番, reasons) and the pattern rows are in ``_kernel.pyx``; this
module validates the input, calls the kernel and builds the itemised result.
"""
from __future__ import annotations

import functools
from typing import Any, Dict, Mapping, Optional

import numpy as np

from mahjong_core._types import ERR_NOT_WINNING

from ..errors import InvalidContextError, NotWinningError
from ..ruleset import (ScoreItem, ScoreResult, WinFlag, batch_context_status, batch_win_tiles,
                       check_kong_context, checked_win_bits,
                       prepare_batch, suited_hand, suited_hand_arrays, suits_held)
from ..tiles import parse_tile
from . import _kernel
from .rules import RULES_NAME, Rules

#: Item keys by the kernel's item id (row 0, "none", is no item).
ITEMS = tuple(row[0] for row in _kernel.ITEM_ROWS)


def scorer(rules: Rules):
    """The kernel's scorer for these options (one per value of ``stack_heavenly``)."""
    return _SCORERS[rules.stack_heavenly]


_SCORERS = {False: _kernel.scorer(0), True: _kernel.scorer(1)}


@functools.lru_cache(maxsize=4096)
def _cached_result(fan: int, counts: bytes, stake: int) -> ScoreResult:
    """The itemised result of the kernel's item counts. Few item combinations occur and
    ScoreResult is immutable, so each is built once instead of once per hand."""
    items = []
    patterns = []
    for idx in range(1, len(ITEMS)):
        c = counts[idx]
        if not c:
            continue
        key, name, name_en, f, reason = _kernel.ITEM_ROWS[idx]
        if idx < _kernel.FIRST_ADDITIVE:
            patterns.append(key)
        items.append(ScoreItem(key, name, name_en, f, c, reason))
    # with stack_heavenly two pattern rows can be present; the first one names the hand
    heaven = [p for p in patterns if p in _kernel.HEAVENLY_ITEMS]
    pattern = heaven[0] if heaven else patterns[0]
    return ScoreResult(RULES_NAME, tuple(items), fan, fan, fan * stake, pattern)


# the flags _check_context looks at (plain int: IntFlag operators are slow)
_CONTEXT_BITS = int(WinFlag.REPLACEMENT | WinFlag.ROBBING_KONG | WinFlag.HEAVENLY
                    | WinFlag.EARTHLY)


def _check_context(counts, melds, flags: WinFlag, win_tile: int) -> None:
    flags = int(flags)  # plain int bit tests: IntFlag operators are slow
    check_kong_context(counts, melds, flags, win_tile)
    if flags & WinFlag.HEAVENLY and melds:
        raise InvalidContextError("heavenly (天和): the initial 14 have no melds (a concealed "
                                  "kong first rules 天和 out)")
    if flags & WinFlag.EARTHLY and not flags & WinFlag.SELF_DRAWN:
        raise InvalidContextError("earthly (地和) is a self-draw on the first draw")


def score(hand, melds=(), *, win_tile, self_drawn: bool = False, replacement: bool = False,
          after_kong: bool = False, robbing_kong: bool = False, last_tile: bool = False,
          heavenly: bool = False, earthly: bool = False, first_round: bool = False,
          rules: Optional[Rules | Mapping[str, Any]] = None) -> ScoreResult:
    """Score one Yunnan winning hand (查花 is per payer and added by :func:`settle`).

    Parameters
    ----------
    hand : str or sequence of tile ids
        The concealed tiles after the win, winning tile included (or the 13 before it).
    melds : sequence of melds
        Pungs, kongs (and chows with ``allow_chow``).
    win_tile : str or int
    self_drawn, replacement, after_kong, robbing_kong, last_tile, heavenly, earthly,
    first_round : bool
        Win circumstances (``last_tile`` has no fan in Yunnan; accepted for records).
    rules : Rules or mapping, optional

    Returns
    -------
    ScoreResult
        ``fan`` = pattern + additive fans, ``value`` = fan × stake.

    Examples
    --------
    >>> score("11m22m33m44m5555p66p", win_tile="6p").fan
    4
    """
    rules = Rules.from_mapping(rules)
    ids, counts, rows, ms = suited_hand(hand, melds, size=14, win_tile=win_tile,
                                        allow_chow=rules.allow_chow, rule_name="Yunnan")
    flags = checked_win_bits(self_drawn, replacement, after_kong, robbing_kong, last_tile,
                             heavenly, earthly, first_round)
    if flags & _CONTEXT_BITS:
        _check_context(counts, ms, flags, parse_tile(win_tile))
    fan, items = scorer(rules).score_ids(ids, rows, flags)
    if fan <= 0:
        if suits_held(counts, ms) == 3:
            why = "it holds all three suits (缺一门 is required)"
        else:
            why = "the tiles form neither 4 sets + a pair nor seven pairs"
        raise NotWinningError(f"not a Yunnan win: {why}")
    return _cached_result(fan, items, rules.stake)


def is_winning(hand, melds=(), *, rules=None) -> bool:
    """True if the 14 tiles are a Yunnan winning hand (缺一门, shape)."""
    rules = Rules.from_mapping(rules)
    counts, rows, _ = suited_hand_arrays(hand, melds, size=14, allow_chow=rules.allow_chow,
                                         rule_name="Yunnan")
    items = np.zeros(len(ITEMS), dtype=np.int16)
    return scorer(rules).score_one(counts, rows, 0, items) > 0


def tenpai_value(hand, melds=(), rules: Optional[Rules | Mapping[str, Any]] = None):
    """``(fan, value, tile)`` of the most valuable discard win of a 13-tile hand (the
    tenpai hand's value "as a discard win"), or None if it is not ready.

    >>> tenpai_value("123m456m789m234p5p")
    (1, 1, 10)
    """
    rules = Rules.from_mapping(rules)
    counts, rows, _ = suited_hand_arrays(hand, melds, size=13, allow_chow=rules.allow_chow,
                                         rule_name="Yunnan")
    fan, tile = scorer(rules).best_wait_one(counts, rows, rules.tenpai_ignores_own_4_copies)
    if fan < 0:
        return None
    return fan, fan * rules.stake, tile


def score_batch(hands, melds=None, flags=None, *, rules=None,
                win_tiles=None) -> Dict[str, np.ndarray]:
    """Score many Yunnan hands in one compiled loop; see :func:`mahjong.sichuan.score_batch`
    (``value`` = fan × stake; 查花 is not included; ``status`` per row as there: win
    circumstances scalar :func:`score` refuses score 0 with ``ERR_BAD_CONTEXT``; ``win_tiles``
    as there: the robbed-kong check)."""
    rules = Rules.from_mapping(rules)
    h, m, nm, f = prepare_batch(hands, melds, flags, allow_chow=rules.allow_chow,
                                rule_name="Yunnan")
    n = h.shape[0]
    fan = np.zeros(n, dtype=np.int16)
    items = np.zeros((n, len(ITEMS)), dtype=np.int16)
    status = batch_context_status(m, f, known=int(WinFlag.SELF_DRAWN | WinFlag.REPLACEMENT
                                                  | WinFlag.AFTER_KONG | WinFlag.ROBBING_KONG
                                                  | WinFlag.LAST_TILE | WinFlag.HEAVENLY
                                                  | WinFlag.EARTHLY | WinFlag.FIRST_ROUND),
                                  heavenly_without="melds", earthly_self_drawn=True,
                                  hands=h, win_tiles=batch_win_tiles(win_tiles, h))
    bad = status != 0
    if bad.any():
        f = np.where(bad, 0, f).astype(np.uint32)
    scorer(rules).score_batch(h, m, nm, f, fan, items)
    if bad.any():
        fan[bad] = 0
        items[bad] = 0
    status[~bad & (fan <= 0)] = ERR_NOT_WINNING
    return {"fan": fan, "value": fan.astype(np.int64) * rules.stake, "items": items,
            "status": status}
