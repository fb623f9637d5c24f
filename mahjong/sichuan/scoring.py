"""Scoring one Sichuan hand, and many at once; the items come from the room's kernel table.

The item table (names, 番, reasons) and the pattern ladder are in ``_kernel.pyx``; this
module validates the input, calls the kernel and builds the itemised result.
"""
from __future__ import annotations

import functools
from typing import Any, Dict, Mapping, Optional, Tuple

import numpy as np

from mahjong_core._types import ERR_NOT_WINNING

from ..errors import InvalidContextError, NotWinningError
from .._reader import meld_pairs
from ..ruleset import (ScoreItem, ScoreResult, WinFlag, batch_context_status, batch_values,
                       batch_win_tiles, check_kong_context, checked_win_bits, prepare_batch,
                       suited_hand, suited_hand_arrays, suits_held)
from ..tiles import parse_tile
from . import _kernel
from .rules import RULES_NAME, Rules

#: Item keys by the kernel's item id (row 0, "none", is no item).
ITEMS = tuple(row[0] for row in _kernel.ITEM_ROWS)

#: The kernel's scorer for a value of the ``longqidui_fan`` option (made once per value).
scorer = functools.lru_cache(maxsize=None)(_kernel.scorer)


@functools.lru_cache(maxsize=4096)
def _cached_result(fan_uncapped: int, counts: bytes, longqidui_fan: int,
                   max_fan: Optional[int], base: int) -> Tuple[ScoreResult, str]:
    """(result, "+"-joined item names for payment labels). Few item combinations occur
    (one pattern, a few 根 and +1 items), and ScoreResult is immutable, so each is built
    once instead of once per hand."""
    items = []
    pattern = "none"
    for idx in range(1, len(ITEMS)):
        c = counts[idx]
        if not c:
            continue
        key, name, name_en, fan, reason = _kernel.ITEM_ROWS[idx]
        if idx < _kernel.FIRST_ADDITIVE:
            pattern = key
            if idx == _kernel.LONGQIDUI_ITEM:
                fan = longqidui_fan
        items.append(ScoreItem(key, name, name_en, fan, c, reason))
    fan = fan_uncapped if max_fan is None else min(fan_uncapped, max_fan)
    result = ScoreResult(RULES_NAME, tuple(items), fan, fan_uncapped, base << (fan - 1),
                         pattern)
    return result, result.items_label()


def _explain_not_winning(counts: np.ndarray, melds) -> str:
    if suits_held(counts, melds) == 3:
        return "it holds all three suits (缺门 is required: at most two suits)"
    return "the tiles form neither 4 sets + a pair nor seven pairs"


# the flags _check_context looks at (plain int: IntFlag operators are slow)
_CONTEXT_BITS = int(WinFlag.REPLACEMENT | WinFlag.ROBBING_KONG | WinFlag.HEAVENLY)


def _check_context(counts, melds, flags: WinFlag, win_tile: int) -> None:
    flags = int(flags)  # plain int bit tests: IntFlag operators are slow
    check_kong_context(counts, melds, flags, win_tile)
    if flags & WinFlag.HEAVENLY and any(not m.is_concealed for m in melds):
        raise InvalidContextError("heavenly (天胡): the initial 14 have no exposed melds")


def score(hand, melds=(), *, win_tile, self_drawn: bool = False, replacement: bool = False,
          after_kong: bool = False, robbing_kong: bool = False, last_tile: bool = False,
          heavenly: bool = False, earthly: bool = False,
          rules: Optional[Rules | Mapping[str, Any]] = None) -> ScoreResult:
    """Score one Sichuan winning hand.

    Parameters
    ----------
    hand : str or sequence of tile ids
        The concealed tiles after the win, the winning tile included
        (``len(hand) + 3 * len(melds) == 14``), or the 13 before it (``win_tile`` is
        then added).
    melds : sequence of melds
        Pungs and kongs (``("pung", "222p")``, ``{"type": "kong", "tiles": "7777s"}``, ...).
    win_tile : str or int
        The winning tile (one of ``hand``).
    self_drawn, replacement, after_kong, robbing_kong, last_tile, heavenly, earthly : bool
        Win circumstances (杠上花 needs ``self_drawn`` and a kong; 海底捞月 counts on a
        self-draw only).
    rules : Rules or mapping, optional
        Options (cap, 龙七对 value, base).

    Returns
    -------
    ScoreResult
        Items with reasons, ``fan`` (capped), ``value`` = base × 2^(fan − 1).

    Raises
    ------
    NotWinningError, InvalidHandError, InvalidContextError

    Examples
    --------
    >>> r = score("11m22m3333m55p66p77p", win_tile="7p", self_drawn=True)
    >>> r.pattern, r.fan, r.value
    ('longqidui', 4, 8)
    """
    rules = Rules.from_mapping(rules)
    ids, counts, rows, ms = suited_hand(hand, melds, size=14, win_tile=win_tile,
                                        rule_name="Sichuan")
    flags = checked_win_bits(self_drawn, replacement, after_kong, robbing_kong, last_tile,
                             heavenly, earthly)
    if flags & _CONTEXT_BITS:
        _check_context(counts, ms, flags, parse_tile(win_tile))
    fan, items = scorer(rules.longqidui_fan).score_ids(ids, rows, flags)
    if fan <= 0:
        raise NotWinningError(f"not a Sichuan win: {_explain_not_winning(counts, ms)}")
    return _cached_result(fan, items, rules.longqidui_fan, rules.max_fan, rules.base)[0]


