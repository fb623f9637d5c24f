"""Ready-hand preview: what each winning tile of a ready (听牌) hand is worth.

A wait counts only if a copy of it can still come: kinds the player already holds all
four of (standing tiles + melds) are skipped (空听 is judged on the
player's own tiles only, never on other players' discards). ``fourth_tile`` (和绝张)
stays a caller flag: this function cannot see the table.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Tuple

import numpy as np

from .._compat import renamed_argument
from ..errors import InvalidContextError, NotWinningError
from ..tiles import TENHOU_NAMES
from .fans import MIN_FANS
from .lianzhong import CONTEXT_FLAGS as LIANZHONG_FLAGS
from .lianzhong import LianzhongContext
from .scoring import (REPLACEMENT, RULE_SETS, SELF_DRAWN, ScoredFan, ScoreResult,
                      _check_lianzhong_context, _flag, _kernel, _parse_melds,
                      _reject_lianzhong_flags, _standing_counts, prepare, score)


@dataclass(frozen=True)
class WaitValue:
    """One winning tile of a ready hand and the score it would give.

    ``result`` is the full :class:`ScoreResult`; it is None, and ``error`` says why,
    when the given context cannot happen with this tile (e.g. ``robbing_kong=True`` for a
    tile the player holds a copy of).
    """

    tile: int
    copies_left: int
    result: Optional[ScoreResult]
    error: Optional[str] = None

    @property
    def name(self) -> str:
        return TENHOU_NAMES[self.tile]

    @property
    def fans(self) -> Tuple[ScoredFan, ...]:
        return self.result.fans if self.result is not None else ()

    @property
    def total(self) -> int:
        return self.result.total if self.result is not None else 0

    @property
    def base_total(self) -> int:
        return self.result.base_total if self.result is not None else 0

    @property
    def meets_minimum(self) -> bool:
        """True when winning on this tile reaches the 8-fan minimum (without flowers)."""
        return self.result is not None and self.result.meets_minimum

    def __str__(self) -> str:
        if self.result is None:
            return f"{self.name}: {self.error}"
        mark = "" if self.meets_minimum else f" (below {MIN_FANS})"
        fans = " ".join(str(f) for f in self.fans)
        return f"{self.name}: {self.total}{mark}  {fans}"


def _screen_waits(counts: bytearray, rows, flags: int, seat: int, rnd: int,
                  candidates) -> list:
    """Tiles of ``candidates`` that complete the hand (one batch kernel call)."""
    n = len(candidates)
    concealed = np.tile(np.frombuffer(bytes(counts), dtype=np.uint8), (n, 1))
    melds = np.zeros((n, 4, 2), dtype=np.uint8)
    for i, (kind, tile) in enumerate(rows):
        melds[:, i, 0] = kind
        melds[:, i, 1] = tile
    # Context bits that depend on the tile are left out: they cannot make a hand win.
    keep = flags & SELF_DRAWN
    if keep and flags & REPLACEMENT:
        keep |= REPLACEMENT
    totals, _ = _kernel.score_batch_kernel(
        concealed, np.asarray(candidates, dtype=np.uint8), melds,
        np.full(n, keep, dtype=np.uint8), np.full(n, seat, dtype=np.uint8),
        np.full(n, rnd, dtype=np.uint8), np.zeros(n, dtype=np.uint8), 1)
    return [t for t, total in zip(candidates, totals.tolist()) if total >= 0]


_CONTEXT_KEYWORDS = {
    "self_drawn", "fourth_tile", "replacement", "robbing_kong", "last_tile", "seat_wind",
    "round_wind", "flowers", "rules", "heavenly", "earthly", "first_round", "heavenly_ready",
    "options", "ming_an_gang_5"}


def _check_rules(context, flags, seat, melds) -> None:
    """The rule-set checks of score(), made once up front (a hand that is not ready
    must not hide a bad argument)."""
    rules = context.get("rules", "standard")
    flag_values = [context.get(k, False) for k in LIANZHONG_FLAGS]
    if rules == "standard":
        _reject_lianzhong_flags(*flag_values, context.get("options"))
    elif rules == "lianzhong":
        _check_lianzhong_context(LianzhongContext(*[_flag(v, k) for k, v in zip(
            LIANZHONG_FLAGS, flag_values)]), flags, seat, melds)
    else:
        raise InvalidContextError(f"rules: unknown rule set {rules!r}; use one of "
                                  f"{', '.join(RULE_SETS)}")


def wait_values(hand=None, melds=(), *, tiles=None, **context) -> Tuple[WaitValue, ...]:
    """The winning tiles of a ready hand, each with its fans, total and 8-fan check.

    Parameters
    ----------
    hand : str or sequence of int
        The standing tiles of a 13-tile hand (13 minus 3 per meld), as for :func:`score`
        (``tiles=`` is its old name, kept for one release with a DeprecationWarning).
    melds : sequence, optional
        Called sets, as for :func:`score`.
    **context
        Any keyword of :func:`score` except ``win_tile`` (``self_drawn``, ``seat_wind``,
        ``last_tile``, ``rules="lianzhong"`` ...), applied to every wait (``last_of_wall``
        is the old name of ``last_tile``, deprecated).

    Returns
    -------
    tuple of WaitValue
        One per winning tile kind with a copy left, by tile id; empty when the hand is
        not ready.

    Raises
    ------
    InvalidHandError, TileParseError, InvalidContextError
        Bad tiles or melds, or a context no wait could have (e.g. ``replacement=True``
        without a kong).

    Examples
    --------
    >>> [w.name for w in wait_values("1112345678999m")]
    ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
    >>> [(w.name, w.total) for w in wait_values("1112345678999m")][:2]
    [('1m', 106), ('2m', 92)]
    """
    if tiles is not None:
        hand = renamed_argument("wait_values", "tiles", "hand", hand, tiles)
    if "last_of_wall" in context:
        context = dict(context)
        old = context.pop("last_of_wall")
        context["last_tile"] = renamed_argument("wait_values", "last_of_wall", "last_tile",
                                                context.get("last_tile"), old)
    if "win_tile" in context:
        raise InvalidContextError("win_tile: wait_values tries every tile; do not pass one")
    unknown = sorted(set(context) - _CONTEXT_KEYWORDS)
    if unknown:
        raise TypeError(f"wait_values() got unexpected keyword argument(s) {unknown}")
    args = {k: context.get(k, False) for k in (
        "self_drawn", "fourth_tile", "replacement", "robbing_kong", "last_tile")}
    args.update(seat_wind=context.get("seat_wind", 0), round_wind=context.get("round_wind", 0),
                flowers=context.get("flowers", 0))
    # Validate everything once with a probe winning tile the player does not hold four
    # of; the tile-specific checks (holding a copy of a robbed or fourth tile) are made
    # per wait below.
    standing, _ = _standing_counts(hand)
    held = bytearray(standing)
    for m in _parse_melds(melds):
        for t in m.tiles:
            held[t] = min(held[t] + 1, 255)
    probe = next((t for t in range(34) if held[t] < 4), 0)
    counts, _, rows, flags, seat, rnd, _, _ = prepare(
        hand, melds, probe, args["self_drawn"], False, args["replacement"], False,
        args["last_tile"], args["seat_wind"], args["round_wind"], args["flowers"])
    if args["robbing_kong"] and args["self_drawn"]:
        raise InvalidContextError(
            "robbing_kong=True (抢杠和) wins on another player's kong tile; it cannot be "
            "self_drawn")
    _check_rules(context, flags, seat, _parse_melds(melds))
    candidates = [t for t in range(34) if held[t] < 4]
    if _kernel is not None:  # which tiles complete the hand does not depend on the rules
        winners = _screen_waits(counts, rows, flags, seat, rnd, candidates)
    else:
        winners = candidates
    out = []
    for t in winners:
        try:
            result = score(hand, melds, win_tile=t, **context)
        except NotWinningError:
            continue
        except InvalidContextError as exc:
            if not (context.get("robbing_kong") or context.get("fourth_tile")) or not held[t]:
                raise
            out.append(WaitValue(t, 4 - held[t], None, str(exc)))
            continue
        out.append(WaitValue(t, 4 - held[t], result))
    return tuple(out)


__all__ = ["WaitValue", "wait_values"]
