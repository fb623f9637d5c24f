"""Sichuan 血战到底 ("bloody battle"), RULES.md §4.

108 suit tiles, no chow, 缺门 to win (at most two suits), 一炮多响, the hand goes on until
three players have won or the wall runs out (``xuezhan=False`` for the 普通场 that ends at
the first win). Value = ``base × 2^(番 − 1)``: one pattern row (the highest) plus +1 items
(根, 杠上花, 杠上炮, 抢杠胡, 海底捞月, 金钩钓). Kong money (刮风下雨) is paid at once by the
players who have not won; at 流局: 查花猪 (16×), 查大叫 and 退税.

>>> r = score("111p123p456p789p99p", win_tile="9p")
>>> r.fan, r.value, [i.key for i in r.items]
(4, 8, ['qingyise', 'gen'])
>>> score("234m567m678m345p55p", win_tile="5p", self_drawn=True).value
1
"""
from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from mahjong_core import _regional

from .errors import InvalidContextError, InvalidRecordError, MahjongError
from .errors import NotWinningError
from .hand import MELD_TYPE_CODES
from .record import ExhaustedEvent, HandRecord, KongEvent, WinEvent, walk_tuples
from .ruleset import (Ledger, PaymentRow, RuleOptions, ScoreItem, ScoreResult, Settlement,
                      WinFlag, check_kong_context, check_kong_tiles, checked_win_bits,
                      kongting_option, option, pass_lock_option, prepare_batch,
                      recorded_win_error, suited_hand, suited_hand_arrays, suits_held,
                      win_bits, win_label)
from .tiles import TENHOU_NAMES, parse_tile

__all__ = ["Rules", "ITEMS", "score", "score_batch", "tenpai_value", "settle", "is_winning"]

RULES_NAME = "sichuan"


@dataclass(frozen=True)
class Rules(RuleOptions):
    """Options of Sichuan 血战到底; defaults are the recommendations of RULES.md §4/§8.2."""

    name = RULES_NAME

    base: int = option(1, kind=int, minimum=1, rule="§4.7", doc="money per unit (底分)")
    xuezhan: bool = option(True, kind=bool, rule="§4.4",
                           doc="血战: play on until three have won; False = 普通场, the hand "
                               "ends at the first win (its simultaneous winners included)")
    longqidui_fan: int = option(4, choices=(4, 5), rule="§4.5 C7",
                                doc="番 of 龙七对 (4 = 七对 + one 根; 5 as in R3)")
    max_fan: Optional[int] = option(None, choices=(None, 1, 2, 3, 4, 5, 6, 7, 8), rule="§4.5",
                                    doc="cap on 番 (None = no cap; R14 caps at 3, R12 at 6)")
    zhigang_pay: str = option("feeder_1", choices=("feeder_1", "feeder_2", "feeder_2_others_1"),
                              rule="§4.6 C6",
                              doc="直杠 money: the feeder pays 1 (seed) | 2 (R12) | 2 and every "
                                  "other player who has not won 1 (R3 擦挂)")
    hujiao_zhuanyi: bool = option(False, kind=bool, rule="§4.6",
                                  doc="呼叫转移: on 杠上炮 the discarder's money from that kong "
                                      "goes to the winner")
    zimo_jiadi: bool = option(False, kind=bool, rule="§4.5",
                              doc="自摸加底: each payer of a self-draw pays one extra base")
    dealer_mode: str = option("dice", choices=("dice", "first_winner"), rule="§4.9",
                              doc="血战 next dealer: dice (None) | the first winner (the "
                                  "discarder after 一炮多响)")
    tenpai_ignores_own_4_copies: bool = kongting_option()
    dingque: bool = option(False, kind=bool, rule="§4.1",
                           doc="定缺 (engine option: declare a void suit; no effect on "
                               "settlement, which checks 缺门 at the win and at 查花猪)")
    huan_san_zhang: bool = option(False, kind=bool, rule="§4.1",
                                  doc="换三张 (engine option; no effect on settlement)")
    pass_lock: bool = pass_lock_option()

    def value(self, fan: int) -> int:
        """Money of a hand of ``fan`` 番 (after the cap) for one payer."""
        return self.base << (fan - 1)

    def cap(self, fan: int) -> int:
        return fan if self.max_fan is None else min(fan, self.max_fan)


