"""Scoring one Huanggang winning hand: its base (基数), its 大胡 items, 硬胡, the winner's
番 items and the reading used (what each 赖子 stands for).

The room's compiled kernel (``_kernel.pyx``) finds every reading of the hand (each way the
held 赖子 can stand for tiles, and the loose 将一色 / 风一色 readings that need no set
structure), values each by the rules below and keeps the one that pays the most (就高);
this module validates the input and words the result.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

# the win circumstances the kernel reads: the shared WIN_* bits (their one definition)
from mahjong_core._types import WIN_LAST_TILE as LAST_TILE
from mahjong_core._types import WIN_REPLACEMENT as REPLACEMENT
from mahjong_core._types import WIN_ROBBING_KONG as ROBBING_KONG
from mahjong_core._types import WIN_SELF_DRAWN as SELF_DRAWN

from ..errors import InvalidContextError, InvalidHandError, NotWinningError
from ..hand import Meld, check_copies, parse_melds
from ..ruleset import ScoreItem, ScoreResult, check_kong_context, checked_win_bits
from ..tiles import TENHOU_NAMES, parse_tile, to_tile_ids
from ..validate import flag
from . import _kernel
from .rules import GREEN, RED, RULES_NAME, Rules, laizi_of, tile_label

# --- the item table -------------------------------------------------------------------
# 大胡 items: key -> (name, English name, base points). Several add their bases.
BIG_ITEMS: Dict[str, Tuple[str, str, int]] = {
    "qingyise": ("清一色", "full flush", 10),
    "jiangyise": ("将一色", "all 2/5/8", 10),
    "pengpenghu": ("碰碰胡", "all pungs", 10),
    "quanqiuren": ("全求人", "four exposed sets, won on a discard", 10),
    "gangkai": ("杠上开花", "win on a kong replacement", 10),
    "haidi": ("海底捞月", "win in the last-four-tiles phase", 10),
    "qianggang": ("抢杠", "robbing an added kong", 10),
    "fengyise": ("风一色", "all winds and 白 (paid at the top)", 0),
}
# 番 items of a player (winner or loser): key -> (name, English name, 番 per occurrence).
FAN_ITEMS: Dict[str, Tuple[str, str, int]] = {
    "chow": ("吃", "chow", 1),
    "pung": ("碰", "pung", 1),
    "exposed_kong": ("明杠", "exposed or added kong", 2),
    "concealed_kong": ("暗杠", "concealed kong", 2),
    "fixed_kong": ("红中杠/发财杠", "single kong of 红中 or 发财", 1),
    "laizi_kong": ("赖子杠", "single kong of the 赖子", 2),
    "kaikou": ("开口", "opened (开口番 mode)", 1),
    "hard": ("硬胡", "no 赖子 stands for another tile", 1),
    "dealer": ("庄家", "the dealer (屁胡 only)", 1),
    "zimo": ("自摸", "self-draw (屁胡 only)", 1),
    "fangchong": ("放冲", "the discarder (屁胡 only)", 1),
}
PIHU = ("pihu", "屁胡", "basic hand")


def fan_item(key: str, count: int = 1, reason: str = "") -> ScoreItem:
    name, name_en, fan = FAN_ITEMS[key]
    return ScoreItem(key, name, name_en, fan, count, reason)


def big_item(key: str) -> ScoreItem:
    name, name_en, points = BIG_ITEMS[key]
    return ScoreItem(key, name, name_en, points)


# --- results --------------------------------------------------------------------------

@dataclass(frozen=True)
class Reading:
    """How the hand was read: ``shape`` "regular" (4 sets + a pair; ``pair`` and the
    concealed ``sets`` as (kind, lowest tile)) or "jiangyise" / "fengyise" (no set
    structure); ``wildcards`` the tile each held 赖子 stands for (sorted), ``natural`` True
    when every one stands for its own kind (还原) or none is held."""

    shape: str
    pair: Optional[int] = None
    sets: Tuple[Tuple[str, int], ...] = ()
    wildcards: Tuple[int, ...] = ()
    natural: bool = True

    def to_json(self, **kwargs) -> str:
        """:meth:`to_dict` as a JSON string."""
        from .._compat import JsonText

        return JsonText.of(self.to_dict(), **kwargs)

    def to_dict(self) -> Dict[str, Any]:
        return {"shape": self.shape,
                "pair": None if self.pair is None else TENHOU_NAMES[self.pair],
                "sets": [[k, TENHOU_NAMES[t]] for k, t in self.sets],
                "wildcards": [TENHOU_NAMES[t] for t in self.wildcards],
                "natural": self.natural}

    def __str__(self) -> str:
        if self.shape != "regular":
            body = self.shape
        else:
            parts = [(TENHOU_NAMES[t][0] * 3 if k == "pung" else
                      "".join(str(t % 9 + 1 + d) for d in range(3))) + TENHOU_NAMES[t][1]
                     for k, t in self.sets]
            body = " ".join(parts + [TENHOU_NAMES[self.pair][0] * 2 + TENHOU_NAMES[self.pair][1]])
        if self.wildcards:
            body += " (赖子 as " + ", ".join(TENHOU_NAMES[t] for t in self.wildcards) + ")"
        return body


@dataclass(frozen=True)
class HuanggangResult(ScoreResult):
    """The value of one Huanggang win.

    ``base`` is 1 for a 屁胡, else the sum of the 大胡 items' 10s (``big_items``);
    ``payer_base`` the base of a payer who pays ×1.5 (the discarder, every payer of a
    self-drawn 大胡, the robbed player): equal to ``base`` where no ×1.5 applies;
    ``to_cap`` True for 风一色 (every share goes straight to the top); ``fan`` is F of the
    winner (``fan_items``), ``hard`` whether 硬胡 applies, ``reading`` the reading used,
    ``laizi`` the wildcard tile. ``value`` = base × 2^fan (a share for a loser with F 0).
    """

    big_items: Tuple[ScoreItem, ...] = ()
    fan_items: Tuple[ScoreItem, ...] = ()
    base: int = 1
    payer_base: int = 1
    to_cap: bool = False
    hard: bool = False
    reading: Optional[Reading] = None
    laizi: int = -1
    is_big: bool = False

    def to_dict(self) -> Dict[str, Any]:
        out = super().to_dict()
        out.update({"base": self.base, "payer_base": self.payer_base, "to_cap": self.to_cap,
                    "hard": self.hard, "is_big": self.is_big,
                    "big_items": [i.to_dict() for i in self.big_items],
                    "fan_items": [i.to_dict() for i in self.fan_items],
                    "reading": None if self.reading is None else self.reading.to_dict(),
                    "laizi": TENHOU_NAMES[self.laizi]})
        return out

    def items_label(self) -> str:
        return "+".join([i.name for i in self.big_items]) or PIHU[1]

    def __str__(self) -> str:
        lines = [f"赖子 {TENHOU_NAMES[self.laizi]}; reading: {self.reading}"]
        if self.to_cap:
            lines.append("风一色: every share goes straight to the cap (封顶)")
        elif self.big_items:
            lines.append("大胡: " + " + ".join(f"{i.name} {i.fan}" for i in self.big_items)
                         + f" = base {self.base}"
                         + (f" (×1.5 = {self.payer_base} for the discarder / self-draw payers)"
                            if self.payer_base != self.base else ""))
        else:
            lines.append("屁胡: base 1")
        lines.append("F(winner) = " + (" + ".join(
            f"{i.name}{i.fan}" + (f"×{i.count}" if i.count > 1 else "") for i in self.fan_items)
            or "0") + f" = {self.fan}")
        lines.append(f"value for a loser with F 0: {self.value}"
                     + (" (before ×1.5 and caps)" if not self.to_cap else ""))
        lines += [f"note: {n}" for n in self.notes]
        return "\n".join(lines)


# --- player 番 ------------------------------------------------------------------------

def meld_fan_items(melds: Sequence[Meld], rules: Rules, laizi: int) -> List[ScoreItem]:
    """The 番 items a player's melds give (winner or loser), without the 屁胡-only items
    and 硬胡 (a new list: callers add to it)."""
    return list(_meld_fan_items(tuple(melds), rules.kaikou_mode, laizi))


@functools.lru_cache(maxsize=4096)
def _meld_fan_items(melds: Tuple[Meld, ...], kaikou_mode: str, laizi: int
                    ) -> Tuple[ScoreItem, ...]:
    chows = sum(1 for m in melds if m.kind == "chow")
    pungs = sum(1 for m in melds if m.kind == "pung")
    exposed = sum(1 for m in melds if m.kind == "kong")
    concealed = sum(1 for m in melds if m.kind == "concealed_kong")
    laizi_kongs = sum(1 for m in melds if m.is_single and m.tile == laizi)
    fixed = sum(1 for m in melds if m.is_single and m.tile != laizi)
    items: List[ScoreItem] = []
    if kaikou_mode == "koukou":
        if chows:
            items.append(fan_item("chow", chows))
        if pungs:
            items.append(fan_item("pung", pungs))
        if exposed:
            items.append(fan_item("exposed_kong", exposed))
    elif chows or pungs or exposed:
        items.append(fan_item("kaikou", 1, "has a chow, pung or exposed kong"))
    if concealed:
        items.append(fan_item("concealed_kong", concealed))
    if fixed:
        items.append(fan_item("fixed_kong", fixed))
    if laizi_kongs:
        items.append(fan_item("laizi_kong", laizi_kongs))
    return tuple(items)


def meld_fan(melds: Sequence[Meld], koukou: bool, laizi: int) -> int:
    """F from a player's melds (the total of :func:`meld_fan_items`, without building the
    items: settlement needs only the number for each loser)."""
    fan = 0
    opened = False
    for m in melds:
        kind = m.kind
        if kind == "chow" or kind == "pung":
            fan += koukou
            opened = True
        elif kind == "kong":
            fan += 2 if koukou else 0
            opened = True
        elif kind == "concealed_kong":
            fan += 2
        else:  # a single kong: 赖子杠 2, 红中/发财杠 1
            fan += 2 if m.tiles[0] == laizi else 1
    return fan if koukou or not opened else fan + 1


def has_opened(melds: Sequence[Meld]) -> bool:
    """开口 for winning: a chow, pung or exposed (or added) kong."""
    return any(m.kind in ("chow", "pung", "kong") for m in melds)


def total_fan(items: Sequence[ScoreItem]) -> int:
    return sum(i.total for i in items)


# --- input ----------------------------------------------------------------------------

def prepare_hand(hand, melds, win_tile, indicator, rules: Rules, check: bool = True):
    """Validate a winning holding: (concealed ids, all melds, set melds, win tile, laizi,
    indicator). ``check=False`` is for a holding that a record's reader made: tile ids and
    Meld objects whose copies it has counted already."""
    if check:
        concealed = tuple(sorted(to_tile_ids(hand))) if not (
            isinstance(hand, tuple) and all(type(t) is int for t in hand)) else \
            tuple(sorted(hand))
        ms = tuple(melds) if isinstance(melds, tuple) and all(
            type(m) is Meld for m in melds) else parse_melds(melds)
    else:
        concealed = tuple(sorted(hand))
        ms = tuple(melds)
    try:
        ind = indicator if type(indicator) is int and 0 <= indicator < 34 else \
            parse_tile(indicator)
    except Exception as exc:
        raise InvalidHandError(f"indicator: {exc}") from None
    laizi = laizi_of(ind)
    fixed = rules.fixed_kong_tiles(ind)
    concealed, set_melds, w, n = _holding(concealed, ms, win_tile, laizi, fixed)
    if check:  # (a record's reader has checked its holdings already)
        check_copies(concealed, ms)
    _check_win_tile(concealed, w)
    return concealed, ms, set_melds, w, laizi, ind


def recorded_hand(hand, melds, win_tile, laizi: int, fixed):
    """:func:`prepare_hand` of a win a record's reader made (tile ids and Meld objects whose
    copies it has counted), with the 赖子 and the fixed kong tiles known: (concealed ids,
    all melds, set melds, win tile)."""
    ms = tuple(melds)
    concealed, set_melds, w, _ = _holding(tuple(sorted(hand)), ms, win_tile, laizi, fixed)
    _check_win_tile(concealed, w)
    return concealed, ms, set_melds, w


def _holding(concealed, ms, win_tile, laizi: int, fixed):
    """The checks of a winning holding's melds against the special tiles and of its size:
    (concealed with the winning tile, set melds, win tile, tile count)."""
    # the fixed kong tiles (红中, 发财, maybe the 赖子皮: two or three, as
    # Rules.fixed_kong_tiles gives them) as ints: -1 for "none"
    f0 = fixed[0] if len(fixed) > 0 else -1
    f1 = fixed[1] if len(fixed) > 1 else -1
    f2 = fixed[2] if len(fixed) > 2 else -1
    sets = []
    for m in ms:
        tiles = m.tiles
        if m.kind == "single_kong":
            t = tiles[0]
            if t != laizi and t != f0 and t != f1 and t != f2:
                raise InvalidHandError(
                    f"meld {m}: a single kong is of 红中, 发财 or the 赖子 "
                    f"({TENHOU_NAMES[laizi]}), not {TENHOU_NAMES[tiles[0]]}")
            continue
        special = False
        for t in tiles:
            if t == laizi or t == f0 or t == f1 or t == f2:
                special = True
        if special:
            if laizi in tiles:
                raise InvalidHandError(f"meld {m} uses the 赖子 {TENHOU_NAMES[laizi]}: a 赖子 "
                                       "never goes in a chow, pung or kong with other tiles")
            raise InvalidHandError(f"meld {m} uses {tile_label(m.tile)}: it is konged "
                                   "alone, never combined with other tiles")
        sets.append(m)
    set_melds = tuple(sets)
    n = len(concealed) + 3 * len(set_melds)
    w = win_tile if type(win_tile) is int and 0 <= win_tile < 34 else parse_tile(win_tile)
    if n == 13:  # the 13 tiles before the win plus ``win_tile``: the same hand
        concealed = tuple(sorted(concealed + (w,)))
        n = 14
    if n != 14:
        raise InvalidHandError(f"{len(concealed)} concealed tiles and {len(set_melds)} set "
                               f"meld(s) make {n} tiles; a winning hand has 14 with the "
                               "winning tile among them, or 13 plus win_tile (a kong counts "
                               "3, a single kong 0)")
    return concealed, set_melds, w, n


def _check_win_tile(concealed, w: int) -> None:
    if w not in concealed:
        raise InvalidHandError(f"the winning tile {TENHOU_NAMES[w]} is not among the concealed "
                               "tiles (the hand includes the winning tile)")


def score(hand, melds=(), *, win_tile, indicator, self_drawn: bool = False,
          replacement: bool = False, robbing_kong: bool = False, last_tile: bool = False,
          dealer: bool = False, rules: Optional[Rules | Mapping[str, Any]] = None
          ) -> HuanggangResult:
    """Score one Huanggang winning hand (without the losers: see :func:`settle`).

    Parameters
    ----------
    hand : str or sequence of tile ids
        The concealed tiles after the win, the winning tile included (14 tiles counting a
        set meld as 3; a single kong counts 0), or the 13 before it.
    melds : sequence of melds
        Chows, pungs, kongs (``kong`` = exposed or added), concealed kongs and
        ``single_kong`` melds (红中杠, 发财杠, 赖子杠: one tile each).
    win_tile : tile
    indicator : tile
        The turned-up 赖子皮; the 赖子 is the next tile (:func:`laizi_of`).
    self_drawn, replacement, robbing_kong, last_tile : bool
        自摸; 杠上开花 (a self-draw on a kong's replacement); 抢杠; 海底捞 (a self-draw in the
        last-four-tiles phase).
    dealer : bool
        The winner is the dealer (庄家 counts for a 屁胡 only).
    rules : Rules or mapping, optional

    Returns
    -------
    HuanggangResult
        The base, the 大胡 items, 硬胡, the winner's 番 items and the reading used. The
        winning conditions that need the losers (起胡 at 64 points) are checked by
        :func:`settle`.

    Raises
    ------
    NotWinningError
        Not a Huanggang win: 红中/发财 in hand, not opened (开口), no winning shape, or
        two 赖子 in a 屁胡.
    InvalidHandError, InvalidContextError
        Bad tiles or melds, or win circumstances that contradict each other or the hand.

    Examples
    --------
    >>> r = score("234s567s55m", [("chow", "345m"), ("pung", "888p")], win_tile="7s",
    ...           indicator="3p", self_drawn=True)
    >>> r.base, r.fan, r.hard, [i.key for i in r.fan_items]
    (1, 4, True, ['chow', 'pung', 'hard', 'zimo'])
    >>> r = score("234p678s5m2z", [("pung", "777s"), ("kong", "9999m")], win_tile="8s",
    ...           indicator="1z")
    >>> r.hard, r.fan, r.reading.wildcards
    (False, 3, (4,))
    """
    dealer = flag(dealer, "dealer", InvalidContextError)
    rules = Rules.from_mapping(rules)
    concealed, ms, set_melds, w, laizi, ind = prepare_hand(hand, melds, win_tile, indicator,
                                                           rules)
    checked_win_bits(self_drawn, replacement, False, robbing_kong, last_tile, False, False)
    if last_tile and not self_drawn:
        raise InvalidContextError("last_tile (海底捞): in the last-four-tiles phase a player "
                                  "wins only by self-draw")
    if last_tile and replacement:
        raise InvalidContextError("last_tile (海底捞) and replacement (杠上开花) exclude each "
                                  "other: nobody kongs in the last-four-tiles phase")
    counts = [0] * 34
    for t in concealed:
        counts[t] += 1
    flags = self_drawn * 1 | replacement * 2 | robbing_kong * 8
    check_kong_context(counts, ms, flags, w)
    return _best(concealed, ms, set_melds, laizi, ind, rules,
                 win_flags(self_drawn, replacement, robbing_kong, last_tile), bool(dealer))


#: why a hand is not a Huanggang win (the ``status`` codes of :func:`score_batch`)
NOT_WINNING, PAIR_NOT_258, HOLDS_FIXED, NOT_OPENED, TWO_LAIZI = 1, 2, 3, 4, 5


#: 大胡 items in the order a result lists them, with their bits in the kernel's answer
_BIG_ORDER = tuple((key, _kernel.PY_BIG_BITS[key]) for key in (
    "fengyise", "qingyise", "jiangyise", "pengpenghu", "quanqiuren", "gangkai", "haidi",
    "qianggang"))
_BIG_ITEM = {key: big_item(key) for key in BIG_ITEMS}
_SET_NAMES = {_kernel.PY_SET_CHOW: "chow", _kernel.PY_SET_PUNG: "pung"}
_NO_PI_TILE = 255
NO_PI_TILE = _NO_PI_TILE    # (the kernel's "no 赖子皮 among the fixed kong tiles")


def win_flags(self_drawn: bool, replacement: bool, robbing_kong: bool, last_tile: bool) -> int:
    """The win circumstances as kernel bits."""
    return (SELF_DRAWN if self_drawn else 0) | (REPLACEMENT if replacement else 0) | (
        ROBBING_KONG if robbing_kong else 0) | (LAST_TILE if last_tile else 0)


def _not_winning(message: str, code: int) -> NotWinningError:
    exc = NotWinningError(message)
    exc.code = code
    return exc


def _why_not(code: int, concealed, laizi: int, ind: int, pi_tile: int) -> NotWinningError:
    """The error of a holding that is not a Huanggang win (status ``code``; ``pi_tile`` the
    赖子皮 ``ind`` when it is a fixed kong tile, else 255)."""
    if code == HOLDS_FIXED:
        held = [t for t in (GREEN, RED, pi_tile) if t in concealed]
        message = (f"the hand holds {tile_label(held[0])}: a winning hand may not hold 红中 "
                   "or 发财 (they are konged alone or discarded)"
                   + (" nor the 赖子皮" if ind in held else ""))
    elif code == NOT_OPENED:
        message = ("the hand has not opened (开口): a win needs a chow, pung or exposed kong "
                   "before it (concealed and single kongs do not open)")
    elif code == TWO_LAIZI:
        message = (f"a 屁胡 may keep at most one 赖子 in the concealed hand; this one holds "
                   f"{concealed.count(laizi)} {TENHOU_NAMES[laizi]} (杠上开花, 抢杠 and 海底捞 "
                   "are exempt)")
    elif code == PAIR_NOT_258:
        message = "its only readings are 屁胡 with a pair that is not a 2, 5 or 8 (将)"
    else:
        message = ("the tiles form no 4 sets + a pair, and are not all 2/5/8 (将一色) or all "
                   "winds and 白 (风一色)")
    return _not_winning(message, code)


def _pi_tile(rules: Rules, ind: int) -> int:
    """The 赖子皮 when it is a fixed kong tile too (option laizipi_special), else none."""
    fixed = rules.fixed_kong_tiles(ind)
    return fixed[2] if len(fixed) > 2 else _NO_PI_TILE


def _result(answer, concealed, ms, laizi: int, kaikou_mode: str, flags: int, dealer: bool
            ) -> HuanggangResult:
    """The result of the kernel's answer for one reading: (big bits, 硬胡, 番 beyond the
    melds, base, payer base, (shape, pair, sets, wildcards))."""
    bits, hard, _, base, payer_base, (shape, pair, sets, wildcards) = answer
    big = [key for key, bit in _BIG_ORDER if bits & bit]
    is_big = bool(big)
    to_cap = "fengyise" in big
    fan_items = list(_meld_fan_items(ms, kaikou_mode, laizi))
    if hard:
        fan_items.append(fan_item("hard", 1, "no 赖子 stands for another tile"
                                  if laizi in concealed else "no 赖子 in hand"))
    if not is_big:
        if dealer:
            fan_items.append(fan_item("dealer"))
        if flags & SELF_DRAWN:
            fan_items.append(fan_item("zimo"))
    fan = total_fan(fan_items)
    big_items = (_BIG_ITEM["fengyise"],) if to_cap else tuple(_BIG_ITEM[k] for k in big)
    reading = Reading(shape, pair, tuple((_SET_NAMES[k], t) for k, t in sets), wildcards,
                      bool(hard))
    fan_items = tuple(fan_items)
    return HuanggangResult(RULES_NAME, big_items + fan_items, fan, fan, base << fan,
                           big[0] if big else PIHU[0], big_items=big_items,
                           fan_items=fan_items, base=base, payer_base=payer_base,
                           to_cap=to_cap, hard=bool(hard), reading=reading, laizi=laizi,
                           is_big=is_big)


def _best(concealed, ms, set_melds, laizi, ind, rules, flags, dealer) -> HuanggangResult:
    """The best result of a validated holding (``flags``: :func:`win_flags`)."""
    return _best_of(concealed, ms, laizi, ind, _pi_tile(rules, ind), rules.kaikou_mode,
                    rules.qianggang_plus5, flags, dealer)


_BEST_RESULTS: Dict[tuple, HuanggangResult] = {}   # see _best_of
_BEST_RESULTS_MAX = 16384


def _best_of(concealed, ms, laizi, ind, pi_tile, kaikou_mode, plus5, flags, dealer
             ) -> HuanggangResult:
    """:func:`_best` keyed on what the result depends on. Results are immutable: cached (at
    most 16384, emptied when full), so a hand met again costs one lookup; errors are not
    cached. The melds enter the key as (kind, tiles) pairs: hashing those is a C call, a
    Meld's own hash a Python one."""
    key = (concealed, tuple([(m.kind, m.tiles) for m in ms]), laizi, ind, pi_tile,
           kaikou_mode, plus5, flags, dealer)
    result = _BEST_RESULTS.get(key)
    if result is None:
        result = _best_uncached(concealed, ms, laizi, ind, pi_tile, kaikou_mode, plus5,
                                flags, dealer)
        if len(_BEST_RESULTS) >= _BEST_RESULTS_MAX:
            _BEST_RESULTS.clear()
        _BEST_RESULTS[key] = result
    return result


