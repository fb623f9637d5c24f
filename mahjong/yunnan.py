"""Yunnan 川麻 (Kunming rules), RULES.md §1.

108 suit tiles, 缺一门 to win, no chow by default. Value = (the single highest pattern fan
+ the additive fans) × stake; the discarder pays alone, a self-draw collects from the three
others, each of whom pays one more 番 if his own hand is 花 (all three suits, 查花). 抢杠:
+1 番, the robbed player pays as the discarder. Kongs earn nothing at once (they are +1 番
for their owner when he wins). 流局: the three 查叫 cases with their dealer rules.

>>> r = score("111s234s456s789s99s", win_tile="9s", self_drawn=True)
>>> r.pattern, r.fan, r.value
('qingyise', 3, 3)
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Tuple

import numpy as np

from mahjong_core import _regional

from .errors import InvalidContextError, InvalidRecordError, MahjongError, NotWinningError
from .record import ExhaustedEvent, HandRecord, WinEvent, walk
from .ruleset import (Ledger, RuleOptions, ScoreItem, ScoreResult, Settlement, WinFlag,
                      check_kong_context, check_kong_tiles, checked_win_bits, kongting_option,
                      option, pass_lock_option, prepare_batch, recorded_win_error, suited_hand,
                      suited_hand_arrays, suits_held, win_label)
from .tiles import parse_tile

__all__ = ["Rules", "ITEMS", "score", "score_batch", "tenpai_value", "settle", "is_winning"]

RULES_NAME = "yunnan"


@dataclass(frozen=True)
class Rules(RuleOptions):
    """Options of Yunnan 川麻; defaults are the recommendations of RULES.md §1/§8.2."""

    name = RULES_NAME

    stake: int = option(1, kind=int, minimum=1, rule="§1.6", doc="豆 per 番 (N)")
    allow_chow: bool = option(False, kind=bool, rule="§1.2",
                              doc="allow chows (melded runs) in winning and closing hands")
    multi_ron: bool = option(True, kind=bool, rule="§1.2",
                             doc="一炮多响 (True) or 截和: only the first claimant wins")
    stack_heavenly: bool = option(False, kind=bool, rule="§1.4",
                                  doc="天/地/人和 add to the shape's pattern fan (6 + pattern)")
    chajiao_mode: str = option("flat_1", choices=("flat_1", "hand_value"), rule="§1.7 C2",
                               doc="查叫 amount: a flat 1番 | the tenpai hand's largest "
                                   "discard-win value")
    chajiao_two_two: str = option("single_random_transfer",
                                  choices=("single_random_transfer", "random_pairing"),
                                  rule="§1.7",
                                  doc="2 tenpai / 2 not: one random payer pays one random tenpai "
                                      "| each non-tenpai pays a randomly paired tenpai (the "
                                      "draw is read from the exhausted event's chajiao_pairs)")
    dealer_after_ron: str = option("winner", choices=("winner", "discarder"), rule="§1.8",
                                   doc="next dealer after a discard win: the winner (the "
                                       "discarder after 一炮多响) | always the discarder")
    tenpai_ignores_own_4_copies: bool = kongting_option()
    pass_lock: bool = pass_lock_option()


_ITEM_ROWS = (
    ("none", "", "", 0),
    ("jibenhe", "基本和", "Basic win", 1),
    ("duiduihe", "对对和", "All pungs", 2),
    ("qingyise", "清一色", "One suit", 3),
    ("qidui", "七对", "Seven pairs", 3),
    ("qingdui", "清对", "One-suit all pungs", 4),
    ("qingqidui", "清七对", "One-suit seven pairs", 5),
    ("tianhe", "天和", "Heavenly win", 6),
    ("dihe", "地和", "Earthly win", 6),
    ("renhe", "人和", "Human win", 6),
    ("daigen", "带根", "Four of a kind, not a kong", 1),
    ("minggang", "明杠", "Exposed kong (直杠/补杠)", 1),
    ("angang", "暗杠", "Concealed kong", 1),
    ("gangshanghua", "杠上花", "Win on a kong replacement", 2),
    ("gangshangpao", "杠上炮", "Win on the discard after a kong", 1),
    ("qianggang", "抢杠", "Robbing a kong", 1),
)
assert len(_ITEM_ROWS) == _regional.N_YUNNAN_ITEMS
ITEMS = tuple(r[0] for r in _ITEM_ROWS)
_FIRST_ADDITIVE = ITEMS.index("daigen")

_REASONS = {
    "jibenhe": "a two-suit hand with no higher pattern (§1.4)",
    "duiduihe": "four pungs/kongs + a pair (§1.4)",
    "qingyise": "one suit (§1.4)",
    "qidui": "seven pairs (§1.4)",
    "qingdui": "all pungs in one suit (§1.4)",
    "qingqidui": "seven pairs in one suit (§1.4)",
    "tianhe": "the dealer's initial 14 (§1.4)",
    "dihe": "a non-dealer's self-draw on his first draw (§1.4)",
    "renhe": "a discard win in the first go-around (§1.4)",
    "daigen": "four identical tiles in the hand that are not a declared kong (§1.5)",
    "minggang": "the winner's exposed kong (§1.5)",
    "angang": "the winner's concealed kong (§1.5)",
    "gangshanghua": "self-draw on a kong replacement (§1.5)",
    "gangshangpao": "won on the discard made right after the discarder's kong (§1.5)",
    "qianggang": "robbed a 补杠 (§1.5)",
}


@functools.lru_cache(maxsize=4096)
def _cached_result(fan: int, counts: bytes, stake: int) -> ScoreResult:
    """The itemised result of the kernel's item counts. Few item combinations occur and
    ScoreResult is immutable, so each is built once instead of once per hand."""
    items = []
    patterns = []
    for idx in range(1, len(ITEMS)):
        c = counts[idx]
        if not c:
            continue
        key, name, name_en, f = _ITEM_ROWS[idx]
        if idx < _FIRST_ADDITIVE:
            patterns.append(key)
        items.append(ScoreItem(key, name, name_en, f, c, _REASONS[key]))
    # with stack_heavenly two pattern rows can be present; the first one names the hand
    heaven = [p for p in patterns if p in ("tianhe", "dihe", "renhe")]
    pattern = heaven[0] if heaven else patterns[0]
    return ScoreResult(RULES_NAME, tuple(items), fan, fan, fan * stake, pattern)


# the flags _check_context looks at (plain int: IntFlag operators are slow)
_CONTEXT_BITS = int(WinFlag.REPLACEMENT | WinFlag.ROBBING_KONG | WinFlag.HEAVENLY
                    | WinFlag.EARTHLY)


def _check_context(counts, melds, flags: WinFlag, win_tile: int) -> None:
    flags = int(flags)  # plain int bit tests: IntFlag operators are slow
    check_kong_context(counts, melds, flags, win_tile)
    if flags & WinFlag.HEAVENLY and melds:
        raise InvalidContextError("heavenly (天和): the initial 14 have no melds (a concealed "
                                  "kong first rules 天和 out)")
    if flags & WinFlag.EARTHLY and not flags & WinFlag.SELF_DRAWN:
        raise InvalidContextError("earthly (地和) is a self-draw on the first draw")


def score(hand, melds=(), *, win_tile, self_drawn: bool = False, replacement: bool = False,
          after_kong: bool = False, robbing_kong: bool = False, last_tile: bool = False,
          heavenly: bool = False, earthly: bool = False, first_round: bool = False,
          rules: Optional[Rules | Mapping[str, Any]] = None) -> ScoreResult:
    """Score one Yunnan winning hand (查花 is per payer and added by :func:`settle`).

    Parameters
    ----------
    hand : str or sequence of tile ids
        The concealed tiles after the win, winning tile included.
    melds : sequence of melds
        Pungs, kongs (and chows with ``allow_chow``).
    win_tile : str or int
    self_drawn, replacement, after_kong, robbing_kong, last_tile, heavenly, earthly,
    first_round : bool
        Win circumstances (``last_tile`` has no fan in Yunnan; accepted for records).
    rules : Rules or mapping, optional

    Returns
    -------
    ScoreResult
        ``fan`` = pattern + additive fans, ``value`` = fan × stake.

    Examples
    --------
    >>> score("11m22m33m44m5555p66p", win_tile="6p").fan
    4
    """
    rules = Rules.from_mapping(rules)
    ids, counts, rows, ms = suited_hand(hand, melds, size=14, win_tile=win_tile,
                                        allow_chow=rules.allow_chow, rule_name="Yunnan")
    flags = checked_win_bits(self_drawn, replacement, after_kong, robbing_kong, last_tile,
                             heavenly, earthly, first_round)
    if flags & _CONTEXT_BITS:
        _check_context(counts, ms, flags, parse_tile(win_tile))
    fan, items = _regional.score_ids(1, ids, rows, flags, int(rules.stack_heavenly))
    if fan <= 0:
        if suits_held(counts, ms) == 3:
            why = "it holds all three suits (缺一门 is required)"
        else:
            why = "the tiles form neither 4 sets + a pair nor seven pairs"
        raise NotWinningError(f"not a Yunnan win: {why}")
    return _cached_result(fan, items, rules.stake)


def is_winning(hand, melds=(), *, rules=None) -> bool:
    """True if the 14 tiles are a Yunnan winning hand (缺一门, shape)."""
    rules = Rules.from_mapping(rules)
    counts, rows, _ = suited_hand_arrays(hand, melds, size=14, allow_chow=rules.allow_chow,
                                         rule_name="Yunnan")
    items = np.zeros(len(ITEMS), dtype=np.int16)
    return _regional.yunnan_score_one(counts, rows, 0, 0, items) > 0


def tenpai_value(hand, melds=(), rules: Optional[Rules | Mapping[str, Any]] = None):
    """``(fan, value, tile)`` of the most valuable discard win of a 13-tile hand (the
    tenpai hand's value "as a discard win"), or None if it is not ready.

    >>> tenpai_value("123m456m789m234p5p")
    (1, 1, 10)
    """
    rules = Rules.from_mapping(rules)
    counts, rows, _ = suited_hand_arrays(hand, melds, size=13, allow_chow=rules.allow_chow,
                                         rule_name="Yunnan")
    fan, tile = _regional.best_wait_one(1, counts, rows, int(rules.stack_heavenly),
                                        rules.tenpai_ignores_own_4_copies)
    if fan < 0:
        return None
    return fan, fan * rules.stake, tile


def score_batch(hands, melds=None, flags=None, *, rules=None) -> Dict[str, np.ndarray]:
    """Score many Yunnan hands in one compiled loop; see :func:`mahjong.sichuan.score_batch`
    (``value`` = fan × stake; 查花 is not included)."""
    rules = Rules.from_mapping(rules)
    h, m, nm, f = prepare_batch(hands, melds, flags, allow_chow=rules.allow_chow,
                                rule_name="Yunnan")
    n = h.shape[0]
    fan = np.zeros(n, dtype=np.int16)
    items = np.zeros((n, len(ITEMS)), dtype=np.int16)
    _regional.score_batch_kernel(1, h, m, nm, f, int(rules.stack_heavenly), fan, items)
    return {"fan": fan, "value": fan.astype(np.int64) * rules.stake, "items": items}


# ---------------------------------------------------------------------------- settlement

def _final_arrays(record: HandRecord, seat: int, rules: Rules, where: str, why: str):
    fh = record.final.get(seat)
    if fh is None:
        raise InvalidRecordError(f"{where}: the final hand of seat {seat} is needed for {why}")
    try:
        return suited_hand_arrays(fh.hand, fh.melds, size=13, allow_chow=rules.allow_chow,
                                  rule_name="Yunnan")
    except MahjongError as exc:
        raise InvalidRecordError(f"final hand of seat {seat}: {exc}") from None


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
    check_kong_tiles(record, "Yunnan")
    ledger = Ledger(4)
    wins: Dict[int, ScoreResult] = {}
    notes: List[str] = []
    group: Tuple[int, ...] = ()
    exhausted_at: Optional[int] = None
    for step in walk(record, hand_ends_after_first_win=True, multi_ron=rules.multi_ron):
        i, e = step.index, step.event
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
            group = step.group
            label = win_label(e, result, result.items_label())
            if e.self_drawn:
                for s in range(4):
                    if s == e.seat:
                        continue
                    ledger.book(s, e.seat, result.value, label, i)
                    counts, _, ms = _final_arrays(record, s, rules, where, "查花")
                    if suits_held(counts, ms) == 3:
                        ledger.book(s, e.seat, rules.stake, "查花: the payer's hand holds all "
                                                            "three suits (+1番)", i)
            else:
                ledger.book(e.from_seat, e.seat, result.value, label, i)
        elif isinstance(e, ExhaustedEvent):
            exhausted_at = i
    next_dealer: Optional[int] = None
    if group:
        first = record.events[group[0]]
        if len(group) > 1 or (rules.dealer_after_ron == "discarder" and not first.self_drawn):
            next_dealer = first.from_seat
        else:
            next_dealer = first.seat
    elif exhausted_at is not None:
        next_dealer = _chajiao(record, rules, ledger, exhausted_at, notes)
    return Settlement.from_ledger(RULES_NAME, ledger, next_dealer, wins, tuple(notes))


def _chajiao_pairs(event: ExhaustedEvent, where: str):
    """The random 查叫 draw a record carries for Yunnan (``{"yunnan": {"chajiao_pairs":
    [[payer, payee], ...]}}`` on the exhausted event), as seat pairs, or None."""
    data = event.rule_data(RULES_NAME)
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


def _chajiao(record: HandRecord, rules: Rules, ledger: Ledger, at: int,
             notes: List[str]) -> int:
    """流局 查叫 (§1.7); returns the next dealer."""
    where = f"event {at} (exhausted)"
    values: Dict[int, int] = {}
    for s in range(4):
        counts, rows, _ = _final_arrays(record, s, rules, where, "查叫")
        fan, _ = _regional.best_wait_one(1, counts, rows, int(rules.stack_heavenly),
                                         rules.tenpai_ignores_own_4_copies)
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
