"""The record reader as it was before its fast path (mahjong/record.py at 3d30099, plain
Python, never compiled): the slow twin tests/test_record_reader.py checks the reader
against, answer for answer and message for message.

Game logs (record format v2): what happened in one hand, in order. Settlement reads them;
the game engine writes them. ``docs/RECORDS.md`` is the full reference.

JSON form (Python mappings with the same fields are accepted too)::

    {"rules": "sichuan", "options": {...}, "dealer": 0, "seats": 4, "round_wind": 0,
     "indicator": "3p", "flower_indicators": ["5p"], "wall": ["1m", ...],
     "events": [
        {"type": "draw", "seat": 0, "tile": "7s"},
        {"type": "discard", "seat": 0, "tile": "9m"},
        {"type": "pung", "seat": 2, "tiles": "999m", "from": 0},
        {"type": "chow", "seat": 1, "tiles": "789m", "from": 0},
        {"type": "kong", "seat": 1, "kind": "concealed" | "exposed" | "added" | "single",
         "tile": "7s", "from": 2},                      # "from" only for an exposed kong
        {"type": "ready", "seat": 3},
        {"type": "win", "seat": 2, "hand": "234m567m678m345p5p",
         "melds": [{"type": "pung", "tiles": "222p"}], "win_tile": "5p", "from": 3,
         "replacement": false, "after_kong": false, "robbing_kong": false,
         "last_tile": false, "heavenly": false, "earthly": false, "first_round": false,
         "fourth_tile": false, "flowers": 0},
        {"type": "flip", "tile": "5s"},
        {"type": "exhausted", "yunnan": {"chajiao_pairs": [[1, 0], [3, 2]]}}],
     "final": {"0": {"hand": "...", "melds": [...]}, ...}}

Conventions (decided here, used by every rule set):

* A win's ``hand`` is the concealed part **after** the win, the winning tile included:
  14 tiles counting a set meld as 3 (a kong counts 3; a single kong counts 0). A hand one
  tile short is read as the standing hand *before* the win and ``win_tile`` is added.
  ``from`` is the discarder (or, with ``robbing_kong``, the robbed seat); null = self-draw.
* ``final`` gives the closing hand of a seat that did not win (13 tiles counted the same
  way). A winner's holding is his win's hand and melds.
* Several consecutive wins with the same ``from`` and ``win_tile`` are one discard claimed
  by several players (一炮多响).
* Seats are ``0 .. seats-1`` in play order; the 上家 of seat s is ``(s - 1) mod seats``.
* A record may list only the events that matter to its rule set (hand-written records do).
  Where it lists claims (``chow``/``pung``), they must agree with the melds shown in
  ``final`` and in the wins; where it lists discards, every claim and every discard win
  must take the discard just made.
* Rule-set data rides in a field named after the rule set (Yunnan's random 查叫 pairs:
  ``{"type": "exhausted", "yunnan": {"chajiao_pairs": ...}}``; the older top-level
  ``chajiao_pairs`` is read as Yunnan's).

:meth:`HandRecord.from_json` checks the structure and everything rule-independent and
raises :class:`~mahjong.errors.InvalidRecordError` naming the field or the event index.
Rule sets then check what depends on their rules with :func:`walk`. A record once read is
immutable: its events, closing hands and options cannot be changed behind the validation
(every ``HandRecord`` is validated, however it was made).
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from mahjong_core import _types
from mahjong_core._holdings import most_copies as _most_copies_of
from mahjong_core._holdings import most_held_of as _most_held_of
from mahjong_core._holdings import sorted_tile_ids as _sorted_tile_ids

from mahjong.errors import InvalidRecordError, MahjongError
from mahjong.hand import Meld, parse_meld, parse_melds
from mahjong.tiles import COPIES, TENHOU_NAMES, format_tiles, parse_tile, tile_counts, to_tile_ids
from mahjong.validate import MAX_TEXT
from mahjong.validate import show as _show


# (the core counts plain tuples of tile ids)
def _most_copies(hand, melds):
    return _most_copies_of(tuple(hand), tuple(t for m in melds for t in m.tiles))


def _most_held(holdings, quads, shared, extra=()):
    return _most_held_of([h.hand for h in holdings],
                         [tuple(t for m in h.melds for t in m.tiles) for h in holdings],
                         quads, shared, extra)


#: the seats of a record without ``seats``: its rule set's own (an independent table)
_RULES_SEATS = {"two_player": 2}

__all__ = ["DrawEvent", "DiscardEvent", "ClaimEvent", "KongEvent", "ReadyEvent", "FlipEvent",
           "WinEvent", "ExhaustedEvent", "FinalHand", "HandRecord", "FrozenDict", "walk",
           "walk_tuples", "WalkStep", "EVENT_TYPES", "KONG_KINDS", "CLAIM_TYPES", "WIN_FLAGS",
           "SETTLEMENT_EVENTS"]

EVENT_TYPES = ("draw", "discard", "chow", "pung", "kong", "ready", "flip", "win", "exhausted")
KONG_KINDS = ("concealed", "exposed", "added", "single")
CLAIM_TYPES = ("chow", "pung")
WIN_FLAGS = ("replacement", "after_kong", "robbing_kong", "last_tile", "heavenly", "earthly",
             "first_round", "fourth_tile")
#: the event types of the settlement of a hand record as v1 knew it (kongs, wins, the
#: exhausted wall): what :func:`walk` yields by default
SETTLEMENT_EVENTS = frozenset(("kong", "win", "exhausted"))
MAX_SEATS = 4
MAX_EVENTS = 10_000
MAX_FLOWERS = 8


def _fail(where: str, message: str):
    raise InvalidRecordError(f"{where}: {message}")


class FrozenDict(dict):
    """A dict that cannot be changed after it is made (records hand these out for their
    ``final``, ``options`` and rule-set data). Reading is as fast as a dict's."""

    __slots__ = ()

    def _immutable(self, *args, **kwargs):
        raise InvalidRecordError("a record is immutable once read: build a new one "
                                 "(HandRecord.from_json) instead of changing it")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _immutable
    __ior__ = _immutable

    def __reduce__(self):
        return (FrozenDict, (dict(self),))


def _freeze(value: Any, where: str, depth: int = 0) -> Any:
    """A deep read-only copy of JSON-like data (options, rule-set data)."""
    if depth > 20:
        _fail(where, "nested too deeply")
    if isinstance(value, Mapping):
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                _fail(where, f"keys must be strings, got {_show(k)}")
            out[k] = _freeze(v, where, depth + 1)
        return FrozenDict(out)
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v, where, depth + 1) for v in value)
    if value is None or type(value) in _SCALARS:
        return value
    _fail(where, f"values must be JSON values (objects, lists, strings, numbers, true, false, "
                 f"null), got {_show(value)}")


_SCALARS = (str, int, bool, float, type(None))


def _freeze_options(options: Mapping) -> FrozenDict:
    if type(options) is dict:
        for k, v in options.items():
            if type(k) is not str or type(v) not in _SCALARS:
                break
        else:
            return FrozenDict(options)  # flat: keys are strings, values scalars
    return _freeze(options, "record: 'options'")


