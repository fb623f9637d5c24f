"""Settling a Huanggang hand record: one win (一炮单响) or 黄庄.

Each loser L pays the winner W ``base(L) × 2^(F(W) + F(L))``; a 屁胡 won on a discard is
paid by the discarder alone, every other win by all three. Shares are capped per loser
(800), or paid at the tiers when all three reach the cap, and only then does 承包 move all
three shares to one player.
"""
from __future__ import annotations

import functools
from typing import Dict, List, Optional, Tuple

from ..errors import InvalidRecordError, MahjongError
from ..record import ClaimEvent, ExhaustedEvent, FlipEvent, HandRecord, KongEvent, WinEvent
from .._ledger import settlement_of_rows
from ..ruleset import Settlement, recorded_win_error
from ..tiles import TENHOU_NAMES, format_tiles
from .rules import RULES_NAME, Rules, laizi_of, tile_label
from .scoring import (CACHE_CLEARERS, LAST_TILE, NO_PI_TILE, REPLACEMENT, ROBBING_KONG,
                      SELF_DRAWN, HuanggangResult, _best_of, fan_item, is_tenpai,
                      meld_fan_items, recorded_hand)
from ._kernel import loser_shares
from .._reader import MELD_TYPE_CODES

_TIER_NAMES = ("金顶", "哈顶", "三阳开泰")
_SHARE_RAW = -1         # the notes of _kernel.loser_shares: the raw share, the cap, else
_SHARE_CAP = -2         # the tier paid


def _meld_bytes(melds) -> bytes:
    """A loser's melds as _kernel.loser_shares reads them: their kinds, then their tiles."""
    n = len(melds)
    out = bytearray(2 * n)
    for k in range(n):
        m = melds[k]
        out[k] = MELD_TYPE_CODES[m.kind]
        out[n + k] = m.tiles[0]
    return bytes(out)


# What settling reads of the options, as the items of one tuple (see _plan_of): the
# options object, kaikou_mode, whether it is koukou, qianggang_plus5, cap, tiers,
# qihu_points, whether the dealer stays after 黄庄, the fixed kong tiles of each indicator.
_P_RULES = 0
_P_KAIKOU_MODE = 1
_P_KOUKOU = 2
_P_PLUS5 = 3
_P_CAP = 4
_P_TIERS = 5
_P_QIHU = 6
_P_STAY = 7
_P_FIXED = 8

# A kong as a small int: the meld kind it makes (0 concealed, 1 exposed or added, 2
# single) × 34 + its tile; a seat's kongs are compared with the kong melds it shows.
_KONG_CODE_BASE = {"concealed": 0, "exposed": 34, "added": 34, "single": 68}
_MELD_CODE_BASE = {"concealed_kong": 0, "kong": 34, "single_kong": 68}


