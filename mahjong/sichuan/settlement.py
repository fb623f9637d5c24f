"""Settling a Sichuan hand record: kong money, wins, the 流局 steps, the next dealer."""
from __future__ import annotations

from collections import Counter
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from mahjong_core._types import FIRST_HONOR
from ..errors import InvalidRecordError, MahjongError
from ..record import (ExhaustedEvent, HandRecord, KongEvent, WinEvent,
                      check_kongs_played_listed, walk_steps)
from ..ruleset import (Ledger, PaymentRow, ScoreResult, Settlement, recorded_win_error, win_bits,
                       win_label)
from ..tiles import TENHOU_NAMES
from .rules import RULES_NAME, Rules
from .scoring import _CONTEXT_BITS, _cached_result, _check_context, meld_rows, score, scorer

_KONG_REASON = {"exposed": "直杠 (刮风)", "added": "面下杠 (刮风)", "concealed": "暗杠 (下雨)"}


def _score_recorded_win(e: WinEvent, rules: Rules) -> Optional[Tuple[ScoreResult, str]]:
    """``(result, item names)`` of a win of a record, or None when it is not a Sichuan win
    (score() then words the error).

    The record already checked the size, copies, the winning tile and contradicting
    flags; left are Sichuan's own checks: suit tiles only, no chow, the win context.
    """
    melds = e.melds
    if e.hand[-1] >= FIRST_HONOR:
        return None
    for m in melds:  # a loop, not any(): this runs for every win
        if m.tiles[0] >= FIRST_HONOR or m.kind == "chow":
            return None
    flags = win_bits(e.from_seat is None, e.replacement, e.after_kong, e.robbing_kong,
                     e.last_tile, e.heavenly, e.earthly)
    if flags & _CONTEXT_BITS:
        try:
            _check_context(Counter(e.hand), melds, flags, e.win_tile)
        except MahjongError:
            return None
    fan, items = scorer(rules.longqidui_fan).score_ids(e.hand, meld_rows(melds), flags)
    if fan <= 0:
        return None
    return _cached_result(fan, items, rules.longqidui_fan, rules.max_fan, rules.base)


def _score_win(i: int, e: WinEvent, rules: Rules, dealer: int) -> Tuple[ScoreResult, str]:
    """``(result, item names)`` of the win at event ``i``; a bad win is an
    InvalidRecordError naming the event."""
    if e.earthly and not (e.self_drawn or e.from_seat == dealer):
        raise InvalidRecordError(f"event {i} (win by seat {e.seat}): earthly (地胡) is a "
                                 "self-draw on the first draw or a win on the dealer's (seat "
                                 f"{dealer}) first discard")
    scored = _score_recorded_win(e, rules)
    if scored is not None:
        return scored
    try:  # not a Sichuan win: the full check names what is wrong
        result = score(e.hand, e.melds, win_tile=e.win_tile, self_drawn=e.self_drawn,
                       replacement=e.replacement, after_kong=e.after_kong,
                       robbing_kong=e.robbing_kong, last_tile=e.last_tile,
                       heavenly=e.heavenly, earthly=e.earthly, rules=rules)
    except MahjongError as exc:
        raise recorded_win_error(f"event {i} (win by seat {e.seat})", exc) from None
    return result, result.items_label()


def _suited(hand: tuple, melds: tuple) -> bool:
    """No honour tile in ``hand`` or ``melds`` and no chow (the usual closing hand)."""
    honor = FIRST_HONOR  # (compiled: a C int, compared in C)
    for t in hand:
        if t >= honor:
            return False
    for m in melds:
        if m.tiles[0] >= honor or m.kind == "chow":
            return False
    return True


def _check_suited(record: HandRecord) -> None:
    # (the kong checks of ruleset.check_kong_tiles and check_kongs_listed, in one pass)
    check_kongs_played_listed(record, "Sichuan", False, "刮风下雨 is paid from the kong events")
    for seat, fh in record.final.items():
        if _suited(fh.hand, fh.melds):
            continue  # the usual case
        bad = [t for t in fh.hand if t >= FIRST_HONOR] + [m.tile for m in fh.melds if m.tile >= FIRST_HONOR]
        if bad:
            raise InvalidRecordError(f"final hand of seat {seat}: {TENHOU_NAMES[bad[0]]} is not "
                                     "a Sichuan tile")
        if any(m.kind == "chow" for m in fh.melds):
            raise InvalidRecordError(f"final hand of seat {seat}: a chow; Sichuan has no chow")


