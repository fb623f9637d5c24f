# cython: annotation_typing=False
# (compiled by Cython for speed: record.pxd gives the C types; the annotations are for readers)
"""Game logs (record format v2): what happened in one hand, in order. Settlement reads them;
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
        {"type": "exhausted", "yunnan": {"chajiao_pairs": [[1, 0], [3, 2]]}},
        {"type": "penalty", "seat": 1}],                 # ends the hand (Guobiao, Botzone)
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

import json
import json.decoder
import json.scanner
import re
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

import cython  # (compiled: the directives below; uncompiled, Cython's no-op decorators)
import numpy as np

from mahjong_core._types import FIRST_HONOR
from mahjong_core import _types
from mahjong_core._holdings import ids_of_counts as _ids_of_counts
from mahjong_core._holdings import most_copies as _most_copies
from mahjong_core._holdings import most_held_of as _most_held_of
from mahjong_core._holdings import sorted_tile_ids as _sorted_tile_ids

from . import rooms as _rooms
from .errors import InvalidRecordError, MahjongError
from .hand import Meld, parse_meld, parse_melds
from ._reader import TENHOU_IDS
from .tiles import COPIES, TENHOU_NAMES, format_tiles, parse_tile, tile_counts, to_tile_ids
from .validate import MAX_TEXT
from .validate import show as _show

__all__ = ["DrawEvent", "DiscardEvent", "ClaimEvent", "KongEvent", "ReadyEvent", "FlipEvent",
           "WinEvent", "ExhaustedEvent", "PenaltyEvent", "FinalHand", "HandRecord", "FrozenDict", "walk",
           "walk_tuples", "walk_steps", "WalkStep", "EVENT_TYPES", "KONG_KINDS", "CLAIM_TYPES", "WIN_FLAGS",
           "SETTLEMENT_EVENTS"]

# (the shared names, defined once in mahjong_core._types; re-exported here)
EVENT_TYPES = _types.EVENT_TYPES
KONG_KINDS = _types.KONG_KINDS
CLAIM_TYPES = _types.CLAIM_TYPES
WIN_FLAGS = _types.WIN_FLAGS
#: the event types of the settlement of a hand record as v1 knew it (kongs, wins, the
#: exhausted wall): what :func:`walk` yields by default
SETTLEMENT_EVENTS = frozenset(("kong", "win", "exhausted"))
MAX_SEATS = _types.MAX_SEATS
#: the number of seats of each rule set, asked of the registry (mahjong.rooms): a record
#: without ``seats`` has its rule set's; 4 for a rule set not registered
SEATS_OF_RULES = _rooms.SEATS_OF_RULES
MAX_EVENTS = 10_000
MAX_FLOWERS = 8


# Values that cannot be part of a reference cycle are taken out of the garbage
# collector's view, so that a program keeping many records does not pay for collections
# that walk them again and again: the cached melds (made here from their text: a str and a
# tuple of ints each) and the tuples of them. (The events stay tracked: a WinEvent or
# FinalHand made by a caller may hold any objects.)
if not cython.compiled:
    def PyObject_GC_UnTrack(obj: Any) -> None:
        """Compiled, CPython's (record.pxd): ``obj`` is no longer tracked by the garbage
        collector. Uncompiled, nothing."""


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


if not cython.compiled:
    def suit_base(ch: Any, top_rank: int) -> int:
        """Uncompiled, the stand-in of mahjong_core/_tileparse.pxd's suit_base (compiled,
        record.pxd cimports that one): the id of rank 1 of the suit letter ``ch`` (a
        character or its code), -1 for any other and for z closing an 8 or a 9."""
        letter = chr(ch) if type(ch) is int else ch
        t = TENHOU_IDS.get(f"{top_rank + 1}{letter}", -1) if 0 <= top_rank < 9 else -1
        return t - top_rank if t >= 0 else -1


def _name_id(digit: int, letter: Any) -> int:
    """The id of the tenhou tile name of rank ``digit`` + 1 ("1" -> digit 0) and suit
    letter ``letter`` (a character or its code), -1 for anything else: the one reader's
    suit letters (mahjong_core/_tileparse.pxd)."""
    if not 0 <= digit < 9:
        return -1
    base = suit_base(letter, digit)
    return base + digit if base >= 0 else -1


def _tile_name_id(text: str) -> int:
    """The id of a tenhou tile name ("5p", "7z": one of TENHOU_NAMES), -1 for any other
    text (records spell every tile so: read from the two characters, no dict lookup)."""
    if len(text) != 2:
        return -1
    return _name_id(ord(text[0]) - 49, text[1])  # "1" -> 0


def _text_ids(text: str) -> Optional[Tuple[int, ...]]:
    """The sorted tile ids of plain tenhou text ("229m28p"), or None for any other text:
    mahjong_core._holdings.sorted_tile_ids (compiled: its reader, the one of
    mahjong_core/_tileparse.pxd, called in C, without a Python call per hand)."""
    if cython.compiled:
        counts = cython.declare(cython.int[34])
        memset(counts, 0, cython.sizeof(counts))
        if count_tenhou_text(text, counts, INT_MAX, INT_MAX, False) < 0:
            return None
        return _counted_ids(counts)
    return _sorted_tile_ids(text)


def _tile(value: Any, where: str, name: str) -> int:
    if type(value) is str:
        fast = _tile_name_id(value)
        if fast >= 0:
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


# Melds repeat across records (a few hundred distinct pungs/kongs) and Meld is immutable,
# so one parse per spelling is enough: kind -> {tiles text -> Meld}. Bounded: a table
# that fills up is emptied (a cache never grows without limit).
_MELDS_BY_KIND: Dict[str, Dict[str, Meld]] = {}
_MELD_CACHE_SIZE = 1024


def _meld(kind: str, tiles: str) -> Meld:
    kinds = _MELDS_BY_KIND  # (a local: compiled, its lookups are direct dict calls)
    by_tiles = kinds.get(kind)
    if by_tiles is not None:
        meld = by_tiles.get(tiles)
        if meld is not None:
            return meld
    meld = parse_meld({"type": kind, "tiles": tiles})  # raises naming the problem
    PyObject_GC_UnTrack(meld)  # (a str and a tuple of ints: never part of a cycle)
    if by_tiles is None:
        if len(_MELDS_BY_KIND) >= 64:  # (spellings of the kinds: few)
            _MELDS_BY_KIND.clear()
        by_tiles = _MELDS_BY_KIND.setdefault(kind, {})
    if len(by_tiles) >= _MELD_CACHE_SIZE:
        by_tiles.clear()
    by_tiles[tiles] = meld
    return meld


def meld_from_strings(kind: str, tiles: str) -> Meld:
    """The meld of a record's ``{"type": kind, "tiles": tiles}`` (read once per spelling)."""
    return _meld(kind, tiles)


meld_from_strings.cache_clear = _MELDS_BY_KIND.clear  # as functools' caches have it

# codes of the meld kinds (mahjong_core._types' MELD_*; a meld of kind code c and lowest
# tile t: c * 34 + t, one of _MELD_SLOTS)
_MC_CHOW = _types.MELD_CHOW
_MC_PUNG = _types.MELD_PUNG
_MC_KONG = _types.MELD_KONG
_MC_CONCEALED = _types.MELD_CONCEALED_KONG
_MC_SINGLE = _types.MELD_SINGLE_KONG
_MELD_SLOTS = len(_types.MELD_NAMES) * 34
# (_check_record counts the melds of the seats' holdings in a C array of this size)
assert _MELD_SLOTS * _types.MAX_SEATS == 816

# The text reader's melds by code: a meld spelled the usual way ("pung" "111s", "chow"
# "345m", "kong" "1111z", ...) is known by its kind and lowest tile alone, so the reader
# finds it at meld code * 34 + tile (the codes _MC_* below) without making a str of its
# tiles. Each slot is filled on first use by _meld from that spelling (so it is exactly
# the meld _meld gives); _MELD_TILES holds the same meld's tiles (claims need only those).
_MELD_TABLE: List[Optional[Meld]] = [None] * _MELD_SLOTS
_MELD_TILES: List[Optional[Tuple[int, ...]]] = [None] * _MELD_SLOTS


def _meld_slots() -> Tuple[list, list]:
    """The two tables (the compiled module's are not module attributes; for tests)."""
    return _MELD_TABLE, _MELD_TILES


def _melds_where(index: int, seat: int) -> str:
    """Where a holding's melds are: the win at event ``index``, or (index -1) the final
    hand of ``seat``."""
    return f"event {index} (win by seat {seat})" if index >= 0 else f"final hand of seat {seat}"


def _melds(value: Any, index: int, seat: int) -> Tuple[Meld, ...]:
    """The melds of the win at event ``index`` (index -1: of the final hand of ``seat``)."""
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
                    out.append(_meld(kind, tiles))
                except MahjongError as exc:
                    _fail(_melds_where(index, seat), f"'melds': {exc}")
            else:
                melds = tuple(out)
                PyObject_GC_UnTrack(melds)  # (cached melds: see PyObject_GC_UnTrack)
                return melds
    elif not isinstance(value, (list, tuple)):
        _fail(_melds_where(index, seat), f"'melds' must be a list of melds, got {_show(value)}")
    if len(value) > 16:
        _fail(_melds_where(index, seat), f"'melds': {len(value)} melds, more than a hand can hold")
    try:
        # each made again as a plain Meld, which checks its kind and tiles: a Meld given
        # here (a subclass, or one changed after it was made) could hold any tiles, and
        # the record's checks count a meld's tiles in C arrays
        return tuple([Meld(m.kind, m.tiles) for m in parse_melds(value)])
    except MahjongError as exc:
        _fail(_melds_where(index, seat), f"'melds': {exc}")


def _holding_size(tiles: Sequence[int], melds: Sequence[Meld]) -> int:
    n = len(tiles)
    for m in melds:
        if m.kind != "single_kong":
            n += 3
    return n


def _meld_tiles(melds: Sequence[Meld]) -> Tuple[int, ...]:
    """The tile ids of the melds, in one tuple (what the core's counts read)."""
    if not melds:
        return ()
    out = []
    for m in melds:
        out += m.tiles
    return tuple(out)


def _check_holding(tiles: Sequence[int], melds: Sequence[Meld], size: int, where: str) -> None:
    n = _holding_size(tiles, melds)
    if n != size:
        _fail(where, f"{len(tiles)} concealed tiles and {len(melds)} meld(s) make {n} tiles; "
                     f"expected {size} (a kong counts 3)")
    copies, tile = _most_copies(tuple(tiles), _meld_tiles(melds))
    if copies > COPIES:
        _fail(where, f"a fifth copy of {TENHOU_NAMES[tile]} in one hand")


def _known_keys(obj: dict, allowed: frozenset) -> int:
    """How many keys of ``obj`` are in ``allowed`` (all of them: no unknown field)."""
    n = 0
    for key in obj:
        if key in allowed:
            n += 1
    return n


def _check_keys(obj: Mapping, allowed: frozenset, where: str) -> None:
    if obj.keys() <= allowed:  # the usual case: no unknown field
        return
    unknown = sorted(_show(k) for k in set(obj) - set(allowed))
    _fail(where, f"unknown field(s) {', '.join(unknown[:8])}")


def _flag(value: Any, name: str, where: str) -> bool:
    """The value of the win flag ``name``: true or false (null reads as false)."""
    if value is None:
        return False
    if not isinstance(value, (bool, np.bool_)):
        _fail(where, f"flag '{name}' must be true or false, got {_show(value)}")
    return bool(value)


# ------------------------------------------------------------------------------ events
#
# The event classes (and FinalHand) are small immutable value classes. Compiled, record.pxd
# makes them extension types whose fields are C struct members (``readonly``: read from
# Python as attributes, never written); the reader builds them with the ``_new_*``
# functions below, which fill the fields without argument parsing. Uncompiled they are
# plain classes whose fields can be set once (in ``__init__``), never changed. Both ways
# they compare, hash, print and pickle by their fields, as frozen dataclasses do.

_COMPILED = not __file__.endswith(".py")  # built by setup.py (record.pxd applies)



def _tile_json(tile: int) -> str:
    return TENHOU_NAMES[tile]


class _Value:
    """Base of the record's value classes: ``_FIELDS`` names the fields (compared, hashed,
    shown), ``_ARGS`` the constructor's arguments (pickled)."""

    _FIELDS = ()
    _ARGS = ()

    def _values(self) -> tuple:
        return tuple([getattr(self, name) for name in self._FIELDS])

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __ne__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._values() != other._values()

    def __hash__(self):
        return hash(self._values())

    def __repr__(self):
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in self._FIELDS])
        return f"{type(self).__name__}({shown})"

    def __reduce__(self):
        return (type(self), tuple([getattr(self, name) for name in self._ARGS]))

    def __setattr__(self, name, value):
        # compiled, the constructors write the C fields directly and never come here
        if _COMPILED or name in self.__dict__ or name not in self._FIELDS:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        raise FrozenInstanceError(f"cannot delete field {name!r}")


class DrawEvent(_Value):
    """A tile drawn from the wall (optional in hand-written records): ``seat``, ``tile``."""

    _FIELDS = ("seat", "tile", "type")
    _ARGS = ("seat", "tile")

    def __init__(self, seat: int, tile: int):
        self.seat = seat
        self.tile = tile
        self.type = "draw"

    def to_json(self) -> Dict[str, Any]:
        return {"type": "draw", "seat": self.seat, "tile": _tile_json(self.tile)}


class DiscardEvent(_Value):
    """A tile discarded: ``seat``, ``tile``."""

    _FIELDS = ("seat", "tile", "type")
    _ARGS = ("seat", "tile")

    def __init__(self, seat: int, tile: int):
        self.seat = seat
        self.tile = tile
        self.type = "discard"

    def to_json(self) -> Dict[str, Any]:
        return {"type": "discard", "seat": self.seat, "tile": _tile_json(self.tile)}


@cython.cclass
class ClaimEvent(_Value):
    """A chow or pung made of the discard of ``from_seat`` (``type`` is "chow" or
    "pung"; ``tiles`` the meld's sorted tile ids)."""

    _FIELDS = ("type", "seat", "tiles", "from_seat")
    _ARGS = _FIELDS

    def __init__(self, type: str, seat: int, tiles: Tuple[int, ...], from_seat: int):
        self.type = type
        self.seat = seat
        self.tiles = tiles
        self.from_seat = from_seat

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


def _new_claim(kind: str, seat: int, tiles: Tuple[int, ...], from_seat: int) -> ClaimEvent:
    e = ClaimEvent.__new__(ClaimEvent)
    e.type = kind
    e.seat = seat
    e.tiles = tiles
    e.from_seat = from_seat
    PyObject_GC_UnTrack(e)  # (a str, ints and a tuple of ints: never part of a cycle)
    return e


_KONG_MELDS = {"concealed": "concealed_kong", "exposed": "kong", "added": "kong",
               "single": "single_kong"}


@cython.cclass
class KongEvent(_Value):
    """A declared kong: ``kind`` concealed (暗杠/下雨), exposed (直杠, ``from_seat`` fed
    it), added (面下杠/补杠, a pung completed with a drawn tile) or single (a one-tile
    kong: Huanggang's 红中杠, 发财杠, 赖子杠); ``seat``, ``tile``."""

    _FIELDS = ("seat", "kind", "tile", "from_seat", "type")
    _ARGS = ("seat", "kind", "tile", "from_seat")

    def __init__(self, seat: int, kind: str, tile: int, from_seat: Optional[int] = None):
        self.seat = seat
        self.kind = kind
        self.tile = tile
        self.from_seat = from_seat
        self.type = "kong"

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


def _new_kong(seat: int, kind: str, tile: int, from_seat: Optional[int]) -> KongEvent:
    e = KongEvent.__new__(KongEvent)
    e.seat = seat
    e.kind = kind
    e.tile = tile
    e.from_seat = from_seat
    e.type = "kong"
    PyObject_GC_UnTrack(e)  # (strs and ints: never part of a cycle)
    return e