def _check_claims_and_kongs(events: tuple, laizi: int, fixed: tuple, wins: dict,
                            kongs: list, third: list) -> bool:
    """Claims and kongs against the special tiles, in one pass over the events. Fills
    ``kongs`` (each seat's kongs, as codes of the melds they make: ``_KONG_CODE_BASE``),
    ``third`` (each seat's third opening (吃, 碰, 冲杠) as (event index, the seat that fed
    it), None before it) and ``wins`` (seat -> index of its win event, what
    HandRecord.winners gives); returns whether the record lists claims."""
    n_open = [0, 0, 0, 0]
    lists_claims = False
    # the special tiles (赖子, 红中, 发财, maybe the 赖子皮) as ints: -1 for "none"
    f0 = fixed[0] if len(fixed) > 0 else -1
    f1 = fixed[1] if len(fixed) > 1 else -1
    f2 = fixed[2] if len(fixed) > 2 else -1
    for i in range(len(events)):
        e = events[i]
        t = type(e)
        if t is ClaimEvent:
            c = e  # (compiled: typed, its fields read from C)
            lists_claims = True
            special = False
            for x in c.tiles:
                if x == laizi or x == f0 or x == f1 or x == f2:
                    special = True
            if special:
                where = f"event {i} ({c.type} by seat {c.seat})"
                if laizi in c.tiles:
                    raise InvalidRecordError(
                        f"{where}: {format_tiles(c.tiles)} uses the 赖子 {TENHOU_NAMES[laizi]}; "
                        "a 赖子 is never claimed into a chow or pung")
                bad = [x for x in c.tiles if x in fixed]
                raise InvalidRecordError(f"{where}: {format_tiles(c.tiles)} uses "
                                         f"{tile_label(bad[0])}; it is konged alone, never "
                                         "combined with other tiles")
            seat = c.seat
            n_open[seat] += 1
            if n_open[seat] == 3:
                third[seat] = (i, c.from_seat)
        elif t is KongEvent:
            k = e  # (compiled: typed)
            x = k.tile
            kind = k.kind
            single = kind == "single"
            if single != (x == laizi or x == f0 or x == f1 or x == f2):
                where = f"event {i} (kong by seat {k.seat})"
                if single:
                    raise InvalidRecordError(
                        f"{where}: a single kong of {TENHOU_NAMES[x]}; only 红中, 发财 "
                        f"and the 赖子 {TENHOU_NAMES[laizi]} are konged alone")
                raise InvalidRecordError(
                    f"{where}: a {kind} kong of {tile_label(x)}"
                    + (" (the 赖子)" if x == laizi else "")
                    + "; it is konged alone (kind single), never with other tiles")
            seat = k.seat
            if kind == "exposed":
                n_open[seat] += 1
                if n_open[seat] == 3:
                    third[seat] = (i, k.from_seat)
            kongs[seat].append(_KONG_CODE_BASE[kind] + x)
        elif t is WinEvent:
            w = e  # (compiled: typed)
            wins[w.seat] = i
    return lists_claims


def _check_holdings(events: tuple, final, wins: dict, kongs: list, lists_claims: bool
                    ) -> list:
    """Every seat's melds came from events, and every seat that did not win shows its
    closing hand (its melds decide what it pays). Returns each seat's melds, None for a
    seat without a holding (only when nobody won)."""
    holdings = []
    for seat in range(4):               # (what HandRecord.holding gives)
        if seat in wins:
            w = events[wins[seat]]  # (compiled: typed)
            holdings.append(w.melds)
        elif seat in final:
            fh = final[seat]  # (compiled: typed)
            holdings.append(fh.melds)
        else:
            holdings.append(None)
    for seat in range(4):
        melds = holdings[seat]
        if melds is None:
            if wins:
                raise InvalidRecordError(
                    f"final: the closing hand of seat {seat} is missing; a Huanggang record "
                    "gives every loser's hand, because its melds decide what it pays")
            continue
        seat_kongs = None
        for m in melds:
            kind = m.kind
            if kind == "chow" or kind == "pung":
                if lists_claims:
                    continue  # the reader matched them with the claims
                problem = (f"shows {m.kind} {format_tiles(m.tiles)} but the record lists no "
                           "chow or pung events; a Huanggang record lists every claim (开口, "
                           "番 and 承包 depend on them)")
            else:
                if seat_kongs is None:
                    seat_kongs = kongs[seat]   # (not used after this: consumed here)
                code = _MELD_CODE_BASE[kind] + m.tiles[0]
                if code in seat_kongs:
                    seat_kongs.remove(code)
                    continue
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
    shares = _win_shares(_facts_of(result), dict(losers), _plan_of(rules), discarder,
                         self_drawn, dealer, laizi)
    return {seat: tuple(s) for seat, s in shares.items()}


def _win_shares(facts: tuple, losers: dict, plan: tuple, discarder, self_drawn: bool,
                dealer: int, laizi: int) -> dict:
    """(``facts``: what :func:`_facts_of` reads of the result; ``plan``: what
    :func:`_plan_of` reads of the options)"""
    pihu = not facts[_R_IS_BIG]
    if pihu and not self_drawn:
        payers = [discarder]
    else:
        payers = [seat for seat in range(4) if seat in losers]  # (sorted(losers), by hand)
        if len(payers) != len(losers):   # (seats beyond 0..3: only through win_shares)
            payers = sorted(losers)
    # the amounts are the kernel's (the engine's win check computes them the same way):
    # only their wording is added here
    cap, tiers = plan[_P_CAP], plan[_P_TIERS]
    n_open, computed = loser_shares(
        facts[_R_FAN], pihu, facts[_R_TO_CAP], self_drawn, discarder, dealer,
        facts[_R_PAYER_BASE], facts[_R_BASE], tuple(payers),
        tuple([_meld_bytes(losers[seat]) for seat in payers]), plan[_P_KOUKOU], laizi, cap,
        tiers)
    shares = {}
    for k in range(len(payers)):
        raw, amount, f_l, base, note = computed[k]
        if note == _SHARE_RAW:
            text = ""
        elif note == _SHARE_CAP:
            text = f"封顶 {cap}"
        else:
            reach = "the top" if cap is None else f"the cap {cap}"
            why = ("all three have opened" if n_open == 3 else "opened") if note == 0 else \
                "has not opened" if note == 1 else "none of the three has opened"
            text = f"all three reach {reach}: {_TIER_NAMES[note]} {tiers[note]} ({why})"
        shares[payers[k]] = [raw, amount, f_l, base, text]
    return shares       # {seat: [raw, amount, F(L), base, note]} (win_shares: as tuples)


