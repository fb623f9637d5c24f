"""Hand records: what happened in one hand, in order (input of settlement).

JSON form (Python objects with the same fields are accepted too)::

    {"rules": "sichuan", "options": {...}, "dealer": 0,
     "events": [
        {"type": "kong", "seat": 1, "kind": "concealed" | "exposed" | "added",
         "tile": "7s", "from": 2},                      # "from" only for an exposed kong
        {"type": "win", "seat": 2, "hand": "234m567m678m345p5p",
         "melds": [{"type": "pung", "tiles": "222p"}], "win_tile": "5p", "from": 3,
         "replacement": false, "after_kong": false, "robbing_kong": false,
         "last_tile": false, "heavenly": false, "earthly": false, "first_round": false},
        {"type": "exhausted"}],
     "final": {"0": {"hand": "...", "melds": [...]}, ...}}

Conventions (decided here, used by every rule set):

* A win's ``hand`` is the concealed part **after** the win, the winning tile included:
  ``len(hand) + 3 * len(melds) == 14`` (a kong counts 3, as in :class:`mahjong.Hand`).
  ``win_tile`` must be one of those tiles. A hand one tile short (13 counting melds) is read
  as the standing hand *before* the win and ``win_tile`` is added to it; the two sizes
  cannot be confused, and every other size is an error. ``from`` is the discarder (or, with
  ``robbing_kong``, the robbed seat); null or absent = self-draw.
* ``final`` gives the closing hand of a seat that did not win: ``len(hand) + 3 *
  len(melds) == 13``. A winner's holding is his win's hand and melds (a ``final`` entry
  for a winner is accepted and must agree with nothing; it is not used).
* Several consecutive wins with the same ``from`` and ``win_tile`` are one discard
  claimed by several players (一炮多响); the discarded tile is then in each winner's hand
  but counted once when copies are checked.
* Seats are 0..3 in play order (0 = the seat that is East in this record's numbering).

:func:`HandRecord.from_json` checks the structure and everything rule-independent (seats,
tiles, tile counts, fifth copies, kongs against closing melds, wins by a seat that has
already won, a discard win from the winner himself, context flags against the events
before them) and raises :class:`~mahjong.errors.InvalidRecordError` naming the event
index and the problem. Rule sets then check what depends on their rules (winning shape,
when the hand ends, several winners on one discard) with :func:`walk`.
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from mahjong_core._regional import bind_record_reader as _bind_record_reader
from mahjong_core._regional import most_copies as _most_copies
from mahjong_core._regional import most_held as _most_held
from mahjong_core._regional import read_usual_event as _read_usual_event
from mahjong_core._regional import read_usual_final as _read_usual_final
from mahjong_core._regional import sorted_tile_ids as _sorted_tile_ids

from .errors import InvalidRecordError, MahjongError
from .hand import Meld, parse_meld, parse_melds
from .tiles import (COPIES, TENHOU_NAMES, format_tiles, parse_tile, tile_counts,
                    to_tile_ids)

__all__ = ["KongEvent", "WinEvent", "ExhaustedEvent", "FinalHand", "HandRecord", "walk",
           "walk_tuples", "WalkStep", "KONG_KINDS", "WIN_FLAGS"]

KONG_KINDS = ("concealed", "exposed", "added")
WIN_FLAGS = ("replacement", "after_kong", "robbing_kong", "last_tile", "heavenly", "earthly",
             "first_round")
N_SEATS = 4


def _fail(where: str, message: str):
    raise InvalidRecordError(f"{where}: {message}")


_SEAT_KEYS = {str(s): s for s in range(N_SEATS)}  # JSON object keys of "final"


def _seat(value: Any, where: str, name: str = "seat") -> int:
    if type(value) is int and 0 <= value < N_SEATS:  # the usual case
        return value
    if type(value) is str and value in _SEAT_KEYS:
        return _SEAT_KEYS[value]
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value)
        else:
            _fail(where, f"'{name}' must be a seat number 0..3, got {value!r}")
    value = int(value)
    if not 0 <= value < N_SEATS:
        _fail(where, f"'{name}' must be a seat number 0..3, got {value}")
    return value


_TENHOU_IDS = {name: i for i, name in enumerate(TENHOU_NAMES)}


def _tile(value: Any, where: str, name: str) -> int:
    if type(value) is str:
        fast = _TENHOU_IDS.get(value)
        if fast is not None:
            return fast
    try:
        return parse_tile(value)
    except MahjongError as exc:
        _fail(where, f"'{name}': {exc}")


def _tiles(value: Any, where: str, name: str) -> Tuple[int, ...]:
    """Sorted tile ids of a hand field."""
    if type(value) is str:
        fast = _sorted_tile_ids(value)  # compiled: every record parses several hands
        if fast is not None:
            return fast
    try:
        return tuple(sorted(to_tile_ids(value)))
    except MahjongError as exc:
        _fail(where, f"'{name}': {exc}")
    except TypeError:
        _fail(where, f"'{name}' must be a tile string or a list of tiles, got {value!r}")


@functools.lru_cache(maxsize=1024)
def meld_from_strings(kind: str, tiles: str) -> Meld:
    # Melds repeat across records (a few hundred distinct pungs/kongs) and Meld is
    # immutable, so one parse per spelling is enough.
    return parse_meld({"type": kind, "tiles": tiles})


def _melds(value: Any, where: str) -> Tuple[Meld, ...]:
    try:
        if type(value) is list and len(value) <= 4:
            out = []
            for m in value:
                if type(m) is dict and len(m) == 2 and type(m.get("type")) is str \
                        and type(m.get("tiles")) is str:
                    out.append(meld_from_strings(m["type"], m["tiles"]))
                else:
                    out.append(parse_meld(m))
            return tuple(out)
        return parse_melds(value)
    except MahjongError as exc:
        _fail(where, f"'melds': {exc}")


def _check_holding(tiles: Sequence[int], melds: Sequence[Meld], size: int, where: str) -> None:
    n = len(tiles) + 3 * len(melds)
    if n != size:
        _fail(where, f"{len(tiles)} concealed tiles and {len(melds)} meld(s) make {n} tiles; "
                     f"expected {size} (a kong counts 3)")
    copies, tile = _most_copies(tiles, melds)
    if copies > COPIES:
        _fail(where, f"a fifth copy of {TENHOU_NAMES[tile]} in one hand")


# the fields each object may have
_KONG_KEYS = frozenset(("type", "seat", "kind", "tile", "from"))
_PLAIN_WIN_KEYS = frozenset(("type", "seat", "hand", "melds", "win_tile", "from"))
_WIN_KEYS = _PLAIN_WIN_KEYS | frozenset(WIN_FLAGS)
_EXHAUSTED_KEYS = frozenset(("type", "chajiao_pairs"))
_RECORD_KEYS = frozenset(("rules", "options", "dealer", "events", "final", "note"))
_FINAL_KEYS = frozenset(("hand", "melds"))


def _fail_at(index: int, event, message: str):
    what = "kong" if isinstance(event, KongEvent) else "win"
    _fail(f"event {index} ({what} by seat {event.seat})", message)


def _check_keys(obj: Mapping, allowed: frozenset, where: str) -> None:
    if obj.keys() <= allowed:  # the usual case: no unknown field
        return
    unknown = sorted(set(obj) - set(allowed))
    if unknown:
        _fail(where, f"unknown field(s) {', '.join(map(repr, unknown))}")


def _flag(obj: Mapping, name: str, where: str) -> bool:
    value = obj.get(name, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        _fail(where, f"flag '{name}' must be true or false, got {value!r}")
    return value


# The event classes are frozen dataclasses with a hand-written __init__ that fills
# __dict__ directly: records are parsed by the thousand, and the generated frozen
# __init__ (one object.__setattr__ per field) is about twice as slow.

@dataclass(frozen=True, init=False)
class KongEvent:
    """A declared kong: ``kind`` concealed (暗杠/下雨), exposed (直杠, ``from_seat`` fed
    it) or added (面下杠/补杠, a pung completed with a drawn tile)."""

    seat: int
    kind: str
    tile: int
    from_seat: Optional[int] = None
    type: str = field(default="kong", init=False)

    def __init__(self, seat: int, kind: str, tile: int, from_seat: Optional[int] = None):
        fields = self.__dict__
        fields["seat"] = seat
        fields["kind"] = kind
        fields["tile"] = tile
        fields["from_seat"] = from_seat
        fields["type"] = "kong"

    def to_json(self) -> Dict[str, Any]:
        out = {"type": "kong", "seat": self.seat, "kind": self.kind,
               "tile": format_tiles([self.tile])}
        if self.from_seat is not None:
            out["from"] = self.from_seat
        return out


@dataclass(frozen=True, init=False)
class WinEvent:
    """A win. ``hand`` is the concealed part after the win, winning tile included."""

    seat: int
    hand: Tuple[int, ...]
    melds: Tuple[Meld, ...]
    win_tile: int
    from_seat: Optional[int] = None
    replacement: bool = False
    after_kong: bool = False
    robbing_kong: bool = False
    last_tile: bool = False
    heavenly: bool = False
    earthly: bool = False
    first_round: bool = False
    type: str = field(default="win", init=False)

    def __init__(self, seat: int, hand: Tuple[int, ...], melds: Tuple[Meld, ...],
                 win_tile: int, from_seat: Optional[int] = None, replacement: bool = False,
                 after_kong: bool = False, robbing_kong: bool = False, last_tile: bool = False,
                 heavenly: bool = False, earthly: bool = False, first_round: bool = False):
        fields = self.__dict__
        fields["seat"] = seat
        fields["hand"] = hand
        fields["melds"] = melds
        fields["win_tile"] = win_tile
        fields["from_seat"] = from_seat
        fields["replacement"] = replacement
        fields["after_kong"] = after_kong
        fields["robbing_kong"] = robbing_kong
        fields["last_tile"] = last_tile
        fields["heavenly"] = heavenly
        fields["earthly"] = earthly
        fields["first_round"] = first_round
        fields["type"] = "win"

    @property
    def self_drawn(self) -> bool:
        return self.from_seat is None

    def counts(self) -> np.ndarray:
        """``uint8[34]`` counts of the concealed part (winning tile included)."""
        return tile_counts(self.hand)

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"type": "win", "seat": self.seat,
                               "hand": format_tiles(sorted(self.hand)),
                               "melds": [m.to_json() for m in self.melds],
                               "win_tile": format_tiles([self.win_tile]),
                               "from": self.from_seat}
        for name in WIN_FLAGS:
            if getattr(self, name):
                out[name] = True
        return out


@dataclass(frozen=True)
class ExhaustedEvent:
    """The wall ran out. ``chajiao_pairs`` optionally records random draws a rule set
    needs (Yunnan 查叫 with two tenpai and two not: [[payer, payee], ...])."""

    chajiao_pairs: Optional[Tuple[Tuple[int, int], ...]] = None
    type: str = field(default="exhausted", init=False)

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"type": "exhausted"}
        if self.chajiao_pairs is not None:
            out["chajiao_pairs"] = [list(p) for p in self.chajiao_pairs]
        return out


Event = Union[KongEvent, WinEvent, ExhaustedEvent]


@dataclass(frozen=True, init=False)
class FinalHand:
    """A seat's closing holding (13 tiles counting a kong as 3)."""

    hand: Tuple[int, ...]
    melds: Tuple[Meld, ...] = ()

    def __init__(self, hand: Tuple[int, ...], melds: Tuple[Meld, ...] = ()):
        fields = self.__dict__  # as the event classes: faster than the frozen __init__
        fields["hand"] = hand
        fields["melds"] = melds

    def counts(self) -> np.ndarray:
        """``uint8[34]`` counts of the closing concealed tiles."""
        return tile_counts(self.hand)

    def to_json(self) -> Dict[str, Any]:
        return {"hand": format_tiles(sorted(self.hand)),
                "melds": [m.to_json() for m in self.melds]}