def _thaw(value: Any) -> Any:
    """JSON-ready copy of frozen data."""
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def _int_field(value: Any, where: str, name: str, low: int, high: int) -> int:
    """An integer field low..high: exactly an int (numpy integers too), never a bool, a
    float or a digit string."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        _fail(where, f"'{name}' must be an integer {low}..{high}, got {_show(value)}")
    value = int(value)
    if not low <= value <= high:
        _fail(where, f"'{name}' must be {low}..{high}, got {_show(value)}")
    return value


def _seat(value: Any, where: str, seats: int, name: str = "seat") -> int:
    if type(value) is int and 0 <= value < seats:  # the usual case
        return value
    return _int_field(value, where, name, 0, seats - 1)


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
    except (TypeError, ValueError):
        _fail(where, f"'{name}' must be a tile, got {_show(value)}")


def _tiles(value: Any, where: str, name: str) -> Tuple[int, ...]:
    """Sorted tile ids of a hand field."""
    if type(value) is str and len(value) <= MAX_TEXT:
        fast = _sorted_tile_ids(value)  # compiled: every record parses several hands
        if fast is not None:
            return fast
    if isinstance(value, (str, list, tuple)) or type(value).__module__ == "numpy":
        try:
            return tuple(sorted(to_tile_ids(value)))
        except MahjongError as exc:
            _fail(where, f"'{name}': {exc}")
        except (TypeError, ValueError):
            pass
    _fail(where, f"'{name}' must be a tile string or a list of tiles, got {_show(value)}")


@functools.lru_cache(maxsize=1024)
def meld_from_strings(kind: str, tiles: str) -> Meld:
    # Melds repeat across records (a few hundred distinct pungs/kongs) and Meld is
    # immutable, so one parse per spelling is enough. Bounded: a cache never grows
    # without limit.
    return parse_meld({"type": kind, "tiles": tiles})


def _melds(value: Any, where: str) -> Tuple[Meld, ...]:
    if type(value) is list:
        if not value:
            return ()
        # the usual form: a few {"type": str, "tiles": str} objects, read through the cache
        if len(value) <= 4:
            out = []
            for m in value:
                if type(m) is not dict or len(m) != 2:
                    break
                kind = m.get("type")
                tiles = m.get("tiles")
                if type(kind) is not str or type(tiles) is not str or len(tiles) > 16:
                    break
                try:
                    out.append(meld_from_strings(kind, tiles))
                except MahjongError as exc:
                    _fail(where, f"'melds': {exc}")
            else:
                return tuple(out)
    elif not isinstance(value, (list, tuple)):
        _fail(where, f"'melds' must be a list of melds, got {_show(value)}")
    if len(value) > 16:
        _fail(where, f"'melds': {len(value)} melds, more than a hand can hold")
    try:
        return parse_melds(value)
    except MahjongError as exc:
        _fail(where, f"'melds': {exc}")


def _holding_size(tiles: Sequence[int], melds: Sequence[Meld]) -> int:
    n = len(tiles)
    for m in melds:
        if m.kind != "single_kong":
            n += 3
    return n


def _check_holding(tiles: Sequence[int], melds: Sequence[Meld], size: int, where: str) -> None:
    n = _holding_size(tiles, melds)
    if n != size:
        _fail(where, f"{len(tiles)} concealed tiles and {len(melds)} meld(s) make {n} tiles; "
                     f"expected {size} (a kong counts 3)")
    copies, tile = _most_copies(tuple(tiles), melds)
    if copies > COPIES:
        _fail(where, f"a fifth copy of {TENHOU_NAMES[tile]} in one hand")


def _check_keys(obj: Mapping, allowed: frozenset, where: str) -> None:
    if obj.keys() <= allowed:  # the usual case: no unknown field
        return
    unknown = sorted(_show(k) for k in set(obj) - set(allowed))
    _fail(where, f"unknown field(s) {', '.join(unknown[:8])}")


def _flag(obj: Mapping, name: str, where: str) -> bool:
    value = obj.get(name, False)
    if value is None:
        return False
    if not isinstance(value, (bool, np.bool_)):
        _fail(where, f"flag '{name}' must be true or false, got {_show(value)}")
    return bool(value)


# ------------------------------------------------------------------------------ events
#
# The event classes are frozen dataclasses with a hand-written __init__ that fills
# __dict__ directly: records are read by the thousand, and the generated frozen __init__
# (one object.__setattr__ per field) is about twice as slow.

def _tile_json(tile: int) -> str:
    return TENHOU_NAMES[tile]


@dataclass(frozen=True, init=False)
class DrawEvent:
    """A tile drawn from the wall (optional in hand-written records)."""

    seat: int
    tile: int
    type: str = field(default="draw", init=False)

    def __init__(self, seat: int, tile: int):
        self.__dict__.update(seat=seat, tile=tile, type="draw")

    def to_json(self) -> Dict[str, Any]:
        return {"type": "draw", "seat": self.seat, "tile": _tile_json(self.tile)}


@dataclass(frozen=True, init=False)
class DiscardEvent:
    """A tile discarded."""

    seat: int
    tile: int
    type: str = field(default="discard", init=False)

    def __init__(self, seat: int, tile: int):
        self.__dict__.update(seat=seat, tile=tile, type="discard")

    def to_json(self) -> Dict[str, Any]:
        return {"type": "discard", "seat": self.seat, "tile": _tile_json(self.tile)}


@dataclass(frozen=True, init=False)
class ClaimEvent:
    """A chow or pung made of the discard of ``from_seat`` (``type`` is "chow" or
    "pung"); ``tiles`` are the meld's three tiles, sorted."""

    type: str
    seat: int
    tiles: Tuple[int, ...]
    from_seat: int

    def __init__(self, type: str, seat: int, tiles: Tuple[int, ...], from_seat: int):
        fields = self.__dict__
        fields["type"] = type
        fields["seat"] = seat
        fields["tiles"] = tiles
        fields["from_seat"] = from_seat

    @property
    def tile(self) -> int:
        """The lowest tile of the meld."""
        return self.tiles[0]

    @property
    def meld(self) -> Meld:
        return meld_from_strings(self.type, format_tiles(self.tiles))

    def to_json(self) -> Dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "tiles": format_tiles(self.tiles),
                "from": self.from_seat}


_KONG_MELDS = {"concealed": "concealed_kong", "exposed": "kong", "added": "kong",
               "single": "single_kong"}


@dataclass(frozen=True, init=False)
class KongEvent:
    """A declared kong: ``kind`` concealed (暗杠/下雨), exposed (直杠, ``from_seat`` fed
    it), added (面下杠/补杠, a pung completed with a drawn tile) or single (a one-tile
    kong: Huanggang's 红中杠, 发财杠, 赖子杠)."""

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

    @property
    def meld_kind(self) -> str:
        """The kind of meld the kong shows: kong, concealed_kong or single_kong."""
        return _KONG_MELDS[self.kind]

    def to_json(self) -> Dict[str, Any]:
        out = {"type": "kong", "seat": self.seat, "kind": self.kind,
               "tile": _tile_json(self.tile)}
        if self.from_seat is not None:
            out["from"] = self.from_seat
        return out


@dataclass(frozen=True, init=False)
class ReadyEvent:
    """A ready declaration (报听)."""

    seat: int
    type: str = field(default="ready", init=False)

    def __init__(self, seat: int):
        self.__dict__.update(seat=seat, type="ready")

    def to_json(self) -> Dict[str, Any]:
        return {"type": "ready", "seat": self.seat}


