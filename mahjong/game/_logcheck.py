"""The check of full game logs (registered with the record reader by mahjong.game).

A record with a ``wall`` or with ``draw`` events is a record of play: the reader hands it
here, and it is played again on the engine's table (:meth:`Table.replay_log`, in C over the
event codes the text reader packs as it reads the events, else
:func:`mahjong.record.log_codes`). Every draw must be the next tile of the wall, every
discard held, every claim, kong, ready and win legal at that point by the rule set's play,
the seats must act in turn, and each win and closing hand must be the one the play leaves;
the first event that is not is named in an InvalidRecordError. What a win is worth stays the
settlement's question (the table offers every complete shape).

A log without its wall is checked on the wall its events imply: each seat's deal is its
closing hand (its win or ``final``), plus what it gave out (discards, the tiles of its claims
and kongs), minus what it drew; the deal must be 13 tiles (the dealer's 14) of the rule
set's tiles, and the wall is that deal, then the draws in order, then the tiles nobody drew.
A log without its wall whose events do not add up to a deal (a closing hand not given, a seat
left with other than 13 tiles, or with a tile it gave out more often than it got: a
hand-written record that shows a few draws) is not a whole record of play: it is read as a
summary record, as before (only its tiles are checked: a 108-tile rule set has no honours).
The flowers of a rebuilt wall are not checked (where Guobiao's flowers lay is not in the
events).
"""
from __future__ import annotations

import threading
from collections import Counter
from typing import Any, List, Mapping, Optional

import cython  # (compiled: _logcheck.pxd types the helpers; uncompiled, Cython's no-ops)

from mahjong_core._types import FIRST_HONOR
from mahjong._reader import VOID_SUITS
from mahjong.errors import InvalidRecordError, MahjongError
from mahjong.record import (EVENT_TYPES, KONG_KINDS, ClaimEvent, DiscardEvent, DrawEvent,
                            FlipEvent, KongEvent, PenaltyEvent, WinEvent, final_codes,
                            log_codes, register_full_log_check)
from mahjong.tiles import COPIES, TENHOU_NAMES, format_tiles

from . import _indicator_index, _table, play_spec

__all__ = ["check_full_log"]


def _fail(message: str):
    raise InvalidRecordError(f"record: {message}")


def _event_name(e) -> str:
    """``discard 1z by seat 2``: an event of the record as the messages name it."""
    t = type(e)
    if t is DrawEvent or t is DiscardEvent or t is KongEvent:
        what = f"{e.type} {TENHOU_NAMES[e.tile]}" if t is not KongEvent else \
            f"{e.kind} kong {TENHOU_NAMES[e.tile]}"
    elif t is ClaimEvent:
        what = f"{e.type} {format_tiles(e.tiles)}"
    elif t is WinEvent:
        what = f"win on {TENHOU_NAMES[e.win_tile]}"
    elif t is FlipEvent:
        return f"flip {TENHOU_NAMES[e.tile]}"
    elif e.type == "exhausted":
        return "exhausted"
    else:
        what = e.type
    return f"{what} by seat {e.seat}"


def _table_event_text(t, x: int) -> str:
    code, seat, tile, aux, frm = t.table_event(x)
    name = EVENT_TYPES[code - 1]    # (code: an EV_* kind, 1..9)
    if code == _table.EV_EXHAUSTED:
        return "the end of the wall (exhausted)"
    if code == _table.EV_FLIP:
        return f"flip {TENHOU_NAMES[tile]}"
    if code == _table.EV_READY:
        return f"ready by seat {seat}"
    if code == _table.EV_KONG:
        name = f"{KONG_KINDS[aux]} kong"
    if code == _table.EV_CHOW:
        return f"chow {format_tiles((tile, tile + 1, tile + 2))} by seat {seat} from seat {frm}"
    if code == _table.EV_WIN:
        how = "self-drawn" if frm < 0 else f"from seat {frm}"
        return f"a win on {TENHOU_NAMES[tile]} by seat {seat} ({how}, with its own hand " \
               f"and flags)"
    return f"{name} {TENHOU_NAMES[tile]} by seat {seat}"


