"""Framework shared by the regional rule sets (Sichuan, Yunnan, and the ones to come).

A rule set is a module exposing

* ``Rules``: a frozen dataclass of options (a subclass of :class:`RuleOptions`); every
  choice the rule texts leave open is one field, with its recommended default, the allowed values
  and the rule it comes from in the field metadata (``option(...)``);
* ``score(...)``: the value of one winning hand, itemised (:class:`ScoreResult`);
* ``settle(record, rules=None)``: the payments of a whole hand record
  (:class:`Settlement`).

Rule sets register themselves (each room's :class:`~mahjong.rooms.Room`, see
:mod:`mahjong.rooms`); :func:`settle` reads the ``rules`` field of a record and dispatches.
Money is booked through a :class:`Ledger`, so every settlement is a list of itemised payments whose deltas sum to zero by construction.

>>> from mahjong.ruleset import Ledger
>>> ledger = Ledger(4)
>>> _ = ledger.pay(1, 0, 3, "自摸 平胡", event=0)
>>> ledger.deltas()
[3, -3, 0, 0]
"""
from __future__ import annotations

import dataclasses
import enum
import importlib
from dataclasses import dataclass, field
from typing import Any, ClassVar, Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from mahjong_core._types import FIRST_HONOR
from mahjong_core import _types
from mahjong_core._holdings import sorted_tile_ids as _sorted_tile_ids

from . import _ledger
from ._compat import JsonText
from .errors import (InvalidContextError, InvalidHandError, InvalidRecordError, MahjongError,
                     NotWinningError)
from ._reader import tile_id
from .hand import Meld, parse_melds
from . import rooms
from .record import check_kongs_listed as record_kongs_listed
from .record import HandRecord, check_kongs_played, meld_from_strings, win_bits
from .tiles import TENHOU_NAMES, parse_tile, restyle, to_tile_ids
from .validate import MAX_TEXT, as_array, flag, show

__all__ = [
    "WinFlag", "RuleOptions", "option", "ScoreItem", "ScoreResult", "Payment", "Settlement",
    "Ledger", "PaymentRow", "RuleSetInfo", "register_ruleset", "get_ruleset", "ruleset_info",
    "settle_function", "available_rulesets", "settle", "SEAT_NAMES",
]

SEAT_NAMES = _ledger.SEAT_NAMES


class WinFlag(enum.IntFlag):
    """Win circumstances as bits: the WIN_* bits of mahjong_core/_types.pxd, which the
    compiled kernels read (their one definition)."""

    NONE = 0
    SELF_DRAWN = _types.WIN_SELF_DRAWN
    REPLACEMENT = _types.WIN_REPLACEMENT      # 杠上花: self-draw on a kong replacement
    AFTER_KONG = _types.WIN_AFTER_KONG        # 杠上炮: the discarder had just konged
    ROBBING_KONG = _types.WIN_ROBBING_KONG    # 抢杠
    LAST_TILE = _types.WIN_LAST_TILE          # 海底
    HEAVENLY = _types.WIN_HEAVENLY            # 天胡/天和
    EARTHLY = _types.WIN_EARTHLY              # 地胡/地和
    FIRST_ROUND = _types.WIN_FIRST_ROUND      # 人和


#: the largest integer option (money per unit, thresholds): values times any multiplier of the
#: rule sets stay exact in the kernels' 64-bit arithmetic
MAX_OPTION_INT = 2**31 - 1


def option(default: Any, *, choices: Optional[Sequence[Any]] = None, rule: str = "",
           doc: str = "", kind: Optional[type] = None, minimum: Optional[int] = None) -> Any:
    """A rule-set option: a dataclass field whose metadata documents it.

    ``choices`` lists the allowed values (None = any value of ``kind``), ``rule`` names
    the rule it comes from (in words), ``doc`` says what it does (shown by :meth:`RuleOptions.describe`),
    ``minimum`` is the least allowed value of an integer option.
    """
    return field(default=default, metadata={"choices": None if choices is None else
                                            tuple(choices), "rule": rule, "doc": doc,
                                            "kind": kind, "minimum": minimum})


# Options of the rules common to every rule set (the engine model all of them share).

def kongting_option() -> Any:
    """空听: whether a tile whose four copies the player holds himself is a wait."""
    return option(True, kind=bool, rule="tenpai (空听)",
                  doc="空听: a tile whose four copies the player holds himself is not a wait")


def pass_lock_option(default: bool = True) -> Any:
    """过水 (pass-lock: no discard win again before one's own next draw): an engine rule with no
    effect on settlement (on by default; Guobiao's default is off)."""
    return option(default, kind=bool, rule="过水 (pass-lock)", doc="过水 (engine option; no effect on settlement)")