@dataclass(frozen=True, init=False)
class FlipEvent:
    """A tile turned up from the wall (Guiyang's 翻牌 after the win)."""

    tile: int
    type: str = field(default="flip", init=False)

    def __init__(self, tile: int):
        self.__dict__.update(tile=tile, type="flip")

    def to_json(self) -> Dict[str, Any]:
        return {"type": "flip", "tile": _tile_json(self.tile)}


@dataclass(frozen=True, init=False)
class WinEvent:
    """A win. ``hand`` is the concealed part after the win, winning tile included;
    ``flowers`` the winner's flowers (Guobiao)."""

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
    fourth_tile: bool = False
    flowers: int = 0
    type: str = field(default="win", init=False)

    def __init__(self, seat: int, hand: Tuple[int, ...], melds: Tuple[Meld, ...],
                 win_tile: int, from_seat: Optional[int] = None, replacement: bool = False,
                 after_kong: bool = False, robbing_kong: bool = False, last_tile: bool = False,
                 heavenly: bool = False, earthly: bool = False, first_round: bool = False,
                 fourth_tile: bool = False, flowers: int = 0):
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
        fields["fourth_tile"] = fourth_tile
        fields["flowers"] = flowers
        fields["type"] = "win"

    @property
    def self_drawn(self) -> bool:
        return self.from_seat is None

    @property
    def bits(self) -> int:
        """The win's circumstances as :class:`mahjong.ruleset.WinFlag` bits (a plain int;
        the reader has checked them for contradictions)."""
        return win_bits(self.from_seat is None, self.replacement, self.after_kong,
                        self.robbing_kong, self.last_tile, self.heavenly, self.earthly,
                        self.first_round)

    def counts(self) -> np.ndarray:
        """``uint8[34]`` counts of the concealed part (winning tile included)."""
        return tile_counts(self.hand)

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"type": "win", "seat": self.seat,
                               "hand": format_tiles(self.hand),
                               "melds": [m.to_json() for m in self.melds],
                               "win_tile": _tile_json(self.win_tile),
                               "from": self.from_seat}
        for name in WIN_FLAGS:
            if getattr(self, name):
                out[name] = True
        if self.flowers:
            out["flowers"] = self.flowers
        return out


_EMPTY = FrozenDict()


def win_bits(self_drawn, replacement, after_kong, robbing_kong, last_tile, heavenly, earthly,
             first_round=False) -> int:
    """Win circumstances as the WIN_* bits of the core (the values of
    :class:`mahjong.ruleset.WinFlag`), a plain int; no checks
    (:func:`mahjong.ruleset.win_flags` checks them)."""
    return ((_types.WIN_SELF_DRAWN if self_drawn else 0)
            | (_types.WIN_REPLACEMENT if replacement else 0)
            | (_types.WIN_AFTER_KONG if after_kong else 0)
            | (_types.WIN_ROBBING_KONG if robbing_kong else 0)
            | (_types.WIN_LAST_TILE if last_tile else 0)
            | (_types.WIN_HEAVENLY if heavenly else 0)
            | (_types.WIN_EARTHLY if earthly else 0)
            | (_types.WIN_FIRST_ROUND if first_round else 0))


@dataclass(frozen=True, init=False)
class ExhaustedEvent:
    """The wall ran out. ``data`` holds rule-set data by rule-set name, e.g.
    ``{"yunnan": {"chajiao_pairs": ((1, 0), (3, 2))}}`` (read-only)."""

    data: Mapping[str, Any]
    type: str = field(default="exhausted", init=False)

    def __init__(self, data: Optional[Mapping[str, Any]] = None):
        self.__dict__.update(data=_EMPTY if not data else _freeze(data, "exhausted event"),
                             type="exhausted")

    def rule_data(self, rules: str) -> Mapping[str, Any]:
        """The data this event carries for the rule set ``rules`` (empty if none)."""
        return self.data.get(rules, _EMPTY)

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"type": "exhausted"}
        for name, value in self.data.items():
            out[name] = _thaw(value)
        return out


Event = Union[DrawEvent, DiscardEvent, ClaimEvent, KongEvent, ReadyEvent, FlipEvent,
              WinEvent, ExhaustedEvent]
_EVENT_CLASSES = (DrawEvent, DiscardEvent, ClaimEvent, KongEvent, ReadyEvent, FlipEvent,
                  WinEvent, ExhaustedEvent)


@dataclass(frozen=True, init=False)
class FinalHand:
    """A seat's closing holding (13 tiles counting a set meld as 3)."""

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
        return {"hand": format_tiles(self.hand),
                "melds": [m.to_json() for m in self.melds]}


# --------------------------------------------------------------------------- the reader

# Draws and discards are immutable and there are only seats x 34 of each: one shared
# object per (seat, tile).
_DRAWS = tuple(tuple(DrawEvent(s, t) for t in range(34)) for s in range(MAX_SEATS))
_DISCARDS = tuple(tuple(DiscardEvent(s, t) for t in range(34)) for s in range(MAX_SEATS))

_KEYS = {
    "draw": frozenset(("type", "seat", "tile")),
    "discard": frozenset(("type", "seat", "tile")),
    "chow": frozenset(("type", "seat", "tiles", "from")),
    "pung": frozenset(("type", "seat", "tiles", "from")),
    "kong": frozenset(("type", "seat", "kind", "tile", "from")),
    "ready": frozenset(("type", "seat")),
    "flip": frozenset(("type", "tile")),
}
_PLAIN_WIN_KEYS = frozenset(("type", "seat", "hand", "melds", "win_tile", "from"))
_WIN_KEYS = _PLAIN_WIN_KEYS | frozenset(WIN_FLAGS) | {"flowers"}
_RECORD_KEYS = frozenset(("rules", "options", "dealer", "seats", "round_wind", "indicator",
                          "flower_indicators", "wall", "reserve", "events", "final", "note",
                          "result"))
_FINAL_KEYS = frozenset(("hand", "melds"))


def _read_win(raw: Mapping, index: int, seats: int) -> WinEvent:
    """Read a win event (a mapping in the record's JSON form)."""
    if type(raw) is not dict:
        if not isinstance(raw, Mapping):
            _fail(f"event {index}", f"an event is an object with a 'type', got {_show(raw)}")
        raw = dict(raw)
    return _read_win_dict(raw, index, seats)


