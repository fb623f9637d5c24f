# The path the faster settlement replaced: mahjong/guiyang/settlement.py as it was
# before (tests only; the differential test tests/test_guiyang_settle_fast.py holds
# the two equal).
"""Settlement of a Guiyang 捉鸡 hand record.

What a Guiyang record must hold (a record without it is refused, naming what is missing):

* every kong (the 豆) as a ``kong`` event;
* the ``discard`` event of the first 1s (the 冲锋鸡 candidate) and, when it was claimed,
  the ``pung`` or ``kong`` that took it as the very next event (with 乌骨鸡 the same for
  8p; with 满堂鸡 every discard);
* any ``ready`` events (报听);
* the ``flip`` event after the win: the tile turned up for the 翻牌鸡 (absent = the wall was
  empty); with 前后鸡 / 滚筒鸡, ``flip`` events before the win are the tiles turned up during
  play;
* the closing hand (``final``) of every seat that did not win.

Order of a win's settlement: the hand (self-draw: each of the three others pays; discard:
the discarder alone; a robbed kong: the robbed player pays the three shares), 热炮, 报听 and
杀报, then the 豆 of the players who won or are ready, then the chickens. An exhausted wall
(黄庄) moves no 豆 and no chickens: each player not ready pays each ready player that
player's best discard-win value.
"""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Tuple

from mahjong.errors import InvalidRecordError
from mahjong.record import HandRecord
from mahjong.ruleset import Ledger, ScoreResult, Settlement, SEAT_NAMES
from mahjong.tiles import TENHOU_NAMES
from mahjong.guiyang import _kernel
from guiyang_chickens_before import WUGU, YAOJI, ChickenSeat, chicken_payments
from mahjong.guiyang.dou import dou_payments, full_value
from mahjong.guiyang.items import ITEMS, PATTERN_KEYS
from mahjong.guiyang.options import DOU_KEYS, RULES_NAME, Rules
from mahjong.guiyang.scoring import _result, licence_gaps, meld_bytes

__all__ = ["settle"]

N_SEATS = 4
PINGHU = PATTERN_KEYS.index("pinghu")


def _where(i: int, e) -> str:
    seat = getattr(e, "seat", None)
    return f"event {i} ({e.type})" if seat is None else f"event {i} ({e.type} by seat {seat})"


def _fail(where: str, message: str):
    raise InvalidRecordError(f"{where}: {message}")


def _check_holding_tiles(where: str, hand, melds) -> None:
    """Guiyang plays the 108 suit tiles and has no chow."""
    for t in hand:
        if t >= 27:
            _fail(where, f"{TENHOU_NAMES[t]} is not a Guiyang tile (108 suit tiles only)")
    for m in melds:
        if m.tiles[0] >= 27:
            _fail(where, f"meld of {TENHOU_NAMES[m.tiles[0]]}: not a Guiyang tile")
        if m.kind == "chow":
            _fail(where, "a chow; Guiyang has no chow")


class _Facts:
    """What one pass over the events finds (see :func:`_read_events`)."""

    __slots__ = ("kongs", "wins", "ready", "flip", "flip_at", "play_flips", "exhausted_at",
                 "first_1s", "first_8p", "discards", "end_at")

    def __init__(self):
        self.kongs: List[Tuple[int, Any]] = []      # (index, KongEvent)
        self.wins: List[Tuple[int, Any]] = []       # the win group: (index, WinEvent)
        self.ready: Dict[int, int] = {}             # seat -> index of its ready event
        self.flip: Optional[int] = None             # the tile turned up after the win
        self.flip_at: Optional[int] = None
        self.play_flips: List[int] = []             # tiles turned up during play
        self.exhausted_at: Optional[int] = None
        self.first_1s: Optional[Tuple[int, int, Optional[int], bool]] = None
        self.first_8p: Optional[Tuple[int, int, Optional[int], bool]] = None
        self.discards: Optional[List[List[Tuple[int, int]]]] = None   # 满堂鸡 only
        self.end_at: Optional[int] = None           # index of the last win of the group


