"""Scoring one Huanggang winning hand: its base (基数), its 大胡 items, 硬胡, the winner's
番 items and the reading used (what each 赖子 stands for).

Every reading of the hand comes from the wildcard core (:func:`mahjong.decompositions`
with ``wildcard=`` the 赖子); this module only decides which readings are Huanggang wins
and what each is worth, and keeps the one that pays the most (就高). 将一色 and 风一色 need
no set structure: a 赖子 stands for any tile of the kind they allow.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from ..analysis import decompositions
from ..errors import InvalidContextError, InvalidHandError, NotWinningError
from ..hand import Meld, check_copies, parse_melds
from ..ruleset import ScoreItem, ScoreResult, check_kong_context, checked_win_bits
from ..tiles import TENHOU_NAMES, parse_tile, to_tile_ids
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

_TILES_258 = frozenset(t for t in range(27) if t % 9 in (1, 4, 7))
_WINDS_WHITE = frozenset(range(27, 32))


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

    def to_json(self) -> Dict[str, Any]:
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

    def to_json(self) -> Dict[str, Any]:
        out = super().to_json()
        out.update({"base": self.base, "payer_base": self.payer_base, "to_cap": self.to_cap,
                    "hard": self.hard, "is_big": self.is_big,
                    "big_items": [i.to_json() for i in self.big_items],
                    "fan_items": [i.to_json() for i in self.fan_items],
                    "reading": None if self.reading is None else self.reading.to_json(),
                    "laizi": TENHOU_NAMES[self.laizi]})
        return out

    def items_label(self) -> str:
        return "+".join(i.name for i in self.big_items) or PIHU[1]

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


def has_opened(melds: Sequence[Meld]) -> bool:
    """开口 for winning: a chow, pung or exposed (or added) kong."""
    return any(m.kind in ("chow", "pung", "kong") for m in melds)


def shows_opened(melds: Sequence[Meld]) -> bool:
    """"Opened" for the cap tiers: 开口, or any single kong (红中/发财/赖子杠)."""
    return any(m.kind in ("chow", "pung", "kong", "single_kong") for m in melds)


def total_fan(items: Sequence[ScoreItem]) -> int:
    return sum(i.total for i in items)


# --- readings -------------------------------------------------------------------------

def _loose_reading(real: Sequence[int], meld_tiles: Sequence[int], n_wild: int,
                   laizi: int, allowed: frozenset, shape: str) -> Optional[Reading]:
    """将一色 / 风一色: every tile (real, in melds, and what the 赖子 stand for) in
    ``allowed``; no set structure. A 赖子 stands for itself when its kind is allowed."""
    if any(t not in allowed for t in real) or any(t not in allowed for t in meld_tiles):
        return None
    if laizi in allowed:
        return Reading(shape, wildcards=(laizi,) * n_wild, natural=True)
    stand = min(real) if real else min(allowed)
    return Reading(shape, wildcards=(stand,) * n_wild, natural=n_wild == 0)


@functools.lru_cache(maxsize=65536)
def hand_readings(concealed: Tuple[int, ...], set_melds: Tuple[Meld, ...], laizi: int
                  ) -> Tuple[Reading, ...]:
    """Every reading of a 14-tile holding that could be a Huanggang win: the regular
    readings of the wildcard core and the loose 将一色 / 风一色 readings."""
    n_wild = concealed.count(laizi)
    out: List[Reading] = []
    for d in decompositions(list(concealed), set_melds,
                            wildcard=laizi if n_wild else None):
        if d.form == "regular":
            out.append(Reading("regular", d.pair, d.sets, d.wildcards if n_wild else (),
                               d.natural))
    real = [t for t in concealed if t != laizi]
    meld_tiles = [t for m in set_melds for t in m.tiles]
    for allowed, shape in ((_TILES_258, "jiangyise"), (_WINDS_WHITE, "fengyise")):
        r = _loose_reading(real, meld_tiles, n_wild, laizi, allowed, shape)
        if r is not None:
            out.append(r)
    return tuple(out)


def reading_tiles(reading: Reading, set_melds: Sequence[Meld]) -> List[int]:
    """Every tile of the hand as read (concealed target and set melds)."""
    tiles = [t for m in set_melds for t in m.tiles]
    if reading.shape == "regular":
        tiles += [reading.pair, reading.pair]
        for kind, t in reading.sets:
            tiles += [t, t, t] if kind == "pung" else [t, t + 1, t + 2]
    return tiles


@dataclass(frozen=True)
class _Context:
    self_drawn: bool
    replacement: bool
    robbing_kong: bool
    last_tile: bool
    dealer: bool


def reading_value(reading: Reading, concealed: Tuple[int, ...], set_melds: Tuple[Meld, ...],
                  melds: Tuple[Meld, ...], laizi: int, ctx: _Context, rules: Rules
                  ) -> Tuple[Optional[HuanggangResult], str]:
    """The result of one reading, or (None, why it is not a Huanggang win)."""
    tiles = reading_tiles(reading, set_melds)
    if reading.shape != "regular":
        tiles = [t for t in tiles] + [t for t in concealed if t != laizi] + list(
            reading.wildcards)
    big: List[str] = []
    if reading.shape == "fengyise" or (tiles and all(t in _WINDS_WHITE for t in tiles)):
        big.append("fengyise")
    if reading.shape == "regular":
        suits = {t // 9 for t in tiles}
        if len(suits) == 1 and max(tiles) < 27:
            big.append("qingyise")
    if reading.shape == "jiangyise" or all(t in _TILES_258 for t in tiles):
        big.append("jiangyise")
    if reading.shape == "regular":
        if all(k == "pung" for k, _ in reading.sets) and all(
                m.kind != "chow" for m in set_melds):
            big.append("pengpenghu")
        if (len(set_melds) == 4 and all(m.kind in ("chow", "pung", "kong") for m in set_melds)
                and not ctx.self_drawn and not ctx.robbing_kong
                and reading.pair in _TILES_258):
            big.append("quanqiuren")
    shape_items = bool(big)
    if not shape_items and (reading.shape != "regular" or reading.pair not in _TILES_258):
        return None, "pair"
    if ctx.replacement:
        big.append("gangkai")
    if ctx.last_tile:
        big.append("haidi")
    if ctx.robbing_kong:
        big.append("qianggang")
    n_wild = concealed.count(laizi)
    if not big and n_wild > 1:
        return None, "two_laizi"
    is_big = bool(big)
    to_cap = "fengyise" in big
    fan_items = meld_fan_items(melds, rules, laizi)
    hard = reading.natural
    if hard:
        fan_items.append(fan_item("hard", 1, "no 赖子 stands for another tile"
                                  if n_wild else "no 赖子 in hand"))
    if not is_big:
        if ctx.dealer:
            fan_items.append(fan_item("dealer"))
        if ctx.self_drawn:
            fan_items.append(fan_item("zimo"))
    fan = total_fan(fan_items)
    if to_cap:
        big_items = (big_item("fengyise"),)
        base = payer_base = 0
    elif is_big:
        big_items = tuple(big_item(k) for k in big)
        base = 10 * len(big_items)
        x15 = not (ctx.replacement or ctx.last_tile) and (
            not ctx.robbing_kong or rules.qianggang_plus5)
        payer_base = base * 3 // 2 if x15 else base
    else:
        big_items = ()
        base = payer_base = 1
    pattern = big[0] if big else PIHU[0]
    items = big_items + tuple(fan_items)
    result = HuanggangResult(RULES_NAME, items, fan, fan, base << fan, pattern,
                             big_items=big_items, fan_items=tuple(fan_items), base=base,
                             payer_base=payer_base, to_cap=to_cap, hard=hard,
                             reading=reading, laizi=laizi, is_big=is_big)
    return result, ""


def result_key(r: HuanggangResult) -> Tuple:
    """The order of 就高: 风一色 (the top) first, then the most paid by a loser with F 0
    and a payer base (a 大胡 pays more than any 屁胡 reading of the same tiles), then 硬胡."""
    return (r.to_cap, r.payer_base << r.fan, r.base << r.fan, r.hard, len(r.big_items))


# --- input ----------------------------------------------------------------------------

def prepare_hand(hand, melds, win_tile, indicator, rules: Rules, check: bool = True):
    """Validate a winning holding: (concealed ids, all melds, set melds, win tile, laizi,
    indicator)."""
    concealed = tuple(sorted(to_tile_ids(hand))) if not (
        isinstance(hand, tuple) and all(type(t) is int for t in hand)) else tuple(sorted(hand))
    ms = tuple(melds) if isinstance(melds, tuple) and all(
        type(m) is Meld for m in melds) else parse_melds(melds)
    try:
        ind = indicator if type(indicator) is int and 0 <= indicator < 34 else \
            parse_tile(indicator)
    except Exception as exc:
        raise InvalidHandError(f"indicator: {exc}") from None
    laizi = laizi_of(ind)
    fixed = rules.fixed_kong_tiles(ind)
    for m in ms:
        if m.is_single:
            if m.tile != laizi and m.tile not in fixed:
                raise InvalidHandError(
                    f"meld {m}: a single kong is of 红中, 发财 or the 赖子 "
                    f"({TENHOU_NAMES[laizi]}), not {TENHOU_NAMES[m.tile]}")
        elif laizi in m.tiles:
            raise InvalidHandError(f"meld {m} uses the 赖子 {TENHOU_NAMES[laizi]}: a 赖子 "
                                   "never goes in a chow, pung or kong with other tiles")
        elif any(t in fixed for t in m.tiles):
            raise InvalidHandError(f"meld {m} uses {tile_label(m.tile)}: it is konged alone, "
                                   "never combined with other tiles")
    set_melds = tuple(m for m in ms if not m.is_single)
    n = len(concealed) + 3 * len(set_melds)
    if n != 14:
        raise InvalidHandError(f"{len(concealed)} concealed tiles and {len(set_melds)} set "
                               f"meld(s) make {n} tiles; a winning hand has 14 (a kong counts "
                               "3, a single kong 0)")
    if check:  # (a record's reader has checked its holdings already)
        check_copies(concealed, ms)
    w = win_tile if type(win_tile) is int and 0 <= win_tile < 34 else parse_tile(win_tile)
    if w not in concealed:
        raise InvalidHandError(f"the winning tile {TENHOU_NAMES[w]} is not among the concealed "
                               "tiles (the hand includes the winning tile)")
    return concealed, ms, set_melds, w, laizi, ind


def _why_not(concealed, set_melds, ms, laizi, fixed, reasons: List[str]) -> str:
    if not reasons:
        return ("the tiles form no 4 sets + a pair, and are not all 2/5/8 (将一色) or all "
                "winds and 白 (风一色)")
    if "two_laizi" in reasons:
        return (f"a 屁胡 may keep at most one 赖子 in the concealed hand; this one holds "
                f"{concealed.count(laizi)} {TENHOU_NAMES[laizi]} (杠上开花, 抢杠 and 海底捞 "
                "are exempt)")
    return "its only readings are 屁胡 with a pair that is not a 2, 5 or 8 (将)"


def score(hand, melds=(), *, win_tile, indicator, self_drawn: bool = False,
          replacement: bool = False, robbing_kong: bool = False, last_tile: bool = False,
          dealer: bool = False, rules: Optional[Rules | Mapping[str, Any]] = None
          ) -> HuanggangResult:
    """Score one Huanggang winning hand (without the losers: see :func:`settle`).

    Parameters
    ----------
    hand : str or sequence of tile ids
        The concealed tiles after the win, the winning tile included (14 tiles counting a
        set meld as 3; a single kong counts 0).
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
                 _Context(self_drawn, replacement, robbing_kong, last_tile, dealer))