def _read_win_dict(raw: dict, index: int, seats: int) -> WinEvent:
    # One reader; the usual field values are taken inline and anything else goes to the
    # helper that reads every form and names the problem (messages are built on failure).
    if not raw.keys() <= _WIN_KEYS:
        _check_keys(raw, _WIN_KEYS, f"event {index} (win)")
    seat = raw.get("seat")
    if type(seat) is not int or not 0 <= seat < seats:
        seat = _seat(seat, f"event {index} (win)", seats)
    text = raw.get("hand")
    hand = _sorted_tile_ids(text) if type(text) is str and len(text) <= MAX_TEXT else None
    if hand is None:
        where = f"event {index} (win by seat {seat})"
        if "hand" not in raw:
            _fail(where, "missing 'hand'")
        hand = _tiles(raw["hand"], where, "hand")
    given = raw.get("melds")
    melds = () if given is None or (type(given) is list and not given) else \
        _melds(given, f"event {index} (win by seat {seat})")
    win = raw.get("win_tile")
    win = _TENHOU_IDS.get(win) if type(win) is str else None
    if win is None:
        where = f"event {index} (win by seat {seat})"
        if "win_tile" not in raw:
            _fail(where, "missing 'win_tile'")
        win = _tile(raw["win_tile"], where, "win_tile")
    src = raw.get("from")
    if src is not None:
        if type(src) is not int or not 0 <= src < seats:
            src = _seat(src, f"event {index} (win by seat {seat})", seats, "from")
        if src == seat:
            _fail(f"event {index} (win by seat {seat})",
                  f"a discard win from the winner himself (from = seat {seat})")
    n = len(hand)
    for m in melds:
        if m.kind != "single_kong":
            n += 3
    if n == 13:
        # the standing hand before the win was given: the winning tile completes it
        hand = tuple(sorted(hand + (win,)))
        n = 14
    if n != 14:  # (a fifth copy in one hand is found by the record's copy check)
        _check_holding(hand, melds, 14, f"event {index} (win by seat {seat})")
    if win not in hand:
        _fail(f"event {index} (win by seat {seat})",
              f"win_tile {TENHOU_NAMES[win]} is not in the hand "
              "(the hand includes the winning tile)")
    if raw.keys() <= _PLAIN_WIN_KEYS:  # the usual win: no flag to check
        return WinEvent(seat, hand, melds, win, src)
    where = f"event {index} (win by seat {seat})"
    flags = []
    for name in WIN_FLAGS:  # in WinEvent's order
        value = raw.get(name, False)
        flags.append(value if value is True or value is False else _flag(raw, name, where))
    replacement, after_kong, robbing_kong, last_tile, heavenly, earthly, first_round, \
        fourth_tile = flags
    flowers = raw.get("flowers", 0)
    if type(flowers) is not int or not 0 <= flowers <= MAX_FLOWERS:
        flowers = 0 if flowers is None else _int_field(flowers, where, "flowers", 0,
                                                       MAX_FLOWERS)
    if robbing_kong and src is None:
        _fail(where, "robbing_kong needs 'from' (the robbed seat)")
    if replacement and src is not None:
        _fail(where, "a replacement win (杠上花) is a self-draw: 'from' must be null")
    if after_kong and src is None:
        _fail(where, "after_kong (杠上炮) is a discard win: 'from' must be the discarder")
    if robbing_kong and (after_kong or replacement):
        _fail(where, "robbing_kong cannot be combined with after_kong/replacement")
    if heavenly and src is not None:
        _fail(where, "heavenly (天胡) is a self-draw: 'from' must be null")
    if first_round and src is None:
        _fail(where, "first_round (人和) is a win on a discard: 'from' must be given")
    if heavenly + earthly + first_round > 1:
        _fail(where, "heavenly, earthly and first_round exclude each other")
    return WinEvent(seat, hand, melds, win, src, replacement, after_kong, robbing_kong,
                    last_tile, heavenly, earthly, first_round, fourth_tile, flowers)


def _read_event(index: int, raw: Any, seats: int) -> Event:
    """Read one event; every problem raises, naming the event."""
    if type(raw) is dict and len(raw) == 3:
        # a draw or discard in the usual form (a full game log is mostly these): exactly
        # type, seat and tile, read into the shared immutable event object
        kind = raw.get("type")
        if kind == "draw" or kind == "discard":
            seat = raw.get("seat")
            tile = raw.get("tile")
            if type(seat) is int and 0 <= seat < seats and type(tile) is str:
                t = _TENHOU_IDS.get(tile)
                if t is not None:
                    return (_DRAWS if kind == "draw" else _DISCARDS)[seat][t]
    if type(raw) is not dict:
        if isinstance(raw, _EVENT_CLASSES):
            raw = raw.to_json()
        elif not isinstance(raw, Mapping):
            _fail(f"event {index}", f"an event is an object with a 'type', got {_show(raw)}")
        else:
            raw = dict(raw)
    return _read_event_dict(index, raw, seats)


def _read_event_dict(index: int, raw: dict, seats: int) -> Event:
    kind = raw.get("type")
    if kind == "win":
        return _read_win_dict(raw, index, seats)
    if kind == "kong":
        if not raw.keys() <= _KEYS["kong"]:
            _check_keys(raw, _KEYS["kong"], f"event {index} (kong)")
        seat = raw.get("seat")
        if type(seat) is not int or not 0 <= seat < seats:
            seat = _seat(seat, f"event {index} (kong)", seats)
        k = raw.get("kind")
        if k not in KONG_KINDS:
            _fail(f"event {index} (kong by seat {seat})",
                  f"'kind' must be one of {', '.join(KONG_KINDS)}, got {_show(k)}")
        tile = raw.get("tile")
        tile = _TENHOU_IDS.get(tile) if type(tile) is str else None
        if tile is None:
            where = f"event {index} (kong by seat {seat})"
            if "tile" not in raw:
                _fail(where, "missing 'tile'")
            tile = _tile(raw["tile"], where, "tile")
        src = raw.get("from")
        if k == "exposed":
            where = f"event {index} (kong by seat {seat})"
            if src is None:
                _fail(where, "an exposed kong needs 'from' (the seat whose discard was konged)")
            src = _seat(src, where, seats, "from")
            if src == seat:
                _fail(where, f"seat {seat} cannot kong his own discard")
        elif src is not None:
            _fail(f"event {index} (kong by seat {seat})",
                  f"'from' is only given for an exposed kong, not a {k} one")
        return KongEvent(seat, k, tile, src)
    if kind == "draw" or kind == "discard":
        where = f"event {index} ({kind})"
        _check_keys(raw, _KEYS[kind], where)
        seat = _seat(raw.get("seat"), where, seats)
        if "tile" not in raw:
            _fail(f"event {index} ({kind} by seat {seat})", "missing 'tile'")
        tile = _tile(raw["tile"], f"event {index} ({kind} by seat {seat})", "tile")
        return DrawEvent(seat, tile) if kind == "draw" else DiscardEvent(seat, tile)
    if kind == "chow" or kind == "pung":
        seat = raw.get("seat")
        src = raw.get("from")
        tiles = raw.get("tiles")
        if len(raw) == 4 and type(seat) is int and 0 <= seat < seats and type(src) is int \
                and 0 <= src < seats and src != seat and type(tiles) is str \
                and len(tiles) <= 16 and (kind == "pung" or src == (seat - 1) % seats):
            # the usual form: exactly type, seat, tiles and from, each well formed
            try:
                return ClaimEvent(kind, seat, meld_from_strings(kind, tiles).tiles, src)
            except MahjongError:
                pass  # named below
        where = f"event {index} ({kind})"
        _check_keys(raw, _KEYS[kind], where)
        seat = _seat(raw.get("seat"), where, seats)
        where = f"event {index} ({kind} by seat {seat})"
        if "tiles" not in raw:
            _fail(where, "missing 'tiles' (the three tiles of the meld)")
        if "from" not in raw or raw["from"] is None:
            _fail(where, "missing 'from' (the seat whose discard was claimed)")
        src = _seat(raw["from"], where, seats, "from")
        if src == seat:
            _fail(where, f"seat {seat} cannot claim his own discard")
        tiles = raw["tiles"]
        try:
            meld = meld_from_strings(kind, tiles) if type(tiles) is str and len(tiles) <= 16 \
                else Meld(kind, _tiles(tiles, where, "tiles"))
        except InvalidRecordError:
            raise
        except MahjongError as exc:
            _fail(where, f"'tiles': {exc}")
        if kind == "chow" and src != (seat - 1) % seats:
            _fail(where, f"a chow is made only of the 上家's discard (seat {(seat - 1) % seats}),"
                         f" not seat {src}'s")
        return ClaimEvent(kind, seat, meld.tiles, src)
    if kind == "ready":
        where = f"event {index} (ready)"
        _check_keys(raw, _KEYS["ready"], where)
        return ReadyEvent(_seat(raw.get("seat"), where, seats))
    if kind == "flip":
        where = f"event {index} (flip)"
        _check_keys(raw, _KEYS["flip"], where)
        if "tile" not in raw:
            _fail(where, "missing 'tile'")
        return FlipEvent(_tile(raw["tile"], where, "tile"))
    if kind == "exhausted":
        where = f"event {index} (exhausted)"
        data = {}
        for key, value in raw.items():
            if key == "type":
                continue
            if key == "chajiao_pairs":  # the v1 spelling of Yunnan's data
                data.setdefault("yunnan", {})["chajiao_pairs"] = value
                continue
            if not isinstance(key, str) or not isinstance(value, Mapping):
                _fail(where, f"unknown field {_show(key)} (rule-set data goes under the rule "
                             "set's name, as an object)")
            data[key] = {**data.get(key, {}), **value}
        return ExhaustedEvent(_freeze(data, where)) if data else ExhaustedEvent()
    _fail(f"event {index}", f"unknown event type {_show(kind)}; expected one of "
                            f"{', '.join(EVENT_TYPES)}")