def _voids(note: Any, seats: int) -> Optional[tuple]:
    """The void suits the log's note gives (None: not given; then no seat has one)."""
    raw = note.get("void_suits") if isinstance(note, Mapping) else None
    if raw is None:
        return None
    if not isinstance(raw, (list, tuple)) or len(raw) != seats or \
            not all(v is None or v in VOID_SUITS for v in raw):
        _fail(f"note: void_suits is {raw!r}, not one suit ('m', 'p', 's') per seat")
    if any(v is None for v in raw):
        return None
    return tuple(VOID_SUITS.index(v) for v in raw)


def _tile_supply(spec) -> Counter:
    kinds = 34 if spec.honours else 27
    return Counter({t: COPIES for t in range(kinds)})


def _full_supply(deck, n: int, honours: bool) -> bool:
    """Does the deck (``n`` tile ids; flowers, 34 and up, not counted) hold the rule set's
    tiles, COPIES of each kind (of the 27 suit kinds only, without ``honours``)?"""
    counts = cython.declare(cython.int[34])
    copies = COPIES
    kinds = 34 if honours else FIRST_HONOR
    for t in range(34):
        counts[t] = 0
    for i in range(n):
        t = deck[i]
        if t < 34:
            counts[t] += 1
    for t in range(34):
        if counts[t] != (copies if t < kinds else 0):
            return False
    return True


#: per thread, a checking table per play spec, dealt again for each log (a table is made
#: once; threads never share one)
_LOCAL = threading.local()


def _deck_of_wall(rec, spec, note) -> tuple:
    """The deck the log's wall deals (indicator, flowers, flower indicators and reserve put
    back as the table holds them), as a list of tile ids, and whether it holds the flowers
    (mahjong.formats.decisions deals a Game from it)."""
    deck, flowers = _wall_deck(rec, spec, note)
    return list(deck), flowers


def _wall_deck(rec, spec, note) -> tuple:
    """:func:`_deck_of_wall`, the deck as bytes (as the checking table takes it)."""
    if not spec.indicator and not spec.flowers:     # (the usual log: the tiles in order)
        return bytes(rec.wall) + bytes(rec.flower_indicators) + bytes(rec.reserve or ()), False
    deck = bytearray(rec.wall)
    if spec.indicator:
        if rec.indicator is None:
            _fail(f"a full {rec.rules} game log gives its 'indicator'")
        deck.insert(_indicator_index(spec, rec.dealer, len(deck)), rec.indicator)
    flowers = False
    if spec.flowers:
        raw = note.get("flower_positions") if isinstance(note, Mapping) else None
        if raw is not None:
            if not isinstance(raw, (list, tuple)) or len(raw) != 8 or \
                    not all(type(p) is int for p in raw) or list(raw) != sorted(set(raw)) or \
                    not all(0 <= p <= len(deck) + k for k, p in enumerate(raw)):
                _fail(f"note: flower_positions is {raw!r}, not the 8 places of the flowers "
                      "in the deck")
            for k, p in enumerate(raw):
                deck.insert(p, 34 + k)
            flowers = True
    deck += bytes(rec.flower_indicators) + bytes(rec.reserve or ())
    return bytes(deck), flowers


def _check_supply(rec, spec, tiles: List[int], what: str) -> None:
    have = Counter(tiles)
    need = _tile_supply(spec)
    if have == need:
        return
    for t in range(34):
        if have[t] != need[t]:
            break
    parts = ["the wall"] + (["the indicator"] if spec.indicator else []) + \
        (["the flower indicators"] if rec.flower_indicators else []) + \
        (["the reserve"] if rec.reserve is not None else [])
    named = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    _fail(f"{what}: {named} {'holds' if len(parts) == 1 else 'hold'} {len(tiles)} tiles, not "
          f"the {sum(need.values())} tiles of {rec.rules} ({have[t]} {TENHOU_NAMES[t]}, not "
          f"{need[t]})")