def settle(record, rules: Optional[Rules | Mapping[str, Any]] = None) -> Settlement:
    """Settle a Sichuan hand record: kong money, wins, 流局 steps, next dealer.

    Parameters
    ----------
    record : HandRecord, mapping or JSON text
        See :mod:`mahjong.record`. ``rules`` must be ``"sichuan"``.
    rules : Rules or mapping, optional
        Overrides the record's ``options``.

    Returns
    -------
    Settlement
        ``deltas`` (sum 0), itemised ``payments`` (each with the event index that caused
        it; 流局 steps carry the index of the ``exhausted`` event), ``next_dealer``.

    Examples
    --------
    >>> s = settle({"rules": "sichuan", "dealer": 0, "events": [
    ...     {"type": "win", "seat": 0, "hand": "234m567m678m345p55p", "win_tile": "5p"}]})
    >>> s.deltas
    (3, -1, -1, -1)
    """
    record = HandRecord.coerce(record)
    rules = Rules.for_record(record, rules)
    _check_suited(record)
    ledger = Ledger(4)
    pay = ledger.book
    pay_from_others = ledger.book_from_others
    base = rules.base
    wins: Dict[int, ScoreResult] = {}
    notes: List[str] = []
    kong_income: Dict[int, List[PaymentRow]] = {}  # kong event index -> its payments
    last_kong_of: Dict[int, int] = {}      # seat -> index of its latest kong
    transferred = set()                   # kong indices whose money moved (呼叫转移)
    won: List[int] = []
    first_group: Tuple[int, ...] = ()
    exhausted_at: Optional[int] = None
    still_in: List[int] = [0, 1, 2, 3]    # seats that have not won before the event
    still_in_for: Tuple[int, ...] = ()    # the won_before it was computed for
    steps, walk_error = walk_steps(record, not rules.xuezhan, True)
    for i, e, won_before, group in steps:
        if won_before is not still_in_for:
            still_in = [s for s in range(4) if s not in won_before]
            still_in_for = won_before
        if isinstance(e, KongEvent):
            tile_name = TENHOU_NAMES[e.tile]
            if e.kind == "exposed":
                feeder_amount = 1 if rules.zhigang_pay == "feeder_1" else 2
                paid = [pay(e.from_seat, e.seat, feeder_amount * base,
                            f"{_KONG_REASON['exposed']} {tile_name}: the feeder pays", i)]
                if rules.zhigang_pay == "feeder_2_others_1":
                    for s in still_in:
                        if s not in (e.seat, e.from_seat):
                            paid.append(pay(s, e.seat, base,
                                            f"{_KONG_REASON['exposed']} {tile_name}: 擦挂", i))
                paid = [row for row in paid if row is not None]
            else:
                amount = (2 if e.kind == "concealed" else 1) * base
                paid = pay_from_others(still_in, e.seat, amount,
                                       f"{_KONG_REASON[e.kind]} {tile_name}", i)
            kong_income[i] = paid
            last_kong_of[e.seat] = i
        elif isinstance(e, WinEvent):
            result, names = _score_win(i, e, rules, record.dealer)
            wins[i] = result
            if not first_group:
                first_group = group
            label = win_label(e, result, names)
            if e.from_seat is None:
                pay_from_others(still_in, e.seat,
                                result.value + (base if rules.zimo_jiadi else 0), label, i)
            else:
                pay(e.from_seat, e.seat, result.value, label, i)
                if e.after_kong and rules.hujiao_zhuanyi and \
                        e.seat == _first_in_play_order(record, group):
                    k = last_kong_of.get(e.from_seat)
                    if k is not None and k not in transferred:
                        income = sum(row[2] for row in kong_income.get(k, ()))
                        pay(e.from_seat, e.seat, income,
                            f"呼叫转移: the kong money of event {k}", i)
                        transferred.add(k)
            won.append(e.seat)
        elif isinstance(e, ExhaustedEvent):
            exhausted_at = i
    if walk_error is not None:  # (the walk's first impossible event, after the steps)
        raise walk_error
    if exhausted_at is not None:
        if not rules.xuezhan and won:
            # 普通场 (the hand ends at its first win, not 血战): the first win ended the hand (e.g. on the last tile); it is
            # not a 流局, so no 查花猪/查大叫/退税 (as Yunnan's 查叫 needs no win)
            notes.append("普通场: the hand ended with a win; no 流局 steps")
        else:
            _liuju(record, rules, ledger, won, exhausted_at, kong_income, transferred, notes)
    return Settlement.from_ledger(RULES_NAME, ledger,
                                  _next_dealer(record, rules, first_group, exhausted_at), wins,
                                  tuple(notes))