_FINAL_SEAT_KEYS = {str(s): s for s in range(MAX_SEATS)}


def _read_final(key: Any, value: Any, seats: int) -> Tuple[int, FinalHand]:
    seat = _FINAL_SEAT_KEYS.get(key) if type(key) is str else key
    if type(seat) is not int or not 0 <= seat < seats:
        seat = _seat(seat if seat is not None else key, "final", seats, "seat key")
    if type(value) is dict and value.keys() <= _FINAL_KEYS:
        hand = value.get("hand")
        hand = _sorted_tile_ids(hand) if type(hand) is str and len(hand) <= MAX_TEXT \
            else None
        melds = value.get("melds")
        if hand is not None and (melds is None or (type(melds) is list and not melds)):
            return seat, FinalHand(hand, ())
        if hand is not None:
            return seat, FinalHand(hand, _melds(melds, f"final hand of seat {seat}"))
    where = f"final hand of seat {seat}"
    if isinstance(value, FinalHand):
        value = value.to_json()
    if type(value) is not dict and not isinstance(value, Mapping):
        _fail(where, f"expected {{'hand': ..., 'melds': [...]}}, got {_show(value)}")
    _check_keys(value, _FINAL_KEYS, where)
    if "hand" not in value:
        _fail(where, "missing 'hand'")
    return seat, FinalHand(_tiles(value["hand"], where, "hand"),
                           _melds(value.get("melds", ()), where))


def _decode(data: Any) -> Any:
    if isinstance(data, (bytes, bytearray)):
        raw = bytes(data)
        if raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            data = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidRecordError(f"record: not UTF-8 text ({exc.reason} at byte "
                                     f"{exc.start})") from None
    if isinstance(data, str):
        data = data.lstrip("\ufeff")
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise InvalidRecordError(f"record: not valid JSON: {exc}") from None
        except RecursionError:
            raise InvalidRecordError("record: nested too deeply") from None
        except ValueError as exc:  # e.g. an integer of more digits than Python converts
            raise InvalidRecordError(f"record: not valid JSON: {exc}") from None
    return data


def _tile_list(value: Any, name: str) -> Optional[Tuple[int, ...]]:
    """A list of tiles (the wall, the reserve): tenhou names or ids, or one tiles string."""
    if value is None:
        return None
    if not isinstance(value, (str, list, tuple)):
        _fail("record", f"'{name}' must be a list of tiles, got {_show(value)}")
    if isinstance(value, str):
        try:
            return tuple(to_tile_ids(value))
        except MahjongError as exc:
            _fail("record", f"'{name}': {exc}")
    ids = _TENHOU_IDS
    return tuple([ids[t] if type(t) is str and t in ids else
                  _tile(t, f"record: {name}", f"tile {i}") for i, t in enumerate(value)])


@dataclass(init=False)
class HandRecord:
    """One hand, as a validated, immutable object (see the module docstring).

    Made by :meth:`from_json`; calling ``HandRecord(...)`` with the fields validates them
    the same way."""

    rules: str
    dealer: int
    events: Tuple[Event, ...]
    final: Mapping[int, FinalHand] = field(default_factory=FrozenDict)
    options: Mapping[str, Any] = field(default_factory=FrozenDict)
    seats: int = 4
    round_wind: int = 0
    indicator: Optional[int] = None
    flower_indicators: Tuple[int, ...] = ()
    wall: Optional[Tuple[int, ...]] = None
    reserve: Optional[Tuple[int, ...]] = None

    def __init__(self, rules: str, dealer: int, events: Sequence[Event],
                 final: Optional[Mapping[int, FinalHand]] = None,
                 options: Optional[Mapping[str, Any]] = None, seats: Optional[int] = None,
                 round_wind: int = 0, indicator: Optional[int] = None,
                 flower_indicators: Sequence[int] = (), wall: Optional[Sequence[int]] = None,
                 reserve: Optional[Sequence[int]] = None):
        # A record built from its fields is read exactly as its JSON form would be.
        data = {"rules": rules, "dealer": dealer, "events": list(events),
                "final": {s: f for s, f in (final or {}).items()},
                "options": options or {}, "seats": seats, "round_wind": round_wind,
                "indicator": indicator, "flower_indicators": list(flower_indicators),
                "wall": None if wall is None else list(wall),
                "reserve": None if reserve is None else list(reserve)}
        self.__dict__.update(HandRecord.from_json(data).__dict__)

    # -- construction ---------------------------------------------------------------
    @classmethod
    def from_json(cls, data: Union[str, bytes, Mapping[str, Any]]) -> "HandRecord":
        """Read and validate a record from JSON text (str or UTF-8 bytes) or a decoded
        mapping."""
        return _read_record(cls, data)

    @property
    def validated(self) -> bool:
        """Always True: every record is validated when it is made."""
        return True

    @classmethod
    def coerce(cls, record: Any) -> "HandRecord":
        if isinstance(record, cls):
            return record
        return cls.from_json(record)

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"rules": self.rules, "options": _thaw(self.options),
                               "dealer": self.dealer}
        if self.seats != 4 or self.seats != _RULES_SEATS.get(self.rules, 4):
            out["seats"] = self.seats
        if self.round_wind:
            out["round_wind"] = self.round_wind
        if self.indicator is not None:
            out["indicator"] = TENHOU_NAMES[self.indicator]
        if self.flower_indicators:
            out["flower_indicators"] = [TENHOU_NAMES[t] for t in self.flower_indicators]
        if self.wall is not None:
            out["wall"] = [TENHOU_NAMES[t] for t in self.wall]
        if self.reserve is not None:
            out["reserve"] = [TENHOU_NAMES[t] for t in self.reserve]
        out["events"] = [e.to_json() for e in self.events]
        out["final"] = {str(s): f.to_json() for s, f in sorted(self.final.items())}
        return out

    def dumps(self, **kwargs) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, **kwargs)

    def __setattr__(self, name, value):
        raise InvalidRecordError("a record is immutable once read: build a new one "
                                 "(HandRecord.from_json) instead of changing it")

    __delattr__ = __setattr__
    __hash__ = None  # type: ignore[assignment]

    # -- queries -----------------------------------------------------------------------
    def winners(self) -> Dict[int, int]:
        """seat -> index of its win event."""
        return {e.seat: i for i, e in enumerate(self.events) if type(e) is WinEvent}

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

    def has_events(self, *types: str) -> bool:
        """Whether the record lists any event of one of ``types`` (e.g. "discard")."""
        return any(e.type in types for e in self.events)

    def events_of(self, *types: str) -> List[Tuple[int, Event]]:
        """``(index, event)`` of every event of one of ``types``, in order."""
        return [(i, e) for i, e in enumerate(self.events) if e.type in types]