def _check_tiles(rec, spec) -> None:
    """Every tile the events draw, discard, claim, kong, win or turn up is one of the rule
    set's (a 108-tile rule set has no honours)."""
    if spec.honours:
        return
    for i, e in enumerate(rec.events):
        t = type(e)
        tiles = e.tiles if t is ClaimEvent else (e.win_tile,) + e.hand if t is WinEvent else \
            (e.tile,) if t in (DrawEvent, DiscardEvent, KongEvent, FlipEvent) else ()
        for x in tiles:
            if x >= FIRST_HONOR:
                _fail(f"event {i} ({_event_name(e)}): {TENHOU_NAMES[x]} is not a {rec.rules} "
                      "tile (it plays the 108 suit tiles)")


def _rebuilt_deck(rec, spec) -> Optional[list]:
    """The deck a log without its wall was dealt from, as its events imply (module doc);
    None when a seat's closing hand is not given or the events add up to no deal."""
    seats = spec.seats
    events = rec.events
    deal = [[0] * 34 for _ in range(seats)]
    draws: List[int] = []
    own: List[List[int]] = [[] for _ in range(seats)]     # each seat's draws
    flips: List[int] = []
    wins = {}
    last = -1
    for e in events:
        t = type(e)
        if t is DrawEvent:
            deal[e.seat][e.tile] -= 1
            draws.append(e.tile)
            own[e.seat].append(e.tile)
        elif t is DiscardEvent:
            deal[e.seat][e.tile] += 1
            last = e.tile
        elif t is ClaimEvent:
            for x in e.tiles:
                deal[e.seat][x] += 1
            if 0 <= last < 34:
                deal[e.seat][last] -= 1
        elif t is KongEvent:
            deal[e.seat][e.tile] += {"concealed": 4, "exposed": 3}.get(e.kind, 1)
        elif t is WinEvent:
            wins[e.seat] = e
            if e.robbing_kong and e.from_seat is not None:
                deal[e.from_seat][e.win_tile] += 1    # the robbed tile left the konger
        elif t is FlipEvent:
            flips.append(e.tile)
    if spec.wall_parts and (flips or spec.live_tiles or spec.flowers):
        return None     # wall parts with a flip's part, a reserve draw, or flowers in parts
                        # not known: not rebuilt (the log's wall says them)
    for s in range(seats):
        if s in wins:
            hand = list(wins[s].hand)
            if wins[s].from_seat is not None:
                hand.remove(wins[s].win_tile)
        elif s in rec.final:
            hand = rec.final[s].hand
        else:
            return None     # (a closing hand unknown: no deal to rebuild; see check_full_log)
        for x in hand:
            deal[s][x] += 1
    for s in range(seats):
        if min(deal[s]) < 0 or sum(deal[s]) != (14 if s == rec.dealer else 13):
            return None     # the events do not add up to a deal: not every one is listed
    first = events[0] if events else None
    dealer_hand = [x for x in range(34) for _ in range(deal[rec.dealer][x])]
    if type(first) is WinEvent and first.seat == rec.dealer and first.from_seat is None:
        fourteenth = first.win_tile               # 天和: the last tile dealt is the win tile
    else:
        fourteenth = dealer_hand[-1]
    dealer_hand.remove(fourteenth)
    wall: List[int] = []
    for k in range(seats):
        s = (rec.dealer + k) % seats
        wall += dealer_hand if s == rec.dealer else \
            [x for x in range(34) for _ in range(deal[s][x])]
    wall.append(fourteenth)
    if spec.indicator:
        if rec.indicator is None:
            _fail(f"a full {rec.rules} game log gives its 'indicator'")
        wall.append(rec.indicator)
    live = spec.live_tiles
    room = max(live - len(wall), 0) if live else len(draws)   # the live tiles after the deal
    from_reserve = rec.reserve is not None and live             # later draws: the reserve's
    rest = _tile_supply(spec)
    rest.subtract(wall)
    rest.subtract(rec.flower_indicators)
    rest.subtract(rec.reserve or ())
    low = min(range(34), key=lambda x: rest[x])
    if rest[low] < 0:
        _fail(f"the log has no wall, and its deal holds more {TENHOU_NAMES[low]} than "
              f"{rec.rules} has")
    k = 0
    for i, e in enumerate(events):
        if type(e) is DrawEvent or type(e) is FlipEvent:
            k += type(e) is DrawEvent
            if from_reserve and k > room:
                continue        # (a draw from the given reserve: the replay checks it)
            rest[e.tile] -= 1
            if rest[e.tile] < 0:
                _fail(f"event {i} ({_event_name(e)}): no {TENHOU_NAMES[e.tile]} is left to "
                      f"draw (the deal and the draws before it hold every {rec.rules} copy)")
    filler = sorted(rest.elements())
    if spec.wall_parts:
        return _rebuilt_parts(rec, spec, deal, fourteenth, own, filler)
    if not live:
        return wall + draws + flips + filler
    part = wall + draws[:room] + flips
    need = live - len(part)
    if need < 0:
        _fail(f"the log has no wall, and its deal and draws do not fit the {live} live "
              f"tiles of {rec.rules}")
    part += filler[:need]
    reserve = list(rec.reserve) if from_reserve else draws[room:] + filler[need:]
    return part + list(rec.flower_indicators) + reserve


