# cython: annotation_typing=False
# (compiled by Cython for speed, see setup.py; the annotations stay documentation only)
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

from mahjong_core._types import FIRST_HONOR
from ..errors import InvalidRecordError
from ..record import DiscardEvent, DrawEvent, FlipEvent, HandRecord, KongEvent, WinEvent
from .._ledger import settlement_of_rows
from ..ruleset import ScoreResult, Settlement, SEAT_NAMES
from ..tiles import TENHOU_NAMES
from ._kernel import best_reading, best_waits
from .chickens import WUGU, YAOJI, ChickenSeat, _chicken_rows
from .dou import dou_payments, full_value
from .items import ITEMS, PATTERN_KEYS
from .options import DOU_KEYS, RULES_NAME, Rules
from .scoring import _result, licence_gaps, meld_bytes

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
        if t >= FIRST_HONOR:
            _fail(where, f"{TENHOU_NAMES[t]} is not a Guiyang tile (108 suit tiles only)")
    for m in melds:
        if m.tiles[0] >= FIRST_HONOR:
            _fail(where, f"meld of {TENHOU_NAMES[m.tiles[0]]}: not a Guiyang tile")
        if m.kind == "chow":
            _fail(where, "a chow; Guiyang has no chow")
        if m.kind == "single_kong":
            _fail(where, f"meld {m} is a single-tile kong; Guiyang has none")


class _Facts:
    """What one pass over the events finds (see :func:`_read_events`); compiled, an
    extension type with typed fields (settlement.pxd)."""

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


