"""What the additive-fan rule sets over 136 tiles share (``two_player``, ``tongcheng``).

Both rule sets add up fans from a table the user may replace, read a winning hand in every
way it can be read (four sets and a pair, seven pairs, thirteen orphans, and for
``tongcheng`` the knitted 十三不靠; their compiled kernels do that) and take the reading
worth most (就高不就低). This module holds the pieces that are the same logic for both:

* :class:`FanRow` / :class:`FanTable`: the fan table as data (key, Chinese and English
  name, value, where the value comes from, definition, exclusions), and user overrides;
* :func:`full_hand`: a validated 136-tile winning hand (concealed ids, counts, melds),
  which the kernels read again in C (``mahjong/_additive.pxd``);
* :class:`CachedOptions`: options built once per mapping, results once per fan combination;
* :func:`book_win` and :func:`settle_wins`: the payments of a win (a self-draw from every
  other seat, otherwise from the discarder or the robbed seat) and the settlement loop;
* :func:`ready_events`: the 报听 declarations of a record, with the locked-hand check.

>>> ids, counts, melds, totals = full_hand("123m456p789s55p", [("pung", "111z")])
>>> ids, totals[27]
((0, 1, 2, 12, 13, 13, 13, 14, 24, 25, 26), 3)
"""
from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple

from .errors import InvalidHandError, InvalidRecordError, MahjongError
from .hand import Meld, parse_melds
from .record import ClaimEvent, KongEvent, ReadyEvent, check_kongs_played, walk_steps
from .ruleset import Ledger, Settlement, win_label
from ._reader import sorted_ids, tile_id
from .tiles import TENHOU_NAMES

__all__ = ["CachedOptions", "FanRow", "FanTable", "full_hand", "book_win", "settle_wins",
           "ready_events", "SOURCES"]

#: where a table value comes from
SOURCES = {
    "seed": "stated in the source text",
    "provisional": "no source found; a provisional value chosen to fit the rules",
    "placeholder": "no source found; a placeholder (unverified)",
}


#: the largest value a fan may be given (the kernels add values as 32-bit integers)
MAX_FAN_VALUE = 1_000_000


@dataclass(frozen=True)
class FanRow:
    """One row of a fan table: ``fan`` is the default value, ``source`` one of
    :data:`SOURCES`, ``definition`` the rule in words, ``excludes`` the keys of the rows
    not counted together with this one (不计)."""

    key: str
    name: str
    name_en: str
    fan: int
    source: str
    definition: str
    excludes: Tuple[str, ...] = ()


class FanTable(Mapping):
    """The values of a fan table: key -> 番, the rows' defaults with a user's overrides.

    Overrides are a mapping from a row's key or Chinese name to an integer >= 0 (0 turns
    the row off). Hashable and immutable, so it can sit in a frozen options object.

    >>> rows = (FanRow("a", "甲", "A", 1, "seed", ""), FanRow("b", "乙", "B", 2, "seed", ""))
    >>> t = FanTable(rows, {"乙": 5})
    >>> dict(t), t.overridden
    ({'a': 1, 'b': 5}, frozenset({'b'}))
    """

    def __init__(self, rows: Sequence[FanRow], overrides: Optional[Mapping[str, Any]] = None,
                 option_name: str = "fan_table"):
        by_name = {r.name: r.key for r in rows}
        values = {r.key: r.fan for r in rows}
        overridden = set()
        if overrides is not None:
            if not isinstance(overrides, Mapping):
                raise MahjongError(f"option {option_name} must map fan names to integers, got "
                                   f"{overrides!r}")
            for name, value in overrides.items():
                key = name if name in values else by_name.get(name)
                if key is None:
                    raise MahjongError(
                        f"option {option_name}: unknown fan {name!r}; known: "
                        f"{', '.join(r.key + ' (' + r.name + ')' for r in rows)}")
                if isinstance(value, bool) or not isinstance(value, int) or \
                        not 0 <= value <= MAX_FAN_VALUE:
                    raise MahjongError(f"option {option_name}: the value of {name!r} must be "
                                       f"an integer >= 0 (at most {MAX_FAN_VALUE}), got "
                                       f"{value!r}")
                values[key] = value
                overridden.add(key)
        self._values = values
        self.rows = tuple(rows)
        #: the values in row order (scoring's hot loop indexes them)
        self.by_index = tuple(values[r.key] for r in rows)
        #: the same as native int32 (the compiled kernels read them)
        self.packed = struct.pack(f"{len(rows)}i", *self.by_index)
        self.overridden = frozenset(overridden)
        self._hash = hash(tuple(sorted(values.items())))

    def __getitem__(self, key: str) -> int:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other) -> bool:
        if isinstance(other, FanTable):
            return self._values == other._values
        return isinstance(other, Mapping) and self._values == dict(other)

    def __repr__(self) -> str:
        return f"FanTable({self._values!r})"


#: how many scored results a rule set's options keep (one per fan combination met)
MAX_CACHED_RESULTS = 4096