# Item table: index = the kernel's item id. (key, Chinese, English, fan or None = pattern)
_ITEM_ROWS = (
    ("none", "", "", 0),
    ("pinghu", "平胡", "Plain win", 1),
    ("duiduihu", "对对胡", "All pungs", 2),
    ("qingyise", "清一色", "One suit", 3),
    ("daiyaojiu", "带幺九", "Terminal in every set", 3),
    ("qidui", "七对", "Seven pairs", 3),
    ("qingdui", "清对", "One-suit all pungs", 4),
    ("jiangdui", "将对", "All pungs of 2, 5, 8", 4),
    ("longqidui", "龙七对", "Seven pairs with a four-of-a-kind", 4),
    ("qingqidui", "清七对", "One-suit seven pairs", 5),
    ("qingyaojiu", "清幺九", "One-suit terminal in every set", 5),
    ("qinglongqidui", "清龙七对", "One-suit seven pairs with a four-of-a-kind", 6),
    ("tianhu", "天胡", "Heavenly win", 6),
    ("dihu", "地胡", "Earthly win", 6),
    ("gen", "根", "Four of a kind (root)", 1),
    ("gangshanghua", "杠上花", "Win on a kong replacement", 1),
    ("gangshangpao", "杠上炮", "Win on the discard after a kong", 1),
    ("qiangganghu", "抢杠胡", "Robbing a kong", 1),
    ("haidilaoyue", "海底捞月", "Self-draw of the last tile", 1),
    ("jingoudiao", "金钩钓", "Single wait with all other sets melded", 1),
)
assert len(_ITEM_ROWS) == _regional.N_SICHUAN_ITEMS
ITEMS = tuple(r[0] for r in _ITEM_ROWS)
_FIRST_ADDITIVE = ITEMS.index("gen")

_REASONS = {
    "pinghu": "4 sets + a pair, no higher pattern (§4.5)",
    "duiduihu": "every set is a pung or kong (§4.5)",
    "qingyise": "one suit only (§4.5)",
    "daiyaojiu": "every set and the pair hold a 1 or a 9 (§4.5)",
    "qidui": "seven pairs (§4.5)",
    "qingdui": "all pungs in one suit (§4.5)",
    "jiangdui": "all pungs and the pair of 2/5/8 only (§4.5)",
    "longqidui": "seven pairs holding a four-of-a-kind; that quad is not a 根 again (§4.5)",
    "qingqidui": "seven pairs in one suit (§4.5)",
    "qingyaojiu": "one suit, a 1 or 9 in every set and the pair (§4.5)",
    "qinglongqidui": "one-suit seven pairs with a four-of-a-kind (§4.5)",
    "tianhu": "the dealer's initial 14 (§4.5)",
    "dihu": "a non-dealer's first-turn win before any pung/kong (§4.5)",
    "gen": "four identical tiles, kongs included (§4.5)",
    "gangshanghua": "self-draw on a kong replacement (§4.5)",
    "gangshangpao": "won on the discard made right after the discarder's kong (§4.5)",
    "qiangganghu": "robbed a 面下杠 (§4.5, §4.7)",
    "haidilaoyue": "self-draw of the last wall tile (§4.5)",
    "jingoudiao": "all other sets melded, won on a single tile (§4.5)",
}


@functools.lru_cache(maxsize=4096)
def _cached_result(fan_uncapped: int, counts: bytes, longqidui_fan: int,
                   max_fan: Optional[int], base: int) -> Tuple[ScoreResult, str]:
    """(result, "+"-joined item names for payment labels). Few item combinations occur
    (one pattern, a few 根 and +1 items), and ScoreResult is immutable, so each is built
    once instead of once per hand."""
    items = []
    pattern = "none"
    for idx in range(1, len(ITEMS)):
        c = counts[idx]
        if not c:
            continue
        key, name, name_en, fan = _ITEM_ROWS[idx]
        if idx < _FIRST_ADDITIVE:
            pattern = key
            if key == "longqidui":
                fan = longqidui_fan
        items.append(ScoreItem(key, name, name_en, fan, c, _REASONS[key]))
    fan = fan_uncapped if max_fan is None else min(fan_uncapped, max_fan)
    result = ScoreResult(RULES_NAME, tuple(items), fan, fan_uncapped, base << (fan - 1),
                         pattern)
    return result, result.items_label()


