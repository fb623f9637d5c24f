"""Settling a Yunnan hand record: wins with 查花, or the 流局 查叫, and the next dealer."""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Tuple

from mahjong_core._types import FIRST_HONOR
from ..errors import InvalidRecordError, MahjongError
from .._reader import MELD_TYPE_CODES
from ..record import ExhaustedEvent, HandRecord, WinEvent, check_kongs_played, walk_steps
from ..ruleset import (Ledger, ScoreResult, Settlement, recorded_win_error,
                       suited_hand, win_label)
from .rules import RULES_NAME, Rules
from .scoring import score, scorer

#: meld kind -> its code in the kernels' meld pairs (a chow's only where allowed)
_SET_CODES = {k: MELD_TYPE_CODES[k] for k in ("pung", "kong", "concealed_kong")}
_SET_CODES_CHOW = dict(_SET_CODES, chow=MELD_TYPE_CODES["chow"])


def _closing_hand(record: HandRecord, seat: int, allow_chow: bool, where: str, why: str):
    """``(ids, meld_pairs)`` of the closing hand of ``seat`` (the kernels' input), or an
    InvalidRecordError naming what is missing or wrong."""
    final = record.final
    fh = final[seat] if seat in final else None  # (compiled: cheaper than a .get call)
    if fh is None:
        raise InvalidRecordError(f"{where}: the final hand of seat {seat} is needed for {why}")
    # the usual case: the reader checked a closing hand's size (13) and copies (at most 4);
    # left are the suit tiles and the meld kinds (anything else: suited_hand words it)
    hand = fh.hand
    honor = FIRST_HONOR  # (compiled: a C int, compared in C)
    usual = True
    for t in hand:  # (a loop: compiled, cheaper than max())
        if t >= honor:
            usual = False
            break
    if usual:
        codes = _SET_CODES_CHOW if allow_chow else _SET_CODES
        pairs = bytearray()
        for m in fh.melds:
            code = codes.get(m.kind, 0)
            t = m.tiles[0]
            if not code or t >= honor:
                break
            pairs.append(code)
            pairs.append(t)
        else:
            return hand, bytes(pairs)
    try:
        ids, _, rows, _ = suited_hand(fh.hand, fh.melds, size=13, allow_chow=allow_chow,
                                      rule_name="Yunnan")
    except MahjongError as exc:
        raise InvalidRecordError(f"final hand of seat {seat}: {exc}") from None
    return ids, rows


def _closing_facts(record: HandRecord, seat: int, rules: Rules, facts, where: str, why: str):
    """``(n_suits, fan, tile)`` of the closing hand of ``seat``: the suits it holds (hand and
    melds) and its best wait (fan -1: not ready), from one compiled call (``facts``: the
    options' ``scorer(rules).closing_hand_facts``)."""
    ids, pairs = _closing_hand(record, seat, rules.allow_chow, where, why)
    return facts(ids, pairs, rules.tenpai_ignores_own_4_copies)


def settle(record, rules: Optional[Rules | Mapping[str, Any]] = None) -> Settlement:
    """Settle a Yunnan hand record (wins with 查花, or 流局 查叫) and name the next dealer.

    Parameters
    ----------
    record : HandRecord, mapping or JSON text (``rules`` = ``"yunnan"``)
    rules : Rules or mapping, optional
        Overrides the record's ``options``.

    Returns
    -------
    Settlement

    Examples
    --------
    >>> s = settle({"rules": "yunnan", "dealer": 0, "events": [
    ...     {"type": "win", "seat": 1, "hand": "123m456m789m234p55p", "win_tile": "5p",
    ...      "from": 2}]})
    >>> s.deltas, s.next_dealer
    ((0, 1, -1, 0), 1)
    """
    record = HandRecord.coerce(record)
    rules = Rules.for_record(record, rules)
    check_kongs_played(record, "Yunnan", False)  # (ruleset.check_kong_tiles)
    facts = scorer(rules).closing_hand_facts
    ledger = Ledger(4)
    wins: Dict[int, ScoreResult] = {}
    notes: List[str] = []
    group: Tuple[int, ...] = ()
    exhausted_at: Optional[int] = None
    steps, walk_error = walk_steps(record, True, rules.multi_ron)
    for i, e, _, step_group in steps:
        if isinstance(e, WinEvent):
            where = f"event {i} (win by seat {e.seat})"
            try:
                result = score(e.hand, e.melds, win_tile=e.win_tile, self_drawn=e.self_drawn,
                               replacement=e.replacement, after_kong=e.after_kong,
                               robbing_kong=e.robbing_kong, last_tile=e.last_tile,
                               heavenly=e.heavenly, earthly=e.earthly,
                               first_round=e.first_round, rules=rules)
            except MahjongError as exc:
                raise recorded_win_error(where, exc) from None
            wins[i] = result
            group = step_group
            label = win_label(e, result, result.items_label())
            if e.self_drawn:
                for s in range(4):
                    if s == e.seat:
                        continue
                    ledger.book(s, e.seat, result.value, label, i)
                    if _closing_facts(record, s, rules, facts, where, "查花")[0] == 3:
                        ledger.book(s, e.seat, rules.stake, "查花: the payer's hand holds all "
                                                            "three suits (+1番)", i)
            else:
                ledger.book(e.from_seat, e.seat, result.value, label, i)
        elif isinstance(e, ExhaustedEvent):
            exhausted_at = i
    if walk_error is not None:  # (the walk's first impossible event, after the steps)
        raise walk_error
    next_dealer: Optional[int] = None
    if group:
        first = record.events[group[0]]
        if len(group) > 1 or (rules.dealer_after_ron == "discarder" and not first.self_drawn):
            next_dealer = first.from_seat
        else:
            next_dealer = first.seat
    elif exhausted_at is not None:
        next_dealer = _chajiao(record, rules, facts, ledger, exhausted_at, notes)
    return Settlement.from_ledger(RULES_NAME, ledger, next_dealer, wins, tuple(notes))


