# The path the faster settlement replaced: mahjong/huanggang/settlement.py as it was before
# (tests only; the differential test tests/test_huanggang_settle_fast.py holds the two
# equal).
"""Settling a Huanggang hand record: one win (一炮单响) or 黄庄.

Each loser L pays the winner W ``base(L) × 2^(F(W) + F(L))``; a 屁胡 won on a discard is
paid by the discarder alone, every other win by all three. Shares are capped per loser
(800), or paid at the tiers when all three reach the cap, and only then does 承包 move all
three shares to one player.
"""
from __future__ import annotations

import functools
from typing import Dict, List, Optional, Tuple

from mahjong.errors import InvalidHandError, InvalidRecordError, MahjongError
from mahjong.record import ClaimEvent, HandRecord, KongEvent, WinEvent, walk_tuples
from mahjong.ruleset import Ledger, Settlement, recorded_win_error
from mahjong.tiles import TENHOU_NAMES, format_tiles
from mahjong.huanggang.rules import RULES_NAME, Rules, laizi_of, tile_label
from mahjong.huanggang.scoring import (HuanggangResult, _best, fan_item, is_tenpai, meld_fan, meld_fan_items,
                      prepare_hand, shows_opened, win_flags)

_WIN_AND_END = frozenset(("win", "exhausted"))


def _recorded_hand(hand, melds, win_tile, laizi, fixed):
    """The winning holding's checks as scoring.prepare_hand(check=False) made them before
    the typed scoring._holding: (concealed with the winning tile, melds, set melds)."""
    concealed = tuple(sorted(hand))
    ms = tuple(melds)
    set_melds = []
    for m in ms:
        tiles = m.tiles
        if m.kind == "single_kong":
            if tiles[0] != laizi and tiles[0] not in fixed:
                raise InvalidHandError(
                    f"meld {m}: a single kong is of 红中, 发财 or the 赖子 "
                    f"({TENHOU_NAMES[laizi]}), not {TENHOU_NAMES[tiles[0]]}")
            continue
        if laizi in tiles:
            raise InvalidHandError(f"meld {m} uses the 赖子 {TENHOU_NAMES[laizi]}: a 赖子 "
                                   "never goes in a chow, pung or kong with other tiles")
        for t in fixed:
            if t in tiles:
                raise InvalidHandError(f"meld {m} uses {tile_label(m.tile)}: it is konged "
                                       "alone, never combined with other tiles")
        set_melds.append(m)
    set_melds = tuple(set_melds)
    n = len(concealed) + 3 * len(set_melds)
    w = win_tile
    if n == 13:
        concealed = tuple(sorted(concealed + (w,)))
        n = 14
    if n != 14:
        raise InvalidHandError(f"{len(concealed)} concealed tiles and {len(set_melds)} set "
                               f"meld(s) make {n} tiles; a winning hand has 14 with the "
                               "winning tile among them, or 13 plus win_tile (a kong counts "
                               "3, a single kong 0)")
    if w not in concealed:
        raise InvalidHandError(f"the winning tile {TENHOU_NAMES[w]} is not among the concealed "
                               "tiles (the hand includes the winning tile)")
    return concealed, ms, set_melds
_TIER_NAMES = ("金顶", "哈顶", "三阳开泰")


_KONG_MELD_KIND = {"concealed": "concealed_kong", "exposed": "kong", "added": "kong",
                   "single": "single_kong"}