#: per Rules class, the options built from mappings, by :func:`_options_key`
_OPTIONS_CACHES: Dict[type, Dict[Any, Any]] = {}


class CachedOptions:
    """Mixin of a rule set's ``Rules`` (a :class:`~mahjong.ruleset.RuleOptions`) with two
    caches of small immutable results:

    * the options read from a mapping are built once per distinct mapping (building them
      checks every value and prepares the fan table, and records repeat a few option sets);
    * ``results``: the scored results of these options by fan combination (key: what the
      rule set's kernel returns for a win, e.g. its fan counts), each as an entry
      ``[ScoreResult, items label, payment reasons...]`` (few combinations occur, and a
      ScoreResult is immutable, so each is built once; :func:`settle_wins` fills in the
      reasons of its payments). At most :data:`MAX_CACHED_RESULTS` are kept.
    """

    def __post_init__(self):
        super().__post_init__()
        object.__setattr__(self, "results", {})

    def cache_result(self, key, result) -> list:
        """The entry of ``result`` (``[result, its items label]`` and room for the reasons
        of a self-draw, a robbed kong and a discard win), kept under ``key`` while there is
        room."""
        entry = [result, result.items_label(), None, None, None]
        if len(self.results) < MAX_CACHED_RESULTS:
            self.results[key] = entry
        return entry

    @classmethod
    def clear_caches(cls) -> None:
        """Forget the options built from mappings and the results of the default options
        (the benchmarks' cold runs)."""
        _OPTIONS_CACHES.pop(cls, None)
        default = cls.__dict__.get("_default_instance")
        if default is not None:
            default.results.clear()

    @classmethod
    def from_mapping(cls, options):
        if not options or not isinstance(options, dict) and (
                isinstance(options, cls) or not isinstance(options, Mapping)):
            return super().from_mapping(options)
        cache = _OPTIONS_CACHES.get(cls)
        if cache is None:
            cache = _OPTIONS_CACHES[cls] = {}
        try:
            key = _options_key(options)
            built = cache.get(key)
        except TypeError:  # a value that cannot be a key: build it (and let it fail)
            return super().from_mapping(options)
        if built is None:
            built = super().from_mapping(options)
            if len(cache) < 256:
                cache[key] = built
        return built


def _options_key(options):
    """A key for an options mapping: when every value is a plain scalar, its names, the
    type of each value (True is not 1 for an option) and the values in one tuple;
    otherwise :func:`_hashable` of it."""
    key = []
    for name, value in options.items():
        kind = type(value)
        if kind is not int and kind is not str and kind is not bool and kind is not float \
                and value is not None:
            return _hashable(options)
        key += (name, kind, value)
    return tuple(key)


def _hashable(value):
    """A hashable, order-free key for an options mapping (nested mappings included); a
    bool and an int stay apart (True is not 1 for an option)."""
    kind = type(value)
    if kind is int or kind is str or kind is bool or kind is float or value is None:
        return kind, value
    if isinstance(value, dict) or isinstance(value, Mapping):
        return "map", frozenset([(k, _hashable(v)) for k, v in value.items()])
    if isinstance(value, (list, tuple)):
        return "seq", tuple([_hashable(v) for v in value])
    return kind, value


# ------------------------------------------------------------------------------- hands

# the reader's: sorted ids of any tile input, and one tile's id from an id or any name
_ids_of = sorted_ids
tile_of = tile_id


def full_hand(tiles, melds=(), *, win_tile=None, checked: bool = False):
    """A validated 136-tile winning hand: ``(ids, counts, melds, totals)``.

    ``ids`` the concealed tiles (winning tile included) as sorted ids, ``counts`` a
    ``bytearray(34)`` of them, ``melds`` Meld objects, ``totals`` a ``bytearray(34)`` over
    concealed tiles and melds (a kong counts 4). A concealed part one tile short (13
    counting a meld as 3) is read as the hand before the win and ``win_tile`` is added.
    Raises :class:`~mahjong.errors.InvalidHandError` naming the problem. ``checked``: the
    input comes from a validated record (ids and Meld objects, sizes and copies checked),
    so only the counts are built.
    """
    if checked:
        ids, ms = tiles, melds
    else:
        ids = _ids_of(tiles)
        ms = melds if type(melds) is tuple and all(type(m) is Meld for m in melds) \
            else parse_melds(melds)
        if len(ms) > 4:
            raise InvalidHandError(f"{len(ms)} melds: a hand has at most 4")
        for m in ms:
            if m.kind == "single_kong":
                raise InvalidHandError(f"meld {m} is a single-tile kong; this rule set has none")
        if win_tile is not None and len(ids) + 3 * len(ms) == 13:
            ids = tuple(sorted(ids + (tile_of(win_tile),)))
        n = len(ids) + 3 * len(ms)
        if n != 14:
            raise InvalidHandError(f"{len(ids)} concealed tiles and {len(ms)} meld(s) make {n} "
                                   "tiles; a winning hand has 14, the winning tile included (a "
                                   "kong counts 3)")
    counts = bytearray(34)
    for t in ids:
        counts[t] += 1
    totals = bytearray(counts)
    for m in ms:
        for t in m.tiles:
            totals[t] += 1
    if checked:
        return ids, counts, ms, totals
    if max(totals) > 4:
        t = max(range(34), key=totals.__getitem__)
        raise InvalidHandError(f"{totals[t]} copies of {TENHOU_NAMES[t]} across hand and "
                               "melds: a tile has 4")
    if win_tile is not None and not counts[tile_of(win_tile)]:
        raise InvalidHandError(f"the winning tile {TENHOU_NAMES[tile_of(win_tile)]} is not "
                               "among the concealed tiles (the hand includes the winning tile)")
    return ids, counts, ms, totals