def _claim_of(events, i: int, e) -> Tuple[Optional[int], bool]:
    """Who took the discard at event ``i``: ``(claimer, by_win)``; (None, False) = nobody.
    A claim is the very next event: a pung / exposed kong of that tile from the discarder,
    or wins on it."""
    if i + 1 >= len(events):
        return None, False
    nxt = events[i + 1]
    kind = nxt.type
    if kind == "pung" and nxt.from_seat == e.seat and nxt.tile == e.tile:
        return nxt.seat, False
    if kind == "kong" and nxt.kind == "exposed" and nxt.from_seat == e.seat and \
            nxt.tile == e.tile:
        return nxt.seat, False
    if kind == "win" and nxt.from_seat == e.seat and nxt.win_tile == e.tile:
        return nxt.seat, True
    return None, False


def _read_events(record, rules: Rules) -> _Facts:
    f = _Facts()
    events = record.events
    n = len(events)
    acted: Dict[int, int] = {}       # seat -> index of its first discard
    ready = f.ready
    kongs = f.kongs
    discards = None                  # 满堂鸡: each seat's discards nobody took
    if rules.mantang:
        discards = f.discards = [[] for _ in range(N_SEATS)]
    # the facts read most often are kept in locals and stored on f at the end
    end_at = flip_at = first_1s = first_8p = None
    i = 0
    while i < n:
        e = events[i]
        kind = e.type
        if end_at is not None and kind != "flip" and kind != "exhausted":
            _fail(_where(i, e), f"the hand ended with the win at event {end_at}; only the "
                                "turned-up tile (flip) may follow")
        if kind == "discard":
            seat, t = e.seat, e.tile
            if t >= 27:
                _fail(_where(i, e), f"{TENHOU_NAMES[t]} is not a Guiyang tile")
            if seat not in acted:
                acted[seat] = i
            # who took it matters only for the first 1s, the first 8p and 满堂鸡
            is_1s = t == YAOJI and first_1s is None
            is_8p = t == WUGU and first_8p is None
            if is_1s or is_8p or discards is not None:
                claimer, by_win = _claim_of(events, i, e)
                if claimer is None and discards is not None:
                    discards[seat].append((i, t))
                if is_1s:
                    first_1s = (i, seat, claimer, by_win)
                elif is_8p:
                    first_8p = (i, seat, claimer, by_win)
        elif kind == "draw":
            pass
        elif kind == "win":
            group = [i]
            if e.from_seat is not None:
                j = i + 1
                while j < n and events[j].type == "win" and \
                        events[j].from_seat == e.from_seat and \
                        events[j].win_tile == e.win_tile:
                    group.append(j)
                    j += 1
            f.wins = [(k, events[k]) for k in group]
            end_at = group[-1]
            i = end_at + 1
            continue
        elif kind == "kong":
            if e.tile >= 27:
                _fail(_where(i, e), f"{TENHOU_NAMES[e.tile]} is not a Guiyang tile")
            if e.kind not in DOU_KEYS:
                _fail(_where(i, e), f"a {e.kind} kong; Guiyang has concealed, added (转弯豆) "
                                    "and exposed (点豆) kongs only")
            if e.seat in ready:
                _fail(_where(i, e), f"seat {e.seat} declared 报听 at event {ready[e.seat]} "
                                    "and may no longer kong")
            kongs.append((i, e))
        elif kind == "pung" or kind == "chow":
            if kind == "chow":
                _fail(_where(i, e), "Guiyang has no chow")
            if e.seat in ready:
                _fail(_where(i, e), f"seat {e.seat} declared 报听 at event {ready[e.seat]} "
                                    "and may no longer pung")
        elif kind == "ready":
            seat = e.seat
            if seat in ready:
                _fail(_where(i, e), f"seat {seat} already declared 报听 at event "
                                    f"{ready[seat]}")
            if seat in acted:
                _fail(_where(i, e), "报听 is declared only at the start (the dealer on his "
                                    "first 14, a non-dealer after his first draw), but seat "
                                    f"{seat} already discarded at event {acted[seat]}")
            ready[seat] = i
        elif kind == "flip":
            t = e.tile
            if t >= 27:
                _fail(_where(i, e), f"{TENHOU_NAMES[t]} is not a Guiyang tile")
            if end_at is None:
                if not (rules.qianhou or rules.gundong):
                    _fail(_where(i, e), "a tile turned up before the win; the 翻牌鸡 tile is "
                                        "turned up after it (tiles turned up during play "
                                        "count only with 前后鸡 / 滚筒鸡)")
                f.play_flips.append(t)
            elif flip_at is not None:
                _fail(_where(i, e), f"a second tile turned up after the win (the first at "
                                    f"event {flip_at})")
            else:
                f.flip, flip_at = t, i
        elif kind == "exhausted":
            f.exhausted_at = i
        else:
            _fail(_where(i, e), f"event type {kind!r} has no meaning in Guiyang")
        i += 1
    f.end_at, f.flip_at, f.first_1s, f.first_8p = end_at, flip_at, first_1s, first_8p
    if flip_at is not None and f.exhausted_at is not None:
        _fail(_where(flip_at, events[flip_at]),
              f"a tile turned up after the win, but the wall was empty (exhausted at event "
              f"{f.exhausted_at})")
    if flip_at is not None and any(w.last_tile for _, w in f.wins):
        _fail(_where(flip_at, events[flip_at]),
              "a tile turned up after a win on the last tile: the wall was empty")
    return f


