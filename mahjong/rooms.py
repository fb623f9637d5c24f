"""The rule-set registry: one :class:`Room` per rule set, which the room registers itself.

A room is the package of one rule set. It builds its :class:`Room` (name, seats, tile set,
options, ``score``, ``settle``, how the engine plays it, the match schedule) and hands it to
:func:`register_room`. The framework names no room: it finds them.

* The built-in rooms are the sub-packages of :mod:`mahjong` whose ``__init__.py`` builds
  and registers the room's entry (a line ``ROOM = register_room(...)``); they are listed by
  ``pkgutil`` and that line, without importing them, and a room is imported the first time
  it is asked for.
* A third-party rule set names its room in the entry-point group ``mahjong.rooms``
  (``name = "package.module"`` or ``"package.module:ROOM"``): the module registers its room
  when imported, or the entry point's object is a :class:`Room` and is registered.
* A room built at run time (a test, a notebook) is registered by calling
  :func:`register_room` directly.

The engine, the command line and :mod:`mahjong.dask` ask this registry (through
:mod:`mahjong.ruleset`'s :func:`~mahjong.ruleset.ruleset_info`, ``get_ruleset``, ``settle``
...). This module imports nothing of the package but :mod:`mahjong.errors` and
:mod:`mahjong.validate`, so every other module may import it.

>>> from mahjong.rooms import find_room
>>> room = find_room("Sichuan")
>>> room.name, room.seats, room.tiles, room.Rules.name
('sichuan', 4, 108, 'sichuan')
"""
from __future__ import annotations

import importlib
import os
import pkgutil
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Tuple, Union

from .errors import MahjongError
from .validate import show

__all__ = ["Room", "MatchSeating", "register_room", "unregister_room", "find_room",
           "room_names", "all_rooms", "room_packages", "SEATS_OF_RULES",
           "exhausted_field_owner", "ENTRY_POINT_GROUP"]

#: the entry-point group in which third-party packages name their rooms
ENTRY_POINT_GROUP = "mahjong.rooms"


@dataclass(frozen=True)
class MatchSeating:
    """Where hand ``hand`` (0-based) of a match is played: ``players[s]`` is the player
    at seat ``s``, ``round_wind`` the prevalent wind (0 = East) and ``dealer`` the dealing
    seat, or None when the previous hand's settlement names it (``next_dealer``; the first
    hand's dealer is drawn)."""

    players: Tuple[int, ...]
    round_wind: int = 0
    dealer: Optional[int] = None


def fixed_seats(hand: int, seats: int) -> MatchSeating:
    """The common match schedule: every player keeps his seat, the round wind stays East
    and each hand's settlement names the next dealer."""
    return MatchSeating(tuple(range(seats)))