def _check_claims_and_kongs(rec: HandRecord, laizi: int, fixed):
    """Claims and kongs against the special tiles, in one pass over the events. Returns
    each seat's openings (吃, 碰, 冲杠) in order as (event index, the seat that fed it),
    each seat's kongs as (meld kind, tile), and whether the record lists claims."""
    openings: List[List[Tuple[int, int]]] = [[] for _ in range(rec.seats)]
    kongs: List[List[Tuple[str, int]]] = [[] for _ in range(rec.seats)]
    lists_claims = False
    special = frozenset((laizi,) + tuple(fixed))
    for i, e in enumerate(rec.events):
        t = type(e)
        if t is ClaimEvent:
            lists_claims = True
            if not special.isdisjoint(e.tiles):
                where = f"event {i} ({e.type} by seat {e.seat})"
                if laizi in e.tiles:
                    raise InvalidRecordError(
                        f"{where}: {format_tiles(e.tiles)} uses the 赖子 {TENHOU_NAMES[laizi]}; "
                        "a 赖子 is never claimed into a chow or pung")
                bad = [x for x in e.tiles if x in fixed]
                raise InvalidRecordError(f"{where}: {format_tiles(e.tiles)} uses "
                                         f"{tile_label(bad[0])}; it is konged alone, never "
                                         "combined with other tiles")
            openings[e.seat].append((i, e.from_seat))
        elif t is KongEvent:
            if (e.kind == "single") != (e.tile in special):
                where = f"event {i} (kong by seat {e.seat})"
                if e.kind == "single":
                    raise InvalidRecordError(
                        f"{where}: a single kong of {TENHOU_NAMES[e.tile]}; only 红中, 发财 "
                        f"and the 赖子 {TENHOU_NAMES[laizi]} are konged alone")
                raise InvalidRecordError(
                    f"{where}: a {e.kind} kong of {tile_label(e.tile)}"
                    + (" (the 赖子)" if e.tile == laizi else "")
                    + "; it is konged alone (kind single), never with other tiles")
            if e.kind == "exposed":
                openings[e.seat].append((i, e.from_seat))
            kongs[e.seat].append((_KONG_MELD_KIND[e.kind], e.tile))
    return openings, kongs, lists_claims


def _check_holdings(rec: HandRecord, wins: Dict[int, int], laizi: int, fixed, kongs,
                    lists_claims: bool) -> list:
    """Every seat's melds came from events, and every seat that did not win shows its
    closing hand (its melds decide what it pays). Returns each seat's holding (concealed,
    melds), None for a seat without one (only when nobody won)."""
    holdings = [rec.holding(seat, wins) for seat in range(rec.seats)]
    for seat, h in enumerate(holdings):
        if h is None:
            if wins:
                raise InvalidRecordError(
                    f"final: the closing hand of seat {seat} is missing; a Huanggang record "
                    "gives every loser's hand, because its melds decide what it pays")
            continue
        seat_kongs = list(kongs[seat])
        for m in h[1]:
            kind = m.kind
            if kind == "chow" or kind == "pung":
                if lists_claims:
                    continue  # the reader matched them with the claims
                problem = (f"shows {m.kind} {format_tiles(m.tiles)} but the record lists no "
                           "chow or pung events; a Huanggang record lists every claim (开口, "
                           "番 and 承包 depend on them)")
            elif (kind, m.tiles[0]) in seat_kongs:
                seat_kongs.remove((kind, m.tiles[0]))
                continue
            else:
                problem = (f"shows the {kind.replace('_', ' ')} {m} but no kong event made "
                           "it; a Huanggang record lists every kong (single ones too)")
            src = f"event {wins[seat]} (win by seat {seat})" if seat in wins else \
                f"final hand of seat {seat}"
            raise InvalidRecordError(f"{src}: {problem}")
    return holdings


def loser_fan(melds, rules: Rules, laizi: int, result: HuanggangResult, *, dealer: bool,
              discarder: bool):
    """F(L) items of a loser: his melds, and for a 屁胡 庄家 and 放冲."""
    items = meld_fan_items(melds, rules, laizi)
    if not result.is_big:
        if dealer:
            items.append(fan_item("dealer"))
        if discarder:
            items.append(fan_item("fangchong"))
    return items