def _read_record(cls, given: Any) -> HandRecord:
    """:meth:`HandRecord.from_json` (a module function so that the compiled build types
    its locals: record.pxd)."""
    decoded = _decode(given)
    if type(decoded) is not dict:
        if not isinstance(decoded, Mapping):
            raise InvalidRecordError(f"record: expected an object, got "
                                     f"{type(decoded).__name__}")
        decoded = dict(decoded)
    data = decoded
    _check_keys(data, _RECORD_KEYS, "record")
    rules = data.get("rules")
    if not isinstance(rules, str) or not rules:
        _fail("record", f"'rules' must name a rule set, got {_show(rules)}")
    options = data.get("options")
    if options is None:
        options = _EMPTY
    elif type(options) is not dict and not isinstance(options, Mapping):
        _fail("record", f"'options' must be an object, got {_show(options)}")
    else:
        options = _freeze_options(options) if options else _EMPTY
    value = data.get("seats")
    if value is None:  # the rule set's own number of seats
        value = _RULES_SEATS.get(rules, 4)
    if type(value) is not int or not 2 <= value <= MAX_SEATS:
        value = 4 if value is None else _int_field(value, "record", "seats", 2, MAX_SEATS)
    seats = value
    dealer = _seat(data.get("dealer", 0), "record", seats, "dealer")
    round_wind = data.get("round_wind", 0)
    if type(round_wind) is not int or not 0 <= round_wind <= 3:
        round_wind = 0 if round_wind is None else _int_field(round_wind, "record",
                                                             "round_wind", 0, 3)
    indicator = data.get("indicator")
    if indicator is not None:
        indicator = _tile(indicator, "record", "indicator")
    flower_indicators = data.get("flower_indicators") or ()
    if flower_indicators:
        flower_indicators = _tiles(flower_indicators, "record", "flower_indicators")
    wall = _tile_list(data.get("wall"), "wall")
    reserve = _tile_list(data.get("reserve"), "reserve")
    if wall is not None or reserve is not None:
        both = (wall or ()) + (reserve or ())
        counts = np.bincount(np.asarray(both, dtype=np.int64), minlength=34) \
            if both else np.zeros(34, dtype=np.int64)
        if counts.max() > COPIES:
            _fail("record", f"'wall' and 'reserve' hold {int(counts.max())} copies of "
                            f"{TENHOU_NAMES[int(counts.argmax())]}")
    raw_events = data.get("events")
    if not isinstance(raw_events, (list, tuple)):
        _fail("record", "'events' must be a list")
    if len(raw_events) > MAX_EVENTS:
        _fail("record", f"{len(raw_events)} events: a hand has at most {MAX_EVENTS}")
    events = tuple([_read_event(i, e, seats) for i, e in enumerate(raw_events)])
    raw_final = data.get("final")
    if raw_final is None:
        raw_final = {}
    elif type(raw_final) is not dict and not isinstance(raw_final, Mapping):
        _fail("record", "'final' must map seats to {'hand', 'melds'}")
    final = {}
    for key, value in raw_final.items():
        seat, fh = _read_final(key, value, seats)
        if seat in final:
            _fail("final", f"seat {seat} is given twice")
        final[seat] = fh
    rec = cls.__new__(cls)
    rec.__dict__.update(rules=rules, dealer=dealer, events=events,
                        final=FrozenDict(final), options=options, seats=seats,
                        round_wind=round_wind, indicator=indicator,
                        flower_indicators=tuple(flower_indicators), wall=wall,
                        reserve=reserve)
    _check_record(rec)
    return rec


# ------------------------------------------------------- rule-independent checks
#
# Module functions (not methods) so that the compiled build types their locals
# (record.pxd).

