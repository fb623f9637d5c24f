"""Scoring one two-player winning hand: every reading, each fan that applies, the best
reading, the 13 番 cap.

The compiled kernel (``_kernel.win_fans``) counts the fans of every reading in table
order (:data:`~.fans.ROWS`) and keeps the reading worth most; this module checks the input
and turns the counts into an itemised result. ``tests/slow_two_player.py`` is the plain
Python version the kernel is tested against.
"""
from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence, Tuple

from mahjong_core import _types

from .._compat import renamed_argument
from ..additive import full_hand, tile_of
from ..errors import InvalidContextError, InvalidHandError, NotWinningError
from ..ruleset import ScoreItem, ScoreResult, check_kong_context, checked_win_bits
from ..tiles import TENHOU_NAMES, to_tile_ids
from ..validate import flag
from .fans import CAP, ROWS
from .rules import RULES_NAME, Rules
from . import _kernel

# WinFlag bits as plain ints (IntFlag operators are slow); the core defines them
_SELF, _REPLACEMENT, _ROBBING, _LAST, _HEAVENLY = (
    _types.WIN_SELF_DRAWN, _types.WIN_REPLACEMENT, _types.WIN_ROBBING_KONG, _types.WIN_LAST_TILE,
    _types.WIN_HEAVENLY)
assert _kernel.FAN_KEYS == tuple(r.key for r in ROWS)
_N_FANS = len(ROWS)
_KONG_CONTEXT = _REPLACEMENT | _ROBBING
# where a deprecation warning points: the caller of score() (compiled, score has no frame)
_CALLER = 3 if __file__.endswith(".py") else 2


def _check_context(counts, melds, flags: int, win_tile: int) -> None:
    """The win's circumstances against its holding (``counts``: the concealed tiles, read
    only for a kong circumstance)."""
    if flags & _KONG_CONTEXT:
        check_kong_context(counts, melds, flags, win_tile)
    if flags & _LAST and not flags & _SELF:
        raise InvalidContextError("last_tile (海底捞月) is a self-draw from the reserve after "
                                  "the live tiles ran out, not a win on a discard")
    if flags & _HEAVENLY and melds:
        raise InvalidContextError("heavenly (天胡): the initial 14 tiles have no melds")


def flower_kinds_of(flower_tiles, totals) -> Tuple[int, ...]:
    """The distinct shown 花牌 tiles, checked against the holding: a shown tile lies face
    up in the reserve, so shown + held copies are at most 4."""
    shown = shown_counts(shown_ids(flower_tiles))
    for t, n in shown:
        if n + totals[t] > 4:
            raise InvalidHandError(f"{n} shown 花牌 {TENHOU_NAMES[t]} and {totals[t]} held make "
                                   f"{n + totals[t]} copies: a tile has 4")
    return tuple(t for t, _ in shown)


def shown_ids(flower_tiles) -> Tuple[int, ...]:
    """The shown 花牌 tiles as ids, from ids or any tile notation."""
    if isinstance(flower_tiles, str):
        return tuple(to_tile_ids(flower_tiles))
    return tuple([tile_of(t) for t in flower_tiles])


def shown_counts(tiles: Tuple[int, ...]) -> Tuple[Tuple[int, int], ...]:
    """``(tile, copies shown)`` of the distinct shown tiles, by tile."""
    return tuple((t, tiles.count(t)) for t in sorted(set(tiles)))


