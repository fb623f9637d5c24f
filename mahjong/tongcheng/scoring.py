"""Scoring one winning hand on the 通称 table: every reading, each entry that applies,
the exclusions, 穷胡 as the floor, the best reading.

The compiled kernel (``_kernel.best_fans``) finds the fans of every reading as one bit per
row of the table (:data:`~.fans.ROWS`), applies the values, the exclusions and 穷胡, and
keeps the reading worth most; this module checks the input and turns the bits into an
itemised result. ``tests/slow_tongcheng.py`` is the plain Python version the kernel is
tested against.
"""
from __future__ import annotations

import functools
import struct
from typing import Any, Mapping, Optional

from ..additive import cached_labels, full_hand, tile_of
from ..errors import InvalidContextError, NotWinningError
from ..ruleset import ScoreItem, ScoreResult, check_kong_context, checked_win_bits
from . import _kernel
from .fans import ENTRY_KEYS, ROWS, TAIL_KEYS
from .rules import RULES_NAME, Rules, _placeholder_note

# WinFlag bits as plain ints (IntFlag operators are slow)
_SELF, _REPLACEMENT, _ROBBING, _HEAVENLY, _EARTHLY = 1, 2, 8, 32, 64
assert _kernel.FAN_KEYS == tuple(r.key for r in ROWS)
_INDEX = {r.key: i for i, r in enumerate(ROWS)}
#: per row, the mask of the rows it excludes (不计)
_EXCLUDES = struct.pack(f"{len(ROWS)}Q", *(sum(1 << _INDEX[k] for k in r.excludes)
                                           for r in ROWS))
#: the entries above the tail (穷胡 when none of them is left)
_ENTRIES = sum(1 << _INDEX[k] for k in ENTRY_KEYS if k != "qionghu")


def _check_context(counts, melds, flags: int, win_tile: int) -> None:
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
    rules = Rules.from_mapping(rules)
    ids, counts, ms, b = full_hand(hand, melds, win_tile=win_tile)
    flags = checked_win_bits(self_drawn, replacement, after_kong, robbing_kong, last_tile,
                             heavenly, earthly, first_round)
    return score_counts(counts, ms, b, tile_of(win_tile), flags, kouting, rules)


def score_counts(counts, melds, b, win: int, flags: int, kouting: bool,
                 rules: Rules) -> ScoreResult:
    """:func:`score` on checked input: concealed ``counts``, Meld objects, ``b`` the counts
    over hand and melds, the win flags as an int."""
    return _result(fan_mask(counts, melds, b, win, flags, kouting, rules), rules)


def fan_mask(counts, melds, b, win: int, flags: int, kouting: bool, rules: Rules) -> int:
    """The fans of the best reading as a bit mask (bit k = row k of :data:`ROWS`)."""
    if flags & (_REPLACEMENT | _ROBBING | _HEAVENLY | _EARTHLY):
        _check_context(counts, melds, flags, win)
    mask, total = _kernel.best_fans(counts, b, bytes([x for m in melds
                                                      for x in (m.type_code, m.tiles[0])]),
                                    win, flags, kouting, rules.table.packed, _EXCLUDES,
                                    _ENTRIES)
    if total < 0:
        raise NotWinningError("not a win: the tiles form neither four sets and a pair, nor "
                              "seven pairs, thirteen orphans or 十三不靠")
    return mask


@functools.lru_cache(maxsize=4096)
def _result(mask: int, rules: Rules) -> ScoreResult:
    """The itemised result of a fan mask (few combinations occur and ScoreResult is
    immutable, so each is built once)."""
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


#: ``(key, rules) -> (ScoreResult, items label)`` for settlement's payment reasons
labelled_result = cached_labels(_result)