@dataclass(frozen=True)
class RuleOptions:
    """Base of every rule set's options. Subclasses add fields made with :func:`option`."""

    #: the registry name of the rule set (overridden by subclasses)
    name: ClassVar[str] = ""

    duplicate_walls: bool = option(
        False, kind=bool, rule="duplicate walls (one wall part per seat)",
        doc="engine: the wall is cut into one part per seat; each seat is dealt and "
            "draws only from its own part (kong replacements too); the hand is drawn when "
            "the seat to draw has no tile left, and a discard that leaves the next seat no "
            "draw can only be won on (the Botzone duplicate-wall game with Guobiao)")

    def __post_init__(self):
        for f in dataclasses.fields(self):
            if not f.init:
                continue
            value = getattr(self, f.name)
            choices = f.metadata.get("choices")
            kind = f.metadata.get("kind")
            # exact types: True is not the choice 1, nor 5.0 the choice 5
            if choices is not None and not any(type(value) is type(c) and value == c
                                               for c in choices):
                raise MahjongError(
                    f"option {f.name}={show(value)} is not allowed; choose one of "
                    f"{', '.join(repr(c) for c in choices)}")
            if kind is not None and not (value is None and f.default is None):
                if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
                    raise MahjongError(f"option {f.name}={show(value)} must be an integer")
                if kind is bool and not isinstance(value, bool):
                    raise MahjongError(f"option {f.name}={show(value)} must be true or false")
        for f in dataclasses.fields(self):  # ranges once every value has its type
            value = getattr(self, f.name)
            if type(value) is int and abs(value) > MAX_OPTION_INT:
                raise MahjongError(f"option {f.name}={show(value)} is out of range (at most "
                                   f"{MAX_OPTION_INT})")
            minimum = f.metadata.get("minimum")
            if minimum is not None and getattr(self, f.name) < minimum:
                raise MahjongError(f"option {f.name}={getattr(self, f.name)} must be at least "
                                   f"{minimum}")

    @classmethod
    def from_mapping(cls, options: Optional[Mapping[str, Any]]):
        """Options from a mapping (e.g. a record's ``"options"``); unknown names are an
        error naming them."""
        if not options:
            # the default options are immutable: build them once per rule set
            default = cls.__dict__.get("_default_instance")
            if default is None:
                default = cls()
                setattr(cls, "_default_instance", default)
            return default
        if isinstance(options, cls):
            return options
        if not isinstance(options, Mapping):
            raise MahjongError(f"options must be a mapping, got {type(options).__name__}")
        if len(options) > 64:
            raise MahjongError(f"{len(options)} options: no rule set has that many")
        known = {f.name for f in dataclasses.fields(cls) if f.init}
        if not all(isinstance(k, str) for k in options):
            raise MahjongError(f"option names must be strings, got "
                               f"{show(sorted(map(show, options)))}")
        unknown = sorted(set(options) - known)
        if unknown:
            raise MahjongError(
                f"unknown option(s) {', '.join(unknown)} for rule set {cls.name or cls.__name__};"
                f" known: {', '.join(sorted(known))}")
        return cls(**dict(options))

    @classmethod
    def for_record(cls, record, rules=None):
        """The options that settle ``record``, a record of this rule set: ``rules`` when
        given, else the record's own ``options`` (a bad one is an InvalidRecordError)."""
        if record.rules != cls.name:
            raise InvalidRecordError(f"record: rules is {record.rules!r}, not {cls.name!r}")
        if rules is not None:
            return cls.from_mapping(rules)
        try:
            return cls.from_mapping(record.options)
        except MahjongError as exc:
            raise InvalidRecordError(f"record: options: {exc}") from None

    def to_dict(self) -> Dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.init}

    def changed(self) -> Dict[str, Any]:
        """Only the options that differ from their defaults."""
        return {k: v for k, v in self.to_dict().items() if v != type(self)().to_dict()[k]}

    @classmethod
    def describe(cls) -> List[Dict[str, Any]]:
        """One row per option: name, default, choices, rule, doc, and the ``kind`` of value
        (``"int"``, ``"bool"`` ... or None) with its ``minimum`` (for docs, ``--help`` and
        ``mahjong rules``)."""
        rows = []
        for f in dataclasses.fields(cls):
            if f.init:
                kind = f.metadata.get("kind")
                rows.append({"name": f.name, "default": f.default,
                             "choices": f.metadata.get("choices"),
                             "rule": f.metadata.get("rule", ""), "doc": f.metadata.get("doc", ""),
                             "kind": None if kind is None else kind.__name__,
                             "minimum": f.metadata.get("minimum")})
        return rows


