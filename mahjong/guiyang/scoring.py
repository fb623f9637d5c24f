# cython: annotation_typing=False
# (compiled by Cython for speed, see setup.py; the annotations stay documentation only)
"""Hand values of Guiyang 捉鸡: the hand type (the single highest, best reading), the
bonuses, the 豆 licence of a 平胡 discard win, and the best wait of a ready hand."""
from __future__ import annotations

from typing import Any, Mapping, Optional, Tuple

from .._reader import meld_pairs
from ..errors import InvalidContextError, NotWinningError
from ..ruleset import ScoreItem, ScoreResult, checked_win_bits, check_kong_context, suited_hand
from ..tiles import TENHOU_NAMES, parse_tile
from ..validate import flag
from . import _kernel
from .items import ITEMS, PATTERN_KEYS, PATTERN_REASONS
from .options import RULES_NAME, Rules

__all__ = ["score", "tenpai_value", "is_winning", "readings", "licence_gaps"]

#: the kernel's flat [MELD code, tile] pairs of Meld objects (the reader's)
meld_bytes = meld_pairs


def readings(hand, melds, win_tile: int) -> Tuple[str, ...]:
    """Every hand type the 14 tiles read as, by key (options not applied)."""
    bits = _kernel.readings(tuple(hand), meld_bytes(melds), win_tile)
    return tuple(k for p, k in enumerate(PATTERN_KEYS) if bits >> p & 1)


def licence_gaps(*, discarder: Optional[int], after_kong: bool, robbing_kong: bool,
                 discarder_ready: bool, ready: bool) -> str:
    """Why a 平胡 won on a discard without a 豆 has no licence: the four exceptions that
    are missing, in words (empty when one of them applies)."""
    if after_kong or robbing_kong or discarder_ready or ready:
        return ""
    who = "the discarder" if discarder is None else f"the discarder (seat {discarder})"
    return ("a 平胡 may win on a discard only with a 豆 (a kong) of its own, and none of the "
            "exceptions applies: it is not 热炮 (the discard did not follow the discarder's "
            "kong), not 抢杠 (no kong was robbed), " + who + " had not declared 报听, and the "
            "winner had not declared 报听")


def _result(pattern: int, rules: Rules, replacement: bool, ready: bool, heavenly: bool,
            earthly: bool) -> ScoreResult:
    """The ScoreResult of a hand type and its bonuses. Few combinations occur and results
    are immutable, so each is built once per Rules object (kept on it: hashing a Rules
    object for a shared cache would cost more than the lookup saves)."""
    key = (pattern, replacement, ready, heavenly and rules.tiandi_hu, earthly and rules.tiandi_hu)
    cache = rules.__dict__.get("_results")
    if cache is None:
        cache = {}
        object.__setattr__(rules, "_results", cache)
    result = cache.get(key)
    if result is None:
        result = cache[key] = _build_result(*key, rules)
    return result


def _build_result(pattern: int, replacement: bool, ready: bool, heavenly: bool,
                  earthly: bool, rules: Rules) -> ScoreResult:
    key = PATTERN_KEYS[pattern]
    row = ITEMS[key]
    items = [ScoreItem(key, row.name, row.name_en, rules.pattern_values[pattern], 1,
                       PATTERN_REASONS[key])]
    for flag, bonus, reason in ((replacement, "gangshanghu", "self-drawn on a kong replacement"),
                                (ready, "baoting", "declared ready (报听) at the start"),
                                (heavenly, "tianhu", "the dealer's first 14"),
                                (earthly, "dihu", "a non-dealer's first-turn win")):
        if flag:
            b = ITEMS[bonus]
            items.append(ScoreItem(bonus, b.name, b.name_en, rules.value(bonus), 1, reason))
    total = sum(i.total for i in items)
    return ScoreResult(RULES_NAME, tuple(items), total, total, total, key)