def _first_in_play_order(record: HandRecord, group: Sequence[int]) -> int:
    """Of several winners on one discard, the first in play order after the discarder."""
    src = record.events[group[0]].from_seat
    return min((record.events[k].seat for k in group), key=lambda s: (s - src) % 4)


def _liuju(record: HandRecord, rules: Rules, ledger: Ledger, won: List[int], at: int,
           kong_income, transferred, notes: List[str]) -> None:
    """流局 (the wall ran out with two or more players not won): 查花猪, 查大叫, 退税 among
    the players who have not won."""
    still_in = [s for s in range(4) if s not in won]
    if len(still_in) < 2:
        notes.append("the wall ran out with fewer than two players left: no 流局 steps")
        return
    hua_zhu, tenpai = set(), {}
    facts = scorer(rules.longqidui_fan).closing_hand_facts
    skip_own_four = rules.tenpai_ignores_own_4_copies
    final = record.final
    for s in still_in:
        fh = final[s] if s in final else None  # (compiled: cheaper than a .get call)
        if fh is None:
            raise InvalidRecordError(f"event {at} (exhausted): the final hand of seat {s} is "
                                     "needed for 查花猪/查大叫")
        # size, copies, suit tiles and no chow were checked by the record and by
        # _check_suited: one compiled call gives the suits held and the best wait
        melds = fh.melds
        n_suits, fan, tile = facts(fh.hand, meld_rows(melds) if melds else b"", skip_own_four)
        if n_suits == 3:
            hua_zhu.add(s)
            continue
        if fan > 0:
            tenpai[s] = (rules.cap(fan), tile)
    for s in sorted(hua_zhu):
        for t in still_in:
            if t != s and t not in hua_zhu:
                ledger.book(s, t, 16 * rules.base, "查花猪: holds three suits", at)
    owed = None  # (payee, amount, reason) of each ready seat, made once
    for s in still_in:
        if s in hua_zhu or s in tenpai:
            continue
        if owed is None:
            owed = [(t, rules.value(fan), f"查大叫: not ready; seat {t}'s best wait "
                                          f"{TENHOU_NAMES[tile]} is {fan}番")
                    for t, (fan, tile) in sorted(tenpai.items())]
        for t, amount, reason in owed:
            ledger.book(s, t, amount, reason, at)
    not_ready = [s for s in still_in if s not in tenpai]
    if not_ready and kong_income:
        refunds: Dict[int, List] = {s: [] for s in not_ready}  # by payer, in kong order
        for k, paid in sorted(kong_income.items()):
            if k not in transferred:
                for payer, payee, amount, _, _ in paid:
                    if payee in refunds:
                        refunds[payee].append((payer, amount, k))
        for s in not_ready:
            for payer, amount, k in refunds[s]:
                ledger.book(s, payer, amount,
                            f"退税: refund of kong money (event {k}), not ready", at)


def _next_dealer(record: HandRecord, rules: Rules, first_group: Tuple[int, ...],
                 exhausted_at: Optional[int]) -> Optional[int]:
    if rules.xuezhan:
        if rules.dealer_mode == "dice" or not first_group:
            return None
        first = record.events[first_group[0]]
        return first.from_seat if len(first_group) > 1 else first.seat
    # 普通场, from the second hand on: the discarder of the winning tile deals; self-draw: the winner; 流局: stay
    if first_group:
        first = record.events[first_group[0]]
        return first.seat if first.self_drawn else first.from_seat
    if exhausted_at is not None:
        return record.dealer
    return None
