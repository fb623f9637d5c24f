"""Guobiao hand records: the settlement of one game log, through the rule-set registry.

The payment rule (the competition rule 「国标麻将计分方式」): F is the winner's fans with
flowers; the hand needs 8 fans without flowers, so a win below 8 is refused.

* 自摸 (self-draw): each of the other three pays ``8 + F``.
* 点和 (a discard) and 抢杠和 (robbing a kong, the robbed player counts as the discarder):
  the discarder pays ``8 + F``, each of the other two pays ``8``.
* A penalty (``{"type": "penalty", "seat": s}``, the last event; only in Botzone's
  duplicate-wall game, option ``duplicate_walls``: an illegal move or a false win): the
  offender pays 10 to each other player (-30, +10 each).
* A drawn hand (the wall exhausted) pays nothing. There is no kong money and no cap; only
  the first claimant in play order may win a discard (截和), so a record has one win.
* Seat winds come from the dealer: seat wind = (seat - dealer) mod 4; the prevalent wind is
  the record's ``round_wind``. The next dealer is the next seat after a win or a drawn hand
  (a match has no 连庄).

>>> rec = {"rules": "guobiao", "dealer": 0, "events": [
...     {"type": "win", "seat": 3, "hand": "234m567m345p678s2s", "win_tile": "2s"}],
...     "final": {}}
>>> s = settle_record(rec)
>>> s.deltas, s.next_dealer
((-18, -18, -18, 54), 1)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Mapping, Optional

from ..errors import InvalidRecordError, MahjongError, NotWinningError
from ..record import HandRecord, WinEvent, walk_steps
from ..ruleset import (Ledger, RuleOptions, Settlement, check_kong_tiles, option,
                       pass_lock_option, recorded_win_error)
from .scoring import MIN_FANS, _score_read, score
from .settlement import BASE_PAYMENT, PENALTY_PAYMENT

__all__ = ["Rules", "settle_record"]


@dataclass(frozen=True)
class Rules(RuleOptions):
    """Options of a Guobiao record (the defaults are the recommended ones)."""

    name = "guobiao"

    flowers: bool = option(False, kind=bool,
                           doc="play with the 8 flowers (144 tiles); each flower a win shows "
                               "is one fan, not counted toward the 8-fan minimum")
    lianzhong: bool = option(False, kind=bool,
                             doc="score with the 联众 (Ourgame) extra fans")
    sifang_dafa_stacks_ziyise: bool = option(
        False, kind=bool, doc="联众: count 字一色 beside 四方大发 instead of letting 四方大发 "
                              "replace it")
    ming_an_gang_5: bool = option(
        True, kind=bool, rule="明暗杠",
        doc="one melded and one concealed kong score 明暗杠 (5 fans, as the reference "
            "calculator); false: the 1998 reading, 明杠 + 暗杠 (1 + 2)")
    #: off for Guobiao: a player who declined a discard win may win on the next discard
    pass_lock: bool = pass_lock_option(False)


def _score_win(i: int, e: WinEvent, record: HandRecord, rules: Rules):
    where = f"event {i} (win by seat {e.seat})"
    if e.flowers and not rules.flowers:
        raise InvalidRecordError(f"{where}: {e.flowers} flower(s), but this record is played "
                                 "without flowers (option flowers=false)")
    if any(m.is_single for m in e.melds):
        raise InvalidRecordError(f"{where}: Guobiao has no single-tile kong")
    standing = list(e.hand)
    standing.remove(e.win_tile)
    seat_wind = (e.seat - record.dealer) % 4
    if not (rules.lianzhong or e.heavenly or e.earthly or e.first_round):
        # the standard rules: the win as read (ids, Meld objects, flags), one kernel call
        try:
            result = _score_read(standing, e.melds, e.win_tile, e.from_seat is None,
                                 e.fourth_tile, e.replacement, e.robbing_kong, e.last_tile,
                                 seat_wind, record.round_wind, e.flowers,
                                 rules.ming_an_gang_5)
        except MahjongError as exc:
            raise recorded_win_error(where, exc) from None
        return _at_least_8(where, result)
    context: Dict[str, Any] = {}
    if rules.lianzhong:
        from .lianzhong import LianzhongOptions

        context = {"rules": "lianzhong", "heavenly": e.heavenly, "earthly": e.earthly,
                   "first_round": e.first_round,
                   "options": LianzhongOptions(rules.sifang_dafa_stacks_ziyise)}
    elif e.heavenly or e.earthly or e.first_round:
        raise InvalidRecordError(f"{where}: heavenly, earthly and first_round are 联众 fans "
                                 "(option lianzhong=true); standard Guobiao has none")
    try:
        result = score(standing, e.melds, win_tile=e.win_tile, self_drawn=e.from_seat is None,
                       fourth_tile=e.fourth_tile, replacement=e.replacement,
                       robbing_kong=e.robbing_kong, last_tile=e.last_tile,
                       seat_wind=seat_wind, round_wind=record.round_wind,
                       flowers=e.flowers, ming_an_gang_5=rules.ming_an_gang_5, **context)
    except MahjongError as exc:
        raise recorded_win_error(where, exc) from None
    return _at_least_8(where, result)


def _at_least_8(where: str, result):
    if result.base_total < MIN_FANS:
        raise InvalidRecordError(
            f"{where}: a false win: {result.base_total} fans without flowers, a Guobiao win "
            f"needs {MIN_FANS}") from NotWinningError(f"{result.base_total} fans")
    return result


def settle_record(record, rules: Optional[Rules | Mapping[str, Any]] = None) -> Settlement:
    """Settle a Guobiao hand record (a :class:`~mahjong.record.HandRecord`, a mapping or
    JSON text): the payments of its win, or nothing for a drawn hand.

    Raises :class:`~mahjong.errors.InvalidRecordError` naming the event for a win below 8
    fans, a hand that does not win, a second winner, or flowers in a game without them.
    """
    record = HandRecord.coerce(record)
    rules = Rules.for_record(record, rules)
    if record.seats != 4:
        raise InvalidRecordError(f"record: seats is {record.seats}; Guobiao is played by 4")
    check_kong_tiles(record, "Guobiao", honours=True)
    ledger = Ledger(4)
    wins = {}
    ended = False
    steps, walk_error = walk_steps(record, True, False)
    for i, e, _, _ in steps:
        if type(e) is WinEvent:
            result = _score_win(i, e, record, rules)
            wins[i] = result
            fans = result.total
            names = "+".join(f.name for f in result.fans)
            if e.from_seat is None:
                ledger.book_from_others(range(4), e.seat, BASE_PAYMENT + fans,
                                        f"自摸 {names} {fans}番: 8+{fans}", i)
            else:
                how = "抢杠和" if e.robbing_kong else "点和"
                ledger.book(e.from_seat, e.seat, BASE_PAYMENT + fans,
                            f"{how} {names} {fans}番: 8+{fans}", i)
                for s in range(4):
                    if s not in (e.seat, e.from_seat):
                        ledger.book(s, e.seat, BASE_PAYMENT, f"{how}: 8 from each other player",
                                    i)
            ended = True
        elif e.type == "exhausted":
            ended = True
    if walk_error is not None:  # (the walk's first impossible event, after the steps)
        raise walk_error
    last = len(record.events) - 1
    if last >= 0 and record.events[last].type == "penalty":
        p = record.events[last].seat
        if not rules.duplicate_walls:
            raise InvalidRecordError(f"event {last} (penalty by seat {p}): a penalty is a rule "
                                     "of the Botzone duplicate-wall game only (option "
                                     "duplicate_walls=true)")
        for s in range(4):
            if s != p:
                ledger.book(p, s, PENALTY_PAYMENT, "penalty: 10 to each other player", last)
        ended = True
    if not ended:
        raise InvalidRecordError("record: the hand has neither a win nor an exhausted wall: "
                                 "it is not over")
    return Settlement.from_ledger("guobiao", ledger, (record.dealer + 1) % 4, wins)