def _explain_not_winning(counts: np.ndarray, melds) -> str:
    if suits_held(counts, melds) == 3:
        return "it holds all three suits (缺门 is required: at most two suits)"
    return "the tiles form neither 4 sets + a pair nor seven pairs"


# the flags _check_context looks at (plain int: IntFlag operators are slow)
_CONTEXT_BITS = int(WinFlag.REPLACEMENT | WinFlag.ROBBING_KONG | WinFlag.HEAVENLY)


def _check_context(counts, melds, flags: WinFlag, win_tile: int) -> None:
    flags = int(flags)  # plain int bit tests: IntFlag operators are slow
    check_kong_context(counts, melds, flags, win_tile)
    if flags & WinFlag.HEAVENLY and any(not m.is_concealed for m in melds):
        raise InvalidContextError("heavenly (天胡): the initial 14 have no exposed melds")


def score(hand, melds=(), *, win_tile, self_drawn: bool = False, replacement: bool = False,
          after_kong: bool = False, robbing_kong: bool = False, last_tile: bool = False,
          heavenly: bool = False, earthly: bool = False,
          rules: Optional[Rules | Mapping[str, Any]] = None) -> ScoreResult:
    """Score one Sichuan winning hand.

    Parameters
    ----------
    hand : str or sequence of tile ids
        The concealed tiles after the win, the winning tile included
        (``len(hand) + 3 * len(melds) == 14``).
    melds : sequence of melds
        Pungs and kongs (``("pung", "222p")``, ``{"type": "kong", "tiles": "7777s"}``, ...).
    win_tile : str or int
        The winning tile (one of ``hand``).
    self_drawn, replacement, after_kong, robbing_kong, last_tile, heavenly, earthly : bool
        Win circumstances (杠上花 needs ``self_drawn`` and a kong; 海底捞月 counts on a
        self-draw only).
    rules : Rules or mapping, optional
        Options (cap, 龙七对 value, base).

    Returns
    -------
    ScoreResult
        Items with reasons, ``fan`` (capped), ``value`` = base × 2^(fan − 1).

    Raises
    ------
    NotWinningError, InvalidHandError, InvalidContextError

    Examples
    --------
    >>> r = score("11m22m3333m55p66p77p", win_tile="7p", self_drawn=True)
    >>> r.pattern, r.fan, r.value
    ('longqidui', 4, 8)
    """
    rules = Rules.from_mapping(rules)
    ids, counts, rows, ms = suited_hand(hand, melds, size=14, win_tile=win_tile,
                                        rule_name="Sichuan")
    flags = checked_win_bits(self_drawn, replacement, after_kong, robbing_kong, last_tile,
                             heavenly, earthly)
    if flags & _CONTEXT_BITS:
        _check_context(counts, ms, flags, parse_tile(win_tile))
    fan, items = _regional.score_ids(0, ids, rows, flags, rules.longqidui_fan)
    if fan <= 0:
        raise NotWinningError(f"not a Sichuan win: {_explain_not_winning(counts, ms)}")
    return _cached_result(fan, items, rules.longqidui_fan, rules.max_fan, rules.base)[0]


def is_winning(hand, melds=()) -> bool:
    """True if the 14 tiles (hand + melds) are a Sichuan winning hand (缺门, shape)."""
    counts, rows, _ = suited_hand_arrays(hand, melds, size=14, rule_name="Sichuan")
    items = np.zeros(len(ITEMS), dtype=np.int16)
    return _regional.sichuan_score_one(counts, rows, 0, 4, items) > 0