def win_shares(result: HuanggangResult, winner: int, losers: Dict[int, tuple], rules: Rules,
               *, discarder: Optional[int], self_drawn: bool, dealer: int, laizi: int):
    """The share of every payer: ``{seat: (raw, amount, F(L), base, note)}`` with ``raw``
    the amount before caps (None for 风一色) and ``amount`` after the cap or tier.
    ``losers`` maps each loser seat to its melds; F(L) is as :func:`loser_fan` counts it."""
    pihu = not result.is_big
    payers = [discarder] if pihu and not self_drawn else sorted(losers)
    koukou = rules.kaikou_mode == "koukou"
    to_cap = result.to_cap
    shares = {}
    for seat in payers:
        f_l = meld_fan(losers[seat], koukou, laizi)
        if pihu:
            f_l += (seat == dealer) + (seat == discarder)
        base = result.payer_base if (self_drawn or seat == discarder) else result.base
        raw = None if to_cap else base << (result.fan + f_l)
        shares[seat] = [raw, raw, f_l, base, ""]
    cap, tiers = rules.cap, rules.tiers
    all_reach = len(payers) == 3 and (to_cap or (
        cap is not None and all(s[0] >= cap for s in shares.values())))
    if all_reach:
        top = cap if cap is not None else None
        if tiers is None:
            for s in shares.values():
                s[1], s[4] = cap, f"封顶 {cap}"
        else:
            opened = {seat: shows_opened(losers[seat]) for seat in payers}
            n_open = sum(opened.values())
            for seat, s in shares.items():
                if n_open == 3:
                    k = 0
                elif n_open == 0:
                    k = 2
                else:
                    k = 0 if opened[seat] else 1
                reach = "the top" if top is None else f"the cap {top}"
                why = {0: "all three have opened" if n_open == 3 else "opened",
                       1: "has not opened", 2: "none of the three has opened"}[k]
                s[1] = tiers[k]
                s[4] = f"all three reach {reach}: {_TIER_NAMES[k]} {tiers[k]} ({why})"
    elif cap is not None:
        for s in shares.values():
            if s[0] > cap:
                s[1], s[4] = cap, f"封顶 {cap}"
    return {seat: tuple(s) for seat, s in shares.items()}


def _baopai(result: HuanggangResult, rec: HandRecord, e: WinEvent, openings, laizi, fixed
            ) -> Tuple[Optional[int], str]:
    """承包: the seat that pays all three shares and why, in the priority of the rules."""
    keys = {i.key for i in result.big_items}
    mine = openings[e.seat]
    if keys & {"qingyise", "jiangyise"} and len(mine) >= 3:
        i, fed = mine[2]
        name = "清一色" if "qingyise" in keys else "将一色"
        return fed, f"承包: seat {fed} fed the third opening (event {i}) of this {name}"
    if "quanqiuren" in keys and e.from_seat is not None and not e.robbing_kong:
        fh = rec.final.get(e.from_seat)
        concealed = fh.hand
        set_melds = tuple(m for m in fh.melds if not m.is_single)
        if not is_tenpai(tuple(sorted(concealed)), set_melds, laizi, fixed):
            return e.from_seat, (f"承包: seat {e.from_seat} was not ready (听牌) when it "
                                 "discarded into this 全求人")
    if e.robbing_kong:
        return e.from_seat, f"承包: seat {e.from_seat}'s kong was robbed (抢杠)"
    return None, ""


@functools.lru_cache(maxsize=256)
def _rules_of(items: tuple) -> Rules:
    return Rules.from_mapping(dict(items))


def _rules_for(rec: HandRecord, rules) -> Rules:
    """The options of a record (the same options are read once, then looked up)."""
    if rules is None and rec.rules == RULES_NAME and rec.options:
        try:
            key = tuple(sorted((k, tuple(v) if isinstance(v, list) else v)
                               for k, v in rec.options.items()))
            hash(key)
        except TypeError:
            return Rules.for_record(rec, rules)
        try:
            return _rules_of(key)
        except MahjongError as exc:
            raise InvalidRecordError(f"record: options: {exc}") from None
    return Rules.for_record(rec, rules)