@dataclass(frozen=True)
class ScoreItem:
    """One line of a hand's value: ``fan`` per occurrence, ``count`` occurrences."""

    key: str          # stable identifier, e.g. "qingyise"
    name: str         # Chinese name, e.g. 清一色
    name_en: str      # English name
    fan: int          # 番 per occurrence
    count: int = 1
    reason: str = ""  # why it applies (the rule and the hand's feature)

    @property
    def total(self) -> int:
        return self.fan * self.count

    def to_dict(self) -> Dict[str, Any]:
        return {"key": self.key, "name": self.name, "name_en": self.name_en, "fan": self.fan,
                "count": self.count, "total": self.total, "reason": self.reason}

    def to_json(self, **kwargs) -> str:
        """:meth:`to_dict` as a JSON string (``kwargs`` go to :func:`json.dumps`)."""
        return JsonText.of(self.to_dict(), **kwargs)


@dataclass(frozen=True)
class ScoreResult:
    """The value of one winning hand under one rule set.

    ``fan`` is the 番 total after any cap, ``uncapped_fan`` before it; ``value`` is what
    one payer pays (in table units, before per-payer extras such as Yunnan's 查花).
    """

    rules: str
    items: Tuple[ScoreItem, ...]
    fan: int
    uncapped_fan: int
    value: int
    pattern: str      # key of the pattern row (the single highest one)
    notes: Tuple[str, ...] = ()

    def to_dict(self) -> Dict[str, Any]:
        return {"rules": self.rules, "pattern": self.pattern, "fan": self.fan,
                "uncapped_fan": self.uncapped_fan, "value": self.value,
                "items": [i.to_dict() for i in self.items], "notes": list(self.notes)}

    def to_json(self, **kwargs) -> str:
        """:meth:`to_dict` as a JSON string (``kwargs`` go to :func:`json.dumps`)."""
        return JsonText.of(self.to_dict(), **kwargs)

    def items_label(self) -> str:
        """The items as one label, e.g. ``清一色+根×2`` (payment reasons)."""
        return "+".join(i.name + (f"×{i.count}" if i.count > 1 else "") for i in self.items)

    def __str__(self) -> str:
        lines = [f"{i.name} ({i.name_en}): {i.fan}番" + (f" x{i.count}" if i.count > 1 else "")
                 + (f" - {i.reason}" if i.reason else "") for i in self.items]
        cap = f" (capped from {self.uncapped_fan})" if self.uncapped_fan != self.fan else ""
        lines.append(f"total {self.fan}番{cap} -> {self.value} per payer")
        lines += [f"note: {n}" for n in self.notes]
        return "\n".join(lines)

    def format(self, style: str = "tenhou") -> str:
        """``str(result)`` with its tiles in ``style`` (``tenhou`` 1m, ``reference`` W1,
        ``unicode`` 🀇 or ``chinese`` 一万; see :func:`mahjong.tiles.restyle`)."""
        return restyle(str(self), style)


# Payment and Settlement live in mahjong._ledger (compiled: extension types, cheap to keep
# by the thousand); they are documented and imported from here.
Payment = _ledger.Payment
Settlement = _ledger.Settlement

#: a booked payment as a plain row: (from_seat, to_seat, amount, reason, event)
PaymentRow = Tuple[int, int, int, str, Optional[int]]


#: Accumulates a settlement's payments as plain rows (compiled: an extension type; see
#: mahjong._ledger)
Ledger = _ledger.Ledger


# ------------------------------------------------------------------------------ registry

@dataclass(frozen=True)
class RuleSetInfo:
    """What the registry says of a rule set: its name, the number of seats, the size of its
    tile set (108 suit tiles, 136 with honours, 144 with flowers), the module of its room
    and the name of the room's record-settlement function. (The whole entry, with the
    room's functions and hooks, is its :class:`mahjong.rooms.Room`.)"""

    name: str
    seats: int
    tiles: int
    module: str
    settle: str = "settle"


def register_ruleset(name: str, module: str, *, seats: int = 4, tiles: int = 108,
                     settle: str = "settle") -> None:
    """Make a rule set available by ``name``: its room ``module`` is imported on first use
    and ``module.<settle>(record, rules=None)`` settles its records (``module.Rules`` are
    its options, ``module.score`` scores a hand, ``<module>.play`` is how the engine plays
    it). A room that registers its own :class:`mahjong.rooms.Room` on import replaces this
    entry. (A room package registers itself: :func:`mahjong.rooms.register_room`.)"""

    def build() -> rooms.Room:
        room_module = importlib.import_module(module)
        room = rooms._ROOMS.get(name)     # the module registered its own room on import
        if room is not None:
            return room
        return rooms.Room(name, module, room_module.Rules, room_module.score,
                          getattr(room_module, settle), seats=seats, tiles=tiles,
                          play=module + ".play")

    rooms.register_deferred(name, build)


def available_rulesets() -> List[str]:
    """The names of every registered rule set, sorted."""
    return rooms.room_names()