def tenpai_value(hand, melds=(), rules: Optional[Rules | Mapping[str, Any]] = None):
    """The 大叫 of a 13-tile hand: ``(fan, value, tile)`` of its most valuable discard win
    (根 and 金钩钓 included, no self-draw items, cap applied), or None if not ready.

    >>> tenpai_value("123p456p789p1122p")
    (4, 8, 9)
    """
    rules = Rules.from_mapping(rules)
    counts, rows, _ = suited_hand_arrays(hand, melds, size=13, rule_name="Sichuan")
    fan, tile = _regional.best_wait_one(0, counts, rows, rules.longqidui_fan,
                                        rules.tenpai_ignores_own_4_copies)
    if fan < 0:
        return None
    fan = rules.cap(fan)
    return fan, rules.value(fan), tile


def score_batch(hands, melds=None, flags=None, *, rules=None) -> Dict[str, np.ndarray]:
    """Score many hands in one compiled loop (the GIL is released).

    Parameters
    ----------
    hands : array_like, (N, 34) uint8
        Counts of the concealed tiles after the win (winning tile included).
    melds : array_like, (N, 4, 2) uint8, optional
        Rows of [kind code, tile] (2 = pung, 3 = exposed kong, 4 = concealed kong,
        0 = no meld; melds first). None = no melds.
    flags : array_like, (N,) of :class:`~mahjong.ruleset.WinFlag` bits, optional
    rules : Rules or mapping, optional

    Returns
    -------
    dict with ``fan`` (int16, capped; 0 = not a win), ``uncapped_fan``, ``value`` (int64,
    base × 2^(fan − 1); 0 = not a win), ``items`` ((N, len(ITEMS)) int16 item counts).
    A row that is not a legal hand raises :class:`~mahjong.errors.InvalidHandError` naming it;
    a legal hand that is not a win gets fan 0.
    """
    rules = Rules.from_mapping(rules)
    h, m, nm, f = prepare_batch(hands, melds, flags, allow_chow=False, rule_name="Sichuan")
    n = h.shape[0]
    fan = np.zeros(n, dtype=np.int16)
    items = np.zeros((n, len(ITEMS)), dtype=np.int16)
    _regional.score_batch_kernel(0, h, m, nm, f, rules.longqidui_fan, fan, items)
    capped = fan if rules.max_fan is None else np.minimum(fan, rules.max_fan).astype(np.int16)
    value = np.where(capped > 0, rules.base * (np.int64(1) << np.maximum(capped, 1).astype(
        np.int64) - 1), 0)
    return {"fan": capped, "uncapped_fan": fan, "value": value, "items": items}


# ---------------------------------------------------------------------------- settlement

_KONG_REASON = {"exposed": "直杠 (刮风)", "added": "面下杠 (刮风)", "concealed": "暗杠 (下雨)"}


def meld_rows(melds) -> bytes:
    """The kernels' flat [kind code, lowest tile] pairs of a tuple of Meld objects."""
    if not melds:  # most closing hands and many wins
        return b""
    return bytes([x for m in melds for x in (MELD_TYPE_CODES[m.kind], m.tiles[0])])


def _score_validated_win(e: WinEvent, rules: Rules) -> Optional[Tuple[ScoreResult, str]]:
    """Fast path for a win of a validated record: ``(result, item names)``, or None when
    anything needs the full check (it then raises the exact error).

    The record already checked the size, copies, the winning tile and contradicting
    flags; left are Sichuan's own checks: suit tiles only, no chow, the win context.
    """
    melds = e.melds
    if e.hand[-1] >= 27:
        return None
    for m in melds:  # a loop, not any(): this runs for every win
        if m.tiles[0] >= 27 or m.kind == "chow":
            return None
    flags = win_bits(e.from_seat is None, e.replacement, e.after_kong, e.robbing_kong,
                     e.last_tile, e.heavenly, e.earthly)
    if flags & _CONTEXT_BITS:
        try:
            _check_context(Counter(e.hand), melds, flags, e.win_tile)
        except MahjongError:
            return None
    fan, items = _regional.score_ids(0, e.hand, meld_rows(melds), flags, rules.longqidui_fan)
    if fan <= 0:
        return None
    return _cached_result(fan, items, rules.longqidui_fan, rules.max_fan, rules.base)