def _best_uncached(concealed, ms, laizi, ind, pi_tile, kaikou_mode, plus5, flags, dealer
                   ) -> HuanggangResult:
    set_melds = tuple([m for m in ms if m.kind != "single_kong"])
    status, answer = _kernel.score_hand(concealed, set_melds, laizi, pi_tile, flags, dealer,
                                        plus5)
    if status:
        raise _why_not(status, concealed, laizi, ind, pi_tile)
    return _result(answer, concealed, ms, laizi, kaikou_mode, flags, dealer)


def all_results(hand, melds=(), *, win_tile, indicator, self_drawn=False, replacement=False,
                robbing_kong=False, last_tile=False, dealer=False, rules=None
                ) -> List[HuanggangResult]:
    """The result of every winning reading of the hand (for checking 就高: :func:`score`
    returns the one that pays the most), in the order: readings without a 赖子 as the
    core splits them, readings with 赖子 by what the 赖子 stand for, then pair, then sets;
    then 将一色 and 风一色."""
    dealer = flag(dealer, "dealer", InvalidContextError)
    rules = Rules.from_mapping(rules)
    concealed, ms, set_melds, w, laizi, ind = prepare_hand(hand, melds, win_tile, indicator,
                                                           rules)
    flags = win_flags(self_drawn, replacement, robbing_kong, last_tile)
    answers = _kernel.hand_readings(concealed, set_melds, laizi, flags, dealer,
                                    rules.qianggang_plus5)
    regular, loose, seen = [], [], set()
    for answer in answers:
        reading = answer[-1]
        if reading[0] != "regular":
            loose.append(answer)
        elif reading not in seen:
            seen.add(reading)
            regular.append(answer)
    if laizi in concealed:
        regular.sort(key=lambda a: (a[-1][3], a[-1][1],
                                    tuple((_SET_NAMES[k], t) for k, t in a[-1][2])))
    return [_result(a, concealed, ms, laizi, rules.kaikou_mode, flags, dealer)
            for a in regular + loose]


@functools.lru_cache(maxsize=4096)
def is_tenpai(concealed: Tuple[int, ...], set_melds: Tuple[Meld, ...], laizi: int,
              fixed: Tuple[int, ...] = (GREEN, RED)) -> bool:
    """A 13-tile holding that some tile would complete to a Huanggang winning shape (a 屁胡
    with a 2/5/8 pair or a 大胡 shape; 开口, 起胡 and the one-赖子 limit aside): the tenpai
    test of 承包."""
    return _kernel.tenpai(concealed, set_melds, laizi, tuple(fixed))


#: the cache-emptying functions of the modules built on this one (settlement adds its own
#: when imported), called by :func:`clear_caches`
CACHE_CLEARERS: List[Any] = []


def clear_caches() -> None:
    """Empty the caches of readings and results, and those of settling (benchmarks measure
    cold runs with it)."""
    for f in (_meld_fan_items, is_tenpai):
        f.cache_clear()
    _BEST_RESULTS.clear()
    for clear in CACHE_CLEARERS:
        clear()