def is_winning(hand, melds=()) -> bool:
    """True if the 14 tiles (hand + melds) are a Sichuan winning hand (缺门, shape)."""
    counts, rows, _ = suited_hand_arrays(hand, melds, size=14, rule_name="Sichuan")
    items = np.zeros(len(ITEMS), dtype=np.int16)
    return scorer(Rules().longqidui_fan).score_one(counts, rows, 0, items) > 0


def tenpai_value(hand, melds=(), rules: Optional[Rules | Mapping[str, Any]] = None):
    """The 大叫 of a 13-tile hand: ``(fan, value, tile)`` of its most valuable discard win
    (根 and 金钩钓 included, no self-draw items, cap applied), or None if not ready.

    >>> tenpai_value("123p456p789p1122p")
    (4, 8, 9)
    """
    rules = Rules.from_mapping(rules)
    counts, rows, _ = suited_hand_arrays(hand, melds, size=13, rule_name="Sichuan")
    fan, tile = scorer(rules.longqidui_fan).best_wait_one(counts, rows,
                                                          rules.tenpai_ignores_own_4_copies)
    if fan < 0:
        return None
    fan = rules.cap(fan)
    return fan, rules.value(fan), tile


def score_batch(hands, melds=None, flags=None, *, rules=None,
                win_tiles=None) -> Dict[str, np.ndarray]:
    """Score many hands in one compiled loop (the GIL is released).

    Parameters
    ----------
    hands : array_like, (N, 34) uint8
        Counts of the concealed tiles after the win (winning tile included).
    melds : array_like, (N, 4, 2) uint8, optional
        Rows of [kind code, tile] (2 = pung, 3 = exposed kong, 4 = concealed kong,
        0 = no meld; melds first). None = no melds.
    flags : array_like, (N,) of :class:`~mahjong.ruleset.WinFlag` bits, optional
    rules : Rules or mapping, optional
    win_tiles : (N,) tile ids or names, or one tile, optional
        The winning tile of each row (one of its concealed tiles). With them a robbed kong
        (ROBBING_KONG) is checked as scalar :func:`score` checks it: the winner holds
        exactly one copy of the robbed tile. Without them only a row that holds no tile
        exactly once is refused.

    Returns
    -------
    dict with ``fan`` (int16, capped; 0 = not a win), ``uncapped_fan``, ``value`` (int64,
    base × 2^(fan − 1); 0 = not a win), ``items`` ((N, len(ITEMS)) int16 item counts) and
    ``status`` (int32 per row: 0 = a win, else a code of
    :data:`mahjong.ruleset.BATCH_STATUS`: not a win, or win circumstances that scalar
    :func:`score` refuses, such as a replacement win without a kong, which score 0).
    A row that is not a legal hand raises :class:`~mahjong.errors.InvalidHandError` naming it;
    a legal hand that is not a win gets fan 0.
    """
    rules = Rules.from_mapping(rules)
    h, m, nm, f = prepare_batch(hands, melds, flags, allow_chow=False, rule_name="Sichuan")
    n = h.shape[0]
    fan = np.zeros(n, dtype=np.int16)
    items = np.zeros((n, len(ITEMS)), dtype=np.int16)
    w = batch_win_tiles(win_tiles, h)
    status = batch_context_status(m, f, known=_KNOWN_BITS, heavenly_without="exposed",
                                  hands=h, win_tiles=w)
    bad = status != 0
    if bad.any():
        f = np.where(bad, 0, f).astype(np.uint32)  # scored as plain, then cleared
    scorer(rules.longqidui_fan).score_batch(h, m, nm, f, fan, items)
    if bad.any():
        fan[bad] = 0
        items[bad] = 0
    status[~bad & (fan <= 0)] = ERR_NOT_WINNING
    capped = fan if rules.max_fan is None else np.minimum(fan, rules.max_fan).astype(np.int16)
    return {"fan": capped, "uncapped_fan": fan, "value": batch_values(rules.base, capped),
            "items": items, "status": status}


#: the WinFlag bits a Sichuan win can have (scalar score has no first_round)
_KNOWN_BITS = int(WinFlag.SELF_DRAWN | WinFlag.REPLACEMENT | WinFlag.AFTER_KONG
                  | WinFlag.ROBBING_KONG | WinFlag.LAST_TILE | WinFlag.HEAVENLY
                  | WinFlag.EARTHLY)


#: the kernels' flat [kind code, lowest tile] pairs of a tuple of Meld objects (the reader's)
meld_rows = meld_pairs