def _chajiao_pairs(event: ExhaustedEvent, where: str):
    """The random 查叫 draw a record carries for Yunnan (``{"yunnan": {"chajiao_pairs":
    [[payer, payee], ...]}}`` on the exhausted event), as seat pairs, or None."""
    data = event.rule_data(RULES_NAME)
    if not data:  # (the usual case: no Yunnan data)
        return None
    unknown = sorted(set(data) - {"chajiao_pairs"})
    if unknown:
        raise InvalidRecordError(f"{where}: unknown Yunnan field(s) {', '.join(unknown)}")
    pairs = data.get("chajiao_pairs")
    if pairs is None:
        return None
    ok = isinstance(pairs, tuple) and all(
        isinstance(p, tuple) and len(p) == 2 and all(type(s) is int and 0 <= s < 4 for s in p)
        for p in pairs)
    if not ok:
        raise InvalidRecordError(f"{where}: 'chajiao_pairs' must be a list of [payer, payee] "
                                 f"seat pairs, got {pairs!r}")
    return pairs


def _chajiao(record: HandRecord, rules: Rules, facts, ledger: Ledger, at: int,
             notes: List[str]) -> int:
    """流局 查叫 (the wall ran out and nobody won: the players not ready pay the ready ones);
    returns the next dealer."""
    where = f"event {at} (exhausted)"
    values: Dict[int, int] = {}
    for s in range(4):
        fan = _closing_facts(record, s, rules, facts, where, "查叫")[1]
        if fan > 0:
            values[s] = fan
    ready = sorted(values)
    not_ready = [s for s in range(4) if s not in values]

    def amount(payee: int) -> int:
        fan = 1 if rules.chajiao_mode == "flat_1" else values[payee]
        return fan * rules.stake

    def reason(payee: int) -> str:
        if rules.chajiao_mode == "flat_1":
            return "查叫: not ready, pays a ready player 1番"
        return f"查叫: not ready, pays seat {payee}'s hand value {values[payee]}番"

    pairs = _chajiao_pairs(record.events[at], where)
    if len(ready) in (0, 4):
        notes.append("查叫: " + ("nobody" if not ready else "everybody") + " ready, 平局")
        if pairs:
            raise InvalidRecordError(f"{where}: chajiao_pairs given but no 查叫 payment is due")
        return record.dealer
    if len(ready) == 2:
        want = 1 if rules.chajiao_two_two == "single_random_transfer" else 2
        if pairs is None or len(pairs) != want:
            raise InvalidRecordError(
                f"{where}: two ready (seats {ready}) and two not (seats {not_ready}): the random "
                f"draw must be recorded as chajiao_pairs with {want} [payer, payee] pair(s)")
        payers = [a for a, _ in pairs]
        payees = [b for _, b in pairs]
        if any(a not in not_ready for a in payers) or any(b not in ready for b in payees) \
                or len(set(payers)) != want or len(set(payees)) != want:
            raise InvalidRecordError(
                f"{where}: chajiao_pairs {[list(p) for p in pairs]} must pair distinct "
                f"not-ready payers {not_ready} with distinct ready payees {ready}")
        for a, b in pairs:
            ledger.book(a, b, amount(b), reason(b) + " (random draw)", at)
        return record.dealer
    if pairs:
        raise InvalidRecordError(f"{where}: chajiao_pairs are only for two ready and two not")
    for a in not_ready:
        for b in ready:
            ledger.book(a, b, amount(b), reason(b), at)
    if len(ready) == 3:
        return not_ready[0]
    return record.dealer