def _rebuilt_parts(rec, spec, deal, fourteenth, own, filler) -> list:
    """The deck of a log played with wall parts (the option duplicate_walls), without its
    wall: each seat's part is its deal (the dealer's 14th, then the indicator, last), its
    draws in order, then the tiles nobody drew."""
    seats = spec.seats
    n = sum(deal[s][x] for s in range(seats) for x in range(34)) + len(filler) + \
        sum(len(d) for d in own) + bool(spec.indicator)
    deck: List[int] = []
    for s in range(seats):
        part = [x for x in range(34) for _ in range(deal[s][x])]
        if s == rec.dealer:
            part.remove(fourteenth)
            part.append(fourteenth)
            if spec.indicator:
                part.append(rec.indicator)
        part += own[s]
        size = _table.part_start(n, seats, s + 1) - _table.part_start(n, seats, s)
        if len(part) > size:
            _fail(f"the log has no wall, and seat {s} is dealt and draws {len(part)} tiles, "
                  f"more than its part of the wall ({size}; option duplicate_walls)")
        deck += part + filler[:size - len(part)]
        filler = filler[size - len(part):]
    return deck + list(rec.flower_indicators)


def check_full_log(rec, note: Any, packed: Optional[list] = None) -> None:
    """Play a full game log (a record with a wall or with draws) again on the engine's
    table; an InvalidRecordError names its first impossible event. ``packed``: the events
    as the reader packed them for its checks (the first two parts of
    :func:`~mahjong.record.log_codes`), or None (then packed here)."""
    try:
        spec = play_spec(rec.rules, rec.options or None)
    except MahjongError:
        return      # a rule set or options the settlement refuses, naming them
    seats = spec.seats
    if rec.seats != seats:
        return          # the settlement refuses it ("seats is 4, but ... is played by 2")
    if rec.wall is not None:
        deck, flowers = _wall_deck(rec, spec, note)
        source = "the play from the wall"
    else:
        _check_tiles(rec, spec)
        deck, flowers = _rebuilt_deck(rec, spec), False
        if deck is None:
            return      # no wall, and the events add up to no deal: a summary record
        deck = bytes(deck)
        source = "the play from the deal its events imply"
    if len(deck) - 8 * flowers != COPIES * (34 if spec.honours else 27):
        _check_supply(rec, spec, [t for t in deck if t < 34], "wall")   # (raises)
    tables = getattr(_LOCAL, "tables", None)
    if tables is None:
        tables = _LOCAL.tables = {}
    kept = tables.pop(id(spec), None)    # (taken while in use: a nested check makes its own)
    if kept is None:
        table = _table.Table(spec, rec.dealer, rec.round_wind, deck, [0] * seats, [0] * seats,
                             False, True)
    else:
        table = kept[1]
        table.redeal(deck, rec.dealer, rec.round_wind)
    if not _full_supply(deck, len(deck), spec.honours):    # (the table's deck is ``deck``)
        _check_supply(rec, spec, [t for t in deck if t < 34], "wall")
    voids = _voids(note, seats) if spec.dingque else None
    events = rec.events
    if packed is not None:
        codes, wins = packed
        finals = final_codes(rec.final, seats)
    else:
        codes, wins, finals = log_codes(events, rec.final, seats)
    penalty = played_events(events) < len(events)     # ends the hand where it is
    if penalty:
        codes = codes[:-5]
    bad = table.replay_log(codes, wins, finals, voids, flowers, _LogSource(rec))
    if penalty and bad is not None and bad[1] == "ends" and bad[0] == len(events) - 1:
        bad = None
    if len(tables) < 64:
        tables[id(spec)] = (spec, table)     # (the spec kept: its id stays its own)
    if bad is None:
        return
    index, why, action, seat = bad
    if why == "final":
        _check_final(rec, table, source)
        _fail(f"final hand of seat {seat}: not the hand {source} leaves the seat")
    if why == "ends":
        nxt = _table_event_text(table, index) if table.n_ev > index else \
            f"seat {seat} is to act"
        _fail(f"events: the log ends after {index} events, but the hand goes on ({source} "
              f"gives {nxt} next)")
    e = events[index]
    where = f"event {index} ({_event_name(e)})"
    if why == "after":
        _fail(f"{where}: the hand is over after event {index - 1} ({source})")
    if why == "differs":
        _fail(f"{where}: not the play: {source} gives {_table_event_text(table, index)} "
              "here")
    if why == "must_win":
        _fail(f"{where}: seat {seat} must win on the tile on offer here (the rule set makes "
              "a possible win compulsory), and the log does not show its win")
    if why == "pass_lock":
        _fail(f"{where}: seat {seat} declined a win on a discard since its last draw, and "
              "过水 (pass-lock) bars its wins on discards until it draws again")
    if why == "turn":
        if getattr(e, "seat", None) == seat:
            _fail(f"{where}: seat {seat} is to discard, kong, declare ready or win here")
        _fail(f"{where}: out of turn: seat {seat} is to act here")
    legal = ", ".join(_table.action_name(a) for a in table.legal_actions())
    _fail(f"{where}: seat {seat} may not {_action_text(action, table)} here (its legal "
          f"actions: {legal})")