def _seats(record, f: _Facts, rules: Rules):
    """The closing holding of every seat, checked: ``holdings[seat] = (concealed, melds,
    won)`` (a winner's from his win, the others' from ``final``). Refuses a missing closing
    hand, a tile outside the 108, a chow, a kong among the melds that no kong event lists,
    and a claimed 1s (8p with 乌骨鸡) whose discard the record does not list."""
    holdings: List[Tuple[tuple, tuple, bool]] = [None] * N_SEATS  # type: ignore[list-item]
    for _, w in f.wins:
        holdings[w.seat] = (w.hand, w.melds, True)
    final = record.final
    listed = None
    for s in range(N_SEATS):
        h = holdings[s]
        if h is None:
            fh = final.get(s)
            if fh is None:
                why = "chickens and 豆 depend on who is ready" if f.wins else \
                    "黄庄查叫 depends on who is ready"
                raise InvalidRecordError(f"final: the closing hand of seat {s} is missing "
                                         f"({why})")
            h = holdings[s] = (fh.hand, fh.melds, False)
        hand, melds, won = h
        for t in hand:                  # (a loop: compiled, cheaper than max())
            if t >= 27:
                _check_holding_tiles(_holding_name(f, s, won), hand, melds)
        if melds:
            if listed is None:
                listed = {(e.seat, e.tile) for _, e in f.kongs}
            _check_melds(f, s, melds, won, listed, rules)
    return holdings


def _waits(holdings, rules: Rules):
    """The best wait of every seat that did not win: ``waits[seat] = (value, tile, pattern
    id)``, None when the hand is not ready (and for a winner); and the set of seats that won
    or are ready (they qualify for 豆 and chickens). One compiled call searches the three
    or four closing hands."""
    waits = _kernel.best_waits(holdings, rules.pattern_values,
                               rules.tenpai_ignores_own_4_copies)
    qualified = set()
    for s in range(N_SEATS):
        if holdings[s][2] or waits[s] is not None:
            qualified.add(s)
    return waits, qualified


def _holding_name(f: _Facts, seat: int, won: bool) -> str:
    if won:
        return next(f"event {k} (win by seat {seat})" for k, w in f.wins if w.seat == seat)
    return f"final hand of seat {seat}"