class _SeatEvent(_Value):
    """Base of the events that carry only the acting ``seat`` (each class names its
    ``type`` in ``_TYPE``)."""

    _FIELDS = ("seat", "type")
    _ARGS = ("seat",)
    _TYPE = ""

    def __init__(self, seat: int):
        self.seat = seat
        self.type = self._TYPE

    def to_json(self) -> Dict[str, Any]:
        return {"type": self.type, "seat": self.seat}


class ReadyEvent(_SeatEvent):
    """A ready declaration (报听) by ``seat``."""

    _TYPE = "ready"


class FlipEvent(_Value):
    """A tile turned up from the wall (Guiyang's 翻牌 after the win): ``tile``."""

    _FIELDS = ("tile", "type")
    _ARGS = ("tile",)

    def __init__(self, tile: int):
        self.tile = tile
        self.type = "flip"

    def to_json(self) -> Dict[str, Any]:
        return {"type": "flip", "tile": _tile_json(self.tile)}


@cython.cclass
class WinEvent(_Value):
    """A win by ``seat``. ``hand`` is the concealed part after the win, winning tile
    included (sorted tile ids), ``melds`` the seat's melds, ``win_tile`` the winning tile,
    ``from_seat`` the discarder (None: self-drawn); the flags of :data:`WIN_FLAGS`;
    ``flowers`` the winner's flowers (Guobiao)."""

    _FIELDS = ("seat", "hand", "melds", "win_tile", "from_seat") + WIN_FLAGS + \
        ("flowers", "type")
    _ARGS = _FIELDS[:-1]

    def __init__(self, seat: int, hand: Tuple[int, ...], melds: Tuple[Meld, ...],
                 win_tile: int, from_seat: Optional[int] = None, replacement: bool = False,
                 after_kong: bool = False, robbing_kong: bool = False, last_tile: bool = False,
                 heavenly: bool = False, earthly: bool = False, first_round: bool = False,
                 fourth_tile: bool = False, flowers: int = 0):
        self.seat = seat
        self.hand = hand
        self.melds = melds
        self.win_tile = win_tile
        self.from_seat = from_seat
        self.replacement = replacement
        self.after_kong = after_kong
        self.robbing_kong = robbing_kong
        self.last_tile = last_tile
        self.heavenly = heavenly
        self.earthly = earthly
        self.first_round = first_round
        self.fourth_tile = fourth_tile
        self.flowers = flowers
        self.type = "win"

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


def _new_plain_win(seat: int, hand: Tuple[int, ...], melds: Tuple[Meld, ...], win_tile: int,
                   from_seat: Optional[int]) -> WinEvent:
    """A win without flags or flowers (the usual win)."""
    e = WinEvent.__new__(WinEvent)
    e.seat = seat
    e.hand = hand
    e.melds = melds
    e.win_tile = win_tile
    e.from_seat = from_seat
    e.replacement = False
    e.after_kong = False
    e.robbing_kong = False
    e.last_tile = False
    e.heavenly = False
    e.earthly = False
    e.first_round = False
    e.fourth_tile = False
    e.flowers = 0
    e.type = "win"
    return e


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


class ExhaustedEvent(_Value):
    """The wall ran out. ``data`` holds rule-set data by rule-set name, e.g.
    ``{"yunnan": {"chajiao_pairs": ((1, 0), (3, 2))}}`` (read-only)."""

    _FIELDS = ("data", "type")
    _ARGS = ("data",)

    def __init__(self, data: Optional[Mapping[str, Any]] = None):
        self.data = _EMPTY if not data else _freeze(data, "exhausted event")
        self.type = "exhausted"

    def rule_data(self, rules: str) -> Mapping[str, Any]:
        """The data this event carries for the rule set ``rules`` (empty if none)."""
        return self.data.get(rules, _EMPTY)

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"type": "exhausted"}
        for name, value in self.data.items():
            out[name] = _thaw(value)
        return out


class PenaltyEvent(_SeatEvent):
    """A penalty of ``seat`` that ends the hand (Botzone's duplicate-wall Guobiao game: an
    illegal move or a false win); the room settles it (a room without penalties refuses
    it)."""

    _TYPE = "penalty"


Event = Union[DrawEvent, DiscardEvent, ClaimEvent, KongEvent, ReadyEvent, FlipEvent,
              WinEvent, ExhaustedEvent, PenaltyEvent]
_EVENT_CLASSES = (DrawEvent, DiscardEvent, ClaimEvent, KongEvent, ReadyEvent, FlipEvent,
                  WinEvent, ExhaustedEvent, PenaltyEvent)


@cython.cclass
class FinalHand(_Value):
    """A seat's closing holding (13 tiles counting a set meld as 3): ``hand`` (sorted
    tile ids of the concealed tiles) and ``melds``."""

    _FIELDS = ("hand", "melds")
    _ARGS = _FIELDS

    def __init__(self, hand: Tuple[int, ...], melds: Tuple[Meld, ...] = ()):
        self.hand = hand
        self.melds = melds

    def counts(self) -> np.ndarray:
        """``uint8[34]`` counts of the closing concealed tiles."""
        return tile_counts(self.hand)

    def to_json(self) -> Dict[str, Any]:
        return {"hand": format_tiles(self.hand),
                "melds": [m.to_json() for m in self.melds]}


def _new_final(hand: Tuple[int, ...], melds: Tuple[Meld, ...]) -> FinalHand:
    fh = FinalHand.__new__(FinalHand)
    fh.hand = hand
    fh.melds = melds
    return fh


# --------------------------------------------------------------------------- the reader

# Draws and discards are immutable and there are only seats x 34 of each: one shared
# object per (seat, tile).
_DRAWS = tuple(tuple(DrawEvent(s, t) for t in range(34)) for s in range(MAX_SEATS))
_DISCARDS = tuple(tuple(DiscardEvent(s, t) for t in range(34)) for s in range(MAX_SEATS))
# likewise readies, flips and the exhausted wall without rule-set data
_READIES = tuple(ReadyEvent(s) for s in range(MAX_SEATS))
_FLIPS = tuple(FlipEvent(t) for t in range(34))
_EXHAUSTED = ExhaustedEvent()


def _share_draws() -> None:
    """Compiled: the shared draws and discards also in a C table of borrowed references
    (the text reader's quick_run takes them from there; the tuples above keep them)."""
    if cython.compiled:
        assert MAX_SEATS <= 8
        for s in range(MAX_SEATS):
            for t in range(34):
                _set_shared_event(True, s, t, _DRAWS[s][t])
                _set_shared_event(False, s, t, _DISCARDS[s][t])


_share_draws()