def _parse_event(index: int, raw: Any) -> Event:
    """Read any event (the full reader: every problem raises, naming the event)."""
    where = f"event {index}"
    if isinstance(raw, (KongEvent, WinEvent, ExhaustedEvent)):
        raw = raw.to_json()
    if type(raw) is not dict and not isinstance(raw, Mapping):
        _fail(where, f"an event is an object with a 'type', got {raw!r}")
    kind = raw.get("type")
    if kind == "kong":
        where = f"event {index} (kong)"
        _check_keys(raw, _KONG_KEYS, where)
        seat = _seat(raw.get("seat"), where)
        k = raw.get("kind")
        if k not in KONG_KINDS:
            _fail(where, f"'kind' must be one of {', '.join(KONG_KINDS)}, got {k!r}")
        if "tile" not in raw:
            _fail(where, "missing 'tile'")
        tile = _tile(raw["tile"], where, "tile")
        src = raw.get("from")
        if k == "exposed":
            if src is None:
                _fail(where, "an exposed kong needs 'from' (the seat whose discard was konged)")
            src = _seat(src, where, "from")
            if src == seat:
                _fail(where, f"seat {seat} cannot kong his own discard")
        elif src is not None:
            _fail(where, f"'from' is only given for an exposed kong, not a {k} one")
        return KongEvent(seat, k, tile, src)
    if kind == "win":
        where = f"event {index} (win)"
        _check_keys(raw, _WIN_KEYS, where)
        seat = _seat(raw.get("seat"), where)
        where = f"event {index} (win by seat {seat})"
        if "hand" not in raw:
            _fail(where, "missing 'hand'")
        if "win_tile" not in raw:
            _fail(where, "missing 'win_tile'")
        hand = _tiles(raw["hand"], where, "hand")
        melds = _melds(raw.get("melds", ()), where)
        win = _tile(raw["win_tile"], where, "win_tile")
        src = raw.get("from")
        if src is not None:
            src = _seat(src, where, "from")
            if src == seat:
                _fail(where, f"a discard win from the winner himself (from = seat {seat})")
        plain = raw.keys().isdisjoint(WIN_FLAGS)  # the usual win: no flag to check
        if not plain:
            flags = {name: _flag(raw, name, where) for name in WIN_FLAGS}
        if len(hand) + 3 * len(melds) == 13:
            # the standing hand before the win was given: the winning tile completes it
            hand = tuple(sorted(hand + (win,)))
        _check_holding(hand, melds, 14, where)
        if win not in hand:
            _fail(where, f"win_tile {TENHOU_NAMES[win]} is not in the hand "
                         "(the hand includes the winning tile)")
        if plain:
            return WinEvent(seat, hand, melds, win, src)
        if flags["robbing_kong"] and src is None:
            _fail(where, "robbing_kong needs 'from' (the robbed seat)")
        if flags["replacement"] and src is not None:
            _fail(where, "a replacement win (杠上花) is a self-draw: 'from' must be null")
        if flags["after_kong"] and src is None:
            _fail(where, "after_kong (杠上炮) is a discard win: 'from' must be the discarder")
        if flags["robbing_kong"] and (flags["after_kong"] or flags["replacement"]):
            _fail(where, "robbing_kong cannot be combined with after_kong/replacement")
        if flags["heavenly"] and src is not None:
            _fail(where, "heavenly (天胡) is a self-draw: 'from' must be null")
        if flags["first_round"] and src is None:
            _fail(where, "first_round (人和) is a win on a discard: 'from' must be given")
        if sum(flags[n] for n in ("heavenly", "earthly", "first_round")) > 1:
            _fail(where, "heavenly, earthly and first_round exclude each other")
        return WinEvent(seat, hand, melds, win, src, **flags)
    if kind == "exhausted":
        where = f"event {index} (exhausted)"
        _check_keys(raw, _EXHAUSTED_KEYS, where)
        pairs = raw.get("chajiao_pairs")
        if pairs is not None:
            try:
                pairs = tuple((_seat(a, where, "chajiao_pairs"), _seat(b, where, "chajiao_pairs"))
                              for a, b in pairs)
            except (TypeError, ValueError) as exc:
                if isinstance(exc, InvalidRecordError):
                    raise
                _fail(where, f"'chajiao_pairs' must be a list of [payer, payee], got {pairs!r}")
        return ExhaustedEvent(pairs)
    _fail(where, f"unknown event type {kind!r}; expected kong, win or exhausted")


