"""Scoring one winning hand on the 通称 table: every reading, each entry that applies,
the exclusions, 穷胡 as the floor, the best reading.

The compiled kernel (``_kernel.win_mask``) finds the fans of every reading as one bit per
row of the table (:data:`~.fans.ROWS`), applies the values, the exclusions and 穷胡, and
keeps the reading worth most; this module checks the input and turns the bits into an
itemised result. ``tests/slow_tongcheng.py`` is the plain Python version the kernel is
tested against.
"""
from __future__ import annotations

import struct
from typing import Any, Mapping, Optional

from mahjong_core import _types

from ..additive import full_hand, tile_of
from ..errors import InvalidContextError, NotWinningError
from ..ruleset import ScoreItem, ScoreResult, check_kong_context, checked_win_bits
from ..validate import flag
from . import _kernel
from .fans import ENTRY_KEYS, ROWS, TAIL_KEYS
from .rules import RULES_NAME, Rules, _placeholder_note

# WinFlag bits as plain ints (IntFlag operators are slow); the core defines them
_SELF, _REPLACEMENT, _ROBBING, _HEAVENLY, _EARTHLY = (
    _types.WIN_SELF_DRAWN, _types.WIN_REPLACEMENT, _types.WIN_ROBBING_KONG, _types.WIN_HEAVENLY,
    _types.WIN_EARTHLY)
assert _kernel.FAN_KEYS == tuple(r.key for r in ROWS)
_KONG_CONTEXT = _REPLACEMENT | _ROBBING
_INDEX = {r.key: i for i, r in enumerate(ROWS)}
#: per row, the mask of the rows it excludes (不计)
_EXCLUDES = struct.pack(f"{len(ROWS)}Q", *(sum(1 << _INDEX[k] for k in r.excludes)
                                           for r in ROWS))
#: the entries above the tail (穷胡 when none of them is left)
_ENTRIES = sum(1 << _INDEX[k] for k in ENTRY_KEYS if k != "qionghu")


def _check_context(counts, melds, flags: int, win_tile: int) -> None:
    """The win's circumstances against its holding (``counts``: the concealed tiles, read
    only for a kong circumstance)."""
    if flags & _KONG_CONTEXT:
        check_kong_context(counts, melds, flags, win_tile)
    if flags & _EARTHLY and flags & _SELF:
        raise InvalidContextError("earthly (地胡) on this table is a win on the dealer's first "
                                  "discard, not a self-draw")
    if flags & _HEAVENLY and melds:
        raise InvalidContextError("heavenly (天胡): the initial 14 tiles have no melds")


def score(hand, melds=(), *, win_tile, self_drawn: bool = False, replacement: bool = False,
          after_kong: bool = False, robbing_kong: bool = False, last_tile: bool = False,
          heavenly: bool = False, earthly: bool = False, first_round: bool = False,
          kouting: bool = False,
          rules: Optional[Rules | Mapping[str, Any]] = None) -> ScoreResult:
    """Score one winning hand on the 通称 table.

    Parameters
    ----------
    hand : str or sequence of tile ids
        The concealed tiles after the win, winning tile included (or the 13 before it).
    melds : sequence of melds
    win_tile : str or int
    self_drawn, robbing_kong, heavenly, earthly : bool
        How the hand was won (``earthly`` = on the dealer's first discard). A robbed kong
        counts as a discard win. ``replacement``, ``after_kong``, ``last_tile`` and
        ``first_round`` have no fan on this table.
    kouting : bool
        扣听: the winner declared ready on the dealer's first discard.
    rules : Rules or mapping, optional

    Returns
    -------
    ScoreResult
        ``fan`` the total (no cap), ``value`` = fan × stake (what each payer pays);
        ``notes`` flag tail fans scored with their unverified placeholder value.

    Examples
    --------
    >>> r = score("123s456s789s111s55s", win_tile="5s", rules={"tail_values": 0})
    >>> r.fan, [i.key for i in r.items]
    (23, ['qingyise', 'yitiaolong'])
    """
    kouting = flag(kouting, "kouting", InvalidContextError)
    rules = Rules.from_mapping(rules)
    ids, _, ms, _ = full_hand(hand, melds, win_tile=win_tile)
    flags = checked_win_bits(self_drawn, replacement, after_kong, robbing_kong, last_tile,
                             heavenly, earthly, first_round)
    return win_entry(ids, ms, tile_of(win_tile), flags, kouting, rules)[0]


_CONTEXT = _REPLACEMENT | _ROBBING | _HEAVENLY | _EARTHLY


def win_entry(hand, melds, win: int, flags: int, kouting: bool, rules: Rules) -> list:
    """The scored win on checked input, as its cached entry ``[ScoreResult, items label]``.

    ``hand``: the concealed tile ids (winning tile included) and ``melds`` Meld objects of
    a validated hand (:func:`~mahjong.additive.full_hand` or the record reader); ``flags``
    the win flags as an int. Raises what :func:`score` raises for a hand that does not
    win.
    """
    if flags & _CONTEXT:
        counts = full_hand(hand, melds, checked=True)[1] if flags & _KONG_CONTEXT else None
        _check_context(counts, melds, flags, win)
    mask = _kernel.win_mask(hand, melds, win, flags, kouting, rules.table.packed, _EXCLUDES,
                            _ENTRIES)
    if mask < 0:
        raise NotWinningError("not a win: the tiles form neither four sets and a pair, nor "
                              "seven pairs, thirteen orphans or 十三不靠")
    entry = rules.results.get(mask)
    if entry is None:
        entry = rules.cache_result(mask, _result(mask, rules))
    return entry


def _result(mask: int, rules: Rules) -> ScoreResult:
    """The itemised result of a fan mask (bit k = row k of :data:`ROWS`)."""
    table = rules.table
    items = []
    unverified = []
    for k, row in enumerate(ROWS):
        if not mask >> k & 1:
            continue
        key = row.key
        if key in rules.unverified:
            how = "placeholder value, unverified"
            unverified.append(key)
        elif key in TAIL_KEYS:
            how = "value set by tail_values"
        elif key in table.overridden:
            how = "value set by fan_table"
        else:
            how = "value from the source"
        items.append(ScoreItem(key, row.name, row.name_en, table[key], 1,
                               f"{row.definition} ({how})"))
    fan = sum(i.total for i in items)
    pattern = max(items, key=lambda i: i.fan).key
    note = _placeholder_note(unverified)
    return ScoreResult(RULES_NAME, tuple(items), fan, fan, fan * rules.stake, pattern,
                       (note,) if note else ())