@dataclass(frozen=True)
class Room:
    """A rule set as the registry knows it: what the engine, the command line and
    :mod:`mahjong.dask` may ask of a room.

    ``name``: the registry name (what a record's ``rules`` says), ``aliases``: other names
    (any case is accepted for both); ``module``: the room's public module (its ``Rules``,
    ``score``, ``settle`` ...: :func:`mahjong.ruleset.get_ruleset` returns it); ``seats``:
    the players at the table; ``tiles``: the size of the tile set (108 suit tiles, 136 with
    honours, 144 with flowers); ``Rules``: the options (a
    :class:`~mahjong.ruleset.RuleOptions` subclass); ``score``: the value of one winning
    hand; ``settle(record, rules=None)``: the :class:`~mahjong.ruleset.Settlement` of a
    hand record; ``play``: how the engine plays it, the name of a module with a function
    ``play_spec(options)`` (imported when the engine first asks) or that function itself
    (None: the engine cannot play the rule set; :meth:`play_spec` asks it);
    ``match_hands``: the hands of a match by default; ``match_hand(hand, seats)``: the
    :class:`MatchSeating` of hand ``hand`` of a match (the seating, round wind and dealer
    schedule); ``exhausted_fields``: the fields of an exhausted event that belong to this
    rule set when written at the event's top level (an older spelling; the record reader
    files them under the rule set's name); ``penalties``: its settlement reads a record's
    penalty event (``{"type": "penalty", "seat": s}``); any other room's settlement refuses one;
    ``score_text(hand, melds, *, win_tile, rules, **context)``: one hand as ``mahjong score``
    and its JSON lines give it (the concealed tiles as text, 13 before the win or 14 with it;
    melds as ``(kind, tiles)`` pairs; ``rules`` the room's ``Rules``; ``context`` only what the
    user gave, each a keyword the function names, which is how the command line knows what
    applies); None: ``score`` with the winning tile among the hand's tiles.
    """

    name: str
    module: str
    Rules: Any
    score: Callable[..., Any]
    settle: Callable[..., Any]
    seats: int = 4
    tiles: int = 108
    aliases: Tuple[str, ...] = ()
    play: Union[str, Callable[[Any], Any], None] = None
    match_hands: int = 4
    match_hand: Callable[[int, int], MatchSeating] = fixed_seats
    exhausted_fields: Tuple[str, ...] = ()
    penalties: bool = False
    score_text: Optional[Callable[..., Any]] = None

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name or len(self.name) > 64 or \
                self.name != self.name.strip():
            raise MahjongError(f"room: name {show(self.name)} is not a rule set name")
        if type(self.seats) is not int or not 2 <= self.seats <= 4:
            raise MahjongError(f"room {self.name}: seats {show(self.seats)} is not 2..4")
        if type(self.tiles) is not int or self.tiles not in (108, 136, 144):
            raise MahjongError(f"room {self.name}: tiles {show(self.tiles)} is not 108, 136 "
                               "or 144")
        if not callable(getattr(self.Rules, "from_mapping", None)):
            raise MahjongError(f"room {self.name}: Rules {show(self.Rules)} is not a "
                               "mahjong.ruleset.RuleOptions class")
        for what in ("score", "settle", "match_hand"):
            if not callable(getattr(self, what)):
                raise MahjongError(f"room {self.name}: {what} is not callable")
        if self.score_text is not None and not callable(self.score_text):
            raise MahjongError(f"room {self.name}: score_text is not callable")
        if self.play is not None and not (callable(self.play) or isinstance(self.play, str)):
            raise MahjongError(f"room {self.name}: play is neither a module name nor a "
                               "function")
        if type(self.match_hands) is not int or self.match_hands < 1:
            raise MahjongError(f"room {self.name}: match_hands {show(self.match_hands)} is "
                               "not a positive int")

    def play_spec(self, options: Any = None) -> Any:
        """How the engine plays the rule set with ``options`` (a
        :class:`~mahjong.playspec.PlaySpec`); a MahjongError if it cannot."""
        play = self.play
        if isinstance(play, str):
            try:
                play = importlib.import_module(play).play_spec
            except ModuleNotFoundError as exc:   # no play module (not one that fails)
                if exc.name != play:
                    raise
                play = None
        if play is None:
            raise MahjongError(f"rules: {self.name!r} cannot be played by the engine yet")
        return play(options)

    def schedule(self, hand: int) -> MatchSeating:
        """The :class:`MatchSeating` of hand ``hand`` (0-based) of a match."""
        return self.match_hand(hand, self.seats)


# ------------------------------------------------------------------------------ the registry

_ROOMS: Dict[str, Room] = {}          # registered rooms by name
_NAMES: Dict[str, str] = {}           # name or alias, lower case -> registered name
_FIELD_OWNERS: Dict[str, str] = {}    # exhausted_fields -> rule set name
_DEFERRED: Dict[str, Callable[[], Room]] = {}   # name -> a builder (register_deferred)


def register_room(room: Room) -> Room:
    """Register ``room`` (replacing a room of the same name) and return it. A room's
    package calls it when imported; a test or a notebook may call it with a room built at
    run time. An alias that names another rule set is refused."""
    if not isinstance(room, Room):
        raise MahjongError(f"register_room: {show(room)} is not a mahjong.rooms.Room")
    for alias in room.aliases:
        owner = _NAMES.get(alias.lower()) if isinstance(alias, str) else None
        if not isinstance(alias, str) or not alias or (owner is not None and
                                                        owner != room.name):
            raise MahjongError(f"room {room.name}: alias {show(alias)} is not free")
    _ROOMS[room.name] = room
    _DEFERRED.pop(room.name, None)
    for key in (room.name, *room.aliases):
        _NAMES[key.lower()] = room.name
    for key in room.exhausted_fields:
        _FIELD_OWNERS[key] = room.name
    return room


def register_deferred(name: str, build: Callable[[], Room]) -> None:
    """Make rule set ``name`` known now and built by ``build()`` on first use (what
    :func:`mahjong.ruleset.register_ruleset` does for a room named by its module path)."""
    _DEFERRED[name] = build
    _NAMES.setdefault(name.lower(), name)


def unregister_room(name: str) -> None:
    """Forget rule set ``name`` (a room registered at run time; tests)."""
    room = _ROOMS.pop(name, None)
    _DEFERRED.pop(name, None)
    for key in [k for k, v in _NAMES.items() if v == name]:
        del _NAMES[key]
    for key in [k for k, v in _FIELD_OWNERS.items() if v == name]:
        del _FIELD_OWNERS[key]
    if room is not None:
        _loaded.discard(name)


# ------------------------------------------------------------------------- finding the rooms

_builtin: Optional[Dict[str, str]] = None      # sub-package name -> its room module
_plugins: Optional[Dict[str, Any]] = None      # entry-point name -> entry point
_loaded: set = set()                           # the candidates imported so far


#: the line of a room's ``__init__.py`` that registers it (how a built-in room is found)
_REGISTERS = re.compile(r"^ROOM\s*=\s*register_room\(", re.M)


