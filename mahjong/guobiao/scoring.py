# cython: annotation_typing=False
# (compiled by Cython for speed, see setup.py COMPILED_PYTHON; the annotations are for readers)
"""Score one Guobiao (MCR) hand: :func:`score` and its result types.

The fan search runs in the room's compiled kernel (``mahjong.guobiao._kernel``); this module
reads the input, calls the kernel, and makes the immutable result objects from its plain
answer. The 联众 rule set (``rules="lianzhong"``) adds its extra fans per candidate
decomposition (:mod:`mahjong.guobiao.lianzhong`).

One path (``score`` should cost at most half the reference's one call): the kernel's
``score_standard`` takes the common argument forms (a tenhou string, names, a list of int
ids, bool flags, int winds) itself and returns the finished ScoreResult; for any other form
this module first turns each argument into a common one (or raises the error naming it)
and calls it again. Melds given as hashable values are parsed once and cached (there are
only a few hundred distinct melds), the fan tuple is memoised per fan combination, the
result is filled without the dataclass ``__init__``, and the decomposition object is built
(from the kernel's packed reading) only when asked for. A hand the kernel refuses is
validated again in Python (``prepare``) to word the error.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, Optional, Tuple

from mahjong_core._types import (ERR_BAD_CONTEXT, ERR_BAD_MELD, ERR_BAD_TILE,
                                 ERR_NOT_WINNING, ERR_TOO_MANY_COPIES, ERR_WRONG_TILE_COUNT,
                                 MELD_CHOW, MELD_KONG, MELD_NAMES, MELD_PUNG)

from .._compat import renamed_argument
from ..errors import InvalidContextError, InvalidHandError, NotWinningError, TileParseError
from ..hand import MELD_TYPE_CODES, Meld, parse_meld, standing_tiles
from ..validate import context_flag, show
from . import _kernel
from ._kernel import GB_FOURTH_TILE as FOURTH_TILE
from ._kernel import GB_LAST_OF_WALL as LAST_OF_WALL
from ._kernel import GB_REPLACEMENT as REPLACEMENT
from ._kernel import GB_ROBBING_KONG as ROBBING_KONG
from ._kernel import GB_SELF_DRAWN as SELF_DRAWN
from .batch import ERROR_MESSAGES
from .._reader import TILE_IDS, meld_pairs, name_ids, tile_id
from ..tiles import TENHOU_NAMES, format_tiles, parse_tiles
from .fans import FANS, MIN_FANS, FanId
from .lianzhong import (EXTRA_FANS, LianzhongContext, LianzhongOptions, apply_extras,
                        context_extras, decomposition_extras)
from .winds import WIND_NAMES, WIND_SPELLINGS, parse_wind

RULE_SETS = ("standard", "lianzhong")

# Kernel error codes (negative totals) -> exception class.
_ERRORS = {ERR_NOT_WINNING: NotWinningError, ERR_TOO_MANY_COPIES: InvalidHandError,
           ERR_BAD_MELD: InvalidHandError, ERR_BAD_CONTEXT: InvalidContextError,
           ERR_WRONG_TILE_COUNT: InvalidHandError, ERR_BAD_TILE: TileParseError}

# --- result types ---------------------------------------------------------------------

@dataclass(frozen=True)
class ScoredFan:
    """One fan of a scored hand.

    ``points`` is the value of one occurrence and ``count`` how many times it counts
    (幺九刻 x2, 花牌 x3 ...); ``name`` is Chinese and ``name_en`` English, as the reference
    calculator prints them (联众 extras have names of their own).
    """

    id: int
    name: str
    name_en: str
    points: int
    count: int

    @property
    def total(self) -> int:
        return self.points * self.count

    def __str__(self) -> str:
        times = f" x{self.count}" if self.count > 1 else ""
        return f"{self.name}{times} {self.total}"


class LianzhongFanId:
    """Ids of the 联众 extra fans (after the 82 standard ``FanId`` values)."""


for _i, (_key, _zh, _en, _pts) in enumerate(EXTRA_FANS):
    setattr(LianzhongFanId, _key.upper(), 100 + _i)

_EXTRA_ROWS = {zh: (100 + i, zh, en, pts) for i, (_k, zh, en, pts) in enumerate(EXTRA_FANS)}

# One immutable ScoredFan per (fan, count): built once, shared by every result.
_FAN_CACHE: Dict[Tuple[int, int], ScoredFan] = {}


def _fan(fan_id: int, count: int) -> ScoredFan:
    key = (fan_id, count)
    fan = _FAN_CACHE.get(key)
    if fan is None:
        row = FANS[fan_id]
        fan = _FAN_CACHE[key] = ScoredFan(int(row.id), row.name, row.name_en, row.points,
                                          count)
    return fan


def _extra_fan(name: str, count: int) -> ScoredFan:
    fid, zh, en, pts = _EXTRA_ROWS[name]
    return ScoredFan(fid, zh, en, pts, count)


@dataclass(frozen=True)
class ScoredSet:
    """A set of the chosen decomposition: ``kind`` is ``chow`` (``tiles`` are the run),
    ``pung`` or ``kong``; ``melded`` says it was called (a concealed kong is a meld that
    is ``concealed``); a pung completed by a discard counts as exposed (not concealed)."""

    kind: str
    tiles: Tuple[int, ...]
    melded: bool
    concealed: bool

    def __str__(self) -> str:
        return self.format()

    def format(self, style: str = "tenhou") -> str:
        """The set's tiles in one notation (:data:`mahjong.tiles.STYLES`), a meld in
        brackets (``(...)`` concealed)."""
        text = format_tiles(self.tiles, style)
        if self.melded:
            return f"({text})" if self.concealed else f"[{text}]"
        return text


@dataclass(frozen=True)
class ScoredDecomposition:
    """How the winning hand was read (the reading a Guobiao score chose, melds included).

    Not :class:`mahjong.analysis.Decomposition`, which is one way a complete hand's
    concealed tiles split (sets as ``(kind, lowest tile)`` pairs, melds left out), as
    :func:`mahjong.decompositions` lists them; ``mahjong.guobiao.Decomposition`` is the old
    name of this class.

    ``form`` is one of ``regular``, ``seven_pairs``, ``thirteen_orphans``,
    ``honors_knitted``, ``knitted_straight``, ``nine_gates``. ``sets`` (the hand's own
    sets by tile, then the melds) and ``pair`` are filled for the regular and
    knitted-straight forms;
    ``knitted`` holds the nine knitted tiles of a knitted straight; ``tiles`` all
    14 tiles (melds included, a kong counted as 3 + 1), sorted.
    """

    form: str
    pair: Optional[int]
    sets: Tuple[ScoredSet, ...]
    knitted: Tuple[int, ...]
    tiles: Tuple[int, ...]

    def __str__(self) -> str:
        return self.format()

    def format(self, style: str = "tenhou") -> str:
        """``form: sets pair melds`` with the tiles in one notation (``tenhou``,
        ``reference``, ``unicode`` or ``chinese``)."""
        parts = [s.format(style) for s in self.sets if not s.melded]
        if self.knitted:
            parts.insert(0, "knitted " + format_tiles(self.knitted, style))
        if self.pair is not None:
            parts.append(format_tiles([self.pair, self.pair], style))
        parts += [s.format(style) for s in self.sets if s.melded]
        if not parts:
            parts = [format_tiles(self.tiles, style)]
        return f"{self.form}: " + " ".join(parts)

    def to_dict(self, style: str = "tenhou") -> dict:
        """The reading as plain data, tiles as names in one notation."""
        return {"form": self.form,
                "pair": None if self.pair is None else format_tiles([self.pair], style),
                "sets": [{"kind": s.kind, "tiles": format_tiles(s.tiles, style),
                          "melded": s.melded, "concealed": s.concealed} for s in self.sets],
                "knitted": format_tiles(self.knitted, style),
                "tiles": format_tiles(self.tiles, style)}


#: The old name of :class:`ScoredDecomposition` (kept: ``mahjong.guobiao.Decomposition``).
Decomposition = ScoredDecomposition


@dataclass(frozen=True)
class ScoreResult:
    """The score of one hand.

    Attributes
    ----------
    total : int
        All fans, flowers included (F of the payment rule).
    base_total : int
        Fans without flowers; a win needs at least 8 (:attr:`meets_minimum`).
    flowers : int
        Flower count (each is one 花牌 fan).
    fans : tuple of ScoredFan
        The fans, highest value first (花牌 last).
    rules : str
        ``"standard"`` or ``"lianzhong"``.
    win_tile : int
        The winning tile id.
    self_drawn, robbing_kong : bool
        The win context, for settlement (who pays).
    seat_wind, round_wind : int
        The winds it was scored with (0..3), checked by settlement against the seats.
    decomposition : Decomposition
        The reading of the hand that gave the most fans (built on first access).
    """

    # Slots, no __dict__: the kernel fills a new result's slots directly (one object, no
    # dict to build). ``_raw_decomposition`` is the kernel's packed reading (bytes; the
    # melds in ``_melds``) or ``(builder, args)``; ``_decomposition`` its object, once built.
    __slots__ = ("total", "base_total", "flowers", "fans", "rules", "win_tile", "self_drawn",
                 "robbing_kong", "seat_wind", "round_wind", "_raw_decomposition", "_melds",
                 "_decomposition")

    total: int
    base_total: int
    flowers: int
    fans: Tuple[ScoredFan, ...]
    rules: str
    win_tile: int
    self_drawn: bool
    robbing_kong: bool
    seat_wind: int
    round_wind: int

    @property
    def meets_minimum(self) -> bool:
        """True when the hand reaches the 8-fan minimum without flowers (a legal win)."""
        return self.base_total >= MIN_FANS

    @property
    def decomposition(self) -> ScoredDecomposition:
        try:
            return self._decomposition
        except AttributeError:  # not built yet
            pass
        raw = self._raw_decomposition
        if type(raw) is bytes:  # the kernel's packed reading
            built = _packed_decomposition(raw, self._melds)
        else:
            builder, args = raw
            built = builder(*args)
        object.__setattr__(self, "_decomposition", built)
        return built

    def __getstate__(self):
        # for pickle and copy (a frozen dataclass refuses their default setattr of slots);
        # None stands for an empty slot (no slot holds None)
        return tuple(getattr(self, name, None) for name in self.__slots__)

    def __setstate__(self, state):
        for name, value in zip(self.__slots__, state):
            if value is not None:
                object.__setattr__(self, name, value)

    def fan_counts(self) -> Dict[str, int]:
        """``{Chinese name: count}`` of the fans (a convenience for tests and tables)."""
        return {f.name: f.count for f in self.fans}

    def to_dict(self, decomposition: bool = True, style: str = "tenhou") -> dict:
        """A JSON-ready dict (the ``mahjong gb --jsonl`` output row); ``decomposition``
        adds the chosen reading as text, its tiles in ``style``.

        >>> score("19m19p19s1234567z", win_tile="7z", flowers=1).to_dict()
        ... # doctest: +NORMALIZE_WHITESPACE
        {'total': 89, 'base_total': 88, 'meets_minimum': True,
         'fans': [{'name': '十三幺', 'name_en': 'Thirteen Orphans', 'points': 88, 'count': 1},
                  {'name': '花牌', 'name_en': 'Flower Tiles', 'points': 1, 'count': 1}],
         'decomposition': 'thirteen_orphans: 19m19p19s12345677z'}
        """
        row = {
            "total": self.total, "base_total": self.base_total,
            "meets_minimum": self.meets_minimum,
            "fans": [{"name": f.name, "name_en": f.name_en, "points": f.points,
                      "count": f.count} for f in self.fans],
        }
        if decomposition:
            row["decomposition"] = self.decomposition.format(style)
        return row

    def to_json(self, decomposition: bool = True, style: str = "tenhou", **kwargs) -> str:
        """:meth:`to_dict` as a JSON string (``kwargs`` go to :func:`json.dumps`).

        >>> score("19m19p19s1234567z", win_tile="7z").to_json(decomposition=False)[:27]
        '{"total": 88, "base_total":'
        """
        from .._compat import JsonText

        return JsonText.of(self.to_dict(decomposition, style), **kwargs)

    def __str__(self) -> str:
        """The reading and the fan table.

        >>> print(score("19m19p19s1234567z", win_tile="7z"))
        reading: thirteen_orphans: 19m19p19s12345677z
          88  Thirteen Orphans  十三幺
          88  total
        """
        return f"reading: {self.decomposition}\n{self.table()}"

    def table(self) -> str:
        """A readable fan table: value, English name, Chinese name (x count)."""
        width = max([len(f.name_en) for f in self.fans] + [10])
        lines = [f"{f.points * f.count:>4}  {f.name_en:<{width}}  {f.name}"
                 + (f" x{f.count}" if f.count > 1 else "") for f in self.fans]
        lines.append(f"{self.total:>4}  total" + (
            f" ({self.base_total} without flowers)" if self.flowers else ""))
        if not self.meets_minimum:
            lines.append(f"      below the {MIN_FANS}-fan minimum: not a legal win")
        return "\n".join(lines)


def _make_result(total, base_total, flowers, fans, rules, win, self_drawn, robbing, seat,
                 rnd, raw_decomposition) -> ScoreResult:
    result = ScoreResult(total, base_total, flowers, fans, rules, win, self_drawn, robbing,
                         seat, rnd)
    object.__setattr__(result, "_raw_decomposition", raw_decomposition)
    return result


# --- input ----------------------------------------------------------------------------

# every single-tile name of every notation -> id (the reader's table; the kernel looks a
# winning tile up in it)
_TILE_NAMES: Dict[str, int] = TILE_IDS


def _standing_counts(tiles: Any) -> Tuple[bytearray, int]:
    """(counts of the standing tiles, number of tiles) from any accepted tile input."""
    counts = bytearray(34)
    ids = _standing_ids(tiles)
    for t in ids:
        if counts[t] == 4:
            raise InvalidHandError(f"hand: a fifth copy of {TENHOU_NAMES[t]}")
        counts[t] += 1
    return counts, len(ids)


def _win_tile(value: Any) -> int:
    try:
        return tile_id(value)
    except TileParseError as exc:
        raise TileParseError(f"win_tile: {exc}") from None


@lru_cache(maxsize=1024)
def _cached_meld(meld: Any) -> Meld:
    return parse_meld(meld)


def _parse_melds(melds: Any) -> Tuple[Meld, ...]:
    if melds is None:
        return ()
    if isinstance(melds, (str, dict, Meld)) or (
            isinstance(melds, tuple) and len(melds) == 2 and isinstance(melds[0], str)):
        raise InvalidHandError(f"melds must be a list of melds, got {show(melds)}")
    try:
        melds = list(melds)
    except TypeError:
        raise InvalidHandError(f"melds must be a list of melds, got {show(melds)}") from None
    if not melds:
        return ()
    out = []
    for i, m in enumerate(melds):
        if isinstance(m, Meld):
            out.append(m)
            continue
        if isinstance(m, list):
            m = tuple(m)
        try:
            try:
                out.append(_cached_meld(m))
            except TypeError:  # unhashable (a dict): parse without the cache
                out.append(parse_meld(m))
        except (InvalidHandError, TileParseError) as exc:
            raise type(exc)(f"melds[{i}]: {exc}") from None
    if len(out) > 4:
        raise InvalidHandError(f"melds: {len(out)} melds, a hand has at most 4")
    for i, m in enumerate(out):
        if m.kind == "single_kong":
            raise InvalidHandError(f"melds[{i}]: meld {m} is a single-tile kong; Guobiao has "
                                   "none")
    return tuple(out)


def _flag(value: Any, name: str) -> bool:
    return context_flag(value, name, InvalidContextError)


def _flowers(value: Any) -> int:
    if type(value) is int and 0 <= value <= 8:
        return value
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 8:
        raise InvalidContextError(f"flowers: expected a count 0..8 (8 flower tiles), "
                                  f"got {show(value)}")
    return int(value)


def _wind(value: Any, name: str) -> int:
    if type(value) is int and 0 <= value <= 3:
        return value
    return parse_wind(value, name)


def prepare(hand, melds, win_tile, self_drawn, fourth_tile, replacement, robbing_kong,
            last_tile, seat_wind, round_wind, flowers):
    """Validate one hand and its context; return the kernel's arguments.

    Raises the same errors :func:`score` documents (every check the kernel makes is made
    here first, with a message naming the field).
    """
    counts, n = _standing_counts(hand)
    meld_objs = _parse_melds(melds)
    win = _win_tile(win_tile)
    expected = 13 - 3 * len(meld_objs)
    if n != expected:
        raise InvalidHandError(
            f"hand: {n} standing tiles with {len(meld_objs)} meld(s); expected {expected} "
            "(the standing tiles before the winning tile, melds counted as 3)")
    flags = 0
    if _flag(self_drawn, "self_drawn"):
        flags |= SELF_DRAWN
    if _flag(fourth_tile, "fourth_tile"):
        flags |= FOURTH_TILE
    if _flag(replacement, "replacement"):
        flags |= REPLACEMENT
    if _flag(robbing_kong, "robbing_kong"):
        flags |= ROBBING_KONG
    if _flag(last_tile, "last_tile"):
        flags |= LAST_OF_WALL
    seat = _wind(seat_wind, "seat_wind")
    rnd = _wind(round_wind, "round_wind")
    n_flowers = _flowers(flowers)

    total = bytearray(counts)
    total[win] += 1
    rows = []
    has_kong = False
    for m in meld_objs:
        for t in m.tiles:
            total[t] += 1
        rows.append((MELD_TYPE_CODES[m.kind], m.tiles[0]))
        has_kong = has_kong or m.kind in ("kong", "concealed_kong")
    if max(total) > 4:
        t = max(range(34), key=total.__getitem__)
        raise InvalidHandError(
            f"{total[t]} copies of {TENHOU_NAMES[t]} across tiles, melds and win_tile: "
            "a tile has 4")
    if flags & (REPLACEMENT | ROBBING_KONG | FOURTH_TILE):
        _check_context(flags, counts, total, win, has_kong)
    return counts, win, rows, flags, seat, rnd, n_flowers, meld_objs


def _check_context(flags, counts, total, win, has_kong):
    name = TENHOU_NAMES[win]
    if flags & REPLACEMENT:
        if not flags & SELF_DRAWN:
            raise InvalidContextError(
                "replacement=True (杠上开花) is a self-drawn win on a kong's replacement tile; "
                "it needs self_drawn=True")
        if not has_kong:
            raise InvalidContextError(
                "replacement=True (杠上开花) needs a kong among the melds")
    if flags & ROBBING_KONG:
        if flags & SELF_DRAWN:
            raise InvalidContextError(
                "robbing_kong=True (抢杠和) wins on another player's kong tile; it cannot be "
                "self_drawn")
        if total[win] != 1:
            raise InvalidContextError(
                f"robbing_kong=True but you hold a copy of {name}: the robbed kong needs the "
                "other three copies")
    if flags & FOURTH_TILE and counts[win]:
        raise InvalidContextError(
            f"fourth_tile=True (和绝张) but you hold a copy of {name} among your tiles: the "
            "winning tile cannot be the last unseen copy")


# --- input in the common forms ----------------------------------------------------------

def _standing_ids(tiles: Any) -> bytes:
    """The standing tiles as bytes of tile ids (checked 0..33; counts are the kernel's)."""
    try:
        return _standing_ids_unchecked(tiles)
    except TileParseError as exc:
        raise TileParseError(f"hand: {exc}") from None


def _standing_ids_unchecked(tiles: Any) -> bytes:
    if type(tiles) is str:
        ids = name_ids(tiles)  # plain tenhou text or names ("W1 W2 B3", "东 南"): no tokenizer
        return bytes(parse_tiles(tiles) if ids is None else ids)
    if isinstance(tiles, str):
        return bytes(parse_tiles(str(tiles)))
    try:
        ids = list(tiles)
    except TypeError:
        # no "hand: " prefix here: _standing_ids adds it
        raise TileParseError(f"expected a tile string or a sequence of tile ids, "
                             f"got {type(tiles).__name__}") from None
    if len(ids) == 34:
        raise InvalidHandError("hand: give the standing tiles (at most 13) as a string or "
                               "tile ids, not a 34-entry counts array")
    try:
        packed = bytes(ids)  # C speed for integers 0..255 (numpy integers included)
    except (TypeError, ValueError):
        packed = None
    if packed is not None and (not packed or max(packed) < 34):
        # bytes() reads True/False as 1/0: a bool is no tile id (win_tile refuses it too).
        # Only ids 0 and 1 can hide a bool, so the scan is skipped for most hands.
        if (0 in packed or 1 in packed) and any(
                type(t) is bool or type(t).__name__ in ("bool_", "bool") for t in ids):
            raise TileParseError("expected tile ids 0..33, got a bool")
        return packed
    return bytes([tile_id(t) for t in ids])


_MELDS_CACHE: Dict[Any, Tuple[bytes, Tuple[Meld, ...]]] = {}


def _meld_bytes(melds: Any) -> Tuple[bytes, Tuple[Meld, ...]]:
    """Melds as kernel bytes ([type, tile] pairs) and Meld objects, cached by value."""
    if melds is None or (type(melds) in (tuple, list) and not melds):
        return b"", ()
    try:
        key = tuple(melds) if not isinstance(melds, (str, dict)) else melds
        hit = _MELDS_CACHE.get(key)
    except TypeError:  # an unhashable meld (a dict or a list): no cache
        key, hit = None, None
    if hit is not None:
        return hit
    objs = _parse_melds(melds)
    packed = meld_pairs(objs)
    # bounded in entries and in the size of each key (text melds padded with spaces must
    # not fill memory: 65,536 keys of 4 KB would be a gigabyte)
    if key is not None and len(_MELDS_CACHE) < 65536 and len(str(key)) <= 256:
        _MELDS_CACHE[key] = (packed, objs)
    return packed, objs


_FANS_CACHE: Dict[bytes, Tuple[ScoredFan, ...]] = {}


def _fans_from_pairs(pairs: bytes) -> Tuple[ScoredFan, ...]:
    """ScoredFans from the kernel's (fan id, count) byte pairs (memoised: few distinct)."""
    fans = _FANS_CACHE.get(pairs)
    if fans is None:
        fans = tuple(_fan(pairs[i], pairs[i + 1]) for i in range(0, len(pairs), 2))
        if len(_FANS_CACHE) < 65536:
            _FANS_CACHE[pairs] = fans
    return fans


# --- the kernel's answer --------------------------------------------------------------

_KNITTED_CACHE: Dict[int, Tuple[int, ...]] = {}
# a set's kind by its MELD code (the kernel's) or its name
_GROUP_KINDS = {code: MELD_NAMES[code] for code in (MELD_CHOW, MELD_PUNG, MELD_KONG)}
_GROUP_KINDS.update({name: name for name in _GROUP_KINDS.values()})


def _knitted_tiles(pattern: int) -> Tuple[int, ...]:
    tiles = _KNITTED_CACHE.get(pattern)
    if tiles is None:
        from mahjong_core._decompose import knitted_pattern
        tiles = _KNITTED_CACHE[pattern] = tuple(knitted_pattern(pattern))
    return tiles


def _build_decomposition(form: str, pair: Optional[int], groups, pattern: Optional[int],
                         ids: bytes, win: int, melds: Tuple[Meld, ...]) -> Decomposition:
    """``groups``: (kind, tile, is_meld, concealed) tuples, kind a code or a name."""
    sets = []
    for kind, tile, is_meld, concealed in groups:
        kind = _GROUP_KINDS[kind]
        tiles = (tile, tile + 1, tile + 2) if kind == "chow" else (
            (tile,) * (4 if kind == "kong" else 3))
        sets.append(ScoredSet(kind, tiles, bool(is_meld), bool(concealed)))
    # the hand's own sets first (by tile), then the melds in the order given
    sets.sort(key=lambda x: (x.melded, 0 if x.melded else x.tiles[0]))
    knitted = _knitted_tiles(pattern) if pattern is not None and pattern >= 0 else ()
    all_tiles = list(ids) + [win]
    for m in melds:
        all_tiles.extend(m.tiles)
    return Decomposition(form, pair, tuple(sets), knitted, tuple(sorted(all_tiles)))


def _packed_decomposition(reading: bytes, melds: Tuple[Meld, ...]) -> Decomposition:
    """The decomposition of the kernel's packed reading (see ``_kernel._packed_reading``:
    form, pair, knitted pattern, winning tile, number of sets, 4 bytes per set, then the 34
    concealed counts)."""
    form_code, pair, pattern, win, n_sets = reading[:5]
    groups = [tuple(reading[5 + 4 * i:9 + 4 * i]) for i in range(n_sets)]
    counts = reading[5 + 4 * n_sets:]
    ids = bytes([t for t in range(34) for _ in range(counts[t])])
    return _build_decomposition(
        _kernel.FORMS[form_code], None if pair == 255 else pair, groups,
        None if pattern == 255 else pattern, ids, win, melds)


def _raise_error(code: int, hand, melds, win_tile, self_drawn, fourth_tile, replacement,
                 robbing_kong, last_tile, seat_wind, round_wind, flowers):
    """Turn a kernel error code into the precise exception (re-validating in Python)."""
    if code != ERR_NOT_WINNING:
        prepare(hand, melds, win_tile, self_drawn, fourth_tile, replacement, robbing_kong,
                last_tile, seat_wind, round_wind, flowers)
        raise _ERRORS.get(code, InvalidHandError)(
            ERROR_MESSAGES.get(code, f"kernel error {code}"))
    raise NotWinningError("not a winning hand: the tiles form no complete hand "
                          f"(win_tile {TENHOU_NAMES[_win_tile(win_tile)]})")


def _common_forms(hand, win_tile, self_drawn, fourth_tile, replacement, robbing_kong,
                  last_tile, seat_wind, round_wind, flowers):
    """Every argument of :func:`score` in a form the kernel takes, or the error naming it."""
    return (_standing_ids(hand), _win_tile(win_tile), _flag(self_drawn, "self_drawn"),
            _flag(fourth_tile, "fourth_tile"), _flag(replacement, "replacement"),
            _flag(robbing_kong, "robbing_kong"), _flag(last_tile, "last_tile"),
            _wind(seat_wind, "seat_wind"), _wind(round_wind, "round_wind"), _flowers(flowers))


_score_standard = _kernel.score_standard
_TABLES = (_TILE_NAMES, _MELDS_CACHE, _FANS_CACHE, ScoreResult)  # (the kernel's last four)


# --- public API -----------------------------------------------------------------------

def score(hand=None, melds=(), *, win_tile, self_drawn=False, fourth_tile=False,
          replacement=False, robbing_kong=False, last_tile=False, seat_wind=0, round_wind=0,
          flowers=0, rules="standard", heavenly=False, earthly=False, first_round=False,
          heavenly_ready=False, options=None, ming_an_gang_5=True, tiles=None,
          last_of_wall=None) -> ScoreResult:
    """Score a winning Guobiao hand: the reading with the most fans, with every fan.

    Parameters
    ----------
    hand : str or sequence of int
        The standing (concealed) tiles *before* the winning tile: 13, 10, 7, 4 or 1 of
        them (13 minus 3 per meld), or one more with the winning tile among them (as
        records give a win's hand), in any notation :func:`mahjong.parse_tiles` reads, or
        tile ids. (``tiles=`` is its old name, kept for one release with a
        DeprecationWarning.)
    melds : sequence, optional
        Called sets: :class:`mahjong.Meld` objects, ``("pung", "222p")`` tuples or
        ``{"type": "kong", "tiles": "7777s"}`` dicts (kinds chow, pung, kong,
        concealed_kong).
    win_tile : str or int
        The winning tile.
    self_drawn : bool
        自摸 (else won on a discard).
    fourth_tile : bool
        和绝张: the other three copies were already visible. Added automatically when the
        three other copies are in your own melds.
    replacement : bool
        杠上开花: self-drawn on a kong's replacement tile (needs a kong and self_drawn).
    robbing_kong : bool
        抢杠和: won on a tile another player added to his pung (not self-drawn; you hold
        no copy of it).
    last_tile : bool
        Won on the last tile of the wall: 妙手回春 when self-drawn, 海底捞月 on a discard.
        (``last_of_wall=`` is its old name, kept for one release with a
        DeprecationWarning.)
    seat_wind, round_wind : int or str
        门风 and 圈风: 0..3 = East, South, West, North, or "E", "south", "1z", "东" ...
    flowers : int
        Flower tiles (0..8): one 花牌 fan each, not counted toward the 8-fan minimum.
    rules : {"standard", "lianzhong"}
        ``"lianzhong"`` adds the 联众 extra fans (:mod:`mahjong.guobiao.lianzhong`).
    heavenly, earthly, first_round, heavenly_ready : bool
        联众 only: 天和 (the dealer's initial 14; self-drawn, seat East, no melds),
        地和 (a non-dealer's self-drawn first draw, no melds), 人和 (a win in the first
        go-around), 天听 (ready at the deal, declared, then won).
    options : LianzhongOptions, optional
        联众 rule options.
    ming_an_gang_5 : bool
        The rule option (default True, as the reference calculator): one melded and one
        concealed kong (and no third) score 明暗杠 (5 fans); False gives the 1998 reading,
        明杠 (1) + 暗杠 (2). The room's option ``ming_an_gang_5``.

    Returns
    -------
    ScoreResult
        ``total`` (flowers included), ``base_total``, ``meets_minimum``, ``fans`` and
        ``decomposition``. A hand below 8 fans is returned (``meets_minimum`` False):
        settling it is what fails.

    Raises
    ------
    TileParseError
        A token that is not a tile.
    InvalidHandError
        Wrong tile count for the melds, a fifth copy of a tile, a malformed meld.
    InvalidContextError
        Impossible context: robbing a kong while holding a copy of the tile, replacement
        without a kong or without self_drawn, robbing a kong self-drawn, fourth_tile while
        holding a copy, a wind or flower count out of range, a 联众 flag under the
        standard rules.
    NotWinningError
        The tiles do not form a complete hand.

    Examples
    --------
    >>> r = score("234m567m345p678s2s", win_tile="2s", self_drawn=True, seat_wind="N")
    >>> r.total, [f.name for f in r.fans]
    (10, ['不求人', '平和', '断幺', '连六', '独听・单钓'])
    >>> str(r.decomposition)
    'regular: 234m 567m 345p 678s 22s'
    >>> score("22m33m44p55p66s77s8s", win_tile="8s").fan_counts()
    {'七对': 1, '断幺': 1}
    >>> kongs = [("kong", "1111s"), ("concealed_kong", "EEEE")]
    >>> r = score("234m567p9s", kongs, win_tile="9s")
    >>> r.total, r.fan_counts()["明暗杠"]
    (11, 1)
    >>> r = score("234m567p9s", kongs, win_tile="9s", ming_an_gang_5=False)
    >>> r.total, r.fan_counts()["明杠"], r.fan_counts()["暗杠"]
    (9, 1, 1)
    """
    if tiles is not None:  # the old keywords (one check each for the common call)
        hand = renamed_argument("score", "tiles", "hand", hand, tiles)
    if last_of_wall is not None:  # (last_tile defaults to False: only True counts as given)
        last_tile = renamed_argument("score", "last_of_wall", "last_tile",
                                     None if last_tile is False else last_tile, last_of_wall)
    if ming_an_gang_5 is not True:
        ming_an_gang_5 = _flag(ming_an_gang_5, "ming_an_gang_5")
    if rules.__class__ is not str or rules != "standard" or heavenly is not False or \
            earthly is not False or first_round is not False or heavenly_ready is not False \
            or options is not None and (type(options) is not dict or options):
        if _score_other_rules(rules, heavenly, earthly, first_round, heavenly_ready, options):
            return _score_other(hand, melds, win_tile, self_drawn, fourth_tile, replacement,
                                robbing_kong, last_tile, seat_wind, round_wind, flowers,
                                rules, heavenly, earthly, first_round, heavenly_ready,
                                options, ming_an_gang_5)
    if type(seat_wind) is str:   # a wind name: its number from one dict lookup
        seat_wind = WIND_SPELLINGS.get(seat_wind, seat_wind)
    if type(round_wind) is str:
        round_wind = WIND_SPELLINGS.get(round_wind, round_wind)
    # One compiled call for the common forms; anything else (melds not seen before, a new
    # fan combination, an uncommon form, an error) in _answer.
    result = _score_standard(hand, melds, None, win_tile, self_drawn, fourth_tile,
                             replacement, robbing_kong, last_tile, seat_wind, round_wind,
                             flowers, _TILE_NAMES, _MELDS_CACHE, _FANS_CACHE, ScoreResult,
                             ming_an_gang_5)
    if type(result) is not ScoreResult:
        result = _answer(hand, melds, win_tile, self_drawn, fourth_tile, replacement,
                         robbing_kong, last_tile, seat_wind, round_wind, flowers,
                         ming_an_gang_5)
    return result


def _score_read(ids, melds, win_tile, self_drawn, fourth_tile, replacement, robbing_kong,
                last_tile, seat_wind, round_wind, flowers, ming_an_gang_5=True) -> ScoreResult:
    """:func:`score` of a win already read and checked (a record's, mahjong.record): the
    standing tile ids (13 - 3 per meld, the winning tile apart), ``Meld`` objects, the
    winning tile's id, the flags as bools, the winds as 0..3 and the flower count, with no
    argument to read again: one kernel call (the kernel finds the melds in its cache). The
    first time the melds or the fan combination are met, and for a hand the kernel
    refuses, :func:`_answer` (the errors :func:`score` raises). ``ming_an_gang_5``: the
    rule option, a bool."""
    answer = _score_standard(ids, melds, None, win_tile, self_drawn, fourth_tile,
                             replacement, robbing_kong, last_tile, seat_wind, round_wind,
                             flowers, _TILE_NAMES, _MELDS_CACHE, _FANS_CACHE, ScoreResult,
                             ming_an_gang_5)
    if type(answer) is not ScoreResult:
        return _answer(ids, melds, win_tile, self_drawn, fourth_tile, replacement,
                       robbing_kong, last_tile, seat_wind, round_wind, flowers,
                       ming_an_gang_5)
    return answer


def _answer(hand, melds, win_tile, self_drawn, fourth_tile, replacement, robbing_kong,
            last_tile, seat_wind, round_wind, flowers, ming_an_gang_5=True) -> ScoreResult:
    """The kernel's answer (see ``_kernel.score_standard``) when the call with the arguments
    as given did not give one: the melds are packed first (so their errors come first, and
    the cache learns them), a fan combination not seen before is added to the cache, an
    argument in an uncommon form is put in a common one, and a hand the kernel refuses
    raises the error that names what is wrong."""
    packed = _meld_bytes(melds)
    ids, context = hand, (win_tile, self_drawn, fourth_tile, replacement, robbing_kong,
                          last_tile, seat_wind, round_wind, flowers)
    answer = _score_standard(ids, melds, packed, *context, *_TABLES, ming_an_gang_5)
    if answer is None:  # an argument in an uncommon form: put each in a common one
        ids, *context = _common_forms(hand, *context)
        answer = _score_standard(ids, melds, packed, *context, *_TABLES, ming_an_gang_5)
    if type(answer) is bytes:  # a fan combination not seen before
        _fans_from_pairs(answer)
        answer = _score_standard(ids, melds, packed, *context, *_TABLES, ming_an_gang_5)
    if type(answer) is not ScoreResult:  # a hand the kernel refuses
        standing, win = standing_tiles(hand, melds, win_tile)
        if standing is not hand:  # 14 tiles with the winning tile among them, as records
            return _answer(standing, melds, win, self_drawn, fourth_tile, replacement,
                           robbing_kong, last_tile, seat_wind, round_wind, flowers,
                           ming_an_gang_5)
        _raise_error(answer, hand, melds, win_tile, self_drawn, fourth_tile, replacement,
                     robbing_kong, last_tile, seat_wind, round_wind, flowers)
    return answer


def _score_other_rules(rules, heavenly, earthly, first_round, heavenly_ready,
                       options) -> bool:
    """True for the 联众 rule set; False for the standard rules with every 联众 flag off
    (0, a numpy False); an InvalidContextError names an unknown rule set or a 联众 flag
    under the standard rules."""
    if type(rules) is not str or rules not in RULE_SETS:
        raise InvalidContextError(f"rules: unknown rule set {show(rules)}; use one of "
                                  f"{', '.join(RULE_SETS)}")
    if rules == "lianzhong":
        return True
    _reject_lianzhong_flags(heavenly, earthly, first_round, heavenly_ready, options)
    return False


def _score_other(hand, melds, win_tile, self_drawn, fourth_tile, replacement, robbing_kong,
                 last_tile, seat_wind, round_wind, flowers, rules, heavenly, earthly,
                 first_round, heavenly_ready, options, ming_an_gang_5=True) -> ScoreResult:
    """The 联众 rule set (``rules`` checked by :func:`_score_other_rules`)."""
    hand, win_tile = standing_tiles(hand, melds, win_tile)  # 14 tiles with the win: 13
    counts, win, rows, flags, seat, rnd, n_flowers, meld_objs = prepare(
        hand, melds, win_tile, self_drawn, fourth_tile, replacement, robbing_kong,
        last_tile, seat_wind, round_wind, flowers)
    context = LianzhongContext(_flag(heavenly, "heavenly"), _flag(earthly, "earthly"),
                               _flag(first_round, "first_round"),
                               _flag(heavenly_ready, "heavenly_ready"))
    if options is None:
        options = LianzhongOptions()
    elif not isinstance(options, LianzhongOptions):
        raise InvalidContextError(
            f"options: expected a LianzhongOptions, got {type(options).__name__}")
    _check_lianzhong_context(context, flags, seat, meld_objs)
    return _score_lianzhong(counts, win, rows, flags, seat, rnd, n_flowers, meld_objs,
                            context, options, ming_an_gang_5)


def _reject_lianzhong_flags(heavenly, earthly, first_round, heavenly_ready, options):
    for name, value in (("heavenly", heavenly), ("earthly", earthly),
                        ("first_round", first_round), ("heavenly_ready", heavenly_ready)):
        if _flag(value, name):
            raise InvalidContextError(
                f"{name}=True is a 联众 fan; it is only valid with rules='lianzhong'")
    if options is not None and (type(options) is not dict or options):
        raise InvalidContextError("options: 联众 options are only valid with rules='lianzhong'")


def _check_lianzhong_context(context: LianzhongContext, flags: int, seat: int,
                             melds: Tuple[Meld, ...]) -> None:
    blessings = [n for n in ("heavenly", "earthly", "first_round") if getattr(context, n)]
    if len(blessings) > 1:
        raise InvalidContextError(
            f"{' and '.join(blessings)}: 天和, 地和 and 人和 exclude each other")
    if context.heavenly or context.earthly:
        name = "heavenly" if context.heavenly else "earthly"
        fan = "天和" if context.heavenly else "地和"
        if not flags & SELF_DRAWN:
            raise InvalidContextError(f"{name}=True ({fan}) is a win on one's own first tiles: "
                                      "it needs self_drawn=True")
        if melds:
            raise InvalidContextError(f"{name}=True ({fan}) cannot have melds: nothing was "
                                      "called before the win")
        if flags & (REPLACEMENT | LAST_OF_WALL | FOURTH_TILE):
            raise InvalidContextError(f"{name}=True ({fan}) is won on the first draw: no "
                                      "replacement, last-of-wall or fourth-tile win")
        if context.heavenly and seat != 0:
            raise InvalidContextError(
                f"heavenly=True (天和) is the dealer's win: seat_wind must be East, got "
                f"{WIND_NAMES[seat]}")
        if context.earthly and seat == 0:
            raise InvalidContextError("earthly=True (地和) is a non-dealer's win: seat_wind "
                                      "cannot be East")
        if context.heavenly_ready:
            raise InvalidContextError(f"heavenly_ready=True (天听) cannot go with {fan}: the "
                                      "hand won before any discard, nothing was declared")


def _score_lianzhong(counts, win, rows, flags, seat, rnd, n_flowers, meld_objs, context,
                     options, ming_an_gang_5=True) -> ScoreResult:
    best_total, candidates, best_index = _kernel.score_candidates(
        counts, win, rows, flags, seat, rnd, n_flowers, ming_an_gang_5)
    if best_total < 0:  # the input was validated by prepare(): only "not winning" is left
        if best_total == ERR_NOT_WINNING:
            raise NotWinningError("not a winning hand: the tiles form no complete hand "
                                  f"(win_tile {TENHOU_NAMES[win]})")
        raise _ERRORS.get(best_total, InvalidHandError)(
            ERROR_MESSAGES.get(best_total, f"kernel error {best_total}"))
    ctx_added, ctx_removed = context_extras(context)
    best = None
    for index, cand in enumerate(candidates):
        standard = {FANS[int(i)].name: int(cand["fans"][i])
                    for i in cand["fans"].nonzero()[0]}
        sets = [(g["kind"] if not (g["kind"] == "kong" and g["concealed"] and g["meld"])
                 else "concealed_kong", g["tile"]) for g in cand["sets"]]
        added, removed = decomposition_extras(cand["form"], cand["pair"], sets, standard,
                                              options)
        added.update(ctx_added)
        counts_by_name = apply_extras(standard, added, tuple(removed) + ctx_removed)
        total = sum(_points_of(name) * c for name, c in counts_by_name.items())
        # Ties keep the reference's own choice, then the earlier candidate.
        key = (total, index == best_index)
        if best is None or key > best[0]:
            best = (key, cand, counts_by_name)
    (total, _), cand, counts_by_name = best
    fans = sorted((_named_fan(name, c) for name, c in counts_by_name.items()),
                  key=_fan_order)
    ids = bytes(t for t in range(34) for _ in range(counts[t]))
    groups = [(g["kind"], g["tile"], g["meld"], g["concealed"]) for g in cand["sets"]]
    return _make_result(total, total - n_flowers, n_flowers, tuple(fans), "lianzhong", win,
                        bool(flags & SELF_DRAWN), bool(flags & ROBBING_KONG), seat, rnd,
                        (_build_decomposition, (cand["form"], cand["pair"], groups,
                                                cand["knitted_pattern"], ids, win,
                                                meld_objs)))


_STANDARD_BY_NAME = {f.name: f for f in FANS}


def _points_of(name: str) -> int:
    row = _STANDARD_BY_NAME.get(name)
    return row.points if row is not None else _EXTRA_ROWS[name][3]


def _named_fan(name: str, count: int) -> ScoredFan:
    row = _STANDARD_BY_NAME.get(name)
    if row is not None:
        return _fan(int(row.id), count)
    return _extra_fan(name, count)


def _fan_order(fan: ScoredFan):
    # the kernel's display order: highest value first (ties in table order), 花牌 last
    return (fan.id == FanId.FLOWER_TILES, -fan.points, fan.id)


__all__ = ["score", "ScoreResult", "ScoredFan", "ScoredSet", "Decomposition",
           "LianzhongFanId", "MIN_FANS", "RULE_SETS", "prepare"]