def _baopai(facts: tuple, final, w: WinEvent, third, laizi, fixed
            ) -> Tuple[Optional[int], str]:
    """承包: the seat that pays all three shares and why, in the priority of the rules
    (``facts``: what :func:`_facts_of` reads of the result; ``third``: the winner's third
    opening as (event index, the seat that fed it), or None)."""
    if not facts[_R_IS_BIG]:               # (a 屁胡 has no 大胡 items: only a robbed kong)
        if w.robbing_kong:
            return w.from_seat, f"承包: seat {w.from_seat}'s kong was robbed (抢杠)"
        return None, ""
    keys = facts[_R_BIG_KEYS]
    if third is not None and ("qingyise" in keys or "jiangyise" in keys):
        i, fed = third
        name = "清一色" if "qingyise" in keys else "将一色"
        return fed, f"承包: seat {fed} fed the third opening (event {i}) of this {name}"
    if "quanqiuren" in keys and w.from_seat is not None and not w.robbing_kong:
        fh = final.get(w.from_seat)
        if fh is None:      # the discarder wins later in the record: settle refuses that
            return None, ""  # win when it reaches it (the hand ended with this one)
        concealed = fh.hand
        set_melds = tuple(m for m in fh.melds if not m.is_single)
        if not is_tenpai(tuple(sorted(concealed)), set_melds, laizi, fixed):
            return w.from_seat, (f"承包: seat {w.from_seat} was not ready (听牌) when it "
                                 "discarded into this 全求人")
    if w.robbing_kong:
        return w.from_seat, f"承包: seat {w.from_seat}'s kong was robbed (抢杠)"
    return None, ""


@functools.lru_cache(maxsize=256)
def _rules_of(items: tuple) -> Rules:
    return Rules.from_mapping(dict(items))


def _rules_for(rec: HandRecord, rules) -> Rules:
    """The options of a record (the same options are read once, then looked up)."""
    if rules is None and rec.rules == RULES_NAME:
        options = rec.options
        if not options:
            return _default_rules()     # (what Rules.for_record gives, without its calls)
        try:
            # a record's options are frozen (lists read as tuples): its items are the key
            # (the same options in another order are one more entry of the bounded cache)
            key = tuple(options.items())
            hash(key)
        except TypeError:
            return Rules.for_record(rec, rules)
        try:
            return _rules_of(key)
        except MahjongError as exc:
            raise InvalidRecordError(f"record: options: {exc}") from None
    return Rules.for_record(rec, rules)


_DEFAULT_RULES: List[Rules] = []


def _default_rules() -> Rules:
    """The default options (immutable: built once)."""
    if not _DEFAULT_RULES:
        _DEFAULT_RULES.append(Rules.from_mapping(None))
    return _DEFAULT_RULES[0]


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
    rec = record if type(record) is HandRecord else HandRecord.coerce(record)
    return _settle_record(rec, _rules_for(rec, rules))