def _check_melds(f: _Facts, s: int, melds, won: bool, listed, rules: Rules) -> None:
    """Every kong among a seat's melds is a listed kong event (the 豆 are paid from them),
    and a claimed 1s (8p with 乌骨鸡) implies a listed discard of it (the 冲锋鸡 candidate)."""
    src = "win" if won else "final hand"
    for m in melds:
        t = m.tiles[0]
        if t >= 27 or m.kind == "chow":
            _check_holding_tiles(_holding_name(f, s, won), (), melds)
        if m.kind != "pung" and (s, t) not in listed:
            raise InvalidRecordError(
                f"record: seat {s}'s {src} shows a kong of {TENHOU_NAMES[t]} but no kong event "
                "lists it (the 豆 are paid from the kong events)")
        if m.kind == "concealed_kong":
            continue
        if (t == YAOJI and f.first_1s is None) or \
                (t == WUGU and rules.wugu_8p and f.first_8p is None):
            what = "the 冲锋鸡 / 责任鸡 candidate" if t == YAOJI else "the 冲锋乌骨鸡 candidate"
            raise InvalidRecordError(
                f"record: seat {s} shows a claimed {m.kind} of {TENHOU_NAMES[t]}, so a "
                f"{TENHOU_NAMES[t]} was discarded, but the record lists no discard of "
                f"{TENHOU_NAMES[t]} ({what})")


def _check_ready_players(f: _Facts, holdings, waits) -> None:
    for s, at in f.ready.items():
        hand, melds, won = holdings[s]
        if melds:
            _fail(f"event {at} (ready by seat {s})", "a player who declared 报听 may not pung or "
                                                     "kong, but his closing melds show "
                                                     + ", ".join(str(m) for m in melds))
        if not won and waits[s] is None:
            _fail(f"event {at} (ready by seat {s})", "seat declared 报听 but his closing hand is "
                                                     "not ready (a ready hand cannot change)")


def _score_win(i: int, w, f: _Facts, rules: Rules) -> ScoreResult:
    """The hand value of the win at event ``i`` (no 报听 bonus: booked apart); refuses a
    non-winning hand and a 平胡 won on a discard without a 豆 licence."""
    melds = w.melds
    pattern, _ = _kernel.best_reading(w.hand, meld_bytes(melds) if melds else b"", w.win_tile,
                                      rules.pattern_values)
    if pattern < 0:
        _fail(f"event {i} (win by seat {w.seat})",
              "not a winning hand: the tiles form neither four sets and a pair, nor seven "
              "pairs" + (", nor 地龙" if rules.di_long else ""))
    if w.robbing_kong:
        robbed = w.from_seat
        if robbed in f.ready:
            _fail(f"event {i} (win by seat {w.seat})",
                  f"robbing_kong: the robbed seat {robbed} had declared 报听 and may not kong")
    if pattern == PINGHU and w.from_seat is not None and not any(m.is_kong for m in melds):
        gaps = licence_gaps(discarder=w.from_seat, after_kong=w.after_kong,
                            robbing_kong=w.robbing_kong,
                            discarder_ready=w.from_seat in f.ready, ready=w.seat in f.ready)
        if gaps:
            _fail(f"event {i} (win by seat {w.seat})", gaps)
    return _result(pattern, rules, bool(w.replacement), False, bool(w.heavenly),
                   bool(w.earthly))


def _full_result(pattern_result: ScoreResult, rules: Rules, ready: bool, w) -> ScoreResult:
    if not ready:
        return pattern_result
    return _result(PATTERN_KEYS.index(pattern_result.pattern), rules, bool(w.replacement),
                   True, bool(w.heavenly), bool(w.earthly))


def _label_of(result: ScoreResult) -> str:
    """The hand's payment label, e.g. ``平胡+杠上胡 20`` (kept on the immutable result)."""
    label = result.__dict__.get("_label")
    if label is None:
        label = f"{result.items_label()} {result.value}"
        object.__setattr__(result, "_label", label)
    return label


def _next_dealer_after_win(record, f: _Facts) -> int:
    winners = [w.seat for _, w in f.wins]
    if len(winners) == 1:
        return winners[0]
    if record.dealer in winners:
        return record.dealer
    src = f.wins[0][1].from_seat
    return min(winners, key=lambda s: (s - src) % N_SEATS)