def ruleset_info(name: str) -> RuleSetInfo:
    """The registry entry of a rule set, its name in any case (``"Sichuan"`` is
    ``"sichuan"``; the entry's ``name`` is the registered spelling); a
    :class:`MahjongError` names the known ones."""
    room = rooms.find_room(name)
    return RuleSetInfo(room.name, room.seats, room.tiles, room.module,
                       getattr(room.settle, "__name__", "settle"))


def get_ruleset(name: str):
    """The room (module) of a registered rule set: it has ``Rules``, ``score`` and the
    record-settlement function named by :func:`ruleset_info`."""
    return importlib.import_module(rooms.find_room(name).module)


def settle_function(name: str):
    """The function that settles records of rule set ``name``: ``f(record, rules=None)``."""
    return rooms.find_room(name).settle


def settle(record, rules=None) -> Settlement:
    """Settle a hand record (a :class:`mahjong.record.HandRecord`, a dict, JSON text or
    UTF-8 bytes) with the rule set it names. A record whose ``seats`` differs from the rule
    set's is refused. The settlement knows the record's dealer, so ``str(settlement)``
    labels the seats by their seat wind (the dealer East)."""
    rec = HandRecord.coerce(record)
    try:
        room = rooms.find_room(rec.rules)
    except MahjongError as exc:
        raise InvalidRecordError(f"record: 'rules': {exc}") from None
    if rec.rules != room.name:  # the name in another case: the record as if spelled so
        rec = HandRecord.from_json(dict(rec.to_json(), rules=room.name))
    if rec.seats != room.seats:
        raise InvalidRecordError(f"record: seats is {rec.seats}, but {room.name} is played "
                                 f"by {room.seats}")
    if not room.penalties and rec.events and rec.events[-1].type == "penalty":
        raise InvalidRecordError(f"event {len(rec.events) - 1} (penalty): {room.name} has no "
                                 "penalty event (Guobiao's duplicate-wall game has)")
    result = room.settle(rec, rules)
    if isinstance(result, Settlement):
        result._dealer = rec.dealer  # read by Settlement.format (set once)
    return result


# ------------------------------------------------------------------ shared input helpers

def win_flags(*, self_drawn: bool = False, replacement: bool = False, after_kong: bool = False,
              robbing_kong: bool = False, last_tile: bool = False, heavenly: bool = False,
              earthly: bool = False, first_round: bool = False) -> WinFlag:
    """Check a win's circumstances for contradictions and pack them as :class:`WinFlag`."""
    return WinFlag(checked_win_bits(self_drawn, replacement, after_kong, robbing_kong,
                                    last_tile, heavenly, earthly, first_round))


_WIN_ARGS = ("self_drawn", "replacement", "after_kong", "robbing_kong", "last_tile",
             "heavenly", "earthly", "first_round")


def checked_win_bits(self_drawn, replacement, after_kong, robbing_kong, last_tile, heavenly,
                     earthly, first_round=False) -> int:
    """:func:`win_flags` as a plain int (scoring calls it per hand; IntFlag is slow).
    Each circumstance is ``True`` or ``False`` (numpy bools too): ``"yes"``, ``1`` or
    ``None`` is an :class:`~mahjong.errors.InvalidContextError` naming it."""
    if not (type(self_drawn) is bool and type(replacement) is bool
            and type(after_kong) is bool and type(robbing_kong) is bool
            and type(last_tile) is bool and type(heavenly) is bool
            and type(earthly) is bool and type(first_round) is bool):
        self_drawn, replacement, after_kong, robbing_kong, last_tile, heavenly, earthly, \
            first_round = [flag(v, n, InvalidContextError) for v, n in zip(
                (self_drawn, replacement, after_kong, robbing_kong, last_tile, heavenly,
                 earthly, first_round), _WIN_ARGS)]
    if replacement and not self_drawn:
        raise InvalidContextError("replacement (杠上花) is a self-draw win")
    if after_kong and self_drawn:
        raise InvalidContextError("after_kong (杠上炮) is a win on a discard, not a self-draw")
    if robbing_kong and self_drawn:
        raise InvalidContextError("robbing_kong (抢杠) is a win on another player's kong tile, "
                                  "not a self-draw")
    if heavenly and not self_drawn:
        raise InvalidContextError("heavenly (天胡) is a self-draw win")
    if first_round and self_drawn:
        raise InvalidContextError("first_round (人和) is a win on a discard")
    if heavenly + earthly + first_round > 1:
        raise InvalidContextError("heavenly, earthly and first_round exclude each other")
    return win_bits(self_drawn, replacement, after_kong, robbing_kong, last_tile, heavenly,
                    earthly, first_round)


def suited_hand_arrays(tiles, melds=(), *, size: int, win_tile=None, allow_chow: bool = False,
                       rule_name: str = "this rule set"):
    """Validate a hand of a 108-tile rule set and return ``(counts, meld_pairs, melds)``;
    see :func:`suited_hand`."""
    return suited_hand(tiles, melds, size=size, win_tile=win_tile, allow_chow=allow_chow,
                       rule_name=rule_name)[1:]