#: why a hand is not a Huanggang win (the ``status`` codes of :func:`score_batch`)
NOT_WINNING, PAIR_NOT_258, HOLDS_FIXED, NOT_OPENED, TWO_LAIZI = 1, 2, 3, 4, 5


def _not_winning(message: str, code: int) -> NotWinningError:
    exc = NotWinningError(message)
    exc.code = code
    return exc


@functools.lru_cache(maxsize=16384)
def _best(concealed, ms, set_melds, laizi, ind, rules, ctx) -> HuanggangResult:
    """The best result of a validated holding (results are immutable: cached, so a hand
    met again costs one lookup; errors are not cached)."""
    fixed = rules.fixed_kong_tiles(ind)
    held = [t for t in fixed if t in concealed]
    if held:
        raise _not_winning(f"the hand holds {tile_label(held[0])}: a winning hand may not "
                              "hold 红中 or 发财 (they are konged alone or discarded)"
                           + (" nor the 赖子皮" if ind in held else ""), HOLDS_FIXED)
    if not has_opened(set_melds):
        raise _not_winning("the hand has not opened (开口): a win needs a chow, pung or "
                           "exposed kong before it (concealed and single kongs do not open)",
                           NOT_OPENED)
    best = None
    reasons: List[str] = []
    for reading in hand_readings(concealed, set_melds, laizi):
        result, why = reading_value(reading, concealed, set_melds, ms, laizi, ctx, rules)
        if result is None:
            reasons.append(why)
        elif best is None or result_key(result) > result_key(best):
            best = result
    if best is None:
        code = TWO_LAIZI if "two_laizi" in reasons else (
            PAIR_NOT_258 if reasons else NOT_WINNING)
        raise _not_winning(_why_not(concealed, set_melds, ms, laizi, fixed, reasons), code)
    return best