def played_events(events) -> int:
    """How many of a log's (typed) ``events`` the table plays: all but a last ``penalty``
    (the judge's penalty ends the hand where it is; the refused answer is no action of the
    play, and the play stops there, its hand not over)."""
    n = len(events)
    return n - 1 if n and type(events[n - 1]) is PenaltyEvent else n


def _action_text(action: int, table) -> str:
    if action == _table.A_TSUMO:
        return "win on its draw"
    if action == _table.A_RON:
        return "win on the tile on offer"
    if _table.A_CHOW_LOW <= action <= _table.A_CHOW_HIGH + 1:
        return "chow the discard"
    if action == _table.A_MINGKONG:
        return "kong the discard"
    return _table.action_name(action)


class _LogSource:
    """The log's record with its first n events, as the room's win check reads it (the
    JSON form, made once, only if a win must be asked about)."""

    __slots__ = ("rec", "full")

    def __init__(self, rec):
        self.rec = rec
        self.full = None

    def __call__(self, n: int) -> dict:
        if self.full is None:
            self.full = self.rec.to_json()
            self.full.pop("final", None)
        out = dict(self.full)
        out["events"] = self.full["events"][:n]
        return out


def _check_final(rec, table, source: str) -> None:
    """Each closing hand of a seat that did not win is the one the play leaves it."""
    for seat, fh in rec.final.items():
        if table.seat_state(seat)["won"]:
            continue
        counts = table.hand_of(seat)
        have = [x for x in range(34) for _ in range(counts[x])]
        if tuple(have) != tuple(fh.hand):
            _fail(f"final hand of seat {seat}: {format_tiles(fh.hand)}, but {source} leaves "
                  f"the seat {format_tiles(have)}")


register_full_log_check(check_full_log)