def _melds_of(melds) -> Tuple[Meld, ...]:
    # (kind, text) pairs are parsed once per spelling (melds repeat; Meld is immutable)
    if type(melds) in (list, tuple) and len(melds) <= 4 and all(
            type(m) in (list, tuple) and len(m) == 2 and type(m[0]) is str
            and type(m[1]) is str for m in melds):
        return tuple(meld_from_strings(kind, text) for kind, text in melds)
    return parse_melds(melds)


_INT_ONLY = {int}
_MELD_ONLY = {Meld}


def suited_hand(tiles, melds=(), *, size: int, win_tile=None, allow_chow: bool = False,
                rule_name: str = "this rule set"):
    """Validate a hand of a 108-tile rule set; return ``(ids, counts, meld_pairs, melds)``.

    ``ids``: the concealed tiles as a tuple of tile ids; ``counts``: a ``bytearray(34)`` of
    them; ``meld_pairs``: ``bytes`` of flat [kind code, lowest tile] pairs (the kernels'
    meld input); ``melds``: Meld objects; ``size``: 14 for a
    winning hand (winning tile included; 13 tiles plus ``win_tile`` are taken as the same
    hand), 13 for a closing/tenpai hand. Raises
    :class:`~mahjong.errors.InvalidHandError` naming the offending tile or meld.
    """
    # records hand over tuples of ids and Meld objects: skip re-parsing those (the test in
    # C: the types as a set, then the least and the greatest id)
    if isinstance(tiles, tuple) and (not tiles or set(map(type, tiles)) == _INT_ONLY and
                                     min(tiles) >= 0 and max(tiles) < 34):
        ids = tiles
    else:
        ids = (_sorted_tile_ids(tiles) if type(tiles) is str and len(tiles) <= MAX_TEXT
               else None) or \
            tuple(to_tile_ids(tiles))
    if isinstance(melds, tuple) and (not melds or set(map(type, melds)) == _MELD_ONLY):
        ms = melds
        if len(ms) > 4:
            raise InvalidHandError(f"{len(ms)} melds: a hand has at most 4")
    else:
        ms = _melds_of(melds)
    counts = bytearray(34)
    if ids and max(ids) >= FIRST_HONOR:
        t = next(t for t in ids if t >= FIRST_HONOR)
        raise InvalidHandError(f"{TENHOU_NAMES[t]} is an honour tile; {rule_name} plays "
                               "with the 108 suit tiles only")
    for t in ids:
        counts[t] += 1
    total = list(counts)
    pairs = bytearray()
    for m in ms:
        if m.tiles[0] >= FIRST_HONOR:
            raise InvalidHandError(f"meld {m} holds honour tiles; {rule_name} plays with the "
                                   "108 suit tiles only")
        if m.kind == "chow" and not allow_chow:
            raise InvalidHandError(f"meld {m} is a chow; {rule_name} has no chow")
        if m.kind == "single_kong":
            raise InvalidHandError(f"meld {m} is a single-tile kong; {rule_name} has none")
        for t in m.tiles:
            total[t] += 1
        pairs += bytes((m.type_code, m.tiles[0]))
    n = len(ids) + 3 * len(ms)
    if n == 13 and size == 14 and win_tile is not None:
        # the other form of a winning hand: the 13 tiles before the win plus ``win_tile``
        w = parse_tile(win_tile)
        if w >= FIRST_HONOR:
            raise InvalidHandError(f"{TENHOU_NAMES[w]} is an honour tile; {rule_name} plays "
                                   "with the 108 suit tiles only")
        ids = tuple(sorted(ids + (w,)))
        counts[w] += 1
        total[w] += 1
        n = 14
    if n != size:
        what = ("winning hand (14 tiles with the winning tile among them, or 13 plus "
                "win_tile)" if size == 14 else "closing hand")
        raise InvalidHandError(f"{len(ids)} concealed tiles and {len(ms)} meld(s) make {n} "
                               f"tiles; a {what} has {size} (a kong counts 3)")
    if max(total) > 4:      # (honours are refused above: the first is a suit tile)
        t = next(t for t in range(27) if total[t] > 4)
        raise InvalidHandError(f"{total[t]} copies of {TENHOU_NAMES[t]} across hand and "
                               "melds: a tile has 4")
    if win_tile is not None:
        w = tile_id(win_tile)
        if not counts[w]:
            raise InvalidHandError(f"the winning tile {TENHOU_NAMES[w]} is not "
                                   "among the concealed tiles (the hand includes the winning "
                                   "tile)")
    return ids, counts, bytes(pairs), ms