def score(hand, melds=(), *, win_tile, self_drawn: bool = False, replacement: bool = False,
          after_kong: bool = False, robbing_kong: bool = False, last_tile: bool = False,
          heavenly: bool = False, earthly: bool = False, first_round: bool = False,
          ready: bool = False, flower_indicators: Sequence[Any] = (),
          rules: Optional[Rules | Mapping[str, Any]] = None,
          flower_tiles: Optional[Sequence[Any]] = None) -> ScoreResult:
    """Score one two-player winning hand.

    Parameters
    ----------
    hand : str or sequence of tile ids
        The concealed tiles after the win, winning tile included (or the 13 before it).
    melds : sequence of melds
        Chows, pungs, kongs, concealed kongs.
    win_tile : str or int
    self_drawn, replacement, robbing_kong, last_tile, heavenly, earthly : bool
        How the hand was won. ``robbing_kong`` (an added kong robbed) scores as a
        self-draw; ``last_tile`` is 海底捞月, the self-draw from the reserve.
        ``after_kong`` and ``first_round`` have no fan in this table.
    ready : bool
        The winner declared ready (报听) before the win.
    flower_indicators : tiles
        The 花牌 tiles shown face up (a record's ``flower_indicators``, the command line's
        ``--flower-indicators``); each copy of one among the winner's tiles is 1 番.
        ``flower_tiles=`` is its old name (deprecated).
    rules : Rules or mapping, optional

    Returns
    -------
    ScoreResult
        ``items`` itemised, ``uncapped_fan`` the sum, ``fan`` = min(sum, 13), ``value`` =
        fan × base (what the opponent pays).

    Examples
    --------
    >>> r = score("123m456m789m111z55z", win_tile="5z", self_drawn=True,
    ...           flower_indicators=["5z"])
    >>> r.fan, [i.key for i in r.items]
    (8, ['hupai', 'menqing', 'zimo', 'huapai', 'hunyise'])
    """
    if flower_tiles is not None:
        flower_indicators = renamed_argument("two_player.score", "flower_tiles",
                                             "flower_indicators", flower_indicators or None,
                                             flower_tiles, _CALLER)
    ready = flag(ready, "ready", InvalidContextError)
    rules = Rules.from_mapping(rules)
    ids, _, ms, _ = full_hand(hand, melds, win_tile=win_tile)
    flags = checked_win_bits(self_drawn, replacement, after_kong, robbing_kong, last_tile,
                             heavenly, earthly, first_round)
    return win_entry(ids, ms, tile_of(win_tile), flags, ready, shown_ids(flower_indicators),
                     rules)[0]


_CONTEXT = _REPLACEMENT | _ROBBING | _LAST | _HEAVENLY


def win_entry(hand, melds, win: int, flags: int, ready: bool, shown, rules: Rules) -> list:
    """The scored win on checked input, as its cached entry ``[ScoreResult, items label]``.

    ``hand``: the concealed tile ids (winning tile included) and ``melds`` Meld objects of
    a validated hand (:func:`~mahjong.additive.full_hand` or the record reader); ``flags``
    the win flags as an int; ``shown`` the ids of the shown 花牌 tiles. Raises what
    :func:`score` raises for a hand that does not win.
    """
    fans = _kernel.win_fans(hand, melds, flags, ready, shown, rules.table.packed, CAP)
    if type(fans) is not bytes or flags & _CONTEXT:
        _refuse(fans, hand, melds, win, flags, shown)
    entry = rules.results.get(fans)
    if entry is None:
        entry = rules.cache_result(fans, _result(fans, rules))
    if entry[0].uncapped_fan < rules.min_fan:
        raise NotWinningError(f"not a two-player win: {entry[0].uncapped_fan}番 is below the "
                              f"minimum min_fan={rules.min_fan}")
    return entry


def _refuse(fans, hand, melds, win: int, flags: int, shown) -> None:
    """Raise the error of a win the kernel refused (``fans`` an int) or whose circumstances
    need checking, in the order the checks are made: the shown 花牌 copies, the kong and
    last-tile circumstances, the winning shape."""
    if fans == _kernel.TOO_MANY_SHOWN:
        flower_kinds_of(shown, full_hand(hand, melds, checked=True)[3])
    if flags & _CONTEXT:
        counts = full_hand(hand, melds, checked=True)[1] if flags & _KONG_CONTEXT else None
        _check_context(counts, melds, flags, win)
    if fans == _kernel.NOT_A_WIN:
        raise NotWinningError("not a two-player win: the tiles form neither four sets and a "
                              "pair, nor seven pairs, nor thirteen orphans")


def _result(fans: bytes, rules: Rules) -> ScoreResult:
    """The itemised result of fan counts (one byte per row of :data:`ROWS`)."""
    table = rules.table
    items = []
    for row, n in zip(ROWS, fans):
        value = table[row.key]
        if n and value:
            how = "set by the fan_table option" if row.key in table.overridden else \
                "provisional"
            items.append(ScoreItem(row.key, row.name, row.name_en, value, n,
                                   f"{row.definition} ({how} value)"))
    uncapped = sum(i.total for i in items)
    fan = min(uncapped, CAP)
    pattern = max(items, key=lambda i: i.fan).key if items else "hupai"
    notes = (f"capped at {CAP}番 (役满) from {uncapped}番",) if uncapped > CAP else ()
    return ScoreResult(RULES_NAME, tuple(items), fan, uncapped, rules.value(fan), pattern,
                       notes)