def _settle_win(record, rules: Rules, f: _Facts, holdings, ready: set, ledger: Ledger,
                notes: List[str]) -> Tuple[Dict[int, ScoreResult], int]:
    # every amount below is a positive int between two different seats: rows are booked
    # straight into the ledger (what Ledger.book checks holds by construction)
    book = ledger.rows.append

    wins: Dict[int, ScoreResult] = {}
    void = set()
    events = record.events
    declared = f.ready
    for i, w in f.wins:
        result = _score_win(i, w, f, rules)
        seat = w.seat
        wins[i] = _full_result(result, rules, seat in declared, w)
        v = result.value
        label = _label_of(result)
        baoting = rules.value("baoting") if seat in declared else 0
        src = w.from_seat
        if src is None:
            reason = "自摸 " + label
            for s in range(N_SEATS):
                if s != seat:
                    book((s, seat, v, reason, i))
                    if baoting:
                        book((s, seat, baoting, f"报听 {baoting}", i))
                    if s in declared:
                        shabao = rules.value("shabao")
                        book((s, seat, shabao, f"杀报 {shabao} (seat {s} had declared 报听)", i))
        elif w.robbing_kong:
            book((src, seat, 3 * v, f"抢杠 {label} ×3 (the robbed player pays the three "
                                    "shares of a self-draw)", i))
            if baoting:
                book((src, seat, 3 * baoting, f"报听 {baoting} ×3 (robbed kong)", i))
            k = i - 1
            while k >= 0 and events[k].type == "win":
                k -= 1
            prev = events[k] if k >= 0 else None
            if prev is not None and prev.type == "kong" and prev.kind == "added" and \
                    prev.seat == src and prev.tile == w.win_tile:
                void.add(k)
            notes.append(f"event {i}: the robbed 转弯豆 of seat {src} does not stand")
        else:
            book((src, seat, v, "点炮 " + label, i))
            if baoting:
                book((src, seat, baoting, f"报听 {baoting}", i))
            if src in declared:
                shabao = rules.value("shabao")
                book((src, seat, shabao, f"杀报 {shabao} (the discarder had declared 报听)", i))
            if w.after_kong:
                k = _latest_kong_of(f, src, i)
                if k is None:
                    _fail(f"event {i} (win by seat {seat})",
                          f"after_kong (热炮): the discarder, seat {src}, made no kong before")
                if rules.repao_mode == "plus_one":
                    book((src, seat, rules.unit, f"热炮 +{rules.unit}", i))
                else:
                    kong = events[k]
                    void.add(k)
                    amount = full_value(rules, kong.kind)
                    book((src, seat, amount,
                          f"热炮: the {ITEMS[DOU_KEYS[kong.kind]].name} of event {k} is void "
                          f"and its value {amount} is paid", i))
    if f.kongs:
        kongs = [(k, e.seat, e.kind, e.from_seat, e.tile) for k, e in f.kongs]
        ledger.rows += dou_payments(rules, kongs, ready, void)
    at = f.flip_at if f.flip_at is not None else f.end_at
    seats = []
    cf_index = f.first_1s[0] if f.first_1s else None
    cw_index = f.first_8p[0] if f.first_8p else None
    for s in range(N_SEATS):
        hand, melds, _ = holdings[s]
        discards = ()
        if rules.mantang:
            discards = [t for k, t in f.discards[s] if k != cf_index and
                        not (rules.wugu_8p and k == cw_index)]
        # tuple.__new__: a NamedTuple's own constructor is a (slow) Python function
        seats.append(tuple.__new__(ChickenSeat, (s, None, hand, melds, discards)))
    first_1s = None
    if f.first_1s is not None and not f.first_1s[3]:
        first_1s = (f.first_1s[1], f.first_1s[2])
    first_8p = None
    if f.first_8p is not None and not f.first_8p[3]:
        first_8p = (f.first_8p[1], f.first_8p[2])
    ledger.rows += [(payer, payee, amount, reason, at) for payer, payee, amount, reason in
                    chicken_payments(rules, seats, f.flip, play_flips=f.play_flips,
                                     first_1s=first_1s, first_8p=first_8p,
                                     qualifies=ready.__contains__)]
    if f.flip is None:
        notes.append("no tile turned up after the win (the wall was empty): no 翻牌鸡")
    return wins, _next_dealer_after_win(record, f)