def _score_win(i: int, e: WinEvent, rules: Rules, dealer: int,
               validated: bool = False) -> Tuple[ScoreResult, str]:
    """``(result, item names)`` of the win at event ``i``; a bad win is an
    InvalidRecordError naming the event."""
    if e.earthly and not (e.self_drawn or e.from_seat == dealer):
        raise InvalidRecordError(f"event {i} (win by seat {e.seat}): earthly (地胡) is a "
                                 "self-draw on the first draw or a win on the dealer's (seat "
                                 f"{dealer}) first discard")
    if validated:
        fast = _score_validated_win(e, rules)
        if fast is not None:
            return fast
    try:
        result = score(e.hand, e.melds, win_tile=e.win_tile, self_drawn=e.self_drawn,
                       replacement=e.replacement, after_kong=e.after_kong,
                       robbing_kong=e.robbing_kong, last_tile=e.last_tile,
                       heavenly=e.heavenly, earthly=e.earthly, rules=rules)
    except MahjongError as exc:
        raise recorded_win_error(f"event {i} (win by seat {e.seat})", exc) from None
    return result, result.items_label()


def _check_suited(record: HandRecord) -> None:
    check_kong_tiles(record, "Sichuan")
    for seat, fh in record.final.items():
        if not (fh.hand and max(fh.hand) >= 27) and \
                not [m for m in fh.melds if m.tiles[0] >= 27 or m.kind == "chow"]:
            continue  # the usual case
        bad = [t for t in fh.hand if t >= 27] + [m.tile for m in fh.melds if m.tile >= 27]
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
    validated = record.validated
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
    for i, e, won_before, group in walk_tuples(record, hand_ends_after_first_win=not
                                               rules.xuezhan, multi_ron=True):
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
            result, names = _score_win(i, e, rules, record.dealer, validated)
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
    if exhausted_at is not None:
        if not rules.xuezhan and won:
            # 普通场 (§4.4): the first win ended the hand (e.g. on the last tile); it is
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
    """流局 (§4.8): 查花猪, 查大叫, 退税 among the players who have not won."""
    still_in = [s for s in range(4) if s not in won]
    if len(still_in) < 2:
        notes.append("the wall ran out with fewer than two players left: no 流局 steps")
        return
    hua_zhu, tenpai = set(), {}
    validated = record.validated
    for s in still_in:
        fh = record.final.get(s)
        if fh is None:
            raise InvalidRecordError(f"event {at} (exhausted): the final hand of seat {s} is "
                                     "needed for 查花猪/查大叫")
        if validated:
            # size, copies, suit tiles and no chow were checked by the record and by
            # _check_suited: one compiled call gives the suits held and the best wait
            n_suits, fan, tile = _regional.closing_hand_facts(
                0, fh.hand, meld_rows(fh.melds), rules.longqidui_fan,
                rules.tenpai_ignores_own_4_copies)
        else:
            counts, rows, ms = suited_hand_arrays(fh.hand, fh.melds, size=13,
                                                  rule_name="Sichuan")
            n_suits = suits_held(counts, ms)
            fan, tile = _regional.best_wait_one(0, counts, rows, rules.longqidui_fan,
                                                rules.tenpai_ignores_own_4_copies)
        if n_suits == 3:
            hua_zhu.add(s)
            continue
        if fan > 0:
            tenpai[s] = (rules.cap(fan), tile)
    for s in sorted(hua_zhu):
        for t in still_in:
            if t != s and t not in hua_zhu:
                ledger.book(s, t, 16 * rules.base, "查花猪: holds three suits", at)
    for s in still_in:
        if s in hua_zhu or s in tenpai:
            continue
        for t, (fan, tile) in sorted(tenpai.items()):
            ledger.book(s, t, rules.value(fan),
                        f"查大叫: not ready; seat {t}'s best wait {TENHOU_NAMES[tile]} is "
                        f"{fan}番", at)
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
    # 普通场 (§4.9): the discarder of the winning tile deals; self-draw: the winner; 流局: stay
    if first_group:
        first = record.events[first_group[0]]
        return first.seat if first.self_drawn else first.from_seat
    if exhausted_at is not None:
        return record.dealer
    return None