#: the fields of each kind of event but the win (_WIN_KEYS) and the exhausted wall (whose
#: other fields are rule-set data)
_EVENT_KEYS = {
    "draw": frozenset(("type", "seat", "tile")),
    "discard": frozenset(("type", "seat", "tile")),
    "chow": frozenset(("type", "seat", "tiles", "from")),
    "pung": frozenset(("type", "seat", "tiles", "from")),
    "kong": frozenset(("type", "seat", "kind", "tile", "from")),
    "ready": frozenset(("type", "seat")),
    "flip": frozenset(("type", "tile")),
    "penalty": frozenset(("type", "seat")),
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


#: the reader of one win event (a mapping in the record's JSON form, its index among the
#: events, the record's seats), public: the rooms' play modules read the engine's wins with it
read_win = _read_win


# ----------------------------------------------------------------- the events, one kind at a time
#
# One reader per event kind (``_event_<kind>``), shared by the two forms a record comes in:
# the mapping reader below (``_read_event_dict``: a record given as a mapping, or JSON text
# json.loads has decoded) and the text reader further down (``_Scan.event``: JSON text read
# in place). Each form only takes the fields out of its form (the mapping's keys, the
# text's tokens) and hands their values to the kind's reader, which checks them and names
# every error: no check exists twice. A field the record does not give is _MISSING (or
# None, where a null and an absent field read the same). A new kind of event is one more
# ``_event_<kind>`` and one line in each form's dispatch (``_EVENT_KEYS`` lists its fields).

_MISSING = object()  # (a field the record does not give)


def _tile_value(value: Any) -> int:
    """The id of a tile field's usual value (a tenhou name, or a tile id the text reader
    has read), -1 for any other (``_tile`` reads those and names the problem)."""
    if type(value) is str:
        return _tile_name_id(value)
    if type(value) is int and 0 <= value < 34:
        return value
    return -1


def _tile_field(value: Any, where: str, name: str) -> int:
    t = _tile_value(value)
    if t >= 0:
        return t
    if value is _MISSING:
        _fail(where, f"missing '{name}'")
    return _tile(value, where, name)


def _hand_field(value: Any, index: int, seat: int) -> Tuple[int, ...]:
    """The sorted tile ids of the ``hand`` of the win at event ``index`` (index -1: of the
    final hand of ``seat``)."""
    if type(value) is str and len(value) <= MAX_TEXT:
        fast = _text_ids(value)  # (every record reads several hands)
        if fast is not None:
            return fast
    where = _melds_where(index, seat)
    if value is _MISSING:
        _fail(where, "missing 'hand'")
    return _tiles(value, where, "hand")


def _event_draw(index: int, draw: bool, seat: Any, tile: Any, seats: int) -> Event:
    """A draw (``draw`` true) or a discard: the shared event object of its seat and tile."""
    if type(seat) is not int or not 0 <= seat < seats:
        seat = _seat(seat, f"event {index} ({'draw' if draw else 'discard'})", seats)
    t = _tile_value(tile)
    if t < 0:
        t = _tile_field(tile, f"event {index} ({'draw' if draw else 'discard'} by seat {seat})",
                        "tile")
    return _DRAWS[seat][t] if draw else _DISCARDS[seat][t]


def _event_claim(index: int, kind: str, seat: Any, tiles: Any, src: Any,
                 seats: int, read_tiles: Optional[tuple] = None) -> ClaimEvent:
    """A chow or a pung (``kind``) of the discard of ``src``. ``tiles``: the record's tiles
    field, unless the text reader has read them (``read_tiles``: the tiles of the meld
    _meld makes of them)."""
    if type(seat) is int and 0 <= seat < seats and type(src) is int \
            and 0 <= src < seats and src != seat \
            and (kind == "pung" or src == (seat - 1) % seats):
        # the usual form: each field well formed
        if read_tiles is not None:
            return _new_claim(kind, seat, read_tiles, src)
        if type(tiles) is str and len(tiles) <= 16:
            try:
                return _new_claim(kind, seat, _meld(kind, tiles).tiles, src)
            except MahjongError:
                pass  # named below
    seat = _seat(seat, f"event {index} ({kind})", seats)
    where = f"event {index} ({kind} by seat {seat})"
    if tiles is _MISSING:
        _fail(where, "missing 'tiles' (the three tiles of the meld)")
    if src is None:
        _fail(where, "missing 'from' (the seat whose discard was claimed)")
    src = _seat(src, where, seats, "from")
    if src == seat:
        _fail(where, f"seat {seat} cannot claim his own discard")
    if read_tiles is None:
        try:
            meld = _meld(kind, tiles) if type(tiles) is str and len(tiles) <= 16 \
                else Meld(kind, _tiles(tiles, where, "tiles"))
        except InvalidRecordError:
            raise
        except MahjongError as exc:
            _fail(where, f"'tiles': {exc}")
        read_tiles = meld.tiles
    if kind == "chow" and src != (seat - 1) % seats:
        _fail(where, f"a chow is made only of the 上家's discard (seat {(seat - 1) % seats}),"
                     f" not seat {src}'s")
    return _new_claim(kind, seat, read_tiles, src)


_KONG_KINDS = KONG_KINDS  # (compiled: a typed tuple, record.pxd)


def _kong_kind_index(kind: Any) -> int:
    """The index of ``kind`` in KONG_KINDS, -1 for anything else (the readers' kinds are
    the tuple's own strs: found by identity first, without a comparison)."""
    kinds = _KONG_KINDS
    for k in range(len(kinds)):
        if kind is kinds[k]:
            return k
    for k in range(len(kinds)):
        if kind == kinds[k]:
            return k
    return -1


def _event_kong(index: int, seat: Any, k: Any, tile: Any, src: Any, seats: int) -> KongEvent:
    """A kong of kind ``k`` (one of KONG_KINDS); ``src`` only for an exposed one."""
    if type(seat) is not int or not 0 <= seat < seats:
        seat = _seat(seat, f"event {index} (kong)", seats)
    if _kong_kind_index(k) < 0:
        _fail(f"event {index} (kong by seat {seat})",
              f"'kind' must be one of {', '.join(KONG_KINDS)}, got {_show(k)}")
    t = _tile_value(tile)
    if t < 0:
        t = _tile_field(tile, f"event {index} (kong by seat {seat})", "tile")
    if k == "exposed":
        if type(src) is int and 0 <= src < seats and src != seat:
            return _new_kong(seat, k, t, src)  # the usual exposed kong
        where = f"event {index} (kong by seat {seat})"
        if src is None:
            _fail(where, "an exposed kong needs 'from' (the seat whose discard was konged)")
        src = _seat(src, where, seats, "from")
        if src == seat:
            _fail(where, f"seat {seat} cannot kong his own discard")
    elif src is not None:
        _fail(f"event {index} (kong by seat {seat})",
              f"'from' is only given for an exposed kong, not a {k} one")
    return _new_kong(seat, k, t, src)


def _event_ready(index: int, seat: Any, seats: int) -> ReadyEvent:
    if type(seat) is not int or not 0 <= seat < seats:
        seat = _seat(seat, f"event {index} (ready)", seats)
    return _READIES[seat]


def _event_penalty(index: int, seat: Any, seats: int) -> PenaltyEvent:
    return PenaltyEvent(_seat(seat, f"event {index} (penalty)", seats))


def _event_flip(index: int, tile: Any) -> FlipEvent:
    t = _tile_value(tile)
    if t < 0:
        t = _tile_field(tile, f"event {index} (flip)", "tile")
    return _FLIPS[t]


def _event_win(index: int, seat: Any, hand: Any, melds: Any, read_melds: Optional[tuple],
               win: Any, src: Any, flags: Optional[tuple], flowers: Any,
               seats: int) -> WinEvent:
    """A win. ``melds``: the record's melds field (a list of meld objects), unless the
    text reader has read them (``read_melds``, through _meld); ``flags``: None for a win
    without flags and flowers (the usual win), else the values of the flags of WIN_FLAGS,
    in order."""
    if type(seat) is not int or not 0 <= seat < seats:
        seat = _seat(seat, f"event {index} (win)", seats)
    hand = _hand_field(hand, index, seat)
    if read_melds is not None:
        melds = read_melds
    else:
        melds = () if melds is None or (type(melds) is list and not melds) else \
            _melds(melds, index, seat)
    t = _tile_value(win)
    if t < 0:
        t = _tile_field(win, f"event {index} (win by seat {seat})", "win_tile")
    win = t
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
    if flags is None:  # the usual win: no flag to check
        return _new_plain_win(seat, hand, melds, win, src)
    where = f"event {index} (win by seat {seat})"
    replacement, after_kong, robbing_kong, last_tile, heavenly, earthly, first_round, \
        fourth_tile = [value if value is True or value is False else _flag(value, name, where)
                       for name, value in zip(WIN_FLAGS, flags)]
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


def _event_exhausted(index: int, raw: Optional[dict]) -> ExhaustedEvent:
    """The wall ran out; ``raw`` (the event's mapping, or None) may carry rule-set data."""
    if raw is None or len(raw) == 1:
        return _EXHAUSTED  # no rule-set data
    where = f"event {index} (exhausted)"
    data = {}
    for key, value in raw.items():
        if key == "type":
            continue
        owner = _rooms.exhausted_field_owner(key)  # a rule set's data in its v1 spelling
        if owner is not None:
            data.setdefault(owner, {})[key] = value
            continue
        if not isinstance(key, str) or not isinstance(value, Mapping):
            _fail(where, f"unknown field {_show(key)} (rule-set data goes under the rule "
                         "set's name, as an object)")
        data[key] = {**data.get(key, {}), **value}
    return ExhaustedEvent(_freeze(data, where)) if data else ExhaustedEvent()


def _read_event(index: int, raw: Any, seats: int) -> Event:
    """Read one event (a mapping in the record's JSON form, or an event object); every
    problem raises, naming the event."""
    if type(raw) is not dict:
        if isinstance(raw, _EVENT_CLASSES):
            raw = raw.to_json()
        elif not isinstance(raw, Mapping):
            _fail(f"event {index}", f"an event is an object with a 'type', got {_show(raw)}")
        else:
            raw = dict(raw)
    return _read_event_dict(index, raw, seats)


#: the reader of one event (its index, the mapping in the record's JSON form, the seats)
read_event = _read_event


def _read_event_dict(index: int, raw: dict, seats: int) -> Event:
    """The mapping form: the event's fields taken out of its keys, for its kind's reader."""
    kind = raw.get("type")
    if kind == "win":
        return _read_win_dict(raw, index, seats)
    keys = _EVENT_KEYS.get(kind) if isinstance(kind, str) else None
    if keys is None:
        if kind == "exhausted":
            return _event_exhausted(index, raw)
        _fail(f"event {index}", f"unknown event type {_show(kind)}; expected one of "
                                f"{', '.join(EVENT_TYPES)}")
    if _known_keys(raw, keys) != len(raw):
        _check_keys(raw, keys, f"event {index} ({kind})")
    if kind == "draw" or kind == "discard":
        return _event_draw(index, kind == "draw", raw.get("seat"), raw.get("tile", _MISSING),
                           seats)
    if kind == "kong":
        return _event_kong(index, raw.get("seat"), raw.get("kind"),
                           raw.get("tile", _MISSING), raw.get("from"), seats)
    if kind == "chow" or kind == "pung":
        return _event_claim(index, kind, raw.get("seat"), raw.get("tiles", _MISSING),
                            raw.get("from"), seats)
    if kind == "ready":
        return _event_ready(index, raw.get("seat"), seats)
    if kind == "penalty":
        return _event_penalty(index, raw.get("seat"), seats)
    return _event_flip(index, raw.get("tile", _MISSING))


def _read_win_dict(raw: dict, index: int, seats: int) -> WinEvent:
    plain = _known_keys(raw, _PLAIN_WIN_KEYS) == len(raw)  # no flag, no flowers
    if not plain:
        _check_keys(raw, _WIN_KEYS, f"event {index} (win)")
    return _event_win(index, raw.get("seat"), raw.get("hand", _MISSING), raw.get("melds"),
                      None, raw.get("win_tile", _MISSING), raw.get("from"),
                      None if plain else tuple([raw.get(name, False) for name in WIN_FLAGS]),
                      raw.get("flowers", 0), seats)


_FINAL_SEAT_KEYS = {str(s): s for s in range(MAX_SEATS)}


def _read_final(key: Any, value: Any, seats: int) -> Tuple[int, FinalHand]:
    seat = key
    if type(key) is str:  # "0".."3" (a key of _FINAL_SEAT_KEYS), read without a lookup
        seat = ord(key) - 48 if len(key) == 1 and "0" <= key <= "3" else None
    if type(seat) is not int or not 0 <= seat < seats:
        seat = _seat(seat if seat is not None else key, "final", seats, "seat key")
    if type(value) is dict:
        # the usual form: {"hand": str} or {"hand": str, "melds": [...]}, nothing else
        data = value
        hand = data.get("hand")
        melds = data.get("melds")
        if type(hand) is str and len(hand) <= MAX_TEXT and \
                len(data) == (1 if melds is None and "melds" not in data else 2):
            hand = _sorted_tile_ids(hand)
            if hand is not None:
                if melds is None or (type(melds) is list and not melds):
                    return seat, _new_final(hand, ())
                return seat, _new_final(hand, _melds(melds, -1, seat))
    where = f"final hand of seat {seat}"
    if isinstance(value, FinalHand):
        value = value.to_json()
    if type(value) is not dict and not isinstance(value, Mapping):
        _fail(where, f"expected {{'hand': ..., 'melds': [...]}}, got {_show(value)}")
    _check_keys(value, _FINAL_KEYS, where)
    if "hand" not in value:
        _fail(where, "missing 'hand'")
    return seat, _new_final(_tiles(value["hand"], where, "hand"),
                           _melds(value.get("melds", ()), -1, seat))



# json.loads without its Python frames (loads -> decode -> raw_decode): the decoder's C
# scanner called directly, with the same whitespace rules and the same errors.
_JSON_SCAN = json.scanner.make_scanner(json.JSONDecoder())
_JSON_SPACE = json.decoder.WHITESPACE.match


def _json_loads(text: str) -> Any:
    start = 0
    if text[:1] in " \t\n\r":  # (also the empty text: an "Expecting value" error)
        start = _JSON_SPACE(text, 0).end()
    try:
        value, end = _JSON_SCAN(text, start)
    except StopIteration as err:
        raise json.JSONDecodeError("Expecting value", text, err.value) from None
    if end != len(text):
        end = _JSON_SPACE(text, end).end()
        if end != len(text):
            raise json.JSONDecodeError("Extra data", text, end)
    return value


def _decode_bytes(data: Union[bytes, bytearray]) -> str:
    """UTF-8 text (a BOM first is dropped) as a str."""
    raw = bytes(data)
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidRecordError(f"record: not UTF-8 text ({exc.reason} at byte "
                                 f"{exc.start})") from None


def _decode(data: Any) -> Any:
    if isinstance(data, (bytes, bytearray)):
        data = _decode_bytes(data)
    if isinstance(data, str):
        data = data.lstrip("\ufeff")
        try:
            data = _json_loads(data)
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
    return tuple([_tile(t, f"record: {name}", f"tile {i}") for i, t in enumerate(value)])


# ------------------------------------------------------------ the reader of JSON text
#
# Reading a record's text with json.loads builds a dict, list or str for every value,
# which the reader above then walks once and drops: that is most of the cost of reading a
# record. The text reader below reads the usual record straight into the event objects in
# one pass over its characters (the UTF-8 bytes of the text), full engine logs included
# (their wall, reserve and result). It takes only what it reads exactly as json.loads and
# the dict reader would (strings it reads without backslash escapes, plain non-negative
# integers, no repeated key, the usual forms of every event and closing hand; the fields it
# does not keep, such as ``result``, are passed over as json.loads would read them); on anything
# else it raises _Unusual, and the record is read again from the start by json.loads and
# the dict reader, which give every result and every error message. So a record read here
# is always the record the dict reader would have made, and the text reader never reports
# an error of its own.
#
# The scanner works on the text's bytes, with a NUL added after the end: every loop stops
# at a byte that is not what it wants, so the NUL ends them all without a length check.

class _Unusual(Exception):
    """Something the text reader leaves to json.loads and the dict reader."""


if not cython.compiled:  # (compiled: record.pxd's C helpers)
    def _same_at(p: bytes, i: int, w: bytes, n: int) -> bool:
        """Whether the n bytes of ``p`` at ``i`` are the first n of ``w``."""
        return p[i:i + n] == w[:n]

    def _ids_tuple(ids: bytearray, n: int) -> Tuple[int, ...]:
        """The first n tile ids of ``ids``, as a tuple."""
        return tuple(ids[:n])

    def _bytes_head(data: bytearray, n: int) -> bytes:
        """The first n bytes of ``data``, as bytes."""
        return bytes(data[:n])


# bits of the fields of one event object (a set of fields is their sum)
_F_TYPE = 1
_F_SEAT = 2
_F_TILE = 4
_F_TILES = 8
_F_FROM = 16
_F_KIND = 32
_F_HAND = 64
_F_MELDS = 128
_F_WIN_TILE = 256
_F_FLOWERS = 512
_F_FLAG = 1024  # the first win flag; the i-th of WIN_FLAGS is _F_FLAG << i
_F_DRAW = _F_TYPE | _F_SEAT | _F_TILE                   # draw, discard
_F_CLAIM = _F_TYPE | _F_SEAT | _F_TILES | _F_FROM       # chow, pung
_F_KONG = _F_TYPE | _F_SEAT | _F_KIND | _F_TILE | _F_FROM
_F_PLAIN_WIN = _F_TYPE | _F_SEAT | _F_HAND | _F_MELDS | _F_WIN_TILE | _F_FROM
_F_WIN = _F_PLAIN_WIN | _F_FLOWERS | (_F_FLAG * 255)    # and the eight flags
_F_READY = _F_TYPE | _F_SEAT
_F_FLIP = _F_TYPE | _F_TILE

# bits of the record's own fields
_R_EVENTS = 1
_R_FINAL = 2
_R_RULES = 4
_R_DEALER = 8
_R_SEATS = 16
_R_INDICATOR = 32
_R_OPTIONS = 64
_R_ROUND_WIND = 128
_R_FLOWER_INDICATORS = 256
_R_NOTE = 512
_R_RESULT = 1024
_R_WALL = 2048
_R_RESERVE = 4096

# event types (the "type" field): the event kinds of mahjong_core._types (the codes the
# packed log carries)
_E_DRAW = _types.EV_DRAW
_E_DISCARD = _types.EV_DISCARD
_E_CHOW = _types.EV_CHOW
_E_PUNG = _types.EV_PUNG
_E_KONG = _types.EV_KONG
_E_READY = _types.EV_READY
_E_FLIP = _types.EV_FLIP
_E_WIN = _types.EV_WIN
_E_EXHAUSTED = _types.EV_EXHAUSTED
_E_PENALTY = _types.EV_PENALTY
_K_CONCEALED = _types.KONG_CONCEALED
_K_EXPOSED = _types.KONG_EXPOSED
_K_ADDED = _types.KONG_ADDED
_K_SINGLE = _types.KONG_SINGLE


def _fields_by_kind() -> tuple:
    by_kind = {_E_DRAW: _F_DRAW, _E_DISCARD: _F_DRAW, _E_CHOW: _F_CLAIM, _E_PUNG: _F_CLAIM,
               _E_KONG: _F_KONG, _E_READY: _F_READY, _E_FLIP: _F_FLIP, _E_WIN: _F_WIN,
               _E_EXHAUSTED: _F_TYPE}
    return tuple([by_kind.get(code, 0) for code in range(max(by_kind) + 1)])


#: the fields an event of each kind may have, by event kind (0: none)
_EVENT_FIELDS = _fields_by_kind()

# bytes that end a value the scanner reads: none of them starts a number's fraction or
# exponent
_QUOTE = 34      # "
_COMMA = 44      # ,
_COLON = 58      # :
_OPEN_LIST = 91  # [
_CLOSE_LIST = 93
_OPEN = 123      # {
_CLOSE = 125


# shapes of a meld's tiles text (_Scan.meld_shape)
_SHAPE_ONE = 1    # "5z"
_SHAPE_THREE = 2  # "111s"
_SHAPE_FOUR = 3   # "1111s"
_SHAPE_RUN = 4    # "345m"


def _shape_code(kind: str, shape: int) -> int:
    """The meld code of a meld of ``kind`` whose tiles have ``shape`` (meld_shape), or -1
    when they do not make that kind in the usual spelling (_meld reads those)."""
    if shape < 0:
        return -1
    form = shape // 64
    if form == _SHAPE_THREE:
        return _MC_PUNG if kind == "pung" else -1
    if form == _SHAPE_RUN:
        return _MC_CHOW if kind == "chow" else -1
    if form == _SHAPE_FOUR:
        if kind == "kong":
            return _MC_KONG
        return _MC_CONCEALED if kind == "concealed_kong" else -1
    return _MC_SINGLE if kind == "single_kong" else -1


class _Scan:
    """The text reader's position in one record's text (see above). Made without
    arguments (compiled: no argument parsing) and set to a text by ``start``."""

    def start(self, text: str) -> None:
        self.text = text
        self.ascii = text.isascii()  # (then a byte's position is its character's)
        if cython.compiled and self.ascii:
            # an ASCII str holds its characters as bytes, a NUL after them: read in place
            self.n = len(text)
            self.p = _ascii_data(text)
        else:
            # (CPython's bytes end in a NUL already; uncompiled, indexing needs it spelled
            # out; a str that is not UTF-8, a lone surrogate, raises: left to json.loads)
            data = text.encode("utf-8")
            self.n = len(data)
            self.data = data if _COMPILED else data + b"\0"
            self.p = self.data
        if cython.compiled:
            _events_start(cython.address(self.events))
        else:
            self.ids = None  # (tile_list's buffer, made on first use)
            self.events = []
        self.i = 0
        self.a = 0
        self.b = 0

    def __dealloc__(self):
        if cython.compiled:
            _events_clear(cython.address(self.events))

    # -- the events read (compiled: a C array of the scan) ----------------------------
    def push(self, e: Event) -> None:
        if cython.compiled:
            _events_push(cython.address(self.events), e)
        else:
            self.events.append(e)

    def n_events(self) -> int:
        if cython.compiled:
            return self.events.n
        return len(self.events)

    def events_read(self) -> tuple:
        """The events read, as a tuple (immutable events, made before it: the tuple is
        part of no cycle, and is made untracked)."""
        if cython.compiled:
            return _events_tuple(cython.address(self.events))
        return tuple(self.events)

    # -- tokens ---------------------------------------------------------------------
    def space(self) -> int:
        """Skip JSON whitespace; the byte there (0 at the end)."""
        p = self.p
        i = self.i
        c = p[i]
        while c == 32 or c == 10 or c == 13 or c == 9:
            i += 1
            c = p[i]
        self.i = i
        return c

    def expect(self, c: int) -> None:
        """Skip whitespace and the byte ``c``, which must come next."""
        if self.space() != c:
            raise _Unusual
        self.i += 1

    def more(self, close: int) -> bool:
        """After a member of a list or object: True at a comma (another member follows),
        False at the closing byte ``close``."""
        c = self.space()
        self.i += 1
        if c == _COMMA:
            return True
        if c != close:
            raise _Unusual
        return False

    def string(self) -> None:
        """A string without escapes, its characters at [self.a, self.b)."""
        p = self.p
        if self.space() != _QUOTE:
            raise _Unusual
        i = self.i + 1
        self.a = i
        c = p[i]
        while c != _QUOTE:
            if c < 32 or c == 92:  # a control character, the NUL at the end, a backslash
                raise _Unusual
            i += 1
            c = p[i]
        self.b = i
        self.i = i + 1

    def str_value(self) -> str:
        """A string value as a str."""
        self.string()
        return self.sub(self.a, self.b)

    def word(self, w: bytes) -> bool:
        """Whether the last string read is ``w``."""
        n = len(w)
        p = self.p
        q = w
        a = self.a
        if self.b - a != n or p[a] != q[0]:
            return False
        for k in range(1, n):
            if p[a + k] != q[k]:
                return False
        return True

    def null(self) -> bool:
        """Read ``null`` if it comes next."""
        c = self.space()
        p = self.p
        i = self.i
        if c == 110 and p[i + 1] == 117 and p[i + 2] == 108 and p[i + 3] == 108:  # null
            self.i = i + 4
            return True
        return False

    def boolean(self) -> bool:
        """``true`` or ``false`` (``null`` reads as false, as the dict reader has it)."""
        p = self.p
        c = self.space()
        i = self.i
        if c == 116 and p[i + 1] == 114 and p[i + 2] == 117 and p[i + 3] == 101:  # true
            self.i = i + 4
            return True
        if c == 102 and p[i + 1] == 97 and p[i + 2] == 108 and p[i + 3] == 115 \
                and p[i + 4] == 101:  # false
            self.i = i + 5
            return False
        if self.null():
            return False
        raise _Unusual

    def integer(self) -> int:
        """A non-negative integer of at most 9 digits, in JSON's spelling."""
        p = self.p
        c = self.space() - 48
        if not 0 <= c <= 9:
            raise _Unusual
        i = self.i + 1
        value = c
        if c != 0:
            c = p[i] - 48
            while 0 <= c <= 9:
                value = value * 10 + c
                i += 1
                c = p[i] - 48
            if i - self.i > 9:
                raise _Unusual
        c = p[i]
        if c == 46 or c == 101 or c == 69 or 48 <= c <= 57:  # . e E, or a digit after 0
            raise _Unusual
        self.i = i
        return value

    def tile(self) -> int:
        """A tile name ("5p"): its id."""
        self.string()
        if self.b - self.a != 2:
            raise _Unusual
        p = self.p
        t = _name_id(p[self.a] - 49, p[self.a + 1])  # "1" -> 0
        if t < 0:
            raise _Unusual
        return t

    def tile_list(self, copies) -> Tuple[int, ...]:
        """null, or a list of tile names (the wall, the reserve), each counted in
        ``copies`` (34 counters); more than COPIES of a tile is left to the dict reader
        (which names it)."""
        if self.null():
            return None
        self.expect(_OPEN_LIST)
        if self.space() == _CLOSE_LIST:
            self.i += 1
            return ()
        # the ids read, made a tuple at the end (compiled: a C array of the scan)
        if cython.compiled:
            q = self.ids
        else:
            if self.ids is None:
                self.ids = bytearray(144)
            q = self.ids
        k = 0
        p = self.p
        most = COPIES
        while True:
            # the usual name, "5p" with no space around it, read in place (else by tile())
            i = self.i
            t = -1
            if p[i] == _QUOTE and 0 <= p[i + 1] - 49 < 9:  # (a digit: not the NUL at the end)
                t = _name_id(p[i + 1] - 49, p[i + 2])
                if t >= 0 and p[i + 3] == _QUOTE:  # (a suit letter came before it)
                    self.i = i + 4
                else:
                    t = -1
            if t < 0:
                t = self.tile()
            copies[t] += 1
            if copies[t] > most or k >= 136:  # (137 tiles hold a fifth copy)
                raise _Unusual
            q[k] = t
            k += 1
            c = p[self.i]
            if c == _COMMA and p[self.i + 1] == 32:  # ", " (json.dumps' separator)
                self.i += 2
            elif not self.more(_CLOSE_LIST):
                break
        return _ids_tuple(q, k)

    def note(self) -> Any:
        """A full log's note: of an object, only the fields the replay reads (void_suits,
        flower_positions: see mahjong.game's check of full logs), each read by json's
        scanner; the other fields are passed over as json.loads would read them. (The
        note reaches nothing but the replay: the record does not keep it.) Any other value
        is read whole."""
        if self.space() != _OPEN:
            return self.value()
        self.i += 1
        out = {}
        if self.space() == _CLOSE:
            self.i += 1
            return out
        while True:
            self.string()  # (a key with an escape: left to json.loads)
            if self.word(b"void_suits") or self.word(b"flower_positions"):
                key = self.sub(self.a, self.b)
                self.expect(_COLON)
                out[key] = self.value()  # (a repeated key: the last, as json.loads has it)
            else:
                self.expect(_COLON)
                self.skip(1)
            if not self.more(_CLOSE):
                return out

    def sub(self, a: int, b: int) -> str:
        """The text of the bytes [a, b)."""
        if self.ascii:
            return self.text[a:b]
        return self.data[a:b].decode("utf-8")

    def value(self) -> Any:
        """Any JSON value, read by json's scanner (the same one json.loads uses)."""
        self.space()
        if not self.ascii:  # (json's scanner counts characters, not bytes)
            a = self.i
            self.skip(0)
            try:
                return _json_loads(self.sub(a, self.i))
            except (ValueError, RecursionError):
                raise _Unusual from None
        try:
            value, self.i = _JSON_SCAN(self.text, self.i)
        except (StopIteration, ValueError, RecursionError):
            raise _Unusual from None
        return value

    def skip(self, depth: int) -> None:
        """Pass over any JSON value that json.loads reads (anything else, or a value
        nested deeper than 100, raises _Unusual) without making it. (Compiled: record.pxd's
        mj_rd_skip, the same steps in one C function.)"""
        if cython.compiled:
            i = _skip_json(self.p, self.i, depth)
            if i < 0:
                raise _Unusual
            self.i = i
            return
        c = self.space()
        if c == _OPEN or c == _OPEN_LIST:
            if depth > 100:
                raise _Unusual
            close = _CLOSE if c == _OPEN else _CLOSE_LIST
            self.i += 1
            if self.space() == close:
                self.i += 1
                return
            while True:
                if c == _OPEN:
                    self.skip_string()
                    self.expect(_COLON)
                self.skip(depth + 1)
                if not self.more(close):
                    return
        if c == _QUOTE:
            self.skip_string()
            return
        if self.null():
            return
        p = self.p
        i = self.i
        if c == 116 and p[i + 1] == 114 and p[i + 2] == 117 and p[i + 3] == 101:  # true
            self.i = i + 4
            return
        if c == 102 and p[i + 1] == 97 and p[i + 2] == 108 and p[i + 3] == 115 \
                and p[i + 4] == 101:  # false
            self.i = i + 5
            return
        start = i  # a number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
        if c == 45:  # -
            i += 1
            c = p[i]
        if c == 48:
            i += 1
        elif 49 <= c <= 57:
            while 48 <= p[i] <= 57:
                i += 1
        else:
            raise _Unusual  # (NaN, Infinity and anything else: left to json.loads)
        if p[i] == 46:  # .
            i += 1
            if not 48 <= p[i] <= 57:
                raise _Unusual
            while 48 <= p[i] <= 57:
                i += 1
        if p[i] == 101 or p[i] == 69:  # e E
            i += 1
            if p[i] == 43 or p[i] == 45:
                i += 1
            if not 48 <= p[i] <= 57:
                raise _Unusual
            while 48 <= p[i] <= 57:
                i += 1
        if i - start > 100:
            raise _Unusual  # (json.loads may refuse an integer of many digits)
        self.i = i

    def skip_string(self) -> None:
        """Pass over a string as json.loads reads it (escapes checked)."""
        p = self.p
        if self.space() != _QUOTE:
            raise _Unusual
        i = self.i + 1
        c = p[i]
        while c != _QUOTE:
            if c < 32:  # a control character, or the NUL at the end
                raise _Unusual
            if c == 92:  # a backslash
                i += 1
                c = p[i]
                if c == 117:  # \uXXXX
                    for k in range(1, 5):
                        h = p[i + k]
                        if not (48 <= h <= 57 or 97 <= h <= 102 or 65 <= h <= 70):
                            raise _Unusual
                    i += 4
                elif not (c == 34 or c == 92 or c == 47 or c == 98 or c == 102 or c == 110
                          or c == 114 or c == 116):
                    raise _Unusual
            i += 1
            c = p[i]
        self.i = i + 1

    # -- melds, events, closing hands -------------------------------------------------
    def melds(self) -> Tuple[Meld, ...]:
        """null, or a list of at most 16 {"type": str, "tiles": str} objects."""
        if self.null():
            return ()
        self.expect(_OPEN_LIST)
        if self.space() == _CLOSE_LIST:
            self.i += 1
            return ()
        out = []
        while True:
            self.expect(_OPEN)
            kind = None
            shape = -2  # (-2: no tiles read yet)
            ta = tb = 0
            for k in range(2):
                self.string()
                if self.word(b"type") and kind is None:
                    self.expect(_COLON)
                    kind = self.meld_kind()
                elif self.word(b"tiles") and shape == -2:
                    self.expect(_COLON)
                    self.string()
                    ta = self.a
                    tb = self.b
                    if tb - ta > 16:
                        raise _Unusual
                    shape = self.meld_shape()
                else:
                    raise _Unusual
                if k == 0 and not self.more(_CLOSE):
                    raise _Unusual
            if self.more(_CLOSE):
                raise _Unusual
            code = _shape_code(kind, shape)
            if code >= 0:
                meld = self.table_meld(kind, code * 34 + shape % 64, ta, tb)
            else:
                meld = _meld(kind, self.sub(ta, tb))  # (a MahjongError: left to the dict reader)
            out.append(meld)
            if len(out) > 16:  # (more than a hand holds: the dict reader names it)
                raise _Unusual
            if not self.more(_CLOSE_LIST):
                melds = tuple(out)
                PyObject_GC_UnTrack(melds)  # (cached melds: see PyObject_GC_UnTrack)
                return melds

    def meld_shape(self) -> int:
        """The shape of the meld tiles just read, in the usual spelling: _SHAPE_* * 64 +
        the lowest tile ("111s": a triple of 1s; "345m": a run from 3m; "1111z": four
        east winds; "5z": one), or -1 for any other text."""
        p = self.p
        a = self.a
        n = self.b - a
        if n < 2 or n > 5:
            return -1
        d = p[a] - 49  # "1" -> 0
        if d < 0 or d > 8:
            return -1
        base = suit_base(p[a + n - 1], d)  # (-1 for 8z, 9z)
        if base < 0:
            return -1
        if n == 2:
            return _SHAPE_ONE * 64 + base + d
        if n == 4 and base != FIRST_HONOR and d <= 6 and p[a + 1] == p[a] + 1 and \
                p[a + 2] == p[a] + 2:
            return _SHAPE_RUN * 64 + base + d
        if n == 3:  # ("99s": no meld's usual spelling)
            return -1
        for k in range(1, n - 1):
            if p[a + k] != p[a]:
                return -1
        return (_SHAPE_THREE if n == 4 else _SHAPE_FOUR) * 64 + base + d

    def table_meld(self, kind: str, slot: int, ta: int, tb: int) -> Meld:
        """The meld at ``slot`` of _MELD_TABLE, made from its spelling (the text at
        [ta, tb)) on first use."""
        meld = _MELD_TABLE[slot]
        if meld is None:
            meld = _meld(kind, self.sub(ta, tb))
            _MELD_TABLE[slot] = meld
            _MELD_TILES[slot] = meld.tiles
        return meld

    def meld_kind(self) -> str:
        """A meld's "type" (the common ones as the module's own strings: no new str)."""
        self.string()
        if self.word(b"pung"):
            return "pung"
        if self.word(b"chow"):
            return "chow"
        if self.word(b"kong"):
            return "kong"
        return self.sub(self.a, self.b)

    def kong_kind(self) -> str:
        """A kong's "kind" (one of KONG_KINDS)."""
        self.string()
        for k in range(4):
            if self.word(_KONG_KIND_BYTES[k]):
                return KONG_KINDS[k]
        raise _Unusual

    def event_type(self) -> int:
        self.string()
        c = self.p[self.a]  # (the first letter picks the candidate)
        if c == 100:  # d
            if self.word(b"discard"):
                return _E_DISCARD
            if self.word(b"draw"):
                return _E_DRAW
        elif c == 112:  # p
            if self.word(b"pung"):
                return _E_PUNG
        elif c == 99:  # c
            if self.word(b"chow"):
                return _E_CHOW
        elif c == 107:  # k
            if self.word(b"kong"):
                return _E_KONG
        elif c == 119:  # w
            if self.word(b"win"):
                return _E_WIN
        elif c == 102:  # f
            if self.word(b"flip"):
                return _E_FLIP
        elif c == 114:  # r
            if self.word(b"ready"):
                return _E_READY
        elif c == 101:  # e
            if self.word(b"exhausted"):
                return _E_EXHAUSTED
        raise _Unusual

    def event_field(self) -> int:
        """The field bit of the key just read (raises for a key events do not have)."""
        c = self.p[self.a]  # (the first letter picks the candidates)
        if c == 116:  # t
            if self.word(b"type"):
                return _F_TYPE
            if self.word(b"tile"):
                return _F_TILE
            if self.word(b"tiles"):
                return _F_TILES
        elif c == 115:  # s
            if self.word(b"seat"):
                return _F_SEAT
        elif c == 102:  # f
            if self.word(b"from"):
                return _F_FROM
            if self.word(b"flowers"):
                return _F_FLOWERS
        elif c == 104:  # h
            if self.word(b"hand"):
                return _F_HAND
        elif c == 109:  # m
            if self.word(b"melds"):
                return _F_MELDS
        elif c == 119:  # w
            if self.word(b"win_tile"):
                return _F_WIN_TILE
        elif c == 107:  # k
            if self.word(b"kind"):
                return _F_KIND
        bit = _F_FLAG
        for name in _WIN_FLAG_BYTES:
            if self.word(name):
                return bit
            bit <<= 1
        raise _Unusual

    def record_field(self) -> int:
        """The field bit of the record's key just read (raises for unknown keys)."""
        if self.word(b"events"):
            return _R_EVENTS
        if self.word(b"final"):
            return _R_FINAL
        if self.word(b"rules"):
            return _R_RULES
        if self.word(b"dealer"):
            return _R_DEALER
        if self.word(b"seats"):
            return _R_SEATS
        if self.word(b"indicator"):
            return _R_INDICATOR
        if self.word(b"options"):
            return _R_OPTIONS
        if self.word(b"round_wind"):
            return _R_ROUND_WIND
        if self.word(b"flower_indicators"):
            return _R_FLOWER_INDICATORS
        if self.word(b"note"):
            return _R_NOTE
        if self.word(b"result"):
            return _R_RESULT
        if self.word(b"wall"):
            return _R_WALL
        if self.word(b"reserve"):
            return _R_RESERVE
        raise _Unusual

    def quick_run(self, seats: int, codes: bytearray) -> int:
        """The draws and discards spelled exactly as the engine writes them
        (``{"type": "draw", "seat": 0, "tile": "7s"}``) from here on, one after another
        (", " between them): each taken as the shared event _event_draw gives for its seat
        and tile, and packed into ``codes`` as log_codes packs it, while ``codes`` has
        room. Returns how many were read, and stops after the last one (before its
        separator); 0: none (event() reads what is here, the same event for the same
        text)."""
        self.space()
        p = self.p
        i = self.i
        cp = codes
        room = len(codes)
        got = 0
        while True:
            # the engine's spelling (json.dumps' separators), compared piece by piece:
            # '{"type": "d' 'raw", "seat": ' or 'iscard", "seat": ', a digit, ', "tile": "',
            # a tile name, '"}' (at most 44 bytes; no compare reads past its own bytes)
            if i + 44 > self.n or not _same_at(p, i, b'{"type": "d', 11):
                break
            if _same_at(p, i + 11, b'raw", "seat": ', 14):
                k = i + 25
                code = _E_DRAW
            elif _same_at(p, i + 11, b'iscard", "seat": ', 17):
                k = i + 28
                code = _E_DISCARD
            else:
                break
            seat = p[k] - 48
            if not 0 <= seat < seats or not _same_at(p, k + 1, b', "tile": "', 11):
                break  # (event() hands it to _event_draw, which names the problem)
            k += 12
            tile = _name_id(p[k] - 49, p[k + 1])  # "1" -> 0
            if tile < 0 or p[k + 2] != _QUOTE or p[k + 3] != _CLOSE:
                break
            j = 5 * self.n_events()
            if j + 5 > room:
                break
            cp[j] = code
            cp[j + 1] = seat
            cp[j + 2] = tile
            cp[j + 3] = 0
            cp[j + 4] = 255
            if cython.compiled:
                _events_push_ref(cython.address(self.events),
                                 _shared_event(code == _E_DRAW, seat, tile))
            else:
                self.push((_DRAWS if code == _E_DRAW else _DISCARDS)[seat][tile])
            got += 1
            i = k + 4
            self.i = i
            if p[i] != _COMMA or p[i + 1] != 32:  # (", " before the next one)
                break
            i += 2
        return got

    def quick_meld_event(self, index: int, seats: int):
        """After quick_event (at the same place): a chow, pung or kong spelled exactly as
        the engine writes them (``{"type": "pung", "seat": 2, "tiles": "999m", "from": 0}``,
        ``{"type": "kong", "seat": 1, "kind": "exposed", "tile": "7s", "from": 2}``,
        "from" only for an exposed kong, a claim's tiles in the usual spelling), read into
        the same _event_claim or _event_kong call event() makes of it; or None (nothing
        read: event() reads it)."""
        i = self.i
        p = self.p
        # (the longest event read here has 72 bytes; no compare reads past its own bytes)
        if i + 80 > self.n or not _same_at(p, i, b'{"type": "', 10):
            return None
        i += 10
        if _same_at(p, i, b'pung", "seat": ', 15):
            kind = _E_PUNG
        elif _same_at(p, i, b'chow", "seat": ', 15):
            kind = _E_CHOW
        elif _same_at(p, i, b'kong", "seat": ', 15):
            kind = _E_KONG
        else:
            return None
        i += 15
        seat = p[i] - 48
        if not 0 <= seat <= 9:
            return None
        i += 1
        if kind == _E_KONG:
            if not _same_at(p, i, b', "kind": "', 11):
                return None
            i += 11
            k = 0
            while k < 4:  # (the four of KONG_KINDS, each closed by its quote)
                w = _KONG_KIND_BYTES[k]
                n = len(w)
                if _same_at(p, i, w, n) and p[i + n] == _QUOTE:
                    i += n
                    break
                k += 1
            else:
                return None
            if not _same_at(p, i, b'", "tile": "', 12):
                return None
            i += 12
            tile = _name_id(p[i] - 49, p[i + 1])  # "1" -> 0
            if tile < 0 or p[i + 2] != _QUOTE:
                return None
            i += 3
            src = None
            if p[i] == 44:  # , "from": F}
                if not _same_at(p, i, b', "from": ', 10):
                    return None
                src = p[i + 10] - 48
                if not 0 <= src <= 9:
                    return None
                i += 11
            if p[i] != _CLOSE:
                return None
            self.i = i + 1
            return _event_kong(index, seat, _KONG_KINDS[k], tile, src, seats)
        if not _same_at(p, i, b', "tiles": "', 12):
            return None
        i += 12
        self.a = i
        while p[i] != _QUOTE:  # (at most 16 bytes, no control character or NUL)
            if p[i] < 32 or p[i] == 92 or i - self.a >= 16:
                return None
            i += 1
        self.b = i
        name = "chow" if kind == _E_CHOW else "pung"
        shape = self.meld_shape()
        code = _shape_code(name, shape)
        if code < 0 or not _same_at(p, i, b'", "from": ', 11):
            return None
        src = p[i + 11] - 48
        if not 0 <= src <= 9 or p[i + 12] != _CLOSE:
            return None
        slot = code * 34 + shape % 64
        read_tiles = _MELD_TILES[slot]
        if read_tiles is None:  # (first use: the table's meld made)
            read_tiles = self.table_meld(name, slot, self.a, self.b).tiles
        self.i = i + 13
        return _event_claim(index, name, seat, None, src, seats, read_tiles)

    def event(self, index: int, seats: int) -> Event:
        """Event ``index``: its fields taken out of the text and handed to its kind's
        reader (_event_*), which checks them. Anything but an object of an event's fields
        in the usual spelling raises _Unusual (the mapping form then reads it)."""
        self.expect(_OPEN)
        seen = 0
        flags = 0
        kind = 0
        seat = src = kong_kind = flowers = None  # (a null, or no such field)
        tile = hand = win = _MISSING
        melds = ()
        ta = tb = 0
        shape = -2  # (the shape of the claim's tiles: -2 while not read)
        while True:
            self.string()
            field = self.event_field()
            if seen & field:
                raise _Unusual  # a repeated key
            seen |= field
            self.expect(_COLON)
            if field == _F_TYPE:
                kind = self.event_type()
            elif field == _F_SEAT:
                seat = self.integer()
            elif field == _F_TILE:
                tile = self.tile()
            elif field == _F_TILES:
                self.string()
                ta = self.a
                tb = self.b
                shape = self.meld_shape() if tb - ta <= 16 else -1
            elif field == _F_FROM:
                if not self.null():
                    src = self.integer()
            elif field == _F_HAND:
                hand = self.str_value()
            elif field == _F_MELDS:
                melds = self.melds()
            elif field == _F_WIN_TILE:
                win = self.tile()
            elif field == _F_KIND:
                kong_kind = self.kong_kind()
            elif field == _F_FLOWERS:
                if not self.null():
                    flowers = self.integer()
            elif self.boolean():
                flags |= field
            if not self.more(_CLOSE):
                break
        allowed = _EVENT_FIELDS[kind]
        if seen | allowed != allowed:
            raise _Unusual  # (another kind's field, or no type: the mapping form names it)
        if kind == _E_DRAW or kind == _E_DISCARD:
            return _event_draw(index, kind == _E_DRAW, seat, tile, seats)
        if kind == _E_WIN:
            if seen | _F_PLAIN_WIN == _F_PLAIN_WIN:
                e = _event_win(index, seat, hand, None, melds, win, src, None, 0, seats)
            else:
                f = flags // _F_FLAG
                e = _event_win(index, seat, hand, None, melds, win, src,
                               (f & 1 != 0, f & 2 != 0, f & 4 != 0, f & 8 != 0, f & 16 != 0,
                                f & 32 != 0, f & 64 != 0, f & 128 != 0), flowers, seats)
            # (its hand a tuple of ints, its melds the cached ones, untracked: see
            # PyObject_GC_UnTrack; the rest ints and bools: never part of a cycle)
            PyObject_GC_UnTrack(e)
            return e
        if kind == _E_CHOW or kind == _E_PUNG:
            # the tiles in the usual spelling: the meld's tiles from _MELD_TILES (no str)
            name = "chow" if kind == _E_CHOW else "pung"
            code = _shape_code(name, shape)
            if code >= 0:
                read_tiles = _MELD_TILES[code * 34 + shape % 64]
                if read_tiles is None:  # (first use: the table's meld made)
                    read_tiles = self.table_meld(name, code * 34 + shape % 64, ta, tb).tiles
                return _event_claim(index, name, seat, None, src, seats, read_tiles)
            return _event_claim(index, name, seat,
                                _MISSING if shape == -2 else self.sub(ta, tb), src, seats)
        if kind == _E_KONG:
            return _event_kong(index, seat, kong_kind, tile, src, seats)
        if kind == _E_READY:
            return _event_ready(index, seat, seats)
        if kind == _E_FLIP:
            return _event_flip(index, tile)
        return _event_exhausted(index, None)  # (rule-set data: left to the mapping form)

    def final(self, seats: int, final: dict) -> None:
        """The closing hands: null or {"0": {"hand": str, "melds": [...]}, ...}."""
        if self.null():
            return
        self.expect(_OPEN)
        if self.space() == _CLOSE:
            self.i += 1
            return
        got = 0  # the bits of the seats read (a seat given twice is left to the dict reader)
        while True:
            self.string()
            seat = self.p[self.a] - 48
            if self.b - self.a != 1 or not 0 <= seat < seats or (got >> seat) & 1:
                raise _Unusual
            got |= 1 << seat
            self.expect(_COLON)
            self.expect(_OPEN)
            hand = None
            melds = None
            while True:
                self.string()
                if self.word(b"hand") and hand is None:
                    self.expect(_COLON)
                    text = self.str_value()
                    # (the usual closing hand is plain tenhou text: _read_final's usual
                    # form; any other is left to it, which reads its melds otherwise)
                    hand = _text_ids(text) if len(text) <= MAX_TEXT else None
                    if hand is None:
                        raise _Unusual
                elif self.word(b"melds") and melds is None:
                    self.expect(_COLON)
                    melds = self.melds()
                else:
                    raise _Unusual
                if not self.more(_CLOSE):
                    break
            if hand is None:
                raise _Unusual
            fh = _new_final(hand, () if melds is None else melds)
            PyObject_GC_UnTrack(fh)  # (a tuple of ints and the cached melds, as a win's)
            final[seat] = fh
            if not self.more(_CLOSE):
                return

    # -- the record -------------------------------------------------------------------
    def record(self, cls):
        """The record (not yet checked: _check_record) and its closing hands as a dict."""
        rules = None
        options = _EMPTY
        seats = -1      # not given (yet): the rule set's own
        seats_used = 0  # the seats the events and closing hands were read for
        dealer = round_wind = 0
        indicator = None
        flower_indicators = ()
        events = None
        final = {}
        note = None
        wall = reserve = None
        # the wall's and the reserve's copies of each tile (compiled: a C array of the scan)
        if cython.compiled:
            memset(self.copies, 0, 34)
            copies = self.copies
        else:
            copies = bytearray(34)
        seen = 0  # the bits of the fields read
        self.expect(_OPEN)
        while True:
            self.string()
            key = self.record_field()
            if seen & key:
                raise _Unusual  # a repeated key
            seen |= key
            self.expect(_COLON)
            if key == _R_EVENTS:
                if seats < 0:
                    seats_used = SEATS_OF_RULES.get(rules, 4) if rules is not None else 4
                else:
                    seats_used = seats
                codes = bytearray(1280)  # the events packed as log_codes packs them
                wins = bytearray()
                self.expect(_OPEN_LIST)
                if self.space() == _CLOSE_LIST:
                    self.i += 1
                else:
                    while True:
                        j = 5 * self.n_events()
                        if j + 5 > len(codes):
                            if j >= 5 * MAX_EVENTS:
                                raise _Unusual
                            codes += bytes(len(codes))
                        if self.quick_run(seats_used, codes) == 0:  # (draws, discards)
                            e = self.quick_meld_event(self.n_events(), seats_used)
                            if e is None:
                                e = self.event(self.n_events(), seats_used)
                            _pack_event(e, codes, j, wins)
                            self.push(e)
                        if not self.more(_CLOSE_LIST):
                            break
                if self.n_events() > MAX_EVENTS:
                    raise _Unusual
                self.codes = _bytes_head(codes, 5 * self.n_events())
                events = self.events_read()
                self.wins = bytes(wins)
            elif key == _R_FINAL:
                if seats < 0:
                    seats_used = SEATS_OF_RULES.get(rules, 4) if rules is not None else 4
                else:
                    seats_used = seats
                self.final(seats_used, final)
            elif key == _R_RULES:
                rules = self.str_value()
                if not rules:
                    raise _Unusual
            elif key == _R_DEALER:
                dealer = self.integer()
            elif key == _R_SEATS:
                seats = -1 if self.null() else self.integer()
                if seats >= 0 and not 2 <= seats <= MAX_SEATS:
                    raise _Unusual
            elif key == _R_ROUND_WIND:
                round_wind = 0 if self.null() else self.integer()
                if round_wind > 3:
                    raise _Unusual
            elif key == _R_INDICATOR:
                if not self.null():
                    indicator = self.tile()
            elif key == _R_OPTIONS:
                if self.space() == _OPEN and self.p[self.i + 1] == _CLOSE:
                    self.i += 2  # {} (the engine's usual options)
                    value = None
                else:
                    value = self.value()
                if value is None:
                    options = _EMPTY
                elif type(value) is not dict:
                    raise _Unusual
                else:
                    options = _freeze_options(value) if value else _EMPTY
            elif key == _R_NOTE:
                note = self.note()  # (kept for the replay of a full game log)
            elif key == _R_RESULT:
                self.skip(0)  # (not kept)
            elif key == _R_FLOWER_INDICATORS:  # as the dict reader reads it (sorted)
                if self.space() == _QUOTE:  # tile text
                    value = self.str_value()
                    flower_indicators = tuple(_tiles(value, "record", "flower_indicators")) \
                        if value else ()
                else:  # null, or a list of tile names
                    value = self.tile_list(bytearray(34))
                    flower_indicators = tuple(sorted(value)) if value else ()
            elif key == _R_WALL:
                wall = self.tile_list(copies)
            else:  # the reserve
                reserve = self.tile_list(copies)
            if not self.more(_CLOSE):
                break
        if self.space() != 0 or self.i != self.n:
            raise _Unusual  # more than the object (or a NUL in the text)
        if rules is None or events is None:
            raise _Unusual
        if seats < 0:
            seats = SEATS_OF_RULES.get(rules, 4)
        if dealer >= seats or (seats_used and seats_used != seats):
            raise _Unusual
        return _new_record(cls, rules, dealer, events, final, options, seats, round_wind,
                           indicator, flower_indicators, wall, reserve), final, note


_WIN_FLAG_BYTES = tuple(name.encode() for name in WIN_FLAGS)
_KONG_KIND_BYTES = tuple(name.encode() for name in KONG_KINDS)


def _read_text(cls, text: str, packed: Optional[list] = None):
    """The record of JSON text and its closing hands, read by the text reader, or None
    when the text is anything it leaves to json.loads and the dict reader. ``packed``, a
    list, gets the events packed as :func:`log_codes` packs them (its first two parts)."""
    try:
        scan = _Scan.__new__(_Scan)
        scan.start(text)
        read = scan.record(cls)
    except (_Unusual, MahjongError, UnicodeError):
        return None
    if packed is not None:
        packed += (scan.codes, scan.wins)
    return read


def _new_record(cls, rules: str, dealer: int, events: tuple, final: dict, options: Mapping,
                seats: int, round_wind: int, indicator: Optional[int],
                flower_indicators: Tuple[int, ...], wall: Optional[Tuple[int, ...]],
                reserve: Optional[Tuple[int, ...]]) -> "HandRecord":
    rec = _object_new(cls)
    fields = rec.__dict__  # (HandRecord refuses setattr: the fields go in directly)
    fields["rules"] = rules
    fields["dealer"] = dealer
    fields["events"] = events
    fields["final"] = FrozenDict(final)
    fields["options"] = options
    fields["seats"] = seats
    fields["round_wind"] = round_wind
    fields["indicator"] = indicator
    fields["flower_indicators"] = flower_indicators
    fields["wall"] = wall
    fields["reserve"] = reserve
    return rec


_object_new = object.__new__


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
    def from_json(cls, data: Union[str, bytes, Mapping[str, Any]],
                  replay: bool = True) -> "HandRecord":
        """Read and validate a record from JSON text (str or UTF-8 bytes) or a decoded
        mapping. A full game log (a ``wall`` or ``draw`` events) is played again on the
        engine's table and refused at its first impossible event; ``replay=False`` skips
        that (for a log the engine has just played itself)."""
        return _read_record(cls, data, replay)

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
        if self.seats != 4 or self.seats != SEATS_OF_RULES.get(self.rules, 4):
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


def _read_record(cls, given: Any, replay: bool = True) -> HandRecord:
    """:meth:`HandRecord.from_json` (a module function so that the compiled build types
    its locals: record.pxd)."""
    if _COMPILED and (type(given) is str or isinstance(given, (bytes, bytearray))):
        # JSON text: the text reader first (the usual record), else json.loads and the
        # dict reader below (compiled only: uncompiled, json.loads is the faster way)
        text = given if type(given) is str else _decode_bytes(given)
        packed = []
        read = _read_text(cls, text, packed)
        if read is not None:
            rec, final, note = read
            _checked(rec, rec.events, rec.seats, final, rec.wall is not None, note, replay,
                     packed)
            return rec
        given = text
    decoded = _decode(given)
    if type(decoded) is not dict:
        if not isinstance(decoded, Mapping):
            raise InvalidRecordError(f"record: expected an object, got "
                                     f"{type(decoded).__name__}")
        decoded = dict(decoded)
    data = decoded
    if _known_keys(data, _RECORD_KEYS) != len(data):
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
    if type(value) is not int or not 2 <= value <= MAX_SEATS:
        value = SEATS_OF_RULES.get(rules, 4) if value is None else \
            _int_field(value, "record", "seats", 2, MAX_SEATS)
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
    wall = data.get("wall")
    if wall is not None:
        wall = _tile_list(wall, "wall")
    reserve = data.get("reserve")
    if reserve is not None:
        reserve = _tile_list(reserve, "reserve")
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
    rec = _new_record(cls, rules, dealer, events, final, options, seats, round_wind,
                      indicator, tuple(flower_indicators), wall, reserve)
    _checked(rec, events, seats, final, wall is not None, data.get("note"), replay,
             _pack_events(events, False))
    return rec


def _checked(rec: HandRecord, events: tuple, seats: int, final: dict, has_wall: bool,
             note: Any, replay: bool, packed: list) -> None:
    """The reader's checks, then a full game log's replay (``packed``: the events as the
    first two parts of :func:`log_codes`, the second None until the replay needs it: the
    mapping reader's). A full log the checks refuse at an event is
    replayed all the same, and refused at the first impossible event of the two (a discard
    changed is refused at the discard, not at the claim of it further on)."""
    try:
        full_log = _check_record(rec, events, seats, final, has_wall, packed[0])
    except InvalidRecordError as exc:
        if replay and (has_wall or any(type(e) is DrawEvent for e in events)):
            _earlier_replay_error(rec, note, str(exc), packed)
        raise
    if full_log and replay:
        _replay_full_log(rec, note, packed)


_EVENT_INDEX = re.compile(r"(?:record: )?event (\d+) ")


def _earlier_replay_error(rec: HandRecord, note: Any, message: str, packed: list) -> None:
    """Raise the replay's error of a full log the reader refused with ``message`` when it
    names an event, and the message names none or a later one."""
    at = _EVENT_INDEX.match(message)
    try:
        _replay_full_log(rec, note, packed)
    except InvalidRecordError as exc:
        first = _EVENT_INDEX.match(str(exc))
        if first is not None and (at is None or int(first.group(1)) < int(at.group(1))):
            raise exc from None
    except Exception:  # (a record the reader refuses may be beyond the replay: its own
        return         # message stands)


# ------------------------------------------------------- full game logs: the replay
#
# A full game log (a wall or draw events) is a record of play: it is played again on the
# engine's table (mahjong.game registers the check; the reader imports the engine only
# when it meets such a log), and the first event that the play does not give is refused.

_full_log_check: List[Any] = []


def register_full_log_check(check) -> None:
    """Set the check of full game logs: ``check(record, note, packed)`` raises
    :class:`InvalidRecordError` naming the first impossible event (``note``: the log's
    ``note`` field, which the record does not keep; of an object, the text reader keeps only
    the fields the check reads: ``void_suits``, ``flower_positions``; ``packed``: the events
    as the first two parts of :func:`log_codes`, as the readers packed them, or None).
    The game engine registers it."""
    _full_log_check[:] = [check]


def _replay_full_log(rec: HandRecord, note: Any, packed: Optional[list] = None) -> None:
    if packed is not None and packed[1] is None:    # (the mapping reader's: see _checked)
        packed[1] = _win_codes(rec.events)
    if not _full_log_check:
        import importlib
        importlib.import_module("mahjong.game")  # registers the check
    _full_log_check[0](rec, note, packed or None)


def log_codes(events: tuple, final: Mapping, seats: int) -> Tuple[bytes, bytes, bytes]:
    """The events of a full game log as the table's replay reads them: 5 bytes per event
    (its code: the index of its type in EVENT_TYPES plus 1; seat; tile; aux: a kong's kind
    as the index in KONG_KINDS, a win's flags as bits in the order of WIN_FLAGS; from; 255
    where the event has no such field); per win event in order, its 34 concealed counts and
    its flowers; per seat, the 34 counts of its closing hand in ``final`` and 1 (0 when
    ``final`` does not give it). (The text reader packs the first two as it reads the
    events: _pack_event.)"""
    codes, wins = _pack_events(events, True)
    return codes, wins, final_codes(final, seats)


def _pack_events(events: tuple, with_wins: bool) -> list:
    """The first two parts of :func:`log_codes` (as a list: the readers' ``packed``); the
    second None unless ``with_wins`` (the wins' part is read by a full log's replay only)."""
    n = len(events)
    out = bytearray(5 * n)
    wins = bytearray() if with_wins else None
    for i in range(n):
        _pack_event(events[i], out, 5 * i, wins)
    return [bytes(out), bytes(wins) if with_wins else None]


def _win_codes(events: tuple) -> bytes:
    """The second part of :func:`log_codes`."""
    wins = bytearray()
    for e in events:
        if type(e) is WinEvent:
            _pack_win(e, wins)
    return bytes(wins)


def final_codes(final: Mapping, seats: int) -> bytes:
    """The closing hands' part of :func:`log_codes`."""
    finals = bytearray(35 * seats)
    cp = finals     # (compiled: its bytes, written from C)
    fd = None   # the readers' dict or FrozenDict (no get of its own), read from C
    if type(final) is dict or type(final) is FrozenDict:
        fd = cython.cast(dict, final)
    for seat in range(seats):
        fh = fd.get(seat) if fd is not None else final.get(seat)
        if fh is not None:
            for x in fh.hand:
                cp[35 * seat + x] += 1
            cp[35 * seat + 34] = 1
    return bytes(finals)


def _pack_event(e: Event, out, j: int, wins: Optional[bytearray]) -> int:
    """Write the 5 bytes of event ``e`` at out[j] (and a win's counts to ``wins``, unless
    None): one event of :func:`log_codes`."""
    t = type(e)
    code = _E_EXHAUSTED
    seat = tile = frm = 255
    aux = 0
    if t is DrawEvent:
        dr = e
        code, seat, tile = _E_DRAW, dr.seat, dr.tile
    elif t is DiscardEvent:
        de = e
        code, seat, tile = _E_DISCARD, de.seat, de.tile
    elif t is ClaimEvent:
        ce = e
        code = _E_CHOW if ce.type == "chow" else _E_PUNG
        seat, tile, frm = ce.seat, ce.tiles[0], ce.from_seat
    elif t is KongEvent:
        k = e
        code, seat, tile, aux = _E_KONG, k.seat, k.tile, _kong_kind_index(k.kind)
        if aux < 0:  # (a kong made by hand with another kind: index() names it)
            aux = KONG_KINDS.index(k.kind)
        if k.from_seat is not None:
            frm = k.from_seat
    elif t is ReadyEvent or t is PenaltyEvent:
        se = e
        code, seat = _E_READY if t is ReadyEvent else _E_PENALTY, se.seat
    elif t is FlipEvent:
        code, tile = _E_FLIP, e.tile
    elif t is WinEvent:
        w = e
        code, seat, tile = _E_WIN, w.seat, w.win_tile
        aux = (w.replacement | w.after_kong << 1 | w.robbing_kong << 2 | w.last_tile << 3 |
               w.heavenly << 4 | w.earthly << 5 | w.first_round << 6 | w.fourth_tile << 7)
        if w.from_seat is not None:
            frm = w.from_seat
        if wins is not None:
            _pack_win(w, wins)
    out[j] = code
    out[j + 1] = seat
    out[j + 2] = tile
    out[j + 3] = aux
    out[j + 4] = frm
    return 0


def _pack_win(w: WinEvent, wins: bytearray) -> None:
    """Append a win's part of the second part of :func:`log_codes` to ``wins``: its 34
    concealed counts and its flowers."""
    counts = bytearray(35)
    for x in w.hand:
        counts[x] += 1
    counts[34] = w.flowers if w.flowers < 255 else 255
    wins += counts


# ------------------------------------------------------- rule-independent checks
#
# Module functions (not methods) so that the compiled build types their locals
# (record.pxd).

def _meld_code(kind: str) -> int:
    """The code of a meld kind (Meld's kinds: one of MELD_KINDS)."""
    if kind == "pung":
        return _MC_PUNG
    if kind == "chow":
        return _MC_CHOW
    if kind == "kong":
        return _MC_KONG
    if kind == "concealed_kong":
        return _MC_CONCEALED
    return _MC_SINGLE


# The win flags as log_codes packs them in a win's aux byte (WIN_FLAGS[i] is the bit 1 << i:
# the table's WIN_* bit shifted right once)
_P_REPLACEMENT = _types.WIN_REPLACEMENT >> 1
_P_AFTER_KONG = _types.WIN_AFTER_KONG >> 1
_P_ROBBING_KONG = _types.WIN_ROBBING_KONG >> 1
_P_LAST_TILE = _types.WIN_LAST_TILE >> 1
_P_HEAVENLY = _types.WIN_HEAVENLY >> 1
_P_EARTHLY = _types.WIN_EARTHLY >> 1
_P_FIRST_ROUND = _types.WIN_FIRST_ROUND >> 1
_P_CONTEXT = _P_REPLACEMENT | _P_AFTER_KONG | _P_ROBBING_KONG | _P_HEAVENLY | _P_EARTHLY | \
    _P_FIRST_ROUND     # the flags checked against the events before the win


# Why _walk_codes stops (its result is minus one of these): the check that fails at the
# event it names (_walk_error words it), or _W_FINAL_PUNGS: a robbing-the-kong win needs
# the closing hands' pungs, not given yet
_W_FINAL_PUNGS = 1
_W_WALL_EMPTY = 2       # an event after a last-tile self-drawn win
_W_SECOND_WIN = 3
_W_WIN_FROM_WINNER = 4
_W_WIN_NOT_JUST_MADE = 5
_W_HEAVENLY_SEAT = 6
_W_HEAVENLY_FIRST = 7
_W_EARTHLY_SEAT = 8
_W_EARTHLY_BEFORE = 9
_W_FIRST_ROUND_BEFORE = 10
_W_REPLACEMENT = 11
_W_AFTER_KONG = 12
_W_ROBBING_KONG = 13
_W_AFTER_END = 14       # an event after the exhausted wall or a penalty
_W_WINNER_ACTS = 15
_W_CLAIM_FROM_WINNER = 16
_W_CLAIM_NOT_JUST_MADE = 17
_W_KONG_AGAIN = 18
_W_ADDED_NO_PUNG = 19
_W_FIFTH_KONG = 20


def _walk_codes(cp, n: int, dealer: int, has_wall: bool, final_pungs, pungs, chows, added,
                kong_at, n_kongs, n_claims, has, won_at, win_order, loose_n, shared_n,
                at) -> int:
    """_check_record's pass over the events, made over the events packed as log_codes
    packs them (``cp``: 5 bytes an event, ``n`` events): it sets and fills _check_record's
    arrays (``won_at``: per seat the index of its win, -1: none; ``win_order``: the winners
    in the order of their wins; ``loose_n``, ``shared_n``: per tile, the discards nobody
    took and the discards several winners took, counted). Returns full_log |
    lists_claims << 1 | (the number of wins) << 2, or minus a _W_* code when a check fails:
    then ``at[0]`` is the index of the event it fails at (``at[1]``, for _W_WALL_EMPTY, the
    last-tile win's) and the arrays hold the counts up to there, for _walk_error to word
    the message. ``final_pungs``: [0] the seats (a bit each) with a closing hand and [1 +
    seat] the tiles (a bit each) of its closing hand's pungs, or [0] = -1 when not known yet:
    then a robbing-the-kong win stops the pass with -_W_FINAL_PUNGS (the caller fills them
    and runs it again).

    The checks and their order: an event after a last-tile self-drawn win (only the
    exhausted wall and flips may follow it); a win: a second win by the seat, a win from a
    seat that won, a win on a discard not just made (full logs), its flags against the
    events before it (heavenly, earthly, first_round, replacement, after_kong,
    robbing_kong); an event after the exhausted wall or a penalty; a winner who acts; a
    claim or exposed kong: from a seat that won, of a discard not just made (full logs); a
    kong: the seat's second kong of a tile (not single), an added kong with no pung before
    (where the record lists claims), a fifth kong that is a set. They read the packed
    fields: an event's seat, tile (a claim's lowest tile: a chow's tiles are a run from it,
    a pung's three copies of it, so the discard is among them iff it is in tile..tile+2 for
    a chow, is tile for a pung), its kong kind (the index in KONG_KINDS), its win flags
    (_P_*) and its 'from' (255: None, a seat is < 255). The discard open for a claim is the
    index of its event (-1: None); ``prev`` the index of the previous event (a ready
    leaves it)."""
    set_kongs = cython.declare(cython.int[4])   # per seat: its kongs that are sets
    for j in range(136):
        pungs[j] = 0
        chows[j] = 0
        added[j] = 0
        kong_at[j] = -1
    for j in range(34):
        loose_n[j] = 0
        shared_n[j] = 0
    for j in range(4):
        set_kongs[j] = 0
        n_kongs[j] = 0
        n_claims[j] = 0
        has[j] = 0
        won_at[j] = -1
    # A full game log (the engine's: it has the wall or lists the draws) lists every
    # discard and claim, so each claim and discard win takes the discard just made and a
    # discard nobody took is out of play. A hand-written record lists what matters to its
    # rule set only, and these checks would not hold.
    full_log = has_wall
    lists_claims = False
    for i in range(n):
        code = cp[5 * i]
        if code == _E_DRAW:
            full_log = True
        elif code == _E_CHOW or code == _E_PUNG:
            lists_claims = True
        if full_log and lists_claims:
            break
    n_won = 0
    kongs_so_far = 0
    ld = -1           # the discard open for a claim (full logs)
    prev = -1
    empty_at = -1     # a last-tile self-drawn win: the wall is empty after it
    for i in range(n):
        j = 5 * i
        code = cp[j]
        seat = cp[j + 1]
        tile = cp[j + 2]
        aux = cp[j + 3]
        frm = cp[j + 4]
        at[0] = i
        if empty_at >= 0 and code != _E_EXHAUSTED and code != _E_FLIP:
            at[1] = empty_at
            return -_W_WALL_EMPTY
        if code == _E_WIN:
            if won_at[seat] >= 0:
                return -_W_SECOND_WIN
            if frm != 255:
                if won_at[frm] >= 0:
                    return -_W_WIN_FROM_WINNER
                if prev >= 0 and cp[5 * prev] == _E_WIN and cp[5 * prev + 4] == frm and \
                        cp[5 * prev + 2] == tile:
                    shared_n[tile] += 1
                elif full_log and not aux & _P_ROBBING_KONG and (
                        ld < 0 or cp[5 * ld + 1] != frm or cp[5 * ld + 2] != tile):
                    return -_W_WIN_NOT_JUST_MADE
            if aux & _P_CONTEXT:
                if aux & _P_HEAVENLY:
                    if seat != dealer:
                        return -_W_HEAVENLY_SEAT
                    for k in range(i):
                        if cp[5 * k] != _E_DRAW:
                            return -_W_HEAVENLY_FIRST
                if aux & _P_EARTHLY:
                    if seat == dealer:
                        return -_W_EARTHLY_SEAT
                    if kongs_so_far > 0 or n_won:
                        return -_W_EARTHLY_BEFORE
                if aux & _P_FIRST_ROUND and (kongs_so_far > 0 or n_won):
                    return -_W_FIRST_ROUND_BEFORE
                if aux & _P_REPLACEMENT:
                    k = i - 1   # (the replacement draw itself may be listed)
                    while k >= 0 and cp[5 * k] == _E_DRAW and cp[5 * k + 1] == seat:
                        k -= 1
                    if k < 0 or cp[5 * k] != _E_KONG or cp[5 * k + 1] != seat:
                        return -_W_REPLACEMENT
                if aux & _P_AFTER_KONG:
                    k = i - 1   # (other winners on the discard; the discard, the draw)
                    while k >= 0 and (
                            (cp[5 * k] == _E_WIN and cp[5 * k + 4] == frm and
                             cp[5 * k + 2] == tile) or
                            ((cp[5 * k] == _E_DRAW or cp[5 * k] == _E_DISCARD or
                              cp[5 * k] == _E_READY) and cp[5 * k + 1] == frm)):
                        k -= 1
                    if k < 0 or cp[5 * k] != _E_KONG or cp[5 * k + 1] != frm:
                        return -_W_AFTER_KONG
                if aux & _P_ROBBING_KONG and frm != 255:
                    # the robbed seat, if it never wins and has a closing hand, shows the
                    # pung the kong would have completed
                    if final_pungs[0] < 0:
                        return -_W_FINAL_PUNGS
                    if final_pungs[0] >> frm & 1 and not final_pungs[1 + frm] >> tile & 1:
                        for k in range(n):
                            if cp[5 * k] == _E_WIN and cp[5 * k + 1] == frm:
                                break
                        else:
                            return -_W_ROBBING_KONG
            if aux & _P_LAST_TILE and frm == 255:
                empty_at = i
            if frm != 255 and not aux & _P_ROBBING_KONG:
                ld = -1
            won_at[seat] = i
            win_order[n_won] = seat
            n_won += 1
            has[seat] = 1
            prev = i
            continue
        if code == _E_EXHAUSTED or code == _E_PENALTY:
            if i != n - 1:
                return -_W_AFTER_END
            prev = i
            continue
        if code == _E_FLIP:
            prev = i
            continue
        if has[seat]:
            return -_W_WINNER_ACTS
        if code == _E_READY:
            continue    # a ready declared with a discard leaves it open to claims
        if code == _E_CHOW or code == _E_PUNG or (code == _E_KONG and aux == _K_EXPOSED):
            if frm != 255 and won_at[frm] >= 0:
                return -_W_CLAIM_FROM_WINNER
            if full_log:
                if ld < 0 or cp[5 * ld + 1] != frm:
                    return -_W_CLAIM_NOT_JUST_MADE
                x = cp[5 * ld + 2]
                if x < tile or x > (tile + 2 if code == _E_CHOW else tile):
                    return -_W_CLAIM_NOT_JUST_MADE
            ld = -1
        elif full_log and ld >= 0:
            loose_n[cp[5 * ld + 2]] += 1        # nobody took it
            ld = -1
        if code == _E_KONG:
            cell = seat * 34 + tile
            if aux != _K_SINGLE and kong_at[cell] >= 0:     # (a single kong repeats freely)
                return -_W_KONG_AGAIN
            if aux == _K_ADDED and lists_claims and pungs[cell] == 0:
                return -_W_ADDED_NO_PUNG
            n_kongs[seat] += 1
            kongs_so_far += 1
            if aux == _K_ADDED:
                added[cell] += 1
            if aux != _K_SINGLE:
                kong_at[cell] = i
                set_kongs[seat] += 1
                if set_kongs[seat] > 4:
                    return -_W_FIFTH_KONG
        elif code == _E_DISCARD:
            ld = i
        elif code == _E_CHOW or code == _E_PUNG:
            n_claims[seat] += 1
            if code == _E_PUNG:
                pungs[seat * 34 + tile] += 1
            else:
                chows[seat * 34 + tile] += 1
        prev = i
    if full_log and ld >= 0:
        loose_n[cp[5 * ld + 2]] += 1
    return full_log | lists_claims << 1 | n_won << 2


def _final_pungs(final: dict, out) -> None:
    """Fill _walk_codes' ``final_pungs`` from the closing hands."""
    out[0] = 0
    for seat in range(4):
        out[1 + seat] = 0
    for seat, fh in final.items():
        out[0] |= 1 << seat
        for m in fh.melds:
            if m.kind == "pung":
                out[1 + seat] |= cython.cast(cython.longlong, 1) << m.tiles[0]


# _walk_error's message of each check (str.format fields: see there)
_WALK_MESSAGES = {
    _W_WALL_EMPTY: "the wall was empty after the last-tile (海底) win at event {empty_at}",
    _W_SECOND_WIN: "a second win by seat {seat} (it won at event {won})",
    _W_WIN_FROM_WINNER: "seat {frm} (from) already won at event {frm_won} and no longer "
                        "discards or kongs",
    _W_WIN_NOT_JUST_MADE: "a win on a discard of {tile} by seat {frm} that was not just made "
                          "(a full game log lists every discard)",
    _W_HEAVENLY_SEAT: "heavenly (天胡) is the dealer's win; the dealer is seat {dealer}",
    _W_HEAVENLY_FIRST: "heavenly (天胡) must be the first event (the initial 14)",
    _W_EARTHLY_SEAT: "earthly (地胡) is a non-dealer's win",
    _W_EARTHLY_BEFORE: "earthly (地胡) needs no kong or win before it",
    _W_FIRST_ROUND_BEFORE: "first_round (人和) needs no kong or win before it",
    _W_REPLACEMENT: "replacement (杠上花) needs the previous event to be a kong by the winner",
    _W_AFTER_KONG: "after_kong (杠上炮) needs the event before the discard to be a kong by "
                   "the discarder (seat {frm})",
    _W_ROBBING_KONG: "robbing_kong: the robbed seat {frm} shows no pung of {tile} in its "
                     "final melds",
    _W_AFTER_END: "{ended}: no event may follow (event {next} does)",
    _W_WINNER_ACTS: "seat {seat} already won at event {won}; a winner's hand is closed",
    _W_CLAIM_FROM_WINNER: "seat {frm} (from) already won at event {frm_won} and no longer "
                          "discards",
    _W_CLAIM_NOT_JUST_MADE: "takes a discard of seat {frm} that was not just made (a full "
                            "game log lists every discard)",
    _W_KONG_AGAIN: "seat {seat} already konged {tile} at event {kong_at}",
    _W_ADDED_NO_PUNG: "an added kong of {tile} with no pung of it before (the record lists "
                      "claims)",
    _W_FIFTH_KONG: "a fifth kong by seat {seat}: a hand holds at most four sets",
}


def _walk_error(rec: HandRecord, events: tuple, reason: int, i: int, empty_at: int, won_at,
                kong_at) -> None:
    """Raise the error of the check of _walk_codes that failed (``reason``, a _W_* code) at
    event ``i``, worded from the event (``won_at``, ``kong_at``: the walk's arrays as they
    were there; ``empty_at``: the last-tile win before, for _W_WALL_EMPTY)."""
    e = events[i]
    seat = getattr(e, "seat", -1)
    frm = getattr(e, "from_seat", None)
    tile = e.win_tile if type(e) is WinEvent else getattr(e, "tile", -1)
    where = f"event {i} ({e.type})" if reason == _W_WALL_EMPTY or reason == _W_AFTER_END \
        else f"event {i} ({e.type} by seat {seat})"
    _fail(where, _WALK_MESSAGES[reason].format(
        seat=seat, frm=frm, tile=TENHOU_NAMES[tile] if 0 <= tile < 34 else tile,
        won=won_at[seat] if 0 <= seat < 4 else -1,
        frm_won=won_at[frm] if frm is not None else -1,
        kong_at=kong_at[seat * 34 + tile] if type(e) is KongEvent else -1,
        dealer=rec.dealer, empty_at=empty_at, next=i + 1,
        ended="the wall ran out" if type(e) is ExhaustedEvent else "the penalty ended the hand"))


def _check_record(rec: HandRecord, events: tuple, seats: int, final: dict, has_wall: bool,
                  codes: bytes) -> bool:
    # One pass over the events (_walk_codes, over them as packed: ``codes``); the closing
    # checks below reuse what it collected. (``events``, ``seats``, ``final`` (a plain
    # dict) and whether the record has its wall are the record's fields, given by the
    # reader: read without attribute lookups.) What the checks need of each seat's claims
    # and kongs is counted in small C arrays (compiled; uncompiled, Cython's stand-ins),
    # indexed seat * 34 + tile (a record has at most MAX_SEATS = 4 seats, as the readers
    # check); the lists of events the error messages name are gathered only when a check
    # fails.
    won: Dict[int, int] = {}   # seat -> index of its win (= winners() once this passes)
    pungs = cython.declare(cython.int[136])    # pungs claimed
    chows = cython.declare(cython.int[136])    # chows claimed (by their lowest tile)
    added = cython.declare(cython.int[136])    # added kongs
    kong_at = cython.declare(cython.int[136])  # event index of the seat's kong of the
    #                                            tile that is a set (not single), or -1
    n_kongs = cython.declare(cython.int[4])    # per seat: all its kongs
    n_claims = cython.declare(cython.int[4])   # per seat: its claims, and the chows and
    n_shown = cython.declare(cython.int[4])    # pungs its holding shows
    has = cython.declare(cython.int[4])        # per seat: 1 once it won, 2 with a final
    #                                            hand (its holding), 0 with neither
    # the melds each holding shows: counts per seat * _MELD_SLOTS + meld code * 34 + tile
    shown = cython.declare(cython.int[816])
    held = cython.declare(cython.int[34])      # the tiles the holdings hold, all seats
    loose_n = cython.declare(cython.int[34])   # per tile: the discards nobody took
    shared_n = cython.declare(cython.int[34])  # and the discards several winners took
    won_at = cython.declare(cython.int[4])     # per seat: its win, or -1
    win_order = cython.declare(cython.int[4])  # the winners in order
    at = cython.declare(cython.int[2])         # where a check failed
    final_pungs = cython.declare(cython.longlong[5])   # (_walk_codes: for robbing_kong)
    final_pungs[0] = -1
    n = len(events)
    flags = _walk_codes(codes, n, rec.dealer, has_wall, final_pungs, pungs, chows, added,
                        kong_at, n_kongs, n_claims, has, won_at, win_order, loose_n,
                        shared_n, at)
    if flags == -_W_FINAL_PUNGS:
        _final_pungs(final, final_pungs)
        flags = _walk_codes(codes, n, rec.dealer, has_wall, final_pungs, pungs, chows,
                            added, kong_at, n_kongs, n_claims, has, won_at, win_order,
                            loose_n, shared_n, at)
    if flags < 0:
        _walk_error(rec, events, -flags, at[0], at[1], won_at, kong_at)
    full_log = flags & 1
    lists_claims = (flags & 2) != 0
    for j in range(flags >> 2):
        won[win_order[j]] = won_at[win_order[j]]
    for j in range(4):
        n_shown[j] = 0
    # closing hands; a seat's holding is its win, else its final hand. Their tiles and
    # melds are counted as they are taken (read from the typed objects here).
    for j in range(816):
        shown[j] = 0
    for j in range(34):
        held[j] = 0
    holdings = {}  # seat -> its win or final hand (objects with hand, melds)
    for seat, i in won.items():
        w = events[i]
        holdings[seat] = w
        _count_holding(w.hand, w.melds, seat, shown, held, n_shown)
    for seat, fh in final.items():
        if has[seat]:  # it won: not used, but it must be a possible holding all the same
            if _most_copies(fh.hand, _meld_tiles(fh.melds))[0] > COPIES or \
                    _holding_size(fh.hand, fh.melds) > 14:
                _fail(f"final hand of seat {seat}", "not a possible holding (a fifth copy "
                                                    "or more than 14 tiles); a winner's "
                                                    "holding is his win")
        else:
            if _count_holding(fh.hand, fh.melds, seat, shown, held, n_shown) != 13:
                _check_holding(fh.hand, fh.melds, 13, f"final hand of seat {seat}")
            holdings[seat] = fh
            has[seat] = 2
    # per seat: kongs (and listed claims) against the melds it ends with
    unshown = _kongs_unshown(codes, n, shown)
    unknown_quads: List[int] = []  # kongs of seats whose holding is unknown: 4 copies
    for seat in range(seats):
        if not n_kongs[seat] and not lists_claims:
            continue
        if not has[seat]:
            for tile in range(34):
                if kong_at[seat * 34 + tile] >= 0:
                    unknown_quads.append(tile)
                    held[tile] += 4
            continue
        src = "win" if has[seat] == 1 else "final hand"
        if n_kongs[seat] and unshown >> seat & 1:
            for i, e in enumerate(events):
                if type(e) is not KongEvent:
                    continue
                k = e
                if k.seat != seat:
                    continue
                if k.kind == "concealed":
                    code = _MC_CONCEALED
                elif k.kind == "single":
                    code = _MC_SINGLE
                else:
                    code = _MC_KONG
                if shown[seat * _MELD_SLOTS + code * 34 + k.tile] == 0:
                    want = k.meld_kind
                    _fail(f"event {i} (kong by seat {seat})",
                          f"a {k.kind} kong of {TENHOU_NAMES[k.tile]} but the seat's {src} "
                          f"shows no {want.replace('_', ' ')} of it")
        if lists_claims and (n_claims[seat] or n_shown[seat]):
            # the seat's chows and pungs are exactly its claims (a pung later completed
            # by an added kong shows as a kong): the same counts per tile
            for tile in range(34):
                cell = seat * 34 + tile
                x = pungs[cell] - added[cell]
                if x < 0:
                    x = 0
                if x != shown[seat * _MELD_SLOTS + _MC_PUNG * 34 + tile] or \
                        chows[cell] != shown[seat * _MELD_SLOTS + _MC_CHOW * 34 + tile]:
                    _check_claims(rec, seat, _seat_events(events, ClaimEvent, seat),
                                  _seat_events(events, KongEvent, seat),
                                  [(m.kind, m.tiles[0]) for m in holdings[seat].melds], src)
                    break
    # no tile held five times: the holdings, four copies of each kong of a seat whose
    # holding is unknown, the discards nobody took; a discard won by several players is
    # one tile in each winner's hand
    most = COPIES
    for j in range(34):
        if held[j] + loose_n[j] - shared_n[j] > most:
            _check_fifth_copies(rec, holdings, unknown_quads,
                                [t for t in range(34) for _ in range(shared_n[t])],
                                [t for t in range(34) for _ in range(loose_n[t])], won)
            break
    return full_log  # (a full game log is replayed next)


def _kongs_unshown(cp, n: int, shown) -> int:
    """The seats (a bit each) whose holding does not show a meld of each of their kongs
    (_check_record's check, over the packed events: _walk_codes; a seat whose holding is
    not known shows none)."""
    out = 0
    for i in range(n):
        if cp[5 * i] == _E_KONG:
            seat = cp[5 * i + 1]
            aux = cp[5 * i + 3]
            code = _MC_CONCEALED if aux == _K_CONCEALED else \
                _MC_SINGLE if aux == _K_SINGLE else _MC_KONG
            if shown[seat * _MELD_SLOTS + code * 34 + cp[5 * i + 2]] == 0:
                out |= 1 << seat
    return out


def _count_holding(hand: tuple, melds: tuple, seat: int, shown, held, n_shown) -> int:
    """Count a holding of ``seat`` into _check_record's arrays: its tiles into ``held``,
    its melds into ``shown`` (at seat * _MELD_SLOTS + meld code * 34 + lowest tile) and its chows
    and pungs into ``n_shown``. Its size (a kong counts 3; a single kong 0)."""
    n = len(hand)
    for x in hand:
        held[x] += 1
    for m in melds:
        code = _meld_code(m.kind)
        tile = m.tiles[0]
        if tile < 0 or tile > (24 if code == _MC_CHOW else 33):  # (the reader's melds are
            raise InvalidRecordError(f"seat {seat}: meld {m!r} is not a meld")  # checked)
        shown[seat * _MELD_SLOTS + code * 34 + tile] += 1
        # a Meld is one of these shapes (it checks its tiles when it is made)
        if code == _MC_CHOW:
            held[tile] += 1
            held[tile + 1] += 1
            held[tile + 2] += 1
        elif code == _MC_PUNG:
            held[tile] += 3
        elif code == _MC_SINGLE:
            held[tile] += 1
            continue  # (no set: not counted in the size)
        else:
            held[tile] += 4
        if code <= _MC_PUNG:
            n_shown[seat] += 1
        n += 3
    return n


def _seat_events(events: tuple, cls, seat: int) -> list:
    """``(index, event)`` of the events of class ``cls`` by ``seat`` (for the messages of
    the checks that fail)."""
    return [(i, e) for i, e in enumerate(events) if type(e) is cls and e.seat == seat]


def _check_claims(rec: HandRecord, seat: int, claims, kongs, shown, src: str) -> None:
    """Where the record lists claims, a seat's chows and pungs are exactly its claims
    (a pung later completed by an added kong shows as a kong)."""
    if not claims:
        for m in shown:
            if m[0] == "chow" or m[0] == "pung":
                break
        else:
            return  # no claim and no claimed meld: nothing to match
    added = []
    for pair in kongs:
        k = pair[1]  # (compiled: typed, its fields read from C)
        if k.kind == "added":
            added.append(k.tile)
    # (kind, tile) pairs, and the same as small ints (tile, +34 for a pung) to compare
    want: List[Tuple[str, int]] = []
    want_codes = []
    for pair in claims:
        c = pair[1]  # (compiled: typed)
        tile = c.tiles[0]  # (= c.tile)
        if c.type == "pung":
            if added and tile in added:
                added.remove(tile)
                continue
            want_codes.append(tile + 34)
        else:
            want_codes.append(tile)
        want.append((c.type, tile))
    have = []
    have_codes = []
    for m in shown:
        if m[0] == "pung":
            have.append(m)
            have_codes.append(m[1] + 34)
        elif m[0] == "chow":
            have.append(m)
            have_codes.append(m[1])
    if len(have_codes) == len(want_codes):
        for code in want_codes:  # the same codes, each as often (a few: no sort)
            if code not in have_codes:
                break
            have_codes.remove(code)
        else:
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

def _check_fifth_copies(rec: HandRecord, holdings: dict, unknown_quads: List[int],
                        shared_discards: List[int], loose_discards: List[int], wins) -> None:
    """No tile held five times: the ``holdings`` (seat -> its win or final hand), four
    copies of each ``unknown_quads`` tile and the ``loose_discards`` are the tiles known
    to be out; ``shared_discards`` the winning tile of each extra winner on one discard
    (one physical tile, in each winner's hand). (_check_record counts them as it reads
    the record and calls this, which names the tile and who holds it, on a fifth copy.)"""
    hands = [h.hand for h in holdings.values()]
    meld_tiles = [_meld_tiles(h.melds) for h in holdings.values()]
    worst, t = _most_held_of(hands, meld_tiles, unknown_quads, shared_discards,
                             loose_discards)
    if worst > COPIES:
        # a fifth copy inside one hand is named as such
        for i, e in enumerate(rec.events):
            if type(e) is WinEvent and _most_copies(e.hand, _meld_tiles(e.melds))[0] > COPIES:
                _check_holding(e.hand, e.melds, 14, f"event {i} (win by seat {e.seat})")
        for seat, fh in sorted(rec.final.items()):
            if seat not in wins:
                _check_holding(fh.hand, fh.melds, 13, f"final hand of seat {seat}")
        kongs = [_seat_events(rec.events, KongEvent, seat) for seat in range(rec.seats)]
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
    """:func:`walk` as plain ``(index, event, won_before, group)`` tuples (no object per
    event): the steps of :func:`walk_steps`, then its error if it has one."""
    steps, error = walk_steps(record, hand_ends_after_first_win, multi_ron, max_winners,
                              types)
    yield from steps
    if error is not None:
        raise error


@cython.locals(events=tuple, n_events=cython.Py_ssize_t, i=cython.Py_ssize_t,
               j=cython.Py_ssize_t, skip_plain=cython.bint, skip_claims=cython.bint,
               ended=cython.bint, out=list)
def walk_steps(record: HandRecord, hand_ends_after_first_win: bool, multi_ron: bool = True,
               max_winners: int = 3, types: frozenset = SETTLEMENT_EVENTS
               ) -> Tuple[List[Tuple[int, Event, Tuple[int, ...], Tuple[int, ...]]],
                          Optional[InvalidRecordError]]:
    """:func:`walk_tuples` in one pass (settlement's hot loop; compiled, the indices are C
    integers): ``(steps, error)``, the steps up to the first impossible event and the
    InvalidRecordError naming it (None when there is none). A settlement books the steps
    in order and raises the error after them, as the iterator would."""
    events = record.events
    n_events = len(events)
    out = []
    won: List[int] = []
    won_before: Tuple[int, ...] = ()
    ended_at: Optional[int] = None
    ended = False  # (ended_at is not None, as a C flag)
    # draws and discards (most events) are passed over by their class when not asked for,
    # and so are claims
    skip_plain = "draw" not in types and "discard" not in types
    skip_claims = "chow" not in types and "pung" not in types
    i = 0
    while i < n_events:
        e = events[i]
        if not ended and ((skip_plain and (type(e) is DrawEvent or type(e) is DiscardEvent))
                          or (skip_claims and type(e) is ClaimEvent)):
            i += 1
            continue
        is_win = type(e) is WinEvent
        if ended_at is not None and type(e) not in _AFTER_END_OK:
            return out, InvalidRecordError(f"event {i} ({e.type}): the hand already ended at "
                                           f"event {ended_at}")
        if is_win:
            group = [i]
            if e.from_seat is not None:
                j = i + 1
                while j < n_events and type(events[j]) is WinEvent and \
                        events[j].from_seat == e.from_seat and events[j].win_tile == e.win_tile:
                    group.append(j)
                    j += 1
            if len(group) > 1 and not multi_ron:
                return out, InvalidRecordError(
                    f"event {group[1]} (win by seat {events[group[1]].seat}): a second winner "
                    "on one discard, but this rule set takes only the first claimant "
                    "(multi_ron is off)")
            group_tuple = tuple(group)
            if "win" in types:
                for k in group:
                    out.append((k, events[k], won_before, group_tuple))
            for k in group:
                won.append(events[k].seat)
            won_before = tuple(won)
            last = group[-1]
            if hand_ends_after_first_win or len(won) >= max_winners:
                ended_at = last
                ended = True
            i = last + 1
            continue
        if e.type in types:
            out.append((i, e, won_before, ()))
        i += 1
    return out, None


def check_kongs_played(rec: HandRecord, rule_name: str, honours: bool) -> None:
    """The kongs of a rule set without single-tile kongs (every one but Huanggang): no kong
    event of kind ``single``, no ``single_kong`` meld in a win or a final hand, and (unless
    ``honours``: a 108-tile rule set) kongs of suit tiles only. An InvalidRecordError names
    the first event or final hand that breaks it (one compiled pass over the events:
    :func:`mahjong.ruleset.check_kong_tiles`)."""
    _check_kongs(rec, rule_name, True, honours, None)


def check_kongs_listed(rec: HandRecord, rule_name: str, why: str) -> None:
    """Every kong a holding shows (a win's melds, a final hand's) was made by a kong event
    of its seat: in rule sets that pay kong money from the kong events, a kong without its
    event would silently lose its money. ``why`` says what the events pay. (One compiled
    pass over the events: :func:`mahjong.ruleset.check_kongs_listed`.)"""
    _check_kongs(rec, rule_name, False, False, why)


def check_kongs_played_listed(rec: HandRecord, rule_name: str, honours: bool,
                              why: str) -> None:
    """:func:`check_kongs_played` then :func:`check_kongs_listed` (the same first error),
    in one pass over the events."""
    _check_kongs(rec, rule_name, True, honours, why)


def _check_kongs(rec: HandRecord, rule_name: str, played: bool, honours: bool,
                 why: Optional[str]) -> None:
    """The kong checks: with ``played``, :func:`check_kongs_played`'s (raised first, as
    they are found); with ``why``, :func:`check_kongs_listed`'s after them."""
    # listed[seat * 68 + 34 * concealed + tile]: a kong event of the seat made that kong
    listed = cython.declare(cython.char[272])
    for j in range(272):
        listed[j] = 0
    seats = rec.seats
    events = rec.events
    last_win = [-1] * MAX_SEATS  # the seat's last win event (HandRecord.winners)
    for i in range(len(events)):
        e = events[i]
        if type(e) is KongEvent:
            k = e  # (compiled: typed, its fields read from C)
            if played:
                if k.tile >= FIRST_HONOR and not honours:
                    _fail(f"event {i} (kong by seat {k.seat})",
                          f"{TENHOU_NAMES[k.tile]} is not a {rule_name} tile")
                if k.kind == "single":
                    _fail(f"event {i} (kong by seat {k.seat})",
                          f"a single kong of {TENHOU_NAMES[k.tile]}; {rule_name} has no "
                          "single-tile kong")
            if k.kind != "single" and 0 <= k.seat < MAX_SEATS:
                listed[k.seat * 68 + (34 if k.kind == "concealed" else 0) + k.tile] = 1
        elif type(e) is WinEvent:
            w = e  # (compiled: typed)
            if played:
                for m in w.melds:
                    if m.kind == "single_kong":
                        _fail(f"event {i} (win by seat {w.seat})",
                              f"meld {m} is a single-tile kong; {rule_name} has none")
            if 0 <= w.seat < MAX_SEATS:
                last_win[w.seat] = i
    final = rec.final
    if played:
        for seat, fh in final.items():
            for m in fh.melds:
                if m.kind == "single_kong":
                    _fail(f"final hand of seat {seat}",
                          f"meld {m} is a single-tile kong; {rule_name} has none")
    if why is None:
        return
    for seat in range(seats):
        x = last_win[seat]
        if x >= 0:
            w = events[x]
            melds = w.melds
        else:
            fh = final[seat] if seat in final else None  # (compiled: cheaper than .get)
            if fh is None:
                continue
            melds = fh.melds
        for m in melds:
            kind = m.kind
            if kind == "kong":
                concealed = 0
            elif kind == "concealed_kong":
                concealed = 34
            else:
                continue
            if not listed[seat * 68 + concealed + m.tiles[0]]:
                src = f"event {x} (win by seat {seat})" if x >= 0 else \
                    f"final hand of seat {seat}"
                raise InvalidRecordError(
                    f"{src}: shows the {kind.replace('_', ' ')} {m} but no kong event made "
                    f"it; a {rule_name} record lists every kong ({why})")


# ----------------------------------------- the engine's own hand, typed (h-log's block)
#
# The game engine's finished hand goes to a HandRecord without JSON or tile text in between:
# its table packs its log (mahjong.game._table.Table.packed_log) and the events are made
# from those bytes as the record's event objects. The engine's own play is legal, so this
# trusted constructor checks nothing (a record from anywhere else goes through from_json).

@cython.locals(ev=bytes, wins=bytes, finals=bytes, data=bytes, n=cython.Py_ssize_t,
               i=cython.Py_ssize_t, j=cython.Py_ssize_t, at=cython.Py_ssize_t, k=cython.long,
               nm=cython.long, code=cython.long, seat=cython.long, tile=cython.long,
               aux=cython.long, frm=cython.long, f=cython.long, nw=cython.Py_ssize_t,
               ev_draw=cython.long, ev_discard=cython.long, ev_chow=cython.long,
               ev_pung=cython.long, ev_kong=cython.long, ev_ready=cython.long,
               ev_flip=cython.long, ev_win=cython.long, exposed=cython.long, out=list,
               held=list, melds=list, final=dict)
def record_from_table(rules: str, options: Mapping[str, Any], dealer: int, seats: int,
                      round_wind: int, indicator: Optional[int], packed: Tuple[bytes, ...],
                      exhausted: Optional[Mapping[str, Any]] = None) -> HandRecord:
    """The HandRecord of a hand the engine played, from its table's ``packed`` log
    (``Table.packed_log``: events, wins, finals, wall, flower indicators, and the reserve
    or None). A packed holding is 68 bytes: 34 counts, the number of melds, 16 pairs of a
    ``MELD_*`` code and a tile (a chow's lowest), the flowers; a win's holding is followed by
    its ``WIN_*`` bits (2 bytes, little-endian). ``exhausted``: the rule set's data of the
    exhausted event (the record's ``{"type": "exhausted", rules: data}``). The record equals
    ``HandRecord.from_json`` of the engine's JSON log (flower indicators sorted, as the reader
    keeps them), without reading or checking anything."""
    ev, wins, finals, wall, flower_indicators, reserve = packed
    # the holdings: each win's (by slot), then each final hand's; a Meld object is made once
    # per kind and tile
    nw = len(wins) // 70
    held = []
    for j in range(nw + seats):
        data, at = (wins, 70 * j) if j < nw else (finals, 68 * (j - nw))
        nm = data[at + 34]
        melds = []
        for k in range(nm):
            code = data[at + 35 + 2 * k]
            tile = data[at + 36 + 2 * k]
            meld = _TABLE_MELDS[code * 34 + tile]
            if meld is None:
                if code == _types.MELD_CHOW:
                    tiles = _TABLE_RUNS[tile]
                elif code == _types.MELD_PUNG:
                    tiles = _TABLE_TRIPLES[tile]
                else:
                    tiles = (tile,) if code == _types.MELD_SINGLE_KONG else (tile,) * 4
                meld = _TABLE_MELDS[code * 34 + tile] = Meld(_types.MELD_NAMES[code], tiles)
            melds.append(meld)
        held.append((_ids_of_counts(bytearray(data[at:at + 34])), tuple(melds))
                    if j < nw or data[at + 67] else None)
    ev_draw, ev_discard, ev_chow, ev_pung = _types.EV_DRAW, _types.EV_DISCARD, \
        _types.EV_CHOW, _types.EV_PUNG
    ev_kong, ev_ready, ev_flip, ev_win = _types.EV_KONG, _types.EV_READY, _types.EV_FLIP, \
        _types.EV_WIN
    exposed = _types.KONG_EXPOSED
    n = len(ev) // 5
    out = [None] * n
    for i in range(n):
        j = 5 * i
        code = ev[j]
        seat = ev[j + 1]
        tile = ev[j + 2]
        if code == ev_draw:
            out[i] = _DRAWS[seat][tile]
        elif code == ev_discard:
            out[i] = _DISCARDS[seat][tile]
        elif code == ev_chow:
            out[i] = _new_claim("chow", seat, _TABLE_RUNS[tile], ev[j + 4])
        elif code == ev_pung:
            out[i] = _new_claim("pung", seat, _TABLE_TRIPLES[tile], ev[j + 4])
        elif code == ev_kong:
            aux = ev[j + 3]
            out[i] = _new_kong(seat, KONG_KINDS[aux], tile, ev[j + 4] if aux == exposed else None)
        elif code == ev_ready:
            out[i] = _READIES[seat]
        elif code == ev_flip:
            out[i] = _FLIPS[tile]
        elif code == ev_win:
            aux = ev[j + 3]
            at = 70 * aux
            f = wins[at + 68] | wins[at + 69] << 8
            frm = ev[j + 4]
            hand, melds_of = held[aux]
            out[i] = WinEvent(seat, hand, melds_of, tile, None if frm == 255 else frm,
                              (f & 2) != 0, (f & 4) != 0, (f & 8) != 0, (f & 16) != 0,
                              (f & 32) != 0, (f & 64) != 0, (f & 128) != 0, (f & 256) != 0,
                              wins[at + 67])
        else:  # EV_EXHAUSTED (the table logs no other event)
            out[i] = ExhaustedEvent({rules: exhausted}) if exhausted else _EXHAUSTED
    final = {}
    for seat in range(seats):
        if held[nw + seat] is not None:
            hand, melds_of = held[nw + seat]
            final[seat] = _new_final(hand, melds_of)
    return _new_record(HandRecord, rules, dealer, tuple(out), final,
                       _freeze_options(options) if options else _EMPTY, seats, round_wind,
                       indicator, tuple(sorted(flower_indicators)), tuple(wall),
                       None if reserve is None else tuple(reserve))


_TABLE_RUNS = tuple([(t, t + 1, t + 2) for t in range(34)])
_TABLE_TRIPLES = tuple([(t, t, t) for t in range(34)])
_TABLE_MELDS: List[Optional[Meld]] = [None] * (6 * 34)   # by MELD_* code * 34 + tile