def _latest_kong_of(f: _Facts, seat: int, before: int) -> Optional[int]:
    k = None
    for i, e in f.kongs:
        if i < before and e.seat == seat:
            k = i
    return k


def _settle_exhausted(record, rules: Rules, f: _Facts, waits, ledger: Ledger,
                      notes: List[str]) -> int:
    at = f.exhausted_at
    tenpai = {s: found for s, found in enumerate(waits) if found is not None}
    ready = sorted(tenpai)
    not_ready = [s for s in range(N_SEATS) if s not in tenpai]
    if not ready or not not_ready:
        notes.append("黄庄: " + ("nobody is ready" if not ready else "everybody is ready")
                     + ": no payments")
    else:
        for s in not_ready:
            for t in ready:
                value, tile, pattern = tenpai[t]
                ledger.book(s, t, value,
                            f"黄庄查叫: seat {t} is ready, best wait {TENHOU_NAMES[tile]} "
                            f"{ITEMS[PATTERN_KEYS[pattern]].name} {value}", at)
    dealer = record.dealer
    if rules.huangzhuang_dealer == "stay" or not ready or not not_ready or dealer in tenpai:
        return dealer
    return min(ready, key=lambda s: (s - dealer) % N_SEATS)


def settle(record, rules: Optional[Rules | Mapping[str, Any]] = None) -> Settlement:
    """Settle a Guiyang hand record.

    Parameters
    ----------
    record : HandRecord, mapping or JSON text
        A record of rule set ``"guiyang"`` (see :mod:`mahjong.record`).
    rules : Rules or mapping, optional
        Overrides the record's ``options``.

    Returns
    -------
    Settlement
        ``deltas`` (sum 0); ``payments`` itemised by reason (the hand, 报听, 杀报, 热炮,
        each 豆, each chicken kind, 包鸡, 责任鸡, 黄庄查叫), each with the index of the
        event that caused it (chickens: the turned-up tile, else the win); ``next_dealer``;
        ``wins`` (event index -> ScoreResult, 报听 bonus included).

    Raises
    ------
    InvalidRecordError
        Naming the event or the missing part of the record.

    Examples
    --------
    >>> s = settle({"rules": "guiyang", "dealer": 0, "events": [
    ...     {"type": "win", "seat": 0, "hand": "111s234p567p789m55m", "win_tile": "5m"},
    ...     {"type": "flip", "tile": "3m"}],
    ...     "final": {"1": {"hand": "2468m2468p2468s9m"}, "2": {"hand": "3579m3579p3579s2m"},
    ...               "3": {"hand": "2357m2468p2579s8m"}}})
    >>> s.deltas
    (120, -40, -40, -40)
    """
    record = HandRecord.coerce(record)
    rules = Rules.for_record(record, rules)
    seats = getattr(record, "seats", N_SEATS)
    if seats != N_SEATS:
        raise InvalidRecordError(f"record: seats is {seats}; Guiyang is played by 4")
    f = _read_events(record, rules)
    ledger = Ledger(N_SEATS)
    notes: List[str] = []
    if not f.wins and f.exhausted_at is None:
        notes.append("the hand has not ended (no win, no exhausted wall): nothing is paid "
                     "(豆 and chickens are settled at the end)")
        return Settlement.from_ledger(RULES_NAME, ledger, None, {}, tuple(notes))
    holdings = _seats(record, f, rules)
    waits, ready = _waits(holdings, rules)
    if f.ready:
        _check_ready_players(f, holdings, waits)
    if f.wins:
        wins, dealer = _settle_win(record, rules, f, holdings, ready, ledger, notes)
    else:
        wins = {}
        dealer = _settle_exhausted(record, rules, f, waits, ledger, notes)
    return Settlement.from_ledger(RULES_NAME, ledger, dealer, wins, tuple(notes))


def describe_seat(s: int) -> str:
    return f"{SEAT_NAMES[s]}({s})"