def settle(record, rules=None) -> Settlement:
    """Settle a Huanggang hand record (a :class:`~mahjong.record.HandRecord`, a mapping or
    JSON text).

    The record needs the top-level ``indicator`` (the 赖子皮), every claim (``chow`` /
    ``pung`` events with ``from``) and every kong (``single`` ones included), and the
    closing hand (``final``) of every seat that did not win. It is refused, naming what is
    wrong, when a claim or a set kong uses a 赖子, 红中 or 发财, when the winning hand holds
    红中/发财, has not opened or keeps two 赖子 in a 屁胡, and when no loser's share reaches
    起胡.

    Returns
    -------
    Settlement
        One payment per share, its reason naming the base, both exponents and the cap or
        tier; ``next_dealer`` the winner (after 黄庄: the dealer, or his 下家 with
        ``dealer_after_huang="next"``).

    Examples
    --------
    >>> s = settle({"rules": "huanggang", "dealer": 0, "indicator": "3p", "events": [
    ...     {"type": "pung", "seat": 0, "tiles": "111s", "from": 1},
    ...     {"type": "chow", "seat": 2, "tiles": "345m", "from": 1},
    ...     {"type": "pung", "seat": 2, "tiles": "888p", "from": 3},
    ...     {"type": "chow", "seat": 3, "tiles": "123s", "from": 2},
    ...     {"type": "chow", "seat": 3, "tiles": "789s", "from": 2},
    ...     {"type": "win", "seat": 2, "hand": "234s567s55m",
    ...      "melds": [{"type": "chow", "tiles": "345m"}, {"type": "pung", "tiles": "888p"}],
    ...      "win_tile": "7s"}],
    ...   "final": {"0": {"hand": "123456789m1z", "melds": [{"type": "pung", "tiles": "111s"}]},
    ...             "1": {"hand": "1112345678999p"},
    ...             "3": {"hand": "1234567z", "melds": [{"type": "chow", "tiles": "123s"},
    ...                                                 {"type": "chow", "tiles": "789s"}]}}})
    >>> s.deltas
    (-64, -16, 144, -64)
    """
    rec = HandRecord.coerce(record)
    rules = _rules_for(rec, rules)
    if rec.seats != 4:
        raise InvalidRecordError(f"record: seats is {rec.seats}; Huanggang is played by 4")
    if rec.indicator is None:
        raise InvalidRecordError("record: indicator (the turned-up 赖子皮 that names the 赖子) "
                                 "is missing")
    ind = rec.indicator
    laizi = laizi_of(ind)
    fixed = rules.fixed_kong_tiles(ind)
    openings, kongs, lists_claims = _check_claims_and_kongs(rec, laizi, fixed)
    wins = rec.winners()
    holdings = _check_holdings(rec, wins, laizi, fixed, kongs, lists_claims)
    ledger = Ledger(4)
    results: Dict[int, HuanggangResult] = {}
    next_dealer: Optional[int] = None
    notes: List[str] = []
    for i, e, _, _ in walk_tuples(rec, hand_ends_after_first_win=True, multi_ron=False,
                                  types=_WIN_AND_END):
        if type(e) is not WinEvent:
            if not results:
                next_dealer = rec.dealer if rules.dealer_after_huang == "stay" else \
                    (rec.dealer + 1) % 4
                notes.append("黄庄: nobody won; no payments")
            continue
        self_drawn = e.from_seat is None
        flags = win_flags(self_drawn, e.replacement, e.robbing_kong, e.last_tile)
        try:
            if e.last_tile and not self_drawn:
                raise MahjongError("last_tile (海底捞): in the last-four-tiles phase a player "
                                   "wins only by self-draw")
            concealed, ms, set_melds = _recorded_hand(e.hand, e.melds, e.win_tile, laizi,
                                                      fixed)
            result = _best(concealed, ms, set_melds, laizi, ind, rules, flags,
                           e.seat == rec.dealer)
        except MahjongError as exc:
            raise recorded_win_error(f"event {i} (win by seat {e.seat})", exc) from None
        losers = {s: holdings[s][1] for s in range(4) if s != e.seat}
        shares = win_shares(result, e.seat, losers, rules, discarder=e.from_seat,
                            self_drawn=self_drawn, dealer=rec.dealer, laizi=laizi)
        if not result.to_cap:
            top = max(s[0] for s in shares.values())
            if top < rules.qihu_points:
                who = max(shares, key=lambda s: shares[s][0])
                raise InvalidRecordError(
                    f"event {i} (win by seat {e.seat}): the win does not reach 起胡: the largest share is {top} "
                    f"(seat {who}), and a win needs {rules.qihu_points}")
        payer, why = _baopai(result, rec, e, openings, laizi, fixed)
        how = "自摸" if self_drawn else (f"抢杠 of seat {e.from_seat}" if e.robbing_kong
                                         else f"放冲 by seat {e.from_seat}")
        label = result.items_label()
        for seat, (raw, amount, f_l, base, note) in sorted(shares.items()):
            if raw is None:
                text = f"{how} {label}: straight to the top"
            else:
                text = (f"{how} {label}: base {base} × 2^(F(winner) {result.fan} + "
                        f"F(seat {seat}) {f_l}) = {raw}")
            if note:
                text += f"; {note}"
            if payer is not None and payer != seat:
                text = f"{why}: pays seat {seat}'s share ({text})"
            ledger.book(seat if payer is None else payer, e.seat, amount, text, i)
        results[i] = result
        next_dealer = e.seat
    return Settlement.from_ledger(RULES_NAME, ledger, next_dealer, results, tuple(notes))