def _settle_record(rec: HandRecord, rules: Rules) -> Settlement:
    """:func:`settle` of a read record under its options."""
    if rec.seats != 4:
        raise InvalidRecordError(f"record: seats is {rec.seats}; Huanggang is played by 4")
    ind = rec.indicator
    if ind is None:
        raise InvalidRecordError("record: indicator (the turned-up 赖子皮 that names the 赖子) "
                                 "is missing")
    laizi = _LAIZI[ind] if type(ind) is int and 0 <= ind < 34 else laizi_of(ind)
    plan = _plan_of(rules)
    fixed = plan[_P_FIXED][ind]
    pi_tile = fixed[2] if len(fixed) > 2 else NO_PI_TILE
    events = rec.events
    final = rec.final
    wins = {}
    kongs = [[], [], [], []]
    third = [None, None, None, None]
    lists_claims = _check_claims_and_kongs(events, laizi, fixed, wins, kongs, third)
    holdings = _check_holdings(events, final, wins, kongs, lists_claims)
    rows = []       # (from, to, amount, reason, event): what Ledger.book would keep
    results: Dict[int, HuanggangResult] = {}
    next_dealer: Optional[int] = None
    notes: List[str] = []
    dealer = rec.dealer
    # the wins and exhausted walls in order, the hand ending with the first win (what
    # record.walk_tuples gives with hand_ends_after_first_win and without multi_ron)
    n_events = len(events)
    ended_at = -1
    for i in range(n_events):
        e = events[i]
        kind = type(e)
        if ended_at >= 0 and kind is not ExhaustedEvent and kind is not FlipEvent:
            raise InvalidRecordError(f"event {i} ({e.type}): the hand already ended at event "
                                     f"{ended_at}")
        if kind is ExhaustedEvent:
            if not results:
                next_dealer = dealer if plan[_P_STAY] else (dealer + 1) % 4
                notes.append("黄庄: nobody won; no payments")
            continue
        if kind is not WinEvent:
            continue
        w = e  # (compiled: typed, its fields read from C)
        src = w.from_seat
        if src is not None and i + 1 < n_events and type(events[i + 1]) is WinEvent:
            w2 = events[i + 1]
            if w2.from_seat == src and w2.win_tile == w.win_tile:
                raise InvalidRecordError(
                    f"event {i + 1} (win by seat {w2.seat}): a second winner on one "
                    "discard, but this rule set takes only the first claimant (multi_ron "
                    "is off)")
        ended_at = i
        winner = w.seat
        self_drawn = src is None
        # the win circumstances as kernel bits (what scoring.win_flags gives)
        flags = (SELF_DRAWN if self_drawn else 0) | (REPLACEMENT if w.replacement else 0) | (
            ROBBING_KONG if w.robbing_kong else 0) | (LAST_TILE if w.last_tile else 0)
        try:
            if w.last_tile and not self_drawn:
                raise MahjongError("last_tile (海底捞): in the last-four-tiles phase a player "
                                   "wins only by self-draw")
            concealed, ms, _, _ = recorded_hand(w.hand, w.melds, w.win_tile, laizi, fixed)
            result = _best_of(concealed, ms, laizi, ind, pi_tile, plan[_P_KAIKOU_MODE],
                              plan[_P_PLUS5], flags, winner == dealer)
        except MahjongError as exc:
            raise recorded_win_error(f"event {i} (win by seat {winner})", exc) from None
        losers = {}
        for s in range(4):
            if s != winner:
                losers[s] = holdings[s]
        facts = _facts_of(result)
        shares = _win_shares(facts, losers, plan, src, self_drawn, dealer, laizi)
        if not facts[_R_TO_CAP]:
            top = -1
            who = None
            for seat, share in shares.items():  # the largest share (the first of equals)
                if share[0] > top:
                    top = share[0]
                    who = seat
            if top < plan[_P_QIHU]:
                raise InvalidRecordError(
                    f"event {i} (win by seat {winner}): the win does not reach 起胡: the "
                    f"largest share is {top} (seat {who}), and a win needs {plan[_P_QIHU]}")
        payer, why = _baopai(facts, final, w, third[winner], laizi, fixed)
        how = "自摸" if self_drawn else (_HOW_ROBBED[src] if w.robbing_kong
                                         else _HOW_DISCARD[src])
        label = facts[_R_LABEL]
        fan = facts[_R_FAN]
        for seat, share in shares.items():  # (in seat order, as the payers are)
            amount = share[1]
            text = _share_text(how, label, fan, seat, share)
            from_seat = seat
            if payer is not None:
                from_seat = payer
                if payer != seat:
                    text = f"{why}: pays seat {seat}'s share ({text})"
            _book(rows, from_seat, winner, amount, text, i)
        results[i] = result
        next_dealer = winner
    return settlement_of_rows(RULES_NAME, rows, next_dealer, results, tuple(notes))