# -------------------------------------------------------------------------- settlement

def book_win(ledger, n_seats: int, seat: int, from_seat: Optional[int], amount: int,
             label: str, event: int) -> None:
    """Book the money of one win: a self-draw (``from_seat`` None) is paid by every other
    seat, a discard win by the discarder, a robbed kong by the robbed seat."""
    if from_seat is None:
        if n_seats == 2:    # one other seat
            ledger.book(1 - seat, seat, amount, label, event)
        else:
            ledger.book_from_others(range(n_seats), seat, amount, label, event)
    else:
        ledger.book(from_seat, seat, amount, label, event)


_WIN_AND_END = frozenset(("win", "exhausted"))


def settle_wins(record, rules, *, n_seats: int, score_win: Callable, context: Any = None,
                multi_ron: bool, rules_name: str):
    """The settlement loop of an additive rule set: every win of the hand (it ends at the
    first win, or with ``multi_ron`` at the first discard's several winners) is scored by
    ``score_win(record, index, event, rules, context)`` -> its entry in the options'
    results (see :class:`CachedOptions`) and paid by :func:`book_win` (``value`` from each
    payer). ``context`` is what the rule set read from the record before the loop.

    Next dealer: the winner; after several winners on one discard the discarder; after
    流局 (an ``exhausted`` event and no win) the dealer stays; None for a record that stops
    before the hand ended.
    """
    check_kongs_played(record, rules_name, True)  # (ruleset.check_kong_tiles)
    ledger = Ledger(n_seats)
    wins: Dict[int, Any] = {}
    notes: List[str] = []
    group: Tuple[int, ...] = ()
    exhausted = False
    steps, walk_error = walk_steps(record, True, multi_ron, 3, _WIN_AND_END)
    for i, e, _, grp in steps:
        if e.type == "win":
            entry = score_win(record, i, e, rules, context)
            result = entry[0]
            wins[i] = result
            group = grp
            # the reason of the payments tells only how the hand was won besides the
            # result (see win_label): one per way, kept in the entry
            how = 2 if e.from_seat is None else 3 if e.robbing_kong else 4
            label = entry[how]
            if label is None:
                label = entry[how] = win_label(e, result, entry[1])
            book_win(ledger, n_seats, e.seat, e.from_seat, result.value, label, i)
            for n in result.notes:
                if n not in notes:
                    notes.append(n)
        else:
            exhausted = True
    if walk_error is not None:  # (the walk's first impossible event, after the steps)
        raise walk_error
    if group:
        first = record.events[group[0]]
        next_dealer = first.from_seat if len(group) > 1 else first.seat
    elif exhausted:
        next_dealer = record.dealer
        notes.append("流局: nobody won; no payment, the dealer stays")
    else:
        next_dealer = None
    return Settlement.from_ledger(rules_name, ledger, next_dealer, wins, tuple(notes))


def event_error(index: int, event, message: str) -> InvalidRecordError:
    """An InvalidRecordError naming the event, e.g. ``event 3 (win by seat 1): ...``."""
    seat = getattr(event, "seat", None)
    who = f" by seat {seat}" if seat is not None else ""
    return InvalidRecordError(f"event {index} ({event.type}{who}): {message}")


def ready_events(record) -> Dict[int, int]:
    """seat -> index of its 报听 (``ready``) event. A seat declares once, and a ready hand
    is locked: a chow, pung or kong on a discard by that seat afterwards is refused."""
    ready_at: Dict[int, int] = {}
    events = record.events
    for i in range(len(events)):
        e = events[i]
        kind = type(e)      # (a type test: no attribute read for most events)
        if kind is ReadyEvent:
            if e.seat in ready_at:
                raise event_error(i, e, f"seat {e.seat} already declared ready at event "
                                        f"{ready_at[e.seat]}")
            ready_at[e.seat] = i
            continue
        if ready_at and (kind is ClaimEvent or
                         kind is KongEvent and e.kind == "exposed") and e.seat in ready_at:
            raise event_error(i, e, f"seat {e.seat} declared ready at event {ready_at[e.seat]}; "
                                    "a ready hand is locked and claims no discard")
    return ready_at