class _Plan:
    """The options and values a settlement reads, taken once from a Rules object and kept
    on it (compiled: C fields, see settlement.pxd; reading a Rules attribute is a lookup
    through its class)."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.mantang = rules.mantang
        self.wugu_8p = rules.wugu_8p
        self.play_flips = rules.qianhou or rules.gundong
        self.di_long = rules.di_long
        self.pattern_values = rules.pattern_values
        self.kongting = rules.tenpai_ignores_own_4_copies
        self.baoting = rules.value("baoting")
        self.shabao = rules.value("shabao")
        self.repao_plus_one = rules.repao_mode == "plus_one"
        self.unit = rules.unit
        self.dealer_stays = rules.huangzhuang_dealer == "stay"


_LAST_PLAN: List[_Plan] = []      # the plan of the Rules object settled last


def _plan_of(rules: Rules) -> _Plan:
    if _LAST_PLAN and _LAST_PLAN[0].rules is rules:
        return _LAST_PLAN[0]
    plan = rules.__dict__.get("_settle_plan")
    if plan is None:
        plan = _Plan(rules)
        object.__setattr__(rules, "_settle_plan", plan)
    if _LAST_PLAN:
        _LAST_PLAN[0] = plan
    else:
        _LAST_PLAN.append(plan)
    return plan


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


# event type -> a small int (one dict lookup instead of a chain of string compares)
_DISCARD, _DRAW, _WIN, _KONG, _PUNG, _CHOW, _READY, _FLIP, _EXHAUSTED = range(9)
_KINDS = {"discard": _DISCARD, "draw": _DRAW, "win": _WIN, "kong": _KONG, "pung": _PUNG,
          "chow": _CHOW, "ready": _READY, "flip": _FLIP, "exhausted": _EXHAUSTED}


def _code_of(e) -> int:
    """The small int of an event's type: by its class (a pointer compare), else by its
    ``type`` name."""
    t = type(e)
    if t is DiscardEvent:
        return _DISCARD
    if t is DrawEvent:
        return _DRAW
    if t is KongEvent:
        return _KONG
    if t is WinEvent:
        return _WIN
    if t is FlipEvent:
        return _FLIP
    return _KINDS.get(e.type, -1)


def _read_events(record, plan: _Plan) -> _Facts:
    f = _Facts()
    events = record.events
    n = len(events)
    acted: Dict[int, int] = {}       # seat -> index of its first discard
    n_acted = 0                      # (its size: once every seat has discarded, it is full)
    ready = f.ready
    kongs = f.kongs
    discards = None                  # 满堂鸡: each seat's discards nobody took
    if plan.mantang:
        discards = f.discards = [[] for _ in range(N_SEATS)]
    # the facts read most often are kept in locals and stored on f at the end
    end_at = flip_at = first_1s = first_8p = None
    honor, yaoji, wugu = FIRST_HONOR, YAOJI, WUGU  # (compiled: C ints, compared in C)
    i = 0
    while i < n:
        e = events[i]
        code = _code_of(e)
        if end_at is not None and code != _FLIP and code != _EXHAUSTED:
            _fail(_where(i, e), f"the hand ended with the win at event {end_at}; only the "
                                "turned-up tile (flip) may follow")
        if code == _DISCARD:
            de = e  # (compiled: typed, its fields read from C)
            seat = de.seat
            t = de.tile
            if t >= honor:
                _fail(_where(i, e), f"{TENHOU_NAMES[t]} is not a Guiyang tile")
            if n_acted < N_SEATS and seat not in acted:
                acted[seat] = i
                n_acted += 1
            # who took it matters only for the first 1s, the first 8p and 满堂鸡
            is_1s = t == yaoji and first_1s is None
            is_8p = t == wugu and first_8p is None
            if is_1s or is_8p or discards is not None:
                claimer, by_win = _claim_of(events, i, e)
                if claimer is None and discards is not None:
                    discards[seat].append((i, t))
                if is_1s:
                    first_1s = (i, seat, claimer, by_win)
                elif is_8p:
                    first_8p = (i, seat, claimer, by_win)
        elif code == _DRAW:
            pass
        elif code == _WIN:
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
        elif code == _KONG:
            if e.tile >= FIRST_HONOR:
                _fail(_where(i, e), f"{TENHOU_NAMES[e.tile]} is not a Guiyang tile")
            if e.kind not in DOU_KEYS:
                _fail(_where(i, e), f"a {e.kind} kong; Guiyang has concealed, added (转弯豆) "
                                    "and exposed (点豆) kongs only")
            if e.seat in ready:
                _fail(_where(i, e), f"seat {e.seat} declared 报听 at event {ready[e.seat]} "
                                    "and may no longer kong")
            kongs.append((i, e))
        elif code == _PUNG or code == _CHOW:
            if code == _CHOW:
                _fail(_where(i, e), "Guiyang has no chow")
            if e.seat in ready:
                _fail(_where(i, e), f"seat {e.seat} declared 报听 at event {ready[e.seat]} "
                                    "and may no longer pung")
        elif code == _READY:
            seat = e.seat
            if seat in ready:
                _fail(_where(i, e), f"seat {seat} already declared 报听 at event "
                                    f"{ready[seat]}")
            if seat in acted:
                _fail(_where(i, e), "报听 is declared only at the start (the dealer on his "
                                    "first 14, a non-dealer after his first draw), but seat "
                                    f"{seat} already discarded at event {acted[seat]}")
            ready[seat] = i
        elif code == _FLIP:
            t = e.tile
            if t >= FIRST_HONOR:
                _fail(_where(i, e), f"{TENHOU_NAMES[t]} is not a Guiyang tile")
            if end_at is None:
                if not plan.play_flips:
                    _fail(_where(i, e), "a tile turned up before the win; the 翻牌鸡 tile is "
                                        "turned up after it (tiles turned up during play "
                                        "count only with 前后鸡 / 滚筒鸡)")
                f.play_flips.append(t)
            elif flip_at is not None:
                _fail(_where(i, e), f"a second tile turned up after the win (the first at "
                                    f"event {flip_at})")
            else:
                f.flip, flip_at = t, i
        elif code == _EXHAUSTED:
            f.exhausted_at = i
        else:
            _fail(_where(i, e), f"event type {e.type!r} has no meaning in Guiyang")
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


def _seats(record, f: _Facts, plan: _Plan):
    """The closing holding of every seat, checked: ``holdings[seat] = (concealed, melds,
    won)`` (a winner's from his win, the others' from ``final``). Refuses a missing closing
    hand, a tile outside the 108, a chow, a kong among the melds that no kong event lists,
    and a claimed 1s (8p with 乌骨鸡) whose discard the record does not list."""
    holdings: List[Tuple[tuple, tuple, bool]] = [None, None, None, None]  # type: ignore
    for _, w in f.wins:
        holdings[w.seat] = (w.hand, w.melds, True)
    final = record.final
    listed = None
    honor = FIRST_HONOR  # (compiled: a C int, compared in C)
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
            if t >= honor:
                _check_holding_tiles(_holding_name(f, s, won), hand, melds)
        if melds:
            if listed is None:
                listed = {(e.seat, e.tile) for _, e in f.kongs}
            _check_melds(f, s, melds, won, listed, plan.wugu_8p)
    return holdings


def _waits(holdings, plan: _Plan):
    """The best wait of every seat that did not win: ``waits[seat] = (value, tile, pattern
    id)``, None when the hand is not ready (and for a winner); and the set of seats that won
    or are ready (they qualify for 豆 and chickens). One compiled call searches the three
    or four closing hands."""
    waits = best_waits(holdings, plan.pattern_values, plan.kongting)
    qualified = set()
    for s in range(N_SEATS):
        if holdings[s][2] or waits[s] is not None:
            qualified.add(s)
    return waits, qualified


def _holding_name(f: _Facts, seat: int, won: bool) -> str:
    if won:
        return next(f"event {k} (win by seat {seat})" for k, w in f.wins if w.seat == seat)
    return f"final hand of seat {seat}"


def _check_melds(f: _Facts, s: int, melds, won: bool, listed, wugu_8p: bool) -> None:
    """Every kong among a seat's melds is a listed kong event (the 豆 are paid from them),
    and a claimed 1s (8p with 乌骨鸡) implies a listed discard of it (the 冲锋鸡 candidate)."""
    src = "win" if won else "final hand"
    for m in melds:
        t = m.tiles[0]
        if t >= FIRST_HONOR or m.kind == "chow" or m.kind == "single_kong":
            _check_holding_tiles(_holding_name(f, s, won), (), melds)
        if m.kind != "pung" and (s, t) not in listed:
            raise InvalidRecordError(
                f"record: seat {s}'s {src} shows a kong of {TENHOU_NAMES[t]} but no kong event "
                "lists it (the 豆 are paid from the kong events)")
        if m.kind == "concealed_kong":
            continue
        if (t == YAOJI and f.first_1s is None) or \
                (t == WUGU and wugu_8p and f.first_8p is None):
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


def _score_win(i: int, w, f: _Facts, plan: _Plan) -> Tuple[int, ScoreResult]:
    """The hand type and value of the win at event ``i`` (no 报听 bonus: booked apart);
    refuses a non-winning hand and a 平胡 won on a discard without a 豆 licence."""
    melds = w.melds
    pattern, _ = best_reading(w.hand, meld_bytes(melds) if melds else b"", w.win_tile,
                              plan.pattern_values)
    if pattern < 0:
        _fail(f"event {i} (win by seat {w.seat})",
              "not a winning hand: the tiles form neither four sets and a pair, nor seven "
              "pairs" + (", nor 地龙" if plan.di_long else ""))
    if w.robbing_kong:
        robbed = w.from_seat
        if robbed in f.ready:
            _fail(f"event {i} (win by seat {w.seat})",
                  f"robbing_kong: the robbed seat {robbed} had declared 报听 and may not kong")
    if pattern == PINGHU and w.from_seat is not None and not _has_kong(melds):
        gaps = licence_gaps(discarder=w.from_seat, after_kong=w.after_kong,
                            robbing_kong=w.robbing_kong,
                            discarder_ready=w.from_seat in f.ready, ready=w.seat in f.ready)
        if gaps:
            _fail(f"event {i} (win by seat {w.seat})", gaps)
    return pattern, _result(pattern, plan.rules, bool(w.replacement), False,
                            bool(w.heavenly), bool(w.earthly))


def _has_kong(melds) -> bool:
    for m in melds:
        if m.is_kong:
            return True
    return False


def _full_result(pattern: int, pattern_result: ScoreResult, rules: Rules, ready: bool, w
                 ) -> ScoreResult:
    if not ready:
        return pattern_result
    return _result(pattern, rules, bool(w.replacement), True, bool(w.heavenly),
                   bool(w.earthly))


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
    for k in range(1, N_SEATS):         # the first winner after the discarder
        if (src + k) % N_SEATS in winners:
            return (src + k) % N_SEATS


def _settle_win(record, plan: _Plan, f: _Facts, holdings, ready: set, rows: list,
                notes: List[str]) -> Tuple[Dict[int, ScoreResult], int]:
    # every amount below is a positive int between two different seats: rows are booked
    # straight into ``rows`` (what Ledger.book checks holds by construction)
    rules = plan.rules
    wins: Dict[int, ScoreResult] = {}
    void = set()
    events = record.events
    declared = f.ready
    for i, w in f.wins:
        pattern, result = _score_win(i, w, f, plan)
        seat = w.seat
        wins[i] = _full_result(pattern, result, rules, seat in declared, w)
        v = result.value
        label = _label_of(result)
        baoting = plan.baoting if seat in declared else 0
        src = w.from_seat
        if src is None:
            reason = "自摸 " + label
            for s in range(N_SEATS):
                if s != seat:
                    rows.append((s, seat, v, reason, i))
                    if baoting:
                        rows.append((s, seat, baoting, f"报听 {baoting}", i))
                    if s in declared:
                        shabao = plan.shabao
                        rows.append((s, seat, shabao, f"杀报 {shabao} (seat {s} had declared 报听)",
                                     i))
        elif w.robbing_kong:
            rows.append((src, seat, 3 * v, f"抢杠 {label} ×3 (the robbed player pays the three "
                                           "shares of a self-draw)", i))
            if baoting:
                rows.append((src, seat, 3 * baoting, f"报听 {baoting} ×3 (robbed kong)", i))
            k = i - 1
            while k >= 0 and events[k].type == "win":
                k -= 1
            prev = events[k] if k >= 0 else None
            if prev is not None and prev.type == "kong" and prev.kind == "added" and \
                    prev.seat == src and prev.tile == w.win_tile:
                void.add(k)
            notes.append(f"event {i}: the robbed 转弯豆 of seat {src} does not stand")
        else:
            rows.append((src, seat, v, "点炮 " + label, i))
            if baoting:
                rows.append((src, seat, baoting, f"报听 {baoting}", i))
            if src in declared:
                shabao = plan.shabao
                rows.append((src, seat, shabao, f"杀报 {shabao} (the discarder had declared 报听)",
                             i))
            if w.after_kong:
                k = _latest_kong_of(f, src, i)
                if k is None:
                    _fail(f"event {i} (win by seat {seat})",
                          f"after_kong (热炮): the discarder, seat {src}, made no kong before")
                if plan.repao_plus_one:
                    rows.append((src, seat, plan.unit, f"热炮 +{plan.unit}", i))
                else:
                    kong = events[k]
                    void.add(k)
                    amount = full_value(rules, kong.kind)
                    rows.append((src, seat, amount,
                                 f"热炮: the {ITEMS[DOU_KEYS[kong.kind]].name} of event {k} is "
                                 f"void and its value {amount} is paid", i))
    if f.kongs:
        kongs = [(k, e.seat, e.kind, e.from_seat, e.tile) for k, e in f.kongs]
        rows += dou_payments(rules, kongs, ready, void)
    at = f.flip_at if f.flip_at is not None else f.end_at
    seats = []
    cf_index = f.first_1s[0] if f.first_1s else None
    cw_index = f.first_8p[0] if f.first_8p else None
    for s in range(N_SEATS):
        h = holdings[s]
        discards = ()
        if plan.mantang:
            discards = [t for k, t in f.discards[s] if k != cf_index and
                        not (plan.wugu_8p and k == cw_index)]
        # (seat, qualifies, concealed, melds, discards): a ChickenSeat's fields
        seats.append((s, None, h[0], h[1], discards))
    first_1s = None
    if f.first_1s is not None and not f.first_1s[3]:
        first_1s = (f.first_1s[1], f.first_1s[2])
    first_8p = None
    if f.first_8p is not None and not f.first_8p[3]:
        first_8p = (f.first_8p[1], f.first_8p[2])
    rows += _chicken_rows(rules, seats, f.flip, f.play_flips, first_1s, first_8p,
                          ready, at)
    if f.flip is None:
        notes.append("no tile turned up after the win (the wall was empty): no 翻牌鸡")
    return wins, _next_dealer_after_win(record, f)


def _latest_kong_of(f: _Facts, seat: int, before: int) -> Optional[int]:
    k = None
    for i, e in f.kongs:
        if i < before and e.seat == seat:
            k = i
    return k


def _settle_exhausted(record, plan: _Plan, f: _Facts, waits, rows: list,
                      notes: List[str]) -> int:
    at = f.exhausted_at
    ready = [s for s in range(N_SEATS) if waits[s] is not None]
    not_ready = [s for s in range(N_SEATS) if waits[s] is None]
    if not ready or not not_ready:
        notes.append("黄庄: " + ("nobody is ready" if not ready else "everybody is ready")
                     + ": no payments")
    else:
        # each ready seat's payment, the same from every player not ready (a positive
        # value between two different seats: booked straight into ``rows``)
        owed = []
        for t in ready:
            value, tile, pattern = waits[t]
            owed.append((t, value, f"黄庄查叫: seat {t} is ready, best wait {TENHOU_NAMES[tile]} "
                                   f"{ITEMS[PATTERN_KEYS[pattern]].name} {value}"))
        for s in not_ready:
            for t, value, reason in owed:
                rows.append((s, t, value, reason, at))
    dealer = record.dealer
    if plan.dealer_stays or not ready or not not_ready or waits[dealer] is not None:
        return dealer
    for k in range(1, N_SEATS):         # the first ready player after the dealer
        if waits[(dealer + k) % N_SEATS] is not None:
            return (dealer + k) % N_SEATS


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
    if type(record) is not HandRecord:
        record = HandRecord.coerce(record)
    if rules is None and not record.options and record.rules == RULES_NAME:
        rules = _default_rules()        # (what Rules.for_record gives, without its calls)
    else:
        rules = Rules.for_record(record, rules)
    plan = _plan_of(rules)
    seats = getattr(record, "seats", N_SEATS)
    if seats != N_SEATS:
        raise InvalidRecordError(f"record: seats is {seats}; Guiyang is played by 4")
    f = _read_events(record, plan)
    rows: list = []     # (from, to, amount, reason, event): what Ledger.book would keep
    notes: List[str] = []
    if not f.wins and f.exhausted_at is None:
        notes.append("the hand has not ended (no win, no exhausted wall): nothing is paid "
                     "(豆 and chickens are settled at the end)")
        return settlement_of_rows(RULES_NAME, rows, None, {}, tuple(notes))
    holdings = _seats(record, f, plan)
    waits, ready = _waits(holdings, plan)
    if f.ready:
        _check_ready_players(f, holdings, waits)
    if f.wins:
        wins, dealer = _settle_win(record, plan, f, holdings, ready, rows, notes)
    else:
        wins = {}
        dealer = _settle_exhausted(record, plan, f, waits, rows, notes)
    return settlement_of_rows(RULES_NAME, rows, dealer, wins, tuple(notes))


_DEFAULT_RULES: List[Rules] = []


def _default_rules() -> Rules:
    """The default options (immutable: built once)."""
    if not _DEFAULT_RULES:
        _DEFAULT_RULES.append(Rules.from_mapping(None))
    return _DEFAULT_RULES[0]


def describe_seat(s: int) -> str:
    return f"{SEAT_NAMES[s]}({s})"
