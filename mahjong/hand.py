"""The hand model: melds (called sets) and hands (concealed tiles + melds + winning tile).

Melds can be given as :class:`Meld` objects, as ``(kind, tiles)`` tuples such as
``("pung", "222p")``, or as ``{"type": "pung", "tiles": "222p"}`` dicts (the JSON form of
hand records). Kinds: ``chow``, ``pung``, ``kong`` (exposed), ``concealed_kong``, and
``single_kong``: a one-tile kong (Huanggang's 红中杠, 发财杠 and 赖子杠: one tile set aside
for a replacement draw). A single kong is not one of the four sets and does not count
toward the 13/14 tiles of a hand.

>>> Hand.from_tiles("123m456p789s111z", melds=[("pung", "222p")])
Traceback (most recent call last):
...
mahjong.errors.InvalidHandError: 12 concealed tiles with 1 meld(s) make 15 tiles; a hand has 13 or 14
>>> h = Hand.from_tiles("123m456p789s1z", melds=[("pung", "222p")], win_tile="1z")
>>> str(h)
'123m456p789s1z [222p] +1z'
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Iterable, Mapping, Optional, Tuple, Union

import numpy as np

from mahjong_core import _types

from .errors import InvalidHandError, MahjongError
from .validate import show
from .tiles import COPIES, N_KINDS, TENHOU_NAMES, TileInput, format_tiles, parse_tile, to_tile_ids

MELD_KINDS = ("chow", "pung", "kong", "concealed_kong", "single_kong")

# Other spellings users bring (pymahjonggb's CHI/PENG/GANG, pinyin, Chinese).
_KIND_ALIASES = {
    "chow": "chow", "chi": "chow", "吃": "chow", "sequence": "chow",
    "pung": "pung", "pong": "pung", "peng": "pung", "碰": "pung", "triplet": "pung",
    "kong": "kong", "gang": "kong", "exposed_kong": "kong", "minkong": "kong", "明杠": "kong",
    "concealed_kong": "concealed_kong", "angang": "concealed_kong", "ankong": "concealed_kong",
    "closed_kong": "concealed_kong", "暗杠": "concealed_kong",
    "single_kong": "single_kong", "single": "single_kong",
}

# Meld type codes of the batch arrays (`melds (N, 4, 2)` rows of [type, tile]).
MELD_TYPE_CODES = {"chow": _types.MELD_CHOW, "pung": _types.MELD_PUNG, "kong": _types.MELD_KONG,
                   "concealed_kong": _types.MELD_CONCEALED_KONG,
                   "single_kong": _types.MELD_SINGLE_KONG}  # mahjong_core/_types.pxd


@dataclass(frozen=True)
class Meld:
    """A called set: ``kind`` one of :data:`MELD_KINDS`, ``tiles`` sorted tile ids."""

    kind: str
    tiles: Tuple[int, ...]

    def __post_init__(self):
        kind = _KIND_ALIASES.get(str(self.kind).lower())
        if kind is None:
            raise InvalidHandError(
                f"unknown meld kind {self.kind!r}; use one of {', '.join(MELD_KINDS)}")
        tiles = tuple(sorted(to_tile_ids(self.tiles)))
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tiles", tiles)
        if kind == "chow":
            ok = (len(tiles) == 3 and tiles[0] < 27 and tiles[0] // 9 == tiles[2] // 9
                  and tiles[1] == tiles[0] + 1 and tiles[2] == tiles[0] + 2)
            if not ok:
                raise InvalidHandError(
                    f"meld chow {format_tiles(tiles)!r} is not a chow (three consecutive tiles of one suit)")
        else:
            size = {"pung": 3, "single_kong": 1}.get(kind, 4)
            if len(tiles) != size or len(set(tiles)) != 1:
                raise InvalidHandError(
                    f"meld {kind} {format_tiles(tiles)!r} is not a {kind} ({size} copies of one tile)")

    @property
    def tile(self) -> int:
        """The lowest tile (the run's first tile for a chow, the tile otherwise)."""
        return self.tiles[0]

    @property
    def is_kong(self) -> bool:
        """A kong of any kind (one that earns a replacement draw), single kongs included."""
        return self.kind in ("kong", "concealed_kong", "single_kong")

    @property
    def is_single(self) -> bool:
        """A one-tile kong (``single_kong``): not a set, not counted in the hand size."""
        return self.kind == "single_kong"

    @property
    def size(self) -> int:
        """Tiles the meld counts for in a hand's 13/14: 3 for a set (a kong too), 0 for a
        single kong."""
        return 0 if self.kind == "single_kong" else 3

    @property
    def is_concealed(self) -> bool:
        return self.kind == "concealed_kong"

    @property
    def type_code(self) -> int:
        """The code used in ``(N, 4, 2)`` batch meld arrays."""
        return MELD_TYPE_CODES[self.kind]

    def to_json(self) -> dict:
        return {"type": self.kind, "tiles": format_tiles(self.tiles)}

    def __str__(self) -> str:
        text = format_tiles(self.tiles)
        if self.is_single:
            return f"<{text}>"
        return f"({text})" if self.is_concealed else f"[{text}]"


MeldInput = Union[Meld, Tuple[str, Any], Mapping[str, Any]]


def parse_meld(meld: MeldInput) -> Meld:
    """A :class:`Meld` from a Meld, a ``(kind, tiles)`` tuple or a ``{"type", "tiles"}`` dict."""
    if isinstance(meld, Meld):
        return meld
    if isinstance(meld, Mapping):
        unknown = set(meld) - {"type", "kind", "tiles", "from"}
        if unknown:
            raise InvalidHandError(f"meld {show(dict(meld))} has unknown field(s) "
                                   f"{sorted(map(show, unknown))}")
        kind = meld.get("type", meld.get("kind"))
        if kind is None or "tiles" not in meld:
            raise InvalidHandError(f"meld {show(dict(meld))} needs 'type' and 'tiles'")
        return Meld(kind, meld["tiles"])
    if isinstance(meld, (tuple, list)) and len(meld) == 2 and isinstance(meld[0], str):
        return Meld(meld[0], meld[1])
    raise InvalidHandError(f"cannot read a meld from {show(meld)}: give a Meld, (kind, tiles) or "
                           "{'type': kind, 'tiles': tiles}")


def parse_melds(melds: Optional[Iterable[MeldInput]]) -> Tuple[Meld, ...]:
    """Melds from a list (or tuple, or numpy array of ``(kind, tiles)`` rows) of melds.
    Anything else (a number, a bool, a string, one meld, a mapping) is an
    :class:`InvalidHandError`, and so are more than four sets."""
    if melds is None:
        return ()
    if isinstance(melds, np.ndarray):
        if melds.ndim == 0:
            raise InvalidHandError(f"melds must be a list of melds, got {show(melds)}")
        melds = melds.tolist()  # rows of (kind, tiles)
    if isinstance(melds, (str, bytes, Meld, Mapping)) or not hasattr(melds, "__iter__") or (
            isinstance(melds, tuple) and len(melds) == 2 and isinstance(melds[0], str)
            and melds[0].lower() in _KIND_ALIASES):
        raise InvalidHandError(f"melds must be a list of melds, got {show(melds)}")
    melds = list(islice(melds, 17))  # a few melds (single kongs too): never read more
    if len(melds) > 16:
        raise InvalidHandError("more than 16 melds: a hand has at most 4 sets")
    try:
        out = tuple(parse_meld(m) for m in melds)
    except RecursionError:  # a meld nested too deeply for its own error message
        raise InvalidHandError("cannot read a meld nested that deeply: give a Meld, "
                               "(kind, tiles) or {'type': kind, 'tiles': tiles}") from None
    sets = sum(1 for m in out if m.kind != "single_kong")
    if sets > 4:
        raise InvalidHandError(f"{sets} melds: a hand has at most 4")
    return out


def holding_size(concealed_count: int, melds: Iterable[Meld]) -> int:
    """Tiles of a holding as a hand counts them: concealed + 3 per set (a kong counts 3; a
    single kong counts 0)."""
    return concealed_count + sum(m.size for m in melds)


def check_copies(concealed: Iterable[int], melds: Iterable[Meld] = (),
                 extra: Iterable[int] = ()) -> np.ndarray:
    """Counts of every tile across concealed tiles, melds and extra tiles; raises
    :class:`InvalidHandError` naming the tile of which there are more than 4 copies."""
    total = np.zeros(N_KINDS, dtype=np.int16)
    for t in concealed:
        total[t] += 1
    for m in melds:
        for t in m.tiles:
            total[t] += 1
    for t in extra:
        total[t] += 1
    over = np.flatnonzero(total > COPIES)
    if over.size:
        t = int(over[0])
        raise InvalidHandError(
            f"{int(total[t])} copies of {TENHOU_NAMES[t]} across hand and melds: a tile has 4")
    return total


@dataclass(frozen=True)
class Hand:
    """An immutable, hashable hand: concealed tiles (sorted ids), melds and an optional
    winning tile kept apart from the concealed tiles.

    Tile counts: concealed + 3 per meld is 13 (14 with the winning tile given apart),
    or 14 when no winning tile is given. Kongs count as 3 here (their fourth tile is the
    replacement draw).
    """

    concealed: Tuple[int, ...]
    melds: Tuple[Meld, ...] = ()
    win_tile: Optional[int] = None
    _counts: np.ndarray = field(default=None, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self):
        concealed = tuple(sorted(to_tile_ids(self.concealed)))
        melds = parse_melds(self.melds)
        win = None if self.win_tile is None else parse_tile(self.win_tile)
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "win_tile", win)
        size = holding_size(len(concealed), melds)
        if win is not None and size != 13:
            raise InvalidHandError(
                f"{len(concealed)} concealed tiles with {len(melds)} meld(s) make {size} tiles "
                "before the winning tile; a hand has 13")
        if win is None and size not in (13, 14):
            raise InvalidHandError(
                f"{len(concealed)} concealed tiles with {len(melds)} meld(s) make {size} tiles; "
                "a hand has 13 or 14")
        check_copies(concealed, melds, () if win is None else (win,))

    @classmethod
    def from_tiles(cls, tiles: TileInput, melds: Iterable[MeldInput] = (),
                   win_tile: Union[str, int, None] = None) -> "Hand":
        return cls(tuple(to_tile_ids(tiles)), tuple(parse_melds(melds)), win_tile)

    @property
    def counts(self) -> np.ndarray:
        """``uint8[34]`` counts of the concealed tiles (without the winning tile)."""
        if self._counts is None:
            c = np.zeros(N_KINDS, dtype=np.uint8)
            for t in self.concealed:
                c[t] += 1
            c.setflags(write=False)
            object.__setattr__(self, "_counts", c)
        return self._counts

    @property
    def n_melds(self) -> int:
        return len(self.melds)

    @property
    def is_concealed(self) -> bool:
        """No exposed melds (concealed kongs keep a hand concealed)."""
        return all(m.is_concealed for m in self.melds)

    def __str__(self) -> str:
        parts = [format_tiles(self.concealed)] if self.concealed else []
        parts += [str(m) for m in self.melds]
        if self.win_tile is not None:
            parts.append("+" + format_tiles([self.win_tile]))
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str) -> "Hand":
        """Read the ``str(hand)`` form back: ``"123m [222p] (7777s) <7z> +5p"`` (``<...>``
        is a single kong)."""
        if not isinstance(text, str):
            raise InvalidHandError(f"Hand.parse reads a hand string such as "
                                   f"'123m [222p] +5p', got {type(text).__name__}")
        concealed, melds, win = [], [], None
        for part in text.split():
            if part.startswith("[") and part.endswith("]"):
                ids = to_tile_ids(part[1:-1])
                kind = "chow" if len(set(ids)) > 1 else ("pung" if len(ids) == 3 else "kong")
                melds.append(Meld(kind, ids))
            elif part.startswith("(") and part.endswith(")"):
                melds.append(Meld("concealed_kong", part[1:-1]))
            elif part.startswith("<") and part.endswith(">"):
                melds.append(Meld("single_kong", part[1:-1]))
            elif part.startswith("+"):
                win = parse_tile(part[1:])
            else:
                concealed.extend(to_tile_ids(part))
        return cls(tuple(concealed), tuple(melds), win)


__all__ = ["MELD_KINDS", "MELD_TYPE_CODES", "Meld", "Hand", "parse_meld", "parse_melds",
           "check_copies", "holding_size", "MahjongError"]