def suits_held(counts, melds) -> int:
    """How many of the three suits a holding (counts + melds) touches (花猪 test)."""
    suits = {t // 9 for t in range(27) if counts[t]}
    suits |= {m.tile // 9 for m in melds}
    return len(suits & {0, 1, 2})


def check_kong_context(counts, melds, flags: int, win_tile: int) -> None:
    """The kong circumstances of a win against its holding (rule sets with 杠上花 and
    抢杠): 杠上花 needs a kong among the melds, and the robbed tile is the fourth copy, so
    the winner holds exactly one. Raises :class:`~mahjong.errors.InvalidContextError`."""
    flags = int(flags)  # plain int bit tests: IntFlag operators are slow
    if flags & WinFlag.REPLACEMENT and not any(m.is_kong for m in melds):
        raise InvalidContextError("replacement (杠上花) needs a kong among the melds")
    if flags & WinFlag.ROBBING_KONG:
        held = int(counts[win_tile]) + sum(m.tiles.count(win_tile) for m in melds)
        if held != 1:
            raise InvalidContextError(
                f"robbing_kong: the robbed {TENHOU_NAMES[win_tile]} is the fourth copy, so the "
                f"winner holds exactly one, not {held}")


def win_label(win, result: ScoreResult, items_label: str) -> str:
    """The reason of a win's payments: how it was won, its items and its 番."""
    how = "自摸" if win.from_seat is None else ("抢杠" if win.robbing_kong else "点炮")
    return f"{how} {items_label} {result.fan}番"


def recorded_win_error(where: str, exc: MahjongError) -> InvalidRecordError:
    """The record error for a win that fails to score (``where`` names the event)."""
    if isinstance(exc, NotWinningError):
        return InvalidRecordError(f"{where}: not a winning hand: {exc}")
    return InvalidRecordError(f"{where}: {exc}")


def check_kongs_listed(record, rule_name: str, why: str) -> None:
    """Every kong a holding shows (a win's melds, a final hand's) was made by a kong event
    of its seat: in rule sets that pay kong money from the kong events, a kong without its
    event would silently lose its money. ``why`` says what the events pay."""
    record_kongs_listed(record, rule_name, why)


def check_kong_tiles(record, rule_name: str, honours: bool = False) -> None:
    """The kongs of a rule set without single-tile kongs (every one but Huanggang): no kong
    event of kind ``single``, no ``single_kong`` meld in a win or a final hand, and (unless
    ``honours``: a 108-tile rule set) kongs of suit tiles only. An InvalidRecordError names
    the first event or final hand that breaks it."""
    check_kongs_played(record, rule_name, honours)


#: Row status codes of the 108-tile rooms' ``score_batch`` (the core's codes, as Guobiao's
#: negative totals): 0 = a win, else one of these.
BATCH_STATUS = {
    _types.ERR_NOT_WINNING: "not a winning hand",
    _types.ERR_BAD_CONTEXT: "impossible win context (flags that exclude each other, e.g. "
                            "replacement without a self-draw or without a kong among the "
                            "melds, after_kong or robbing_kong on a self-draw, two of "
                            "heavenly/earthly/first_round; or a flag the rule set has not)",
}


def batch_held_copies(hands, melds):
    """Per row and tile, the copies a holding has: the concealed counts (N, 34) plus the
    ``[kind, tile]`` meld rows (N, 4, 2) (a chow one of each of its tiles, a pung 3, a kong
    4, a single kong 1), as int16 (N, 34)."""
    held = hands.astype(np.int16)
    rows = np.arange(held.shape[0])
    for j in range(melds.shape[1]):
        kind = melds[:, j, 0].astype(np.intp)
        tile = melds[:, j, 1].astype(np.intp)
        for k, copies in ((_types.MELD_PUNG, 3), (_types.MELD_KONG, 4),
                          (_types.MELD_CONCEALED_KONG, 4), (_types.MELD_SINGLE_KONG, 1)):
            sel = kind == k
            np.add.at(held, (rows[sel], tile[sel]), copies)
        sel = kind == _types.MELD_CHOW
        for d in range(3):
            np.add.at(held, (rows[sel], np.minimum(tile[sel] + d, 33)), 1)
    return held


def batch_win_tiles(win_tiles, hands, exc=InvalidHandError):
    """``win_tiles`` of a batch ((N,) tile ids or names, or one tile for every row) as
    intp ids, each among its row's concealed tiles (``exc`` names the first row that is
    not, as scalar ``score`` refuses it); None stays None."""
    if win_tiles is None:
        return None
    n = hands.shape[0]
    if isinstance(win_tiles, (str, int, np.integer)) and not isinstance(win_tiles, bool):
        win_tiles = [win_tiles] * n
    if isinstance(win_tiles, (list, tuple)) and any(type(t) is str for t in win_tiles):
        try:
            win_tiles = [parse_tile(t) if type(t) is str else t for t in win_tiles]
        except MahjongError as e:
            raise exc(f"win_tiles: {e}") from None
    w = as_array(win_tiles, "win_tiles", exc)
    if w.shape != (n,) or w.dtype.kind not in "iu":
        raise exc(f"win_tiles must be {n} tile ids (integers 0..33), got shape {w.shape} "
                  f"of {w.dtype}")
    if n and (w.min() < 0 or w.max() > 33):
        row = int(np.flatnonzero((w < 0) | (w > 33))[0])
        raise exc(f"row {row}: win_tiles: tile id {w[row]} is not in 0..33")
    w = w.astype(np.intp)
    absent = hands[np.arange(n), w] == 0
    if absent.any():
        row = int(np.flatnonzero(absent)[0])
        raise exc(f"row {row}: the winning tile {TENHOU_NAMES[w[row]]} is not among the "
                  "concealed tiles (the hand includes the winning tile)")
    return w


def batch_robbed_kong_bad(hands, melds, flags, win_tiles, extra=None):
    """Per row, True where a robbing_kong win is impossible as :func:`check_kong_context`
    says: the robbed tile is the fourth copy, so the winner holds exactly one. With
    ``win_tiles`` (from :func:`batch_win_tiles`) the winning tile's copies are counted;
    without, a row is refused when it holds no tile exactly once (no tile can be robbed).
    ``extra``: (N, 34) copies held beside hands and melds (Huanggang's single kongs)."""
    rob = (flags.astype(np.int64) & WinFlag.ROBBING_KONG) != 0
    if not rob.any():
        return rob
    held = batch_held_copies(hands, melds)
    if extra is not None:
        held += extra
    if win_tiles is not None:
        return rob & (held[np.arange(held.shape[0]), win_tiles] != 1)
    return rob & ~((held == 1) & (hands > 0)).any(axis=1)


def batch_context_status(melds, flags, *, known: int, heavenly_without: str,
                         earthly_self_drawn: bool = False, hands=None, win_tiles=None):
    """Per row, ``ERR_BAD_CONTEXT`` where scalar ``score`` would refuse the win
    circumstances, else 0: the checks of :func:`checked_win_bits` and of
    :func:`check_kong_context`'s replacement rule, done on whole arrays.

    ``melds`` (N, 4, 2) and ``flags`` (N,) are the validated arrays of
    :func:`prepare_batch`; ``known``: the WinFlag bits the rule set has (others are
    refused); ``heavenly_without``: ``"exposed"`` (天胡 with no exposed meld) or ``"melds"``
    (天和 with no meld at all); ``earthly_self_drawn``: 地和 is a self-draw.
    With ``hands`` (the (N, 34) counts) the robbed-tile count of 抢杠 is checked too
    (:func:`batch_robbed_kong_bad`; exactly with ``win_tiles``).
    """
    f = flags.astype(np.int64)
    s = (f & WinFlag.SELF_DRAWN) != 0
    repl = (f & WinFlag.REPLACEMENT) != 0
    heavenly = (f & WinFlag.HEAVENLY) != 0
    earthly = (f & WinFlag.EARTHLY) != 0
    first = (f & WinFlag.FIRST_ROUND) != 0
    kinds = melds[:, :, 0]
    bad = (f & ~known) != 0
    bad |= repl & ~s
    bad |= ((f & WinFlag.AFTER_KONG) != 0) & s
    bad |= ((f & WinFlag.ROBBING_KONG) != 0) & s
    bad |= heavenly & ~s
    bad |= first & s
    bad |= (heavenly.astype(np.int8) + earthly + first) > 1
    bad |= repl & ~((kinds == _types.MELD_KONG) | (kinds == _types.MELD_CONCEALED_KONG)).any(
        axis=1)
    if heavenly_without == "melds":
        bad |= heavenly & (kinds != 0).any(axis=1)
    else:
        bad |= heavenly & ((kinds != 0) & (kinds != _types.MELD_CONCEALED_KONG)).any(axis=1)
    if earthly_self_drawn:
        bad |= earthly & ~s
    if hands is not None:
        bad |= batch_robbed_kong_bad(hands, melds, flags, win_tiles)
    return np.where(bad, np.int32(_types.ERR_BAD_CONTEXT), np.int32(0)).astype(np.int32)


def batch_values(base: int, fan):
    """``base × 2^(fan − 1)`` per row (0 where fan is 0) in int64, exactly: options bound
    ``base`` to 2**31 − 1 and a hand's 番 stays far below 32, and a value that would
    not fit is refused rather than wrapped."""
    top = int(fan.max()) if fan.size else 0
    if top > 0 and base.bit_length() + top - 1 > 62:
        raise MahjongError(f"a value of {base} × 2^{top - 1} does not fit in 64 bits")
    return np.where(fan > 0, np.int64(base) << (np.maximum(fan, 1).astype(np.int64) - 1),
                    np.int64(0))


def prepare_batch(hands, melds=None, flags=None, *, allow_chow: bool = False,
                  rule_name: str = "this rule set"):
    """Validate batch input of a 108-tile rule set once, before the nogil kernel runs.

    Returns C-contiguous ``(hands uint8 (N,34), melds uint8 (N,4,2), n_melds uint8 (N,),
    flags uint32 (N,))``. A bad row raises :class:`~mahjong.errors.InvalidHandError` naming
    the row and the problem.
    """
    h = as_array(hands, "hands", InvalidHandError)
    if h.ndim != 2 or h.shape[1] != 34:
        raise InvalidHandError(f"hands must have shape (N, 34), got {h.shape}")
    if h.dtype.kind not in "iu":
        raise InvalidHandError(f"hands must hold integer counts, got dtype {h.dtype}")
    n = h.shape[0]
    if n and (h.min() < 0 or h.max() > 4):
        row = int(np.flatnonzero(((h < 0) | (h > 4)).any(axis=1))[0])
        raise InvalidHandError(f"row {row}: a count outside 0..4")
    h = np.require(h, np.uint8, "C")
    if melds is None:
        m = np.zeros((n, 4, 2), dtype=np.uint8)
    else:
        m = as_array(melds, "melds", InvalidHandError)
        if m.shape != (n, 4, 2):
            raise InvalidHandError(f"melds must have shape ({n}, 4, 2), got {m.shape}")
        if m.dtype.kind not in "iu":
            raise InvalidHandError(f"melds must hold integers, got dtype {m.dtype}")
        if m.dtype != np.uint8 and n and (m.min() < 0 or m.max() > 255):
            row = int(np.flatnonzero(((m < 0) | (m > 255)).any(axis=(1, 2)))[0])
            raise InvalidHandError(f"row {row}: bad meld rows {m[row].tolist()} (kinds and "
                                   "tiles are small non-negative integers)")
        m = np.require(m, np.uint8, "C")
    kinds, tiles = m[:, :, 0], m[:, :, 1]
    present = kinds != 0
    n_melds = present.sum(axis=1).astype(np.uint8)
    # melds first, then empty slots
    gaps = present[:, 1:] & ~present[:, :-1]
    bad = (kinds > 4) | (present & (tiles >= FIRST_HONOR)) | (kinds == 1) & (tiles % 9 > 6)
    if not allow_chow:
        bad |= kinds == 1
    rows_bad = bad.any(axis=1) | gaps.any(axis=1)
    if h[:, 27:].any():
        row = int(np.flatnonzero(h[:, 27:].any(axis=1))[0])
        raise InvalidHandError(f"row {row}: honour tiles; {rule_name} plays with the 108 suit "
                               "tiles only")
    if rows_bad.any():
        row = int(np.flatnonzero(rows_bad)[0])
        raise InvalidHandError(f"row {row}: bad meld rows {m[row].tolist()} (kinds 2 pung, 3 "
                               f"kong, 4 concealed kong{', 1 chow' if allow_chow else ''}; "
                               "suit tiles; melds first)")
    size = h.sum(axis=1, dtype=np.int64) + 3 * n_melds
    if n and (size != 14).any():
        row = int(np.flatnonzero(size != 14)[0])
        raise InvalidHandError(f"row {row}: {int(size[row])} tiles counting a meld as 3; a "
                               "winning hand has 14")
    total = h.astype(np.int16)
    idx = np.arange(n)
    for k in range(4):
        kk, tt = kinds[:, k], tiles[:, k].astype(np.int64)
        for off in range(3):
            sel = (kk == 1)
            np.add.at(total, (idx[sel], tt[sel] + off), 1)
        np.add.at(total, (idx[kk == 2], tt[kk == 2]), 3)
        sel = (kk == 3) | (kk == 4)
        np.add.at(total, (idx[sel], tt[sel]), 4)
    if n and (total > 4).any():
        row, t = map(int, np.argwhere(total > 4)[0])
        raise InvalidHandError(f"row {row}: {int(total[row, t])} copies of {TENHOU_NAMES[t]}")
    if flags is None:
        f = np.zeros(n, dtype=np.uint32)
    else:
        f = as_array(flags, "flags", InvalidHandError)
        if f.shape != (n,) or f.dtype.kind not in "iu":
            raise InvalidHandError(f"flags must be integers of shape ({n},), got {f.shape} "
                                   f"{f.dtype}")
        if n and (f.min() < 0 or f.max() > 255):
            raise InvalidHandError("flags hold unknown bits (WinFlag uses 0..255)")
        f = np.require(f, np.uint32, "C")
    return h, m, n_melds, f