def all_results(hand, melds=(), *, win_tile, indicator, self_drawn=False, replacement=False,
                robbing_kong=False, last_tile=False, dealer=False, rules=None
                ) -> List[HuanggangResult]:
    """The result of every winning reading of the hand (for checking 就高: :func:`score`
    returns the one that pays the most)."""
    rules = Rules.from_mapping(rules)
    concealed, ms, set_melds, w, laizi, ind = prepare_hand(hand, melds, win_tile, indicator,
                                                           rules)
    ctx = _Context(self_drawn, replacement, robbing_kong, last_tile, dealer)
    out = []
    for reading in hand_readings(concealed, set_melds, laizi):
        result, _ = reading_value(reading, concealed, set_melds, ms, laizi, ctx, rules)
        if result is not None:
            out.append(result)
    return out


def is_winning_shape(concealed: Tuple[int, ...], set_melds: Tuple[Meld, ...], laizi: int
                     ) -> bool:
    """Whether a 14-tile holding has a Huanggang winning shape (a 屁胡 with a 2/5/8 pair or
    a 大胡 shape), ignoring 开口, 起胡 and the one-赖子 limit (the tenpai test of 承包)."""
    ctx = _Context(False, False, False, False, False)
    rules = Rules()
    for reading in hand_readings(concealed, set_melds, laizi):
        if reading.shape != "regular" or reading.pair in _TILES_258:
            return True
        r, _ = reading_value(reading, concealed, set_melds, set_melds, laizi, ctx, rules)
        if r is not None:
            return True
    return False


@functools.lru_cache(maxsize=4096)
def is_tenpai(concealed: Tuple[int, ...], set_melds: Tuple[Meld, ...], laizi: int,
              fixed: Tuple[int, ...] = (GREEN, RED)) -> bool:
    """A 13-tile holding that some tile would complete to a Huanggang winning shape."""
    if any(t in fixed for t in concealed):
        return False
    held = [0] * 34
    for t in concealed:
        held[t] += 1
    for m in set_melds:
        for t in m.tiles:
            held[t] += 1
    for t in range(34):
        if t in fixed or held[t] >= 4:
            continue
        if is_winning_shape(tuple(sorted(concealed + (t,))), set_melds, laizi):
            return True
    return False


def clear_caches() -> None:
    """Empty the caches of readings and results (benchmarks measure cold runs with it)."""
    for f in (hand_readings, _best, _meld_fan_items, is_tenpai):
        f.cache_clear()