def _check_record(rec: HandRecord) -> None:
    # One pass over the events; the closing checks below reuse what it collected.
    events = rec.events
    seats = rec.seats
    won: Dict[int, int] = {}   # seat -> index of its win (= winners() once this passes)
    kongs: List[List[Tuple[int, KongEvent]]] = [[] for _ in range(seats)]
    claims: List[List[Tuple[int, ClaimEvent]]] = [[] for _ in range(seats)]
    kongs_so_far = 0
    shared_discards: List[int] = []  # a discard claimed by several winners is one tile
    loose_discards: List[int] = []   # discards nobody took: out of every hand
    # A full game log (the engine's: it has the wall or lists the draws) lists every
    # discard and claim, so each claim and discard win takes the discard just made and
    # a discard nobody took is out of play. A hand-written record lists what matters
    # to its rule set only, and these checks would not hold.
    present = {type(e) for e in events}
    full_log = rec.wall is not None or DrawEvent in present
    lists_claims = ClaimEvent in present
    last_discard: Optional[DiscardEvent] = None  # open for a claim (full logs)
    wall_empty_at: Optional[int] = None  # the last-tile win after which nothing is drawn
    prev = None
    for i, e in enumerate(events):
        t = type(e)
        # messages are f-strings inside the failing branch: built only on failure
        if wall_empty_at is not None and t is not ExhaustedEvent and t is not FlipEvent:
            _fail(f"event {i} ({e.type})", f"the wall was empty after the last-tile (海底) "
                                           f"win at event {wall_empty_at}")
        if t is WinEvent:
            _check_win(rec, i, e, won, prev, kongs_so_far, shared_discards,
                            last_discard if full_log else False)
            if e.last_tile and e.from_seat is None:
                wall_empty_at = i  # the last tile drawn and won: nothing follows
            if e.from_seat is not None and not e.robbing_kong:
                last_discard = None
            won[e.seat] = i
            prev = e
            continue
        if t is ExhaustedEvent:
            if i != len(events) - 1:
                _fail(f"event {i} (exhausted)", "the wall ran out: no event may follow "
                                                f"(event {i + 1} does)")
            prev = e
            continue
        if t is FlipEvent:
            prev = e
            continue
        if e.seat in won:
            _fail(f"event {i} ({e.type} by seat {e.seat})",
                  f"seat {e.seat} already won at event {won[e.seat]}; a winner's hand "
                  "is closed")
        if t is ReadyEvent:
            continue  # a ready declared with a discard leaves it open to claims
        if t is ClaimEvent or (t is KongEvent and e.kind == "exposed"):
            _check_claimed_discard(rec, i, e, won, last_discard if full_log else False)
            last_discard = None
        elif full_log and last_discard is not None:
            loose_discards.append(last_discard.tile)  # nobody took it
            last_discard = None
        if t is KongEvent:
            seat_kongs = kongs[e.seat]
            for j, other in seat_kongs:
                if other.tile == e.tile and other.kind != "single" and e.kind != "single":
                    _fail(f"event {i} (kong by seat {e.seat})",
                          f"seat {e.seat} already konged {TENHOU_NAMES[e.tile]} "
                          f"at event {j}")
            if e.kind == "added" and lists_claims and not any(
                    c.type == "pung" and c.tile == e.tile for _, c in claims[e.seat]):
                _fail(f"event {i} (kong by seat {e.seat})",
                      f"an added kong of {TENHOU_NAMES[e.tile]} with no pung of it before "
                      "(the record lists claims)")
            seat_kongs.append((i, e))
            kongs_so_far += 1
            if len(seat_kongs) > 4 and e.kind != "single" and \
                    sum(k.kind != "single" for _, k in seat_kongs) > 4:
                _fail(f"event {i} (kong by seat {e.seat})",
                      f"a fifth kong by seat {e.seat}: a hand holds at most four sets")
        elif t is DiscardEvent:
            last_discard = e
        elif t is ClaimEvent:
            claims[e.seat].append((i, e))
        prev = e
    if full_log and last_discard is not None:
        loose_discards.append(last_discard.tile)
    # closing hands; a seat's holding is its win, else its final hand
    holdings = {seat: events[i] for seat, i in won.items()}  # objects with hand, melds
    for seat, fh in rec.final.items():
        if seat in won:  # not used, but it must be a possible holding all the same
            if _most_copies(fh.hand, fh.melds)[0] > COPIES or \
                    _holding_size(fh.hand, fh.melds) > 14:
                _fail(f"final hand of seat {seat}", "not a possible holding (a fifth copy "
                                                    "or more than 14 tiles); a winner's "
                                                    "holding is his win")
        else:
            n = len(fh.hand)
            for m in fh.melds:
                if m.kind != "single_kong":
                    n += 3
            if n != 13:
                _check_holding(fh.hand, fh.melds, 13, f"final hand of seat {seat}")
            holdings[seat] = fh
    # per seat: kongs (and listed claims) against the melds it ends with
    unknown_quads: List[int] = []  # kongs of seats whose holding is unknown: 4 copies
    for seat in range(seats):
        if not kongs[seat] and not lists_claims:
            continue
        h = holdings.get(seat)
        if h is None:
            unknown_quads += [k.tile for _, k in kongs[seat] if k.kind != "single"]
            continue
        shown = [(m.kind, m.tiles[0]) for m in h.melds]
        src = "win" if seat in won else "final hand"
        for i, k in kongs[seat]:
            want = k.meld_kind
            if (want, k.tile) not in shown:
                _fail(f"event {i} (kong by seat {seat})",
                      f"a {k.kind} kong of {TENHOU_NAMES[k.tile]} but the seat's {src} "
                      f"shows no {want.replace('_', ' ')} of it")
        if lists_claims:
            _check_claims(rec, seat, claims[seat], kongs[seat], shown, src)
    _check_fifth_copies(rec, holdings.values(), unknown_quads, shared_discards,
                             loose_discards, kongs, won)

def _check_claimed_discard(rec: HandRecord, i: int, e, won: Dict[int, int], last_discard) -> None:
    """A claim or an exposed kong against the discard it takes (``last_discard``: the
    discard open for a claim in a full game log, else False)."""
    if e.from_seat in won:
        _fail(f"event {i} ({e.type} by seat {e.seat})",
              f"seat {e.from_seat} (from) already won at event "
              f"{won[e.from_seat]} and no longer discards")
    if last_discard is not False:
        tiles = e.tiles if type(e) is ClaimEvent else (e.tile,)
        if last_discard is None or last_discard.seat != e.from_seat \
                or last_discard.tile not in tiles:
            _fail(f"event {i} ({e.type} by seat {e.seat})",
                  f"takes a discard of seat {e.from_seat} that was not "
                  "just made (a full game log lists every discard)")

def _check_win(rec: HandRecord, i: int, e: WinEvent, won: Dict[int, int], prev, kongs_so_far: int,
               shared_discards: List[int], last_discard) -> None:
    """A win against the events before it (``last_discard``: the discard open for a
    claim in a full game log, else False)."""
    if e.seat in won:
        _fail(f"event {i} (win by seat {e.seat})",
              f"a second win by seat {e.seat} (it won at event {won[e.seat]})")
    if e.from_seat is not None:
        if e.from_seat in won:
            _fail(f"event {i} (win by seat {e.seat})",
                  f"seat {e.from_seat} (from) already won at event "
                  f"{won[e.from_seat]} and no longer discards or konges")
        if type(prev) is WinEvent and prev.from_seat == e.from_seat and \
                prev.win_tile == e.win_tile:
            shared_discards.append(e.win_tile)
        elif last_discard is not False and not e.robbing_kong and (
                last_discard is None or last_discard.seat != e.from_seat
                or last_discard.tile != e.win_tile):
            _fail(f"event {i} (win by seat {e.seat})",
                  f"a win on a discard of {TENHOU_NAMES[e.win_tile]} by seat "
                  f"{e.from_seat} that was not just made (a full game log lists "
                  "every discard)")
    if e.heavenly or e.earthly or e.first_round or e.replacement or e.after_kong \
            or e.robbing_kong:
        _check_win_context(rec, i, e, won, kongs_so_far > 0)

def _check_claims(rec: HandRecord, seat: int, claims, kongs, shown, src: str) -> None:
    """Where the record lists claims, a seat's chows and pungs are exactly its claims
    (a pung later completed by an added kong shows as a kong)."""
    if not claims:
        for m in shown:
            if m[0] == "chow" or m[0] == "pung":
                break
        else:
            return  # no claim and no claimed meld: nothing to match
    added = [k.tile for _, k in kongs if k.kind == "added"]
    want: List[Tuple[str, int]] = []
    for i, c in claims:
        if c.type == "pung" and c.tile in added:
            added.remove(c.tile)
            continue
        want.append((c.type, c.tile))
    have = [m for m in shown if m[0] == "chow" or m[0] == "pung"]
    if len(have) == len(want) and sorted(have) == sorted(want):
        return  # the usual case; otherwise the walk below names the first difference
    for i, c in claims:
        if (c.type, c.tile) not in want:
            continue  # completed to a kong
        want.remove((c.type, c.tile))
        if (c.type, c.tile) in have:
            have.remove((c.type, c.tile))
        else:
            _fail(f"event {i} ({c.type} by seat {seat})",
                  f"the seat's {src} shows no {c.type} of {format_tiles(c.tiles)}")
    if have:
        kind, tile = have[0]
        _fail(f"{src} of seat {seat}",
              f"shows a {kind} from {TENHOU_NAMES[tile]} that no {kind} event made (the "
              "record lists claims, so it lists them all)")