def score(hand, melds=(), *, win_tile, self_drawn: bool = False, replacement: bool = False,
          after_kong: bool = False, robbing_kong: bool = False, last_tile: bool = False,
          heavenly: bool = False, earthly: bool = False, first_round: bool = False,
          ready: bool = False, discarder_ready: bool = False,
          rules: Optional[Rules | Mapping[str, Any]] = None) -> ScoreResult:
    """Score one Guiyang winning hand on the chosen scale.

    Parameters
    ----------
    hand : str or sequence of tile ids
        The concealed tiles after the win, the winning tile included
        (``len(hand) + 3 * len(melds) == 14``), or the 13 before it (``win_tile`` is
        then added).
    melds : sequence of melds
        Pungs and kongs (``("pung", "222p")``, ``("concealed_kong", "7777s")``); no chow.
    win_tile : str or int
        The winning tile (one of ``hand``).
    self_drawn, replacement, robbing_kong : bool
        How it was won (杠上胡 = ``replacement``, a self-draw on a kong replacement).
    after_kong : bool
        热炮: the discard came right after the discarder's kong.
    ready, discarder_ready : bool
        The winner / the discarder had declared 报听.
    heavenly, earthly : bool
        天胡 / 地胡 (count only with the ``tiandi_hu`` option).
    last_tile, first_round : bool
        Accepted for a common call shape; Guiyang has no item for them.
    rules : Rules or mapping, optional

    Returns
    -------
    ScoreResult
        ``pattern`` = the hand type, ``items`` = it and the bonuses, ``value`` = what each
        payer pays (a robbed kong's player pays three times this).

    Raises
    ------
    NotWinningError
        Not a Guiyang hand.
    InvalidContextError
        Contradicting flags, or a 平胡 won on a discard without a 豆 and without any of the
        exceptions (热炮, 抢杠, a ready discarder, a ready winner).

    Examples
    --------
    >>> r = score("111s234p567p789m55m", win_tile="5m", self_drawn=True)
    >>> r.pattern, r.value
    ('pinghu', 10)
    >>> score("11223344556677s", win_tile="7s", rules={"scale": "B"}).value
    20
    """
    ready = flag(ready, "ready", InvalidContextError)
    discarder_ready = flag(discarder_ready, "discarder_ready", InvalidContextError)
    rules = Rules.from_mapping(rules)
    ids, counts, _, ms = suited_hand(hand, melds, size=14, win_tile=win_tile,
                                     rule_name="Guiyang")
    w = win_tile if type(win_tile) is int else parse_tile(win_tile)
    flags = checked_win_bits(self_drawn, replacement, after_kong, robbing_kong, last_tile,
                             heavenly, earthly, first_round)
    check_kong_context(counts, ms, flags, w)
    if discarder_ready and self_drawn:
        raise InvalidContextError("discarder_ready: a self-drawn win has no discarder")
    pattern, _ = _kernel.best_reading(ids, meld_bytes(ms), w, rules.pattern_values)
    if pattern < 0:
        raise NotWinningError("not a Guiyang win: the tiles form neither four sets and a "
                              "pair, nor seven pairs" + (", nor 地龙" if rules.di_long else ""))
    if PATTERN_KEYS[pattern] == "pinghu" and not self_drawn and \
            not any(m.is_kong for m in ms):
        gaps = licence_gaps(discarder=None, after_kong=after_kong, robbing_kong=robbing_kong,
                            discarder_ready=discarder_ready, ready=ready)
        if gaps:
            raise InvalidContextError(gaps)
    return _result(pattern, rules, bool(replacement), bool(ready), bool(heavenly),
                   bool(earthly))


def is_winning(hand, melds=(), win_tile=None, rules=None) -> bool:
    """True if the 14 tiles are a Guiyang hand (any way of winning; no licence check)."""
    rules = Rules.from_mapping(rules)
    ids, _, _, ms = suited_hand(hand, melds, size=14, win_tile=win_tile, rule_name="Guiyang")
    w = ids[-1] if win_tile is None else parse_tile(win_tile)
    return _kernel.best_reading(ids, meld_bytes(ms), w, rules.pattern_values)[0] >= 0


def tenpai_value(hand, melds=(), rules: Optional[Rules | Mapping[str, Any]] = None):
    """The best discard-win value of a 13-tile ready hand, as 黄庄查叫 counts it:
    ``(value, tile, hand type key)``, or None when the hand is not ready.

    The 豆 licence does not apply here (a ready 平胡 is worth 平胡).

    >>> tenpai_value("1122334455667s")
    (90, 24, 'qingqidui')
    """
    rules = Rules.from_mapping(rules)
    ids, _, _, ms = suited_hand(hand, melds, size=13, rule_name="Guiyang")
    return wait_value(ids, meld_bytes(ms), rules)


def wait_value(ids: tuple, melds: bytes, rules: Rules):
    """:func:`tenpai_value` on validated input (ids, kernel meld bytes)."""
    v, tile, pattern = _kernel.best_wait(ids, melds, rules.pattern_values,
                                         rules.tenpai_ignores_own_4_copies)
    if v < 0:
        return None
    return v, tile, PATTERN_KEYS[pattern]


def tile_name(t: int) -> str:
    return TENHOU_NAMES[t]