# The fast path of the reader, compiled (mahjong_core._regional): most events of a record
# are a kong or a flagless win in plain notation ("7s", "234m567m55p", seats as ints,
# melds as [{"type": str, "tiles": str}]), and every record has closing hands.
# _parse_usual_event(raw) gives the KongEvent / WinEvent of such an event, and
# _parse_usual_final(value) the FinalHand of such a closing hand, with the checks that
# need no error message (fields, seats, sizes, copies, the winning tile); for anything
# else they give None and the full reader (_parse_event, from_json) reads the input and
# names its problem. The tests compare both paths on good and broken records.
_bind_record_reader(KongEvent, WinEvent, FinalHand, _sorted_tile_ids, meld_from_strings,
                    MahjongError, _TENHOU_IDS, KONG_KINDS, _KONG_KEYS, _PLAIN_WIN_KEYS,
                    _FINAL_KEYS)
_parse_usual_event = _read_usual_event
_parse_usual_final = _read_usual_final


@dataclass(frozen=True, init=False)
class HandRecord:
    """One hand, as a validated, immutable object (see the module docstring)."""

    rules: str
    dealer: int
    events: Tuple[Event, ...]
    final: Dict[int, FinalHand] = field(default_factory=dict)
    options: Dict[str, Any] = field(default_factory=dict)

    def __init__(self, rules: str, dealer: int, events: Tuple[Event, ...],
                 final: Optional[Dict[int, FinalHand]] = None,
                 options: Optional[Dict[str, Any]] = None):
        fields = self.__dict__  # as the event classes: faster than the frozen __init__
        fields["rules"] = rules
        fields["dealer"] = dealer
        fields["events"] = events
        fields["final"] = {} if final is None else final
        fields["options"] = {} if options is None else options

    # -- construction ---------------------------------------------------------------
    @classmethod
    def from_json(cls, data: Union[str, bytes, Mapping[str, Any]]) -> "HandRecord":
        """Read and validate a record from JSON text or a decoded mapping."""
        if isinstance(data, (str, bytes)):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise InvalidRecordError(f"record: not valid JSON: {exc}") from None
        if type(data) is not dict and not isinstance(data, Mapping):
            raise InvalidRecordError(f"record: expected an object, got {type(data).__name__}")
        _check_keys(data, _RECORD_KEYS, "record")
        rules = data.get("rules")
        if not isinstance(rules, str) or not rules:
            _fail("record", f"'rules' must name a rule set, got {rules!r}")
        options = data.get("options") or {}
        if type(options) is not dict and not isinstance(options, Mapping):
            _fail("record", f"'options' must be an object, got {options!r}")
        dealer = _seat(data.get("dealer", 0), "record", "dealer")
        raw_events = data.get("events")
        if not isinstance(raw_events, (list, tuple)):
            _fail("record", "'events' must be a list")
        # the usual event is read by the fast path; anything else (or wrong) in full
        events = tuple([_parse_usual_event(e) or _parse_event(i, e)
                        for i, e in enumerate(raw_events)])
        final: Dict[int, FinalHand] = {}
        raw_final = data.get("final") or {}
        if type(raw_final) is not dict and not isinstance(raw_final, Mapping):
            _fail("record", "'final' must map seats to {'hand', 'melds'}")
        for key, value in raw_final.items():
            seat = _seat(key, "final", "seat key")
            fh = _parse_usual_final(value)
            if fh is not None:
                final[seat] = fh
                continue
            where = f"final hand of seat {seat}"
            if isinstance(value, FinalHand):
                value = value.to_json()
            if type(value) is not dict and not isinstance(value, Mapping):
                _fail(where, f"expected {{'hand': ..., 'melds': [...]}}, got {value!r}")
            _check_keys(value, _FINAL_KEYS, where)
            if "hand" not in value:
                _fail(where, "missing 'hand'")
            fh = FinalHand(_tiles(value["hand"], where, "hand"),
                           _melds(value.get("melds", ()), where))
            final[seat] = fh
        rec = cls(rules, dealer, events, final, dict(options))
        rec._check_consistency()
        # rule sets skip re-checking what this validation covered (sizes, copies, the
        # winning tile, flag contradictions); a record built directly is checked in full
        object.__setattr__(rec, "_validated", True)
        return rec

    @property
    def validated(self) -> bool:
        """True for a record made by :meth:`from_json` (every rule-independent check done)."""
        return self.__dict__.get("_validated", False)

    @classmethod
    def coerce(cls, record: Any) -> "HandRecord":
        if isinstance(record, cls):
            return record
        return cls.from_json(record)

    def to_json(self) -> Dict[str, Any]:
        return {"rules": self.rules, "options": dict(self.options), "dealer": self.dealer,
                "events": [e.to_json() for e in self.events],
                "final": {str(s): f.to_json() for s, f in sorted(self.final.items())}}

    def dumps(self, **kwargs) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, **kwargs)

    # -- rule-independent checks ------------------------------------------------------
    def winners(self) -> Dict[int, int]:
        """seat -> index of its win event."""
        return {e.seat: i for i, e in enumerate(self.events) if isinstance(e, WinEvent)}

    def holding(self, seat: int, wins: Optional[Dict[int, int]] = None
                ) -> Optional[Tuple[Tuple[int, ...], Tuple[Meld, ...]]]:
        """(concealed, melds) of a seat at the end: its win, else its final hand."""
        if wins is None:
            wins = self.winners()
        if seat in wins:
            e = self.events[wins[seat]]
            return e.hand, e.melds
        if seat in self.final:
            return self.final[seat].hand, self.final[seat].melds
        return None

    def _check_consistency(self) -> None:
        # One pass over the events; the closing checks below reuse what it collected.
        events = self.events
        won: Dict[int, int] = {}   # seat -> index of its win (= winners() once this passes)
        kongs: List[List[Tuple[int, KongEvent]]] = [[], [], [], []]  # by seat (N_SEATS)
        kongs_so_far = 0
        shared_discards: List[int] = []  # a discard claimed by several winners is one tile
        prev = None
        for i, e in enumerate(events):
            # messages are f-strings inside the failing branch: built only on failure
            if isinstance(e, KongEvent):
                if e.seat in won:
                    _fail_at(i, e, f"seat {e.seat} already won at event {won[e.seat]}; a "
                                   "winner's hand is closed")
                if e.from_seat is not None and e.from_seat in won:
                    _fail_at(i, e, f"seat {e.from_seat} (from) already won at event "
                                   f"{won[e.from_seat]} and no longer discards")
                for j, other in kongs[e.seat]:
                    if other.tile == e.tile:
                        _fail_at(i, e, f"seat {e.seat} already konged {TENHOU_NAMES[e.tile]} "
                                       f"at event {j}")
                kongs[e.seat].append((i, e))
                kongs_so_far += 1
                prev = e
                continue
            if isinstance(e, ExhaustedEvent):
                if i != len(events) - 1:
                    _fail(f"event {i} (exhausted)", "the wall ran out: no event may follow "
                                                    f"(event {i + 1} does)")
                prev = e
                continue
            if e.seat in won:
                _fail_at(i, e, f"a second win by seat {e.seat} (it won at event {won[e.seat]})")
            if e.from_seat is not None:
                if e.from_seat in won:
                    _fail_at(i, e, f"seat {e.from_seat} (from) already won at event "
                                   f"{won[e.from_seat]} and no longer discards or konges")
                if isinstance(prev, WinEvent) and prev.from_seat == e.from_seat and \
                        prev.win_tile == e.win_tile:
                    shared_discards.append(e.win_tile)
            if e.heavenly or e.earthly or e.first_round or e.replacement or e.after_kong \
                    or e.robbing_kong:
                self._check_win_context(i, e, won, kongs_so_far > 0)
            won[e.seat] = i
            prev = e
        # closing hands; a seat's holding is its win, else its final hand
        holdings = {seat: events[i] for seat, i in won.items()}  # objects with hand, melds
        for seat, fh in self.final.items():
            if seat not in won:
                _check_holding(fh.hand, fh.melds, 13, f"final hand of seat {seat}")
                holdings[seat] = fh
        # per seat: kongs against the melds it ends with
        unknown_quads: List[int] = []  # kongs of seats whose holding is unknown: 4 copies
        for seat, seat_kongs in enumerate(kongs):
            if not seat_kongs:
                continue
            h = holdings.get(seat)
            if h is None:
                unknown_quads += [k.tile for _, k in seat_kongs]
                continue
            shown = {(m.kind, m.tiles[0]) for m in h.melds}
            for i, k in seat_kongs:
                want = "concealed_kong" if k.kind == "concealed" else "kong"
                if (want, k.tile) not in shown:
                    src = "win" if seat in won else "final hand"
                    _fail(f"event {i} (kong by seat {seat})",
                          f"a {k.kind} kong of {TENHOU_NAMES[k.tile]} but the seat's {src} "
                          f"shows no {want.replace('_', ' ')} of it")
        self._check_fifth_copies(holdings.values(), unknown_quads, shared_discards, kongs, won)

    def _check_win_context(self, i: int, e: WinEvent, won: Dict[int, int],
                           prior_kong: bool) -> None:
        """The flags of the win at event ``i`` against the events before it."""
        if e.heavenly:
            if e.seat != self.dealer:
                _fail_at(i, e, f"heavenly (天胡) is the dealer's win; the dealer is seat "
                               f"{self.dealer}")
            if i != 0:
                _fail_at(i, e, "heavenly (天胡) must be the first event (the initial 14)")
        if e.earthly:
            if e.seat == self.dealer:
                _fail_at(i, e, "earthly (地胡) is a non-dealer's win")
            if prior_kong or won:
                _fail_at(i, e, "earthly (地胡) needs no kong or win before it")
        if e.first_round and (prior_kong or won):
            _fail_at(i, e, "first_round (人和) needs no kong or win before it")
        if e.replacement:
            prev = self.events[i - 1] if i else None
            if not (isinstance(prev, KongEvent) and prev.seat == e.seat):
                _fail_at(i, e, "replacement (杠上花) needs the previous event to be a kong "
                               "by the winner")
        if e.after_kong:
            j = i - 1
            while j >= 0 and isinstance(self.events[j], WinEvent) and \
                    self.events[j].from_seat == e.from_seat and \
                    self.events[j].win_tile == e.win_tile:
                j -= 1
            prev = self.events[j] if j >= 0 else None
            if not (isinstance(prev, KongEvent) and prev.seat == e.from_seat):
                _fail_at(i, e, "after_kong (杠上炮) needs the event before the discard to "
                               f"be a kong by the discarder (seat {e.from_seat})")
        if e.robbing_kong:
            h = self.holding(e.from_seat)
            if h is not None and e.from_seat not in self.winners() and not any(
                    m.kind == "pung" and m.tile == e.win_tile for m in h[1]):
                _fail_at(i, e, f"robbing_kong: the robbed seat {e.from_seat} shows no pung "
                               f"of {TENHOU_NAMES[e.win_tile]} in its final melds")

    def _seat_copies(self, kongs, wins, tile: int) -> List[Tuple[str, Tuple[int, ...]]]:
        """(name, the tiles known to be held) per seat: its holding, else the four copies
        of each of its kongs; seats with neither are left out (names a fifth copy). A name
        says where the tiles come from (the win's event, the final hand, the events of the
        seat's kongs of ``tile``), so the error points at the events to look at."""
        out = []
        for seat in range(N_SEATS):
            kong_events = [str(i) for i, k in kongs[seat] if k.tile == tile]
            kong_note = (f"kong at event{'s' if len(kong_events) > 1 else ''} "
                         f"{', '.join(kong_events)}") if kong_events else ""
            h = self.holding(seat, wins)
            if h is not None:
                tiles = h[0] + tuple(t for m in h[1] for t in m.tiles)
                src = f"win at event {wins[seat]}" if seat in wins else "final hand"
                src += f", {kong_note}" if kong_note else ""
                out.append((f"seat {seat} ({src})", tiles))
            elif kongs[seat]:  # unknown holding: its kongs are still four known copies
                out.append((f"seat {seat}'s kongs" + (f" ({kong_note})" if kong_note else ""),
                            tuple(k.tile for _, k in kongs[seat] for _ in range(4))))
        return out

    def _check_fifth_copies(self, holdings, unknown_quads: List[int],
                            shared_discards: List[int], kongs, wins) -> None:
        """No tile held five times: ``holdings`` (objects with ``hand`` and ``melds``) and
        the four copies of each ``unknown_quads`` tile are the tiles known to be held;
        ``shared_discards`` the winning tile of each extra winner on one discard (one
        physical tile, in each winner's hand)."""
        worst, t = _most_held(holdings, unknown_quads, shared_discards)
        if worst > COPIES:
            who = ", ".join(name for name, tiles in self._seat_copies(kongs, wins, t)
                            if t in tiles)
            _fail("record", f"a fifth copy of {TENHOU_NAMES[t]}: {worst} copies held by {who}")


