"""The slow, obviously-correct twin of the Huanggang kernel's readings (the Python readings
the package used before ``_kernel.pyx`` found them): every reading of a winning hand from
the wildcard core (:func:`mahjong.decompositions` with ``wildcard=`` the 赖子) plus the
loose 将一色 / 风一色 readings, each valued by the rules in plain Python, and the best kept
(就高) with the first of equal worth winning. tests/test_huanggang_kernel.py holds the
kernel equal to this, hand by hand.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

from mahjong.analysis import decompositions
from mahjong.hand import Meld
from mahjong.huanggang.rules import GREEN, RED, Rules
from mahjong.huanggang.scoring import (PIHU, HuanggangResult, Reading, big_item, fan_item,
                                       has_opened, meld_fan_items, total_fan)
from mahjong.huanggang.scoring import (HOLDS_FIXED, NOT_OPENED, NOT_WINNING, PAIR_NOT_258,
                                       TWO_LAIZI)
from mahjong.huanggang.rules import RULES_NAME

TILES_258 = frozenset(t for t in range(27) if t % 9 in (1, 4, 7))
WINDS_WHITE = frozenset(range(27, 32))


@dataclass(frozen=True)
class Context:
    self_drawn: bool
    replacement: bool
    robbing_kong: bool
    last_tile: bool
    dealer: bool


def _loose_reading(real, meld_tiles, n_wild, laizi, allowed, shape) -> Optional[Reading]:
    """将一色 / 风一色: every tile (real, in melds, and what the 赖子 stand for) in
    ``allowed``; no set structure. A 赖子 stands for itself when its kind is allowed."""
    if any(t not in allowed for t in real) or any(t not in allowed for t in meld_tiles):
        return None
    if laizi in allowed:
        return Reading(shape, wildcards=(laizi,) * n_wild, natural=True)
    stand = min(real) if real else min(allowed)
    return Reading(shape, wildcards=(stand,) * n_wild, natural=n_wild == 0)


def hand_readings(concealed: Tuple[int, ...], set_melds: Tuple[Meld, ...], laizi: int
                  ) -> Tuple[Reading, ...]:
    """Every reading of a 14-tile holding that could be a Huanggang win."""
    n_wild = concealed.count(laizi)
    out: List[Reading] = []
    for d in decompositions(list(concealed), set_melds,
                            wildcard=laizi if n_wild else None):
        if d.form == "regular":
            out.append(Reading("regular", d.pair, d.sets, d.wildcards if n_wild else (),
                               d.natural))
    real = [t for t in concealed if t != laizi]
    meld_tiles = [t for m in set_melds for t in m.tiles]
    for allowed, shape in ((TILES_258, "jiangyise"), (WINDS_WHITE, "fengyise")):
        r = _loose_reading(real, meld_tiles, n_wild, laizi, allowed, shape)
        if r is not None:
            out.append(r)
    return tuple(out)


def reading_tiles(reading: Reading, set_melds: Sequence[Meld]) -> List[int]:
    tiles = [t for m in set_melds for t in m.tiles]
    if reading.shape == "regular":
        tiles += [reading.pair, reading.pair]
        for kind, t in reading.sets:
            tiles += [t, t, t] if kind == "pung" else [t, t + 1, t + 2]
    return tiles


def reading_value(reading, concealed, set_melds, melds, laizi, ctx: Context, rules: Rules):
    """The result of one reading, or (None, why it is not a Huanggang win)."""
    tiles = reading_tiles(reading, set_melds)
    if reading.shape != "regular":
        tiles = tiles + [t for t in concealed if t != laizi] + list(reading.wildcards)
    big: List[str] = []
    if reading.shape == "fengyise" or (tiles and all(t in WINDS_WHITE for t in tiles)):
        big.append("fengyise")
    if reading.shape == "regular":
        suits = {t // 9 for t in tiles}
        if len(suits) == 1 and max(tiles) < 27:
            big.append("qingyise")
    if reading.shape == "jiangyise" or all(t in TILES_258 for t in tiles):
        big.append("jiangyise")
    if reading.shape == "regular":
        if all(k == "pung" for k, _ in reading.sets) and all(
                m.kind != "chow" for m in set_melds):
            big.append("pengpenghu")
        if (len(set_melds) == 4 and all(m.kind in ("chow", "pung", "kong") for m in set_melds)
                and not ctx.self_drawn and not ctx.robbing_kong
                and reading.pair in TILES_258):
            big.append("quanqiuren")
    if not big and (reading.shape != "regular" or reading.pair not in TILES_258):
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
    return HuanggangResult(RULES_NAME, items, fan, fan, base << fan, pattern,
                           big_items=big_items, fan_items=tuple(fan_items), base=base,
                           payer_base=payer_base, to_cap=to_cap, hard=hard,
                           reading=reading, laizi=laizi, is_big=is_big), ""


def result_key(r: HuanggangResult) -> Tuple:
    return (r.to_cap, r.payer_base << r.fan, r.base << r.fan, r.hard, len(r.big_items))


def best(concealed, ms, set_melds, laizi, ind, rules: Rules, ctx: Context):
    """(status code, the best result or None) of a validated holding."""
    fixed = rules.fixed_kong_tiles(ind)
    if any(t in fixed for t in concealed):
        return HOLDS_FIXED, None
    if not has_opened(set_melds):
        return NOT_OPENED, None
    top = None
    reasons: List[str] = []
    for reading in hand_readings(concealed, set_melds, laizi):
        result, why = reading_value(reading, concealed, set_melds, ms, laizi, ctx, rules)
        if result is None:
            reasons.append(why)
        elif top is None or result_key(result) > result_key(top):
            top = result
    if top is None:
        return (TWO_LAIZI if "two_laizi" in reasons else
                PAIR_NOT_258 if reasons else NOT_WINNING), None
    return 0, top


def all_results(concealed, ms, set_melds, laizi, rules: Rules, ctx: Context):
    out = []
    for reading in hand_readings(concealed, set_melds, laizi):
        result, _ = reading_value(reading, concealed, set_melds, ms, laizi, ctx, rules)
        if result is not None:
            out.append(result)
    return out


def is_winning_shape(concealed, set_melds, laizi) -> bool:
    ctx = Context(False, False, False, False, False)
    rules = Rules()
    for reading in hand_readings(concealed, set_melds, laizi):
        if reading.shape != "regular" or reading.pair in TILES_258:
            return True
        r, _ = reading_value(reading, concealed, set_melds, set_melds, laizi, ctx, rules)
        if r is not None:
            return True
    return False


def is_tenpai(concealed, set_melds, laizi, fixed=(GREEN, RED)) -> bool:
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