def _check_win_context(rec: HandRecord, i: int, e: WinEvent, won: Dict[int, int],
                       prior_kong: bool) -> None:
    """The flags of the win at event ``i`` against the events before it."""
    where = f"event {i} (win by seat {e.seat})"
    if e.heavenly:
        if e.seat != rec.dealer:
            _fail(where, f"heavenly (天胡) is the dealer's win; the dealer is seat "
                         f"{rec.dealer}")
        if any(ev.type not in ("draw",) for ev in rec.events[:i]):
            _fail(where, "heavenly (天胡) must be the first event (the initial 14)")
    if e.earthly:
        if e.seat == rec.dealer:
            _fail(where, "earthly (地胡) is a non-dealer's win")
        if prior_kong or won:
            _fail(where, "earthly (地胡) needs no kong or win before it")
    if e.first_round and (prior_kong or won):
        _fail(where, "first_round (人和) needs no kong or win before it")
    if e.replacement:
        j = i - 1
        while j >= 0 and type(rec.events[j]) is DrawEvent and \
                rec.events[j].seat == e.seat:
            j -= 1  # the replacement draw itself may be listed
        prev = rec.events[j] if j >= 0 else None
        if not (type(prev) is KongEvent and prev.seat == e.seat):
            _fail(where, "replacement (杠上花) needs the previous event to be a kong "
                         "by the winner")
    if e.after_kong:
        j = i - 1
        while j >= 0 and (
                (type(rec.events[j]) is WinEvent and rec.events[j].from_seat ==
                 e.from_seat and rec.events[j].win_tile == e.win_tile)
                or (type(rec.events[j]) in (DrawEvent, DiscardEvent, ReadyEvent)
                    and rec.events[j].seat == e.from_seat)):
            j -= 1  # other winners on the discard; the discard and replacement draw
        prev = rec.events[j] if j >= 0 else None
        if not (type(prev) is KongEvent and prev.seat == e.from_seat):
            _fail(where, "after_kong (杠上炮) needs the event before the discard to "
                         f"be a kong by the discarder (seat {e.from_seat})")
    if e.robbing_kong:
        h = rec.holding(e.from_seat)
        if h is not None and e.from_seat not in rec.winners() and not any(
                m.kind == "pung" and m.tile == e.win_tile for m in h[1]):
            _fail(where, f"robbing_kong: the robbed seat {e.from_seat} shows no pung "
                         f"of {TENHOU_NAMES[e.win_tile]} in its final melds")

def _seat_copies(rec: HandRecord, kongs, wins, tile: int) -> List[Tuple[str, Tuple[int, ...]]]:
    """(name, the tiles known to be held) per seat: its holding, else the four copies
    of each of its kongs; seats with neither are left out (names a fifth copy). A name
    says where the tiles come from (the win's event, the final hand, the events of the
    seat's kongs of ``tile``), so the error points at the events to look at."""
    out = []
    for seat in range(rec.seats):
        kong_events = [str(i) for i, k in kongs[seat] if k.tile == tile]
        kong_note = (f"kong at event{'s' if len(kong_events) > 1 else ''} "
                     f"{', '.join(kong_events)}") if kong_events else ""
        h = rec.holding(seat, wins)
        if h is not None:
            tiles = h[0] + tuple(t for m in h[1] for t in m.tiles)
            src = f"win at event {wins[seat]}" if seat in wins else "final hand"
            src += f", {kong_note}" if kong_note else ""
            out.append((f"seat {seat} ({src})", tiles))
        elif kongs[seat]:  # unknown holding: its kongs are still four known copies
            out.append((f"seat {seat}'s kongs" + (f" ({kong_note})" if kong_note else ""),
                        tuple(k.tile for _, k in kongs[seat] for _ in range(4))))
    return out

def _check_fifth_copies(rec: HandRecord, holdings, unknown_quads: List[int],
                        shared_discards: List[int], loose_discards: List[int], kongs,
                        wins) -> None:
    """No tile held five times: ``holdings`` (objects with ``hand`` and ``melds``),
    four copies of each ``unknown_quads`` tile and the ``loose_discards`` are the tiles
    known to be out; ``shared_discards`` the winning tile of each extra winner on one
    discard (one physical tile, in each winner's hand)."""
    worst, t = _most_held(holdings, unknown_quads, shared_discards, loose_discards)
    if worst > COPIES:
        # a fifth copy inside one hand is named as such
        for i, e in enumerate(rec.events):
            if type(e) is WinEvent and _most_copies(e.hand, e.melds)[0] > COPIES:
                _check_holding(e.hand, e.melds, 14, f"event {i} (win by seat {e.seat})")
        for seat, fh in sorted(rec.final.items()):
            if seat not in wins:
                _check_holding(fh.hand, fh.melds, 13, f"final hand of seat {seat}")
        who = [name for name, tiles in _seat_copies(rec, kongs, wins, t) if t in tiles]
        if t in loose_discards:
            who.append(f"{loose_discards.count(t)} discard(s) nobody took")
        _fail("record", f"a fifth copy of {TENHOU_NAMES[t]}: {worst} copies held by "
                        f"{', '.join(who)}")


@dataclass(frozen=True)
class WalkStep:
    """One event seen by a rule set: who had won before it, its discard group."""

    index: int
    event: Event
    won_before: Tuple[int, ...]     # seats that had won before this event, in order
    group: Tuple[int, ...] = ()     # for a win: indices of all wins on the same discard


def walk(record: HandRecord, *, hand_ends_after_first_win: bool, multi_ron: bool = True,
         max_winners: int = 3, types: frozenset = SETTLEMENT_EVENTS) -> Iterator[WalkStep]:
    """Yield the events of ``types`` (by default kongs, wins and the exhausted wall) with the
    context a rule set needs, enforcing when the hand ends.

    ``hand_ends_after_first_win``: the hand ends with the first win (with ``multi_ron``,
    the first discard's several winners); otherwise (血战) it ends when ``max_winners``
    seats have won. Any play event after the end (a flip of the wall or the exhausted wall
    may follow) is an error, and so is a second winner on one discard when ``multi_ron``
    is off (截和).
    """
    for step in walk_tuples(record, hand_ends_after_first_win=hand_ends_after_first_win,
                            multi_ron=multi_ron, max_winners=max_winners, types=types):
        yield WalkStep(*step)


_AFTER_END_OK = (ExhaustedEvent, FlipEvent)


def walk_tuples(record: HandRecord, *, hand_ends_after_first_win: bool, multi_ron: bool = True,
                max_winners: int = 3, types: frozenset = SETTLEMENT_EVENTS
                ) -> Iterator[Tuple[int, Event, Tuple[int, ...], Tuple[int, ...]]]:
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
        is_win = type(e) is WinEvent
        if ended_at is not None and type(e) not in _AFTER_END_OK:
            _fail(f"event {i} ({e.type})", f"the hand already ended at event {ended_at}")
        if is_win:
            group = [i]
            if e.from_seat is not None:
                j = i + 1
                while j < n_events and type(events[j]) is WinEvent and \
                        events[j].from_seat == e.from_seat and events[j].win_tile == e.win_tile:
                    group.append(j)
                    j += 1
            if len(group) > 1 and not multi_ron:
                _fail(f"event {group[1]} (win by seat {events[group[1]].seat})",
                      "a second winner on one discard, but this rule set takes only the first "
                      "claimant (multi_ron is off)")
            group_tuple = tuple(group)
            if "win" in types:
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
        if e.type in types:
            yield i, e, won_before, ()
        i += 1