@dataclass(frozen=True)
class WalkStep:
    """One event seen by a rule set: who had won before it, its discard group."""

    index: int
    event: Event
    won_before: Tuple[int, ...]     # seats that had won before this event, in order
    group: Tuple[int, ...] = ()     # for a win: indices of all wins on the same discard


def walk(record: HandRecord, *, hand_ends_after_first_win: bool, multi_ron: bool = True,
         max_winners: int = 3) -> Iterator[WalkStep]:
    """Yield the events with the context a rule set needs, enforcing when the hand ends.

    ``hand_ends_after_first_win``: the hand ends with the first win (with ``multi_ron``,
    the first discard's several winners); otherwise (血战) it ends when ``max_winners``
    seats have won. Any event after the end but a closing ``exhausted`` is an error, and
    so is a second winner on one discard when ``multi_ron`` is off (截和).
    """
    for step in walk_tuples(record, hand_ends_after_first_win=hand_ends_after_first_win,
                            multi_ron=multi_ron, max_winners=max_winners):
        yield WalkStep(*step)


def walk_tuples(record: HandRecord, *, hand_ends_after_first_win: bool, multi_ron: bool = True,
                max_winners: int = 3) -> Iterator[Tuple[int, Event, Tuple[int, ...],
                                                        Tuple[int, ...]]]:
    """:func:`walk` as plain ``(index, event, won_before, group)`` tuples (settlement's hot
    loop: no object per event)."""
    events = record.events
    n_events = len(events)
    won: List[int] = []
    won_before: Tuple[int, ...] = ()
    ended_at: Optional[int] = None
    i = 0
    while i < n_events:
        e = events[i]
        is_win = type(e) is WinEvent or isinstance(e, WinEvent)
        if ended_at is not None and not isinstance(e, ExhaustedEvent):
            name = "win" if is_win else e.type
            _fail(f"event {i} ({name})", f"the hand already ended at event {ended_at}")
        if is_win:
            group = [i]
            if e.from_seat is not None:
                j = i + 1
                while j < n_events and isinstance(events[j], WinEvent) and \
                        events[j].from_seat == e.from_seat and events[j].win_tile == e.win_tile:
                    group.append(j)
                    j += 1
            if len(group) > 1 and not multi_ron:
                _fail(f"event {group[1]} (win by seat {events[group[1]].seat})",
                      "a second winner on one discard, but this rule set takes only the first "
                      "claimant (multi_ron is off)")
            group_tuple = tuple(group)
            for k in group:
                yield k, events[k], won_before, group_tuple
            for k in group:
                won.append(events[k].seat)
            won_before = tuple(won)
            last = group[-1]
            if hand_ends_after_first_win or len(won) >= max_winners:
                ended_at = last
            i = last + 1
            continue
        yield i, e, won_before, ()
        i += 1