_PLANS: Dict[int, tuple] = {}
_PLANS_MAX = 64
_LAIZI = tuple(laizi_of(t) for t in range(34))   # the 赖子 of every indicator


def _plan_of(rules: Rules) -> tuple:
    """What settling reads of ``rules``, read once per options object (keyed by its
    identity, the entry holding it): its option values, and the fixed kong tiles of every
    indicator (``Rules.fixed_kong_tiles``)."""
    plan = _PLANS.get(id(rules))
    if plan is not None and plan[_P_RULES] is rules:
        return plan
    plan = (rules, rules.kaikou_mode, rules.kaikou_mode == "koukou", rules.qianggang_plus5,
            rules.cap, rules.tiers, rules.qihu_points, rules.dealer_after_huang == "stay",
            tuple([rules.fixed_kong_tiles(t) for t in range(34)]))
    if len(_PLANS) >= _PLANS_MAX:
        _PLANS.clear()
    _PLANS[id(rules)] = plan
    return plan


_HOW_ROBBED = tuple([f"抢杠 of seat {s}" for s in range(4)])
_HOW_DISCARD = tuple([f"放冲 by seat {s}" for s in range(4)])
_TEXTS: Dict[tuple, str] = {}
_TEXTS_MAX = 16384


def _share_text(how: str, label: str, fan: int, seat: int, share: list) -> str:
    """The reason of one share ``[raw, amount, F(L), base, note]`` of a win (how it was
    won, its items' label and F(winner) ``fan``): the same few texts come back record
    after record, so each is written once and then looked up."""
    raw = share[0]
    f_l = share[2]
    base = share[3]
    note = share[4]
    key = (how, label, fan, seat, raw, f_l, base, note)
    text = _TEXTS.get(key)
    if text is not None:
        return text
    if raw is None:
        text = f"{how} {label}: straight to the top"
    else:
        text = (f"{how} {label}: base {base} × 2^(F(winner) {fan} + "
                f"F(seat {seat}) {f_l}) = {raw}")
    if note:
        text += f"; {note}"
    if len(_TEXTS) >= _TEXTS_MAX:
        _TEXTS.clear()
    _TEXTS[key] = text
    return text


# What settling reads of a result, as the items of one tuple (see _facts_of): the result,
# its items' label, is_big, to_cap, fan, base, payer_base, the keys of its 大胡 items.
_R_RESULT = 0
_R_LABEL = 1
_R_IS_BIG = 2
_R_TO_CAP = 3
_R_FAN = 4
_R_BASE = 5
_R_PAYER_BASE = 6
_R_BIG_KEYS = 7
_FACTS: Dict[int, tuple] = {}
_FACTS_MAX = 16384


def _facts_of(result: HuanggangResult) -> tuple:
    """What settling reads of ``result``, kept per result (results are immutable and
    cached: the same result object comes back for a hand met again; the entry holds it,
    so its identity stays its own)."""
    facts = _FACTS.get(id(result))
    if facts is not None and facts[_R_RESULT] is result:
        return facts
    facts = (result, result.items_label(), result.is_big, result.to_cap, result.fan,
             result.base, result.payer_base, frozenset([i.key for i in result.big_items]))
    if len(_FACTS) >= _FACTS_MAX:
        _FACTS.clear()
    _FACTS[id(result)] = facts
    return facts


def clear_caches() -> None:
    """Empty the texts and result facts kept by settling (scoring.clear_caches calls
    it)."""
    _TEXTS.clear()
    _FACTS.clear()


CACHE_CLEARERS.append(clear_caches)       # scoring.clear_caches empties these too


def _book(rows: list, from_seat: int, to_seat: int, amount: int, reason: str, event) -> None:
    """:meth:`Ledger.book` into ``rows``: a zero amount is skipped, a negative one or a seat
    paying itself is a bug."""
    if amount <= 0 or from_seat == to_seat:
        if amount < 0:
            raise AssertionError(f"negative payment {amount} ({reason})")
        if from_seat == to_seat:
            raise AssertionError(f"seat {from_seat} paying itself ({reason})")
        return
    rows.append((from_seat, to_seat, amount, reason, event))