def _builtin_rooms() -> Dict[str, str]:
    """The built-in rooms, by sub-package name: the sub-packages of :mod:`mahjong` whose
    ``__init__.py`` registers a room (read from the file system, nothing imported)."""
    global _builtin
    if _builtin is None:
        package = os.path.dirname(os.path.abspath(__file__))
        found = {}
        for info in pkgutil.iter_modules([package]):
            if info.ispkg and not info.name.startswith("_") and \
                    _registers_room(os.path.join(package, info.name, "__init__.py")):
                found[info.name] = f"{__package__}.{info.name}"
        _builtin = found
    return _builtin


def _registers_room(path: str) -> bool:
    try:
        with open(path, encoding="utf-8") as f:
            return _REGISTERS.search(f.read()) is not None
    except OSError:
        return False


def _plugin_rooms() -> Dict[str, Any]:
    """The rooms of other packages: the entry points of the group ``mahjong.rooms``."""
    global _plugins
    if _plugins is None:
        from importlib.metadata import entry_points

        try:
            points = entry_points(group=ENTRY_POINT_GROUP)
        except Exception:   # a broken installed distribution must not break the registry
            points = ()
        _plugins = {ep.name: ep for ep in points}
    return _plugins


def room_packages() -> List[str]:
    """The sub-packages of :mod:`mahjong` that are rule-set rooms (found, not imported)."""
    return sorted(_builtin_rooms())


def _load(name: str) -> bool:
    """Import the candidate room ``name`` (built-in first, then an entry point); True if
    there was one not imported before."""
    if name in _loaded:
        return False
    builtin = _builtin_rooms().get(name)
    if builtin is not None:
        _loaded.add(name)
        importlib.import_module(builtin)
        return True
    point = _plugin_rooms().get(name)
    if point is not None:
        _loaded.add(name)
        try:
            loaded = point.load()
        except ImportError as exc:
            raise MahjongError(f"rule set {name}: its room {point.value} cannot be imported:"
                               f" {exc}") from None
        if isinstance(loaded, Room):
            register_room(loaded)
        return True
    return False


def _load_all() -> None:
    for name in list(_builtin_rooms()) + list(_plugin_rooms()):
        _load(name)
    for name in list(_DEFERRED):
        if name not in _ROOMS:
            register_room(_DEFERRED[name]())


def _registered(name: str) -> Optional[Room]:
    """The room registered as ``name`` or under an alias of it in any case (a deferred
    room is built now), None if none is registered yet."""
    key = _NAMES.get(name)
    if key is None:
        key = _NAMES.get(name.lower())
    if key is None:
        return None
    room = _ROOMS.get(key)
    if room is None and key in _DEFERRED:
        room = register_room(_DEFERRED[key]())
    return room


def find_room(name: str) -> Room:
    """The :class:`Room` of rule set ``name`` (its name or an alias, any case), its room
    imported on first use; a :class:`~mahjong.errors.MahjongError` names the known ones."""
    if not isinstance(name, str) or len(name) > 64:
        raise MahjongError(f"unknown rule set {show(name)}; available: "
                           f"{', '.join(room_names())}")
    room = _registered(name)
    if room is None and (_load(name) or _load(name.lower())):
        room = _registered(name)
    if room is None:          # an alias of a room not imported yet
        _load_all()
        room = _registered(name)
    if room is None:
        raise MahjongError(f"unknown rule set {show(name)}; available: "
                           f"{', '.join(room_names())}")
    return room


def room_names() -> List[str]:
    """The names of every rule set (each room imported)."""
    _load_all()
    return sorted(set(_ROOMS) | set(_DEFERRED))


def all_rooms() -> Iterator[Room]:
    """Every registered :class:`Room`, by name."""
    for name in room_names():
        yield find_room(name)


def exhausted_field_owner(key: str) -> Optional[str]:
    """The rule set that reads ``key`` at the top level of an exhausted event (an older
    spelling of its data), None for a key no room claims. Only an unknown key makes every
    room load: a rule set's own name (the usual spelling) is answered at once."""
    owner = _FIELD_OWNERS.get(key)
    if owner is None and type(key) is str and _registered(key) is None and \
            key not in _builtin_rooms():
        _load_all()
        owner = _FIELD_OWNERS.get(key)
    return owner


class _SeatsOfRules(Mapping):
    """The number of seats of each rule set, by exact name, asked of the registry (the room
    is imported on first use): a record without ``seats`` has its rule set's."""

    def get(self, name, default=None):
        if type(name) is not str:
            return default
        room = _ROOMS.get(name)
        if room is None:
            if name in _DEFERRED:
                room = _registered(name)
            elif _load(name):
                room = _ROOMS.get(name)
        return default if room is None else room.seats

    def __getitem__(self, name):
        seats = self.get(name)
        if seats is None:
            raise KeyError(name)
        return seats

    def __iter__(self):
        return iter(room_names())

    def __len__(self):
        return len(room_names())


#: the number of seats of each rule set by name (a mapping that asks the registry)
SEATS_OF_RULES: Mapping[str, int] = _SeatsOfRules()
